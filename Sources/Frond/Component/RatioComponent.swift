/// A component whose height is a fixed multiple of its width (as ComponentKit's
/// CKRatioLayoutComponent); its one child fills it, in each direction where the
/// child's own size is automatic, as a composite's child does.
///
/// `ratio` is height / width, as in ComponentKit (0.5: twice as wide as high); it must
/// be finite and > 0. It becomes FrondLayout's `aspectRatio`, which is width / height
/// (1 / `ratio`). The size that is known decides the other: usually the width (set, or
/// given by a parent that stretches the component across) gives the height; a height
/// that is set, or given by a parent that grows or stretches the component along it,
/// gives the width. As ComponentKit keeps the component within its maximum
/// constraint, it is at most as large as its parent's content box on each axis where
/// it sets no maximum of its own (`max-width`/`max-height: 100%`; no limit where the
/// parent's size is not known yet). A parent that fixes both sizes (a fixed root
/// around its top component) wins over the ratio, and so does a width and a height
/// both set on the component itself.
public final class RatioComponent: Component, @unchecked Sendable {
    public let ratio: Float
    public let child: Component

    public init(view: ViewConfiguration = .viewless, size: ComponentSize = ComponentSize(), key: String? = nil,
                ratio: Float, child: Component) {
        self.ratio = ratio
        self.child = child
        super.init(view: view, size: size, key: key)
    }

    /// A ratio component with its child from a closure: `RatioComponent(ratio: 9 / 16) { video }`.
    public convenience init(view: ViewConfiguration = .viewless, size: ComponentSize = ComponentSize(),
                            key: String? = nil, ratio: Float, @ChildBuilder child: () -> Component) {
        self.init(view: view, size: size, key: key, ratio: ratio, child: child())
    }

    override var childComponents: ChildComponents { ChildComponents(one: child) }

    override func configureNode(_ style: inout LayoutStyle) {
        Fill.configureContainer(&style)
        if size.width == .auto || size.height == .auto { style.aspectRatio = 1 / ratio }
        if size.maxWidth == .auto { style.maxWidth = .percent(100) }
        if size.maxHeight == .auto { style.maxHeight = .percent(100) }
    }

    override func configureChild(at index: Int, _ style: inout LayoutStyle) {
        Fill.configureChild(child, &style)
    }

    override func validateParameters(_ place: String) throws(FrondError) {
        // A ratio so small that its inverse overflows is refused too.
        guard ratio.isFinite && ratio > 0 && (1 / ratio).isFinite else {
            throw FrondError(.invalidValue, "\(place): ratio \(ratio) is not a finite number > 0 (with a finite inverse)")
        }
    }
}
