import Dispatch
import Frond

/// Data diffing on long lists (`frond bench-list`): the time ListDiff takes to find the
/// changeset between two lists of identities with content versions, as a data source diffs
/// its models.
public struct ListBenchmark {
    public static let operations = ["first_display", "scroll_step", "resize", "apply_changeset_1k", "diff_100k",
                                    "diff_100k_shuffled", "memory_per_item"]

    public let items: Int
    public let iterations: Int
    /// The posts of the list operations (FeedListBenchmark).
    public let listItems: Int

    public init(items: Int = 100_000, iterations: Int = 9, listItems: Int = 1_000_000) {
        self.items = items
        self.iterations = iterations
        self.listItems = listItems
    }

    /// A small deterministic generator (xorshift64*): the lists are the same every run.
    private struct Generator {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15

        mutating func next(_ bound: Int) -> Int {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return Int((state &* 0x2545_F491_4F6C_DD1D) >> 1) % max(bound, 1)
        }
    }

    /// The old list (identities 0..<items, version 0) and the new one: for diff_100k, 1% of
    /// the items removed, 1% updated (a new version), 1% moved elsewhere and 1% new ones
    /// inserted, each at random places; for diff_100k_shuffled, every item in a random order.
    func lists(for operation: String) -> (old: [UInt64], oldVersions: [UInt64], new: [UInt64], newVersions: [UInt64]) {
        var random = Generator()
        let old = (0..<UInt64(items)).map { $0 }
        var new = old
        var newVersions = [UInt64](repeating: 0, count: items)
        if operation == "diff_100k_shuffled" {
            for index in stride(from: new.count - 1, to: 0, by: -1) { new.swapAt(index, random.next(index + 1)) }
            return (old, [UInt64](repeating: 0, count: items), new, newVersions)
        }
        let share = max(items / 100, 1)
        for _ in 0..<share { newVersions[random.next(newVersions.count)] = 1 }
        var pairs = Array(zip(new, newVersions))
        for _ in 0..<share where !pairs.isEmpty { pairs.remove(at: random.next(pairs.count)) }
        for _ in 0..<share where pairs.count > 1 {
            let pair = pairs.remove(at: random.next(pairs.count))
            pairs.insert(pair, at: random.next(pairs.count + 1))
        }
        for number in 0..<share { pairs.insert((UInt64(items + number), 0), at: random.next(pairs.count + 1)) }
        new = pairs.map(\.0)
        newVersions = pairs.map(\.1)
        return (old, [UInt64](repeating: 0, count: items), new, newVersions)
    }

    public struct Result {
        public let line: String
    }

    public func run(_ operation: String) throws(FrondError) -> Result {
        if FeedListBenchmark.operations.contains(operation) {
            return Result(line: try FeedListBenchmark(items: listItems, iterations: iterations).run(operation))
        }
        let (old, oldVersions, new, newVersions) = lists(for: operation)
        var times: [UInt64] = []
        var changeset = ListChangeset()
        for _ in 0..<iterations {
            let start = DispatchTime.now().uptimeNanoseconds
            changeset = try ListDiff.changeset(from: old, to: new) { oldIndex, newIndex in
                oldVersions[oldIndex] != newVersions[newIndex]
            }
            times.append(DispatchTime.now().uptimeNanoseconds - start)
        }
        times.sort()
        return Result(line: "op=\(operation) items=\(items) median_ns=\(times[times.count / 2]) best_ns=\(times[0]) "
                      + "worst_ns=\(times[times.count - 1]) removed=\(changeset.removedItems.count) "
                      + "inserted=\(changeset.insertedItems.count) moved=\(changeset.movedItems.count) "
                      + "updated=\(changeset.updatedItems.count)")
    }
}
