/// The size a root lays its component out in.
public enum SizeRange: Hashable, Sendable {
    /// Exactly this size; the component fills it (unless its own size says otherwise).
    case fixed(width: Float, height: Float)
    /// This width; the height comes from the content.
    case flexibleHeight(width: Float)
    /// This height; the width comes from the content.
    case flexibleWidth(height: Float)
    /// The content's size, within the given maximums (nil = unbounded).
    case fitContent(maxWidth: Float? = nil, maxHeight: Float? = nil)

    /// Throws when a size is negative or not finite.
    public func validate() throws(FrondError) {
        let values: [Float?]
        switch self {
        case .fixed(let width, let height): values = [width, height]
        case .flexibleHeight(let width): values = [width]
        case .flexibleWidth(let height): values = [height]
        case .fitContent(let maxWidth, let maxHeight): values = [maxWidth, maxHeight]
        }
        for value in values {
            if let value, !(value.isFinite && value >= 0) {
                throw FrondError(.invalidValue, "size range: \(value) is not a finite number ≥ 0")
            }
        }
    }

    var containerStyle: LayoutStyle {
        var style = LayoutStyle()
        switch self {
        case .fixed(let width, let height):
            style.width = .points(width)
            style.height = .points(height)
        case .flexibleHeight(let width):
            style.width = .points(width)
        case .flexibleWidth(let height):
            style.height = .points(height)
        case .fitContent(let maxWidth, let maxHeight):
            if let maxWidth { style.maxWidth = .points(maxWidth) }
            if let maxHeight { style.maxHeight = .points(maxHeight) }
        }
        return style
    }
}

/// The owner of one component tree: it builds the tree from its component, lays it out
/// within its size range, and tells its host which views to create, change and remove.
///
///     setComponent ──► flush: build ──► layout ──► mount (diff) ──► host.apply(…)
///
/// A failed flush (bad component, failing text measurer) throws and leaves the mounted
/// views as they were. A root is used from one thread at a time.
public final class Root {
    public var sizeRange: SizeRange
    /// Receives the mutations of each commit; none = the mutations are only recorded in
    /// the mounted state.
    public var host: (any Host)?
    /// Measures ``Text`` components (the next flush uses a new measurer).
    public var textMeasurer: any TextMeasurer

    private var component: Component?
    private let identities = IdentityTable()
    private let rootView = MountedView(id: .root, viewType: "", identity: IdentityTable.rootIdentity,
                                       attributes: [], frame: LayoutFrame())
    private var nextViewID: UInt64 = 1
    private var registry: [ViewID: MountedView] = [:]
    private let layoutConfig = LayoutConfig()
    private var isFlushing = false

    /// The layout of the last flush (nil before the first one or without a component).
    public private(set) var layout: ComponentLayout?

    public init(sizeRange: SizeRange, host: (any Host)? = nil, textMeasurer: any TextMeasurer = MonospaceTextMeasurer()) {
        self.sizeRange = sizeRange
        self.host = host
        self.textMeasurer = textMeasurer
    }

    /// The component to show from the next flush on (nil: nothing).
    public func setComponent(_ component: Component?) {
        self.component = component
    }

    /// Builds, lays out and mounts the current component, and hands the host the
    /// mutations. Returns what the commit did.
    @discardableResult
    public func flush() throws(FrondError) -> CommitStatistics {
        guard !isFlushing else { throw FrondError(.misuse, "the root is already flushing (a host cannot flush from a commit)") }
        isFlushing = true
        defer { isFlushing = false }
        try sizeRange.validate()

        let context = BuildContext(config: layoutConfig, textMeasurer: textMeasurer, identities: identities)
        var built: BuiltComponent? = nil
        do {
            if let component {
                built = try TreeBuilder.build(component, parent: nil, parentIdentity: IdentityTable.rootIdentity,
                                              index: 0, counter: 0, context: context, depth: 1)
            }
            if let built { try layOut(built) }
        } catch {
            identities.discard()
            throw error
        }
        identities.commit()

        var mounter = Mounter(nextViewID: nextViewID, registry: registry)
        var placements: [Mounter.Placement] = []
        if let built {
            let frame = built.node.layout.frame
            if built.component.view.hasView {
                placements.append(Mounter.Placement(built: built, frame: frame))
            } else {
                Mounter.placements(under: built, left: frame.left, top: frame.top, into: &placements)
            }
        }
        mounter.reconcile(rootView, with: placements)
        nextViewID = mounter.lastViewID
        registry = mounter.registry
        layout = built.map(ComponentLayout.init)

        var statistics = mounter.statistics
        statistics.components = context.componentCount
        statistics.mutations = mounter.mutations.count
        if let host, !mounter.mutations.isEmpty {
            host.beginCommit()
            for mutation in mounter.mutations { host.apply(mutation) }
            host.endCommit()
        }
        return statistics
    }

    /// Lays the built tree out inside a container sized by the size range.
    private func layOut(_ built: BuiltComponent) throws(FrondError) {
        do {
            let container = try LayoutNode(config: layoutConfig, style: sizeRange.containerStyle)
            var style = built.node.style
            style.flexGrow = 1
            style.flexShrink = 1
            try built.node.setStyle(style)
            try container.appendChild(built.node)
            // The container lives only for this layout; the component's node must not
            // keep it as its parent.
            defer { try? container.removeAllChildren() }
            try container.calculateLayout()
        } catch {
            let kind: FrondError.Kind = error.kind == .callbackFailed ? .callbackFailed : .invalidValue
            throw FrondError(kind, "layout: \(error.message)")
        }
    }

    // MARK: The mounted views

    /// The children of a mounted view (``ViewID/root`` for the top level); nil for a
    /// view that does not exist.
    public func children(of view: ViewID) -> [ViewID]? {
        view == .root ? rootView.children.map(\.id) : registry[view]?.children.map(\.id)
    }

    /// The frame of a mounted view relative to its parent view.
    public func frame(of view: ViewID) -> LayoutFrame? {
        view == .root ? LayoutFrame() : registry[view]?.frame
    }

    /// The type and attributes of a mounted view.
    public func configuration(of view: ViewID) -> (viewType: String, attributes: [Attribute])? {
        registry[view].map { ($0.viewType, $0.attributes) }
    }

    /// The mounted views as indented lines: `v3 label (x, y, w×h) text="Hi"`.
    public var mountedDump: String {
        var lines: [String] = []
        func visit(_ view: MountedView, _ depth: Int) {
            let attributes = view.attributes.map { " \($0.name)=\($0.value)" }.joined()
            lines.append(String(repeating: "  ", count: depth) + "\(view.id) \(view.viewType) \(view.frame)" + attributes)
            for child in view.children { visit(child, depth + 1) }
        }
        for child in rootView.children { visit(child, 0) }
        return lines.joined(separator: "\n")
    }
}
