@testable import Frond
import FrondTestSupport
import Testing

/// The table that matches children by identity answers as a dictionary would: keys of
/// every length around its eight-byte words, non-ASCII keys, keyless counters, growth
/// beyond the capacity it was made for, and removals.
@Suite struct ChildKeyTableTests {
    private final class KindA {}
    private final class KindB {}

    /// A key from a small space, so that inserts meet keys already present.
    private func key(_ generator: inout SplitMix) -> TreeNode.ChildKey {
        let type = generator.next() % 2 == 0 ? ObjectIdentifier(KindA.self) : ObjectIdentifier(KindB.self)
        switch generator.next() % 4 {
        case 0:
            return TreeNode.ChildKey(type: type, key: nil, counter: Int(generator.next() % 50))
        case 1:
            // Lengths 0 to 24 cover the partial and the whole words.
            let length = Int(generator.next() % 25)
            return TreeNode.ChildKey(type: type, key: String(repeating: "k", count: length), counter: 0)
        case 2:
            return TreeNode.ChildKey(type: type, key: "row \(generator.next() % 300)", counter: 0)
        default:
            return TreeNode.ChildKey(type: type, key: "é\(generator.next() % 20)ß", counter: 0)
        }
    }

    @Test func agreesWithADictionary() {
        var generator = SplitMix(state: 11)
        for capacity in [0, 3, 500] {
            var table = ChildKeyTable(capacity: capacity)
            var expected: [TreeNode.ChildKey: Int] = [:]
            var removed = Set<TreeNode.ChildKey>()
            var order: [TreeNode.ChildKey] = []
            for step in 0..<6_000 {
                let probe = key(&generator)
                if generator.next() % 3 == 0 {
                    let wanted = removed.contains(probe) ? nil : expected[probe]
                    #expect(table.remove(probe) == wanted, "remove \(probe) at \(step)")
                    if wanted != nil { removed.insert(probe) }
                } else if let present = expected[probe] {
                    #expect(table.insert(probe, value: step) == (removed.contains(probe) ? -1 : present),
                            "insert of \(probe), present, at \(step)")
                } else {
                    #expect(table.insert(probe, value: step) == nil, "insert of \(probe) at \(step)")
                    expected[probe] = step
                    order.append(probe)
                }
            }
            let remaining = order.filter { !removed.contains($0) }.compactMap { expected[$0] }
            #expect(table.remainingValues == remaining)
            #expect(!remaining.isEmpty && remaining.count < order.count)
        }
    }

    /// A string's bytes, not its representation, decide: bridged-looking and native
    /// strings with the same text are the same key; keyless and keyed keys differ.
    @Test func equalTextIsOneKey() {
        let type = ObjectIdentifier(KindA.self)
        var table = ChildKeyTable(capacity: 4)
        let long = String(repeating: "ab", count: 20)
        #expect(table.insert(TreeNode.ChildKey(type: type, key: long, counter: 0), value: 1) == nil)
        let rebuilt = String(decoding: Array(long.utf8), as: UTF8.self)
        #expect(table.insert(TreeNode.ChildKey(type: type, key: rebuilt, counter: 0), value: 2) == 1)
        #expect(ChildKeyTable.hash(TreeNode.ChildKey(type: type, key: Substring(long).description, counter: 0))
                == ChildKeyTable.hash(TreeNode.ChildKey(type: type, key: long, counter: 0)))
        #expect(table.insert(TreeNode.ChildKey(type: type, key: nil, counter: 0), value: 3) == nil)
        #expect(table.insert(TreeNode.ChildKey(type: type, key: "", counter: 0), value: 4) == nil)
        #expect(table.remainingValues == [1, 3, 4])
    }

    @Test func keylessCountersCountEachTypeApart() {
        var counters = KeylessCounters()
        let a = ObjectIdentifier(KindA.self), b = ObjectIdentifier(KindB.self)
        #expect([counters.next(for: a), counters.next(for: b), counters.next(for: a), counters.next(for: a),
                 counters.next(for: b)] == [0, 0, 1, 2, 1])
        // Beyond the short list's 16 types (identities of live objects stand for types).
        let objects = (0..<40).map { _ in KindA() }
        var many = KeylessCounters()
        for round in 0..<3 {
            #expect(objects.map { many.next(for: ObjectIdentifier($0)) } == Array(repeating: round, count: 40))
        }
    }
}
