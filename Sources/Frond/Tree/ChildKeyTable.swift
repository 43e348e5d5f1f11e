/// Children's identities (``TreeNode/ChildKey``) mapped to indices: how a build matches
/// a node's children with the previous ones and finds siblings with the same identity.
///
/// An open-addressing table with linear probing, sized once for the children it will
/// hold, over a hash that reads a key's bytes eight at a time and mixes them with a
/// seed chosen once per process (so that keys chosen to collide cannot be planned for).
/// A `Dictionary` hashes each key with seeded SipHash and grows step by step; for a
/// list of thousands of keyed rows that cost more than the rest of matching them.
///
/// Entries are kept in insertion order; a removed entry stays as a marker, so a table
/// only ever holds the keys inserted into it (``remainingValues`` lists those not
/// removed, in that order). Keys are unique: ``insert(_:value:)`` reports a key already
/// present instead of storing it twice.
struct ChildKeyTable {
    /// 0 for an empty slot, else an entry's index plus one.
    private var slots: [Int]
    /// The hash of each entry's key (compared before the keys are).
    private var hashes: [UInt64] = []
    private var keys: [TreeNode.ChildKey] = []
    /// Each entry's value; -1 once removed.
    private var values: [Int] = []
    private var mask: Int

    /// A table with room for `capacity` keys without growing.
    init(capacity: Int) {
        let wanted = Swift.max(8, Swift.min(Swift.max(capacity, 0), 1 << 40) * 2)
        var size = 8
        while size < wanted { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        hashes.reserveCapacity(capacity)
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// Adds `key` with `value`, or returns the value of the entry it already has (also
    /// a removed one's: -1) and changes nothing.
    mutating func insert(_ key: TreeNode.ChildKey, value: Int) -> Int? {
        let hash = Self.hash(key)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let entry = slots[slot] - 1
            if hashes[entry] == hash && keys[entry] == key { return values[entry] }
            slot = (slot + 1) & mask
        }
        if (keys.count + 1) * 2 > slots.count {
            grow()
            return insert(key, value: value)
        }
        slots[slot] = keys.count + 1
        hashes.append(hash)
        keys.append(key)
        values.append(value)
        return nil
    }

    /// Removes `key`'s entry and returns its value; nil when the table has no such key
    /// (or it was removed already).
    mutating func remove(_ key: TreeNode.ChildKey) -> Int? {
        let hash = Self.hash(key)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let entry = slots[slot] - 1
            if hashes[entry] == hash && keys[entry] == key {
                let value = values[entry]
                guard value >= 0 else { return nil }
                values[entry] = -1
                return value
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The values of the entries not removed, in the order they were inserted.
    var remainingValues: [Int] { values.filter { $0 >= 0 } }

    /// Doubles the slots (only when more keys come than the table was made for).
    private mutating func grow() {
        var size = slots.count * 2
        if size <= 0 { size = 8 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        for entry in hashes.indices {
            var slot = Int(truncatingIfNeeded: hashes[entry]) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry + 1
        }
    }

    // MARK: Hashing

    /// This process's seed.
    private static let seed: UInt64 = {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }()

    /// Multiplies and folds the 128-bit product (the mixing step of wyhash-style hashes).
    @inline(__always)
    private static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    static func hash(_ key: TreeNode.ChildKey) -> UInt64 {
        let hash = mix(seed ^ UInt64(UInt(bitPattern: key.type)) ^ 0xA076_1D64_78BD_642F,
                       UInt64(bitPattern: Int64(key.counter)) ^ 0xE703_7ED1_A0B4_28DB)
        guard let name = key.key else { return hash }
        let utf8 = name.utf8
        return utf8.withContiguousStorageIfAvailable { hashBytes($0, into: hash) } ?? hashBytes(utf8, into: hash)
    }

    /// Folds `bytes` into `hash`, eight bytes to a word, then their count.
    @inline(__always)
    private static func hashBytes<Bytes: Sequence<UInt8>>(_ bytes: Bytes, into hash: UInt64) -> UInt64 {
        var hash = hash, word: UInt64 = 0, shift: UInt64 = 0, count: UInt64 = 0
        for byte in bytes {
            word |= UInt64(byte) << shift
            shift += 8
            count &+= 1
            if shift == 64 {
                hash = mix(hash ^ word, 0x8EBC_6AF0_9C88_C6E3)
                word = 0
                shift = 0
            }
        }
        return mix(hash ^ word, 0x5899_65CC_7537_4CC3 ^ count)
    }
}

/// How many keyless children of each component type a child list has had so far (the
/// counter in a keyless child's ``TreeNode/ChildKey``). A list usually holds a few
/// types: up to 16 are searched in a short list instead of hashing each type; more go
/// to a dictionary.
struct KeylessCounters {
    private var few: [(type: ObjectIdentifier, count: Int)] = []
    /// Made for the seventeenth type (nil until then: every child list makes counters,
    /// and even an empty dictionary costs its making and its release).
    private var many: [ObjectIdentifier: Int]? = nil

    /// The number of keyless children of `type` counted before this one (then counts it).
    mutating func next(for type: ObjectIdentifier) -> Int {
        for index in few.indices where few[index].type == type {
            defer { few[index].count += 1 }
            return few[index].count
        }
        if few.count < 16 {
            few.append((type, 1))
            return 0
        }
        let count = many?[type] ?? 0
        many = many ?? [:]
        many?[type] = count + 1
        return count
    }
}
