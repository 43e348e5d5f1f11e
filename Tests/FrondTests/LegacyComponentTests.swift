import Frond
import FrondLayout
import FrondTestSupport
import Testing

/// Legacy components: leaves measured by outside code, told when views start and stop
/// showing them.

/// A gauge that measures as `width`×10 and logs its hooks and measure calls.
private final class Gauge: LegacyComponent, @unchecked Sendable {
    let name: String
    let log: ActionLog
    let width: Float
    let measures: Bool

    init(_ name: String, log: ActionLog, width: Float = 30, measures: Bool = true, viewType: String = "gauge",
         key: String? = nil) {
        self.name = name
        self.log = log
        self.width = width
        self.measures = measures
        super.init(view: ViewConfiguration(viewType, attributes: ["name": .string(name), "onTap": .action("select"),
                                                                 "onLongPress": .action("other")]), key: key)
    }

    override var measuresContent: Bool { measures }

    override func measure(width: Float, widthMode: MeasureMode, height: Float,
                          heightMode: MeasureMode) throws -> LayoutSize {
        log.record("\(name):measure")
        return LayoutSize(width: self.width, height: 10)
    }

    override func didMount(view: ViewID) { log.record("\(name):mount \(view)") }
    override func didUnmount(view: ViewID) { log.record("\(name):unmount \(view)") }

    override func handle(_ action: ActionEvent) -> Bool {
        log.record("\(name):\(action.name)")
        return action.name == "select"
    }
}

private struct MeasureFailure: Error {}

private final class FailingGauge: LegacyComponent, @unchecked Sendable {
    override var measuresContent: Bool { true }
    override func measure(width: Float, widthMode: MeasureMode, height: Float,
                          heightMode: MeasureMode) throws -> LayoutSize {
        throw MeasureFailure()
    }
}

@Suite struct LegacyComponentTests {
    private func row(_ children: [Component]) -> Component {
        Flexbox(view: ViewConfiguration("row"), style: FlexboxStyle(direction: .row, alignItems: .flexStart),
                children: children.map { FlexChild($0) })
    }

    @Test func test_theMeasureGivesTheLegacyComponentsSize() throws {
        let log = ActionLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 50), host: host)
        root.setComponent(row([Gauge("a", log: log, width: 30), Gauge("b", log: log, measures: false)]))
        try root.flush()
        let a = try view(named: "a", in: host), b = try view(named: "b", in: host)
        #expect(host.views[a]?.frame == LayoutFrame(left: 0, top: 0, width: 30, height: 10))
        #expect(host.views[b]?.frame == LayoutFrame(left: 30, top: 0, width: 0, height: 0))
        #expect(log.entries.contains("a:measure"))
        #expect(!log.entries.contains("b:measure"))
    }

    @Test func test_mountHooksComeAfterTheCommitWithTheirViews() throws {
        let log = ActionLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 50), host: host)
        root.setComponent(row([Gauge("a", log: log, key: "a"), Gauge("b", log: log, key: "b")]))
        try root.flush()
        let a = try view(named: "a", in: host), b = try view(named: "b", in: host)
        #expect(log.entries.filter { !$0.hasSuffix("measure") } == ["a:mount \(a)", "b:mount \(b)"])

        // A flush with the same components tells nothing.
        log.entries.removeAll()
        try root.flush()
        #expect(log.entries.isEmpty)

        // A new instance replaces "a" on its view; "b" leaves (its view is destroyed).
        log.entries.removeAll()
        root.setComponent(row([Gauge("a2", log: log, key: "a")]))
        try root.flush()
        #expect(log.entries.filter { !$0.hasSuffix("measure") } == ["b:unmount \(b)", "a:unmount \(a)", "a2:mount \(a)"])

        // The root goes: every mounted legacy component is unmounted.
        log.entries.removeAll()
        _ = consume root
        #expect(log.entries == ["a2:unmount \(a)"])
    }

    @Test func test_aReusedViewUnmountsItsOldComponent() throws {
        let log = ActionLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 50), host: host)
        root.setComponent(row([Gauge("a", log: log, key: "a")]))
        try root.flush()
        let a = try view(named: "a", in: host)
        log.entries.removeAll()
        // Another key: another identity, same view shape: the view is reused.
        root.setComponent(row([Gauge("b", log: log, key: "b")]))
        try root.flush()
        #expect(try view(named: "b", in: host) == a)
        #expect(log.entries.filter { !$0.hasSuffix("measure") } == ["a:unmount \(a)", "b:mount \(a)"])
        // Replaced by a plain component of the same shape: unmounted, nothing mounted.
        log.entries.removeAll()
        root.setComponent(row([Component(view: ViewConfiguration("gauge", attributes: [
            "name": .string("c"), "onTap": .action("select"), "onLongPress": .action("other")]))]))
        try root.flush()
        #expect(log.entries == ["b:unmount \(a)"])
    }

    @Test func test_aLegacyComponentAnswersActionsAsAComponent() throws {
        let log = ActionLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 50), host: host)
        let gauge = Gauge("g", log: log)
        root.setComponent(Responding("outer", log: log, child: gauge))
        try root.flush()
        log.entries.removeAll()
        let g = try view(named: "g", in: host)
        #expect(try root.send(.tap, to: g) == .handled)
        #expect(log.entries == ["g:select"])
        log.entries.removeAll()
        #expect(try root.send(.longPress, to: g) == .unhandled)
        #expect(log.entries == ["g:other", "outer:other"])
    }

    @Test func test_aFailingMeasureFailsTheFlushAndMountsNothing() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 50), host: host)
        root.setComponent(row([FailingGauge(view: ViewConfiguration("gauge"))]))
        #expect(throws: FrondError.self) { try root.flush() }
        #expect(host.views.isEmpty)
    }

    @Test func test_aDisappearingViewUnmountsWhenItGoes() throws {
        let log = ActionLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 50), host: host)
        func content(_ shown: Bool) -> Component {
            row(shown ? [AnimationComponent(key: "g", child: Gauge("g", log: log),
                                            onFinalUnmount: [.alphaTo(0, timing: linear(1))])] : [])
        }
        root.setComponent(content(true))
        try root.flush()
        let g = try view(named: "g", in: host)
        log.entries.removeAll()
        root.setComponent(content(false))
        try root.flush()
        #expect(log.entries.isEmpty)          // the view stays while it fades
        try ManualClock(root: root).set(to: 1)
        #expect(log.entries == ["g:unmount \(g)"])
    }
}
