// STEP 7: cross-axis alignment of the items of one line (CSS Flexbox §9.6, §8.3):
// stretched items without a definite cross size are laid out again at the line's
// cross size; the others are offset by align-self or their auto margins.

extension LayoutNode {
    func alignItemsInLine(_ line: FlexLine, _ children: [LayoutNode], mainAxis: FlexDirection, crossAxis: FlexDirection,
                          direction: LayoutDirection, leadingPaddingAndBorderCross: Float, totalLineCrossDim: Float,
                          containerCrossAxis: Float, availableInnerMain: Float, availableInnerCross: Float,
                          availableInnerWidth: Float, availableInnerHeight: Float, percentInnerHeight: Float,
                          isWrap: Bool,
                          depth: Int, pass: LayoutPass) {
        let isMainAxisRow = mainAxis.isRow
        let crossStart = crossAxis.flexStartEdge
        let crossDimension = crossAxis.dimension
        let percentInnerCross = isMainAxisRow ? percentInnerHeight : availableInnerCross
        let baselineGroup = columnBaselineGroup(line.start..<line.end, children, crossAxis: crossAxis, direction: direction,
                                                availableInnerWidth: availableInnerWidth)

        children.forEachBorrowed(in: line.start..<line.end) { index, child in
            guard LayoutNode.isInFlow(child) else { return }
            var leadingCrossDim = leadingPaddingAndBorderCross
            let alignItem = alignment(of: child)
            let startMarginIsAuto = child.flexStartMarginIsAuto(crossAxis, direction)
            let endMarginIsAuto = child.flexEndMarginIsAuto(crossAxis, direction)

            if alignItem == .stretch && !startMarginIsAuto && !endMarginIsAuto {
                // A child with a definite cross size is not stretched.
                if !stretchIsBlocked(child, crossDimension, percentInnerCross) {
                    var childMainSize = child.state.measured(mainAxis.dimension)
                    // Stretched to the line; an aspect ratio wins only without web defaults
                    // (CSS: the ratio only fills in a size nothing else gives; Yoga and
                    // ComponentKit's ratio components keep the ratio).
                    var childCrossSize = line.crossDim
                    if let ratio = child.resolved.aspectRatio, !child.config.useWebDefaults {
                        childCrossSize = child.marginForAxis(crossAxis, direction, availableInnerWidth)
                            + child.sizeFromRatio(childMainSize, of: mainAxis.dimension, ratio, direction, availableInnerWidth)
                    }
                    childMainSize += child.marginForAxis(mainAxis, direction, availableInnerWidth)

                    var childMainMode = keepsIndefiniteHeight(child, mainSize: child.state.measured(mainAxis.dimension),
                                                              isMainAxisRow: isMainAxisRow,
                                                              availableInnerHeight: availableInnerHeight)
                        ? SizingMode.fitContent : .stretchFit
                    var childCrossMode = SizingMode.stretchFit
                    // (CSS mode: percentages of the container's definite inner size only.)
                    let mainReference = usesIntrinsicWidths
                        ? (isMainAxisRow ? availableInnerWidth : availableInnerHeight) : availableInnerMain
                    child.constrainToMaxSize(direction, mainAxis, mainReference, availableInnerWidth,
                                             &childMainMode, &childMainSize)
                    child.constrainToMaxSize(direction, crossAxis, percentInnerCross, availableInnerWidth,
                                             &childCrossMode, &childCrossSize)
                    // (CSS mode: a ratio box stretched to the height it already has keeps the
                    // layout its ratio gave it, percentages inside included, as in Chromium.)
                    let keepsRatioHeight = isMainAxisRow && availableInnerCross.isNaN && child.takesRatioHeightItself
                        && childCrossMode == .stretchFit
                        && childCrossSize - child.marginForAxis(crossAxis, direction, availableInnerWidth)
                            == child.state.measuredHeight

                    let childWidth = isMainAxisRow ? childMainSize : childCrossSize
                    let childHeight = isMainAxisRow ? childCrossSize : childMainSize
                    // In a wrapping container whose lines do not stretch, the item is
                    // stretched only later, by the line alignment step.
                    let crossAxisDoesNotGrow = resolved.alignContent != .stretch && isWrap
                    // (CSS mode: an item whose ratio gave its cross size keeps it until then.)
                    if crossAxisDoesNotGrow && usesIntrinsicWidths && child.resolved.aspectRatio != nil { return }
                    // (Without web defaults the ratio's cross size is the item's until then, so
                    // that its line is at least that tall, as in Chromium. Yoga laid it out
                    // without a cross size, 0 for an empty box, and stretched that to a line
                    // its siblings alone had sized.)
                    let ratioGivesCross = crossAxisDoesNotGrow && child.resolved.aspectRatio != nil
                        && !child.config.useWebDefaults
                    let childWidthMode: SizingMode = childWidth.isNaN
                        || (!isMainAxisRow && crossAxisDoesNotGrow && !ratioGivesCross)
                        ? .maxContent : .stretchFit
                    let childHeightMode: SizingMode = childHeight.isNaN
                        || (isMainAxisRow && crossAxisDoesNotGrow && !ratioGivesCross)
                        || keepsRatioHeight
                        ? .maxContent : !isMainAxisRow && childMainMode == .fitContent ? .fitContent : .stretchFit
                    child.layoutIfNeeded(availableWidth: childWidth,
                                         availableHeight: keepsRatioHeight
                                            || (usesIntrinsicWidths && childHeightMode == .maxContent) ? .nan : childHeight,
                                         ownerDirection: direction, widthMode: childWidthMode, heightMode: childHeightMode,
                                         ownerWidth: availableInnerWidth, ownerHeight: percentInnerHeight,
                                         performLayout: true, depth: depth, pass: pass)
                }
            } else {
                let remainingCrossDim = containerCrossAxis - child.dimensionWithMargin(crossAxis, direction, availableInnerWidth)
                if startMarginIsAuto && endMarginIsAuto {
                    leadingCrossDim += maxOrDefined(0, remainingCrossDim / 2)
                } else if endMarginIsAuto {
                    // Pushed to the start by its trailing auto margin.
                } else if startMarginIsAuto {
                    leadingCrossDim += maxOrDefined(0, remainingCrossDim)
                } else if alignItem == .flexStart {
                    // Already at the start.
                } else if alignItem == .center {
                    leadingCrossDim += truncatedToLayoutUnit(remainingCrossDim / 2)  // (as Chromium, in 64ths)
                } else {
                    leadingCrossDim += remainingCrossDim
                }
            }
            child.state.setPosition(child.state.position(crossStart) + totalLineCrossDim + leadingCrossDim, crossStart)
            if let group = baselineGroup, isColumnBaselineItem(child, crossAxis: crossAxis, direction: direction) {
                // Line-left edges coincide; the group sits at the line's start.
                let width = child.state.measuredWidth
                let offset = crossStart == .left ? group.ascent : group.descent - width
                let relative = child.relativePosition(crossAxis, child.resolveDirection(direction), availableInnerWidth,
                                                      containerDirection: direction)
                child.state.setPosition(leadingPaddingAndBorderCross + totalLineCrossDim + offset + relative, crossStart)
            }
        }
    }

    /// CSS mode, a column: items aligned on the baseline share a vertical baseline that
    /// Chromium synthesizes from each box's line-left edge, so their left border edges
    /// line up and the group is placed at the line's cross start. Returns the group's
    /// largest margin before that edge (ascent) and largest width plus margin after it
    /// (descent), or nil when no item is so aligned.
    /// (The test inlines, so that the other modes and rows pay no call.)
    @inline(__always)
    func columnBaselineGroup(_ items: Range<Int>, _ children: [LayoutNode], crossAxis: FlexDirection,
                            direction: LayoutDirection,
                            availableInnerWidth: Float) -> (ascent: Float, descent: Float)? {
        guard usesIntrinsicWidths, resolved.flexDirection.isColumn else { return nil }
        return columnBaselineGroupOfItems(items, children, crossAxis: crossAxis, direction: direction,
                                          availableInnerWidth: availableInnerWidth)
    }

    @inline(never)
    private func columnBaselineGroupOfItems(_ items: Range<Int>, _ children: [LayoutNode], crossAxis: FlexDirection,
                                            direction: LayoutDirection,
                                            availableInnerWidth: Float) -> (ascent: Float, descent: Float)? {
        var ascent = -Float.infinity
        var descent = -Float.infinity
        children.forEachBorrowed(in: items) { _, child in
            guard isColumnBaselineItem(child, crossAxis: crossAxis, direction: direction) else { return }
            let left = crossAxis.flexStartEdge == .left
                ? child.flexStartMargin(crossAxis, direction, availableInnerWidth)
                : child.flexEndMargin(crossAxis, direction, availableInnerWidth)
            let right = child.marginForAxis(crossAxis, direction, availableInnerWidth) - left
            ascent = max(ascent, left)
            descent = max(descent, child.state.measuredWidth + right)
        }
        return ascent.isFinite && descent.isFinite ? (ascent, descent) : nil
    }

    func isColumnBaselineItem(_ child: LayoutNode, crossAxis: FlexDirection, direction: LayoutDirection) -> Bool {
        guard LayoutNode.isInFlow(child) else { return false }
        return declaredAlignment(of: child) == .baseline && !child.flexStartMarginIsAuto(crossAxis, direction)
            && !child.flexEndMarginIsAuto(crossAxis, direction)
    }
}
