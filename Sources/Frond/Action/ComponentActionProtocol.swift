/// Reactant's `ViewBase<State, Action>` for components: a render component declares the
/// type of the actions it sends (usually an enum), sends them with
/// ``perform(_:in:)``, and the components above it catch them by type:
///
///     final class Row: RenderComponent<Bool>, ComponentActionProtocol {
///         enum ActionType { case select(Int), remove(Int) }
///         override func handle(_ action: ActionEvent, scope: StateScope<Bool>) throws(FrondError) -> Bool {
///             guard action.name == "removeTapped" else { return false }
///             try perform(.remove(id), in: scope)        // to the row's parent, and up
///             return true
///         }
///     }
///     // in the list:  if let rowAction = action.value(as: Row.ActionType.self) { … }
///
/// A performed action is named after the type (``actionName``), carries the value as its
/// payload, has the component as its sender and travels the responder chain from the
/// component's parent up (the component itself is not asked).
public protocol ComponentActionProtocol: AnyObject {
    associatedtype ActionType
}

extension ComponentActionProtocol {
    /// The name of the actions the component sends: the action type's full name
    /// (`String(reflecting:)`, such as `"App.Row.Action"`).
    public static var actionName: ActionName<ActionType> { ActionName(String(reflecting: ActionType.self)) }

    /// Sends `action` up the responder chain from this component's parent (see
    /// ``StateScope/send(_:_:)``). `scope` is the scope this component got with its
    /// state (in `render` or `handle`); the scope of a component of another kind is
    /// ``FrondError/Kind/misuse``.
    @discardableResult
    public func perform<State>(_ action: ActionType, in scope: StateScope<State>) throws(FrondError) -> ActionOutcome {
        try scope.send(name: Self.actionName.name, value: action) { sender in
            sender is Self ? nil : "\(sender) does not declare the action type \(ActionType.self) (it is not a \(Self.self))"
        }
    }
}

extension StateScope {
    /// Sends the action `name` with `value` from this scope's component (the sender) up
    /// the responder chain, starting at the component's parent: each responder's
    /// `handle` is asked in turn until one returns true; an action nobody handles goes to
    /// the root's ``Root/unhandledActionHandler`` and returns ``ActionOutcome/unhandled``.
    /// Call it on the root's thread, between flushes (from a handler too): while the root
    /// is flushing or holds a prepared flush it is ``FrondError/Kind/misuse``, and so it
    /// is once the component has left the tree. A handler's error is thrown.
    @discardableResult
    public func send<Value>(_ name: ActionName<Value>, _ value: Value) throws(FrondError) -> ActionOutcome {
        try send(name: name.name, value: value, check: nil)
    }

    /// Sends the action `name`, without a payload (see ``send(_:_:)``).
    @discardableResult
    public func send(_ name: ActionName<Void>) throws(FrondError) -> ActionOutcome {
        try send(name: name.name, value: nil, check: nil)
    }

    /// Calls `block` with an action from this scope's component (the sender) carrying
    /// `value`, as a view's event calls the block it holds: ComponentKit's
    /// `action.send(self, value)` for an action that was made from a block (a component
    /// gets the block from its owner, in its props). No responder chain is walked; the
    /// outcome is ``ActionOutcome/handled`` and the action is named after the block's
    /// label. Call it on the root's thread, between flushes (as ``send(_:_:)``): while the
    /// root is flushing or holds a prepared flush it is ``FrondError/Kind/misuse``, and so
    /// it is once the component has left the tree. The block's error is thrown.
    @discardableResult
    public func send(_ block: ActionBlock, _ value: Any? = nil) throws(FrondError) -> ActionOutcome {
        guard let (scope, queue) = target, let root = queue.root else {
            throw FrondError(.misuse, "send(\(block)): the sending component has left the tree")
        }
        return try root.send(block, value: value, from: scope)
    }

    /// Sends an action from this scope's component; `check` may refuse the sender
    /// (returning why).
    func send(name: String, value: Any?, check: ((Component) -> String?)?) throws(FrondError) -> ActionOutcome {
        guard let (scope, queue) = target, let root = queue.root else {
            throw FrondError(.misuse, "send(\"\(name)\"): the sending component has left the tree")
        }
        return try root.send(name: name, value: value, from: scope, check: check)
    }
}
