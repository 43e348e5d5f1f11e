// STEP 5: resolve flexible lengths (CSS Flexbox §9.7), in two passes instead of the
// specification's loop:
//
//   first pass   find the items whose min/max clamps their flexed size, freeze them
//                at that size and take them out of the free space and the factors;
//   second pass  give every item its share of what is left (frozen items clamp again
//                to the same size) and lay it out at its final main size.
//
// The two passes do not handle every case the specification's iteration does, but
// they match browsers on the conformance corpus and cost a known amount of work.

extension LayoutNode {
    /// CSS mode: whether an item of a column whose height is indefinite, laid out at the
    /// height its content gave it (`mainSize`), keeps that height indefinite (percentages
    /// inside it are auto, as in a browser), when flexed and when stretched. (That height is
    /// its flex base size within its min and max heights.)
    @inline(__always)
    func keepsIndefiniteHeight(_ child: LayoutNode, mainSize: Float, isMainAxisRow: Bool,
                               availableInnerHeight: Float) -> Bool {
        !isMainAxisRow && usesIntrinsicWidths && availableInnerHeight.isNaN
            && mainSize == child.boundAxisWithinMinAndMax(state.direction, .column, child.state.computedFlexBasis,
                                                          .nan, .nan)
            && child.state.flexBasisKey.isValid && child.resolved.aspectRatio == nil
    }

    func resolveFlexibleLengths(_ line: inout FlexLine, _ children: [LayoutNode], mainAxis: FlexDirection,
                                crossAxis: FlexDirection, direction: LayoutDirection, ownerWidth: Float,
                                mainAxisOwnerSize: Float, availableInnerMain: Float, availableInnerCross: Float,
                                availableInnerWidth: Float, availableInnerHeight: Float, ratioInnerHeight: Float,
                                mainAxisOverflows: Bool, sizingModeCross: SizingMode, performLayout: Bool,
                                depth: Int, pass: LayoutPass) {
        let originalFreeSpace = line.remainingFreeSpace
        let spec = usesSpecFlexibleLengths
        if spec {
            resolveTargetMainSizes(line, children, mainAxis: mainAxis, direction: direction, ownerWidth: ownerWidth,
                                   mainAxisOwnerSize: mainAxisOwnerSize, availableInnerMain: availableInnerMain,
                                   availableInnerWidth: availableInnerWidth)
        } else {
            freezeClampedItems(&line, children, mainAxis: mainAxis, direction: direction, ownerWidth: ownerWidth,
                               mainAxisOwnerSize: mainAxisOwnerSize, availableInnerMain: availableInnerMain,
                               availableInnerWidth: availableInnerWidth)
        }
        let distributed = distributeFreeSpace(&line, children, mainAxis: mainAxis, crossAxis: crossAxis,
                                              direction: direction, ownerWidth: ownerWidth,
                                              mainAxisOwnerSize: mainAxisOwnerSize, availableInnerMain: availableInnerMain,
                                              availableInnerCross: availableInnerCross,
                                              availableInnerWidth: availableInnerWidth,
                                              availableInnerHeight: availableInnerHeight,
                                              ratioInnerHeight: ratioInnerHeight, mainAxisOverflows: mainAxisOverflows,
                                              sizingModeCross: sizingModeCross,
                                              useTargets: spec, performLayout: performLayout, depth: depth, pass: pass)
        line.remainingFreeSpace = originalFreeSpace - distributed
    }

    /// What the percentages of an item's min/max main size resolve against once the item
    /// is flexed: the container's inner main size (Yoga: even the content-based size
    /// the free space was computed from); in CSS mode only a definite one, which the
    /// container passes as `mainAxisOwnerSize` there (ContainerLayout.swift).
    @inline(__always)
    func flexedSizeReference(mainAxisOwnerSize: Float, availableInnerMain: Float) -> Float {
        usesIntrinsicWidths ? mainAxisOwnerSize : availableInnerMain
    }

    /// First pass: items whose flexed size is clamped by min/max keep the clamped size;
    /// their factors and the space they take are removed from the line's totals.
    private func freezeClampedItems(_ line: inout FlexLine, _ children: [LayoutNode], mainAxis: FlexDirection,
                                    direction: LayoutDirection, ownerWidth: Float, mainAxisOwnerSize: Float,
                                    availableInnerMain: Float, availableInnerWidth: Float) {
        // (No free space, or none known: nothing grows or shrinks, so nothing is clamped.)
        guard line.remainingFreeSpace < 0 || line.remainingFreeSpace > 0 else { return }
        var deltaFreeSpace: Float = 0
        let flexedReference = flexedSizeReference(mainAxisOwnerSize: mainAxisOwnerSize,
                                                  availableInnerMain: availableInnerMain)
        let originalGrowFactors = line.totalFlexGrowFactors
        let originalShrinkFactors = line.totalFlexShrinkScaledFactors
        children.forEachBorrowed(in: line.start..<line.end) { index, child in
            guard LayoutNode.isInFlow(child) else { return }
            // (Clamped as the line added it up; the flexed size below is clamped with
            // percentages of the container.)
            let basis = hypotheticalMainSize(of: child, direction, mainAxis, mainAxisOwnerSize: mainAxisOwnerSize,
                                             ownerWidth: ownerWidth, availableInnerWidth: availableInnerWidth)
            if line.remainingFreeSpace < 0 {
                let shrinkScaledFactor = -child.resolveFlexShrink() * basis
                if shrinkScaledFactor.isDefined && shrinkScaledFactor != 0 {
                    let baseSize = basis + line.remainingFreeSpace / line.totalFlexShrinkScaledFactors * shrinkScaledFactor
                    let boundSize = child.atLeastAutomaticMinimum(
                        child.boundAxis(mainAxis, direction, baseSize, flexedReference, availableInnerWidth))
                    if baseSize.isDefined && boundSize.isDefined && baseSize != boundSize {
                        deltaFreeSpace += boundSize - basis
                        line.totalFlexShrinkScaledFactors -= -child.resolveFlexShrink() * child.state.computedFlexBasis
                    }
                }
            } else if line.remainingFreeSpace.isDefined && line.remainingFreeSpace > 0 {
                let growFactor = child.resolveFlexGrow()
                if growFactor.isDefined && growFactor != 0 {
                    let baseSize = basis + line.remainingFreeSpace / line.totalFlexGrowFactors * growFactor
                    let boundSize = child.atLeastAutomaticMinimum(
                        child.boundAxis(mainAxis, direction, baseSize, flexedReference, availableInnerWidth))
                    if baseSize.isDefined && boundSize.isDefined && baseSize != boundSize {
                        deltaFreeSpace += boundSize - basis
                        line.totalFlexGrowFactors -= growFactor
                    }
                }
            }
        }
        line.remainingFreeSpace -= deltaFreeSpace
        // When every flexible item froze, the running totals are 0 up to rounding error;
        // dividing the free space by that residue would send sizes to billions.
        if abs(line.totalFlexGrowFactors) <= abs(originalGrowFactors) * 1e-5 { line.totalFlexGrowFactors = 0 }
        if abs(line.totalFlexShrinkScaledFactors) <= abs(originalShrinkFactors) * 1e-5 {
            line.totalFlexShrinkScaledFactors = 0
        }
    }

    /// Second pass: sizes each item and lays it out (or measures it) at that main size.
    /// Returns the space actually distributed.
    private func distributeFreeSpace(_ line: inout FlexLine, _ children: [LayoutNode], mainAxis: FlexDirection,
                                     crossAxis: FlexDirection, direction: LayoutDirection, ownerWidth: Float,
                                     mainAxisOwnerSize: Float, availableInnerMain: Float, availableInnerCross: Float,
                                     availableInnerWidth: Float, availableInnerHeight: Float, ratioInnerHeight: Float,
                                     mainAxisOverflows: Bool, sizingModeCross: SizingMode, useTargets: Bool,
                                     performLayout: Bool, depth: Int, pass: LayoutPass) -> Float {
        var deltaFreeSpace: Float = 0
        let flexedReference = flexedSizeReference(mainAxisOwnerSize: mainAxisOwnerSize,
                                                  availableInnerMain: availableInnerMain)
        let isMainAxisRow = mainAxis.isRow
        let isWrap = resolved.flexWrap != .noWrap
        // What the items' percentage heights resolve against: the inner height, or the
        // height a ratio box's ratio gives (ContainerLayout.swift), which is definite.
        let percentInnerHeight = ratioInnerHeight.isNaN ? availableInnerHeight : ratioInnerHeight
        let percentInnerCross = isMainAxisRow ? percentInnerHeight : availableInnerCross
        let crossPercentsAreDefinite = sizingModeCross == .stretchFit || (isMainAxisRow && ratioInnerHeight.isDefined)

        children.forEachBorrowed(in: line.start..<line.end) { index, child in
            guard LayoutNode.isInFlow(child) else { return }
            // (Clamped as the line added it up; the flexed size below is clamped with
            // percentages of the container.)
            let basis = hypotheticalMainSize(of: child, direction, mainAxis, mainAxisOwnerSize: mainAxisOwnerSize,
                                             ownerWidth: ownerWidth, availableInnerWidth: availableInnerWidth)
            var mainSize = basis

            if useTargets {
                mainSize = child.state.flexTarget
            } else if line.remainingFreeSpace.isDefined && line.remainingFreeSpace < 0 {
                let shrinkScaledFactor = -child.resolveFlexShrink() * basis
                if shrinkScaledFactor != 0 {
                    let size: Float
                    if line.totalFlexShrinkScaledFactors.isDefined && line.totalFlexShrinkScaledFactors == 0 {
                        size = basis + shrinkScaledFactor
                    } else {
                        size = basis + (line.remainingFreeSpace / line.totalFlexShrinkScaledFactors) * shrinkScaledFactor
                    }
                    mainSize = child.atLeastAutomaticMinimum(
                        child.boundAxis(mainAxis, direction, size, flexedReference, availableInnerWidth))
                }
            } else if line.remainingFreeSpace.isDefined && line.remainingFreeSpace > 0 {
                let growFactor = child.resolveFlexGrow()
                if !growFactor.isNaN && growFactor != 0 {
                    mainSize = child.atLeastAutomaticMinimum(
                        child.boundAxis(mainAxis, direction,
                                        basis + line.remainingFreeSpace / line.totalFlexGrowFactors * growFactor,
                                        flexedReference, availableInnerWidth))
                }
            }
            deltaFreeSpace += mainSize - basis

            let marginMain = child.marginForAxis(mainAxis, direction, availableInnerWidth)
            let marginCross = child.marginForAxis(crossAxis, direction, availableInnerWidth)
            var childMainSize = mainSize + marginMain
            var childMainMode = SizingMode.stretchFit
            if keepsIndefiniteHeight(child, mainSize: mainSize, isMainAxisRow: isMainAxisRow,
                                     availableInnerHeight: availableInnerHeight) {
                childMainMode = .fitContent
            }
            var childCrossSize: Float
            var childCrossMode: SizingMode
            let crossDimension = crossAxis.dimension
            let alignment = alignment(of: child)
            let hasAutoCrossMargin = child.flexStartMarginIsAuto(crossAxis, direction)
                || child.flexEndMarginIsAuto(crossAxis, direction)

            // An item whose cross size is set keeps it. One stretched to the line takes the
            // line's: with web defaults (CSS) an aspect ratio only fills in a size nothing
            // else gives; otherwise (Yoga, ComponentKit's ratio components) the ratio wins.
            let stretches = !availableInnerCross.isNaN && !stretchIsBlocked(child, crossDimension, percentInnerCross)
                && sizingModeCross == .stretchFit && !isWrap && alignment == .stretch && !hasAutoCrossMargin
            let ratio = child.resolved.aspectRatio
            if isMainAxisRow && !stretches && child.takesRatioHeightItself
                && !child.hasDefiniteLength(.height, percentInnerHeight) {
                // CSS mode: the height its ratio gives, which the item works out itself
                // (ContainerLayout.swift), as percentages inside it need that height.
                childCrossSize = .nan
                childCrossMode = .maxContent
            } else if let ratio, !child.hasDefiniteLength(crossDimension, percentInnerCross),
               !(stretches && child.config.useWebDefaults) {
                childCrossSize = child.ratioSizeAtLeastContent(
                    child.sizeFromRatio(childMainSize - marginMain, of: mainAxis.dimension, ratio, direction,
                                        availableInnerWidth, ownerHeight: percentInnerHeight),
                    of: crossDimension, other: childMainSize - marginMain, direction: direction,
                    ownerWidth: availableInnerWidth, ownerHeight: percentInnerHeight, depth: depth, pass: pass,
                    ownMinimum: true)
                childCrossMode = .stretchFit
                childCrossSize += marginCross
            } else if stretches {
                // Stretched to the line: measured with the exact cross size.
                childCrossSize = availableInnerCross
                childCrossMode = .stretchFit
            } else if !child.hasDefiniteLength(crossDimension, percentInnerCross) {
                childCrossSize = availableInnerCross
                childCrossMode = childCrossSize.isNaN ? .maxContent : .fitContent
            } else {
                childCrossSize = child.resolvedDimension(direction, crossDimension, percentInnerCross,
                                                         availableInnerWidth)
                    + marginCross
                let isLoosePercentage = child.resolved.processed(crossDimension).unit == .percent
                    && !crossPercentsAreDefinite
                childCrossMode = childCrossSize.isNaN || isLoosePercentage ? .maxContent : .stretchFit
            }

            child.constrainToMaxSize(direction, mainAxis, flexedReference, availableInnerWidth,
                                     &childMainMode, &childMainSize)
            child.constrainToMaxSize(direction, crossAxis, percentInnerCross, availableInnerWidth,
                                     &childCrossMode, &childCrossSize)

            // A child that will be stretched later is only measured now.
            let requiresStretchLayout = !stretchIsBlocked(child, crossDimension, percentInnerCross)
                && alignment == .stretch && !hasAutoCrossMargin
            let isLayoutPass = performLayout && !requiresStretchLayout
            // (CSS mode: an item that shares a row's baseline is laid out even when measured,
            // as its baseline comes from where its content is placed.)
            let fuse = !performLayout && isMainAxisRow && usesIntrinsicWidths && !child.isMeasured
                && !child.childNodes.isEmpty && sharesBaseline(child, direction)
            child.layoutIfNeeded(availableWidth: isMainAxisRow ? childMainSize : childCrossSize,
                                 availableHeight: isMainAxisRow ? childCrossSize : childMainSize,
                                 ownerDirection: state.direction,
                                 widthMode: isMainAxisRow ? childMainMode : childCrossMode,
                                 heightMode: isMainAxisRow ? childCrossMode : childMainMode,
                                 ownerWidth: availableInnerWidth, ownerHeight: percentInnerHeight,
                                 performLayout: isLayoutPass, fuse: fuse, depth: depth, pass: pass)
            // (Its main size is the exact one the flex step gave it: only the cross size it
            // was offered comes from the space the container was offered.)
            keepWiderBounds(of: child, along: isMainAxisRow ? .heightFitsWiderBounds : .widthFitsWiderBounds,
                            ownerWidth: availableInnerWidth, ownerHeight: percentInnerHeight)
            state.hadOverflow = state.hadOverflow || child.state.hadOverflow
        }
        return deltaFreeSpace
    }
}
