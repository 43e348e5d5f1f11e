@testable import FrondLayout
import Testing

/// `adoptChildren` (the component engine's way to give a new node all its children at
/// once) must behave as appending them one by one: the same tree, the same refusals,
/// and nothing changed when it refuses.
@Suite struct AdoptChildrenTests {
    private func row(_ widths: [Float]) throws -> [LayoutNode] {
        try widths.map { width in
            var style = LayoutStyle()
            style.width = .points(width)
            style.height = .points(10)
            return try LayoutNode(style: style)
        }
    }

    @Test func adoptedChildrenLayOutAsAppendedOnes() throws {
        var style = LayoutStyle()
        style.flexDirection = .row
        let adopted = try LayoutNode(style: style), appended = try LayoutNode(style: style)
        let first = try row([10, 20, 30]), second = try row([10, 20, 30])
        try adopted.adoptChildren(first)
        for child in second { try appended.appendChild(child) }
        _ = try adopted.calculateLayout(width: 100, height: 50)
        _ = try appended.calculateLayout(width: 100, height: 50)
        #expect(adopted.childCount == 3)
        #expect(first.allSatisfy { $0.parent === adopted })
        #expect(first.map(\.layout.frame) == second.map(\.layout.frame))
        #expect(adopted.layout.frame == appended.layout.frame)
    }

    @Test func refusalsLeaveEveryNodeAsItWas() throws {
        let parent = LayoutNode(), other = LayoutNode()
        let taken = LayoutNode()
        try other.appendChild(taken)
        let free = try row([1, 2])

        // A child with a parent, after children that would have been adopted.
        var error = #expect(throws: LayoutError.self) { try parent.adoptChildren(free + [taken]) }
        #expect(error?.kind == .invalidTree)
        #expect(parent.childCount == 0)
        #expect(free.allSatisfy { $0.parent == nil })
        #expect(taken.parent === other)

        // The same node twice.
        error = #expect(throws: LayoutError.self) { try parent.adoptChildren([free[0], free[1], free[0]]) }
        #expect(error?.kind == .invalidTree)
        #expect(parent.childCount == 0 && free.allSatisfy { $0.parent == nil })

        // The node itself, and the root above it (cycles).
        #expect(throws: LayoutError.self) { try parent.adoptChildren([parent]) }
        let root = LayoutNode(), middle = LayoutNode()
        try root.appendChild(middle)
        #expect(throws: LayoutError.self) { try middle.adoptChildren([free[0], root]) }
        #expect(middle.childCount == 0 && free[0].parent == nil)

        // A node that has children already.
        try parent.appendChild(free[0])
        error = #expect(throws: LayoutError.self) { try parent.adoptChildren([free[1]]) }
        #expect(error?.kind == .invalidTree)
        #expect(parent.children.count == 1 && free[1].parent == nil)

        // A measured leaf.
        let leaf = LayoutNode()
        try leaf.setMeasureFunction { _, _, _, _ in LayoutSize(width: 1, height: 1) }
        #expect(throws: LayoutError.self) { try leaf.adoptChildren([free[1]]) }
        #expect(free[1].parent == nil)

        // Nothing to adopt is no change, even for a node with children.
        try parent.adoptChildren([])
        #expect(parent.childCount == 1)
    }

    @Test func theDepthLimitHolds() throws {
        var chain: [LayoutNode] = [LayoutNode()]
        for _ in 1..<(LayoutNode.maximumDepth - 1) {
            let node = LayoutNode()
            try chain[chain.count - 1].adoptChildren([node])
            chain.append(node)
        }
        // One more level fits; a child with a child of its own does not.
        let deep = LayoutNode(), below = LayoutNode()
        try deep.adoptChildren([below])
        let error = #expect(throws: LayoutError.self) { try chain[chain.count - 1].adoptChildren([LayoutNode(), deep]) }
        #expect(error?.kind == .tooDeep)
        #expect(deep.parent == nil && chain[chain.count - 1].childCount == 0)
        try chain[chain.count - 1].adoptChildren([LayoutNode()])
        #expect(chain[0].subtreeDepth(limit: 1000) == LayoutNode.maximumDepth)
    }

    @Test func countsAndHeightsFollowTheChildren() throws {
        var contents = LayoutStyle()
        contents.display = .contents
        var percent = LayoutStyle()
        percent.minWidth = .percent(10)
        let parent = LayoutNode(), grandparent = LayoutNode()
        try grandparent.appendChild(parent)
        let deep = LayoutNode()
        try deep.appendChild(LayoutNode())
        try parent.adoptChildren([try LayoutNode(style: contents), try LayoutNode(style: percent), deep])
        #expect(parent.contentsChildCount == 1)
        #expect(parent.percentMinMaxChildCount == 1)
        #expect(parent.heightBound == 3)
        #expect(grandparent.heightBound == 4)
        #expect(parent.isDirty && grandparent.isDirty)
    }
}
