import Dispatch
import Frond
import FrondCairo
import Testing

/// What is laid out is what is drawn: the Pango measurer sizes text with the lines the
/// renderer draws.
@Suite struct MeasurementTests {
    static let paragraph = "Frond computes what the interface is: components, state, layout, animations and "
        + "actions. A host owns the real views; this one draws them into pictures with Cairo and Pango."

    /// A root `width` wide, as high as its content, with a snapshot host and `text`.
    private func mountedText(_ text: Text, width: Float, measurer: (any TextMeasurer)? = nil) throws -> (Root, SnapshotHost, LayoutFrame) {
        let host = SnapshotHost()
        let root = Root(sizeRange: .flexibleHeight(width: width))
        try host.attach(to: root)
        if let measurer { root.textMeasurer = measurer }
        root.setComponent(Flexbox(style: FlexboxStyle(alignItems: .flexStart)) { text })
        try root.flush()
        let frame = try #require(root.layout?.children.first?.frame)
        return (root, host, frame)
    }

    @Test(arguments: [1.0, 2.0])
    func wrappedParagraphsMeasuredHeightIsTheDrawnTextsExtent(scale: Double) throws {
        let style = TextStyle(fontSize: 14, lineHeight: 20)
        let (_, host, frame) = try mountedText(Text(Self.paragraph, style: style), width: 220)
        let lines = Int(frame.height / 20)
        #expect(frame.height == Float(lines) * 20)
        #expect(lines >= 5)
        let image = try host.render(width: 220, height: Double(frame.height), scale: scale)
        let ink = try #require(image.inkBounds())
        let line = 20 * scale
        // The ink fills exactly the measured lines: it starts in the first line box, ends
        // in the last one, and stays within the measured frame.
        #expect(Double(ink.y.lowerBound) < line / 2)
        #expect(Double(ink.y.upperBound) >= Double(frame.height) * scale - line)
        #expect(Double(ink.y.upperBound) < Double(frame.height) * scale)
        #expect(Double(ink.x.upperBound) < Double(frame.width) * scale)
        #expect(image.inkBands().count == lines)
    }

    @Test func theMonospaceEstimateWouldNotFitTheDrawnText() throws {
        // Narrow letters: the monospace estimate (0.6 em a character) needs more lines than
        // DejaVu Sans sets, so its frame is taller than the ink; the Pango frame is not.
        let text = Text(String(repeating: "ill fill mill ", count: 12), style: TextStyle(fontSize: 14, lineHeight: 20))
        let (_, pangoHost, pangoFrame) = try mountedText(text, width: 200)
        let (_, _, monospaceFrame) = try mountedText(text, width: 200, measurer: MonospaceTextMeasurer())
        let drawnLines = try pangoHost.render(width: 200, height: Double(pangoFrame.height)).inkBands().count
        #expect(Float(drawnLines) * 20 == pangoFrame.height)
        #expect(monospaceFrame.height > pangoFrame.height + 20)
    }

    @Test func aTextComponentIsDrawnWithTheFontItWasMeasuredWith() throws {
        for family in ["DejaVu Sans", "DejaVu Serif Bold", "DejaVu Sans Mono"] {
            let style = TextStyle(fontSize: 24, fontFamily: family)
            let (_, host, frame) = try mountedText(Text("Measured", style: style), width: 400)
            #expect(frame.width < 400)                                    // its natural width
            let ink = try #require(try host.render(width: 400, height: Double(frame.height)).inkBounds())
            // The drawn word ends where its measured frame ends (less the side bearing).
            #expect(ink.x.upperBound < Int(frame.width.rounded(.up)), "\(family)")
            #expect(ink.x.upperBound >= Int(frame.width) - 4, "\(family): ink ends at \(ink.x.upperBound), frame \(frame)")
        }
    }

    @Test func aTextComponentsWeightIsMeasuredAndDrawn() throws {
        let regular = TextStyle(fontSize: 24, fontFamily: "DejaVu Sans")
        var bold = regular
        bold.fontWeight = .bold
        let (_, regularHost, regularFrame) = try mountedText(Text("Weighty words", style: regular), width: 400)
        let (_, boldHost, boldFrame) = try mountedText(Text("Weighty words", style: bold), width: 400)
        // Bold glyphs are wider, and the measurer knows it.
        #expect(boldFrame.width > regularFrame.width + 5, "regular \(regularFrame), bold \(boldFrame)")
        let regularImage = try regularHost.render(width: 400, height: Double(regularFrame.height))
        let boldImage = try boldHost.render(width: 400, height: Double(boldFrame.height))
        let boldInk = try #require(boldImage.inkBounds())
        #expect(boldInk.x.upperBound < Int(boldFrame.width.rounded(.up)))
        #expect(boldInk.x.upperBound >= Int(boldFrame.width) - 4)
        // More ink per letter.
        #expect(boldImage.inkCount() > regularImage.inkCount() * 5 / 4)
    }

    @Test func aTextComponentsAlignmentPlacesItsLines() throws {
        // A stretched text 300 wide whose words need much less: the alignment moves them.
        func ink(_ alignment: TextAlignment?) throws -> ClosedRange<Int> {
            let text = Text("Centre", style: TextStyle(fontSize: 20, fontFamily: "DejaVu Sans", alignment: alignment))
            let host = SnapshotHost()
            let root = Root(sizeRange: .fixed(width: 300, height: 40))
            try host.attach(to: root)
            root.setComponent(Flexbox { text })
            try root.flush()
            return try #require(try host.render(width: 300, height: 40).inkBounds()).x
        }
        let left = try ink(.left), center = try ink(.center), right = try ink(.right)
        #expect(try ink(nil) == left)
        #expect(left.lowerBound < 5)
        #expect(right.upperBound > 293)
        #expect(abs((center.lowerBound - 0) - (299 - center.upperBound)) <= 3, "centered ink \(center)")
        // The same word: the same ink width wherever it sits.
        #expect(abs(left.count - center.count) <= 1 && abs(left.count - right.count) <= 1)
    }

    @Test func theMeasurerAnswersEachMeasureMode() throws {
        let measurer = PangoTextMeasurer()
        let style = TextStyle(fontSize: 10, lineHeight: 12)
        let natural = try measurer.measure("two words", style: style, width: .nan, widthMode: .undefined, height: .nan,
                                       heightMode: .undefined)
        #expect(natural.height == 12 && natural.width > 30 && natural.width < 60)
        let exact = try measurer.measure("two words", style: style, width: 100, widthMode: .exactly, height: 5, heightMode: .exactly)
        #expect(exact == LayoutSize(width: 100, height: 5))
        let narrow = try measurer.measure("two words", style: style, width: 0, widthMode: .atMost, height: .nan, heightMode: .undefined)
        #expect(narrow.height == 24 && narrow.width < natural.width)       // the narrowest layout: a word a line
        let clamped = try measurer.measure("two words", style: style, width: 0, widthMode: .atMost, height: 20, heightMode: .atMost)
        #expect(clamped.height == 20)
        let limited = try measurer.measure(String(repeating: "word ", count: 40), style: TextStyle(fontSize: 10, lineHeight: 12, maxLines: 3),
                                       width: 60, widthMode: .atMost, height: .nan, heightMode: .undefined)
        #expect(limited.height == 36 && limited.width <= 60)
        #expect(try measurer.measure("", style: style, width: .nan, widthMode: .undefined, height: .nan, heightMode: .undefined)
                == LayoutSize(width: 0, height: 12))
    }

    @Test func measuringFromManyThreadsGivesTheSameSizes() throws {
        let measurer = PangoTextMeasurer()
        let style = TextStyle(fontSize: 13)
        let expected = try measurer.measure(Self.paragraph, style: style, width: 150, widthMode: .atMost, height: .nan,
                                        heightMode: .undefined)
        let results = ResultBox(count: 64)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            results.set(index, try? measurer.measure(Self.paragraph, style: style, width: 150, widthMode: .atMost, height: .nan,
                                                heightMode: .undefined))
        }
        #expect(results.all.allSatisfy { $0 == expected })
    }

    @Test func aMissingFontMeasuredForLayoutIsReportedByTheHost() throws {
        let style = TextStyle(fontFamily: "Frond Missing Sans")
        let (_, host, _) = try mountedText(Text("hello", style: style), width: 100)
        #expect(host.diagnostics.messages == ["font family \"Frond Missing Sans\" is not installed: text is set in \"DejaVu Sans\" instead"])
    }
}

/// Results written from concurrent iterations, each to its own slot.
private final class ResultBox: @unchecked Sendable {
    private var values: [LayoutSize?]
    private let lock = DispatchQueue(label: "results")
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: LayoutSize?) { lock.sync { values[index] = value } }
    var all: [LayoutSize?] { lock.sync { values } }
}
