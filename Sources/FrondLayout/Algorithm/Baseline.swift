// Baselines (CSS Flexbox §8.5, §9.4 step 8): a node's baseline comes from its
// baseline function, else from its first baseline-aligned (or reference) child on
// the first line, else from its first child, else it is the node's bottom edge.

extension LayoutNode {
    /// True when this container (whose layout children are `children`) aligns items on
    /// their baselines (rows only).
    func isBaselineLayout(_ children: [LayoutNode]) -> Bool {
        if styleStorage.flexDirection.isColumn { return false }
        if styleStorage.alignItems == .baseline { return true }
        for child in children
        where child.styleStorage.positionType != .absolute && child.styleStorage.alignSelf == .baseline {
            return true
        }
        return false
    }

    /// Distance from the node's top border edge to its baseline, for its measured size.
    func baselineOffset(pass: LayoutPass) -> Float {
        if let baselineFunction {
            do {
                let baseline = try baselineFunction(state.measuredWidth, state.measuredHeight)
                if baseline.isFinite { return baseline }
                pass.recordFailure(of: self, LayoutError(.callbackFailed, "returned \(baseline)"), in: "baseline function")
            } catch {
                pass.recordFailure(of: self, error, in: "baseline function")
            }
            return state.measuredHeight
        }

        var baselineChild: LayoutNode? = nil
        for child in layoutChildren {
            if child.state.lineIndex > 0 { break }
            if child.styleStorage.positionType == .absolute { continue }
            if alignment(of: child) == .baseline || child.referenceBaseline {
                baselineChild = child
                break
            }
            if baselineChild == nil { baselineChild = child }
        }
        guard let baselineChild else { return state.measuredHeight }
        return baselineChild.baselineOffset(pass: pass) + baselineChild.state.positionTop
    }
}
