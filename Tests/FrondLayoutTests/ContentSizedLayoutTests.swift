@testable import FrondLayout
import Testing

/// Layouts with a content-sized height answer requests for exactly that height, and the
/// flex bases of a content-sized column are laid out instead of measured (LayoutCache.swift,
/// ContentSizedHeight.swift). Proven by pass statistics (less work for a list of rows) and
/// by comparing every node, bit for bit, with the same tree laid out with the reuse off.
@Suite struct ContentSizedLayoutTests {
    // MARK: Trees

    /// A text leaf: 7.25 points per character on lines of at most the width offered,
    /// 16.5 points per line (at most-sizes at least its natural size change nothing).
    static func text(_ config: LayoutConfig, characters: Int, style: LayoutStyle = LayoutStyle()) throws -> LayoutNode {
        let node = try LayoutNode(config: config, style: style)
        try node.setMeasureFunction { width, widthMode, _, _ in
            let natural = Float(characters) * 7.25
            let lineWidth = widthMode == .undefined ? natural : min(natural, max(width, 7.25))
            let lines = lineWidth > 0 ? (natural / lineWidth).rounded(.up) : 1
            return LayoutSize(width: lineWidth, height: 16.5 * max(lines, 1))
        }
        return node
    }

    static func box(_ config: LayoutConfig, _ edit: (inout LayoutStyle) -> Void = { _ in }) throws -> LayoutNode {
        var style = LayoutStyle()
        edit(&style)
        return try LayoutNode(config: config, style: style)
    }

    /// The benchmark's shape: a root 800 wide, a column list, rows (a column wrapper
    /// holding a centered row: a 32×32 image, a text, a growing text, a 64×28 button,
    /// 8 apart). `edit` changes row `index`'s nodes (wrapper, row, image, texts, button).
    static func listOfRows(_ config: LayoutConfig, rows: Int,
                           edit: (Int, LayoutNode, LayoutNode, [LayoutNode]) throws -> Void = { _, _, _, _ in })
        throws -> LayoutNode {
        let root = try box(config) { $0.width = .points(800) }
        let list = try box(config)
        try root.appendChild(list)
        for index in 0..<rows {
            let wrapper = try box(config)
            let row = try box(config) {
                $0.flexDirection = .row
                $0.alignItems = .center
                $0.gap.all = .points(8)
            }
            let image = try box(config) { $0.width = .points(32); $0.height = .points(32) }
            let label = try text(config, characters: 1 + index % 4)
            var growing = LayoutStyle()
            growing.flexGrow = 1
            let title = try text(config, characters: 5 + (index * 7) % 60, style: growing)
            let button = try box(config) { $0.width = .points(64); $0.height = .points(28) }
            for child in [image, label, title, button] { try row.appendChild(child) }
            try wrapper.appendChild(row)
            try list.appendChild(wrapper)
            try edit(index, wrapper, row, [image, label, title, button])
        }
        return root
    }

    // MARK: Comparing

    /// What a layout leaves on a node: the raw frame, bit for bit, and the public result.
    struct NodeSnapshot: Equatable {
        var raw: [UInt32]
        var result: LayoutResult
    }

    static func snapshot(_ root: LayoutNode) -> [NodeSnapshot] {
        var nodes: [NodeSnapshot] = []
        root.forEachNode { node in
            let state = node.state
            let raw = [state.positionLeft, state.positionTop, state.width, state.height].map(\.bitPattern)
            nodes.append(NodeSnapshot(raw: raw, result: node.layout))
        }
        return nodes
    }

    struct Comparison {
        var on: LayoutPassStatistics
        var off: LayoutPassStatistics
        /// Every node's raw frame (bit for bit) and layout result are the same.
        var same: Bool
        /// The layout results are the same apart from `hadOverflow` (see the random trees).
        var sameResults: Bool
        /// The layout results are the same (the raw frames may differ below the rounding).
        var sameResultsWithOverflow: Bool
        /// The first node (in depth-first order) that differs, and its two snapshots.
        var difference = ""
        var work: (on: Int, off: Int) { (on.layouts + on.measures, off.layouts + off.measures) }
    }

    /// Builds the tree twice, lays out both (the second with the reuse off) and compares.
    static func compare(width: Float? = nil, height: Float? = nil, direction: LayoutDirection = .ltr,
                        errata: Errata = .minSizeUndefinedInsteadOfAuto,
                        _ build: (LayoutConfig) throws -> LayoutNode) throws -> Comparison {
        let onConfig = try LayoutConfig(errata: errata)
        let offConfig = try LayoutConfig(errata: errata)
        offConfig.reusesContentSizedLayouts = false
        let on = try build(onConfig)
        let off = try build(offConfig)
        let onStatistics = try on.calculateLayout(width: width, height: height, direction: direction)
        let offStatistics = try off.calculateLayout(width: width, height: height, direction: direction)
        let onNodes = snapshot(on), offNodes = snapshot(off)
        var difference = ""
        if let index = onNodes.indices.first(where: { onNodes[$0] != offNodes[$0] }) {
            difference = "node \(index): \(onNodes[index]) ≠ \(offNodes[index])"
        }
        func results(_ nodes: [NodeSnapshot], overflow: Bool) -> [LayoutResult] {
            nodes.map { node in
                var result = node.result
                if !overflow { result.hadOverflow = false }
                return result
            }
        }
        return Comparison(on: onStatistics, off: offStatistics, same: onNodes == offNodes,
                          sameResults: results(onNodes, overflow: false) == results(offNodes, overflow: false),
                          sameResultsWithOverflow: results(onNodes, overflow: true) == results(offNodes, overflow: true),
                          difference: difference)
    }

    // MARK: The saving

    @Test func test_aListOfRowsIsLaidOutOnceInsteadOfMeasuredAndLaidOut() throws {
        let rows = 100
        let result = try Self.compare { try Self.listOfRows($0, rows: rows) }
        #expect(result.same)
        // Without the reuse the list, each wrapper and each row is measured for its basis
        // (a row twice more: at its wrapper's height, and at its own) and then laid out.
        // The layouts: the root, the list, per row the wrapper, the row and two boxes.
        #expect(result.off.layouts == 4 * rows + 2)
        #expect(result.off.measures == 12 * rows + 2)
        // With it each is laid out once (the growing text's measurement now happens
        // inside its row's layout, so it counts as one) and measured only at its own size,
        // which takes a shortcut; per row the texts are measured for their bases.
        #expect(result.on.layouts == 5 * rows + 2)
        #expect(result.on.measures == 4 * rows + 1)
        // The later exact requests of the list, every wrapper and every row are answered by
        // the layouts (the other cached layouts are texts').
        #expect(result.on.cachedLayouts == 3 * rows + 1)
        #expect(result.off.cachedLayouts == 2 * rows)
        #expect(result.on.measureCallbacks == result.off.measureCallbacks)
    }

    @Test func test_aSecondPassReusesEverything() throws {
        let config = LayoutConfig()
        let root = try Self.listOfRows(config, rows: 20)
        try root.calculateLayout()
        let second = try root.calculateLayout()
        #expect(second.layouts == 0 && second.measures == 0)
    }

    // MARK: Same results

    /// The list of rows with row `index`'s nodes changed by `edit` (wrapper, row, leaves).
    static func rowsCompare(rows: Int = 6, width: Float? = nil, height: Float? = nil,
                            _ edit: @escaping (Int, LayoutNode, LayoutNode, [LayoutNode]) throws -> Void)
        throws -> Comparison {
        try compare(width: width, height: height) { try listOfRows($0, rows: rows, edit: edit) }
    }

    @Test func test_theReuseIsOffWhenAChildHasAPercentageHeight() throws {
        // In a column with no height a percentage height is indefinite; at the height the
        // column measured to it is not.
        let result = try Self.rowsCompare { index, wrapper, _, _ in
            guard index % 2 == 0 else { return }
            let child = try Self.box(wrapper.config) { $0.height = .percent(50); $0.width = .points(10) }
            try wrapper.appendChild(child)
        }
        #expect(result.same, "\(result.difference)")
    }

    @Test func test_percentageHeightUnderAContentSizedRow() throws {
        let result = try Self.rowsCompare { index, _, row, leaves in
            if index % 2 == 0 { try leaves[3].updateStyle { $0.height = .percent(100) } }
            if index % 3 == 0 { try row.updateStyle { $0.minHeight = .percent(10) } }
        }
        #expect(result.same)
    }

    @Test func test_growingChildren() throws {
        // A wrapper that grows in the list, a row that grows in its wrapper, and a wrapper
        // whose content is shorter than its fixed height, so its row grows.
        let result = try Self.rowsCompare { index, wrapper, row, _ in
            switch index % 3 {
            case 0: try wrapper.updateStyle { $0.flexGrow = 1 }
            case 1: try row.updateStyle { $0.flexGrow = 1 }
            default:
                try wrapper.updateStyle { $0.height = .points(90) }
                try row.updateStyle { $0.flexGrow = 2; $0.flexShrink = 1 }
            }
        }
        #expect(result.same)
        // In a list with a definite height, the rows grow into it.
        let tall = try Self.rowsCompare(width: 800, height: 1000) { index, wrapper, _, _ in
            if index % 2 == 0 { try wrapper.updateStyle { $0.flexGrow = 1 } }
        }
        #expect(tall.same)
    }

    @Test func test_minAndMaxHeightsOnTheContainers() throws {
        let result = try Self.rowsCompare(rows: 8) { index, wrapper, row, _ in
            switch index % 4 {
            case 0: try wrapper.updateStyle { $0.minHeight = .points(100) }
            case 1: try wrapper.updateStyle { $0.maxHeight = .points(20) }
            case 2: try row.updateStyle { $0.minHeight = .points(50) }
            default: try row.updateStyle { $0.maxHeight = .points(10) }
            }
        }
        #expect(result.same, "\(result.difference)")
    }

    @Test func test_absoluteChildren() throws {
        let result = try Self.rowsCompare { index, wrapper, row, _ in
            let absolute = try Self.box(wrapper.config) {
                $0.positionType = .absolute
                $0.position.bottom = .points(3)
                $0.position.right = .percent(10)
                $0.height = .percent(50)
                $0.width = .points(20)
            }
            try (index % 2 == 0 ? wrapper : row).appendChild(absolute)
        }
        #expect(result.same)
    }

    @Test func test_wrappingRows() throws {
        let result = try Self.rowsCompare { index, wrapper, row, _ in
            try row.updateStyle {
                $0.flexWrap = index % 2 == 0 ? .wrap : .wrapReverse
                $0.width = .points(Float(120 + index * 40))
            }
            try wrapper.updateStyle { $0.alignItems = .flexStart }
        }
        #expect(result.same)
    }

    @Test func test_roundingOfFractionalPaddingsBordersAndMargins() throws {
        // Sums like (0.1 + h) - 0.1 are not h in floating point: the float checks must see it.
        let result = try Self.compare { config in
            let root = try Self.listOfRows(config, rows: 12) { index, wrapper, row, _ in
                let fraction = Float(index) * 0.1 + 0.05
                try wrapper.updateStyle {
                    $0.padding.top = .points(fraction)
                    $0.margin.bottom = .points(fraction * 3)
                }
                try row.updateStyle {
                    $0.border.bottom = .points(fraction / 3)
                    $0.padding.vertical = .points(fraction * 7)
                }
            }
            let list = try #require(root.child(at: 0))
            try list.updateStyle { $0.padding.all = .points(0.3) }
            return root
        }
        #expect(result.same)
    }

    @Test func test_stretchedAndBaselineAlignedItems() throws {
        let result = try Self.rowsCompare(rows: 9) { index, _, row, leaves in
            switch index % 3 {
            case 0: try row.updateStyle { $0.alignItems = .stretch }
            case 1: try row.updateStyle { $0.alignItems = .baseline }
            default: try leaves[1].updateStyle { $0.alignSelf = .stretch }
            }
        }
        #expect(result.same)
    }

    @Test func test_otherShapes() throws {
        // Margins on the main axis, justify-content, column-reverse, right to left, auto
        // margins, a row list, a scrolling list, display none and contents.
        for variant in 0..<8 {
            let result = try Self.compare(direction: variant == 3 ? .rtl : .ltr) { config in
                try Self.listOfRows(config, rows: 5) { index, wrapper, row, leaves in
                    switch variant {
                    case 0: try wrapper.updateStyle { $0.margin.vertical = .points(Float(index) + 0.5) }
                    case 1: try wrapper.updateStyle { $0.justifyContent = .center; $0.padding.top = .points(1.1) }
                    case 2: try wrapper.updateStyle { $0.flexDirection = .columnReverse }
                    case 3: try row.updateStyle { $0.flexDirection = .rowReverse }
                    case 4: try leaves[1].updateStyle { $0.margin.top = .auto }
                    case 5: try wrapper.updateStyle { $0.flexDirection = .row }
                    case 6: try wrapper.updateStyle { $0.overflow = .scroll }
                    default:
                        try leaves[index % 4].updateStyle { $0.display = index % 2 == 0 ? .none : .contents }
                    }
                }
            }
            #expect(result.same, "variant \(variant): \(result.difference)")
        }
    }

    @Test func test_relayoutAfterChangesMatches() throws {
        // The same changes applied to both trees after a first layout.
        let onConfig = LayoutConfig()
        let offConfig = LayoutConfig()
        offConfig.reusesContentSizedLayouts = false
        var trees: [LayoutNode] = []
        for config in [onConfig, offConfig] {
            let root = try Self.listOfRows(config, rows: 30)
            try root.calculateLayout()
            let list = try #require(root.child(at: 0))
            for index in stride(from: 0, to: 30, by: 4) {
                let wrapper = try #require(list.child(at: index))
                let row = try #require(wrapper.child(at: 0))
                let label = try #require(row.child(at: 1))
                try label.setMeasureFunction { _, _, _, _ in LayoutSize(width: 40, height: Float(20 + index)) }
                if index % 8 == 0 { try row.updateStyle { $0.padding.top = .points(2.5) } }
                // Styles that turn the reuse off below a node that had it (and back on).
                if index == 4 { try row.updateStyle { $0.alignItems = .baseline } }
                if index == 12 { try label.updateStyle { $0.height = .percent(50) } }
            }
            try root.calculateLayout()
            let list2 = try #require(root.child(at: 0))
            let row4 = try #require(list2.child(at: 4)?.child(at: 0))
            try row4.updateStyle { $0.alignItems = .center }
            try root.calculateLayout()
            trees.append(root)
        }
        #expect(Self.snapshot(trees[0]) == Self.snapshot(trees[1]))
        // And a fresh layout of the changed tree gives the same too.
        onConfig.invalidateLayoutCaches()
        let before = Self.snapshot(trees[0])
        try trees[0].calculateLayout()
        #expect(Self.snapshot(trees[0]) == before)
    }

    @Test func test_theRootAskedForItsOwnHeightLaterIsLaidOutAgain() throws {
        // The root's relative offset resolves against the height given to the pass, so a
        // root is never answered by the rule.
        let config = LayoutConfig()
        let root = try Self.listOfRows(config, rows: 3)
        try root.updateStyle { $0.position.top = .percent(10) }
        try root.calculateLayout()
        let height = root.layout.height
        try root.calculateLayout(height: height)
        let fresh = try Self.listOfRows(LayoutConfig(), rows: 3)
        try fresh.updateStyle { $0.position.top = .percent(10) }
        try fresh.calculateLayout(height: height)
        #expect(Self.snapshot(root) == Self.snapshot(fresh))
        #expect(root.layout.top > 0)
    }

    // MARK: Random trees

    /// A random content-sized tree: nested rows and columns of texts and boxes under a
    /// root of definite width, with features that the rule must notice mixed in.
    /// `rare` scales the chances of the features that turn the rule off (100 = as listed).
    static func randomTree(_ config: LayoutConfig, seed: UInt64, rare: Int = 100) throws -> LayoutNode {
        var random = RandomTreeTests.Generator(state: seed)
        func seldom(_ percent: Int) -> Bool { random.int(0...9_999) < percent * rare }
        let root = try box(config) { $0.width = .points(Float(random.int(200...900))) }
        func fraction() -> Float { Float(random.int(0...40)) / 8 + (random.chance(30) ? 0.1 : 0) }
        func container(depth: Int) throws -> LayoutNode {
            let node = try box(config) { style in
                style.flexDirection = random.pick([.column, .row, .row, .columnReverse, .rowReverse])
                style.alignItems = seldom(17) ? .baseline : random.pick([.stretch, .center, .center, .flexStart, .flexEnd])
                if random.chance(30) { style.justifyContent = random.pick(Justify.allCases) }
                if random.chance(30) { style.gap.all = .points(fraction()) }
                if random.chance(25) { style.padding[random.pick(Edge.allCases)] = .points(fraction()) }
                if random.chance(20) { style.margin[random.pick(Edge.allCases)] = .points(fraction()) }
                if random.chance(10) { style.border[random.pick(Edge.allCases)] = .points(fraction()) }
                if seldom(8) { style.minHeight = .points(Float(random.int(0...80))) }
                if seldom(8) { style.maxHeight = .points(Float(random.int(0...80))) }
                if seldom(5) { style.height = .percent(Float(random.int(10...100))) }
                if seldom(5) { style.minHeight = .percent(Float(random.int(10...100))) }
                if random.chance(10) { style.flexGrow = Float(random.int(1...2)) }
                if random.chance(10) { style.flexShrink = Float(random.int(0...2)) }
                if seldom(5) { style.flexBasis = .points(Float(random.int(0...60))) }
                if seldom(8) { style.flexWrap = .wrap }
                if seldom(5) { style.positionType = .absolute; style.position.top = .points(fraction()) }
                if seldom(5) { style.positionType = .static }
                if seldom(4) { style.position.top = .percent(10) }
                if seldom(4) { style.overflow = .scroll }
                if seldom(3) { style.aspectRatio = 2 }
                if seldom(3) { style.display = .contents }
            }
            for _ in 0..<random.int(1...4) {
                if depth < 4 && random.chance(45) {
                    try node.appendChild(try container(depth: depth + 1))
                } else if random.chance(60) {
                    var style = LayoutStyle()
                    if random.chance(20) { style.flexGrow = 1 }
                    if seldom(10) { style.alignSelf = random.pick([.stretch, .center, .baseline]) }
                    if random.chance(10) { style.margin.top = .points(fraction()) }
                    try node.appendChild(try text(config, characters: random.int(1...90), style: style))
                } else {
                    try node.appendChild(try box(config) { style in
                        style.width = .points(Float(random.int(0...120)))
                        if random.chance(80) { style.height = .points(fraction() * 6) }
                        if random.chance(10) { style.display = .none }
                    })
                }
            }
            return node
        }
        for _ in 0..<random.int(1...6) { try root.appendChild(try container(depth: 0)) }
        return root
    }

    // Random trees lay out the same, with one precise exception. When a layout done in
    // place of a measurement proves not reusable (its checks fail), the node is laid out
    // again, but the caches below it now hold answers today's engine would not have at
    // that point. Two old behaviours of the engine then show through: a cache entry
    // answers constraints within 0.0001 of its own (so a raw size can differ in the last
    // bits; never enough to move a rounded frame here), and `hadOverflow` is whatever a
    // node's last computation left. Counted, not hidden. Where the layout is reused, the
    // targeted tests above compare every raw bit.
    //
    // A max-content measurement answering an at-most request (WiderBounds.swift) leaves
    // the overflow its own computation found, but a container's `hadOverflow` also takes
    // in its children's as their caches left them, so which computations ran still shows
    // in it: in the mostly eligible trees below, where that reuse cuts the work by a
    // quarter, 4 of 300 trees have a node whose `hadOverflow` differs (1 before it), and
    // 5 are not the same bit for bit, those 4 included (2 before). Rounded frames never
    // differ.

    @Test func test_mostlyEligibleRandomTreesLayOutTheSame() throws {
        try Self.compareRandomTrees(count: 300, maximumRawDifferences: 5, maximumOverflowDifferences: 4) { config, seed in
            try Self.randomTree(config, seed: seed &* 7_919, rare: 8)
        }
    }

    @Test func test_randomTreesLayOutTheSame() throws {
        try Self.compareRandomTrees(count: 400, maximumRawDifferences: 1, maximumOverflowDifferences: 1) { config, seed in
            try Self.randomTree(config, seed: seed)
        }
    }

    static func compareRandomTrees(count: UInt64, maximumRawDifferences: Int, maximumOverflowDifferences: Int,
                                   _ build: (LayoutConfig, UInt64) throws -> LayoutNode) throws {
        var savedWork = 0
        var rawDifferences = 0
        var overflowDifferences = 0
        var work = (on: 0, off: 0)
        for seed in UInt64(1)...count {
            let result = try compare(direction: seed % 5 == 0 ? .rtl : .ltr) { try build($0, seed) }
            #expect(result.sameResults, "seed \(seed): \(result.difference)")
            if !result.same { rawDifferences += 1 }
            if !result.sameResultsWithOverflow { overflowDifferences += 1 }
            if result.work.on < result.work.off { savedWork += 1 }
            work.on += result.work.on
            work.off += result.work.off
        }
        // The trees exercise the rule (a layout that proves not reusable costs a little more).
        #expect(savedWork > 100)
        #expect(work.on < work.off)
        #expect(rawDifferences <= maximumRawDifferences)
        #expect(overflowDifferences <= maximumOverflowDifferences)
        print("random trees: less work in \(savedWork) of \(count), layouts and measurements \(work.on) instead of "
              + "\(work.off); raw frames differ in \(rawDifferences), hadOverflow in \(overflowDifferences)")
    }
}
