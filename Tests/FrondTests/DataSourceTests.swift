import Dispatch
import Frond
import FrondTestSupport
import Synchronization
import Testing

/// A feed row: text whose height follows its length (monospace measurer, 100 points wide).
private func row(_ text: String) -> Component {
    Flexbox { Text(text, style: TextStyle(fontSize: 10)) }
}

/// Records what the listeners hear, in order.
private final class Heard: @unchecked Sendable {
    private let lock = Mutex<[String]>([])
    var updates: [DataSourceUpdate<String>] = []

    var events: [String] { lock.withLock { $0 } }
    func note(_ event: String) { lock.withLock { $0.append(event) } }

    func listener() -> DataSource<String>.Listener {
        DataSource<String>.Listener(didApply: { update in
            self.updates.append(update)
            self.note("apply")
        }, willBuild: { self.note("willBuild") }, didBuild: { self.note("didBuild") },
           didFail: { self.note("fail: \($0.message)") })
    }
}

private func textSource(width: Float = 100, provider: ((String) throws(FrondError) -> Component?)? = nil)
    throws -> DataSource<String> {
    try DataSource(configuration: DataSourceConfiguration(sizeRange: .flexibleHeight(width: width),
                                                          provider: provider ?? { row($0) }))
}

private func models(_ source: DataSource<String>) -> [[String]] {
    source.state.sections.map { $0.map(\.model) }
}

/// The "count" a ``Counter`` in the layout shows.
private func shownCount(_ layout: ComponentLayout?) -> AttributeValue? {
    guard let layout else { return nil }
    if let count = layout.component.view.attributes.first(where: { $0.name == "count" }) { return count.value }
    return layout.children.lazy.compactMap(shownCount).first
}

private func path(_ item: Int, _ section: Int = 0) -> ItemPath { ItemPath(section: section, item: item) }

@Suite struct DataSourceTests {
    @Test func test_synchronousChangesetBuildsAndLaysOutEachItem() throws {
        let source = try textSource()
        try source.apply(DataSourceChangeset(insertedSections: [0], insertedItems: [
            (path(0), "short"), (path(1), String(repeating: "long ", count: 40)),
        ]), mode: .synchronous)
        let state = source.state
        #expect(state.sectionCount == 1)
        #expect(state.itemCount(inSection: 0) == 2)
        #expect(state[path(0)]?.model == "short")
        let short = try #require(state[path(0)]?.size)
        let long = try #require(state[path(1)]?.size)
        #expect(short.width == 100 && long.width == 100)
        #expect(short.height > 0)
        #expect(long.height > short.height * 5, "200 characters wrap onto many lines at 100 points")
        #expect(state[path(0)]?.layout != nil)
        #expect(state.version == 1)
    }

    @Test func test_invalidChangesetNamesTheOperationAndAppliesNothing() throws {
        let source = try textSource()
        try source.apply(DataSourceChangeset(insertedSections: [0], insertedItems: [(path(0), "a")]), mode: .synchronous)
        for mode in [DataSource<String>.Mode.synchronous, .asynchronous] {
            #expect(throws: FrondError(.invalidValue, "removedItems: [0, 3] is out of range (section 0 has 1 item(s))")) {
                try source.apply(DataSourceChangeset(removedItems: [path(3)]), mode: mode)
            }
            #expect(throws: FrondError(.invalidValue, "removedItems: [0, 0] is also in updatedItems (two operations on one item)")) {
                try source.apply(DataSourceChangeset(updatedItems: [(path(0), "b")], removedItems: [path(0)]), mode: mode)
            }
            #expect(throws: FrondError.self) {
                try source.apply(DataSourceChangeset(insertedItems: [(path(0, 4), "x")]), mode: mode)
            }
        }
        #expect(models(source) == [["a"]])
        #expect(source.state.version == 1)
        #expect(!source.hasPending)
    }

    @Test func test_asynchronousModificationsBuildOffThreadAndApplyInOrder() throws {
        let source = try textSource()
        let heard = Heard()
        source.addListener(heard.listener())
        let ready = DispatchSemaphore(value: 0)
        source.setReadyHandler { ready.signal() }
        try source.apply(DataSourceChangeset(insertedSections: [0], insertedItems: [(path(0), "a")]), mode: .asynchronous)
        // Checked against the state the pending modification leaves (one item), not today's (none).
        try source.apply(DataSourceChangeset(insertedItems: [(path(1), "b")]), mode: .asynchronous)
        #expect(throws: FrondError.self) {
            try source.apply(DataSourceChangeset(removedItems: [path(2)]), mode: .asynchronous)
        }
        ready.wait()
        #expect(models(source) == [], "built, not applied until the host thread asks")
        // The second starts when the first is applied (and may be built before the call returns);
        // the ready handler says when it is built.
        var applied = try source.processPending()
        if applied == 1 {
            ready.wait()
            applied += try source.processPending()
        }
        #expect(applied == 2)
        #expect(models(source) == [["a", "b"]])
        #expect(heard.events == ["willBuild", "didBuild", "apply", "willBuild", "didBuild", "apply"])
        #expect(heard.updates.map(\.changes.changes) == [
            ListChangeset(insertedSections: [0], insertedItems: [path(0)]),
            ListChangeset(insertedItems: [path(1)]),
        ])
        #expect(heard.updates[1].previous.version == 1 && heard.updates[1].state.version == 2)
    }

    @Test func test_synchronousModificationAppliesAfterWhatIsPending() throws {
        let source = try textSource()
        try source.apply(DataSourceChangeset(insertedSections: [0]), mode: .synchronous)
        try source.apply(DataSourceChangeset(insertedItems: [(path(0), "async")]), mode: .asynchronous)
        try source.apply(DataSourceChangeset(insertedItems: [(path(0), "sync")]), mode: .synchronous)
        #expect(models(source) == [["sync", "async"]])
        #expect(!source.hasPending)
    }

    @Test func test_hostThreadBuildsWhatTheExecutorHasNotStarted() throws {
        // An executor that holds the work (as a host's main-loop executor would, until the
        // host returns to its loop): waiting for all must not wait for it.
        let held = Mutex<[@Sendable () -> Void]>([])
        let heard = Heard()
        let source = try DataSource<String>(
            configuration: DataSourceConfiguration(sizeRange: .flexibleHeight(width: 100)) { row($0) },
            executor: { work in held.withLock { $0.append(work) } })
        source.addListener(heard.listener())
        try source.apply(DataSourceChangeset(insertedSections: [0], insertedItems: [(path(0), "a")]), mode: .asynchronous)
        #expect(try source.processPending() == 0, "nothing is built yet")
        try source.apply(DataSourceChangeset(insertedItems: [(path(1), "b")]), mode: .synchronous)
        #expect(models(source) == [["a", "b"]])
        // The held work runs late and finds its build taken.
        for work in held.withLock({ $0 }) { work() }
        #expect(try source.processPending() == 0)
        #expect(models(source) == [["a", "b"]])
        #expect(heard.events == ["apply", "apply"], "built on the host thread: no off-thread hooks")
    }

    /// An executor given after the data source was made runs the builds that start from
    /// then on; nil gives the builds back to the data source's own queue.
    @Test func test_anExecutorSetLaterRunsTheBuildsThatStartThen() throws {
        let held = Mutex<[@Sendable () -> Void]>([])
        let source = try DataSource<String>(
            configuration: DataSourceConfiguration(sizeRange: .flexibleHeight(width: 100)) { row($0) })
        source.setExecutor { work in held.withLock { $0.append(work) } }
        try source.apply(DataSourceChangeset(insertedSections: [0], insertedItems: [(path(0), "a")]), mode: .asynchronous)
        let works = held.withLock { $0 }
        #expect(works.count == 1)
        #expect(try source.processPending() == 0, "held by the executor")
        for work in works { work() }
        #expect(try source.processPending() == 1)
        #expect(models(source) == [["a"]])
        source.setExecutor(nil)
        try source.apply(DataSourceChangeset(insertedItems: [(path(1), "b")]), mode: .asynchronous)
        #expect(try source.processPending(waitForAll: true) == 1)
        #expect(models(source) == [["a", "b"]] && held.withLock { $0.count } == 1, "built on the own queue")
    }

    @Test func test_stateUpdateRebuildsThatItemOnly() throws {
        let log = CallLog()
        let source = try DataSource<String>(configuration: DataSourceConfiguration(sizeRange: .flexibleHeight(width: 100)) {
            Counter($0, log: log)
        })
        let heard = Heard()
        source.addListener(heard.listener())
        try source.apply(DataSourceChangeset(insertedSections: [0], insertedItems: (0..<50).map { (path($0), "c\($0)") }),
                         mode: .synchronous)
        #expect(log.renders.count == 50)
        log.reset()
        try #require(log.scopes["c7"]).update { $0 += 3 }
        #expect(source.hasPending)
        #expect(try source.processPending(waitForAll: true) == 1)
        #expect(log.renders == ["c7": 1])
        let update = try #require(heard.updates.last)
        #expect(update.changes.changes == ListChangeset(updatedItems: [path(7)]))
        #expect(update.changes.updatedDestinations == [ListChangeset.Move(from: path(7), to: path(7))])
        #expect(shownCount(source.state[path(7)]?.layout) == .number(3))
        #expect(shownCount(source.state[path(6)]?.layout) == .number(0))
    }

    @Test func test_stateFollowsTheItemThroughMovesAndUpdates() throws {
        let log = CallLog()
        let source = try DataSource<String>(configuration: DataSourceConfiguration(sizeRange: .flexibleHeight(width: 100)) {
            Counter($0, log: log)
        })
        try source.setItems(["a", "b", "c"], identity: { $0 }, isSame: { $0 == $1 }, mode: .synchronous)
        try #require(log.scopes["a"]).update { $0 = 9 }
        try source.processPending(waitForAll: true)
        let heard = Heard()
        source.addListener(heard.listener())
        try source.setItems(["c", "b", "a", "d"], identity: { $0 }, isSame: { $0 == $1 }, mode: .synchronous)
        #expect(models(source) == [["c", "b", "a", "d"]])
        let changes = try #require(heard.updates.last?.changes.changes)
        #expect(changes.insertedItems == [path(3)])
        #expect(changes.movedItems.count == 2, "\(changes)")
        log.reset()
        // The scope of "a" kept its state: one more update shows 10.
        try #require(log.scopes["a"]).update { $0 += 1 }
        try source.processPending(waitForAll: true)
        #expect(log.renders == ["a": 1])
        #expect(shownCount(source.state[path(2)]?.layout) == .number(10))
    }

    /// A sectioned diff: "b" keeps its state when it changes section, and again when its
    /// section goes; sections made by setSections without identities pair with none.
    @Test func test_stateFollowsAnItemBetweenSectionsAndOutOfARemovedOne() throws {
        let log = CallLog()
        let source = try DataSource<String>(configuration: DataSourceConfiguration(sizeRange: .flexibleHeight(width: 100)) {
            Counter($0, log: log)
        })
        let identity: (String) -> String = { $0 }, same: (String, String) -> Bool = { $0 == $1 }
        try source.setSections([(identity: "A", models: ["a"]), (identity: "B", models: ["b", "c"])],
                               identity: identity, isSame: same, mode: .synchronous)
        try #require(log.scopes["b"]).update { $0 = 4 }
        try source.processPending(waitForAll: true)
        let heard = Heard()
        source.addListener(heard.listener())
        try source.setSections([(identity: "A", models: ["a", "b"]), (identity: "B", models: ["c"])],
                               identity: identity, isSame: same, mode: .synchronous)
        #expect(models(source) == [["a", "b"], ["c"]])
        #expect(heard.updates.last?.changes.changes == ListChangeset(movedItems: [.init(from: path(0, 1), to: path(1, 0))]))
        // Section A goes: "a" and "b" move into the new section C, "b" with its state.
        try source.setSections([(identity: "C", models: ["b", "a"]), (identity: "B", models: ["c", "d"])],
                               identity: identity, isSame: same, mode: .asynchronous)
        try source.processPending(waitForAll: true)
        #expect(models(source) == [["b", "a"], ["c", "d"]])
        let changes = try #require(heard.updates.last?.changes.changes)
        #expect(changes.removedSections == [0] && changes.insertedSections == [0])
        #expect(changes.movedItems.count == 2 && changes.insertedItems == [path(1, 1)])
        log.reset()
        try #require(log.scopes["b"]).update { $0 += 1 }
        try source.processPending(waitForAll: true)
        #expect(log.renders == ["b": 1])
        #expect(shownCount(source.state[path(0, 0)]?.layout) == .number(5))

        // Sections without identities pair with none: every item moves to the new ones.
        try source.setSections([["x"], ["c"]], mode: .synchronous)
        try source.setSections([(identity: "B", models: ["c"])], identity: identity, isSame: same, mode: .synchronous)
        #expect(heard.updates.last?.changes.changes == ListChangeset(removedSections: [0, 1], movedItems: [
            .init(from: path(0, 1), to: path(0, 0))], insertedSections: [0]))
        #expect(throws: FrondError(.invalidValue, "new sections 0 and 1 have the same identity")) {
            try source.setSections([(identity: "B", models: ["c"]), (identity: "B", models: [])], identity: identity,
                                   isSame: same, mode: .synchronous)
        }
        #expect(models(source) == [["c"]])
    }

    @Test func test_diffingUpdatesChangedContentAndNamesDuplicates() throws {
        let source = try textSource()
        // identity: the first letter; content: the whole string.
        let identity: (String) -> Character = { $0.first ?? " " }
        try source.setItems(["a1", "b1", "c1"], identity: identity, isSame: { $0 == $1 }, mode: .synchronous)
        let heard = Heard()
        source.addListener(heard.listener())
        try source.setItems(["c1", "a2", "b1"], identity: identity, isSame: { $0 == $1 }, mode: .synchronous)
        let changes = try #require(heard.updates.last?.changes)
        #expect(changes.changes.updatedItems == [path(0)])
        #expect(changes.updatedDestinations == [ListChangeset.Move(from: path(0), to: path(1))])
        #expect(models(source) == [["c1", "a2", "b1"]])
        #expect(throws: FrondError(.invalidValue, "new items 0 and 2 have the same identity")) {
            try source.setItems(["x1", "y", "x2"], identity: identity, isSame: { $0 == $1 }, mode: .asynchronous)
        }
        #expect(throws: FrondError.self) {
            try source.setItems(["x"], inSection: 3, identity: identity, isSame: { $0 == $1 }, mode: .synchronous)
        }
        #expect(models(source) == [["c1", "a2", "b1"]])
    }

    /// Items with one identity (which setSections and changesets do not check for) do not
    /// keep a data source from diffing ever again: the first pairs, the others are removed.
    @Test func test_aDiffPairsTheFirstOfTheOldItemsWithOneIdentity() throws {
        let source = try textSource()
        let identity: (String) -> Character = { $0.first ?? " " }, same: (String, String) -> Bool = { $0 == $1 }
        try source.setSections([["a1", "b1", "a2"], ["b2", "c1"]], mode: .synchronous)
        let heard = Heard()
        source.addListener(heard.listener())
        try source.setItems(["b3", "a1"], identity: identity, isSame: same, mode: .synchronous)
        #expect(models(source) == [["b3", "a1"], ["b2", "c1"]])
        let changes = try #require(heard.updates.last?.changes.changes)
        #expect(changes.removedItems == [path(2)] && changes.updatedItems == [path(1)] && changes.insertedItems.isEmpty)
        #expect(changes.movedItems.count == 1)
        // Across sections: "b3" pairs (the first "b"), "b2" goes with its section.
        try source.setSections([(identity: "X", models: ["c2", "b4"])], identity: identity, isSame: same,
                               mode: .asynchronous)
        try source.processPending(waitForAll: true)
        #expect(models(source) == [["c2", "b4"]])
        let sectioned = try #require(heard.updates.last?.changes.changes)
        #expect(sectioned.removedSections == [0, 1] && sectioned.insertedSections == [0])
        #expect(sectioned.movedItems == [.init(from: path(0, 0), to: path(1, 0)), .init(from: path(1, 1), to: path(0, 0))]
                && sectioned.insertedItems.isEmpty)
    }

    @Test func test_failingProviderShowsThatItemAsNothingAndAppliesTheOthers() throws {
        let source = try textSource { (model: String) throws(FrondError) -> Component? in
            if model == "bad" { throw FrondError(.callbackFailed, "no row for bad") }
            return row(model)
        }
        let heard = Heard()
        source.addListener(heard.listener())
        try source.apply(DataSourceChangeset(insertedSections: [0], insertedItems: [(path(0), "ok"), (path(1), "bad"),
                                                                                    (path(2), "fine")]),
                         mode: .synchronous)
        #expect(models(source) == [["ok", "bad", "fine"]])
        #expect(heard.updates.last?.changes.failures == [
            DataSourceItemFailure(path: path(1), error: FrondError(.callbackFailed, "no row for bad")),
        ])
        #expect(source.state[path(1)]?.size == LayoutSize(width: 0, height: 0))
        #expect(source.state[path(1)]?.layout == nil)
        #expect((source.state[path(2)]?.size.height ?? 0) > 0)
    }

    @Test func test_newConfigurationRebuildsEveryItem() throws {
        let source = try textSource(width: 200)
        try source.apply(DataSourceChangeset(insertedSections: [0], insertedItems: [
            (path(0), String(repeating: "word ", count: 20)), (path(1), "x"),
        ]), mode: .synchronous)
        let wide = try #require(source.state[path(0)]?.size)
        let heard = Heard()
        source.addListener(heard.listener())
        try source.update(configuration: DataSourceConfiguration(sizeRange: .flexibleHeight(width: 50)) { row($0) },
                          mode: .asynchronous)
        try source.processPending(waitForAll: true)
        let narrow = try #require(source.state[path(0)]?.size)
        #expect(narrow.width == 50 && wide.width == 200)
        #expect(narrow.height > wide.height)
        #expect(heard.updates.last?.changes.changes.updatedItems == [path(0), path(1)])
        #expect(throws: FrondError.self) {
            try source.update(configuration: DataSourceConfiguration(sizeRange: .flexibleHeight(width: .nan)) { row($0) },
                              mode: .synchronous)
        }
    }

    @Test func test_providerCannotApplySynchronouslyOrWaitForItself() throws {
        let seen = Mutex<[String]>([])
        final class Box: @unchecked Sendable { var source: DataSource<String>? }
        let box = Box()
        let source = try textSource { (model: String) throws(FrondError) -> Component? in
            if let sourceBox = box.source {
                do throws(FrondError) {
                    try sourceBox.apply(DataSourceChangeset(insertedItems: [(path(0), "nested")]), mode: .synchronous)
                } catch {
                    seen.withLock { $0.append(error.message) }
                }
            }
            return row(model)
        }
        box.source = source
        try source.apply(DataSourceChangeset(insertedSections: [0], insertedItems: [(path(0), "a")]), mode: .asynchronous)
        try source.processPending(waitForAll: true)
        try source.apply(DataSourceChangeset(insertedItems: [(path(0), "b")]), mode: .synchronous)
        box.source = nil
        let messages = seen.withLock { $0 }
        #expect(messages.count == 2)
        #expect(messages.allSatisfy { $0.contains("cannot apply a modification synchronously") })
        #expect(models(source) == [["b", "a"]])
    }

    @Test func test_cancelStopsTheBuildAndRefusesLaterModifications() throws {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let source = try textSource { (model: String) throws(FrondError) -> Component? in
            if model == "slow" {
                started.signal()
                release.wait()
            }
            return row(model)
        }
        try source.apply(DataSourceChangeset(insertedSections: [0], insertedItems: [(path(0), "slow"), (path(1), "next")]),
                         mode: .asynchronous)
        started.wait()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { release.signal() }
        try source.cancelAndWait()
        #expect(source.state.sectionCount == 0)
        #expect(!source.hasPending)
        #expect(throws: FrondError.self) {
            try source.apply(DataSourceChangeset(insertedSections: [0]), mode: .synchronous)
        }
    }
}
