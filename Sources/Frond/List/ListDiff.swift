/// Data diffing (Litho's DataDiffSection, IGListKit's IGListDiff): the changeset that turns
/// one list of models into another, found through the models' identities.
///
/// Paul Heckel's algorithm pairs the items: one table from identity to index, built over
/// the new list and read over the old one, in linear time. An old item whose identity the
/// new list lacks is removed, a new item the old list lacks is inserted, and a paired item
/// whose content changed (`contentChanged`) is updated. Moves are the fewest that put the
/// paired items in their new order: the items on a longest run that is already in order
/// (a longest increasing subsequence of their old indexes, taken in new order: n log n in
/// the paired items) stay where the insertions and removals leave them, and every other
/// paired item moves. IGListKit instead reports a move for every paired item whose index
/// changed by more than the insertions and removals before it explain, which is linear but
/// moves a whole run when one item jumps over it; a host animates, and a data source
/// re-lays out, every move it is told of.
public enum ListDiff {
    /// How many identities ahead the diff asks for a slot of its table: enough for the
    /// waits to overlap, few enough that the lines are still there when it reads them.
    @usableFromInline static let prefetchDistance = 8

    /// Each identity's index in `new`, in a table with room for `room` more identities;
    /// two items with one identity are ``FrondError/Kind/invalidValue``, naming both
    /// positions.
    @inlinable
    static func indexTable<Identity: Hashable>(of new: [Identity], room: Int = 0) throws(FrondError)
        -> IdentityTable<Identity> {
        let table = IdentityTable<Identity>(capacity: new.count + room)
        let distance = prefetchDistance
        let hashes = new.map(\.hashValue)
        for (index, identity) in new.enumerated() {
            if index + distance < hashes.count { table.prefetch(hashes[index + distance]) }
            if let first = table.find(identity, hash: hashes[index], orInsert: index) {
                throw FrondError(.invalidValue, "new items \(first) and \(index) have the same identity")
            }
        }
        return table
    }

    /// The changeset from `old` to `new` (identities, in order) in section `section`: old
    /// paths for updates, removals and move sources, new paths for insertions and move
    /// destinations, each list in ascending order. `contentChanged(oldIndex, newIndex)` is
    /// asked once for every paired item. Two items with one identity in either list are
    /// ``FrondError/Kind/invalidValue``, naming both positions. (Inlinable: a caller's
    /// identity type gets a specialized copy, which keeps the table's hashing direct.)
    @inlinable
    public static func changeset<Identity: Hashable>(
        from old: [Identity], to new: [Identity], section: Int = 0,
        contentChanged: (_ oldIndex: Int, _ newIndex: Int) -> Bool = { _, _ in false }
    ) throws(FrondError) -> ListChangeset {
        try changeset(from: old, to: new, section: section, removingRepeatedOld: false, contentChanged: contentChanged)
    }

    /// ``changeset(from:to:section:contentChanged:)``; with `removingRepeatedOld`, an old
    /// item whose identity an earlier old item has is removed instead of refused (what a
    /// data source's diff does: its items may have come from changesets, which no one
    /// checks for repeated identities, and must not keep it from diffing ever again).
    @inlinable
    static func changeset<Identity: Hashable>(
        from old: [Identity], to new: [Identity], section: Int, removingRepeatedOld: Bool,
        contentChanged: (_ oldIndex: Int, _ newIndex: Int) -> Bool
    ) throws(FrondError) -> ListChangeset {
        // The symbol table: each identity's index in the new list, and for an identity
        // only the old list has, -(its old index + 1), so that a second old item with it is
        // found too. The hashes are worked out first, in order, so that the loops can ask
        // for the slots they will read next.
        let table = try indexTable(of: new, room: old.count)
        let distance = prefetchDistance
        let oldHashes = old.map(\.hashValue)
        var newOfOld = [Int](repeating: -1, count: old.count)
        var oldOfNew = [Int](repeating: -1, count: new.count)
        var changeset = ListChangeset()
        for (index, identity) in old.enumerated() {
            if index + distance < oldHashes.count { table.prefetch(oldHashes[index + distance]) }
            guard let entry = table.find(identity, hash: oldHashes[index], orInsert: -(index + 1)) else {
                changeset.removedItems.append(ItemPath(section: section, item: index))
                continue
            }
            let first = entry < 0 ? -entry - 1 : oldOfNew[entry]
            guard first < 0 else {
                guard removingRepeatedOld else {
                    throw FrondError(.invalidValue, "old items \(first) and \(index) have the same identity")
                }
                changeset.removedItems.append(ItemPath(section: section, item: index))
                continue
            }
            newOfOld[index] = entry
            oldOfNew[entry] = index
        }
        var pairedOld: [Int] = []
        pairedOld.reserveCapacity(min(old.count, new.count))
        for (index, oldIndex) in oldOfNew.enumerated() {
            if oldIndex < 0 {
                changeset.insertedItems.append(ItemPath(section: section, item: index))
            } else {
                pairedOld.append(oldIndex)
            }
        }
        // Paired items in new order, by their old index: those on a longest increasing run
        // stay, the others move.
        var stays = [Bool](repeating: false, count: old.count)
        let run = longestIncreasingRun(pairedOld)
        for position in run { stays[pairedOld[position]] = true }
        changeset.movedItems.reserveCapacity(pairedOld.count - run.count)
        for (oldIndex, newIndex) in newOfOld.enumerated() where newIndex >= 0 {
            if contentChanged(oldIndex, newIndex) { changeset.updatedItems.append(ItemPath(section: section, item: oldIndex)) }
            if !stays[oldIndex] {
                changeset.movedItems.append(ListChangeset.Move(from: ItemPath(section: section, item: oldIndex),
                                                               to: ItemPath(section: section, item: newIndex)))
            }
        }
        return changeset
    }
}
