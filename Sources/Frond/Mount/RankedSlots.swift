/// A set of slots numbered 0..<capacity that answers "how many occupied slots come before
/// this one" in O(log capacity): a Fenwick tree of 0/1 counts.
///
/// The mount step uses it to give each move and insertion of a reordered list its index
/// among the views the host has at that moment, without walking or shifting an array of
/// them (which made reordering n views take n² steps).
struct RankedSlots {
    /// tree[i] counts the occupied slots in (i - lowbit(i), i], for i in 1...capacity.
    private var tree: [Int32]

    init(capacity: Int) {
        tree = [Int32](repeating: 0, count: capacity + 1)
    }

    /// Marks `slot` occupied (`delta` 1) or free (`delta` -1).
    private mutating func add(_ slot: Int, _ delta: Int32) {
        var index = slot + 1
        while index < tree.count {
            tree[index] &+= delta
            index += index & -index
        }
    }

    mutating func occupy(_ slot: Int) { add(slot, 1) }
    mutating func free(_ slot: Int) { add(slot, -1) }

    /// The number of occupied slots below `slot`.
    func rank(of slot: Int) -> Int {
        var index = slot
        var count: Int32 = 0
        while index > 0 {
            count &+= tree[index]
            index -= index & -index
        }
        return Int(count)
    }
}
