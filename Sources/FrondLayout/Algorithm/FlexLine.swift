// STEP 4: collect flex items into lines (CSS Flexbox §9.3). A line is a range of
// the layout children; absolute and `display: none` children inside the range are
// not items of it.

/// One flex line and the running totals the later steps need.
struct FlexLine {
    /// The first child index of the line's range.
    var start: Int
    /// One past the last child index of the line's range.
    var end: Int
    /// Index of the last item in flow (-1 when the line has none).
    var lastItem = -1
    /// Number of items in flow.
    var itemCount = 0
    /// Sum of the items' outer hypothetical main sizes and the gaps between them.
    var sizeConsumed: Float = 0
    var autoMarginCount = 0
    var totalFlexGrowFactors: Float = 0
    var totalFlexShrinkScaledFactors: Float = 0
    var remainingFreeSpace: Float = 0
    /// Main size of the line after justification (including the container's padding and border).
    var mainDim: Float = 0
    /// Cross size of the line.
    var crossDim: Float = 0
    /// The gap between its items.
    var gap: Float = 0
}

extension LayoutNode {
    /// True when `child` takes part in flex layout (not absolute, not `display: none`).
    @inline(__always)
    static func isInFlow(_ child: LayoutNode) -> Bool {
        child.resolved.display != .none && child.resolved.positionType != .absolute
    }

    /// Collects the items of the line starting at child `from`: all remaining items for
    /// a single-line container, otherwise as many as fit in the available main size.
    func collectFlexLine(_ children: [LayoutNode], from start: Int, lineIndex: Int, ownerDirection: LayoutDirection,
                         ownerWidth: Float, mainAxisOwnerSize: Float,
                         availableInnerWidth: Float, availableInnerMain: Float, gapReference: Float) -> FlexLine {
        var line = FlexLine(start: start, end: start)
        let direction = resolveDirection(ownerDirection)
        let mainAxis = resolved.flexDirection.resolved(direction)
        let isWrap = resolved.flexWrap != .noWrap
        let gap = gapForAxis(mainAxis, gapReference)
        line.gap = gap
        var sizeConsumedIncludingMin: Float = 0

        var index = start
        while index < children.count {
            let added = children.borrowed(index)._withUnsafeGuaranteedRef { child in
                addItem(child, at: index, to: &line, lineIndex: lineIndex, ownerDirection: ownerDirection,
                        direction: direction, mainAxis: mainAxis, isWrap: isWrap, gap: gap,
                        sizeConsumedIncludingMin: &sizeConsumedIncludingMin, ownerWidth: ownerWidth,
                        mainAxisOwnerSize: mainAxisOwnerSize, availableInnerWidth: availableInnerWidth,
                        availableInnerMain: availableInnerMain)
            }
            if !added { break }
            index += 1
        }
        line.end = index

        // Factors that add up to less than 1 distribute as if they added up to 1.
        if line.totalFlexGrowFactors > 0 && line.totalFlexGrowFactors < 1 { line.totalFlexGrowFactors = 1 }
        if line.totalFlexShrinkScaledFactors > 0 && line.totalFlexShrinkScaledFactors < 1 {
            line.totalFlexShrinkScaledFactors = 1
        }
        return line
    }

    /// Adds child `index` to `line` (out-of-flow children are passed over); returns false,
    /// leaving the line unchanged, when a wrapping line is full.
    @inline(__always)
    private func addItem(_ child: LayoutNode, at index: Int, to line: inout FlexLine, lineIndex: Int,
                         ownerDirection: LayoutDirection, direction: LayoutDirection, mainAxis: FlexDirection,
                         isWrap: Bool, gap: Float, sizeConsumedIncludingMin: inout Float, ownerWidth: Float,
                         mainAxisOwnerSize: Float, availableInnerWidth: Float, availableInnerMain: Float) -> Bool {
        guard LayoutNode.isInFlow(child) else { return true }
        // (Yoga counts the auto margins and sets the line index of the item that ends up
        // starting the next line too; kept for identical results outside CSS mode.)
        let autoMargins = (child.flexStartMarginIsAuto(mainAxis, ownerDirection) ? 1 : 0)
            + (child.flexEndMarginIsAuto(mainAxis, ownerDirection) ? 1 : 0)
        let css = usesIntrinsicWidths
        if !css { line.autoMarginCount += autoMargins }
        child.state.lineIndex = lineIndex

        let leadingGap: Float = line.itemCount == 0 ? 0 : gap
        let marginMain = child.marginForAxis(mainAxis, direction, availableInnerWidth)
        let boundedBasis = hypotheticalMainSize(of: child, direction, mainAxis, mainAxisOwnerSize: mainAxisOwnerSize,
                                                ownerWidth: ownerWidth, availableInnerWidth: availableInnerWidth)
        // A wrapping container starts a new line when the next item does not fit.
        if isWrap && line.itemCount > 0
            && sizeConsumedIncludingMin + boundedBasis + marginMain + leadingGap > availableInnerMain {
            return false
        }
        if css { line.autoMarginCount += autoMargins }
        sizeConsumedIncludingMin += boundedBasis + marginMain + leadingGap
        line.sizeConsumed += boundedBasis + marginMain + leadingGap
        if child.isFlexible() {
            line.totalFlexGrowFactors += child.resolveFlexGrow()
            // Shrinking is proportional to the basis, not just the factor.
            line.totalFlexShrinkScaledFactors += -child.resolveFlexShrink() * child.state.computedFlexBasis
        }
        line.itemCount += 1
        line.lastItem = index
        return true
    }
}
