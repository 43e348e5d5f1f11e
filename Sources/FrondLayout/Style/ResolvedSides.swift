/// A node's margins, paddings, borders and insets: as its style sets them, and the value
/// that applies on each physical side for both directions.
///
/// Kept out of the node, behind a reference: most nodes set none of these sides (they
/// then have no `ResolvedSides` at all and the algorithm never reads one), and a node
/// that stored them inline would be too large for the allocator's fast path. Immutable:
/// a style change makes a new one.
final class ResolvedSides {
    /// The style's own values (``LayoutNode/style`` is rebuilt from them).
    let margin: EdgeValues
    let padding: EdgeValues
    let border: EdgeValues
    let position: EdgeValues
    /// Whether any of them is set (a style may hold unset values that still carry a
    /// number, which must survive as they were written, but are otherwise ignored).
    let isSet: Bool
    let marginLTR: SideValues
    let marginRTL: SideValues
    let paddingLTR: SideValues
    let paddingRTL: SideValues
    let borderLTR: SideValues
    let borderRTL: SideValues
    let insetLTR: SideValues
    let insetRTL: SideValues

    /// The sides of `style`, or nil when its four sets of sides are all exactly unset.
    /// (Checked before anything is allocated: a failable class initializer would allocate
    /// and free an instance for every style without sides.)
    static func of(_ style: LayoutStyle) -> ResolvedSides? {
        if style.margin.isExactlyUnset && style.padding.isExactlyUnset && style.border.isExactlyUnset
            && style.position.isExactlyUnset {
            return nil
        }
        return ResolvedSides(style)
    }

    private init(_ style: LayoutStyle) {
        margin = style.margin
        padding = style.padding
        border = style.border
        position = style.position
        let defined: (LayoutValue) -> Bool = { $0.isDefined }
        isSet = style.margin.containsValue(where: defined) || style.padding.containsValue(where: defined)
            || style.border.containsValue(where: defined) || style.position.containsValue(where: defined)
        marginLTR = SideValues(style.margin, .ltr)
        marginRTL = SideValues(style.margin, .rtl)
        paddingLTR = SideValues(style.padding, .ltr)
        paddingRTL = SideValues(style.padding, .rtl)
        borderLTR = SideValues(style.border, .ltr)
        borderRTL = SideValues(style.border, .rtl)
        let insets = ResolvedStyle.withoutAuto(style.position)
        insetLTR = SideValues(insets, .ltr)
        insetRTL = SideValues(insets, .rtl)
    }

    @inline(__always)
    func margin(_ edge: PhysicalEdge, _ direction: LayoutDirection) -> LayoutValue {
        (direction == .rtl ? marginRTL : marginLTR)[edge]
    }

    @inline(__always)
    func padding(_ edge: PhysicalEdge, _ direction: LayoutDirection) -> LayoutValue {
        (direction == .rtl ? paddingRTL : paddingLTR)[edge]
    }

    @inline(__always)
    func border(_ edge: PhysicalEdge, _ direction: LayoutDirection) -> LayoutValue {
        (direction == .rtl ? borderRTL : borderLTR)[edge]
    }

    @inline(__always)
    func inset(_ edge: PhysicalEdge, _ direction: LayoutDirection) -> LayoutValue {
        (direction == .rtl ? insetRTL : insetLTR)[edge]
    }
}

/// The value that applies to each physical side.
struct SideValues {
    var left = LayoutValue.undefined
    var top = LayoutValue.undefined
    var right = LayoutValue.undefined
    var bottom = LayoutValue.undefined

    init() {}

    init(_ edges: EdgeValues, _ direction: LayoutDirection) {
        // Most styles set no margin, padding, border or inset at all.
        guard edges.containsValue(where: { $0.isDefined }) else { return }
        left = edges.resolved(.left, direction: direction)
        top = edges.resolved(.top, direction: direction)
        right = edges.resolved(.right, direction: direction)
        bottom = edges.resolved(.bottom, direction: direction)
    }

    @inline(__always)
    subscript(edge: PhysicalEdge) -> LayoutValue {
        switch edge {
        case .left: return left
        case .top: return top
        case .right: return right
        case .bottom: return bottom
        }
    }
}
