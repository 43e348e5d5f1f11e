/// Where each item of a list starts along its axis, when some items are laid out and the
/// others have an estimated size: two Fenwick trees (binary indexed trees), one summing
/// the known sizes and one counting them, so that
///
///     start(i) = (sum of the known sizes before i) + (number of unknown ones before i) × estimate
///
/// takes O(log n) for any estimate, a size that becomes known takes O(log n), and the item
/// at a position is found by one descent of both trees. Items are numbered across sections
/// (flat indexes). 16 bytes per item.
struct ListPositions {
    /// Each item's size along the axis (NaN: not known).
    private var sizes: [Float]
    /// Fenwick tree (1-based) of the known sizes.
    private var knownSums: [Double]
    /// Fenwick tree (1-based) of how many sizes are known.
    private var knownCounts: [Int32]
    /// The largest power of two ≤ count (the descent's first step).
    private var topStep: Int

    var count: Int { sizes.count }

    /// A list of `count` items, none of them laid out.
    init(count: Int) {
        sizes = [Float](repeating: .nan, count: count)
        knownSums = [Double](repeating: 0, count: count + 1)
        knownCounts = [Int32](repeating: 0, count: count + 1)
        topStep = ListPositions.topStep(for: count)
    }

    /// A list whose item `i` has size `size(i)` (nil: not known), built in O(n).
    init(count: Int, size: (Int) -> Float?) {
        self.init(count: count)
        for index in 0..<count {
            guard let value = size(index), value.isFinite else { continue }
            sizes[index] = value
            knownSums[index + 1] = Double(value)
            knownCounts[index + 1] = 1
        }
        // Each node adds itself to its parent: the linear-time construction.
        for node in stride(from: 1, through: count, by: 1) {
            let parent = node + (node & -node)
            if parent <= count {
                knownSums[parent] += knownSums[node]
                knownCounts[parent] += knownCounts[node]
            }
        }
    }

    private static func topStep(for count: Int) -> Int {
        var step = 1
        while step <= count / 2 { step <<= 1 }
        return count == 0 ? 0 : step
    }

    /// The size of item `index` (nil: not known).
    func size(at index: Int) -> Float? {
        let value = sizes[index]
        return value.isNaN ? nil : value
    }

    /// Sets (or, with nil, forgets) the size of item `index`.
    mutating func setSize(_ size: Float?, at index: Int) {
        let old = sizes[index]
        let new = size.flatMap { $0.isFinite ? $0 : nil } ?? .nan
        guard !(old.isNaN && new.isNaN), old != new else { return }
        let sumDelta = (new.isNaN ? 0 : Double(new)) - (old.isNaN ? 0 : Double(old))
        let countDelta = Int32(new.isNaN ? 0 : 1) - Int32(old.isNaN ? 0 : 1)
        sizes[index] = new
        var node = index + 1
        while node <= count {
            knownSums[node] += sumDelta
            knownCounts[node] += countDelta
            node += node & -node
        }
    }

    /// The number of known sizes and their sum, over the items before `index`.
    private func known(before index: Int) -> (sum: Double, count: Int) {
        var sum = 0.0
        var known = 0
        var node = index
        while node > 0 {
            sum += knownSums[node]
            known += Int(knownCounts[node])
            node -= node & -node
        }
        return (sum, known)
    }

    /// Where item `index` starts (`index` = count: the end of the list).
    func start(of index: Int, estimate: Double) -> Double {
        let (sum, known) = known(before: index)
        return sum + Double(index - known) * estimate
    }

    /// The total length of the list.
    func length(estimate: Double) -> Double { start(of: count, estimate: estimate) }

    /// The average of the known sizes (nil: none is known).
    var averageKnownSize: Double? {
        let (sum, known) = known(before: count)
        return known > 0 ? sum / Double(known) : nil
    }

    /// The item that covers `position` (the first one ending after it; `count` past the end).
    func index(at position: Double, estimate: Double) -> Int {
        guard position > 0 else { return 0 }
        // Descend both trees: take every node whose items all end at or before `position`.
        var index = 0
        var reached = 0.0
        var step = topStep
        while step > 0 {
            let next = index + step
            if next <= count {
                let span = knownSums[next] + Double(step - Int(knownCounts[next])) * estimate
                if reached + span <= position {
                    index = next
                    reached += span
                }
            }
            step >>= 1
        }
        return index
    }
}
