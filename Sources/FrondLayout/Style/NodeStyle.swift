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

    init(_ parts: consuming StyleParts) {
        resolved = parts.resolved
        sidesStorage = parts.sides.map { Unmanaged.passRetained($0) }
        originals = parts.originals
    }

    deinit {
        sidesStorage?.release()
    }

    /// Replaces everything (only while one node has this object).
    func replace(with parts: consuming StyleParts) {
        let oldSides = sidesStorage
        resolved = parts.resolved
        sidesStorage = parts.sides.map { Unmanaged.passRetained($0) }
        originals = parts.originals
        oldSides?.release()
    }
}
