import CPrefetch
import Synchronization

/// A run of text whose size comes from the root's ``TextMeasurer``. It is mounted as a
/// view of type `"text"` with the attributes `text`, `fontSize`, `lineHeight` and, when
/// set, `color`, `fontFamily`, `fontWeight` (a number), `maxLines` and `textAlign`
/// (`"left"`, `"center"`, `"right"` or `"justify"`).
public final class Text: Component, @unchecked Sendable {
    public let text: String
    public let style: TextStyle

    public init(_ text: String, style: TextStyle = TextStyle(), size: ComponentSize = ComponentSize(), key: String? = nil) {
        self.text = text
        self.style = style
        // Made in name order (color, fontFamily, fontSize, fontWeight, lineHeight, maxLines,
        // text, textAlign).
        var attributes: [Attribute] = []
        // (Room for exactly the attributes set: a list of many rows keeps them all.)
        let optional = (style.color == nil ? 0 : 1) + (style.fontFamily == nil ? 0 : 1) + (style.fontWeight == nil ? 0 : 1)
            + (style.maxLines == nil ? 0 : 1) + (style.alignment == nil ? 0 : 1)
        attributes.reserveCapacity(3 + optional)
        if let color = style.color { attributes.append(Attribute(name: "color", value: .color(color))) }
        if let family = style.fontFamily { attributes.append(Attribute(name: "fontFamily", value: .string(family))) }
        attributes.append(Attribute(name: "fontSize", value: .number(Double(style.fontSize))))
        if let weight = style.fontWeight { attributes.append(Attribute(name: "fontWeight", value: .number(Double(weight.value)))) }
        attributes.append(Attribute(name: "lineHeight", value: .number(Double(style.resolvedLineHeight))))
        if let maxLines = style.maxLines { attributes.append(Attribute(name: "maxLines", value: .number(Double(maxLines)))) }
        attributes.append(Attribute(name: "text", value: .string(text)))
        if let alignment = style.alignment { attributes.append(Attribute(name: "textAlign", value: .string(alignment.rawValue))) }
        super.init(view: ViewConfiguration("text", sortedAttributes: attributes), size: size, key: key)
    }

    override func measurement(_ context: BuildContext) -> Measurement? { .text }

    override func measuresLike(_ other: Component) -> Bool {
        guard let other = other as? Text else { return false }
        return other.text == text && other.style == style
    }

    override func validateParameters(_ place: String) throws(FrondError) {
        try style.validate(place)
    }
}

/// How a ``Text`` is set.
public struct TextStyle: Hashable, Sendable {
    /// Font size in points.
    public var fontSize: Float
    /// Distance between baselines; nil = 1.2 × the font size.
    public var lineHeight: Float?
    public var fontFamily: String?
    public var color: Color?
    /// At most this many lines (nil = no limit).
    public var maxLines: Int?
    /// Overrides the weight the family names (nil: the family's, else regular). Measurers
    /// that know fonts measure with it.
    public var fontWeight: FontWeight?
    /// Where the lines sit within the view's width (nil: the renderer's default, left).
    /// Alignment does not change the measured size.
    public var alignment: TextAlignment?

    public init(fontSize: Float = 14, lineHeight: Float? = nil, fontFamily: String? = nil, color: Color? = nil,
                maxLines: Int? = nil, fontWeight: FontWeight? = nil, alignment: TextAlignment? = nil) {
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.fontFamily = fontFamily
        self.color = color
        self.maxLines = maxLines
        self.fontWeight = fontWeight
        self.alignment = alignment
    }

    public var resolvedLineHeight: Float { lineHeight ?? fontSize * 1.2 }

    /// The largest font size and line height (points): the sizes a text's lines add up to
    /// stay finite (a font size of 3e38 made a line height of infinity).
    public static let maximumSize: Float = 1_000_000

    func validate(_ place: String) throws(FrondError) {
        guard fontSize.isFinite && fontSize > 0 else {
            throw FrondError(.invalidValue, "\(place): font size \(fontSize) is not a finite number > 0")
        }
        guard fontSize <= Self.maximumSize else {
            throw FrondError(.invalidValue, "\(place): font size \(fontSize) is above the largest, \(Self.maximumSize) points")
        }
        if let lineHeight, !(lineHeight.isFinite && lineHeight > 0) {
            throw FrondError(.invalidValue, "\(place): line height \(lineHeight) is not a finite number > 0")
        }
        if let lineHeight, lineHeight > Self.maximumSize {
            throw FrondError(.invalidValue, "\(place): line height \(lineHeight) is above the largest, \(Self.maximumSize) points")
        }
        if let maxLines, maxLines < 1 {
            throw FrondError(.invalidValue, "\(place): maxLines \(maxLines) is not ≥ 1")
        }
        try color?.validate("\(place) color")
    }
}

/// Where the lines of a text sit within its view's width.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    case left, center, right
    /// Lines but the last of each paragraph stretch to the full width.
    case justify
}

/// A font weight on the CSS scale: 100 (thin) to 1000, 400 regular, 700 bold.
public struct FontWeight: Hashable, Sendable, CustomStringConvertible {
    public let value: Int

    /// Nil unless `value` is within 100…1000.
    public init?(_ value: Int) {
        guard (100...1000).contains(value) else { return nil }
        self.value = value
    }

    /// Nil unless `number` is a whole number within 100…1000.
    public init?(exactly number: Double) {
        guard let value = Int(exactly: number) else { return nil }
        self.init(value)
    }

    /// A weight by name: `thin` 100, `extralight` 200, `light` 300, `normal`/`regular` 400,
    /// `medium` 500, `semibold` 600, `bold` 700, `extrabold` 800, `heavy`/`black` 900.
    public init?(name: String) {
        guard let value = Self.names[name.lowercased()] else { return nil }
        self.value = value
    }

    public static let regular = FontWeight(unchecked: 400)
    public static let bold = FontWeight(unchecked: 700)

    private init(unchecked value: Int) { self.value = value }

    /// The weights by name (lowercase).
    public static let names: [String: Int] = [
        "thin": 100, "extralight": 200, "ultralight": 200, "light": 300, "normal": 400, "regular": 400,
        "medium": 500, "semibold": 600, "demibold": 600, "bold": 700, "extrabold": 800, "ultrabold": 800,
        "heavy": 900, "black": 900,
    ]

    public var description: String { "\(value)" }
}

/// Measures text for layout. A root uses ``MonospaceTextMeasurer`` unless it is given
/// another (a host that draws text supplies its own, so that what is laid out is what it
/// draws). Called during layout, possibly off the host thread; it must not call back
/// into the root.
public protocol TextMeasurer: Sendable {
    /// The size of `text` set with `style` within the constraints (the modes have the
    /// meaning they have for measure functions: exactly, at most, or unconstrained).
    /// Asked for at most 0 points of width, it answers with its narrowest layout.
    func measure(_ text: String, style: TextStyle, width: Float, widthMode: MeasureMode,
                 height: Float, heightMode: MeasureMode) throws -> LayoutSize
}

/// The default text measurer: a monospace approximation that needs no fonts. Every
/// character (Unicode scalar) is 0.6 × the font size wide; lines break at spaces (a
/// word longer than the line gets a line of its own) and are `lineHeight` apart.
public struct MonospaceTextMeasurer: TextMeasurer {
    public init() {}

    public func measure(_ text: String, style: TextStyle, width: Float, widthMode: MeasureMode,
                        height: Float, heightMode: MeasureMode) -> LayoutSize {
        // (The bytes are read in place: a native string always has them contiguous, and
        // copying it into a variable to ask for them would retain and release its buffer.)
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> MonospaceLines? in
            MonospaceLines(asciiText: bytes, advance: style.fontSize * 0.6, width: width, widthMode: widthMode,
                           maxLines: style.maxLines)
        }
        let lines = (ascii ?? nil)
            ?? MonospaceLines(words: MonospaceLines.wordLengths(text), advance: style.fontSize * 0.6, width: width,
                              widthMode: widthMode, maxLines: style.maxLines)
        let measuredWidth = widthMode == .exactly ? width : lines.widest
        var measuredHeight = Float(max(lines.count, 1)) * style.resolvedLineHeight
        if heightMode == .exactly { measuredHeight = height }
        if heightMode == .atMost { measuredHeight = min(measuredHeight, height) }
        return LayoutSize(width: measuredWidth, height: measuredHeight)
    }
}

/// The lines ``MonospaceTextMeasurer`` sets a text in: how many are kept and the widest
/// of them. Words are runs of characters between spaces, each `advance` wide per Unicode
/// scalar; lines are filled greedily. Computed in two scans of the words (the natural
/// width, then the breaking), with the same floating-point operations in the same order
/// as summing the words and appending lines to a list would use, so every size is
/// exactly what that simpler formulation gives.
struct MonospaceLines {
    /// The number of lines kept (at most `maxLines`).
    var count = 0
    /// The widest kept line (0 without lines).
    var widest: Float = 0

    /// Sets a text given as UTF-8 bytes; nil when the text is not all ASCII (where a space
    /// is always a character of its own and every byte is one scalar).
    @inline(__always)
    init?(asciiText bytes: UnsafeBufferPointer<UInt8>, advance: Float, width: Float, widthMode: MeasureMode,
          maxLines: Int?) {
        for byte in bytes where byte >= 0x80 { return nil }
        self.init(advance: advance, width: width, widthMode: widthMode, maxLines: maxLines) { body in
            var length = 0
            for byte in bytes {
                if byte == 0x20 {
                    if length > 0 { body(length) }
                    length = 0
                } else {
                    length += 1
                }
            }
            if length > 0 { body(length) }
        }
    }

    /// Sets a text given as the scalar counts of its words.
    init(words: [Int], advance: Float, width: Float, widthMode: MeasureMode, maxLines: Int?) {
        self.init(advance: advance, width: width, widthMode: widthMode, maxLines: maxLines) { body in
            for length in words { body(length) }
        }
    }

    /// The scalar count of every word: the text split at space characters (a space that
    /// combines with a following mark into one character does not split).
    static func wordLengths(_ text: String) -> [Int] {
        text.split(separator: " ", omittingEmptySubsequences: true).map { $0.unicodeScalars.count }
    }

    /// `forEachWord` calls its argument with each word's scalar count, in order; it is
    /// run once or twice.
    @inline(__always)
    private init(advance: Float, width: Float, widthMode: MeasureMode, maxLines: Int?,
                 forEachWord: ((Int) -> Void) -> Void) {
        let limit: Float
        switch widthMode {
        case .undefined:
            // The natural width: the words' widths summed in order, plus the spaces between.
            var sum: Float = 0
            var words = 0
            forEachWord { length in
                sum += Float(length) * advance
                words += 1
            }
            limit = words == 0 ? 0 : sum + Float(words - 1) * advance
        case .atMost, .exactly:
            limit = width
        }
        // Greedy line breaking; a line counts once it is complete.
        let kept = max(maxLines ?? Int.max, 0)
        var lines = 0
        var widest: Float = 0
        var line: Float = -1
        @inline(__always) func close(_ line: Float) {
            if lines < kept {
                // As `max()` over the kept lines: the first, then any greater one.
                if lines == 0 || widest < line { widest = line }
            }
            lines += 1
        }
        forEachWord { length in
            let word = Float(length) * advance
            if line < 0 {
                line = word
            } else if line + advance + word <= limit {
                line += advance + word
            } else {
                close(line)
                line = word
            }
        }
        if line >= 0 { close(line) }
        count = min(lines, kept)
        self.widest = count == 0 ? 0 : widest
    }
}

/// The root's current text measurer. Measure functions read it when they run, so a
/// replaced measurer is released at once (a C measurer's destroy function runs when it
/// is replaced, not at the next flush).
///
/// The default ``MonospaceTextMeasurer`` has no state, so while it is the current one a
/// flag (kept in step with the measurer under the lock) lets ``measure(_:style:width:widthMode:height:heightMode:)``
/// call it directly, without the lock or a dynamic call.
final class TextMeasurerSlot: LeafMeasurer, Sendable {
    private let measurer: Mutex<any TextMeasurer>
    private let isMonospace: Atomic<Bool>

    init(_ measurer: any TextMeasurer) {
        self.measurer = Mutex(measurer)
        isMonospace = Atomic(measurer is MonospaceTextMeasurer)
    }

    var current: any TextMeasurer {
        get { measurer.withLock { $0 } }
        set {
            // (The measurer replaced goes after the lock is released: see `replacing`.)
            let replaced = measurer.withLock { current -> any TextMeasurer in
                isMonospace.store(newValue is MonospaceTextMeasurer, ordering: .releasing)
                return replacing(&current, with: newValue)
            }
            _ = replaced
        }
    }

    /// Measures the text of a ``Text``'s node (the root's layout config hands it the
    /// nodes that ``Component/Measurement/text`` set up).
    func measure(_ node: LayoutNode, width: Float, widthMode: MeasureMode, height: Float,
                 heightMode: MeasureMode) throws -> LayoutSize {
        guard let text = (node as? TreeNode)?.component as? Text else {
            throw FrondError(.invalidTree, "the text measurer was asked to measure a node that shows no text")
        }
        return try measure(text.text, style: text.style, width: width, widthMode: widthMode,
                           height: height, heightMode: heightMode)
    }

    /// Asks, for a text's node, for its component (in the node's last fields) and then
    /// for the component's own fields (the text and its style are the last).
    func prefetchInputs(of node: LayoutNode, secondStep: Bool) {
        guard let node = node as? TreeNode else { return }
        if secondStep {
            frond_prefetch_bytes(Unmanaged.passUnretained(node.component).toOpaque(), TextMeasurerSlot.prefetchedTextBytes)
        } else {
            node.prefetchComponentField()
        }
    }

    /// How much of a ``Text`` the second step asks for: the whole object (its text and
    /// style come after everything a component has). `PrefetchTests` checks it.
    static let prefetchedTextBytes = 264

    /// Measures with the current measurer (called outside the lock).
    @inline(__always)
    func measure(_ text: String, style: TextStyle, width: Float, widthMode: MeasureMode,
                 height: Float, heightMode: MeasureMode) throws -> LayoutSize {
        if isMonospace.load(ordering: .acquiring) {
            return MonospaceTextMeasurer().measure(text, style: style, width: width, widthMode: widthMode,
                                                   height: height, heightMode: heightMode)
        }
        return try current.measure(text, style: style, width: width, widthMode: widthMode,
                                   height: height, heightMode: heightMode)
    }
}
