// STEP 8: align the lines in the cross axis (align-content, CSS Flexbox §9.6 step 15)
// and place baseline-aligned items on their line's baseline.

extension LayoutNode {
    func alignLines(_ children: [LayoutNode], lineCount: Int, mainAxis: FlexDirection, crossAxis: FlexDirection,
                    direction: LayoutDirection, sizingModeCross: SizingMode, crossAxisOwnerSize: Float,
                    ownerWidth: Float, totalLineCrossDim: Float, crossAxisGap: Float,
                    leadingPaddingAndBorderCross: Float, paddingAndBorderCross: Float, availableInnerCross: Float,
                    availableInnerWidth: Float, availableInnerHeight: Float, percentInnerHeight: Float,
                    depth: Int, pass: LayoutPass) {
        let isMainAxisRow = mainAxis.isRow
        let crossStart = crossAxis.flexStartEdge
        let crossDimension = crossAxis.dimension
        let crossReference = crossAxis.isRow ? availableInnerWidth : percentInnerHeight
        var leadPerLine: Float = 0
        var currentLead = leadingPaddingAndBorderCross
        var extraSpacePerLine: Float = 0

        let unclampedCrossDim: Float
        if sizingModeCross == .stretchFit {
            unclampedCrossDim = availableInnerCross + paddingAndBorderCross
        } else if hasDefiniteLength(crossDimension, crossAxisOwnerSize) {
            unclampedCrossDim = resolvedDimension(direction, crossDimension, crossAxisOwnerSize, ownerWidth)
        } else {
            unclampedCrossDim = totalLineCrossDim + paddingAndBorderCross
        }
        let innerCrossDim = boundAxis(crossAxis, direction, unclampedCrossDim, crossAxisOwnerSize, ownerWidth)
            - paddingAndBorderCross
        let remaining = innerCrossDim - totalLineCrossDim

        let singleLine = usesIntrinsicWidths && resolved.flexWrap == .noWrap && innerCrossDim.isFinite
        var alignContent = singleLine ? .flexStart : resolved.alignContent
        if !(remaining >= 0) {
            switch alignContent {
            case .spaceAround, .spaceEvenly:
                // (CSS mode: `safe center`, the start of the writing mode; see MainAxis.swift.)
                alignContent = usesIntrinsicWidths && resolved.flexWrap == .wrapReverse ? .flexEnd : .flexStart
            case .spaceBetween, .stretch: alignContent = .flexStart
            default: break
            }
        }
        switch alignContent {
        case .flexEnd:
            currentLead += remaining
        case .center:
            currentLead += remaining / 2
        case .stretch:
            extraSpacePerLine = remaining / Float(lineCount)
        case .spaceAround:
            // (Whole 64ths of a point, as Chromium divides its layout units.)
            currentLead += truncatedToLayoutUnit(remaining / (2 * Float(lineCount)))
            leadPerLine = truncatedToLayoutUnit(remaining / Float(lineCount))
        case .spaceEvenly:
            currentLead += remaining / Float(lineCount + 1)
            leadPerLine = remaining / Float(lineCount + 1)
        case .spaceBetween:
            if lineCount > 1 { leadPerLine = remaining / Float(lineCount - 1) }
        case .auto, .flexStart, .baseline:
            break
        }

        var lineEnd = 0
        for lineIndex in 0..<lineCount {
            let lineStart = lineEnd
            var index = lineStart
            // The line's cross size, and its baseline from the items aligned on it.
            var lineHeight: Float = 0
            var maxAscent: Float = usesIntrinsicWidths ? -.infinity : 0
            var maxDescent: Float = usesIntrinsicWidths ? -.infinity : 0
            while index < children.count {
                let child = children[index]
                if child.resolved.display == .none {
                    index += 1
                    continue
                }
                if child.resolved.positionType != .absolute {
                    if child.state.lineIndex != lineIndex { break }
                    if child.isLayoutDimensionDefined(crossAxis) {
                        lineHeight = maxOrDefined(lineHeight, child.state.measured(crossDimension)
                                                    + child.marginForAxis(crossAxis, direction, availableInnerWidth))
                    }
                    if sharesBaseline(child, direction) {
                        let ascent = child.baselineOffset(pass: pass)
                            + child.flexStartMargin(.column, direction, availableInnerWidth)
                        let descent = child.state.measuredHeight + child.marginForAxis(.column, direction, availableInnerWidth) - ascent
                        maxAscent = maxOrDefined(maxAscent, ascent)
                        maxDescent = maxOrDefined(maxDescent, descent)
                        lineHeight = maxOrDefined(lineHeight, maxAscent + maxDescent)
                    }
                }
                index += 1
            }
            lineEnd = index
            // (CSS mode, a column: the items aligned on the baseline line up their left edges.)
            let baselineGroup = columnBaselineGroup(lineStart..<lineEnd, children, crossAxis: crossAxis,
                                                    direction: direction, availableInnerWidth: availableInnerWidth)
            if let group = baselineGroup { lineHeight = maxOrDefined(lineHeight, group.ascent + group.descent) }
            currentLead += lineIndex != 0 ? crossAxisGap : 0
            lineHeight += extraSpacePerLine
            // CSS mode: a single-line container's line is the container's whole cross size
            // (align-content does not apply to it).
            if singleLine { lineHeight = innerCrossDim }

            for child in children[lineStart..<lineEnd] where LayoutNode.isInFlow(child) {
                // Each item's margin box is placed in the line, then moved by its relative
                // offset. (Yoga places flex-start items at their inset without their margin,
                // and centers the border box without the margins.)
                let marginStart = child.flexStartMargin(crossAxis, direction, availableInnerWidth)
                let marginEnd = child.flexEndMargin(crossAxis, direction, availableInnerWidth)
                let relative = child.relativePosition(crossAxis, child.resolveDirection(direction), crossReference,
                                                      containerDirection: direction)
                // Auto margins in the cross axis take the line's free space before any
                // alignment does (§8.1): both center the item, one pushes it to the other side.
                if let group = baselineGroup, isColumnBaselineItem(child, crossAxis: crossAxis, direction: direction) {
                    // The group sits at the side the lines start from: its left edge on the
                    // line's left, or its right edge on the line's right. (Placed so that
                    // wrap-reverse's mirroring below, of the margin box, puts it there.)
                    let wrapReverse = resolved.flexWrap == .wrapReverse
                    var offset = (crossStart == .left) != wrapReverse ? group.ascent
                        : group.descent - child.state.measured(crossDimension)
                    if wrapReverse { offset += marginStart - marginEnd }
                    child.state.setPosition(currentLead + offset + relative, crossStart)
                    continue
                }
                var align = alignment(of: child)
                var startIsAuto = child.flexStartMarginIsAuto(crossAxis, direction)
                var endIsAuto = child.flexEndMarginIsAuto(crossAxis, direction)
                if usesIntrinsicWidths && resolved.flexWrap == .wrapReverse {
                    // (Lines are mirrored afterwards: a margin pushes from its own side.)
                    swap(&startIsAuto, &endIsAuto)
                }
                if usesIntrinsicWidths && (startIsAuto || endIsAuto) {
                    // (An item that overflows its line sets its start margin to 0, §9.6 step 13.)
                    let outer = child.state.measured(crossDimension) + marginStart + marginEnd
                    align = outer > lineHeight ? .flexStart
                        : startIsAuto && endIsAuto ? .center : startIsAuto ? .flexEnd : .flexStart
                }
                switch align {
                case .flexStart:
                    child.state.setPosition(currentLead + marginStart + relative, crossStart)
                case .flexEnd:
                    child.state.setPosition(currentLead + lineHeight - marginEnd - child.state.measured(crossDimension)
                                                + relative, crossStart)
                case .center:
                    let outer = child.state.measured(crossDimension) + marginStart + marginEnd
                    child.state.setPosition(currentLead + (lineHeight - outer) / 2 + marginStart + relative, crossStart)
                case .stretch:
                    child.state.setPosition(currentLead + marginStart + relative, crossStart)
                    // Lay the child out again at the line's cross size (the space
                    // align-content puts between lines is not the line's: Yoga added it).
                    if !stretchIsBlocked(child, crossDimension, crossReference) {
                        let childWidth = isMainAxisRow
                            ? child.state.measuredWidth + child.marginForAxis(mainAxis, direction, availableInnerWidth)
                            : lineHeight
                        // (The main size keeps the margins of the main axis; Yoga added the
                        // cross axis's to a column item's height.)
                        let childHeight = !isMainAxisRow
                            ? child.state.measuredHeight + child.marginForAxis(mainAxis, direction, availableInnerWidth)
                            : lineHeight
                        // (CSS mode: always, the stretched size being definite for the item's
                        // percentages, and a negative margin making it larger than the line.)
                        if usesIntrinsicWidths || !(inexactEquals(childWidth, child.state.measuredWidth)
                                                    && inexactEquals(childHeight, child.state.measuredHeight)) {
                            // (CSS mode: a ratio box stretched to the height its ratio layout already
                            // gave it keeps that layout, as in CrossAxis.swift.)
                            let keepsRatioHeight = isMainAxisRow && availableInnerCross.isNaN && child.takesRatioHeightItself
                                && child.state.laidOutPass == pass.generation
                                && child.state.cachedLayout.heightMode == .maxContent
                                && childHeight - child.marginForAxis(crossAxis, direction, availableInnerWidth)
                                    == child.state.measuredHeight
                            let heightMode: SizingMode = keepsRatioHeight ? .maxContent : keepsIndefiniteHeight(
                                child, mainSize: child.state.measuredHeight, isMainAxisRow: isMainAxisRow,
                                availableInnerHeight: availableInnerHeight) ? .fitContent : .stretchFit
                            child.layoutIfNeeded(availableWidth: childWidth,
                                                 availableHeight: keepsRatioHeight ? .nan : childHeight,
                                                 ownerDirection: direction, widthMode: .stretchFit, heightMode: heightMode,
                                                 ownerWidth: availableInnerWidth, ownerHeight: percentInnerHeight,
                                                 performLayout: true, depth: depth, pass: pass)
                        }
                    }
                case .baseline where usesIntrinsicWidths && resolved.flexWrap == .wrapReverse:
                    // (CSS mode, wrap-reverse: the baselines still line up, and the item that
                    // reaches furthest below them sits on the line's cross-start side, its
                    // bottom, §8.3. Placed so that the mirroring below puts it there.)
                    child.state.positionTop = currentLead + maxDescent + child.baselineOffset(pass: pass)
                        + marginStart - marginEnd - child.state.measuredHeight + relative
                case .baseline:
                    // (CSS mode: moved by its relative offset, either side; Yoga by its top inset.)
                    child.state.positionTop = currentLead + maxAscent - child.baselineOffset(pass: pass)
                        + (usesIntrinsicWidths ? relative : child.flexStartInset(.column, direction, availableInnerCross))
                case .auto, .spaceBetween, .spaceAround, .spaceEvenly:
                    break
                }
            }
            currentLead += leadPerLine + lineHeight
        }
    }
}
