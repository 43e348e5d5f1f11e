/// Everything that decides how one node is laid out: the CSS flexbox properties
/// Frond supports, with Yoga's defaults (or the web's, see ``init(webDefaults:)``).
///
/// A style is a plain value. Hand it to a node with ``LayoutNode/setStyle(_:)``
/// or ``LayoutNode/updateStyle(_:)``, which validate it and mark the node dirty
/// only when something actually changed.
public struct LayoutStyle: Hashable, Sendable {
    // (A node keeps its style in pieces and rebuilds it when asked: a new property must
    // also be kept by ResolvedStyle, ResolvedSides or StyleOriginals, and be rebuilt in
    // StyleOriginals.swift.)
    public var direction: LayoutDirection = .inherit
    public var flexDirection: FlexDirection = .column
    public var justifyContent: Justify = .flexStart
    public var alignContent: Align = .flexStart
    public var alignItems: Align = .stretch
    public var alignSelf: Align = .auto
    public var positionType: PositionType = .relative
    public var flexWrap: FlexWrap = .noWrap
    public var overflow: Overflow = .visible
    public var display: Display = .flex
    public var boxSizing: BoxSizing = .borderBox

    /// Yoga's `flex` shorthand: a positive value sets the grow factor (and a zero basis
    /// unless web defaults are on), a negative one the shrink factor. `nil` = unset.
    public var flex: Float?
    /// `flex-grow`; `nil` = unset (0).
    public var flexGrow: Float?
    /// `flex-shrink`; `nil` = unset (0, or 1 with web defaults).
    public var flexShrink: Float?
    /// `flex-basis`: points, percent, `auto` or an intrinsic keyword.
    public var flexBasis: LayoutValue = .auto

    public var width: LayoutValue = .auto
    public var height: LayoutValue = .auto
    /// `min-width`; unset and `auto` both mean the automatic minimum (0 unless the
    /// config drops the `minSizeUndefinedInsteadOfAuto` erratum).
    public var minWidth: LayoutValue = .undefined
    public var minHeight: LayoutValue = .undefined
    /// `max-width`; unset means none.
    public var maxWidth: LayoutValue = .undefined
    public var maxHeight: LayoutValue = .undefined
    /// Width divided by height; `nil` (or 0) = none.
    public var aspectRatio: Float?

    public var margin = EdgeValues()
    public var padding = EdgeValues()
    public var border = EdgeValues()
    /// Insets (`left`, `top`, …); unset or `auto` sides do not apply.
    public var position = EdgeValues()
    public var gap = GutterValues()

    /// A style with Yoga's defaults: column direction, no shrinking, `align-content: flex-start`.
    public init() {}

    /// A style with the web's defaults when `webDefaults` is true: row direction and
    /// `align-content: stretch` (flex-shrink 1 comes from the node's config).
    public init(webDefaults: Bool) {
        if webDefaults {
            flexDirection = .row
            alignContent = .stretch
        }
    }

    /// The size along one axis (`width` for `.width`).
    public subscript(size axis: Axis) -> LayoutValue {
        get { axis == .width ? width : height }
        set { if axis == .width { width = newValue } else { height = newValue } }
    }

    /// The minimum size along one axis.
    public subscript(minSize axis: Axis) -> LayoutValue {
        get { axis == .width ? minWidth : minHeight }
        set { if axis == .width { minWidth = newValue } else { minHeight = newValue } }
    }

    /// The maximum size along one axis.
    public subscript(maxSize axis: Axis) -> LayoutValue {
        get { axis == .width ? maxWidth : maxHeight }
        set { if axis == .width { maxWidth = newValue } else { maxHeight = newValue } }
    }
}

/// A physical dimension.
public enum Axis: UInt8, Sendable, CaseIterable {
    case width = 0, height = 1
}

/// One value per ``Edge`` selector; unset selectors are ``LayoutValue/undefined``.
public struct EdgeValues: Hashable, Sendable {
    public var left = LayoutValue.undefined
    public var top = LayoutValue.undefined
    public var right = LayoutValue.undefined
    public var bottom = LayoutValue.undefined
    public var start = LayoutValue.undefined
    public var end = LayoutValue.undefined
    public var horizontal = LayoutValue.undefined
    public var vertical = LayoutValue.undefined
    public var all = LayoutValue.undefined

    public init() {}

    /// Whether all nine values equal ``LayoutValue/undefined`` (what `== EdgeValues()`
    /// says, read straight from the fields: most styles set no sides, and every node made
    /// asks this of four sets).
    @inline(__always)
    package var isExactlyUnset: Bool {
        // Every unit is `.undefined` (raw value 0) and every number is +0 or -0 (no bits but
        // the sign): OR-ed together without a branch per value.
        let units = left.unit.rawValue | top.unit.rawValue | right.unit.rawValue | bottom.unit.rawValue
            | start.unit.rawValue | end.unit.rawValue | horizontal.unit.rawValue | vertical.unit.rawValue
            | all.unit.rawValue
        let numbers = left.value.bitPattern | top.value.bitPattern | right.value.bitPattern | bottom.value.bitPattern
            | start.value.bitPattern | end.value.bitPattern | horizontal.value.bitPattern
            | vertical.value.bitPattern | all.value.bitPattern
        return units == 0 && numbers & 0x7FFF_FFFF == 0
    }

    /// Whether any of the nine values satisfies `predicate` (without making an array).
    @inline(__always)
    public func containsValue(where predicate: (LayoutValue) -> Bool) -> Bool {
        predicate(left) || predicate(top) || predicate(right) || predicate(bottom) || predicate(start)
            || predicate(end) || predicate(horizontal) || predicate(vertical) || predicate(all)
    }

    public subscript(edge: Edge) -> LayoutValue {
        get {
            switch edge {
            case .left: return left
            case .top: return top
            case .right: return right
            case .bottom: return bottom
            case .start: return start
            case .end: return end
            case .horizontal: return horizontal
            case .vertical: return vertical
            case .all: return all
            }
        }
        set {
            switch edge {
            case .left: left = newValue
            case .top: top = newValue
            case .right: right = newValue
            case .bottom: bottom = newValue
            case .start: start = newValue
            case .end: end = newValue
            case .horizontal: horizontal = newValue
            case .vertical: vertical = newValue
            case .all: all = newValue
            }
        }
    }

    /// The value that applies to a physical side for a resolved direction
    /// (`.ltr` or `.rtl`), following the precedence documented on ``Edge``.
    public func resolved(_ side: PhysicalEdge, direction: LayoutDirection) -> LayoutValue {
        switch side {
        case .left:
            if direction == .rtl ? end.isDefined : start.isDefined { return direction == .rtl ? end : start }
            if left.isDefined { return left }
            return horizontal.isDefined ? horizontal : all
        case .right:
            if direction == .rtl ? start.isDefined : end.isDefined { return direction == .rtl ? start : end }
            if right.isDefined { return right }
            return horizontal.isDefined ? horizontal : all
        case .top:
            if top.isDefined { return top }
            return vertical.isDefined ? vertical : all
        case .bottom:
            if bottom.isDefined { return bottom }
            return vertical.isDefined ? vertical : all
        }
    }
}

/// One value per ``Gutter`` selector.
public struct GutterValues: Hashable, Sendable {
    public var column = LayoutValue.undefined
    public var row = LayoutValue.undefined
    public var all = LayoutValue.undefined

    public init() {}

    public subscript(gutter: Gutter) -> LayoutValue {
        get {
            switch gutter {
            case .column: return column
            case .row: return row
            case .all: return all
            }
        }
        set {
            switch gutter {
            case .column: column = newValue
            case .row: row = newValue
            case .all: all = newValue
            }
        }
    }

    /// The gap between columns (the main-axis gap of a row), falling back to `all`.
    public var resolvedColumn: LayoutValue { column.isDefined ? column : all }
    /// The gap between rows, falling back to `all`.
    public var resolvedRow: LayoutValue { row.isDefined ? row : all }
}
