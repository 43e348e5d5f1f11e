import Synchronization

/// Passes are numbered globally so that a node moved between trees can never mistake
/// another tree's pass for one it has already been visited in.
private let passCounter = Atomic<UInt64>(0)

/// Counts of what one layout pass did; returned by ``LayoutNode/calculateLayout(width:height:direction:)``.
public struct LayoutPassStatistics: Hashable, Sendable {
    /// Nodes laid out (positions of their children computed).
    public var layouts = 0
    /// Nodes measured (size only).
    public var measures = 0
    /// Layouts answered from a node's cache.
    public var cachedLayouts = 0
    /// Measurements answered from a node's cache.
    public var cachedMeasures = 0
    /// Calls made to measure functions.
    public var measureCallbacks = 0
    /// Nodes whose rounded frame was recomputed.
    public var roundedNodes = 0
    /// Frames that came out of the algorithm with a NaN or infinite value (replaced by 0).
    public var nonFiniteValues = 0
    /// The number of the pass. Passes are numbered in increasing order across all trees;
    /// compare it with ``LayoutNode/descendantFramesChangedPass``.
    public var pass: UInt64 = 0

    public init() {}
}

/// The state of one pass over a tree.
final class LayoutPass {
    let generation: UInt32
    /// The full pass number (`generation` is its low 32 bits).
    let number: UInt64
    var statistics = LayoutPassStatistics()
    /// The first callback error; the pass finishes, then reports it.
    var callbackError: LayoutError?
    /// Nodes whose callback failed; they are marked dirty after the pass so that the
    /// next pass asks again instead of reusing the stand-in result.
    var failedNodes: [LayoutNode] = []
    /// The number of layouts computed so far in the pass (stamps `cachedLayout`).
    var layoutSerial = 0
    /// How many layouts done in place of measurements are under way (only their results
    /// need `ResultFlags.noOverflowBelow`).
    var fusedLayoutDepth = 0

    init(number: UInt64) {
        self.number = number
        generation = UInt32(truncatingIfNeeded: number)
        statistics.pass = number
    }

    func recordFailure(of node: LayoutNode, _ error: any Error, in what: String) {
        if callbackError == nil {
            callbackError = LayoutError(.callbackFailed, "\(what) failed: \(error)", underlying: error)
        }
        failedNodes.append(node)
    }
}

extension LayoutNode {
    /// Lays out the tree rooted at this node.
    ///
    /// - Parameters:
    ///   - width: the available width, or nil for none (max-content).
    ///   - height: the available height, or nil for none.
    ///   - direction: the direction the root inherits.
    /// - Throws: ``LayoutError`` when this node is not a root, a size is negative or not
    ///   finite, the tree is already being laid out, or a callback failed (the pass then
    ///   still completes, with failed leaves measured as 0×0).
    @discardableResult
    public func calculateLayout(width: Float? = nil, height: Float? = nil,
                                direction: LayoutDirection = .ltr) throws(LayoutError) -> LayoutPassStatistics {
        guard !isInLayoutPass else {
            throw LayoutError(.reentrantCall, "the tree is already being laid out")
        }
        guard !hasOwner else {
            throw LayoutError(.invalidTree, "layout must start at a root; this node has a parent")
        }
        for (name, value) in [("width", width), ("height", height)] {
            if let value, !(value.isFinite && value >= 0) {
                throw LayoutError(.invalidValue, "available \(name) \(value) is not a finite number ≥ 0")
            }
        }
        isLayingOut = true
        config.activeLayouts += 1
        defer {
            isLayingOut = false
            config.activeLayouts -= 1
        }

        let pass = LayoutPass(number: passCounter.add(1, ordering: .relaxed).newValue)
        layoutRoot(ownerWidth: width ?? .nan, ownerHeight: height ?? .nan, ownerDirection: direction, pass: pass)
        if let error = pass.callbackError {
            isLayingOut = false
            for node in pass.failedNodes { node.markDirtyAndPropagate() }
            throw error
        }
        return pass.statistics
    }

    /// The root's sizing: a definite style size is exact, a max size bounds the content,
    /// otherwise the available size is exact (or absent).
    private func layoutRoot(ownerWidth: Float, ownerHeight: Float, ownerDirection: LayoutDirection, pass: LayoutPass) {
        let direction = resolveDirection(ownerDirection)

        var width = Float.nan
        var widthMode = SizingMode.maxContent
        let maxWidth = resolvedMaxDimension(direction, .width, ownerWidth, ownerWidth)
        if hasDefiniteLength(.width, ownerWidth) {
            width = resolvedDimension(direction, .width, ownerWidth, ownerWidth) + marginForAxis(.row, direction, ownerWidth)
            widthMode = .stretchFit
        } else if maxWidth.isDefined {
            width = maxWidth
            widthMode = .fitContent
        } else {
            width = ownerWidth
            widthMode = width.isNaN ? .maxContent : .stretchFit
        }

        var height = Float.nan
        var heightMode = SizingMode.maxContent
        let maxHeight = resolvedMaxDimension(direction, .height, ownerHeight, ownerWidth)
        if hasDefiniteLength(.height, ownerHeight) {
            height = resolvedDimension(direction, .height, ownerHeight, ownerWidth) + marginForAxis(.column, direction, ownerWidth)
            heightMode = .stretchFit
        } else if maxHeight.isDefined {
            height = maxHeight
            heightMode = .fitContent
        } else {
            height = ownerHeight
            heightMode = height.isNaN ? .maxContent : .stretchFit
        }

        // An aspect ratio gives a size that neither the style nor the available space gives,
        // from the other one (Chromium: a root {height 44, aspectRatio 2} is 88 wide); a width
        // so given is never below the content's min-content width (its automatic minimum).
        if let ratio = resolved.aspectRatio {
            if width.isNaN && widthMode == .maxContent && heightMode == .stretchFit && height.isDefined {
                var inner = sizeFromRatio(height - marginForAxis(.column, direction, ownerWidth), of: .height, ratio,
                                          direction, ownerWidth)
                if minSize(.width).unit == .undefined && resolved.overflow == .visible
                    && config.modes.specFlexibleLengths {
                    inner = max(inner, minContentWidth(ownerDirection: ownerDirection, ownerWidth: ownerWidth, pass: pass))
                }
                width = boundAxis(.row, direction, inner, ownerWidth, ownerWidth) + marginForAxis(.row, direction, ownerWidth)
                widthMode = .stretchFit
            } else if height.isNaN && heightMode == .maxContent && widthMode == .stretchFit && width.isDefined
                        && !takesRatioHeightItself {
                // (CSS mode: the node takes the height its ratio gives itself, ContainerLayout.swift,
                // once its width is settled, below.)
                let innerWidth = width - marginForAxis(.row, direction, ownerWidth)
                let inner = ratioSizeAtLeastContent(sizeFromRatio(innerWidth, of: .width, ratio, direction, ownerWidth),
                                                    of: .height, other: innerWidth, direction: ownerDirection,
                                                    ownerWidth: ownerWidth, ownerHeight: ownerHeight, depth: 0, pass: pass,
                                                    ownMinimum: true)
                height = boundAxis(.column, direction, inner, ownerHeight, ownerWidth) + marginForAxis(.column, direction, ownerWidth)
                heightMode = .stretchFit
            } else if height.isNaN && heightMode == .maxContent && widthMode != .stretchFit && takesRatioHeightItself {
                // (A block's width is settled before its height: fit-content here.)
                let margin = marginForAxis(.row, direction, ownerWidth)
                width = contentBasedWidth(direction: direction, available: width - margin, mode: widthMode,
                                          innerHeight: .nan, ownerWidth: ownerWidth, pass: pass) + margin
                widthMode = .stretchFit
            }
        }

        let didWork = layoutIfNeeded(availableWidth: width, availableHeight: height, ownerDirection: ownerDirection,
                                     widthMode: widthMode, heightMode: heightMode,
                                     ownerWidth: ownerWidth, ownerHeight: ownerHeight,
                                     performLayout: true, depth: 0, pass: pass)
        if didWork {
            setInitialPosition(state.direction, ownerDirection: ownerDirection, ownerWidth: ownerWidth,
                               ownerHeight: ownerHeight, pass: pass)
            roundToPixelGrid(absoluteLeft: 0, absoluteTop: 0, pass: pass)
        }
    }

    /// Sets the position a child starts from before justification: its margin on each
    /// side, moved by its relative offset. A position counts from its own edge, so the
    /// offset (positive toward the inline end) adds on the inline-start side and subtracts
    /// on the inline-end side: a reversed axis, which places items from that side, moves
    /// them the same physical way (CSS: `top: 11` moves an item down 11 in a
    /// column-reverse container too; Yoga moved it up).
    func setInitialPosition(_ direction: LayoutDirection, ownerDirection: LayoutDirection, ownerWidth: Float,
                            ownerHeight: Float, pass: LayoutPass) {
        guard resolved.hasMargin || resolved.hasInsets else {
            state.positionLeft = 0
            state.positionTop = 0
            state.positionRight = 0
            state.positionBottom = 0
            return
        }
        // A root is always positioned left-to-right so that it never gets negative offsets.
        let rootSafeDirection: LayoutDirection = hasOwner ? direction : .ltr
        let mainAxis = resolved.flexDirection.resolved(rootSafeDirection)
        let crossAxis = mainAxis.crossAxis(rootSafeDirection)
        // (Offsets come in the frame of the direction whose start side wins; a row offset
        // turns around when that is the container's and it differs from the node's own.)
        let containerDirection = hasOwner ? ownerDirection : .ltr
        let flipsRow: Float = usesIntrinsicWidths && containerDirection != rootSafeDirection ? -1 : 1
        let relativeMain = relativePosition(mainAxis, rootSafeDirection, mainAxis.isRow ? ownerWidth : ownerHeight,
                                            containerDirection: containerDirection) * (mainAxis.isRow ? flipsRow : 1)
        let relativeCross = relativePosition(crossAxis, rootSafeDirection, mainAxis.isRow ? ownerHeight : ownerWidth,
                                             containerDirection: containerDirection) * (crossAxis.isRow ? flipsRow : 1)

        state.setPosition(inlineStartMargin(mainAxis, direction, ownerWidth) + relativeMain,
                          mainAxis.inlineStartEdge(direction))
        // (A root is placed from its left and top whatever its direction: both sides keep
        // the offset as it is.)
        let endSign: Float = hasOwner ? -1 : 1
        state.setPosition(inlineEndMargin(mainAxis, direction, ownerWidth) + endSign * relativeMain,
                          mainAxis.inlineEndEdge(direction))
        state.setPosition(inlineStartMargin(crossAxis, direction, ownerWidth) + relativeCross,
                          crossAxis.inlineStartEdge(direction))
        state.setPosition(inlineEndMargin(crossAxis, direction, ownerWidth) + endSign * relativeCross,
                          crossAxis.inlineEndEdge(direction))
    }
}
