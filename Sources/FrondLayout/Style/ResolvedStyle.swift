/// The style facts the algorithm reads on every pass, precomputed whenever a node's
/// style changes: the style's own keyword and flex values, the two gaps, the processed
/// sizes, sums of margins, paddings and borders where they need no resolution, and
/// flags that let queries skip what is unset.
///
/// The values copied from ``LayoutStyle`` are the ones the algorithm reads for every
/// child it visits; keeping them here, next to the rest, means a visit reads one or two
/// cache lines of a node instead of lines spread over its whole style. The node's
/// ``ResolvedSides`` (none when no side is set) hold the per-side values.
///
/// An inset set to `auto` counts as unset everywhere, so a style that spells out
/// `left: auto` lays out exactly like one that omits it.
struct ResolvedStyle {
    // Copied from the style exactly as set (the node's style is rebuilt from them, see
    // StyleOriginals.swift), interleaved so that the one-byte values fill the padding
    // after the five-byte ones.
    var flexGrow: Float?
    var direction: LayoutDirection = .inherit
    var flexDirection: FlexDirection = .column
    var justifyContent: Justify = .flexStart
    var flexShrink: Float?
    var alignContent: Align = .flexStart
    var alignItems: Align = .stretch
    var alignSelf: Align = .auto
    var flex: Float?
    var positionType: PositionType = .relative
    var flexWrap: FlexWrap = .noWrap
    var overflow: Overflow = .visible
    var flexBasis = LayoutValue.auto
    var display: Display = .flex
    var boxSizing: BoxSizing = .borderBox
    var hasAutoMargin = false
    var minWidth = LayoutValue.undefined
    /// False when no margin, padding, border or inset is set at all (the common case),
    /// letting queries answer 0 without resolving anything.
    var hasMargin = false
    var hasPadding = false
    var hasBorder = false
    var minHeight = LayoutValue.undefined
    var hasInsets = false
    var hasHorizontalInsets = false
    var hasVerticalInsets = false
    var maxWidth = LayoutValue.undefined
    /// True when a percentage in the node's sizes, margins or paddings resolves against its
    /// containing block (so its layout depends on more than the space offered).
    var usesOwnerSize = false
    /// True when a min or max size is a percentage (its parent's layout then depends on the
    /// parent's containing block: Yoga clamps flex bases with it).
    var hasPercentMinMax = false
    /// Whether a max width / max height is set (unset and `auto` mean none).
    var hasMaxWidth = false
    var maxHeight = LayoutValue.undefined
    var hasMaxHeight = false
    /// Whether any min or max size is set on the axis (clamping is then needed at all).
    var hasMinMaxWidth = false
    var hasMinMaxHeight = false
    /// The size each dimension is laid out with: the max size when min and max coincide,
    /// the declared size otherwise.
    var processedWidth = LayoutValue.auto
    var processedHeight = LayoutValue.auto
    var columnGap = LayoutValue.undefined
    var rowGap = LayoutValue.undefined
    /// The aspect ratio, nil when unset or 0 (a degenerate ratio behaves as none).
    var aspectRatio: Float?
    /// Padding plus border across each axis when no padding is a percentage (NaN otherwise),
    /// so the common case needs no resolution: rows per direction, and columns.
    var fixedPaddingBorderRowLTR: Float = 0
    var fixedPaddingBorderRowRTL: Float = 0
    var fixedPaddingBorderColumn: Float = 0
    /// Both margins of each axis when no margin is a percentage (NaN otherwise).
    var fixedMarginRowLTR: Float = 0
    var fixedMarginRowRTL: Float = 0
    var fixedMarginColumn: Float = 0
    /// The style-only conditions that let a container's height be content-sized (see
    /// ContentSizedHeight.swift), on the container's side: no min/max height or aspect
    /// ratio, no scrolling, no wrapping, no percentage gap. (True for the default style.)
    var allowsContentSizedHeight = true
    /// The same on an item's side: relative, no insets, no auto margins, no aspect ratio and
    /// no percentage resolving against the containing block (`usesOwnerSize`).
    var isPlainFlowItem = true

    /// The default style's facts (Yoga's defaults, no sides set).
    init() {}

    init(_ style: LayoutStyle, sides: ResolvedSides?) {
        flexGrow = style.flexGrow
        direction = style.direction
        flexDirection = style.flexDirection
        justifyContent = style.justifyContent
        flexShrink = style.flexShrink
        alignContent = style.alignContent
        alignItems = style.alignItems
        alignSelf = style.alignSelf
        flex = style.flex
        positionType = style.positionType
        flexWrap = style.flexWrap
        overflow = style.overflow
        flexBasis = style.flexBasis
        display = style.display
        boxSizing = style.boxSizing
        minWidth = style.minWidth
        minHeight = style.minHeight
        maxWidth = style.maxWidth
        maxHeight = style.maxHeight

        columnGap = style.gap.resolvedColumn
        rowGap = style.gap.resolvedRow
        aspectRatio = style.aspectRatio.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        processedWidth = ResolvedStyle.processedSize(style.width, minimum: style.minWidth, maximum: style.maxWidth)
        processedHeight = ResolvedStyle.processedSize(style.height, minimum: style.minHeight, maximum: style.maxHeight)
        hasPercentMinMax = style.minWidth.unit == .percent || style.minHeight.unit == .percent
            || style.maxWidth.unit == .percent || style.maxHeight.unit == .percent
        hasMaxWidth = style.maxWidth.isDefined && style.maxWidth.unit != .auto
        hasMaxHeight = style.maxHeight.isDefined && style.maxHeight.unit != .auto
        hasMinMaxWidth = hasMaxWidth || (style.minWidth.isDefined && style.minWidth.unit != .auto)
        hasMinMaxHeight = hasMaxHeight || (style.minHeight.isDefined && style.minHeight.unit != .auto)
        usesOwnerSize = hasPercentMinMax || style.width.unit == .percent || style.height.unit == .percent

        // Most styles set no margin, padding, border or inset at all: then every sum is 0.
        if let sides, sides.isSet { resolveSides(style, sides) }
        allowsContentSizedHeight = !hasMinMaxHeight && aspectRatio == nil && overflow != .scroll && flexWrap == .noWrap
            && rowGap.unit != .percent && columnGap.unit != .percent
        isPlainFlowItem = positionType == .relative && !hasInsets && !hasAutoMargin && aspectRatio == nil
            && !usesOwnerSize
    }

    /// The facts of the margins, paddings, borders and insets of `style` (whose `sides`
    /// are set).
    private mutating func resolveSides(_ style: LayoutStyle, _ sides: ResolvedSides) {
        let insets = ResolvedStyle.withoutAuto(style.position)
        hasHorizontalInsets = insets.left.isDefined || insets.right.isDefined || insets.start.isDefined
            || insets.end.isDefined || insets.horizontal.isDefined || insets.all.isDefined
        hasVerticalInsets = insets.top.isDefined || insets.bottom.isDefined || insets.vertical.isDefined
            || insets.all.isDefined
        hasAutoMargin = style.margin.containsValue { $0.unit == .auto }
        hasMargin = style.margin.containsValue { $0.isDefined }
        hasPadding = style.padding.containsValue { $0.isDefined }
        hasBorder = style.border.containsValue { $0.isDefined }
        hasInsets = hasHorizontalInsets || hasVerticalInsets
        usesOwnerSize = usesOwnerSize || style.margin.containsValue { $0.unit == .percent }
            || style.padding.containsValue { $0.unit == .percent }
        if !style.padding.containsValue(where: { $0.unit == .percent }) {
            func sum(_ sides: SideValues, _ first: PhysicalEdge, _ second: PhysicalEdge) -> Float {
                max(sides[first].resolvedOrZero(0), 0) + max(sides[second].resolvedOrZero(0), 0)
            }
            fixedPaddingBorderRowLTR = sum(sides.paddingLTR, .left, .right) + sum(sides.borderLTR, .left, .right)
            fixedPaddingBorderRowRTL = sum(sides.paddingRTL, .left, .right) + sum(sides.borderRTL, .left, .right)
            fixedPaddingBorderColumn = sum(sides.paddingLTR, .top, .bottom) + sum(sides.borderLTR, .top, .bottom)
        } else {
            fixedPaddingBorderRowLTR = .nan
            fixedPaddingBorderRowRTL = .nan
            fixedPaddingBorderColumn = .nan
        }
        if !style.margin.containsValue(where: { $0.unit == .percent }) {
            fixedMarginRowLTR = sides.marginLTR.left.resolvedOrZero(0) + sides.marginLTR.right.resolvedOrZero(0)
            fixedMarginRowRTL = sides.marginRTL.left.resolvedOrZero(0) + sides.marginRTL.right.resolvedOrZero(0)
            fixedMarginColumn = sides.marginLTR.top.resolvedOrZero(0) + sides.marginLTR.bottom.resolvedOrZero(0)
        } else {
            fixedMarginRowLTR = .nan
            fixedMarginRowRTL = .nan
            fixedMarginColumn = .nan
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

    static func withoutAuto(_ edges: EdgeValues) -> EdgeValues {
        var result = edges
        guard edges.containsValue(where: { $0.unit == .auto }) else { return edges }
        for edge in Edge.allCases where result[edge].unit == .auto {
            result[edge] = .undefined
        }
        return result
    }

}
