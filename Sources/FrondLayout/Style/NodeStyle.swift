#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a node keeps of its style: the resolved form the algorithm reads, the per-side
/// values and what rebuilds the style as set (see ``StyleParts``). Nodes with the same
/// style share one: the rows of a list lay out with the same few styles, which then stay
/// in the processor's caches while each node keeps a reference (8 bytes of the node
/// instead of about 180). Never changed while shared: a node whose style changes gets a
/// new one, or changes its own in place when no other node has it (see
/// ``LayoutNode/setStyle(_:)``). (Like a node's fields, these are read and written by
/// the thread that uses the tree: they skip Swift's run-time exclusivity checks.)
final class NodeStyle {
    @exclusivity(unchecked) private(set) var resolved: ResolvedStyle
    /// The per-side values, retained by this object (read without reference counting);
    /// nil when the style sets no margin, padding, border or inset.
    @exclusivity(unchecked) private(set) var sidesStorage: Unmanaged<ResolvedSides>?
    @exclusivity(unchecked) private(set) var originals: StyleOriginals
    /// The style this was made from, when a ``PreparedStyle`` made it (owned, out of line,
    /// and compared as memory: a build that gives the node the same style again sees so
    /// without rebuilding the style from the parts); nil for the others, and once replaced.
    @exclusivity(unchecked) private(set) var source: UnsafeMutablePointer<LayoutStyle>?

    init(_ parts: consuming StyleParts) {
        resolved = parts.resolved
        sidesStorage = parts.sides.map { Unmanaged.passRetained($0) }
        originals = parts.originals
    }

    /// One made from `style` (its parts), which it keeps (see ``source``).
    convenience init(_ parts: consuming StyleParts, source style: LayoutStyle) {
        self.init(parts)
        let source = UnsafeMutablePointer<LayoutStyle>.allocate(capacity: 1)
        source.initialize(to: style)
        self.source = source
    }

    deinit {
        sidesStorage?.release()
        dropSource()
    }

    private func dropSource() {
        guard let source else { return }
        source.deinitialize(count: 1)
        source.deallocate()
        self.source = nil
    }

    /// Whether this was made from `style`, bit for bit (see ``source``; false when it does
    /// not know). (Compared as memory, which is quick and needs no care for NaN or signed
    /// zeros, but only the bytes that hold the fields, ``StyleBytes``: the padding between
    /// them, which Swift leaves unspecified, is not read into the answer, so that memory
    /// checkers such as valgrind find nothing uninitialised in it. `inout` only so that it
    /// is read in place.)
    func isMade(from style: inout LayoutStyle) -> Bool {
        guard let source else { return false }
        return withUnsafeMutablePointer(to: &style) { StyleBytes.same(UnsafePointer(source), UnsafePointer($0)) }
    }

    /// Replaces everything (only while one node has this object).
    func replace(with parts: consuming StyleParts) {
        let oldSides = sidesStorage
        resolved = parts.resolved
        sidesStorage = parts.sides.map { Unmanaged.passRetained($0) }
        originals = parts.originals
        oldSides?.release()
        dropSource()
    }
}

/// The bytes of a ``LayoutStyle`` that hold its fields, found once from the fields' offsets:
/// two styles whose field bytes are equal are the same style (and an optional number's
/// value counts only when it is set). `StyleBytesTests` checks
/// that the fields listed here are all the fields the types have.
enum StyleBytes {
    static let size = MemoryLayout<LayoutStyle>.size

    /// The single-byte fields of a style (enumerations).
    nonisolated(unsafe) static let byteFields: [PartialKeyPath<LayoutStyle>] = [
        \.direction, \.flexDirection, \.justifyContent, \.alignContent, \.alignItems, \.alignSelf,
        \.positionType, \.flexWrap, \.overflow, \.display, \.boxSizing,
    ]
    /// The optional numbers (their set-or-not byte is compared as memory, their value apart).
    nonisolated(unsafe) static let optionalNumbers: [KeyPath<LayoutStyle, Float?>] = [\.flex, \.flexGrow, \.flexShrink, \.aspectRatio]
    nonisolated(unsafe) static let values: [KeyPath<LayoutStyle, LayoutValue>] = [
        \.flexBasis, \.width, \.height, \.minWidth, \.minHeight, \.maxWidth, \.maxHeight,
    ]
    nonisolated(unsafe) static let edges: [KeyPath<LayoutStyle, EdgeValues>] = [\.margin, \.padding, \.border, \.position]
    nonisolated(unsafe) static let edgeValues: [KeyPath<EdgeValues, LayoutValue>] = [
        \.left, \.top, \.right, \.bottom, \.start, \.end, \.horizontal, \.vertical, \.all,
    ]
    nonisolated(unsafe) static let gutterValues: [KeyPath<GutterValues, LayoutValue>] = [\.column, \.row, \.all]

    /// One byte per byte of a style: 0xFF where a field is, 0 elsewhere.
    static let mask: [UInt8] = {
        var mask = [UInt8](repeating: 0, count: size)
        func mark(_ offset: Int?, _ count: Int) {
            guard let offset else { return }
            for index in offset..<min(offset + count, size) { mask[index] = 0xFF }
        }
        func markValue(at base: Int?) {
            guard let base else { return }
            mark(MemoryLayout<LayoutValue>.offset(of: \.value).map { base + $0 }, MemoryLayout<Float>.size)
            mark(MemoryLayout<LayoutValue>.offset(of: \.unit).map { base + $0 }, MemoryLayout<LayoutUnit>.size)
        }
        for field in byteFields { mark(MemoryLayout<LayoutStyle>.offset(of: field), 1) }
        // (An optional Float is its four bytes, then the byte that says whether it is set.)
        for field in optionalNumbers {
            mark(MemoryLayout<LayoutStyle>.offset(of: field).map { $0 + MemoryLayout<Float>.size }, 1)
        }
        for field in values { markValue(at: MemoryLayout<LayoutStyle>.offset(of: field)) }
        for field in edges {
            guard let base = MemoryLayout<LayoutStyle>.offset(of: field) else { continue }
            for value in edgeValues { markValue(at: MemoryLayout<EdgeValues>.offset(of: value).map { base + $0 }) }
        }
        if let base = MemoryLayout<LayoutStyle>.offset(of: \.gap) {
            for value in gutterValues { markValue(at: MemoryLayout<GutterValues>.offset(of: value).map { base + $0 }) }
        }
        return mask
    }()
    /// ``mask`` in words, for the whole words of a style.
    static let wordMask: [UInt64] = (0..<(size / 8)).map { word in
        (0..<8).reduce(UInt64(0)) { bits, byte in bits | UInt64(mask[word * 8 + byte]) << (8 * byte) }
    }

    /// Whether the styles at `a` and `b` are the same, field for field, bit for bit.
    static func same(_ a: UnsafePointer<LayoutStyle>, _ b: UnsafePointer<LayoutStyle>) -> Bool {
        let left = UnsafeRawPointer(a), right = UnsafeRawPointer(b)
        // (Whole words, their differences masked to the fields' bytes and OR-ed together
        // without a branch, four words a round; the one branch reads only the fields' bytes.)
        let difference = wordMask.withUnsafeBufferPointer { masks -> UInt64 in
            var first: UInt64 = 0, second: UInt64 = 0, third: UInt64 = 0, fourth: UInt64 = 0
            var word = 0
            @inline(__always) func masked(_ word: Int) -> UInt64 {
                (left.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self)
                 ^ right.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self)) & masks[word]
            }
            while word &+ 4 <= masks.count {
                first |= masked(word)
                second |= masked(word &+ 1)
                third |= masked(word &+ 2)
                fourth |= masked(word &+ 3)
                word &+= 4
            }
            while word < masks.count {
                first |= masked(word)
                word &+= 1
            }
            return first | second | third | fourth
        }
        guard difference == 0 else { return false }
        for index in (size / 8 * 8)..<size where mask[index] != 0 {
            if left.load(fromByteOffset: index, as: UInt8.self) != right.load(fromByteOffset: index, as: UInt8.self) {
                return false
            }
        }
        // The set optional numbers, bit for bit (an unset one's bytes are not its value).
        // (The fields of ``optionalNumbers``, read here without key paths.)
        return a.pointee.flex?.bitPattern == b.pointee.flex?.bitPattern
            && a.pointee.flexGrow?.bitPattern == b.pointee.flexGrow?.bitPattern
            && a.pointee.flexShrink?.bitPattern == b.pointee.flexShrink?.bitPattern
            && a.pointee.aspectRatio?.bitPattern == b.pointee.aspectRatio?.bitPattern
    }
}
