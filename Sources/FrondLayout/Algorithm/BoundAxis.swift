// Clamping sizes to min/max (CSS "clamp" of a hypothetical size).

extension LayoutNode {
    /// `value` clamped to the node's min and max size on `axis` (max first, then min).
    @inline(__always)
    func boundAxisWithinMinAndMax(_ direction: LayoutDirection, _ axis: FlexDirection, _ value: Float,
                                  _ axisSize: Float, _ widthSize: Float) -> Float {
        let dimension = axis.dimension
        guard dimension == .width ? resolved.hasMinMaxWidth : resolved.hasMinMaxHeight else { return value }
        return clampedToMinAndMax(direction, dimension, value, axisSize, widthSize)
    }

    /// The clamp of ``boundAxisWithinMinAndMax(_:_:_:_:_:)`` for a node with a min or max
    /// size on `dimension` (kept out of line, so that the common case inlines into every
    /// caller).
    @inline(never)
    private func clampedToMinAndMax(_ direction: LayoutDirection, _ dimension: Axis, _ value: Float,
                                    _ axisSize: Float, _ widthSize: Float) -> Float {
        var value = value
        let maximum = resolvedMaxDimension(direction, dimension, axisSize, widthSize)
        if maximum >= 0 && value > maximum {
            // (CSS: a min size above the max size wins, CSS 2 §10.4; Yoga keeps the max. A
            // max size is of the content box, which is never negative: the border box it
            // gives is at least the padding and border.)
            guard usesIntrinsicWidths else { return maximum }
            value = max(maximum, paddingAndBorderForAxis(dimension == .width ? .row : .column, direction, widthSize))
        }
        let minimum = resolvedMinDimension(direction, dimension, axisSize, widthSize)
        if minimum >= 0 && value < minimum { return minimum }
        return value
    }

    /// `child`'s hypothetical main size as this container's item: its flex base size within its
    /// min and max main sizes (percentages of `mainAxisOwnerSize`) and at least its automatic
    /// minimum. Percentage paddings (in a content-box min or max) are of this container's inner
    /// width in CSS mode; Yoga takes them of the container's owner (`ownerWidth`).
    @inline(__always)
    func hypotheticalMainSize(of child: LayoutNode, _ direction: LayoutDirection, _ mainAxis: FlexDirection,
                              mainAxisOwnerSize: Float, ownerWidth: Float, availableInnerWidth: Float) -> Float {
        child.atLeastAutomaticMinimum(
            child.boundAxisWithinMinAndMax(direction, mainAxis, child.state.computedFlexBasis, mainAxisOwnerSize,
                                           usesIntrinsicWidths ? availableInnerWidth : ownerWidth))
    }

    /// Like ``boundAxisWithinMinAndMax(_:_:_:_:_:)`` and never below the padding and border.
    @inline(__always)
    func boundAxis(_ axis: FlexDirection, _ direction: LayoutDirection, _ value: Float,
                   _ axisSize: Float, _ widthSize: Float) -> Float {
        maxOrDefined(boundAxisWithinMinAndMax(direction, axis, value, axisSize, widthSize),
                     paddingAndBorderForAxis(axis, direction, widthSize))
    }
}
