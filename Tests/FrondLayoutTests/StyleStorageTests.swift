@testable import FrondLayout
import Testing

/// A node keeps its style in pieces (resolved values, boxed sides, the rest); reading it
/// back gives the style exactly as it was set.
@Suite struct StyleStorageTests {
    /// Every property away from its default, including values the node keeps only in
    /// processed form (an aspect ratio of 0, equal min and max sizes, three gaps).
    static var everyPropertySet: LayoutStyle {
        var style = LayoutStyle()
        style.direction = .rtl
        style.flexDirection = .rowReverse
        style.justifyContent = .spaceBetween
        style.alignContent = .center
        style.alignItems = .flexEnd
        style.alignSelf = .baseline
        style.positionType = .absolute
        style.flexWrap = .wrapReverse
        style.overflow = .scroll
        style.display = .contents
        style.boxSizing = .contentBox
        style.flex = 2
        style.flexGrow = 3
        style.flexShrink = 0.5
        style.flexBasis = .percent(40)
        style.width = .points(120)
        style.height = .percent(30)
        style.minWidth = .points(80)
        style.maxWidth = .points(80)
        style.minHeight = .auto
        style.maxHeight = .percent(90)
        style.aspectRatio = 0
        style.margin.start = .points(4)
        style.margin.vertical = .auto
        style.padding.end = .percent(5)
        style.padding.all = .points(1)
        style.border.horizontal = .points(2)
        style.position.left = .auto
        style.position.bottom = .percent(-10)
        style.gap.column = .points(6)
        style.gap.row = .percent(2)
        style.gap.all = .points(9)
        return style
    }

    @Test func test_styleReadsBackExactlyAsSet() throws {
        let style = Self.everyPropertySet
        let node = LayoutNode()
        try node.setStyle(style)
        #expect(node.style == style)
        #expect(try LayoutNode(style: style).style == style)
    }

    @Test func test_unsetValuesKeepTheirNumbers() throws {
        var unset = LayoutValue.undefined
        unset.value = 7
        var style = LayoutStyle()
        style.margin.left = unset
        style.position.all = unset
        let node = LayoutNode()
        try node.setStyle(style)
        #expect(node.style.margin.left.value == 7)
        #expect(node.style == style)
        try node.calculateLayout(width: 10, height: 10)
        try node.setStyle(style)
        #expect(!node.isDirty)
        #expect(node.layout.margin == LayoutNode().layout.margin)
    }

    @Test func test_removedSidesReadBackUnset() throws {
        let node = LayoutNode()
        try node.setStyle(Self.everyPropertySet)
        try node.setStyle(LayoutStyle())
        #expect(node.style == LayoutStyle())
        #expect(node.style.margin == EdgeValues())
    }

    /// The node holds its sides with a retain of its own: a replaced set and the last one
    /// are each released once (a leak keeps them, a double release crashes).
    @Test func test_sidesAreReleasedWithTheirNode() throws {
        weak var first: ResolvedSides?
        weak var second: ResolvedSides?
        do {
            let node = try LayoutNode(style: Self.everyPropertySet)
            first = node.sides
            #expect(first != nil)
            try node.updateStyle { $0.margin.all = .points(3) }
            second = node.sides
            #expect(first == nil)
            #expect(second != nil)
            try node.calculateLayout(width: 100, height: 100)
        }
        #expect(second == nil)
    }

    /// The quick "no sides" check agrees with comparing to `EdgeValues()`, for unset
    /// values carrying numbers (0, -0, 1, NaN) and for every unit on every selector.
    @Test func unsetSidesCheckAgreesWithEquality() {
        let numbers: [Float] = [0, -0.0, 1, .nan]
        for edge in Edge.allCases {
            for unit in LayoutUnit.allCases {
                for number in numbers {
                    var edges = EdgeValues()
                    var value = LayoutValue(value: 0, unit: unit)
                    value.value = number
                    edges[edge] = value
                    #expect(edges.isExactlyUnset == (edges == EdgeValues()), "\(edge) \(unit) \(number)")
                }
            }
        }
        #expect(EdgeValues().isExactlyUnset)
        // A node whose sides are all unset keeps no sides object; one with a side set does.
        #expect((try? LayoutNode(style: LayoutStyle()))?.sides == nil)
        var style = LayoutStyle()
        style.position.top = .points(0)
        #expect((try? LayoutNode(style: style))?.sides != nil)
    }

    /// Margins, borders and paddings live out of the node, made by the first layout of a
    /// node with sides: they must read as computed, and as zero once the sides are gone.
    @Test func sideResultsFollowTheStyleAcrossLayouts() throws {
        let parent = LayoutNode(), node = LayoutNode()
        try parent.appendChild(node)
        var style = LayoutStyle()
        style.margin.left = .points(3)
        style.border.top = .points(2)
        style.padding.right = .percent(10)
        try node.setStyle(style)
        #expect(node.sideResultsStorage == nil)
        try parent.calculateLayout(width: 200, height: 100)
        #expect(node.layout.margin == LayoutInsets(left: 3))
        #expect(node.layout.border == LayoutInsets(top: 2))
        #expect(node.layout.padding == LayoutInsets(right: 20))
        #expect(node.layout.frame.width == 197)

        try node.setStyle(LayoutStyle())
        try parent.calculateLayout(width: 200, height: 100)
        #expect(node.layout.margin == LayoutInsets())
        #expect(node.layout.border == LayoutInsets())
        #expect(node.layout.padding == LayoutInsets())
        #expect(node.layout.frame.width == 200)

        // A node that never had sides never makes the results.
        #expect(parent.sideResultsStorage == nil)
        #expect(parent.layout.padding == LayoutInsets())
    }

    /// Nodes made with one prepared style share what they keep of it; a node that changes
    /// its style leaves the others' alone, whether or not the style is still shared.
    @Test func nodesSharingAStyleKeepItWhenOneChangesItsOwn() throws {
        var style = LayoutStyle()
        style.width = .points(10)
        style.height = .points(20)
        style.margin.left = .points(2)
        let prepared = try PreparedStyle(style)
        let config = LayoutConfig()
        let nodes = (0..<3).map { _ in LayoutNode(config: config, prepared: prepared) }
        #expect(nodes[0].sidesStorage?.toOpaque() == nodes[1].sidesStorage?.toOpaque())
        // Changed while the prepared style and two other nodes share it.
        try nodes[0].updateStyle { $0.width = .points(30) }
        // Changed after the prepared style is gone, while one other node shares it.
        _ = consume prepared
        try nodes[1].updateStyle { $0.margin.left = .points(5) }
        // Changed again when it is its own: in place, with the same result as a new one.
        try nodes[1].updateStyle { $0.height = .points(8) }
        #expect(nodes[0].style.width == .points(30) && nodes[0].style.margin.left == .points(2))
        #expect(nodes[1].style.width == .points(10) && nodes[1].style.margin.left == .points(5)
                && nodes[1].style.height == .points(8))
        #expect(nodes[2].style == style)

        let root = LayoutNode(config: config)
        for node in nodes { try root.appendChild(node) }
        try root.calculateLayout(width: 100, height: 100)
        #expect(nodes.map(\.layout.frame) == [
            LayoutFrame(left: 2, top: 0, width: 30, height: 20),
            LayoutFrame(left: 5, top: 20, width: 10, height: 8),
            LayoutFrame(left: 2, top: 28, width: 10, height: 20),
        ])
    }
}

/// A prepared style is recognised by comparing the bytes that hold a style's fields
/// (``StyleBytes``): the fields it lists must be every field the types have, so that a
/// style that differs in any of them is never taken for another; and padding, or the bytes
/// of an optional number that is not set, must not change the answer.
@Suite struct StyleBytesTests {
    private func labels(of value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }

    @Test func everyFieldIsCompared() {
        let style = LayoutStyle()
        let listed = StyleBytes.byteFields.count + StyleBytes.optionalNumbers.count + StyleBytes.values.count
            + StyleBytes.edges.count + 1  // the gaps
        #expect(labels(of: style).count == listed)
        #expect(labels(of: EdgeValues()).count == StyleBytes.edgeValues.count)
        #expect(labels(of: GutterValues()).count == StyleBytes.gutterValues.count)
        #expect(labels(of: LayoutValue.auto) == ["value", "unit"])
        // Each field's bytes are in the mask; the mask has nothing else (a LayoutValue's
        // number and unit: five bytes of its eight; an optional number: its set byte only).
        let marked = StyleBytes.mask.filter { $0 != 0 }.count
        let expected = StyleBytes.byteFields.count + StyleBytes.optionalNumbers.count
            + (StyleBytes.values.count + StyleBytes.edges.count * StyleBytes.edgeValues.count
               + StyleBytes.gutterValues.count) * 5
        #expect(marked == expected)
    }

    private func same(_ a: LayoutStyle, _ b: LayoutStyle) -> Bool {
        var a = a, b = b
        return withUnsafePointer(to: &a) { left in withUnsafePointer(to: &b) { StyleBytes.same(left, $0) } }
    }

    @Test func aChangeToAnyPropertyIsSeen() {
        let base = StyleStorageTests.everyPropertySet
        #expect(same(base, base) && same(LayoutStyle(), LayoutStyle()))
        var changes: [(inout LayoutStyle) -> Void] = [
            { $0.direction = .ltr }, { $0.flexDirection = .row }, { $0.justifyContent = .center },
            { $0.alignContent = .stretch }, { $0.alignItems = .center }, { $0.alignSelf = .auto },
            { $0.positionType = .relative }, { $0.flexWrap = .noWrap }, { $0.overflow = .hidden },
            { $0.display = .flex }, { $0.boxSizing = .borderBox }, { $0.flex = nil }, { $0.flexGrow = 3.5 },
            { $0.flexShrink = nil }, { $0.aspectRatio = 1 }, { $0.flexBasis = .points(40) }, { $0.width = .percent(120) },
            { $0.height = .auto }, { $0.minWidth = .points(81) }, { $0.minHeight = .undefined },
            { $0.maxWidth = .percent(80) }, { $0.maxHeight = .percent(91) }, { $0.gap.all = .points(8) },
            { $0.gap.row = .undefined }, { $0.gap.column = .percent(6) },
        ]
        let sides: [WritableKeyPath<EdgeValues, LayoutValue>] = [
            \.left, \.top, \.right, \.bottom, \.start, \.end, \.horizontal, \.vertical, \.all,
        ]
        #expect(sides.count == StyleBytes.edgeValues.count)
        let edges: [WritableKeyPath<LayoutStyle, EdgeValues>] = [\.margin, \.padding, \.border, \.position]
        for edge in edges {
            for side in sides {
                changes.append { style in style[keyPath: edge.appending(path: side)] = .points(77) }
            }
        }
        for change in changes {
            var changed = base
            change(&changed)
            #expect(!same(base, changed) && !same(changed, base))
        }
        // Unset and zero are different; so are 0 and -0, compared bit for bit.
        var zero = LayoutStyle(), negativeZero = LayoutStyle()
        zero.flexGrow = 0
        negativeZero.flexGrow = -0.0
        #expect(!same(LayoutStyle(), zero) && !same(zero, negativeZero))
    }

    /// The bytes of an unset optional number are not its value: whatever they hold, two
    /// styles without it are the same.
    @Test func anUnsetNumberIsTheSameWhateverItsBytes() {
        var a = LayoutStyle(), b = LayoutStyle()
        withUnsafeMutableBytes(of: &a) { bytes in
            if let offset = MemoryLayout<LayoutStyle>.offset(of: \LayoutStyle.flexGrow) {
                bytes.storeBytes(of: UInt32(0xDEAD_BEEF), toByteOffset: offset, as: UInt32.self)
            }
        }
        #expect(a.flexGrow == nil && b.flexGrow == nil)
        #expect(withUnsafePointer(to: &a) { left in withUnsafePointer(to: &b) { StyleBytes.same(left, $0) } })
    }
}
