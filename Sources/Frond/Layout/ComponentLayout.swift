/// A laid-out component: its frame relative to its parent component, and its children.
public struct ComponentLayout: @unchecked Sendable {
    public let component: Component
    public let frame: LayoutFrame
    public let children: [ComponentLayout]

    init(_ node: TreeNode) {
        component = node.component
        frame = node.componentFrame
        children = node.treeChildren.map(ComponentLayout.init)
    }

    /// The tree as indented lines: `Type["key"](view) (x, y, w×h)`.
    public var dump: String {
        var lines: [String] = []
        func visit(_ layout: ComponentLayout, _ depth: Int) {
            lines.append(String(repeating: "  ", count: depth) + "\(layout.component) \(layout.frame)")
            for child in layout.children { visit(child, depth + 1) }
        }
        visit(self, 0)
        return lines.joined(separator: "\n")
    }
}
