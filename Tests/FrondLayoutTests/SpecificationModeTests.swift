import FrondCorpus
import FrondLayout
import Testing

/// A config without Yoga's `minSizeUndefinedInsteadOfAuto` erratum follows the CSS
/// specification where Yoga does not: automatic minimum sizes (`min-width: auto` on flex
/// items, §4.5), the flexible-length loop (§9.7) and max-content flex bases (§9.2.3).
/// Expected sizes are worked out by hand from the specification (see each test), and each
/// test also pins Yoga's answer under the erratum.
@Suite struct SpecificationModeTests {
    /// Lays out `document` with `errata` and returns the children's main sizes.
    private func mainSizes(_ document: String, errata: Errata, row: Bool = true) throws -> [Float] {
        let config = try LayoutConfig(errata: errata)
        let json = try JSONParser.parse(Array(document.utf8), source: "test")
        let root = try TreeDescription.node(from: json, config: config)
        try root.calculateLayout()
        return root.children.map { row ? $0.layout.width : $0.layout.height }
    }

    /// A shrinking row: A holds an 80-point-wide child, so it cannot become narrower
    /// than 80; B takes the rest of the shrinkage. (Bases 100 + 100 in 100: each would
    /// shrink to 50; A clamps to 80 and freezes; B shrinks by the remaining 80 to 20.)
    static let shrinkingRow = """
    {"style": {"flexDirection": "row", "width": 100, "height": 10},
     "children": [
       {"style": {"flexBasis": 100, "flexShrink": 1}, "children": [{"style": {"width": 80}}]},
       {"style": {"flexBasis": 100, "flexShrink": 1}}]}
    """

    /// An absolutely positioned text with a max width wraps at that width (Chromium: 160×20).
    /// Its width is fit-content within the containing block's 320 and then within its max
    /// width; measured at 320 (one line, 260 wide) and then cut to 160, it kept one line's
    /// height. (From a C developer's layout trial; IntrinsicSizeMeasure: 10 points a
    /// character, wrapping at spaces.)
    @Test func test_anAbsoluteTextWrapsAtItsMaxWidth() throws {
        let config = try LayoutConfig(errata: [])
        config.useWebDefaults = true
        let json = try JSONParser.parse(Array("""
        {"style": {"width": 320}, "children": [
          {"style": {"positionType": "absolute", "maxWidth": 160},
           "measure": {"function": "IntrinsicSizeMeasure", "text": "weekly revenue total units"}}]}
        """.utf8), source: "test")
        let root = try TreeDescription.node(from: json, config: config)
        try root.calculateLayout()
        #expect(root.children[0].layout.width == 160 && root.children[0].layout.height == 20)
    }

    @Test func test_itemDoesNotShrinkBelowItsContent() throws {
        #expect(try mainSizes(Self.shrinkingRow, errata: []) == [80, 20])
    }

    @Test func test_yogaErratumLetsTheItemShrinkBelowItsContent() throws {
        #expect(try mainSizes(Self.shrinkingRow, errata: .minSizeUndefinedInsteadOfAuto) == [50, 50])
    }

    /// The algorithm reads a config's settings as flags worked out when one changes: a
    /// config changed between passes (errata, then web defaults, then back) is followed
    /// from the next pass on.
    @Test func test_aConfigChangedBetweenPassesIsFollowed() throws {
        let config = try LayoutConfig(errata: .minSizeUndefinedInsteadOfAuto)
        let json = try JSONParser.parse(Array(Self.shrinkingRow.utf8), source: "test")
        let root = try TreeDescription.node(from: json, config: config)
        func widths() throws -> [Float] {
            try root.calculateLayout()
            return root.children.map { $0.layout.width }
        }
        #expect(try widths() == [50, 50])
        config.errata = []
        #expect(try widths() == [80, 20])
        config.useWebDefaults = true  // (the row and the shrink factors are set: same sizes)
        #expect(try widths() == [80, 20])
        config.errata = .all
        #expect(try widths() == [50, 50])
        config.errata = []
        config.useWebDefaults = false
        #expect(try widths() == [80, 20])
    }

    @Test func test_explicitMinimumOrClippingOverflowTurnsTheAutomaticMinimumOff() throws {
        let zeroMinimum = Self.shrinkingRow.replacingOccurrences(
            of: #"{"flexBasis": 100, "flexShrink": 1}, "children""#,
            with: #"{"flexBasis": 100, "flexShrink": 1, "minWidth": 0}, "children""#)
        #expect(try mainSizes(zeroMinimum, errata: []) == [50, 50])
        let hidden = Self.shrinkingRow.replacingOccurrences(
            of: #"{"flexBasis": 100, "flexShrink": 1}, "children""#,
            with: #"{"flexBasis": 100, "flexShrink": 1, "overflow": "hidden"}, "children""#)
        #expect(try mainSizes(hidden, errata: []) == [50, 50])
        let explicitAuto = Self.shrinkingRow.replacingOccurrences(
            of: #"{"flexBasis": 100, "flexShrink": 1}, "children""#,
            with: #"{"flexBasis": 100, "flexShrink": 1, "minWidth": "auto"}, "children""#)
        #expect(try mainSizes(explicitAuto, errata: []) == [80, 20])
    }

    @Test func test_specifiedSizeCapsTheContentMinimum() throws {
        // A's width 30 is its specified size suggestion: min(30, content 80) = 30.
        // Bases 30 + 100 in 100: shrink 30 in proportion 30:100.
        let document = """
        {"style": {"flexDirection": "row", "width": 100, "height": 10},
         "children": [
           {"style": {"width": 30, "flexShrink": 1}, "children": [{"style": {"width": 80}}]},
           {"style": {"flexBasis": 100, "flexShrink": 1}}]}
        """
        let sizes = try mainSizes(document, errata: [])
        // 30 - 30 * 30/130 = 23.08 is below 30, so A freezes at 30 and B gets 70.
        #expect(sizes == [30, 70])
    }

    @Test func test_growingColumnItemStartsFromItsBasisNotItsMinimum() throws {
        // A's content is 70 tall; bases 0 and 0 in 100. Each would grow to 50: A clamps
        // up to 70 and freezes, B gets the remaining 30. (Growing from A's clamped size
        // as Yoga's two passes do would give A 85.)
        let document = """
        {"style": {"width": 10, "height": 100},
         "children": [
           {"style": {"flexBasis": 0, "flexGrow": 1}, "children": [{"style": {"height": 70}}]},
           {"style": {"flexBasis": 0, "flexGrow": 1}}]}
        """
        #expect(try mainSizes(document, errata: [], row: false) == [70, 30])
        #expect(try mainSizes(document, errata: .minSizeUndefinedInsteadOfAuto, row: false) == [50, 50])
    }

    @Test func test_maxSizeCapsTheAutomaticMinimum() throws {
        let document = """
        {"style": {"flexDirection": "row", "width": 100, "height": 10},
         "children": [
           {"style": {"flexBasis": 100, "flexShrink": 1, "maxWidth": 60}, "children": [{"style": {"width": 80}}]},
           {"style": {"flexBasis": 100, "flexShrink": 1}}]}
        """
        // A's hypothetical size is 60 (max); bases 100 + 100, hypothetical 60 + 100.
        // Shrinking, A is flexible (its base is above its hypothetical size): each target
        // is 50; A's automatic minimum is min(content 80, max 60) = 60, so A freezes at 60
        // and B shrinks by the remaining 60 to 40.
        #expect(try mainSizes(document, errata: []) == [60, 40])
    }

    @Test func test_textItemKeepsItsWidestWord() throws {
        // A measured leaf asked for at most 0 points answers with its narrowest layout.
        let config = try LayoutConfig(errata: [])
        var rowStyle = LayoutStyle()
        rowStyle.flexDirection = .row
        rowStyle.width = .points(50)
        rowStyle.height = .points(10)
        let root = try LayoutNode(config: config, style: rowStyle)
        var itemStyle = LayoutStyle()
        itemStyle.flexShrink = 1
        itemStyle.flexBasis = .points(100)
        let text = try LayoutNode(config: config, style: itemStyle)
        var asked: [(Float, MeasureMode)] = []
        try text.setMeasureFunction { width, widthMode, _, _ in
            asked.append((width, widthMode))
            // Words of 40 and 20 points: at most `width` wide, never below the widest word.
            let natural: Float = 70
            let used = widthMode == .undefined ? natural : max(40, min(natural, width))
            return LayoutSize(width: used, height: used < natural ? 20 : 10)
        }
        let other = try LayoutNode(config: config, style: itemStyle)
        try root.appendChild(text)
        try root.appendChild(other)
        try root.calculateLayout()
        #expect(asked.contains { $0.0 == 0 && $0.1 == .atMost })
        // Bases 100 + 100 in 50: each would be 25; the text clamps to 40, the other gets 10.
        #expect(text.layout.width == 40)
        #expect(other.layout.width == 10)
    }

    @Test func test_growFactorsBelowOneLeaveSpaceUnused() throws {
        // §9.7: with factors adding up to 0.5, only half of the free space is handed out:
        // 20 + 80 × 0.5. (Yoga starts a lone flexible item from a zero basis and treats
        // factors below 1 as 1, sharing them by ratio: 0 + 100 × 0.5.)
        let document = """
        {"style": {"flexDirection": "row", "width": 100, "height": 10},
         "children": [{"style": {"flexBasis": 20, "flexGrow": 0.5, "flexShrink": 1}}]}
        """
        #expect(try mainSizes(document, errata: []) == [60])
        #expect(try mainSizes(document, errata: .minSizeUndefinedInsteadOfAuto) == [50])
    }

    @Test func test_contentBasisIsTheMaxContentSize() throws {
        // §9.2.3 E: a content-sized item's flex basis is its max-content size, not its size
        // within the container; an item that cannot shrink then overflows. (Yoga measures
        // the basis within the container's width: the text wraps to 100.)
        func layout(_ errata: Errata) throws -> Float {
            let config = try LayoutConfig(errata: errata)
            var rowStyle = LayoutStyle()
            rowStyle.flexDirection = .row
            rowStyle.width = .points(100)
            rowStyle.height = .points(40)
            let root = try LayoutNode(config: config, style: rowStyle)
            let text = try LayoutNode(config: config, style: LayoutStyle())
            try text.setMeasureFunction { width, widthMode, _, _ in
                // 200 points of text in 40-point words, 10 points per line.
                let natural: Float = 200
                let used = widthMode == .undefined ? natural : max(40, min(natural, width))
                return LayoutSize(width: used, height: 10 * (natural / used).rounded(.up))
            }
            try root.appendChild(text)
            try root.calculateLayout()
            return text.layout.width
        }
        #expect(try layout([]) == 200)
        #expect(try layout(.minSizeUndefinedInsteadOfAuto) == 100)
    }
}
