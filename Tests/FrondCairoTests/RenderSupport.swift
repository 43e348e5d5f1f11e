import Foundation
import Frond
import FrondCairo

/// A leaf of `width` × `height` points with a view of `type` and `attributes`.
func box(_ attributes: AttributeList = [:], _ width: Float, _ height: Float, type: String = "box", key: String? = nil) -> Component {
    Component(view: ViewConfiguration(type, attributes: attributes), size: .points(width, height), key: key)
}

/// `children` at fixed places in a `width` × `height` static layout without a view.
func scene(_ width: Float, _ height: Float, _ children: [StaticChild]) -> Component {
    StaticLayout(size: .points(width, height), children: children)
}

/// A root of a fixed size with a snapshot host attached, flushed once with `component`.
func mounted(_ component: Component, width: Float, height: Float,
             renderer: CairoRenderer = CairoRenderer()) throws -> (root: Root, host: SnapshotHost) {
    let host = SnapshotHost(renderer: renderer)
    let root = Root(sizeRange: .fixed(width: width, height: height))
    try host.attach(to: root)
    root.setComponent(component)
    try root.flush()
    return (root, host)
}

/// Draws `component` in a `width` × `height` root at `scale`.
func draw(_ component: Component, width: Float, height: Float, scale: Double = 1,
          renderer: CairoRenderer = CairoRenderer()) throws -> RenderedImage {
    try mounted(component, width: width, height: height, renderer: renderer).host
        .render(width: Double(width), height: Double(height), scale: scale)
}

let white = Pixel(red: 255, green: 255, blue: 255)
let red = Pixel(red: 255, green: 0, blue: 0)
let blue = Pixel(red: 0, green: 0, blue: 255)

extension RenderedImage {
    /// The smallest rectangle of pixels that differ from `background` (nil: none do).
    func inkBounds(background: Pixel = white) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<pixelHeight {
            for x in 0..<pixelWidth where pixel(x: x, y: y) != background {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX...maxX, minY...maxY)
    }

    /// The runs of rows that hold pixels other than `background` (text lines, bars).
    func inkBands(background: Pixel = white) -> [ClosedRange<Int>] {
        var bands: [ClosedRange<Int>] = []
        var start: Int? = nil
        for y in 0..<pixelHeight {
            let inked = (0..<pixelWidth).contains { pixel(x: $0, y: y) != background }
            if inked, start == nil { start = y }
            if !inked, let first = start { bands.append(first...(y - 1)); start = nil }
        }
        if let first = start { bands.append(first...(pixelHeight - 1)) }
        return bands
    }

    /// Pixels that differ from `background`.
    func inkCount(background: Pixel = white) -> Int {
        var count = 0
        for y in 0..<pixelHeight {
            for x in 0..<pixelWidth where pixel(x: x, y: y) != background { count += 1 }
        }
        return count
    }
}

/// A fresh directory for one test's files, inside one directory for the whole test
/// process, which is removed when the process exits (so repeated runs leave nothing).
func temporaryDirectory(_ name: String = #function) throws -> String {
    let safe = name.filter { $0.isLetter || $0.isNumber }
    let url = testFilesDirectory.appendingPathComponent("\(safe)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}

/// The directory of this test process's files; made (and set to be removed at exit) the
/// first time a test asks for a directory.
private let testFilesDirectory: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("frond-cairo-tests-\(getpid())")
    atexit { try? FileManager.default.removeItem(at: testFilesDirectory) }
    return url
}()

/// Writes a `width` × `height` PNG of one color.
func writeSolidPNG(_ path: String, width: Int, height: Int, color: Color) throws {
    let image = try draw(box(["backgroundColor": .color(color)], Float(width), Float(height)),
                         width: Float(width), height: Float(height), renderer: CairoRenderer(background: nil))
    try image.writePNG(to: path)
}
