import Foundation
import FrondLayout

/// One mismatch between an expected and a computed box value.
public struct ConformanceMismatch: Sendable, CustomStringConvertible {
    public let direction: String
    /// Path of the node from the root, e.g. `root/0/2`.
    public let nodePath: String
    public let field: String
    public let expected: Float
    public let actual: Float

    public var description: String {
        "\(direction) \(nodePath).\(field): expected \(expected), got \(actual)"
    }
}

/// The outcome of one corpus case.
public struct ConformanceResult: Sendable {
    public enum Outcome: Sendable, Equatable {
        case passed
        case failed
        /// Not run: the case needs something this runner cannot express.
        case skipped(String)
    }

    public let file: String
    public let name: String
    /// The source marks the case disabled: the reference engine does not match the browser.
    public let disabled: Bool
    public let outcome: Outcome
    public let mismatches: [ConformanceMismatch]
    /// An error that stopped the case (bad input, a layout error).
    public let error: String?

    /// `File.json:case_name`, the key used by the known-failures file.
    public var key: String { "\(file):\(name)" }
}

/// Runs corpora in the format of Tests/Fixtures/FORMAT.md.
public enum ConformanceRunner {
    /// Absolute tolerance for comparing laid-out values (results are on a pixel grid,
    /// so a real difference is at least one grid step).
    public static let tolerance: Float = 0.01

    /// The JSON files of a corpus directory (or the file itself), sorted.
    public static func corpusFiles(at path: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CorpusError("\(path): no such file or directory")
        }
        guard isDirectory.boolValue else { return [path] }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            throw CorpusError("\(path): cannot list the folder")
        }
        let files = names.filter { $0.hasSuffix(".json") }.sorted().map { (path as NSString).appendingPathComponent($0) }
        guard !files.isEmpty else { throw CorpusError("\(path): no .json files in the folder") }
        return files
    }

    /// Runs every case of one corpus file.
    public static func run(file path: String) throws(CorpusError) -> [ConformanceResult] {
        let fileName = (path as NSString).lastPathComponent
        let json = try TreeDescription.loadJSON(path: path)
        guard case .array(let cases) = json else { throw CorpusError("\(fileName): expected a list of cases") }
        var results: [ConformanceResult] = []
        for (index, item) in cases.enumerated() {
            guard case .object(let object) = item else {
                throw CorpusError("\(fileName)[\(index)]: expected a case object")
            }
            results.append(run(case: object, file: fileName, index: index))
        }
        return results
    }

    /// Runs one case: builds its tree, lays it out for each listed pass in order and
    /// compares every node's left/top/width/height.
    public static func run(case object: [String: JSON], file: String, index: Int) -> ConformanceResult {
        var name = "#\(index)"
        if case .string(let text)? = object["name"] { name = text }
        var disabled = object["disabled"] == .bool(true)
        let place = "\(file): case \"\(name)\""
        func result(_ outcome: ConformanceResult.Outcome, _ mismatches: [ConformanceMismatch] = [],
                    error: String? = nil) -> ConformanceResult {
            ConformanceResult(file: file, name: name, disabled: disabled, outcome: outcome,
                              mismatches: mismatches, error: error)
        }
        // A malformed case is a failure, even when the source disables it.
        do {
            try checkShape(of: object, place: place)
        } catch {
            disabled = false
            return result(.failed, error: error.message)
        }
        // A case the corpus marks skipped is still run when its tree and layouts are there
        // (those of Yoga's corpus need its text measurer, which FrondCorpus implements).
        guard let rootJSON = object["root"], case .array(let layouts)? = object["layouts"], !layouts.isEmpty else {
            if object["skipped"] == .bool(true) {
                var reason = "skipped by the corpus"
                if case .string(let text)? = object["skipReason"] { reason = text }
                return result(.skipped(reason))
            }
            disabled = false
            return result(.failed, error: "\(place): a case that is not skipped needs a root and at least one layout")
        }
        do {
            let config = try TreeDescription.config(from: object["config"], path: "\(place).config")
            let root = try TreeDescription.node(from: rootJSON, config: config, path: "root")
            var mismatches: [ConformanceMismatch] = []
            for (passIndex, layoutJSON) in layouts.enumerated() {
                let layoutPlace = "\(place).layouts[\(passIndex)]"
                let layout = try TreeDescription.dictionary(layoutJSON, layoutPlace)
                let direction = try TreeDescription.keyword(layout["direction"] ?? .null, "\(layoutPlace).direction",
                                                            ["ltr": LayoutDirection.ltr, "rtl": .rtl])
                let width = try optionalSize(layout["availableWidth"], "\(layoutPlace).availableWidth")
                let height = try optionalSize(layout["availableHeight"], "\(layoutPlace).availableHeight")
                let expected = try TreeDescription.dictionary(layout["expected"] ?? .null, "\(layoutPlace).expected")
                try root.calculateLayout(width: width, height: height, direction: direction)
                try compare(root, expected, path: "root", direction: "\(direction)", into: &mismatches)
            }
            return result(mismatches.isEmpty ? .passed : .failed, mismatches)
        } catch let error as CorpusError {
            disabled = false
            return result(.failed, error: error.message)
        } catch {
            disabled = false
            return result(.failed, error: "\(place): \(error)")
        }
    }

    /// The keys and member types FORMAT.md gives a case; anything else is refused.
    private static func checkShape(of object: [String: JSON], place: String) throws(CorpusError) {
        let known: Set<String> = ["name", "source", "generated", "disabled", "skipped", "skipReason", "config",
                                  "root", "layouts"]
        for key in object.keys.sorted() where !known.contains(key) {
            throw CorpusError("\(place).\(key): unknown case key")
        }
        for key in ["name", "source", "skipReason"] {
            if let value = object[key] { _ = try TreeDescription.string(value, "\(place).\(key)") }
        }
        for key in ["disabled", "skipped"] {
            if let value = object[key] { _ = try TreeDescription.bool(value, "\(place).\(key)") }
        }
        if let value = object["layouts"] {
            for (index, layout) in try TreeDescription.array(value, "\(place).layouts").enumerated() {
                let layoutPlace = "\(place).layouts[\(index)]"
                for key in try TreeDescription.dictionary(layout, layoutPlace).keys.sorted()
                where !["direction", "availableWidth", "availableHeight", "expected"].contains(key) {
                    throw CorpusError("\(layoutPlace).\(key): unknown layout key")
                }
            }
        }
    }

    private static func optionalSize(_ value: JSON?, _ place: String) throws(CorpusError) -> Float? {
        guard let value, value != .null else { return nil }
        return try TreeDescription.float(value, place)
    }

    private static func compare(_ node: LayoutNode, _ box: [String: JSON], path: String, direction: String,
                                into mismatches: inout [ConformanceMismatch]) throws(CorpusError) {
        let frame = node.layout.frame
        for key in box.keys.sorted() where !["left", "top", "width", "height", "children"].contains(key) {
            throw CorpusError("expected \(path).\(key): unknown box key")
        }
        for (field, actual) in [("left", frame.left), ("top", frame.top), ("width", frame.width), ("height", frame.height)] {
            let expected = try TreeDescription.float(box[field] ?? .null, "expected \(path).\(field)")
            if !(abs(actual - expected) <= tolerance + abs(expected) * 1e-6) {
                mismatches.append(ConformanceMismatch(direction: direction, nodePath: path, field: field,
                                                      expected: expected, actual: actual))
            }
        }
        var boxes: [JSON] = []
        if let children = box["children"] { boxes = try TreeDescription.array(children, "expected \(path).children") }
        guard boxes.count == node.childCount else {
            throw CorpusError("expected \(path): \(boxes.count) child boxes for \(node.childCount) children")
        }
        for (index, child) in node.children.enumerated() {
            let childBox = try TreeDescription.dictionary(boxes[index], "expected \(path)/\(index)")
            try compare(child, childBox, path: "\(path)/\(index)", direction: direction, into: &mismatches)
        }
    }
}

/// Cases a corpus is known to fail, each with the reason (`File.json:case  reason` per line;
/// `#` starts a comment).
public struct KnownFailures: Sendable {
    public private(set) var reasons: [String: String] = [:]

    public init() {}

    public init(path: String) throws(CorpusError) {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw CorpusError("\(path): cannot read the known-failures file")
        }
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let parts = line.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count == 2, parts[0].contains(":") else {
                throw CorpusError("\(path):\(number + 1): expected \"File.json:case  reason\"")
            }
            reasons[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces)
        }
    }
}
