import Frond
import FrondTestSupport
import Testing

/// A state update marks the path from its component to the top, and notes each marked
/// child under its parent: the build then finds a list's updated rows without reading
/// every row, and the mount step looks only at the views of the rows the build visited.
/// These tests check that the notes never lose an update: after failed builds, discarded
/// prepared flushes, many updates at once and edits in the same flush.

/// A row that shows its state, and whose width follows the state's last digit (a
/// negative state cannot be built).
private final class Gauge: RenderComponent<Int>, @unchecked Sendable {
    let id: Int
    let scopes: GaugeScopes

    init(id: Int, scopes: GaugeScopes) {
        self.id = id
        self.scopes = scopes
        super.init(key: "g\(id)")
    }

    override func initialState() -> Int? { 1 }

    override func render(state: Int, scope: StateScope<Int>) -> Component? {
        scopes.byID[id] = scope
        return Component(view: ViewConfiguration("gauge", attributes: ["id": .number(Double(id)),
                                                                       "value": .number(Double(state))]),
                         size: .points(Float(state % 10) * 2, 4))
    }
}

private final class GaugeScopes: @unchecked Sendable {
    var byID: [Int: StateScope<Int>] = [:]

    func update(_ id: Int, to value: Int) throws {
        try #require(byID[id]).update { $0 = value }
    }
}

@Suite struct DirtyChildrenTests {
    /// A root showing a list of `count` gauges (flushed), its host and the gauges' scopes.
    private func shownList(_ count: Int) throws -> (Root, RecordingHost, GaugeScopes) {
        let scopes = GaugeScopes()
        let host = RecordingHost()
        let root = Root(sizeRange: .flexibleHeight(width: 100), host: host)
        root.setComponent(list(Array(0..<count), scopes))
        try root.flush()
        return (root, host, scopes)
    }

    private func list(_ ids: [Int], _ scopes: GaugeScopes) -> Component {
        Flexbox(view: ViewConfiguration("list"), style: FlexboxStyle(alignItems: .flexStart),
                children: ids.map { FlexChild(Gauge(id: $0, scopes: scopes)) })
    }

    /// The value each gauge view shows, by id, as the host has it; every view's width
    /// must follow its value.
    private func values(_ host: RecordingHost) throws -> [Int: Int] {
        let list = try #require(host.rootChildren.first)
        var result: [Int: Int] = [:]
        for child in host.views[list]?.children ?? [] {
            guard let view = host.views[child], case .number(let id)? = view.attributes["id"],
                  case .number(let value)? = view.attributes["value"] else { continue }
            #expect(view.frame.width == Float(Int(value) % 10 * 2), "gauge \(Int(id))")
            result[Int(id)] = Int(value)
        }
        #expect(host.problems == [])
        return result
    }

    @Test func test_anUpdateInOneRowOfALongListVisitsThatRowOnly() throws {
        let (root, host, scopes) = try shownList(500)
        // A new value of the same width: one view changes, no frame moves.
        try scopes.update(250, to: 11)
        let statistics = try root.flush()
        #expect(statistics.renders == 1)
        #expect(statistics.reusedSubtrees == 499)
        #expect(statistics.mutations == 1)
        #expect(statistics.viewsVisited <= 3)
        let shown = try values(host)
        #expect(shown[250] == 11)
        #expect(shown.filter { $0.key != 250 }.values.allSatisfy { $0 == 1 })
        // A new width moves nothing else either (the list is aligned at its start), but
        // a frame changed: the list's views are looked at again.
        try scopes.update(250, to: 13)
        let resized = try root.flush()
        #expect(resized.mutations == 2)
        #expect(try values(host)[250] == 13)
    }

    @Test func test_anUpdateMarkedBeforeAFailedBuildIsStillBuiltAfterIt() throws {
        let (root, host, scopes) = try shownList(100)
        try scopes.update(10, to: 2)
        try scopes.update(70, to: -1)
        #expect(throws: FrondError.self) { try root.flush() }
        #expect(try values(host)[10] == 1)
        // Row 70 is fixed and row 30 updated; row 10's update, marked before the failure,
        // is built too.
        try scopes.update(70, to: 5)
        try scopes.update(30, to: 7)
        try root.flush()
        let shown = try values(host)
        #expect(shown[10] == 2)
        #expect(shown[70] == 5)
        #expect(shown[30] == 7)
    }

    @Test func test_anUpdateInADiscardedPreparedFlushIsBuiltByTheNextFlush() throws {
        let (root, host, scopes) = try shownList(50)
        try scopes.update(3, to: 4)
        try root.prepare()
        try root.discardPrepared()
        try scopes.update(40, to: 6)
        try root.flush()
        let shown = try values(host)
        #expect(shown[3] == 4)
        #expect(shown[40] == 6)
    }

    @Test func test_manyUpdatesInOneFlushAreAllBuilt() throws {
        let (root, host, scopes) = try shownList(200)
        // More rows than the notes are searched for: every row's mark is read instead.
        let updated = Array(stride(from: 1, to: 200, by: 5))
        for id in updated { try scopes.update(id, to: id + 2) }
        let statistics = try root.flush()
        #expect(statistics.renders == updated.count)
        let shown = try values(host)
        for id in 0..<200 { #expect(shown[id] == (updated.contains(id) ? id + 2 : 1), "row \(id)") }
    }

    @Test func test_updatesAndEditsInOneFlushMatchAFreshRoot() throws {
        let (root, host, scopes) = try shownList(30)
        // Row 5 is updated and removed, row 9 updated and moved, row 20 updated in place.
        try scopes.update(5, to: 9)
        try scopes.update(9, to: 3)
        try scopes.update(20, to: 4)
        var ids = Array(0..<30).filter { $0 != 5 && $0 != 9 }
        ids.insert(9, at: 0)
        root.setComponent(list(ids, scopes))
        try root.flush()
        let shown = try values(host)
        #expect(shown[5] == nil)
        #expect(shown[9] == 3)
        #expect(shown[20] == 4)
        #expect(shown.count == 29)
        #expect(shown.filter { ![9, 20].contains($0.key) }.values.allSatisfy { $0 == 1 })
        let list = try #require(host.rootChildren.first)
        #expect(host.views[list]?.children.first.flatMap { host.views[$0]?.attributes["id"] } == .number(9))
    }
}
