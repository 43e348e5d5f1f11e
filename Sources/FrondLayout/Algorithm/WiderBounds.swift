// Step: a max-content measurement of a container answers an at-most request it fits in
// (with Yoga's `minSizeUndefinedInsteadOfAuto` erratum, the configuration Yoga's corpus and
// ComponentKit's layouts use, and `LayoutConfig.reusesContentSizedLayouts`).
//
// A container measured with no width (max-content) that takes its width from its content
// would measure the same with an at-most width the result fits in: its final size is its
// content's either way (step 9), and nothing else of its computation reads the width it
// was offered, provided that
//   - no free space is handed out along that axis: no line wrapping, no min or max size
//     on the axis (a min gives free space, a max a bound the children are measured at),
//     no scrolling, no aspect ratio, and Yoga's `stretchFlexBasis` erratum is off (with
//     it an at-most container grows its items to the bound);
//   - no child resolves a percentage against it (sizes, margins, paddings, min/max),
//     none has a flex basis of its own (whether an explicit basis is used depends on
//     whether the container's size is known, not on what it is), none has margins that
//     add up to less than nothing on an axis (the items' outer sizes could then add up to
//     less than one item's own, and each item is offered the container's whole inner
//     size), none is aligned on a baseline, positioned or `display: contents`;
//   - every child asked with a constraint taken from that axis answers the same under the
//     wider bound: it has a definite length on the axis, or it is a leaf (an empty box
//     measures to its padding and border either way; a measure function's max-content
//     answer already answers a bound it fits in, see `CachedMeasurement.canAnswer`), or
//     its own answer carries the same promise.
// The same holds for the height. A measurement that qualifies carries
// `ResultFlags.widthFitsWiderBounds` (`heightFitsWiderBounds`), and the cache then answers
// an at-most request on that axis that is at least the measured size (margins aside),
// the other axis matching as usual. Nested containers without sizes, each asked for its
// size under several combinations of constraints (max-content, at most, exactly, along
// either axis), are then computed for about half of them.
//
// Such a measurement also records the overflow it left (`measurementOverflows`), which an
// answer through the promise restores, as the computation it stands for would have left it.
//
// What a measurement can still promise is gathered in the container's own
// `state.resultFlags` while its children are asked (nothing reads a node's flags while
// it is being computed), and the measurement's flags are set from it at the end.

extension ResultFlags {
    /// Both promises of this step.
    static let fitsWiderBounds: ResultFlags = [.widthFitsWiderBounds, .heightFitsWiderBounds]
}

extension LayoutNode {
    /// The promises a measurement of this container under these modes can make if every
    /// child keeps them (see above): none for a layout, outside Yoga's modes, or when the
    /// container or a child breaks a condition.
    @inline(__always)
    func widerBoundsCandidates(_ children: [LayoutNode], widthMode: SizingMode, heightMode: SizingMode,
                               performLayout: Bool) -> ResultFlags {
        guard !performLayout, widthMode == .maxContent || heightMode == .maxContent else { return [] }
        return measuredWiderBoundsCandidates(children, widthMode: widthMode, heightMode: heightMode)
    }

    /// ``widerBoundsCandidates(_:widthMode:heightMode:performLayout:)`` for a measurement
    /// with no size along an axis (out of line: layouts, most of the work, skip it).
    @inline(never)
    private func measuredWiderBoundsCandidates(_ children: [LayoutNode], widthMode: SizingMode,
                                               heightMode: SizingMode) -> ResultFlags {
        guard config.reusesContentSizedLayouts, !usesSpecFlexibleLengths, contentsChildCount == 0,
              resolved.aspectRatio == nil, resolved.flexWrap == .noWrap, resolved.overflow != .scroll,
              resolved.rowGap.unit != .percent, resolved.columnGap.unit != .percent,
              resolved.alignItems != .baseline, !config.modes.stretchFlexBasis else { return [] }
        var candidates: ResultFlags = []
        if widthMode == .maxContent && !resolved.hasMinMaxWidth { candidates.insert(.widthFitsWiderBounds) }
        if heightMode == .maxContent && !resolved.hasMinMaxHeight { candidates.insert(.heightFitsWiderBounds) }
        guard !candidates.isEmpty else { return [] }
        var plain = true
        children.forEachBorrowed { child in
            guard plain else { return }
            // (Its config too: with another one it could have an automatic minimum, which
            // asks it for its size once more.)
            // (And no negative margins: with them the items' outer sizes can add up to less
            // than one item's size, which the container offers each of them.)
            plain = child.resolved.isPlainFlowItem && child.processedFlexBasis().unit == .auto
                && child.resolved.alignSelf != .baseline && child.resolved.display != .contents
                && !child.config.modes.specFlexibleLengths
                && !(child.resolved.fixedMarginRowLTR < 0) && !(child.resolved.fixedMarginRowRTL < 0)
                && !(child.resolved.fixedMarginColumn < 0)
        }
        return plain ? candidates : []
    }

    /// The promises of this step that this child's latest answer keeps, as a child asked
    /// with constraints its container took from the space it was offered.
    @inline(__always)
    func widerBoundsKept(unasked: Bool = false, ownerWidth: Float, ownerHeight: Float) -> ResultFlags {
        if isMeasured || childNodes.isEmpty { return .fitsWiderBounds }
        // (A child answered without being asked, from its container's record of its flex
        // basis, keeps only what its style guarantees.)
        var kept = unasked ? [] : state.resultFlags.intersection(.fitsWiderBounds)
        if hasDefiniteLength(.width, ownerWidth) { kept.insert(.widthFitsWiderBounds) }
        if hasDefiniteLength(.height, ownerHeight) { kept.insert(.heightFitsWiderBounds) }
        return kept
    }

    /// After asking `child` during a measurement with constraints taken from the space
    /// offered along `axes` (the others exact sizes the container worked out, the same
    /// under the wider bound): what the container can still promise.
    @inline(__always)
    func keepWiderBounds(of child: LayoutNode, along axes: ResultFlags = .fitsWiderBounds, unasked: Bool = false,
                         ownerWidth: Float, ownerHeight: Float) {
        if state.resultFlags.rawValue & ResultFlags.fitsWiderBounds.rawValue == 0 { return }
        keepWiderBoundsAsked(of: child, along: axes, unasked: unasked, ownerWidth: ownerWidth, ownerHeight: ownerHeight)
    }

    @inline(never)
    private func keepWiderBoundsAsked(of child: LayoutNode, along axes: ResultFlags, unasked: Bool, ownerWidth: Float,
                                      ownerHeight: Float) {
        let kept = child.widerBoundsKept(unasked: unasked, ownerWidth: ownerWidth, ownerHeight: ownerHeight)
        state.resultFlags.formIntersection(kept.union(ResultFlags.fitsWiderBounds.subtracting(axes)))
    }

    /// The measurement among the first `count` that answers the request through the
    /// promises of this step, if any (after no entry matched it exactly).
    @inline(never)
    func measurementAnsweringWiderBound(_ width: Float, _ widthMode: SizingMode, _ height: Float,
                                        _ heightMode: SizingMode, ownerDirection: LayoutDirection,
                                        ownerWidth: Float, ownerHeight: Float, checkOwner: Bool) -> Int? {
        let marginRow = marginForAxis(.row, ownerDirection, ownerWidth)
        let marginColumn = marginForAxis(.column, ownerDirection, ownerWidth)
        for index in 0..<state.measurements.count {
            let entry = measurement(index)
            if checkOwner && !entry.isFor(ownerWidth: ownerWidth, ownerHeight: ownerHeight) { continue }
            if entry.answersWiderBounds(width, widthMode, height, heightMode,
                                        marginRow: marginRow, marginColumn: marginColumn) {
                return index
            }
        }
        return nil
    }
}

extension CachedMeasurement {
    /// Whether this measurement answers the request through the promises above: on each
    /// axis the same constraint, or an at-most size the max-content result fits in.
    /// (`width`/`height` include the margins; the computed size does not.)
    @inline(__always)
    func answersWiderBounds(_ width: Float, _ widthMode: SizingMode, _ height: Float, _ heightMode: SizingMode,
                            marginRow: Float, marginColumn: Float) -> Bool {
        // (A bound of 0 or less is not answered: there a measurement takes a shortcut of its
        // own when the other size is fixed, see `measureFixedSize`.)
        let widthAnswers = (self.widthMode == widthMode && inexactEquals(availableWidth, width))
            || (flags.contains(.widthFitsWiderBounds) && widthMode == .fitContent && width - marginRow > 0
                && width - marginRow >= computedWidth)
        let heightAnswers = (self.heightMode == heightMode && inexactEquals(availableHeight, height))
            || (flags.contains(.heightFitsWiderBounds) && heightMode == .fitContent && height - marginColumn > 0
                && height - marginColumn >= computedHeight)
        return widthAnswers && heightAnswers
    }
}
