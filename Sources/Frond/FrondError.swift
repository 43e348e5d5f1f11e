/// An error Frond reports for input a caller controls: the kind says what went wrong
/// and the message names the place (component, attribute, view).
public struct FrondError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// A value is out of its domain (NaN or negative size, empty name, …).
        case invalidValue
        /// The component tree is not allowed (a component placed twice, two siblings
        /// with the same identity).
        case invalidTree
        /// A documented limit was reached: a component tree deeper than
        /// ``LayoutNode/maximumDepth`` levels.
        case limitExceeded
        /// A callback (render, text measurer, host) failed.
        case callbackFailed
        /// An operation is not allowed now (a root flushed from its own host).
        case misuse
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
