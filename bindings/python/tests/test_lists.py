"""Changesets checked against a list through the C API, and data diffing: the changeset a
diff finds, applied by the batch rules, turns the old list into the new one, with updates
exactly where the contents differ and the fewest moves."""
from __future__ import annotations

import random

import pytest

from frond import Changeset, InvalidArgumentError, ItemPath, Move, diff


def apply(changeset: Changeset, old: list[object], new: list[object]) -> list[object]:
    """One section, by the batch rules: removals and move sources leave, insertions and move
    destinations take their places, the rest fill the other places in their old order."""
    gone = {path.item for path in changeset.removed_items} | {move.source.item for move in changeset.moved_items}
    placed: dict[int, object] = {move.destination.item: old[move.source.item] for move in changeset.moved_items}
    placed.update({path.item: new[path.item] for path in changeset.inserted_items})
    survivors = iter(item for index, item in enumerate(old) if index not in gone)
    return [placed[index] if index in placed else next(survivors) for index in range(len(new))]


def longest_increasing_run(values: list[int]) -> int:
    best = [1] * len(values)
    for i in range(len(values)):
        for j in range(i):
            if values[j] < values[i]:
                best[i] = max(best[i], best[j] + 1)
    return max(best, default=0)


@pytest.mark.parametrize("seed", range(30))
def test_aDiffTurnsTheOldListIntoTheNewOneWithTheFewestMoves(seed: int, no_leaks) -> None:
    generator = random.Random(seed)
    old = [{"id": index, "text": f"row {index}"} for index in range(generator.randrange(120))]
    new = [dict(item) for item in old if generator.random() > 0.2]
    generator.shuffle(new) if seed % 2 else None
    for item in new:
        if generator.random() < 0.1:
            item["text"] += " (edited)"
    for number in range(generator.randrange(15)):
        new.insert(generator.randrange(len(new) + 1), {"id": 1000 + number, "text": "new"})
    changes = diff(old, new, key=lambda item: item["id"], content=lambda item: item["text"])
    assert [item["id"] for item in apply(changes, old, new)] == [item["id"] for item in new]  # type: ignore[index]
    edited = {item["id"] for item in new if str(item["text"]).endswith("(edited)")}
    assert {old[path.item]["id"] for path in changes.updated_items} == edited
    kept = [item["id"] for item in new if isinstance(item["id"], int) and item["id"] < 1000]
    assert len(changes.moved_items) == len(kept) - longest_increasing_run(kept)  # type: ignore[arg-type]
    assert changes.verify([len(old)]) == [len(new)]


def test_keysDefaultToTheItemsAndAnyHashableWorks() -> None:
    changes = diff(["a", "b", ("c", 1)], [("c", 1), "a"])
    assert changes.removed_items == [ItemPath(0, 1)]
    assert changes.moved_items == [Move(ItemPath(0, 2), ItemPath(0, 0))]
    assert changes.inserted_items == [] and changes.updated_items == []
    assert len(diff([], [])) == 0


def test_contentIsAskedOfPairedItemsOnly() -> None:
    asked: list[int] = []

    def content(item: int) -> int:
        asked.append(item)
        return item

    diff([1, 2, 3], [3, 4], content=content)
    assert sorted(asked) == [3, 3]


def test_aHugeSectionCannotOverflow() -> None:
    with pytest.raises(InvalidArgumentError, match=r"would give section 0 more than 9223372036854775807 items"):
        Changeset(inserted_items=[ItemPath(0, 0)]).verify([2**63 - 1])


def test_malformedPathsAreTypeErrors() -> None:
    with pytest.raises(TypeError, match=r"removed_items\[0\] must be an ItemPath"):
        Changeset(removed_items=[5]).verify([3])  # type: ignore[list-item]


def test_duplicateKeysAreAnErrorNamingBothPositions() -> None:
    with pytest.raises(InvalidArgumentError, match="new items 0 and 2 have the same identity"):
        diff([1], [5, 6, 5])
    with pytest.raises(TypeError):
        diff([[1]], [])  # an unhashable item with no key function


def test_aChangesetIsVerifiedAgainstTheList() -> None:
    changeset = Changeset(updated_items=[ItemPath(0, 0)], removed_items=[ItemPath(0, 1)],
                          moved_items=[Move(ItemPath(0, 3), ItemPath(1, 0))], inserted_sections=[1],
                          inserted_items=[ItemPath(0, 0), ItemPath(1, 1)])
    assert changeset.verify([4, 2]) == [3, 2, 2]
    with pytest.raises(InvalidArgumentError, match=r"removedItems: \[0, 1\] is also in updatedItems"):
        Changeset(updated_items=[ItemPath(0, 1)], removed_items=[ItemPath(0, 1)]).verify([3])
    with pytest.raises(InvalidArgumentError, match=r"insertedItems: \[0, 4\] is out of range"):
        Changeset(inserted_items=[ItemPath(0, 4)]).verify([3])
    with pytest.raises(ValueError, match=r"removed_items\[0\].item -1 is not an index"):
        Changeset(removed_items=[ItemPath(0, -1)]).verify([3])
    with pytest.raises(TypeError, match="section_counts\\[0\\] must be an int"):
        Changeset().verify(["3"])  # type: ignore[list-item]
