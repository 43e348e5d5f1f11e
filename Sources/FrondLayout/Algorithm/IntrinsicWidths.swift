// Intrinsic widths: the min-content and max-content widths of a node and the
// contributions its children make to them (CSS Sizing §5, CSS Flexbox §9.9).
//
// Percentage widths and paddings are indefinite here (treated as auto and 0): a node's
// intrinsic width cannot depend on the width it is computing. Heights can be definite
// (a node's own, one a single-line row stretches it to, or a percentage of one), and
// then aspect ratios and wrapping columns turn them into widths. A row container's widths
// are sums of its items' contributions, a column's (and a wrapping row's min-content
// width) the largest one.
//
// In CSS mode (web defaults, no errata) a container whose width comes from its content
// is first given its used width, `min(max-content, max(min-content, available))`
// (max-content when nothing is available), and then laid out at that width like a
// container whose width is definite: its items' percentages resolve against it and
// its lines break at it, as in a browser. Yoga instead sizes such a container by the
// sum of its items' flex bases, which differs when a basis is not the item's content
// size (§9.9.3: `flex-basis: 100px` on an empty item that may shrink contributes 0).

extension LayoutNode {
    /// Whether a content-sized width is resolved from intrinsic widths first (CSS mode).
    @inline(__always)
    var usesIntrinsicWidths: Bool { config.modes.intrinsicWidths }

    /// The border-box width a container of children takes when its width comes from its
    /// content: `available` is its outer available width less margins (NaN: none), `mode`
    /// `.maxContent` or `.fitContent`; `innerHeight` its definite inner height (NaN: none),
    /// which the items it stretches (and their percentage heights) take into account.
    func contentBasedWidth(direction: LayoutDirection, available: Float, mode: SizingMode, innerHeight: Float,
                           ownerWidth: Float, pass: LayoutPass) -> Float {
        var width = maxContentWidth(ownerDirection: direction, pass: pass,
                                    height: innerHeight + paddingAndBorderForAxis(.column, direction, .nan))
        // (Intrinsic widths count percentage paddings as 0; the box's own resolve against
        // its containing block, which is known here.)
        width += paddingAndBorderForAxis(.row, direction, ownerWidth) - paddingAndBorderForAxis(.row, direction, .nan)
        if mode == .fitContent && available.isDefined && available < width {
            width = max(available, minContentWidth(ownerDirection: direction, ownerWidth: ownerWidth, pass: pass,
                                                   height: innerHeight + paddingAndBorderForAxis(.column, direction, .nan)))
        }
        return boundAxis(.row, direction, width, ownerWidth, ownerWidth)
    }

    /// The node's max-content width as a border-box length: as wide as its content
    /// wants to be with no line broken. `height`: a definite border-box height it is given
    /// (stretched to, or laid out at; NaN: none), which its own definite height overrides;
    /// the items it stretches to it take it into account. Computed once per pass and height.
    func maxContentWidth(ownerDirection: LayoutDirection, pass: LayoutPass, height: Float = .nan) -> Float {
        let direction = resolveDirection(ownerDirection)
        let height = height.isNaN ? ownDefiniteHeight(direction) : height
        if state.maxContentWidthGeneration == pass.generation
            && (state.maxContentWidthHeight == height || (height.isNaN && state.maxContentWidthHeight.isNaN)) {
            return state.maxContentWidth
        }
        let paddingAndBorder = paddingAndBorderForAxis(.row, direction, .nan)
        var width: Float
        if isMeasured {
            width = measureMaxContentWidth(pass: pass) + paddingAndBorder
        } else if isColumnWrap && height.isDefined {
            width = columnWrapWidth(atHeight: height, ownerDirection: ownerDirection, pass: pass)
        } else if isColumnWrap && breaksLinesAtMaxHeight(.nan) {
            layoutIfNeeded(availableWidth: .nan, availableHeight: .nan, ownerDirection: ownerDirection,
                           widthMode: .maxContent, heightMode: .maxContent,
                           ownerWidth: .nan, ownerHeight: .nan, performLayout: false, depth: 0, pass: pass)
            width = state.measuredWidth
        } else {
            let innerHeight = height - paddingAndBorderForAxis(.column, direction, .nan)
            width = intrinsicChildrenWidth(direction: direction, maxContent: true, innerHeight: innerHeight, pass: pass)
                + paddingAndBorder
        }
        width = widthWithinTransferredLimits(width, direction: direction)
        state.maxContentWidth = width
        state.maxContentWidthGeneration = pass.generation
        state.maxContentWidthHeight = height
        return width
    }

    /// The node's min-content width as a border-box length: the narrowest it can be
    /// without its content overflowing. A measured leaf is asked for at most 0 points of
    /// width and answers with its narrowest layout (for text: the widest word).
    func minContentWidth(ownerDirection: LayoutDirection, ownerWidth: Float, pass: LayoutPass,
                         height: Float = .nan) -> Float {
        let direction = resolveDirection(ownerDirection)
        let paddingAndBorder = paddingAndBorderForAxis(.row, direction, ownerWidth)
        if isMeasured {
            return measureMinContentWidth(direction: direction, pass: pass) + paddingAndBorder
        }
        let height = height.isNaN ? ownDefiniteHeight(direction) : height
        let innerHeight = height - paddingAndBorderForAxis(.column, direction, .nan)
        return widthWithinTransferredLimits(
            intrinsicChildrenWidth(direction: direction, maxContent: false, innerHeight: innerHeight, pass: pass)
                + paddingAndBorder,
            direction: direction)
    }

    /// CSS mode, a box with an aspect ratio whose height is automatic: its content-based
    /// width (the intrinsic one; for a box whose width is set, its min-content width as a
    /// flex item's automatic minimum) is also bounded by its min and max heights (and the height its
    /// padding and border take) carried through the ratio (CSS Sizing 4 §5.1; Chromium:
    /// `{min-height: 100px; aspect-ratio: 0.5}` is 50 wide, `{padding: 14px 0;
    /// aspect-ratio: 1}` 28).
    func widthWithinTransferredLimits(_ width: Float, direction: LayoutDirection) -> Float {
        guard usesIntrinsicWidths, let ratio = resolved.aspectRatio, !hasDefiniteLength(.height, .nan)
        else { return width }
        var result = width
        let minHeight = max(maxOrDefined(resolvedMinDimension(direction, .height, .nan, .nan), 0),
                            paddingAndBorderForAxis(.column, direction, .nan))
        result = max(result, sizeFromRatio(minHeight, of: .height, ratio, direction, .nan))
        let maxHeight = resolvedMaxDimension(direction, .height, .nan, .nan)
        if maxHeight.isDefined {
            result = min(result, max(sizeFromRatio(maxHeight, of: .height, ratio, direction, .nan),
                                     paddingAndBorderForAxis(.row, direction, .nan)))
        }
        return result
    }

    /// The width the in-flow children need side by side (a row: the sum of their
    /// contributions and gaps; a wrapping row at min-content and a column: the largest).
    /// `innerHeight`: the row's definite inner height (NaN: none).
    private func intrinsicChildrenWidth(direction: LayoutDirection, maxContent: Bool, innerHeight: Float = .nan,
                                        pass: LayoutPass) -> Float {
        let isRow = resolved.flexDirection.resolved(direction).isRow
        let sums = isRow && (maxContent || resolved.flexWrap == .noWrap)
        let stretchHeight = isRow && resolved.flexWrap == .noWrap ? innerHeight : .nan
        var total: Float = 0
        var items = 0
        let groupsBaselines = maxContent && !isRow && usesIntrinsicWidths && resolved.flexWrap != .noWrap
        var baselineAscent = -Float.infinity
        var baselineDescent = -Float.infinity
        for child in layoutChildren where LayoutNode.isInFlow(child) {
            // The child's definite height: its own (a percentage of a definite inner height
            // included) or the one a single-line row stretches it to.
            var stretchedHeight = Float.nan
            if usesIntrinsicWidths && child.hasDefiniteLength(.height, innerHeight) {
                stretchedHeight = child.boundAxis(
                    .column, child.resolveDirection(direction),
                    child.resolvedDimension(child.resolveDirection(direction), .height, innerHeight, .nan), innerHeight, .nan)
            } else if stretchHeight.isDefined && alignment(of: child) == .stretch
                && !child.hasDefiniteLength(.height, stretchHeight) && !child.flexStartMarginIsAuto(.column, direction)
                && !child.flexEndMarginIsAuto(.column, direction) {
                stretchedHeight = child.boundAxis(.column, child.resolveDirection(direction),
                                                  stretchHeight - child.marginForAxis(.column, direction, .nan),
                                                  stretchHeight, .nan)
            }
            // (A wrapping row's min-content width is its largest item's own min-content
            // contribution, as in Chromium.)
            let contribution = child.intrinsicContribution(direction: direction, maxContent: maxContent,
                                                           clampsByBasis: sums && usesIntrinsicWidths,
                                                           stretchedHeight: stretchedHeight, pass: pass)
            if sums { total += contribution } else { total = max(total, contribution) }
            if groupsBaselines && isColumnBaselineItem(child, crossAxis: .row, direction: direction) {
                let left = child.flexStartMargin(.row, direction, .nan)
                baselineAscent = max(baselineAscent, left)
                baselineDescent = max(baselineDescent, contribution - left)
            }
            items += 1
        }
        // (CSS mode: a wrapping column's line is wide enough for its items' shared baseline,
        // their left edges lined up, see CrossAxis.swift; its min-content width is still its
        // widest item's, as in Chromium.)
        if baselineAscent.isFinite && baselineDescent.isFinite { total = max(total, baselineAscent + baselineDescent) }
        if sums && items > 1 { total += gapForAxis(.row, .nan) * Float(items - 1) }
        if maxContent && isRow && resolved.flexWrap != .noWrap && usesIntrinsicWidths {
            // Never narrower than its min-content width (Chromium: an item whose basis caps
            // its contribution below its own width still gets a line of that width).
            total = max(total, intrinsicChildrenWidth(direction: direction, maxContent: false, pass: pass))
        }
        return total
    }

    /// The node's outer min- or max-content width as an item of its parent: its definite
    /// width or its intrinsic width, clamped by its min and max widths, plus its margins.
    /// `clampsByBasis` (CSS mode, in a row): also clamped by a definite flex basis, as a
    /// maximum when the item cannot grow and as a minimum when it cannot shrink (§9.9.3).
    /// `stretchedHeight`: its definite border-box height (its own, or the one a row stretches
    /// it to), which its aspect ratio turns into its width (NaN: none).
    private func intrinsicContribution(direction: LayoutDirection, maxContent: Bool, clampsByBasis: Bool,
                                       stretchedHeight: Float, pass: LayoutPass) -> Float {
        let ownDirection = resolveDirection(direction)
        let hasWidth = hasDefiniteLength(.width, .nan)
        var width: Float
        var widthFromRatio = false
        if hasWidth {
            width = resolvedDimension(ownDirection, .width, .nan, .nan)
        } else if let ratio = resolved.aspectRatio, hasDefiniteLength(.height, .nan), stretchedHeight.isNaN {
            width = ratioSizeAtLeastContent(
                sizeFromRatio(resolvedDimension(ownDirection, .height, .nan, .nan), of: .height, ratio, ownDirection, .nan),
                of: .width, other: .nan, direction: direction, ownerWidth: .nan, ownerHeight: .nan, depth: 0, pass: pass)
            widthFromRatio = true
        } else if let ratio = resolved.aspectRatio, stretchedHeight.isDefined {
            width = ratioSizeAtLeastContent(sizeFromRatio(stretchedHeight, of: .height, ratio, ownDirection, .nan),
                                            of: .width, other: stretchedHeight, direction: direction, ownerWidth: .nan,
                                            ownerHeight: .nan, depth: 0, pass: pass)
            widthFromRatio = true
        } else if isColumnWrap && stretchedHeight.isDefined && maxContent {
            // (Its min-content width is its widest item's, whatever its lines: Chromium.)
            width = columnWrapWidth(atHeight: stretchedHeight, ownerDirection: direction, pass: pass)
        } else if maxContent {
            width = maxContentWidth(ownerDirection: direction, pass: pass, height: stretchedHeight)
        } else {
            width = minContentWidth(ownerDirection: direction, ownerWidth: .nan, pass: pass, height: stretchedHeight)
        }
        if clampsByBasis {
            let basis = resolveFlexBasis(ownDirection, .row, .nan, .nan)
            if basis.isDefined {
                let floored = max(basis, paddingAndBorderForAxis(.row, ownDirection, .nan))
                let unclamped = width
                if resolveFlexGrow() == 0 { width = min(width, floored) }
                if resolveFlexShrink() == 0 { width = max(width, floored) }
                // A size the basis lowered still respects the automatic minimum (§4.5).
                if width < unclamped && resolved.overflow == .visible && minSize(.width).unit == .undefined {
                    // (A width the ratio gives from a definite height is the min-content
                    // width too: the transferred size, at least the content's.)
                    var content = (maxContent || hasWidth) && !widthFromRatio
                        ? minContentWidth(ownerDirection: direction, ownerWidth: .nan, pass: pass,
                                          height: stretchedHeight) : unclamped
                    // (With a width set, a ratio and a definite height: the content size
                    // suggestion is the size transferred from that height, §4.5.)
                    if hasWidth, let ratio = resolved.aspectRatio, hasDefiniteLength(.height, .nan) {
                        content = ratioSizeAtLeastContent(
                            sizeFromRatio(resolvedDimension(ownDirection, .height, .nan, .nan), of: .height, ratio,
                                          ownDirection, .nan),
                            of: .width, other: .nan, direction: direction, ownerWidth: .nan, ownerHeight: .nan,
                            depth: 0, pass: pass)
                    }
                    width = max(width, hasWidth ? min(content, unclamped) : content)
                }
            }
        }
        width = boundAxis(.row, ownDirection, width, .nan, .nan)
        return width + marginForAxis(.row, direction, .nan)
    }

    /// A border-box size the aspect ratio gives along `dimension` (from `other`, the
    /// border-box size along the other dimension), raised in CSS mode to the content's
    /// size there: the automatic minimum size in a ratio-dependent axis is the min-content
    /// size (CSS Sizing 4 §5.1), unless the box clips or sets a min size on that axis.
    /// `ownMinimum`: the box's own `min-height: auto` (not a column's automatic minimum of
    /// its item, §4.5), whose content is measured at the ratio's height.
    func ratioSizeAtLeastContent(_ size: Float, of dimension: Axis, other: Float, direction: LayoutDirection,
                                 ownerWidth: Float, ownerHeight: Float, depth: Int, pass: LayoutPass,
                                 ownMinimum: Bool = false) -> Float {
        guard usesIntrinsicWidths, resolved.overflow == .visible, minSize(dimension).unit == .undefined,
              size.isDefined else { return size }
        let content: Float
        if dimension == .width {
            // (At the height it has, which the items it stretches take.)
            content = minContentWidth(ownerDirection: direction, ownerWidth: ownerWidth, pass: pass, height: other)
        } else {
            guard other.isDefined else { return size }
            measureContentHeight(availableWidth: other + marginForAxis(.row, direction, ownerWidth),
                                 widthMode: .stretchFit, ownerDirection: direction,
                                 ownerWidth: ownerWidth, ownerHeight: ownerHeight,
                                 percentages: ownMinimum ? .ratioPercentages : .indefinitePercentages,
                                 depth: depth, pass: pass)
            content = ownMinimum ? heightBesideStretchedItems(direction: direction, ownerWidth: ownerWidth)
                : state.measuredHeight
        }
        return content.isFinite ? max(size, content) : size
    }

    /// Measures the node's content height at a width, with no height: through the cache,
    /// except for a box that would answer with the height its aspect ratio gives (CSS
    /// mode), whose content is measured directly, its percentage heights as `percentages`
    /// says (see `RatioContentMeasurement`).
    func measureContentHeight(availableWidth: Float, widthMode: SizingMode, ownerDirection: LayoutDirection,
                              ownerWidth: Float, ownerHeight: Float, percentages: RatioContentMeasurement,
                              depth: Int, pass: LayoutPass) {
        if widthMode == .stretchFit && takesRatioHeightItself {
            layoutContents(availableWidth: availableWidth, availableHeight: .nan, ownerDirection: ownerDirection,
                           widthMode: widthMode, heightMode: .maxContent,
                           ownerWidth: ownerWidth, ownerHeight: ownerHeight,
                           performLayout: false, depth: depth, pass: pass, measuringRatioContent: percentages)
        } else {
            layoutIfNeeded(availableWidth: availableWidth, availableHeight: .nan, ownerDirection: ownerDirection,
                           widthMode: widthMode, heightMode: .maxContent,
                           ownerWidth: ownerWidth, ownerHeight: ownerHeight,
                           performLayout: false, depth: depth, pass: pass)
        }
    }

    /// The content height of a box just measured without a height, as it is at the height
    /// its ratio gives: the items a single-line row stretches to that height take no more
    /// than their minimum there (Chromium: a ratio box whose only item is stretched is not
    /// raised to that item's content).
    func heightBesideStretchedItems(direction: LayoutDirection, ownerWidth: Float) -> Float {
        let ownDirection = resolveDirection(direction)
        guard !isMeasured, resolved.flexWrap == .noWrap, resolved.flexDirection.resolved(ownDirection).isRow
        else { return state.measuredHeight }
        var extent: Float = 0
        let innerWidth = state.measuredWidth - paddingAndBorderForAxis(.row, ownDirection, ownerWidth)
        for child in layoutChildren where LayoutNode.isInFlow(child) {
            let childDirection = child.resolveDirection(ownDirection)
            let stretches = alignment(of: child) == .stretch && !child.hasDefiniteLength(.height, .nan)
                && !child.flexStartMarginIsAuto(.column, ownDirection) && !child.flexEndMarginIsAuto(.column, ownDirection)
            let height = stretches ? child.boundAxis(.column, childDirection, 0, .nan, innerWidth)
                : child.state.measuredHeight
            extent = max(extent, height + child.marginForAxis(.column, ownDirection, innerWidth))
        }
        return boundAxis(.column, ownDirection, extent + paddingAndBorderForAxis(.column, ownDirection, ownerWidth),
                         .nan, ownerWidth)
    }

    /// The node's own definite border-box height within its min and max heights (NaN: none;
    /// percentages are indefinite here).
    private func ownDefiniteHeight(_ direction: LayoutDirection) -> Float {
        hasDefiniteLength(.height, .nan)
            ? boundAxis(.column, direction, resolvedDimension(direction, .height, .nan, .nan), .nan, .nan) : .nan
    }

    /// Whether the node is a wrapping column, whose width is the sum of its lines' and so
    /// comes from a layout at its height.
    var isColumnWrap: Bool {
        @inline(__always) get { resolved.flexDirection.isColumn && resolved.flexWrap != .noWrap && !isMeasured }
    }

    /// Whether a wrapping column whose height is indefinite breaks its lines at its max
    /// height (which then gives its width, as a definite height does).
    func breaksLinesAtMaxHeight(_ ownerHeight: Float) -> Bool {
        isColumnWrap && maxSize(.height).resolve(ownerHeight).isDefined
    }

    /// The border-box width a wrapping column takes at a definite border-box height.
    func columnWrapWidth(atHeight height: Float, ownerDirection: LayoutDirection, pass: LayoutPass) -> Float {
        layoutIfNeeded(availableWidth: .nan, availableHeight: height + marginForAxis(.column, ownerDirection, .nan),
                       ownerDirection: ownerDirection, widthMode: .maxContent, heightMode: .stretchFit,
                       ownerWidth: .nan, ownerHeight: .nan, performLayout: false, depth: 0, pass: pass)
        return state.measuredWidth
    }
}
