// Rounding to the pixel grid. Results are computed unrounded; the final frames are
// snapped so that edges (not sizes) land on the grid: a width is the distance
// between the rounded absolute left and right edges, so adjacent boxes never gap
// or overlap. Leaves with a measure function (text) are never rounded smaller.
//
// Only what changed is rounded again: a subtree is skipped when no node in it was
// written by this pass and it moved by a whole number of pixels (its rounded
// offsets are then unchanged).
//
// Most edges and sizes are already on the grid (whole points at a scale of 1): a value
// whose scaled form is a whole number skips the general rounding, which would leave it
// as it is (its fraction is exactly 0), and gets the same bits without calling `floor`.

/// Rounds `value` to the grid of `scale` (points per pixel reciprocal), or forces a
/// ceiling or floor. Values already within 0.0001 of the grid stay put.
@inline(__always)
func roundToPixelGrid(_ value: Double, _ scale: Double, ceil forceCeil: Bool, floor forceFloor: Bool) -> Double {
    let scaled = value * scale
    if isWholeNumber(scaled) { return scaled / scale }
    return roundToPixelGridGenerally(value, scale, ceil: forceCeil, floor: forceFloor)
}

/// ``roundToPixelGrid(_:_:ceil:floor:)`` for any value (the rule itself; the fast path
/// is tested against it).
@inline(never)
func roundToPixelGridGenerally(_ value: Double, _ scale: Double, ceil forceCeil: Bool, floor forceFloor: Bool) -> Double {
    var scaled = value * scale
    // The fractional part in [0, 1), also for negative values.
    let fraction = scaled - scaled.rounded(.down)
    if inexactEquals(fraction, 0) {
        scaled -= fraction
    } else if inexactEquals(fraction, 1.0) {
        scaled = scaled - fraction + 1.0
    } else if forceCeil {
        scaled = scaled - fraction + 1.0
    } else if forceFloor {
        scaled -= fraction
    } else {
        scaled = scaled - fraction + (!fraction.isNaN && (fraction > 0.5 || inexactEquals(fraction, 0.5)) ? 1.0 : 0.0)
    }
    if scaled.isNaN || scale.isNaN { return .nan }
    return scaled / scale
}

/// `scaled - scaled.rounded(.down)`: the fractional part in [0, 1) (NaN for NaN and the
/// infinities), exactly 0 for a whole number without calling `floor`.
@inline(__always)
func gridFraction(_ scaled: Double) -> Double {
    isWholeNumber(scaled) ? 0 : scaled - scaled.rounded(.down)
}

/// Whether a scaled size lies off the grid by more than the tolerance (its fractional part
/// is neither about 0 nor about 1).
@inline(__always)
func hasGridFraction(_ scaled: Double) -> Bool {
    let fraction = gridFraction(scaled)
    return !inexactEquals(fraction, 0) && !inexactEquals(fraction, 1.0)
}

/// True when `value` is a finite whole number below 2^52 in magnitude (larger doubles
/// are all whole, but the general path handles them as well; NaN and the infinities are
/// not whole).
@inline(__always)
func isWholeNumber(_ value: Double) -> Bool {
    // Below 2^52, adding 2^52 lands where doubles are one apart: the sum is the magnitude
    // rounded to a whole number, and subtracting 2^52 again is exact.
    let magnitude = abs(value)
    return magnitude < 0x1p52 && (magnitude + 0x1p52) - 0x1p52 == magnitude
}

extension LayoutNode {
    /// Sets the rounded frame of this node and, where needed, of its descendants.
    /// `absoluteLeft`/`absoluteTop` are the parent's unrounded absolute position.
    ///
    /// A node's rounded frame depends only on its raw frame and on its absolute
    /// position's offset from the grid, so it is recomputed only when one of those
    /// changed; children are visited only when this pass wrote their frames or this
    /// node moved off its grid offset. Returns whether a rounded frame in the subtree
    /// changed (and records the pass in `descendantFramesChangedPass` on the way up).
    @discardableResult
    func roundToPixelGrid(absoluteLeft: Double, absoluteTop: Double, pass: LayoutPass) -> Bool {
        let scale = Double(config.pointScaleFactor)
        var raw = LayoutFrame(left: state.positionLeft, top: state.positionTop, width: state.width, height: state.height)
        if !(raw.left.isFinite && raw.top.isFinite && raw.width.isFinite && raw.height.isFinite) {
            // A last resort: styles whose percentages feed back into their own containing block
            // can grow sizes without bound; a host never gets NaN or an infinity.
            raw = LayoutFrame(left: raw.left.isFinite ? raw.left : 0, top: raw.top.isFinite ? raw.top : 0,
                              width: raw.width.isFinite ? raw.width : 0, height: raw.height.isFinite ? raw.height : 0)
            pass.statistics.nonFiniteValues += 1
        }
        let nodeLeft = Double(raw.left)
        let nodeTop = Double(raw.top)
        let absoluteNodeLeft = absoluteLeft + nodeLeft
        let absoluteNodeTop = absoluteTop + nodeTop
        if raw == state.lastRawFrame && absoluteNodeLeft == state.lastAbsoluteLeft
            && absoluteNodeTop == state.lastAbsoluteTop && state.childrenTouchedPass != pass.generation {
            // Nothing about this subtree's rounding changed.
            return false
        }
        let previousRounded = state.rounded
        let previousAbsoluteLeft = state.lastAbsoluteLeft
        let previousAbsoluteTop = state.lastAbsoluteTop
        let movedOffGrid = !(movedByWholePixels(absoluteNodeLeft, previousAbsoluteLeft, scale)
                             && movedByWholePixels(absoluteNodeTop, previousAbsoluteTop, scale))
        state.lastAbsoluteLeft = absoluteNodeLeft
        state.lastAbsoluteTop = absoluteNodeTop

        // (Only where Float adds whole pixels exactly: beyond 2^23 points it may not.)
        let limit = 0x1p23
        if scale != 0 && !movedOffGrid
            && raw.width == state.lastRawFrame.width && raw.height == state.lastRawFrame.height
            && raw != state.lastRawFrame
            && movedByWholePixels(nodeLeft, Double(state.lastRawFrame.left), scale)
            && movedByWholePixels(nodeTop, Double(state.lastRawFrame.top), scale)
            && abs(absoluteNodeLeft) < limit && abs(absoluteNodeTop) < limit
            && abs(previousAbsoluteLeft) < limit && abs(previousAbsoluteTop) < limit
            && abs(state.lastRawFrame.left) < Float(limit) && abs(state.lastRawFrame.top) < Float(limit) {
            // Same size, shifted by whole pixels (both relative to the parent and on the
            // page): the rounded frame shifts by the same amount.
            state.rounded.left += Float(nodeLeft - Double(state.lastRawFrame.left))
            state.rounded.top += Float(nodeTop - Double(state.lastRawFrame.top))
            state.lastRawFrame = raw
        } else if movedOffGrid || raw != state.lastRawFrame {
            state.lastRawFrame = raw
            pass.statistics.roundedNodes += 1
            if scale != 0 {
                let nodeWidth = Double(raw.width)
                let nodeHeight = Double(raw.height)
                let textRounding = isMeasured
                // (Only text rounds its far edges up or down, by whether its size is whole.)
                let hasFractionalWidth = textRounding && hasGridFraction(nodeWidth * scale)
                let hasFractionalHeight = textRounding && hasGridFraction(nodeHeight * scale)
                let roundedLeft = FrondLayout.roundToPixelGrid(absoluteNodeLeft, scale, ceil: false, floor: textRounding)
                let roundedTop = FrondLayout.roundToPixelGrid(absoluteNodeTop, scale, ceil: false, floor: textRounding)
                let roundedRight = FrondLayout.roundToPixelGrid(absoluteNodeLeft + nodeWidth, scale,
                                                                ceil: textRounding && hasFractionalWidth,
                                                                floor: textRounding && !hasFractionalWidth)
                let roundedBottom = FrondLayout.roundToPixelGrid(absoluteNodeTop + nodeHeight, scale,
                                                                 ceil: textRounding && hasFractionalHeight,
                                                                 floor: textRounding && !hasFractionalHeight)
                // Sizes are differences of rounded edges, taken before converting to Float
                // (whose steps are coarser than a pixel far from the origin).
                state.rounded = LayoutFrame(
                    left: Float(FrondLayout.roundToPixelGrid(nodeLeft, scale, ceil: false, floor: textRounding)),
                    top: Float(FrondLayout.roundToPixelGrid(nodeTop, scale, ceil: false, floor: textRounding)),
                    width: Float(roundedRight - roundedLeft),
                    height: Float(roundedBottom - roundedTop))
            } else {
                state.rounded = raw
            }
        }
        let rounded = state.rounded
        if !(rounded.left.isFinite && rounded.top.isFinite && rounded.width.isFinite && rounded.height.isFinite) {
            // Edges near Float's limit overflow when added up or shifted (a 3e38-wide box
            // at 3e38): keep the unrounded frame, which is finite.
            state.rounded = raw
            pass.statistics.nonFiniteValues += 1
        }

        var childChanged = false
        // (A leaf's empty list is not even copied.)
        if (movedOffGrid || state.childrenTouchedPass == pass.generation) && !childNodes.isEmpty {
            // Last child first: each child's rounding depends only on this node's position, and
            // layout has just visited the children in order, so those it visited last are the
            // likeliest to be still in the processor's caches when the tree is larger than them.
            // (Each child asks for the subtrees a few places ahead: see LayoutNode+Prefetch.swift.)
            // (It goes down the subtrees whose children this pass placed, and those that moved
            // off the grid, which a relayout seldom does: the former are asked for.)
            let children = childNodes
            let generation = pass.generation
            let descends = { (node: LayoutNode) in node.state.childrenTouchedPass == generation }
            var index = children.count
            children.prefetchSubtrees(at: index, step: -1, descends: descends)
            while index > 0 {
                index -= 1
                children.prefetchSubtrees(at: index, step: -1, descends: descends)
                let changed = children.borrowed(index)._withUnsafeGuaranteedRef { child in
                    child.roundToPixelGrid(absoluteLeft: absoluteNodeLeft, absoluteTop: absoluteNodeTop, pass: pass)
                }
                if changed { childChanged = true }
            }
        }
        if childChanged { state.descendantFramesChangedPass = pass.number }
        return childChanged || state.rounded != previousRounded
    }

    /// True when moving from `previous` to `current` keeps the position's offset from
    /// the pixel grid (so the rounded offsets of everything inside are unchanged).
    @inline(__always)
    private func movedByWholePixels(_ current: Double, _ previous: Double, _ scale: Double) -> Bool {
        if previous.isNaN { return false }
        if current == previous || scale == 0 { return true }
        let delta = (current - previous) * scale
        return isWholeNumber(delta) || abs(delta - delta.rounded()) < 1e-7
    }
}
