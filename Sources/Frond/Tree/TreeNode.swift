/// The engine's record of one component in the built tree. Tree nodes persist from one
/// build to the next: a node keeps its identity (which the mount step matches views
/// by), its layout node (so unchanged subtrees keep their cached layout) and, for a
/// stateful component, its scope.
final class TreeNode {
    /// Unique while the node lives; a component matched to this node in a later build
    /// (same parent, type, and key or position) keeps it.
    let identity: Int
    let componentType: ObjectIdentifier
    /// The component of the latest build.
    var component: Component
    let node: LayoutNode
    var children: [TreeNode] = []
    weak var parent: TreeNode?
    /// The scope of a stateful component.
    var scope: Scope?
    /// What `render` returned last (render components only).
    var rendered: Component?
    /// A state update at or below this node waits for the next build.
    var isOnDirtyPath = false
    /// The number of nodes in this subtree (this one included).
    var subtreeSize = 1

    init(identity: Int, component: Component, node: LayoutNode) {
        self.identity = identity
        componentType = component.kindIdentity
        self.component = component
        self.node = node
    }

    /// How a child is told apart from its siblings: its type, and its key or (without a
    /// key) how many keyless siblings of its type come before it.
    struct ChildKey: Hashable {
        let type: ObjectIdentifier
        let key: String?
        let counter: Int
    }

    /// Marks this node and its ancestors as holding a pending state change.
    func markDirtyPath() {
        var current: TreeNode? = self
        while let node = current, !node.isOnDirtyPath {
            node.isOnDirtyPath = true
            current = node.parent
        }
    }

    /// Visits this node and everything below it.
    func forEach(_ body: (TreeNode) -> Void) {
        body(self)
        for child in children { child.forEach(body) }
    }
}
