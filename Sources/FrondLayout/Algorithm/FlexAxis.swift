// Axis geometry: which physical edges and dimension a flex direction maps to.

extension FlexDirection {
    @inline(__always) var isRow: Bool { self == .row || self == .rowReverse }
    @inline(__always) var isColumn: Bool { self == .column || self == .columnReverse }
    @inline(__always) var isReverse: Bool { self == .rowReverse || self == .columnReverse }

    /// The direction with `row` flipped for right-to-left.
    @inline(__always)
    func resolved(_ direction: LayoutDirection) -> FlexDirection {
        guard direction == .rtl else { return self }
        switch self {
        case .row: return .rowReverse
        case .rowReverse: return .row
        default: return self
        }
    }

    /// The cross axis of a container whose (resolved) main axis is `self`.
    @inline(__always)
    func crossAxis(_ direction: LayoutDirection) -> FlexDirection {
        isColumn ? FlexDirection.row.resolved(direction) : .column
    }

    /// The physical dimension measured along this axis.
    @inline(__always) var dimension: Axis { isRow ? .width : .height }

    /// The edge where the flow of this axis starts.
    @inline(__always)
    var flexStartEdge: PhysicalEdge {
        switch self {
        case .column: return .top
        case .columnReverse: return .bottom
        case .row: return .left
        case .rowReverse: return .right
        }
    }

    /// The edge where the flow of this axis ends.
    @inline(__always)
    var flexEndEdge: PhysicalEdge {
        switch self {
        case .column: return .bottom
        case .columnReverse: return .top
        case .row: return .right
        case .rowReverse: return .left
        }
    }

    /// The edge where inline (text) flow starts on this axis: left/right by direction for rows, top for columns.
    @inline(__always)
    func inlineStartEdge(_ direction: LayoutDirection) -> PhysicalEdge {
        isRow ? (direction == .rtl ? .right : .left) : .top
    }

    /// The edge where inline flow ends on this axis.
    @inline(__always)
    func inlineEndEdge(_ direction: LayoutDirection) -> PhysicalEdge {
        isRow ? (direction == .rtl ? .left : .right) : .bottom
    }
}

extension Axis {
    /// The flex direction that runs along this dimension.
    @inline(__always) var flexDirection: FlexDirection { self == .width ? .row : .column }
}

extension LayoutDirection {
    /// This direction with `inherit` replaced by the owner's (or LTR).
    @inline(__always)
    func resolved(inheriting owner: LayoutDirection) -> LayoutDirection {
        if self != .inherit { return self }
        return owner != .inherit ? owner : .ltr
    }
}
