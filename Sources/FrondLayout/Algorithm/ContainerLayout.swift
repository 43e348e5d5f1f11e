// The flexbox algorithm for one node, step by step (CSS Flexible Box Layout §9,
// with Yoga's deviations so that results match Yoga's conformance corpus):
//
//   1. resolve axes, paddings and borders          (this file)
//   2. available inner sizes                        (this file)
//   3. flex basis of every child                    (FlexBasis.swift)
//   4. collect items into flex lines                (FlexLine.swift)
//   5. resolve flexible lengths                     (FlexibleLengths.swift)
//   6. justify along the main axis                  (MainAxis.swift)
//   7. align items in each line, stretch            (CrossAxis.swift)
//   8. align the lines (align-content)              (LineAlignment.swift)
//   9. final size of the container                  (this file)
//  10. trailing positions for reversed axes         (this file)
//  11. absolutely positioned descendants            (AbsoluteLayout.swift)
//
// The function sets the node's measured size; with `performLayout` it also sets
// the positions and sizes of its children. It is only called through the cache
// (LayoutCache.swift). An undefined available size always comes with `.maxContent`.
// It also sets `state.resultFlags` (what the result promises, ContentSizedHeight.swift).

/// What a call of `layoutContents` is for, as far as a ratio box's height goes (CSS mode):
/// the box's own layout, where its ratio gives its height, or a measurement of its content
/// alone, with percentage heights inside resolving against the ratio's height (for its own
/// automatic minimum) or treated as auto (for a column's automatic minimum of the item).
enum RatioContentMeasurement {
    case none, ratioPercentages, indefinitePercentages
}

extension LayoutNode {
    func layoutContents(availableWidth: Float, availableHeight: Float, ownerDirection: LayoutDirection,
                        widthMode: SizingMode, heightMode: SizingMode,
                        ownerWidth: Float, ownerHeight: Float,
                        performLayout: Bool, depth: Int, pass: LayoutPass,
                        measuringRatioContent: RatioContentMeasurement = .none, repeatsLastLayout: Bool = false) {
        if performLayout {
            pass.statistics.layouts += 1
            state.childrenTouchedPass = pass.generation
        } else {
            pass.statistics.measures += 1
        }

        let direction = resolveDirection(ownerDirection)
        state.direction = direction
        let rowAxis = FlexDirection.row.resolved(direction)
        let columnAxis = FlexDirection.column
        let startEdge: PhysicalEdge = direction == .rtl ? .right : .left
        let endEdge: PhysicalEdge = direction == .rtl ? .left : .right

        let marginRowLeading = inlineStartMargin(rowAxis, direction, ownerWidth)
        let marginRowTrailing = inlineEndMargin(rowAxis, direction, ownerWidth)
        let marginColumnLeading = inlineStartMargin(columnAxis, direction, ownerWidth)
        let marginColumnTrailing = inlineEndMargin(columnAxis, direction, ownerWidth)
        let marginAxisRow = marginRowLeading + marginRowTrailing
        let marginAxisColumn = marginColumnLeading + marginColumnTrailing
        // (Without sides every result is zero: a node keeps them only once it has some.)
        if sidesStorage != nil || sideResultsStorage != nil {
            makeSideResults()._withUnsafeGuaranteedRef { results in
                results.margin[startEdge] = marginRowLeading
                results.margin[endEdge] = marginRowTrailing
                results.margin.top = marginColumnLeading
                results.margin.bottom = marginColumnTrailing
                results.border[startEdge] = border(rowAxis.inlineStartEdge(direction), direction)
                results.border[endEdge] = border(rowAxis.inlineEndEdge(direction), direction)
                results.border.top = border(.top, direction)
                results.border.bottom = border(.bottom, direction)
                results.padding[startEdge] = padding(rowAxis.inlineStartEdge(direction), direction, ownerWidth)
                results.padding[endEdge] = padding(rowAxis.inlineEndEdge(direction), direction, ownerWidth)
                results.padding.top = padding(.top, direction, ownerWidth)
                results.padding.bottom = padding(.bottom, direction, ownerWidth)
            }
        }

        if isMeasured {
            measureLeaf(direction: direction, availableWidth: availableWidth - marginAxisRow,
                        availableHeight: availableHeight - marginAxisColumn, widthMode: widthMode, heightMode: heightMode,
                        ownerWidth: ownerWidth, ownerHeight: ownerHeight, pass: pass)
            state.resultFlags = measuredLeafFlags(heightMode: heightMode).union(noOverflowFlag([], pass: pass))
            resetContentsChildren(pass: pass)
            return
        }

        let children = layoutChildren
        if children.isEmpty {
            measureEmpty(direction: direction, availableWidth: availableWidth - marginAxisRow,
                         availableHeight: availableHeight - marginAxisColumn, widthMode: widthMode, heightMode: heightMode,
                         ownerWidth: ownerWidth, ownerHeight: ownerHeight)
            state.resultFlags = emptyNodeFlags(direction: direction, heightMode: heightMode,
                                               ownerWidth: ownerWidth, ownerHeight: ownerHeight)
                .union(noOverflowFlag([], pass: pass))
            resetContentsChildren(pass: pass)
            return
        }

        // CSS mode: a width that comes from the content is settled first, from the
        // intrinsic widths; the container is then laid out at it (IntrinsicWidths.swift).
        // A height that is not definite is the content's height, which no available
        // height bounds (CSS has no fit-content block size); percentages inside it are
        // then indefinite too.
        var availableHeight = availableHeight
        var heightMode = heightMode
        if heightMode == .fitContent && usesIntrinsicWidths {
            availableHeight = .nan
            heightMode = .maxContent
        }
        var availableWidth = availableWidth
        var widthMode = widthMode
        let widthIsGiven = widthMode == .stretchFit
        // (A wrapping column at a definite height, or at an indefinite one with a max height
        // to break its lines at, is as wide as its lines: the flex steps find that width,
        // with a percentage gap between the lines and its items' percentage widths as
        // auto. Laid out, it is then laid out at that width, against which they resolve:
        // `width: 100%` next to a 100-wide item is 100 wide, as in Chromium.)
        let linesGiveWidth = isColumnWrap && (heightMode == .stretchFit || breaksLinesAtMaxHeight(ownerHeight))
        if linesGiveWidth && widthMode == .fitContent && usesIntrinsicWidths {
            // (Fit-content: never narrower than its min-content width, its widest item.)
            let minContent = minContentWidth(ownerDirection: ownerDirection, ownerWidth: ownerWidth, pass: pass)
            if availableWidth - marginAxisRow < minContent { availableWidth = minContent + marginAxisRow }
        }
        if widthMode != .stretchFit && usesIntrinsicWidths && linesGiveWidth && performLayout {
            _ = layoutIfNeeded(availableWidth: availableWidth, availableHeight: availableHeight, ownerDirection: ownerDirection,
                           widthMode: widthMode, heightMode: heightMode, ownerWidth: ownerWidth, ownerHeight: ownerHeight,
                           performLayout: false, depth: depth, pass: pass)
            availableWidth = state.measuredWidth + marginAxisRow
            widthMode = .stretchFit
        } else if widthMode != .stretchFit && usesIntrinsicWidths && !linesGiveWidth {
            let innerHeight = heightMode == .stretchFit
                ? availableInnerDimension(direction, .height, availableHeight - marginAxisColumn,
                                          paddingAndBorderForAxis(.column, direction, ownerWidth), ownerHeight, ownerWidth)
                : Float.nan
            availableWidth = contentBasedWidth(direction: direction, available: availableWidth - marginAxisRow,
                                               mode: widthMode, innerHeight: innerHeight, ownerWidth: ownerWidth,
                                               pass: pass) + marginAxisRow
            widthMode = .stretchFit
            // A ratio box whose height is indefinite takes it from that width (never below
            // its content's height, and within its min and max heights). (This is also how
            // a column measures an item for its basis, where the content's height counts
            // whole, §9.2.3 E.)
            if heightMode != .stretchFit, let ratio = resolved.aspectRatio {
                let innerWidth = availableWidth - marginAxisRow
                availableHeight = boundAxis(.column, direction, ratioSizeAtLeastContent(
                    sizeFromRatio(innerWidth, of: .width, ratio, direction, ownerWidth, ownerHeight: ownerHeight),
                    of: .height, other: innerWidth, direction: ownerDirection, ownerWidth: ownerWidth,
                    ownerHeight: ownerHeight, depth: depth, pass: pass), ownerHeight, ownerWidth)
                    + marginAxisColumn
                heightMode = .stretchFit
            }
        }

        // CSS mode: a ratio box given its width and no height takes the height its ratio
        // gives (within its min and max heights), raised to its content's unless a min
        // height or overflow stands in the way (the automatic minimum; items it stretches
        // count at their minimum, as they are stretched to the ratio's height). Percentages
        // inside resolve against the ratio's height, before the content raises it
        // (Chromium). The content is measured first, with those percentages, by this same
        // function told not to take this step again.
        var ratioInnerHeight = Float.nan  // (NaN: no ratio gives the height here)
        if widthIsGiven && heightMode != .stretchFit && takesRatioHeightItself, let ratio = resolved.aspectRatio {
            let innerWidth = availableWidth - marginAxisRow
            let fromRatio = boundAxis(.column, direction, sizeFromRatio(innerWidth, of: .width, ratio, direction,
                                                                        ownerWidth, ownerHeight: ownerHeight),
                                      ownerHeight, ownerWidth)
            if measuringRatioContent != .indefinitePercentages {
                ratioInnerHeight = max(0, fromRatio - paddingAndBorderForAxis(.column, direction, ownerWidth))
            }
            if measuringRatioContent == .none {
                var height = fromRatio
                if minSize(.height).unit == .undefined && resolved.overflow == .visible {
                    layoutContents(availableWidth: availableWidth, availableHeight: .nan, ownerDirection: ownerDirection,
                                   widthMode: .stretchFit, heightMode: .maxContent,
                                   ownerWidth: ownerWidth, ownerHeight: ownerHeight,
                                   performLayout: false, depth: depth, pass: pass,
                                   measuringRatioContent: .ratioPercentages)
                    let content = heightBesideStretchedItems(direction: ownerDirection, ownerWidth: ownerWidth)
                    if content.isFinite {
                        height = boundAxis(.column, direction, max(fromRatio, content), ownerHeight, ownerWidth)
                    }
                }
                availableHeight = height + marginAxisColumn
                heightMode = .stretchFit
            }
        }

        if !performLayout && measureFixedSize(direction: direction, availableWidth: availableWidth - marginAxisRow,
                                              availableHeight: availableHeight - marginAxisColumn,
                                              widthMode: widthMode, heightMode: heightMode,
                                              ownerWidth: ownerWidth, ownerHeight: ownerHeight) {
            state.resultFlags = []  // (nothing known of the children)
            resetContentsChildren(pass: pass)
            return
        }

        state.hadOverflow = false
        resetContentsChildren(pass: pass)
        // (Until the end, a measurement's flags are the promises it can still make:
        // WiderBounds.swift.)
        state.resultFlags = widerBoundsCandidates(children, widthMode: widthMode, heightMode: heightMode,
                                                  performLayout: performLayout)

        // STEP 1: axes and the container's own paddings and borders.
        let mainAxis = resolved.flexDirection.resolved(direction)
        let crossAxis = mainAxis.crossAxis(direction)
        let isMainAxisRow = mainAxis.isRow
        let isWrap = resolved.flexWrap != .noWrap
        let mainAxisOwnerSize = isMainAxisRow ? ownerWidth : ownerHeight
        let crossAxisOwnerSize = isMainAxisRow ? ownerHeight : ownerWidth
        let paddingAndBorderMain = paddingAndBorderForAxis(mainAxis, direction, ownerWidth)
        let paddingAndBorderCross = paddingAndBorderForAxis(crossAxis, direction, ownerWidth)
        let leadingPaddingAndBorderCross = flexStartPaddingAndBorder(crossAxis, direction, ownerWidth)
        var sizingModeMain = isMainAxisRow ? widthMode : heightMode
        let sizingModeCross = isMainAxisRow ? heightMode : widthMode
        let paddingAndBorderRow = isMainAxisRow ? paddingAndBorderMain : paddingAndBorderCross
        let paddingAndBorderColumn = isMainAxisRow ? paddingAndBorderCross : paddingAndBorderMain

        // STEP 2: the space available to the children.
        let availableInnerWidth = availableInnerDimension(direction, .width, availableWidth - marginAxisRow,
                                                          paddingAndBorderRow, ownerWidth, ownerWidth)
        let availableInnerHeight = availableInnerDimension(direction, .height, availableHeight - marginAxisColumn,
                                                           paddingAndBorderColumn, ownerHeight, ownerWidth)
        var availableInnerMain = isMainAxisRow ? availableInnerWidth : availableInnerHeight
        // What the children's percentage heights resolve against (see the ratio box above).
        let percentInnerHeight = ratioInnerHeight.isNaN ? availableInnerHeight : ratioInnerHeight
        // What the items' min/max main sizes resolve percentages against: the container's
        // inner size in CSS mode; Yoga clamps bases with percentages of the container's owner.
        let itemMainReference = usesIntrinsicWidths ? availableInnerMain : mainAxisOwnerSize
        // What a percentage gap resolves against: in CSS mode the definite inner size only
        // (a percentage of a size the content gives is 0, as in Chromium); Yoga uses the
        // space left to each line.
        let initialInnerMain = availableInnerMain
        // Where a wrapping container breaks its lines: in CSS mode the definite inner main
        // size, else the max main size (css-flexbox §9.2 step 2); Yoga uses the space left
        // to each line.
        let cssLineLimit = initialInnerMain.isDefined || !isWrap ? initialInnerMain
            : resolvedMaxDimension(direction, mainAxis.dimension, mainAxisOwnerSize, ownerWidth)
                - (isMainAxisRow ? paddingAndBorderRow : paddingAndBorderColumn)
        let availableInnerCross = isMainAxisRow ? availableInnerHeight : availableInnerWidth

        // STEP 3: flex bases (sum of bases, margins and gaps).
        var totalMainDim = computeFlexBases(children, availableInnerWidth: availableInnerWidth,
                                            availableInnerHeight: availableInnerHeight,
                                            percentInnerHeight: percentInnerHeight,
                                            widthMode: widthMode, heightMode: heightMode, direction: direction,
                                            mainAxis: mainAxis, performLayout: performLayout,
                                            onlyDirtyChildrenDescend: repeatsLastLayout, depth: depth, pass: pass)
        if children.count > 1 {
            totalMainDim += gapForAxis(mainAxis, availableInnerMain) * Float(children.count - 1)
        }
        let mainAxisOverflows = sizingModeMain != .maxContent && totalMainDim > availableInnerMain
        if isWrap && mainAxisOverflows && sizingModeMain == .fitContent {
            sizingModeMain = .stretchFit
        }

        let baselineLayout = isBaselineLayout(children)

        // STEPS 4–7, line by line.
        var lineStart = 0
        var lineCount = 0
        var totalLineCrossDim: Float = 0
        // (The lines' cross sizes as their items gave them, before the container's min and max.)
        var contentCrossDim: Float = 0
        let crossAxisGap = gapForAxis(crossAxis, usesIntrinsicWidths && sizingModeCross != .stretchFit
                                      ? .nan : availableInnerCross)
        var maxLineMainDim: Float = 0
        // What the content-sized height check needs to know of the first line, and whether
        // the flex step left every item at its basis (see ContentSizedHeight.swift).
        var firstLine = FirstLineFacts()
        var itemsKeptBases = true
        var overflowBeforeFlex = false
        while lineStart < children.count {
            var line = collectFlexLine(children, from: lineStart, lineIndex: lineCount, ownerDirection: ownerDirection,
                                       ownerWidth: ownerWidth, mainAxisOwnerSize: itemMainReference,
                                       availableInnerWidth: availableInnerWidth,
                                       availableInnerMain: usesIntrinsicWidths ? cssLineLimit : availableInnerMain,
                                       gapReference: usesIntrinsicWidths ? initialInnerMain : availableInnerMain)
            lineStart = line.end

            // Measuring with a definite cross size: the flex step cannot change the answer.
            let canSkipFlex = !performLayout && sizingModeCross == .stretchFit

            // STEP 5: the free space to distribute.
            var sizeBasedOnContent = false
            if sizingModeMain != .stretchFit {
                let minInnerMain = resolvedMinDimension(direction, mainAxis.dimension, mainAxisOwnerSize, ownerWidth)
                    - (isMainAxisRow ? paddingAndBorderRow : paddingAndBorderColumn)
                var maxInnerMain = resolvedMaxDimension(direction, mainAxis.dimension, mainAxisOwnerSize, ownerWidth)
                    - (isMainAxisRow ? paddingAndBorderRow : paddingAndBorderColumn)
                // (CSS mode: a min size above the max size wins, CSS 2 §10.4.)
                if usesIntrinsicWidths && minInnerMain > maxInnerMain { maxInnerMain = minInnerMain }
                if minInnerMain.isDefined && line.sizeConsumed < minInnerMain {
                    availableInnerMain = minInnerMain
                } else if maxInnerMain.isDefined && line.sizeConsumed > maxInnerMain {
                    availableInnerMain = maxInnerMain
                } else {
                    let legacyStretch = config.modes.stretchFlexBasis
                    if !legacyStretch && (line.totalFlexGrowFactors == 0 || resolveFlexGrow() == 0) {
                        // Nothing can grow: the content size is all the space needed.
                        availableInnerMain = line.sizeConsumed
                    }
                    sizeBasedOnContent = !legacyStretch
                }
            }
            if !sizeBasedOnContent && availableInnerMain.isDefined {
                line.remainingFreeSpace = availableInnerMain - line.sizeConsumed
            } else if line.sizeConsumed < 0 {
                // Sized by content that adds up to less than nothing: the node gets 0.
                line.remainingFreeSpace = -line.sizeConsumed
            }

            if lineCount == 0 {
                firstLine.sizeConsumed = line.sizeConsumed
                firstLine.totalFlexGrowFactors = line.totalFlexGrowFactors
            }
            let freeSpaceBeforeFlex = line.remainingFreeSpace
            overflowBeforeFlex = overflowBeforeFlex || freeSpaceBeforeFlex < 0
            if !canSkipFlex {
                resolveFlexibleLengths(&line, children, mainAxis: mainAxis, crossAxis: crossAxis, direction: direction,
                                       ownerWidth: ownerWidth, mainAxisOwnerSize: itemMainReference,
                                       availableInnerMain: availableInnerMain, availableInnerCross: availableInnerCross,
                                       availableInnerWidth: availableInnerWidth, availableInnerHeight: availableInnerHeight,
                                       ratioInnerHeight: ratioInnerHeight,
                                       mainAxisOverflows: mainAxisOverflows, sizingModeCross: sizingModeCross,
                                       performLayout: performLayout, depth: depth, pass: pass)
            }
            state.hadOverflow = state.hadOverflow || line.remainingFreeSpace < 0
            if performLayout && sizingModeCross == .stretchFit && itemsKeptBases {
                itemsKeptBases = lineKeptBases(line, children, mainAxis: mainAxis,
                                               freeSpaceBeforeFlex: freeSpaceBeforeFlex)
            }

            // STEP 6: main-axis positions and the line's cross size.
            justifyMainAxis(&line, children, mainAxis: mainAxis, crossAxis: crossAxis, direction: direction,
                            sizingModeMain: sizingModeMain, sizingModeCross: sizingModeCross,
                            mainAxisOwnerSize: mainAxisOwnerSize, itemMainReference: itemMainReference,
                            ownerWidth: ownerWidth,
                            availableInnerMain: availableInnerMain, availableInnerCross: availableInnerCross,
                            availableInnerWidth: availableInnerWidth, performLayout: performLayout,
                            baselineLayout: baselineLayout, pass: pass)

            var containerCrossAxis = availableInnerCross
            if sizingModeCross == .maxContent || sizingModeCross == .fitContent {
                containerCrossAxis = boundAxis(crossAxis, direction, line.crossDim + paddingAndBorderCross,
                                               crossAxisOwnerSize, ownerWidth) - paddingAndBorderCross
            }
            if lineCount == 0 {
                firstLine.crossDim = line.crossDim
                firstLine.containerCrossAxis = containerCrossAxis
            }
            contentCrossDim += line.crossDim + (lineCount != 0 ? crossAxisGap : 0)
            if !isWrap && sizingModeCross == .stretchFit {
                line.crossDim = availableInnerCross
            }
            if !isWrap {
                // A single line's cross size obeys the container's min/max before alignment.
                line.crossDim = boundAxis(crossAxis, direction, line.crossDim + paddingAndBorderCross,
                                          crossAxisOwnerSize, ownerWidth) - paddingAndBorderCross
            }

            // STEP 7: cross-axis alignment within the line.
            if performLayout {
                alignItemsInLine(line, children, mainAxis: mainAxis, crossAxis: crossAxis, direction: direction,
                                 leadingPaddingAndBorderCross: leadingPaddingAndBorderCross,
                                 totalLineCrossDim: totalLineCrossDim, containerCrossAxis: containerCrossAxis,
                                 availableInnerMain: availableInnerMain, availableInnerCross: availableInnerCross,
                                 availableInnerWidth: availableInnerWidth, availableInnerHeight: availableInnerHeight,
                                 percentInnerHeight: percentInnerHeight, isWrap: isWrap, depth: depth, pass: pass)
            }

            totalLineCrossDim += line.crossDim + (lineCount != 0 ? crossAxisGap : 0)
            maxLineMainDim = maxOrDefined(maxLineMainDim, line.mainDim)
            lineCount += 1
        }

        // STEP 8: align-content across lines, and baseline alignment.
        if performLayout && (isWrap || baselineLayout) {
            alignLines(children, lineCount: lineCount, mainAxis: mainAxis, crossAxis: crossAxis, direction: direction,
                       sizingModeCross: sizingModeCross, crossAxisOwnerSize: crossAxisOwnerSize, ownerWidth: ownerWidth,
                       totalLineCrossDim: totalLineCrossDim, crossAxisGap: crossAxisGap,
                       leadingPaddingAndBorderCross: leadingPaddingAndBorderCross,
                       paddingAndBorderCross: paddingAndBorderCross, availableInnerCross: availableInnerCross,
                       availableInnerWidth: availableInnerWidth, availableInnerHeight: availableInnerHeight,
                       percentInnerHeight: percentInnerHeight, depth: depth, pass: pass)
        }

        // STEP 9: the container's final size.
        state.measuredWidth = boundAxis(.row, direction, availableWidth - marginAxisRow, ownerWidth, ownerWidth)
        state.measuredHeight = boundAxis(.column, direction, availableHeight - marginAxisColumn, ownerHeight, ownerWidth)
        let scrolls = resolved.overflow == .scroll
        if sizingModeMain == .maxContent || (!scrolls && sizingModeMain == .fitContent) {
            // Sized by its lines, within min/max and never below padding and border.
            state.setMeasured(boundAxis(mainAxis, direction, maxLineMainDim, mainAxisOwnerSize, ownerWidth),
                              mainAxis.dimension)
        } else if sizingModeMain == .fitContent && scrolls {
            state.setMeasured(maxOrDefined(minOrDefined(availableInnerMain + paddingAndBorderMain,
                                                        boundAxisWithinMinAndMax(direction, mainAxis, maxLineMainDim,
                                                                                 mainAxisOwnerSize, ownerWidth)),
                                           paddingAndBorderMain), mainAxis.dimension)
        }
        if usesIntrinsicWidths {
            state.contentHeight = isMainAxisRow ? contentCrossDim + paddingAndBorderCross : maxLineMainDim
        }
        if sizingModeCross == .maxContent || (!scrolls && sizingModeCross == .fitContent) {
            state.setMeasured(boundAxis(crossAxis, direction, totalLineCrossDim + paddingAndBorderCross,
                                        crossAxisOwnerSize, ownerWidth), crossAxis.dimension)
        } else if sizingModeCross == .fitContent && scrolls {
            state.setMeasured(maxOrDefined(minOrDefined(availableInnerCross + paddingAndBorderCross,
                                                        boundAxisWithinMinAndMax(direction, crossAxis,
                                                                                 totalLineCrossDim + paddingAndBorderCross,
                                                                                 crossAxisOwnerSize, ownerWidth)),
                                           paddingAndBorderCross), crossAxis.dimension)
        }

        // Lines were placed in normal order; wrap-reverse mirrors them in the cross axis:
        // each item's margin box is mirrored within the content box, so that unequal
        // paddings, borders or margins on the two sides stay on their own sides, and its
        // relative offset still points the way it did. (Yoga mirrors the border box within
        // the whole container, offset included.)
        if performLayout && resolved.flexWrap == .wrapReverse {
            let crossStart = crossAxis.flexStartEdge
            let crossDimension = crossAxis.dimension
            let crossReference = crossAxis.isRow ? availableInnerWidth : percentInnerHeight
            let contentStart = flexStartPaddingAndBorder(crossAxis, direction, ownerWidth)
            let contentEnd = flexEndPaddingAndBorder(crossAxis, direction, ownerWidth)
            let far = state.measured(crossDimension) - contentEnd + contentStart
            children.forEachBorrowed { child in
                guard child.resolved.positionType != .absolute && child.resolved.display != .none else { return }
                let marginStart = child.flexStartMargin(crossAxis, direction, availableInnerWidth)
                let marginEnd = child.flexEndMargin(crossAxis, direction, availableInnerWidth)
                let relative = child.relativePosition(crossAxis, child.resolveDirection(direction), crossReference,
                                                      containerDirection: direction)
                let placed = child.state.position(crossStart) - relative
                child.state.setPosition(far - placed + marginStart - marginEnd - child.state.measured(crossDimension)
                                            + relative, crossStart)
            }
        }

        guard performLayout else {
            // (With the wider-bounds promises, also the overflow this measurement leaves, which
            // an answer through them restores: see WiderBounds.swift.)
            let widerBounds = state.resultFlags.intersection(.fitsWiderBounds)
            state.resultFlags = noOverflowFlag(children, pass: pass).union(widerBounds)
            if widerBounds.rawValue != 0 && state.hadOverflow { state.resultFlags.insert(.measurementOverflows) }
            return
        }

        // STEP 10: reversed axes also need the position measured from the far edge.
        let needsMainTrailing = mainAxis.isReverse
        let needsCrossTrailing = crossAxis.isReverse
        if needsMainTrailing || needsCrossTrailing {
            children.forEachBorrowed { child in
                guard child.resolved.display != .none && child.resolved.positionType != .absolute else { return }
                if needsMainTrailing { setTrailingPosition(of: child, mainAxis) }
                if needsCrossTrailing { setTrailingPosition(of: child, crossAxis) }
            }
        }

        // STEP 11: this node is the containing block of its absolute descendants
        // (reached through static children) unless it is static itself; a root always is.
        if resolved.positionType != .static || depth == 1 {
            layoutAbsoluteDescendants(containingNode: self, widthMode: isMainAxisRow ? sizingModeMain : sizingModeCross,
                                      direction: direction, depth: depth, pass: pass,
                                      offsetLeft: 0, offsetTop: 0,
                                      containingInnerWidth: availableInnerWidth,
                                      containingInnerHeight: availableInnerHeight)
        }

        // (A root's flags promise nothing to anyone: only an owner reads them.)
        guard hasOwner else {
            state.resultFlags = noOverflowFlag(children, pass: pass)
            return
        }
        state.resultFlags = layoutFlags(children, direction: direction, mainAxis: mainAxis,
                                        availableWidth: availableWidth - marginAxisRow,
                                        availableHeight: availableHeight - marginAxisColumn,
                                        widthMode: widthMode, heightMode: heightMode,
                                        ownerWidth: ownerWidth, ownerHeight: ownerHeight,
                                        availableInnerWidth: availableInnerWidth,
                                        availableInnerHeight: availableInnerHeight,
                                        lineCount: lineCount, firstLine: firstLine, itemsKeptBases: itemsKeptBases,
                                        overflowBeforeFlex: overflowBeforeFlex, baselineLayout: baselineLayout)
            .union(noOverflowFlag(children, pass: pass))
    }

    /// The available size minus padding and border, kept within the node's min/max.
    func availableInnerDimension(_ direction: LayoutDirection, _ dimension: Axis, _ available: Float,
                                         _ paddingAndBorder: Float, _ ownerSize: Float, _ ownerWidth: Float) -> Float {
        var inner = available - paddingAndBorder
        if inner.isDefined && !(dimension == .width ? resolved.hasMinMaxWidth : resolved.hasMinMaxHeight) {
            // (No min or max size: both resolve to NaN below, leaving these bounds.)
            inner = maxOrDefined(minOrDefined(inner, Float.greatestFiniteMagnitude), 0)
        } else if inner.isDefined {
            let minimum = resolvedMinDimension(direction, dimension, ownerSize, ownerWidth)
            let maximum = resolvedMaxDimension(direction, dimension, ownerSize, ownerWidth)
            let minInner = minimum.isNaN ? 0 : minimum - paddingAndBorder
            let maxInner = maximum.isNaN ? Float.greatestFiniteMagnitude : maximum - paddingAndBorder
            inner = maxOrDefined(minOrDefined(inner, maxInner), minInner)
        }
        return inner
    }

    /// Sets a child's position from the far edge of `axis` (mirror of its start position).
    @inline(__always)
    func setTrailingPosition(of child: LayoutNode, _ axis: FlexDirection) {
        let dimension = axis.dimension
        child.state.setPosition(state.measured(dimension) - child.state.measured(dimension)
                                    - child.state.position(axis.flexStartEdge), axis.flexEndEdge)
    }

    /// CSS mode: whether the node works out the height its aspect ratio gives it itself,
    /// when laid out at a settled width without a height (see the ratio box in
    /// `layoutContents`); an empty box, a measured leaf or a wrapping column (whose lines
    /// may give its width) is given that height instead.
    var takesRatioHeightItself: Bool {
        @inline(__always) get {
            usesIntrinsicWidths && resolved.aspectRatio != nil && !isMeasured && !isColumnWrap && !layoutChildren.isEmpty
        }
    }

    /// The children that take part in this node's layout: `display: contents` children
    /// are replaced by their own children (recursively).
    var layoutChildren: [LayoutNode] {
        @inline(__always) get { contentsChildCount == 0 ? childNodes : flattenedLayoutChildren() }
    }

    /// ``layoutChildren`` when a child has `display: contents` (out of line, so that the
    /// common case inlines).
    @inline(never)
    private func flattenedLayoutChildren() -> [LayoutNode] {
        var result: [LayoutNode] = []
        result.reserveCapacity(childNodes.count)
        appendLayoutChildren(to: &result)
        return result
    }

    private func appendLayoutChildren(to result: inout [LayoutNode]) {
        for child in childNodes {
            if child.resolved.display == .contents {
                child.appendLayoutChildren(to: &result)
            } else {
                result.append(child)
            }
        }
    }

    /// `display: contents` children have no box: zero their results (recursively
    /// through nested contents nodes) so they read as empty frames.
    @inline(__always)
    func resetContentsChildren(pass: LayoutPass) {
        if contentsChildCount > 0 { resetContentsChildrenLayouts(pass: pass) }
    }

    /// ``resetContentsChildren(pass:)`` for a node with `display: contents` children.
    @inline(never)
    private func resetContentsChildrenLayouts(pass: LayoutPass) {
        state.childrenTouchedPass = pass.generation
        for child in childNodes where child.resolved.display == .contents {
            child.resetLayout(direction: child.resolveDirection(state.direction), pass: pass)
            child.isDirtyFlag = false
            child.resetContentsChildren(pass: pass)
        }
    }

    /// Clears the node's results to an empty frame at the origin, laid out in `direction`.
    func resetLayout(direction: LayoutDirection, pass: LayoutPass) {
        let lineIndex = state.lineIndex
        state = NodeLayoutState()
        sideResultsStorage?._withUnsafeGuaranteedRef { results in
            results.margin = EdgeQuad()
            results.border = EdgeQuad()
            results.padding = EdgeQuad()
        }
        state.direction = direction
        state.width = 0
        state.height = 0
        state.measuredWidth = 0
        state.measuredHeight = 0
        state.lineIndex = lineIndex
        state.hasNewLayout = true
        state.childrenTouchedPass = pass.generation
    }

    /// Zeroes a `display: none` subtree (whose owner is laid out in `ownerDirection`) and
    /// marks it clean, so that a later change in it marks its ancestors dirty again.
    func zeroOutLayoutRecursively(ownerDirection: LayoutDirection, pass: LayoutPass) {
        let direction = resolveDirection(ownerDirection)
        resetLayout(direction: direction, pass: pass)
        isDirtyFlag = false
        for child in childNodes { child.zeroOutLayoutRecursively(ownerDirection: direction, pass: pass) }
    }
}
