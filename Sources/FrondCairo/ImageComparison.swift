/// How far two images may differ and still match: every pixel's channels (premultiplied
/// ARGB, 0…255 each) within `perChannel` of the reference's. The default, 16, absorbs the
/// antialiasing noise of edges drawn a little differently (a shape moved by 1/32 of a pixel
/// changes its edge pixels by up to 14), but not a frame moved by a pixel (its edge pixels
/// change by the whole contrast), an edge moved by 1/8 of a pixel (45), or a color changed
/// by more than 16 levels (6%) in a channel.
public struct SnapshotTolerance: Hashable, Sendable {
    public var perChannel: Int

    public init(perChannel: Int = 16) {
        self.perChannel = perChannel
    }

    public static let standard = SnapshotTolerance()
    public static let exact = SnapshotTolerance(perChannel: 0)
}

/// How an image differs from a reference.
public struct ImageDifference: Sendable {
    /// Pixels whose difference is above the tolerance (when the sizes differ, the pixels
    /// outside either image count too).
    public let differingPixels: Int
    /// The largest difference of one channel over all pixels (255 outside either image).
    public let largestDifference: Int
    public let sizesDiffer: Bool
    /// The differing pixels in red over a faded copy of the reference, as large as both.
    public let diffImage: RenderedImage

    public var matches: Bool { differingPixels == 0 }

    /// Compares `actual` with `reference` pixel by pixel.
    public init(_ actual: RenderedImage, reference: RenderedImage, tolerance: SnapshotTolerance = .standard) throws(RenderError) {
        guard (0...255).contains(tolerance.perChannel) else {
            throw RenderError(.invalidValue, "tolerance \(tolerance.perChannel) is not within 0…255")
        }
        let width = max(actual.pixelWidth, reference.pixelWidth)
        let height = max(actual.pixelHeight, reference.pixelHeight)
        let diff = try RenderedImage(pixelWidth: width, pixelHeight: height, scale: reference.scale)
        var differing = 0
        var largest = 0
        actual.withPixels { actualRows in
            reference.withPixels { referenceRows in
                diff.withPixels { diffRows in
                    for y in 0..<height {
                        let actualRow = y < actual.pixelHeight ? actualRows(y) : UnsafeMutableBufferPointer(start: nil, count: 0)
                        let referenceRow = y < reference.pixelHeight ? referenceRows(y)
                                                                     : UnsafeMutableBufferPointer(start: nil, count: 0)
                        let diffRow = diffRows(y)
                        for x in 0..<width {
                            guard x < actualRow.count && x < referenceRow.count else {
                                differing += 1
                                largest = 255
                                diffRow[x] = Self.marked
                                continue
                            }
                            let difference = Self.difference(actualRow[x], referenceRow[x])
                            largest = max(largest, difference)
                            if difference > tolerance.perChannel {
                                differing += 1
                                diffRow[x] = Self.marked
                            } else {
                                diffRow[x] = Self.faded(referenceRow[x])
                            }
                        }
                    }
                }
            }
        }
        differingPixels = differing
        largestDifference = largest
        sizesDiffer = actual.pixelWidth != reference.pixelWidth || actual.pixelHeight != reference.pixelHeight
        diffImage = diff
    }

    /// Opaque red.
    private static let marked: UInt32 = 0xFFFF_0000

    /// The largest difference of the four channels of two ARGB32 words.
    private static func difference(_ a: UInt32, _ b: UInt32) -> Int {
        var largest = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let first = Int((a >> shift) & 0xFF), second = Int((b >> shift) & 0xFF)
            largest = max(largest, abs(first - second))
        }
        return largest
    }

    /// A reference pixel as a light gray (its luminance over white, a quarter strong),
    /// so the red marks stand out against a recognisable picture.
    private static func faded(_ word: UInt32) -> UInt32 {
        let pixel = Pixel(premultiplied: word)
        let luminance = (299 * Int(pixel.red) + 587 * Int(pixel.green) + 114 * Int(pixel.blue)) / 1000
        let alpha = Int(pixel.alpha)
        // Blend the gray over white by alpha, then keep a quarter of its darkness.
        let gray = (luminance * alpha + 255 * (255 - alpha)) / 255
        let light = UInt32(255 - (255 - gray) / 4)
        return 0xFF00_0000 | light << 16 | light << 8 | light
    }
}
