import Synchronization

/// A run of text whose size comes from the root's ``TextMeasurer``. It is mounted as a
/// view of type `"text"` with the attributes `text`, `fontSize`, `lineHeight` and, when
/// set, `color`, `fontFamily` and `maxLines`.
public final class Text: Component, @unchecked Sendable {
    public let text: String
    public let style: TextStyle

    public init(_ text: String, style: TextStyle = TextStyle(), size: ComponentSize = ComponentSize(), key: String? = nil) {
        self.text = text
        self.style = style
        // Made in name order (color, fontFamily, fontSize, lineHeight, maxLines, text).
        var attributes: [Attribute] = []
        attributes.reserveCapacity(6)
        if let color = style.color { attributes.append(Attribute(name: "color", value: .color(color))) }
        if let family = style.fontFamily { attributes.append(Attribute(name: "fontFamily", value: .string(family))) }
        attributes.append(Attribute(name: "fontSize", value: .number(Double(style.fontSize))))
        attributes.append(Attribute(name: "lineHeight", value: .number(Double(style.resolvedLineHeight))))
        if let maxLines = style.maxLines { attributes.append(Attribute(name: "maxLines", value: .number(Double(maxLines)))) }
        attributes.append(Attribute(name: "text", value: .string(text)))
        super.init(view: ViewConfiguration("text", sortedAttributes: attributes), size: size, key: key)
    }

    override func measureFunction(_ context: BuildContext) -> LayoutNode.MeasureFunction? {
        let measurer = context.textMeasurer
        let text = self.text
        let style = self.style
        return { width, widthMode, height, heightMode in
            try measurer.current.measure(text, style: style, width: width, widthMode: widthMode,
                                 height: height, heightMode: heightMode)
        }
    }

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

    public init(fontSize: Float = 14, lineHeight: Float? = nil, fontFamily: String? = nil, color: Color? = nil,
                maxLines: Int? = nil) {
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.fontFamily = fontFamily
        self.color = color
        self.maxLines = maxLines
    }

    public var resolvedLineHeight: Float { lineHeight ?? fontSize * 1.2 }

    func validate(_ place: String) throws(FrondError) {
        guard fontSize.isFinite && fontSize > 0 else {
            throw FrondError(.invalidValue, "\(place): font size \(fontSize) is not a finite number > 0")
        }
        if let lineHeight, !(lineHeight.isFinite && lineHeight > 0) {
            throw FrondError(.invalidValue, "\(place): line height \(lineHeight) is not a finite number > 0")
        }
        if let maxLines, maxLines < 1 {
            throw FrondError(.invalidValue, "\(place): maxLines \(maxLines) is not ≥ 1")
        }
        try color?.validate("\(place) color")
    }
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
        let advance = style.fontSize * 0.6
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map { Float($0.unicodeScalars.count) * advance }
        let natural = words.isEmpty ? 0 : words.reduce(0, +) + Float(words.count - 1) * advance
        let limit: Float
        switch widthMode {
        case .undefined: limit = natural
        case .atMost, .exactly: limit = width
        }
        // Greedy line breaking.
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
}

/// The root's current text measurer. Measure functions read it when they run, so a
/// replaced measurer is released at once (a C measurer's destroy function runs when it
/// is replaced, not at the next flush).
final class TextMeasurerSlot: Sendable {
    private let measurer: Mutex<any TextMeasurer>

    init(_ measurer: any TextMeasurer) {
        self.measurer = Mutex(measurer)
    }

    var current: any TextMeasurer {
        get { measurer.withLock { $0 } }
        set { measurer.withLock { $0 = newValue } }
    }
}
