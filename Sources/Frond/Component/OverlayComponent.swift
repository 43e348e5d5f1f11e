/// A component that lays out its child and puts an overlay in front of it at exactly
/// the child's frame (as ComponentKit's CKOverlayLayoutComponent). The overlay is
/// mounted after the child (a later sibling, so a host draws it on top); either may
/// have views, and the component itself may have one around both.
///
/// The component's ``size`` is the child's, part by part, except the parts given to the
/// initializer; the child fills the component and the overlay covers it (the overlay's
/// own size is ignored), so the two always share one frame wherever the component is
/// placed. A nil overlay is dropped.
public final class OverlayComponent: Component, @unchecked Sendable {
    public let child: Component
    public let overlay: Component?

    public init(view: ViewConfiguration = .viewless, size: ComponentSize = ComponentSize(), key: String? = nil,
                child: Component, overlay: Component?) {
        self.child = child
        self.overlay = overlay
        super.init(view: view, size: Layering.size(size, child: child), key: key)
    }

    /// An overlay component from closures: `OverlayComponent { photo } overlay: { badge }`.
    public convenience init(view: ViewConfiguration = .viewless, size: ComponentSize = ComponentSize(),
                            key: String? = nil, @ChildBuilder child: () -> Component,
                            @ChildBuilder overlay: () -> Component?) {
        self.init(view: view, size: size, key: key, child: child(), overlay: overlay())
    }

    override var placesAbsoluteChildren: Bool { true }

    override var childComponents: ChildComponents {
        overlay.map { ChildComponents([child, $0]) } ?? ChildComponents(one: child)
    }

    override func configureNode(_ style: inout LayoutStyle) {
        Fill.configureContainer(&style)
    }

    override func configureChild(at index: Int, _ style: inout LayoutStyle) {
        if index == 0 {
            Layering.configureChild(&style)
        } else {
            Layering.configureLayer(&style)
        }
    }
}
