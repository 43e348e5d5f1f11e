import Frond
import FrondTestSupport
import Testing

/// A 10×10 view of type "box" named `name`.
func box(_ name: String, key: String? = nil, extra: AttributeList = [:]) -> Component {
    var attributes = extra
    attributes["name"] = .string(name)
    return Component(view: ViewConfiguration("box", attributes: attributes), size: .points(10, 10), key: key)
}

/// A row of keyed boxes.
func row(_ names: [String]) -> Component {
    Flexbox(view: ViewConfiguration("list"), style: FlexboxStyle(direction: .row),
            children: names.map { FlexChild(box($0, key: $0)) })
}

/// The names of the boxes in a list view of a recording host, in order.
func names(in host: RecordingHost, list: ViewID) -> [String] {
    (host.views[list]?.children ?? []).compactMap { child -> String? in
        if case .string(let name)? = host.views[child]?.attributes["name"] { return name }
        return nil
    }
}

@Suite struct MountTests {
    @Test func test_firstFlushCreatesInsertsAndPlacesEveryView() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 50), host: host)
        root.setComponent(Flexbox(view: ViewConfiguration("screen"), style: FlexboxStyle(direction: .row, spacing: 5)) {
            box("a")
            box("b").flexGrow(1)
        })
        let statistics = try root.flush()
        #expect(host.problems == [])
        #expect(statistics.created == 3)
        #expect(statistics.components == 3)
        #expect(host.dump() == """
            screen (0, 0, 100×50)
              box (0, 0, 10×10) name="a"
              box (15, 0, 85×10) name="b"
            """)
    }

    @Test func test_viewlessComponentsMountTheirChildrenIntoTheNearestViewWithOffsets() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        let inner = Flexbox(style: FlexboxStyle(direction: .row, padding: { var edges = EdgeValues(); edges[.all] = .points(7); return edges }())) {
            box("x")
        }
        root.setComponent(Flexbox(view: ViewConfiguration("screen"), style: FlexboxStyle(padding: { var edges = EdgeValues(); edges[.left] = .points(20); return edges }())) {
            inner
        })
        try root.flush()
        #expect(host.problems == [])
        // The box sits at the viewless flexbox's offset (20) plus its padding (7).
        #expect(host.dump() == """
            screen (0, 0, 100×100)
              box (27, 7, 10×10) name="x"
            """)
    }

    @Test func test_unchangedFlushSendsNothing() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(row(["a", "b", "c"]))
        try root.flush()
        root.setComponent(row(["a", "b", "c"]))
        let statistics = try root.flush()
        #expect(statistics.mutations == 0)
        #expect(host.commits.count == 1)
    }

    @Test func test_changedAttributesAreSentAloneAndRemovedOnesUnapplied() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(box("a", extra: ["opacity": .number(0.5), "tint": .color(Color(rgb: 0xFF0000))]))
        try root.flush()
        root.setComponent(box("a", extra: ["opacity": .number(1)]))
        try root.flush()
        #expect(host.problems == [])
        #expect(host.lastCommit.map(\.description) == ["update v1 opacity=1 -tint"])
    }

    @Test func test_keyedReorderMovesViewsInsteadOfRecreatingThem() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .flexibleHeight(width: 1000), host: host)
        let before = (0..<100).map { "r\($0)" }
        root.setComponent(row(before))
        try root.flush()
        var after = before
        after.swapAt(1, 98)
        root.setComponent(row(after))
        let statistics = try root.flush()
        #expect(host.problems == [])
        #expect(statistics.created == 0 && statistics.destroyed == 0)
        #expect(statistics.moved == 2)
        let list = host.rootChildren[0]
        #expect(names(in: host, list: list) == after)
    }

    @Test func test_viewsOfTheSameShapeAreReusedForNewComponents() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .flexibleHeight(width: 100), host: host)
        root.setComponent(row(["a", "b"]))
        try root.flush()
        // New keys, same view type and attribute names: the views are reused.
        root.setComponent(row(["c", "d"]))
        let statistics = try root.flush()
        #expect(host.problems == [])
        #expect(statistics.created == 0 && statistics.destroyed == 0)
        #expect(names(in: host, list: host.rootChildren[0]) == ["c", "d"])
    }

    @Test func test_removedComponentsLoseTheirViewsChildrenFirst() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .flexibleHeight(width: 100), host: host)
        root.setComponent(Flexbox(view: ViewConfiguration("screen")) {
            Flexbox(view: ViewConfiguration("card"), key: "card") { box("inside") }
        })
        try root.flush()
        root.setComponent(Flexbox(view: ViewConfiguration("screen")) { Text("gone") })
        let statistics = try root.flush()
        #expect(host.problems == [])
        #expect(statistics.destroyed == 2)
        let commit = host.lastCommit.map(\.description)
        #expect(commit.contains("remove v2 from v1"))
        let destroyInside = commit.firstIndex(of: "destroy v3"), destroyCard = commit.firstIndex(of: "destroy v2")
        #expect(destroyInside != nil && destroyCard != nil && destroyInside! < destroyCard!)
        #expect(host.views.count == 2)
    }

    /// A view is kept for the node it shows: a node whose view another node took while the
    /// node had none gets a view of its own when it has one again, and the other node keeps
    /// the view it took.
    @Test func test_aViewTakenByAnotherNodeStaysWithIt() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .flexibleHeight(width: 500), host: host)
        func list(aHasView: Bool, withC: Bool) -> Component {
            let a = aHasView ? box("a", key: "a") : Component(view: .viewless, size: .points(10, 10), key: "a")
            return Flexbox(view: ViewConfiguration("list"), style: FlexboxStyle(direction: .row),
                           children: [a, box("b", key: "b")] .map { FlexChild($0) } + (withC ? [FlexChild(box("c", key: "c"))] : []))
        }
        func view(named name: String) -> ViewID? {
            host.views.first { $0.value.attributes["name"] == .string(name) }?.key
        }
        root.setComponent(list(aHasView: true, withC: false))
        try root.flush()
        let viewOfA = try #require(view(named: "a"))
        // A gives up its view, which C (of the same shape) takes.
        root.setComponent(list(aHasView: false, withC: true))
        try root.flush()
        #expect(Frond_names(host) == ["b", "c"])
        #expect(view(named: "c") == viewOfA)
        // A has a view again: a new one; C keeps the one it took, unchanged.
        root.setComponent(list(aHasView: true, withC: true))
        let statistics = try root.flush()
        #expect(host.problems == [])
        #expect(Frond_names(host) == ["a", "b", "c"])
        #expect(statistics.created == 1)
        #expect(view(named: "c") == viewOfA)
        #expect(view(named: "a") != viewOfA)
        #expect(!host.lastCommit.contains { if case .update(viewOfA, _, _) = $0 { return true } else { return false } })
    }

    @Test(arguments: 1...60)
    func test_randomListEditsLeaveTheHostMatchingTheComponents(seed: Int) throws {
        var random = SplitMix(state: UInt64(seed))
        let host = RecordingHost()
        let root = Root(sizeRange: .flexibleHeight(width: 500), host: host)
        var names = (0..<random.int(0...12)).map { "n\($0)" }
        var next = names.count
        for _ in 0..<8 {
            // Insert, remove, move and rename at random.
            for _ in 0..<random.int(0...4) {
                switch random.int(0...3) {
                case 0: names.insert("n\(next)", at: random.int(0...names.count)); next += 1
                case 1 where !names.isEmpty: names.remove(at: random.int(0...(names.count - 1)))
                case 2 where names.count > 1:
                    let item = names.remove(at: random.int(0...(names.count - 1)))
                    names.insert(item, at: random.int(0...names.count))
                default: names.shuffle(using: &random)
                }
            }
            root.setComponent(row(names))
            try root.flush()
            #expect(host.problems == [], "seed \(seed)")
            #expect(Frond_names(host) == names, "seed \(seed)")
        }
    }
}

/// The box names of the first (list) view of the host, in order.
private func Frond_names(_ host: RecordingHost) -> [String] {
    guard let list = host.rootChildren.first else { return [] }
    return names(in: host, list: list)
}

