#if canImport(Glibc)
import Glibc
#endif

/// A reference image for snapshot tests, a PNG file, and where a failed comparison puts
/// its evidence: `<name>.actual.png` (what was drawn) and `<name>.diff.png` (the
/// differing pixels in red over a faded reference) next to the reference `<name>.png`.
///
/// ```
/// verify(image) ──► recording (FROND_RECORD_SNAPSHOTS=1)? ──► write the reference: .recorded
///               ──► no reference file? ─────────────────────► write .actual.png: .missingReference
///               ──► compare within the tolerance ──► equal: remove old evidence: .matched
///                                                 └► else: write .actual.png, .diff.png: .mismatched
/// ```
public struct SnapshotReference: Hashable, Sendable {
    /// The reference PNG file.
    public let path: String

    /// `path` should end in `.png` (a path without it gets it).
    public init(path: String) {
        self.path = path.hasSuffix(".png") ? path : path + ".png"
    }

    private var stem: String { String(path.dropLast(4)) }
    public var actualPath: String { stem + ".actual.png" }
    public var diffPath: String { stem + ".diff.png" }

    /// The environment variable that makes comparisons record their references instead.
    public static let recordVariable = "FROND_RECORD_SNAPSHOTS"

    /// Whether `FROND_RECORD_SNAPSHOTS` is set to anything but empty or `0`.
    public static var isRecording: Bool {
        guard let value = getenv(recordVariable), let text = String(validatingCString: value) else { return false }
        return !text.isEmpty && text != "0"
    }

    /// Compares `image` with the reference (or records it; see the type's diagram). Bad
    /// input — a reference that is not a PNG, a file that cannot be written, a tolerance
    /// outside 0…255 — throws; a mismatch is a result, not an error.
    public func verify(_ image: RenderedImage, tolerance: SnapshotTolerance = .standard,
                       record: Bool = SnapshotReference.isRecording) throws(RenderError) -> SnapshotResult {
        guard (0...255).contains(tolerance.perChannel) else {
            throw RenderError(.invalidValue, "tolerance \(tolerance.perChannel) is not within 0…255")
        }
        try RenderedImage.checkPath(path)
        if record {
            try Self.makeDirectories(containing: path)
            try image.writePNG(to: path)
            removeEvidence()
            return SnapshotResult(outcome: .recorded, message: "recorded the reference \(path)")
        }
        guard access(path, F_OK) == 0 else {
            try Self.makeDirectories(containing: actualPath)
            try image.writePNG(to: actualPath)
            return SnapshotResult(outcome: .missingReference, actualPath: actualPath,
                                  message: "there is no reference image \(path): the image drawn is \(actualPath) "
                                  + "(run with \(Self.recordVariable)=1 to record it)")
        }
        let reference = try RenderedImage.readPNG(at: path, scale: image.scale)
        let difference = try ImageDifference(image, reference: reference, tolerance: tolerance)
        guard !difference.matches else {
            removeEvidence()
            return SnapshotResult(outcome: .matched, largestDifference: difference.largestDifference,
                                  message: "matches \(path)")
        }
        try image.writePNG(to: actualPath)
        try difference.diffImage.writePNG(to: diffPath)
        let how = difference.sizesDiffer
            ? "is \(image.pixelWidth)×\(image.pixelHeight) pixels, the reference \(reference.pixelWidth)×\(reference.pixelHeight)"
            : "differs in \(difference.differingPixels) pixels (largest channel difference \(difference.largestDifference), "
              + "tolerance \(tolerance.perChannel))"
        return SnapshotResult(outcome: .mismatched, differingPixels: difference.differingPixels,
                              largestDifference: difference.largestDifference, actualPath: actualPath, diffPath: diffPath,
                              message: "the image \(how) from \(path): see \(actualPath) and \(diffPath) "
                              + "(run with \(Self.recordVariable)=1 to record it as the reference)")
    }

    /// Removes the evidence of an earlier failure.
    private func removeEvidence() {
        unlink(actualPath)
        unlink(diffPath)
    }

    /// Creates the directories above `path` that are missing.
    static func makeDirectories(containing path: String) throws(RenderError) {
        var directory = ""
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for (index, part) in parts.enumerated() {
            directory += (index == 0 ? "" : "/") + part
            guard !part.isEmpty, part != ".", part != ".." else { continue }
            if mkdir(directory, 0o755) != 0 && errno != EEXIST {
                throw RenderError(.invalidValue, "the directory \"\(directory)\" cannot be made for \"\(path)\"")
            }
        }
    }
}

/// The result of ``SnapshotReference/verify(_:tolerance:record:)``.
public struct SnapshotResult: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        case matched, recorded, mismatched, missingReference
    }

    public let outcome: Outcome
    public var differingPixels = 0
    public var largestDifference = 0
    /// Where the image drawn was written (mismatched, missing reference).
    public var actualPath: String? = nil
    /// Where the diff image was written (mismatched).
    public var diffPath: String? = nil
    /// One sentence saying what happened, with the paths.
    public let message: String

    /// Matched or recorded.
    public var passed: Bool { outcome == .matched || outcome == .recorded }
}
