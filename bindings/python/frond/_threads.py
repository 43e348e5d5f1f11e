"""Which thread may use a root (`ThreadOwner`), and which roots the calling thread is inside.

libfrond's rule (include/frond.h, THREADS): a root is used from one thread at a time,
except that state updates (``frond_scope_update_state``, ``frond_scope_set_state``) may
come from any thread. C catches only some breaches (sending an action while another thread
flushes is FROND_ERR_MISUSE); others it cannot see. So every `~frond.root.Root` records
the thread that owns it — the one that made it, or the one it was handed to — and refuses
calls from any other thread with `~frond.errors.ThreadError` (a MisuseError) before C is
reached, leaving the root as it was.

A Python callback runs on the thread of the call that caused it, so a render, a handler or
a host called during ``root.flush()`` may use the root and its scopes. Objects handed out
during such a call (`~frond.scope.Scope`) remember the root through `current_root`, so
that they can check the thread too.
"""
from __future__ import annotations

import threading
import weakref
from typing import Any

from ._capi import Status
from .errors import ThreadError

__all__ = ["ThreadOwner", "current_root", "entered"]


class _Active(threading.local):
    def __init__(self) -> None:
        self.roots: list[Any] = []  # the roots whose C calls this thread is inside, innermost last


_active = _Active()


def current_root() -> weakref.ref[Any] | None:
    """A weak reference to the innermost root this thread is calling into, or None."""
    roots = _active.roots
    return weakref.ref(roots[-1]) if roots else None


class entered:
    """``with entered(root):`` marks the calling thread as inside a C call on `root` (see
    `current_root`)."""

    __slots__ = ("_root",)

    def __init__(self, root: Any) -> None:
        self._root = root

    def __enter__(self) -> None:
        _active.roots.append(self._root)

    def __exit__(self, *exc_info: object) -> None:
        _active.roots.pop()


def _ended(thread: threading.Thread) -> bool:
    """Whether `thread` has run and finished (a thread not started yet has not ended)."""
    return thread.ident is not None and not thread.is_alive()


def _describe(thread: threading.Thread) -> str:
    return f"thread {thread.name!r}" + (" (ended)" if _ended(thread) else "")


class ThreadOwner:
    """The thread allowed to use one object: the creating thread at first; `hand_over`
    passes it on (None: to whichever thread uses the object next; a thread not started
    yet is fine). A thread that has ended owns nothing: the next thread to use the object
    takes it."""

    __slots__ = ("_thread", "_ident", "_lock", "_what")

    def __init__(self, what: str) -> None:
        self._thread: threading.Thread | None = threading.current_thread()
        # The owner's ident, for the fast check (a later thread given the same ident by the
        # system would pass it; it could take the object anyway, its first owner having ended).
        self._ident: int | None = threading.get_ident()
        self._lock = threading.Lock()
        self._what = what

    @property
    def thread(self) -> threading.Thread | None:
        """The owning thread (None: the next thread that uses the object takes it)."""
        thread = self._thread
        return None if thread is None or _ended(thread) else thread

    def check(self, action: str = "used") -> None:
        """Raises ThreadError unless the calling thread owns the object (taking it over
        when nobody does)."""
        if threading.get_ident() == self._ident:
            return
        current = threading.current_thread()
        with self._lock:  # two threads taking an unowned object: one wins
            owner = self._thread
            if owner is current:  # handed to this thread before it started
                self._ident = current.ident
                return
            if owner is None or _ended(owner):
                self._thread, self._ident = current, current.ident
                return
        raise ThreadError(
            Status.ERR_MISUSE,
            f"this {self._what} belongs to {_describe(owner)} but was {action} from {_describe(current)}: a root "
            "is used from one thread at a time (only Scope.update_state and Scope.set_state may come from any "
            "thread); hand it over first with root.hand_over(thread) on its own thread")

    def hand_over(self, thread: threading.Thread | None) -> None:
        """Makes `thread` the owner (None: the next thread that uses the object); only the
        owning thread may do so."""
        if thread is not None and not isinstance(thread, threading.Thread):
            raise TypeError(f"hand_over takes a threading.Thread or None, not {type(thread).__name__}")
        self.check("handed over")
        with self._lock:
            self._thread, self._ident = thread, None if thread is None else thread.ident
