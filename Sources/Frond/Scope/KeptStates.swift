/// The states of a tree's scopes that updates changed, by where their components were: at
/// each level the component's type, and its key or, without one, how many keyless siblings
/// of its type come before it (the identity the build matches children by). A list keeps
/// them for an item it releases outside its range, and the item's root, built again, starts
/// its components there from them instead of their initial states (as Litho keeps an item's
/// state handler when it releases its tree). States no update changed are not kept: the
/// item built again makes them anew, as it made them first. Read and made on the thread that
/// builds the root (once it is no longer built, for `capture`).
final class KeptStates: @unchecked Sendable {
    /// The state of the component here (nil: its state was not kept, or it has none).
    var state: Any?
    /// The kept states below, by the children's identities.
    var children: [TreeNode.ChildKey: KeptStates] = [:]

    /// What the tree from `node` keeps; nil when none of its scopes had its state changed.
    static func capture(_ node: TreeNode) -> KeptStates? {
        var kept: KeptStates? = nil
        if let scope = node.scope, scope.hasUpdatedState, !scope.isInvalidated {
            let here = KeptStates()
            here.state = scope.state
            kept = here
        }
        var counters = KeylessCounters()
        for child in node.treeChildren {
            let key = Reconciler.key(for: child.component, type: child.componentType, counters: &counters)
            guard let below = capture(child) else { continue }
            let here = kept ?? KeptStates()
            here.children[key] = below
            kept = here
        }
        return kept
    }
}
