import CPrefetch

/// The symbol table of data diffing (``ListDiff``): each identity with one integer, in one
/// flat block of slots found by open addressing (linear probing).
///
/// A slot holds the identity's hash (with its lowest bit set, so that 0 marks an empty
/// slot), the integer and the identity itself, side by side: a look-up reads one slot, which
/// is usually one cache line. (A `Dictionary` keeps its keys and values in separate
/// arrays, so that a look-up in a table larger than the caches waits for two lines.) The
/// diff knows which identities it will look up next, so it asks for their slots a few
/// steps ahead (`prefetch`), and the waits overlap.
///
/// Hashes are the identities' own `hashValue`: Swift seeds them per process, so a caller
/// cannot choose identities that all land in one probe run.
@usableFromInline
final class IdentityTable<Identity: Hashable> {
    @usableFromInline let slots: UnsafeMutableRawPointer
    @usableFromInline let mask: Int
    @usableFromInline let stride: Int
    @usableFromInline let identityOffset: Int

    /// A table with room for `count` identities at a load of at most three quarters.
    @inlinable
    init(capacity count: Int) {
        var capacity = 16
        // The counts are those of arrays in memory, so the doubling stays far from Int.max.
        while capacity - capacity / 4 < count { capacity &<<= 1 }
        let alignment = Swift.max(MemoryLayout<Int>.alignment, MemoryLayout<Identity>.alignment)
        identityOffset = (2 * MemoryLayout<Int>.size + alignment - 1) / alignment * alignment
        stride = (identityOffset + MemoryLayout<Identity>.size + alignment - 1) / alignment * alignment
        mask = capacity - 1
        slots = UnsafeMutableRawPointer.allocate(byteCount: capacity * stride, alignment: alignment)
        for slot in 0..<capacity { (slots + slot * stride).storeBytes(of: 0, as: Int.self) }
    }

    @inlinable
    deinit {
        if !_isPOD(Identity.self) {
            for slot in 0...mask where (slots + slot * stride).load(as: Int.self) != 0 {
                (slots + slot * stride + identityOffset).assumingMemoryBound(to: Identity.self).deinitialize(count: 1)
            }
        }
        slots.deallocate()
    }

    /// Asks for the slot where a look-up of `hash` starts.
    @inlinable
    func prefetch(_ hash: Int) {
        frond_prefetch_bytes(slots + (hash & mask) * stride, stride)
    }

    /// The integer stored with `identity` (whose `hashValue` is `hash`), or, if the table
    /// does not have it, nil after storing it with `value`.
    @inlinable
    func find(_ identity: Identity, hash: Int, orInsert value: Int) -> Int? {
        let tag = hash | 1
        var slot = hash & mask
        while true {
            let address = slots + slot * stride
            let stored = address.load(as: Int.self)
            if stored == 0 {
                address.storeBytes(of: tag, as: Int.self)
                address.storeBytes(of: value, toByteOffset: MemoryLayout<Int>.size, as: Int.self)
                (address + identityOffset).initializeMemory(as: Identity.self, to: identity)
                return nil
            }
            if stored == tag, (address + identityOffset).assumingMemoryBound(to: Identity.self).pointee == identity {
                return address.load(fromByteOffset: MemoryLayout<Int>.size, as: Int.self)
            }
            slot = (slot &+ 1) & mask
        }
    }
}
