import CPangoCairo
import Frond

// What a host that draws text with another engine (a browser) needs to draw it as Pango
// set it: where the lines break, and the font file Pango used.

/// A text's lines as Pango breaks them: each line's text, and whether the last one was cut
/// short by `maxLines` (it then holds the rest of its paragraph, drawn clipped to the line's
/// width and ending in an ellipsis).
package struct TextLines: Equatable, Sendable {
    package var lines: [String]
    /// Each line's logical width, in points.
    package var widths: [Float]
    package var ellipsized: Bool

    package init(lines: [String], widths: [Float], ellipsized: Bool) {
        self.lines = lines
        self.widths = widths
        self.ellipsized = ellipsized
    }
}

/// A font file as Pango uses it.
package struct FontFile: Sendable {
    package var bytes: [UInt8]
    /// The face Pango chose ("DejaVu Sans Bold").
    package var description: String
}

extension Typesetter {
    /// The text setting a view's attributes make (as the renderer reads them), or nil
    /// when they have no `text`. Throws for attributes the renderer would refuse.
    package static func textSetting(ofView attributes: [String: AttributeValue]) throws(RenderError) -> TextSetting? {
        try ViewStyle(attributes, place: "view").text
    }

    /// `setting`'s lines within `width` points, as drawn.
    package func lines(of setting: TextSetting, width: Float) throws(RenderError) -> TextLines {
        try Self.check(setting)
        let text = PangoSession.displayedText(setting.text)
        let bytes = Array(text.utf8)
        let ((ranges, ellipsized), warning) = PangoSession.shared.withLayout(
            setting, family: family(of: setting), wrapWidth: max(width, 0), metrics: false
        ) { layout in
            (layout.lines.map { line in (Int(line.line.pointee.start_index), Int(line.line.pointee.length), line.width) },
             layout.ellipsized)
        }
        if let warning { diagnostics.report(warning) }
        var lines: [String] = []
        for (start, length, _) in ranges {
            let lower = min(max(start, 0), bytes.count)
            let upper = min(max(lower + max(length, 0), lower), bytes.count)
            lines.append(String(decoding: bytes[lower..<upper], as: UTF8.self))
        }
        // (When Pango cut the text short, the last line holds the rest of its paragraph: a
        // host clips it at the line's width, ending in an ellipsis.)
        return TextLines(lines: lines, widths: ranges.map(\.2), ellipsized: ellipsized)
    }

    /// The font file Pango sets `family` (a font description; nil: the default family) in at
    /// `weight` (nil: the description's), or nil when Pango has no font for it.
    package func fontFile(family: String?, weight: FontWeight?) -> FontFile? {
        let setting = TextSetting(text: "", fontFamily: family, fontSize: 16, fontWeight: weight)
        return PangoSession.shared.fontFile(setting, family: self.family(of: setting))
    }
}

extension PangoSession {
    /// The text Pango is given for `text` (a NUL is shown as U+FFFD).
    static func displayedText(_ text: String) -> String {
        guard text.utf8.contains(0) else { return text }
        return String(text.unicodeScalars.map { $0 == "\0" ? "\u{FFFD}" : Character($0) })
    }
}
