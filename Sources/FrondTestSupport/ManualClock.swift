import Frond

/// A clock that moves only when told (as swift-nio's `EmbeddedEventLoop`): each move
/// ticks the root, so a test drives its animations frame by frame, deterministically.
public final class ManualClock {
    public let root: Root
    /// The time of the last tick (seconds).
    public private(set) var time: Double

    public init(root: Root) {
        self.root = root
        time = root.animationTime
    }

    /// Ticks the root at `time`; returns the mutations sent.
    @discardableResult
    public func set(to time: Double) throws(FrondError) -> Int {
        let count = try root.tick(time: time)
        self.time = time
        return count
    }

    /// Ticks the root `seconds` later than the last tick.
    @discardableResult
    public func advance(by seconds: Double) throws(FrondError) -> Int {
        try set(to: time + seconds)
    }
}
