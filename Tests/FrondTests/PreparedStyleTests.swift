@testable import Frond
@testable import FrondLayout
import Testing

/// A build prepares each layout style once for the nodes of a kind and place that share
/// it (`BuildContext.preparedStyle`): every new node must still get exactly the style its
/// component gives it, and a refused style must still fail the build.
@Suite struct PreparedStyleTests {
    private static func margins(_ points: Float) -> EdgeValues {
        var values = EdgeValues()
        values.all = .points(points)
        return values
    }

    /// The nodes of the components whose view type is `type`, in tree order.
    private static func nodes(ofViewType type: String, in root: Root) -> [TreeNode] {
        var found: [TreeNode] = []
        func visit(_ node: TreeNode) {
            if node.component.view.viewType == type { found.append(node) }
            for child in node.treeChildren { visit(child) }
        }
        if let tree = root.tree { visit(tree) }
        return found
    }

    @Test func rowsOfAListShareOnePreparationPerKindAndPlace() throws {
        let root = Root(sizeRange: .flexibleHeight(width: 200))
        root.setComponent(Flexbox(children: (0..<40).map { _ in
            FlexChild(Flexbox(style: FlexboxStyle(direction: .row)) {
                FlexChild(Component(view: ViewConfiguration("dot"), size: .points(4, 4)), margin: Self.margins(2))
                Text("label")
            })
        }))
        try root.flush()
        let dots = Self.nodes(ofViewType: "dot", in: root)
        #expect(dots.count == 40)
        // The sides are worked out once: every dot holds the same object.
        let sides = try #require(dots.first?.sides)
        #expect(dots.allSatisfy { $0.sides === sides })
        var expected = LayoutStyle()
        expected.width = .points(4)
        expected.height = .points(4)
        expected.margin = Self.margins(2)
        for dot in dots {
            #expect(dot.style.width == expected.width && dot.style.height == expected.height)
            #expect(dot.style.margin == expected.margin)
            #expect(dot.frame.width == 4 && dot.frame.left == 2)
        }
    }

    /// The build lets go of what it prepared: once the nodes are gone, so are their sides.
    @Test func preparedStylesGoWithTheBuildAndTheNodes() throws {
        weak var sides: ResolvedSides?
        do {
            let root = Root(sizeRange: .flexibleHeight(width: 200))
            root.setComponent(Flexbox(children: (0..<3).map { _ in
                FlexChild(Component(view: ViewConfiguration("dot"), size: .points(4, 4)), margin: Self.margins(2))
            }))
            try root.flush()
            sides = Self.nodes(ofViewType: "dot", in: root).first?.sides
            #expect(sides != nil)
            root.setComponent(Flexbox {})
            try root.flush()
        }
        #expect(sides == nil)
    }

    /// Styles that differ only where `==` cannot see it (the sign of a zero) or that differ
    /// plainly, at the same kind and place in neighbouring rows: each node keeps its own.
    @Test func differentStylesAtTheSameKindAndPlaceAreKeptApart() throws {
        let widths: [Float] = [10, 20, -0.0, 0.0, 10, -0.0]
        let root = Root(sizeRange: .flexibleHeight(width: 200))
        root.setComponent(Flexbox(children: widths.map { width in
            FlexChild(Flexbox(style: FlexboxStyle(direction: .row)) {
                Component(view: ViewConfiguration("box"), size: .points(width, 8))
            })
        }))
        try root.flush()
        let boxes = Self.nodes(ofViewType: "box", in: root)
        #expect(boxes.count == widths.count)
        for (box, width) in zip(boxes, widths) {
            #expect(box.style.width.value.bitPattern == width.bitPattern)
            #expect(box.frame.width == width)
        }
    }

    /// A refused style after an accepted one of the same kind and place fails the build
    /// with its message, and the mounted tree stays as it was.
    @Test func aRefusedStyleAfterAPreparedOneFailsTheBuild() throws {
        let root = Root(sizeRange: .flexibleHeight(width: 200))
        func list(lastBasis: Float) -> Component {
            Flexbox(children: [1, 2, lastBasis].map { basis in
                FlexChild(Flexbox(style: FlexboxStyle(direction: .row)) {
                    FlexChild(Component(view: ViewConfiguration("box"), size: .points(5, 5)), flexBasis: .points(basis))
                })
            })
        }
        root.setComponent(list(lastBasis: 3))
        try root.flush()
        root.setComponent(Flexbox { list(lastBasis: -4) })
        let error = #expect(throws: FrondError.self) { try root.flush() }
        #expect(error?.kind == .invalidValue)
        #expect(error?.message.contains("flexBasis") == true)
        #expect(Self.nodes(ofViewType: "box", in: root).map { $0.style.flexBasis } == [.points(1), .points(2), .points(3)])
    }

    /// A node made with a prepared style knows that style (a rebuild that gives it the same
    /// style again skips rebuilding its style from the parts): it says so for that style
    /// only, and no longer once its style was replaced, in place or by a new one.
    @Test func aNodeKnowsOnlyTheStyleItWasPreparedFrom() throws {
        var style = LayoutStyle()
        style.width = .points(10)
        var other = style
        other.width = .points(11)
        // Replaced in place: the node is the only one left with the prepared parts.
        let node = LayoutNode(config: LayoutConfig(), prepared: try PreparedStyle(style))
        #expect(node.hasStyle(knownToBe: &style))
        #expect(!node.hasStyle(knownToBe: &other))
        try node.setStyle(other)
        #expect(node.style.width == .points(11))
        #expect(!node.hasStyle(knownToBe: &style))
        #expect(!node.hasStyle(knownToBe: &other))
        // Replaced by new parts: the prepared ones stay with the other node that has them.
        let prepared = try PreparedStyle(style)
        let first = LayoutNode(config: LayoutConfig(), prepared: prepared)
        let second = LayoutNode(config: LayoutConfig(), prepared: prepared)
        try first.setStyle(other)
        #expect(!first.hasStyle(knownToBe: &style) && !first.hasStyle(knownToBe: &other))
        #expect(second.hasStyle(knownToBe: &style) && second.style.width == .points(10))
    }

    /// Rebuilding a list with new row components of the same styles changes no node's
    /// style, and a row whose style did change gets it.
    @Test func aRebuiltListKeepsItsStylesAndTakesAChangedOne() throws {
        let root = Root(sizeRange: .flexibleHeight(width: 200))
        func list(widths: [Float]) -> Component {
            Flexbox(children: widths.enumerated().map { index, width in
                FlexChild(Component(view: ViewConfiguration("box"), size: .points(width, 5), key: "\(index)"))
            })
        }
        root.setComponent(list(widths: [5, 5, 5, 5]))
        try root.flush()
        let before = Self.nodes(ofViewType: "box", in: root)
        let stylesBefore = before.map(\.style)
        root.setComponent(list(widths: [5, 5, 7, 5]))
        let statistics = try root.flush()
        let after = Self.nodes(ofViewType: "box", in: root)
        #expect(zip(before, after).allSatisfy { $0 === $1 })
        #expect(after.map(\.frame.width) == [5, 5, 7, 5])
        #expect(statistics.layouts > 0)
        #expect([0, 1, 3].allSatisfy { after[$0].style == stylesBefore[$0] })
        var changed = stylesBefore[2]
        changed.width = .points(7)
        #expect(after[2].style == changed)
    }
}
