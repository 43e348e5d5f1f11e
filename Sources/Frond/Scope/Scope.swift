import Synchronization

/// The engine's record of a stateful component's identity: it holds the state and lives
/// as long as a component with that identity stays in the tree (across rebuilds).
final class Scope: @unchecked Sendable {
    let identity: Int
    /// The current state; read and written only while building (on the flushing thread).
    var state: Any
    /// The tree node of the component the scope belongs to (not counted: the node clears
    /// it when it dies, see ``TreeNode/parent``).
    unowned(unsafe) var treeNode: TreeNode?
    /// Set (for one build) when updates changed the state since the last render.
    var hasNewState = false
    /// Set once an update changed the state (or the scope started from a state that one had
    /// changed, see ``KeptStates``): a list keeps such states of an item it releases.
    var hasUpdatedState = false
    /// Where updates through the scope's handles go (``StateScope``), while the root is
    /// there.
    private(set) weak var queue: UpdateQueue?
    /// Run once, on the root's thread, when the scope dies. (Locked: a handle adds them
    /// from any thread, while the root's thread may be ending the scope.)
    private let invalidationHandlers = Mutex(Handlers())
    /// (The handlers run on the root's thread only: the lock guards the list, not them.)
    private struct Handlers: @unchecked Sendable {
        var list: [() -> Void] = []
    }
    /// The controller its component declared (made with the scope).
    var controller: ComponentController?
    private let invalidated = Atomic<Bool>(false)

    init(identity: Int, state: Any, queue: UpdateQueue?) {
        self.identity = identity
        self.state = state
        self.queue = queue
    }

    /// True once the component left the tree: its state is gone and updates are refused.
    var isInvalidated: Bool { invalidated.load(ordering: .acquiring) }

    /// Keeps `handler` for ``invalidate()``; false (and nothing kept) once the scope ended.
    func addInvalidationHandler(_ handler: @escaping () -> Void) -> Bool {
        invalidationHandlers.withLock { handlers in
            guard !isInvalidated else { return false }
            handlers.list.append(handler)
            return true
        }
    }

    /// Ends the scope: updates are refused from now on and the handlers run. The state
    /// goes too (nothing reads it any more), so a handle kept after the component left
    /// the tree holds only this small record.
    func invalidate() {
        guard !isInvalidated else { return }
        // (Marked under the lock: a handler added from another thread is either taken here
        // or finds the scope ended and runs at once there.)
        let handlers = invalidationHandlers.withLock { handlers -> Handlers in
            invalidated.store(true, ordering: .releasing)
            return replacing(&handlers, with: Handlers())
        }
        for handler in handlers.list { handler() }
        controller?.scopeDidEnd()
        state = ()
    }
}

/// A queued state change: which scope, and how to change its state.
struct StateUpdate {
    let scope: Scope
    /// Returns the new state, or nil to drop the update (the state is not of the
    /// expected type, or the change declined).
    let transform: (Any) -> Any?
}

/// State updates from any thread, waiting for the next flush (in the order they came).
final class UpdateQueue: Sendable {
    private let pending = Mutex(QueuedUpdates())
    /// Called (outside the lock) when the first update after a flush arrives.
    let onFirstUpdate: @Sendable () -> Void
    /// The root the queue belongs to (actions sent through a scope go to it).
    private let owner = Mutex<WeakRoot>(WeakRoot())

    var root: Root? {
        get { owner.withLock { $0.root } }
        set { owner.withLock { $0.root = newValue } }
    }

    struct WeakRoot: Sendable {
        weak var root: Root?
    }

    init(onFirstUpdate: @escaping @Sendable () -> Void) {
        self.onFirstUpdate = onFirstUpdate
    }

    /// Queues `update`; false when the queue is closed (its root released: see ``close()``).
    func enqueue(_ update: StateUpdate) -> Bool {
        let wasEmpty = pending.withLock { queued -> Bool? in
            guard !queued.closed else { return nil }
            let empty = queued.list.isEmpty
            queued.list.append(StateUpdateBox(update: update))
            return empty
        }
        guard let wasEmpty else { return false }
        if wasEmpty { onFirstUpdate() }
        return true
    }

    func drain() -> [StateUpdate] {
        pending.withLock { queued in
            let updates = queued.list.map(\.update)
            queued.list.removeAll()
            return updates
        }
    }

    /// Drains the queue for the last time: updates that come later are refused (a list
    /// releasing the root keeps the states the updates so far made; a later one would be
    /// lost without a word).
    func close() -> [StateUpdate] {
        pending.withLock { queued in
            queued.closed = true
            let updates = queued.list.map(\.update)
            queued.list.removeAll()
            return updates
        }
    }

    var isEmpty: Bool { pending.withLock { $0.list.isEmpty } }
}

/// The queued updates, and whether the queue takes more.
struct QueuedUpdates: @unchecked Sendable {
    var list: [StateUpdateBox] = []
    var closed = false
}

/// Queued updates cross threads; their closures are only run by the flushing thread.
struct StateUpdateBox: @unchecked Sendable {
    let update: StateUpdate
}

/// The handle a stateful component gets with its state, to change it later (from any
/// thread, as ComponentSwift's StateScope): `scope.update { $0.count += 1 }`. Updates
/// are queued and applied, in order, at the root's next flush, which re-renders the
/// component (and only the path from it to the root).
///
/// A handle is a value: copies are handles of the same scope, and handles are equal when
/// their scope is the same. (A value and not an object, so that rendering a component
/// makes nothing: a list of thousands of stateful rows renders each.) One kept after
/// the component left the tree holds only the scope's small record, not the state.
public struct StateScope<State>: @unchecked Sendable, Hashable {
    private let scope: Scope

    init(scope: Scope) {
        self.scope = scope
    }

    /// The scope, and the queue while the root is there.
    var target: (Scope, UpdateQueue)? {
        guard let queue = scope.queue else { return nil }
        return (scope, queue)
    }

    /// False once the component left the tree (or its root is gone).
    public var isValid: Bool {
        scope.queue != nil && !scope.isInvalidated
    }

    /// Whether both are handles of the same scope.
    public static func == (lhs: StateScope, rhs: StateScope) -> Bool {
        lhs.scope === rhs.scope
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(scope))
    }

    /// The state as of the last flush; nil once the component left the tree. Read it on
    /// the root's thread (between flushes, or while rendering).
    public var currentState: State? {
        guard !scope.isInvalidated else { return nil }
        return scope.state as? State
    }

    /// Runs `handler` once, on the root's thread, when the component leaves the tree or
    /// its root goes away (at once when that has happened already).
    public func onInvalidate(_ handler: @escaping () -> Void) {
        if !scope.addInvalidationHandler(handler) { handler() }
    }

    /// Queues a change of the state. Throws (``FrondError/Kind/misuse``) when the
    /// component has left the tree (or its list item is being released: a list keeps the
    /// states of the updates queued before); an update queued before that is dropped.
    public func update(_ change: @escaping (inout State) -> Void) throws(FrondError) {
        try updateIfAccepted { state in
            change(&state)
            return true
        }
    }

    /// Queues a change that may decline when it runs: returning false drops it (the state
    /// stays as it was, even if `change` modified its copy).
    public func updateIfAccepted(_ change: @escaping (inout State) -> Bool) throws(FrondError) {
        guard let queue = scope.queue, !scope.isInvalidated else {
            throw FrondError(.misuse, "the state's component has left the tree; its state cannot change")
        }
        let queued = queue.enqueue(StateUpdate(scope: scope) { old in
            guard var state = old as? State, change(&state) else { return nil }
            return state
        })
        guard queued else {
            throw FrondError(.misuse, "the state's component has left the tree (its list item was released); its state cannot change")
        }
    }
}

/// ComponentSwift's way to give a component its initial state: a component class that
/// conforms declares its state type and a static initial state.
public protocol ComponentInitialStateProtocol: AnyObject {
    associatedtype StateType
    static func initialState() -> StateType
}
