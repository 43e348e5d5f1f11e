extension ListDiff {
    /// The changeset from one sectioned list to another, found through the sections' and
    /// the items' identities (UIKit's diffable data source, paired as Heckel pairs items).
    ///
    /// Sections pair by identity (an old section without one, nil, pairs with none). The
    /// pairs on a longest run already in order stay; every other old section is removed
    /// and every other new one inserted, since a changeset has no section moves. Items pair
    /// by identity across all sections, so an item that changes section keeps its pairing:
    /// it moves, out of a removed section or into an inserted one if need be. An old item
    /// without a pair is removed (with its section, when that is removed), a new one
    /// inserted. In each section that stays, the paired items that were in it before and
    /// lie on a longest run in order stay where the other changes leave them; every other
    /// paired item moves. `contentChanged(oldPath, newPath)` is asked once for every pair,
    /// and a pair whose content changed is updated. Each group of changes is in ascending
    /// order of its places. Two sections, or two items, with one identity in either list
    /// are ``FrondError/Kind/invalidValue``, naming both places.
    @inlinable
    public static func changeset<SectionIdentity: Hashable, Identity: Hashable>(
        fromSections oldSections: [SectionIdentity?], items old: [[Identity]],
        toSections newSections: [SectionIdentity], items new: [[Identity]],
        contentChanged: (_ oldPath: ItemPath, _ newPath: ItemPath) -> Bool = { _, _ in false }
    ) throws(FrondError) -> ListChangeset {
        try changeset(fromSections: oldSections, items: old, toSections: newSections, items: new,
                      removingRepeatedOld: false, contentChanged: contentChanged)
    }

    /// ``changeset(fromSections:items:toSections:items:contentChanged:)``; with
    /// `removingRepeatedOld`, an old item whose identity an earlier old item has is removed
    /// (with its section, when that is removed) instead of refused, as in
    /// ``changeset(from:to:section:removingRepeatedOld:contentChanged:)``.
    @inlinable
    static func changeset<SectionIdentity: Hashable, Identity: Hashable>(
        fromSections oldSections: [SectionIdentity?], items old: [[Identity]],
        toSections newSections: [SectionIdentity], items new: [[Identity]], removingRepeatedOld: Bool,
        contentChanged: (_ oldPath: ItemPath, _ newPath: ItemPath) -> Bool
    ) throws(FrondError) -> ListChangeset {
        guard oldSections.count == old.count, newSections.count == new.count else {
            throw FrondError(.invalidValue, "sectioned diff: \(oldSections.count) old and \(newSections.count) new "
                             + "section identities for \(old.count) old and \(new.count) new sections")
        }
        var changeset = ListChangeset()
        let keptAs = try pairSections(oldSections, newSections, into: &changeset)

        // Each new item's place, by identity, in one table over every section; an old item
        // finds its pair there, or leaves -(its number + 1) so that a second old item with
        // its identity is found too.
        let newStarts = starts(of: new), oldStarts = starts(of: old)
        let newTotal = newStarts.last ?? 0, oldTotal = oldStarts.last ?? 0
        let table = try indexTable(ofSections: new, starts: newStarts, room: oldTotal)
        var oldOfNew = [Int](repeating: -1, count: newTotal)
        var newOfOld = [Int](repeating: -1, count: oldTotal)
        for (section, items) in old.enumerated() {
            for (item, identity) in items.enumerated() {
                let number = oldStarts[section] + item
                guard let entry = table.find(identity, hash: identity.hashValue, orInsert: -(number + 1)) else {
                    // (An item of a removed section goes with it.)
                    if keptAs[section] >= 0 { changeset.removedItems.append(ItemPath(section: section, item: item)) }
                    continue
                }
                let first = entry < 0 ? -entry - 1 : oldOfNew[entry]
                guard first < 0 else {
                    guard removingRepeatedOld else {
                        throw FrondError(.invalidValue, "old items \(path(ofNumber: first, starts: oldStarts)) and "
                                         + "\(ItemPath(section: section, item: item)) have the same identity")
                    }
                    if keptAs[section] >= 0 { changeset.removedItems.append(ItemPath(section: section, item: item)) }
                    continue
                }
                newOfOld[number] = entry
                oldOfNew[entry] = number
            }
        }

        // In each section that stays, the items it keeps, in new order by their old index:
        // those on a longest increasing run stay, every other paired item moves.
        var stays = [Bool](repeating: false, count: oldTotal)
        for (oldSection, newSection) in keptAs.enumerated() where newSection >= 0 {
            var keptOld: [Int] = []
            for number in newStarts[newSection]..<newStarts[newSection + 1] {
                let oldNumber = oldOfNew[number]
                if oldNumber >= oldStarts[oldSection], oldNumber < oldStarts[oldSection + 1] { keptOld.append(oldNumber) }
            }
            for position in longestIncreasingRun(keptOld) { stays[keptOld[position]] = true }
        }
        for (section, items) in old.enumerated() {
            for item in items.indices {
                let number = oldStarts[section] + item
                let newNumber = newOfOld[number]
                guard newNumber >= 0 else { continue }
                let from = ItemPath(section: section, item: item)
                let to = path(ofNumber: newNumber, starts: newStarts)
                if contentChanged(from, to) { changeset.updatedItems.append(from) }
                if !stays[number] { changeset.movedItems.append(ListChangeset.Move(from: from, to: to)) }
            }
        }
        for (number, oldNumber) in oldOfNew.enumerated() where oldNumber < 0 {
            changeset.insertedItems.append(path(ofNumber: number, starts: newStarts))
        }
        return changeset
    }

    /// Throws ``FrondError/Kind/invalidValue`` for two sections, or two items, with one
    /// identity in `sections` (what a sectioned diff to them would throw first).
    static func checkIdentities<SectionIdentity: Hashable, Identity: Hashable>(
        ofSections sections: [SectionIdentity], items: [[Identity]]
    ) throws(FrondError) {
        var unused = ListChangeset()
        _ = try pairSections([SectionIdentity?](), sections, into: &unused)
        _ = try indexTable(ofSections: items, starts: starts(of: items), room: 0)
    }

    /// Each item's number (the sections laid end to end, `starts` theirs) by identity, in a
    /// table with room for `room` more; two items with one identity are an error naming
    /// both places.
    @usableFromInline
    static func indexTable<Identity: Hashable>(ofSections sections: [[Identity]], starts: [Int],
                                               room: Int) throws(FrondError) -> IdentityTable<Identity> {
        let table = IdentityTable<Identity>(capacity: (starts.last ?? 0) + room)
        for (section, items) in sections.enumerated() {
            for (item, identity) in items.enumerated() {
                if let first = table.find(identity, hash: identity.hashValue, orInsert: starts[section] + item) {
                    throw FrondError(.invalidValue, "new items \(path(ofNumber: first, starts: starts)) and "
                                     + "\(ItemPath(section: section, item: item)) have the same identity")
                }
            }
        }
        return table
    }

    /// Pairs the sections by identity and fills the changeset's removed and inserted
    /// sections; returns, for each old section, the new section it stays as (-1: removed).
    @usableFromInline
    static func pairSections<SectionIdentity: Hashable>(_ old: [SectionIdentity?], _ new: [SectionIdentity],
                                                        into changeset: inout ListChangeset) throws(FrondError) -> [Int] {
        var newIndexOf: [SectionIdentity: Int] = [:]
        newIndexOf.reserveCapacity(new.count)
        for (index, identity) in new.enumerated() {
            if let first = newIndexOf[identity] {
                throw FrondError(.invalidValue, "new sections \(first) and \(index) have the same identity")
            }
            newIndexOf[identity] = index
        }
        var oldOfNew = [Int](repeating: -1, count: new.count)
        for (index, identity) in old.enumerated() {
            guard let identity, let target = newIndexOf[identity] else { continue }
            guard oldOfNew[target] < 0 else {
                throw FrondError(.invalidValue, "old sections \(oldOfNew[target]) and \(index) have the same identity")
            }
            oldOfNew[target] = index
        }
        // (The pairs in new order: their new indexes, and their old ones for the run.)
        let pairedNew = oldOfNew.indices.filter { oldOfNew[$0] >= 0 }
        let pairedOld = pairedNew.map { oldOfNew[$0] }
        var keptAs = [Int](repeating: -1, count: old.count)
        var kept = [Bool](repeating: false, count: new.count)
        for position in longestIncreasingRun(pairedOld) {
            keptAs[pairedOld[position]] = pairedNew[position]
            kept[pairedNew[position]] = true
        }
        changeset.removedSections = keptAs.indices.filter { keptAs[$0] < 0 }
        changeset.insertedSections = kept.indices.filter { !kept[$0] }
        return keptAs
    }

    /// Where each section's items start when the sections are laid end to end, and (last)
    /// how many items they hold.
    @usableFromInline
    static func starts<Identity>(of sections: [[Identity]]) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(sections.count + 1)
        for items in sections { starts.append(starts[starts.count - 1] + items.count) }
        return starts
    }

    /// The path of the item numbered `number` when the sections are laid end to end.
    @usableFromInline
    static func path(ofNumber number: Int, starts: [Int]) -> ItemPath {
        // (The last section whose start is at or before the number; an empty section's start
        // equals the next one's, so the search takes the last of equal starts.)
        var low = 0, high = starts.count - 2
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= number { low = middle } else { high = middle - 1 }
        }
        return ItemPath(section: low, item: number - starts[low])
    }
}
