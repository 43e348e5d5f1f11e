/// A root's live views by number.
///
/// An open-addressing table (linear probing, deletion by shifting entries back) keyed by
/// the view's number; a `Dictionary` spends more on hashing (SipHash) than on storing
/// when a commit creates thousands of views. Numbers are handed out in sequence, and
/// views made together are looked up together: the hash keeps runs of eight numbers in
/// neighbouring slots (one or two cache lines) and scatters the runs over the table with
/// a multiplicative hash. The table is at most half full.
struct ViewRegistry {
    private struct Slot {
        /// The view's number; 0 marks an empty slot.
        var key: UInt64 = 0
        var view: MountedView?
    }

    private var slots: [Slot] = []
    /// The view numbered 0, kept apart (0 marks empty slots).
    private var zero: MountedView?
    private(set) var count = 0

    /// How many views fit before the table grows.
    var capacity: Int { slots.count / 2 }

    /// Makes room for `minimumCapacity` views in all.
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        guard minimumCapacity > capacity else { return }
        var size = 16
        while size / 2 < minimumCapacity { size *= 2 }
        rehash(size: size)
    }

    subscript(id: ViewID) -> MountedView? {
        get {
            let key = id.rawValue
            guard key != 0 else { return zero }
            guard !slots.isEmpty else { return nil }
            let mask = slots.count - 1
            var index = home(of: key)
            while true {
                let stored = slots[index].key
                if stored == key { return slots[index].view }
                if stored == 0 { return nil }
                index = (index + 1) & mask
            }
        }
        set {
            let key = id.rawValue
            guard key != 0 else {
                count += (newValue == nil ? 0 : 1) - (zero == nil ? 0 : 1)
                zero = newValue
                return
            }
            if let newValue { insert(key, newValue) } else { remove(key) }
        }
    }

    /// The slot a key is looked for first: the key's run of eight (a Fibonacci hash of
    /// `key / 8`, its top bits) and its place in the run (`key % 8`). Tables have at
    /// least 16 slots, so there are at least two runs.
    @inline(__always)
    private func home(of key: UInt64) -> Int {
        let runBits = UInt64(slots.count.trailingZeroBitCount - 3)
        let run = ((key >> 3) &* 0x9E37_79B9_7F4A_7C15) >> (64 - runBits)
        return Int(truncatingIfNeeded: run << 3 | (key & 7))
    }

    private mutating func insert(_ key: UInt64, _ view: MountedView) {
        if (count + 1) * 2 > slots.count { rehash(size: max(16, slots.count * 2)) }
        let mask = slots.count - 1
        var index = home(of: key)
        while true {
            let stored = slots[index].key
            if stored == key {
                slots[index].view = view
                return
            }
            if stored == 0 {
                slots[index] = Slot(key: key, view: view)
                count += 1
                return
            }
            index = (index + 1) & mask
        }
    }

    private mutating func remove(_ key: UInt64) {
        guard !slots.isEmpty else { return }
        let mask = slots.count - 1
        var index = home(of: key)
        while slots[index].key != key {
            if slots[index].key == 0 { return }
            index = (index + 1) & mask
        }
        // Shift back the entries after it that would no longer be found past the hole:
        // an entry moves unless its home lies cyclically within (hole, next].
        var hole = index
        var next = (index + 1) & mask
        while slots[next].key != 0 {
            let wanted = home(of: slots[next].key)
            if (next - wanted) & mask >= (next - hole) & mask {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = Slot()
        count -= 1
    }

    private mutating func rehash(size: Int) {
        let old = slots
        slots = Array(repeating: Slot(), count: size)
        count = zero == nil ? 0 : 1
        for slot in old where slot.key != 0 {
            if let view = slot.view { insert(slot.key, view) }
        }
    }
}
