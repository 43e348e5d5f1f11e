"""Lists: changesets in UIKit's index spaces, checked against a list before anything is
applied, and data diffing (``frond_list_diff``).

A :class:`Changeset` names updated and removed items and the sources of moves where they
were before the batch (the old index space), inserted items and the destinations of moves
where they are after it (the new one); removed sections are old indexes, inserted sections
new ones. :meth:`Changeset.verify` checks it against a list's section counts and returns
the counts after it, or raises :class:`~frond.errors.InvalidArgumentError` naming the first
broken rule. :func:`diff` finds the changeset that turns one list of models into another
through their identities (Heckel's algorithm, with the fewest moves):

>>> from frond import diff
>>> old = [{"id": 1, "text": "a"}, {"id": 2, "text": "b"}, {"id": 3, "text": "c"}]
>>> new = [{"id": 3, "text": "c"}, {"id": 1, "text": "A"}, {"id": 4, "text": "d"}]
>>> changes = diff(old, new, key=lambda m: m["id"], content=lambda m: m["text"])
>>> changes.removed_items, changes.inserted_items, changes.updated_items
([ItemPath(section=0, item=1)], [ItemPath(section=0, item=2)], [ItemPath(section=0, item=0)])
>>> changes.moved_items
[Move(source=ItemPath(section=0, item=2), destination=ItemPath(section=0, item=0))]
>>> changes.verify([3])
[3]
"""
from __future__ import annotations

import ctypes
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar

from . import _capi
from ._capi import ChangeKind
from ._runtime import call

__all__ = ["ItemPath", "Move", "Changeset", "diff"]

_T = TypeVar("_T")


class ItemPath(NamedTuple):
    """A place in a sectioned list: a section, and an item's index in it."""

    section: int
    item: int


class Move(NamedTuple):
    """An item moved from its old place (`source`) to its new one (`destination`)."""

    source: ItemPath
    destination: ItemPath


def _index(value: int, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < 0 or value > 2**63 - 1:
        raise ValueError(f"{name} {value} is not an index (0 … 2**63 - 1)")
    return value


def _path(value: ItemPath | tuple[int, int], name: str) -> ItemPath:
    if not isinstance(value, tuple) or len(value) != 2:
        raise TypeError(f"{name} must be an ItemPath (section, item), not {value!r}")
    section, item = value
    return ItemPath(_index(section, f"{name}.section"), _index(item, f"{name}.item"))


@dataclass
class Changeset:
    """A batch of changes to a sectioned list (see the module's documentation)."""

    updated_items: list[ItemPath] = field(default_factory=list)
    removed_items: list[ItemPath] = field(default_factory=list)
    removed_sections: list[int] = field(default_factory=list)
    moved_items: list[Move] = field(default_factory=list)
    inserted_sections: list[int] = field(default_factory=list)
    inserted_items: list[ItemPath] = field(default_factory=list)

    def __len__(self) -> int:
        return (len(self.updated_items) + len(self.removed_items) + len(self.removed_sections)
                + len(self.moved_items) + len(self.inserted_sections) + len(self.inserted_items))

    def _changes(self) -> list[_capi.frond_change]:
        size = ctypes.sizeof(_capi.frond_change)
        changes = []

        def add(kind: ChangeKind, path: ItemPath, to: ItemPath = ItemPath(0, 0)) -> None:
            changes.append(_capi.frond_change(size, kind, _capi.frond_item_path(*path), _capi.frond_item_path(*to)))

        for number, path in enumerate(self.updated_items):
            add(ChangeKind.UPDATE_ITEM, _path(path, f"updated_items[{number}]"))
        for number, path in enumerate(self.removed_items):
            add(ChangeKind.REMOVE_ITEM, _path(path, f"removed_items[{number}]"))
        for number, section in enumerate(self.removed_sections):
            add(ChangeKind.REMOVE_SECTION, ItemPath(_index(section, f"removed_sections[{number}]"), 0))
        for number, (source, destination) in enumerate(self.moved_items):
            add(ChangeKind.MOVE_ITEM, _path(source, f"moved_items[{number}].source"),
                _path(destination, f"moved_items[{number}].destination"))
        for number, section in enumerate(self.inserted_sections):
            add(ChangeKind.INSERT_SECTION, ItemPath(_index(section, f"inserted_sections[{number}]"), 0))
        for number, path in enumerate(self.inserted_items):
            add(ChangeKind.INSERT_ITEM, _path(path, f"inserted_items[{number}]"))
        return changes

    def verify(self, section_counts: Sequence[int]) -> list[int]:
        """The item counts of the sections after this changeset, for a list whose sections
        hold `section_counts` items; InvalidArgumentError names the first broken rule."""
        counts = [_index(count, f"section_counts[{number}]") for number, count in enumerate(section_counts)]
        handle = self._handle()
        try:
            before = (ctypes.c_size_t * max(len(counts), 1))(*counts)
            section_count = ctypes.c_size_t()
            call("frond_changeset_verify", ctypes.byref(section_count), handle, before, len(counts), None, 0)
            after = (ctypes.c_size_t * max(section_count.value, 1))()
            call("frond_changeset_verify", ctypes.byref(section_count), handle, before, len(counts), after,
                 section_count.value)
            return list(after[:section_count.value])
        finally:
            call("frond_changeset_free", handle)

    def _handle(self) -> Any:
        """A new C changeset with these changes (the caller frees it)."""
        changes = self._changes()
        handle = ctypes.POINTER(_capi.frond_changeset)()
        call("frond_changeset_new", ctypes.byref(handle))
        try:
            for change in changes:
                call("frond_changeset_add", handle, ctypes.byref(change))
        except BaseException:
            call("frond_changeset_free", handle)
            raise
        return handle

    @staticmethod
    def _from_handle(handle: Any) -> Changeset:
        count = ctypes.c_size_t()
        call("frond_changeset_get_changes", ctypes.byref(count), handle, None, 0)
        buffer = (_capi.frond_change * max(count.value, 1))()
        call("frond_changeset_get_changes", ctypes.byref(count), handle, buffer, count.value)
        return Changeset._from_changes(buffer[:count.value])

    @staticmethod
    def _from_changes(changes: Sequence[Any]) -> Changeset:
        """The changeset of C changes (`frond_change` structs)."""
        changeset = Changeset()
        for change in changes:
            path = ItemPath(change.path.section, change.path.item)
            kind = change.kind
            if kind == ChangeKind.UPDATE_ITEM:
                changeset.updated_items.append(path)
            elif kind == ChangeKind.REMOVE_ITEM:
                changeset.removed_items.append(path)
            elif kind == ChangeKind.REMOVE_SECTION:
                changeset.removed_sections.append(path.section)
            elif kind == ChangeKind.MOVE_ITEM:
                changeset.moved_items.append(Move(path, ItemPath(change.to.section, change.to.item)))
            elif kind == ChangeKind.INSERT_SECTION:
                changeset.inserted_sections.append(path.section)
            else:
                changeset.inserted_items.append(path)
        return changeset


def diff(old: Sequence[_T], new: Sequence[_T], *, key: Callable[[_T], Hashable] | None = None,
         content: Callable[[_T], Any] | None = None) -> Changeset:
    """The changeset (in section 0) that turns `old` into `new`: items are paired by
    ``key(item)`` (default: the item itself, which must then be hashable); a pair whose
    ``content(item)`` values differ (compared with ``==``) is updated (content None: never;
    `content` is called for paired items only). Keys are compared as a dict compares them
    (``1``, ``1.0`` and ``True`` are one key). Two items with one key in either list raise
    InvalidArgumentError naming both positions. Each group of changes is in ascending order
    of its places."""
    identity: Callable[[_T], Hashable] = key if key is not None else (lambda item: item)
    ids: dict[Hashable, int] = {}
    old_ids = (ctypes.c_uint64 * max(len(old), 1))()
    old_keys = []
    for index, item in enumerate(old):
        item_key = identity(item)
        old_keys.append(item_key)
        old_ids[index] = ids.setdefault(item_key, len(ids))
    new_ids = (ctypes.c_uint64 * max(len(new), 1))()
    new_keys = []
    for index, item in enumerate(new):
        item_key = identity(item)
        new_keys.append(item_key)
        new_ids[index] = ids.setdefault(item_key, len(ids))
    old_versions = new_versions = None
    if content is not None:
        # Versions that differ exactly where the contents do: the old items are all 0, a
        # new item is 1 when its old partner's content is not equal to its own.
        new_key_set = set(new_keys)
        old_content = {item_key: content(item) for item_key, item in zip(old_keys, old) if item_key in new_key_set}
        old_versions = (ctypes.c_uint64 * max(len(old), 1))()
        new_versions = (ctypes.c_uint64 * max(len(new), 1))()
        for index, (item_key, item) in enumerate(zip(new_keys, new)):
            if item_key in old_content and old_content[item_key] != content(item):
                new_versions[index] = 1
    handle = ctypes.POINTER(_capi.frond_changeset)()
    call("frond_list_diff", ctypes.byref(handle), old_ids, old_versions, len(old), new_ids, new_versions, len(new))
    try:
        return Changeset._from_handle(handle)
    finally:
        call("frond_changeset_free", handle)
