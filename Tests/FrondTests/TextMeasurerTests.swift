import Frond
import FrondTestSupport
import Testing

/// The documented rule of ``MonospaceTextMeasurer``, written the plain way (split the
/// text at spaces, list the lines): the measurer must give exactly these sizes.
private func documentedMonospaceSize(_ text: String, style: TextStyle, width: Float, widthMode: MeasureMode,
                                     height: Float, heightMode: MeasureMode) -> LayoutSize {
    let advance = style.fontSize * 0.6
    let words = text.split(separator: " ", omittingEmptySubsequences: true).map { Float($0.unicodeScalars.count) * advance }
    let natural = words.isEmpty ? 0 : words.reduce(0, +) + Float(words.count - 1) * advance
    let limit: Float
    switch widthMode {
    case .undefined: limit = natural
    case .atMost, .exactly: limit = width
    }
    var lines: [Float] = []
    var line: Float = -1
    for word in words {
        if line < 0 {
            line = word
        } else if line + advance + word <= limit {
            line += advance + word
        } else {
            lines.append(line)
            line = word
        }
    }
    if line >= 0 { lines.append(line) }
    if let maxLines = style.maxLines, lines.count > maxLines { lines.removeLast(lines.count - maxLines) }
    let widest = lines.max() ?? 0
    let measuredWidth = widthMode == .exactly ? width : widest
    var measuredHeight = Float(max(lines.count, 1)) * style.resolvedLineHeight
    if heightMode == .exactly { measuredHeight = height }
    if heightMode == .atMost { measuredHeight = min(measuredHeight, height) }
    return LayoutSize(width: measuredWidth, height: measuredHeight)
}

@Suite struct TextMeasurerTests {
    static let texts = [
        "", " ", "   ", "a", "pretty table", "  leading and trailing  ", "one  two   three", "12345",
        "a b c d e f g h i j k l m n o p", "supercalifragilistic word", "tab\tis not a space",
        "line\nbreak is not a space", "crlf\r\nstays one character",
        // Non-ASCII: scalars, not bytes or characters, set the width.
        "héllo wörld", "e\u{301}te\u{301} e\u{301}", "日本語 のテキスト", "emoji 👍🏽 and 👨‍👩‍👧 family",
        // A space followed by a combining mark is one character, not a separator.
        "a \u{301}b c", " \u{301} \u{301}", "\u{A0}no-break\u{A0}space",
    ]

    @Test(arguments: texts)
    func test_monospaceMeasurerGivesTheDocumentedSizes(text: String) {
        let measurer = MonospaceTextMeasurer()
        let styles = [TextStyle(), TextStyle(fontSize: 10, lineHeight: 13), TextStyle(fontSize: 7.3, maxLines: 1),
                      TextStyle(fontSize: 14, maxLines: 2), TextStyle(fontSize: 0.1)]
        let widths: [Float] = [0, 1, 8.4, 16.8, 25.2, 30, 50.4, 67.2, 100, 1000, .nan]
        let heights: [Float] = [0, 10, 16.8, 100, .nan]
        for style in styles {
            for widthMode in [MeasureMode.undefined, .atMost, .exactly] {
                for width in widths {
                    for heightMode in [MeasureMode.undefined, .atMost, .exactly] {
                        for height in heights {
                            let size = measurer.measure(text, style: style, width: width, widthMode: widthMode,
                                                        height: height, heightMode: heightMode)
                            let expected = documentedMonospaceSize(text, style: style, width: width, widthMode: widthMode,
                                                                   height: height, heightMode: heightMode)
                            #expect(size.width.bitPattern == expected.width.bitPattern,
                                    "\(text.debugDescription) \(style) \(width) \(widthMode): width \(size.width) ≠ \(expected.width)")
                            #expect(size.height.bitPattern == expected.height.bitPattern,
                                    "\(text.debugDescription) \(style) \(height) \(heightMode): height \(size.height) ≠ \(expected.height)")
                        }
                    }
                }
            }
        }
    }

    @Test func test_monospaceMeasurerBreaksLinesAtSpaces() {
        let measurer = MonospaceTextMeasurer()
        // 0.6 × 10 = 6 points per scalar: "aaa bb" is 36 wide on one line, 18 on two.
        let one = measurer.measure("aaa bb", style: TextStyle(fontSize: 10), width: 36, widthMode: .atMost,
                                   height: .nan, heightMode: .undefined)
        #expect(one == LayoutSize(width: 36, height: 12))
        let two = measurer.measure("aaa bb", style: TextStyle(fontSize: 10), width: 35, widthMode: .atMost,
                                   height: .nan, heightMode: .undefined)
        #expect(two == LayoutSize(width: 18, height: 24))
        let clipped = measurer.measure("aaa bb cccc", style: TextStyle(fontSize: 10, maxLines: 2), width: 0,
                                       widthMode: .atMost, height: .nan, heightMode: .undefined)
        #expect(clipped == LayoutSize(width: 18, height: 24))
        let empty = measurer.measure("", style: TextStyle(fontSize: 10), width: .nan, widthMode: .undefined,
                                     height: .nan, heightMode: .undefined)
        #expect(empty == LayoutSize(width: 0, height: 12))
    }

    @Test func test_monospaceMeasurerKeepsNoLineForALimitBelowOne() {
        // (Not reachable through `Text`, which refuses maxLines < 1.)
        let size = MonospaceTextMeasurer().measure("a b", style: TextStyle(fontSize: 10, maxLines: -3), width: 0,
                                                   widthMode: .atMost, height: .nan, heightMode: .undefined)
        #expect(size == LayoutSize(width: 0, height: 12))
    }

    @Test func test_textsAreMeasuredByTheMonospaceMeasurerAgainAfterAnotherOne() throws {
        struct Tall: TextMeasurer {
            func measure(_ text: String, style: TextStyle, width: Float, widthMode: MeasureMode,
                         height: Float, heightMode: MeasureMode) -> LayoutSize {
                LayoutSize(width: 10, height: 70)
            }
        }
        let root = Root(sizeRange: .fitContent(), textMeasurer: Tall())
        root.setComponent(Flexbox { Text("abc", style: TextStyle(fontSize: 10)) })
        try root.flush()
        #expect(root.layout?.frame.height == 70)
        root.textMeasurer = MonospaceTextMeasurer()
        try root.flush()
        #expect(root.layout?.frame.width == 18)
        #expect(root.layout?.frame.height == 12)
        root.textMeasurer = Tall()
        try root.flush()
        #expect(root.layout?.frame.height == 70)
    }

    @Test func test_aTextsWeightAndAlignmentReachItsViewAndItsMeasurer() throws {
        final class Recorder: TextMeasurer, @unchecked Sendable {
            var styles: [TextStyle] = []
            func measure(_ text: String, style: TextStyle, width: Float, widthMode: MeasureMode,
                         height: Float, heightMode: MeasureMode) -> LayoutSize {
                styles.append(style)
                return LayoutSize(width: 10, height: 10)
            }
        }
        let recorder = Recorder()
        let style = TextStyle(fontSize: 12, fontWeight: FontWeight(600), alignment: .center)
        let root = Root(sizeRange: .fitContent(), textMeasurer: recorder)
        root.setComponent(Flexbox { Text("hi", style: style) })
        try root.flush()
        #expect(recorder.styles.first?.fontWeight?.value == 600)
        #expect(recorder.styles.first?.alignment == .center)
        // In name order, after the others.
        let names = Text("hi", style: style).view.attributes.map(\.name)
        #expect(names == ["fontSize", "fontWeight", "lineHeight", "text", "textAlign"])
        let attributes = Dictionary(uniqueKeysWithValues: Text("hi", style: style).view.attributes.map { ($0.name, $0.value) })
        #expect(attributes["fontWeight"] == .number(600))
        #expect(attributes["textAlign"] == .string("center"))
        // Unset, neither appears.
        #expect(Text("hi").view.attributes.map(\.name) == ["fontSize", "lineHeight", "text"])
        // Weights outside the CSS scale do not exist; names map to it.
        #expect(FontWeight(99) == nil && FontWeight(1001) == nil)
        #expect(FontWeight(name: "Bold") == .bold && FontWeight(name: "fat") == nil)
    }
}
