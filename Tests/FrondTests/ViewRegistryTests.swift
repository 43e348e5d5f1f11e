@testable import Frond
import FrondTestSupport
import Testing

/// The registry of mounted views answers as a dictionary would, through insertions,
/// replacements and removals (which shift colliding entries back), growth and view 0.
@Suite struct ViewRegistryTests {
    private func view(_ id: UInt64) -> MountedView {
        MountedView(id: ViewID(id), viewType: "v", treeNode: nil, attributes: [], frame: LayoutFrame())
    }

    /// Random operations on keys from a small range (many collisions, many removals)
    /// and from sequences (as views are numbered), checked against a Dictionary.
    @Test func agreesWithADictionary() {
        var generator = SplitMix(state: 7)
        for range in [UInt64(0)..<40, 0..<5_000, 1_000_000..<1_000_300] {
            var registry = ViewRegistry()
            var expected: [UInt64: MountedView] = [:]
            for step in 0..<20_000 {
                let key = range.lowerBound + generator.next() % UInt64(range.count)
                switch generator.next() % 3 {
                case 0, 1:
                    let made = view(key)
                    registry[ViewID(key)] = made
                    expected[key] = made
                default:
                    registry[ViewID(key)] = nil
                    expected[key] = nil
                }
                if step % 997 == 0 || step == 19_999 {
                    #expect(registry.count == expected.count)
                    // (The mount step's lent read, which reads the pages in place, answers the same.)
                    for probe in range where registry[ViewID(probe)] !== expected[probe]
                        || registry.lent(ViewID(probe))?.takeUnretainedValue() !== expected[probe] {
                        Issue.record("view \(probe) after \(step) steps in \(range)")
                        return
                    }
                }
            }
        }
    }

    @Test func growsAndKeepsViewZeroLikeAnyOther() {
        var registry = ViewRegistry()
        #expect(registry[ViewID(0)] == nil && registry[ViewID(5)] == nil)
        let zero = view(0)
        registry[ViewID(0)] = zero
        for id in 1...10_000 { registry[ViewID(UInt64(id))] = view(UInt64(id)) }
        #expect(registry.count == 10_001)
        #expect(registry[ViewID(0)] === zero)
        #expect(registry[ViewID(10_000)]?.id == ViewID(10_000))
        #expect(registry[ViewID(10_001)] == nil)
        for id in stride(from: 2, through: 10_000, by: 2) { registry[ViewID(UInt64(id))] = nil }
        registry[ViewID(0)] = nil
        #expect(registry.count == 5_000)
        #expect(registry[ViewID(0)] == nil)
        #expect((1...10_000).allSatisfy { (registry[ViewID(UInt64($0))] != nil) == ($0 % 2 == 1) })
    }

    /// Pages go with their last view, and so do the empty pages at either end; a view
    /// numbered below every kept page gets pages put back in front.
    @Test func keepsOnlyThePagesBetweenItsFirstAndLastViews() {
        var registry = ViewRegistry()
        let size = UInt64(ViewRegistry.pageSize)
        for id in 1...(10 * size) { registry[ViewID(id)] = view(id) }
        #expect(registry.pagesKept == 11)
        // All but the last view and one in the middle go.
        for id in 1..<(10 * size) where id != 5 * size { registry[ViewID(id)] = nil }
        #expect(registry.count == 2)
        #expect(registry.pagesKept == 6)
        registry[ViewID(5 * size)] = nil
        #expect(registry.pagesKept == 1)
        #expect(registry[ViewID(10 * size)]?.id == ViewID(10 * size))
        // Below the kept page: pages come back in front of it.
        registry[ViewID(3)] = view(3)
        #expect(registry.pagesKept == 11)
        #expect(registry[ViewID(3)]?.id == ViewID(3) && registry[ViewID(10 * size)]?.id == ViewID(10 * size))
        #expect(registry[ViewID(4)] == nil && registry[ViewID(5 * size)] == nil && registry[ViewID(11 * size)] == nil)
        registry[ViewID(10 * size)] = nil
        registry[ViewID(3)] = nil
        #expect(registry.count == 0 && registry.pagesKept == 0)
        #expect(registry[ViewID(3)] == nil)
        // Numbers at the top of the range still find their page.
        registry[ViewID(UInt64.max)] = view(UInt64.max)
        #expect(registry[ViewID(UInt64.max)]?.id == ViewID(UInt64.max) && registry.pagesKept == 1)
    }
}
