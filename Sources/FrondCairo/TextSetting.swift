import Frond

/// Everything that decides how a run of text is set: what the measurer lays out and the
/// renderer draws. A ``Text`` component's view carries its ``TextStyle`` as attributes,
/// and both sides make the same setting from them, so the drawn lines are the measured
/// ones.
public struct TextSetting: Hashable, Sendable {
    public var text: String
    /// A Pango font description: a family list with optional style words, such as
    /// `"DejaVu Sans"`, `"DejaVu Sans Bold"` or `"DejaVu Serif, serif Italic"`; nil is the
    /// typesetter's default family.
    public var fontFamily: String?
    /// Points; finite and > 0.
    public var fontSize: Float
    /// Distance between baselines, in points; finite and > 0.
    public var lineHeight: Float
    /// Overrides the weight the family description names (nil: the description's, else
    /// regular).
    public var fontWeight: FontWeight?
    public var alignment: TextAlignment
    /// At most this many lines; a text that needs more ends the last with an ellipsis.
    public var maxLines: Int?

    public init(text: String, fontFamily: String? = nil, fontSize: Float = 14, lineHeight: Float? = nil,
                fontWeight: FontWeight? = nil, alignment: TextAlignment = .left, maxLines: Int? = nil) {
        self.text = text
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.lineHeight = lineHeight ?? fontSize * 1.2
        self.fontWeight = fontWeight
        self.alignment = alignment
        self.maxLines = maxLines
    }

    /// The setting of a ``Text`` component's text (left-aligned, weight from the family).
    public init(text: String, style: TextStyle) {
        self.init(text: text, fontFamily: style.fontFamily, fontSize: style.fontSize, lineHeight: style.resolvedLineHeight,
                  maxLines: style.maxLines)
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

    /// A weight by name: `thin` 100, `extralight` 200, `light` 300, `normal`/`regular` 400,
    /// `medium` 500, `semibold` 600, `bold` 700, `extrabold` 800, `heavy`/`black` 900.
    public init?(name: String) {
        guard let value = Self.names[name.lowercased()] else { return nil }
        self.value = value
    }

    public static let regular = FontWeight(unchecked: 400)
    public static let bold = FontWeight(unchecked: 700)

    private init(unchecked value: Int) { self.value = value }

    static let names: [String: Int] = [
        "thin": 100, "extralight": 200, "ultralight": 200, "light": 300, "normal": 400, "regular": 400,
        "medium": 500, "semibold": 600, "demibold": 600, "bold": 700, "extrabold": 800, "ultrabold": 800,
        "heavy": 900, "black": 900,
    ]

    public var description: String { "\(value)" }
}
