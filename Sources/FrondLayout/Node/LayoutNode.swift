import CPrefetch
/// A node of a flexbox layout tree: a style, children, an optional measure function
/// for leaves, and the results of the last layout pass.
///
/// A tree is built by inserting children (a node has at most one parent), styled with
/// ``setStyle(_:)``, and laid out from its root with ``calculateLayout(width:height:direction:)``.
/// Results are read from ``layout``. Changing a style, a child list or a measure
/// function marks the node and its ancestors dirty; the next pass recomputes only what
/// that change can affect and serves the rest from each node's cache.
///
/// Invariants: the parent chain has no cycles and is at most ``maximumDepth`` nodes long;
/// a node with a measure function has no children. A tree is not thread-safe: use it
/// from one thread at a time. Mutating a tree from inside one of its own callbacks
/// during a pass is refused with ``LayoutError/Kind/reentrantCall``.
///
/// The class is open only so that the component engine's tree nodes can be layout nodes
/// themselves (one object per component instead of two); none of its members can be
/// overridden.
open class LayoutNode {
    /// The longest root-to-leaf chain a tree may have, counting both ends. Deeper trees
    /// are refused when built, so layout never exhausts a thread's stack.
    public static let maximumDepth = 256

    /// Measures a leaf: given the available width and height (NaN when the mode is
    /// `.undefined`) returns the content size. Throwing fails the pass with
    /// ``LayoutError/Kind/callbackFailed``; the leaf then counts as 0×0.
    public typealias MeasureFunction = (_ width: Float, _ widthMode: MeasureMode,
                                        _ height: Float, _ heightMode: MeasureMode) throws -> LayoutSize
    /// Returns the distance from the top of a laid-out node to its baseline.
    public typealias BaselineFunction = (_ width: Float, _ height: Float) throws -> Float

    // (Stored properties are ordered by how often a pass reads them: a tree of many nodes
    // does not fit in the processor's caches, so the fields most visits read share a few
    // lines. What few nodes need, the functions and measurements beyond the second, lives
    // behind references, and so does the style, which nodes with the same style share, so
    // that a node stays small; what a pass never reads comes last.)

    /// The config this node was created with.
    public let config: LayoutConfig
    @exclusivity(unchecked) var childNodes: [LayoutNode] = []
    /// The parent, unretained (a parent keeps its children alive and clears this when it dies).
    @exclusivity(unchecked) var ownerStorage: Unmanaged<LayoutNode>?
    var owner: LayoutNode? {
        get { ownerStorage?.takeUnretainedValue() }
        set { ownerStorage = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// `owner != nil`, without touching reference counts.
    @inline(__always) var hasOwner: Bool { ownerStorage != nil }
    /// The node's measure and baseline functions, nil when it has neither (most nodes: a
    /// text's node is measured by its config's leaf measurer). Kept out of the node, where
    /// the two optional closures took 32 bytes of every node.
    @exclusivity(unchecked) var callbacks: NodeCallbacks?
    /// The measure function (see ``setMeasureFunction(_:)``).
    var measureFunction: MeasureFunction? {
        @inline(__always) get { callbacks?.measure }
    }
    /// Whether the node is a measured leaf: by `measureFunction` or, when that is nil, by
    /// its config's ``LayoutConfig/leafMeasurer`` (reading the flag does not copy the
    /// closure).
    @exclusivity(unchecked) var isMeasured = false
    @exclusivity(unchecked) var isDirtyFlag = true
    /// Set on a root while a pass runs over its tree.
    @exclusivity(unchecked) var isLayingOut = false
    @exclusivity(unchecked) var referenceBaseline = false
    /// At least the number of nodes on the longest downward chain from this node (exact
    /// until a descendant is removed); lets insertions skip measuring the subtree's depth.
    @exclusivity(unchecked) var heightBound: Int32 = 1
    @exclusivity(unchecked) var contentsChildCount: Int32 = 0
    /// How many children have a percentage min/max size (kept as children and styles
    /// change, so that a layout need not visit every child's style to know).
    @exclusivity(unchecked) var percentMinMaxChildCount: Int32 = 0
    /// What the node keeps of its style, shared with the nodes that have the same style
    /// (see ``NodeStyle``), held with one retain of the node's own (released by `deinit`
    /// or when the style is replaced) so that the algorithm reads it without reference
    /// counting.
    @exclusivity(unchecked) private var nodeStyle: Unmanaged<NodeStyle>
    /// Asks for the line holding this node's style reference (returns at once).
    package func prefetchStyleField() {
        withUnsafeMutablePointer(to: &nodeStyle) { frond_prefetch_bytes($0, MemoryLayout<Unmanaged<NodeStyle>>.size) }
    }
    /// The resolved style the algorithm reads.
    var resolved: ResolvedStyle {
        @inline(__always) get { nodeStyle._withUnsafeGuaranteedRef { $0.resolved } }
    }
    /// The per-side values (see ``NodeStyle/sidesStorage``), nil when the style sets no
    /// margin, padding, border or inset.
    var sidesStorage: Unmanaged<ResolvedSides>? {
        @inline(__always) get { nodeStyle._withUnsafeGuaranteedRef { $0.sidesStorage } }
    }
    var sides: ResolvedSides? { sidesStorage?.takeUnretainedValue() }
    /// The side results of the last layout, held with one retain of the node's own (as
    /// `sidesStorage`); made by the first layout of a node with sides, nil until then
    /// (all zero). Read them with ``margins``, ``borders`` and ``paddings``.
    @exclusivity(unchecked) var sideResultsStorage: Unmanaged<SideResults>?
    @exclusivity(unchecked) var state = NodeLayoutState()
    /// The baseline function (see ``setBaselineFunction(_:)``).
    var baselineFunction: BaselineFunction? {
        @inline(__always) get { callbacks?.baseline }
    }
    /// Measurements 2 to 7 (see ``MeasurementCache``); nil until a third is needed.
    @exclusivity(unchecked) var measurementOverflow: MeasurementOverflow?
    /// What ``style`` needs besides `resolved` and `sides` to rebuild the style as set.
    var styleOriginals: StyleOriginals { nodeStyle._withUnsafeGuaranteedRef { $0.originals } }
    /// A number the owner of the node may use to find its own record of it (the C API
    /// keeps the node's handle here). Not used by the engine.
    public var tag: UInt64 = 0

    /// A node with the config's default style.
    public convenience init(config: LayoutConfig = LayoutConfig()) {
        self.init(config: config, parts: StyleParts(LayoutStyle(webDefaults: config.useWebDefaults)))
    }

    /// A node with the given style (checked as by ``setStyle(_:)``).
    public convenience init(config: LayoutConfig = LayoutConfig(), style: LayoutStyle) throws(LayoutError) {
        try style.validate()
        self.init(config: config, parts: StyleParts(style))
    }

    /// A node with what it keeps of a checked style (``LayoutStyle/validate()``).
    init(config: LayoutConfig, parts: consuming StyleParts) {
        self.config = config
        nodeStyle = Unmanaged.passRetained(NodeStyle(parts))
    }

    /// A node with a prepared style (see ``PreparedStyle``): the initializer subclasses in
    /// this package call, as they make many nodes with few styles (which then share
    /// what they keep of it).
    package init(config: LayoutConfig, prepared: borrowing PreparedStyle) {
        self.config = config
        nodeStyle = Unmanaged.passRetained(prepared.nodeStyle)
    }

    deinit {
        nodeStyle.release()
        sideResultsStorage?.release()
        // Children outlive a parent only as roots of their own trees. (Compared by address:
        // neither the children nor this dying node are retained for it.)
        let me = Unmanaged.passUnretained(self).toOpaque()
        childNodes.forEachBorrowed { child in
            if child.ownerStorage?.toOpaque() == me { child.ownerStorage = nil }
        }
    }

    // MARK: Style

    /// The node's style. Change it with ``setStyle(_:)`` or ``updateStyle(_:)``.
    public var style: LayoutStyle {
        LayoutStyle(resolved: resolved, sides: sides, originals: styleOriginals)
    }

    /// Whether the node's style is known to be `style`, bit for bit: the node was made with
    /// a prepared style (see ``PreparedStyle``) made from it, and kept it. False means
    /// only "not known": compare with ``style``. (A cheap first look for builds that give
    /// thousands of nodes their styles again; `inout` only so that it is read in place.)
    package func hasStyle(knownToBe style: inout LayoutStyle) -> Bool {
        nodeStyle._withUnsafeGuaranteedRef { $0.isMade(from: &style) }
    }

    /// Replaces the style after checking every value (``LayoutStyle/validate()``);
    /// marks the node dirty when anything changed.
    public func setStyle(_ newStyle: LayoutStyle) throws(LayoutError) {
        try newStyle.validate()
        try checkNotLayingOut()
        guard newStyle != style else { return }
        let wasContents = resolved.display == .contents
        let hadPercentMinMax = resolved.hasPercentMinMax
        // (A node made with its own style, or given one, changes it in place; a style shared
        // with other nodes is left to them.)
        var current = nodeStyle.takeRetainedValue()
        if isKnownUniquelyReferenced(&current) {
            current.replace(with: StyleParts(newStyle))
        } else {
            current = NodeStyle(StyleParts(newStyle))
        }
        nodeStyle = Unmanaged.passRetained(current)
        if wasContents != (newStyle.display == .contents), let parent = owner {
            parent.contentsChildCount += wasContents ? -1 : 1
        }
        if hadPercentMinMax != resolved.hasPercentMinMax, let parent = owner {
            parent.percentMinMaxChildCount += hadPercentMinMax ? -1 : 1
        }
        markDirtyAndPropagate()
    }

    /// Edits the style in place, then applies it as ``setStyle(_:)`` does; on error the
    /// node keeps its previous style.
    public func updateStyle(_ body: (inout LayoutStyle) -> Void) throws(LayoutError) {
        var copy = style
        body(&copy)
        try setStyle(copy)
    }

    // MARK: Results

    /// The results of the last layout pass (frames rounded to the config's pixel grid).
    public var layout: LayoutResult {
        LayoutResult(frame: state.rounded, direction: state.direction, hadOverflow: state.hadOverflow,
                     margin: margins.insets.finite, border: borders.insets.finite,
                     padding: paddings.insets.finite)
    }

    /// The margins the last layout computed (zero where none is set).
    var margins: EdgeQuad {
        @inline(__always) get { sideResultsStorage?._withUnsafeGuaranteedRef { $0.margin } ?? EdgeQuad() }
    }
    /// The borders the last layout computed (zero where none is set).
    var borders: EdgeQuad {
        @inline(__always) get { sideResultsStorage?._withUnsafeGuaranteedRef { $0.border } ?? EdgeQuad() }
    }
    /// The paddings the last layout computed (zero where none is set).
    var paddings: EdgeQuad {
        @inline(__always) get { sideResultsStorage?._withUnsafeGuaranteedRef { $0.padding } ?? EdgeQuad() }
    }

    /// The node's side results, made if it has none yet.
    func makeSideResults() -> Unmanaged<SideResults> {
        if let results = sideResultsStorage { return results }
        let results = Unmanaged.passRetained(SideResults())
        sideResultsStorage = results
        return results
    }

    /// The rounded frame of the last layout pass (``layout``'s frame, without the rest).
    public var frame: LayoutFrame { state.rounded }

    /// Whether the style has `display: contents` (read without rebuilding the style).
    package var hasDisplayContents: Bool { resolved.display == .contents }

    /// Forgets the results of past layouts (the node reads as an empty frame at the
    /// origin): for a node taken out of every layout tree for good.
    package func clearLayoutResults() {
        state = NodeLayoutState()
    }

    /// Copies this node's item properties (flex factors and basis, own alignment, position
    /// type, margins and insets) into `style`, without rebuilding the whole style. Only
    /// the fields that differ are written, and margins and insets only when this node has
    /// some: a style equal to one prepared before then matches it bit for bit, padding
    /// included (see ``PreparedStyle/isPrepared(from:)``).
    package func copyItemProperties(into style: inout LayoutStyle) {
        let item = resolved
        if !Self.sameBits(style.flex, item.flex) { style.flex = item.flex }
        if !Self.sameBits(style.flexGrow, item.flexGrow) { style.flexGrow = item.flexGrow }
        if !Self.sameBits(style.flexShrink, item.flexShrink) { style.flexShrink = item.flexShrink }
        if style.flexBasis != item.flexBasis { style.flexBasis = item.flexBasis }
        style.alignSelf = item.alignSelf
        style.positionType = item.positionType
        // (Without sides the node has no margin or inset: the style keeps its defaults.)
        if let sides {
            style.margin = sides.margin
            style.position = sides.position
        }
    }

    private static func sameBits(_ a: Float?, _ b: Float?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (x?, y?): return x.bitPattern == y.bitPattern
        default: return false
        }
    }

    /// The number of the last layout pass (``LayoutPassStatistics/pass``) that changed
    /// the rounded frame of a node below this one; 0 if none has. A host that remembers
    /// the pass it last read frames in can skip every subtree whose number is not
    /// greater (after checking the subtree's own frame).
    public var descendantFramesChangedPass: UInt64 { state.descendantFramesChangedPass }

    /// Set by a pass that changed this node's layout; clear it after reading the results
    /// to learn, next time, which nodes moved.
    public var hasNewLayout: Bool {
        get { state.hasNewLayout }
        set { state.hasNewLayout = newValue }
    }

    // MARK: Dirtiness

    /// True when the node must be laid out again (its style, children or content changed).
    public var isDirty: Bool { isDirtyFlag }

    /// Marks the node as changed, for example when the content a measure function
    /// reports has changed. Ancestors are marked too.
    public func markDirty() throws(LayoutError) {
        try checkNotLayingOut()
        markDirtyAndPropagate()
    }

    func markDirtyAndPropagate() {
        // (Ancestors are held unowned, as in `insertChild`: nothing here releases a node.)
        unowned(unsafe) var current = self
        while !current.isDirtyFlag {
            current.isDirtyFlag = true
            current.state.computedFlexBasis = .nan
            current.state.fusionCheckVersion = 0
            guard let parent = current.ownerStorage else { return }
            current = parent.takeUnretainedValue()
        }
    }

    // MARK: Functions

    /// True when the node's size comes from a measure function.
    public var hasMeasureFunction: Bool { isMeasured }

    /// Installs (or with `nil` removes) the function that measures this leaf. A node with
    /// children cannot have one.
    public func setMeasureFunction(_ function: MeasureFunction?) throws(LayoutError) {
        try setMeasurement(function, measured: function != nil)
    }

    /// Makes this leaf measured by its config's ``LayoutConfig/leafMeasurer`` (which is
    /// handed the node), in place of a measure function: one measurer serves every such
    /// node, where a closure per node would be an allocation per node. Marks the node
    /// dirty, as installing a function does.
    package func setMeasuredByLeafMeasurer() throws(LayoutError) {
        try setMeasurement(nil, measured: true)
    }

    /// Installs how this node is measured (`measured` without a function: by the leaf
    /// measurer), with the checks and the dirtying both ways share.
    @inline(__always)
    private func setMeasurement(_ function: MeasureFunction?, measured: Bool) throws(LayoutError) {
        try checkNotLayingOut()
        if measured && !childNodes.isEmpty {
            throw LayoutError(.invalidTree, "a node with children cannot have a measure function")
        }
        // (Most nodes have no functions before and none after: nothing to replace.)
        if function != nil || callbacks != nil { setCallbacks(measure: function, baseline: baselineFunction) }
        isMeasured = measured
        markDirtyAndPropagate()
    }

    /// The content size of a measured leaf under the given constraints: from the measure
    /// function, or the config's leaf measurer.
    @inline(__always)
    func measureContent(width: Float, widthMode: MeasureMode, height: Float,
                        heightMode: MeasureMode) throws -> LayoutSize {
        if let measureFunction { return try measureFunction(width, widthMode, height, heightMode) }
        guard let measurer = config.leafMeasurer else {
            throw LayoutError(.callbackFailed, "the node is measured by its config's leaf measurer, and the config has none")
        }
        return try measurer.measure(self, width: width, widthMode: widthMode, height: height, heightMode: heightMode)
    }

    /// True when the node has a baseline function.
    public var hasBaselineFunction: Bool { baselineFunction != nil }

    /// Installs (or with `nil` removes) the function that reports this node's baseline.
    public func setBaselineFunction(_ function: BaselineFunction?) throws(LayoutError) {
        try checkNotLayingOut()
        setCallbacks(measure: measureFunction, baseline: function)
        markDirtyAndPropagate()
    }

    /// Keeps the two functions in a new box (none when both are nil).
    @inline(never)
    private func setCallbacks(measure: MeasureFunction?, baseline: BaselineFunction?) {
        // (The functions replaced go after the store: their end may run foreign code.)
        _ = replacing(&callbacks, with: measure == nil && baseline == nil ? nil
                      : NodeCallbacks(measure: measure, baseline: baseline))
    }

    /// When true, this child defines its parent's baseline even if it is not the first.
    public var isReferenceBaseline: Bool { referenceBaseline }

    /// Sets ``isReferenceBaseline``.
    public func setReferenceBaseline(_ value: Bool) throws(LayoutError) {
        try checkNotLayingOut()
        guard value != referenceBaseline else { return }
        referenceBaseline = value
        markDirtyAndPropagate()
    }

    // MARK: Guards

    /// The root of the tree this node belongs to.
    var treeRoot: LayoutNode {
        unowned(unsafe) var node = self
        while let parent = node.ownerStorage { node = parent.takeUnretainedValue() }
        return node
    }

    /// True while a layout pass runs over this node's tree (its callbacks may read the
    /// tree but not change it).
    public var isInLayoutPass: Bool { treeRoot.isLayingOut }

    func checkNotLayingOut() throws(LayoutError) {
        if treeRoot.isLayingOut { throw .reentrantChange }
    }
}

/// The measure and baseline functions of a node that has either (see
/// ``LayoutNode/callbacks``). Replaced whole when one of them changes.
final class NodeCallbacks {
    let measure: LayoutNode.MeasureFunction?
    let baseline: LayoutNode.BaselineFunction?

    init(measure: LayoutNode.MeasureFunction?, baseline: LayoutNode.BaselineFunction?) {
        self.measure = measure
        self.baseline = baseline
    }
}
