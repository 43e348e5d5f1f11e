/// What a build needs besides the components: the layout config, the text measurer and
/// the identity table.
final class BuildContext {
    let config: LayoutConfig
    let textMeasurer: any TextMeasurer
    let identities: IdentityTable
    /// Component instances already placed in this build.
    var placed = Set<ObjectIdentifier>()
    var componentCount = 0

    init(config: LayoutConfig, textMeasurer: any TextMeasurer, identities: IdentityTable) {
        self.config = config
        self.textMeasurer = textMeasurer
        self.identities = identities
    }
}

/// A component placed in a built tree, with its identity and its layout node.
final class BuiltComponent {
    let component: Component
    let identity: Int
    let node: LayoutNode
    var children: [BuiltComponent] = []

    init(component: Component, identity: Int, node: LayoutNode) {
        self.component = component
        self.identity = identity
        self.node = node
    }
}

/// Builds the layout tree of a component tree.
///
///     Component tree            LayoutNode tree (FrondLayout)
///     Flexbox(row) ────────────► node: row container
///      ├─ Image ───────────────►  ├─ node: 40×40
///      └─ Text ────────────────►  └─ node: measured by the TextMeasurer
///
/// Each component gets one node: its size and container properties come from the
/// component, its item properties from its parent (a flexbox child's grow factor, …).
enum TreeBuilder {
    /// The deepest component tree accepted (FrondLayout's own limit).
    static let maximumDepth = LayoutNode.maximumDepth - 1

    static func build(_ component: Component, parent: BuiltComponent?, parentIdentity: Int, index: Int,
                      counter: Int, context: BuildContext, depth: Int) throws(FrondError) -> BuiltComponent {
        guard depth <= maximumDepth else {
            throw FrondError(.invalidTree, "\(component): the component tree is deeper than \(maximumDepth) levels")
        }
        guard context.placed.insert(ObjectIdentifier(component)).inserted else {
            throw FrondError(.invalidTree, "\(component) is placed twice in the tree (a component instance can appear only once)")
        }
        let place = "\(component)"
        try component.validate()

        var style = LayoutStyle()
        component.size.apply(to: &style)
        component.configureNode(&style)
        parent?.component.configureChild(at: index, &style)
        let node: LayoutNode
        do {
            node = try LayoutNode(config: context.config, style: style)
            if let measure = component.measureFunction(context) { try node.setMeasureFunction(measure) }
        } catch {
            throw FrondError(.invalidValue, "\(place): \(error.message)")
        }

        let identity = context.identities.identity(for: IdentityTable.Key(
            parent: parentIdentity, type: ObjectIdentifier(type(of: component)), key: component.key, counter: counter))
        let built = BuiltComponent(component: component, identity: identity, node: node)
        context.componentCount += 1

        // Keyless siblings of a type are told apart by their order, keyed ones by key.
        var keylessCounts: [ObjectIdentifier: Int] = [:]
        var keyed: [IdentityTable.Key: Component] = [:]
        for (childIndex, child) in component.childComponents.enumerated() {
            let type = ObjectIdentifier(Swift.type(of: child))
            var childCounter = 0
            if let key = child.key {
                let siblingKey = IdentityTable.Key(parent: identity, type: type, key: key, counter: 0)
                if let other = keyed[siblingKey] {
                    throw FrondError(.invalidTree, "\(other) and \(child) are siblings under \(component) with the same identity (type and key)")
                }
                keyed[siblingKey] = child
            } else {
                childCounter = keylessCounts[type, default: 0]
                keylessCounts[type] = childCounter + 1
            }
            let builtChild = try build(child, parent: built, parentIdentity: identity, index: childIndex,
                                       counter: childCounter, context: context, depth: depth + 1)
            do {
                try node.appendChild(builtChild.node)
            } catch {
                throw FrondError(.invalidTree, "\(child): \(error.message)")
            }
            built.children.append(builtChild)
        }
        return built
    }
}

/// A laid-out component: its frame relative to its parent component, and its children.
public struct ComponentLayout: @unchecked Sendable {
    public let component: Component
    public let frame: LayoutFrame
    public let children: [ComponentLayout]

    init(_ built: BuiltComponent) {
        component = built.component
        frame = built.node.layout.frame
        children = built.children.map(ComponentLayout.init)
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
