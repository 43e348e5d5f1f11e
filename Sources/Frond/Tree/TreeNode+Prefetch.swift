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

    /// Asks for the lines of this node that gathering placements reads (its frame, its
    /// component and view, its child list and flush marks): three lines of the eight a
    /// whole node takes, so that more nodes can be on their way at once.
    @inline(__always)
    func prefetchPlacementFields() {
        prefetchRoundedFrame()
        prefetchComponentField()
        withUnsafeMutablePointer(to: &treeChildrenStorage) { frond_prefetch_bytes($0, MemoryLayout<[LayoutNode]?>.size) }
        withUnsafeMutablePointer(to: &visitedFlush) { frond_prefetch_bytes($0, MemoryLayout<UInt64>.size) }
    }

    /// Asks for the lines of this node that a build keeping it reads (its component and
    /// marks, its size in the tree and its style).
    @inline(__always)
    func prefetchBuildFields() {
        prefetchComponentField()
        withUnsafeMutablePointer(to: &placementsChangedFlush) { frond_prefetch_bytes($0, MemoryLayout<UInt64>.size) }
        prefetchStyleField()
    }

    /// The address of this node's child list storage (``treeChildren``'s), read without
    /// retaining it.
    @inline(__always)
    var treeChildListStorage: UnsafeRawPointer {
        let own = withUnsafeMutablePointer(to: &treeChildrenStorage) { UnsafeRawPointer($0).load(as: UnsafeRawPointer?.self) }
        return own ?? childListStorage
    }

    /// Whether this node's component has no view (read in place, without retaining it).
    @inline(__always)
    var isViewless: Bool {
        Unmanaged.passUnretained(component)._withUnsafeGuaranteedRef { $0.view.viewType == nil }
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

    /// For the walk that gathers the placements (``Mounter/placements(under:left:top:into:)``):
    /// called as it reaches `index`, asks for what it will read a few siblings on, in
    /// stages, each reading what an earlier call asked for: the node 8 places on; the
    /// component and child list of the one 6 places on; the first children of the one 4
    /// places on, if it has no view (the walk goes down through it); and the component of
    /// the first child of the one 2 places on (a list's viewless row: its view's node).
    @inline(__always)
    func prefetchPlacements(at index: Int) {
        let first = index &+ 8
        if first >= 0 && first < count { lent(first)._withUnsafeGuaranteedRef { $0.prefetchPlacementFields() } }
        let second = index &+ 6
        if second >= 0 && second < count {
            lent(second)._withUnsafeGuaranteedRef { node in
                frond_prefetch_bytes(Unmanaged.passUnretained(node.component).toOpaque(), TreeNode.prefetchedComponentBytes)
                frond_prefetch_bytes(node.treeChildListStorage, LayoutNode.arrayElementsOffset &+ 4 &* 8)
            }
        }
        let third = index &+ 4
        if third >= 0 && third < count {
            lent(third)._withUnsafeGuaranteedRef { node in
                guard node.isViewless else { return }
                let storage = node.treeChildListStorage
                let children = storage.load(fromByteOffset: LayoutNode.arrayCountOffset, as: Int.self)
                for child in 0..<Swift.min(children, 4) {
                    let element = storage.load(fromByteOffset: LayoutNode.arrayElementsOffset &+ child &* 8,
                                               as: UnsafeRawPointer.self)
                    Unmanaged<TreeNode>.fromOpaque(element)._withUnsafeGuaranteedRef { $0.prefetchPlacementFields() }
                }
            }
        }
        let fourth = index &+ 2
        if fourth >= 0 && fourth < count {
            lent(fourth)._withUnsafeGuaranteedRef { node in
                guard node.isViewless else { return }
                let storage = node.treeChildListStorage
                guard storage.load(fromByteOffset: LayoutNode.arrayCountOffset, as: Int.self) > 0 else { return }
                let first = storage.load(fromByteOffset: LayoutNode.arrayElementsOffset, as: UnsafeRawPointer.self)
                Unmanaged<TreeNode>.fromOpaque(first)._withUnsafeGuaranteedRef { child in
                    frond_prefetch_bytes(Unmanaged.passUnretained(child.component).toOpaque(),
                                         TreeNode.prefetchedComponentBytes)
                }
            }
        }
    }
}
