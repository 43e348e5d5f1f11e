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

    /// The setting of a ``Text`` component's text.
    public init(text: String, style: TextStyle) {
        self.init(text: text, fontFamily: style.fontFamily, fontSize: style.fontSize, lineHeight: style.resolvedLineHeight,
                  fontWeight: style.fontWeight, alignment: style.alignment ?? .left, maxLines: style.maxLines)
    }
}
