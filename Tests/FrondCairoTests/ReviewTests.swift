import Foundation
import Frond
import FrondCairo
import Testing

/// Input found in review that used to poison, stall or exhaust the process.
@Suite struct ReviewTests {
    /// One view of `attributes` at `frame`, at the top level.
    private func single(_ frame: LayoutFrame, _ attributes: [String: AttributeValue]) throws -> ViewTree {
        var tree = ViewTree()
        try tree.apply(.create(ViewID(1), viewType: "v"))
        try tree.apply(.insert(child: ViewID(1), parent: .root, index: 0))
        try tree.apply(.setFrame(ViewID(1), frame))
        try tree.apply(.update(ViewID(1), set: attributes.map { Attribute(name: $0.key, value: $0.value) }, unset: []))
        return tree
    }

    @Test func textTooLargeForFreeTypeIsRefusedAndTextDrawnLaterIsUnharmed() throws {
        let label = box(["text": .string("Hello")], 60, 20, type: "text")
        let before = try draw(scene(60, 20, [StaticChild(label)]), width: 60, height: 20)
        // 14 points at a view scale of 5000, and 10000 points at 7×: each above the 65535
        // pixels per em FreeType can set. Such a failure used to stay in Pango's fonts, so
        // that every later text of the process failed to draw.
        let scaled = box(["text": .string("Hello"), "scale": .number(5000)], 60, 20, type: "text")
        let scaledError = #expect(throws: RenderError.self) {
            _ = try draw(scene(60, 20, [StaticChild(scaled)]), width: 60, height: 20)
        }
        #expect(scaledError?.kind == .limitExceeded)
        #expect(scaledError?.message.contains("view v1 (text)") == true, "\(scaledError?.message ?? "")")
        #expect(scaledError?.message.contains("70000 pixels per em") == true, "\(scaledError?.message ?? "")")
        let large = try single(LayoutFrame(left: 0, top: 0, width: 10, height: 10),
                               ["text": .string("W"), "fontSize": .number(10000), "lineHeight": .number(10000)])
        #expect(throws: RenderError.self) { _ = try CairoRenderer().render(large, width: 10, height: 10, scale: 7) }
        // At 6× (60000 pixels per em, above the limit of 32768) too; at 3× it draws.
        #expect(throws: RenderError.self) { _ = try CairoRenderer().render(large, width: 10, height: 10, scale: 6) }
        _ = try CairoRenderer().render(large, width: 10, height: 10, scale: 3)
        let after = try draw(scene(60, 20, [StaticChild(label)]), width: 60, height: 20)
        let difference = try ImageDifference(after, reference: before, tolerance: .exact)
        #expect(difference.matches, "\(difference.differingPixels) pixels differ")
    }

    @Test func hugeRoundedFramesAreDrawnAtOnce() throws {
        // A frame a C host can send (finite, 1e30 points) with the largest corner radius:
        // Cairo used to split each corner into millions of curves (13 s a view; 3 minutes
        // at 3e38).
        for side: Float in [1e30, .greatestFiniteMagnitude] {
            let tree = try single(LayoutFrame(left: -10, top: -10, width: side, height: side),
                                  ["backgroundColor": .string("#f00"), "cornerRadius": .number(1e300),
                                   "borderWidth": .number(2), "clipsToBounds": .bool(true)])
            let start = ContinuousClock.now
            _ = try CairoRenderer().render(tree, width: 10, height: 10, scale: 2)
            #expect(ContinuousClock.now - start < .seconds(3), "\(side): took \(ContinuousClock.now - start)")
        }
    }

    /// `depth` views nested in one another, each `side` points square with `attributes`.
    private func nested(_ depth: Int, side: Float, _ attributes: [String: AttributeValue]) throws -> ViewTree {
        var tree = ViewTree()
        var parent = ViewID.root
        for index in 1...depth {
            let view = ViewID(UInt64(index))
            try tree.apply(.create(view, viewType: "v"))
            try tree.apply(.insert(child: view, parent: parent, index: 0))
            try tree.apply(.setFrame(view, LayoutFrame(left: 0, top: 0, width: side, height: side)))
            try tree.apply(.update(view, set: attributes.map { Attribute(name: $0.key, value: $0.value) }, unset: []))
            parent = view
        }
        return tree
    }

    @Test func nestedTranslucentViewsAreLimitedInTheMemoryTheirGroupsTake() throws {
        // Each translucent view is drawn into an intermediate image as large as its clip:
        // 20 nested in a 4096-pixel image took 20 × 64 MiB (512 deep in 8192 × 8192
        // pixels: 128 GiB, the end of the process).
        let deep = try nested(20, side: 4096, ["opacity": .number(0.9), "backgroundColor": .string("#ff000010")])
        let error = #expect(throws: RenderError.self) { _ = try CairoRenderer().render(deep, width: 4096, height: 4096) }
        #expect(error?.kind == .limitExceeded)
        #expect(error?.message.contains("translucent") == true, "\(error?.message ?? "")")
        // The same tree in a small image, or clipped to a small frame, is drawn.
        _ = try CairoRenderer().render(deep, width: 256, height: 256)
        var clipped = try nested(20, side: 4096, ["opacity": .number(0.9), "backgroundColor": .string("#ff000010")])
        try clipped.apply(.update(ViewID(1), set: [Attribute(name: "clipsToBounds", value: .bool(true))], unset: []))
        try clipped.apply(.setFrame(ViewID(1), LayoutFrame(left: 0, top: 0, width: 100, height: 100)))
        let image = try CairoRenderer().render(clipped, width: 4096, height: 4096)
        #expect(image.pixel(x: 50, y: 50) != white && image.pixel(x: 150, y: 150) == white)
    }

    /// A PNG file of `width` × `height` transparent RGBA pixels (stored, not compressed),
    /// or only its signature and header when `headerOnly`.
    private func png(width: UInt32, height: UInt32, headerOnly: Bool = false) -> Data {
        func crc(_ bytes: [UInt8]) -> UInt32 {
            var value: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                value ^= UInt32(byte)
                for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
            }
            return ~value
        }
        func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndian(UInt32(data.count)) + body + bigEndian(crc(body))
        }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0])
        guard !headerOnly else { return Data(file) }
        let raw = [UInt8](repeating: 0, count: Int(height) * (1 + 4 * Int(width)))
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, raw.count - offset)
            zlib += [offset + count == raw.count ? 1 : 0, UInt8(count & 0xFF), UInt8(count >> 8),
                     UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[offset..<(offset + count)]
            offset += count
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        zlib += bigEndian(b << 16 | a)
        file += chunk("IDAT", zlib) + chunk("IEND", [])
        return Data(file)
    }

    @Test func pngFilesAboveTheImageLimitsAreRefusedBeforeTheyAreDecoded() throws {
        let directory = try temporaryDirectory()
        // Within the limits it is read.
        try png(width: 3, height: 16384).write(to: URL(fileURLWithPath: "\(directory)/tall.png"))
        #expect(try RenderedImage.readPNG(at: "\(directory)/tall.png").pixelHeight == 16384)
        // One pixel more (Cairo reads up to 32767 a side: 4 GiB at 32767 × 32767).
        try png(width: 1, height: 16385).write(to: URL(fileURLWithPath: "\(directory)/taller.png"))
        let tall = #expect(throws: RenderError.self) { _ = try RenderedImage.readPNG(at: "\(directory)/taller.png") }
        #expect(tall?.kind == .limitExceeded)
        #expect(tall?.message.contains("1×16385 pixels") == true, "\(tall?.message ?? "")")
        // Judged by the header alone: 9000 × 9000 is above 8192 × 8192 in all.
        try png(width: 9000, height: 9000, headerOnly: true).write(to: URL(fileURLWithPath: "\(directory)/big.png"))
        #expect((#expect(throws: RenderError.self) { _ = try RenderedImage.readPNG(at: "\(directory)/big.png") })?.kind
                == .limitExceeded)
        // A file that has the signature but no header is not a PNG image.
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x44, 0x41, 0x54])
            .write(to: URL(fileURLWithPath: "\(directory)/headless.png"))
        #expect((#expect(throws: RenderError.self) { _ = try RenderedImage.readPNG(at: "\(directory)/headless.png") })?
                .message.contains("not a PNG image") == true)
    }

    @Test func aSourceOrReferenceThatIsNotAFileIsRefusedInsteadOfWaitedOn() throws {
        // Opening a FIFO waits for a writer: a render or comparison used to hang forever.
        let directory = try temporaryDirectory()
        let fifo = "\(directory)/pipe.png"
        #expect(mkfifo(fifo, 0o600) == 0)
        let error = #expect(throws: RenderError.self) { _ = try RenderedImage.readPNG(at: fifo) }
        #expect(error?.message == "\"\(fifo)\": not a regular file", "\(error?.message ?? "")")
        let tree = try single(LayoutFrame(left: 0, top: 0, width: 10, height: 10), ["source": .string(fifo)])
        #expect(throws: RenderError.self) { _ = try CairoRenderer().render(tree, width: 10, height: 10) }
        let image = try CairoRenderer().render(ViewTree(), width: 2, height: 2)
        #expect(throws: RenderError.self) { _ = try SnapshotReference(path: fifo).verify(image, record: false) }
    }
}
