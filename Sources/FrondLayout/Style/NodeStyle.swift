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
    /// zeros; padding between fields may differ between two equal styles, and then the
    /// answer is a harmless no. `inout` only so that it is read in place.)
    func isMade(from style: inout LayoutStyle) -> Bool {
        guard let source else { return false }
        return withUnsafeMutablePointer(to: &style) { memcmp(source, $0, MemoryLayout<LayoutStyle>.size) == 0 }
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
