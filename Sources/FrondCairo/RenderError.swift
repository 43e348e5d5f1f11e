import Frond

/// An error the renderer reports for input a caller controls: a bad attribute value or
/// color string, an image that cannot be read, a size of zero or above the limits, a file
/// that cannot be written. The message names the place (view, attribute, file).
public struct RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// A value is out of its domain: a bad attribute, color string, size or path, an
        /// image that cannot be read, a file that cannot be written.
        case invalidValue
        /// An image would be larger than ``ImageLimits`` allow.
        case limitExceeded
        /// Cairo could not allocate memory for an image.
        case outOfMemory
        /// An operation is not allowed now (a host attached to a second root).
        case misuse
        /// The engine refused something while a component was mounted for rendering
        /// (a bad component, a failing render function); the kind is the engine's.
        case engine(FrondError.Kind)
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The engine's error, as a render error of kind ``Kind/engine(_:)``.
    public init(_ error: FrondError) {
        self.init(.engine(error.kind), error.message)
    }

    public var description: String { message }
}

/// The largest images the renderer makes. An image of a size above them is refused with
/// ``RenderError/Kind/limitExceeded`` before any memory is allocated.
public enum ImageLimits {
    /// Pixels per side (width or height): 16384.
    public static let maximumPixelsPerSide = 16384
    /// Pixels in all (8192 × 8192, 256 MiB of ARGB32).
    public static let maximumPixels = 8192 * 8192

    /// The pixel size of `width` × `height` points at `scale`: each side rounded up to a
    /// whole pixel. Throws when a value is not finite, a side is not above 0, or the image
    /// would exceed the limits.
    public static func pixelSize(width: Double, height: Double, scale: Double) throws(RenderError) -> (width: Int, height: Int) {
        guard scale.isFinite && scale > 0 else {
            throw RenderError(.invalidValue, "scale \(format(scale)) is not a finite number > 0")
        }
        let pixelWidth = try side("width", width, scale)
        let pixelHeight = try side("height", height, scale)
        guard pixelWidth * pixelHeight <= maximumPixels else {
            throw RenderError(.limitExceeded, "an image of \(pixelWidth)×\(pixelHeight) pixels is above the limit of "
                              + "\(maximumPixels) pixels (\(pixelWidth * pixelHeight))")
        }
        return (pixelWidth, pixelHeight)
    }

    private static func side(_ name: String, _ points: Double, _ scale: Double) throws(RenderError) -> Int {
        guard points.isFinite else { throw RenderError(.invalidValue, "\(name) \(points) is not a finite number") }
        guard points > 0 else {
            throw RenderError(.invalidValue, "\(name) \(format(points)) is not above 0: there is nothing to draw")
        }
        // Compared as Double before any conversion, so a huge size cannot overflow Int.
        let pixels = (points * scale).rounded(.up)
        guard pixels <= Double(maximumPixelsPerSide) else {
            throw RenderError(.limitExceeded, "\(name) \(format(points)) at scale \(format(scale)) is \(format(pixels)) pixels, "
                              + "above the limit of \(maximumPixelsPerSide) pixels per side")
        }
        return max(Int(pixels), 1)
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int64(value))" : "\(value)"
    }
}
