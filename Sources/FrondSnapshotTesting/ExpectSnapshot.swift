import Frond
import FrondCairo
import Testing

/// Snapshot tests for Swift Testing: draw a component (or take an image already drawn),
/// compare it with `<directory>/<name>[@<scale>x].png` within a tolerance, and record an
/// issue at the caller when it differs, naming the `.actual.png` and `.diff.png` written
/// next to the reference. With `FROND_RECORD_SNAPSHOTS=1` in the environment the image
/// becomes the reference instead.
///
/// ```swift
/// @Test func card() throws {
///     try expectSnapshot(of: Card(title: "Ada"), width: 240, named: "card", scale: 2)
/// }
/// ```
///
/// References live in `Snapshots/` beside the test file unless `directory` says otherwise.
/// Bad input (a bad component, attribute or size; an unreadable reference) throws.
public func expectSnapshot(of component: Component, width: Double, height: Double? = nil, named name: String,
                           scale: Double = 1, tolerance: SnapshotTolerance = .standard,
                           renderer: CairoRenderer = CairoRenderer(), directory: String? = nil,
                           filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let image = try Snapshot.render(component, width: width, height: height, scale: scale, renderer: renderer)
    try expectSnapshot(image, named: name, tolerance: tolerance, directory: directory, filePath: filePath,
                       sourceLocation: sourceLocation)
}

/// Compares an image already drawn (a ``SnapshotHost``'s, mid-animation) with its reference.
public func expectSnapshot(_ image: RenderedImage, named name: String, tolerance: SnapshotTolerance = .standard,
                           directory: String? = nil, filePath: String = #filePath,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
    let reference = SnapshotReference(path: referencePath(named: name, scale: image.scale, directory: directory,
                                                          filePath: filePath))
    let result = try reference.verify(image, tolerance: tolerance)
    switch result.outcome {
    case .matched: break
    case .recorded: print("snapshot \(name): \(result.message)")
    case .mismatched, .missingReference: Issue.record(Comment(rawValue: "snapshot \(name): \(result.message)"),
                                                      sourceLocation: sourceLocation)
    }
}

/// `<directory>/<name>.png` at scale 1, `<name>@2x.png` at 2 (the scale in the name
/// otherwise); the directory defaults to `Snapshots` beside the file at `filePath`.
public func referencePath(named name: String, scale: Double, directory: String? = nil,
                          filePath: String = #filePath) -> String {
    let folder = directory ?? (filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        .joined(separator: "/") + "/Snapshots")
    // (`Int(exactly:)`: an infinite or huge scale is written as it is, never trapped on.)
    let suffix = scale == 1 ? "" : "@\(Int(exactly: scale).map(String.init) ?? "\(scale)")x"
    return "\(folder)/\(name)\(suffix).png"
}
