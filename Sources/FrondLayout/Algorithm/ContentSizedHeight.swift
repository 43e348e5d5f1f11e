// Content-sized heights: when a layout computed without a definite height also answers
// a request for exactly the height it computed (the cache rule in LayoutCache.swift),
// and when a measurement may be computed as a layout instead (fusion, FlexBasis.swift).
//
// A node is laid out with its height offered as max-content (no height) or fit-content
// (at most Y). Its result carries `contentSizedHeight` when any request that differs only
// in the height — max-content, at most Y' with Y' minus margins at least the computed
// height r, or exactly r — gives the same layout of the whole subtree and the same size,
// as a layout and as a measurement. Only the height is covered: percentages of margins
// and paddings resolve against widths, so a definite height changes less. The proof is
// local, from the flags of the children's results:
//
//   • The node: no min/max height or aspect ratio (its inner height is then r minus
//     padding and border), no scrolling, no wrapping (one line), no baseline alignment,
//     no percentage gaps, Yoga's flexible lengths without the stretch-basis erratum, and
//     r is unchanged by the node's own clamp.
//   • Its children: relative, no insets, no auto margins, no aspect ratio, no
//     percentage in their style (`usesOwnerSize`) or their children's min/max
//     (`childrenUsePercentMinMax`): nothing of theirs resolves against the inner height.
//     A child with a definite height is offered the same either way. Any other child is
//     offered an at-most inner height instead of none, so its results must be
//     content-sized too and fit: its height at most the inner height minus its margins.
//   • In a column (height = main axis): no flex basis is set, the node itself does not
//     grow when a child does, and the inner height equals the sum of the bases (free
//     space exactly 0 both ways, so nothing flexes or moves). With an exact height a
//     single item that can grow and shrink gets a basis of 0 and grows into the line:
//     then that arithmetic is done here too and must give its basis back, bit for bit.
//     The child's flag is the one of its basis measurement.
//   • In a row (height = cross axis): no child is stretched without a definite height,
//     and the inner height equals the line's cross size (so align-items places every
//     item the same). The child's flags are those of its basis and of its layout.
//
// Measured leaves asked for no height are content-sized: the measurement cache already
// answers an at-most or exact request at least that height from such a measurement.
// Float rounding is checked, not assumed: inner sizes are compared bit for bit.
//
// `sizeMatchesMeasurement` marks a layout whose size a measurement under the same
// constraints gives too, and `measurementOverflows` the `hadOverflow` that measurement
// would leave (a parent reads the flag from whatever computation of a child came last,
// so a layout done in place of a measurement leaves the measurement's). A measurement
// takes shortcuts: with an exact cross size it skips the flex step and sums the flex
// bases (and sees only the lines' overflow), and it only measures the children. So it
// holds when the items kept their bases (exact cross size), or when every child laid
// out in the flex step matches its measurement too, overflow included; never when both
// sizes are fixed (a measurement then answers without looking at the children).
//
// Fusion lays a subtree out earlier than the engine otherwise would, so it is tried only
// where the styles of the whole subtree allow a content-sized result (then only the
// checks of sizes above can fail) and no baseline alignment can read that a node was
// already laid out. A layout reused in place of one that would have been computed
// restores that layout's `hadOverflow` (`layoutOverflows`); when a fused layout proves
// not reusable, the layouts made during it are forgotten below every node that had
// overflow (`noOverflowBelow` marks the others), so that they are computed again as
// before. What remains is the failed case: the node is laid out again, but the caches
// below it hold answers the engine would not otherwise have at that point, and two old
// behaviours show through: an entry answers constraints within 0.0001 of its own (a raw
// size may then differ in its last bits), and `hadOverflow` is whatever a node's last
// computation left. (In the tests' random trees: rounded frames always the same.)

/// Facts of a container's first flex line, kept for ``LayoutNode/layoutFlags``.
struct FirstLineFacts {
    var sizeConsumed: Float = .nan
    var totalFlexGrowFactors: Float = .nan
    /// The line's cross size before the container's own sizing adjusts it.
    var crossDim: Float = .nan
    /// The cross size items are aligned within.
    var containerCrossAxis: Float = .nan
}

extension LayoutNode {
    /// `noOverflowBelow` when neither the node nor, in their latest results, its layout
    /// children (and their subtrees) had overflow; worked out only inside a layout done in
    /// place of a measurement (where it is read).
    func noOverflowFlag(_ children: [LayoutNode], pass: LayoutPass) -> ResultFlags {
        guard pass.fusedLayoutDepth > 0 && !state.hadOverflow else { return [] }
        var free = true
        children.forEachBorrowed { child in
            guard free && child.resolved.display != .none else { return }
            free = child.state.resultFlags.contains(.noOverflowBelow)
        }
        return free ? .noOverflowBelow : []
    }

    /// The flags of a measured leaf's result (a leaf's `hadOverflow` never changes).
    @inline(__always)
    func measuredLeafFlags(heightMode: SizingMode) -> ResultFlags {
        var flags: ResultFlags = heightMode == .maxContent ? ResultFlags.sizeMatchesMeasurement.union(.contentSizedHeight)
            : .sizeMatchesMeasurement
        if state.hadOverflow { flags.insert(.measurementOverflows) }
        return flags
    }

    /// The flags of an empty node's result: its height without a definite one is its
    /// padding and border, which its clamp leaves unchanged.
    @inline(__always)
    func emptyNodeFlags(direction: LayoutDirection, heightMode: SizingMode,
                        ownerWidth: Float, ownerHeight: Float) -> ResultFlags {
        let height = state.measuredHeight
        let contentSized = heightMode != .stretchFit
            && boundAxis(.column, direction, height, ownerHeight, ownerWidth).bitPattern == height.bitPattern
        var flags: ResultFlags = contentSized ? ResultFlags.sizeMatchesMeasurement.union(.contentSizedHeight) : .sizeMatchesMeasurement
        if state.hadOverflow { flags.insert(.measurementOverflows) }
        return flags
    }

    /// Whether the flex step left the line's free space and every item at its basis.
    func lineKeptBases(_ line: FlexLine, _ children: [LayoutNode], mainAxis: FlexDirection,
                       freeSpaceBeforeFlex: Float) -> Bool {
        guard line.remainingFreeSpace.bitPattern == freeSpaceBeforeFlex.bitPattern else { return false }
        let dimension = mainAxis.dimension
        var kept = true
        children.forEachBorrowed(in: line.start..<line.end) { _, child in
            guard kept && LayoutNode.isInFlow(child) else { return }
            kept = child.state.measured(dimension).bitPattern == child.state.computedFlexBasis.bitPattern
        }
        return kept
    }

    /// The flags of a container's layout (after the whole layout; `availableWidth` and
    /// `availableHeight` are without margins).
    func layoutFlags(_ children: [LayoutNode], direction: LayoutDirection, mainAxis: FlexDirection,
                     availableWidth: Float, availableHeight: Float, widthMode: SizingMode, heightMode: SizingMode,
                     ownerWidth: Float, ownerHeight: Float, availableInnerWidth: Float, availableInnerHeight: Float,
                     lineCount: Int, firstLine: FirstLineFacts, itemsKeptBases: Bool, overflowBeforeFlex: Bool,
                     baselineLayout: Bool) -> ResultFlags {
        guard !baselineLayout else { return [] }
        let crossAxis = mainAxis.crossAxis(direction)
        let crossMode = mainAxis.isRow ? heightMode : widthMode

        // Does a measurement give this size, and which overflow would it leave?
        var measurementOverflows = state.hadOverflow
        if LayoutNode.isFixedSize(availableWidth, widthMode) && LayoutNode.isFixedSize(availableHeight, heightMode) {
            // It takes the fixed-size shortcut: an at-most size of 0 or less is the answer
            // (a layout sizes the content), and the overflow left is an earlier one.
            return []
        } else if crossMode == .stretchFit {
            guard itemsKeptBases else { return [] }
            measurementOverflows = overflowBeforeFlex
        } else {
            guard resolved.flexWrap == .noWrap else { return [] }
            let crossDimension = crossAxis.dimension
            let availableInnerCross = mainAxis.isRow ? availableInnerHeight : availableInnerWidth
            var matches = true
            children.forEachBorrowed { child in
                guard matches && LayoutNode.isInFlow(child) else { return }
                let stretched = !child.hasDefiniteLength(crossDimension, availableInnerCross)
                    && alignment(of: child) == .stretch
                    && !child.flexStartMarginIsAuto(crossAxis, direction)
                    && !child.flexEndMarginIsAuto(crossAxis, direction)
                // (A stretched child was only measured in the flex step, by a measurement too.)
                let flags = child.state.resultFlags
                matches = stretched || (flags.contains(.sizeMatchesMeasurement)
                                        && flags.contains(.measurementOverflows) == child.state.hadOverflow)
            }
            guard matches else { return [] }
        }
        let matching: ResultFlags = measurementOverflows ? ResultFlags.sizeMatchesMeasurement.union(.measurementOverflows)
            : .sizeMatchesMeasurement

        let height = state.measuredHeight
        guard heightMode != .stretchFit, lineCount == 1,
              heightMode == .maxContent || availableHeight >= height,
              heightIsContentSizedByStyle(children, baselineLayout: baselineLayout) else {
            return matching
        }
        // The inner height a request for exactly `height` gives, and the node's own clamp.
        let paddingAndBorder = paddingAndBorderForAxis(.column, direction, ownerWidth)
        let inner = availableInnerDimension(direction, .height, height, paddingAndBorder, ownerHeight, ownerWidth)
        guard boundAxis(.column, direction, height, ownerHeight, ownerWidth).bitPattern == height.bitPattern else {
            return matching
        }
        let isColumn = mainAxis.isColumn
        if isColumn {
            // Free space exactly 0 however the height is offered.
            guard firstLine.totalFlexGrowFactors == 0 || resolveFlexGrow() == 0, firstLine.sizeConsumed >= 0,
                  inner.bitPattern == firstLine.sizeConsumed.bitPattern,
                  singleFlexItemKeepsBasis(children, direction: direction, mainAxis: mainAxis, inner: inner,
                                           ownerWidth: ownerWidth, mainAxisOwnerSize: ownerHeight,
                                           availableInnerWidth: availableInnerWidth) else { return matching }
        } else {
            // The line and the items' alignment box are the inner height either way.
            guard inner.bitPattern == firstLine.crossDim.bitPattern,
                  inner.bitPattern == firstLine.containerCrossAxis.bitPattern else { return matching }
        }
        var fits = true
        children.forEachBorrowed { child in
            guard fits && LayoutNode.isInFlow(child), !child.hasDefiniteLength(.height, availableInnerHeight) else {
                return
            }
            let room = inner - child.marginForAxis(.column, direction, availableInnerWidth)
            // (NaN, a basis measured without a content-sized height, never fits.)
            fits = child.state.flexBasisHeightBound <= room
            if !isColumn {
                fits = fits && child.state.resultFlags.contains(.contentSizedHeight)
                    && child.state.measuredHeight <= room
            }
        }
        return fits ? matching.union(.contentSizedHeight) : matching
    }

    /// Whether, laid out at an exact height whose inner height is `inner`, the column would
    /// leave its items at the bases they have now. Only the single item that can both grow
    /// and shrink needs a look (see `computeFlexBases`): its basis is then taken as 0 and
    /// it grows into the free space, computed here as the flex steps compute it.
    private func singleFlexItemKeepsBasis(_ children: [LayoutNode], direction: LayoutDirection, mainAxis: FlexDirection,
                                          inner: Float, ownerWidth: Float, mainAxisOwnerSize: Float,
                                          availableInnerWidth: Float) -> Bool {
        var single = -1
        for index in children.indices {
            let stop = children.borrowed(index)._withUnsafeGuaranteedRef { child -> Bool in
                guard child.isFlexible() else { return false }
                if single >= 0 || inexactEquals(child.resolveFlexGrow(), 0) || inexactEquals(child.resolveFlexShrink(), 0) {
                    single = -1
                    return true
                }
                single = index
                return false
            }
            if stop { break }
        }
        guard single >= 0 else { return true }
        // The line's consumed size with that basis at 0 (as step 4 adds it up).
        let gap = gapForAxis(mainAxis, inner)
        var consumed: Float = 0
        var items = 0
        var keeps = true
        children.forEachBorrowed(in: children.indices) { index, child in
            guard keeps && LayoutNode.isInFlow(child) else { return }
            if index == single && child.resolved.hasMinMaxHeight { keeps = false }
            let basis = index == single ? 0 : child.atLeastAutomaticMinimum(
                child.boundAxisWithinMinAndMax(direction, mainAxis, child.state.computedFlexBasis,
                                               mainAxisOwnerSize, ownerWidth))
            consumed += basis + child.marginForAxis(mainAxis, direction, availableInnerWidth) + (items == 0 ? 0 : gap)
            items += 1
        }
        guard keeps else { return false }
        return children.borrowed(single)._withUnsafeGuaranteedRef { child -> Bool in
            guard child.resolved.display != .none, child.state.autoMinMainSize.isNaN else { return false }
            let free = inner - consumed
            guard free > 0 else { return false }
            var factors = child.resolveFlexGrow()
            if factors > 0 && factors < 1 { factors = 1 }
            let grown = free / factors * child.resolveFlexGrow()
            // Not clamped (so not frozen), the whole free space taken, and the basis it has.
            return child.boundAxis(mainAxis, direction, grown, inner, availableInnerWidth).bitPattern == grown.bitPattern
                && (free - grown).bitPattern == Float(0).bitPattern
                && grown.bitPattern == child.state.computedFlexBasis.bitPattern
        }
    }

    /// The conditions of the rule that depend on styles only (the node's and its layout
    /// children's); also how a container decides whether a measurement is worth fusing.
    func heightIsContentSizedByStyle(_ children: [LayoutNode], baselineLayout: Bool) -> Bool {
        // (The style-only conditions of each side are kept in the resolved styles.)
        guard resolved.allowsContentSizedHeight, !baselineLayout, !usesSpecFlexibleLengths,
              !config.modes.stretchFlexBasis else { return false }
        let isColumn = resolved.flexDirection.isColumn
        var eligible = true
        children.forEachBorrowed { child in
            guard eligible && child.resolved.display != .none else { return }
            eligible = child.resolved.isPlainFlowItem && !child.state.childrenUsePercentMinMax
                && !child.config.modes.specFlexibleLengths
            if isColumn {
                let basis = child.processedFlexBasis().unit
                eligible = eligible && (basis == .auto || basis == .undefined)
            } else {
                eligible = eligible && (alignment(of: child) != .stretch || child.hasDefiniteLength(.height, .nan))
            }
        }
        return eligible
    }

    /// Whether a measurement of this node for its flex basis (in a column being laid out,
    /// with no definite height offered) is computed as a layout: a container whose whole
    /// subtree's styles allow its results to be content-sized. (Only the checks of sizes
    /// can then fail. A layout that turns out not to be reusable was done early; no
    /// baseline alignment below it can have read that early layout.)
    func isFusionCandidate() -> Bool {
        !isMeasured && !childNodes.isEmpty && subtreeAllowsFusion()
    }

    /// Finds (and keeps) whether the subtree allows fusion now rather than at the first
    /// layout: the component engine asks when it has just given a new node its children,
    /// whose answers it has asked for before, while they are all still in the caches.
    package func checkFusionAhead() {
        _ = subtreeAllowsFusion()
    }

    /// Whether every container in the subtree passes ``heightIsContentSizedByStyle``
    /// (kept until the subtree changes: any change marks the node dirty).
    private func subtreeAllowsFusion() -> Bool {
        if state.fusionCheckVersion != 0 && state.fusionCheckVersion == config.version {
            return state.subtreeAllowsFusion
        }
        var allows = true
        if !isMeasured && !childNodes.isEmpty {
            let children = layoutChildren
            // (The first pass over a new tree meets the nodes of a subtree here first: a
            // few children are asked for at once, so that their misses overlap. See
            // LayoutNode+Prefetch.swift.)
            for index in 0..<Swift.min(children.count, LayoutNode.prefetchedChildren) { children.prefetchNode(at: index) }
            let baselineLayout = isBaselineLayout(children)
            allows = heightIsContentSizedByStyle(children, baselineLayout: baselineLayout)
            children.forEachBorrowed { child in
                guard allows && child.resolved.display != .none else { return }
                // (A leaf allows it, and nothing reads what it would remember.)
                allows = child.isMeasured || child.childNodes.isEmpty || child.subtreeAllowsFusion()
            }
        }
        state.fusionCheckVersion = config.version
        state.subtreeAllowsFusion = allows
        return allows
    }
}
