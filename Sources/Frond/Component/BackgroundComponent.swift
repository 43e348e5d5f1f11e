/// A component that lays out its child and puts a background behind it at exactly the
/// child's frame (as ComponentKit's CKBackgroundLayoutComponent). The background is
/// mounted before the child (an earlier sibling, so a host draws it underneath); either
/// may have views, and the component itself may have one around both.
///
/// The component's ``size`` is the child's, part by part, except the parts given to the
/// initializer; the child fills the component and the background covers it (the background's
/// own size is ignored), so the two always share one frame wherever the component is
/// placed. A nil background is dropped.
public final class BackgroundComponent: Component, @unchecked Sendable {
    public let child: Component
    public let background: Component?

    public init(view: ViewConfiguration = .viewless, size: ComponentSize = ComponentSize(), key: String? = nil,
                child: Component, background: Component?) {
        self.child = child
        self.background = background
        super.init(view: view, size: Layering.size(size, child: child), key: key)
    }

    /// A background component from closures:
    /// `BackgroundComponent { label } background: { Component(view: ViewConfiguration("bubble")) }`.
    public convenience init(view: ViewConfiguration = .viewless, size: ComponentSize = ComponentSize(),
                            key: String? = nil, @ChildBuilder child: () -> Component,
                            @ChildBuilder background: () -> Component?) {
        self.init(view: view, size: size, key: key, child: child(), background: background())
    }

    override var placesAbsoluteChildren: Bool { true }

    override var childComponents: ChildComponents {
        background.map { ChildComponents([$0, child]) } ?? ChildComponents(one: child)
    }

    override func configureNode(_ style: inout LayoutStyle) {
        Fill.configureContainer(&style)
    }

    override func configureChild(at index: Int, _ style: inout LayoutStyle) {
        if background != nil && index == 0 {
            Layering.configureLayer(&style)
        } else {
            Layering.configureChild(&style)
        }
    }
}
