"""Roots: the owner of a component tree, its layout and its mounted views (`Root`).

    >>> from frond import Component, MemoryHost, Root, SizeRange
    >>> host = MemoryHost()
    >>> with Root(SizeRange.fixed(100, 40), host=host) as root:
    ...     root.set_component(Component("box", {"tint": 0.5}))
    ...     root.flush().created
    ...     print(root.describe() == host.dump(), host.dump())
    1
    True v1 box (0, 0, 100×40) tint=0.5

A flush builds the root's component, lays it out within the size range and sends the
host the mutations that turn the mounted views into the new ones.

**Threads.** A root is used from one thread at a time: the thread that made it, until it
is handed over (`Root.hand_over`). A call from any other thread raises
`~frond.errors.ThreadError` (a MisuseError) before libfrond is reached, and the root, its
tree and its views stay as they were. State updates are the exception:
`Scope.update_state` and `Scope.set_state` may be called from any thread, and are applied
in order by the next flush on the root's thread. Callbacks (renders, handlers, hosts,
controllers) run on the thread of the call that caused them, so they may use the root.

**Providers and asynchronous flushes.** A root's component may come from a provider
(`Root.set_provider`, `Root.set_props`; see `frond.provider`). A flush may be split:
`Root.prepare` builds and lays out — on a worker thread, through `Root.prepare_on`, which
lends the root to an executor's task — and `Root.commit` mounts on the root's thread.
`Root.on_flush_request` is told, on the updating thread, when state updates wait for a
flush.
"""
from __future__ import annotations

import ctypes
import threading
import weakref
from dataclasses import fields
from typing import TYPE_CHECKING, Any


if TYPE_CHECKING:  # (concurrent.futures costs milliseconds at import; only its types are used)
    from concurrent.futures import Executor, Future

from . import _capi
from ._capi import FROND_EVENT_TAP, ActionOutcome, SizeRangeKind, Status
from ._registry import Arena, pinned
from ._runtime import call
from ._threads import ThreadOwner, entered, inside, is_requesting
from .components import Component
from .attribute import AttributeValue, c_string, encode_attributes, view_id
from .errors import MisuseError
from .host import Host
from .provider import ComponentProvider, FlushRequest
from .render import EventResult, pending_animations
from .root_callbacks import RootCallbacks
from .scope import Scope
from .size_range import CommitStatistics, SizeRange, c_size_range
from .text_measurer import TextMeasurer
from .value import Rect, real_number

__all__ = ["Root", "SizeRange", "CommitStatistics", "SizeRangeKind", "ComponentProvider", "FlushRequest"]


class Root(RootCallbacks):
    """The owner of one component tree (``frond_root``): give it a component
    (`set_component`), a host, and `flush`.

    A root belongs to the thread that made it: every method but `thread` raises
    `~frond.errors.ThreadError` when called from another thread, until the owner hands it
    over (`hand_over`). State updates through a `Scope` may come from any thread.

    Its host, handlers, provider, props, text measurer, and what its renders make (states,
    controllers, components and their action handlers) belong to the root (its arena, see
    ``frond._registry``): a root that nothing outside refers to is garbage-collected and
    freed even when they refer back to it. `close` (or ``with``) frees it at once.
    """

    _free_function = "frond_root_free"
    _finalizing = False

    def __init__(self, size_range: SizeRange | None = None, *, host: Host | None = None,
                 text_measurer: TextMeasurer | None = None) -> None:
        self._owner = ThreadOwner("frond.Root")
        self._arena = Arena()
        handle = ctypes.POINTER(_capi.frond_root)()
        call("frond_root_new", ctypes.byref(handle), c_size_range(size_range))
        self._handle = handle
        try:
            if host is not None:
                self.host = host
            if text_measurer is not None:
                self.text_measurer = text_measurer
        except BaseException:
            self.close()
            raise

    def __repr__(self) -> str:
        return "<frond.Root (closed)>" if self._handle is None else f"<frond.Root host={self._host!r}>"

    def _live(self) -> Any:
        """The handle, once the calling thread is known to own the root."""
        handle = super()._live()
        self._owner.check()
        return handle

    @property
    def thread(self) -> threading.Thread | None:
        """The thread that may use the root (None: the next thread that does takes it;
        also once its owner has ended). Readable from any thread."""
        return self._owner.thread

    def hand_over(self, thread: threading.Thread | None = None) -> None:
        """Gives the root to `thread` (a `threading.Thread`, started or not), or with None
        to whichever thread uses it next. Call it on the root's own thread, with no call on
        the root running (e.g. before starting a worker that flushes it); from then on
        calls from this thread raise ThreadError."""
        self._live()
        self._owner.hand_over(thread)

    def set_size_range(self, size_range: SizeRange | None) -> None:
        """The size range of the next flushes (None: fit content without maximums)."""
        call("frond_root_set_size_range", self._live(), c_size_range(size_range))

    @property
    def needs_flush(self) -> bool:
        """Whether a flush has work: a new component, new props, queued state updates, state
        updates that a failed flush applied and no commit shows yet, or (after the first
        commit) a size range or text measurer the mounted views were not laid out with."""
        out = ctypes.c_bool()
        call("frond_root_needs_flush", ctypes.byref(out), self._live())
        return out.value

    def tick(self, time: float) -> int:
        """Advances the animations to `time` (seconds; finite, not earlier than the last
        tick) and sends the host the changed values in one commit; then calls the
        completions of the animations that ended. Returns the number of mutations sent."""
        count = ctypes.c_size_t()
        handle = self._live()
        with entered(self):
            call("frond_root_tick", handle, real_number(time, "time"), ctypes.byref(count))
        return count.value

    @property
    def has_running_animations(self) -> bool:
        """Whether animations are scheduled or running, or views wait for their
        final-unmount animations (keep ticking while True)."""
        out = ctypes.c_bool()
        call("frond_root_has_running_animations", ctypes.byref(out), self._live())
        return out.value

    @property
    def animation_time(self) -> float:
        """The time of the last tick (0 before the first): when the next commit's
        animations start."""
        out = ctypes.c_double()
        call("frond_root_get_animation_time", ctypes.byref(out), self._live())
        return out.value

    def set_component(self, component: Component | None) -> None:
        """The component the next flush shows (None: nothing). The root keeps it alive:
        the Python object may be closed or dropped."""
        if component is not None and not isinstance(component, Component):
            raise TypeError(f"component must be a frond component or None, not {type(component).__name__}")
        handle = self._live()
        if component is None:
            call("frond_root_set_component", handle, None)
            return
        try:
            call("frond_root_set_component", handle, component._live())
            self._own_arena().adopt(component._arena)
        finally:
            component._consumed()

    def send_event(self, view: int, event: str = FROND_EVENT_TAP, payload: AttributeValue | None = None) -> EventResult:
        """Reports a host event on mounted `view`: sends the action named by its component's
        attribute `event` ("onTap", "onLongPress", "onValueChange" or any name) with
        `payload` up the responder chain. A handle_action that raises makes it raise
        CallbackError from that exception."""
        view_id(view)
        if callable(payload):
            raise TypeError("a payload must be an attribute value, not a callable")
        outcome = ctypes.c_int()
        handle = self._live()
        array = encode_attributes({"payload": payload}, "payload") if payload is not None else None
        with entered(self):
            call("frond_root_send_event", ctypes.byref(outcome), handle, view, c_string(event, "event"),
                 None if array is None else ctypes.cast(array, ctypes.POINTER(_capi.frond_attribute)))
        return EventResult(ActionOutcome(outcome.value), view)

    def tap(self, x: float, y: float) -> EventResult:
        """Reports a tap at (x, y) in the root's coordinates: the deepest mounted view under
        the point with an "onTap" action sends it, the views hit where the host shows them
        (animated frames, translations and scales; views leaving with final-unmount
        animations skipped). `view` is that view (0 and NO_ACTION when none was hit)."""
        outcome = ctypes.c_int()
        view = ctypes.c_uint64()
        handle = self._live()
        with entered(self):
            call("frond_root_tap_at", ctypes.byref(outcome), ctypes.byref(view), handle, real_number(x, "x"),
                 real_number(y, "y"))
        return EventResult(ActionOutcome(outcome.value), view.value)

    def flush(self) -> CommitStatistics:
        """Builds, lays out and mounts the component, sends the host the commit and returns
        the statistics of the flush. A host that raises makes it raise CallbackError from
        that exception (after the commit)."""
        handle = self._flushable("flush")
        try:
            with entered(self):
                call("frond_root_flush", handle, None)
        finally:
            pending_animations().clear()  # what render classes' animations handed C, copied by now
        return self.statistics

    # ---- asynchronous flushes -------------------------------------------------------

    def prepare(self) -> None:
        """The first half of a flush: builds and lays out the component (renders, providers,
        should_update and text measurers run now, on this thread), mounting nothing. It may
        run on another thread than the host's: `prepare_on` does it on an executor, or hand
        the root to a thread (`hand_over`), prepare there and hand it back. Then `commit` on
        the root's thread mounts the result, or `discard_prepared` drops it. A failure
        raises what `flush` would and leaves nothing prepared; MisuseError when a flush is
        prepared already."""
        handle = self._flushable("prepare")
        try:
            with entered(self):
                call("frond_root_prepare", handle)
        finally:
            pending_animations().clear()  # C copies animations when render classes give them

    def commit(self) -> CommitStatistics:
        """The second half of a flush: mounts what `prepare` built, sends the host the
        commit and returns the statistics of the whole flush (as `flush` does).
        MisuseError without a prepared flush."""
        handle = self._flushable("commit")
        try:
            with entered(self):
                call("frond_root_commit", handle, None)
        finally:
            pending_animations().clear()
        return self.statistics

    def discard_prepared(self) -> None:
        """Drops a prepared flush: the tree and the views stay as the last commit left them
        (state updates it applied stay applied). MisuseError without a prepared flush."""
        handle = self._live()
        with entered(self):
            call("frond_root_discard_prepared", handle)

    @property
    def has_prepared_flush(self) -> bool:
        """Whether a prepared flush waits for `commit` or `discard_prepared`."""
        out = ctypes.c_bool()
        call("frond_root_has_prepared_flush", ctypes.byref(out), self._live())
        return out.value

    def prepare_on(self, executor: Executor) -> Future[None]:
        """Runs `prepare` as a task of `executor` (a `concurrent.futures.Executor`, or
        anything whose ``submit(fn)`` returns a Future) and returns its future. The root is
        lent to the task: until the future is done, every call on it from any other thread
        raises ThreadError; then it belongs to this thread again, which calls `commit`
        (``root.prepare_on(pool).result(); root.commit()``). The future raises what
        `prepare` raised. A task cancelled before it ran gives the root back too."""
        self._flushable("prepare")
        submit = getattr(executor, "submit", None)
        if not callable(submit):
            raise TypeError(f"prepare_on takes a concurrent.futures.Executor (anything with submit(fn)), "
                            f"not {type(executor).__name__}")
        if inside(self):
            raise MisuseError(Status.ERR_MISUSE, "prepare_on cannot be called from inside a call on the root "
                              "(a render, a handler, a host): the root is busy")
        owner = threading.current_thread()
        lender = self._owner
        lender.lend("being prepared by Root.prepare_on")

        def prepare() -> None:
            lender.claim()
            try:
                self.prepare()
            finally:
                lender.give_back(owner)

        try:
            future: Future[None] = submit(prepare)
        except BaseException:
            lender.give_back(owner)
            raise
        future.add_done_callback(lambda done: lender.give_back(owner) if done.cancelled() else None)
        return future

    def _flushable(self, what: str) -> Any:
        """The handle, unless this thread is running the root's flush request."""
        handle = self._live()
        if is_requesting(self):
            raise MisuseError(Status.ERR_MISUSE, f"cannot {what} the root from inside its flush request "
                              "(on_flush_request): schedule the flush instead")
        return handle

    @property
    def statistics(self) -> CommitStatistics:
        """What the last committed flush did (also one whose host raised: that comes after
        the commit, and the mutations were sent)."""
        out = _capi.frond_commit_statistics(struct_size=ctypes.sizeof(_capi.frond_commit_statistics))
        call("frond_root_get_statistics", ctypes.byref(out), self._live())
        return CommitStatistics(**{item.name: int(getattr(out, item.name)) for item in fields(CommitStatistics)})

    def find_view(self, key: str, *more_keys: str) -> int | None:
        """The mounted view that shows the component at the key path `key`, `more_keys`…,
        or None.

        A key path names a component of the committed tree by the keys on the way to it:
        the first component (in tree order) with the first key, then the first below it
        with the next, and so on, whatever unkeyed components lie between:
        ``root.find_view("list", "row-42")``. The view is the component's own or, for a
        viewless component wrapping one child (a render component), its child's. On the
        root's thread between flushes (MisuseError from inside its callbacks)."""
        found = ctypes.c_uint64()
        call("frond_root_find_view", ctypes.byref(found), self._live(), *self._key_path((key, *more_keys)))
        return found.value or None

    def find_scope(self, key: str, *more_keys: str) -> Scope | None:
        """The scope of the stateful component at the key path `key`, `more_keys`… (see
        `find_view`), or None when
        none matches or it is stateless: the same scope its render gets."""
        found = ctypes.POINTER(_capi.frond_scope)()
        call("frond_root_find_scope", ctypes.byref(found), self._live(), *self._key_path((key, *more_keys)))
        if not found:
            return None
        scope = Scope(found)
        scope._root = weakref.ref(self)
        return scope

    def frame_in_root(self, view: int) -> Rect:
        """The laid-out frame of mounted `view` in the root's coordinates (its frame offset
        by the views it is in). InvalidArgumentError for a view that is not mounted."""
        view_id(view)
        out = _capi.frond_rect()
        call("frond_root_get_frame_in_root", ctypes.byref(out), self._live(), view)
        return Rect(out.left, out.top, out.width, out.height)

    @staticmethod
    def _key_path(keys: tuple[str, ...]) -> tuple[Any, int]:
        """A key path as C takes it (an array of strings and its length); at least one key."""
        if not keys:
            raise TypeError("a key path needs at least one key")
        encoded = [c_string(key, f"key_path[{index}]") for index, key in enumerate(keys)]
        return (ctypes.c_char_p * len(encoded))(*encoded), len(encoded)

    def describe(self) -> str:
        """The mounted views as the host has them, as indented lines (``v1 label (x, y,
        w×h) text="Hi"``): while an animation runs, the animated values the host was sent."""
        return self._text("frond_root_describe")

    def describe_components(self) -> str:
        """The component tree of the last successful flush as indented lines."""
        return self._text("frond_root_describe_components")

    def _text(self, function: str) -> str:
        handle = self._live()
        length = ctypes.c_size_t()
        call(function, ctypes.byref(length), handle, None, 0)
        buffer = ctypes.create_string_buffer(length.value + 1)
        call(function, ctypes.byref(length), handle, buffer, len(buffer))
        return buffer.value.decode("utf-8", "replace")

    def close(self) -> None:
        """Frees the root (a second call does nothing): its mounted state, its controllers
        (told to unmount and invalidate) and its host's reference. On the root's thread."""
        if self._handle is None:
            return
        if not self._finalizing:
            self._owner.check("closed")
        # (Collected in a cycle, the root's arena is no longer reachable through the
        # registry's weak references: pinned, C's last callbacks still find its values.)
        with entered(self), pinned(self._arena):
            super().close()

    def __del__(self) -> None:
        # Nothing else can be using an unreachable root: whichever thread collects it frees it.
        self._finalizing = True
        super().__del__()

