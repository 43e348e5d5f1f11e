import Frond

extension Color {
    /// A color written `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (hexadecimal digits, either
    /// case; straight alpha; without alpha, opaque). Throws ``RenderError/Kind/invalidValue``
    /// naming `place` for anything else.
    public init(parsing text: String, place: @autoclosure () -> String = "color") throws(RenderError) {
        let scalars = Array(text.unicodeScalars)
        var digits: [UInt32] = []
        for scalar in scalars.dropFirst() {
            guard let digit = Self.hexDigit(scalar) else { break }
            digits.append(digit)
        }
        guard scalars.first == "#", digits.count == scalars.count - 1, [3, 4, 6, 8].contains(digits.count) else {
            throw RenderError(.invalidValue, "\(place()): \"\(text)\" is not a color (#rgb, #rgba, #rrggbb or #rrggbbaa)")
        }
        var channels: [Float] = []
        if digits.count <= 4 {
            // Each digit doubled: #f80 is #ff8800.
            channels = digits.map { Float($0 * 17) / 255 }
        } else {
            for index in stride(from: 0, to: digits.count, by: 2) {
                channels.append(Float(digits[index] * 16 + digits[index + 1]) / 255)
            }
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 1)
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: return scalar.value - 0x30
        case 0x41...0x46: return scalar.value - 0x41 + 10
        case 0x61...0x66: return scalar.value - 0x61 + 10
        default: return nil
        }
    }
}
