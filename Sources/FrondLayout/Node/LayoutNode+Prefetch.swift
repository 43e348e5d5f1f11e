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
//
// A walk that goes down each sibling's subtree (flex bases, rounding) meets a chain of
// misses under every sibling: the node, its child list, its children, their lists. It
// asks for them in stages (`prefetchSubtrees`): a few siblings ahead the node, one
// closer its child list (the node has arrived by then), closer still the first
// children (the list has arrived), so that each read of a stage finds what the stage
// before asked for.

extension LayoutNode {
    /// How many bytes from its start a pass reads of a node: through the end of its
    /// layout state. A constant, so that asking costs no lazy initialization;
    /// `PrefetchTests` checks it against where the state really ends.
    @usableFromInline static let prefetchedBytes = 384

    /// How many siblings ahead a walk asks for.
    package static let prefetchDistance = 2
    /// How many children a walk that asks for all of a node's children at once asks for.
    static let prefetchedChildren = 8
    /// How many children of a sibling a walk down subtrees asks for ahead.
    static let prefetchedSubtreeChildren = 4
    /// How much of a child list a walk asks for: the header and the first elements.
    static let prefetchedListBytes = 64
}

extension Array where Element == LayoutNode {
    /// Asks for the node at `index`, if there is one (returns at once).
    @inline(__always)
    func prefetchNode(at index: Int) {
        guard index >= 0 && index < count else { return }
        frond_prefetch_bytes(borrowed(index).toOpaque(), LayoutNode.prefetchedBytes)
    }
}

extension LayoutNode {
    /// Where Swift's native array storage keeps what these walks read: the count, and
    /// the elements (after the object header, the count and the capacity). The walks
    /// read a child list in place, since copying it would retain it, which writes to it;
    /// `PrefetchTests` checks both offsets against real arrays.
    package static let arrayCountOffset = 16
    package static let arrayElementsOffset = 32

    /// Asks for the line holding the rounded frame (and the mark of the last pass that
    /// changed a frame below, beside it): what the mount step reads of a node's layout.
    @inline(__always)
    package func prefetchRoundedFrame() {
        withUnsafeMutablePointer(to: &state.rounded) { frond_prefetch_bytes($0, MemoryLayout<LayoutFrame>.size) }
    }

    /// The address of this node's child list storage, read without retaining it.
    @inline(__always)
    package var childListStorage: UnsafeRawPointer {
        withUnsafeMutablePointer(to: &childNodes) { field in
            UnsafeRawPointer(field).load(as: UnsafeRawPointer.self)
        }
    }

    /// Asks for this node's child list (read the node a step after asking for it); for a
    /// leaf that a walk which measures will measure by its config's leaf measurer, for
    /// the measurer's inputs instead (the first step, see ``LeafMeasurer``).
    @inline(__always)
    func prefetchChildList(measuring: Bool) {
        if measuring && isMeasured {
            if measureFunction == nil { config.leafMeasurer?.prefetchInputs(of: self, secondStep: false) }
            return
        }
        frond_prefetch_bytes(childListStorage, LayoutNode.prefetchedListBytes)
    }

    /// Asks for this node's first children (read its list a step after asking for it); for
    /// a leaf to be measured by its config's leaf measurer, the measurer's second step.
    @inline(__always)
    func prefetchFirstChildren(measuring: Bool) {
        if measuring && isMeasured {
            if measureFunction == nil { config.leafMeasurer?.prefetchInputs(of: self, secondStep: true) }
            return
        }
        let storage = childListStorage
        let count = storage.load(fromByteOffset: LayoutNode.arrayCountOffset, as: Int.self)
        for index in 0..<Swift.min(count, LayoutNode.prefetchedSubtreeChildren) {
            let node = storage.load(fromByteOffset: LayoutNode.arrayElementsOffset &+ index &* MemoryLayout<LayoutNode>.stride,
                                    as: UnsafeRawPointer.self)
            frond_prefetch_bytes(node, LayoutNode.prefetchedBytes)
        }
    }
}

extension Array where Element == LayoutNode {
    /// Asks for the child list of the node at `index`, if there is one and the walk will go
    /// down it (`descends`). (Reads the node: ask for it a step earlier.)
    @inline(__always)
    func prefetchChildList(at index: Int, measuring: Bool, if descends: (LayoutNode) -> Bool) {
        guard index >= 0 && index < count else { return }
        borrowed(index)._withUnsafeGuaranteedRef { node in
            if descends(node) { node.prefetchChildList(measuring: measuring) }
        }
    }

    /// Asks for the first children of the node at `index`, if there is one and the walk
    /// will go down it. (Reads the node and its list: ask for those a step earlier.)
    @inline(__always)
    func prefetchChildren(at index: Int, measuring: Bool, if descends: (LayoutNode) -> Bool) {
        guard index >= 0 && index < count else { return }
        borrowed(index)._withUnsafeGuaranteedRef { node in
            if descends(node) { node.prefetchFirstChildren(measuring: measuring) }
        }
    }

    /// For a walk that visits the siblings in order (`step` +1) or in reverse (-1) and
    /// goes down each one's subtree: called as it reaches `index`, asks for the node
    /// `step` × 3 places on, the child list of the one before it and the first children
    /// of the one before that, each read where an earlier call asked for it. A subtree is
    /// then in the caches as the walk goes down it.
    /// With `measuring` (a walk that measures leaves), a measured leaf's stages ask for
    /// what measuring it reads instead of children it does not have.
    /// `descends` says which subtrees the walk will go down (the later stages ask for
    /// those alone): a relayout that moves a thousand clean rows then does not ask for the
    /// thousand subtrees it will not visit.
    @inline(__always)
    func prefetchSubtrees(at index: Int, step: Int, measuring: Bool = false,
                          descends: (LayoutNode) -> Bool = { _ in true }) {
        prefetchNode(at: index &+ 3 &* step)
        prefetchChildList(at: index &+ 2 &* step, measuring: measuring, if: descends)
        prefetchChildren(at: index &+ step, measuring: measuring, if: descends)
    }
}
