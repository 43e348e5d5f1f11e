"""Which thread may use a root (`ThreadOwner`) or a layout tree (`claim_tree`), and which
roots the calling thread is inside.

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
that they can check the thread too. A root may also be lent to a task that has not started
(`ThreadOwner.lend`, for `~frond.root.Root.prepare_on`): nobody may use it until the task
claims it and gives it back.
"""
from __future__ import annotations

import threading
import weakref
from typing import Any

from ._capi import Status
from ._registry import entered_arena, leave_arena
from .errors import ThreadError

__all__ = ["ThreadOwner", "current_root", "entered", "inside", "requesting", "is_requesting", "claim_tree",
           "hand_over_tree", "tree_owner"]


class _Active(threading.local):
    def __init__(self) -> None:
        self.roots: list[Any] = []  # the roots whose C calls this thread is inside, innermost last
        self.requests: list[Any] = []  # the roots whose flush request this thread is running


_active = _Active()


def current_root() -> weakref.ref[Any] | None:
    """A weak reference to the innermost root this thread is calling into, or None."""
    roots = _active.roots
    return weakref.ref(roots[-1]) if roots else None


class entered:
    """``with entered(root):`` marks the calling thread as inside a C call on `root` (see
    `current_root`); what callbacks register meanwhile belongs to the root's arena (see
    ``frond._registry``)."""

    __slots__ = ("_root",)

    def __init__(self, root: Any) -> None:
        self._root = root

    def __enter__(self) -> None:
        _active.roots.append(self._root)
        entered_arena(self._root._arena)

    def __exit__(self, *exc_info: object) -> None:
        leave_arena()
        _active.roots.pop()


def inside(root: Any) -> bool:
    """Whether the calling thread is inside a C call on `root` (e.g. in one of its renders)."""
    return any(active is root for active in _active.roots)


class requesting:
    """``with requesting(root):`` marks the calling thread as running `root`'s flush request
    (which must not flush the root; see `is_requesting`)."""

    __slots__ = ("_root",)

    def __init__(self, root: Any) -> None:
        self._root = root

    def __enter__(self) -> None:
        _active.requests.append(self._root)

    def __exit__(self, *exc_info: object) -> None:
        _active.requests.pop()


def is_requesting(root: Any) -> bool:
    """Whether the calling thread is running `root`'s flush request."""
    return any(active is root for active in _active.requests)


def _ended(thread: threading.Thread) -> bool:
    """Whether `thread` has run and finished (a thread not started yet has not ended)."""
    return thread.ident is not None and not thread.is_alive()


def _describe(thread: threading.Thread) -> str:
    return f"thread {thread.name!r}" + (" (ended)" if _ended(thread) else "")


class ThreadOwner:
    """The thread allowed to use one object: the creating thread at first; `hand_over`
    passes it on (None: to whichever thread uses the object next; a thread not started
    yet is fine). A thread that has ended owns nothing: the next thread to use the object
    takes it.

    `lend` reserves the object for a job that has not started yet (a task of an executor,
    whose thread is not known): no thread may use it until the job `claim`s it, and the
    job gives it back with `give_back`."""

    __slots__ = ("_thread", "_ident", "_lock", "_what", "_job")

    def __init__(self, what: str) -> None:
        self._thread: threading.Thread | None = threading.current_thread()
        # The owner's ident, for the fast check (a later thread given the same ident by the
        # system would pass it; it could take the object anyway, its first owner having ended).
        self._ident: int | None = threading.get_ident()
        self._lock = threading.Lock()
        self._what = what
        self._job: str | None = None  # what the job it is lent to does ("being prepared by …")

    @property
    def thread(self) -> threading.Thread | None:
        """The owning thread (None: the next thread that uses the object takes it, or it is
        lent to a job that has not started)."""
        thread = self._thread
        return None if thread is None or _ended(thread) else thread

    def check(self, action: str = "used") -> None:
        """Raises ThreadError unless the calling thread owns the object (taking it over
        when nobody does)."""
        if threading.get_ident() == self._ident:
            return
        current = threading.current_thread()
        with self._lock:  # two threads taking an unowned object: one wins
            owner, job = self._thread, self._job
            if owner is current:  # handed to this thread before it started
                self._ident = current.ident
                return
            if job is None and (owner is None or _ended(owner)):
                self._thread, self._ident = current, current.ident
                return
        if job is not None:
            where = "a job that has not started yet" if owner is None else _describe(owner)
            raise ThreadError(
                Status.ERR_MISUSE,
                f"this {self._what} is {job} on {where} but was {action} from {_describe(current)}: wait for "
                "the job (the future it returned) before using it")
        holder = _describe(owner) if owner is not None else "no thread"
        raise ThreadError(
            Status.ERR_MISUSE,
            f"this {self._what} belongs to {holder} but was {action} from {_describe(current)}: a root "
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

    def lend(self, job: str) -> None:
        """Reserves the object for a job (`job` says what it does, for errors): from now on
        every thread gets ThreadError until the job claims it. Only the owning thread may
        lend it."""
        self.check("lent")
        with self._lock:
            self._thread, self._ident, self._job = None, None, job

    def claim(self) -> None:
        """Called by the job it was lent to, on the job's thread: the object is the job's."""
        current = threading.current_thread()
        with self._lock:
            self._thread, self._ident = current, current.ident

    def give_back(self, thread: threading.Thread) -> None:
        """Ends a loan (the job is done, or it will never run): `thread` owns the object
        again (when it has ended, the next thread that uses the object)."""
        with self._lock:
            owner = None if _ended(thread) else thread
            self._thread, self._ident, self._job = owner, None if owner is None else owner.ident, None


# ---- node trees -------------------------------------------------------------------------
#
# A layout tree (`~frond.layout.Node`) is used from one thread at a time too, but its nodes
# join and leave trees, so ownership is kept per node with one invariant: every node of a
# tree has the same owner. Each node records its owner's ident (`_ident`; None: nobody) and,
# when it was handed to a thread not started yet, that thread (`_thread`). Joining two trees
# needs both nodes owned by the calling thread, so they already agree; `hand_over_tree` and
# a takeover of an abandoned tree change every node of the tree at once.

_tree_lock = threading.Lock()


def thread_by_ident(ident: int | None) -> threading.Thread | None:
    """The live thread with `ident`, or None."""
    if ident is None:
        return None
    for thread in threading.enumerate():
        if thread.ident == ident:
            return thread
    return None


def _tree_members(node: Any) -> list[Any]:
    top = node
    while top._parent is not None:
        top = top._parent
    members, pending = [], [top]
    while pending:
        member = pending.pop()
        members.append(member)
        pending.extend(member._children)
    return members


def tree_owner(node: Any) -> threading.Thread | None:
    """The thread that owns `node`'s tree (None: nobody, or a thread that has ended)."""
    handed = node._thread
    if handed is not None:
        return None if _ended(handed) else handed
    return thread_by_ident(node._ident)


def claim_tree(node: Any, action: str) -> None:
    """The slow path of a node's thread check (its owner's ident is not the caller's):
    takes the tree when it was handed to this thread or nobody owns it; ThreadError
    otherwise."""
    current = threading.current_thread()
    with _tree_lock:  # two threads taking an abandoned tree: one wins
        if node._ident == current.ident:
            return
        if node._thread is current:  # handed to this thread before it started
            node._ident = current.ident
            return
        owner = tree_owner(node)
        if owner is None:
            for member in _tree_members(node):
                member._thread, member._ident = None, current.ident
            return
    raise ThreadError(
        Status.ERR_MISUSE,
        f"this frond.{type(node).__name__}'s tree belongs to {_describe(owner)} but was {action} from "
        f"{_describe(current)}: a node tree is used from one thread at a time; hand it over first with "
        "node.hand_over(thread) on its own thread")


def hand_over_tree(node: Any, thread: threading.Thread | None) -> None:
    """Makes `thread` the owner of `node`'s whole tree (None: the next thread that uses it);
    the caller has checked that it owns the tree."""
    if thread is not None and not isinstance(thread, threading.Thread):
        raise TypeError(f"hand_over takes a threading.Thread or None, not {type(thread).__name__}")
    with _tree_lock:
        for member in _tree_members(node):
            member._thread, member._ident = thread, None if thread is None else thread.ident
