import CPrefetch

// A tree larger than the processor's caches (a list of thousands of rows) misses on
// every node a pass reaches, and a walk that waits for each miss before asking for the
// next spends most of its time waiting. A walk over a long list of siblings can ask for
// the nodes a few places ahead, so that their misses overlap with the work on the ones
// before (see CPrefetch.h: a prefetch never faults and changes nothing but the caches).
// Asking costs instructions, so only the walks that meet nodes first ask: the flex bases
// of a container's children and the fusion check (where the first pass over a new tree
// meets them), rounding (after the whole tree has been laid out) and, in Frond, the
// mount step.

extension LayoutNode {
    /// How many bytes from its start a pass reads of a node: through the end of its
    /// layout state. A constant, so that asking costs no lazy initialization;
    /// `PrefetchTests` checks it against where the state really ends.
    @usableFromInline static let prefetchedBytes = 504

    /// How many siblings ahead a walk asks for.
    package static let prefetchDistance = 2
    /// How many children a walk that asks for all of a node's children at once asks for.
    static let prefetchedChildren = 8
}

extension Array where Element == LayoutNode {
    /// Asks for the node at `index`, if there is one (returns at once).
    @inline(__always)
    func prefetchNode(at index: Int) {
        guard index >= 0 && index < count else { return }
        frond_prefetch_bytes(borrowed(index).toOpaque(), LayoutNode.prefetchedBytes)
    }
}
