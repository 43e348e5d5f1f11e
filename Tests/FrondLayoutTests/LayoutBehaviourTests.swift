import FrondLayout
import Testing

/// Hand-checked layouts for behaviour the corpus does not pin down.
@Suite struct LayoutBehaviourTests {
    @Test func test_spaceAroundWithOnlyAnAbsoluteChildStaysFinite() throws {
        // Yoga's minimal reproduction of its inf/NaN bug.
        let root = LayoutNode()
        var rowStyle = LayoutStyle()
        rowStyle.flexDirection = .row
        rowStyle.justifyContent = .spaceAround
        rowStyle.minWidth = .points(60)
        let row = try LayoutNode(style: rowStyle)
        var absoluteStyle = LayoutStyle()
        absoluteStyle.positionType = .absolute
        let absolute = try LayoutNode(style: absoluteStyle)
        try root.appendChild(row)
        try row.appendChild(absolute)
        try root.calculateLayout()
        for node in [root, row, absolute] {
            let frame = node.layout.frame
            let finite = [frame.left, frame.top, frame.width, frame.height].allSatisfy { $0.isFinite }
            #expect(finite, "\(frame)")
        }
        #expect(root.layout.width == 60)
        #expect(row.layout.width == 60)
    }

    @Test func test_roundingKeepsAdjacentEdgesTogether() throws {
        var rowStyle = LayoutStyle()
        rowStyle.flexDirection = .row
        rowStyle.width = .points(100)
        rowStyle.height = .points(10)
        let root = try LayoutNode(style: rowStyle)
        var third = LayoutStyle()
        third.flexGrow = 1
        let children = try (0..<3).map { _ in try LayoutNode(style: third) }
        for child in children { try root.appendChild(child) }
        try root.calculateLayout()
        #expect(children.map(\.layout.width).reduce(0, +) == 100)
        #expect(children[1].layout.left == children[0].layout.left + children[0].layout.width)
        #expect(children[2].layout.left == children[1].layout.left + children[1].layout.width)
    }

    @Test func test_scaleFactorTwoRoundsToHalfPoints() throws {
        let config = LayoutConfig()
        try config.setPointScaleFactor(2)
        var style = LayoutStyle()
        style.width = .points(10.3)
        style.height = .points(10.3)
        let node = try LayoutNode(config: config, style: style)
        try node.calculateLayout()
        #expect(node.layout.width == 10.5)
    }

    @Test func test_rightToLeftMirrorsARow() throws {
        var rowStyle = LayoutStyle()
        rowStyle.flexDirection = .row
        rowStyle.width = .points(100)
        rowStyle.height = .points(10)
        let root = try LayoutNode(style: rowStyle)
        var childStyle = LayoutStyle()
        childStyle.width = .points(30)
        let child = try LayoutNode(style: childStyle)
        try root.appendChild(child)
        try root.calculateLayout(direction: .rtl)
        #expect(child.layout.left == 70)
        #expect(child.layout.direction == .rtl)
        try root.calculateLayout(direction: .ltr)
        #expect(child.layout.left == 0)
    }

    @Test func test_displayContentsChildrenJoinTheGrandparent() throws {
        var rowStyle = LayoutStyle()
        rowStyle.flexDirection = .row
        rowStyle.width = .points(100)
        rowStyle.height = .points(10)
        let root = try LayoutNode(style: rowStyle)
        var contentsStyle = LayoutStyle()
        contentsStyle.display = .contents
        let contents = try LayoutNode(style: contentsStyle)
        var grow = LayoutStyle()
        grow.flexGrow = 1
        let first = try LayoutNode(style: grow), second = try LayoutNode(style: grow)
        try contents.appendChild(first)
        try contents.appendChild(second)
        try root.appendChild(contents)
        try root.calculateLayout()
        #expect(contents.layout.frame == LayoutFrame())
        #expect(first.layout.width == 50)
        #expect(second.layout.left == 50)
    }
}
