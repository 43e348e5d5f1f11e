// Style values as the algorithm needs them: resolved against a reference length,
// for a flex axis and a direction. "flexStart"/"flexEnd" follow the flex flow of
// the axis; "inlineStart"/"inlineEnd" follow the text direction.

extension LayoutNode {
    // MARK: Per-side values (unset when the node sets no side at all; read through the
    // node's own retain, see `sidesStorage`)

    @inline(__always)
    func marginValue(_ edge: PhysicalEdge, _ direction: LayoutDirection) -> LayoutValue {
        sidesStorage?._withUnsafeGuaranteedRef { $0.margin(edge, resolveDirection(direction)) } ?? .undefined
    }

    @inline(__always)
    func paddingValue(_ edge: PhysicalEdge, _ direction: LayoutDirection) -> LayoutValue {
        sidesStorage?._withUnsafeGuaranteedRef { $0.padding(edge, resolveDirection(direction)) } ?? .undefined
    }

    @inline(__always)
    func borderValue(_ edge: PhysicalEdge, _ direction: LayoutDirection) -> LayoutValue {
        sidesStorage?._withUnsafeGuaranteedRef { $0.border(edge, resolveDirection(direction)) } ?? .undefined
    }

    @inline(__always)
    func insetValue(_ edge: PhysicalEdge, _ direction: LayoutDirection) -> LayoutValue {
        sidesStorage?._withUnsafeGuaranteedRef { $0.inset(edge, resolveDirection(direction)) } ?? .undefined
    }

    // MARK: Margins (percentages resolve against the containing block's width)

    @inline(__always)
    func flexStartMargin(_ axis: FlexDirection, _ direction: LayoutDirection, _ widthSize: Float) -> Float {
        guard resolved.hasMargin else { return 0 }
        return marginValue(axis.flexStartEdge, direction).resolvedOrZero(widthSize)
    }

    @inline(__always)
    func flexEndMargin(_ axis: FlexDirection, _ direction: LayoutDirection, _ widthSize: Float) -> Float {
        guard resolved.hasMargin else { return 0 }
        return marginValue(axis.flexEndEdge, direction).resolvedOrZero(widthSize)
    }

    @inline(__always)
    func inlineStartMargin(_ axis: FlexDirection, _ direction: LayoutDirection, _ widthSize: Float) -> Float {
        guard resolved.hasMargin else { return 0 }
        return marginValue(axis.inlineStartEdge(direction), direction).resolvedOrZero(widthSize)
    }

    @inline(__always)
    func inlineEndMargin(_ axis: FlexDirection, _ direction: LayoutDirection, _ widthSize: Float) -> Float {
        guard resolved.hasMargin else { return 0 }
        return marginValue(axis.inlineEndEdge(direction), direction).resolvedOrZero(widthSize)
    }

    /// Both margins on an axis. A row's sum depends on the direction when the style mixes
    /// physical and logical sides (in RTL `end` is the left side and wins over `left`).
    @inline(__always)
    func marginForAxis(_ axis: FlexDirection, _ direction: LayoutDirection, _ widthSize: Float) -> Float {
        let fixed = axis.isRow
            ? (resolveDirection(direction) == .rtl ? resolved.fixedMarginRowRTL : resolved.fixedMarginRowLTR)
            : resolved.fixedMarginColumn
        if !fixed.isNaN { return fixed }
        return resolvedMarginForAxis(axis, direction, widthSize)
    }

    /// ``marginForAxis(_:_:_:)`` when a margin is a percentage (kept out of line, so that the
    /// common case above inlines into every caller).
    @inline(never)
    private func resolvedMarginForAxis(_ axis: FlexDirection, _ direction: LayoutDirection, _ widthSize: Float) -> Float {
        inlineStartMargin(axis, direction, widthSize) + inlineEndMargin(axis, direction, widthSize)
    }

    @inline(__always)
    func flexStartMarginIsAuto(_ axis: FlexDirection, _ direction: LayoutDirection) -> Bool {
        resolved.hasAutoMargin && marginValue(axis.flexStartEdge, direction).unit == .auto
    }

    @inline(__always)
    func flexEndMarginIsAuto(_ axis: FlexDirection, _ direction: LayoutDirection) -> Bool {
        resolved.hasAutoMargin && marginValue(axis.flexEndEdge, direction).unit == .auto
    }

    // MARK: Borders and paddings (never negative)

    @inline(__always)
    func border(_ edge: PhysicalEdge, _ direction: LayoutDirection) -> Float {
        guard resolved.hasBorder else { return 0 }
        return maxOrDefined(borderValue(edge, direction).resolve(0), 0)
    }

    @inline(__always)
    func padding(_ edge: PhysicalEdge, _ direction: LayoutDirection, _ widthSize: Float) -> Float {
        guard resolved.hasPadding else { return 0 }
        return maxOrDefined(paddingValue(edge, direction).resolve(widthSize), 0)
    }

    @inline(__always)
    func flexStartBorder(_ axis: FlexDirection, _ direction: LayoutDirection) -> Float {
        border(axis.flexStartEdge, direction)
    }

    @inline(__always)
    func flexEndBorder(_ axis: FlexDirection, _ direction: LayoutDirection) -> Float {
        border(axis.flexEndEdge, direction)
    }

    @inline(__always)
    func flexStartPaddingAndBorder(_ axis: FlexDirection, _ direction: LayoutDirection, _ widthSize: Float) -> Float {
        let edge = axis.flexStartEdge
        return padding(edge, direction, widthSize) + border(edge, direction)
    }

    @inline(__always)
    func flexEndPaddingAndBorder(_ axis: FlexDirection, _ direction: LayoutDirection, _ widthSize: Float) -> Float {
        let edge = axis.flexEndEdge
        return padding(edge, direction, widthSize) + border(edge, direction)
    }

    @inline(__always)
    func inlineStartPaddingAndBorder(_ axis: FlexDirection, _ direction: LayoutDirection, _ widthSize: Float) -> Float {
        let edge = axis.inlineStartEdge(direction)
        return padding(edge, direction, widthSize) + border(edge, direction)
    }

    @inline(__always)
    func inlineEndPaddingAndBorder(_ axis: FlexDirection, _ direction: LayoutDirection, _ widthSize: Float) -> Float {
        let edge = axis.inlineEndEdge(direction)
        return padding(edge, direction, widthSize) + border(edge, direction)
    }

    /// Padding plus border on both sides of an axis.
    @inline(__always)
    func paddingAndBorderForAxis(_ axis: FlexDirection, _ direction: LayoutDirection, _ widthSize: Float) -> Float {
        let fixed = axis.isRow
            ? (resolveDirection(direction) == .rtl ? resolved.fixedPaddingBorderRowRTL : resolved.fixedPaddingBorderRowLTR)
            : resolved.fixedPaddingBorderColumn
        if !fixed.isNaN { return fixed }
        return resolvedPaddingAndBorderForAxis(axis, direction, widthSize)
    }

    /// ``paddingAndBorderForAxis(_:_:_:)`` when a padding is a percentage (out of line, as
    /// `resolvedMarginForAxis`).
    @inline(never)
    private func resolvedPaddingAndBorderForAxis(_ axis: FlexDirection, _ direction: LayoutDirection,
                                                 _ widthSize: Float) -> Float {
        inlineStartPaddingAndBorder(axis, direction, widthSize) + inlineEndPaddingAndBorder(axis, direction, widthSize)
    }

    /// Padding plus border across a dimension (what `box-sizing: content-box` adds).
    @inline(__always)
    func paddingAndBorderForDimension(_ dimension: Axis, _ direction: LayoutDirection, _ widthSize: Float) -> Float {
        paddingAndBorderForAxis(dimension.flexDirection, direction, widthSize)
    }

    /// Border on both sides of an axis.
    @inline(__always)
    func borderForAxis(_ axis: FlexDirection, _ direction: LayoutDirection) -> Float {
        border(axis.inlineStartEdge(.ltr), direction) + border(axis.inlineEndEdge(.ltr), direction)
    }

    /// The gap between items along `axis` (column gap for rows), resolved against `ownerSize`.
    @inline(__always)
    func gapForAxis(_ axis: FlexDirection, _ ownerSize: Float) -> Float {
        maxOrDefined((axis.isRow ? resolved.columnGap : resolved.rowGap).resolve(ownerSize), 0)
    }

    // MARK: Insets

    @inline(__always)
    func isFlexStartInsetDefined(_ axis: FlexDirection, _ direction: LayoutDirection) -> Bool {
        insetValue(axis.flexStartEdge, direction).isDefined
    }

    @inline(__always)
    func isFlexEndInsetDefined(_ axis: FlexDirection, _ direction: LayoutDirection) -> Bool {
        insetValue(axis.flexEndEdge, direction).isDefined
    }

    @inline(__always)
    func isInlineStartInsetDefined(_ axis: FlexDirection, _ direction: LayoutDirection) -> Bool {
        insetValue(axis.inlineStartEdge(direction), direction).isDefined
    }

    @inline(__always)
    func isInlineEndInsetDefined(_ axis: FlexDirection, _ direction: LayoutDirection) -> Bool {
        insetValue(axis.inlineEndEdge(direction), direction).isDefined
    }

    @inline(__always)
    func flexStartInset(_ axis: FlexDirection, _ direction: LayoutDirection, _ axisSize: Float) -> Float {
        insetValue(axis.flexStartEdge, direction).resolvedOrZero(axisSize)
    }

    @inline(__always)
    func flexEndInset(_ axis: FlexDirection, _ direction: LayoutDirection, _ axisSize: Float) -> Float {
        insetValue(axis.flexEndEdge, direction).resolvedOrZero(axisSize)
    }

    @inline(__always)
    func inlineStartInset(_ axis: FlexDirection, _ direction: LayoutDirection, _ axisSize: Float) -> Float {
        insetValue(axis.inlineStartEdge(direction), direction).resolvedOrZero(axisSize)
    }

    @inline(__always)
    func inlineEndInset(_ axis: FlexDirection, _ direction: LayoutDirection, _ axisSize: Float) -> Float {
        insetValue(axis.inlineEndEdge(direction), direction).resolvedOrZero(axisSize)
    }

    /// The offset a relatively positioned node is moved by along `axis` (0 for static nodes).
    /// `direction` is the node's own; when both sides are set, the start side wins. In CSS
    /// mode the start side is the containing block's (`containerDirection`: CSS 2 §9.4.3,
    /// `left` wins in a left-to-right container whatever the node's own direction), and a
    /// percentage of an indefinite size is `auto`.
    func relativePosition(_ axis: FlexDirection, _ direction: LayoutDirection, _ axisSize: Float,
                          containerDirection: LayoutDirection) -> Float {
        if !resolved.hasInsets || resolved.positionType == .static { return 0 }
        let css = usesIntrinsicWidths
        let sideDirection = css ? containerDirection : direction
        let start = insetValue(axis.inlineStartEdge(sideDirection), direction)
        if start.isDefined && !(css && start.resolve(axisSize).isNaN) {
            return start.resolvedOrZero(axisSize)
        }
        let end = insetValue(axis.inlineEndEdge(sideDirection), direction)
        if css && end.resolve(axisSize).isNaN { return 0 }
        return -end.resolvedOrZero(axisSize)
    }

    // MARK: Sizes

    /// The min size of an axis (unset and `auto` both mean "no explicit minimum").
    @inline(__always)
    func minSize(_ dimension: Axis) -> LayoutValue {
        var value = dimension == .width ? resolved.minWidth : resolved.minHeight
        if value.unit == .auto { value.unit = .undefined }
        return value
    }

    /// The max size of an axis (unset and `auto` both mean none).
    @inline(__always)
    func maxSize(_ dimension: Axis) -> LayoutValue {
        var value = dimension == .width ? resolved.maxWidth : resolved.maxHeight
        if value.unit == .auto { value.unit = .undefined }
        return value
    }

    /// True when the processed size of `dimension` resolves to a length ≥ 0.
    @inline(__always)
    func hasDefiniteLength(_ dimension: Axis, _ ownerSize: Float) -> Bool {
        let used = resolved.processed(dimension).resolve(ownerSize)
        return used.isDefined && used >= 0
    }

    /// The processed size of `dimension` as a border-box length (NaN when indefinite).
    @inline(__always)
    func resolvedDimension(_ direction: LayoutDirection, _ dimension: Axis, _ reference: Float, _ ownerWidth: Float) -> Float {
        contentBoxAdjusted(resolved.processed(dimension).resolve(reference), direction, dimension, ownerWidth)
    }

    /// The minimum size of `dimension` as a border-box length (NaN when none).
    @inline(__always)
    func resolvedMinDimension(_ direction: LayoutDirection, _ dimension: Axis, _ reference: Float, _ ownerWidth: Float) -> Float {
        contentBoxAdjusted(minSize(dimension).resolve(reference), direction, dimension, ownerWidth)
    }

    /// The maximum size of `dimension` as a border-box length (NaN when none).
    @inline(__always)
    func resolvedMaxDimension(_ direction: LayoutDirection, _ dimension: Axis, _ reference: Float, _ ownerWidth: Float) -> Float {
        contentBoxAdjusted(maxSize(dimension).resolve(reference), direction, dimension, ownerWidth)
    }

    @inline(__always)
    private func contentBoxAdjusted(_ value: Float, _ direction: LayoutDirection, _ dimension: Axis, _ ownerWidth: Float) -> Float {
        if resolved.boxSizing == .borderBox || value.isNaN { return value }
        return value + paddingAndBorderForDimension(dimension, direction, ownerWidth)
    }

    /// The measured size along `axis` plus the margins on that axis.
    @inline(__always)
    func dimensionWithMargin(_ axis: FlexDirection, _ direction: LayoutDirection, _ widthSize: Float) -> Float {
        state.measured(axis.dimension) + marginForAxis(axis, direction, widthSize)
    }

    @inline(__always)
    func isLayoutDimensionDefined(_ axis: FlexDirection) -> Bool {
        let value = state.measured(axis.dimension)
        return value.isDefined && value >= 0
    }

    // MARK: Flex factors

    /// The grow factor (0 for a root).
    @inline(__always)
    func resolveFlexGrow() -> Float {
        if !hasOwner { return 0 }
        if let grow = resolved.flexGrow { return grow }
        if let flex = resolved.flex, flex > 0 { return flex }
        return 0
    }

    /// The shrink factor (0 for a root; 1 when unset with web defaults).
    @inline(__always)
    func resolveFlexShrink() -> Float {
        if !hasOwner { return 0 }
        if let shrink = resolved.flexShrink { return shrink }
        if !config.useWebDefaults, let flex = resolved.flex, flex < 0 { return -flex }
        return config.useWebDefaults ? 1 : 0
    }

    @inline(__always)
    func isFlexible() -> Bool {
        resolved.positionType != .absolute && (resolveFlexGrow() != 0 || resolveFlexShrink() != 0)
    }

    /// The flex basis after applying the `flex` shorthand.
    @inline(__always)
    func processedFlexBasis() -> LayoutValue {
        let basis = resolved.flexBasis
        if basis.unit != .auto && basis.unit != .undefined { return basis }
        if let flex = resolved.flex, flex > 0 {
            return config.useWebDefaults ? .auto : .points(0)
        }
        return .auto
    }

    /// The flex basis as a border-box length along `flexDirection` (NaN when it depends on content).
    @inline(__always)
    func resolveFlexBasis(_ direction: LayoutDirection, _ flexDirection: FlexDirection, _ reference: Float, _ ownerWidth: Float) -> Float {
        contentBoxAdjusted(processedFlexBasis().resolve(reference), direction, flexDirection.dimension, ownerWidth)
    }

    // MARK: Aspect ratio

    /// The border-box size along the other dimension that the aspect ratio gives for a
    /// border-box `size` along `dimension`. The ratio relates the boxes `box-sizing`
    /// names: with `content-box`, the content boxes (CSS Box Sizing §5.1).
    @inline(__always)
    func sizeFromRatio(_ size: Float, of dimension: Axis, _ ratio: Float, _ direction: LayoutDirection,
                       _ ownerWidth: Float, ownerHeight: Float = .nan) -> Float {
        var size = size
        // (CSS mode: the size transferred is the used one, within its min and max sizes.)
        if usesIntrinsicWidths && (dimension == .width ? resolved.hasMinMaxWidth : resolved.hasMinMaxHeight) {
            size = boundAxisWithinMinAndMax(direction, dimension == .width ? .row : .column, size,
                                            dimension == .width ? ownerWidth : ownerHeight, ownerWidth)
        }
        // (Truncated to 64ths of a point, as Chromium converts the result to layout units.)
        guard resolved.boxSizing == .contentBox else {
            return truncatedToLayoutUnit(dimension == .width ? size / ratio : size * ratio)
        }
        let other: Axis = dimension == .width ? .height : .width
        let content = max(0, size - paddingAndBorderForDimension(dimension, direction, ownerWidth))
        return truncatedToLayoutUnit(dimension == .width ? content / ratio : content * ratio)
            + paddingAndBorderForDimension(other, direction, ownerWidth)
    }

    // MARK: Direction

    @inline(__always)
    func resolveDirection(_ ownerDirection: LayoutDirection) -> LayoutDirection {
        resolved.direction.resolved(inheriting: ownerDirection)
    }
}

extension LayoutValue {
    /// The resolved length, or 0 when the value has none.
    @inline(__always)
    func resolvedOrZero(_ reference: Float) -> Float {
        let length = resolve(reference)
        return length.isNaN ? 0 : length
    }
}
