// STEP 6: main-axis alignment (CSS Flexbox §9.5, justify-content and auto margins)
// and the line's cross size (§9.4: the largest outer cross size, or ascent plus
// descent for baseline alignment).

extension LayoutNode {
    func justifyMainAxis(_ line: inout FlexLine, _ children: [LayoutNode], mainAxis: FlexDirection,
                         crossAxis: FlexDirection, direction: LayoutDirection, sizingModeMain: SizingMode,
                         sizingModeCross: SizingMode, mainAxisOwnerSize: Float, itemMainReference: Float,
                         ownerWidth: Float,
                         availableInnerMain: Float, availableInnerCross: Float, availableInnerWidth: Float,
                         performLayout: Bool, baselineLayout: Bool, pass: LayoutPass) {
        let leadingPaddingAndBorderMain = flexStartPaddingAndBorder(mainAxis, direction, ownerWidth)
        let trailingPaddingAndBorderMain = flexEndPaddingAndBorder(mainAxis, direction, ownerWidth)
        let gap = usesIntrinsicWidths ? line.gap : gapForAxis(mainAxis, availableInnerMain)

        // A fit-content container only has free space to distribute up to its min size.
        if sizingModeMain == .fitContent && line.remainingFreeSpace > 0 {
            let minMain = resolvedMinDimension(direction, mainAxis.dimension, mainAxisOwnerSize, ownerWidth)
            if minSize(mainAxis.dimension).isDefined && minMain.isDefined {
                let minAvailableMain = minMain - leadingPaddingAndBorderMain - trailingPaddingAndBorderMain
                let occupied = availableInnerMain - line.remainingFreeSpace
                line.remainingFreeSpace = maxOrDefined(0, minAvailableMain - occupied)
            } else {
                line.remainingFreeSpace = 0
            }
        }

        var leadingMain: Float = 0
        var betweenMain = gap
        // Negative free space falls back to flex-start for the distributed alignments. (In
        // CSS mode space-around and space-evenly fall back to `safe center`, which puts an
        // overflowing line at the start of the writing mode: the flex-end of a reversed
        // direction. Box Alignment 3 §4.3.)
        var justify = resolved.justifyContent
        let overflows = !(line.remainingFreeSpace >= 0)
        if overflows {
            switch justify {
            case .spaceAround, .spaceEvenly:
                justify = usesIntrinsicWidths && resolved.flexDirection.isReverse ? .flexEnd : .flexStart
            case .spaceBetween: justify = .flexStart
            default: break
            }
        }
        // Auto margins take positive free space; with none (CSS mode) they are 0 and the line
        // is justified (css-flexbox §9.5). Yoga ignores justify-content beside auto margins.
        if line.autoMarginCount == 0 || (overflows && usesIntrinsicWidths) {
            switch justify {
            case .center:
                // (Whole 64ths of a point, as Chromium halves its layout units.)
                leadingMain = truncatedToLayoutUnit(line.remainingFreeSpace / 2)
            case .flexEnd:
                leadingMain = line.remainingFreeSpace
            case .spaceBetween:
                if line.itemCount > 1 {
                    betweenMain += line.remainingFreeSpace / Float(line.itemCount - 1)
                }
            case .spaceEvenly:
                leadingMain = line.remainingFreeSpace / Float(line.itemCount + 1)
                betweenMain += leadingMain
            case .spaceAround:
                // A line without items (only absolute children) has nothing to space around;
                // dividing by its zero items would give the line an infinite size.
                if line.itemCount > 0 {
                    leadingMain = 0.5 * line.remainingFreeSpace / Float(line.itemCount)
                    betweenMain += leadingMain * 2
                }
            case .flexStart:
                break
            }
        }

        line.mainDim = leadingPaddingAndBorderMain + leadingMain
        line.crossDim = 0
        // (In CSS mode a baseline above the line's top, from a negative margin, counts.)
        var maxAscent: Float = usesIntrinsicWidths ? -.infinity : 0
        var maxDescent: Float = usesIntrinsicWidths ? -.infinity : 0
        let mainStart = mainAxis.flexStartEdge
        let autoMarginShare = line.remainingFreeSpace > 0 ? line.remainingFreeSpace / Float(line.autoMarginCount) : 0

        children.forEachBorrowed(in: line.start..<line.end) { index, child in
            guard LayoutNode.isInFlow(child) else { return }
            if child.flexStartMarginIsAuto(mainAxis, direction) && line.remainingFreeSpace > 0 {
                line.mainDim += autoMarginShare
            }
            if performLayout {
                child.state.setPosition(child.state.position(mainStart) + line.mainDim, mainStart)
            }
            if index != line.lastItem {
                line.mainDim += betweenMain
            }
            if child.flexEndMarginIsAuto(mainAxis, direction) && line.remainingFreeSpace > 0 {
                line.mainDim += autoMarginShare
            }

            if !performLayout && sizingModeCross == .stretchFit {
                // The flex step was skipped: measured sizes are stale, use the hypothetical
                // size (the basis within min/max, as the line added it up; Yoga adds the bare
                // basis, so a column measured to the sum of its items' unclamped heights).
                line.mainDim += child.marginForAxis(mainAxis, direction, availableInnerWidth)
                    + hypotheticalMainSize(of: child, direction, mainAxis, mainAxisOwnerSize: itemMainReference,
                                           ownerWidth: ownerWidth, availableInnerWidth: availableInnerWidth)
                line.crossDim = availableInnerCross
            } else {
                line.mainDim += child.dimensionWithMargin(mainAxis, direction, availableInnerWidth)
                // (In CSS mode only the items aligned on the baseline share it; Yoga puts
                // every item of a baseline layout on it.)
                if baselineLayout && (!usesIntrinsicWidths || sharesBaseline(child, direction)) {
                    let ascent = child.baselineOffset(pass: pass)
                        + child.flexStartMargin(.column, direction, availableInnerWidth)
                    let descent = child.state.measuredHeight + child.marginForAxis(.column, direction, availableInnerWidth) - ascent
                    maxAscent = maxOrDefined(maxAscent, ascent)
                    maxDescent = maxOrDefined(maxDescent, descent)
                } else {
                    line.crossDim = maxOrDefined(line.crossDim, child.dimensionWithMargin(crossAxis, direction, availableInnerWidth))
                }
            }
        }
        line.mainDim += trailingPaddingAndBorderMain
        // (CSS mode: a multi-line column's line is wide enough for its items' shared baseline;
        // a single line is the container's, which does not count it.)
        if resolved.flexWrap != .noWrap,
           let group = columnBaselineGroup(line.start..<line.end, children, crossAxis: crossAxis, direction: direction,
                                           availableInnerWidth: availableInnerWidth) {
            line.crossDim = maxOrDefined(line.crossDim, group.ascent + group.descent)
        }
        if baselineLayout {
            line.crossDim = usesIntrinsicWidths ? maxOrDefined(line.crossDim, maxAscent + maxDescent) : maxAscent + maxDescent
        }
    }
}
