/// A batch of changes to a sectioned list, in UIKit's index spaces: updates, removals and
/// the sources of moves name items where they were before the batch (the old index space);
/// insertions and the destinations of moves name them where they are after it (the new
/// one). Removed sections are old indexes, inserted sections new ones.
///
/// An item is named by at most one operation, except that an updated item may also move
/// (its update is applied where it was, and it then moves); a place in the new index space
/// is filled by at most one insertion or move. An item may move into an inserted section
/// and out of a removed one (keeping its state: so a sectioned diff moves an item whose
/// section goes); an item of a removed section may not be removed too (the section takes
/// its items with it), nor updated unless it moves out. UIKit's batch updates differ:
/// they refuse an update and a move of one item (they reload by deleting and inserting)
/// and a move into an inserted section, and they let an item of a removed section be
/// removed. A host that hands changes to such a view splits an update-and-move into a
/// removal and an insertion.
///
/// ``sectionCounts(after:)`` checks a changeset against the list it is for, before anything
/// is applied, and names the first broken rule, checking the sections, then the updates,
/// removals, moves and insertions, each in the order given.
public struct ListChangeset: Hashable, Sendable {
    /// An item moved from its old path to its new one.
    public struct Move: Hashable, Sendable {
        public var from: ItemPath
        public var to: ItemPath

        public init(from: ItemPath, to: ItemPath) {
            self.from = from
            self.to = to
        }
    }

    public var updatedItems: [ItemPath]
    public var removedItems: [ItemPath]
    public var removedSections: [Int]
    public var movedItems: [Move]
    public var insertedSections: [Int]
    public var insertedItems: [ItemPath]

    public init(updatedItems: [ItemPath] = [], removedItems: [ItemPath] = [], removedSections: [Int] = [],
                movedItems: [Move] = [], insertedSections: [Int] = [], insertedItems: [ItemPath] = []) {
        self.updatedItems = updatedItems
        self.removedItems = removedItems
        self.removedSections = removedSections
        self.movedItems = movedItems
        self.insertedSections = insertedSections
        self.insertedItems = insertedItems
    }

    public var isEmpty: Bool { operationCount == 0 }

    public var operationCount: Int {
        updatedItems.count + removedItems.count + removedSections.count + movedItems.count + insertedSections.count
            + insertedItems.count
    }

    /// The item counts of the list's sections after this changeset, for a list whose
    /// sections have `counts` items now. Throws ``FrondError/Kind/invalidValue`` naming the
    /// operation and the item path (or section) of the first broken rule: a path or section
    /// out of range, an item in a section that is removed, two operations on one item, two
    /// items for one place.
    public func sectionCounts(after counts: [Int]) throws(FrondError) -> [Int] {
        try plan(for: counts).newCounts
    }

    /// Applies the changeset to `sections`: updated items are replaced by what `update`
    /// makes of them (given their old path), inserted ones made by `insert` (given their
    /// new path), and the others kept in their order around them. Nothing is applied (and
    /// neither closure called) when the changeset does not fit the sections.
    public func apply<Item>(to sections: [[Item]], insert: (ItemPath) -> Item,
                            update: (ItemPath, Item) -> Item) throws(FrondError) -> [[Item]] {
        let plan = try plan(for: sections.map(\.count))
        var old = sections
        for path in updatedItems { old[path.section][path.item] = update(path, old[path.section][path.item]) }
        var gone = sections.map { [Bool](repeating: false, count: $0.count) }
        for path in removedItems { gone[path.section][path.item] = true }
        var placed: [[Item?]] = plan.newCounts.map { [Item?](repeating: nil, count: $0) }
        for move in movedItems {
            gone[move.from.section][move.from.item] = true
            placed[move.to.section][move.to.item] = old[move.from.section][move.from.item]
        }
        for path in insertedItems { placed[path.section][path.item] = insert(path) }
        // The items that stay fill the places left, in their order.
        for (section, items) in old.enumerated() {
            guard let target = plan.newSectionOfOld[section] else { continue }
            var slot = 0
            for (index, item) in items.enumerated() where !gone[section][index] {
                while placed[target][slot] != nil { slot += 1 }
                placed[target][slot] = item
                slot += 1
            }
        }
        // (The plan's counts leave no place empty.)
        return placed.map { $0.compactMap { $0 } }
    }

    /// What a verified changeset does to the sections: their new item counts and where
    /// each old section goes (nil: removed).
    struct Plan {
        var newCounts: [Int]
        var newSectionOfOld: [Int?]
    }

    /// How an item of the old index space is named.
    private enum Use: String {
        case updated = "updatedItems"
        case removed = "removedItems"
        case moved = "movedItems"
        case updatedAndMoved = "updatedItems and movedItems"
    }

    func plan(for old: [Int]) throws(FrondError) -> Plan {
        func failure(_ message: String) -> FrondError { FrondError(.invalidValue, message) }
        if let section = old.firstIndex(where: { $0 < 0 }) {
            throw failure("the list's section \(section) has \(old[section]) items (a count is 0 or more)")
        }
        var removedSection = [Bool](repeating: false, count: old.count)
        for section in removedSections {
            guard section >= 0, section < old.count else {
                throw failure("removedSections: section \(section) is out of range (the list has \(old.count) section(s))")
            }
            guard !removedSection[section] else { throw failure("removedSections: section \(section) is removed twice") }
            removedSection[section] = true
        }
        let newSectionCount = old.count - removedSections.count + insertedSections.count
        var insertedSection = [Bool](repeating: false, count: newSectionCount)
        for section in insertedSections {
            guard section >= 0, section < newSectionCount else {
                throw failure("insertedSections: section \(section) is out of range (the list has \(newSectionCount) "
                              + "section(s) after the changeset)")
            }
            guard !insertedSection[section] else { throw failure("insertedSections: section \(section) is inserted twice") }
            insertedSection[section] = true
        }
        // The sections that stay keep their order around the inserted ones.
        var newSectionOfOld = [Int?](repeating: nil, count: old.count)
        var counts = [Int](repeating: 0, count: newSectionCount)
        var oldSection = 0
        for section in 0..<newSectionCount where !insertedSection[section] {
            while removedSection[oldSection] { oldSection += 1 }
            newSectionOfOld[oldSection] = section
            counts[section] = old[oldSection]
            oldSection += 1
        }

        func checkOld(_ path: ItemPath, _ operation: String, inRemovedSection allowed: Bool = false) throws(FrondError) {
            guard path.section >= 0, path.section < old.count else {
                throw failure("\(operation): \(path) is in section \(path.section), which the list does not have "
                              + "(it has \(old.count) section(s))")
            }
            guard allowed || !removedSection[path.section] else {
                throw failure("\(operation): \(path) is in section \(path.section), which removedSections removes"
                              + (operation == "removedItems" ? " (with its items)" : ""))
            }
            guard path.item >= 0, path.item < old[path.section] else {
                throw failure("\(operation): \(path) is out of range (section \(path.section) has \(old[path.section]) item(s))")
            }
        }
        var uses: [ItemPath: Use] = [:]
        uses.reserveCapacity(updatedItems.count + removedItems.count + movedItems.count)
        // (An item of a removed section may be updated if it also moves out: checked below.)
        for path in updatedItems {
            try checkOld(path, "updatedItems", inRemovedSection: true)
            guard uses.updateValue(.updated, forKey: path) == nil else {
                throw failure("updatedItems: \(path) is updated twice")
            }
        }
        for path in removedItems {
            try checkOld(path, "removedItems")
            if let use = uses.updateValue(.removed, forKey: path) {
                throw failure("removedItems: \(path) is also in \(use.rawValue) (two operations on one item)")
            }
            if let section = newSectionOfOld[path.section] { counts[section] -= 1 }
        }
        for move in movedItems {
            try checkOld(move.from, "movedItems (from)", inRemovedSection: true)
            let use = uses[move.from]
            guard use == nil || use == .updated else {
                throw failure("movedItems: \(move.from) is also in \(use?.rawValue ?? "") (two operations on one item)")
            }
            uses[move.from] = use == .updated ? .updatedAndMoved : .moved
            if let section = newSectionOfOld[move.from.section] { counts[section] -= 1 }
        }
        for path in updatedItems where removedSection[path.section] && uses[path] != .updatedAndMoved {
            throw failure("updatedItems: \(path) is in section \(path.section), which removedSections removes "
                          + "(an item there may be updated only if it also moves out)")
        }

        func countNew(_ path: ItemPath, _ operation: String) throws(FrondError) {
            guard path.section >= 0, path.section < newSectionCount else {
                throw failure("\(operation): \(path) is in section \(path.section), which the list does not have after "
                              + "the changeset (it has \(newSectionCount) section(s))")
            }
            let (count, overflow) = counts[path.section].addingReportingOverflow(1)
            guard !overflow else {
                throw failure("\(operation): \(path) would give section \(path.section) more than \(Int.max) items")
            }
            counts[path.section] = count
        }
        for path in insertedItems { try countNew(path, "insertedItems") }
        for move in movedItems { try countNew(move.to, "movedItems (to)") }
        var filled: [ItemPath: String] = [:]
        filled.reserveCapacity(insertedItems.count + movedItems.count)
        func checkNew(_ path: ItemPath, _ operation: String) throws(FrondError) {
            guard path.item >= 0, path.item < counts[path.section] else {
                throw failure("\(operation): \(path) is out of range (section \(path.section) has "
                              + "\(counts[path.section]) item(s) after the changeset)")
            }
            if let other = filled.updateValue(operation, forKey: path) {
                throw failure("\(operation): \(path) is also filled by \(other) (two items for one place)")
            }
        }
        for path in insertedItems { try checkNew(path, "insertedItems") }
        for move in movedItems { try checkNew(move.to, "movedItems (to)") }
        return Plan(newCounts: counts, newSectionOfOld: newSectionOfOld)
    }
}
