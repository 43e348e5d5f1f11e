import Frond
import FrondTestSupport
import Testing

/// Reordering keyed children: the host ends with the new order, and only the views outside
/// the longest run already in order move (the fewest moves there can be).
@Suite struct ReorderTests {
    /// The moves a change from `before` to `after` needs at least: the kept names that
    /// are not in the longest run of kept names already in order.
    private func fewestMoves(from before: [String], to after: [String]) -> Int {
        var oldIndex: [String: Int] = [:]
        for (index, name) in before.enumerated() { oldIndex[name] = index }
        let kept = after.compactMap { oldIndex[$0] }
        return kept.count - longestIncreasingRunLength(kept)
    }

    @Test(arguments: 1...24)
    func test_anyPermutationMovesOnlyTheViewsOutsideTheLongestRunInOrder(seed: Int) throws {
        var random = SplitMix(state: UInt64(seed) &* 7919)
        let host = RecordingHost()
        let root = Root(sizeRange: .flexibleHeight(width: 500), host: host)
        var names = (0..<random.int(0...300)).map { "n\($0)" }
        root.setComponent(row(names))
        try root.flush()
        for round in 0..<4 {
            let before = names
            if round % 2 == 0 {
                names.shuffle(using: &random)
            } else {
                // A few views taken out and put back elsewhere.
                for _ in 0..<random.int(1...5) where names.count > 1 {
                    let name = names.remove(at: random.int(0...(names.count - 1)))
                    names.insert(name, at: random.int(0...names.count))
                }
            }
            root.setComponent(row(names))
            let statistics = try root.flush()
            #expect(host.problems == [], "seed \(seed)")
            let list = try #require(host.rootChildren.first)
            #expect(FrondTests.names(in: host, list: list) == names, "seed \(seed)")
            #expect(statistics.moved == fewestMoves(from: before, to: names), "seed \(seed)")
            #expect(statistics.created == 0 && statistics.destroyed == 0, "seed \(seed)")
        }
    }

    @Test(arguments: 1...24)
    func test_reordersWithInsertionsAndRemovalsLeaveTheHostInTheNewOrder(seed: Int) throws {
        var random = SplitMix(state: UInt64(seed) &* 104729)
        let host = RecordingHost()
        let root = Root(sizeRange: .flexibleHeight(width: 500), host: host)
        var names = (0..<random.int(0...200)).map { "n\($0)" }
        var next = names.count
        root.setComponent(row(names))
        try root.flush()
        for _ in 0..<4 {
            names.shuffle(using: &random)
            for _ in 0..<random.int(0...8) where !names.isEmpty { names.remove(at: random.int(0...(names.count - 1))) }
            for _ in 0..<random.int(0...8) {
                names.insert("n\(next)", at: random.int(0...names.count))
                next += 1
            }
            root.setComponent(row(names))
            let statistics = try root.flush()
            #expect(host.problems == [], "seed \(seed)")
            let list = try #require(host.rootChildren.first)
            #expect(FrondTests.names(in: host, list: list) == names, "seed \(seed)")
            #expect(statistics.moved < max(names.count, 1), "seed \(seed)")
        }
    }

    @Test func test_reversingAListMovesAllButOneView() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .flexibleHeight(width: 500), host: host)
        let names = (0..<500).map { "n\($0)" }
        root.setComponent(row(names))
        try root.flush()
        root.setComponent(row(names.reversed()))
        let statistics = try root.flush()
        #expect(statistics.moved == 499)
        #expect(host.problems == [])
        let list = try #require(host.rootChildren.first)
        #expect(FrondTests.names(in: host, list: list) == names.reversed())
    }
}
