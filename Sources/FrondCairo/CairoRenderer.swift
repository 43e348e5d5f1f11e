import CCairo
import Frond

/// Draws a ``ViewTree`` into an ARGB32 image with Cairo, at a scale (pixels per point).
///
///     image background ─► for each top-level view, back to front:
///        skip when hidden, opacity 0 or scale 0 (below 1e-6)
///        move to its frame (+ translation, scale about its center); open a group when opacity < 1
///        background (rounded) ─► clip when clipsToBounds ─► image / text ─► children ─► border
///        close the group at the view's opacity
///
/// See ``ViewStyle`` for the attributes it reads. Errors (a bad attribute, an unreadable
/// image) name the view; nothing is drawn halfway for the caller to see, since the image
/// is only returned when every view was drawn.
public struct CairoRenderer: Sendable {
    /// Sets text; give the same typesetter to the root's ``PangoTextMeasurer``.
    public var typesetter: Typesetter
    /// Painted under everything (nil: transparent). Opaque white by default.
    public var background: Color?
    /// Where relative image `source` paths start (nil: the current directory).
    public var imageDirectory: String?

    /// The deepest view nesting drawn (a deeper tree is an error, not a stack overflow).
    public static let maximumDepth = 512

    /// The largest corner radius drawn, in device pixels: twice what Cairo's fixed-point
    /// coordinates reach (larger corners are drawn with this radius). Cairo splits an arc
    /// into more curves the larger its radius, so a frame of 1e30 points with a huge
    /// radius used to take seconds to minutes a view.
    static let maximumDeviceRadius: Double = 16_777_216

    /// The most pixels the intermediate images of nested translucent views (each as large
    /// as its clip) may hold at once: four images of ``ImageLimits/maximumPixels``
    /// (1 GiB). A deeper nesting is an error rather than the memory of the machine.
    public static let maximumGroupPixels = 4 * ImageLimits.maximumPixels

    /// The most pixels of `source` images a render keeps for views that show them again
    /// (one image of ``ImageLimits/maximumPixels``, 256 MiB); beyond it the kept images
    /// are dropped and read again when needed.
    static let maximumKeptImagePixels = ImageLimits.maximumPixels

    public init(typesetter: Typesetter = Typesetter(), background: Color? = Color(red: 1, green: 1, blue: 1),
                imageDirectory: String? = nil) {
        self.typesetter = typesetter
        self.background = background
        self.imageDirectory = imageDirectory
    }

    /// Draws `tree` in a `width` × `height` point area at `scale` (each side of the image
    /// is the points × scale, rounded up; see ``ImageLimits``).
    public func render(_ tree: ViewTree, width: Double, height: Double, scale: Double = 1) throws(RenderError) -> RenderedImage {
        let size = try ImageLimits.pixelSize(width: width, height: height, scale: scale)
        let image = try RenderedImage(pixelWidth: size.width, pixelHeight: size.height, scale: scale)
        guard let cairo = cairo_create(image.surface) else {
            throw RenderError(.outOfMemory, "cairo could not draw into an image of \(size.width)×\(size.height) pixels")
        }
        defer { cairo_destroy(cairo) }
        if let background {
            setSource(cairo, background)
            cairo_paint(cairo)
        }
        cairo_scale(cairo, scale, scale)
        var pass = DrawPass(renderer: self, tree: tree, cairo: cairo, pixelWidth: size.width, pixelHeight: size.height)
        for id in tree.topLevel { try pass.draw(id, depth: 1) }
        let status = cairo_status(cairo)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError(status == CAIRO_STATUS_NO_MEMORY ? .outOfMemory : .invalidValue,
                              "cairo failed while drawing: \(RenderedImage.describe(status))")
        }
        return image
    }

    func setSource(_ cairo: OpaquePointer, _ color: Color) {
        cairo_set_source_rgba(cairo, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
    }
}

/// One render's walk over the tree (with the images it read, each once).
private struct DrawPass {
    let renderer: CairoRenderer
    let tree: ViewTree
    let cairo: OpaquePointer
    let pixelWidth: Int, pixelHeight: Int
    var images: [String: RenderedImage] = [:]
    /// The pixels of `images` (see ``CairoRenderer/maximumKeptImagePixels``).
    var imagePixels = 0
    /// The pixels of the groups open now (see ``CairoRenderer/maximumGroupPixels``).
    var groupPixels = 0.0

    init(renderer: CairoRenderer, tree: ViewTree, cairo: OpaquePointer, pixelWidth: Int, pixelHeight: Int) {
        self.renderer = renderer
        self.tree = tree
        self.cairo = cairo
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    mutating func draw(_ id: ViewID, depth: Int) throws(RenderError) {
        guard let view = tree.views[id] else { return }
        guard depth <= CairoRenderer.maximumDepth else {
            throw RenderError(.limitExceeded, "view \(id) (\(view.viewType)) is nested more than \(CairoRenderer.maximumDepth) deep")
        }
        let style = try ViewStyle(view.attributes, place: "view \(id) (\(view.viewType))")
        // A scale too close to 0 would leave Cairo a matrix it cannot invert.
        guard !style.hidden, style.opacity > 0, abs(style.scale) >= 1e-6 else { return }
        let frame = view.frame
        let width = Double(frame.width), height = Double(frame.height)
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        cairo_translate(cairo, Double(frame.left) + style.translationX, Double(frame.top) + style.translationY)
        if style.scale != 1 {
            cairo_translate(cairo, width / 2, height / 2)
            cairo_scale(cairo, style.scale, style.scale)
            cairo_translate(cairo, -width / 2, -height / 2)
        }
        let grouped = style.opacity < 1
        var group = 0.0
        if grouped {
            // Cairo's group is as large as the clip, within the image.
            group = clipPixels()
            guard groupPixels + group <= Double(CairoRenderer.maximumGroupPixels) else {
                throw RenderError(.limitExceeded, "view \(id) (\(view.viewType)): the translucent views (opacity < 1) nested here "
                                  + "need intermediate images of \(ImageLimits.format(groupPixels + group)) pixels, above "
                                  + "the limit of \(CairoRenderer.maximumGroupPixels)")
            }
            groupPixels += group
            cairo_push_group(cairo)
        }
        let radius = min(style.cornerRadius, width / 2, height / 2, CairoRenderer.maximumDeviceRadius / cairoDeviceScale(cairo))
        if let color = style.backgroundColor {
            roundedRectangle(0, 0, width, height, radius)
            renderer.setSource(cairo, color)
            cairo_fill(cairo)
        }
        cairo_save(cairo)
        if style.clipsToBounds {
            roundedRectangle(0, 0, width, height, radius)
            cairo_clip(cairo)
        }
        var failure: RenderError? = nil
        do throws(RenderError) {
            if let source = style.imageSource {
                try drawImage(source, style.contentMode, width, height, radius, place: "view \(id) (\(view.viewType))")
            }
            if let text = style.text {
                do throws(RenderError) {
                    try renderer.typesetter.draw(text, into: cairo, x: 0, y: 0, width: Float(width), color: style.textColor)
                } catch {
                    throw RenderError(error.kind, "view \(id) (\(view.viewType)): \(error.message)")
                }
            }
            for child in view.children { try draw(child, depth: depth + 1) }
        } catch {
            failure = error
        }
        cairo_restore(cairo)
        if failure == nil && style.borderWidth > 0 { drawBorder(style, width, height, radius) }
        if grouped {
            cairo_pop_group_to_source(cairo)
            cairo_paint_with_alpha(cairo, style.opacity)
            groupPixels -= group
        }
        if let failure { throw failure }
    }

    /// The pixels of the current clip's bounding box in the image.
    private func clipPixels() -> Double {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cairo, &x1, &y1, &x2, &y2)
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [(x1, y1), (x2, y1), (x1, y2), (x2, y2)] {
            var deviceX = x, deviceY = y
            cairo_user_to_device(cairo, &deviceX, &deviceY)
            xs.append(deviceX)
            ys.append(deviceY)
        }
        func span(_ values: [Double], _ limit: Int) -> Double {
            let low = max(values.min() ?? 0, 0), high = min(values.max() ?? 0, Double(limit))
            // NaN (a context in an error state) counts as the whole side.
            guard low.isFinite && high.isFinite else { return Double(limit) }
            return max(high.rounded(.up) - low.rounded(.down), 0)
        }
        return span(xs, pixelWidth) * span(ys, pixelHeight)
    }

    private func drawBorder(_ style: ViewStyle, _ width: Double, _ height: Double, _ radius: Double) {
        // The ring between the frame and the frame inset by the border width (even-odd).
        let inset = min(style.borderWidth, width / 2, height / 2)
        roundedRectangle(0, 0, width, height, radius)
        if inset < width / 2 && inset < height / 2 {
            roundedRectangle(inset, inset, width - 2 * inset, height - 2 * inset, max(radius - inset, 0))
        }
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
        renderer.setSource(cairo, style.borderColor)
        cairo_fill(cairo)
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
    }

    private mutating func drawImage(_ source: String, _ mode: ViewStyle.ContentMode, _ width: Double, _ height: Double,
                                    _ radius: Double, place: String) throws(RenderError) {
        let path = source.hasPrefix("/") || renderer.imageDirectory == nil ? source : "\(renderer.imageDirectory ?? "")/\(source)"
        let image: RenderedImage
        if let loaded = images[path] {
            image = loaded
        } else {
            do {
                image = try RenderedImage.readPNG(at: path)
            } catch {
                throw RenderError(error.kind, "\(place): attribute \"source\": the image \(error.message)")
            }
            // Bounded: the same file under many spellings of its path, or many large
            // files, would otherwise all stay decoded until the render ends.
            let pixels = image.pixelWidth * image.pixelHeight
            if imagePixels + pixels > CairoRenderer.maximumKeptImagePixels {
                images.removeAll()
                imagePixels = 0
            }
            images[path] = image
            imagePixels += pixels
        }
        guard width > 0 && height > 0 else { return }
        let imageWidth = Double(image.pixelWidth), imageHeight = Double(image.pixelHeight)
        var scaleX = width / imageWidth, scaleY = height / imageHeight
        switch mode {
        case .scaleToFill: break
        case .aspectFit: scaleX = min(scaleX, scaleY); scaleY = scaleX
        case .aspectFill: scaleX = max(scaleX, scaleY); scaleY = scaleX
        case .center: scaleX = 1; scaleY = 1
        }
        // Clipped to the frame (rounded) and to the image's own place in it; the image's
        // edge pixels extend outwards so that scaling does not fade its edges.
        let placedWidth = imageWidth * scaleX, placedHeight = imageHeight * scaleY
        let left = (width - placedWidth) / 2, top = (height - placedHeight) / 2
        cairo_save(cairo)
        roundedRectangle(0, 0, width, height, radius)
        cairo_clip(cairo)
        cairo_rectangle(cairo, left, top, placedWidth, placedHeight)
        cairo_clip(cairo)
        cairo_translate(cairo, left, top)
        cairo_scale(cairo, scaleX, scaleY)
        cairo_set_source_surface(cairo, image.surface, 0, 0)
        cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }

    private func roundedRectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ radius: Double) {
        guard radius > 0 else {
            cairo_rectangle(cairo, x, y, width, height)
            return
        }
        let quarter = Double.pi / 2
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x + width - radius, y + radius, radius, -quarter, 0)
        cairo_arc(cairo, x + width - radius, y + height - radius, radius, 0, quarter)
        cairo_arc(cairo, x + radius, y + height - radius, radius, quarter, 2 * quarter)
        cairo_arc(cairo, x + radius, y + radius, radius, 2 * quarter, 3 * quarter)
        cairo_close_path(cairo)
    }
}
