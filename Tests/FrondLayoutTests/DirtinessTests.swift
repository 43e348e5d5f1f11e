import FrondLayout
import Testing

/// A change relays out only what it can affect: proven by counting calls to the
/// measure functions of a 1,000-row list.
@Suite struct DirtinessTests {
    /// A column of `rows` rows; each row holds a 40×40 avatar and a text leaf whose
    /// measure function counts its calls in `calls[row]`.
    final class RowList {
        let root: LayoutNode
        var avatars: [LayoutNode] = []
        var texts: [LayoutNode] = []
        var calls: [Int]
        var textLengths: [Int]

        init(rows: Int) throws {
            calls = Array(repeating: 0, count: rows)
            textLengths = Array(repeating: 12, count: rows)
            root = try LayoutNode(style: { var s = LayoutStyle(); s.width = .points(320); return s }())
            for row in 0..<rows {
                var rowStyle = LayoutStyle()
                rowStyle.flexDirection = .row
                rowStyle.padding.all = .points(4)
                let rowNode = try LayoutNode(style: rowStyle)
                var avatarStyle = LayoutStyle()
                avatarStyle.width = .points(40)
                avatarStyle.height = .points(40)
                let avatar = try LayoutNode(style: avatarStyle)
                var textStyle = LayoutStyle()
                textStyle.flexGrow = 1
                textStyle.flexShrink = 1
                let text = try LayoutNode(style: textStyle)
                try text.setMeasureFunction { [unowned self] width, widthMode, _, _ in
                    self.calls[row] += 1
                    // 8 points per character, wrapped to the width offered.
                    let natural = Float(self.textLengths[row] * 8)
                    let lineWidth = widthMode == .undefined ? natural : min(natural, width)
                    let lines = lineWidth > 0 ? (natural / lineWidth).rounded(.up) : 1
                    return LayoutSize(width: lineWidth, height: 16 * lines)
                }
                try rowNode.appendChild(avatar)
                try rowNode.appendChild(text)
                try root.appendChild(rowNode)
                avatars.append(avatar)
                texts.append(text)
            }
        }

        func layout() throws -> (statistics: LayoutPassStatistics, calls: Int) {
            calls = Array(repeating: 0, count: calls.count)
            let statistics = try root.calculateLayout()
            return (statistics, calls.reduce(0, +))
        }
    }

    @Test func test_firstLayoutMeasuresEveryRowAndASecondMeasuresNothing() throws {
        let list = try RowList(rows: 1000)
        let first = try list.layout()
        #expect(first.calls >= 1000)
        #expect(list.calls.allSatisfy { $0 >= 1 })
        let second = try list.layout()
        #expect(second.calls == 0)
        #expect(second.statistics.layouts == 0)
    }

    @Test func test_changingOneStyleRemeasuresOnlyThatRow() throws {
        let list = try RowList(rows: 1000)
        _ = try list.layout()
        try list.avatars[500].updateStyle { $0.width = .points(60) }
        let result = try list.layout()
        #expect(result.calls >= 1)
        #expect(result.calls == list.calls[500])
        #expect(result.calls <= 3)
        // Only the root, the changed row and its children are laid out again.
        #expect(result.statistics.layouts <= 4)
        #expect(list.texts[500].layout.width == 320 - 8 - 60)
        #expect(list.texts[499].layout.width == 320 - 8 - 40)
    }

    @Test func test_markingAMeasuredLeafDirtyRemeasuresOnlyThatLeaf() throws {
        let list = try RowList(rows: 1000)
        _ = try list.layout()
        let before = list.root.children[501].layout.top
        list.textLengths[250] = 100 // the text grew to several lines
        try list.texts[250].markDirty()
        let result = try list.layout()
        #expect(result.calls >= 1 && result.calls <= 3)
        #expect(result.calls == list.calls[250])
        #expect(list.texts[250].layout.height > 16)
        // The rows below moved down by the extra lines.
        #expect(list.root.children[501].layout.top == before + list.texts[250].layout.height - 40)
    }

    @Test func test_changingTheRootWidthRemeasuresEveryRow() throws {
        let list = try RowList(rows: 1000)
        _ = try list.layout()
        try list.root.updateStyle { $0.width = .points(200) }
        let result = try list.layout()
        #expect(list.calls.allSatisfy { $0 >= 1 })
        #expect(result.calls >= 1000)
    }

    @Test func test_relayoutMatchesAFreshLayout() throws {
        let list = try RowList(rows: 50)
        _ = try list.layout()
        for row in stride(from: 0, to: 49, by: 7) {
            try list.avatars[row].updateStyle { $0.height = .points(Float(30 + row)) }
            list.textLengths[row + 1] = 40
            try list.texts[row + 1].markDirty()
        }
        _ = try list.layout()
        let incremental = frames(list.root)
        let fresh = try RowList(rows: 50)
        for row in stride(from: 0, to: 49, by: 7) {
            try fresh.avatars[row].updateStyle { $0.height = .points(Float(30 + row)) }
            fresh.textLengths[row + 1] = 40
        }
        _ = try fresh.layout()
        #expect(incremental == frames(fresh.root))
    }

    private func frames(_ root: LayoutNode) -> [LayoutFrame] {
        var result: [LayoutFrame] = []
        root.forEachNode { result.append($0.layout.frame) }
        return result
    }
}
