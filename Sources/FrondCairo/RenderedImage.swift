import CCairo
#if canImport(Glibc)
import Glibc
#endif

/// An image in memory: a Cairo ARGB32 surface (premultiplied alpha, 32 bits a pixel) of a
/// size in pixels, drawn at a scale (pixels per point). Renders make them; PNG files are
/// read into them for comparisons.
public final class RenderedImage: @unchecked Sendable {
    /// The `cairo_surface_t`; owned (destroyed with the image).
    let surface: OpaquePointer
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Pixels per point.
    public let scale: Double

    /// A transparent image of the given size (checked against ``ImageLimits``).
    public convenience init(pixelWidth: Int, pixelHeight: Int, scale: Double = 1) throws(RenderError) {
        guard pixelWidth > 0 && pixelHeight > 0 else {
            throw RenderError(.invalidValue, "an image of \(pixelWidth)×\(pixelHeight) pixels is empty")
        }
        guard pixelWidth <= ImageLimits.maximumPixelsPerSide && pixelHeight <= ImageLimits.maximumPixelsPerSide,
              pixelWidth * pixelHeight <= ImageLimits.maximumPixels else {
            throw RenderError(.limitExceeded, "an image of \(pixelWidth)×\(pixelHeight) pixels is above the limits "
                              + "(\(ImageLimits.maximumPixelsPerSide) pixels per side, \(ImageLimits.maximumPixels) in all)")
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight)) else {
            throw RenderError(.outOfMemory, "cairo could not make an image of \(pixelWidth)×\(pixelHeight) pixels")
        }
        try self.init(adopting: surface, scale: scale, what: "an image of \(pixelWidth)×\(pixelHeight) pixels")
    }

    /// Takes over a surface Cairo made (destroying it if it is in an error state).
    private init(adopting surface: OpaquePointer, scale: Double, what: @autoclosure () -> String) throws(RenderError) {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RenderError(status == CAIRO_STATUS_NO_MEMORY ? .outOfMemory : .invalidValue,
                              "cairo could not make \(what()): \(Self.describe(status))")
        }
        self.surface = surface
        pixelWidth = Int(cairo_image_surface_get_width(surface))
        pixelHeight = Int(cairo_image_surface_get_height(surface))
        self.scale = scale
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// Reads a PNG file (any PNG color type; converted to ARGB32). Throws
    /// ``RenderError/Kind/invalidValue`` naming the file when it is missing, unreadable or
    /// not a PNG, and ``RenderError/Kind/limitExceeded`` when its header declares a size
    /// above ``ImageLimits`` (before anything is decoded).
    public static func readPNG(at path: String, scale: Double = 1) throws(RenderError) -> RenderedImage {
        try checkPath(path)
        // Cairo 1.16 reports a file that is not a PNG as "out of memory", so the signature
        // is checked first; and it decodes up to 32767 pixels a side (4 GiB), so the size
        // its header declares is checked against the limits.
        try checkHeader(path)
        guard let loaded = cairo_image_surface_create_from_png(path) else {
            throw RenderError(.outOfMemory, "\"\(path)\": cairo could not read it")
        }
        let status = cairo_surface_status(loaded)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(loaded)
            switch status {
            case CAIRO_STATUS_FILE_NOT_FOUND: throw RenderError(.invalidValue, "\"\(path)\": no such file")
            case CAIRO_STATUS_READ_ERROR: throw RenderError(.invalidValue, "\"\(path)\": the file cannot be read")
            case CAIRO_STATUS_NO_MEMORY:
                throw RenderError(.invalidValue, "\"\(path)\": the PNG image cannot be decoded (damaged, or too large for memory)")
            default: throw RenderError(.invalidValue, "\"\(path)\": not a PNG image (\(describe(status)))")
            }
        }
        let image = try RenderedImage(adopting: loaded, scale: scale, what: "an image of \"\(path)\"")
        guard cairo_image_surface_get_format(loaded) != CAIRO_FORMAT_ARGB32 else { return image }
        // Another format (RGB24, A8): drawn into an ARGB32 image of the same size.
        let converted = try RenderedImage(pixelWidth: image.pixelWidth, pixelHeight: image.pixelHeight, scale: scale)
        let context = cairo_create(converted.surface)
        cairo_set_source_surface(context, image.surface, 0, 0)
        cairo_paint(context)
        cairo_destroy(context)
        return converted
    }

    /// Writes the image to a PNG file (replacing it). Throws naming the file when it
    /// cannot be written.
    public func writePNG(to path: String) throws(RenderError) {
        try Self.checkPath(path)
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            // Cairo says only "error while writing to output stream": the system's reason
            // (a missing directory, no permission) is what a caller can act on.
            var reason = Self.describe(status)
            if status == CAIRO_STATUS_WRITE_ERROR, let file = fopen(path, "ab") {
                fclose(file)
            } else if status == CAIRO_STATUS_WRITE_ERROR, let text = strerror(errno) {
                reason = String(cString: text)
            }
            throw RenderError(status == CAIRO_STATUS_NO_MEMORY ? .outOfMemory : .invalidValue,
                              "\"\(path)\": the PNG file cannot be written (\(reason))")
        }
    }

    /// The pixel at (`x`, `y`) (0, 0 is the top-left corner) with straight alpha; nil
    /// outside the image.
    public func pixel(x: Int, y: Int) -> Pixel? {
        guard x >= 0 && x < pixelWidth && y >= 0 && y < pixelHeight else { return nil }
        return withPixels { rows in Pixel(premultiplied: rows(y)[x]) }
    }

    /// Calls `body` with a function giving each row of pixels (premultiplied ARGB32 words).
    func withPixels<Result>(_ body: ((Int) -> UnsafeMutableBufferPointer<UInt32>) -> Result) -> Result {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let width = pixelWidth
        guard let data = cairo_image_surface_get_data(surface) else {
            // A surface in a good state always has data; answer with empty rows otherwise.
            return body { _ in UnsafeMutableBufferPointer(start: nil, count: 0) }
        }
        let raw = UnsafeMutableRawPointer(data)
        let result = body { row in
            UnsafeMutableBufferPointer(start: (raw + row * stride).assumingMemoryBound(to: UInt32.self), count: width)
        }
        cairo_surface_mark_dirty(surface)
        return result
    }

    /// Throws unless the file starts with the eight bytes of PNG's signature and an IHDR
    /// chunk whose size is within ``ImageLimits``.
    private static func checkHeader(_ path: String) throws(RenderError) {
        // Only regular files: opening a FIFO would wait for a writer, forever.
        var status = stat()
        if stat(path, &status) == 0 && status.st_mode & S_IFMT != S_IFREG && status.st_mode & S_IFMT != S_IFDIR {
            throw RenderError(.invalidValue, "\"\(path)\": not a regular file")
        }
        guard let file = fopen(path, "rb") else {
            throw RenderError(.invalidValue, errno == ENOENT ? "\"\(path)\": no such file" : "\"\(path)\": the file cannot be read")
        }
        defer { fclose(file) }
        // Signature (8 bytes), IHDR's length (4) and type (4), width (4), height (4).
        var bytes = [UInt8](repeating: 0, count: 24)
        let count = fread(&bytes, 1, 24, file)
        guard ferror(file) == 0 else { throw RenderError(.invalidValue, "\"\(path)\": the file cannot be read") }
        guard count == 24 && bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
              && bytes[12..<16] == [0x49, 0x48, 0x44, 0x52] else {
            throw RenderError(.invalidValue, "\"\(path)\": not a PNG image")
        }
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let width = word(16), height = word(20)
        guard width <= ImageLimits.maximumPixelsPerSide && height <= ImageLimits.maximumPixelsPerSide
              && width * height <= ImageLimits.maximumPixels else {
            throw RenderError(.limitExceeded, "\"\(path)\": the PNG image is \(width)×\(height) pixels, above the limits "
                              + "(\(ImageLimits.maximumPixelsPerSide) pixels per side, \(ImageLimits.maximumPixels) in all)")
        }
    }

    static func checkPath(_ path: String) throws(RenderError) {
        guard !path.isEmpty else { throw RenderError(.invalidValue, "the file path is empty") }
        guard !path.utf8.contains(0) else { throw RenderError(.invalidValue, "the file path \"\(path)\" contains a NUL character") }
    }

    static func describe(_ status: cairo_status_t) -> String {
        guard let text = cairo_status_to_string(status), let message = String(validatingCString: text) else {
            return "cairo status \(status.rawValue)"
        }
        return message
    }
}

/// One pixel with straight (not premultiplied) alpha, each channel 0…255.
public struct Pixel: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Unpremultiplies an ARGB32 word.
    init(premultiplied word: UInt32) {
        let alpha = UInt8(truncatingIfNeeded: word >> 24)
        func channel(_ shift: UInt32) -> UInt8 {
            let value = UInt32(truncatingIfNeeded: (word >> shift) & 0xFF)
            guard alpha != 0 else { return 0 }
            return UInt8(min(255, (value * 255 + UInt32(alpha) / 2) / UInt32(alpha)))
        }
        self.init(red: channel(16), green: channel(8), blue: channel(0), alpha: alpha)
    }

    public var description: String {
        func hex(_ value: UInt8) -> String {
            let digits = String(value, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "#" + hex(red) + hex(green) + hex(blue) + hex(alpha)
    }
}
