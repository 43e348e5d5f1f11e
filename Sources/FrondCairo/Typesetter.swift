import CCairo
import CPangoCairo
import Frond
import Synchronization

/// Sets text with Pango for both sides of "what is laid out is what is drawn": the
/// ``PangoTextMeasurer`` asks it for sizes, the renderer for the same lines to draw.
///
///     TextSetting ──► PangoSession.layout (one font map, one context, unhinted metrics)
///                        ├─► measure: the kept lines' widest logical width × (lines × lineHeight)
///                        └─► draw:    each kept line at its own baseline, lineHeight apart
///
/// Lines break at word boundaries within the width (a word longer than the line gets a
/// line of its own and sticks out, as ``MonospaceTextMeasurer``'s do); `maxLines` keeps
/// that many lines and ends the last with an ellipsis. Every line box is `lineHeight`
/// high and holds its text's ascent and descent centred (CSS's half-leading), so a text of
/// n lines is exactly n × `lineHeight` high, measured and drawn. Metrics are not hinted and
/// glyph positions not rounded, so the lines are the same at every scale.
///
/// A family that fontconfig does not have is replaced by its closest match, and the
/// replacement is reported to the typesetter's ``Diagnostics``.
public final class Typesetter: Sendable {
    /// The family text is set in when its setting names none: "DejaVu Sans" (Debian's
    /// fonts-dejavu-core), chosen so that snapshots are the same on every machine with it.
    public static let standardFontFamily = "DejaVu Sans"

    public let defaultFontFamily: String
    public let diagnostics: Diagnostics

    /// The largest font size and line height set, in points (Pango keeps sizes in 32-bit
    /// integers of 1/1024 point; larger ones are refused rather than wrapped).
    public static let maximumFontSize: Float = 10000

    /// The largest font size drawn, in device pixels per em (the font size × the scale it
    /// is drawn at, the image's and its views'). FreeType sets at most 65535; a failure
    /// there stays in Pango's fonts and breaks every later text of the process, so larger
    /// ones are refused with ``RenderError/Kind/limitExceeded`` before Pango sees them.
    public static let maximumPixelsPerEm: Double = 32768

    public init(defaultFontFamily: String = Typesetter.standardFontFamily, diagnostics: Diagnostics = Diagnostics()) {
        self.defaultFontFamily = defaultFontFamily.isEmpty ? Typesetter.standardFontFamily : defaultFontFamily
        self.diagnostics = diagnostics
    }

    /// The size of `setting`'s text within the constraints (the modes have the meaning
    /// they have for measure functions). Throws for a font size or line height that is
    /// not finite, not above 0 or above ``maximumFontSize``.
    public func measure(_ setting: TextSetting, width: Float, widthMode: MeasureMode, height: Float,
                        heightMode: MeasureMode) throws(RenderError) -> LayoutSize {
        try Self.check(setting)
        let wrapWidth: Float? = widthMode == .undefined || !width.isFinite ? nil : max(width, 0)
        let (lines, warning) = PangoSession.shared.withLayout(setting, family: family(of: setting), wrapWidth: wrapWidth,
                                                               metrics: false) {
            layout in layout.lines.map(\.width)
        }
        if let warning { diagnostics.report(warning) }
        let widest = lines.max() ?? 0
        var size = LayoutSize(width: widthMode == .exactly ? width : widest,
                              height: Float(max(lines.count, 1)) * setting.lineHeight)
        if heightMode == .exactly { size.height = height }
        if heightMode == .atMost { size.height = min(size.height, height) }
        return size
    }

    /// The number of lines `setting`'s text takes within `width` points (nil: unlimited).
    public func lineCount(_ setting: TextSetting, width: Float?) throws(RenderError) -> Int {
        try Self.check(setting)
        let (count, warning) = PangoSession.shared.withLayout(setting, family: family(of: setting), wrapWidth: width) {
            layout in layout.lines.count
        }
        if let warning { diagnostics.report(warning) }
        return count
    }

    /// Throws unless the setting's sizes are finite, above 0 and at most ``maximumFontSize``.
    static func check(_ setting: TextSetting) throws(RenderError) {
        // (A text without a line height of its own has 1.2 × its font size: the message says
        // so, since that text never gave the number.)
        for (name, value) in [("font size", setting.fontSize),
                              ("line height (its own, or 1.2 × the font size)", setting.lineHeight)]
        where !(value.isFinite && value > 0 && value <= maximumFontSize) {
            throw RenderError(.invalidValue, "\(name) \(value) is not a finite number within 0…\(Int(maximumFontSize)) (above 0)")
        }
    }

    /// Draws `setting`'s text into the Cairo context `cairo` with its top-left corner at
    /// (`x`, `y`) in user space, wrapped within `width` points, in `color`.
    func draw(_ setting: TextSetting, into cairo: OpaquePointer, x: Double, y: Double, width: Float,
              color: Color) throws(RenderError) {
        try Self.check(setting)
        let pixelsPerEm = Double(setting.fontSize) * cairoDeviceScale(cairo)
        guard pixelsPerEm <= Self.maximumPixelsPerEm else {
            throw RenderError(.limitExceeded, "font size \(setting.fontSize) is drawn at \(ImageLimits.format(pixelsPerEm.rounded(.up))) "
                              + "pixels per em, above the limit of \(ImageLimits.format(Self.maximumPixelsPerEm))")
        }
        let warning = PangoSession.shared.withLayout(setting, family: family(of: setting), wrapWidth: max(width, 0)) {
            layout in
            cairo_set_source_rgba(cairo, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
            for (index, line) in layout.lines.enumerated() {
                let baseline = y + Double(index) * Double(setting.lineHeight) + layout.baselineOffset
                cairo_move_to(cairo, x + line.x, baseline)
                pango_cairo_show_layout_line(cairo, line.line)
            }
        }.warning
        if let warning { diagnostics.report(warning) }
    }

    func family(of setting: TextSetting) -> String {
        guard let family = setting.fontFamily, !family.isEmpty else { return defaultFontFamily }
        return family
    }
}

/// Device pixels per user-space unit of `cairo`'s current matrix (the longer image of the
/// unit vectors; exact for the uniform scales the renderer makes).
func cairoDeviceScale(_ cairo: OpaquePointer) -> Double {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cairo, &matrix)
    return max((matrix.xx * matrix.xx + matrix.yx * matrix.yx).squareRoot(),
               (matrix.xy * matrix.xy + matrix.yy * matrix.yy).squareRoot())
}

/// Pango's state, shared by every typesetter of the process and used under one lock
/// (Pango objects are not thread-safe): a fontconfig font map and a context with fixed
/// font options, so that text is set the same way for measuring and drawing.
final class PangoSession: Sendable {
    static let shared = PangoSession()

    /// A laid-out text during ``withLayout(_:family:wrapWidth:_:)``.
    struct Layout {
        struct Line {
            /// The `PangoLayoutLine`, valid during the call.
            let line: UnsafeMutablePointer<PangoLayoutLine>
            /// The line's left edge (alignment included) and logical width, in points.
            let x: Double
            let width: Float
        }
        /// The kept lines (at most the setting's `maxLines`).
        var lines: [Line]
        /// Whether Pango cut the text short (`maxLines`): the last line ends with an ellipsis.
        var ellipsized = false
        /// From a line box's top to its baseline: half the leading plus the ascent.
        var baselineOffset: Double
    }

    private struct Handles: @unchecked Sendable {
        let fontMap: UnsafeMutablePointer<PangoFontMap>
        let context: OpaquePointer
        /// What fontconfig gave for each requested family list: nil when it is one of
        /// them, else the warning to report.
        var substitutions: [String: String?] = [:]
    }

    private let handles: Mutex<Handles>

    private init() {
        // A font map and context of our own (pango_cairo_font_map_get_default is per
        // thread); both live as long as the process.
        guard let fontMap = pango_cairo_font_map_new(), let context = pango_font_map_create_context(fontMap) else {
            // GLib aborts when it runs out of memory, so Pango never answers NULL here.
            fatalError("Pango could not make a font map and context")
        }
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        handles = Mutex(Handles(fontMap: fontMap, context: context))
    }

    /// Lays out `setting`'s text in `family` and calls `body` with it, under the lock
    /// (`metrics` false: the layout's baseline offset is left 0, for callers that only
    /// read its lines).
    /// Also returns the warning about a substituted family, if any.
    func withLayout<Result>(_ setting: TextSetting, family: String, wrapWidth: Float?, metrics: Bool = true,
                            _ body: (Layout) -> Result) -> (Result, warning: String?) {
        handles.withLock { handles in
            let description = Self.fontDescription(setting, family: family)
            defer { pango_font_description_free(description) }
            let warning = Self.substitution(for: family, description, &handles)
            guard let layout = pango_layout_new(handles.context) else { fatalError("Pango could not make a layout") }
            defer { cpango_object_unref(UnsafeMutableRawPointer(layout)) }
            Self.configure(layout, setting, description, wrapWidth: wrapWidth)
            var baselineOffset = 0.0
            if metrics {
                let metrics = pango_context_get_metrics(handles.context, description, nil)
                let ascent = Double(pango_font_metrics_get_ascent(metrics)) / Double(cpango_scale())
                let descent = Double(pango_font_metrics_get_descent(metrics)) / Double(cpango_scale())
                pango_font_metrics_unref(metrics)
                baselineOffset = (Double(setting.lineHeight) - (ascent + descent)) / 2 + ascent
            }
            let result = body(Layout(lines: Self.lines(of: layout, keeping: setting.maxLines),
                                     ellipsized: pango_layout_is_ellipsized(layout) != 0, baselineOffset: baselineOffset))
            return (result, warning)
        }
    }

    private static func fontDescription(_ setting: TextSetting, family: String) -> OpaquePointer {
        // Any string parses (unknown words become part of the family name).
        guard let description = pango_font_description_from_string(family) else {
            fatalError("Pango could not make a font description")
        }
        pango_font_description_set_absolute_size(description, Double(setting.fontSize) * Double(cpango_scale()))
        if let weight = setting.fontWeight {
            pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(weight.value)))
        }
        return description
    }

    private static func configure(_ layout: OpaquePointer, _ setting: TextSetting, _ description: OpaquePointer,
                                  wrapWidth: Float?) {
        // Pango refuses text with NUL bytes; a NUL is shown as U+FFFD.
        displayedText(setting.text).withCString { pango_layout_set_text(layout, $0, Int32(clamping: strlen($0))) }
        pango_layout_set_font_description(layout, description)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
        if let wrapWidth {
            // Pango units, rounded down; at least one unit (0 would mean "no width").
            let units = (Double(wrapWidth) * Double(cpango_scale())).rounded(.down)
            pango_layout_set_width(layout, Int32(max(1, min(units, Double(Int32.max)))))
        }
        if let maxLines = setting.maxLines {
            pango_layout_set_height(layout, -Int32(clamping: max(maxLines, 1)))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
        // Left and right are the frame's sides whatever the text's direction: Pango swaps them
        // for a right-to-left paragraph (its base direction, found from the text), so they are
        // swapped back for one. (The layout has one alignment: a text whose paragraphs differ
        // in direction is aligned by its first.)
        // (Pango finds the direction as it lays the text out, which setting the alignment
        // afterwards makes it do again: only for a text with a right-to-left letter in it.)
        let rightToLeft = setting.alignment != .center && Self.mayBeRightToLeft(setting.text)
            && pango_layout_get_line_readonly(layout, 0).map {
                pango_layout_line_get_resolved_direction($0) == PANGO_DIRECTION_RTL
            } ?? false
        switch setting.alignment {
        case .left: pango_layout_set_alignment(layout, rightToLeft ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, rightToLeft ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT)
        case .justify:
            pango_layout_set_alignment(layout, rightToLeft ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
            pango_layout_set_justify(layout, 1)
        }
    }

    /// Whether `text` has a letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana,
    /// N'Ko, Samaritan, Mandaic, their presentation forms, and the historic ones above
    /// U+10800): a paragraph can only be right-to-left with one.
    static func mayBeRightToLeft(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
            default: false
            }
        }
    }

    private static func lines(of layout: OpaquePointer, keeping maxLines: Int?) -> [Layout.Line] {
        var lines: [Layout.Line] = []
        let limit = maxLines ?? Int.max
        guard let iterator = pango_layout_get_iter(layout) else { return lines }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard lines.count < limit, let line = pango_layout_iter_get_line_readonly(iterator) else { break }
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let scale = Double(cpango_scale())
            lines.append(Layout.Line(line: line, x: Double(logical.x) / scale, width: Float(Double(logical.width) / scale)))
        } while pango_layout_iter_next_line(iterator) != 0
        return lines
    }

    /// The bytes of the font file Pango sets `setting` in (its family and weight), from
    /// HarfBuzz's face (the whole file for a file of one face); nil when there is none.
    func fontFile(_ setting: TextSetting, family: String) -> FontFile? {
        handles.withLock { handles -> FontFile? in
            let description = Self.fontDescription(setting, family: family)
            defer { pango_font_description_free(description) }
            guard let font = pango_font_map_load_font(handles.fontMap, handles.context, description) else { return nil }
            defer { cpango_object_unref(UnsafeMutableRawPointer(font)) }
            var name = ""
            if let actual = pango_font_describe(font) {
                pango_font_description_unset_fields(actual, PANGO_FONT_MASK_SIZE)
                if let text = pango_font_description_to_string(actual) {
                    name = String(cString: text)
                    g_free(text)
                }
                pango_font_description_free(actual)
            }
            guard let hbFont = pango_font_get_hb_font(font), let face = hb_font_get_face(hbFont),
                  let blob = hb_face_reference_blob(face) else { return nil }
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
            let bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
            return FontFile(bytes: Array(bytes), description: name)
        }
    }

    /// The warning for a family list fontconfig has none of (cached per list).
    private static func substitution(for family: String, _ description: OpaquePointer,
                                     _ handles: inout Handles) -> String? {
        if let known = handles.substitutions[family] { return known }
        var warning: String? = nil
        let requested = pango_font_description_get_family(description).flatMap { String(validatingCString: $0) } ?? family
        if let font = pango_font_map_load_font(handles.fontMap, handles.context, description) {
            let actual = pango_font_describe(font)
            let used = actual.flatMap { pango_font_description_get_family($0) }.flatMap { String(validatingCString: $0) }
            if let actual { pango_font_description_free(actual) }
            cpango_object_unref(UnsafeMutableRawPointer(font))
            let names = requested.split(separator: ",").map { $0.trimmingSpaces.lowercased() }
            if let used, !names.contains(used.lowercased()) && !names.contains(where: Self.genericFamilies.contains) {
                warning = "font family \"\(requested)\" is not installed: text is set in \"\(used)\" instead"
            }
        } else {
            warning = "font family \"\(requested)\" is not installed and no font replaces it: text is not drawn"
        }
        handles.substitutions[family] = .some(warning)
        return warning
    }

    /// Names fontconfig resolves to some installed family (never reported as missing).
    private static let genericFamilies: Set<String> = ["sans", "sans-serif", "serif", "monospace", "mono", "cursive",
                                                      "fantasy", "system-ui", "emoji"]
}

extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
