// Sizing nodes whose size does not come from children: measured leaves, empty
// containers, and containers asked only for a size they already know.

extension LayoutNode {
    /// A leaf with a measure function: asks it for the content size under the
    /// constraints (minus padding and border), then clamps to min/max.
    func measureLeaf(direction: LayoutDirection, availableWidth: Float, availableHeight: Float,
                     widthMode: SizingMode, heightMode: SizingMode,
                     ownerWidth: Float, ownerHeight: Float, pass: LayoutPass) {
        let availableWidth = widthMode == .maxContent ? Float.nan : availableWidth
        let availableHeight = heightMode == .maxContent ? Float.nan : availableHeight
        let (padding, border) = (paddings, borders)
        let paddingAndBorderRow = padding.left + padding.right + border.left + border.right
        let paddingAndBorderColumn = padding.top + padding.bottom + border.top + border.bottom
        // Never ask for a negative size.
        let innerWidth = availableWidth.isNaN ? availableWidth : maxOrDefined(0, availableWidth - paddingAndBorderRow)
        let innerHeight = availableHeight.isNaN ? availableHeight : maxOrDefined(0, availableHeight - paddingAndBorderColumn)

        if widthMode == .stretchFit && heightMode == .stretchFit {
            // Both sizes are imposed: no need to measure.
            state.measuredWidth = boundAxis(.row, direction, availableWidth, ownerWidth, ownerWidth)
            state.measuredHeight = boundAxis(.column, direction, availableHeight, ownerHeight, ownerWidth)
            return
        }

        var size = LayoutSize(width: 0, height: 0)
        if isMeasured {
            pass.statistics.measureCallbacks += 1
            do {
                // A size that overflowed to infinity is no constraint (a measure function
                // only ever sees NaN with the undefined mode).
                let measured = try measureContent(width: innerWidth.isFinite ? innerWidth : .nan,
                                                  widthMode: innerWidth.isFinite ? widthMode.measureMode : .undefined,
                                                  height: innerHeight.isFinite ? innerHeight : .nan,
                                                  heightMode: innerHeight.isFinite ? heightMode.measureMode : .undefined)
                if measured.width.isFinite && measured.height.isFinite {
                    // Negative sizes are read as 0, as Yoga does.
                    size = LayoutSize(width: max(0, measured.width), height: max(0, measured.height))
                } else {
                    pass.recordFailure(of: self, LayoutError(.callbackFailed, "returned \(measured.width)×\(measured.height)"),
                                       in: "measure function")
                }
            } catch {
                pass.recordFailure(of: self, error, in: "measure function")
            }
        }
        let fitsContentWidth = widthMode == .maxContent || widthMode == .fitContent
        let fitsContentHeight = heightMode == .maxContent || heightMode == .fitContent
        state.measuredWidth = boundAxis(.row, direction, fitsContentWidth ? size.width + paddingAndBorderRow : availableWidth,
                                        ownerWidth, ownerWidth)
        state.measuredHeight = boundAxis(.column, direction,
                                         fitsContentHeight ? size.height + paddingAndBorderColumn : availableHeight,
                                         ownerHeight, ownerWidth)
    }

    /// The content width of a measured leaf laid out as narrow as it can be: the measure
    /// function is asked for at most 0 points of width, with no height limit.
    func measureMinContentWidth(direction: LayoutDirection, pass: LayoutPass) -> Float {
        measureContentWidth(width: 0, widthMode: .atMost, pass: pass)
    }

    /// The content width of a measured leaf with no limit on either side (for text: the
    /// width of its longest line when no line is broken).
    func measureMaxContentWidth(pass: LayoutPass) -> Float {
        measureContentWidth(width: .nan, widthMode: .undefined, pass: pass)
    }

    /// The width the measure function answers for a width constraint and no height limit
    /// (0 for a node without one, or when it fails: the failure is recorded in `pass`).
    private func measureContentWidth(width: Float, widthMode: MeasureMode, pass: LayoutPass) -> Float {
        guard isMeasured else { return 0 }
        pass.statistics.measureCallbacks += 1
        do {
            let measured = try measureContent(width: width, widthMode: widthMode, height: .nan, heightMode: .undefined)
            if measured.width.isFinite && measured.height.isFinite { return max(0, measured.width) }
            pass.recordFailure(of: self, LayoutError(.callbackFailed, "returned \(measured.width)×\(measured.height)"),
                               in: "measure function")
        } catch {
            pass.recordFailure(of: self, error, in: "measure function")
        }
        return 0
    }

    /// A node without children: the available size, or just its padding and border.
    func measureEmpty(direction: LayoutDirection, availableWidth: Float, availableHeight: Float,
                      widthMode: SizingMode, heightMode: SizingMode, ownerWidth: Float, ownerHeight: Float) {
        var width = availableWidth
        if widthMode == .maxContent || widthMode == .fitContent {
            // (CSS mode: at least what its min height gives through an aspect ratio.)
            width = widthWithinTransferredLimits(paddings.left + paddings.right + borders.left + borders.right,
                                                 direction: direction)
        }
        state.measuredWidth = boundAxis(.row, direction, width, ownerWidth, ownerWidth)
        var height = availableHeight
        if heightMode == .maxContent || heightMode == .fitContent {
            height = paddings.top + paddings.bottom + borders.top + borders.bottom
            // (CSS mode: an aspect ratio gives an indefinite height from a width the box's
            // own sizes give; a width it is stretched to is its parent's to transfer.)
            if usesIntrinsicWidths && widthMode != .stretchFit, let ratio = resolved.aspectRatio {
                height = max(height, sizeFromRatio(state.measuredWidth, of: .width, ratio, direction, ownerWidth,
                                                   ownerHeight: ownerHeight))
            }
        }
        state.measuredHeight = boundAxis(.column, direction, height, ownerHeight, ownerWidth)
    }

    /// When both sizes are fixed by the constraints (exact, or an at-most bound of 0 or
    /// less), sets them without looking at the children and returns true.
    func measureFixedSize(direction: LayoutDirection, availableWidth: Float, availableHeight: Float,
                          widthMode: SizingMode, heightMode: SizingMode, ownerWidth: Float, ownerHeight: Float) -> Bool {
        guard Self.isFixedSize(availableWidth, widthMode) && Self.isFixedSize(availableHeight, heightMode) else {
            return false
        }
        let width = availableWidth.isNaN || (widthMode == .fitContent && availableWidth < 0) ? 0 : availableWidth
        let height = availableHeight.isNaN || (heightMode == .fitContent && availableHeight < 0) ? 0 : availableHeight
        state.measuredWidth = boundAxis(.row, direction, width, ownerWidth, ownerWidth)
        state.measuredHeight = boundAxis(.column, direction, height, ownerHeight, ownerWidth)
        return true
    }

    @inline(__always)
    static func isFixedSize(_ size: Float, _ mode: SizingMode) -> Bool {
        mode == .stretchFit || (size.isDefined && mode == .fitContent && size <= 0)
    }
}
