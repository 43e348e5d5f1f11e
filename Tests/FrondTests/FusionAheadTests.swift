@testable import Frond
@testable import FrondLayout
import FrondTestSupport
import Testing

/// The build finds whether a new node's subtree allows fused layouts as it gives the
/// node its children (`checkFusionAhead`), not at the first layout. Every container of
/// a new tree must come out checked, and the results must not change: a root's tree lays
/// out exactly as a plain copy of it (same styles and measure functions, checked by
/// layout itself) does.
@Suite struct FusionAheadTests {
    private static func text(_ string: String, size: Float = 14) -> Text {
        Text(string, style: TextStyle(fontSize: size))
    }

    private static func allSides(_ points: Float) -> EdgeValues {
        var values = EdgeValues()
        values.all = .points(points)
        return values
    }

    private static func row(_ index: Int) -> Component {
        Flexbox(view: ViewConfiguration("row"), style: FlexboxStyle(direction: .row, alignItems: .center, spacing: 8)) {
            Component(view: ViewConfiguration("image"), size: .points(32, 32))
            text(String(index))
            text("pretty table number \(index)").flexGrow(1)
            Component(view: ViewConfiguration("button"), size: .points(64, 28))
        }
    }

    /// Trees whose subtrees allow fusion and trees whose subtrees do not (baseline
    /// alignment, wrapping, percentages, aspect ratios, hidden children), nested.
    static let trees: [(String, @Sendable () -> Component)] = [
        ("list of rows", { Flexbox(children: (0..<12).map { FlexChild(row($0)) }) }),
        ("baseline rows", {
            Flexbox(children: (0..<4).map { index in
                FlexChild(Flexbox(style: FlexboxStyle(direction: .row, alignItems: .baseline)) {
                    text("small \(index)", size: 10)
                    text("large", size: 24)
                })
            })
        }),
        ("wrapping rows", {
            Flexbox(children: (0..<3).map { _ in
                FlexChild(Flexbox(style: FlexboxStyle(direction: .row, wrap: .wrap, spacing: 4)) {
                    for word in ["one", "two", "three", "four", "five", "six"] { text(word) }
                })
            })
        }),
        ("percentages and ratios", {
            Flexbox {
                Component(view: ViewConfiguration("half"), size: ComponentSize(width: .percent(50), height: .points(10)))
                Flexbox(style: FlexboxStyle(direction: .row)) {
                    Component(view: ViewConfiguration("min"), size: ComponentSize(minWidth: .percent(20)))
                    text("next to a percentage minimum")
                }
                FlexChild(Component(view: ViewConfiguration("square"), size: ComponentSize(width: .points(40))),
                          aspectRatio: 1)
                Flexbox { row(1); row(2) }
            }
        }),
        ("columns in columns", {
            Flexbox(style: FlexboxStyle(padding: allSides(3))) {
                Flexbox { text("a"); Flexbox { text("b"); text("c") } }
                Flexbox(style: FlexboxStyle(direction: .row, alignItems: .stretch)) { text("d"); text("e") }
            }
        }),
    ]

    /// A plain layout tree with the styles and measurements of `node`'s subtree.
    private func plainCopy(of node: LayoutNode) throws -> LayoutNode {
        let copy = try LayoutNode(config: node.config, style: node.style)
        if let measure = node.measureFunction {
            try copy.setMeasureFunction(measure)
        } else if node.isMeasured {
            // A text's node is measured by the root's text measurer, which reads the node.
            let measurer = try #require(node.config.leafMeasurer)
            try copy.setMeasureFunction { width, widthMode, height, heightMode in
                try measurer.measure(node, width: width, widthMode: widthMode, height: height, heightMode: heightMode)
            }
        }
        for child in node.children { try copy.appendChild(try plainCopy(of: child)) }
        return copy
    }

    private func frames(_ node: LayoutNode) -> [LayoutFrame] {
        [node.layout.frame] + node.children.flatMap(frames)
    }

    @Test(arguments: 0..<FusionAheadTests.trees.count)
    func checkingAheadLaysOutAsLayoutAloneDoes(index: Int) throws {
        let (name, make) = Self.trees[index]
        let root = Root(sizeRange: .flexibleHeight(width: 300), host: RecordingHost())
        root.setComponent(make())
        try root.flush()
        let top = try #require(root.tree, "\(name)")
        let container = try #require(top.parent, "\(name)")
        // Every container of the new tree was checked ahead.
        var checked = 0
        top.forEach { node in
            guard !node.children.isEmpty else { return }
            #expect(node.state.fusionCheckVersion == node.config.version, "\(name)")
            checked += 1
        }
        #expect(checked > 0)
        let plain = try plainCopy(of: container)
        try plain.calculateLayout()
        #expect(frames(plain) == frames(container), "\(name)")
    }
}
