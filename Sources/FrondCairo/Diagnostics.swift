import Synchronization

/// Where the renderer and the text measurer say what they did instead of what was asked
/// (a font family that is not installed and the one used in its place). Each distinct
/// message is kept and handed to the handler once. Thread-safe; the handler runs outside
/// the lock, on the thread that measured or rendered.
public final class Diagnostics: Sendable {
    private struct State {
        var messages: [String] = []
        var seen: Set<String> = []
        var handler: (@Sendable (String) -> Void)?
    }

    private let state: Mutex<State>

    public init(handler: (@Sendable (String) -> Void)? = nil) {
        state = Mutex(State(handler: handler))
    }

    /// Replaces the handler (nil: messages are only kept). The previous handler is
    /// released after the lock is dropped (releasing it may run foreign code).
    public func setHandler(_ handler: (@Sendable (String) -> Void)?) {
        let previous = state.withLock { state in
            let previous = state.handler
            state.handler = handler
            return previous
        }
        _ = previous
    }

    /// Every distinct message so far, in the order they came.
    public var messages: [String] { state.withLock { $0.messages } }

    /// Keeps `message` and tells the handler, unless it was reported before.
    public func report(_ message: String) {
        let handler: (@Sendable (String) -> Void)?? = state.withLock { state in
            guard state.seen.insert(message).inserted else { return nil }
            state.messages.append(message)
            return .some(state.handler)
        }
        if case .some(.some(let handler)) = handler { handler(message) }
    }
}
