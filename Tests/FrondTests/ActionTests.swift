import Frond
import FrondTestSupport
import Testing

/// What responders saw, in order: "name:action".
final class ActionLog: @unchecked Sendable {
    var entries: [String] = []
    func record(_ entry: String) { entries.append(entry) }
}

/// A composite that logs every action it is asked about and handles those named in
/// `handles`.
final class Responding: CompositeComponent, @unchecked Sendable {
    let name: String
    let log: ActionLog
    let handles: Set<String>

    init(_ name: String, log: ActionLog, handles: Set<String> = [], key: String? = nil, child: Component) {
        self.name = name
        self.log = log
        self.handles = handles
        super.init(key: key, child: child)
    }

    override func handle(_ action: ActionEvent) -> Bool {
        log.record("\(name):\(action.name)")
        return handles.contains(action.name)
    }
}

/// A leaf with a view whose attributes are given; logs the actions it is asked about.
final class Button: Component, @unchecked Sendable {
    let name: String
    let log: ActionLog

    init(_ name: String, log: ActionLog, attributes: AttributeList, size: ComponentSize = .points(20, 10)) {
        self.name = name
        self.log = log
        var all = attributes
        all["name"] = .string(name)
        super.init(view: ViewConfiguration("button", attributes: all), size: size)
    }

    override func handle(_ action: ActionEvent) -> Bool {
        log.record("\(name):\(action.name)")
        return false
    }
}

/// The mounted view whose attribute `name` is `name`.
func view(named name: String, in host: RecordingHost) throws -> ViewID {
    try #require(host.views.first { $0.value.attributes["name"] == .string(name) }?.key)
}

@Suite struct ActionTests {
    /// outer ▸ inner ▸ button(onTap "select", onLongPress "hold")
    func nested(_ log: ActionLog, outerHandles: Set<String>) -> Component {
        Responding("outer", log: log, handles: outerHandles,
                   child: Responding("inner", log: log,
                                     child: Button("b", log: log, attributes: ["onTap": .action("select"),
                                                                               "onLongPress": .action("hold")])))
    }

    @Test func test_aTapGoesFromTheViewsComponentUpToTheFirstResponderThatHandlesIt() throws {
        let log = ActionLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(nested(log, outerHandles: ["select"]))
        try root.flush()
        var fallbacks = 0
        root.unhandledActionHandler = { _ in fallbacks += 1 }
        let button = try view(named: "b", in: host)

        #expect(try root.send(.tap, to: button) == .handled)
        #expect(log.entries == ["b:select", "inner:select", "outer:select"])
        #expect(fallbacks == 0)
    }

    @Test func test_anActionNobodyHandlesReachesTheFallbackAndIsReported() throws {
        let log = ActionLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(nested(log, outerHandles: ["select"]))
        try root.flush()
        let button = try view(named: "b", in: host)
        // Without a fallback it is still reported.
        #expect(try root.send(.longPress, to: button) == .unhandled)
        #expect(log.entries == ["b:hold", "inner:hold", "outer:hold"])

        var seen: [ActionEvent] = []
        root.unhandledActionHandler = { seen.append($0) }
        #expect(try root.send(.longPress, to: button) == .unhandled)
        #expect(seen.count == 1)
        #expect(seen.first?.name == "hold")
        #expect(seen.first?.view == button)
        #expect((seen.first?.sender as? Button)?.name == "b")
        #expect(seen.first?.value == nil)
    }

    @Test func test_aViewWithoutTheEventsActionSendsNothing() throws {
        let log = ActionLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(Flexbox {
            Button("plain", log: log, attributes: [:])
            Button("wrongKind", log: log, attributes: ["onTap": .string("select")])
        })
        try root.flush()
        var fallbacks = 0
        root.unhandledActionHandler = { _ in fallbacks += 1 }
        #expect(try root.send(.tap, to: view(named: "plain", in: host)) == .noAction)
        #expect(try root.send(.tap, to: view(named: "wrongKind", in: host)) == .noAction)
        #expect(try root.send(.custom("onSwipe"), to: view(named: "plain", in: host)) == .noAction)
        #expect(log.entries.isEmpty)
        #expect(fallbacks == 0)
    }

    @Test func test_badTargetsAndEventsAreRefused() throws {
        let log = ActionLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        #expect(throws: FrondError(.invalidValue, "send(tap, to: v1): the view is not mounted")) {
            try root.send(.tap, to: ViewID(1))
        }
        root.setComponent(nested(log, outerHandles: []))
        try root.flush()
        for bad in [ViewID.root, ViewID(999)] {
            let error = #expect(throws: FrondError.self) { try root.send(.tap, to: bad) }
            #expect(error?.kind == .invalidValue)
        }
        let button = try view(named: "b", in: host)
        #expect(throws: FrondError.self) { try root.send(.custom(""), to: button) }
        let nan = #expect(throws: FrondError.self) { try root.send(.valueChange(.number(.nan)), to: button) }
        #expect(nan?.kind == .invalidValue)
        let tap = #expect(throws: FrondError.self) { try root.tap(atX: .infinity, y: 0) }
        #expect(tap?.kind == .invalidValue)
        #expect(log.entries.isEmpty)
    }

    @Test func test_valueChangesAndCustomEventsCarryTheirPayload() throws {
        let log = ActionLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(Button("slider", log: log, attributes: ["onValueChange": .action("volume"),
                                                                  "onSwipe": .action("swiped")]))
        try root.flush()
        var seen: [ActionEvent] = []
        root.unhandledActionHandler = { seen.append($0) }
        let slider = try view(named: "slider", in: host)
        #expect(try root.send(.valueChange(.number(0.5)), to: slider) == .unhandled)
        #expect(try root.send(.custom("onSwipe", .string("left")), to: slider) == .unhandled)
        #expect(try root.send(HostEvent(attributeName: "onSwipe", payload: nil), to: slider) == .unhandled)
        #expect(seen.map(\.name) == ["volume", "swiped", "swiped"])
        #expect(seen[0].value(as: AttributeValue.self) == .number(0.5))
        #expect(seen[0].value(for: ActionName<AttributeValue>("volume")) == .number(0.5))
        #expect(seen[0].value(for: ActionName<AttributeValue>("swiped")) == nil)
        #expect(seen[0].value(for: ActionName<Double>("volume")) == nil)
        #expect(seen[1].value(as: AttributeValue.self) == .string("left"))
        #expect(seen[2].value == nil)
        #expect(seen[2].matches(ActionName<Void>("swiped")))
        #expect(HostEvent(attributeName: "onTap", payload: nil) == .tap)
        #expect(HostEvent(attributeName: "onValueChange", payload: .bool(true)) == .valueChange(.bool(true)))
        #expect(HostEvent.longPress.attributeName == "onLongPress")
    }
}

/// A counter whose button increments it: the handler updates the state of the latest
/// generation, and logs which props (`label`) the handling instance has.
final class TapCounter: RenderComponent<Int>, @unchecked Sendable {
    let label: String
    let log: ActionLog

    init(_ label: String, log: ActionLog) {
        self.label = label
        self.log = log
        super.init(key: "counter")
    }

    override func initialState() -> Int? { 0 }

    override func render(state: Int, scope: StateScope<Int>) -> Component? {
        Component(view: ViewConfiguration("button", attributes: ["name": .string("button"), "count": .number(Double(state)),
                                                                 "onTap": .action("increment")]),
                  size: .points(20, 10))
    }

    override func handle(_ action: ActionEvent, scope: StateScope<Int>) throws(FrondError) -> Bool {
        guard action.name == "increment" else { return false }
        log.record("\(label):\(scope.currentState ?? -1)")
        try scope.update { $0 += 1 }
        return true
    }
}

@Suite struct StateActionTests {
    @Test func test_aHandlerUpdatesTheStateOfTheLatestGeneration() throws {
        let log = ActionLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(TapCounter("v1", log: log))
        try root.flush()
        let button = try view(named: "button", in: host)
        #expect(try root.send(.tap, to: button) == .handled)
        #expect(root.needsFlush)
        try root.flush()
        #expect(host.views[button]?.attributes["count"] == .number(1))
        // After the state change: the re-rendered generation handles it.
        #expect(try root.send(.tap, to: button) == .handled)
        #expect(try root.send(.tap, to: button) == .handled)
        try root.flush()
        #expect(host.views[button]?.attributes["count"] == .number(3))
        // After new props: the new instance handles it, with the kept state.
        root.setComponent(TapCounter("v2", log: log))
        try root.flush()
        #expect(try root.send(.tap, to: button) == .handled)
        try root.flush()
        #expect(host.views[button]?.attributes["count"] == .number(4))
        #expect(log.entries == ["v1:0", "v1:1", "v1:1", "v2:3"])
    }

    @Test func test_actionsAreRefusedWhileTheRootFlushesOrHoldsAPreparedFlush() throws {
        final class SendsWhileRendering: RenderComponent<Int>, @unchecked Sendable {
            nonisolated(unsafe) static var root: Root?
            nonisolated(unsafe) static var error: FrondError?
            override func initialState() -> Int? { 0 }
            override func render(state: Int, scope: StateScope<Int>) -> Component? {
                do {
                    _ = try SendsWhileRendering.root?.tap(atX: 1, y: 1)
                } catch {
                    SendsWhileRendering.error = error
                }
                return Component(view: ViewConfiguration("button", attributes: ["onTap": .action("go")]),
                                 size: .points(10, 10))
            }
        }
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        SendsWhileRendering.root = root
        defer { SendsWhileRendering.root = nil }
        root.setComponent(SendsWhileRendering())
        try root.flush()
        #expect(SendsWhileRendering.error?.kind == .misuse)
        #expect(try root.tap(atX: 1, y: 1).outcome == .unhandled)

        root.setComponent(SendsWhileRendering())
        try root.prepare()
        let error = #expect(throws: FrondError.self) { try root.tap(atX: 1, y: 1) }
        #expect(error?.message == "cannot tap: a prepared flush waits for commit() or discardPrepared()")
        try root.commit()
        #expect(try root.tap(atX: 1, y: 1).outcome == .unhandled)
    }

    @Test func test_aHandlerErrorStopsTheActionAndLeavesTheTree() throws {
        final class Failing: CompositeComponent, @unchecked Sendable {
            override func handle(_ action: ActionEvent) throws(FrondError) -> Bool {
                throw FrondError(.callbackFailed, "no \(action.name) today")
            }
        }
        let log = ActionLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(Responding("outer", log: log, handles: ["select"],
                                     child: Failing(child: Button("b", log: log, attributes: ["onTap": .action("select")]))))
        try root.flush()
        var fallbacks = 0
        root.unhandledActionHandler = { _ in fallbacks += 1 }
        let before = root.componentDump
        #expect(throws: FrondError(.callbackFailed, "no select today")) {
            try root.send(.tap, to: view(named: "b", in: host))
        }
        #expect(log.entries == ["b:select"])
        #expect(fallbacks == 0)
        #expect(root.componentDump == before)
        #expect(!root.needsFlush)

        // A failing fallback fails the send too.
        root.setComponent(Button("c", log: log, attributes: ["onTap": .action("select")]))
        try root.flush()
        root.unhandledActionHandler = { _ throws(FrondError) in throw FrondError(.callbackFailed, "fallback failed") }
        #expect(throws: FrondError(.callbackFailed, "fallback failed")) { try root.tap(atX: 1, y: 1) }
    }

    @Test func test_aHandlerThatFlushesDoesNotDisturbTheWalk() throws {
        /// Replaces the root's component and flushes when asked, then passes the action on.
        final class Flushing: CompositeComponent, @unchecked Sendable {
            unowned let root: Root
            let log: ActionLog
            init(root: Root, log: ActionLog, child: Component) {
                self.root = root
                self.log = log
                super.init(child: child)
            }
            override func handle(_ action: ActionEvent) throws(FrondError) -> Bool {
                log.record("flushing:\(action.name)")
                root.setComponent(Component(view: ViewConfiguration("empty")))
                try root.flush()
                // A nested action against the new tree.
                log.record("nested:\(try root.tap(atX: 1, y: 1).outcome)")
                return false
            }
        }
        let log = ActionLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(Responding("outer", log: log, handles: ["select"],
                                     child: Flushing(root: root, log: log,
                                                     child: Button("b", log: log, attributes: ["onTap": .action("select")]))))
        try root.flush()
        let button = try view(named: "b", in: host)
        #expect(try root.send(.tap, to: button) == .handled)
        #expect(log.entries == ["b:select", "flushing:select", "nested:noAction", "outer:select"])
        #expect(host.views[button] == nil)
        #expect(root.mountedDump.hasPrefix("v2 empty"))
    }
}
