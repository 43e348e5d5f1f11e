import ArgumentParser
import Foundation
import Frond
import FrondCairo
import FrondCorpus

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a tree of components described in JSON into a PNG file with Cairo and Pango.",
        discussion: """
        FILE is a tree in the format `frond mount` reads (views with attributes, text leaves, keys, \
        styles). It is mounted in a root WIDTH points wide and HEIGHT high (as high as its content \
        without --height) whose text is measured with Pango, and drawn at SCALE (1 for 1×, 2 for 2×) \
        into OUT.png: each side is the points × SCALE, rounded up, at most 16384 pixels (and \
        8192 × 8192 pixels in all). Relative image `source` paths start at FILE's directory. The \
        attributes drawn are listed in docs/pictures.md. Bad input exits 2 with its place; a \
        font family that is not installed is replaced and reported on standard error.
        """
    )

    @Argument(help: "A tree of components in JSON.")
    var file: String

    @Option(name: .long, help: "The root's width in points.")
    var width: Double

    @Option(name: .long, help: "The root's height in points (default: the content's).")
    var height: Double?

    @Option(name: .long, help: "The PNG file to write.")
    var png: String

    @Option(name: .long, help: "Pixels per point (1 for 1×, 2 for 2×).")
    var scale: Double = 1

    @Option(name: .long, help: "The family of text that names none (default: DejaVu Sans).")
    var fontFamily: String?

    func run() throws {
        let component: Component
        do {
            component = try ComponentTreeDescription.load(path: file)
        } catch {
            printError("frond render: \(error.message)")
            throw ExitCode(2)
        }
        let diagnostics = Diagnostics { printError("frond render: warning: \($0)") }
        let directory = URL(fileURLWithPath: file).deletingLastPathComponent().path
        let renderer = CairoRenderer(typesetter: Typesetter(defaultFontFamily: fontFamily ?? Typesetter.standardFontFamily,
                                                            diagnostics: diagnostics),
                                     imageDirectory: directory)
        do {
            let image = try Snapshot.render(component, width: width, height: height, scale: scale, renderer: renderer)
            try image.writePNG(to: png)
            print("wrote \(png) (\(image.pixelWidth)×\(image.pixelHeight) pixels)")
        } catch {
            printError("frond render: \(file): \(error.message)")
            throw ExitCode(2)
        }
    }
}
