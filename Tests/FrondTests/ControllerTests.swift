import Frond
import FrondTestSupport
import Testing

/// Controllers: one per scope, called in ComponentKit's order, around the host's commit.

/// Records every call, with the view for view calls: "didAcquireView v3".
private final class LoggingController: ComponentController, @unchecked Sendable {
    let log: ActionLog
    let handles: Set<String>

    init(log: ActionLog, handles: Set<String>) {
        self.log = log
        self.handles = handles
    }

    override func didInit() { log.record("didInit") }
    override func willMount() { log.record("willMount") }
    override func didMount() { log.record("didMount") }
    override func willRemount() { log.record("willRemount") }
    override func didRemount() { log.record("didRemount") }
    override func willUnmount() { log.record("willUnmount") }
    override func didUnmount() { log.record("didUnmount") }
    override func willUpdateComponent(to component: Component) { log.record("willUpdateComponent") }
    override func didUpdateComponent() { log.record("didUpdateComponent") }
    override func didAcquireView(_ view: ViewID) { log.record("didAcquireView \(view)") }
    override func willRelinquishView(_ view: ViewID) { log.record("willRelinquishView \(view)") }
    override func invalidate() { log.record("invalidate") }

    override func handle(_ action: ActionEvent) -> Bool {
        log.record("controller:\(action.name)")
        return handles.contains(action.name)
    }
}

/// A stateful card with a controller; its state picks its view type ("card" or "panel").
private final class Card: RenderComponent<Int>, @unchecked Sendable {
    let log: ActionLog
    let label: String
    let controllerHandles: Set<String>
    var scope: StateScope<Int>?
    private(set) var controller: ComponentController?

    init(log: ActionLog, label: String = "a", viewType: String? = "card", key: String? = nil,
         controllerHandles: Set<String> = []) {
        self.log = log
        self.label = label
        self.controllerHandles = controllerHandles
        super.init(view: viewType.map { ViewConfiguration($0) } ?? .viewless, size: .points(30, 20), key: key)
    }

    override func initialState() -> Int? { 0 }

    override func makeController() -> ComponentController? {
        let made = LoggingController(log: log, handles: controllerHandles)
        controller = made
        return made
    }

    override func render(state: Int, scope: StateScope<Int>) -> Component? {
        self.scope = scope
        return Component(view: ViewConfiguration("button", attributes: ["onTap": .action("tap"), "n": .number(Double(state)),
                                                                       "label": .string(label)]),
                         size: .points(10, 10))
    }

    override func handle(_ action: ActionEvent) -> Bool {
        log.record("card:\(action.name)")
        return false
    }
}

/// A host that writes its commits into the same log, and records them.
private final class LoggingHost: Host {
    let log: ActionLog
    let recording = RecordingHost()
    init(log: ActionLog) { self.log = log }
    func beginCommit() {
        log.record("host")
        recording.beginCommit()
    }
    func apply(_ mutation: Mutation) { recording.apply(mutation) }
    func endCommit() { recording.endCommit() }
}

@Suite struct ControllerTests {
    private func mount(_ component: Component, log: ActionLog) throws -> (Root, RecordingHost) {
        let host = LoggingHost(log: log)
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(component)
        try root.flush()
        return (root, host.recording)
    }

    private func cardView(_ host: RecordingHost) throws -> ViewID {
        try #require(host.views.first { $0.value.viewType == "card" || $0.value.viewType == "panel" }?.key)
    }

    @Test func test_mountingCallsInitMountAndAcquireAroundTheHost() throws {
        let log = ActionLog()
        let card = Card(log: log)
        let (root, host) = try mount(Flexbox { card }, log: log)
        let view = try cardView(host)
        #expect(log.entries == ["didInit", "willMount", "host", "didAcquireView \(view)", "didMount"])
        #expect(card.controller?.component === card)
        #expect(card.controller?.view == view)
        withExtendedLifetime(root) {}
    }

    @Test func test_aViewlessComponentsControllerAcquiresNoView() throws {
        let log = ActionLog()
        let card = Card(log: log, viewType: nil)
        let (root, _) = try mount(Flexbox { card }, log: log)
        #expect(log.entries == ["didInit", "willMount", "host", "didMount"])
        #expect(card.controller?.view == nil)
        withExtendedLifetime(root) {}
    }

    @Test func test_newPropsRemountAndUpdateTheControllersComponent() throws {
        let log = ActionLog()
        let first = Card(log: log, key: "c")
        let (root, _) = try mount(Flexbox { first }, log: log)
        let controller = try #require(first.controller)
        log.entries = []
        let second = Card(log: log, label: "b", key: "c")
        root.setComponent(Flexbox { second })
        try root.flush()
        #expect(log.entries == ["willUpdateComponent", "willRemount", "host", "didRemount", "didUpdateComponent"])
        #expect(second.controller == nil)      // one controller per scope: not made again
        #expect(controller.component === second)
    }

    @Test func test_aStateUpdateRemountsWithoutAnUpdate() throws {
        let log = ActionLog()
        let card = Card(log: log)
        let (root, _) = try mount(Flexbox { card }, log: log)
        log.entries = []
        try #require(card.scope).update { $0 += 1 }
        try root.flush()
        #expect(log.entries == ["willRemount", "host", "didRemount"])
        // A flush that does not rebuild the card does not call its controller.
        log.entries = []
        root.setComponent(Flexbox { card; Component(view: ViewConfiguration("other"), size: .points(5, 5)) })
        try root.flush()
        #expect(log.entries == ["host"])
    }

    @Test func test_aNewViewIsRelinquishedAndAcquiredAroundTheRemount() throws {
        let log = ActionLog()
        let (root, host) = try mount(Flexbox { Card(log: log, key: "c") }, log: log)
        let before = try cardView(host)
        log.entries = []
        root.setComponent(Flexbox { Card(log: log, viewType: "panel", key: "c") })
        try root.flush()
        let after = try cardView(host)
        #expect(before != after)
        #expect(log.entries == ["willUpdateComponent", "willRemount", "willRelinquishView \(before)", "host",
                                "didAcquireView \(after)", "didRemount", "didUpdateComponent"])
    }

    @Test func test_removalUnmountsRelinquishesAndInvalidates() throws {
        let log = ActionLog()
        let (root, host) = try mount(Flexbox { Card(log: log) }, log: log)
        let view = try cardView(host)
        log.entries = []
        root.setComponent(Flexbox(children: []))
        try root.flush()
        #expect(log.entries == ["willUnmount", "willRelinquishView \(view)", "host", "didUnmount", "invalidate"])
    }

    @Test func test_aRootThatGoesAwayUnmountsItsControllersAtOnce() throws {
        let log = ActionLog()
        var root: Root? = try mount(Flexbox { Card(log: log) }, log: log).0
        log.entries = []
        #expect(root?.componentDump.contains("Card") == true)
        root = nil
        #expect(log.entries.first == "willUnmount")
        #expect(log.entries.suffix(2) == ["didUnmount", "invalidate"])
        #expect(log.entries.count == 4)
    }

    @Test func test_failedAndDiscardedBuildsLeaveNoTrace() throws {
        let log = ActionLog()
        let host = LoggingHost(log: log)
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        // A build that fails after making the card's scope and controller.
        let card = Card(log: log)
        root.setComponent(Flexbox { card; Component(size: ComponentSize(width: .points(-1))) })
        #expect(throws: FrondError.self) { try root.flush() }
        #expect(card.controller != nil)
        // A prepared flush that is discarded.
        root.setComponent(Flexbox { Card(log: log) })
        try root.prepare()
        try root.discardPrepared()
        #expect(log.entries == [])
        // The next flush mounts a controller of its own.
        try root.flush()
        #expect(log.entries == ["didInit", "willMount", "host", "didAcquireView \(try cardView(host.recording))", "didMount"])
    }

    @Test func test_theControllerAnswersRightAfterItsComponent() throws {
        let log = ActionLog()
        let card = Card(log: log, controllerHandles: ["tap"])
        let (root, host) = try mount(Responding("outer", log: log, child: Flexbox { card }), log: log)
        log.entries = []
        let button = try #require(host.views.first { $0.value.viewType == "button" }?.key)
        let outcome = try root.send(.tap, to: button)
        #expect(outcome == .handled)
        // The button's plain component, the card, its controller (which handles it); the
        // outer component is not asked.
        #expect(log.entries == ["card:tap", "controller:tap"])
    }
}
