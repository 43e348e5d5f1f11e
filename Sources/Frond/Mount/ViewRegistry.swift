/// A root's live views by number.
///
/// An open-addressing table (linear probing, deletion by shifting entries back) keyed by
/// the view's number. Numbers are handed out in sequence, so a multiplicative hash
/// spreads them over the table; a `Dictionary` spends more on hashing (SipHash) than on
/// storing when a commit creates thousands of views. The table is at most half full.
struct ViewRegistry {
    /// Slot keys (view numbers; 0 marks an empty slot) and their views.
    private var keys: [UInt64] = []
    private var views: [MountedView?] = []
    /// The view numbered 0, kept apart (0 marks empty slots).
    private var zero: MountedView?
    private(set) var count = 0

    /// How many views fit before the table grows.
    var capacity: Int { keys.count / 2 }

    /// Makes room for `minimumCapacity` views in all.
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        guard minimumCapacity > capacity else { return }
        var slots = 16
        while slots / 2 < minimumCapacity { slots *= 2 }
        rehash(slots: slots)
    }

    subscript(id: ViewID) -> MountedView? {
        get {
            let key = id.rawValue
            guard key != 0 else { return zero }
            guard !keys.isEmpty else { return nil }
            var slot = home(of: key)
            while true {
                let stored = keys[slot]
                if stored == key { return views[slot] }
                if stored == 0 { return nil }
                slot = (slot + 1) & (keys.count - 1)
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

    /// The slot a key is looked for first (Fibonacci hashing: the top bits of the product).
    @inline(__always)
    private func home(of key: UInt64) -> Int {
        let bits = UInt64(keys.count.trailingZeroBitCount)
        return Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> (64 - bits))
    }

    private mutating func insert(_ key: UInt64, _ view: MountedView) {
        if (count + 1) * 2 > keys.count { rehash(slots: max(16, keys.count * 2)) }
        var slot = home(of: key)
        while true {
            let stored = keys[slot]
            if stored == key {
                views[slot] = view
                return
            }
            if stored == 0 {
                keys[slot] = key
                views[slot] = view
                count += 1
                return
            }
            slot = (slot + 1) & (keys.count - 1)
        }
    }

    private mutating func remove(_ key: UInt64) {
        guard !keys.isEmpty else { return }
        let mask = keys.count - 1
        var slot = home(of: key)
        while keys[slot] != key {
            if keys[slot] == 0 { return }
            slot = (slot + 1) & mask
        }
        // Shift back the entries after it that would no longer be found past the hole.
        var hole = slot
        var next = (slot + 1) & mask
        while keys[next] != 0 {
            let wanted = home(of: keys[next])
            // Moves when its home is not cyclically within (hole, next].
            let distanceToNext = (next - wanted) & mask
            let distanceToHole = (next - hole) & mask
            if distanceToNext >= distanceToHole {
                keys[hole] = keys[next]
                views[hole] = views[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        keys[hole] = 0
        views[hole] = nil
        count -= 1
    }

    private mutating func rehash(slots: Int) {
        let oldKeys = keys, oldViews = views
        keys = Array(repeating: 0, count: slots)
        views = Array(repeating: nil, count: slots)
        count = zero == nil ? 0 : 1
        for index in oldKeys.indices where oldKeys[index] != 0 {
            if let view = oldViews[index] { insert(oldKeys[index], view) }
        }
    }
}
