// Step: the layout cache. Each node remembers its last full layout and up to eight
// measurements (size for given constraints). A request is answered from the cache
// when the node is clean (not dirty, same config version, same owner direction)
// and an entry is compatible with the new constraints. When percentages of the node's
// style, or of its children's min/max sizes, resolve against the node's containing
// block, the entry must also have been computed for the same containing block. (Yoga
// ignores it, so there a relayout can differ from a fresh layout; comparing it always
// would make nested content-sized trees miss their caches exponentially often.)
//
// A layout of a node without a measure function answers only the same constraints,
// with one exception: a layout computed with no height or an at-most height (max- or
// fit-content) that came out content-sized (`ResultFlags.contentSizedHeight`, see
// ContentSizedHeight.swift for when that is proven) also answers a request for exactly
// the height it computed, everything else the same (bit for bit: the width and its
// mode, and the offered height minus the margins equal to the computed height). That is
// what a container asks of a child whose height came from its content: a column measures
// the child for its flex basis and then lays it out at the basis. A measurement that the
// container marks as fusable (`fuse`) is therefore computed as a layout when it is not
// cached: stored as the layout and, when a measurement gives the same size
// (`ResultFlags.sizeMatchesMeasurement`), as the measurement too (otherwise the node is
// measured as well). The later exact request is then answered by the layout, and each
// node of a list of rows is laid out once instead of measured and laid out.

extension LayoutNode {
    /// Lays out or measures the node, unless the answer is already cached.
    /// Returns true when work was done (the node's subtree may have new results).
    /// `fuse` (for a measurement) allows computing it as a layout (see above).
    @discardableResult
    func layoutIfNeeded(availableWidth: Float, availableHeight: Float, ownerDirection: LayoutDirection,
                        widthMode: SizingMode, heightMode: SizingMode,
                        ownerWidth: Float, ownerHeight: Float,
                        performLayout: Bool, fuse: Bool = false, depth: Int, pass: LayoutPass) -> Bool {
        let depth = depth + 1
        let needToVisit = (isDirtyFlag && state.generationCount != pass.generation)
            || state.configVersion != config.version
            || state.lastOwnerDirection != ownerDirection

        // A dirty node laid out again as last time (its config, direction and request the
        // same): only its dirty children are likely to be computed again (a hint for what
        // to ask the memory for, see LayoutNode+Prefetch.swift).
        let repeatsLastLayout = needToVisit && performLayout && state.configVersion == config.version
            && state.lastOwnerDirection == ownerDirection
            && state.cachedLayout.matches(availableWidth, availableHeight, widthMode, heightMode)
            && state.cachedLayout.isFor(ownerWidth: ownerWidth, ownerHeight: ownerHeight)
        if needToVisit {
            state.measurements.count = 0
            state.cachedLayout = CachedMeasurement()
            // Rounding inputs (scale, text rounding) may have changed too.
            state.lastRawFrame.left = .nan
        }

        // Which entry (if any) answers this request: -1 = the layout entry, 0...7 a measurement.
        var hit: Int? = nil
        var answersWiderBound = false
        let checkOwner = resolved.usesOwnerSize || state.childrenUsePercentMinMax
        @inline(__always) func sameOwner(_ entry: CachedMeasurement) -> Bool {
            !checkOwner || entry.isFor(ownerWidth: ownerWidth, ownerHeight: ownerHeight)
        }
        if isMeasured {
            let marginRow = marginForAxis(.row, ownerDirection, ownerWidth)
            let marginColumn = marginForAxis(.column, ownerDirection, ownerWidth)
            if sameOwner(state.cachedLayout),
               state.cachedLayout.canAnswer(widthMode, availableWidth, heightMode, availableHeight,
                                            marginRow, marginColumn) {
                hit = -1
            } else {
                for index in 0..<state.measurements.count
                where sameOwner(measurement(index))
                    && measurement(index).canAnswer(widthMode, availableWidth, heightMode, availableHeight,
                                                           marginRow, marginColumn) {
                    hit = index
                    break
                }
            }
        } else if performLayout {
            if sameOwner(state.cachedLayout)
                && (state.cachedLayout.matches(availableWidth, availableHeight, widthMode, heightMode)
                    || (hasOwner && config.reusesContentSizedLayouts
                        && state.cachedLayout.answersExactContentHeight(availableWidth, widthMode,
                                                                        availableHeight - marginForAxis(.column, ownerDirection, ownerWidth),
                                                                        heightMode))) {
                hit = -1
            }
        } else {
            for index in 0..<state.measurements.count
            where sameOwner(measurement(index))
                && measurement(index).matches(availableWidth, availableHeight, widthMode, heightMode) {
                hit = index
                break
            }
            if hit == nil && (widthMode == .fitContent || heightMode == .fitContent) && state.measurements.count > 0
                && config.reusesContentSizedLayouts {
                // A max-content measurement whose result fits the bound (WiderBounds.swift).
                hit = measurementAnsweringWiderBound(availableWidth, widthMode, availableHeight, heightMode,
                                                     ownerDirection: ownerDirection, ownerWidth: ownerWidth,
                                                     ownerHeight: ownerHeight, checkOwner: checkOwner)
                answersWiderBound = hit != nil
            }
        }

        if !needToVisit, let hit {
            let entry = hit < 0 ? state.cachedLayout : measurement(hit)
            state.measuredWidth = entry.computedWidth
            state.measuredHeight = entry.computedHeight
            state.resultFlags = entry.flags
            let reused = hit < 0 && (entry.flags.contains(.fusedLayout)
                                     || !entry.matches(availableWidth, availableHeight, widthMode, heightMode))
            if answersWiderBound {
                // The overflow the measurement under the wider bound would have left.
                state.hadOverflow = entry.flags.contains(.measurementOverflows)
            }
            if performLayout && !isMeasured && reused {
                // A layout that would have been computed: what it found of overflow.
                state.hadOverflow = entry.flags.contains(.layoutOverflows)
            }
            if performLayout { pass.statistics.cachedLayouts += 1 } else { pass.statistics.cachedMeasures += 1 }
            if performLayout {
                finishLayout(pass)
            } else if hit >= 0 && isLaidOut(for: entry) {
                // A measurement whose request the node's last layout, which its children still
                // show, was computed for in its place (a fused layout): as when it was
                // computed, the node counts as laid out in this pass, so that its baseline
                // comes from its children (Baseline.swift) in a relayout as in a fresh layout.
                state.laidOutPass = pass.generation
            }
        } else {
            // A fusable measurement of a container is computed as a layout.
            let fused = !performLayout && fuse && !isMeasured
            let serialBefore = pass.layoutSerial
            if fused { pass.fusedLayoutDepth += 1 }
            layoutContents(availableWidth: availableWidth, availableHeight: availableHeight, ownerDirection: ownerDirection,
                           widthMode: widthMode, heightMode: heightMode, ownerWidth: ownerWidth, ownerHeight: ownerHeight,
                           performLayout: performLayout || fused, depth: depth, pass: pass,
                           repeatsLastLayout: repeatsLastLayout)
            if fused { pass.fusedLayoutDepth -= 1 }
            state.lastOwnerDirection = ownerDirection
            state.configVersion = config.version

            // (`hit` is nil here: a node to visit has no entries left.)
            var flags = state.resultFlags
            if performLayout || fused {
                if state.hadOverflow { flags.insert(.layoutOverflows) }
                if fused { flags.insert(.fusedLayout) }
            }
            var entry = CachedMeasurement(availableWidth: availableWidth, availableHeight: availableHeight,
                                          widthMode: widthMode, heightMode: heightMode, flags: flags,
                                          computedWidth: state.measuredWidth, computedHeight: state.measuredHeight,
                                          ownerWidth: ownerWidth, ownerHeight: ownerHeight)
            if performLayout || fused {
                pass.layoutSerial += 1
                state.cachedLayout = entry
                state.cachedLayoutPass = pass.generation
                state.cachedLayoutSerial = pass.layoutSerial
                finishLayout(pass)
            }
            if fused && !flags.contains(.contentSizedHeight) {
                // Not reusable: the node will be laid out again, and its subtree with it. Where
                // an overflow was found, a layout made early would be reused with the
                // overflow of a later computation: forget those.
                discardLayouts(madeAfter: serialBefore, pass: pass)
            }
            if fused && flags.contains(.sizeMatchesMeasurement) {
                // Measured, the node would have been left with the measurement's overflow
                // (its parent reads it, and the later layout restores the layout's).
                state.hadOverflow = flags.contains(.measurementOverflows)
            }
            if !performLayout {
                if fused && !flags.contains(.sizeMatchesMeasurement) {
                    // A measurement might give another size: it is what was asked for.
                    layoutContents(availableWidth: availableWidth, availableHeight: availableHeight,
                                   ownerDirection: ownerDirection, widthMode: widthMode, heightMode: heightMode,
                                   ownerWidth: ownerWidth, ownerHeight: ownerHeight,
                                   performLayout: false, depth: depth, pass: pass)
                    entry.flags = state.resultFlags
                    entry.computedWidth = state.measuredWidth
                    entry.computedHeight = state.measuredHeight
                }
                rememberMeasurement(entry)
            }
        }
        state.generationCount = pass.generation
        return needToVisit || hit == nil
    }

    /// Forgets the layouts computed in this pass after layout number `serial` in the
    /// subtree, except below one without overflow (the nodes laid out since then are
    /// reached through nodes laid out since).
    private func discardLayouts(madeAfter serial: Int, pass: LayoutPass) {
        guard state.cachedLayoutPass == pass.generation && state.cachedLayoutSerial > serial
            && !state.cachedLayout.flags.contains(.noOverflowBelow) else { return }
        state.cachedLayout = CachedMeasurement()
        for child in layoutChildren { child.discardLayouts(madeAfter: serial, pass: pass) }
    }

    /// Whether the measurement `entry` was computed as a layout (fused) whose results the
    /// node still shows: its last layout, which its children show, is that fused layout
    /// (the same request and containing block), or is at the size of a measurement that
    /// was itself computed as a layout.
    private func isLaidOut(for entry: CachedMeasurement) -> Bool {
        let layout = state.cachedLayout
        guard state.width == layout.computedWidth && state.height == layout.computedHeight else { return false }
        if layout.flags.contains(.fusedLayout)
            && layout.matches(entry.availableWidth, entry.availableHeight, entry.widthMode, entry.heightMode)
            && layout.isFor(ownerWidth: entry.ownerWidth, ownerHeight: entry.ownerHeight) {
            return true
        }
        return entry.flags.contains(.fusedLayout)
            && layout.computedWidth == entry.computedWidth && layout.computedHeight == entry.computedHeight
    }

    /// Records that the node was laid out in this pass at its measured size.
    @inline(__always)
    private func finishLayout(_ pass: LayoutPass) {
        state.width = state.measuredWidth
        state.height = state.measuredHeight
        state.laidOutPass = pass.generation
        state.hasNewLayout = true
        isDirtyFlag = false
    }
}

extension LayoutNode {
    /// Entry `index` (below the count) of the node's measurements.
    @inline(__always)
    func measurement(_ index: Int) -> CachedMeasurement {
        if index < MeasurementCache.inlineCapacity { return state.measurements[index] }
        // An entry below the count has been written, so the overflow exists.
        return measurementOverflow?[index] ?? CachedMeasurement()
    }

    /// Adds a measurement, over the oldest ones once all eight are taken (the count then
    /// starts again from the first entry).
    @inline(__always)
    func rememberMeasurement(_ entry: CachedMeasurement) {
        if state.measurements.count == MeasurementCache.capacity { state.measurements.count = 0 }
        let index = state.measurements.count
        if index < MeasurementCache.inlineCapacity {
            state.measurements[index] = entry
        } else if let overflow = measurementOverflow {
            overflow[index] = entry
        } else {
            let overflow = MeasurementOverflow()
            overflow[index] = entry
            measurementOverflow = overflow
        }
        state.measurements.count = index + 1
    }
}

extension CachedMeasurement {
    /// Whether it was computed for this containing block (within the cache's tolerance).
    @inline(__always)
    func isFor(ownerWidth: Float, ownerHeight: Float) -> Bool {
        inexactEquals(self.ownerWidth, ownerWidth) && inexactEquals(self.ownerHeight, ownerHeight)
    }

    /// Exact match of the request (used for nodes without a measure function).
    @inline(__always)
    func matches(_ width: Float, _ height: Float, _ widthMode: SizingMode, _ heightMode: SizingMode) -> Bool {
        inexactEquals(availableWidth, width) && inexactEquals(availableHeight, height)
            && self.widthMode == widthMode && self.heightMode == heightMode
    }

    /// Whether this layout, computed with a content-sized height, answers a request for
    /// exactly that height (`height` is the offered height minus the margins) with the
    /// same width, bit for bit.
    @inline(__always)
    func answersExactContentHeight(_ width: Float, _ widthMode: SizingMode, _ height: Float,
                                   _ heightMode: SizingMode) -> Bool {
        flags.contains(.contentSizedHeight) && heightMode == .stretchFit && self.widthMode == widthMode
            && (availableWidth.isNaN ? width.isNaN : availableWidth.bitPattern == width.bitPattern)
            && height.bitPattern == computedHeight.bitPattern
    }

    /// Whether this measurement of a measured leaf also answers a new request: the same
    /// constraints, an exact size equal to what was computed, a bound that still fits a
    /// max-content result, or a stricter bound the result still fits in. (Yoga also treats
    /// constraints that round to the same pixel as equal; the cached size then differs from
    /// what a fresh measurement would give, so it is not done here.)
    func canAnswer(_ widthMode: SizingMode, _ width: Float, _ heightMode: SizingMode, _ height: Float,
                   _ marginRow: Float, _ marginColumn: Float) -> Bool {
        if (computedHeight.isDefined && computedHeight < 0) || (computedWidth.isDefined && computedWidth < 0) {
            return false
        }
        let sameWidthSpec = self.widthMode == widthMode && inexactEquals(availableWidth, width)
        let sameHeightSpec = self.heightMode == heightMode && inexactEquals(availableHeight, height)

        let widthCompatible = sameWidthSpec
            || Self.exactMatchesComputed(widthMode, width - marginRow, computedWidth)
            || Self.maxContentStillFits(widthMode, width - marginRow, self.widthMode, computedWidth)
            || Self.stricterStillValid(widthMode, width - marginRow, self.widthMode, availableWidth - marginRow, computedWidth)
        let heightCompatible = sameHeightSpec
            || Self.exactMatchesComputed(heightMode, height - marginColumn, computedHeight)
            || Self.maxContentStillFits(heightMode, height - marginColumn, self.heightMode, computedHeight)
            || Self.stricterStillValid(heightMode, height - marginColumn, self.heightMode, availableHeight - marginColumn, computedHeight)
        return widthCompatible && heightCompatible
    }

    private static func exactMatchesComputed(_ mode: SizingMode, _ size: Float, _ lastComputed: Float) -> Bool {
        mode == .stretchFit && inexactEquals(size, lastComputed)
    }

    private static func maxContentStillFits(_ mode: SizingMode, _ size: Float, _ lastMode: SizingMode, _ lastComputed: Float) -> Bool {
        mode == .fitContent && lastMode == .maxContent && (size >= lastComputed || inexactEquals(size, lastComputed))
    }

    private static func stricterStillValid(_ mode: SizingMode, _ size: Float, _ lastMode: SizingMode,
                                           _ lastSize: Float, _ lastComputed: Float) -> Bool {
        lastMode == .fitContent && mode == .fitContent && lastSize.isDefined && size.isDefined && lastComputed.isDefined
            && lastSize > size && (lastComputed <= size || inexactEquals(size, lastComputed))
    }
}
