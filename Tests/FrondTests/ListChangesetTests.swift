import Frond
import FrondTestSupport
import Testing

/// Changesets with UIKit's batch rules, checked before anything is applied, and data
/// diffing: the changeset found from two lists of identities turns the first into the
/// second, with updates exactly where the content changed and the fewest moves.
@Suite struct ListChangesetTests {
    private func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

    @Test func test_aChangesetAppliesInTheOldThenTheNewIndexSpace() throws {
        let sections = [["a", "b", "c", "d"], ["x", "y"]]
        let changeset = ListChangeset(
            updatedItems: [path(0, 0)],
            removedItems: [path(0, 1)],
            movedItems: [.init(from: path(0, 3), to: path(1, 0))],
            insertedSections: [1],
            insertedItems: [path(0, 0), path(1, 1)])
        var inserted: [ItemPath] = []
        let result = try changeset.apply(to: sections, insert: { path in
            inserted.append(path)
            return "new\(path.section)\(path.item)"
        }, update: { _, item in item.uppercased() })
        #expect(result == [["new00", "A", "c"], ["d", "new11"], ["x", "y"]])
        #expect(inserted == [path(0, 0), path(1, 1)])
        #expect(try changeset.sectionCounts(after: [4, 2]) == [3, 2, 2])
    }

    @Test func test_sectionsAreRemovedAndInsertedAroundTheOnesThatStay() throws {
        let sections = [["a"], ["b", "c"], ["d"]]
        let changeset = ListChangeset(removedSections: [0, 2], insertedSections: [0, 2],
                                      insertedItems: [path(2, 0)])
        let result = try changeset.apply(to: sections, insert: { _ in "e" }, update: { _, item in item })
        #expect(result == [[], ["b", "c"], ["e"]])
    }

    /// An item moves out of a removed section with its state (what a sectioned diff does
    /// with an item whose section goes), updated or not; the section's other items go.
    @Test func test_anItemMayMoveOutOfARemovedSection() throws {
        let changeset = ListChangeset(updatedItems: [path(1, 1)], removedSections: [1],
                                      movedItems: [.init(from: path(1, 1), to: path(0, 0)),
                                                   .init(from: path(1, 2), to: path(0, 3))])
        let result = try changeset.apply(to: [["a", "b"], ["x", "y", "z"]], insert: { _ in "?" },
                                         update: { _, item in item + "!" })
        #expect(result == [["y!", "a", "b", "z"]])
    }

    @Test func test_anUpdatedItemMayAlsoMove() throws {
        let changeset = ListChangeset(updatedItems: [path(0, 0)], movedItems: [.init(from: path(0, 0), to: path(0, 2))])
        let result = try changeset.apply(to: [["a", "b", "c"]], insert: { _ in "?" }, update: { _, item in item + "!" })
        #expect(result == [["b", "c", "a!"]])
    }

    /// Each bad changeset is refused with a message naming the operation and the place,
    /// and nothing is applied: neither closure runs.
    @Test(arguments: [
        (ListChangeset(updatedItems: [ItemPath(section: 0, item: 3)]),
         "updatedItems: [0, 3] is out of range (section 0 has 3 item(s))"),
        (ListChangeset(removedItems: [ItemPath(section: 2, item: 0)]),
         "removedItems: [2, 0] is in section 2, which the list does not have (it has 2 section(s))"),
        (ListChangeset(removedItems: [ItemPath(section: 0, item: -1)]),
         "removedItems: [0, -1] is out of range (section 0 has 3 item(s))"),
        (ListChangeset(updatedItems: [ItemPath(section: 1, item: 0)], removedSections: [1]),
         "updatedItems: [1, 0] is in section 1, which removedSections removes (an item there may be updated only if "
         + "it also moves out)"),
        (ListChangeset(removedItems: [ItemPath(section: 1, item: 0)], removedSections: [1]),
         "removedItems: [1, 0] is in section 1, which removedSections removes (with its items)"),
        (ListChangeset(updatedItems: [ItemPath(section: 0, item: 1)], removedItems: [ItemPath(section: 0, item: 1)]),
         "removedItems: [0, 1] is also in updatedItems (two operations on one item)"),
        (ListChangeset(removedItems: [ItemPath(section: 0, item: 1)],
                       movedItems: [.init(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 0))]),
         "movedItems: [0, 1] is also in removedItems (two operations on one item)"),
        (ListChangeset(removedItems: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 0)]),
         "removedItems: [0, 0] is also in removedItems (two operations on one item)"),
        (ListChangeset(insertedItems: [ItemPath(section: 0, item: 4)]),
         "insertedItems: [0, 4] is out of range (section 0 has 4 item(s) after the changeset)"),
        (ListChangeset(insertedItems: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 0)]),
         "insertedItems: [0, 0] is also filled by insertedItems (two items for one place)"),
        (ListChangeset(movedItems: [.init(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 0, item: 1))],
                       insertedItems: [ItemPath(section: 0, item: 1)]),
         "movedItems (to): [0, 1] is also filled by insertedItems (two items for one place)"),
        (ListChangeset(insertedItems: [ItemPath(section: 2, item: 0)]),
         "insertedItems: [2, 0] is in section 2, which the list does not have after the changeset (it has 2 section(s))"),
        (ListChangeset(removedSections: [0, 0]), "removedSections: section 0 is removed twice"),
        (ListChangeset(removedSections: [5]), "removedSections: section 5 is out of range (the list has 2 section(s))"),
        (ListChangeset(insertedSections: [3]),
         "insertedSections: section 3 is out of range (the list has 3 section(s) after the changeset)"),
    ])
    func test_aBadChangesetIsRefusedWholeNamingTheOperationAndPlace(changeset: ListChangeset, message: String) {
        var calls = 0
        let error = #expect(throws: FrondError.self) {
            _ = try changeset.apply(to: [["a", "b", "c"], ["x"]], insert: { _ in calls += 1; return "" },
                                    update: { _, item in calls += 1; return item })
        }
        #expect(error?.kind == .invalidValue)
        #expect(error?.message == message)
        #expect(calls == 0)
    }

    @Test func test_countsThatCannotBeAreRefusedInsteadOfOverflowing() {
        let huge = #expect(throws: FrondError.self) {
            try ListChangeset(movedItems: [.init(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))])
                .sectionCounts(after: [1, Int.max])
        }
        #expect(huge?.message == "movedItems (to): [1, 0] would give section 1 more than \(Int.max) items")
        let negative = #expect(throws: FrondError.self) { try ListChangeset().sectionCounts(after: [2, -3]) }
        #expect(negative?.message == "the list's section 1 has -3 items (a count is 0 or more)")
    }

    /// docs/guide.md's example, as printed there.
    @Test func test_theGuidesExample() throws {
        let old = ["a", "b", "c", "d"], new = ["d", "a", "c", "e"]
        let changes = try ListDiff.changeset(from: old, to: new)
        #expect(changes.removedItems == [path(0, 1)])
        #expect(changes.movedItems == [.init(from: path(0, 3), to: path(0, 0))])
        #expect(changes.insertedItems == [path(0, 3)])
        let applied = try changes.apply(to: [old], insert: { new[$0.item] }, update: { _, item in item })
        #expect(applied == [new])
    }

    @Test func test_duplicateIdentitiesAreRefusedNamingBothPositions() {
        let inNew = #expect(throws: FrondError.self) { try ListDiff.changeset(from: [1, 2], to: [3, 4, 3]) }
        #expect(inNew?.message == "new items 0 and 2 have the same identity")
        let inOld = #expect(throws: FrondError.self) { try ListDiff.changeset(from: [5, 6, 7, 6], to: [5]) }
        #expect(inOld?.message == "old items 1 and 3 have the same identity")
        let paired = #expect(throws: FrondError.self) { try ListDiff.changeset(from: [5, 6, 5], to: [5]) }
        #expect(paired?.message == "old items 0 and 2 have the same identity")
    }

    /// Identities that all have one hash share one probe run of the diff's table: each is
    /// still paired with its own, duplicates are still found, and every identity the table
    /// copied is released with it (a leaked copy would keep its token alive).
    @Test func test_identitiesWithOneHashArePairedAndReleased() throws {
        final class Live: @unchecked Sendable { var count = 0 }
        final class Token: Hashable {
            let name: Int
            let live: Live
            init(_ name: Int, _ live: Live) { self.name = name; self.live = live; live.count += 1 }
            deinit { live.count -= 1 }
            static func == (lhs: Token, rhs: Token) -> Bool { lhs.name == rhs.name }
            func hash(into hasher: inout Hasher) { hasher.combine(7) }
        }
        let live = Live()
        do {
            var random = SplitMix(state: 42)
            let oldNames = Array(0..<80)
            var newNames = oldNames.filter { _ in !random.chance(15) }
            newNames.shuffle(using: &random)
            newNames.insert(contentsOf: [500, 501, 502], at: random.int(0...newNames.count))
            let old = oldNames.map { Token($0, live) }, new = newNames.map { Token($0, live) }
            let changeset = try ListDiff.changeset(from: old, to: new)
            let applied = try changeset.apply(to: [oldNames], insert: { newNames[$0.item] }, update: { _, name in name })
            #expect(applied == [newNames])
            let kept = newNames.compactMap { oldNames.firstIndex(of: $0) }
            #expect(changeset.movedItems.count == kept.count - longestIncreasingRunLength(kept))
            #expect(changeset.insertedItems.count == 3)

            let twice = #expect(throws: FrondError.self) {
                try ListDiff.changeset(from: old, to: new + [Token(newNames[5], live)])
            }
            #expect(twice?.message == "new items 5 and \(new.count) have the same identity")
            let twiceInOld = #expect(throws: FrondError.self) {
                try ListDiff.changeset(from: old + [Token(79, live)], to: new)
            }
            #expect(twiceInOld?.message == "old items 79 and 80 have the same identity")
        }
        #expect(live.count == 0)
    }

    @Test func test_aDiffReportsEachKindOfChange() throws {
        // b removed, e inserted, d moved to the front, c's content changed.
        let changeset = try ListDiff.changeset(from: ["a", "b", "c", "d"], to: ["d", "a", "c", "e"]) { old, _ in old == 2 }
        #expect(changeset.removedItems == [path(0, 1)])
        #expect(changeset.insertedItems == [path(0, 3)])
        #expect(changeset.movedItems == [.init(from: path(0, 3), to: path(0, 0))])
        #expect(changeset.updatedItems == [path(0, 2)])
    }

    @Test(arguments: 1...40)
    func test_aDiffAppliedToTheOldListGivesTheNewOneWithTheFewestMoves(seed: Int) throws {
        var random = SplitMix(state: UInt64(seed) &* 104_729)
        let old = (0..<random.int(0...200)).map { $0 }
        var new = old.filter { _ in !random.chance(20) }
        if seed % 3 == 0 {
            new.shuffle(using: &random)
        } else {
            for _ in 0..<random.int(0...6) where new.count > 1 {
                let item = new.remove(at: random.int(0...(new.count - 1)))
                new.insert(item, at: random.int(0...new.count))
            }
        }
        for _ in 0..<random.int(0...30) { new.insert(1000 + random.int(0...1_000_000), at: random.int(0...new.count)) }
        new = Array(Dictionary(new.enumerated().map { ($1, $0) }, uniquingKeysWith: min).sorted { $0.value < $1.value }
            .map(\.key))
        // Content versions: some paired items changed.
        let changed = Set(old.filter { _ in random.chance(10) })
        let changeset = try ListDiff.changeset(from: old, to: new) { oldIndex, _ in changed.contains(old[oldIndex]) }

        var updated: [Int] = []
        let applied = try changeset.apply(to: [old], insert: { path in new[path.item] },
                                          update: { _, item in updated.append(item); return item })
        #expect(applied == [new])
        let kept = new.compactMap { old.firstIndex(of: $0) }
        #expect(updated.sorted() == changed.filter(new.contains).sorted())
        #expect(changeset.movedItems.count == kept.count - longestIncreasingRunLength(kept))
        #expect(changeset.removedItems.count == old.count - kept.count)
        #expect(changeset.insertedItems.count == new.count - kept.count)
    }

    // MARK: Sectioned diffs

    /// A contacts list by first letter: Bob, renamed Zed, leaves B (which goes) for a new
    /// section Z; Adam moves before Alice. Sections pair by identity, items across sections.
    @Test func test_aSectionedDiffMovesItemsBetweenSectionsAndOutOfRemovedOnes() throws {
        let oldSections: [String?] = ["A", "B", "C"], old = [["alice", "adam"], ["bob"], ["carl"]]
        let newSections = ["A", "C", "Z"], new = [["adam", "alice", "amy"], ["carl"], ["bob"]]
        let changes = try ListDiff.changeset(fromSections: oldSections, items: old, toSections: newSections, items: new) {
            oldPath, _ in oldPath == self.path(1, 0)
        }
        #expect(changes.removedSections == [1])
        #expect(changes.insertedSections == [2])
        #expect(changes.removedItems == [])
        #expect(changes.insertedItems == [path(0, 2)])
        #expect(changes.updatedItems == [path(1, 0)])
        #expect(changes.movedItems.count == 2, "\(changes)")
        #expect(changes.movedItems.contains(.init(from: path(1, 0), to: path(2, 0))))
        let applied = try changes.apply(to: old, insert: { new[$0.section][$0.item] }, update: { _, item in item })
        #expect(applied == new)
    }

    @Test func test_aSectionedDiffNamesDuplicateSectionsAndItemsByPlace() {
        let sections = #expect(throws: FrondError.self) {
            try ListDiff.changeset(fromSections: [String?](), items: [[Int]](), toSections: ["A", "B", "A"],
                                   items: [[], [], []])
        }
        #expect(sections?.message == "new sections 0 and 2 have the same identity")
        let items = #expect(throws: FrondError.self) {
            try ListDiff.changeset(fromSections: [String?](), items: [[Int]](), toSections: ["A", "B", "C"],
                                   items: [[1, 2], [], [3, 2]])
        }
        #expect(items?.message == "new items [0, 1] and [2, 1] have the same identity")
        let oldItems = #expect(throws: FrondError.self) {
            try ListDiff.changeset(fromSections: ["A", nil], items: [[7], [8, 7]], toSections: ["A"], items: [[7]])
        }
        #expect(oldItems?.message == "old items [0, 0] and [1, 1] have the same identity")
        let counts = #expect(throws: FrondError.self) {
            try ListDiff.changeset(fromSections: ["A"], items: [[Int]](), toSections: ["A"], items: [[1]])
        }
        #expect(counts?.kind == .invalidValue)
    }

    /// Random sectioned lists: sections removed, inserted, reordered and emptied, items
    /// moved between sections, removed, inserted and changed. The changeset turns the old
    /// sections into the new ones, updates exactly the changed pairs, and moves the fewest
    /// items: in each section that stays (a longest run of the paired sections in order),
    /// all but a longest run of the items it keeps, and every item that changes section.
    @Test(arguments: 1...40)
    func test_aSectionedDiffGivesTheNewSectionsWithTheFewestMoves(seed: Int) throws {
        var random = SplitMix(state: UInt64(seed) &* 7_919)
        let oldSectionIDs = Array(0..<random.int(0...8))
        var nextItem = 0
        let old: [[Int]] = oldSectionIDs.map { _ in
            (0..<random.int(0...12)).map { _ in nextItem += 1; return nextItem }
        }
        var newSectionIDs = oldSectionIDs.filter { _ in !random.chance(4) }
        if random.chance(2) { newSectionIDs.shuffle(using: &random) }
        for _ in 0..<random.int(0...2) { newSectionIDs.insert(100 + newSectionIDs.count, at: random.int(0...newSectionIDs.count)) }
        // Items keep their section mostly, some go to another; some go, some come.
        var new = [[Int]](repeating: [], count: newSectionIDs.count)
        for (section, items) in old.enumerated() {
            for item in items where !random.chance(8) && !new.isEmpty {
                let own = newSectionIDs.firstIndex(of: oldSectionIDs[section])
                let target = own.flatMap { random.chance(6) ? nil : $0 } ?? random.int(0...(new.count - 1))
                new[target].append(item)
            }
        }
        for section in new.indices {
            if seed % 2 == 0 { new[section].shuffle(using: &random) }
            for _ in 0..<random.int(0...3) { nextItem += 1; new[section].insert(nextItem, at: random.int(0...new[section].count)) }
        }
        let changed = Set(old.joined().filter { _ in random.chance(10) })
        let changes = try ListDiff.changeset(fromSections: oldSectionIDs.map { $0 as Int? }, items: old,
                                             toSections: newSectionIDs, items: new) { oldPath, _ in
            changed.contains(old[oldPath.section][oldPath.item])
        }
        var updated: [Int] = []
        let applied = try changes.apply(to: old, insert: { new[$0.section][$0.item] },
                                        update: { _, item in updated.append(item); return item })
        #expect(applied == new)
        let newItems = Set(new.joined())
        #expect(updated.sorted() == changed.filter(newItems.contains).sorted())

        // The fewest moves: sections that stay, then items that stay in them.
        let pairedSections = newSectionIDs.compactMap { oldSectionIDs.firstIndex(of: $0) }
        #expect(changes.removedSections.count == oldSectionIDs.count - longestIncreasingRunLength(pairedSections))
        let keptSections = Set(oldSectionIDs.indices).subtracting(changes.removedSections)
        var staying = 0
        for oldSection in keptSections {
            let newSection = try #require(newSectionIDs.firstIndex(of: oldSectionIDs[oldSection]))
            let kept = new[newSection].compactMap { old[oldSection].firstIndex(of: $0) }
            staying += longestIncreasingRunLength(kept)
        }
        let pairedItems = Set(old.joined()).intersection(newItems).count
        #expect(changes.movedItems.count == pairedItems - staying)
        #expect(changes.insertedItems.count == newItems.count - pairedItems)
    }
}
