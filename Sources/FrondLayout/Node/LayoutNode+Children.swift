extension LayoutNode {
    /// The parent, or nil for a root.
    public var parent: LayoutNode? { owner }

    /// The children, in order.
    public var children: [LayoutNode] { childNodes }

    /// The number of children.
    public var childCount: Int { childNodes.count }

    /// The child at `index`, or nil when the index is out of range.
    public func child(at index: Int) -> LayoutNode? {
        childNodes.indices.contains(index) ? childNodes[index] : nil
    }

    /// The message for a child index out of range, in words (not Swift's range syntax: C
    /// and Python callers read it too; the C API passes its `size_t` index unchanged).
    package static func childIndexOutOfRange(_ index: some BinaryInteger, childCount: Int, inserting: Bool) -> String {
        let children = "the node has \(childCount) \(childCount == 1 ? "child" : "children")"
        return inserting
            ? "child index \(index) is out of range (\(children); an insertion index is from 0 to \(childCount))"
            : "child index \(index) is out of range (\(children))"
    }

    /// Inserts `child` at `index` (0...childCount).
    ///
    /// Refused when the child already has a parent, when it is this node or one of its
    /// ancestors (a cycle), when this node has a measure function, when the index is out
    /// of range, or when the resulting tree would be deeper than ``maximumDepth``.
    public func insertChild(_ child: LayoutNode, at index: Int) throws(LayoutError) {
        guard index >= 0 && index <= childNodes.count else {
            throw LayoutError(.invalidTree, Self.childIndexOutOfRange(index, childCount: childNodes.count, inserting: true))
        }
        if child.hasOwner { throw .childHasAParent }
        // (The walks up the tree hold each ancestor unowned: a parent outlives its place in
        // the owner chain, since it clears its children's owner when it dies, and nothing
        // here releases a node. Holding them strongly costs a retain and a release each.)
        var depthAbove = 1
        unowned(unsafe) var node = self
        while true {
            if node === child { throw .cycle }
            if node.isLayingOut || (!node.hasOwner && child.isLayingOut) { throw .reentrantChange }
            guard let parent = node.ownerStorage else { break }
            node = parent.takeUnretainedValue()
            depthAbove += 1
        }
        if node.config.topIsContainer { depthAbove -= 1 }
        if isMeasured { throw .measuredParent }
        if let failure = child.depthFailure(below: depthAbove) { throw failure }
        if index == childNodes.count {
            childNodes.append(child)
        } else {
            childNodes.insert(child, at: index)
        }
        child.ownerStorage = Unmanaged.passUnretained(self)
        raiseHeightBounds(above: child.heightBound)
        if child.resolved.display == .contents { contentsChildCount += 1 }
        if child.resolved.hasPercentMinMax { percentMinMaxChildCount += 1 }
        markDirtyAndPropagate()
    }

    /// The error of placing this node `depthAbove` nodes deep (counting the new parent's
    /// chain up to its root), or nil when the tree stays within ``maximumDepth``.
    private func depthFailure(below depthAbove: Int) -> LayoutError? {
        // The height bound is exact or too high (removals do not lower it): the subtree is
        // only walked when the bound says the tree might get too deep.
        var depthBelow = Int(heightBound)
        if depthAbove + depthBelow > LayoutNode.maximumDepth {
            depthBelow = subtreeDepth(limit: LayoutNode.maximumDepth)
            heightBound = Int32(clamping: depthBelow)
            if depthAbove + depthBelow > LayoutNode.maximumDepth {
                return LayoutError(.tooDeep, "the tree would be \(depthAbove + depthBelow) nodes deep; the limit is \(LayoutNode.maximumDepth)")
            }
        }
        return nil
    }

    /// Raises the height bounds of this node and its ancestors for a new child whose
    /// bound is `childBound`.
    private func raiseHeightBounds(above childBound: Int32) {
        var height = childBound + 1
        unowned(unsafe) var above = self
        while above.heightBound < height {
            above.heightBound = height
            height += 1
            guard let parent = above.ownerStorage else { break }
            above = parent.takeUnretainedValue()
        }
    }

    /// Appends `child` after the last child (see ``insertChild(_:at:)``).
    public func appendChild(_ child: LayoutNode) throws(LayoutError) {
        try insertChild(child, at: childNodes.count)
    }

    /// Gives a node without children the nodes of `children`, in order: the same as
    /// appending them one by one (the same checks and errors), except that the array
    /// itself becomes the node's list (no copy) and the walk up the tree is made once.
    /// Refused, changing nothing, when the node has children already.
    package func adoptChildren(_ children: [LayoutNode]) throws(LayoutError) {
        guard !children.isEmpty else { return }
        guard childNodes.isEmpty else { throw LayoutError(.invalidTree, "the node has children already") }
        var depthAbove = 1
        unowned(unsafe) var top = self
        while true {
            if top.isLayingOut { throw .reentrantChange }
            guard let parent = top.ownerStorage else { break }
            top = parent.takeUnretainedValue()
            depthAbove += 1
        }
        if top.config.topIsContainer { depthAbove -= 1 }
        if isMeasured { throw .measuredParent }
        var deepest: Int32 = 0
        var contents: Int32 = 0, percentMinMax: Int32 = 0
        for index in children.indices {
            let failure = children.borrowed(index)._withUnsafeGuaranteedRef { child -> LayoutError? in
                // (A node listed twice has a parent at its second place: its first gave it one.)
                if child.hasOwner { return .childHasAParent }
                // Of this node and its ancestors only the topmost has no parent, like the child.
                if child === top { return .cycle }
                if child.isLayingOut { return .reentrantChange }
                if let failure = child.depthFailure(below: depthAbove) { return failure }
                child.ownerStorage = Unmanaged.passUnretained(self)
                deepest = max(deepest, child.heightBound)
                if child.resolved.display == .contents { contents += 1 }
                if child.resolved.hasPercentMinMax { percentMinMax += 1 }
                return nil
            }
            if let failure {
                // The children before this one had no parent: they get none back.
                children.forEachBorrowed(in: 0..<index) { _, child in child.ownerStorage = nil }
                throw failure
            }
        }
        childNodes = children
        contentsChildCount += contents
        percentMinMaxChildCount += percentMinMax
        raiseHeightBounds(above: deepest)
        markDirtyAndPropagate()
    }

    /// Removes and returns the child at `index`; it becomes the root of its own tree.
    @discardableResult
    public func removeChild(at index: Int) throws(LayoutError) -> LayoutNode {
        guard childNodes.indices.contains(index) else {
            throw LayoutError(.invalidTree, Self.childIndexOutOfRange(index, childCount: childNodes.count, inserting: false))
        }
        try checkNotLayingOut()
        let child = childNodes.remove(at: index)
        detach(child)
        return child
    }

    /// Removes `child`, which must be a child of this node.
    public func removeChild(_ child: LayoutNode) throws(LayoutError) {
        guard child.owner === self, let index = childNodes.firstIndex(where: { $0 === child }) else {
            throw LayoutError(.invalidTree, "the node is not a child of this node")
        }
        try removeChild(at: index)
    }

    /// Removes every child.
    public func removeAllChildren() throws(LayoutError) {
        guard !childNodes.isEmpty else { return }
        try checkNotLayingOut()
        let removed = childNodes
        childNodes.removeAll()
        for child in removed { detach(child) }
    }

    /// Removes this node from its parent, if it has one.
    public func removeFromParent() throws(LayoutError) {
        guard let parent = owner else { return }
        try parent.removeChild(self)
    }

    private func detach(_ child: LayoutNode) {
        child.owner = nil
        if child.resolved.display == .contents { contentsChildCount -= 1 }
        if child.resolved.hasPercentMinMax { percentMinMaxChildCount -= 1 }
        // The detached subtree keeps its caches; its root must be laid out anew.
        child.isDirtyFlag = false
        child.markDirtyAndPropagate()
        markDirtyAndPropagate()
    }

    /// The number of nodes on the longest downward chain from this node (1 for a leaf),
    /// or a value above `limit` as soon as the chain exceeds it. Iterative: never recurses.
    func subtreeDepth(limit: Int) -> Int {
        if childNodes.isEmpty { return 1 }
        var deepest = 1
        var stack: [(LayoutNode, Int)] = [(self, 1)]
        while let (node, depth) = stack.popLast() {
            if depth > deepest {
                deepest = depth
                if deepest > limit { return deepest }
            }
            for child in node.childNodes { stack.append((child, depth + 1)) }
        }
        return deepest
    }

    /// Visits this node and its descendants without recursion (pre-order).
    public func forEachNode(_ body: (LayoutNode) throws -> Void) rethrows {
        var stack: [LayoutNode] = [self]
        while let node = stack.popLast() {
            try body(node)
            stack.append(contentsOf: node.childNodes.reversed())
        }
    }
}

extension Array where Element == LayoutNode {
    // Hot layout loops visit every child of a container on each pass. Reading
    // `self[index]` retains the child and releases it at the end of the iteration; the
    // array already keeps it alive, so these helpers lend it out without either.

    /// The node at `index` (which must be valid), borrowed from the array.
    @inline(__always)
    func borrowed(_ index: Int) -> Unmanaged<LayoutNode> {
        assert(indices.contains(index), "borrowed(\(index)) outside 0..<\(count)")
        return withUnsafeBufferPointer { buffer in
            UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped)
                .load(fromByteOffset: index &* MemoryLayout<LayoutNode>.stride, as: Unmanaged<LayoutNode>.self)
        }
    }

    /// Calls `body` with each index of `range` (within the array) and its node, borrowed.
    @inline(__always)
    func forEachBorrowed(in range: Range<Int>, _ body: (Int, LayoutNode) throws -> Void) rethrows {
        for index in range {
            try borrowed(index)._withUnsafeGuaranteedRef { try body(index, $0) }
        }
    }

    /// Calls `body` with every node of the array, borrowed.
    @inline(__always)
    func forEachBorrowed(_ body: (LayoutNode) throws -> Void) rethrows {
        try forEachBorrowed(in: 0..<count) { try body($1) }
    }
}

extension LayoutError {
    // The refusals of inserting a child (each made where it is found).
    static var childHasAParent: LayoutError {
        LayoutError(.invalidTree, "the child already has a parent; remove it from that parent first")
    }
    static var cycle: LayoutError {
        LayoutError(.invalidTree, "inserting the node would create a cycle (it is this node or one of its ancestors)")
    }
    static var reentrantChange: LayoutError {
        LayoutError(.reentrantCall, "the tree is being laid out; it cannot be changed from its own callbacks")
    }
    static var measuredParent: LayoutError {
        LayoutError(.invalidTree, "a node with a measure function cannot have children")
    }
}
