/// The layout shared by ``BackgroundComponent`` and ``OverlayComponent``: a column
/// holding the child as a normal item and a layer (background or overlay) as an
/// absolute item with all four insets 0.
///
/// So that the layer always has exactly the child's frame, the component's size is the
/// child's (width, height, minimums, maximums), part by part, except the parts given to
/// the component itself (``size(_:child:)``); the child then fills the component (its
/// own size has moved up), and the layer, whose own size is ignored, covers it. A
/// content-sized child still sizes the component by its content: it is the
/// component's only item in the flow.
enum Layering {
    /// The component's size: `given` where it is set, the child's elsewhere.
    static func size(_ given: ComponentSize, child: Component) -> ComponentSize {
        let inner = child.size
        func pick(_ mine: Dimension, _ childs: Dimension) -> Dimension { mine == .auto ? childs : mine }
        return ComponentSize(width: pick(given.width, inner.width), height: pick(given.height, inner.height),
                             minWidth: pick(given.minWidth, inner.minWidth),
                             minHeight: pick(given.minHeight, inner.minHeight),
                             maxWidth: pick(given.maxWidth, inner.maxWidth),
                             maxHeight: pick(given.maxHeight, inner.maxHeight))
    }

    /// The child: fills the container in both directions.
    static func configureChild(_ style: inout LayoutStyle) {
        ComponentSize().apply(to: &style)
        style.flexGrow = 1
        style.flexShrink = 1
    }

    /// The background or overlay: out of the flow, pinned to the container's edges.
    static func configureLayer(_ style: inout LayoutStyle) {
        ComponentSize().apply(to: &style)
        style.positionType = .absolute
        style.position = EdgeValues()
        for edge in [Edge.left, .top, .right, .bottom] { style.position[edge] = .points(0) }
    }
}
