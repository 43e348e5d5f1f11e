/// An error from FrondLayout: the caller asked for something the engine refuses
/// (an invalid style value, a malformed tree, a misuse) or a callback failed.
///
/// The engine never traps on caller input; every such mistake arrives here with a
/// message that names the place.
public struct LayoutError: Error, CustomStringConvertible, Sendable {
    /// The broad class of the error (the C API maps each to a status code).
    public enum Kind: Sendable, Hashable {
        /// A style value or argument is out of its domain (NaN, infinite, negative, wrong keyword).
        case invalidValue
        /// The requested tree shape is not allowed (second parent, cycle, children under a measured leaf, index out of range).
        case invalidTree
        /// The tree is deeper than ``LayoutNode/maximumDepth``.
        case tooDeep
        /// The tree was modified or laid out again from inside one of its own callbacks.
        case reentrantCall
        /// A measure or baseline function threw.
        case callbackFailed
    }

    public let kind: Kind
    public let message: String
    /// The error a callback threw, for ``Kind/callbackFailed``.
    public let underlying: (any Error)?

    public init(_ kind: Kind, _ message: String, underlying: (any Error)? = nil) {
        self.kind = kind
        self.message = message
        self.underlying = underlying
    }

    public var description: String { message }
}
