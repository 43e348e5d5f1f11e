/// The engine's view of every component whose child comes from `render` (stateful or
/// not). Subclass ``RenderComponent`` or ``StatelessComponent`` instead.
open class AnyRenderComponent: Component, @unchecked Sendable {
    override final var asRenderComponent: AnyRenderComponent? { self }
    /// Whether the component keeps state in a scope.
    var isStateful: Bool { false }
    /// A new scope's state (nil when none can be made).
    func makeInitialState() throws(FrondError) -> Any? { nil }
    /// The controller of a new scope (stateful components only).
    func makeAnyController() -> ComponentController? { nil }
    /// The child for the given state (the scope is nil for stateless components).
    func renderChild(state: Any?, scope: Scope?) throws(FrondError) -> Component? { nil }
    /// Whether a new instance replacing `previous` (same identity) must render again.
    func shouldUpdateAny(from previous: AnyRenderComponent) throws(FrondError) -> Bool { true }

    // The rendered child fills the component, as a composite's does.
    override func configureNode(_ style: inout LayoutStyle) {
        Fill.configureContainer(&style)
    }

    func configureRenderedChild(_ child: Component, _ style: inout LayoutStyle) {
        Fill.configureChild(child, &style)
    }

    override final var wrapsOneChild: Bool { true }
}

/// A component with state whose child comes from `render(state:scope:)` (as
/// ComponentKit's CKRenderComponent). The state lives in a scope identified by the
/// component's type, key (or position among keyless siblings of its type) and parent;
/// it survives rebuilds and is dropped when the component leaves the tree.
///
/// Subclasses give the initial state (override ``initialState()`` or conform to
/// ``ComponentInitialStateProtocol``), render a child, and may skip re-rendering after
/// a props change by overriding ``shouldUpdate(from:)``.
open class RenderComponent<State>: AnyRenderComponent, @unchecked Sendable {
    public override init(view: ViewConfiguration = .viewless, size: ComponentSize = ComponentSize(), key: String? = nil) {
        super.init(view: view, size: size, key: key)
    }

    /// The state a new scope starts with. The default uses the class's
    /// ``ComponentInitialStateProtocol`` conformance; nil (or an error) fails the build.
    open func initialState() throws(FrondError) -> State? {
        guard let provider = type(of: self) as? any ComponentInitialStateProtocol.Type else { return nil }
        return provider.initialState() as? State
    }

    /// The child to show for `state` (nil: nothing). `scope` changes the state later.
    /// An error fails the flush.
    open func render(state: State, scope: StateScope<State>) throws(FrondError) -> Component? { nil }

    /// Whether this new instance, replacing `previous`, must render again (when the
    /// state did not change). The default is true. An error fails the flush.
    open func shouldUpdate(from previous: RenderComponent<State>) throws(FrondError) -> Bool { true }

    /// Handles an action that reaches this component (see ``Component/handle(_:)``), with
    /// the scope of the component's latest generation, so that the handler can change
    /// the state (`scope.update`) or send actions of its own (``StateScope/send(_:_:)``).
    /// The default asks ``Component/handle(_:)``.
    open func handle(_ action: ActionEvent, scope: StateScope<State>) throws(FrondError) -> Bool {
        try handle(action)
    }

    /// The controller of this component's scope (see ``ComponentController``): asked
    /// once, when the scope is made; nil (the default) for none.
    open func makeController() -> ComponentController? { nil }

    override func makeAnyController() -> ComponentController? { makeController() }

    override var isStateful: Bool { true }

    override func makeInitialState() throws(FrondError) -> Any? { try initialState() }

    override func renderChild(state: Any?, scope: Scope?) throws(FrondError) -> Component? {
        guard let scope, let state else {
            throw FrondError(.invalidTree, "\(self): the scope's state is not a \(State.self)")
        }
        let handle = StateScope<State>(scope: scope)
        // The state is kept as `Any`, and every way into a scope (the initial state, an
        // update) boxes it as a `State`, whatever its dynamic type: it is taken back by
        // comparing the types, which costs far less than a dynamic cast (and than making
        // the metadata of `State?` that `as?` needs, on every render).
        func render<Stored>(stored: Stored) throws(FrondError) -> Component? {
            guard Stored.self == State.self else {
                throw FrondError(.invalidTree, "\(self): the scope's state is not a \(State.self)")
            }
            return try self.render(state: unsafeBitCast(stored, to: State.self), scope: handle)
        }
        return try _openExistential(state, do: render(stored:))
    }

    override func respond(to action: ActionEvent, scope: Scope?) throws(FrondError) -> Bool {
        guard let scope else { return try handle(action) }
        return try handle(action, scope: StateScope<State>(scope: scope))
    }

    override func shouldUpdateAny(from previous: AnyRenderComponent) throws(FrondError) -> Bool {
        guard let previous = previous as? RenderComponent<State> else { return true }
        return try shouldUpdate(from: previous)
    }
}

/// A component without state whose child comes from `render()`.
open class StatelessComponent: AnyRenderComponent, @unchecked Sendable {
    public override init(view: ViewConfiguration = .viewless, size: ComponentSize = ComponentSize(), key: String? = nil) {
        super.init(view: view, size: size, key: key)
    }

    /// The child to show (nil: nothing). An error fails the flush.
    open func render() throws(FrondError) -> Component? { nil }

    /// Whether this new instance, replacing `previous`, must render again. The default is
    /// true. An error fails the flush.
    open func shouldUpdate(from previous: StatelessComponent) throws(FrondError) -> Bool { true }

    override func renderChild(state: Any?, scope: Scope?) throws(FrondError) -> Component? {
        try render()
    }

    override func shouldUpdateAny(from previous: AnyRenderComponent) throws(FrondError) -> Bool {
        guard let previous = previous as? StatelessComponent else { return true }
        return try shouldUpdate(from: previous)
    }
}

/// A stateless component made from a function of its props; it renders again only when
/// the props change: `FunctionComponent(props: title) { Text($0) }`.
public final class FunctionComponent<Props: Equatable>: StatelessComponent, @unchecked Sendable {
    public let props: Props
    private let body: (Props) -> Component?

    public init(props: Props, key: String? = nil, _ body: @escaping (Props) -> Component?) {
        self.props = props
        self.body = body
        super.init(key: key)
    }

    public override func render() -> Component? { body(props) }

    public override func shouldUpdate(from previous: StatelessComponent) -> Bool {
        guard let previous = previous as? FunctionComponent<Props> else { return true }
        return previous.props != props
    }
}
