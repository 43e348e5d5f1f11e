import Dispatch
import Frond
import FrondTestSupport
import Synchronization
import Testing

/// Asynchronous flushes: build and layout on another thread (`prepare`), mount on the
/// host's (`commit`).
@Suite struct AsyncFlushTests {
    @Test func test_aNewSizeRangeOrTextMeasurerNeedsAFlush() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 50), host: host)
        root.setComponent(Text("hello", style: TextStyle(fontSize: 10)))
        try root.flush()
        #expect(!root.needsFlush)
        root.sizeRange = .fixed(width: 100, height: 50)
        #expect(!root.needsFlush, "the same range")
        root.sizeRange = .fixed(width: 60, height: 50)
        #expect(root.needsFlush)
        try root.flush()
        #expect(!root.needsFlush && host.views.values.contains { $0.frame.width == 60 })
        root.textMeasurer = MonospaceTextMeasurer()
        #expect(root.needsFlush)
        try root.flush()
        #expect(!root.needsFlush)
    }

    /// Runs `body` on a new thread and waits for it.
    private func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            body()
            done.signal()
        }
        done.wait()
    }

    @Test func test_prepareOnAnotherThreadThenCommitMountsWhatAFlushWould() throws {
        let log = CallLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(counterList(["a", "b"], log: log))
        let failure = Mutex<FrondError?>(nil)
        onAnotherThread {
            do throws(FrondError) { try root.prepare() } catch { failure.withLock { $0 = error } }
        }
        #expect(failure.withLock { $0 } == nil)
        #expect(root.hasPreparedFlush)
        // Built and laid out, but nothing is mounted before the commit.
        #expect(log.renders == ["a": 1, "b": 1])
        #expect(host.commits.isEmpty)
        #expect(root.mountedDump == "")
        let statistics = try root.commit()
        #expect(!root.hasPreparedFlush)
        #expect(statistics.renders == 2)
        #expect(statistics.created == 3)
        #expect(statistics.layouts > 0)
        #expect(host.commits.count == 1)
        let fresh = RecordingHost()
        let reference = Root(sizeRange: .fixed(width: 100, height: 100), host: fresh)
        reference.setComponent(counterList(["a", "b"], log: CallLog()))
        try reference.flush()
        #expect(host.dump() == fresh.dump())

        // A state update arriving while a flush is prepared waits for the next one.
        log.reset()
        let scope = try #require(log.scopes["b"])
        try root.prepare()
        try scope.update { $0 += 4 }
        try root.commit()
        #expect(root.needsFlush)
        #expect(counts(in: host, list: try #require(host.rootChildren.first)) == ["a=0", "b=0"])
        onAnotherThread { try? root.prepare() }
        let next = try root.commit()
        #expect(next.renders == 1 && next.mutations == 1)
        #expect(counts(in: host, list: try #require(host.rootChildren.first)) == ["a=0", "b=4"])
    }

    @Test func test_outOfOrderCallsAreMisuseAndChangeNothing() throws {
        let log = CallLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(counterList(["a"], log: log))
        #expect(throws: FrondError.self) { try root.commit() }
        #expect(throws: FrondError.self) { try root.discardPrepared() }
        try root.prepare()
        let attempts: [() throws -> Void] = [{ try root.prepare() }, { try root.flush() }]
        for attempt in attempts {
            let error = #expect(throws: FrondError.self) { try attempt() }
            #expect(error?.kind == .misuse)
            #expect(error?.message.contains("prepared flush waits") == true)
        }
        #expect(root.hasPreparedFlush)
        try root.commit()
        #expect(host.commits.count == 1)
    }

    @Test func test_aDiscardedFlushLeavesTreeViewsAndStatesAsTheyWere() throws {
        let log = CallLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(counterList(["a", "b"], log: log))
        try root.flush()
        let before = host.dump()
        let oldScope = try #require(log.scopes["a"])
        // The prepared flush drops a, adds c, and resizes the list.
        root.setComponent(counterList(["b", "c"], log: log))
        root.sizeRange = .fixed(width: 60, height: 100)
        try root.prepare()
        let newScope = try #require(log.scopes["c"])
        try root.discardPrepared()
        #expect(host.dump() == before)
        #expect(oldScope.isValid)          // a stays in the tree
        #expect(!newScope.isValid)         // c's scope died with the prepared build
        #expect(root.needsFlush)
        // The next flush does the same work again, from the tree as it was mounted.
        try root.flush()
        #expect(counts(in: host, list: try #require(host.rootChildren.first)) == ["b=0", "c=0"])
        #expect(!oldScope.isValid)
        #expect(host.views[try #require(host.rootChildren.first)]?.frame.width == 60)
        #expect(host.problems == [])
    }

    @Test func test_aRenderFunctionCannotFlushItsRoot() throws {
        final class Box: @unchecked Sendable { var root: Root?; var error: FrondError? }
        let box = Box()
        let component = FunctionComponent(props: 1) { _ in
            do { try box.root?.flush() } catch { box.error = error as? FrondError }
            return Component(view: ViewConfiguration("leaf"), size: .points(5, 5))
        }
        let root = Root(sizeRange: .fixed(width: 10, height: 10))
        box.root = root
        root.setComponent(component)
        try root.flush()
        #expect(box.error?.kind == .misuse)
        box.root = nil
    }

    @Test func test_aRootDroppedWithAPreparedFlushEndsEveryScope() throws {
        let log = CallLog()
        var root: Root? = Root(sizeRange: .fixed(width: 100, height: 100))
        root?.setComponent(counterList(["a"], log: log))
        try root?.flush()
        root?.setComponent(counterList(["a", "b"], log: log))
        try root?.prepare()
        let a = try #require(log.scopes["a"]), b = try #require(log.scopes["b"])
        #expect(a.isValid && b.isValid)
        root = nil
        #expect(!a.isValid && !b.isValid)
    }
}
