// STEP 11: absolutely positioned descendants (CSS Flexbox §4.1, CSS Position §4).
//
// A node that is not `position: static` (and the root) is the containing block of
// the absolute children it reaches through static descendants. Each absolute child
// is sized from its style or its two insets, else measured; then placed by its
// insets, or, without insets, where justify-content/align-items would put it.

extension LayoutNode {
    /// Lays out the absolute children of `self` (the current node, `self` or a static
    /// descendant of the containing block) and recurses into static children.
    /// `offsetLeft`/`offsetTop` locate `self` inside the containing block.
    @discardableResult
    func layoutAbsoluteDescendants(containingNode: LayoutNode, widthMode: SizingMode, direction: LayoutDirection,
                                   depth: Int, pass: LayoutPass, offsetLeft: Float, offsetTop: Float,
                                   containingInnerWidth: Float, containingInnerHeight: Float) -> Bool {
        var hasNewLayout = false
        layoutChildren.forEachBorrowed { child in
            if child.resolved.display == .none { return }
            if child.resolved.positionType == .absolute {
                let againstInner = config.errata.contains(.absolutePercentAgainstInnerSize)
                let blockWidth = againstInner ? containingInnerWidth
                    : containingNode.state.measuredWidth - containingNode.borderForAxis(.row, containingNode.state.direction)
                let blockHeight = againstInner ? containingInnerHeight
                    : containingNode.state.measuredHeight - containingNode.borderForAxis(.column, containingNode.state.direction)
                layoutAbsoluteChild(child, containingNode: containingNode, blockWidth: blockWidth,
                                    blockHeight: blockHeight, widthMode: widthMode, direction: direction,
                                    depth: depth, pass: pass)
                hasNewLayout = hasNewLayout || child.state.hasNewLayout

                // The child is placed on this node's flex-start edges; with reversed axes the
                // far-edge position is needed too, measured from the box its insets refer to.
                let parentMainAxis = resolved.flexDirection.resolved(direction)
                let parentCrossAxis = parentMainAxis.crossAxis(direction)
                if parentMainAxis.isReverse {
                    let insetsDefined = parentMainAxis.isRow ? child.resolved.hasHorizontalInsets
                        : child.resolved.hasVerticalInsets
                    (insetsDefined ? containingNode : self).setTrailingPosition(of: child, parentMainAxis)
                }
                if parentCrossAxis.isReverse {
                    let insetsDefined = parentCrossAxis.isRow ? child.resolved.hasHorizontalInsets
                        : child.resolved.hasVerticalInsets
                    (insetsDefined ? containingNode : self).setTrailingPosition(of: child, parentCrossAxis)
                }

                // Inset positions are relative to the containing block; make them relative to `self`.
                if child.resolved.hasHorizontalInsets { child.state.positionLeft -= offsetLeft }
                if child.resolved.hasVerticalInsets { child.state.positionTop -= offsetTop }
                state.childrenTouchedPass = pass.generation
            } else if child.resolved.positionType == .static {
                // Absolute descendants of a static child belong to this containing block.
                child.resetContentsChildren(pass: pass)
                let childHasNew = child.layoutAbsoluteDescendants(
                    containingNode: containingNode, widthMode: widthMode,
                    direction: child.resolveDirection(direction), depth: depth + 1, pass: pass,
                    offsetLeft: offsetLeft + child.state.positionLeft, offsetTop: offsetTop + child.state.positionTop,
                    containingInnerWidth: containingInnerWidth, containingInnerHeight: containingInnerHeight)
                hasNewLayout = childHasNew || hasNewLayout
                if hasNewLayout {
                    child.state.hasNewLayout = true
                    // Rounding must look inside the static child's subtree.
                    state.childrenTouchedPass = pass.generation
                }
            }
        }
        return hasNewLayout
    }

    /// Sizes and places one absolute child inside `containingNode`. `self` is the child's
    /// parent (whose flex properties place a child without insets).
    private func layoutAbsoluteChild(_ child: LayoutNode, containingNode: LayoutNode, blockWidth: Float,
                                     blockHeight: Float, widthMode: SizingMode, direction: LayoutDirection,
                                     depth: Int, pass: LayoutPass) {
        let mainAxis = resolved.flexDirection.resolved(direction)
        let crossAxis = mainAxis.crossAxis(direction)
        let isMainAxisRow = mainAxis.isRow
        var childWidth = Float.nan
        var childHeight = Float.nan
        let marginRow = child.marginForAxis(.row, direction, blockWidth)
        let marginColumn = child.marginForAxis(.column, direction, blockWidth)

        // CSS mode: with an aspect ratio the insets of an axis do not stretch the box when the
        // ratio gives its size there: from a definite height (the width), or from a width
        // the style or the horizontal insets give (the height). Chromium.
        let ratio = usesIntrinsicWidths ? child.resolved.aspectRatio : nil
        let heightIsDefinite = child.hasDefiniteLength(.height, blockHeight)
        if child.hasDefiniteLength(.width, blockWidth) {
            childWidth = child.resolvedDimension(direction, .width, blockWidth, blockWidth) + marginRow
        } else if child.isFlexStartInsetDefined(.row, direction) && child.isFlexEndInsetDefined(.row, direction)
                    && !(ratio != nil && heightIsDefinite) {
            // Both horizontal insets: the width is what they leave of the containing block.
            childWidth = containingNode.state.measuredWidth
                - containingNode.borderForAxis(.row, containingNode.state.direction)
                - (child.flexStartInset(.row, direction, blockWidth) + child.flexEndInset(.row, direction, blockWidth))
            // (CSS mode: what the insets leave is never negative, and the border box is within
            // the min and max widths; Yoga bounds the margin box.)
            if usesIntrinsicWidths {
                childWidth = child.boundAxis(.row, direction, max(childWidth, 0) - marginRow, blockWidth, blockWidth)
                    + marginRow
            } else {
                childWidth = child.boundAxis(.row, direction, childWidth, blockWidth, blockWidth)
            }
            if ratio != nil {
                childWidth = child.widthWithinTransferredLimits(childWidth - marginRow, direction: direction) + marginRow
            }
        }
        if heightIsDefinite {
            childHeight = child.resolvedDimension(direction, .height, blockHeight, blockWidth) + marginColumn
        } else if child.isFlexStartInsetDefined(.column, direction) && child.isFlexEndInsetDefined(.column, direction)
                    && !child.fitsContentBetweenVerticalInsets && !(ratio != nil && childWidth.isDefined) {
            childHeight = containingNode.state.measuredHeight
                - containingNode.borderForAxis(.column, containingNode.state.direction)
                - (child.flexStartInset(.column, direction, blockHeight) + child.flexEndInset(.column, direction, blockHeight))
            if usesIntrinsicWidths {
                childHeight = child.boundAxis(.column, direction, max(childHeight, 0) - marginColumn, blockHeight,
                                              blockWidth) + marginColumn
            } else {
                childHeight = child.boundAxis(.column, direction, childHeight, blockHeight, blockWidth)
            }
        }

        // With exactly one size known, the aspect ratio gives the other (in CSS mode never
        // below the content's size there).
        if childWidth.isNaN != childHeight.isNaN, let ratio = child.resolved.aspectRatio {
            if childWidth.isNaN {
                let height = childHeight - marginColumn
                childWidth = marginRow + child.ratioSizeAtLeastContent(
                    child.sizeFromRatio(height, of: .height, ratio, direction, blockWidth, ownerHeight: blockHeight), of: .width, other: height,
                    direction: direction, ownerWidth: blockWidth, ownerHeight: blockHeight, depth: depth, pass: pass)
            } else {
                let width = childWidth - marginRow
                childHeight = marginColumn + child.ratioSizeAtLeastContent(
                    child.sizeFromRatio(width, of: .width, ratio, direction, blockWidth, ownerHeight: blockHeight), of: .height, other: width,
                    direction: direction, ownerWidth: blockWidth, ownerHeight: blockHeight, depth: depth, pass: pass,
                    ownMinimum: true)
            }
        }

        // Still missing a size: measure the content (bounded by the block's width, as browsers do).
        // (In CSS mode a height that comes from the content stays indefinite for the
        // percentages inside: the child is laid out at it as fit-content.)
        var heightFromContent = childHeight.isNaN && usesIntrinsicWidths
        let bothAutomatic = childWidth.isNaN && childHeight.isNaN
        if childWidth.isNaN || childHeight.isNaN {
            var childWidthMode: SizingMode = childWidth.isNaN ? .maxContent : .stretchFit
            let childHeightMode: SizingMode = childHeight.isNaN ? .maxContent : .stretchFit
            // (CSS mode: an automatic width is always fit-content within the containing block.)
            if childWidth.isNaN && blockWidth.isDefined
                && (usesIntrinsicWidths ? blockWidth >= 0 : !isMainAxisRow && widthMode != .maxContent && blockWidth > 0) {
                // (CSS mode: within the min and max widths too, so that text wraps at the width
                // it will have: measured at the block's width and then cut to a max width, it
                // kept the height of its longer lines. Chromium.)
                childWidth = usesIntrinsicWidths
                    ? child.boundAxis(.row, direction, max(blockWidth - marginRow, 0), blockWidth, blockWidth) + marginRow
                    : blockWidth
                childWidthMode = .fitContent
            }
            child.layoutIfNeeded(availableWidth: childWidth, availableHeight: childHeight, ownerDirection: direction,
                                 widthMode: childWidthMode, heightMode: childHeightMode,
                                 ownerWidth: blockWidth, ownerHeight: blockHeight,
                                 performLayout: false, depth: depth, pass: pass)
            childWidth = child.state.measuredWidth + child.marginForAxis(.row, direction, blockWidth)
            childHeight = child.state.measuredHeight + child.marginForAxis(.column, direction, blockWidth)
            // CSS mode: with both sizes automatic, the ratio gives the height from the width
            // the content gave (never below the content's height).
            if bothAutomatic && usesIntrinsicWidths, let ratio = child.resolved.aspectRatio {
                let fromRatio = child.sizeFromRatio(child.state.measuredWidth, of: .width, ratio, direction, blockWidth)
                childHeight = child.boundAxis(.column, direction, max(fromRatio, child.state.measuredHeight),
                                              blockHeight, blockWidth)
                    + child.marginForAxis(.column, direction, blockWidth)
                heightFromContent = false
            }
        }

        child.layoutIfNeeded(availableWidth: childWidth, availableHeight: childHeight, ownerDirection: direction,
                             widthMode: .stretchFit, heightMode: heightFromContent ? .fitContent : .stretchFit,
                             ownerWidth: blockWidth, ownerHeight: blockHeight,
                             performLayout: true, depth: depth, pass: pass)

        positionAbsoluteChild(child, containingNode: containingNode, direction: direction, axis: mainAxis,
                              isMainAxis: true, blockWidth: blockWidth, blockHeight: blockHeight)
        positionAbsoluteChild(child, containingNode: containingNode, direction: direction, axis: crossAxis,
                              isMainAxis: false, blockWidth: blockWidth, blockHeight: blockHeight)
    }

    /// Places the child on `axis`: by its inline-start inset, else its inline-end inset,
    /// else by the parent's justify-content (main axis) or alignment (cross axis).
    /// The result is written to the flex-start edge of `axis`.
    private func positionAbsoluteChild(_ child: LayoutNode, containingNode: LayoutNode, direction: LayoutDirection,
                                       axis: FlexDirection, isMainAxis: Bool, blockWidth: Float, blockHeight: Float) {
        let blockSize = axis.isRow ? blockWidth : blockHeight
        let flexStart = axis.flexStartEdge
        let startIsFlexStart = axis.inlineStartEdge(direction) == flexStart
        if usesIntrinsicWidths && child.resolved.hasAutoMargin,
           let fromNear = child.nearEdgeWithAutoMargins(axis, containingNode, direction, blockWidth, blockSize) {
            child.state.setPosition(axis.flexStartEdge == (axis.isRow ? .left : .top) ? fromNear
                                        : oppositeEdgePosition(fromNear, axis, containingNode, child), flexStart)
        } else if !axis.isRow && child.isFlexStartInsetDefined(.column, direction) && child.isFlexEndInsetDefined(.column, direction)
            && (child.alignsBetweenVerticalInsets || (usesIntrinsicWidths && child.resolved.alignSelf == .stretch
                                                      && child.hasDefiniteLength(.height, blockHeight)
                                                      && !child.hasAutoVerticalMargin(direction))) {
            let fromTop = child.topAlignedBetweenInsets(containingNode, direction, blockWidth, blockHeight)
            child.state.setPosition(startIsFlexStart ? fromTop
                                        : oppositeEdgePosition(fromTop, axis, containingNode, child), flexStart)
        } else if child.isInlineStartInsetDefined(axis, direction) {
            let fromInlineStart = child.inlineStartInset(axis, direction, blockSize)
                + containingNode.border(axis.inlineStartEdge(direction), containingNode.state.direction)
                + child.inlineStartMargin(axis, direction, blockWidth)
            child.state.setPosition(startIsFlexStart ? fromInlineStart
                                        : oppositeEdgePosition(fromInlineStart, axis, containingNode, child), flexStart)
        } else if child.isInlineEndInsetDefined(axis, direction) {
            let fromInlineStart = containingNode.state.measured(axis.dimension) - child.state.measured(axis.dimension)
                - containingNode.border(axis.inlineEndEdge(direction), containingNode.state.direction)
                - child.inlineEndMargin(axis, direction, blockWidth)
                - child.inlineEndInset(axis, direction, blockSize)
            child.state.setPosition(startIsFlexStart ? fromInlineStart
                                        : oppositeEdgePosition(fromInlineStart, axis, containingNode, child), flexStart)
        } else if isMainAxis {
            switch resolved.justifyContent {
            case .flexStart, .spaceBetween:
                placeAbsoluteAtFlexStart(child, direction, axis, blockWidth)
            case .flexEnd:
                placeAbsoluteAtFlexEnd(child, direction, axis, blockWidth)
            case .center, .spaceAround, .spaceEvenly:
                placeAbsoluteAtCenter(child, direction, axis, blockWidth)
            }
        } else {
            var align = alignment(of: child)
            if declaredAlignment(of: child) == .baseline && usesIntrinsicWidths {
                // (CSS mode: an absolute box has no baseline to share; it takes the start of
                // the writing mode, whatever the wrap: the flex-start of a column's cross
                // axis (in the direction), the top of a row's.)
                if axis.flexStartEdge == (axis.isRow ? axis.inlineStartEdge(direction) : .top) {
                    placeAbsoluteAtFlexStart(child, direction, axis, blockWidth)
                } else {
                    placeAbsoluteAtFlexEnd(child, direction, axis, blockWidth)
                }
                return
            }
            if resolved.flexWrap == .wrapReverse {
                if align == .flexEnd {
                    align = .flexStart
                } else if align != .center {
                    align = .flexEnd
                }
            }
            switch align {
            case .flexEnd:
                placeAbsoluteAtFlexEnd(child, direction, axis, blockWidth)
            case .center:
                placeAbsoluteAtCenter(child, direction, axis, blockWidth)
            default:
                placeAbsoluteAtFlexStart(child, direction, axis, blockWidth)
            }
        }
    }

    /// CSS mode: an absolutely positioned box with both vertical insets and an `align-self`
    /// other than auto/stretch is sized by its content there, not stretched between the
    /// insets, auto margins or not (CSS Position 3 §4.1, Box Alignment 3 §6.1: `align-self`
    /// is the block axis of the containing block whatever the flex direction). Chromium.
    var fitsContentBetweenVerticalInsets: Bool {
        guard usesIntrinsicWidths else { return false }
        switch resolved.alignSelf {
        case .flexStart, .flexEnd, .center, .baseline: return true
        default: return false
        }
    }

    /// CSS mode: such a box without an auto vertical margin is aligned between the insets by
    /// its `align-self` (flex-start is the top, baseline falls back to it); auto margins,
    /// when it has one, take the room instead.
    var alignsBetweenVerticalInsets: Bool { fitsContentBetweenVerticalInsets && !hasAutoVerticalMargin(.ltr) }

    /// CSS mode, a box with both insets of `axis` and an auto margin there: the position of
    /// its near (left or top) edge, with the auto margins taking what the insets leave
    /// (CSS 2 §10.3.7 and §10.6.4: one auto margin takes it all, negative too; two share
    /// it, except that a negative remainder on a row goes to the margin at the containing
    /// block's end). Insets that leave less than nothing leave an empty box at the inset
    /// on the containing block's start side (CSS Position 3 §4.1). Nil when the rule does
    /// not apply.
    func nearEdgeWithAutoMargins(_ axis: FlexDirection, _ containingNode: LayoutNode, _ direction: LayoutDirection,
                                 _ blockWidth: Float, _ blockSize: Float) -> Float? {
        let (near, far): (PhysicalEdge, PhysicalEdge) = axis.isRow ? (.left, .right) : (.top, .bottom)
        let nearMargin = marginValue(near, direction)
        let farMargin = marginValue(far, direction)
        let nearIsAuto = nearMargin.unit == .auto
        let farIsAuto = farMargin.unit == .auto
        let nearInset = insetValue(near, direction)
        let farInset = insetValue(far, direction)
        guard nearIsAuto || farIsAuto, nearInset.isDefined, farInset.isDefined else { return nil }
        let blockDirection = containingNode.state.direction
        let blockStart = containingNode.border(near, blockDirection)
        let blockEnd = containingNode.state.measured(axis.dimension) - containingNode.border(far, blockDirection)
        var insetStart = blockStart + nearInset.resolvedOrZero(blockSize)
        var insetEnd = blockEnd - farInset.resolvedOrZero(blockSize)
        if insetEnd < insetStart {
            // (Empty at the start of the containing block's direction: the right in RTL.)
            if axis.isRow && blockDirection == .rtl { insetStart = insetEnd } else { insetEnd = insetStart }
        }
        let fixedMargins = (nearIsAuto ? 0 : nearMargin.resolvedOrZero(blockWidth))
            + (farIsAuto ? 0 : farMargin.resolvedOrZero(blockWidth))
        let free = insetEnd - insetStart - state.measured(axis.dimension) - fixedMargins
        let nearMarginUsed: Float
        if nearIsAuto && farIsAuto {
            nearMarginUsed = axis.isRow && free < 0 ? (blockDirection == .rtl ? free : 0) : free / 2
        } else if nearIsAuto {
            nearMarginUsed = free
        } else {
            nearMarginUsed = nearMargin.resolvedOrZero(blockWidth)
        }
        return insetStart + nearMarginUsed
    }

    /// Whether a vertical margin is `auto` (auto margins, not alignment, then take the room).
    func hasAutoVerticalMargin(_ direction: LayoutDirection) -> Bool {
        flexStartMarginIsAuto(.column, direction) || flexEndMarginIsAuto(.column, direction)
    }

    /// The top of the border box of a box aligned between its vertical insets inside the
    /// padding box of `containingNode` (an explicit `stretch` that does not stretch, the
    /// height being set, aligns as flex-start). A margin box that does not fit between the insets is
    /// kept inside the containing block where the insets do not already reach past it
    /// (CSS Position 3 §4.4, the default overflow alignment), else at the start.
    func topAlignedBetweenInsets(_ containingNode: LayoutNode, _ direction: LayoutDirection,
                                 _ blockWidth: Float, _ blockHeight: Float) -> Float {
        let blockStart = containingNode.border(.top, containingNode.state.direction)
        let blockEnd = containingNode.state.measuredHeight - containingNode.border(.bottom, containingNode.state.direction)
        let insetStart = blockStart + flexStartInset(.column, direction, blockHeight)
        let insetEnd = max(insetStart, blockEnd - flexEndInset(.column, direction, blockHeight))
        let marginTop = flexStartMargin(.column, direction, blockWidth)
        let outer = state.measuredHeight + marginTop + flexEndMargin(.column, direction, blockWidth)
        let free = insetEnd - insetStart - outer
        var top = insetStart
        switch resolved.alignSelf {
        case .flexEnd: top += free
        case .center: top += free / 2
        default: break
        }
        if free < 0 {
            top = max(min(top, max(blockEnd, insetEnd) - outer), min(blockStart, insetStart))
        }
        return top + marginTop
    }

    /// The position of the near edge given the distance of the far edge from the far side.
    @inline(__always)
    private func oppositeEdgePosition(_ position: Float, _ axis: FlexDirection, _ containingNode: LayoutNode,
                                      _ child: LayoutNode) -> Float {
        containingNode.state.measured(axis.dimension) - child.state.measured(axis.dimension) - position
    }

    private var absoluteOffsetsIncludePadding: Bool {
        !config.errata.contains(.absolutePositionWithoutInsetsExcludesPadding)
    }

    private func placeAbsoluteAtFlexStart(_ child: LayoutNode, _ direction: LayoutDirection, _ axis: FlexDirection,
                                          _ blockWidth: Float) {
        let edge = axis.flexStartEdge
        var position = child.flexStartMargin(axis, direction, blockWidth) + borders[edge]
        if child.absoluteOffsetsIncludePadding { position += paddings[edge] }
        child.state.setPosition(position, edge)
    }

    private func placeAbsoluteAtFlexEnd(_ child: LayoutNode, _ direction: LayoutDirection, _ axis: FlexDirection,
                                        _ blockWidth: Float) {
        let edge = axis.flexEndEdge
        var position = borders[edge] + child.flexEndMargin(axis, direction, blockWidth)
        if child.absoluteOffsetsIncludePadding { position += paddings[edge] }
        child.state.setPosition(oppositeEdgePosition(position, axis, self, child), axis.flexStartEdge)
    }

    private func placeAbsoluteAtCenter(_ child: LayoutNode, _ direction: LayoutDirection, _ axis: FlexDirection,
                                       _ blockWidth: Float) {
        let start = axis.flexStartEdge
        let end = axis.flexEndEdge
        var contentBoxSize = state.measured(axis.dimension) - borders[start] - borders[end]
        if child.absoluteOffsetsIncludePadding {
            contentBoxSize -= paddings[start] + paddings[end]
        }
        let childOuterSize = child.state.measured(axis.dimension) + child.marginForAxis(axis, direction, blockWidth)
        var position = (contentBoxSize - childOuterSize) / 2 + borders[start]
            + child.flexStartMargin(axis, direction, blockWidth)
        if child.absoluteOffsetsIncludePadding { position += paddings[start] }
        child.state.setPosition(position, start)
    }
}
