import Frond
import Synchronization

/// A host that keeps the views a root mounts (a ``ViewTree``) and draws them with a
/// ``CairoRenderer`` when asked, at any scale:
///
/// ```swift
/// let host = SnapshotHost()
/// let root = Root(sizeRange: .flexibleHeight(width: 320))
/// try host.attach(to: root)                   // the root's host and Pango text measurer
/// root.setComponent(card)
/// try root.flush()
/// try host.writePNG(to: "card@2x.png", scale: 2)
/// ```
///
/// Animations need nothing more: the host draws the values the last commit or tick sent.
/// Attached and given mutations on the root's thread (as any host); its views may be
/// drawn from any thread meanwhile (a draw sees the mutations applied before it began).
public final class SnapshotHost: Host, @unchecked Sendable {
    private struct State {
        var tree = ViewTree()
        var problems: [String] = []
    }

    private let state = Mutex(State())
    public var tree: ViewTree { state.withLock { $0.tree } }
    public var renderer: CairoRenderer
    /// Mutations from the engine that did not fit the tree (none, unless the engine has a bug).
    public var problems: [String] { state.withLock { $0.problems } }

    public init(renderer: CairoRenderer = CairoRenderer()) {
        self.renderer = renderer
    }

    /// The typesetter the renderer sets text with.
    public var typesetter: Typesetter { renderer.typesetter }
    /// Where missing fonts are reported.
    public var diagnostics: Diagnostics { renderer.typesetter.diagnostics }
    /// A text measurer that measures as this host draws.
    public var textMeasurer: PangoTextMeasurer { PangoTextMeasurer(typesetter: renderer.typesetter) }

    /// The root the host was last attached to (while it lives).
    public private(set) weak var root: Root?

    /// Makes this host `root`'s host and its text measurer this host's ``textMeasurer``.
    /// The views start empty: attach before the root's first flush (a root that mounted
    /// views into another host would send mutations about views this one never saw).
    /// Throws ``RenderError/Kind/misuse`` while another root still uses the host.
    public func attach(to root: Root) throws(RenderError) {
        if let current = self.root, current !== root, current.host === self {
            throw RenderError(.misuse, "the snapshot host is attached to another root, which still uses it")
        }
        state.withLock { $0 = State() }
        self.root = root
        root.host = self
        root.textMeasurer = textMeasurer
    }

    /// Forgets every view, for a host about to be given to a root through the C API
    /// (which attaches it as any C host, without ``attach(to:)``).
    public func reset() {
        state.withLock { $0 = State() }
    }

    public func beginCommit() {}

    public func apply(_ mutation: Mutation) {
        state.withLock { state in
            do throws(RenderError) {
                try state.tree.apply(mutation)
            } catch {
                state.problems.append(error.message)
            }
        }
    }

    public func endCommit() {}

    /// Applies a mutation that comes from outside the engine (a C host mirroring its
    /// views), refusing one that does not fit the tree.
    public func applyChecked(_ mutation: Mutation) throws(RenderError) {
        try state.withLock { (state) throws(RenderError) in try state.tree.apply(mutation) }
    }

    /// Draws the views in `width` × `height` points (nil: the extent of the top-level
    /// views) at `scale`.
    public func render(width: Double? = nil, height: Double? = nil, scale: Double = 1) throws(RenderError) -> RenderedImage {
        let tree = self.tree
        let extent = tree.extent
        if (width == nil && extent.width == 0) || (height == nil && extent.height == 0) {
            throw RenderError(.invalidValue, "the host's views have no extent to take the image's size from "
                              + "(none were mounted into it, or all are empty): give the width and height")
        }
        return try renderer.render(tree, width: width ?? Double(extent.width), height: height ?? Double(extent.height),
                                   scale: scale)
    }

    /// Draws the views (as ``render(width:height:scale:)``) into a PNG file.
    public func writePNG(to path: String, width: Double? = nil, height: Double? = nil, scale: Double = 1) throws(RenderError) {
        try render(width: width, height: height, scale: scale).writePNG(to: path)
    }
}
