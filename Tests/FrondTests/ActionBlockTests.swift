import Frond
import FrondTestSupport
import Testing

/// Tracks whether a block (and what its handler captures) is still alive.
final class LifeToken: @unchecked Sendable {
    let onDeinit: () -> Void
    init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

/// A row that was given a block by its owner (in its props) and sends it, with its id,
/// when its button's named action reaches it.
final class BlockRow: RenderComponent<Int>, @unchecked Sendable {
    let id: Int
    let onSelect: ActionBlock

    init(id: Int, onSelect: ActionBlock) {
        self.id = id
        self.onSelect = onSelect
        super.init(key: "\(id)")
    }

    override func initialState() -> Int? { 0 }

    override func render(state: Int, scope: StateScope<Int>) -> Component? {
        Component(view: ViewConfiguration("button", attributes: ["name": .string("row\(id)"), "onTap": .action("tapped")]),
                  size: .points(20, 10))
    }

    override func handle(_ action: ActionEvent, scope: StateScope<Int>) throws(FrondError) -> Bool {
        guard action.name == "tapped" else { return false }
        try scope.send(onSelect, id)
        return true
    }
}

@Suite struct ActionBlockTests {
    @Test func test_aViewsEventCallsItsBlockDirectlyWithTheSenderAndPayload() throws {
        let log = ActionLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        var calls: [ActionEvent] = []
        let block = ActionBlock { calls.append($0) }
        root.setComponent(Responding("outer", log: log, handles: ["onTap", "block"],
                                     child: Button("b", log: log, attributes: ["onTap": .block(block),
                                                                               "onValueChange": .block(block)])))
        try root.flush()
        var fallbacks = 0
        root.unhandledActionHandler = { _ in fallbacks += 1 }
        let button = try view(named: "b", in: host)

        #expect(try root.send(.tap, to: button) == .handled)
        #expect(try root.send(.valueChange(.string("on")), to: button) == .handled)
        #expect(log.entries.isEmpty)                  // no responder was asked
        #expect(fallbacks == 0)
        #expect(calls.map(\.name) == ["onTap", "onValueChange"])
        #expect(calls.allSatisfy { ($0.sender as? Button)?.name == "b" && $0.view == button })
        #expect(calls[0].value == nil)
        #expect(calls[1].value(as: AttributeValue.self) == .string("on"))
        // A tap at a point finds the view through its block.
        #expect(try root.tap(atX: 5, y: 5) == (.handled, button))
        #expect(calls.count == 3)
    }

    @Test func test_sameBlockIsNoChangeANewBlockUpdatesTheView() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        let log = ActionLog()
        let first = ActionBlock("first") { _ in }
        root.setComponent(Button("b", log: log, attributes: ["onTap": .block(first)]))
        try root.flush()
        #expect(AttributeValue.block(first) == .block(first))
        #expect(AttributeValue.block(first) != .block(ActionBlock("first") { _ in }))

        let commits = host.commits.count
        root.setComponent(Button("b", log: log, attributes: ["onTap": .block(first)]))
        try root.flush()
        #expect(host.commits.count == commits || host.lastCommit.isEmpty)

        let second = ActionBlock("second") { _ in }
        root.setComponent(Button("b", log: log, attributes: ["onTap": .block(second)]))
        try root.flush()
        let button = try view(named: "b", in: host)
        #expect(host.lastCommit == [.update(button, set: [Attribute(name: "onTap", value: .block(second))], unset: [])])
        #expect(host.views[button]?.attributes["onTap"] == .block(second))
    }

    @Test func test_aComponentSendsTheBlockItWasGivenWithItselfAsSender() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        var selected: [Int] = []
        var senders: [Int] = []
        var names: [String] = []
        let onSelect = ActionBlock("select", Int.self) { row, event in
            selected.append(row)
            senders.append((event.sender as? BlockRow)?.id ?? -1)
            names.append(event.name)
        }
        root.setComponent(Flexbox { BlockRow(id: 1, onSelect: onSelect); BlockRow(id: 2, onSelect: onSelect) })
        try root.flush()
        #expect(try root.send(.tap, to: view(named: "row2", in: host)) == .handled)
        #expect(try root.send(.tap, to: view(named: "row1", in: host)) == .handled)
        #expect(selected == [2, 1])
        #expect(senders == [2, 1])
        #expect(names == ["select", "select"])
    }

    @Test func test_aBlocksErrorIsThrownAndATypedBlockRefusesOtherPayloads() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        var calls = 0
        let failing = ActionBlock { _ throws(FrondError) in throw FrondError(.callbackFailed, "no") }
        let typed = ActionBlock("count", Double.self) { _, _ in calls += 1 }
        let log = ActionLog()
        root.setComponent(Button("b", log: log, attributes: ["onTap": .block(failing), "onValueChange": .block(typed)]))
        try root.flush()
        let button = try view(named: "b", in: host)
        #expect(throws: FrondError(.callbackFailed, "no")) { try root.send(.tap, to: button) }
        let wrong = #expect(throws: FrondError.self) { try root.send(.valueChange(.string("x")), to: button) }
        #expect(wrong?.kind == .invalidValue)
        #expect(wrong?.message.contains("takes a Double") == true)
        #expect(calls == 0)
        // An event's payload is an AttributeValue, not a Double.
        #expect(throws: FrondError.self) { try root.send(.valueChange(.number(2)), to: button) }
        #expect(calls == 0)
        let typedAttribute = ActionBlock("count", AttributeValue.self) { _, _ in calls += 1 }
        root.setComponent(Button("b", log: log, attributes: ["onValueChange": .block(typedAttribute)]))
        try root.flush()
        try root.send(.valueChange(.number(2)), to: button)
        #expect(calls == 1)
    }

    @Test func test_aBlockLivesAsLongAsAComponentOrAMountedViewHoldsIt() throws {
        var alive = 0
        let root = Root(sizeRange: .fixed(width: 100, height: 100))    // no host: nothing records mutations
        let log = ActionLog()
        do {
            let token = LifeToken { alive -= 1 }
            alive += 1
            let block = ActionBlock { _ in _ = token }
            root.setComponent(Button("b", log: log, attributes: ["onTap": .block(block)]))
        }
        try root.flush()
        #expect(alive == 1)          // the component and its view hold it
        #expect(try root.tap(atX: 5, y: 5).outcome == .handled)
        root.setComponent(Button("b", log: log, attributes: ["onTap": .action("plain")]))
        try root.flush()
        #expect(alive == 0)          // replaced: the component and the view's attribute let it go
    }

    @Test func test_declaredActionAttributesTakeBlocksButDeclaredBlocksTakeNoNames() throws {
        let root = Root(sizeRange: .fixed(width: 100, height: 100))
        let log = ActionLog()
        try root.declareViewType("button", attributes: ["name": .string, "onTap": .action, "onHold": .block],
                                 otherAttributes: .rejected)
        let block = ActionBlock { _ in }
        root.setComponent(Button("b", log: log, attributes: ["onTap": .block(block), "onHold": .block(block)]))
        try root.flush()
        root.setComponent(Button("b", log: log, attributes: ["onHold": .action("hold")]))
        let error = #expect(throws: FrondError.self) { try root.flush() }
        #expect(error?.message.contains("must be an action block, not an action") == true)
    }

    @Test func test_sendingABlockIsRefusedDuringAFlushAndAfterTheComponentLeft() throws {
        final class Keeper: RenderComponent<Int>, @unchecked Sendable {
            nonisolated(unsafe) static var scope: StateScope<Int>?
            nonisolated(unsafe) static var duringRender: FrondError?
            let block: ActionBlock
            init(_ block: ActionBlock) { self.block = block; super.init() }
            override func initialState() -> Int? { 0 }
            override func render(state: Int, scope: StateScope<Int>) -> Component? {
                Keeper.scope = scope
                do { try scope.send(block) } catch { Keeper.duringRender = error }
                return nil
            }
        }
        var calls = 0
        let block = ActionBlock { _ in calls += 1 }
        let root = Root(sizeRange: .fixed(width: 100, height: 100))
        root.setComponent(Keeper(block))
        try root.flush()
        #expect(Keeper.duringRender?.kind == .misuse)
        let scope = try #require(Keeper.scope)
        #expect(try scope.send(block) == .handled)
        #expect(calls == 1)
        root.setComponent(nil)
        try root.flush()
        let left = #expect(throws: FrondError.self) { try scope.send(block) }
        #expect(left?.kind == .misuse)
        #expect(calls == 1)
    }
}
