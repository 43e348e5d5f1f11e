"""The web host: roots shown in browsers (``frond_web.h``, libfrond_web).

A :class:`WebServer` serves a page; each browser that opens it gets a root from the
`session` function, shown as absolutely positioned DOM elements; clicks, toggles and typing
come back as host events (``onTap``, ``onValueChange``) through the responder chain::

    from frond import Component, Root
    from frond.web import WebServer

    def session(info):            # one root per page (or return a shared one)
        root = Root()
        root.set_component(Component("button", {"title": "Hi", "onTap": lambda event: print("tap")},
                                     width=80, height=24))
        return root

    with WebServer(session, port=8000) as server:
        print(server.url)
        server.serve_forever()   # Ctrl-C stops it (raising KeyboardInterrupt)

Threads: the server runs on the thread that calls :meth:`WebServer.run` or
:meth:`WebServer.serve_forever`; sessions, events, flushes and every callback happen there,
so the roots it serves (made by `session`, on that thread) are used from that thread.
:meth:`WebServer.call_soon` runs a function there from any other thread, and
:meth:`WebServer.stop` ends :meth:`serve_forever` from any thread.

When a page leaves, `on_session_end(info, root, last)` is called; by default a root is
closed when its last page leaves (a root shared by several pages and meant to outlive
them needs an `on_session_end` of its own). Text is measured with Pango and drawn in the
page with the same font files and Pango's line breaks (see ``include/frond_web.h``).

A path can serve lists instead (:meth:`WebServer.serve_lists`): each page gets a
:class:`~frond.ListView` of its own whose content is the page's document, the window's
visible part its viewport, so that only what is near it is mounted::

    def feed(info):
        return ListView(lambda post: Text(post), cross_size=info.width,
                        text_measurer=server.text_measurer, items=…)
    server.serve_lists("/feed", feed)

The functions come from libfrond_web, loaded when this module first calls one.
"""
from __future__ import annotations

import ctypes
import math
import os
import signal
import sys
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import _web_capi as _capi
from ._runtime import DESTROY, Handle, address, call, registry, user_data
from .errors import FrondError
from .list_view import ListView
from .root import Root
from .text_measurer import NativeTextMeasurer

__all__ = ["WebServer", "SessionInfo", "WebStatistics", "DEFAULT_MAX_MESSAGE_BYTES"]

#: The longest message a page may send unless `max_message_bytes` says otherwise.
DEFAULT_MAX_MESSAGE_BYTES = 65536


@dataclass(frozen=True)
class SessionInfo:
    """A page's session: its number (from 1), the page's path and query ("/", "/feed?x=1"),
    and its viewport in CSS pixels."""

    session: int
    path: str
    width: float
    height: float


@dataclass(frozen=True)
class WebStatistics:
    """What a server has done since it was made (``frond_web_statistics``)."""

    connections: int
    served_roots: int
    sessions: int
    messages_sent: int
    bytes_sent: int
    messages_received: int
    events: int
    refused_messages: int
    commits: int


def _info(info: Any) -> SessionInfo:
    value = info.contents
    return SessionInfo(int(value.session), value.path.decode("utf-8", "replace") if value.path else "",
                       float(value.width), float(value.height))


def _report(what: str) -> int:
    """A Python callback of the server failed: printed, not raised (one page's failure does
    not stop the server), and the status C is given."""
    print(f"frond.web: {what} raised:", file=sys.stderr)
    traceback.print_exc()
    return int(_capi.Status.ERR_CALLBACK)


def _session(out_root: Any, info: Any, key: int | None) -> int:
    try:
        server: WebServer = registry.get(key)
        root = server._begin(_info(info))
        out_root[0] = root._live()
        return 0
    except BaseException:  # noqa: BLE001 — nothing may escape into C
        return _report("the session function")


def _session_end(root: Any, info: Any, last: bool, key: int | None) -> int:
    try:
        server: WebServer = registry.get(key)
        server._end(address(root), _info(info), bool(last))
        return 0
    except BaseException:  # noqa: BLE001
        return _report("on_session_end")


def _log(line: bytes | None, key: int | None) -> int:
    try:
        registry.get(key)(line.decode("utf-8", "replace") if line else "")
        return 0
    except BaseException:  # noqa: BLE001
        return _report("on_log")


def _list_session(out_list: Any, info: Any, key: int | None) -> int:
    try:
        server: WebServer = registry.get(key)
        out_list[0] = server._begin_list(_info(info))._live()
        return 0
    except BaseException:  # noqa: BLE001 — nothing may escape into C
        return _report("the list session function")


def _list_session_end(handle: Any, info: Any, key: int | None) -> int:
    try:
        server: WebServer = registry.get(key)
        server._end_list(address(handle), _info(info))
        return 0
    except BaseException:  # noqa: BLE001
        return _report("on_session_end (a list's)")


_C_SESSION = _capi.frond_web_session_func(_session)
_C_LIST_SESSION = _capi.frond_web_list_session_func(_list_session)
_C_LIST_SESSION_END = _capi.frond_web_list_session_end_func(_list_session_end)
_C_SESSION_END = _capi.frond_web_session_end_func(_session_end)
_C_LOG = _capi.frond_web_log_func(_log)


def _text(value: str | os.PathLike[str] | None, name: str) -> bytes | None:
    if value is None:
        return None
    encoded = os.fsencode(value) if isinstance(value, os.PathLike) else str(value).encode("utf-8")
    if b"\0" in encoded:
        raise ValueError(f"{name} {value!r} contains a NUL character")
    return encoded


class WebServer(Handle):
    """Serves roots to browsers (``frond_web_server``); listening starts at once.

    `session(info)` returns the root for a new page (a :class:`~frond.Root` made for it, or
    one already served, which the page then shares). `address` and `port` (0: any free
    port; :attr:`port` tells which) say where to listen; `max_message_bytes` bounds what a
    page may send (a longer message closes its connection); `keep_size_range` keeps the
    roots' size ranges and the lists' widths (otherwise a root, or a served list, is as wide
    as its page); `keep_text_measurer`
    keeps their text measurers (otherwise Pango's, in `font_family`); `image_directory`
    is where image views' ``source`` files are served from; `title` is the page's title;
    `frame_interval` the seconds between animation ticks (1/60); `on_log(line)` receives
    what went wrong without stopping the server (standard error otherwise)."""

    _free_function = "frond_web_server_free"

    def __init__(self, session: Callable[[SessionInfo], Root], *,
                 on_session_end: Callable[[SessionInfo, Root, bool], None] | None = None,
                 address: str = "127.0.0.1", port: int = 0, max_message_bytes: int = 0,
                 keep_size_range: bool = False, keep_text_measurer: bool = False, font_family: str | None = None,
                 image_directory: str | os.PathLike[str] | None = None, title: str | None = None,
                 frame_interval: float | None = None, on_log: Callable[[str], None] | None = None) -> None:
        if not callable(session):
            raise TypeError(f"session must be callable, not {type(session).__name__}")
        if on_session_end is not None and not callable(on_session_end):
            raise TypeError(f"on_session_end must be callable or None, not {type(on_session_end).__name__}")
        if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535:
            raise ValueError(f"port must be an int within 0…65535, not {port!r}")
        if isinstance(max_message_bytes, bool) or not isinstance(max_message_bytes, int) or max_message_bytes < 0:
            raise ValueError(f"max_message_bytes must be an int ≥ 0, not {max_message_bytes!r}")
        self._session = session
        self._on_session_end = on_session_end
        #: The roots served, by handle value (kept alive while served).
        self._roots: dict[int, Root] = {}
        #: List paths → (session, on_session_end); the lists served, by handle value.
        self._list_paths: dict[str, tuple[Callable[[SessionInfo], ListView],
                                          Callable[[SessionInfo, ListView], None] | None]] = {}
        self._lists: dict[int, tuple[ListView, Callable[[SessionInfo, ListView], None] | None]] = {}
        self._calls: list[Callable[[], None]] = []
        self._calls_lock = threading.Lock()
        self._stopping = False
        self._address = address
        config = _capi.frond_web_config(struct_size=ctypes.sizeof(_capi.frond_web_config))
        strings = [_text(address, "address"), _text(font_family, "font_family"),
                   _text(image_directory, "image_directory"), _text(title, "title")]
        config.address, config.font_family, config.image_directory, config.title = strings
        config.port = port
        config.max_message_bytes = max_message_bytes
        config.keep_size_range = bool(keep_size_range)
        config.keep_text_measurer = bool(keep_text_measurer)
        config.frame_interval = 0.0 if frame_interval is None else float(frame_interval)
        handle = ctypes.POINTER(_capi.frond_web_server)()
        call("frond_web_server_new", ctypes.byref(handle), ctypes.byref(config), _C_SESSION, _C_SESSION_END,
             user_data(registry.add(self, self._own_arena())), DESTROY)
        self._handle = handle
        if on_log is not None:
            if not callable(on_log):
                self.close()
                raise TypeError(f"on_log must be callable or None, not {type(on_log).__name__}")
            call("frond_web_server_set_log_handler", handle, _C_LOG, user_data(registry.add(on_log, self._own_arena())),
                 DESTROY)

    def __repr__(self) -> str:
        return "<frond.web.WebServer (closed)>" if self._handle is None else f"<frond.web.WebServer {self.url}>"

    # ---- sessions (on the serving thread) -------------------------------------------------

    def _begin(self, info: SessionInfo) -> Root:
        root = self._session(info)
        if not isinstance(root, Root):
            raise TypeError(f"session must return a frond.Root, not {type(root).__name__}")
        self._roots[address(root._live())] = root
        return root

    def _end(self, handle: int, info: SessionInfo, last: bool) -> None:
        root = self._roots.get(handle)
        if root is None:
            return
        if last:
            del self._roots[handle]
        if self._on_session_end is not None:
            self._on_session_end(info, root, last)
        elif last:
            root.close()

    # ---- lists ----------------------------------------------------------------------------

    def serve_lists(self, path: str, session: Callable[[SessionInfo], ListView] | None, *,
                    on_session_end: Callable[[SessionInfo, ListView], None] | None = None) -> None:
        """Serves pages at `path` ("/…", without a query) lists instead of roots:
        `session(info)` returns a new vertical :class:`~frond.ListView` for each page (one
        page per list), made with ``text_measurer=server.text_measurer`` so that its text
        breaks as the page draws it. `on_session_end(info, list)` hears the page leave
        (default: the list is closed). `session` None serves roots there again."""
        if session is not None and not callable(session):
            raise TypeError(f"session must be callable or None, not {type(session).__name__}")
        if on_session_end is not None and not callable(on_session_end):
            raise TypeError(f"on_session_end must be callable or None, not {type(on_session_end).__name__}")
        encoded = _text(path, "path")
        if session is None:
            call("frond_web_server_serve_lists", self._live(), encoded, _capi.frond_web_list_session_func(),
                 _capi.frond_web_list_session_end_func(), None, _capi.frond_destroy_func())
            self._list_paths.pop(path, None)
            return
        call("frond_web_server_serve_lists", self._live(), encoded, _C_LIST_SESSION, _C_LIST_SESSION_END,
             user_data(registry.add(self, self._own_arena())), DESTROY)
        self._list_paths[path] = (session, on_session_end)

    @property
    def text_measurer(self) -> NativeTextMeasurer:
        """The server's Pango measurer, for a served list's ``ListView(text_measurer=…)``
        (thread-safe, in C)."""
        function = _capi.frond_text_measure_func()
        data = ctypes.c_void_p()
        call("frond_web_server_get_text_measurer", ctypes.byref(function), ctypes.byref(data), self._live())
        return NativeTextMeasurer(function, data.value)

    def _begin_list(self, info: SessionInfo) -> ListView:
        entry = self._list_paths.get(info.path.split("?", 1)[0])
        if entry is None:
            raise LookupError(f"no list session for {info.path}")
        made = entry[0](info)
        if not isinstance(made, ListView):
            raise TypeError(f"a list session must return a frond.ListView, not {type(made).__name__}")
        # What the server would refuse (the page closed, the list kept) is refused here, so
        # that only lists the server serves are kept until their session ends.
        if made.horizontal:
            raise ValueError("a list page scrolls vertically: its list must be vertical")
        if address(made._live()) in self._lists:
            raise ValueError("the list shows on another page already (each page needs a list of its own)")
        if made.statistics.host_views:
            raise ValueError("the list has mounted items another host shows")
        self._lists[address(made._live())] = (made, entry[1])  # (the session end of when it began)
        return made

    def _end_list(self, handle: int, info: SessionInfo) -> None:
        entry = self._lists.pop(handle, None)
        if entry is None:
            return
        made, on_end = entry
        if on_end is not None:
            on_end(info, made)
        else:
            made.close()

    # ---- running --------------------------------------------------------------------------

    @property
    def port(self) -> int:
        """The port the server listens on."""
        value = ctypes.c_uint16()
        call("frond_web_server_get_port", ctypes.byref(value), self._live())
        return value.value

    @property
    def url(self) -> str:
        """The page's address, such as ``http://127.0.0.1:8000/``."""
        host = f"[{self._address}]" if ":" in self._address else self._address
        return f"http://{host}:{self.port}/"

    def run(self, seconds: float = math.inf) -> None:
        """Serves on this thread for `seconds` (inf: until :meth:`interrupt`), then runs what
        :meth:`call_soon` queued. A Python callback's exception during a flush (a render)
        is raised from here once the call returns; the server keeps its state."""
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or math.isnan(seconds) or seconds < 0:
            raise ValueError(f"seconds must be a number ≥ 0 (inf: until interrupted), not {seconds!r}")
        try:
            call("frond_web_server_run", self._live(), float(seconds))
        finally:
            self._run_calls()

    def interrupt(self) -> None:
        """Makes the current (or next) :meth:`run` return soon. Any thread."""
        call("frond_web_server_interrupt", self._live())

    def call_soon(self, function: Callable[[], None]) -> None:
        """Runs `function` on the serving thread, after the current run's step (any thread).
        What it gives a served root (a component, props, a state update) shows without a
        flush of its own: the server flushes roots that have work after each step. An
        exception it raises is printed, and serving goes on."""
        with self._calls_lock:
            self._calls.append(function)
        self.interrupt()

    def _run_calls(self) -> None:
        """Runs what call_soon queued, in order: one that raises is printed and the others
        still run (it ended serve_forever, and the calls after it never ran)."""
        with self._calls_lock:
            calls, self._calls = self._calls, []
        for function in calls:
            try:
                function()
            except Exception:  # (KeyboardInterrupt and SystemExit go through)
                traceback.print_exc()

    def serve_forever(self, poll_interval: float = 0.25) -> None:
        """Serves until :meth:`stop` (any thread) or Ctrl-C, which raises KeyboardInterrupt
        out of it (returning every `poll_interval` seconds to Python lets the interrupt
        through). A callback's exception is printed and serving goes on.

        On the main thread, while Python's own SIGINT handler is the one installed, Ctrl-C
        interrupts the run and is raised once it returns: raised inside a callback that C
        called (a destroy function, a listener), Python would only print it as an exception
        ignored, and serving would go on."""
        self._stopping = False
        interrupted: list[bool] = []
        previous = None
        if (threading.current_thread() is threading.main_thread()
                and signal.getsignal(signal.SIGINT) is signal.default_int_handler):
            def on_interrupt(number: int, frame: object) -> None:
                if interrupted:  # (a second Ctrl-C: a callback that never returns is stopped as before)
                    raise KeyboardInterrupt
                interrupted.append(True)
                self._stopping = True
                if self._handle is not None:
                    self.interrupt()

            previous = signal.signal(signal.SIGINT, on_interrupt)
        try:
            while not self._stopping:
                try:
                    self.run(poll_interval)
                except FrondError:
                    traceback.print_exc()
        finally:
            if previous is not None:
                signal.signal(signal.SIGINT, previous)
        if interrupted:
            raise KeyboardInterrupt

    def stop(self) -> None:
        """Ends :meth:`serve_forever` (any thread)."""
        self._stopping = True
        if self._handle is not None:
            self.interrupt()

    @property
    def statistics(self) -> WebStatistics:
        """What the server has done so far (on the serving thread, or while it is not running)."""
        value = _capi.frond_web_statistics(struct_size=ctypes.sizeof(_capi.frond_web_statistics))
        call("frond_web_server_get_statistics", ctypes.byref(value), self._live())
        return WebStatistics(*(int(getattr(value, field[0])) for field in _capi.frond_web_statistics._fields_[1:]))

    def _did_close(self) -> None:
        self._roots.clear()
        self._lists.clear()


def handle_count() -> int:
    """The number of live web servers (for leak checks)."""
    count = ctypes.c_size_t()
    call("frond_web_handle_count", ctypes.byref(count))
    return count.value
