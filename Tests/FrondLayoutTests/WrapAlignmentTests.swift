import FrondCorpus
import FrondLayout
import Testing

/// Items of a multi-line container keep their margins and relative offsets when the lines
/// are aligned, and wrap-reverse mirrors margin boxes within the content box. Expected
/// values are worked out by hand from CSS Flexbox §9.4–9.6 (see each test); Yoga 3.2 gets
/// these wrong (it drops flex-start margins, centers border boxes, and mirrors
/// wrap-reverse lines across the padding), and the corpus has no case that shows it.
@Suite struct WrapAlignmentTests {
    private func tops(_ document: String) throws -> [Float] {
        let json = try JSONParser.parse(Array(document.utf8), source: "test")
        // No rounding: the tests check the arithmetic.
        let root = try TreeDescription.node(from: json, config: try LayoutConfig(pointScaleFactor: 0))
        try root.calculateLayout()
        return root.children.map(\.layout.top)
    }

    /// A 40×20 item with a 5-point top margin and a 40×30 item share the first line
    /// (cross size max(25, 30) = 30); a 60×10 item with a 2-point top margin wraps onto
    /// the second line (cross size 12), which starts at 30.
    private func lines(alignItems: String) -> String {
        """
        {"style": {"flexDirection": "row", "flexWrap": "wrap", "alignItems": "\(alignItems)", "width": 100, "height": 100},
         "children": [
           {"style": {"width": 40, "height": 20, "margin": {"top": 5}}},
           {"style": {"width": 40, "height": 30}},
           {"style": {"width": 60, "height": 10, "margin": {"top": 2}}}]}
        """
    }

    @Test func test_flexStartItemsKeepTheirMargins() throws {
        #expect(try tops(lines(alignItems: "flex-start")) == [5, 0, 32])
    }

    @Test func test_centeredItemsCenterTheirMarginBoxes() throws {
        // (30 - 25) / 2 + 5 = 7.5 for the first item.
        #expect(try tops(lines(alignItems: "center")) == [7.5, 0, 32])
    }

    @Test func test_flexEndItemsSitOnTheLineEnd() throws {
        #expect(try tops(lines(alignItems: "flex-end")) == [10, 0, 32])
    }

    @Test func test_relativeOffsetMovesTheAlignedItem() throws {
        let document = lines(alignItems: "flex-start").replacingOccurrences(
            of: #""margin": {"top": 5}"#, with: #""margin": {"top": 5}, "position": {"top": 4}"#)
        #expect(try tops(document) == [9, 0, 32])
    }

    @Test func test_wrapReverseMirrorsWithinTheContentBox() throws {
        // Content box from 10 (top padding) to 100; the line (20 + 4 bottom margin) sits at
        // its far end, 76…100, so the item's top is 76. A relative offset of 4 still moves
        // it down, to 80.
        let document = """
        {"style": {"flexDirection": "row", "flexWrap": "wrap-reverse", "alignItems": "flex-start",
                   "width": 100, "height": 100, "padding": {"top": 10}},
         "children": [{"style": {"width": 50, "height": 20, "margin": {"bottom": 4}}}]}
        """
        #expect(try tops(document) == [76])
        let offset = document.replacingOccurrences(of: #""margin": {"bottom": 4}"#,
                                                   with: #""margin": {"bottom": 4}, "position": {"top": 4}"#)
        #expect(try tops(offset) == [80])
    }
}
