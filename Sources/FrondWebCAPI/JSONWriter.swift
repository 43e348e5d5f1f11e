/// Writes compact JSON into a string: commas between elements and members are placed by
/// the writer, numbers are written in their shortest form (whole numbers without a
/// fraction), and strings are escaped as RFC 8259 asks (quotes, backslashes and control
/// characters; everything else is written as UTF-8, as it came).
struct JSONWriter {
    /// The JSON written so far, as UTF-8 (appended to in place: a String's unicodeScalars
    /// view would copy the whole text on each append).
    private var bytes: [UInt8] = []
    /// For each open array or object: whether it has an element yet.
    private var started: [Bool] = []

    init() {
        bytes.reserveCapacity(256)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether a member's key was just written (its value takes no comma).
    private var afterKey = false

    /// Before a value: the comma that separates it from the previous element or member.
    private mutating func prefix() {
        if afterKey {
            afterKey = false
            return
        }
        guard let last = started.last else { return }
        if last { bytes.append(UInt8(ascii: ",")) }
        started[started.count - 1] = true
    }

    mutating func beginArray() {
        prefix()
        bytes.append(UInt8(ascii: "["))
        started.append(false)
    }

    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        started.removeLast()
    }

    mutating func array(_ body: (inout JSONWriter) -> Void) {
        beginArray()
        body(&self)
        endArray()
    }

    mutating func object(_ body: (inout JSONWriter) -> Void) {
        prefix()
        bytes.append(UInt8(ascii: "{"))
        started.append(false)
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        started.removeLast()
    }

    /// One element of the open array (the body writes exactly one value).
    mutating func element(_ body: (inout JSONWriter) -> Void) {
        body(&self)
    }

    /// A member's key; the next value written is its value.
    mutating func key(_ name: String) {
        prefix()
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// A value written as is.
    mutating func raw(_ literal: String) {
        prefix()
        bytes.append(contentsOf: literal.utf8)
    }

    mutating func string(_ string: String) {
        prefix()
        appendQuoted(string)
    }

    mutating func bool(_ bool: Bool) {
        raw(bool ? "true" : "false")
    }

    mutating func number(_ number: UInt64) {
        raw(String(number))
    }

    /// A finite number (libfrond sends only finite ones; anything else is written as 0,
    /// which JSON can carry, rather than a token the page cannot parse).
    mutating func number(_ number: Double) {
        guard number.isFinite else { return raw("0") }
        if number == number.rounded(), abs(number) < 1e15 { return raw(String(Int64(number))) }
        raw(String(number))
    }

    mutating func number(_ number: Float) {
        guard number.isFinite else { return raw("0") }
        if number == number.rounded(), abs(number) < 1e7 { return raw(String(Int64(number))) }
        raw(String(number))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func appendQuoted(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = JSONWriter.hexDigits
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                          hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
