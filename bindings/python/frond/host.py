"""Hosts: Python objects that receive a root's commits (`Host`), and `MemoryHost`, a
ready host that keeps a Python view tree and prints it.

A root calls its host once per commit with every mutation of the commit (C's
``apply_batch``; one crossing from C into Python per flush)::

    frond_root_flush ──► apply_batch(mutations) ──► Host.commit([Mutation, …])
                                                     ├─ begin_commit()
                                                     ├─ apply(mutation) × n
                                                     └─ end_commit()

Override `commit` to take a commit as a whole, or the three steps. An exception raised
in any of them makes the flush raise `~frond.errors.CallbackError` from it, after the
commit (the root counts the mutations as applied, as C does). A list's host is the same
(the list call that committed raises). Nothing is sent again: a host that raised before it
applied what it was given no longer has the views the next commits name, so it applies
what it can before it raises (or the program starts afresh, with a new root or list).
"""
from __future__ import annotations

import ctypes
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from . import _capi
from ._capi import MutationKind, Status
from ._runtime import callback_failed, registry
from .errors import MisuseError
from .attribute import AttributeValue, decode_attribute, format_length, format_value
from .value import Rect

__all__ = ["Host", "MemoryHost", "Mutation", "MemoryView", "MutationKind"]


@dataclass(frozen=True)
class Mutation:
    """One change to the host's views (`kind` says which members apply): CREATE `view` of
    `view_type`; UPDATE `view`, setting `set` and clearing the `unset` names; SET_FRAME of
    `view` to `frame` within its parent; INSERT `view` into `parent` at `index`; MOVE it to
    `index`; REMOVE it from `parent`; DESTROY `view`. View 0 is the host's root container.

    When a view leaves, the top of what leaves gets REMOVE from its parent, then every view
    of that subtree gets DESTROY, children before their parent; the views inside get no
    REMOVE (they are destroyed still inside their removed parent). So a host may detach a
    view from its parent when its DESTROY comes, or drop a removed subtree as a unit. A
    DESTROY never names a view of the mounted tree (reachable from view 0), nor one whose
    children are not destroyed yet."""

    kind: MutationKind
    view: int
    parent: int = 0
    index: int = 0
    view_type: str | None = None
    frame: Rect | None = None
    set: dict[str, AttributeValue | None] = field(default_factory=dict)
    unset: tuple[str, ...] = ()


class Host:
    """The base class of Python hosts. Give an instance to ``Root(host=…)`` or
    ``ListView(host=…)``: one root or list at a time, as each numbers its views from 1 (a
    host given to a second while the first is open is a `~frond.errors.MisuseError`)."""

    def commit(self, mutations: Sequence[Mutation]) -> None:
        """Applies one commit: `begin_commit`, `apply` for each mutation, `end_commit`."""
        self.begin_commit()
        for mutation in mutations:
            self.apply(mutation)
        self.end_commit()

    def begin_commit(self) -> None:
        """A commit starts."""

    def apply(self, mutation: Mutation) -> None:
        """Applies one mutation (the base class ignores it)."""

    def end_commit(self) -> None:
        """The commit is complete."""


@dataclass
class MemoryView:
    """A view of a MemoryHost."""

    id: int
    view_type: str
    attributes: dict[str, AttributeValue | None] = field(default_factory=dict)
    frame: Rect = Rect(0.0, 0.0, 0.0, 0.0)
    children: list[int] = field(default_factory=list)
    parent: int | None = None


class MemoryHost(Host):
    """A host that keeps the views in Python (`views` by id, `root_children`) and prints
    them (`dump`) as ``frond_root_describe`` does. It checks each mutation against its
    views and raises ValueError for one that does not fit (an engine bug): the flush then
    raises CallbackError from it. `commits` records every commit, for tests; with
    ``keep_commits=False`` it holds only the last one (a long-running program's host)."""

    def __init__(self, *, keep_commits: bool = True) -> None:
        self.views: dict[int, MemoryView] = {}
        self.root_children: list[int] = []
        self.commits: list[list[Mutation]] = []
        self.keep_commits = keep_commits
        self._partial = False

    def commit(self, mutations: Sequence[Mutation]) -> None:
        if not self.keep_commits:
            self.commits.clear()
        self.commits.append(list(mutations))
        try:
            super().commit(mutations)
        except BaseException:
            self._partial = True  # a commit applied in part: the views no longer match
            raise
        # When a commit ends, every live view is in the mounted tree (unless an earlier
        # commit failed half-way, when nothing can be said of them). Only the views the
        # commit names can have left it (a removed view is named by its REMOVE), so only
        # they are looked at: a one-row update of a long list costs one row.
        if not self._partial:
            for view in {mutation.view for mutation in mutations}:
                if view in self.views and not self._is_mounted(view):
                    raise ValueError(f"after the commit, v{view} is alive but not in the mounted tree")

    @property
    def last_commit(self) -> list[Mutation]:
        return self.commits[-1] if self.commits else []

    def apply(self, mutation: Mutation) -> None:
        kind = mutation.kind
        if kind == MutationKind.CREATE:
            if mutation.view in self.views or mutation.view == 0:
                raise ValueError(f"CREATE of v{mutation.view}, which exists")
            self.views[mutation.view] = MemoryView(mutation.view, mutation.view_type or "")
            return
        view = self._view(mutation.view, kind)
        if kind == MutationKind.UPDATE:
            for name in mutation.unset:
                view.attributes.pop(name, None)
            view.attributes.update(mutation.set)
        elif kind == MutationKind.SET_FRAME:
            view.frame = mutation.frame or Rect(0.0, 0.0, 0.0, 0.0)
        elif kind == MutationKind.INSERT:
            siblings = self._children(mutation.parent, kind)
            if view.parent is not None or not 0 <= mutation.index <= len(siblings):
                raise ValueError(f"INSERT of v{view.id} into v{mutation.parent} at {mutation.index} does not fit")
            siblings.insert(mutation.index, view.id)
            view.parent = mutation.parent
        elif kind in (MutationKind.MOVE, MutationKind.REMOVE):
            siblings = self._children(mutation.parent, kind)
            if view.parent != mutation.parent or view.id not in siblings:
                raise ValueError(f"{kind.name} of v{view.id}, which is not in v{mutation.parent}")
            siblings.remove(view.id)
            if kind == MutationKind.MOVE:
                siblings.insert(mutation.index, view.id)
            else:
                view.parent = None
        elif kind == MutationKind.DESTROY:
            # A removed subtree is destroyed children first, without removing them one by one
            # (frond.h, frond_mutation_kind): never a view still in the mounted tree.
            if view.children:
                raise ValueError(f"DESTROY of v{view.id} before its children {view.children}")
            if self._is_mounted(view.id):
                raise ValueError(f"DESTROY of v{view.id}, which is still in the mounted tree")
            if view.parent is not None:
                siblings = self._children(view.parent, kind)
                if view.id in siblings:
                    siblings.remove(view.id)
            del self.views[view.id]

    def _is_mounted(self, view: int) -> bool:
        """Whether `view` is in the tree under the root container."""
        seen = 0
        parent = self.views[view].parent if view in self.views else None
        while parent is not None and seen <= len(self.views):
            if parent == 0:
                return True
            parent = self.views[parent].parent if parent in self.views else None
            seen += 1
        return False

    def _view(self, view: int, kind: MutationKind) -> MemoryView:
        if view not in self.views:
            raise ValueError(f"{kind.name} of v{view}, which does not exist")
        return self.views[view]

    def _children(self, parent: int, kind: MutationKind) -> list[int]:
        return self.root_children if parent == 0 else self._view(parent, kind).children

    def dump(self, ids: bool = True) -> str:
        """The views as indented lines, ``v3 label (x, y, w×h) text="Hi"`` (attributes by
        name; without the ``v3`` when `ids` is false): with ids, what ``Root.describe()``
        gives for the same views."""
        lines: list[str] = []

        def visit(view: MemoryView, depth: int) -> None:
            frame = view.frame
            box = (f"({format_length(frame.left)}, {format_length(frame.top)}, "
                   f"{format_length(frame.width)}×{format_length(frame.height)})")
            attributes = "".join(f" {name}={format_value(view.attributes[name])}"
                                 for name in sorted(view.attributes))
            label = f"v{view.id} {view.view_type}" if ids else view.view_type
            lines.append("  " * depth + f"{label} {box}{attributes}")
            for child in view.children:
                visit(self.views[child], depth + 1)

        for child in self.root_children:
            visit(self.views[child], 0)
        return "\n".join(lines)


# ---- the C side -------------------------------------------------------------------------

def _decode(raw: Any) -> Mutation:
    kind = MutationKind(raw.kind)
    if kind == MutationKind.CREATE:
        return Mutation(kind, raw.view, view_type=(raw.view_type or b"").decode("utf-8", "replace"))
    if kind == MutationKind.UPDATE:
        attributes = dict(decode_attribute(raw.set[index]) for index in range(raw.set_count))
        unset = tuple((raw.unset[index] or b"").decode("utf-8", "replace") for index in range(raw.unset_count))
        return Mutation(kind, raw.view, set=attributes, unset=unset)
    if kind == MutationKind.SET_FRAME:
        frame = raw.frame
        return Mutation(kind, raw.view, frame=Rect(frame.left, frame.top, frame.width, frame.height))
    return Mutation(kind, raw.view, parent=raw.parent, index=raw.index)


def _apply_batch(root: Any, mutations: Any, count: int, key: int | None) -> int:
    try:
        host = registry.get(key)
        host.commit([_decode(mutations[index]) for index in range(count)])
        return 0
    except BaseException as error:  # noqa: BLE001 — nothing may escape into C
        return callback_failed(error)


#: The one C host every Python host goes through (user_data: the registry key of the host).
C_HOST = _capi.frond_host(struct_size=ctypes.sizeof(_capi.frond_host),
                          apply_batch=_capi.frond_host_apply_batch_func(_apply_batch))


def check_unclaimed(host: Host, owner: object) -> None:
    """MisuseError when another root or list than `owner`, still open, sends `host` its
    commits (their view numbers would collide in the host)."""
    shown = getattr(host, "_frond_shown_by", None)
    other = shown() if isinstance(shown, weakref.ref) else None
    if other is not None and other is not owner and getattr(other, "_handle", None) is not None:
        raise MisuseError(Status.ERR_MISUSE,
                          f"this host ({type(host).__name__}) already shows {other!r}: each root and list numbers "
                          f"its views from 1, so give each its own host (or close the other first)")


def claim(host: Host, owner: object) -> None:
    """Notes that `owner` (a root or list) sends `host` its commits (see `check_unclaimed`)."""
    try:
        object.__setattr__(host, "_frond_shown_by", weakref.ref(owner))
    except (AttributeError, TypeError):  # (a host with __slots__: not checked)
        pass


def release(host: Host | None, owner: object) -> None:
    """Forgets `claim`'s note when `owner` made it."""
    shown = getattr(host, "_frond_shown_by", None)
    if isinstance(shown, weakref.ref) and shown() is owner:
        try:
            object.__delattr__(host, "_frond_shown_by")
        except (AttributeError, TypeError):
            pass
