/// An action on its way up the responder chain: a name, a payload of any type, the
/// component that sent it and, for an action that came from a host event, the view.
///
/// Actions are sent by host events on views (``Root/send(_:to:)``, ``Root/tap(atX:y:)``:
/// the view's component is the sender and the first responder) and by components
/// themselves (``StateScope/send(_:_:)``, ``ComponentActionProtocol/perform(_:in:)``:
/// the chain starts at the sender's parent). See ``Root`` for the chain.
public struct ActionEvent: CustomStringConvertible {
    /// The action's name: the value of the view's action attribute (`.action("select")`),
    /// an ``ActionName``'s name, or a declared action type's name
    /// (``ComponentActionProtocol/actionName``).
    public let name: String
    /// The payload: nil for a tap or long press, the ``AttributeValue`` of a value change
    /// or custom host event, the value given by the component that sent it.
    public let value: Any?
    /// The component that sent the action, as of the send (its tree node's latest
    /// component).
    public let sender: Component
    /// The mounted view the host event came from (nil for an action a component sent).
    public let view: ViewID?

    public init(name: String, value: Any? = nil, sender: Component, view: ViewID? = nil) {
        self.name = name
        self.value = value
        self.sender = sender
        self.view = view
    }

    /// The payload as a `T`, whatever the name (nil when it is not one).
    public func value<T>(as type: T.Type) -> T? {
        if T.self == Void.self && value == nil { return () as? T }
        return value as? T
    }

    /// The payload when the action has `name`'s name and a payload of its type (for an
    /// `ActionName<Void>`: no payload).
    public func value<Value>(for name: ActionName<Value>) -> Value? {
        guard self.name == name.name else { return nil }
        return value(as: Value.self)
    }

    /// Whether the action has `name`'s name and a payload of its type.
    public func matches<Value>(_ name: ActionName<Value>) -> Bool { value(for: name) != nil }

    public var description: String {
        var text = "\(name) from \(sender)"
        if let view { text += " (\(view))" }
        if let value { text += " value=\(value)" }
        return text
    }
}

/// The name of an action together with the type of its payload (the Swift typing of
/// ComponentKit's CKAction<T>): declare names once and match them typed:
///
///     extension ActionName where Value == Int { static let select = ActionName("select") }
///     if let row = action.value(for: .select) { … }      // an Int, or nil
public struct ActionName<Value>: Hashable, Sendable, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public var description: String { "\(name): \(Value.self)" }
}

/// How an action's trip ended.
public enum ActionOutcome: Hashable, Sendable, CustomStringConvertible {
    /// A responder of the chain handled it (returned true).
    case handled
    /// No responder handled it: it went to the root's ``Root/unhandledActionHandler``
    /// (if any), and is reported here.
    case unhandled
    /// There was nothing to send: the view has no action for the event, or a tap hit no
    /// view with an `onTap` action.
    case noAction

    public var description: String {
        switch self {
        case .handled: return "handled"
        case .unhandled: return "unhandled"
        case .noAction: return "noAction"
        }
    }
}
