import CPrefetch

// Delivering a large commit releases, after the host applies each update, the attribute
// list the update carries. The mount step touched those lists long before (a list of
// thousands of rows has evicted them since), so each release waited for memory. The
// delivery asks for the list of the update a few places ahead instead. Swift does not
// promise how an enum lays out its cases, so where an update keeps its list is found by
// looking at one: when the layout is not the one this expects, nothing is asked for. (A
// prefetch never faults, and only a mutation's own bytes are read.)

extension Mutation {
    /// Where an update keeps what delivery needs: the byte that tells the case apart (and
    /// its value for updates) and the word holding the attribute list's address.
    struct UpdateLayout: Equatable {
        let tagOffset: Int
        let tag: UInt8
        let listOffset: Int
    }

    /// The layout of updates as this build of Swift lays them out, or nil when it is not
    /// the expected one (the last byte tells the cases apart; the list is the word after
    /// the view number).
    static let updateLayout: UpdateLayout? = {
        let list = [Attribute(name: "probe", value: .bool(true))]
        let tagOffset = MemoryLayout<Mutation>.size - 1
        let listOffset = MemoryLayout<UInt64>.size
        guard tagOffset >= listOffset + MemoryLayout<UInt>.size else { return nil }
        func tag(of mutation: Mutation) -> UInt8 {
            withUnsafeBytes(of: mutation) { $0[tagOffset] }
        }
        let update = Mutation.update(ViewID(7), set: list, unset: [])
        let listWord = withUnsafeBytes(of: update) { $0.load(fromByteOffset: listOffset, as: UInt.self) }
        guard listWord == unsafeBitCast(list, to: UInt.self) else { return nil }
        let others: [Mutation] = [.create(ViewID(7), viewType: "probe"), .setFrame(ViewID(7), LayoutFrame()),
                                  .insert(child: ViewID(7), parent: ViewID(8), index: 1),
                                  .move(child: ViewID(7), parent: ViewID(8), index: 1),
                                  .remove(child: ViewID(7), parent: ViewID(8)), .destroy(ViewID(7))]
        let updateTag = tag(of: update)
        guard tag(of: .update(ViewID(9), set: [], unset: ["x"])) == updateTag,
              others.allSatisfy({ tag(of: $0) != updateTag }) else { return nil }
        return UpdateLayout(tagOffset: tagOffset, tag: updateTag, listOffset: listOffset)
    }()
}

extension UnsafeMutablePointer where Pointee == Mutation {
    /// Asks for the attribute list of the mutation here if it is an update (see
    /// ``Mutation/updateLayout``); returns at once.
    @inline(__always)
    func prefetchAttributeList(_ layout: Mutation.UpdateLayout) {
        let bytes = UnsafeRawPointer(self)
        guard bytes.load(fromByteOffset: layout.tagOffset, as: UInt8.self) == layout.tag else { return }
        frond_prefetch_bytes(bytes.load(fromByteOffset: layout.listOffset, as: UnsafeRawPointer.self),
                             Mutation.prefetchedListBytes)
    }
}

extension Mutation {
    /// How much of an attribute list delivery asks for (its reference count).
    static let prefetchedListBytes = 64
    /// How many mutations ahead delivery asks.
    static let prefetchDistance = 16
}
