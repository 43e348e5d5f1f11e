import Frond

/// What the renderer draws for one view, read from its attributes. Attributes it does not
/// know (actions, `title`, `count`, …) are ignored; a known one of the wrong kind or out
/// of its domain is an error naming the view and the attribute.
///
/// | attribute | value | drawn | default |
/// |---|---|---|---|
/// | `backgroundColor` | color, or a string `#rgb[a]`/`#rrggbb[aa]` | fills the frame (rounded by `cornerRadius`) | none |
/// | `borderWidth` | number ≥ 0 (points) | a border inside the frame, over the content and children | 0 |
/// | `borderColor` | color (or color string) | the border's color | black |
/// | `cornerRadius` | number ≥ 0 | rounds the background, border, clip and image | 0 |
/// | `opacity` | number 0…1 | the view with its children, composited as one group | 1 |
/// | `clipsToBounds` | bool | clips content and children to the (rounded) frame | false |
/// | `hidden` | bool | draws neither the view nor its children | false |
/// | `translationX`, `translationY` | number (points) | moves the view and its children | 0 |
/// | `scale` | number | scales them about the frame's center | 1 |
/// | `text` | string | sets text (the attributes below) in the frame's width, from its top | none |
/// | `fontFamily` | string | a Pango font description (`"DejaVu Sans Bold"`) | the renderer's default family |
/// | `fontSize` | number > 0 | points | 14 |
/// | `lineHeight` | number > 0 | points between baselines | 1.2 × `fontSize` |
/// | `fontWeight` | number 100…1000, or a name (`"bold"`, …) | overrides the family's weight | the family's |
/// | `textAlign` | `"left"`, `"center"`, `"right"`, `"justify"` | lines within the frame's width | left |
/// | `color` | color (or color string) | the text's color | black |
/// | `maxLines` | whole number ≥ 1 | keeps that many lines, the last ending with "…" | no limit |
/// | `source` | string: a PNG file (relative: to the image directory) | the image | none |
/// | `contentMode` | `"scaleToFill"`, `"aspectFit"`, `"aspectFill"`, `"center"` | how the image fills the frame | scaleToFill |
///
/// The animation properties (`opacity`, `translationX`, `translationY`, `scale`,
/// `backgroundColor`) are the attribute names the engine's animations send, so a
/// mid-animation value is drawn as it is. A ``Text`` component's view has `text`,
/// `fontSize`, `lineHeight` and, when set, `fontFamily`, `fontWeight`, `color`,
/// `maxLines` and `textAlign`: it is drawn with the setting ``PangoTextMeasurer``
/// measured.
struct ViewStyle {
    var backgroundColor: Color?
    var borderWidth: Double = 0
    var borderColor = Color(red: 0, green: 0, blue: 0)
    var cornerRadius: Double = 0
    var opacity: Double = 1
    var clipsToBounds = false
    var hidden = false
    var translationX: Double = 0
    var translationY: Double = 0
    var scale: Double = 1
    var text: TextSetting?
    var textColor = Color(red: 0, green: 0, blue: 0)
    var imageSource: String?
    var contentMode = ContentMode.scaleToFill

    enum ContentMode: String, CaseIterable {
        case scaleToFill, aspectFit, aspectFill, center
    }

    init(_ attributes: [String: AttributeValue], place: @autoclosure () -> String) throws(RenderError) {
        let reader = AttributeReader(attributes: attributes, place: place())
        backgroundColor = try reader.color("backgroundColor")
        borderWidth = try reader.number("borderWidth", atLeast: 0) ?? 0
        borderColor = try reader.color("borderColor") ?? borderColor
        cornerRadius = try reader.number("cornerRadius", atLeast: 0) ?? 0
        opacity = try reader.number("opacity", within: 0...1) ?? 1
        clipsToBounds = try reader.bool("clipsToBounds") ?? false
        hidden = try reader.bool("hidden") ?? false
        translationX = try reader.number("translationX") ?? 0
        translationY = try reader.number("translationY") ?? 0
        scale = try reader.number("scale") ?? 1
        if let text = try reader.string("text") {
            let fontSize = try reader.number("fontSize", above: 0) ?? 14
            var weight: FontWeight? = nil
            switch attributes["fontWeight"] {
            case .number(let number)?:
                guard let parsed = FontWeight(exactly: number) else {
                    throw reader.failure("fontWeight", "\(AttributeValue.number(number)) is not a whole number within 100…1000")
                }
                weight = parsed
            case .string(let name)?:
                guard let parsed = FontWeight(name: name) else {
                    throw reader.failure("fontWeight", "\"\(name)\" is not a weight (\(FontWeight.names.keys.sorted().joined(separator: ", ")))")
                }
                weight = parsed
            case nil: break
            case let other?: throw reader.failure("fontWeight", "must be a number or a name, not \(Self.kind(other))")
            }
            var maxLines: Int? = nil
            if let lines = try reader.number("maxLines", atLeast: 1) {
                guard lines == lines.rounded() else { throw reader.failure("maxLines", "\(lines) is not a whole number") }
                maxLines = lines >= Double(Int32.max) ? Int(Int32.max) : Int(lines)
            }
            self.text = TextSetting(text: text, fontFamily: try reader.string("fontFamily"), fontSize: Float(fontSize),
                                    lineHeight: try reader.number("lineHeight", above: 0).map(Float.init),
                                    fontWeight: weight,
                                    alignment: try reader.choice("textAlign", TextAlignment.allCases) ?? .left,
                                    maxLines: maxLines)
            textColor = try reader.color("color") ?? textColor
        }
        imageSource = try reader.string("source")
        contentMode = try reader.choice("contentMode", ContentMode.allCases) ?? .scaleToFill
    }

    static func kind(_ value: AttributeValue) -> String {
        switch value {
        case .number: return "a number"
        case .bool: return "a bool"
        case .string: return "a string"
        case .color: return "a color"
        case .hostValue: return "a host value"
        case .action: return "an action"
        case .block: return "an action block"
        }
    }
}

/// Reads typed attributes, throwing errors that name the view and attribute.
private struct AttributeReader {
    let attributes: [String: AttributeValue]
    let place: String

    func failure(_ name: String, _ reason: String) -> RenderError {
        RenderError(.invalidValue, "\(place): attribute \"\(name)\" \(reason)")
    }

    func number(_ name: String, within range: ClosedRange<Double>? = nil, atLeast minimum: Double? = nil,
                above floor: Double? = nil) throws(RenderError) -> Double? {
        guard let value = attributes[name] else { return nil }
        guard case .number(let number) = value else { throw failure(name, "must be a number, not \(ViewStyle.kind(value))") }
        guard number.isFinite else { throw failure(name, "\(number) is not a finite number") }
        if let range, !range.contains(number) {
            throw failure(name, "\(value) is not within \(show(range.lowerBound))…\(show(range.upperBound))")
        }
        if let minimum, number < minimum { throw failure(name, "\(value) is not ≥ \(show(minimum))") }
        if let floor, number <= floor { throw failure(name, "\(value) is not > \(show(floor))") }
        return number
    }

    private func show(_ number: Double) -> String { AttributeValue.number(number).description }

    func bool(_ name: String) throws(RenderError) -> Bool? {
        guard let value = attributes[name] else { return nil }
        guard case .bool(let flag) = value else { throw failure(name, "must be a bool, not \(ViewStyle.kind(value))") }
        return flag
    }

    func string(_ name: String) throws(RenderError) -> String? {
        guard let value = attributes[name] else { return nil }
        guard case .string(let text) = value else { throw failure(name, "must be a string, not \(ViewStyle.kind(value))") }
        return text
    }

    func color(_ name: String) throws(RenderError) -> Color? {
        switch attributes[name] {
        case nil: return nil
        case .color(let color)?:
            for channel in [color.red, color.green, color.blue, color.alpha] where !(channel >= 0 && channel <= 1) {
                throw failure(name, "has a channel \(channel) outside 0…1")
            }
            return color
        case .string(let text)?: return try Color(parsing: text, place: "\(place): attribute \"\(name)\"")
        case let other?: throw failure(name, "must be a color or a color string, not \(ViewStyle.kind(other))")
        }
    }

    func choice<Choice: RawRepresentable<String>>(_ name: String, _ choices: [Choice]) throws(RenderError) -> Choice? {
        guard let text = try string(name) else { return nil }
        guard let choice = Choice(rawValue: text) else {
            throw failure(name, "\"\(text)\" is not one of \(choices.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
        }
        return choice
    }
}
