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
        let names = try FileManager.default.contentsOfDirectory(atPath: path)
        return names.filter { $0.hasSuffix(".json") }.sorted().map { (path as NSString).appendingPathComponent($0) }
    }

    /// Runs every case of one corpus file.
    public static func run(file path: String) throws -> [ConformanceResult] {
        let fileName = (path as NSString).lastPathComponent
        let json = try TreeDescription.loadJSON(path: path)
        guard let cases = json as? [Any] else { throw CorpusError("\(fileName): expected a list of cases") }
        return try cases.enumerated().map { index, item in
            guard let object = item as? [String: Any] else {
                throw CorpusError("\(fileName)[\(index)]: expected a case object")
            }
            return run(case: object, file: fileName, index: index)
        }
    }

    /// Runs one case: builds its tree, lays it out for each listed pass in order and
    /// compares every node's left/top/width/height.
    public static func run(case object: [String: Any], file: String, index: Int) -> ConformanceResult {
        let name = object["name"] as? String ?? "#\(index)"
        let disabled = object["disabled"].map { TreeDescription.isJSONBool($0) && ($0 as? Bool ?? false) } ?? false
        let place = "\(file): case \"\(name)\""
        func result(_ outcome: ConformanceResult.Outcome, _ mismatches: [ConformanceMismatch] = [],
                    error: String? = nil) -> ConformanceResult {
            ConformanceResult(file: file, name: name, disabled: disabled, outcome: outcome,
                              mismatches: mismatches, error: error)
        }
        guard let rootJSON = object["root"], let layouts = object["layouts"] as? [Any] else {
            let reason = object["skipReason"] as? String ?? "no root or layouts"
            return result(.skipped(reason))
        }
        do {
            let config = try TreeDescription.config(from: object["config"], path: "\(place).config")
            let root = try TreeDescription.node(from: rootJSON, config: config, path: "root")
            var mismatches: [ConformanceMismatch] = []
            for (passIndex, layoutJSON) in layouts.enumerated() {
                let layoutPlace = "\(place).layouts[\(passIndex)]"
                guard let layout = layoutJSON as? [String: Any] else {
                    throw CorpusError("\(layoutPlace): expected an object")
                }
                let direction = try TreeDescription.keyword(layout["direction"] as Any, "\(layoutPlace).direction",
                                                            ["ltr": LayoutDirection.ltr, "rtl": .rtl])
                let width = try optionalSize(layout["availableWidth"], "\(layoutPlace).availableWidth")
                let height = try optionalSize(layout["availableHeight"], "\(layoutPlace).availableHeight")
                guard let expected = layout["expected"] as? [String: Any] else {
                    throw CorpusError("\(layoutPlace).expected: expected a box object")
                }
                try root.calculateLayout(width: width, height: height, direction: direction)
                try compare(root, expected, path: "root", direction: "\(direction)", into: &mismatches)
            }
            return result(mismatches.isEmpty ? .passed : .failed, mismatches)
        } catch let error as CorpusError {
            return result(.failed, error: error.message)
        } catch {
            return result(.failed, error: "\(place): \(error)")
        }
    }

    private static func optionalSize(_ value: Any?, _ place: String) throws -> Float? {
        guard let value, !(value is NSNull) else { return nil }
        return try TreeDescription.float(value, place)
    }

    private static func compare(_ node: LayoutNode, _ box: [String: Any], path: String, direction: String,
                                into mismatches: inout [ConformanceMismatch]) throws {
        let frame = node.layout.frame
        for (field, actual) in [("left", frame.left), ("top", frame.top), ("width", frame.width), ("height", frame.height)] {
            let expected = try TreeDescription.float(box[field] as Any, "expected \(path).\(field)")
            if !(abs(actual - expected) <= tolerance + abs(expected) * 1e-6) {
                mismatches.append(ConformanceMismatch(direction: direction, nodePath: path, field: field,
                                                      expected: expected, actual: actual))
            }
        }
        let boxes = box["children"] as? [Any] ?? []
        guard boxes.count == node.childCount else {
            throw CorpusError("expected \(path): \(boxes.count) child boxes for \(node.childCount) children")
        }
        for (index, child) in node.children.enumerated() {
            guard let childBox = boxes[index] as? [String: Any] else {
                throw CorpusError("expected \(path)/\(index): expected a box object")
            }
            try compare(child, childBox, path: "\(path)/\(index)", direction: direction, into: &mismatches)
        }
    }
}

/// Cases a corpus is known to fail, each with the reason (`File.json:case  reason` per line;
/// `#` starts a comment).
public struct KnownFailures: Sendable {
    public private(set) var reasons: [String: String] = [:]

    public init() {}

    public init(path: String) throws {
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
