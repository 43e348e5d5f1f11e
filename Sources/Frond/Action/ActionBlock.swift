/// An action that carries its own handler instead of a name (ComponentKit's CKAction made
/// from a block): put it in a view attribute, `["onTap": .block(ActionBlock { event in … })]`,
/// and the view's event calls the handler directly, with the view's component as the
/// sender and the event's payload — no responder chain is walked, and the outcome is
/// ``ActionOutcome/handled``. A component that was given a block (in its props) sends it
/// with ``StateScope/send(_:_:)-(ActionBlock,_)``.
///
/// A block is compared by identity: a component rebuilt with the same block has the same
/// attribute (no update reaches the host), one with a new block has a changed attribute.
/// Whatever the handler captures lives as long as the block does: as long as a component,
/// a mounted view or the caller still holds it.
///
/// The handler runs on the root's thread, between flushes (as responders do): it may
/// update state, send actions and flush. Its error stops the action and is thrown by the
/// call that sent it.
public final class ActionBlock: Hashable, @unchecked Sendable, CustomStringConvertible {
    public typealias Handler = (ActionEvent) throws(FrondError) -> Void

    /// The name of the block in descriptions, and the name of the actions a component
    /// sends with it (an action a host event sends is named after the event's attribute,
    /// such as `"onTap"`).
    public let label: String
    private let handler: Handler

    public init(_ label: String = "block", _ handler: @escaping Handler) {
        self.label = label
        self.handler = handler
    }

    /// A block whose handler takes the payload as a `Value`: an action without one (or
    /// with a payload of another type) is ``FrondError/Kind/invalidValue`` and the handler
    /// is not called. For an `ActionBlock(Void.self)`, the action must have no payload.
    public convenience init<Value>(_ label: String = "block", _ type: Value.Type,
                                   _ handler: @escaping (Value, ActionEvent) throws(FrondError) -> Void) {
        self.init(label) { (event: ActionEvent) throws(FrondError) in
            guard let value = event.value(as: Value.self) else {
                let given = event.value.map { "a \(Swift.type(of: $0))" } ?? "no payload"
                throw FrondError(.invalidValue, "block \(label) takes a \(Value.self), the action \"\(event.name)\" carries \(given)")
            }
            try handler(value, event)
        }
    }

    /// Calls the handler with `event`.
    public func call(_ event: ActionEvent) throws(FrondError) {
        try handler(event)
    }

    public static func == (lhs: ActionBlock, rhs: ActionBlock) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    public var description: String { "block(\(label))" }
}
