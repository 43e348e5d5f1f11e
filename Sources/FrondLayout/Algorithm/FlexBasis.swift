// STEP 3: the flex basis of each child (CSS Flexbox §9.2.3): an explicit basis, a
// definite main size, or the size the child measures to with the space offered.
//
// A column being laid out with no definite height lays out a child whose height comes
// from its content right away, instead of measuring it, when the child is likely to
// keep that layout (fusion, see LayoutCache.swift and ContentSizedHeight.swift): the
// child is then laid out at its basis, exactly the height it computed.

extension LayoutNode {
    /// Computes every in-flow child's flex basis and returns the sum of bases and
    /// main-axis margins. Also zeroes `display: none` children and, when laying out,
    /// sets each child's starting position.
    func computeFlexBases(_ children: [LayoutNode], availableInnerWidth: Float, availableInnerHeight: Float,
                          percentInnerHeight: Float, widthMode: SizingMode, heightMode: SizingMode,
                          direction: LayoutDirection,
                          mainAxis: FlexDirection, performLayout: Bool, onlyDirtyChildrenDescend: Bool = false,
                          depth: Int, pass: LayoutPass) -> Float {
        var total: Float = 0
        // With an exact main size, a single child that can both grow and shrink will end
        // up filling the line whatever its basis, so its basis can be 0 without measuring.
        // (Its index; -1 = none. The children are distinct nodes.)
        var singleFlexIndex = -1
        let sizingModeMain = mainAxis.isRow ? widthMode : heightMode
        // (Not with the specification's flexible lengths, where factors below 1 leave part
        // of the line empty, so the basis matters.)
        // Whether a measured basis may be computed as a layout (the free space is then 0
        // for items that do not grow, so they are laid out at their bases).
        let fuse = performLayout && mainAxis.isColumn && sizingModeMain == .maxContent
            && config.reusesContentSizedLayouts
        if sizingModeMain == .stretchFit && !usesSpecFlexibleLengths {
            for index in children.indices {
                let stop = children.borrowed(index)._withUnsafeGuaranteedRef { child -> Bool in
                    guard child.isFlexible() else { return false }
                    if singleFlexIndex >= 0 || inexactEquals(child.resolveFlexGrow(), 0)
                        || inexactEquals(child.resolveFlexShrink(), 0) {
                        singleFlexIndex = -1
                        return true
                    }
                    singleFlexIndex = index
                    return false
                }
                if stop { break }
            }
        }

        if contentsChildCount == 0 {
            // The layout children are the children: their count is kept.
            state.childrenUsePercentMinMax = percentMinMaxChildCount > 0
        } else {
            var childrenUsePercentMinMax = false
            children.forEachBorrowed { child in
                childrenUsePercentMinMax = child.resolved.hasPercentMinMax || childrenUsePercentMinMax
            }
            state.childrenUsePercentMinMax = childrenUsePercentMinMax
        }
        // (The first pass over a new tree meets each child and its subtree here first: each
        // asks for the subtrees a few places ahead, see LayoutNode+Prefetch.swift.)
        // (Laid out again as last time, a container offers its clean children the same
        // constraints, which their caches answer: only the dirty ones' subtrees are asked for.)
        let descends = { (node: LayoutNode) in !onlyDirtyChildrenDescend || node.isDirtyFlag }
        children.prefetchSubtrees(at: -1, step: 1, measuring: true, descends: descends)
        children.forEachBorrowed(in: children.indices) { index, child in
            children.prefetchSubtrees(at: index, step: 1, measuring: true, descends: descends)
            if child.resolved.display == .none {
                child.zeroOutLayoutRecursively(ownerDirection: direction, pass: pass)
                return
            }
            if performLayout {
                child.setInitialPosition(child.resolveDirection(direction), ownerDirection: direction,
                                         ownerWidth: availableInnerWidth,
                                         ownerHeight: percentInnerHeight, pass: pass)
            }
            if child.resolved.positionType == .absolute { return }
            if index == singleFlexIndex {
                child.state.computedFlexBasisGeneration = pass.generation
                child.state.computedFlexBasis = 0
                child.state.flexBasisKey.isValid = false
                child.state.flexBasisHeightBound = -.infinity
            } else {
                computeFlexBasis(of: child, width: availableInnerWidth, widthMode: widthMode,
                                 height: availableInnerHeight, heightMode: heightMode,
                                 ownerWidth: availableInnerWidth, ownerHeight: percentInnerHeight,
                                 direction: direction, fuse: fuse, depth: depth, pass: pass)
            }
            computeAutomaticMinimum(of: child, mainAxis: mainAxis, direction: direction,
                                    width: availableInnerWidth, widthMode: widthMode,
                                    height: availableInnerHeight, heightMode: heightMode,
                                    ownerWidth: availableInnerWidth, ownerHeight: percentInnerHeight,
                                    depth: depth, pass: pass)
            total += child.state.computedFlexBasis + child.marginForAxis(mainAxis, direction, availableInnerWidth)
        }
        return total
    }

    /// Sets `child.state.computedFlexBasis` (the outer hypothetical main size minus margins)
    /// and `child.state.flexBasisHeightBound`. `fuse`: a measurement may be a layout.
    func computeFlexBasis(of child: LayoutNode, width: Float, widthMode: SizingMode, height: Float,
                          heightMode: SizingMode, ownerWidth: Float, ownerHeight: Float,
                          direction: LayoutDirection, fuse: Bool = false, depth: Int, pass: LayoutPass) {
        let mainAxis = resolved.flexDirection.resolved(direction)
        let isMainAxisRow = mainAxis.isRow
        let mainAxisSize = isMainAxisRow ? width : height
        let mainAxisOwnerSize = isMainAxisRow ? ownerWidth : ownerHeight

        // A clean child offered the same constraints as when its basis was last measured
        // measures the same again (the key covers everything the branch choice reads too).
        let key = FlexBasisKey(width: width.bitPattern, height: height.bitPattern,
                               ownerWidth: ownerWidth.bitPattern, ownerHeight: ownerHeight.bitPattern,
                               widthMode: widthMode, heightMode: heightMode, direction: direction,
                               mainAxis: mainAxis, overflow: resolved.overflow,
                               alignment: alignment(of: child), configVersion: config.version,
                               childConfigVersion: child.config.version)
        if !child.isDirtyFlag && child.state.flexBasisKey == key {
            child.state.computedFlexBasisGeneration = pass.generation
            // (Not asked, so what its measurement promised is not known here.)
            keepWiderBounds(of: child, unasked: true, ownerWidth: ownerWidth, ownerHeight: ownerHeight)
            return
        }

        let resolvedBasis = child.resolveFlexBasis(direction, mainAxis, mainAxisOwnerSize, ownerWidth)
        // CSS mode: a percentage basis of an indefinite size is `content` (Chromium), so the
        // item's main size does not stand in for it.
        let contentBasis = usesIntrinsicWidths && resolvedBasis.isNaN && child.resolved.flexBasis.unit == .percent
        let isRowStyleDimDefined = child.hasDefiniteLength(.width, ownerWidth) && !(contentBasis && isMainAxisRow)
        let isColumnStyleDimDefined = child.hasDefiniteLength(.height, ownerHeight) && !(contentBasis && !isMainAxisRow)

        // An explicit basis needs a definite main size to be used, except that with the
        // fixFlexBasisFitContent feature (or no errata at all) a positive basis is used
        // regardless, as browsers do.
        let browserBasis = config.modes.browserFlexBasis
        // (A percentage of a ratio box's height is of a definite size, though the box's
        // height is not yet known: see ContainerLayout.swift.)
        let useResolvedBasis = resolvedBasis.isDefined
            && (mainAxisSize.isDefined || (resolvedBasis > 0 && browserBasis)
                || (usesIntrinsicWidths && child.resolved.flexBasis.unit == .percent))
        if useResolvedBasis || (isMainAxisRow ? isRowStyleDimDefined : isColumnStyleDimDefined) {
            // The basis is about to come from the style, not from a measurement.
            child.state.flexBasisKey.isValid = false
            child.state.flexBasisHeightBound = -.infinity
        }
        if useResolvedBasis {
            // An explicit basis. (Yoga keeps the first basis computed in a pass, or until the
            // node is dirty; which pass came first then decides the result, and a relayout can
            // differ from a fresh layout. Recomputing it every time matches the corpus as well.)
            let paddingAndBorder = child.paddingAndBorderForAxis(mainAxis, direction, ownerWidth)
            child.state.computedFlexBasis = maxOrDefined(resolvedBasis, paddingAndBorder)
        } else if isMainAxisRow && isRowStyleDimDefined {
            // A definite width is the basis.
            let paddingAndBorder = child.paddingAndBorderForAxis(.row, direction, ownerWidth)
            child.state.computedFlexBasis = maxOrDefined(child.resolvedDimension(direction, .width, ownerWidth, ownerWidth),
                                                         paddingAndBorder)
        } else if !isMainAxisRow && isColumnStyleDimDefined {
            // A definite height is the basis.
            let paddingAndBorder = child.paddingAndBorderForAxis(.column, direction, ownerWidth)
            child.state.computedFlexBasis = maxOrDefined(child.resolvedDimension(direction, .height, ownerHeight, ownerWidth),
                                                         paddingAndBorder)
        } else {
            // Measure the child: its max-content size, bounded by what is known.
            child.state.computedFlexBasis = measuredMainSize(of: child, width: width, widthMode: widthMode,
                                                             height: height, heightMode: heightMode,
                                                             ownerWidth: ownerWidth, ownerHeight: ownerHeight,
                                                             direction: direction, ignoresMainSize: contentBasis,
                                                             fuse: fuse && !contentBasis, depth: depth, pass: pass)
            // CSS mode: the flex base size is the content's, before the item's own min and
            // max sizes (which clamp the hypothetical size): for an empty box its padding
            // and border (§9.2.3 E).
            if usesIntrinsicWidths && child.layoutChildren.isEmpty && !child.isMeasured
                && child.resolved.aspectRatio == nil
                && (isMainAxisRow ? child.resolved.hasMinMaxWidth : child.resolved.hasMinMaxHeight) {
                child.state.computedFlexBasis = child.paddingAndBorderForAxis(mainAxis, direction, ownerWidth)
            }
            child.state.flexBasisHeightBound = child.state.resultFlags.contains(.contentSizedHeight)
                ? child.state.measuredHeight : .nan
            child.state.flexBasisKey = key
            child.state.computedFlexBasisGeneration = pass.generation
            return
        }
        child.state.computedFlexBasisGeneration = pass.generation
    }

    /// The main size `child` measures to (at least its padding and border) when offered
    /// `width`/`height` (the container's inner size; NaN = unbounded): its max-content
    /// size at the cross size it will be stretched to, bounded by the container along the
    /// main axis too unless the container scrolls or follows the specification.
    /// With `fuse`, a child likely to be laid out at exactly the height it measures to is
    /// laid out instead (a stretched child only when its width is already the exact one).
    func measuredMainSize(of child: LayoutNode, width: Float, widthMode: SizingMode, height: Float,
                          heightMode: SizingMode, ownerWidth: Float, ownerHeight: Float,
                          direction: LayoutDirection, ignoresMainSize: Bool = false, fuse: Bool = false,
                          depth: Int, pass: LayoutPass) -> Float {
        let mainAxis = resolved.flexDirection.resolved(direction)
        let isMainAxisRow = mainAxis.isRow
        let isRowStyleDimDefined = child.hasDefiniteLength(.width, ownerWidth) && !(ignoresMainSize && isMainAxisRow)
        let isColumnStyleDimDefined = child.hasDefiniteLength(.height, ownerHeight) && !(ignoresMainSize && !isMainAxisRow)
        var childWidth = Float.nan
        var childHeight = Float.nan
        var childWidthMode = SizingMode.maxContent
        var childHeightMode = SizingMode.maxContent
        let marginRow = child.marginForAxis(.row, direction, ownerWidth)
        let marginColumn = child.marginForAxis(.column, direction, ownerWidth)

        if isRowStyleDimDefined {
            childWidth = child.resolvedDimension(direction, .width, ownerWidth, ownerWidth) + marginRow
            childWidthMode = .stretchFit
        }
        if isColumnStyleDimDefined {
            childHeight = child.resolvedDimension(direction, .height, ownerHeight, ownerWidth) + marginColumn
            childHeightMode = .stretchFit
        }

        // Yoga bounds the measurement by the container, except along a scrolling main axis;
        // the specification measures the main axis at max-content (CSS Flexbox §9.2.3 E)
        // and only the cross axis is bounded.
        let parentScrolls = resolved.overflow == .scroll || usesSpecFlexibleLengths
        if (!isMainAxisRow && parentScrolls) || !parentScrolls {
            if childWidth.isNaN && width.isDefined {
                childWidth = width
                childWidthMode = .fitContent
            }
        }
        if ((isMainAxisRow && parentScrolls) || !parentScrolls) && childHeight.isNaN && height.isDefined {
            childHeight = height
            childHeightMode = .fitContent
        }

        if let ratio = child.resolved.aspectRatio {
            if !isMainAxisRow && childWidthMode == .stretchFit {
                let inner = childWidth - marginRow
                // (The flex base size is the transferred size; the content counts through the
                // automatic minimum, §9.2.3 B and §4.5.)
                childHeight = marginColumn + child.sizeFromRatio(inner, of: .width, ratio, direction, ownerWidth,
                                                                 ownerHeight: ownerHeight)
                childHeightMode = .stretchFit
            } else if isMainAxisRow && childHeightMode == .stretchFit {
                childWidth = marginRow + child.sizeFromRatio(childHeight - marginColumn, of: .height, ratio, direction,
                                                             ownerWidth, ownerHeight: ownerHeight)
                childWidthMode = .stretchFit
            }
        }

        // A stretched child without a cross size is measured with the exact inner cross size.
        let alignment = alignment(of: child)
        let hasExactWidth = width.isDefined && widthMode == .stretchFit
            && !(usesIntrinsicWidths && resolved.flexWrap != .noWrap)
        // (CSS mode: an auto margin in the cross axis keeps the item from being stretched.)
        let crossAxisForChild = mainAxis.crossAxis(direction)
        let blockedByAutoMargin = usesIntrinsicWidths && (child.flexStartMarginIsAuto(crossAxisForChild, direction)
                                                          || child.flexEndMarginIsAuto(crossAxisForChild, direction))
        let childWidthStretch = alignment == .stretch && childWidthMode != .stretchFit && !blockedByAutoMargin
        if !isMainAxisRow && !isRowStyleDimDefined && hasExactWidth && childWidthStretch {
            childWidth = width
            childWidthMode = .stretchFit
            if let ratio = child.resolved.aspectRatio {
                // (An outer size, margins included; Yoga leaves them out.)
                childHeight = (usesIntrinsicWidths ? marginColumn : 0)
                    + child.sizeFromRatio(childWidth - marginRow, of: .width, ratio, direction, ownerWidth,
                                          ownerHeight: ownerHeight)
                childHeightMode = .stretchFit
            }
        }
        // (CSS mode: a wrapping container's lines are not sized yet, so the stretch is not
        // known when the basis is: §9.8 makes only a single line's stretch definite.)
        let hasExactHeight = height.isDefined && heightMode == .stretchFit
            && !(usesIntrinsicWidths && resolved.flexWrap != .noWrap)
        let childHeightStretch = alignment == .stretch && childHeightMode != .stretchFit && !blockedByAutoMargin
        if isMainAxisRow && !isColumnStyleDimDefined && hasExactHeight && childHeightStretch {
            childHeight = height
            childHeightMode = .stretchFit
            if let ratio = child.resolved.aspectRatio {
                childWidth = (usesIntrinsicWidths ? marginRow : 0)
                    + child.sizeFromRatio(childHeight - marginColumn, of: .height, ratio, direction, ownerWidth,
                                          ownerHeight: ownerHeight)
                childWidthMode = .stretchFit
            }
        }

        child.constrainToMaxSize(direction, .row, ownerWidth, ownerWidth, &childWidthMode, &childWidth)
        child.constrainToMaxSize(direction, .column, ownerHeight, ownerWidth, &childHeightMode, &childHeight)

        // (CSS mode: a column's item whose min height may have raised its measurement.)
        let needsContentHeight = usesIntrinsicWidths && !isMainAxisRow && childHeightMode == .maxContent
            && child.resolved.hasMinMaxHeight && !child.isMeasured && child.resolved.aspectRatio == nil
            && !child.layoutChildren.isEmpty
        let fusesLayout = fuse && childHeightMode != .stretchFit && (alignment != .stretch || hasExactWidth)
            && !needsContentHeight && child.isFusionCandidate()
        child.layoutIfNeeded(availableWidth: childWidth, availableHeight: childHeight, ownerDirection: direction,
                             widthMode: childWidthMode, heightMode: childHeightMode,
                             ownerWidth: ownerWidth, ownerHeight: ownerHeight,
                             performLayout: false, fuse: fusesLayout, depth: depth, pass: pass)
        keepWiderBounds(of: child, ownerWidth: ownerWidth, ownerHeight: ownerHeight)
        if needsContentHeight {
            // CSS mode: the flex base size is the content's height, before the item's min
            // height (which clamps its hypothetical size, §9.2.3 E). Computed again directly,
            // as the measurement may have come from a cache.
            child.state.contentHeight = .nan
            child.layoutContents(availableWidth: childWidth, availableHeight: childHeight, ownerDirection: direction,
                                 widthMode: childWidthMode, heightMode: childHeightMode,
                                 ownerWidth: ownerWidth, ownerHeight: ownerHeight,
                                 performLayout: false, depth: depth, pass: pass)
            if child.state.contentHeight.isDefined {
                return max(child.state.contentHeight, child.paddingAndBorderForAxis(mainAxis, direction, ownerWidth))
            }
        }
        if usesIntrinsicWidths && isMainAxisRow && !isRowStyleDimDefined && child.resolved.hasMinMaxWidth
            && !child.isMeasured && child.resolved.aspectRatio == nil && !child.layoutChildren.isEmpty {
            // CSS mode: the flex base size is the content's, before the item's own min and max
            // widths (which clamp its hypothetical size, §9.2.3 E): its max-content width, of
            // which its measurement is the clamped value.
            let height = childHeightMode == .stretchFit ? childHeight - marginColumn : Float.nan
            return max(child.maxContentWidth(ownerDirection: direction, pass: pass, height: height)
                           + child.paddingAndBorderForAxis(.row, direction, ownerWidth)
                           - child.paddingAndBorderForAxis(.row, direction, .nan),
                       child.paddingAndBorderForAxis(mainAxis, direction, ownerWidth))
        }
        return maxOrDefined(child.state.measured(mainAxis.dimension),
                            child.paddingAndBorderForAxis(mainAxis, direction, ownerWidth))
    }

    /// Lowers a size (or turns max-content into fit-content) so that it does not exceed
    /// the node's max size plus margins on `axis`.
    @inline(__always)
    func constrainToMaxSize(_ direction: LayoutDirection, _ axis: FlexDirection, _ ownerAxisSize: Float,
                            _ ownerWidth: Float, _ mode: inout SizingMode, _ size: inout Float) {
        guard axis.isRow ? resolved.hasMaxWidth : resolved.hasMaxHeight else { return }
        let maxSize = resolvedMaxDimension(direction, axis.dimension, ownerAxisSize, ownerWidth)
            + marginForAxis(axis, direction, ownerWidth)
        switch mode {
        case .stretchFit, .fitContent:
            if maxSize.isDefined && !(size < maxSize) { size = maxSize }
        case .maxContent:
            if maxSize.isDefined {
                mode = .fitContent
                size = maxSize
            }
        }
    }

    /// Whether `child`'s own cross size keeps it from being stretched: a definite size,
    /// or in CSS mode any percentage (one of an indefinite size behaves as auto for
    /// sizing, but only an `auto` cross size stretches).
    @inline(__always)
    func stretchIsBlocked(_ child: LayoutNode, _ dimension: Axis, _ reference: Float) -> Bool {
        child.hasDefiniteLength(dimension, reference)
            || (usesIntrinsicWidths && child.resolved.processed(dimension).unit == .percent)
    }

    /// The alignment that applies to `child` in this container (`align-self`, else
    /// `align-items`); baseline degrades to flex-start in a column.
    @inline(__always)
    func alignment(of child: LayoutNode) -> Align {
        let align = declaredAlignment(of: child)
        if align == .baseline && resolved.flexDirection.isColumn { return .flexStart }
        return align
    }

    /// True when a row's item shares its line's baseline: aligned on it and, in CSS mode,
    /// with neither margin of the cross axis `auto` (such an item does not take part in
    /// baseline alignment, §8.3: its auto margins place it instead).
    @inline(__always)
    func sharesBaseline(_ child: LayoutNode, _ direction: LayoutDirection) -> Bool {
        alignment(of: child) == .baseline
            && !(usesIntrinsicWidths && (child.flexStartMarginIsAuto(.column, direction)
                                         || child.flexEndMarginIsAuto(.column, direction)))
    }

    /// `align-self`, else `align-items`, as declared (baseline kept in a column too).
    @inline(__always)
    func declaredAlignment(of child: LayoutNode) -> Align {
        child.resolved.alignSelf == .auto ? resolved.alignItems : child.resolved.alignSelf
    }
}
