"""Lists that mount only what is near their viewport (``frond_list``): Litho's incremental
mount over a data source that builds its items on demand.

>>> from frond import ListView, MemoryHost, Text
>>> host = MemoryHost()
>>> feed = ListView(lambda post: Text(post), cross_size=200, host=host, estimated_item_size=20)
>>> feed.data_source.set_items([f"post {number}" for number in range(10_000)])
>>> feed.set_viewport(0, 100)
>>> _ = feed.process(wait=True)
>>> 0 < feed.statistics.mounted_items < 50
True
>>> sorted({view.view_type for view in host.views.values()})
['list-item', 'text']
>>> feed.close()

The list stacks the items of its own `DataSource` (``list.data_source``: apply changesets,
diffs and new models there) along its axis, and builds, lays out and mounts only those
within `range_screens` viewport lengths of the viewport. `set_viewport` parks the items
that left the range (their views hidden, kept for reuse by an item of the same shape),
builds the visible ones at once if they are not built, and queues the rest of the range,
which is built off the host thread: `process` mounts it (``list.data_source.on_ready``
says when). The host gets one ``"list-item"`` container per mounted item (attributes
``section`` and ``item``; ``hidden`` while parked) at the item's frame in the content.
Until an item is laid out its size is an estimate; when real sizes arrive above the
viewport, the viewport's offset moves to keep the first visible item in place
(``on_adjust_offset``). Use a list on one thread: another thread's call while one is
under way raises MisuseError.
"""
from __future__ import annotations

import ctypes
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, NamedTuple

from . import _capi
from ._capi import FROND_EVENT_TAP, ActionOutcome
from ._registry import DESTROY, Arena, registry, user_data
from ._runtime import Handle, call, callback_failed, close_at_exit
from .action import ActionEvent, action_event
from .attribute import AttributeValue, c_string, encode_attributes, view_id
from .render import EventResult
from .data_source import _C_PROVIDER, DataSource, ItemProvider
from .host import C_HOST, Host, check_unclaimed, claim, release
from .lists import ItemPath, _path
from .value import Rect, real_number
from .text_measurer import C_TEXT_MEASURER, ItemTextMeasurer, NativeTextMeasurer, TextMeasurer

__all__ = ["ListView", "ListStatistics"]


class ListStatistics(NamedTuple):
    """A list's counts: items mounted and parked now, views the host has, items mounted
    into new views and into parked ones so far, items parked and destroyed so far, the
    content's length and the viewport's offset."""

    mounted_items: int
    host_views: int
    parked_items: int
    created: int
    reused: int
    parked: int
    destroyed: int
    content_length: float
    offset: float


@dataclass
class _Listener:
    on_content_length: Callable[[float], object] | None
    on_adjust_offset: Callable[[float], object] | None
    on_enter_range: Callable[[ItemPath, Any], object] | None
    on_leave_range: Callable[[ItemPath, Any], object] | None


class _ListDataSource(DataSource):
    """The list's data source: its handle belongs to the list (closing it only forgets it)."""

    _closed_name = "list's data source"

    def __init__(self, handle: Any, arena: Arena, key: Callable[[Any], Hashable] | None,
                 content: Callable[[Any], Any] | None) -> None:
        self._arena = arena
        self._identify_by(key, content)
        self._handle = handle
        self._absorb_item_failures()

    def close(self) -> None:
        self._forget()

    def __del__(self) -> None:
        self._handle = None


class ListView(Handle):
    """A list over its own data source (``frond_list``); see the module's documentation.

    `provider` makes an item's component from its model; `cross_size` is the list's width
    (vertical) or height (horizontal); `estimated_item_size` an item's size until it is laid
    out (None: the average of those laid out so far); `key` and `content` are the data
    source's (see `DataSource`). `text_measurer` sizes the items' text (see
    `frond.text_measurer`, or a `~frond.text_measurer.NativeTextMeasurer`; None: monospace);
    it runs on this thread and on the builder's, so it must be thread-safe.
    """

    _free_function = "frond_list_free"

    def __init__(self, provider: ItemProvider, cross_size: float, *, horizontal: bool = False,
                 estimated_item_size: float | None = None, range_screens: float = 2.0, host: Host | None = None,
                 key: Callable[[Any], Hashable] | None = None, content: Callable[[Any], Any] | None = None,
                 text_measurer: TextMeasurer | NativeTextMeasurer | None = None) -> None:
        if not callable(provider):
            raise TypeError(f"provider must be callable, not {type(provider).__name__}")
        if text_measurer is not None and not isinstance(text_measurer, NativeTextMeasurer) and not callable(text_measurer):
            raise TypeError(f"text_measurer must be callable, not {type(text_measurer).__name__}")
        self._arena = Arena()
        self._host: Host | None = None
        self._unhandled: Callable[[ActionEvent, ItemPath], object] | None = None
        config = _capi.frond_list_config()
        config.struct_size = ctypes.sizeof(config)
        config.axis = int(_capi.ListAxis.HORIZONTAL if horizontal else _capi.ListAxis.VERTICAL)
        config.cross_size = real_number(cross_size, "cross_size")
        config.estimated_item_size = 0.0 if estimated_item_size is None else real_number(estimated_item_size,
                                                                                        "estimated_item_size")
        config.range_screens = real_number(range_screens, "range_screens")
        config.provider = _C_PROVIDER
        config.user_data = registry.add(provider, self._arena)
        config.destroy = DESTROY
        #: The measurer's key: C has no destroy function for it; forgotten when the list closes.
        self._measurer_key: int | None = None
        if isinstance(text_measurer, NativeTextMeasurer):
            config.text_measure = text_measurer.function
            config.text_measure_user_data = text_measurer.user_data
        elif text_measurer is not None:
            self._measurer_key = registry.add(ItemTextMeasurer(text_measurer), self._arena)
            config.text_measure = C_TEXT_MEASURER
            config.text_measure_user_data = self._measurer_key
        handle = ctypes.POINTER(_capi.frond_list)()
        try:
            call("frond_list_new", ctypes.byref(handle), ctypes.byref(config))
        except BaseException:
            registry.discard(self._measurer_key)
            raise
        self._handle = handle
        close_at_exit(self)  # (its builds run on a thread of libfrond's)
        source = ctypes.POINTER(_capi.frond_data_source)()
        call("frond_list_get_data_source", ctypes.byref(source), handle)
        #: The list's items: change them here (changesets, `set_items`, `set_sections`).
        self.data_source: DataSource = _ListDataSource(source, self._arena, key, content)
        if host is not None:
            self.host = host

    def __repr__(self) -> str:
        return "<frond.ListView (closed)>" if self._handle is None else "<frond.ListView>"

    def _did_close(self) -> None:
        # (Forgotten, as a root forgets its host: a host that refers back to the list, as a
        # TkHost does, would otherwise wait for the cycle collector, which may run on any
        # thread, and a Tk interpreter freed off its own thread aborts the process.)
        release(self._host, self)
        self._host = None
        self._unhandled = None
        self.data_source._forget()
        registry.discard(self._measurer_key)

    @property
    def horizontal(self) -> bool:
        """Whether the list stacks its items left to right (as it was made)."""
        axis = ctypes.c_int()
        call("frond_list_get_axis", ctypes.byref(axis), None, self._live())
        return axis.value == int(_capi.ListAxis.HORIZONTAL)

    @property
    def cross_size(self) -> float:
        """The list's width (vertical) or height (horizontal). Setting it (a window resized)
        builds and lays out the built items again at once at the new size, fills the
        viewport again and keeps the first visible item in place on screen, in one commit
        (InvalidArgumentError for a negative or non-finite size)."""
        size = ctypes.c_float()
        call("frond_list_get_axis", None, ctypes.byref(size), self._live())
        return size.value

    @cross_size.setter
    def cross_size(self, size: float) -> None:
        call("frond_list_set_cross_size", self._live(), real_number(size, "cross_size"))

    @property
    def host(self) -> Host | None:
        """Receives the list's views. Set it before the first viewport: a host set after
        views were mounted is not sent them."""
        self._live()
        return self._host

    @host.setter
    def host(self, host: Host | None) -> None:
        handle = self._live()
        if host is None:
            call("frond_list_set_host", handle, None, None, _capi.frond_destroy_func())
        else:
            if not isinstance(host, Host):
                raise TypeError(f"host must be a frond.Host or None, not {type(host).__name__}")
            check_unclaimed(host, self)
            call("frond_list_set_host", handle, ctypes.byref(C_HOST), user_data(registry.add(host, self._arena)),
                 DESTROY)
        if self._host is not host:
            release(self._host, self)
        if host is not None:
            claim(host, self)
        self._host = host

    def set_listener(self, *, on_content_length: Callable[[float], object] | None = None,
                     on_adjust_offset: Callable[[float], object] | None = None,
                     on_enter_range: Callable[[ItemPath, Any], object] | None = None,
                     on_leave_range: Callable[[ItemPath, Any], object] | None = None) -> None:
        """What the list tells besides the mutations: the content's length, an offset to
        scroll to (anchoring, or `scroll_to`), and items entering and leaving the range (working-range
        callbacks, with the item's model). Every model that entered leaves once, with the
        model it entered with: when its item leaves the range, when a change removes the item
        (from the path where it was last placed), or when an update gives the item a new model
        (it leaves with the old one, then enters with the new one). Closing the list calls
        neither. Replaces the previous listener."""
        listener = _capi.frond_list_listener()
        listener.struct_size = ctypes.sizeof(listener)
        if on_content_length is not None:
            listener.did_change_content_length = _C_CONTENT_LENGTH
        if on_adjust_offset is not None:
            listener.did_adjust_offset = _C_ADJUST_OFFSET
        if on_enter_range is not None:
            listener.did_enter_range = _C_ENTER_RANGE
        if on_leave_range is not None:
            listener.did_leave_range = _C_LEAVE_RANGE
        entry = _Listener(on_content_length, on_adjust_offset, on_enter_range, on_leave_range)
        call("frond_list_set_listener", self._live(), ctypes.byref(listener), registry.add(entry, self._arena), DESTROY)

    def tick(self, time: float) -> int:
        """Advances the mounted items' animations to `time` (seconds on a monotonic clock;
        finite, not earlier than the last tick) and sends the host the changed values in
        one commit; then calls the completions of the animations that ended. Returns the
        number of mutations sent. Items start their animations at the list's last tick:
        tick it to the current time before `process`, `set_viewport` and changes to its
        data source, and every frame while `has_running_animations`. An item that a change
        inserts into a list with content starts its initial-mount animations when it is
        built; items that only come near the viewport appear at rest. A mounted item that a
        change removes plays its components' final-unmount animations where it was (its
        container stays, untappable, while the items after it close up) and leaves the host
        on the tick where they end."""
        count = ctypes.c_size_t()
        call("frond_list_tick", self._live(), real_number(time, "time"), ctypes.byref(count))
        return count.value

    @property
    def has_running_animations(self) -> bool:
        """Whether a mounted item animates, or a removed one plays its final-unmount
        animations (keep ticking while True)."""
        out = ctypes.c_bool()
        call("frond_list_has_running_animations", ctypes.byref(out), self._live())
        return out.value

    @property
    def animation_time(self) -> float:
        """The time of the last tick (0 before the first)."""
        out = ctypes.c_double()
        call("frond_list_get_animation_time", ctypes.byref(out), self._live())
        return out.value

    @property
    def on_unhandled_action(self) -> Callable[[ActionEvent, ItemPath], object] | None:
        """Called with each action that no responder of an item handled (an item's chain
        ends at its top component) and the item's path (None: no handler). An exception it
        raises makes the call that sent the action raise CallbackError."""
        self._live()
        return self._unhandled

    @on_unhandled_action.setter
    def on_unhandled_action(self, handler: Callable[[ActionEvent, ItemPath], object] | None) -> None:
        handle = self._live()
        if handler is None:
            call("frond_list_set_unhandled_action_handler", handle, _capi.frond_list_action_handler_func(), None,
                 _capi.frond_destroy_func())
        else:
            if not callable(handler):
                raise TypeError(f"on_unhandled_action must be callable (ActionEvent, ItemPath) or None, "
                                f"not {type(handler).__name__}")
            call("frond_list_set_unhandled_action_handler", handle, _C_UNHANDLED,
                 user_data(registry.add(handler, self._arena)), DESTROY)
        self._unhandled = handler

    def set_viewport(self, offset: float, length: float) -> None:
        """The visible part of the content: from `offset` along the axis, for `length`
        (InvalidArgumentError for negative or non-finite values)."""
        call("frond_list_set_viewport", self._live(), real_number(offset, "offset"), real_number(length, "length"))

    def scroll_to(self, path: ItemPath | tuple[int, int], position: str = "start") -> None:
        """Scrolls to the item at `path`: the viewport moves (keeping its length) so that the
        item's start, centre or end (`position` "start", "center", "end") is at the
        viewport's, within the content; what comes into view is built, the offset is worked
        out again with the real sizes, and the host is told to scroll there (a `TkHost`, the
        web and GTK hosts do). InvalidArgumentError for a path the list lacks."""
        place = _path(path, "path")
        positions = {"start": _capi.ListScrollPosition.START, "center": _capi.ListScrollPosition.CENTER,
                     "end": _capi.ListScrollPosition.END}
        if not isinstance(position, str) or position not in positions:
            raise ValueError(f"position must be \"start\", \"center\" or \"end\", not {position!r}")
        call("frond_list_scroll_to_item", self._live(), _capi.frond_item_path(*place), int(positions[position]))

    def process(self, wait: bool = False) -> int:
        """Mounts what the data source built (with `wait`, builds and mounts everything
        pending, round after round until the range is built: ``data_source.pending`` is
        False after it, but for a far-off estimate that 32 rounds did not settle); returns how many modifications were
        applied, the list's own builds of the items nearing the viewport included."""
        applied = ctypes.c_size_t()
        call("frond_list_process", ctypes.byref(applied), self._live(), wait)
        return applied.value

    @property
    def statistics(self) -> ListStatistics:
        statistics = _capi.frond_list_statistics()
        statistics.struct_size = ctypes.sizeof(statistics)
        call("frond_list_get_statistics", ctypes.byref(statistics), self._live())
        return ListStatistics(statistics.mounted_items, statistics.host_views, statistics.parked_items,
                              statistics.created, statistics.reused, statistics.parked, statistics.destroyed,
                              statistics.content_length, statistics.offset)

    def item_frame(self, path: ItemPath | tuple[int, int]) -> Rect:
        """Where the item is in the content (estimated until it is laid out)."""
        place = _path(path, "path")
        frame = _capi.frond_rect()
        call("frond_list_get_item_frame", ctypes.byref(frame), self._live(), _capi.frond_item_path(*place))
        return Rect(frame.left, frame.top, frame.width, frame.height)

    def send_event(self, view: int, event: str = FROND_EVENT_TAP,
                   payload: AttributeValue | None = None) -> ActionOutcome:
        """Sends a host event on one of the list's views to the item that shows it (as
        `Root.send_event` does for a root)."""
        view_id(view)
        outcome = ctypes.c_int()
        array = encode_attributes({"payload": payload}, "payload") if payload is not None else None
        call("frond_list_send_event", ctypes.byref(outcome), self._live(), view, c_string(event, "event"),
             None if array is None else ctypes.cast(array, ctypes.POINTER(_capi.frond_attribute)))
        return ActionOutcome(outcome.value)

    def tap(self, x: float, y: float) -> EventResult:
        """Reports a tap at (x, y) in the list's content coordinates (where the host placed
        the items' containers; a canvas adds its scroll offset to a click): the mounted item
        under the point hit-tests its views as `Root.tap` does, and the deepest one with an
        "onTap" action sends it. `view` is that view in the host's numbers (0 and NO_ACTION
        when none was hit)."""
        outcome = ctypes.c_int()
        view = ctypes.c_uint64()
        call("frond_list_tap_at", ctypes.byref(outcome), ctypes.byref(view), self._live(), real_number(x, "x"),
             real_number(y, "y"))
        return EventResult(ActionOutcome(outcome.value), view.value)


def _listener(key: int | None) -> _Listener:
    listener: _Listener = registry.get(key)
    return listener


def _content_length(_: Any, length: float, key: int | None) -> None:
    try:
        listener = _listener(key)
        if listener.on_content_length is not None:
            listener.on_content_length(length)
    except BaseException as error:  # noqa: BLE001 — nothing may escape into C
        callback_failed(error)


def _adjust_offset(_: Any, offset: float, key: int | None) -> None:
    try:
        listener = _listener(key)
        if listener.on_adjust_offset is not None:
            listener.on_adjust_offset(offset)
    except BaseException as error:  # noqa: BLE001
        callback_failed(error)


def _enter_range(_: Any, path: Any, model: int | None, key: int | None) -> None:
    try:
        listener = _listener(key)
        if listener.on_enter_range is not None:
            listener.on_enter_range(ItemPath(path.section, path.item), registry.get(model))
    except BaseException as error:  # noqa: BLE001
        callback_failed(error)


def _leave_range(_: Any, path: Any, model: int | None, key: int | None) -> None:
    try:
        listener = _listener(key)
        if listener.on_leave_range is not None:
            listener.on_leave_range(ItemPath(path.section, path.item), registry.get(model))
    except BaseException as error:  # noqa: BLE001
        callback_failed(error)


_C_CONTENT_LENGTH = _capi.frond_list_listener_did_change_content_length_func(_content_length)
_C_ADJUST_OFFSET = _capi.frond_list_listener_did_adjust_offset_func(_adjust_offset)
_C_ENTER_RANGE = _capi.frond_list_listener_did_enter_range_func(_enter_range)
_C_LEAVE_RANGE = _capi.frond_list_listener_did_leave_range_func(_leave_range)


def _unhandled(_: Any, path: Any, action: Any, key: int | None) -> int:
    try:
        registry.get(key)(action_event(action), ItemPath(path.section, path.item))
        return 0
    except BaseException as error:  # noqa: BLE001 — nothing may escape into C
        return callback_failed(error)


_C_UNHANDLED = _capi.frond_list_action_handler_func(_unhandled)
