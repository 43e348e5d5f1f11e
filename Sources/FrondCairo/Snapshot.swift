import Frond

/// Pictures of single components: each is mounted into a root of its own with a
/// ``SnapshotHost`` and the host's Pango text measurer, flushed once, and drawn.
public enum Snapshot {
    /// Draws `component` laid out `width` points wide and `height` high (nil: as high as
    /// its content) at `scale`.
    public static func render(_ component: Component, width: Double, height: Double? = nil, scale: Double = 1,
                              renderer: CairoRenderer = CairoRenderer()) throws(RenderError) -> RenderedImage {
        // The sizes are checked before anything is built (the height again once known).
        _ = try ImageLimits.pixelSize(width: width, height: height ?? 1, scale: scale)
        let host = SnapshotHost(renderer: renderer)
        let root = Root(sizeRange: height.map { .fixed(width: Float(width), height: Float($0)) }
                        ?? .flexibleHeight(width: Float(width)))
        try host.attach(to: root)
        root.setComponent(component)
        do {
            try root.flush()
        } catch {
            throw RenderError(error)
        }
        let contentHeight = height ?? root.layout.map { Double($0.frame.height) } ?? 0
        return try host.render(width: width, height: contentHeight, scale: scale)
    }
}
