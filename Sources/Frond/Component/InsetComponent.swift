/// A component that surrounds its one child with empty space (as ComponentKit's
/// CKInsetComponent): the child fills what the insets leave of the component, in each
/// direction where its own size is automatic, as a composite's child does.
///
/// The insets are the component's padding: each side (any ``Edge`` selector: physical
/// sides, start/end, horizontal/vertical, all) is points or a percentage, finite and
/// ≥ 0; unset sides are 0. As in CSS, percentages are of the width of the component's
/// parent, on every side. ComponentKit's infinite insets (pin the child to the other
/// side) are not supported: use ``CenterComponent`` or a ``Flexbox``.
public final class InsetComponent: Component, @unchecked Sendable {
    public let insets: EdgeValues
    public let child: Component

    public init(view: ViewConfiguration = .viewless, size: ComponentSize = ComponentSize(), key: String? = nil,
                insets: EdgeValues, child: Component) {
        self.insets = insets
        self.child = child
        super.init(view: view, size: size, key: key)
    }

    /// An inset component with the insets in points and the child from a closure:
    /// `InsetComponent(top: 8, left: 16) { Text("Hi") }`.
    public convenience init(view: ViewConfiguration = .viewless, size: ComponentSize = ComponentSize(),
                            key: String? = nil, top: Float = 0, left: Float = 0, bottom: Float = 0, right: Float = 0,
                            @ChildBuilder child: () -> Component) {
        var insets = EdgeValues()
        insets.top = .points(top)
        insets.left = .points(left)
        insets.bottom = .points(bottom)
        insets.right = .points(right)
        self.init(view: view, size: size, key: key, insets: insets, child: child())
    }

    override var childComponents: ChildComponents { ChildComponents(one: child) }

    override func configureNode(_ style: inout LayoutStyle) {
        Fill.configureContainer(&style)
        style.padding = insets
    }

    override func configureChild(at index: Int, _ style: inout LayoutStyle) {
        Fill.configureChild(child, &style)
    }

    override func validateParameters(_ place: String) throws(FrondError) {
        for edge in Edge.allCases {
            let value = insets[edge]
            let isLength = value.unit == .point || value.unit == .percent
            guard value.unit == .undefined || isLength && value.value.isFinite && value.value >= 0 else {
                throw FrondError(.invalidValue, "\(place): the \(edge) inset \(value) is not points or percent, finite and ≥ 0")
            }
        }
    }
}
