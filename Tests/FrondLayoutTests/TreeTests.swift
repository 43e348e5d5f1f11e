import FrondLayout
import Testing

/// The tree API refuses every malformed shape with an error, never a trap.
@Suite struct TreeTests {
    @Test func test_childWithAParentCannotBeInsertedAgain() throws {
        let first = LayoutNode(), second = LayoutNode(), child = LayoutNode()
        try first.appendChild(child)
        let error = #expect(throws: LayoutError.self) { try second.appendChild(child) }
        #expect(error?.kind == .invalidTree)
        #expect(child.parent === first)
        #expect(second.childCount == 0)
    }

    @Test func test_insertingAnAncestorIsACycle() throws {
        let root = LayoutNode(), middle = LayoutNode(), leaf = LayoutNode()
        try root.appendChild(middle)
        try middle.appendChild(leaf)
        try root.removeChild(middle)
        #expect(throws: LayoutError.self) { try leaf.appendChild(middle) }
        #expect(throws: LayoutError.self) { try leaf.appendChild(leaf) }
        #expect(leaf.childCount == 0)
    }

    @Test func test_outOfRangeIndicesAreRefused() throws {
        let root = LayoutNode()
        let inserted = #expect(throws: LayoutError.self) { try root.insertChild(LayoutNode(), at: 1) }
        #expect(inserted?.kind == .invalidTree)
        #expect(inserted?.message
                == "child index 1 is out of range (the node has 0 children; an insertion index is from 0 to 0)")
        #expect(throws: LayoutError.self) { try root.insertChild(LayoutNode(), at: -1) }
        let removed = #expect(throws: LayoutError.self) { try root.removeChild(at: 0) }
        #expect(removed?.message == "child index 0 is out of range (the node has 0 children)")
        #expect(root.child(at: 0) == nil)
    }

    @Test func test_treesDeeperThanTheLimitAreRefused() throws {
        var chain: [LayoutNode] = [LayoutNode()]
        for _ in 1..<LayoutNode.maximumDepth {
            let node = LayoutNode()
            try chain[chain.count - 1].appendChild(node)
            chain.append(node)
        }
        let error = #expect(throws: LayoutError.self) { try chain[chain.count - 1].appendChild(LayoutNode()) }
        #expect(error?.kind == .tooDeep)
        // Joining two chains that are each within the limit is refused too.
        let other = LayoutNode(), otherChild = LayoutNode()
        try other.appendChild(otherChild)
        #expect(throws: LayoutError.self) { try chain[chain.count - 2].appendChild(other) }
        try chain[0].calculateLayout(width: 100, height: 100)
        #expect(chain[chain.count - 1].layout.width == 100)
    }

    @Test func test_depthLimitHoldsForTreesBuiltBottomUpAndAfterRemovals() throws {
        // A chain built from the leaf up: each insertion adds a level above.
        var top = LayoutNode()
        for _ in 1..<LayoutNode.maximumDepth {
            let parent = LayoutNode()
            try parent.appendChild(top)
            top = parent
        }
        let error = #expect(throws: LayoutError.self) { try LayoutNode().appendChild(top) }
        #expect(error?.kind == .tooDeep)
        // Cutting the chain in half makes room again, although the top's remembered
        // height still says otherwise.
        var middle = top
        for _ in 0..<(LayoutNode.maximumDepth / 2) { middle = try #require(middle.child(at: 0)) }
        try #require(middle.parent).removeChild(middle)
        let newTop = LayoutNode()
        try newTop.appendChild(top)
        // The detached half fits under a node near the bottom of the remaining half.
        var deepest = newTop
        while let next = deepest.child(at: 0) { deepest = next }
        #expect(throws: LayoutError.self) { try deepest.appendChild(middle) }
        try newTop.removeChild(top)
        try top.removeAllChildren()
        try top.appendChild(middle)
        #expect(top.child(at: 0) === middle)
        try top.calculateLayout(width: 10, height: 10)
    }

    @Test func test_measuredLeafCannotHaveChildren() throws {
        let leaf = LayoutNode()
        try leaf.setMeasureFunction { _, _, _, _ in LayoutSize(width: 1, height: 1) }
        #expect(throws: LayoutError.self) { try leaf.appendChild(LayoutNode()) }
        let parent = LayoutNode()
        try parent.appendChild(LayoutNode())
        #expect(throws: LayoutError.self) {
            try parent.setMeasureFunction { _, _, _, _ in LayoutSize(width: 1, height: 1) }
        }
    }

    @Test func test_layoutStartsAtARoot() throws {
        let root = LayoutNode(), child = LayoutNode()
        try root.appendChild(child)
        #expect(throws: LayoutError.self) { try child.calculateLayout() }
    }

    @Test func test_removedChildBecomesARootThatLaysOutAlone() throws {
        let root = try LayoutNode(style: { var s = LayoutStyle(); s.width = .points(100); s.height = .points(100); return s }())
        let child = try LayoutNode(style: { var s = LayoutStyle(); s.flexGrow = 1; return s }())
        try root.appendChild(child)
        try root.calculateLayout()
        #expect(child.layout.height == 100)
        try root.removeChild(child)
        #expect(child.parent == nil)
        try child.calculateLayout(width: 30, height: 40)
        #expect(child.layout.frame == LayoutFrame(left: 0, top: 0, width: 30, height: 40))
    }

    @Test func test_childrenOutliveTheirParent() throws {
        var child: LayoutNode? = nil
        do {
            let root = LayoutNode()
            let node = LayoutNode()
            try root.appendChild(node)
            child = node
        }
        #expect(child?.parent == nil)
        try child?.calculateLayout(width: 10, height: 10)
        #expect(child?.layout.width == 10)
    }
}
