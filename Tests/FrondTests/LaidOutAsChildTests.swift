import FrondLayout
import FrondTestSupport
import Testing
@testable import Frond

/// A render component without a view and a size of its own is laid out as its child (as
/// ComponentKit lays out a composite component): the child takes its place among its
/// parent's items, with the item properties the wrapper was given, and the wrapper adds
/// no layout of its own.
@Suite struct LaidOutAsChildTests {
    /// Renders `child` (or nothing); counts its renders in its state.
    final class Wrap: RenderComponent<Int>, @unchecked Sendable {
        let child: Component?
        init(_ child: Component?, size: ComponentSize = ComponentSize(), key: String? = nil) {
            self.child = child
            super.init(size: size, key: key)
        }
        override func initialState() -> Int? { 0 }
        override func render(state: Int, scope: StateScope<Int>) -> Component? { child }
    }

    static func box(_ name: String, width: Float = 30, height: Float = 20) -> Component {
        Component(view: ViewConfiguration(name), size: .points(width, height))
    }

    static func edges(left: Float, top: Float = 0) -> EdgeValues {
        var edges = EdgeValues()
        edges.left = .points(left)
        if top != 0 { edges.top = .points(top) }
        return edges
    }

    /// A row of three items; the middle one, `middle`, grows and has margins.
    static func row(_ middle: Component) -> Flexbox {
        Flexbox(view: ViewConfiguration("row"), style: FlexboxStyle(direction: .row, alignItems: .flexStart),
                children: [FlexChild(box("a")),
                           FlexChild(middle, flexGrow: 1, margin: Self.edges(left: 5, top: 3)),
                           FlexChild(box("c"))])
    }

    static func mounted(_ component: Component, width: Float = 200) throws -> (dump: String, statistics: CommitStatistics, root: Root) {
        let host = RecordingHost()
        let root = Root(sizeRange: .flexibleHeight(width: width), host: host)
        root.setComponent(component)
        let statistics = try root.flush()
        #expect(host.problems.isEmpty)
        return (host.dump(), statistics, root)
    }

    @Test func test_aWrapperIsLaidOutAsItsChildWithTheItemPropertiesItWasGiven() throws {
        let middle = Flexbox(view: ViewConfiguration("inner"), style: FlexboxStyle(direction: .row)) { Self.box("b") }
        let direct = try Self.mounted(Self.row(middle))
        let wrapped = try Self.mounted(Self.row(Wrap(Flexbox(view: ViewConfiguration("inner"), style: FlexboxStyle(direction: .row)) {
            Self.box("b")
        })))
        // The same views in the same places: the child grew and kept the margins given to
        // the wrapper.
        #expect(wrapped.dump == direct.dump)
        #expect(direct.dump.contains("inner (35, 3, 135×20)"))
        // The wrapper has no layout of its own.
        #expect(wrapped.statistics.layouts == direct.statistics.layouts)
        // Its frame is its child's, and the child sits at its origin.
        let lines = wrapped.root.componentDump.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  Wrap (35, 3, 135×20)") })
        #expect(lines.contains { $0.hasPrefix("    Flexbox(inner) (0, 0, 135×20)") })
    }

    @Test func test_nestedWrappersAreLaidOutAsTheInnermostChild() throws {
        let direct = try Self.mounted(Self.row(Self.box("b")))
        let wrapped = try Self.mounted(Self.row(Wrap(Wrap(Self.box("b")))))
        #expect(wrapped.dump == direct.dump)
        #expect(wrapped.statistics.layouts == direct.statistics.layouts)
    }

    @Test func test_aWrapperWithASizeKeepsABoxThatItsChildFills() throws {
        let sized = try Self.mounted(Self.row(Wrap(Self.box("b"), size: ComponentSize(width: .points(50)))))
        // The wrapper grows from 50 to 135 wide; its child keeps its own width inside it.
        #expect(sized.dump.contains("b (35, 3, 30×20)"))
        let lines = sized.root.componentDump.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  Wrap (35, 3, 135×20)") })
        #expect(lines.contains { $0.hasPrefix("    Component(b) (0, 0, 30×20)") })
    }

    @Test func test_aWrapperThatRendersNothingTakesNoSpaceAndKeepsItsState() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .flexibleHeight(width: 200), host: host)
        root.setComponent(Self.row(Wrap(nil, key: "w")))
        try root.flush()
        #expect(host.dump().contains("c (30, 0, 30×20)"))
        let scope = try #require(root.tree?.treeChildren[1].scope)
        root.setComponent(Self.row(Wrap(Self.box("b"), key: "w")))
        try root.flush()
        #expect(root.tree?.treeChildren[1].scope === scope)
        #expect(host.dump() == (try Self.mounted(Self.row(Self.box("b")))).dump)
    }

    @Test func test_aWrapperGainingAndLosingItsOwnBoxKeepsItsStateAndLaysOutAsAFreshTree() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .flexibleHeight(width: 200), host: host)
        let shapes: [ComponentSize] = [ComponentSize(), ComponentSize(height: .points(40)), ComponentSize(),
                                       ComponentSize(width: .points(10), height: .points(10)), ComponentSize()]
        var scope: Scope?
        for size in shapes {
            let component = Self.row(Wrap(Self.box("b"), size: size, key: "w"))
            root.setComponent(component)
            try root.flush()
            #expect(host.problems.isEmpty)
            let wrapper = try #require(root.tree?.treeChildren[1])
            if let scope { #expect(wrapper.scope === scope) }
            scope = wrapper.scope
            // The wrapper is laid out as its child exactly when it has no size of its own.
            #expect(wrapper.isLaidOutAsChild == (size == ComponentSize()))
            // What a fresh root shows for the same component.
            #expect(host.dump() == (try Self.mounted(Self.row(Wrap(Self.box("b"), size: size, key: "w")))).dump)
        }
    }

    @Test func test_newItemPropertiesReachTheChildOfAWrapperWhoseSubtreeIsReused() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .flexibleHeight(width: 200), host: host)
        let wrapper = Wrap(Self.box("b"), key: "w")
        root.setComponent(Flexbox(style: FlexboxStyle(direction: .row)) { wrapper })
        try root.flush()
        #expect(host.dump() == "b (0, 0, 30×20)")
        // The same wrapper instance (its subtree is reused) with a margin and growth now.
        root.setComponent(Flexbox(style: FlexboxStyle(direction: .row),
                                  children: [FlexChild(wrapper, flexGrow: 1, margin: Self.edges(left: 7))]))
        let statistics = try root.flush()
        #expect(statistics.renders == 0)
        #expect(host.dump() == "b (7, 0, 193×20)")
        #expect(host.dump() == (try Self.mounted(Flexbox(style: FlexboxStyle(direction: .row),
                                                         children: [FlexChild(Self.box("b"), flexGrow: 1,
                                                                              margin: Self.edges(left: 7))]))).dump)
        // A width of its own (a new instance) turns it into a box its child fills.
        root.setComponent(Flexbox(style: FlexboxStyle(direction: .row),
                                  children: [FlexChild(Wrap(Self.box("b"), key: "w"), flexGrow: 1, aspectRatio: 2)]))
        try root.flush()
        #expect(host.dump() == (try Self.mounted(Flexbox(style: FlexboxStyle(direction: .row),
                                                         children: [FlexChild(Wrap(Self.box("b"), key: "w"), flexGrow: 1,
                                                                              aspectRatio: 2)]))).dump)
        #expect(root.tree?.treeChildren[0].isLaidOutAsChild == false)
    }

    /// Renders, by its state, nothing (0), a box (1) or a flexbox holding one (2).
    final class Switch: RenderComponent<Int>, @unchecked Sendable {
        nonisolated(unsafe) static var scope: StateScope<Int>?
        override func initialState() -> Int? { 1 }
        override func render(state: Int, scope: StateScope<Int>) -> Component? {
            Switch.scope = scope
            switch state {
            case 0: return nil
            case 1: return LaidOutAsChildTests.box("b")
            default: return Flexbox(view: ViewConfiguration("inner")) { LaidOutAsChildTests.box("b", width: 40) }
            }
        }
    }

    @Test func test_aStateUpdateThatChangesWhatAWrapperRendersChangesWhatIsLaidOutInItsPlace() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .flexibleHeight(width: 200), host: host)
        // The list and the row are kept (only the state changes): the row's layout children
        // change under it.
        root.setComponent(Self.row(Wrap(Switch(key: "s"))))
        try root.flush()
        for state in [2, 0, 1, 2, 1, 0, 0, 2] {
            try #require(Switch.scope).update { $0 = state }
            let statistics = try root.flush()
            #expect(statistics.renders == 1)
            #expect(host.problems.isEmpty)
            let fresh = RecordingHost()
            let freshRoot = Root(sizeRange: .flexibleHeight(width: 200), host: fresh)
            freshRoot.setComponent(Self.row(Wrap(Switch(key: "s"))))
            try freshRoot.flush()
            try #require(Switch.scope).update { $0 = state }
            try freshRoot.flush()
            #expect(host.dump() == fresh.dump(), "state \(state)")
            // Back to this root's scope for the next update.
            Switch.scope = root.tree?.treeChildren[1].treeChildren[0].scope.map { StateScope<Int>(scope: $0) }
        }
    }

    @Test func test_aFailedBuildAfterAWrapperChangedItsBoxLeavesTheTreeAsItWas() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .flexibleHeight(width: 200), host: host)
        let good = Self.row(Wrap(Self.box("b"), key: "w"))
        root.setComponent(good)
        try root.flush()
        let before = host.dump()
        let componentsBefore = root.componentDump
        // The wrapper gets a box of its own, and a later sibling is invalid: nothing changes.
        let broken = Flexbox(view: ViewConfiguration("row"), style: FlexboxStyle(direction: .row, alignItems: .flexStart),
                             children: [FlexChild(Self.box("a")),
                                        FlexChild(Wrap(Self.box("b"), size: ComponentSize(height: .points(40)), key: "w"),
                                                  flexGrow: 1, margin: Self.edges(left: 5, top: 3)),
                                        FlexChild(Component(view: ViewConfiguration("c", attributes: ["x": .number(.nan)])))])
        root.setComponent(broken)
        #expect(throws: FrondError.self) { try root.flush() }
        #expect(host.dump() == before)
        #expect(root.componentDump == componentsBefore)
        // The previous component again (its tree is kept whole) at another width: laid out
        // as a fresh root lays it out.
        root.setComponent(good)
        root.sizeRange = .flexibleHeight(width: 150)
        try root.flush()
        let fresh = RecordingHost()
        let freshRoot = Root(sizeRange: .flexibleHeight(width: 150), host: fresh)
        freshRoot.setComponent(Self.row(Wrap(Self.box("b"), key: "w")))
        try freshRoot.flush()
        #expect(host.dump() == fresh.dump())
        // The next good build lays out as a fresh root does.
        root.setComponent(Self.row(Wrap(Self.box("b"), size: ComponentSize(height: .points(40)), key: "w")))
        try root.flush()
        #expect(host.dump() == (try Self.mounted(Self.row(Wrap(Self.box("b"), size: ComponentSize(height: .points(40)),
                                                                  key: "w")), width: 150)).dump)
    }
}
