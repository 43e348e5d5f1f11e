import Glibc

/// Where each item of a list starts along its axis, when some items are laid out and the
/// others have an estimated size: two Fenwick trees (binary indexed trees), one summing
/// the known sizes and one counting them, so that
///
///     start(i) = (sum of the known sizes before i) + (number of unknown ones before i) × estimate
///
/// takes O(log n) for any estimate, a size that becomes known takes O(log n), and the item
/// at a position is found by one descent of both trees. Items are numbered across sections
/// (flat indexes). 16 bytes per item, in zero-filled memory: a list whose items are not laid
/// out yet costs no work per item to set up (the system hands out zeroed pages as they are
/// touched).
final class ListPositions {
    /// Each item's size along the axis, as its bit pattern + 1 (0: not known).
    private let sizes: ZeroedBuffer<UInt32>
    /// Fenwick tree (1-based) of the known sizes.
    private let knownSums: ZeroedBuffer<Double>
    /// Fenwick tree (1-based) of how many sizes are known.
    private let knownCounts: ZeroedBuffer<Int32>
    /// The largest power of two ≤ count (the descent's first step).
    private let topStep: Int

    let count: Int

    /// A list of `count` items, none of them laid out.
    init(count: Int) {
        self.count = count
        sizes = ZeroedBuffer(count: count)
        knownSums = ZeroedBuffer(count: count + 1)
        knownCounts = ZeroedBuffer(count: count + 1)
        var step = 1
        while step <= count / 2 { step <<= 1 }
        topStep = count == 0 ? 0 : step
    }

    /// A list of `count` items whose known sizes are `known` (flat index, size): one
    /// update each when they are few, the linear construction when they are many.
    convenience init(count: Int, known: [(index: Int, size: Float)]) {
        self.init(count: count)
        if known.count < max(count / 32, 64) {
            for (index, size) in known { setSize(size, at: index) }
            return
        }
        for (index, size) in known where size.isFinite && index >= 0 && index < count {
            sizes[index] = size.bitPattern &+ 1
            knownSums[index + 1] = Double(size)
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

    /// The size of item `index` (nil: not known).
    func size(at index: Int) -> Float? {
        let raw = sizes[index]
        return raw == 0 ? nil : Float(bitPattern: raw &- 1)
    }

    /// Sets (or, with nil, forgets) the size of item `index`.
    func setSize(_ size: Float?, at index: Int) {
        let old = self.size(at: index)
        let new = size.flatMap { $0.isFinite ? $0 : nil }
        guard old != new else { return }
        let sumDelta = Double(new ?? 0) - Double(old ?? 0)
        let countDelta = Int32(new == nil ? 0 : 1) - Int32(old == nil ? 0 : 1)
        sizes[index] = new.map { $0.bitPattern &+ 1 } ?? 0
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

/// Memory from calloc: zero-filled without a pass over it (large blocks come straight from
/// the system, whose pages are zeroed as they are first touched). Indexes are the caller's
/// to keep in range.
final class ZeroedBuffer<Element: BitwiseCopyable> {
    private let base: UnsafeMutablePointer<Element>
    let count: Int

    init(count: Int) {
        self.count = count
        let bytes = Swift.max(count, 1) * MemoryLayout<Element>.stride
        // (Running out of memory here is as fatal as it is for an Array.)
        guard let memory = calloc(1, bytes) else { fatalError("ListPositions: out of memory for \(count) items") }
        base = memory.bindMemory(to: Element.self, capacity: Swift.max(count, 1))
    }

    deinit {
        free(base)
    }

    subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }
}
