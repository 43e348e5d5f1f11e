import Foundation
import Frond
import FrondCairo
import Synchronization
import Testing

/// Bad input never crashes the renderer: each is an error that names the place, or (a
/// missing font) a fallback that is reported.
@Suite struct BadInputTests {
    private func renderError(_ body: () throws -> Void) -> RenderError? {
        do {
            try body()
            return nil
        } catch let error as RenderError {
            return error
        } catch {
            Issue.record("not a RenderError: \(error)")
            return nil
        }
    }

    @Test func anInvalidColorStringIsAnErrorNamingTheViewAndAttribute() throws {
        for text in ["#12345", "red", "#ggg", "", "#", "ff0000", "#ff00000000"] {
            let error = renderError {
                _ = try draw(scene(10, 10, [StaticChild(box(["backgroundColor": .string(text)], 10, 10))]), width: 10, height: 10)
            }
            #expect(error?.kind == .invalidValue)
            #expect(error?.message.contains("(box): attribute \"backgroundColor\": \"\(text)\" is not a color") == true,
                    "\(error?.message ?? "no error")")
        }
        #expect(throws: RenderError.self) { try Color(parsing: "#12", place: "here") }
        #expect(try Color(parsing: "#f80") == Color(rgb: 0xFF8800))
        #expect(try Color(parsing: "#FF880080").alpha == Float(0x80) / 255)
    }

    @Test func attributesOfTheWrongKindOrOutOfRangeAreErrors() throws {
        let cases: [(AttributeList, String)] = [
            (["cornerRadius": .string("big")], "attribute \"cornerRadius\" must be a number, not a string"),
            (["cornerRadius": .number(-1)], "attribute \"cornerRadius\" -1 is not ≥ 0"),
            (["opacity": .number(1.5)], "attribute \"opacity\" 1.5 is not within 0…1"),
            (["borderColor": .number(3)], "attribute \"borderColor\" must be a color or a color string, not a number"),
            (["hidden": .number(1)], "attribute \"hidden\" must be a bool, not a number"),
            (["text": .string("x"), "fontSize": .number(0)], "attribute \"fontSize\" 0 is not > 0"),
            (["text": .string("x"), "fontWeight": .string("hefty")], "attribute \"fontWeight\" \"hefty\" is not a weight"),
            (["text": .string("x"), "fontWeight": .number(50)], "attribute \"fontWeight\" 50 is not a whole number within 100…1000"),
            (["text": .string("x"), "maxLines": .number(1.5)], "attribute \"maxLines\" 1.5 is not a whole number"),
            (["text": .string("x"), "textAlign": .string("middle")], "attribute \"textAlign\" \"middle\" is not one of"),
            (["source": .bool(true)], "attribute \"source\" must be a string, not a bool"),
            (["source": .string("x.png"), "contentMode": .string("stretch")], "attribute \"contentMode\" \"stretch\" is not one of"),
        ]
        for (attributes, expected) in cases {
            let error = renderError {
                _ = try draw(scene(10, 10, [StaticChild(box(attributes, 10, 10))]), width: 10, height: 10)
            }
            #expect(error?.kind == .invalidValue)
            #expect(error?.message.contains(expected) == true, "\(error?.message ?? "no error") lacks \(expected)")
        }
    }

    @Test func anUnreadableImageIsAnErrorNamingTheFile() throws {
        let directory = try temporaryDirectory()
        let missing = renderError {
            _ = try draw(scene(10, 10, [StaticChild(box(["source": .string("\(directory)/none.png")], 10, 10, type: "image"))]),
                         width: 10, height: 10)
        }
        #expect(missing?.kind == .invalidValue)
        #expect(missing?.message.contains("view v1 (image): attribute \"source\": the image \"\(directory)/none.png\": no such file") == true,
                "\(missing?.message ?? "no error")")
        try "not a png".write(toFile: "\(directory)/text.png", atomically: true, encoding: .utf8)
        let garbage = renderError {
            _ = try draw(scene(10, 10, [StaticChild(box(["source": .string("\(directory)/text.png")], 10, 10, type: "image"))]),
                         width: 10, height: 10)
        }
        #expect(garbage?.message.contains("not a PNG image") == true, "\(garbage?.message ?? "")")
        let directoryError = renderError { _ = try RenderedImage.readPNG(at: directory) }
        #expect(directoryError?.message == "\"\(directory)\": the file cannot be read")
        let truncated = "\(directory)/truncated.png"
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0]).write(to: URL(fileURLWithPath: truncated))
        #expect(renderError { _ = try RenderedImage.readPNG(at: truncated) }?.kind == .invalidValue)
        #expect(throws: RenderError.self) { try RenderedImage.readPNG(at: "") }
        #expect(throws: RenderError.self) { try RenderedImage.readPNG(at: "a\0b.png") }
    }

    @Test func zeroAndHugeSizesAreClearErrors() throws {
        let tree = ViewTree()
        let renderer = CairoRenderer()
        let zero = renderError { _ = try renderer.render(tree, width: 0, height: 10) }
        #expect(zero?.kind == .invalidValue)
        #expect(zero?.message == "width 0 is not above 0: there is nothing to draw")
        #expect(renderError { _ = try renderer.render(tree, width: 10, height: -1) }?.kind == .invalidValue)
        #expect(renderError { _ = try renderer.render(tree, width: .nan, height: 1) }?.kind == .invalidValue)
        #expect(renderError { _ = try renderer.render(tree, width: 1, height: 1, scale: 0) }?.kind == .invalidValue)
        #expect(renderError { _ = try renderer.render(tree, width: 1, height: 1, scale: .infinity) }?.kind == .invalidValue)
        let wide = renderError { _ = try renderer.render(tree, width: 16385, height: 1) }
        #expect(wide?.kind == .limitExceeded)
        #expect(wide?.message == "width 16385 at scale 1 is 16385 pixels, above the limit of 16384 pixels per side")
        #expect(renderError { _ = try renderer.render(tree, width: 8193, height: 10, scale: 2) }?.kind == .limitExceeded)
        #expect(renderError { _ = try renderer.render(tree, width: 1e300, height: 1e300) }?.kind == .limitExceeded)
        #expect(renderError { _ = try renderer.render(tree, width: 16384, height: 16384) }?.kind == .limitExceeded)
        // At the limit it draws.
        #expect(try renderer.render(tree, width: 16384, height: 1).pixelWidth == 16384)
        #expect(try renderer.render(tree, width: 0.25, height: 0.25).pixelWidth == 1)
        #expect(throws: RenderError.self) { try RenderedImage(pixelWidth: 0, pixelHeight: 5) }
    }

    @Test func aMissingFontFallsBackAndSaysSo() throws {
        let messages = MessageLog()
        let typesetter = Typesetter(diagnostics: Diagnostics { messages.append($0) })
        let label = box(["text": .string("Fallback"), "fontFamily": .string("No Such Family Frond")], 100, 20, type: "text")
        let image = try draw(scene(100, 20, [StaticChild(label)]), width: 100, height: 20,
                             renderer: CairoRenderer(typesetter: typesetter))
        #expect(image.inkBounds() != nil)                               // drawn in the fallback
        #expect(messages.all == ["font family \"No Such Family Frond\" is not installed: text is set in \"DejaVu Sans\" instead"])
        #expect(typesetter.diagnostics.messages == messages.all)
        _ = try draw(scene(100, 20, [StaticChild(label)]), width: 100, height: 20, renderer: CairoRenderer(typesetter: typesetter))
        #expect(messages.all.count == 1)                                // said once
        // Installed and generic families are not reported.
        let quiet = Typesetter()
        _ = try quiet.lineCount(TextSetting(text: "x", fontFamily: "DejaVu Serif Bold"), width: nil)
        _ = try quiet.lineCount(TextSetting(text: "x", fontFamily: "monospace"), width: nil)
        _ = try quiet.lineCount(TextSetting(text: "x", fontFamily: "No Such Family Frond, DejaVu Sans"), width: nil)
        #expect(quiet.diagnostics.messages.isEmpty)
    }

    @Test func textWithNULAndEmptyTextAreDrawn() throws {
        let typesetter = Typesetter()
        #expect(try typesetter.lineCount(TextSetting(text: "a\0b"), width: nil) == 1)
        #expect(try typesetter.lineCount(TextSetting(text: ""), width: nil) == 1)
        let label = box(["text": .string("a\0b")], 50, 20, type: "text")
        #expect(try draw(scene(50, 20, [StaticChild(label)]), width: 50, height: 20).inkBounds() != nil)
    }

    @Test func aHostServesOneRootAtATime() throws {
        let host = SnapshotHost()
        let first = Root(sizeRange: .fixed(width: 10, height: 10)), second = Root(sizeRange: .fixed(width: 10, height: 10))
        try host.attach(to: first)
        #expect(first.host === host && first.textMeasurer is PangoTextMeasurer)
        #expect(renderError { try host.attach(to: second) }?.kind == .misuse)
        first.host = nil                                            // the first root let it go
        try host.attach(to: second)
        #expect(host.root === second)
    }

    @Test func mutationsThatDoNotFitTheTreeAreRefused() throws {
        var tree = ViewTree()
        try tree.apply(.create(ViewID(1), viewType: "a"))
        try tree.apply(.create(ViewID(2), viewType: "b"))
        try tree.apply(.insert(child: ViewID(1), parent: .root, index: 0))
        try tree.apply(.insert(child: ViewID(2), parent: ViewID(1), index: 0))
        let refused: [Mutation] = [
            .create(ViewID(1), viewType: "again"),
            .create(.root, viewType: "root"),
            .update(ViewID(9), set: [], unset: []),
            .setFrame(ViewID(1), LayoutFrame(left: .nan, top: 0, width: 1, height: 1)),
            .setFrame(ViewID(1), LayoutFrame(left: 0, top: 0, width: -1, height: 1)),
            .insert(child: ViewID(9), parent: .root, index: 0),
            .insert(child: ViewID(2), parent: .root, index: 0),       // already in a parent
            .move(child: ViewID(1), parent: .root, index: 5),
            .move(child: ViewID(2), parent: .root, index: 0),
            .remove(child: ViewID(2), parent: .root),
            .destroy(ViewID(9)),
        ]
        for mutation in refused {
            #expect(throws: RenderError.self, "\(mutation)") { try tree.apply(mutation) }
        }
        // A cycle: v1 into its own child.
        try tree.apply(.remove(child: ViewID(1), parent: .root))
        #expect(throws: RenderError.self) { try tree.apply(.insert(child: ViewID(1), parent: ViewID(2), index: 0)) }
        #expect(throws: RenderError.self) { try tree.apply(.insert(child: ViewID(1), parent: ViewID(1), index: 0)) }
        #expect(tree.topLevel.isEmpty && tree.children(of: ViewID(1)) == [ViewID(2)])
    }
}

/// Messages collected from a diagnostics handler (which may run on any thread).
final class MessageLog: Sendable {
    private let messages = Mutex<[String]>([])
    func append(_ message: String) { messages.withLock { $0.append(message) } }
    var all: [String] { messages.withLock { $0 } }
}
