"""The callback registry: the Python objects C holds as ``user_data``, under integer keys.

C never holds a Python object's address, only a key. The value behind a key belongs to an
`Arena`, and the arena to the Python object that owns the C handle through which C can
call back with the key (its *owner*: a `~frond.root.Root`, a component, a
`~frond.layout.Node` …). The registry reaches arenas only through weak references, so
what C may call back is, to the garbage collector, part of its owner: a root whose host,
handler, props or controllers refer back to it is an ordinary cycle of Python objects,
collected when nothing outside refers to it; the owner's finalizer then frees the C side,
whose destroy callbacks remove the keys (:data:`DESTROY`, exactly once per key)::

    owner ──► arena ──► {key: value}         registry: {key: weakref(arena)}
      │         └──► adopted arenas ──► …
      └──► C handle ── C calls back with key ──► registry ──► arena ──► value

When C comes to hold another owner's C object (a parent its children, a root its
component, a root the child a render returned), the holder's arena *adopts* the other's:
it stays alive as long as either. Values registered while a root's calls run (renders,
states, controllers, the components they build) go straight into the root's arena (see
`entered_arena`). A root collected in a cycle frees its C side with its arena `pinned`,
so that C's last callbacks (a controller's invalidate) still find their values. A key
whose arena is gone (its owner was collected while C still held the key) is a
`LookupError` to the trampoline that looks it up, which then returns an error status to
C, never crashes. Values with no owner go to `UNOWNED`, which lives as long as the
process (C's destroy still releases them).
"""
from __future__ import annotations

import ctypes
import itertools
import threading
import weakref
from typing import Any

from . import _capi

__all__ = ["Arena", "UNOWNED", "CallbackRegistry", "registry", "DESTROY", "user_data", "context_arena", "adopt",
           "entered_arena", "leave_arena", "pinned"]


class Arena:
    """The values registered for one owner of C handles, and the arenas of the owners whose C
    objects its C object holds (`adopt`). Its owner keeps it; the registry only points at it."""

    __slots__ = ("entries", "adopted", "reference", "_prune_at", "__weakref__")

    def __init__(self) -> None:
        self.entries: dict[int, Any] = {}
        self.adopted: list[Arena] = []
        self.reference = weakref.ref(self)
        self._prune_at = 16

    def adopt(self, other: Arena | None) -> None:
        """Keeps `other` alive as long as this arena (its owner's C object holds other's).
        Arenas whose values C has all released are dropped now and then."""
        if other is None or other is self:
            return
        with _adoption_lock:
            adopted = self.adopted
            adopted.append(other)
            if len(adopted) >= self._prune_at:
                # In place, last first: an arena adopted meanwhile (by a finalizer that the
                # collector ran on this thread) is appended after these indices and kept.
                emptied = [index for index, arena in enumerate(adopted) if arena.is_empty()]
                for index in reversed(emptied):
                    del adopted[index]
                self._prune_at = max(16, 2 * len(adopted))

    def is_empty(self) -> bool:
        """Whether neither this arena nor any it adopted holds a value."""
        pending = [self]
        while pending:
            arena = pending.pop()
            if arena.entries:
                return False
            pending.extend(arena.adopted)
        return True

    def everything(self) -> dict[int, Any]:
        """Every value registered here or in an adopted arena, by key."""
        found: dict[int, Any] = {}
        pending = [self]
        while pending:
            arena = pending.pop()
            found.update(arena.entries)
            pending.extend(arena.adopted)
        return found


#: Held while an arena's adopted list changes (re-entrant: the collector may run a finalizer
#: that adopts on the same thread).
_adoption_lock = threading.RLock()
#: The arena of values no Python object owns: they live until C releases them.
UNOWNED = Arena()


class _Context(threading.local):
    def __init__(self) -> None:
        self.arenas: list[Arena] = []  # the arenas of the roots whose calls run on this thread
        self.pinned: list[pinned] = []  # the arenas of owners being freed on this thread


_context = _Context()


def context_arena() -> Arena | None:
    """The arena of the innermost root whose call is running on this thread, or None."""
    arenas = _context.arenas
    return arenas[-1] if arenas else None


def adopt(arena: Arena | None) -> None:
    """C has just taken a C object whose values are in `arena` during a call on this thread:
    the running root's arena (UNOWNED outside a root's call) adopts it."""
    arenas = _context.arenas
    (arenas[-1] if arenas else UNOWNED).adopt(arena)


def entered_arena(arena: Arena | None) -> None:
    """Values registered on this thread without an explicit arena go to `arena` until the
    matching `leave_arena` (`frond._threads.entered` does both around a root's calls)."""
    _context.arenas.append(arena if arena is not None else UNOWNED)


def leave_arena() -> None:
    _context.arenas.pop()


class pinned:
    """``with pinned(arena):`` lets callbacks on this thread find `arena`'s values (and its
    adopted arenas') even when the garbage collector has already cleared the weak
    references to them: an owner collected in a cycle frees its C side from its
    finalizer, and C calls back while doing so (a controller's invalidate)."""

    __slots__ = ("_arena", "_values")

    def __init__(self, arena: Arena | None) -> None:
        self._arena = arena if arena is not None else UNOWNED
        self._values: dict[int, Any] | None = None  # everything, gathered at the first look-up

    def __enter__(self) -> None:
        _context.pinned.append(self)

    def __exit__(self, *exc_info: object) -> None:
        _context.pinned.pop()

    def values(self) -> dict[int, Any]:
        if self._values is None:
            self._values = self._arena.everything()
        return self._values


class CallbackRegistry:
    """Integer keys (C's user_data) for values held by arenas."""

    def __init__(self) -> None:
        self._homes: dict[int, weakref.ref[Arena]] = {}
        self._keys = itertools.count(1)

    def add(self, value: Any, arena: Arena | None = None) -> int:
        """Registers `value` in `arena` (None: the running root's arena on this thread, or
        UNOWNED) and returns its key."""
        if arena is None:
            arenas = _context.arenas
            arena = arenas[-1] if arenas else UNOWNED
        key = next(self._keys)
        arena.entries[key] = value
        self._homes[key] = arena.reference
        return key

    def get(self, key: int | None) -> Any:
        """The value under `key`; LookupError when there is none, or when its owner is gone."""
        home = self._homes.get(key) if key is not None else None
        if home is None or key is None:
            raise LookupError(f"frond: no callback is registered under user_data {key}")
        arena = home()
        if arena is not None:
            return arena.entries[key]
        for owner in reversed(_context.pinned):
            values = owner.values()
            if key in values:
                return values[key]
        raise LookupError(f"frond: the owner of the callback under user_data {key} is gone (it was "
                          "garbage-collected while C still held the callback)")

    def discard(self, key: int | None) -> None:
        """Forgets `key` (C released it, or never got it)."""
        if key is None:
            return
        home = self._homes.pop(key, None)
        if home is not None:
            arena = home()
            if arena is not None:
                arena.entries.pop(key, None)

    def __len__(self) -> int:
        return len(self._homes)


registry = CallbackRegistry()


def _destroy(user_data: int | None) -> None:
    registry.discard(user_data)


#: The destroy function given to C with every registered value.
DESTROY = _capi.frond_destroy_func(_destroy)


def user_data(key: int) -> ctypes.c_void_p:
    return ctypes.c_void_p(key)
