import Dispatch
import Frond
import FrondTestSupport
import Synchronization
import Testing

/// Counts the calls components make, per name.
final class CallLog: @unchecked Sendable {
    private(set) var renders: [String: Int] = [:]
    private(set) var shouldUpdates: [String: Int] = [:]
    /// The scopes components were rendered with, by name (the last one).
    private(set) var scopes: [String: StateScope<Int>] = [:]

    func rendered(_ name: String, scope: StateScope<Int>? = nil) {
        renders[name, default: 0] += 1
        if let scope { scopes[name] = scope }
    }

    func askedShouldUpdate(_ name: String) { shouldUpdates[name, default: 0] += 1 }

    func reset() {
        renders = [:]
        shouldUpdates = [:]
    }
}

/// A stateful counter: shows a "counter" view with its name and count.
final class Counter: RenderComponent<Int>, @unchecked Sendable {
    let name: String
    let log: CallLog
    let start: Int
    let skipUpdates: Bool

    init(_ name: String, log: CallLog, start: Int = 0, key: String? = nil, skipUpdates: Bool = false) {
        self.name = name
        self.log = log
        self.start = start
        self.skipUpdates = skipUpdates
        super.init(key: key)
    }

    override func initialState() -> Int? { start }

    override func render(state: Int, scope: StateScope<Int>) -> Component? {
        log.rendered(name, scope: scope)
        return Component(view: ViewConfiguration("counter", attributes: ["name": .string(name), "count": .number(Double(state))]),
                         size: .points(20, 10))
    }

    override func shouldUpdate(from previous: RenderComponent<Int>) -> Bool {
        log.askedShouldUpdate(name)
        return !skipUpdates
    }
}

/// How many ``Tracked`` states are alive.
private final class Count: @unchecked Sendable { var value = 0 }

/// A state whose release the tests can see (it counts itself in `live` while it lives).
private final class Tracked: @unchecked Sendable {
    let live: Count
    init(_ live: Count) {
        self.live = live
        live.value += 1
    }
    deinit { live.value -= 1 }
}

/// A list of counters in a column, keyed by name.
func counterList(_ names: [String], log: CallLog, skipUpdates: Bool = false) -> Component {
    Flexbox(view: ViewConfiguration("list"), style: FlexboxStyle(direction: .column),
            children: names.map { FlexChild(Counter($0, log: log, key: $0, skipUpdates: skipUpdates)) })
}

/// The (name, count) pairs of the counter views under `list`, in order.
func counts(in host: RecordingHost, list: ViewID) -> [String] {
    (host.views[list]?.children ?? []).compactMap { child -> String? in
        guard let attributes = host.views[child]?.attributes,
              case .string(let name)? = attributes["name"], case .number(let count)? = attributes["count"] else { return nil }
        return "\(name)=\(Int(count))"
    }
}

@Suite struct StateTests {
    @Test func test_aStateUpdateRendersOnlyItsComponentAndChangesOnlyItsView() throws {
        let log = CallLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(counterList(["a", "b", "c"], log: log))
        let first = try root.flush()
        #expect(first.renders == 3)
        #expect(first.scopesCreated == 3)
        let list = try #require(host.rootChildren.first)

        log.reset()
        try #require(log.scopes["b"]).update { $0 += 5 }
        let second = try root.flush()
        #expect(host.problems == [])
        #expect(log.renders == ["b": 1])
        #expect(log.shouldUpdates == [:])
        #expect(second.stateUpdates == 1)
        #expect(second.reusedSubtrees == 2)          // a and b's siblings taken over whole
        #expect(second.updated == 1)
        #expect(second.mutations == 1)
        #expect(counts(in: host, list: list) == ["a=0", "b=5", "c=0"])
    }

    @Test func test_componentsOffTheDirtyPathAreNotRenderedOrAsked() throws {
        let log = CallLog()
        let root = Root(sizeRange: .fixed(width: 100, height: 300))
        // Three levels: an outer counter list whose rows hold counters of their own.
        let rows = (0..<10).map { index in
            FlexChild(Flexbox(key: "row\(index)", style: FlexboxStyle(direction: .row)) {
                Counter("left\(index)", log: log)
                Counter("right\(index)", log: log)
            })
        }
        root.setComponent(Flexbox(view: ViewConfiguration("list"), style: FlexboxStyle(), children: rows))
        try root.flush()
        #expect(log.renders.count == 20)

        log.reset()
        try #require(log.scopes["right7"]).update { $0 = 1 }
        let statistics = try root.flush()
        #expect(log.renders == ["right7": 1])
        #expect(log.shouldUpdates == [:])
        // Built: the list, row 7 and right7 (its rendered child too); reused whole: the
        // 9 other rows and left7.
        #expect(statistics.reusedSubtrees == 10)
        #expect(statistics.builtNodes == 4)
        #expect(statistics.components == 1 + 10 * 5)
    }

    @Test func test_anUnchangedFlushRendersNothingAndLaysOutNothing() throws {
        let log = CallLog()
        let root = Root(sizeRange: .fixed(width: 100, height: 100))
        root.setComponent(counterList(["a", "b"], log: log))
        try root.flush()
        log.reset()
        let statistics = try root.flush()
        #expect(log.renders == [:])
        #expect(statistics.builtNodes == 0)
        #expect(statistics.reusedSubtrees == 1)
        #expect(statistics.layouts == 0)
        #expect(statistics.mutations == 0)
    }

    @Test func test_aStateUpdateLaysOutOnlyThePathToTheRoot() throws {
        /// A bar as wide as its state.
        final class Bar: RenderComponent<Float>, @unchecked Sendable {
            nonisolated(unsafe) static var scopes: [String: StateScope<Float>] = [:]
            override func initialState() -> Float? { 10 }
            override func render(state: Float, scope: StateScope<Float>) -> Component? {
                if let key { Bar.scopes[key] = scope }
                return Component(view: ViewConfiguration("bar"), size: ComponentSize(width: .points(state), height: .points(5)))
            }
        }
        let host = RecordingHost()
        let root = Root(sizeRange: .flexibleHeight(width: 200), host: host)
        root.setComponent(Flexbox(view: ViewConfiguration("list"), style: FlexboxStyle(alignItems: .flexStart),
                                  children: (0..<100).map { FlexChild(Bar(key: "bar\($0)")) }))
        let first = try root.flush()
        // Every bar's rendered child; a bar is laid out as its child, with no layout of its own.
        #expect(first.layouts >= 100)
        #expect(first.layouts < 200)
        try #require(Bar.scopes["bar50"]).update { $0 = 42 }
        let second = try root.flush()
        // The bar's child, the list and the container; not the 99 other bars.
        #expect(second.layouts > 0)
        #expect(second.layouts <= 8)
        #expect(second.builtNodes == 3)
        #expect(second.mutations == 1)
        let list = try #require(host.rootChildren.first)
        let bar = try #require(host.views[list]?.children[50])
        #expect(host.views[bar]?.frame == LayoutFrame(left: 0, top: 250, width: 42, height: 5))
    }

    @Test func test_newPropsAskShouldUpdateWhichMaySkipTheRender() throws {
        let log = CallLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(counterList(["a", "b"], log: log, skipUpdates: true))
        try root.flush()
        log.reset()

        // New instances with the same identities: each is asked, and says no.
        root.setComponent(counterList(["a", "b"], log: log, skipUpdates: true))
        let skipped = try root.flush()
        #expect(log.shouldUpdates == ["a": 1, "b": 1])
        #expect(log.renders == [:])
        #expect(skipped.renders == 0)
        #expect(skipped.shouldUpdateCalls == 2)
        #expect(skipped.mutations == 0)

        log.reset()
        root.setComponent(counterList(["a", "b"], log: log, skipUpdates: false))
        let rendered = try root.flush()
        #expect(log.shouldUpdates == ["a": 1, "b": 1])
        #expect(log.renders == ["a": 1, "b": 1])
        #expect(rendered.renders == 2)
    }

    @Test func test_aStateChangeRendersEvenWhenShouldUpdateWouldSayNo() throws {
        let log = CallLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(counterList(["a"], log: log, skipUpdates: true))
        try root.flush()
        log.reset()
        try #require(log.scopes["a"]).update { $0 = 9 }
        root.setComponent(counterList(["a"], log: log, skipUpdates: true))
        try root.flush()
        #expect(log.shouldUpdates == [:])
        #expect(log.renders == ["a": 1])
        #expect(counts(in: host, list: try #require(host.rootChildren.first)) == ["a=9"])
    }

    @Test func test_stateFollowsItsKeyAcrossAReorder() throws {
        let log = CallLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(counterList(["a", "b", "c"], log: log))
        try root.flush()
        let list = try #require(host.rootChildren.first)
        let views = host.views[list]?.children ?? []
        try #require(log.scopes["a"]).update { $0 = 1 }
        try #require(log.scopes["b"]).update { $0 = 2 }
        try #require(log.scopes["c"]).update { $0 = 3 }
        try root.flush()

        root.setComponent(counterList(["c", "a", "b"], log: log))
        let statistics = try root.flush()
        #expect(host.problems == [])
        #expect(counts(in: host, list: list) == ["c=3", "a=1", "b=2"])
        #expect(statistics.scopesCreated == 0)
        #expect(statistics.scopesDestroyed == 0)
        #expect(statistics.created == 0)
        #expect(statistics.moved == 1)
        #expect(Set(host.views[list]?.children ?? []) == Set(views))
    }

    @Test func test_keylessStateFollowsPositionAmongSiblingsOfItsType() throws {
        let log = CallLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        func tree(_ extra: Bool) -> Component {
            Flexbox(view: ViewConfiguration("list")) {
                if extra { box("first") }
                Counter("x", log: log)
                Counter("y", log: log)
            }
        }
        root.setComponent(tree(false))
        try root.flush()
        try #require(log.scopes["y"]).update { $0 = 4 }
        try root.flush()
        // A box of another type in front does not shift the counters' identities.
        root.setComponent(tree(true))
        let statistics = try root.flush()
        #expect(statistics.scopesCreated == 0)
        let list = try #require(host.rootChildren.first)
        #expect(counts(in: host, list: list) == ["x=0", "y=4"])
    }

    @Test func test_aComponentLeavingTheTreeDropsItsStateAndInvalidatesItsScope() throws {
        let log = CallLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(counterList(["a", "b"], log: log))
        try root.flush()
        let scope = try #require(log.scopes["b"])
        try scope.update { $0 = 7 }
        try root.flush()
        #expect(scope.isValid)

        // An update queued before b leaves dies with it; later ones throw.
        try scope.update { $0 = 8 }
        log.reset()
        root.setComponent(counterList(["a"], log: log))
        let dropped = try root.flush()
        #expect(dropped.scopesDestroyed == 1)
        #expect(log.renders == ["a": 1])          // a's new props; b is not rendered on its way out
        #expect(!scope.isValid)
        let error = #expect(throws: FrondError.self) { try scope.update { $0 = 9 } }
        #expect(error?.kind == .misuse)

        // Coming back, b starts again from its initial state.
        root.setComponent(counterList(["a", "b"], log: log))
        let back = try root.flush()
        #expect(back.scopesCreated == 1)
        #expect(counts(in: host, list: try #require(host.rootChildren.first)) == ["a=0", "b=0"])
        #expect(try #require(log.scopes["b"]).isValid)
    }

    @Test func test_replacingTheTopComponentDropsEveryScopeBelowIt() throws {
        let log = CallLog()
        let root = Root(sizeRange: .fixed(width: 100, height: 100))
        root.setComponent(counterList(["a", "b"], log: log))
        try root.flush()
        let scopes = [try #require(log.scopes["a"]), try #require(log.scopes["b"])]
        root.setComponent(Counter("top", log: log))
        let statistics = try root.flush()
        #expect(statistics.scopesDestroyed == 2)
        #expect(scopes.allSatisfy { !$0.isValid })
        root.setComponent(nil)
        #expect(try root.flush().scopesDestroyed == 1)
        #expect(root.layout == nil)
    }

    @Test func test_updatesFromManyThreadsAreAllAppliedInOneFlush() throws {
        let log = CallLog()
        let root = Root(sizeRange: .fixed(width: 100, height: 100))
        let requests = Atomic<Int>(0)
        root.setFlushRequestHandler { requests.add(1, ordering: .relaxed) }
        root.setComponent(counterList(["a"], log: log))
        try root.flush()
        let scope = try #require(log.scopes["a"])
        log.reset()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<250 { try? scope.update { $0 += 1 } }
        }
        #expect(root.needsFlush)
        #expect(requests.load(ordering: .relaxed) == 1)
        let statistics = try root.flush()
        #expect(statistics.stateUpdates == 1000)
        #expect(log.renders == ["a": 1])
        #expect(!root.needsFlush)
        let host = RecordingHost()
        root.host = host
        root.setComponent(counterList(["a"], log: log))
        try root.flush()
        // The new host sees nothing: the root only sends changes. The state is in the layout.
        let counter = try #require(root.layout?.children.first?.children.first)
        #expect(counter.component.view.attributes.contains { $0.name == "count" && $0.value == .number(1000) })
    }

    @Test func test_updatesApplyInTheOrderTheyCame() throws {
        let log = CallLog()
        let root = Root(sizeRange: .fixed(width: 100, height: 100))
        root.setComponent(counterList(["a"], log: log))
        try root.flush()
        let scope = try #require(log.scopes["a"])
        try scope.update { $0 += 3 }
        try scope.update { $0 *= 10 }
        try scope.update { $0 -= 1 }
        try root.flush()
        let counter = try #require(root.layout?.children.first?.children.first)
        #expect(counter.component.view.attributes.contains { $0.name == "count" && $0.value == .number(29) })
    }

    @Test func test_aFailedRenderKeepsTheTreeAndTheViewsAndRetriesWithTheNewState() throws {
        final class Fragile: RenderComponent<Int>, @unchecked Sendable {
            nonisolated(unsafe) static var scope: StateScope<Int>?
            override func initialState() -> Int? { 1 }
            override func render(state: Int, scope: StateScope<Int>) -> Component? {
                Fragile.scope = scope
                // A negative width is refused by the build.
                return Component(view: ViewConfiguration("box"), size: .points(Float(state) * 10, 10))
            }
        }
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(Flexbox(view: ViewConfiguration("screen")) { Fragile() })
        try root.flush()
        let before = host.dump()
        let scope = try #require(Fragile.scope)
        try scope.update { $0 = -1 }
        #expect(throws: FrondError.self) { try root.flush() }
        #expect(host.dump() == before)
        #expect(root.layout?.dump.contains("Fragile") == true)
        // The state stays -1 and is rendered again next time: still failing …
        #expect(throws: FrondError.self) { try root.flush() }
        // … until it changes to something that can be shown.
        try scope.update { $0 = 3 }
        try root.flush()
        #expect(host.problems == [])
        #expect(host.dump().contains("box (0, 0, 30×10)"))
    }

    @Test func test_initialStateComesFromTheProtocol() throws {
        final class Toggle: RenderComponent<Bool>, ComponentInitialStateProtocol, @unchecked Sendable {
            static func initialState() -> Bool { true }
            override func render(state: Bool, scope: StateScope<Bool>) -> Component? {
                Component(view: ViewConfiguration("toggle", attributes: ["on": .bool(state)]))
            }
        }
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 10, height: 10), host: host)
        root.setComponent(Toggle())
        try root.flush()
        #expect(host.dump() == "toggle (0, 0, 10×10) on=true")
    }

    @Test func test_aStatefulComponentWithoutInitialStateFailsTheFlush() throws {
        final class NoState: RenderComponent<String>, @unchecked Sendable {}
        let root = Root(sizeRange: .fixed(width: 10, height: 10))
        root.setComponent(NoState())
        let error = #expect(throws: FrondError.self) { try root.flush() }
        #expect(error?.message.contains("NoState has no initial state") == true)
    }

    @Test func test_functionComponentsRenderAgainOnlyWhenTheirPropsChange() throws {
        let renders = Mutex(0)
        func label(_ title: String) -> Component {
            FunctionComponent(props: title) { title in
                renders.withLock { $0 += 1 }
                return Text(title)
            }
        }
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 20), host: host)
        root.setComponent(label("Hi"))
        try root.flush()
        root.setComponent(label("Hi"))
        let same = try root.flush()
        #expect(renders.withLock { $0 } == 1)
        #expect(same.shouldUpdateCalls == 1)
        #expect(same.measureCalls == 0)
        root.setComponent(label("Hello"))
        try root.flush()
        #expect(renders.withLock { $0 } == 2)
        #expect(host.dump().contains("text=\"Hello\""))
    }

    @Test func test_siblingRenderComponentsWithTheSameKeyAreReportedByName() throws {
        let log = CallLog()
        let root = Root(sizeRange: .fixed(width: 10, height: 10))
        root.setComponent(Flexbox {
            Counter("first", log: log, key: "same")
            Counter("second", log: log, key: "same")
        })
        let error = #expect(throws: FrondError.self) { try root.flush() }
        #expect(error?.message.contains("Counter[\"same\"] and Counter[\"same\"] are siblings") == true)
        // Siblings are checked before any of them is built: neither rendered.
        #expect(log.renders.isEmpty)
    }

    @Test func test_aNewTextMeasurerMeasuresEveryTextAgain() throws {
        struct Wide: TextMeasurer {
            func measure(_ text: String, style: TextStyle, width: Float, widthMode: MeasureMode,
                         height: Float, heightMode: MeasureMode) -> LayoutSize {
                LayoutSize(width: 50, height: 30)
            }
        }
        let root = Root(sizeRange: .fitContent())
        root.setComponent(Flexbox { FunctionComponent(props: 1) { _ in Text("abc") } })
        try root.flush()
        #expect(try root.flush().measureCalls == 0)
        root.textMeasurer = Wide()
        let statistics = try root.flush()
        #expect(statistics.measureCalls > 0)
        #expect(root.layout?.frame.height == 30)
    }

    @Test(arguments: 1...40)
    func test_randomEditsAndUpdatesKeepEveryStateWithItsKey(seed: Int) throws {
        var random = SplitMix(state: UInt64(seed))
        let log = CallLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .flexibleHeight(width: 300), host: host)
        // The model: which counters are shown, in order, and what each should count.
        var names = (0..<random.int(1...8)).map { "c\($0)" }
        var expected = Dictionary(uniqueKeysWithValues: names.map { ($0, 0) })
        var next = names.count
        root.setComponent(counterList(names, log: log))
        try root.flush()
        for step in 0..<10 {
            var edited = names
            for _ in 0..<random.int(0...3) {
                switch random.int(0...3) {
                case 0:
                    edited.insert("c\(next)", at: random.int(0...edited.count))
                    next += 1
                case 1 where !edited.isEmpty:
                    edited.remove(at: random.int(0...(edited.count - 1)))
                case 2 where edited.count > 1:
                    let item = edited.remove(at: random.int(0...(edited.count - 1)))
                    edited.insert(item, at: random.int(0...edited.count))
                default:
                    edited.shuffle(using: &random)
                }
            }
            // State updates for counters that are shown (queued before the edit lands).
            for name in names.shuffled(using: &random).prefix(random.int(0...3)) {
                let amount = random.int(1...9)
                try #require(log.scopes[name]).update { $0 += amount }
                expected[name, default: 0] += amount
            }
            log.reset()
            if random.int(0...2) != 0 {
                for name in names where !edited.contains(name) { expected[name] = nil }
                for name in edited where expected[name] == nil { expected[name] = 0 }
                names = edited
                root.setComponent(counterList(names, log: log, skipUpdates: random.int(0...1) == 0))
            }
            let statistics = try root.flush()
            let list = try #require(host.rootChildren.first)
            #expect(host.problems == [], "seed \(seed) step \(step)")
            #expect(counts(in: host, list: list) == names.map { "\($0)=\(expected[$0] ?? -1)" }, "seed \(seed) step \(step)")
            #expect(statistics.components == 1 + 2 * names.count, "seed \(seed) step \(step)")
        }
    }

    @Test func test_aRootGoingAwayReleasesEveryStateAndInvalidatesItsScopes() throws {
        final class Holder: RenderComponent<Tracked>, @unchecked Sendable {
            nonisolated(unsafe) static var scopes: [StateScope<Tracked>] = []
            let live: Count
            init(_ live: Count, key: String) {
                self.live = live
                super.init(key: key)
            }
            override func initialState() -> Tracked? { Tracked(live) }
            override func render(state: Tracked, scope: StateScope<Tracked>) -> Component? {
                Holder.scopes.append(scope)
                return Text("x")
            }
        }
        let live = Count()
        weak var weakRoot: Root?
        let invalidated = Count()
        do {
            let root = Root(sizeRange: .fixed(width: 10, height: 10))
            weakRoot = root
            root.setComponent(Flexbox { Holder(live, key: "a"); Holder(live, key: "b") })
            try root.flush()
            for scope in Holder.scopes { scope.onInvalidate { invalidated.value += 1 } }
            // A failed flush (a duplicate key) must not keep anything alive either.
            root.setComponent(Flexbox { Holder(live, key: "c"); Holder(live, key: "c") })
            #expect(throws: FrondError.self) { try root.flush() }
            #expect(live.value == 2)
        }
        #expect(weakRoot == nil)
        #expect(live.value == 0)
        #expect(invalidated.value == 2)
        #expect(Holder.scopes.allSatisfy { !$0.isValid })
    }

    /// Every render of a component gets a handle of the same scope (equal handles); the
    /// scope lets go of the state when it ends, so a handle kept afterwards holds no state
    /// and refuses updates.
    @Test func test_aScopeLetsGoOfItsStateWhenItsComponentLeavesEvenWithAHandleKept() throws {
        final class Handles: @unchecked Sendable { var byKey: [String: StateScope<Tracked>] = [:] }
        final class Keeper: RenderComponent<Tracked>, @unchecked Sendable {
            let live: Count
            let handles: Handles
            let name: String
            init(_ name: String, live: Count, handles: Handles) {
                self.live = live
                self.handles = handles
                self.name = name
                super.init(key: name)
            }
            override func initialState() -> Tracked? { Tracked(live) }
            override func render(state: Tracked, scope: StateScope<Tracked>) -> Component? {
                handles.byKey[name] = scope
                return Text(name)
            }
        }
        let live = Count()
        let handles = Handles()
        let root = Root(sizeRange: .fixed(width: 100, height: 100))
        root.setComponent(Flexbox { Keeper("a", live: live, handles: handles); Keeper("b", live: live, handles: handles) })
        try root.flush()
        #expect(live.value == 2)

        // While a is in the tree, each render gets a handle equal to the first one (and
        // not to b's).
        let a = try #require(handles.byKey["a"])
        handles.byKey["a"] = nil
        try a.update { _ in }
        try root.flush()
        #expect(handles.byKey["a"] == a)
        #expect(handles.byKey["b"] != a)
        #expect(Set([a, try #require(handles.byKey["a"]), try #require(handles.byKey["b"])]).count == 2)
        handles.byKey["a"] = nil

        // Both leave: their states go, though a's and b's handles are still kept.
        root.setComponent(Flexbox {})
        #expect(try root.flush().scopesDestroyed == 2)
        #expect(live.value == 0)
        #expect(!a.isValid)
        let b = try #require(handles.byKey["b"])
        #expect(!b.isValid)
        #expect(b.currentState == nil)
        let error = #expect(throws: FrondError.self) { try b.update { _ in } }
        #expect(error?.kind == .misuse)
    }

    @Test func test_aChildOnTheDirtyPathUnderANewParentTakesItsNewItemStyle() throws {
        let log = CallLog()
        let root = Root(sizeRange: .fixed(width: 100, height: 100))
        // The same wrapper instance (holding a counter) under two different parents: the
        // second makes it grow. The wrapper is on the dirty path but unchanged itself.
        let counter = Counter("a", log: log)
        let wrapper = Flexbox(style: FlexboxStyle(alignItems: .flexStart)) { counter }
        root.setComponent(Flexbox(style: FlexboxStyle(alignItems: .flexStart), children: [FlexChild(wrapper)]))
        try root.flush()
        #expect(root.layout?.children.first?.frame.height == 10)
        try #require(log.scopes["a"]).update { $0 = 1 }
        root.setComponent(Flexbox(style: FlexboxStyle(alignItems: .flexStart), children: [FlexChild(wrapper, flexGrow: 1)]))
        let statistics = try root.flush()
        #expect(statistics.renders == 1)
        #expect(root.layout?.children.first?.frame.height == 100)
        // And back, with only a state update below an unchanged parent.
        let parent = Flexbox(style: FlexboxStyle(alignItems: .flexStart), children: [FlexChild(wrapper)])
        root.setComponent(parent)
        try root.flush()
        #expect(root.layout?.children.first?.frame.height == 10)
        try #require(log.scopes["a"]).update { $0 = 2 }
        let update = try root.flush()
        #expect(update.renders == 1)
        #expect(root.layout?.children.first?.frame.height == 10)
    }

    /// A state whose dynamic type is not exactly `State` (a subclass of a class `State`, a
    /// value behind an existential `State`, any value when `State` is `Any`) reaches `render`
    /// as it is, and updates keep working on it. (The scope keeps every state boxed as a
    /// `State`, which the render takes back by comparing types, without a cast.)
    @Test func test_aStateOfAnotherDynamicTypeThanStateReachesRender() throws {
        class Animal: @unchecked Sendable { var name: String { "animal" } }
        final class Dog: Animal, @unchecked Sendable { override var name: String { "dog" } }
        final class Pet: RenderComponent<Animal>, @unchecked Sendable {
            nonisolated(unsafe) static var seen: [String] = []
            nonisolated(unsafe) static var scope: StateScope<Animal>?
            override func initialState() -> Animal? { Dog() }
            override func render(state: Animal, scope: StateScope<Animal>) -> Component? {
                Pet.seen.append(state.name)
                Pet.scope = scope
                return Text(state.name)
            }
        }
        final class Named: RenderComponent<any CustomStringConvertible>, @unchecked Sendable {
            nonisolated(unsafe) static var seen: [String] = []
            nonisolated(unsafe) static var scope: StateScope<any CustomStringConvertible>?
            override func initialState() -> (any CustomStringConvertible)? { 7 }
            override func render(state: any CustomStringConvertible, scope: StateScope<any CustomStringConvertible>) -> Component? {
                Named.seen.append(state.description)
                Named.scope = scope
                return Text(state.description)
            }
        }
        final class Loose: RenderComponent<Any>, @unchecked Sendable {
            nonisolated(unsafe) static var seen: [String] = []
            nonisolated(unsafe) static var scope: StateScope<Any>?
            override func initialState() -> Any? { 7 }
            override func render(state: Any, scope: StateScope<Any>) -> Component? {
                Loose.seen.append("\(state)")
                Loose.scope = scope
                return Text("\(state)")
            }
        }
        let root = Root(sizeRange: .fixed(width: 100, height: 100))
        root.setComponent(Flexbox { Pet(); Named(); Loose() })
        try root.flush()
        #expect(Pet.seen == ["dog"])
        #expect(Named.seen == ["7"])
        #expect(Loose.seen == ["7"])
        try #require(Pet.scope).update { $0 = Animal() }
        try #require(Named.scope).update { $0 = "eight" }
        try #require(Loose.scope).update { $0 = "eight" }
        try root.flush()
        #expect(Pet.seen == ["dog", "animal"])
        #expect(Named.seen == ["7", "eight"])
        #expect(Loose.seen == ["7", "eight"])
    }

    /// Two classes that claim one kind (``Component/kindIdentity``) share a scope: one
    /// whose state type differs from the state kept fails the flush, and the mounted views
    /// stay as they were.
    @Test func test_aSharedScopeWhoseStateIsOfAnotherTypeFailsTheFlush() throws {
        enum Shared {}
        final class Counting: RenderComponent<Int>, @unchecked Sendable {
            override var kindIdentity: ObjectIdentifier { ObjectIdentifier(Shared.self) }
            override func initialState() -> Int? { 3 }
            override func render(state: Int, scope: StateScope<Int>) -> Component? {
                Component(view: ViewConfiguration("count", attributes: ["value": .number(Double(state))]))
            }
        }
        final class Naming: RenderComponent<String>, @unchecked Sendable {
            override var kindIdentity: ObjectIdentifier { ObjectIdentifier(Shared.self) }
            override func initialState() -> String? { "x" }
            override func render(state: String, scope: StateScope<String>) -> Component? { Text(state) }
        }
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(Flexbox { Counting(key: "shared") })
        try root.flush()
        let before = host.dump()
        root.setComponent(Flexbox { Naming(key: "shared") })
        let error = #expect(throws: FrondError.self) { try root.flush() }
        #expect(error?.kind == .invalidTree)
        #expect(error?.message.contains("the scope's state is not a String") == true, "\(error?.message ?? "no error")")
        #expect(host.dump() == before)
    }
}
