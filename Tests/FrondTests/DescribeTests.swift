import Frond
import Testing

/// A vote count: the state of a ``Voter``.
private struct Votes {
    var up = 0
}

/// A stateful component showing a "votes" view; it hands out its scope so a test can
/// update the state.
private final class Voter: RenderComponent<Votes>, @unchecked Sendable {
    private let onRender: (StateScope<Votes>) -> Void

    init(key: String? = nil, onRender: @escaping (StateScope<Votes>) -> Void) {
        self.onRender = onRender
        super.init(key: key)
    }

    override func initialState() -> Votes? { Votes() }

    override func render(state: Votes, scope: StateScope<Votes>) -> Component? {
        onRender(scope)
        return Component(view: ViewConfiguration("votes", attributes: ["up": .number(Double(state.up))]),
                         size: .points(30, 10))
    }
}

/// A stateful component whose state's description spans lines.
private final class Poem: RenderComponent<String>, @unchecked Sendable {
    override func initialState() -> String? { "roses\nviolets\r\nsugar" }
    override func render(state: String, scope: StateScope<String>) -> Component? { nil }
}

@Suite struct DescribeTests {
    /// A viewless column with a keyed label, a text and a voter, in a 100×100 root.
    private func screen(onRender: @escaping (StateScope<Votes>) -> Void) -> Component {
        Flexbox(style: FlexboxStyle(direction: .column, alignItems: .flexStart, spacing: 2)) {
            Component(view: ViewConfiguration("label", attributes: ["text": .string("Title")]),
                      size: .points(100, 20), key: "title")
            Text("Hi", style: TextStyle(fontSize: 10))
            Voter(key: "v", onRender: onRender)
        }
    }

    @Test func test_componentDumpListsComponentsWithFramesIdentitiesAndState() throws {
        var scope: StateScope<Votes>?
        let root = Root(sizeRange: .fixed(width: 100, height: 100))
        root.setComponent(screen { scope = $0 })
        try root.flush()
        #expect(root.componentDump == """
            Flexbox (0, 0, 100×100) #1 viewless
              Component["title"](label) (0, 0, 100×20) #2
              Text(text) (0, 22, 12×12) #3
              Voter["v"] (0, 36, 30×10) #4 viewless state=Votes(up: 0)
                Component(votes) (0, 0, 30×10) #5
            """)

        try #require(scope).update { $0.up += 3 }
        try root.flush()
        // Same identities (the same components kept their places); the new state.
        #expect(root.componentDump == """
            Flexbox (0, 0, 100×100) #1 viewless
              Component["title"](label) (0, 0, 100×20) #2
              Text(text) (0, 22, 12×12) #3
              Voter["v"] (0, 36, 30×10) #4 viewless state=Votes(up: 3)
                Component(votes) (0, 0, 30×10) #5
            """)
        #expect(root.mountedDump == """
            v1 label (0, 0, 100×20) text="Title"
            v2 text (0, 22, 12×12) fontSize=10 lineHeight=12 text="Hi"
            v3 votes (0, 36, 30×10) up=3
            """)
    }

    @Test func test_componentDumpIsEmptyBeforeTheFirstFlushAndWithoutAComponent() throws {
        let root = Root(sizeRange: .fixed(width: 100, height: 100))
        #expect(root.componentDump == "")
        root.setComponent(Component(view: ViewConfiguration("box")))
        #expect(root.componentDump == "")
        try root.flush()
        #expect(root.componentDump == "Component(box) (0, 0, 100×100) #1")
        root.setComponent(nil)
        try root.flush()
        #expect(root.componentDump == "")
    }

    @Test func test_aReplacedComponentGetsANewIdentity() throws {
        let root = Root(sizeRange: .fixed(width: 50, height: 50))
        root.setComponent(Flexbox { Component(view: ViewConfiguration("a"), key: "x") })
        try root.flush()
        root.setComponent(Flexbox { Component(view: ViewConfiguration("a"), key: "y") })
        try root.flush()
        #expect(root.componentDump == """
            Flexbox (0, 0, 50×50) #1 viewless
              Component["y"](a) (0, 0, 50×0) #3
            """)
    }

    /// A string attribute is quoted and escaped as a JSON string: one view stays on one
    /// line, and the value can be read back.
    @Test func test_stringAttributesAreEscaped() throws {
        let root = Root(sizeRange: .fixed(width: 10, height: 10))
        let text = "line1\nline2 \"q\" \\ \t\u{1}é"
        root.setComponent(Component(view: ViewConfiguration("label", attributes: ["text": .string(text)])))
        try root.flush()
        #expect(root.mountedDump == #"v1 label (0, 0, 10×10) text="line1\nline2 \"q\" \\ \t\u0001é""#)
        #expect(!root.mountedDump.contains("\n"))
    }

    @Test func test_aStateDescriptionStaysOnOneLine() throws {
        let root = Root(sizeRange: .fixed(width: 10, height: 10))
        root.setComponent(Poem())
        try root.flush()
        #expect(root.componentDump == #"Poem (0, 0, 10×10) #1 viewless state=roses\nviolets\r\nsugar"#)
    }
}
