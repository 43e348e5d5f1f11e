import FrondLayout

/// A JSON value, as read by ``JSONParser``.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    public subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// A short name of the value's type, for error messages.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A strict JSON parser (RFC 8259: no trailing commas, comments or NaN) whose errors
/// give the line and column, and which refuses nesting deeper than a limit instead of
/// exhausting the stack, and strings holding NUL (`\u0000`), which C cannot be given.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted: four levels for each of the
    /// ``LayoutNode/maximumDepth`` levels a tree may have (a node is an object in its
    /// parent's `children` array; its style and attributes nest below it).
    public static let maximumNesting = 4 * LayoutNode.maximumDepth

    private let bytes: [UInt8]
    private let source: String
    private var index = 0
    private var depth = 0

    /// Parses a complete document.
    public static func parse(_ bytes: [UInt8], source: String) throws(CorpusError) -> JSON {
        var parser = JSONParser(bytes: bytes, source: source)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8], source: String) {
        self.bytes = bytes
        self.source = source
    }

    private mutating func parseValue() throws(CorpusError) -> JSON {
        guard index < bytes.count else { throw error("unexpected end of the document; expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("expected a value")
        }
    }

    private mutating func enterNesting() throws(CorpusError) {
        depth += 1
        if depth > Self.maximumNesting {
            throw error("arrays and objects are nested more than \(Self.maximumNesting) deep", isLimit: true)
        }
    }

    private mutating func parseObject() throws(CorpusError) -> JSON {
        try enterNesting()
        index += 1
        var members: [String: JSON] = [:]
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw error("expected a member name in quotes") }
            let keyStart = index
            let key = try parseString()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after a member name") }
            index += 1
            skipWhitespace()
            if members.updateValue(try parseValue(), forKey: key) != nil {
                // (Found after the value is read, so that the key is hashed once.)
                index = keyStart
                throw error("duplicate member \"\(key)\"")
            }
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            guard peek(UInt8(ascii: "}")) else { throw error("expected ',' or '}' after an object member") }
            index += 1
            depth -= 1
            return .object(members)
        }
    }

    private mutating func parseArray() throws(CorpusError) -> JSON {
        try enterNesting()
        index += 1
        var items: [JSON] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            depth -= 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            guard peek(UInt8(ascii: "]")) else { throw error("expected ',' or ']' after an array element") }
            index += 1
            depth -= 1
            return .array(items)
        }
    }

    private mutating func parseString() throws(CorpusError) -> String {
        index += 1 // opening quote
        // Most strings hold no escapes: decoded in one step from the input.
        var end = index
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                guard let text = String(validating: bytes[index..<end], as: UTF8.self) else {
                    throw error("the string is not valid UTF-8")
                }
                index = end + 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            end += 1
        }
        // The decoded string as UTF-8, checked once at the end (linear in the input, however
        // many escapes it holds).
        var utf8: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw error("the string is not valid UTF-8")
                }
                return text
            }
            if byte < 0x20 { throw error("control character in a string") }
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                          bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate in a \\u escape")
                    }
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid surrogate pair") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                // Every string read here may be handed to C (a view type, a key, an attribute
                // name or value), where a NUL would end it early.
                guard code != 0 else { throw error("a string cannot hold NUL (\\u0000): C would see it end there") }
                utf8.append(contentsOf: String(Character(scalar)).utf8)
            default:
                index -= 1
                throw error("invalid escape in a string")
            }
        }
        throw error("unterminated string")
    }

    private mutating func parseHex4() throws(CorpusError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in a \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(CorpusError) -> Double {
        let start = index
        let negative = peek(UInt8(ascii: "-"))
        if negative { index += 1 }
        let digitsStart = index
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        // Whole numbers of up to 15 digits are exact as doubles: no text to convert.
        if index - digitsStart <= 15 && !peek(UInt8(ascii: ".")) && !peek(UInt8(ascii: "e")) && !peek(UInt8(ascii: "E")) {
            var magnitude: Int64 = 0
            for byte in bytes[digitsStart..<index] { magnitude = magnitude * 10 + Int64(byte - UInt8(ascii: "0")) }
            return negative ? -Double(magnitude) : Double(magnitude)
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in the exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("the number \(text) is out of range")
        }
        return value
    }

    private mutating func expectWord(_ word: StaticString) throws(CorpusError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("expected a value") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw error("expected a value")
        }
        index += count
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    /// An error at the current position, as `source:line:column: message`.
    private func error(_ message: String, isLimit: Bool = false) -> CorpusError {
        var line = 1
        var column = 1
        for byte in bytes[0..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return CorpusError("\(source):\(line):\(column): \(isLimit ? "" : "malformed JSON: ")\(message)", isLimit: isLimit)
    }
}
