// STEP 3b: the automatic minimum size of flex items (CSS Flexbox §4.5). With a config
// whose errata lack `minSizeUndefinedInsteadOfAuto`, an item whose min main size is
// unset or `auto` cannot become smaller than its content: its minimum is the smaller
// of its specified size and its content's min-content size, capped by its max size.
// Items that clip their content (`overflow` other than visible) keep a minimum of 0.
//
// The minimum is computed once per line layout and kept in `state.autoMinMainSize`;
// every clamp of a hypothetical or flexed main size then takes it into account.

extension LayoutNode {
    /// Whether `child`'s min main size is automatic here.
    @inline(__always)
    func hasAutomaticMinimum(_ child: LayoutNode, _ mainAxis: FlexDirection) -> Bool {
        child.config.modes.specFlexibleLengths
            && child.resolved.overflow == .visible
            && child.minSize(mainAxis.dimension).unit == .undefined
    }

    /// `value` raised to the automatic minimum of the line item (no-op when it has none).
    @inline(__always)
    func atLeastAutomaticMinimum(_ value: Float) -> Float {
        let minimum = state.autoMinMainSize
        return minimum > value ? minimum : value
    }

    /// Sets `child.state.autoMinMainSize` for the container's current layout: NaN when
    /// the child has no automatic minimum, otherwise its content-based minimum size.
    /// `width`/`height` and their modes are the container's inner constraints.
    func computeAutomaticMinimum(of child: LayoutNode, mainAxis: FlexDirection, direction: LayoutDirection,
                                 width: Float, widthMode: SizingMode, height: Float, heightMode: SizingMode,
                                 ownerWidth: Float, ownerHeight: Float, depth: Int, pass: LayoutPass) {
        guard hasAutomaticMinimum(child, mainAxis) else {
            child.state.autoMinMainSize = .nan
            return
        }
        let isRow = mainAxis.isRow
        let mainDimension = mainAxis.dimension
        let crossDimension: Axis = isRow ? .height : .width
        let mainOwner = isRow ? ownerWidth : ownerHeight
        let crossOwner = isRow ? ownerHeight : ownerWidth

        // Specified size suggestion: a definite preferred main size.
        let specified = child.hasDefiniteLength(mainDimension, mainOwner)
            ? child.resolvedDimension(direction, mainDimension, mainOwner, ownerWidth) : Float.nan

        // Content size suggestion: the min-content main size (for a box with an aspect
        // ratio and a definite cross size, that size converted through the ratio; a cross
        // size stretched to a single-line container's definite one counts as definite, §9.8).
        var content: Float
        if let ratio = child.resolved.aspectRatio, child.hasDefiniteLength(crossDimension, crossOwner) {
            let cross = child.resolvedDimension(direction, crossDimension, crossOwner, ownerWidth)
            content = child.ratioSizeAtLeastContent(child.sizeFromRatio(cross, of: crossDimension, ratio, direction, ownerWidth,
                                                                                ownerHeight: ownerHeight),
                                                    of: mainDimension, other: cross, direction: direction,
                                                    ownerWidth: ownerWidth, ownerHeight: ownerHeight, depth: depth, pass: pass)
        } else if let ratio = child.resolved.aspectRatio, child.config.useWebDefaults,
                  let cross = stretchedCrossSize(of: child, mainAxis: mainAxis, direction: direction,
                                                 crossSize: isRow ? height : width,
                                                 crossMode: isRow ? heightMode : widthMode, ownerWidth: ownerWidth) {
            content = child.ratioSizeAtLeastContent(child.sizeFromRatio(cross, of: crossDimension, ratio, direction, ownerWidth,
                                                                                ownerHeight: ownerHeight),
                                                    of: mainDimension, other: cross, direction: direction,
                                                    ownerWidth: ownerWidth, ownerHeight: ownerHeight, depth: depth, pass: pass)
        } else if isRow {
            // (A height a single-line row stretches the item to is definite for its items.)
            var stretched = child.config.useWebDefaults
                ? stretchedCrossSize(of: child, mainAxis: mainAxis, direction: direction, crossSize: height,
                                     crossMode: heightMode, ownerWidth: ownerWidth) : nil
            if stretched == nil && child.config.useWebDefaults && child.hasDefiniteLength(.height, crossOwner) {
                // (Its own definite height, within min and max heights that are percentages of
                // the container's definite one.)
                let childDirection = child.resolveDirection(direction)
                stretched = child.boundAxis(.column, childDirection,
                                            child.resolvedDimension(childDirection, .height, crossOwner, ownerWidth),
                                            crossOwner, ownerWidth)
            }
            content = child.minContentWidth(ownerDirection: direction, ownerWidth: ownerWidth, pass: pass,
                                            height: stretched ?? .nan)
        } else {
            content = contentHeight(of: child, width: width, widthMode: widthMode, direction: direction,
                                    ownerWidth: ownerWidth, ownerHeight: ownerHeight, depth: depth, pass: pass)
        }
        if let ratio = child.resolved.aspectRatio, child.config.useWebDefaults, !isRow {
            // (CSS, a column: with an aspect ratio, also clamped by a definite max width carried
            // through the ratio: `{max-width: 0; aspect-ratio: 0.5}` around a 100-high box has
            // a minimum height of 0. Chromium does not clamp a row item's width so by its max
            // height: `{height: 100px; max-height: 0; aspect-ratio: 1.5}` around a 100-wide
            // box is 100 wide.)
            let maxCross = child.resolvedMaxDimension(direction, crossDimension, crossOwner, ownerWidth)
            if maxCross.isDefined {
                content = min(content, child.sizeFromRatio(maxCross, of: crossDimension, ratio, direction, ownerWidth,
                                                           ownerHeight: ownerHeight))
            }
        }
        content = maxOrDefined(content, child.paddingAndBorderForAxis(mainAxis, direction, ownerWidth))

        var minimum = specified.isNaN ? content : min(specified, content)
        let maximum = child.resolvedMaxDimension(direction, mainDimension, mainOwner, ownerWidth)
        if maximum.isDefined && minimum > maximum { minimum = maximum }
        child.state.autoMinMainSize = minimum.isFinite && minimum > 0 ? minimum : .nan
    }

    /// The border-box cross size `child` is stretched to when this single-line container's
    /// inner cross size (`crossSize`, `crossMode`) is definite (CSS Flexbox §9.8: the size
    /// then counts as definite), or nil when it is not stretched so.
    private func stretchedCrossSize(of child: LayoutNode, mainAxis: FlexDirection, direction: LayoutDirection,
                                    crossSize: Float, crossMode: SizingMode, ownerWidth: Float) -> Float? {
        let crossAxis = mainAxis.crossAxis(direction)
        guard resolved.flexWrap == .noWrap, crossSize.isDefined, crossMode == .stretchFit,
              alignment(of: child) == .stretch, !child.flexStartMarginIsAuto(crossAxis, direction),
              !child.flexEndMarginIsAuto(crossAxis, direction),
              !child.hasDefiniteLength(crossAxis.dimension, crossSize) else { return nil }
        let stretched = child.boundAxis(crossAxis, direction, crossSize - child.marginForAxis(crossAxis, direction, ownerWidth),
                                        crossSize, ownerWidth)
        return stretched.isFinite && stretched >= 0 ? stretched : nil
    }

    /// The height `child` takes at the width the container gives it, with no height
    /// limit: a column item's min-content (= max-content) height.
    private func contentHeight(of child: LayoutNode, width: Float, widthMode: SizingMode, direction: LayoutDirection,
                               ownerWidth: Float, ownerHeight: Float, depth: Int, pass: LayoutPass) -> Float {
        var childWidth = Float.nan
        var childWidthMode = SizingMode.maxContent
        if child.hasDefiniteLength(.width, ownerWidth) {
            childWidth = child.resolvedDimension(direction, .width, ownerWidth, ownerWidth) + child.marginForAxis(.row, direction, ownerWidth)
            childWidthMode = .stretchFit
        } else if width.isDefined {
            childWidth = width
            // (CSS mode: a wrapping container's lines are not sized yet, so the stretch is not
            // known here either; see FlexBasis.swift.)
            let stretches = widthMode == .stretchFit && alignment(of: child) == .stretch
                && !(usesIntrinsicWidths && resolved.flexWrap != .noWrap)
                && !child.flexStartMarginIsAuto(.row, direction) && !child.flexEndMarginIsAuto(.row, direction)
            childWidthMode = stretches ? .stretchFit : .fitContent
        }
        child.constrainToMaxSize(direction, .row, ownerWidth, ownerWidth, &childWidthMode, &childWidth)
        child.measureContentHeight(availableWidth: childWidth, widthMode: childWidthMode, ownerDirection: direction,
                                   ownerWidth: ownerWidth, ownerHeight: ownerHeight,
                                   percentages: .indefinitePercentages, depth: depth, pass: pass)
        return child.state.measuredHeight
    }
}
