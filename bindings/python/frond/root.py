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
"""
from __future__ import annotations

import ctypes
import math
import threading
from dataclasses import dataclass, fields
from typing import Any

from . import _capi
from ._capi import FROND_EVENT_TAP, ActionOutcome, SizeRangeKind
from ._runtime import DESTROY, Handle, call, registry, user_data
from ._threads import ThreadOwner, entered
from .components import Component
from .action import C_UNHANDLED, ActionHandler
from .attribute import AttributeValue, c_string, encode_attributes
from .host import C_HOST, Host
from .render import EventResult, pending_animations
from .value import real_number

__all__ = ["Root", "SizeRange", "CommitStatistics", "SizeRangeKind"]


@dataclass(frozen=True)
class SizeRange:
    """How a root sizes its component: `fixed`, `flexible_height` (width fixed),
    `flexible_width` (height fixed) or `fit_content` (None: no maximum)."""

    kind: SizeRangeKind
    width: float = math.nan
    height: float = math.nan

    @staticmethod
    def fixed(width: float, height: float) -> SizeRange:
        return SizeRange(SizeRangeKind.FIXED, real_number(width, "width"), real_number(height, "height"))

    @staticmethod
    def flexible_height(width: float) -> SizeRange:
        return SizeRange(SizeRangeKind.FLEXIBLE_HEIGHT, width=real_number(width, "width"))

    @staticmethod
    def flexible_width(height: float) -> SizeRange:
        return SizeRange(SizeRangeKind.FLEXIBLE_WIDTH, height=real_number(height, "height"))

    @staticmethod
    def fit_content(width: float | None = None, height: float | None = None) -> SizeRange:
        return SizeRange(SizeRangeKind.FIT_CONTENT, math.nan if width is None else real_number(width, "width"),
                         math.nan if height is None else real_number(height, "height"))

    def _c(self) -> Any:
        if not isinstance(self.kind, SizeRangeKind):
            raise TypeError(f"SizeRange.kind must be a frond.SizeRangeKind, not {type(self.kind).__name__}")
        # Sizes a kind does not use are ignored by C; send them as 0 so that NaN placeholders pass.
        width = self.width if self.kind in (SizeRangeKind.FIXED, SizeRangeKind.FLEXIBLE_HEIGHT,
                                            SizeRangeKind.FIT_CONTENT) else 0.0
        height = self.height if self.kind in (SizeRangeKind.FIXED, SizeRangeKind.FLEXIBLE_WIDTH,
                                              SizeRangeKind.FIT_CONTENT) else 0.0
        return _capi.frond_size_range(ctypes.sizeof(_capi.frond_size_range), self.kind,
                                      real_number(width, "width"), real_number(height, "height"))


@dataclass(frozen=True)
class CommitStatistics:
    """What the last successful flush did (``frond_commit_statistics``): views created,
    updated, moved and destroyed, mutations sent, components built and laid out, times."""

    components: int
    built_nodes: int
    reused_subtrees: int
    renders: int
    should_update_calls: int
    scopes_created: int
    scopes_destroyed: int
    state_updates: int
    dropped_state_updates: int
    layouts: int
    measure_calls: int
    created: int
    destroyed: int
    moved: int
    updated: int
    mutations: int
    views_visited: int
    build_ns: int
    layout_ns: int
    mount_ns: int


class Root(Handle):
    """The owner of one component tree (``frond_root``): give it a component
    (`set_component`), a host, and `flush`.

    A root belongs to the thread that made it: every method but `thread` raises
    `~frond.errors.ThreadError` when called from another thread, until the owner hands it
    over (`hand_over`). State updates through a `Scope` may come from any thread.
    """

    _free_function = "frond_root_free"
    _finalizing = False

    def __init__(self, size_range: SizeRange | None = None, *, host: Host | None = None) -> None:
        self._owner = ThreadOwner("frond.Root")
        self._host: Host | None = None
        self._unhandled: ActionHandler | None = None
        handle = ctypes.POINTER(_capi.frond_root)()
        call("frond_root_new", ctypes.byref(handle), _range(size_range))
        self._handle = handle
        if host is not None:
            try:
                self.host = host
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
        call("frond_root_set_size_range", self._live(), _range(size_range))

    @property
    def host(self) -> Host | None:
        self._live()
        return self._host

    @host.setter
    def host(self, host: Host | None) -> None:
        handle = self._live()
        if host is None:
            call("frond_root_set_host", handle, None, None, _capi.frond_destroy_func())
        else:
            if not isinstance(host, Host):
                raise TypeError(f"host must be a frond.Host (e.g. frond.MemoryHost) or None, "
                                f"not {type(host).__name__}")
            call("frond_root_set_host", handle, ctypes.byref(C_HOST), user_data(registry.add(host)), DESTROY)
        self._host = host

    @property
    def on_unhandled_action(self) -> ActionHandler | None:
        """Called with each action no responder handled (`ActionEvent`; None: no handler).
        An exception it raises makes the call that sent the action raise CallbackError."""
        self._live()
        return self._unhandled

    @on_unhandled_action.setter
    def on_unhandled_action(self, handler: ActionHandler | None) -> None:
        handle = self._live()
        if handler is None:
            call("frond_root_set_unhandled_action_handler", handle, _capi.frond_action_handler_func(), None,
                 _capi.frond_destroy_func())
        else:
            if not callable(handler):
                raise TypeError(f"on_unhandled_action must be callable (ActionEvent) or None, "
                                f"not {type(handler).__name__}")
            # On failure C calls DESTROY with the key before returning.
            call("frond_root_set_unhandled_action_handler", handle, C_UNHANDLED, user_data(registry.add(handler)),
                 DESTROY)
        self._unhandled = handler

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
        finally:
            component._consumed()

    def send_event(self, view: int, event: str = FROND_EVENT_TAP, payload: AttributeValue | None = None) -> EventResult:
        """Reports a host event on mounted `view`: sends the action named by its component's
        attribute `event` ("onTap", "onLongPress", "onValueChange" or any name) with
        `payload` up the responder chain. A handle_action that raises makes it raise
        CallbackError from that exception."""
        if not isinstance(view, int) or isinstance(view, bool) or not 0 <= view < 1 << 64:
            raise TypeError(f"view must be a view id (an int within 0…2**64-1), not {view!r}")
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
        the point with an "onTap" action sends it. `view` is that view (0 and NO_ACTION when
        none was hit)."""
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
        handle = self._live()
        try:
            with entered(self):
                call("frond_root_flush", handle, None)
        finally:
            pending_animations().clear()  # what render classes' animations handed C, copied by now
        return self.statistics

    @property
    def statistics(self) -> CommitStatistics:
        """What the last successful flush did."""
        out = _capi.frond_commit_statistics(struct_size=ctypes.sizeof(_capi.frond_commit_statistics))
        call("frond_root_get_statistics", ctypes.byref(out), self._live())
        return CommitStatistics(**{item.name: int(getattr(out, item.name)) for item in fields(CommitStatistics)})

    def describe(self) -> str:
        """The mounted views as indented lines (``v1 label (x, y, w×h) text="Hi"``)."""
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
        with entered(self):
            super().close()

    def __del__(self) -> None:
        # Nothing else can be using an unreachable root: whichever thread collects it frees it.
        self._finalizing = True
        super().__del__()

    def _did_close(self) -> None:
        self._host = None
        self._unhandled = None


def _range(size_range: object) -> Any:
    if size_range is None:
        return None
    if not isinstance(size_range, SizeRange):
        raise TypeError(f"size_range must be a frond.SizeRange (SizeRange.fixed(w, h), …) or None, "
                        f"not {type(size_range).__name__}")
    return ctypes.byref(size_range._c())
