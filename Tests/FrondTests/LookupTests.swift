import Frond
import FrondTestSupport
import Testing

/// Components, scopes and views found by key path; frames in the root's coordinates.
@Suite struct LookupTests {
    /// A counter keyed `key` whose render shows a 20×10 "button" named after it.
    final class Counter: RenderComponent<Int>, @unchecked Sendable {
        let name: String
        init(_ name: String) {
            self.name = name
            super.init(key: name)
        }
        override func initialState() -> Int? { 0 }
        override func render(state: Int, scope: StateScope<Int>) -> Component? {
            Component(view: ViewConfiguration("button", attributes: ["name": .string(name)]), size: .points(20, 10))
        }
    }

    /// A padded column: a "title" box, then a "list" of counters (unkeyed wrappers between).
    private func screen(_ names: [String]) -> Component {
        var style = FlexboxStyle(direction: .column)
        style.padding[.all] = .points(5)
        return Flexbox(style: style) {
            Component(view: ViewConfiguration("title"), size: .points(50, 20), key: "title")
            Flexbox(view: ViewConfiguration("list"), key: "list", style: FlexboxStyle(direction: .column, spacing: 2),
                    children: names.map { FlexChild(CompositeComponent(child: Counter($0))) })
        }
    }

    @Test func test_keyPathsFindComponentsScopesAndViews() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(screen(["a", "b", "c"]))
        try root.flush()
        let b = try #require(host.view(named: "b"))

        #expect(try root.view(atKeyPath: ["list", "b"]) == b)
        #expect(try root.view(atKeyPath: ["b"]) == b)
        #expect(try root.view(atKeyPath: ["b", "list"]) == nil)
        #expect(try root.view(atKeyPath: ["list", "z"]) == nil)
        #expect(try root.view(atKeyPath: []) == nil)
        #expect((try root.component(atKeyPath: ["list", "c"]) as? Counter)?.name == "c")
        let scope = try #require(try root.scope(atKeyPath: ["list", "b"], as: Int.self))
        #expect(scope.currentState == 0)
        #expect(try root.scope(atKeyPath: ["list", "b"], as: String.self) == nil)
        #expect(try root.scope(atKeyPath: ["title"], as: Int.self) == nil)

        // b is the second counter: below the padding, the title and one row (10 + 2).
        #expect(root.frameInRoot(of: b) == LayoutFrame(left: 5, top: 5 + 20 + 12, width: 20, height: 10))
        #expect(root.frameInRoot(of: .root) == LayoutFrame())
        #expect(root.frameInRoot(of: ViewID(999)) == nil)
    }

    @Test func test_lookupsAreRefusedWhileTheTreeIsBeingChanged() throws {
        final class Looking: RenderComponent<Int>, @unchecked Sendable {
            nonisolated(unsafe) static var root: Root?
            nonisolated(unsafe) static var error: FrondError?
            override func initialState() -> Int? { 0 }
            override func render(state: Int, scope: StateScope<Int>) -> Component? {
                do { _ = try Looking.root?.view(atKeyPath: ["x"]) } catch { Looking.error = error }
                return nil
            }
        }
        let root = Root(sizeRange: .fixed(width: 10, height: 10), host: RecordingHost())
        Looking.root = root
        defer { Looking.root = nil }
        root.setComponent(Looking())
        try root.flush()
        #expect(Looking.error?.kind == .misuse)
        root.setComponent(Looking(key: "x"))
        try root.prepare()
        #expect(throws: FrondError.self) { try root.view(atKeyPath: ["x"]) }
        try root.commit()
        #expect(try root.view(atKeyPath: ["x"]) == nil)
    }
}
