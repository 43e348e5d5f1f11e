/// How a container makes its one child fill it, shared by the components that wrap a
/// child (composite and render components; the layout components that wrap one): the
/// container is a column that stretches its child across, and the child grows and
/// shrinks to the container's height unless it sets its own height.
enum Fill {
    /// The container's side.
    static func configureContainer(_ style: inout LayoutStyle) {
        style.flexDirection = .column
        style.alignItems = .stretch
    }

    /// The child's side: width stretched by the column unless set; height grows and
    /// shrinks to the container unless set.
    static func configureChild(_ child: Component, _ style: inout LayoutStyle) {
        if child.size.height == .auto {
            style.flexGrow = 1
            style.flexShrink = 1
        }
    }
}
