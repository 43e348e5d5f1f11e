/// How an available size constrains a node during layout (CSS sizing terms).
enum SizingMode: UInt8 {
    /// The node must be exactly the available size (MeasureMode.exactly).
    case stretchFit
    /// The node may be at most the available size (MeasureMode.atMost).
    case fitContent
    /// No constraint (MeasureMode.undefined); the available size is NaN.
    case maxContent

    var measureMode: MeasureMode {
        switch self {
        case .stretchFit: return .exactly
        case .fitContent: return .atMost
        case .maxContent: return .undefined
        }
    }
}

/// One remembered answer of the layout function: for these inputs, this size.
struct CachedMeasurement {
    var availableWidth: Float = -1
    var availableHeight: Float = -1
    var widthMode: SizingMode = .maxContent
    var heightMode: SizingMode = .maxContent
    /// What the result promises beyond these constraints (fills the padding before the sizes).
    var flags: ResultFlags = []
    var computedWidth: Float = -1
    var computedHeight: Float = -1
    /// The containing block the percentages of the node's own style resolved against.
    var ownerWidth: Float = .nan
    var ownerHeight: Float = .nan
}

/// What a computed result of a node promises beyond the constraints it was computed for
/// (see ContentSizedHeight.swift).
struct ResultFlags: OptionSet {
    let rawValue: UInt8
    /// A layout whose size a measurement under the same constraints gives too (set on
    /// layouts only: a measurement is its own answer).
    static let sizeMatchesMeasurement = ResultFlags(rawValue: 1)
    /// The height came from the content: offered no height, at least this height or
    /// exactly this height, the node is laid out (and measured) the same.
    static let contentSizedHeight = ResultFlags(rawValue: 2)
    /// With `sizeMatchesMeasurement`: the `hadOverflow` that measurement leaves (on a
    /// measurement with the wider-bounds promises, WiderBounds.swift: its own).
    static let measurementOverflows = ResultFlags(rawValue: 4)
    /// The `hadOverflow` of a layout (the node reads it again when the layout is reused
    /// in place of one that would have been computed).
    static let layoutOverflows = ResultFlags(rawValue: 8)
    /// A layout done in place of a measurement (LayoutCache.swift).
    static let fusedLayout = ResultFlags(rawValue: 16)
    /// No node of the subtree came out of the computations behind this result with
    /// `hadOverflow`.
    static let noOverflowBelow = ResultFlags(rawValue: 32)
    /// A max-content measurement whose width any at-most width it fits in leaves the
    /// same (WiderBounds.swift).
    static let widthFitsWiderBounds = ResultFlags(rawValue: 64)
    /// The same for the height.
    static let heightFitsWiderBounds = ResultFlags(rawValue: 128)
}

/// The count of a node's remembered measurements (up to eight) and the first two of
/// them, stored inline; the node keeps the other six in a ``MeasurementOverflow``, made
/// the first time it needs a third (few do: most nodes are measured under one or two sets
/// of constraints per pass, or laid out without a measurement at all, and a list of
/// many rows keeps every node). (The overflow is not kept here, so that the working
/// state stays plain data, copied without reference counting.)
struct MeasurementCache {
    static let capacity = 8
    static let inlineCapacity = 2
    /// Number of valid entries; the next write goes to this index (wrapping at capacity).
    /// (First, so that it shares a cache line with the first entries.)
    var count = 0
    private var e0 = CachedMeasurement(), e1 = CachedMeasurement()

    /// One of the inline entries (`index` below ``inlineCapacity``).
    subscript(index: Int) -> CachedMeasurement {
        @inline(__always) get { index == 0 ? e0 : e1 }
        @inline(__always) set {
            if index == 0 { e0 = newValue } else { e1 = newValue }
        }
    }
}

/// Entries 2 to 7 of a node's ``MeasurementCache``. Owned by one node and never shared,
/// so it is changed in place.
final class MeasurementOverflow {
    private var e2 = CachedMeasurement(), e3 = CachedMeasurement(), e4 = CachedMeasurement()
    private var e5 = CachedMeasurement(), e6 = CachedMeasurement(), e7 = CachedMeasurement()

    /// The entry at `index` of the whole cache (``MeasurementCache/inlineCapacity`` up to
    /// ``MeasurementCache/capacity``).
    subscript(index: Int) -> CachedMeasurement {
        get {
            switch index {
            case 2: return e2
            case 3: return e3
            case 4: return e4
            case 5: return e5
            case 6: return e6
            default: return e7
            }
        }
        set {
            switch index {
            case 2: e2 = newValue
            case 3: e3 = newValue
            case 4: e4 = newValue
            case 5: e5 = newValue
            case 6: e6 = newValue
            default: e7 = newValue
            }
        }
    }
}

/// The engine's per-node working state: inputs resolved for this pass, intermediate
/// sizes, caches and the raw (unrounded) results.
struct NodeLayoutState {
    // (Fields are ordered by how often a pass reads them: a tree of many nodes does not
    // fit in the processor's caches, so the fields most visits read share a few lines.)

    // Cache validity.
    var generationCount: UInt32 = 0
    var configVersion: UInt32 = 0
    var lastOwnerDirection: LayoutDirection = .inherit
    /// Whether a layout child had a percentage min/max size at the last layout of the children.
    var childrenUsePercentMinMax = false
    var direction: LayoutDirection = .inherit
    var hadOverflow = false
    var hasNewLayout = true
    var flexFrozen = false
    /// The flags of the node's latest result (computed or answered from its cache).
    var resultFlags: ResultFlags = []
    /// Whether the styles of the subtree allow fusion (see ContentSizedHeight.swift), as
    /// found with config version `fusionCheckVersion` (0: not known; a change in the
    /// subtree marks the node dirty, which forgets it).
    var subtreeAllowsFusion = false
    var fusionCheckVersion: UInt32 = 0

    // Raw results, relative to the parent's border box.
    var positionLeft: Float = 0
    var positionTop: Float = 0
    var positionRight: Float = 0
    var positionBottom: Float = 0
    var width: Float = .nan
    var height: Float = .nan
    var measuredWidth: Float = .nan
    var measuredHeight: Float = .nan

    // Flex bookkeeping.
    var computedFlexBasis: Float = .nan
    var computedFlexBasisGeneration: UInt32 = 0
    /// The node's max-content width (border box, CSS mode only) and the pass it was
    /// computed in (see IntrinsicWidths.swift; within a pass a node's owner direction is
    /// fixed, so the pass is the whole key).
    var maxContentWidth: Float = .nan
    var maxContentWidthGeneration: UInt32 = 0
    /// The definite border-box height it was computed at (NaN: none).
    var maxContentWidthHeight: Float = .nan
    /// CSS mode: the border-box height the node's content gave in its last computation,
    /// before its min and max heights (a column item's flex base size; FlexBasis.swift).
    var contentHeight: Float = .nan
    /// The CSS automatic minimum main size computed for the current line (NaN = none).
    var autoMinMainSize: Float = .nan
    /// The main size the specification's flexible-length loop settled on (see
    /// `resolveTargetMainSizes`), and whether the item is frozen in that loop (`flexFrozen`).
    var flexTarget: Float = .nan
    /// How far the min/max clamp moved the item in the current iteration of that loop.
    var flexViolation: Float = 0
    /// The layout pass that last laid this node out (or confirmed its cached layout).
    var laidOutPass: UInt32 = 0
    /// The layout pass that last wrote the frames of this node's children (or of absolute
    /// descendants reached through it).
    var childrenTouchedPass: UInt32 = 0
    var lineIndex = 0
    /// The inputs the last measured flex basis was computed from (see `FlexBasisKey`).
    var flexBasisKey = FlexBasisKey()
    /// The height the last measured flex basis needs its container's inner height to leave
    /// room for, for the container to be content-sized (see ContentSizedHeight.swift):
    /// -infinity when the basis was not measured, NaN when the measurement was not
    /// content-sized.
    var flexBasisHeightBound: Float = -.infinity
    var cachedLayout = CachedMeasurement()
    /// When `cachedLayout` was computed: the pass and the pass's count of layouts then.
    var cachedLayoutPass: UInt32 = 0
    var cachedLayoutSerial = 0

    // Rounded results and the bookkeeping that lets rounding skip untouched subtrees. (The
    // first two, which a host reads for every node it mounts, share a cache line.)
    /// The last pass that changed the rounded frame of a node below this one.
    var descendantFramesChangedPass: UInt64 = 0
    var rounded = LayoutFrame()
    /// The raw frame the rounded frame was computed from.
    var lastRawFrame = LayoutFrame(left: .nan, top: .nan, width: .nan, height: .nan)
    var lastAbsoluteLeft: Double = .nan
    var lastAbsoluteTop: Double = .nan

    var measurements = MeasurementCache()

    @inline(__always)
    func position(_ edge: PhysicalEdge) -> Float {
        switch edge {
        case .left: return positionLeft
        case .top: return positionTop
        case .right: return positionRight
        case .bottom: return positionBottom
        }
    }

    @inline(__always)
    mutating func setPosition(_ value: Float, _ edge: PhysicalEdge) {
        switch edge {
        case .left: positionLeft = value
        case .top: positionTop = value
        case .right: positionRight = value
        case .bottom: positionBottom = value
        }
    }

    @inline(__always)
    func measured(_ axis: Axis) -> Float { axis == .width ? measuredWidth : measuredHeight }

    @inline(__always)
    mutating func setMeasured(_ value: Float, _ axis: Axis) {
        if axis == .width { measuredWidth = value } else { measuredHeight = value }
    }
}

/// The margins, borders and paddings a node's last layout computed, kept out of the node
/// (see ``LayoutNode/sideResultsStorage``): a node whose style sets no side has none, and its
/// results are all zero.
final class SideResults {
    var margin = EdgeQuad()
    var border = EdgeQuad()
    var padding = EdgeQuad()
}

/// Four floats, one per physical side.
struct EdgeQuad {
    var left: Float = 0
    var top: Float = 0
    var right: Float = 0
    var bottom: Float = 0

    @inline(__always)
    subscript(edge: PhysicalEdge) -> Float {
        get {
            switch edge {
            case .left: return left
            case .top: return top
            case .right: return right
            case .bottom: return bottom
            }
        }
        set {
            switch edge {
            case .left: left = newValue
            case .top: top = newValue
            case .right: right = newValue
            case .bottom: bottom = newValue
            }
        }
    }
}

/// Everything a measured flex basis depends on besides the (clean) child itself: the
/// constraints offered, the container's relevant style, and the config version. (Packed
/// into four words, so that the check every clean child meets is four comparisons.)
struct FlexBasisKey: Equatable {
    /// The offered width's and height's bits.
    private var sizes: UInt64 = 0
    /// The owner width's and height's bits.
    private var ownerSizes: UInt64 = 0
    /// The container's and the child's config versions.
    private var versions: UInt64 = 0
    /// The modes, the direction, the main axis, the overflow and the alignment, a byte each,
    /// and (top byte) whether a basis has been stored.
    private var choices: UInt64 = 0

    init() {}

    init(width: UInt32, height: UInt32, ownerWidth: UInt32, ownerHeight: UInt32,
         widthMode: SizingMode, heightMode: SizingMode, direction: LayoutDirection, mainAxis: FlexDirection,
         overflow: Overflow, alignment: Align, configVersion: UInt32, childConfigVersion: UInt32) {
        sizes = UInt64(width) | UInt64(height) << 32
        ownerSizes = UInt64(ownerWidth) | UInt64(ownerHeight) << 32
        versions = UInt64(configVersion) | UInt64(childConfigVersion) << 32
        choices = UInt64(widthMode.rawValue) | UInt64(heightMode.rawValue) << 8 | UInt64(direction.rawValue) << 16
            | UInt64(mainAxis.rawValue) << 24 | UInt64(overflow.rawValue) << 32 | UInt64(alignment.rawValue) << 40
            | 1 << 56
    }

    /// False until a basis has been stored.
    var isValid: Bool {
        @inline(__always) get { choices >> 56 != 0 }
        @inline(__always) set { choices = choices & ~(0xFF << 56) | (newValue ? 1 << 56 : 0) }
    }
}
