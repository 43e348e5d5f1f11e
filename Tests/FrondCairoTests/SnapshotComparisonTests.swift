import Foundation
import Frond
import FrondCairo
import FrondSnapshotTesting
import Testing

/// The comparison catches real changes (a frame moved by one pixel, a changed color) and
/// absorbs antialiasing noise; failures leave the evidence next to the reference.
@Suite struct SnapshotComparisonTests {
    private func picture(x: Float = 10, color: Color = Color(rgb: 0x3366CC), width: Float = 20) throws -> RenderedImage {
        try draw(scene(60, 40, [StaticChild(box(["backgroundColor": .color(color)], width, 20), x: x, y: 10)]), width: 60, height: 40)
    }

    private func recorded(_ image: RenderedImage, _ name: String = #function) throws -> SnapshotReference {
        let reference = SnapshotReference(path: "\(try temporaryDirectory(name))/\(name.filter(\.isLetter)).png")
        #expect(try reference.verify(image, record: true).outcome == .recorded)
        return reference
    }

    @Test func aFrameMovedByOnePixelFailsAndLeavesTheActualAndDiffImages() throws {
        let reference = try recorded(try picture(x: 10))
        let result = try reference.verify(try picture(x: 11), record: false)
        #expect(result.outcome == .mismatched)
        #expect(result.differingPixels == 40)                       // a column of 20 at each side
        #expect(result.largestDifference == 204)                     // 0xCC against white
        #expect(result.actualPath == reference.actualPath && result.diffPath == reference.diffPath)
        #expect(result.message.contains(reference.actualPath) && result.message.contains(reference.diffPath))
        let actual = try RenderedImage.readPNG(at: reference.actualPath)
        #expect(actual.pixel(x: 30, y: 15) == Pixel(red: 0x33, green: 0x66, blue: 0xCC))
        let diff = try RenderedImage.readPNG(at: reference.diffPath)
        #expect(diff.pixel(x: 10, y: 15) == red && diff.pixel(x: 30, y: 15) == red)
        #expect(diff.pixel(x: 20, y: 15) != red && diff.pixel(x: 5, y: 5) != red)
        // Matching again removes the evidence.
        #expect(try reference.verify(try picture(x: 10), record: false).outcome == .matched)
        #expect(!FileManager.default.fileExists(atPath: reference.actualPath))
        #expect(!FileManager.default.fileExists(atPath: reference.diffPath))
    }

    @Test func aChangedColorFailsTheComparison() throws {
        let reference = try recorded(try picture(color: Color(rgb: 0x3366CC)))
        let result = try reference.verify(try picture(color: Color(rgb: 0x3366E0)), record: false)
        #expect(result.outcome == .mismatched && result.differingPixels == 400 && result.largestDifference == 20)
        // Within the tolerance (16 of 255 a channel) it matches; with none it does not.
        #expect(try reference.verify(try picture(color: Color(rgb: 0x3366D8)), record: false).passed)
        #expect(try reference.verify(try picture(color: Color(rgb: 0x3366D8)), tolerance: .exact, record: false).outcome == .mismatched)
    }

    @Test func antialiasingNoiseIsWithinTheTolerance() throws {
        // A rounded shape moved by a thirty-second of a pixel: its antialiased edges change
        // a little, as they do between builds of the drawing libraries.
        func shape(_ shift: Double) throws -> RenderedImage {
            let round = box(["backgroundColor": .color(Color(rgb: 0x3366CC)), "cornerRadius": .number(7),
                             "translationX": .number(shift), "translationY": .number(shift)], 30, 20)
            return try draw(scene(50, 30, [StaticChild(round, x: 10, y: 5)]), width: 50, height: 30)
        }
        let difference = try ImageDifference(try shape(1.0 / 32), reference: try shape(0))
        #expect(difference.largestDifference > 0)
        #expect(difference.matches)
        #expect(!(try ImageDifference(try shape(0.125), reference: try shape(0))).matches)  // an eighth of a pixel is not noise
    }

    @Test func aMissingReferenceFailsAndWritesTheImageDrawn() throws {
        let reference = SnapshotReference(path: "\(try temporaryDirectory())/none")
        #expect(reference.path.hasSuffix("/none.png") && reference.actualPath.hasSuffix("/none.actual.png"))
        let result = try reference.verify(try picture(), record: false)
        #expect(result.outcome == .missingReference && !result.passed)
        #expect(result.message.contains("FROND_RECORD_SNAPSHOTS=1"))
        #expect(FileManager.default.fileExists(atPath: reference.actualPath))
    }

    @Test func recordingMakesMissingDirectoriesAndAnImageOfAnotherSizeFails() throws {
        let reference = SnapshotReference(path: "\(try temporaryDirectory())/deeper/still/shape.png")
        #expect(try reference.verify(try picture(), record: true).outcome == .recorded)
        let taller = try draw(scene(60, 41, []), width: 60, height: 41)
        let result = try reference.verify(taller, record: false)
        #expect(result.outcome == .mismatched)
        #expect(result.message.contains("is 60×41 pixels, the reference 60×40"))
    }

    @Test func badReferencesAndTolerancesAreErrors() throws {
        let directory = try temporaryDirectory()
        try "text".write(toFile: "\(directory)/text.png", atomically: true, encoding: .utf8)
        #expect(throws: RenderError.self) { try SnapshotReference(path: "\(directory)/text.png").verify(try picture(), record: false) }
        #expect(throws: RenderError.self) {
            try SnapshotReference(path: "\(directory)/x.png").verify(try picture(), tolerance: SnapshotTolerance(perChannel: 256))
        }
        #expect(throws: RenderError.self) { try SnapshotReference(path: "/proc/frond/x.png").verify(try picture(), record: true) }
    }

    @Test func expectSnapshotRecordsAnIssueNamingTheEvidence() throws {
        let directory = try temporaryDirectory()
        let component = scene(60, 40, [StaticChild(box(["backgroundColor": .color(Color(rgb: 0x3366CC))], 20, 20), x: 10, y: 10)])
        let path = referencePath(named: "helper", scale: 2, directory: directory)
        #expect(path == "\(directory)/helper@2x.png")
        _ = try SnapshotReference(path: path).verify(try Snapshot.render(component, width: 60, height: 40, scale: 2), record: true)
        try expectSnapshot(of: component, width: 60, height: 40, named: "helper", scale: 2, directory: directory)
        let moved = scene(60, 40, [StaticChild(box(["backgroundColor": .color(Color(rgb: 0x3366CC))], 20, 20), x: 11, y: 10)])
        try withKnownIssue {
            try expectSnapshot(of: moved, width: 60, height: 40, named: "helper", scale: 2, directory: directory)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("helper@2x.actual.png") && $0.rawValue.contains("helper@2x.diff.png") }
        }
        #expect(referencePath(named: "card", scale: 1, filePath: "/a/b/Tests.swift") == "/a/b/Snapshots/card.png")
        #expect(referencePath(named: "card", scale: 3, directory: "/d") == "/d/card@3x.png")
        #expect(referencePath(named: "card", scale: 1.5, directory: "/d") == "/d/card@1.5x.png")
        // Scales no image can have are still named, not trapped on.
        #expect(referencePath(named: "card", scale: .infinity, directory: "/d") == "/d/card@infx.png")
        #expect(referencePath(named: "card", scale: 1e300, directory: "/d") == "/d/card@1e+300x.png")
    }

    @Test func renderingAComponentChecksItsSizeFirst() throws {
        #expect(throws: RenderError.self) { try Snapshot.render(box([:], 10, 10), width: 0) }
        #expect(throws: RenderError.self) { try Snapshot.render(box([:], 10, 10), width: 20000) }
        #expect(throws: RenderError.self) { try Snapshot.render(box([:], 10, 10), width: 10, scale: -1) }
        // As high as its content when no height is given; nothing to draw is an error.
        #expect(try Snapshot.render(box([:], 10, 10), width: 30).pixelHeight == 10)
        #expect(throws: RenderError.self) { try Snapshot.render(box([:], 10, 0), width: 30) }
        // A bad component is the engine's error.
        let error = #expect(throws: RenderError.self) {
            try Snapshot.render(Component(view: ViewConfiguration("", attributes: [:])), width: 10, height: 10)
        }
        #expect(error?.kind == .engine(.invalidValue))
    }
}
