/// The style facts the algorithm reads on every pass, precomputed whenever a node's
/// style changes: each side of margin, padding, border and inset resolved for both
/// directions, the two gaps, and whether any horizontal or vertical inset is set.
///
/// An inset set to `auto` counts as unset everywhere, so a style that spells out
/// `left: auto` lays out exactly like one that omits it.
struct ResolvedStyle {
    var marginLTR = SideValues()
    var marginRTL = SideValues()
    var paddingLTR = SideValues()
    var paddingRTL = SideValues()
    var borderLTR = SideValues()
    var borderRTL = SideValues()
    var insetLTR = SideValues()
    var insetRTL = SideValues()
    var columnGap = LayoutValue.undefined
    var rowGap = LayoutValue.undefined
    var hasHorizontalInsets = false
    var hasVerticalInsets = false
    var hasAutoMargin = false
    /// False when no margin, padding, border or inset is set at all (the common case),
    /// letting queries answer 0 without resolving anything.
    var hasMargin = false
    var hasPadding = false
    var hasBorder = false
    var hasInsets = false
    /// The aspect ratio, nil when unset or 0 (a degenerate ratio behaves as none).
    var aspectRatio: Float?
    /// Padding plus border across each axis when no padding is a percentage (NaN otherwise),
    /// so the common case needs no resolution: rows per direction, and columns.
    var fixedPaddingBorderRowLTR = Float.nan
    var fixedPaddingBorderRowRTL = Float.nan
    var fixedPaddingBorderColumn = Float.nan
    /// The size each dimension is laid out with: the max size when min and max coincide,
    /// the declared size otherwise.
    var processedWidth = LayoutValue.auto
    var processedHeight = LayoutValue.auto
    /// True when a percentage in the node's sizes, margins or paddings resolves against its
    /// containing block (so its layout depends on more than the space offered).
    var usesOwnerSize = false
    /// True when a min or max size is a percentage (its parent's layout then depends on the
    /// parent's containing block: Yoga clamps flex bases with it).
    var hasPercentMinMax = false
    /// Whether a max width / max height is set (unset and `auto` mean none).
    var hasMaxWidth = false
    var hasMaxHeight = false
    /// Whether any min or max size is set on the axis (clamping is then needed at all).
    var hasMinMaxWidth = false
    var hasMinMaxHeight = false
    /// Both margins of each axis when no margin is a percentage (NaN otherwise).
    var fixedMarginRow = Float.nan
    var fixedMarginColumn = Float.nan

    init() {}

    init(_ style: LayoutStyle) {
        marginLTR = SideValues(style.margin, .ltr)
        marginRTL = SideValues(style.margin, .rtl)
        paddingLTR = SideValues(style.padding, .ltr)
        paddingRTL = SideValues(style.padding, .rtl)
        borderLTR = SideValues(style.border, .ltr)
        borderRTL = SideValues(style.border, .rtl)
        let insets = ResolvedStyle.withoutAuto(style.position)
        insetLTR = SideValues(insets, .ltr)
        insetRTL = SideValues(insets, .rtl)
        columnGap = style.gap.resolvedColumn
        rowGap = style.gap.resolvedRow
        hasHorizontalInsets = insets.left.isDefined || insets.right.isDefined || insets.start.isDefined
            || insets.end.isDefined || insets.horizontal.isDefined || insets.all.isDefined
        hasVerticalInsets = insets.top.isDefined || insets.bottom.isDefined || insets.vertical.isDefined
            || insets.all.isDefined
        hasAutoMargin = style.margin.containsValue { $0.unit == .auto }
        hasMargin = style.margin.containsValue { $0.isDefined }
        hasPadding = style.padding.containsValue { $0.isDefined }
        hasBorder = style.border.containsValue { $0.isDefined }
        hasInsets = hasHorizontalInsets || hasVerticalInsets
        aspectRatio = style.aspectRatio.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        if !style.padding.containsValue { $0.unit == .percent } {
            func sum(_ sides: SideValues, _ first: PhysicalEdge, _ second: PhysicalEdge) -> Float {
                max(sides[first].resolvedOrZero(0), 0) + max(sides[second].resolvedOrZero(0), 0)
            }
            fixedPaddingBorderRowLTR = sum(paddingLTR, .left, .right) + sum(borderLTR, .left, .right)
            fixedPaddingBorderRowRTL = sum(paddingRTL, .left, .right) + sum(borderRTL, .left, .right)
            fixedPaddingBorderColumn = sum(paddingLTR, .top, .bottom) + sum(borderLTR, .top, .bottom)
        }
        processedWidth = ResolvedStyle.processedSize(style.width, minimum: style.minWidth, maximum: style.maxWidth)
        processedHeight = ResolvedStyle.processedSize(style.height, minimum: style.minHeight, maximum: style.maxHeight)
        hasPercentMinMax = style.minWidth.unit == .percent || style.minHeight.unit == .percent
            || style.maxWidth.unit == .percent || style.maxHeight.unit == .percent
        hasMaxWidth = style.maxWidth.isDefined && style.maxWidth.unit != .auto
        hasMaxHeight = style.maxHeight.isDefined && style.maxHeight.unit != .auto
        hasMinMaxWidth = hasMaxWidth || (style.minWidth.isDefined && style.minWidth.unit != .auto)
        hasMinMaxHeight = hasMaxHeight || (style.minHeight.isDefined && style.minHeight.unit != .auto)
        usesOwnerSize = hasPercentMinMax || style.width.unit == .percent || style.height.unit == .percent
            || style.margin.containsValue { $0.unit == .percent } || style.padding.containsValue { $0.unit == .percent }
        if !style.margin.containsValue { $0.unit == .percent } {
            fixedMarginRow = marginLTR.left.resolvedOrZero(0) + marginLTR.right.resolvedOrZero(0)
            fixedMarginColumn = marginLTR.top.resolvedOrZero(0) + marginLTR.bottom.resolvedOrZero(0)
        }
    }

    private static func processedSize(_ size: LayoutValue, minimum: LayoutValue, maximum: LayoutValue) -> LayoutValue {
        // Unset and `auto` min/max sizes both mean "none" here.
        var minimum = minimum, maximum = maximum
        if minimum.unit == .auto { minimum.unit = .undefined }
        if maximum.unit == .auto { maximum.unit = .undefined }
        return maximum.isDefined && maximum.isApproximatelyEqual(to: minimum) ? maximum : size
    }

    @inline(__always)
    func processed(_ axis: Axis) -> LayoutValue { axis == .width ? processedWidth : processedHeight }

    private static func withoutAuto(_ edges: EdgeValues) -> EdgeValues {
        var result = edges
        guard edges.containsValue(where: { $0.unit == .auto }) else { return edges }
        for edge in Edge.allCases where result[edge].unit == .auto {
            result[edge] = .undefined
        }
        return result
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
