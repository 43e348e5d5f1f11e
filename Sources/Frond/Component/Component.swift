import FrondLayout
import Synchronization

/// An immutable description of a piece of UI, made during a build.
///
/// A component has a view configuration (which view the host shows for it; none for a
/// viewless component), a size, and an optional key that keeps its identity among its
/// siblings when they are reordered. Built-in subclasses arrange children: ``Flexbox``,
/// ``CompositeComponent``, ``Text``, and ComponentKit's layout components
/// ``InsetComponent``, ``CenterComponent``, ``RatioComponent``, ``BackgroundComponent``,
/// ``OverlayComponent`` and ``StaticLayout``. A component instance may appear only once in a
/// tree; building a tree that holds one instance twice fails.
open class Component: @unchecked Sendable, CustomStringConvertible {
    public let view: ViewConfiguration
    public let size: ComponentSize
    /// Distinguishes siblings of the same type across rebuilds (and reorders).
    public let key: String?
    /// The number of the last build that placed this instance in a tree: a build that
    /// finds its own number here has placed the instance twice (see ``BuildContext``).
    let placedInBuild = Atomic<UInt64>(0)
    /// The component's wrapper (set once; see ``ComponentWrapper``).
    let wrapperSlot = AtomicLazyReference<ComponentWrapper>()

    public init(view: ViewConfiguration = .viewless, size: ComponentSize = ComponentSize(), key: String? = nil) {
        self.view = view
        self.size = size
        self.key = key
    }

    /// The type name, with the key and view type when there are some: `Label["title"](label)`.
    public var description: String {
        var text = typeName
        if let key { text += "[\"\(key)\"]" }
        if let viewType = view.viewType { text += "(\(viewType))" }
        return text
    }

    /// What tells this component's kind apart when matching it to the previous tree: two
    /// components of different kinds never share a tree node, a scope or state. The
    /// default is the class; a component defined in another language (one Swift class
    /// for many kinds) returns an identity of its own kind.
    open var kindIdentity: ObjectIdentifier { ObjectIdentifier(type(of: self)) }

    /// The kind's name in descriptions and errors (the class name by default).
    open var typeName: String { String(describing: type(of: self)) }

    /// Throws when this component's own values cannot be laid out or mounted (its
    /// children are checked when they are built). Flushing a root checks every component.
    public func validate() throws(FrondError) {
        // Descriptions cost more than the checks: made only for a message, by checking
        // again. (The checks are first asked without one: a place that describes this
        // component captures it, a retain and a release per check of every component.)
        // (The parameters first: a kind's view attributes come from them, a text's line
        // height from its font size, and the message should name what was given.)
        do {
            try validateParameters("")
            try view.validate("")
            try size.validate("")
        } catch {
            try validateParameters(description)
            try view.validate(description)
            try size.validate(description)
            throw error
        }
    }

    // MARK: Actions

    /// Handles an action that reaches this component on its way up the responder chain
    /// (see ``Root/send(_:to:)``): return true to stop it there, false (the default) to
    /// pass it on to the parent. A thrown error stops the action and is thrown by the
    /// call that sent it. Runs on the root's thread, between flushes.
    open func handle(_ action: ActionEvent) throws(FrondError) -> Bool { false }

    /// How the responder chain asks this component (render components add their scope).
    func respond(to action: ActionEvent, scope: Scope?) throws(FrondError) -> Bool {
        try handle(action)
    }

    // MARK: Layout (overridden by the built-in kinds)

    /// The components inside this one, in order.
    var childComponents: ChildComponents { .none }

    /// How many levels this component and the components it holds make (1: it holds none;
    /// a render component's child is made when it renders, and counts as none), up to
    /// `limit` + 1: a chain deeper than that is not followed further (nor is the rest of a
    /// tree once one is found). The C API asks each component it makes. (A chain of
    /// components is released recursively: one of hundreds of thousands of levels would
    /// exhaust the stack as it goes; the C API refuses to make one beyond the tree's depth
    /// limit, which no build could place anyway.)
    package func nestingDepth(limit: Int) -> Int {
        nestingDepth(limit: limit, below: 0)
    }

    private func nestingDepth(limit: Int, below levels: Int) -> Int {
        // (Beyond the limit the answer is only "too deep": the walk stops there.)
        guard levels <= limit else { return limit &+ 1 }
        let children = childComponents
        var deepest = 0
        for index in 0..<children.count {
            guard let child = children[index] else { continue }
            deepest = Swift.max(deepest, child.nestingDepth(limit: limit, below: levels &+ 1))
            if deepest > limit { break }
        }
        return Swift.min(deepest &+ 1, limit &+ 1)
    }

    /// Sets the container properties of this component's layout node.
    func configureNode(_ style: inout LayoutStyle) {}

    /// Sets the properties the child at `index` gets as an item of this component.
    func configureChild(at index: Int, _ style: inout LayoutStyle) {}

    /// How the component's node is measured when its size comes from its content (nil:
    /// it does not).
    func measurement(_ context: BuildContext) -> Measurement? { nil }

    /// How a node whose size comes from its content is measured.
    enum Measurement {
        /// By this function.
        case function(LayoutNode.MeasureFunction)
        /// By the root's text measurer, which reads the node's ``Text`` (no closure per
        /// text: see ``LayoutNode/setMeasuredByLeafMeasurer()``).
        case text
    }

    /// Whether `other` (replacing this component) measures its content exactly as this one
    /// does, so the node keeps its measure function and cached measurements.
    func measuresLike(_ other: Component) -> Bool { true }

    /// Throws when the component's own parameters cannot be laid out.
    func validateParameters(_ place: String) throws(FrondError) {}

    /// The component as a ``LegacyComponent`` (whose views' mounts are told), or nil.
    var mountHooks: LegacyComponent? { nil }

    /// The component as an ``AnyRenderComponent``, or nil. (A build asks this of every
    /// component and its parent: an overridden property costs less than a cast.)
    var asRenderComponent: AnyRenderComponent? { nil }

    /// Whether some of this component's children are absolute items placed within it, so
    /// that its node must be their containing block (never `position: static`).
    var placesAbsoluteChildren: Bool { false }

    /// Whether the component wraps one child that fills it (composite and render
    /// components): without a view and a size of its own, it is laid out as its child is
    /// (see ``Reconciler``'s layout styles).
    var wrapsOneChild: Bool { false }
}

/// A component that wraps exactly one child and hides how it is made: the child fills
/// the composite (in each direction where its own size is automatic), and the
/// composite's size and view (if any) apply around it.
open class CompositeComponent: Component, @unchecked Sendable {
    public let child: Component

    public init(view: ViewConfiguration = .viewless, size: ComponentSize = ComponentSize(), key: String? = nil,
                child: Component) {
        self.child = child
        super.init(view: view, size: size, key: key)
    }

    override var childComponents: ChildComponents { ChildComponents(one: child) }

    override func configureNode(_ style: inout LayoutStyle) {
        Fill.configureContainer(&style)
    }

    override func configureChild(at index: Int, _ style: inout LayoutStyle) {
        Fill.configureChild(child, &style)
    }

    override final var wrapsOneChild: Bool { true }
}
