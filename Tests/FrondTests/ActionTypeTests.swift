import Frond
import FrondTestSupport
import Testing

extension ActionName where Value == Int {
    static let pick = ActionName("pick")
}

/// A row of a list: a label and a remove button. Tapping the row selects it; the row
/// tells its list with its declared action type.
final class ListRow: RenderComponent<Int>, ComponentActionProtocol, @unchecked Sendable {
    enum ActionType: Equatable {
        case select(Int)
        case remove(Int)
    }

    let id: Int
    let selected: Bool
    let log: ActionLog

    init(id: Int, selected: Bool, log: ActionLog) {
        self.id = id
        self.selected = selected
        self.log = log
        super.init(key: "\(id)")
    }

    /// The row's state counts its taps.
    override func initialState() -> Int? { 0 }

    override func render(state: Int, scope: StateScope<Int>) -> Component? {
        Flexbox(view: ViewConfiguration("row", attributes: ["name": .string("row\(id)"), "onTap": .action("rowTapped"),
                                                            "selected": .bool(selected), "taps": .number(Double(state))]),
                size: .points(100, 20), direction: .row) {
            Component(view: ViewConfiguration("label", attributes: ["text": .string("Row \(id)")]), size: .points(60, 20))
            Component(view: ViewConfiguration("button", attributes: ["name": .string("remove\(id)"),
                                                                     "onTap": .action("removeTapped")]),
                      size: .points(20, 20))
        }
    }

    override func handle(_ action: ActionEvent, scope: StateScope<Int>) throws(FrondError) -> Bool {
        log.record("row\(id):\(action.name)")
        switch action.name {
        case "rowTapped":
            try scope.update { $0 += 1 }
            try perform(.select(id), in: scope)
            return true
        case "removeTapped":
            #expect(try perform(.remove(id), in: scope) == .handled)
            return true
        default:
            return false
        }
    }
}

/// The list owns the rows' data: the ids and the selected one.
struct ListState: Equatable {
    var ids: [Int]
    var selected: Int?
}

final class RowList: RenderComponent<ListState>, @unchecked Sendable {
    let log: ActionLog
    nonisolated(unsafe) var lastAction: ActionEvent?

    init(log: ActionLog) {
        self.log = log
    }

    override func initialState() -> ListState? { ListState(ids: [1, 2, 3], selected: nil) }

    override func render(state: ListState, scope: StateScope<ListState>) -> Component? {
        Flexbox(view: ViewConfiguration("list")) {
            state.ids.map { ListRow(id: $0, selected: $0 == state.selected, log: log) }
        }
    }

    override func handle(_ action: ActionEvent, scope: StateScope<ListState>) throws(FrondError) -> Bool {
        guard let rowAction = action.value(as: ListRow.ActionType.self) else { return false }
        log.record("list:\(rowAction)")
        lastAction = action
        switch rowAction {
        case .select(let id): try scope.update { $0.selected = id }
        case .remove(let id): try scope.update { $0.ids.removeAll { $0 == id } }
        }
        return true
    }
}

@Suite struct ActionTypeTests {
    @Test func test_aRowsDeclaredActionsReachTheListThatOwnsTheData() throws {
        let log = ActionLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        let list = RowList(log: log)
        root.setComponent(list)
        try root.flush()

        // A tap on row 2 (the label is not tappable: the row is) selects it.
        let tap = try root.tap(atX: 10, y: 25)
        #expect(tap.outcome == .handled)
        #expect(tap.view == (try view(named: "row2", in: host)))
        #expect(log.entries == ["row2:rowTapped", "list:select(2)"])
        let sent = try #require(list.lastAction)
        #expect(sent.name == ListRow.actionName.name)
        #expect(sent.name.hasSuffix("ListRow.ActionType"))
        #expect(sent.value(for: ListRow.actionName) == .select(2))
        #expect((sent.sender as? ListRow)?.id == 2)
        #expect(sent.view == nil)
        try root.flush()
        #expect(host.views[try view(named: "row2", in: host)]?.attributes["selected"] == .bool(true))
        #expect(host.views[try view(named: "row2", in: host)]?.attributes["taps"] == .number(1))

        // The remove button of row 1 (in front of its row) removes it.
        log.entries = []
        #expect(try root.tap(atX: 70, y: 5).outcome == .handled)
        #expect(log.entries == ["row1:removeTapped", "list:remove(1)"])
        try root.flush()
        #expect(host.views.values.filter { $0.viewType == "row" }.count == 2)
        #expect(!host.views.values.contains { $0.attributes["name"] == .string("row1") })
        // Row 2 moved up and kept its state.
        #expect(host.views[try view(named: "row2", in: host)]?.frame.top == 0)
        #expect(host.views[try view(named: "row2", in: host)]?.attributes["taps"] == .number(1))
    }

    @Test func test_aPerformedActionNobodyCatchesIsUnhandled() throws {
        let log = ActionLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(ListRow(id: 7, selected: false, log: log))
        try root.flush()
        var seen: [ActionEvent] = []
        root.unhandledActionHandler = { seen.append($0) }
        // The row handles the tap; the select it performs goes to its parent (none) and
        // the row itself is not asked.
        #expect(try root.tap(atX: 1, y: 1).outcome == .handled)
        #expect(log.entries == ["row7:rowTapped"])
        #expect(seen.count == 1)
        #expect(seen.first?.value(as: ListRow.ActionType.self) == .select(7))
    }

    @Test func test_namedActionsFromAScope() throws {
        final class Sender: RenderComponent<Int>, @unchecked Sendable {
            nonisolated(unsafe) static var scope: StateScope<Int>?
            override func initialState() -> Int? { 0 }
            override func render(state: Int, scope: StateScope<Int>) -> Component? {
                Sender.scope = scope
                return nil
            }
        }
        let log = ActionLog()
        let root = Root(sizeRange: .fixed(width: 100, height: 100))
        root.setComponent(Responding("parent", log: log, handles: ["pick"], child: Sender()))
        try root.flush()
        let scope = try #require(Sender.scope)
        #expect(try scope.send(.pick, 4) == .handled)
        #expect(try scope.send(ActionName<Void>("ping")) == .unhandled)
        #expect(log.entries == ["parent:pick", "parent:ping"])
        let empty = #expect(throws: FrondError.self) { try scope.send(ActionName<Int>(""), 1) }
        #expect(empty?.kind == .invalidValue)

        // Performing with the scope of a component of another kind is refused.
        let row = ListRow(id: 1, selected: false, log: log)
        let wrong = #expect(throws: FrondError.self) { try row.perform(.select(1), in: scope) }
        #expect(wrong?.kind == .misuse)

        // Once the component left the tree its scope sends nothing.
        root.setComponent(nil)
        try root.flush()
        let gone = #expect(throws: FrondError.self) { try scope.send(.pick, 1) }
        #expect(gone?.kind == .misuse)
        #expect(log.entries == ["parent:pick", "parent:ping"])
    }

    @Test func test_typedNamesMatchNameAndType() {
        let sender = Component()
        let event = ActionEvent(name: "pick", value: 3, sender: sender)
        #expect(event.value(for: .pick) == 3)
        #expect(event.matches(ActionName<Int>.pick))
        #expect(event.value(for: ActionName<String>("pick")) == nil)
        #expect(event.value(for: ActionName<Int>("other")) == nil)
        #expect(event.value(as: Int.self) == 3)
        #expect(!event.matches(ActionName<Void>("pick")))
        #expect(ActionEvent(name: "go", sender: sender).matches(ActionName<Void>("go")))
    }
}

@Suite struct HitTestTests {
    /// back (0,0 100×100) ◂ front (50,50 50×50) ◂ child (10,10 20×20), a label over the
    /// back's top left, a hidden and a non-interactive tappable view.
    func scene(_ log: ActionLog) -> Component {
        StaticLayout(size: .points(200, 200)) {
            StaticChild(Button("back", log: log, attributes: ["onTap": .action("back")], size: .points(100, 100)))
            StaticChild(StaticLayout(view: ViewConfiguration("box", attributes: ["name": .string("front"),
                                                                                "onTap": .action("front")]),
                                     size: .points(50, 50)) {
                StaticChild(Button("child", log: log, attributes: ["onTap": .action("child")], size: .points(20, 20)),
                            x: 10, y: 10)
                StaticChild(Button("outside", log: log, attributes: ["onTap": .action("outside")],
                                   size: .points(20, 20)), x: 60, y: 0)
            }, x: 50, y: 50)
            StaticChild(Button("label", log: log, attributes: [:], size: .points(40, 40)))
            StaticChild(Button("hidden", log: log, attributes: ["onTap": .action("hidden"), "hidden": .bool(true)],
                               size: .points(30, 30)), x: 150, y: 0)
            StaticChild(Button("off", log: log, attributes: ["onTap": .action("off"), "interactive": .bool(false)],
                               size: .points(30, 30)), x: 150, y: 0)
            StaticChild(Button("visible", log: log, attributes: ["onTap": .action("visible"), "hidden": .bool(false)],
                               size: .points(30, 30)), x: 150, y: 40)
        }
    }

    @Test func test_tapsGoToTheFrontmostDeepestTappableView() throws {
        let log = ActionLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 300, height: 300), host: host)
        root.setComponent(scene(log))
        try root.flush()
        var names: [String] = []
        root.unhandledActionHandler = { names.append($0.name) }
        let cases: [(Float, Float, String?)] = [
            (5, 5, "back"),            // through the label, which has no onTap
            (99.9, 10, "back"),
            (100, 10, nil),            // the right edge is outside
            (50, 50, "front"),         // the left and top edges are inside
            (65, 65, "child"),         // in front of its parent; frames are relative to it
            (79.5, 79.5, "child"),
            (80, 80, "front"),
            (120, 60, nil),            // "outside" lies outside its parent: not hit
            (155, 5, nil),             // hidden, and non-interactive
            (155, 45, "visible"),
            (250, 250, nil),
        ]
        for (x, y, expected) in cases {
            names = []
            let result = try root.tap(atX: x, y: y)
            if let expected {
                #expect(result.outcome == .unhandled, "(\(x), \(y))")
                #expect(result.view == (try view(named: expected, in: host)), "(\(x), \(y))")
                #expect(names == [expected], "(\(x), \(y))")
            } else {
                #expect(result.outcome == .noAction, "(\(x), \(y))")
                #expect(result.view == nil, "(\(x), \(y))")
                #expect(names.isEmpty, "(\(x), \(y))")
            }
        }
    }

    @Test func test_aTapBeforeAnyFlushHitsNothing() throws {
        let root = Root(sizeRange: .fixed(width: 300, height: 300))
        let result = try root.tap(atX: 1, y: 1)
        #expect(result.outcome == .noAction)
        #expect(result.view == nil)
    }
}
