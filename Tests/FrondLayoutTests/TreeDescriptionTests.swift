import FrondCorpus
import FrondLayout
import Testing

/// Bad tree descriptions are refused with a message that names the place.
@Suite struct TreeDescriptionTests {
    static let badDocuments: [(String, String)] = [
        (#"{"style": {"width": 100,}}"#, "test:1:25: malformed JSON"),
        (#"{"style": {"width": 10}, "style": {}}"#, "duplicate member"),
        (#"{"style": {"width": NaN}}"#, "test:1:21: malformed JSON: expected a value"),
        (#"{"style": {"width": 1e999}}"#, "out of range"),
        (#"{"style": "wide"}"#, "root.style: expected an object"),
        (#"{"style": {"widht": 1}}"#, "root.style.widht: unknown style key"),
        (#"{"style": {"width": -5}}"#, "root.style.width: -5 is negative"),
        (#"{"style": {"padding": {"top": "auto"}}}"#, "root.style.padding.top"),
        (#"{"style": {"margin": {"middle": 1}}}"#, "root.style.margin.middle: unknown edge"),
        (#"{"children": [{"style": {"flexDirection": "diagonal"}}]}"#, "root.children[0].style.flexDirection"),
        (#"{"children": [{"children": [3]}]}"#, "root.children[0].children[0]: expected a node object"),
        (#"{"measure": {"function": "Magic", "text": "x"}}"#, "unknown measure function"),
        (#"{"colour": "red"}"#, "root.colour: unknown node key"),
        (#"[[[["#, "malformed JSON"),
    ]

    @Test(arguments: 0..<badDocuments.count)
    func test_badDocumentIsRefusedWithItsPlace(index: Int) throws {
        let (document, expected) = Self.badDocuments[index]
        let error = #expect(throws: CorpusError.self) {
            let json = try JSONParser.parse(Array(document.utf8), source: "test")
            _ = try TreeDescription.node(from: json, config: LayoutConfig())
        }
        #expect(error?.message.contains(expected) == true, "\(error?.message ?? "no error")")
    }

    @Test func test_treesDeeperThanTheLimitAreRefused() throws {
        var document = ""
        for _ in 0..<(LayoutNode.maximumDepth + 1) { document += #"{"children": ["# }
        document += "{}"
        for _ in 0..<(LayoutNode.maximumDepth + 1) { document += "]}" }
        let json = try JSONParser.parse(Array(document.utf8), source: "test")
        let error = #expect(throws: CorpusError.self) { _ = try TreeDescription.node(from: json, config: LayoutConfig()) }
        #expect(error?.message.contains("deeper than \(LayoutNode.maximumDepth)") == true)
    }

    @Test func test_absurdNestingIsRefusedWithoutRecursingDeeply() throws {
        let document = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = #expect(throws: CorpusError.self) { _ = try JSONParser.parse(Array(document.utf8), source: "test") }
        #expect(error?.message.contains("nested more than") == true)
    }

    @Test func test_explicitDefaultsLayOutLikeAbsentKeys() throws {
        let spelledOut = #"""
            {"style": {"width": 200, "height": 100, "flexDirection": "row", "display": "flex",
                       "positionType": "relative", "minWidth": "auto", "maxWidth": "none",
                       "position": {"left": "auto", "top": "auto", "right": "auto", "bottom": "auto"},
                       "flexBasis": "auto", "alignContent": "flex-start", "boxSizing": "border-box"},
             "children": [{"style": {"flexGrow": 1, "minHeight": "auto", "maxHeight": "none",
                                     "position": {"start": "auto", "end": "auto"}, "overflow": "visible"}}]}
            """#
        let bare = #"{"style": {"width": 200, "height": 100, "flexDirection": "row"}, "children": [{"style": {"flexGrow": 1}}]}"#
        let first = try TreeDescription.node(from: try JSONParser.parse(Array(spelledOut.utf8), source: "a"),
                                             config: LayoutConfig())
        let second = try TreeDescription.node(from: try JSONParser.parse(Array(bare.utf8), source: "b"),
                                              config: LayoutConfig())
        try first.calculateLayout()
        try second.calculateLayout()
        #expect(first.children[0].layout.frame == second.children[0].layout.frame)
        #expect(first.children[0].layout.width == 200)
    }

    /// Whole numbers and strings without escapes take a shorter path; they decode exactly
    /// as the general path does (which numbers with a fraction or more digits, and strings
    /// with escapes, take).
    @Test func test_shortcutsDecodeLikeTheGeneralPath() throws {
        let document = #"""
            [0, -0, 7, -42, 123456789012345, -123456789012345, 1234567890123456, 9007199254740993,
             7.0, -0.0, 1e2, "plain", "caf\u00e9", "café", "", "a\u0022b"]
            """#
        guard case .array(let values) = try JSONParser.parse(Array(document.utf8), source: "test") else {
            Issue.record("not an array")
            return
        }
        let expected: [JSON] = [.number(0), .number(-0.0), .number(7), .number(-42), .number(123_456_789_012_345),
                                .number(-123_456_789_012_345), .number(1_234_567_890_123_456),
                                .number(9_007_199_254_740_992), .number(7), .number(-0.0), .number(100),
                                .string("plain"), .string("café"), .string("café"), .string(""), .string("a\"b")]
        #expect(values == expected)
        // The sign of zero survives the shortcut.
        if case .number(let zero) = values[1] { #expect(zero.sign == .minus) }
        for bad in ["[\"a\u{01}b\"]", "[-]", "[01]", "[\"\\x\"]"] {
            #expect(throws: CorpusError.self) { _ = try JSONParser.parse(Array(bad.utf8), source: "test") }
        }
        // Invalid UTF-8 inside a string without escapes.
        #expect(throws: CorpusError.self) {
            _ = try JSONParser.parse([UInt8(ascii: "\""), 0xC3, 0x28, UInt8(ascii: "\"")], source: "test")
        }
    }

    @Test func test_stringsWithEscapesAreDecoded() throws {
        let json = try JSONParser.parse(Array(#"{"a": "x\"y\\z\n\u00e9\ud83d\ude00"}"#.utf8), source: "test")
        #expect(json["a"] == .string("x\"y\\z\né😀"))
    }
}
