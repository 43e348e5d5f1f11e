// Baselines (CSS Flexbox §8.5, §9.4 step 8). An item's baseline comes from its baseline
// function; else, when the item has been laid out in this pass, from its first
// baseline-aligned (or reference) child on its first line, recursively, else its bottom
// edge; an item that has only been measured uses its bottom edge. (A measurement computed
// as a layout counts as one, also when a relayout answers it from the cache, see
// LayoutCache.swift: a relayout gives the baselines a fresh layout gives.)
//
// (Yoga walks the children of merely measured items too, reading positions left over
// from earlier passes, so the same tree could lay out differently after a relayout.
// Laid-out data is always consistent with the node's current layout; the corpus is
// matched either way.)

extension LayoutNode {
    /// True when this container (whose layout children are `children`) aligns items on
    /// their baselines (rows only).
    func isBaselineLayout(_ children: [LayoutNode]) -> Bool {
        if resolved.flexDirection.isColumn { return false }
        if resolved.alignItems == .baseline { return true }
        for index in children.indices {
            let aligns = children.borrowed(index)._withUnsafeGuaranteedRef { child in
                child.resolved.positionType != .absolute && child.resolved.alignSelf == .baseline
            }
            if aligns { return true }
        }
        return false
    }

    /// Distance from the item's top border edge to its baseline, for its measured size.
    func baselineOffset(pass: LayoutPass) -> Float {
        if baselineFunction != nil {
            return callBaselineFunction(width: state.measuredWidth, height: state.measuredHeight, pass: pass)
        }
        guard state.laidOutPass == pass.generation else { return state.measuredHeight }
        return laidOutBaseline(pass: pass)
    }

    /// The baseline of the node's current layout (its laid-out size and its children's positions).
    private func laidOutBaseline(pass: LayoutPass) -> Float {
        if baselineFunction != nil {
            return callBaselineFunction(width: state.width, height: state.height, pass: pass)
        }
        var baselineChild: LayoutNode? = nil
        // (CSS mode: a reversed axis places its last item at the start, top or line-left.)
        let reversed = usesIntrinsicWidths && resolved.flexDirection.isReverse
        // (CSS mode: the line at the top, the last one of a wrap-reverse row.)
        var topLine = 0
        if usesIntrinsicWidths && resolved.flexWrap == .wrapReverse && resolved.flexDirection.isRow {
            for child in layoutChildren where LayoutNode.isInFlow(child) { topLine = max(topLine, child.state.lineIndex) }
        }
        for child in layoutChildren {
            // (Yoga also considers `display: none` children here, and gets NaN from them.)
            if child.resolved.display == .none { continue }
            if child.state.lineIndex < topLine { continue }
            if child.state.lineIndex > topLine { break }
            if child.resolved.positionType == .absolute { continue }
            if sharesBaseline(child, state.direction) || child.referenceBaseline {
                baselineChild = child
                break
            }
            // (Else the startmost item: in CSS mode the last one of a reversed axis's line.)
            if baselineChild == nil || reversed { baselineChild = child }
        }
        guard let baselineChild else { return state.height }
        var top = baselineChild.state.positionTop
        if usesIntrinsicWidths && baselineChild.resolved.hasInsets {
            // (CSS mode: from the child's place before its relative offset moves it.)
            let direction = state.direction
            top -= baselineChild.relativePosition(.column, baselineChild.resolveDirection(direction),
                                                  state.height - paddingAndBorderForAxis(.column, direction, .nan),
                                                  containerDirection: direction)
        }
        return baselineChild.laidOutBaseline(pass: pass) + top
    }

    private func callBaselineFunction(width: Float, height: Float, pass: LayoutPass) -> Float {
        guard let baselineFunction else { return height }
        do {
            // Sizes that overflowed are reported as 0: the function only sees finite sizes.
            let baseline = try baselineFunction(width.isFinite ? width : 0, height.isFinite ? height : 0)
            if baseline.isFinite { return baseline }
            pass.recordFailure(of: self, LayoutError(.callbackFailed, "returned \(baseline)"), in: "baseline function")
        } catch {
            pass.recordFailure(of: self, error, in: "baseline function")
        }
        return height
    }
}
