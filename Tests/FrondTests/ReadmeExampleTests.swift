import Frond
import FrondTestSupport
import Testing

/// The Swift examples of README.md and docs/guide.md, as printed there, mounted and updated.
@Suite struct ReadmeExampleTests {
    @Test func test_theReadmeTapCounterPrintsWhatTheReadmeShows() throws {
        // As printed in README.md (Swift), with its output.
        final class Counter: RenderComponent<Int>, @unchecked Sendable {
            override func initialState() -> Int? { 0 }
            override func render(state taps: Int, scope: StateScope<Int>) -> Component? {
                let row = FlexboxStyle(direction: .row, justifyContent: .spaceBetween, alignItems: .center)
                return Flexbox(style: row) {
                    Text("\(taps) taps")
                    Component(view: ViewConfiguration("button", attributes: ["onTap": .action("add")]),
                              size: .points(60, 24))
                }
            }
            override func handle(_ action: ActionEvent, scope: StateScope<Int>) throws(FrondError) -> Bool {
                try scope.update { $0 += 1 }
                return true
            }
        }

        let root = Root(sizeRange: .flexibleHeight(width: 200))
        root.setComponent(Counter())
        try root.flush()
        try root.tap(atX: 170, y: 10)                    // the button's onTap action reaches Counter.handle
        try root.tap(atX: 170, y: 10)
        let statistics = try root.flush()
        #expect("\(statistics.renders) render, \(statistics.mutations) mutation" == "1 render, 1 mutation")
        #expect(root.mountedDump == """
            v1 text (0, 3, 51×18) fontSize=14 lineHeight=16.80000114440918 text="2 taps"
            v2 button (140, 0, 60×24) onTap=action(add)
            """)
    }

    @Test func test_theReadmeCounterCountsTaps() throws {
        // As printed in docs/guide.md (Components, state and reconciliation).
        final class Counter: RenderComponent<Int>, ComponentInitialStateProtocol, @unchecked Sendable {
            nonisolated(unsafe) static var scope: StateScope<Int>?
            static func initialState() -> Int { 0 }
            override func render(state: Int, scope: StateScope<Int>) -> Component? {
                Counter.scope = scope
                return Flexbox(direction: .row) {
                    Text("\(state)")
                    Component(view: ViewConfiguration("button", attributes: ["onTap": .action("increment")]))
                }
            }
        }
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 20), host: host)
        root.setComponent(Counter())
        try root.flush()
        let scope = try #require(Counter.scope)
        try scope.update { $0 += 1 }
        try scope.update { $0 += 1 }
        let statistics = try root.flush()
        #expect(statistics.renders == 1)
        #expect(statistics.mutations == 1)
        #expect(host.dump().contains("text=\"2\""))
    }

    @Test func test_theReadmeProviderAndDeclarationsWork() throws {
        struct Inbox { var unread: Int }
        final class InboxScreen: Component, @unchecked Sendable {
            init(_ inbox: Inbox) {
                super.init(view: ViewConfiguration("label", attributes: ["text": .string("\(inbox.unread) unread")]))
            }
        }
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 20), host: host)
        // As printed in docs/guide.md (Props and a component provider, View type declarations).
        root.setProvider(props: Inbox(unread: 0)) { (inbox: Inbox) in InboxScreen(inbox) }
        try root.flush()                                 // calls the provider with the props
        try root.update(props: Inbox(unread: 3))         // new props: the next flush calls it again
        try root.declareViewType("label", attributes: ["text": .string, "color": .color, "lines": .number])
        try root.declareViewType("text", .text)          // Text's attributes
        root.requiresDeclaredViewTypes = true            // undeclared view types fail too (default: allowed)

        try root.flush()
        #expect(host.dump() == "label (0, 0, 100×20) text=\"3 unread\"")
        root.setProvider(props: Inbox(unread: 1)) { (_: Inbox) in
            Component(view: ViewConfiguration("label", attributes: ["lines": .string("1")]))
        }
        let error = #expect(throws: FrondError.self) { try root.flush() }
        #expect(error?.message == "Component(label): attribute \"lines\" of view type \"label\" must be a number, not a string")
    }

    @Test func test_theReadmeRowsTellTheirListWhatToRemove() throws {
        // As printed in docs/guide.md (Actions and the responder chain).
        final class Row: RenderComponent<Int>, ComponentActionProtocol, @unchecked Sendable {
            enum ActionType { case select(Int), remove(Int) }
            let id: Int
            init(id: Int) { self.id = id; super.init(key: "\(id)") }
            override func initialState() -> Int? { 0 }       // taps
            override func render(state: Int, scope: StateScope<Int>) -> Component? {
                Flexbox(view: ViewConfiguration("row", attributes: ["onTap": .action("rowTapped")]), direction: .row) {
                    Text("Row \(id)")
                    Component(view: ViewConfiguration("button", attributes: ["onTap": .action("removeTapped")]),
                              size: .points(20, 20))
                }
            }
            override func handle(_ action: ActionEvent, scope: StateScope<Int>) throws(FrondError) -> Bool {
                switch action.name {
                case "rowTapped": try scope.update { $0 += 1 }; try perform(.select(id), in: scope)
                case "removeTapped": try perform(.remove(id), in: scope)
                default: return false
                }
                return true
            }
        }

        final class RowList: RenderComponent<[Int]>, @unchecked Sendable {
            override func initialState() -> [Int]? { [1, 2, 3] }
            override func render(state: [Int], scope: StateScope<[Int]>) -> Component? {
                Flexbox { state.map { Row(id: $0) } }
            }
            override func handle(_ action: ActionEvent, scope: StateScope<[Int]>) throws(FrondError) -> Bool {
                guard case .remove(let id)? = action.value(as: Row.ActionType.self) else { return false }
                try scope.update { $0.removeAll { $0 == id } }
                return true
            }
        }

        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(RowList())
        try root.flush()
        var unhandled: [String] = []
        root.unhandledActionHandler = { unhandled.append("\($0.value ?? "")") }
        // Rows are 20 high; each button follows its 42-point text.
        let removal = try root.tap(atX: 50, y: 25)
        #expect(removal.outcome == .handled)
        #expect(host.views[try #require(removal.view)]?.viewType == "button")
        try root.flush()
        #expect(host.dump().contains("Row 2") == false)
        #expect(host.views.values.filter { $0.viewType == "row" }.count == 2)
        // Selecting is not the list's business: the select reaches the fallback.
        #expect(try root.tap(atX: 5, y: 5).outcome == .handled)
        #expect(unhandled == ["select(1)"])
        try root.flush()
        #expect(root.componentDump.contains("state=1"))
    }
}
