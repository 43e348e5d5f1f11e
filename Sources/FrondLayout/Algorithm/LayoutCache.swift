// Step: the layout cache. Each node remembers its last full layout and up to eight
// measurements (size for given constraints). A request is answered from the cache
// when the node is clean (not dirty, same config version, same owner direction)
// and an entry is compatible with the new constraints. When percentages of the node's
// style, or of its children's min/max sizes, resolve against the node's containing
// block, the entry must also have been computed for the same containing block. (Yoga
// ignores it, so there a relayout can differ from a fresh layout; comparing it always
// would make nested content-sized trees miss their caches exponentially often.)

extension LayoutNode {
    /// Lays out or measures the node, unless the answer is already cached.
    /// Returns true when work was done (the node's subtree may have new results).
    @discardableResult
    func layoutIfNeeded(availableWidth: Float, availableHeight: Float, ownerDirection: LayoutDirection,
                        widthMode: SizingMode, heightMode: SizingMode,
                        ownerWidth: Float, ownerHeight: Float,
                        performLayout: Bool, depth: Int, pass: LayoutPass) -> Bool {
        let depth = depth + 1
        let needToVisit = (isDirtyFlag && state.generationCount != pass.generation)
            || state.configVersion != config.version
            || state.lastOwnerDirection != ownerDirection

        if needToVisit {
            state.measurements.count = 0
            state.cachedLayout = CachedMeasurement()
            // Rounding inputs (scale, text rounding) may have changed too.
            state.lastRawFrame.left = .nan
        }

        // Which entry (if any) answers this request: -1 = the layout entry, 0...7 a measurement.
        var hit: Int? = nil
        let checkOwner = resolved.usesOwnerSize || state.childrenUsePercentMinMax
        @inline(__always) func sameOwner(_ entry: CachedMeasurement) -> Bool {
            !checkOwner || (inexactEquals(entry.ownerWidth, ownerWidth) && inexactEquals(entry.ownerHeight, ownerHeight))
        }
        if isMeasured {
            let marginRow = marginForAxis(.row, ownerWidth)
            let marginColumn = marginForAxis(.column, ownerWidth)
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
                && state.cachedLayout.matches(availableWidth, availableHeight, widthMode, heightMode) {
                hit = -1
            }
        } else {
            for index in 0..<state.measurements.count
            where sameOwner(measurement(index))
                && measurement(index).matches(availableWidth, availableHeight, widthMode, heightMode) {
                hit = index
                break
            }
        }

        if !needToVisit, let hit {
            let entry = hit < 0 ? state.cachedLayout : measurement(hit)
            state.measuredWidth = entry.computedWidth
            state.measuredHeight = entry.computedHeight
            if performLayout { pass.statistics.cachedLayouts += 1 } else { pass.statistics.cachedMeasures += 1 }
        } else {
            layoutContents(availableWidth: availableWidth, availableHeight: availableHeight, ownerDirection: ownerDirection,
                           widthMode: widthMode, heightMode: heightMode, ownerWidth: ownerWidth, ownerHeight: ownerHeight,
                           performLayout: performLayout, depth: depth, pass: pass)
            state.lastOwnerDirection = ownerDirection
            state.configVersion = config.version

            if hit == nil {
                let entry = CachedMeasurement(availableWidth: availableWidth, availableHeight: availableHeight,
                                              widthMode: widthMode, heightMode: heightMode,
                                              computedWidth: state.measuredWidth, computedHeight: state.measuredHeight,
                                              ownerWidth: ownerWidth, ownerHeight: ownerHeight)
                if performLayout {
                    state.cachedLayout = entry
                } else {
                    rememberMeasurement(entry)
                }
            }
        }

        if performLayout {
            state.width = state.measuredWidth
            state.height = state.measuredHeight
            state.laidOutPass = pass.generation
            state.hasNewLayout = true
            isDirtyFlag = false
        }
        state.generationCount = pass.generation
        return needToVisit || hit == nil
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
    /// Exact match of the request (used for nodes without a measure function).
    @inline(__always)
    func matches(_ width: Float, _ height: Float, _ widthMode: SizingMode, _ heightMode: SizingMode) -> Bool {
        inexactEquals(availableWidth, width) && inexactEquals(availableHeight, height)
            && self.widthMode == widthMode && self.heightMode == heightMode
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
