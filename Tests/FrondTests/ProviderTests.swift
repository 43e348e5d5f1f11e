import Dispatch
import Frond
import FrondTestSupport
import Synchronization
import Testing

/// A root's component provider: props in, the root's component out, called when the props
/// change and only then.
@Suite struct ProviderTests {
    /// Counts provider calls and the props they got; fails for the props "bad".
    final class ProviderLog: @unchecked Sendable {
        private(set) var calls: [String] = []
        let counters = CallLog()

        /// A list with a counter named after each character of the props.
        func provide(_ props: String) throws(FrondError) -> Component? {
            calls.append(props)
            if props == "bad" { throw FrondError(.callbackFailed, "no component for bad props") }
            return counterList(props.map { String($0) }, log: counters)
        }
    }

    @Test func test_theProviderIsCalledOncePerPropsChangeAndNotForStateUpdates() throws {
        let log = ProviderLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setProvider(props: "ab") { (props: String) throws(FrondError) in try log.provide(props) }
        #expect(root.hasProvider && root.needsFlush)
        #expect(log.calls == [])                      // called by the flush, not before
        try root.flush()
        #expect(log.calls == ["ab"])
        #expect(!root.needsFlush)
        let list = try #require(host.rootChildren.first)
        #expect(counts(in: host, list: list) == ["a=0", "b=0"])

        // A state update alone reuses the provider's last component.
        try #require(log.counters.scopes["b"]).update { $0 += 3 }
        let stateOnly = try root.flush()
        #expect(log.calls == ["ab"])
        #expect(stateOnly.renders == 1)
        #expect(counts(in: host, list: list) == ["a=0", "b=3"])
        try root.flush()
        #expect(log.calls == ["ab"])

        // Two updates before a flush: one call, with the newest props; state is kept.
        try root.update(props: "abc")
        try root.update(props: "cb")
        #expect(root.needsFlush)
        try root.flush()
        #expect(log.calls == ["ab", "cb"])
        #expect(counts(in: host, list: list) == ["c=0", "b=3"])
        #expect(!root.needsFlush)
    }

    @Test func test_aThrowingProviderLeavesTreeViewsAndStateAndTheNextGoodFlushWorks() throws {
        let log = ProviderLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setProvider(props: "ab") { (props: String) throws(FrondError) in try log.provide(props) }
        try root.flush()
        let before = host.dump()
        let described = root.componentDump
        let scope = try #require(log.counters.scopes["a"])
        try scope.update { $0 += 1 }
        try root.update(props: "bad")
        let error = #expect(throws: FrondError.self) { try root.flush() }
        #expect(error == FrondError(.callbackFailed, "no component for bad props"))
        #expect(host.dump() == before)
        #expect(root.componentDump == described)
        #expect(scope.isValid)
        #expect(scope.currentState == 0)              // the update waits for the next flush
        #expect(root.needsFlush)
        // The same props are tried again by the next flush.
        #expect(throws: FrondError.self) { try root.flush() }
        #expect(log.calls == ["ab", "bad", "bad"])
        #expect(host.commits.count == 1)

        try root.update(props: "ba")
        let statistics = try root.flush()
        #expect(log.calls == ["ab", "bad", "bad", "ba"])
        #expect(statistics.stateUpdates == 1)
        #expect(counts(in: host, list: try #require(host.rootChildren.first)) == ["b=0", "a=1"])
        #expect(host.problems == [])
    }

    @Test func test_propsOfAnotherTypeAreMisuseAndChangeNothing() throws {
        let root = Root(sizeRange: .fixed(width: 100, height: 100))
        let noProvider = #expect(throws: FrondError.self) { try root.update(props: 1) }
        #expect(noProvider == FrondError(.misuse, "update(props:): the root has no component provider (set one with setProvider)"))
        let calls = Mutex<[Int]>([])
        root.setProvider(props: 1) { (props: Int) in
            calls.withLock { $0.append(props) }
            return box("\(props)")
        }
        try root.flush()
        let mismatch = #expect(throws: FrondError.self) { try root.update(props: "2") }
        #expect(mismatch == FrondError(.misuse, "update(props:): the root's component provider takes Int props, not String"))
        #expect(!root.needsFlush)
        try root.flush()
        #expect(calls.withLock { $0 } == [1])
        // Optional props take their wrapped type and nil.
        root.setProvider(props: nil as String?) { (props: String?) in box(props ?? "none") }
        try root.update(props: "x")
        try root.update(props: nil as String?)
        #expect(throws: FrondError.self) { try root.update(props: 3) }
        try root.flush()
        #expect(root.mountedDump.hasSuffix("box (0, 0, 10×100) name=\"none\""))
    }

    @Test func test_setComponentAndSetProviderReplaceEachOther() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setProvider(props: "p") { (props: String) in box(props) }
        try root.flush()
        #expect(host.dump() == "box (0, 0, 10×100) name=\"p\"")
        root.setComponent(box("given"))
        #expect(!root.hasProvider)
        #expect(throws: FrondError.self) { try root.update(props: "q") }
        try root.flush()
        #expect(host.dump() == "box (0, 0, 10×100) name=\"given\"")
        root.setProvider(props: 7) { (props: Int) in box("number \(props)") }
        try root.flush()
        #expect(host.dump() == "box (0, 0, 10×100) name=\"number 7\"")
        // A provider returning nil shows nothing.
        root.setProvider(props: ()) { (_: Void) in nil }
        try root.flush()
        #expect(host.dump() == "")
        #expect(root.layout == nil)
    }

    @Test func test_aProviderRunsInPrepareAndItsComponentIsKeptOnlyWhenCommitted() throws {
        let log = ProviderLog()
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setProvider(props: "a") { (props: String) throws(FrondError) in try log.provide(props) }
        let failure = Mutex<FrondError?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            do throws(FrondError) { try root.prepare() } catch { failure.withLock { $0 = error } }
            done.signal()
        }
        done.wait()
        #expect(failure.withLock { $0 } == nil)
        #expect(log.calls == ["a"])
        #expect(host.commits.isEmpty)
        try root.commit()
        #expect(counts(in: host, list: try #require(host.rootChildren.first)) == ["a=0"])

        // A discarded flush's component is not kept: the next flush asks again.
        try root.update(props: "ab")
        try root.prepare()
        try root.discardPrepared()
        #expect(root.needsFlush)
        try root.flush()
        #expect(log.calls == ["a", "ab", "ab"])
        #expect(counts(in: host, list: try #require(host.rootChildren.first)) == ["a=0", "b=0"])

        // Props given while a flush is prepared wait for the next one.
        try root.update(props: "b")
        try root.prepare()
        try root.update(props: "ba")
        try root.commit()
        #expect(root.needsFlush)
        try root.flush()
        #expect(log.calls == ["a", "ab", "ab", "b", "ba"])
        #expect(counts(in: host, list: try #require(host.rootChildren.first)) == ["b=0", "a=0"])
        #expect(!root.needsFlush)
    }

    @Test func test_aProviderPlacingOneInstanceTwiceFailsTheFlushAsInvalidTree() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        let shared = box("shared")
        root.setProvider(props: false) { (twice: Bool) in
            twice ? Flexbox { shared; CompositeComponent(child: shared) } : Flexbox { shared }
        }
        try root.flush()
        let before = host.dump()
        try root.update(props: true)
        let error = #expect(throws: FrondError.self) { try root.flush() }
        #expect(error?.kind == .invalidTree)
        #expect(error?.message == "Component(box) is placed twice in the tree (a component instance can appear only once)")
        #expect(host.dump() == before)
    }
}
