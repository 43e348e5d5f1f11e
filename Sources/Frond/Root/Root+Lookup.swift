/// Finding components, scopes and views in the committed tree by their keys, and where a
/// view is on the root: what hosts, tests and other languages' programs otherwise find
/// by walking the tree themselves.
///
/// A key path names a component by the keys on the way to it, not by every level: its
/// first key is that of the first component in the tree (in tree order: a parent before
/// its children, children in order) with that key; each later key, that of the first
/// component below the one before with that key. So `["list", "row-42"]` is the row keyed
/// "row-42" inside the component keyed "list", whatever unkeyed wrappers lie between.
extension Root {
    /// The component at `keyPath` in the tree of the last commit (the latest component
    /// with that identity); nil when none matches or the path is empty. Call it on the
    /// root's thread, between flushes: while the root flushes or holds a prepared flush
    /// it is ``FrondError/Kind/misuse`` (the tree is being changed).
    public func component(atKeyPath keyPath: [String]) throws(FrondError) -> Component? {
        try withCommittedTree("find a component") { () -> Component? in node(atKeyPath: keyPath)?.component }
    }

    /// The scope of the stateful component at `keyPath` whose state is a `State`; nil when
    /// none matches, the component is stateless or its state has another type. Errors as
    /// for ``component(atKeyPath:)``.
    public func scope<State>(atKeyPath keyPath: [String], as type: State.Type = State.self) throws(FrondError)
        -> StateScope<State>? {
        try withCommittedTree("find a scope") { () -> StateScope<State>? in
            guard let scope = node(atKeyPath: keyPath)?.scope, !scope.isInvalidated, scope.state is State else {
                return nil
            }
            return StateScope(scope: scope)
        }
    }

    /// The mounted view that shows the component at `keyPath`: its own, or for a viewless
    /// component that wraps one child (a composite, render or animation component), its
    /// child's, and so on down; nil when none matches or there is no such view (a viewless
    /// flexbox). Errors as for ``component(atKeyPath:)``.
    public func view(atKeyPath keyPath: [String]) throws(FrondError) -> ViewID? {
        try withCommittedTree("find a view") { () -> ViewID? in
            var current = node(atKeyPath: keyPath)
            while let node = current, !node.component.view.hasView {
                let children = node.treeChildren
                current = node.component.wrapsOneChild && children.count == 1 ? children[0] : nil
            }
            guard let node = current, let id = node.viewID, let view = registry[id], view.treeNode === node else {
                return nil
            }
            return id
        }
    }

    /// The laid-out frame of a mounted view in the root's coordinates (its frame offset by
    /// those of the views it is in); nil for a view that is not mounted (``ViewID/root``
    /// is the root's own box at the origin). Walks the mounted views.
    public func frameInRoot(of view: ViewID) -> LayoutFrame? {
        if view == .root { return LayoutFrame() }
        func find(in parent: MountedView, left: Float, top: Float) -> LayoutFrame? {
            for child in parent.children {
                let frame = child.frame
                let childLeft = left + frame.left, childTop = top + frame.top
                if child.id == view {
                    return LayoutFrame(left: childLeft, top: childTop, width: frame.width, height: frame.height)
                }
                if let found = find(in: child, left: childLeft, top: childTop) { return found }
            }
            return nil
        }
        return find(in: rootView, left: 0, top: 0)
    }

    /// The node at `keyPath` (see the extension's documentation); the root is busy.
    func node(atKeyPath keyPath: [String]) -> TreeNode? {
        guard var current = tree, !keyPath.isEmpty else { return nil }
        for (index, key) in keyPath.enumerated() {
            // The first key may name the top component itself; later keys name components
            // strictly below the one before.
            guard let found = Self.first(withKey: key, from: current, includingSelf: index == 0) else { return nil }
            current = found
        }
        return current
    }

    /// The first node (in tree order) in `node`'s subtree whose component has `key`.
    private static func first(withKey key: String, from node: TreeNode, includingSelf: Bool) -> TreeNode? {
        if includingSelf && node.component.key == key { return node }
        for child in node.treeChildren {
            if let found = first(withKey: key, from: child, includingSelf: true) { return found }
        }
        return nil
    }
}
