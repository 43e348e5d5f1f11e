import Foundation
import FrondCorpus
import FrondLayout
import FrondTestSupport
import Testing

/// Random trees mixing every feature must lay out to finite, bounded frames, and an
/// incremental relayout must give the same frames as a fresh layout.
@Suite struct RandomTreeTests {
    /// (SplitMix from FrondTestSupport: failures reproduce by seed.)
    typealias Generator = SplitMix

    static func randomStyle(_ random: inout Generator) -> LayoutStyle {
        var style = LayoutStyle()
        style.flexDirection = random.pick(FlexDirection.allCases)
        style.justifyContent = random.pick(Justify.allCases)
        style.alignItems = random.pick([.flexStart, .center, .flexEnd, .stretch, .baseline])
        if random.chance(30) { style.alignSelf = random.pick(Align.allCases) }
        if random.chance(30) { style.alignContent = random.pick(Align.allCases) }
        if random.chance(30) { style.flexWrap = random.pick(FlexWrap.allCases) }
        if random.chance(15) { style.positionType = random.pick(PositionType.allCases) }
        if random.chance(5) { style.display = random.pick([.none, .contents]) }
        if random.chance(10) { style.direction = random.pick(LayoutDirection.allCases) }
        if random.chance(10) { style.overflow = random.pick(Overflow.allCases) }
        if random.chance(10) { style.boxSizing = .contentBox }
        if random.chance(50) { style.width = random.length() }
        if random.chance(50) { style.height = random.length() }
        if random.chance(20) { style.minWidth = random.length(allowAuto: false) }
        if random.chance(20) { style.maxHeight = random.length(allowAuto: false) }
        if random.chance(30) { style.flexGrow = Float(random.int(0...3)) }
        if random.chance(30) { style.flexShrink = Float(random.int(0...3)) / 2 }
        if random.chance(20) { style.flexBasis = random.length() }
        if random.chance(10) { style.aspectRatio = Float(random.int(1...30)) / 10 }
        // Percentage margins stay below 40%: larger ones on both sides make content wider
        // than its container at every level, and nested, sizes grow geometrically (as in Yoga).
        if random.chance(30) {
            let margin = random.length()
            style.margin[random.pick(Edge.allCases)] = margin.unit == .percent ? .percent(margin.value * 0.4) : margin
        }
        if random.chance(30) { style.padding[random.pick(Edge.allCases)] = .points(Float(random.int(0...20))) }
        if random.chance(20) { style.border[random.pick(Edge.allCases)] = .points(Float(random.int(0...5))) }
        if random.chance(20) { style.position[random.pick(Edge.allCases)] = random.length() }
        if random.chance(20) { style.gap[random.pick(Gutter.allCases)] = .points(Float(random.int(0...10))) }
        return style
    }

    /// A random tree and the texts of its measured leaves (for ``TreeDescription/encode(_:measuredTexts:)``).
    static func randomTree(seed: UInt64, nodes: Int, config: LayoutConfig? = nil) throws -> [LayoutNode] {
        try randomTreeWithTexts(seed: seed, nodes: nodes, config: config).nodes
    }

    static func randomTreeWithTexts(seed: UInt64, nodes: Int, config: LayoutConfig? = nil) throws
        -> (nodes: [LayoutNode], texts: [ObjectIdentifier: String]) {
        let config = config ?? LayoutConfig()
        var texts: [ObjectIdentifier: String] = [:]
        var random = Generator(state: seed)
        var rootStyle = LayoutStyle()
        rootStyle.width = .points(Float(random.int(100...800)))
        rootStyle.height = .points(Float(random.int(100...800)))
        var all = [try LayoutNode(config: config, style: rootStyle)]
        while all.count < nodes {
            let parent = all[random.int(0...(all.count - 1))]
            if parent.hasMeasureFunction { continue }
            let child = try LayoutNode(config: config, style: randomStyle(&random))
            if random.chance(15) {
                let words = (0..<random.int(1...6)).map { _ in String(repeating: "x", count: random.int(1...8)) }
                let text = words.joined(separator: " ")
                try child.setMeasureFunction(IntrinsicSizeMeasurer(text: text, node: child).measure)
                texts[ObjectIdentifier(child)] = text
            }
            do { try parent.appendChild(child) } catch { continue }
            all.append(child)
        }
        return (all, texts)
    }

    /// Writes a tree in the corpus format to a temporary file and returns its path.
    static func dump(_ root: LayoutNode, texts: [ObjectIdentifier: String], name: String) -> String {
        write(describe(root, texts: texts), name: name)
    }

    /// A tree in the corpus format (kept in memory, and written only if a check fails).
    static func describe(_ root: LayoutNode, texts: [ObjectIdentifier: String]) -> String {
        TreeDescription.encode(root, measuredTexts: texts).serialized
    }

    /// Writes a described tree to a temporary file and returns its path.
    static func write(_ description: String, name: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("frond-\(name).json").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(description.utf8))
        return path
    }

    static func frames(_ nodes: [LayoutNode]) -> [LayoutFrame] { nodes.map(\.layout.frame) }

    /// Seeds for the default (Yoga) configuration, then for CSS automatic minimum sizes
    /// (no errata), which take other paths through the flex steps.
    static let finiteCases: [(Int, Errata)] = (1...200).map { ($0, Errata.minSizeUndefinedInsteadOfAuto) }
        + (1...100).map { ($0, Errata.none) }
    static let relayoutCases: [(Int, Errata)] = (1...100).map { ($0, Errata.minSizeUndefinedInsteadOfAuto) }
        + (1...60).map { ($0, Errata.none) }

    @Test(arguments: finiteCases)
    func test_randomTreeHasFiniteBoundedFrames(seed: Int, errata: Errata) throws {
        let config = try LayoutConfig(errata: errata)
        let (nodes, texts) = try Self.randomTreeWithTexts(seed: UInt64(seed), nodes: 200, config: config)
        try nodes[0].calculateLayout(direction: seed % 2 == 0 ? .ltr : .rtl)
        let bad = Self.frames(nodes).enumerated().first { _, frame in
            ![frame.left, frame.top, frame.width, frame.height].allSatisfy { $0.isFinite && abs($0) < 100_000 }
        }
        if let bad {
            let path = Self.dump(nodes[0], texts: texts, name: "finite-\(seed)")
            Issue.record("seed \(seed): node \(bad.offset) has frame \(bad.element); tree in \(path)")
        }
    }

    @Test(arguments: relayoutCases)
    func test_relayoutAfterChangesMatchesAFreshLayout(seed: Int, errata: Errata) throws {
        let config = try LayoutConfig(errata: errata)
        let (nodes, texts) = try Self.randomTreeWithTexts(seed: UInt64(seed), nodes: 120, config: config)
        // (The tree as it was before the first layout, written out only for a failure.)
        let before = Self.describe(nodes[0], texts: texts)
        try nodes[0].calculateLayout()
        var random = Generator(state: UInt64(seed) &* 7919)
        var changes: [(Int, LayoutStyle)] = []
        for _ in 0..<5 {
            let index = random.int(1...(nodes.count - 1))
            let style = Self.randomStyle(&random)
            try nodes[index].setStyle(style)
            changes.append((index, style))
        }
        try nodes[0].calculateLayout()
        let incremental = Self.frames(nodes)

        let fresh = try Self.randomTree(seed: UInt64(seed), nodes: 120, config: try LayoutConfig(errata: errata))
        for (index, style) in changes { try fresh[index].setStyle(style) }
        try fresh[0].calculateLayout()
        let expected = Self.frames(fresh)
        if let first = zip(incremental, expected).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            let beforePath = Self.write(before, name: "relayout-\(seed)-before")
            let afterPath = Self.dump(nodes[0], texts: texts, name: "relayout-\(seed)-after")
            Issue.record("""
                seed \(seed): node \(first.offset) is \(first.element.0) after relayout, \(first.element.1) fresh; \
                check with: frond check-relayout \(beforePath) \(afterPath)
                """)
        }
    }

    @Test func test_overflowingSizesNeverReachTheHostAsNonFiniteValues() throws {
        // Two items 3e38 wide: their container's width and the second item's far edge
        // pass Float's limit (3.4e38) and become infinite before the safety net.
        let config = LayoutConfig()
        var rowStyle = LayoutStyle()
        rowStyle.flexDirection = .row
        let root = try LayoutNode(config: config, style: rowStyle)
        var itemStyle = LayoutStyle()
        itemStyle.width = .points(3e38)
        itemStyle.height = .points(10)
        let items = try (0..<2).map { _ in try LayoutNode(config: config, style: itemStyle) }
        for item in items { try root.appendChild(item) }
        for scale: Float in [1, 0] {
            try config.setPointScaleFactor(scale)
            let statistics = try root.calculateLayout()
            #expect(statistics.nonFiniteValues > 0, "the safety net was not exercised (scale \(scale))")
            var finite = true
            root.forEachNode { node in
                let frame = node.layout.frame
                finite = finite && frame.left.isFinite && frame.top.isFinite && frame.width.isFinite && frame.height.isFinite
            }
            #expect(finite, "scale \(scale)")
            #expect(items[0].layout.width == 3e38)
            #expect(items[1].layout.left == 3e38)
        }
    }

    @Test func test_frozenItemsDoNotDivideByARoundingResidue() throws {
        // All flexible items freeze at 0; the running shrink total is 0 up to float error.
        let root = LayoutNode()
        var rowStyle = LayoutStyle()
        rowStyle.flexDirection = .rowReverse
        rowStyle.width = .points(88)
        let row = try LayoutNode(style: rowStyle)
        var first = LayoutStyle()
        first.width = .points(120)
        first.flexShrink = 1
        var second = LayoutStyle()
        second.flexDirection = .rowReverse
        second.flexShrink = 1
        var third = LayoutStyle()
        third.width = .points(101)
        var grandchild = LayoutStyle()
        grandchild.flexBasis = .percent(30)
        let a = try LayoutNode(style: first), b = try LayoutNode(style: second), c = try LayoutNode(style: third)
        try b.appendChild(try LayoutNode(style: grandchild))
        for node in [a, b, c] { try row.appendChild(node) }
        try root.appendChild(row)
        try root.calculateLayout()
        #expect(a.layout.width == 0)
        #expect(b.layout.width == 0)
        #expect(c.layout.width == 101)
    }
}

extension SplitMix {
    mutating func length(allowAuto: Bool = true) -> LayoutValue {
        switch int(0...9) {
        case 0...4: return .points(Float(int(0...150)))
        case 5...7: return .percent(Float(int(0...100)))
        default: return allowAuto ? .auto : .points(Float(int(0...50)))
        }
    }
}
