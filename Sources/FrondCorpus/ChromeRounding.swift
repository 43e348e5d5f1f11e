import Foundation
import FrondLayout

/// Chromium's unrounded boxes for a corpus (`chrome-raw.jsonl`, written by
/// `../shared/conformance/chrome/chrome_corpus.py`): per case, per direction (ltr, rtl), each
/// node's `[left, top, width, height, absoluteLeft, absoluteTop, [children]]` in 1/64 px.
///
/// A corpus's expected boxes are those values rounded to the pixel grid. Where an edge lies
/// within 2/64 px of a rounding boundary, a 1 px difference says more about Chromium's last
/// 1/64 px than about the layout: such a difference may be forgiven (`--tolerance-raw`),
/// and the strict and tolerant counts are reported both.
public struct ChromeRawLayouts: Sendable {
    /// One node's unrounded box, its absolute place and its children.
    struct Box: Sendable {
        let absoluteLeft: Double, absoluteTop: Double, width: Double, height: Double
        let children: [Box]
    }

    /// How close to a rounding boundary (x.5) an edge must be for a 1 px difference to be forgiven.
    public static let boundaryDistance = 2.0 / 64.0

    private var cases: [String: [Box]] = [:]

    public init(path: String) throws(CorpusError) {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw CorpusError("\(path): cannot read the raw layouts")
        }
        for (number, line) in text.split(separator: "\n").enumerated() {
            let place = "\(path):\(number + 1)"
            let json = try JSONParser.parse(Array(line.utf8), source: place)
            guard case .string(let name)? = json["name"], case .array(let directions)? = json["raw"] else {
                throw CorpusError("\(place): expected {\"name\": …, \"raw\": [ltr, rtl]}")
            }
            var boxes: [Box] = []
            for (index, direction) in directions.enumerated() { boxes.append(try Self.box(direction, "\(place).raw[\(index)]")) }
            cases[name] = boxes
        }
    }

    private static func box(_ json: JSON, _ place: String) throws(CorpusError) -> Box {
        guard case .array(let parts) = json, parts.count == 7, case .array(let childrenJSON) = parts[6] else {
            throw CorpusError("\(place): expected [left, top, width, height, absoluteLeft, absoluteTop, [children]]")
        }
        var numbers: [Double] = []
        for index in 0..<6 {
            guard case .number(let value) = parts[index], value.isFinite else { throw CorpusError("\(place)[\(index)]: not a number") }
            numbers.append(value)
        }
        var children: [Box] = []
        for (index, child) in childrenJSON.enumerated() { children.append(try box(child, "\(place)/\(index)")) }
        return Box(absoluteLeft: numbers[4], absoluteTop: numbers[5], width: numbers[2], height: numbers[3], children: children)
    }

    /// Whether every mismatch of a failed case is a 1 px difference at an edge Chromium placed
    /// within ``boundaryDistance`` of a rounding boundary.
    public func forgives(_ result: ConformanceResult) -> Bool {
        guard result.outcome == .failed, result.error == nil, !result.mismatches.isEmpty,
              let directions = cases[result.name] else { return false }
        return result.mismatches.allSatisfy { forgives($0, directions) }
    }

    private func forgives(_ mismatch: ConformanceMismatch, _ directions: [Box]) -> Bool {
        guard abs(mismatch.expected - mismatch.actual) <= 1 + ConformanceRunner.tolerance else { return false }
        let index = mismatch.direction == "rtl" ? 1 : 0
        guard index < directions.count else { return false }
        // The node and its parent, found by the path ("root/1/2").
        var parent: Box?
        var node = directions[index]
        for step in mismatch.nodePath.split(separator: "/").dropFirst() {
            guard let child = Int(step), child >= 0, child < node.children.count else { return false }
            parent = node
            node = node.children[child]
        }
        // A rounded left is round(absolute left) - round(the parent's); a rounded width is
        // round(absolute right) - round(absolute left); likewise top and height.
        let edges: [Double]
        switch mismatch.field {
        case "left": edges = [node.absoluteLeft] + (parent.map { [$0.absoluteLeft] } ?? [])
        case "top": edges = [node.absoluteTop] + (parent.map { [$0.absoluteTop] } ?? [])
        case "width": edges = [node.absoluteLeft, node.absoluteLeft + node.width]
        case "height": edges = [node.absoluteTop, node.absoluteTop + node.height]
        default: return false
        }
        return edges.contains { edge in
            let fraction = edge - edge.rounded(.down)
            return abs(fraction - 0.5) <= Self.boundaryDistance
        }
    }
}
