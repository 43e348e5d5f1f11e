extension Root {
    /// The component tree of the last flush as indented lines, one per component (its
    /// children below it, two spaces deeper):
    ///
    ///     Flexbox (0, 0, 100×50) #1 viewless
    ///       Counter["a"] (0, 0, 100×10) #2 viewless state=3
    ///         Component(counter) (0, 0, 20×10) #3
    ///
    /// Each line holds the component's description (type, key, view type), its frame
    /// relative to its parent component, its identity (kept while the component keeps its
    /// place in the tree), `viewless` for a component without a view, and for a stateful
    /// component its state (`String(describing:)`, line breaks escaped). Empty before the
    /// first flush and without a component. Made on each call.
    public var componentDump: String {
        guard let tree else { return "" }
        var lines: [String] = []
        func visit(_ node: TreeNode, _ depth: Int) {
            lines.append(String(repeating: "  ", count: depth) + Self.describe(node))
            for child in node.treeChildren { visit(child, depth + 1) }
        }
        visit(tree, 0)
        return lines.joined(separator: "\n")
    }

    /// One line of ``componentDump``.
    private static func describe(_ node: TreeNode) -> String {
        let component = node.component
        var line = "\(component) \(node.componentFrame) #\(node.identity)"
        if !component.view.hasView { line += " viewless" }
        if let scope = node.scope { line += " state=" + singleLine(String(describing: scope.state)) }
        return line
    }

    /// `text` with its line breaks written as escapes, so that it stays on one line.
    private static func singleLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}":
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
