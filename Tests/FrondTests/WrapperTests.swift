import Frond
import FrondTestSupport
import Testing

/// Wrappers: handles on components for code outside Swift, asked right after their
/// component (before its controller and parent), kept alive by the component.

private final class LoggingWrapper: ComponentWrapper, @unchecked Sendable {
    let log: ActionLog
    let label: String
    let handles: Set<String>
    var onDeinit: (() -> Void)?

    init(_ label: String, wrapping component: Component, log: ActionLog, handles: Set<String> = []) throws(FrondError) {
        self.label = label
        self.log = log
        self.handles = handles
        try super.init(wrapping: component)
    }

    deinit { onDeinit?() }

    override func handle(_ action: ActionEvent) -> Bool {
        log.record("\(label):\(action.name)")
        return handles.contains(action.name)
    }
}

@Suite struct WrapperTests {
    @Test func test_aWrapperAnswersRightAfterItsComponent() throws {
        let log = ActionLog()
        let button = Button("b", log: log, attributes: ["onTap": .action("select")])
        let inner = Responding("inner", log: log, child: button)
        let outer = Responding("outer", log: log, handles: ["select"], child: inner)
        _ = try LoggingWrapper("buttonWrapper", wrapping: button, log: log)
        _ = try LoggingWrapper("innerWrapper", wrapping: inner, log: log)
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(outer)
        try root.flush()
        let outcome = try root.send(.tap, to: try view(named: "b", in: host))
        #expect(outcome == .handled)
        #expect(log.entries == ["b:select", "buttonWrapper:select", "inner:select", "innerWrapper:select", "outer:select"])
    }

    @Test func test_aHandlingWrapperStopsTheAction() throws {
        let log = ActionLog()
        let button = Button("b", log: log, attributes: ["onTap": .action("select")])
        let outer = Responding("outer", log: log, handles: ["select"], child: button)
        _ = try LoggingWrapper("w", wrapping: button, log: log, handles: ["select"])
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(outer)
        try root.flush()
        #expect(try root.send(.tap, to: try view(named: "b", in: host)) == .handled)
        #expect(log.entries == ["b:select", "w:select"])
    }

    @Test func test_theComponentKeepsItsWrapperAndOnlyOne() throws {
        let log = ActionLog()
        var gone = false
        var component: Component? = Component(view: ViewConfiguration("box"))
        weak var held: LoggingWrapper?
        do {
            let wrapper = try LoggingWrapper("w", wrapping: try #require(component), log: log)
            wrapper.onDeinit = { gone = true }
            held = wrapper
        }
        // Only the component holds the wrapper now; the wrapper points back.
        #expect(!gone)
        #expect(held?.component === component)
        #expect(component?.wrapper === held)
        let second = #expect(throws: FrondError.self) { try LoggingWrapper("again", wrapping: try #require(component), log: log) }
        #expect(second?.kind == .misuse)
        #expect(component?.wrapper === held)
        // The wrapper goes with its component.
        component = nil
        #expect(gone)
        #expect(held == nil)
    }
}
