import CPrefetch

// The mount step walks a new tree after layout has walked it: in a tree larger than the
// processor's caches, it meets every node after the node has left them. Its walk over a
// node's children asks for the nodes a few places ahead, so that their misses overlap
// (as rounding does in FrondLayout: see LayoutNode+Prefetch.swift).

extension TreeNode {
    /// A tree node's size in bytes: the mount step reads from its start (the reference
    /// count) to its end (its view and flush marks). A constant, so that asking costs no
    /// lazy initialization; `PrefetchTests` checks it against where the last field ends.
    static let prefetchedBytes = 496
    /// How much of a component the mount step reads first (its view configuration).
    static let prefetchedComponentBytes = 128

    /// Asks for this node's bytes (returns at once).
    @inline(__always)
    func prefetch() {
        frond_prefetch_bytes(Unmanaged.passUnretained(self).toOpaque(), TreeNode.prefetchedBytes)
    }

    /// Asks for the line holding this node's component reference.
    @inline(__always)
    func prefetchComponentField() {
        withUnsafeMutablePointer(to: &component) { frond_prefetch_bytes($0, MemoryLayout<Component>.size) }
    }
}

extension TreeChildren {
    /// Asks for the node at `index`, if there is one (returns at once).
    @inline(__always)
    func prefetchNode(at index: Int) {
        guard index >= 0 && index < count else { return }
        frond_prefetch_bytes(lent(index).toOpaque(), TreeNode.prefetchedBytes)
    }

    /// Asks for the component of the node at `index`, if there is one. (Reads the node:
    /// ask for a node first and for its component a little later.)
    @inline(__always)
    func prefetchComponent(at index: Int) {
        guard index >= 0 && index < count else { return }
        lent(index)._withUnsafeGuaranteedRef { node in
            frond_prefetch_bytes(Unmanaged.passUnretained(node.component).toOpaque(), TreeNode.prefetchedComponentBytes)
        }
    }
}
