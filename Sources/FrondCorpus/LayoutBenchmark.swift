import Foundation
import FrondLayout

/// Times layouts of one tree: full layouts (every cache discarded before each
/// iteration, as if every style had changed) and relayouts after one leaf changes size.
public struct LayoutBenchmark {
    public let root: LayoutNode
    public let config: LayoutConfig
    public let nodeCount: Int
    public var width: Float?
    public var height: Float?
    public var direction: LayoutDirection = .ltr

    /// Loads a tree file: a NODE object, or an object with `root` (and optional `config`,
    /// `availableWidth`, `availableHeight`).
    public init(path: String) throws(CorpusError) {
        let json = try TreeDescription.loadJSON(path: path)
        let object = try TreeDescription.dictionary(json, path)
        let treeJSON: JSON
        if let rootJSON = object["root"] {
            for key in object.keys where !["root", "config", "availableWidth", "availableHeight"].contains(key) {
                throw CorpusError("\(path): \(key): unknown key (a tree file holds root, config, availableWidth, availableHeight)")
            }
            config = try TreeDescription.config(from: object["config"], path: "\(path): config")
            treeJSON = rootJSON
            width = try Self.availableSize(object["availableWidth"], "\(path): availableWidth")
            height = try Self.availableSize(object["availableHeight"], "\(path): availableHeight")
        } else {
            config = LayoutConfig()
            treeJSON = json
        }
        do {
            root = try TreeDescription.node(from: treeJSON, config: config, path: "root")
        } catch {
            throw CorpusError("\(path): \(error.message)")
        }
        var count = 0
        root.forEachNode { _ in count += 1 }
        nodeCount = count
    }

    /// An available size: absent or null (unconstrained), or a finite number ≥ 0.
    static func availableSize(_ value: JSON?, _ place: String) throws(CorpusError) -> Float? {
        guard let value, value != .null else { return nil }
        let size = try TreeDescription.float(value, place)
        guard size.isFinite && size >= 0 else { throw CorpusError("\(place): \(size) is not a finite number ≥ 0") }
        return size
    }

    /// Median nanoseconds of `iterations` full layouts.
    public func fullLayoutMedian(iterations: Int) throws -> Double {
        var samples: [Double] = []
        samples.reserveCapacity(iterations)
        for _ in 0..<iterations {
            config.invalidateLayoutCaches()
            let start = DispatchTime.now().uptimeNanoseconds
            try root.calculateLayout(width: width, height: height, direction: direction)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
        }
        return Self.median(samples)
    }

    /// Relayouts after one leaf changes its height by one point (alternating up and down):
    /// each of the (up to) five leaves that follow the middle leaf in tree order is tried in
    /// turn, and the slowest median is returned with the statistics of its last pass.
    public func leafRelayoutMedian(iterations: Int) throws -> (nanoseconds: Double, statistics: LayoutPassStatistics) {
        var leaves: [LayoutNode] = []
        root.forEachNode { if $0.childCount == 0 && $0.style.display != .none { leaves.append($0) } }
        guard !leaves.isEmpty else { return (0, LayoutPassStatistics()) }
        var slowest = (nanoseconds: 0.0, statistics: LayoutPassStatistics())
        for leaf in leaves[(leaves.count / 2)..<min(leaves.count, leaves.count / 2 + 5)] {
            let result = try relayoutMedian(changing: leaf, iterations: iterations)
            if result.nanoseconds >= slowest.nanoseconds { slowest = result }
        }
        return slowest
    }

    private func relayoutMedian(changing leaf: LayoutNode,
                                iterations: Int) throws -> (nanoseconds: Double, statistics: LayoutPassStatistics) {
        let original = leaf.style
        let baseHeight: Float = original.height.unit == .point ? original.height.value : 10
        try root.calculateLayout(width: width, height: height, direction: direction)
        var samples: [Double] = []
        var statistics = LayoutPassStatistics()
        for iteration in 0..<iterations {
            try leaf.updateStyle { $0.height = .points(baseHeight + Float(iteration % 2 == 0 ? 1 : 0)) }
            let start = DispatchTime.now().uptimeNanoseconds
            statistics = try root.calculateLayout(width: width, height: height, direction: direction)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
        }
        try leaf.setStyle(original)
        try root.calculateLayout(width: width, height: height, direction: direction)
        return (Self.median(samples), statistics)
    }

    /// Sum of every finite left/top/width/height, and the number of non-finite values.
    public func checksum() -> (sum: Double, nonFinite: Int) {
        var sum = 0.0
        var nonFinite = 0
        root.forEachNode { node in
            let frame = node.layout.frame
            for value in [frame.left, frame.top, frame.width, frame.height] {
                if value.isFinite { sum += Double(value) } else { nonFinite += 1 }
            }
        }
        return (sum, nonFinite)
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        return values.sorted()[values.count / 2]
    }
}
