/// The value of a view attribute. Values are compared when a view is updated: only
/// attributes whose value changed are sent to the host.
public enum AttributeValue: Hashable, Sendable, CustomStringConvertible {
    /// A finite number.
    case number(Double)
    case bool(Bool)
    case string(String)
    case color(Color)
    /// A token the host gives meaning to (an image id, a font handle, …).
    case hostValue(UInt64)
    /// The name of an action the view sends (a tap handler, …): it travels the responder
    /// chain.
    case action(String)
    /// An action that carries its own handler (a block action): the view's event calls it
    /// directly. Equal only to the same block (identity).
    case block(ActionBlock)

    /// Refuses values that cannot be compared or drawn (NaN, infinities, bad colors).
    /// (Checks in place: returning the value would copy it, retaining what it holds.)
    func validate(_ place: @autoclosure () -> String) throws(FrondError) {
        switch self {
        case .number(let number):
            guard number.isFinite else { throw FrondError(.invalidValue, "\(place()): \(number) is not a finite number") }
        case .color(let color):
            try color.validate(place())
        case .action(let name):
            guard !name.isEmpty else { throw FrondError(.invalidValue, "\(place()): an action needs a name") }
        case .bool, .string, .hostValue, .block:
            break
        }
    }

    public var description: String {
        switch self {
        case .number(let number): return number == number.rounded() && abs(number) < 1e15 ? "\(Int64(number))" : "\(number)"
        case .bool(let value): return "\(value)"
        case .string(let text): return Self.quoted(text)
        case .color(let color): return "\(color)"
        case .hostValue(let token): return "host(\(token))"
        case .action(let name): return "action(\(name))"
        case .block(let block): return "\(block)"
        }
    }

    /// `text` in double quotes, escaped as a JSON string is (`\"`, `\\`, `\n`, `\u0001`…,
    /// other characters as they are), so that a description keeps one view on one line and
    /// can be read back.
    package static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case "\u{8}": quoted += "\\b"
            case "\u{C}": quoted += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}

/// An sRGB color with straight alpha, each component in 0…1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Float
    public var green: Float
    public var blue: Float
    public var alpha: Float

    public init(red: Float, green: Float, blue: Float, alpha: Float = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A color from `0xRRGGBB` (opaque).
    public init(rgb: UInt32) {
        self.init(red: Float((rgb >> 16) & 0xFF) / 255, green: Float((rgb >> 8) & 0xFF) / 255,
                  blue: Float(rgb & 0xFF) / 255)
    }

    func validate(_ place: @autoclosure () -> String) throws(FrondError) {
        guard red >= 0 && red <= 1 && green >= 0 && green <= 1 && blue >= 0 && blue <= 1 && alpha >= 0 && alpha <= 1 else {
            for (name, value) in [("red", red), ("green", green), ("blue", blue), ("alpha", alpha)]
            where !(value >= 0 && value <= 1) {
                throw FrondError(.invalidValue, "\(place()): color \(name) \(value) is not within 0…1")
            }
            return
        }
    }

    /// `#rrggbb` (`#rrggbbaa` when not opaque); a color outside 0…1 (which validation
    /// refuses, but an error message may still have to name) is written as its numbers.
    public var description: String {
        let components = [red, green, blue, alpha]
        guard components.allSatisfy({ $0 >= 0 && $0 <= 1 }) else {
            return "rgba(" + components.map { "\($0)" }.joined(separator: ", ") + ")"
        }
        func byte(_ value: Float) -> String {
            // Within 0…1 (checked above), so the conversion cannot trap.
            let hex = String(Int((value * 255).rounded()), radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }
}
