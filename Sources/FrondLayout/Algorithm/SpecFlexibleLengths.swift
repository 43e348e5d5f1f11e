// STEP 5, as the specification words it (CSS Flexbox §9.7): used when flex items have
// automatic minimum sizes. Yoga's two passes start every item from its clamped basis,
// which is harmless while minimums are rare and explicit, but automatic minimums are
// on almost every item, and growing from them would hand out the wrong amounts.
//
//   1. grow when the hypothetical sizes leave space, else shrink;
//   2. freeze inflexible items at their hypothetical size (factor 0, or a basis the
//      min/max clamp moved in the direction of flexing);
//   3. loop: share the free space left by frozen and unfrozen items' bases among the
//      unfrozen ones, clamp the results, freeze the items whose clamp moved them in the
//      direction of the total violation (all of them when it is 0).

extension LayoutNode {
    /// Whether this container resolves flexible lengths with the specification's loop.
    @inline(__always)
    var usesSpecFlexibleLengths: Bool { config.modes.specFlexibleLengths }

    /// Sets `state.flexTarget` (the final main size, border box) of every in-flow item
    /// of `line`.
    func resolveTargetMainSizes(_ line: FlexLine, _ children: [LayoutNode], mainAxis: FlexDirection,
                                direction: LayoutDirection, ownerWidth: Float, mainAxisOwnerSize: Float,
                                availableInnerMain: Float, availableInnerWidth: Float) {
        var fixedSpace: Float = 0         // margins and gaps
        var items = 0
        let gap = usesIntrinsicWidths ? line.gap : gapForAxis(mainAxis, availableInnerMain)
        let freeSpace = line.remainingFreeSpace
        let flexedReference = flexedSizeReference(mainAxisOwnerSize: mainAxisOwnerSize,
                                                  availableInnerMain: availableInnerMain)
        let growing = freeSpace > 0
        children.forEachBorrowed(in: line.start..<line.end) { _, child in
            guard LayoutNode.isInFlow(child) else { return }
            fixedSpace += child.marginForAxis(mainAxis, direction, availableInnerWidth) + (items == 0 ? 0 : gap)
            items += 1
            let base = child.state.computedFlexBasis
            let hypothetical = hypotheticalMainSize(of: child, direction, mainAxis, mainAxisOwnerSize: mainAxisOwnerSize,
                                                    ownerWidth: ownerWidth, availableInnerWidth: availableInnerWidth)
            child.state.flexTarget = hypothetical
            let factor = growing ? child.resolveFlexGrow() : child.resolveFlexShrink()
            child.state.flexFrozen = freeSpace.isNaN || !(factor > 0)
                || (growing && base > hypothetical) || (!growing && base < hypothetical)
        }
        guard freeSpace.isDefined else { return }
        let available = line.sizeConsumed + freeSpace

        var initialFreeSpace = Float.nan
        for _ in 0...items {
            var used = fixedSpace
            var factors: Float = 0
            var scaledShrinkFactors: Float = 0
            var unfrozen = 0
            children.forEachBorrowed(in: line.start..<line.end) { _, child in
                guard LayoutNode.isInFlow(child) else { return }
                if child.state.flexFrozen {
                    used += child.state.flexTarget
                } else {
                    let base = child.state.computedFlexBasis
                    used += base
                    unfrozen += 1
                    if growing {
                        factors += child.resolveFlexGrow()
                    } else {
                        factors += child.resolveFlexShrink()
                        scaledShrinkFactors += child.resolveFlexShrink() * innerBase(child, base, mainAxis, direction, availableInnerWidth)
                    }
                }
            }
            if unfrozen == 0 { return }
            var remaining = available - used
            if initialFreeSpace.isNaN { initialFreeSpace = remaining }
            if factors < 1 {
                let scaled = initialFreeSpace * factors
                if abs(scaled) < abs(remaining) { remaining = scaled }
            }

            var totalViolation: Float = 0
            // Shares are whole 64ths of a point (Chromium's layout units), handed out in order,
            // each from what the items before left: together they are the free space exactly.
            var shareLeft = growing ? remaining : abs(remaining)
            var weightLeft = growing ? factors : scaledShrinkFactors
            children.forEachBorrowed(in: line.start..<line.end) { _, child in
                guard LayoutNode.isInFlow(child), !child.state.flexFrozen else { return }
                let base = child.state.computedFlexBasis
                var target = base
                if remaining != 0 && weightLeft > 0 {
                    let weight = growing ? child.resolveFlexGrow()
                        : child.resolveFlexShrink() * innerBase(child, base, mainAxis, direction, availableInnerWidth)
                    let share = roundedToLayoutUnit(shareLeft * min(1, weight / weightLeft))
                    shareLeft -= share
                    weightLeft -= weight
                    target = growing ? base + share : base - share
                }
                let clamped = child.atLeastAutomaticMinimum(
                    child.boundAxis(mainAxis, direction, target, flexedReference, availableInnerWidth))
                child.state.flexTarget = clamped
                child.state.flexViolation = clamped - target
                totalViolation += clamped - target
            }
            children.forEachBorrowed(in: line.start..<line.end) { _, child in
                guard LayoutNode.isInFlow(child), !child.state.flexFrozen else { return }
                let violation = child.state.flexViolation
                if totalViolation == 0 || (totalViolation > 0 && violation > 0) || (totalViolation < 0 && violation < 0) {
                    child.state.flexFrozen = true
                }
            }
        }
    }

    /// The content-box part of a flex base size: shrinking is proportional to it.
    @inline(__always)
    private func innerBase(_ child: LayoutNode, _ base: Float, _ mainAxis: FlexDirection,
                           _ direction: LayoutDirection, _ widthSize: Float) -> Float {
        max(0, base - child.paddingAndBorderForAxis(mainAxis, direction, widthSize))
    }
}
