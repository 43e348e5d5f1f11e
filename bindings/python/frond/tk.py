"""The Tk host: a root's views in a Tk window, from the standard library alone.

    import tkinter
    from frond import Component, Root, SizeRange
    from frond.tk import TkHost

    window = tkinter.Tk()
    host = TkHost(window, width=360, height=240)      # a Canvas, packed into `window`
    root = Root(SizeRange.flexible_height(360))
    host.mount(root)                                   # its host, text measurer and flushes
    root.set_component(Component("button", {"title": "Hi", "onTap": lambda event: print("tap")},
                                 width=80, height=24))
    window.mainloop()

Views are drawn on a `tkinter.Canvas` at their frames, moved by `translationX` and
`translationY` (`scale` is not drawn): boxes as rectangles (background,
border, corner radius, opacity blended into the colors, hidden), text as Tk text set in the
lines the host's measurer broke it into, images from `source` (PNG or GIF); and view types
that take input are real Tk widgets placed on the canvas: ``button`` (a Button showing
`title`; its click is ``onTap``), ``checkbox``/``switch``/``toggle`` (a Checkbutton
showing `checked`; a click is ``onValueChange`` with the new bool, then ``onTap``),
``textField``/``entry``/``input`` (an Entry showing `value`, or what was typed when its
component gives none; typing is ``onValueChange`` with the text, and once the root has
answered it the Entry shows the root's `value`: a program may refuse, cut or change what is
typed; with `secure` true it shows bullets), ``slider``/``range`` (a Scale from `min`, 0,
to `max`, 1, on `step` when it has one, showing `value`; moving it is ``onValueChange``
with the number, and it shows the root's `value` once the root has answered it). A click
elsewhere on the canvas is a tap at that point
(`Root.tap`, Frond's own hit-testing, which skips a view leaving with its final-unmount
animations; the widgets in one are disabled). Text is measured with Tk's fonts (`measure_text`,
the root's text measurer once mounted), so what is laid out is what Tk draws.

Drawing code of the program's own (a chart, a gauge: the view of a `LegacyComponent`, say)
draws a view type: ``host.set_drawer("gauge", draw)`` calls ``draw(drawing)`` for each view
of that type, after its background and border, with a `ViewDrawing` (the canvas, the view's
box in canvas coordinates, its attributes, its opacity and the tags to give every canvas
item it makes, so that the host deletes them when it draws the view again). An exception it
raises fails the flush (or tick) that drew, as a host's does.

A host shows a root (`mount`) or a list (`mount_list`): a vertical `ListView` whose
items are drawn in the content's coordinates and scrolled by Tk itself (the canvas's
scroll region is the list's content; the mouse wheel, a scrollbar and the keys Up, Down,
Page Up, Page Down, Home and End scroll it). Each scroll sets the list's viewport; the list
builds its range on Tk's thread, in idle time (the host is its data source's executor), so
that the items' text is measured with Tk's fonts: make the list with
``text_measurer=host.measure_text``. A resized window gives the list its new width; when the
list moves its offset to keep the first visible item in place (items inserted above it,
real sizes replacing estimates), the view follows; End stays at the end while the last items
are laid out. An item that fails to build is said on stderr (the window shows nothing for
it). Tk widgets (buttons, fields) are drawn at full opacity.

Threads: everything runs on Tk's thread. A flush is scheduled with ``after_idle`` when state
changes; animations are ticked with ``after`` every `frame_interval` seconds while they run.
State updates from other threads must reach Tk's thread first (a queue polled with
``after``): Tk may only be called from its own thread.
"""
from __future__ import annotations

import ctypes
import sys
import threading
import time
from collections import deque
import tkinter
import tkinter.font
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from ._capi import MeasureMode, MutationKind, Status
from ._runtime import call
from .attribute import AttributeValue, Color
from .errors import MisuseError
from .host import Host, Mutation
from .list_view import ListView
from .root import Root
from .text_measurer import TextStyle
from .value import Rect

__all__ = ["TkHost", "ViewDrawing"]

_BUTTONS = {"button"}
_TOGGLES = {"checkbox", "switch", "toggle"}
_ENTRIES = {"textField", "textfield", "entry", "input"}
_SLIDERS = {"slider", "range"}


@dataclass
class _View:
    id: int
    type: str
    attributes: dict[str, AttributeValue | None] = field(default_factory=dict)
    frame: Rect = Rect(0.0, 0.0, 0.0, 0.0)
    parent: int | None = None
    children: list[int] = field(default_factory=list)
    widget: Any = None
    variable: Any = None
    window: int | None = None   # the canvas item holding the widget
    trace: str | None = None    # the text field's write trace (Tcl holds it, and through it the host)
    typed: bool = False         # a text field typed in (or a slider moved) whose input the root has not answered yet


def _slider_range(attributes: dict[str, AttributeValue | None]) -> tuple[float, float, float]:
    """A slider's `min` (0), `max` (1; at least `min`) and `step` (0: none)."""
    def number(name: str, default: float) -> float:
        value = attributes.get(name)
        return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else default
    low = number("min", 0.0)
    return low, max(number("max", 1.0), low), max(number("step", 0.0), 0.0)


def _slider_value(attributes: dict[str, AttributeValue | None], low: float) -> float:
    value = attributes.get("value")
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else low


def _caret_after(at: int, old: str, text: str) -> int:
    """Where a caret at `at` in `old` goes when `text` replaces it: by the text around it,
    what the program kept before and after the change (a refused key, a cut end, an
    upper-cased first letter hold it in place)."""
    prefix = 0
    while prefix < min(len(old), len(text)) and old[prefix] == text[prefix]:
        prefix += 1
    suffix = 0
    while suffix < min(len(old), len(text)) - prefix and old[len(old) - 1 - suffix] == text[len(text) - 1 - suffix]:
        suffix += 1
    if at <= prefix:
        return at
    if at >= len(old) - suffix:
        return len(text) - (len(old) - at)
    return min(at, len(text) - suffix)


class ViewDrawing(NamedTuple):
    """What a drawer (`TkHost.set_drawer`) draws: a view of its type on `canvas`, in the box
    from (`x`, `y`), `width` × `height`, in canvas coordinates, with the view's `attributes`
    and `opacity` (its own times its ancestors': Tk has no translucency, so blend it into the
    colors). Give every canvas item `tags`."""

    canvas: tkinter.Canvas
    x: float
    y: float
    width: float
    height: float
    attributes: dict[str, AttributeValue]
    opacity: float
    tags: tuple[str, ...]


class TkHost(Host):
    """Shows a root's views on a Canvas packed into `master` (see the module's documentation)."""

    def __init__(self, master: tkinter.Misc, *, width: int = 400, height: int = 300,
                 background: str = "#ffffff", font_family: str = "DejaVu Sans", frame_interval: float = 1 / 60) -> None:
        self.canvas = tkinter.Canvas(master, width=width, height=height, background=background, highlightthickness=0)
        self.canvas.pack(fill="both", expand=True)
        self.canvas.bind("<Button-1>", self._clicked)
        self.canvas.bind("<Destroy>", self._canvas_destroyed, add="+")
        self.background = self._rgb(background)
        self.font_family = font_family
        self.frame_interval = frame_interval
        self.views: dict[int, _View] = {0: _View(0, "")}
        self.root: Root | None = None
        #: The list shown, when the host shows one (`mount_list`).
        self.list: ListView | None = None
        self.scrollbar: tkinter.Scrollbar | None = None
        self._viewport: tuple[float, float] | None = None   # the list's viewport as last set
        self._viewport_scheduled = False
        self._sync_scheduled = False
        self._pinned_to_end = False   # End was the last scroll: the view stays at the end
        self._content_length = 0.0                           # the scroll region's height
        self._list_offset = 0.0  # the list's offset as this host last set or followed it
        self._builds: deque[Callable[[], object]] = deque()  # the list's builds, run in idle time
        self._tk_thread = threading.get_ident()
        self._poll_after: str | None = None                  # picks up builds queued by other threads
        self._fonts: dict[tuple[str, int, str], tkinter.font.Font] = {}
        self._widths: dict[str, dict[str, int]] = {}  # font name → text → width (see _measure)
        self._flush_scheduled = False
        self._ticking = False
        self._tick_after: str | None = None   # the pending animation tick (cancelled with the canvas)
        self._idle_after: set[str] = set()    # the pending idle calls (flushes; cancelled with the canvas)
        self._canvas_gone = False
        self._clock_start = time.monotonic()
        self._updating = False   # widgets being set from the root (not a person's input)
        self._typing: set[int] = set()  # text fields typed in, until the root answers (see _answer_typing)
        self._changed_items: set[int] | None = None     # a list's items a commit changed (see commit)
        self._drawing_tags: tuple[str, ...] = ("frond",)  # the tags of the canvas items being drawn
        self._drawers: dict[str, Callable[[ViewDrawing], object]] = {}
        self.commits = 0

    def set_drawer(self, view_type: str, draw: Callable[[ViewDrawing], object] | None) -> None:
        """Draws views of `view_type` with `draw(drawing)` from the next drawing on (None:
        as the host does, boxes and text); see the module's documentation."""
        if not isinstance(view_type, str) or not view_type:
            raise TypeError(f"view_type must be a non-empty str, not {view_type!r}")
        if draw is None:
            self._drawers.pop(view_type, None)
        elif not callable(draw):
            raise TypeError(f"a drawer must be callable (ViewDrawing) or None, not {type(draw).__name__}")
        else:
            self._drawers[view_type] = draw

    # ---- mounting ---------------------------------------------------------------------------

    def mount(self, root: Root) -> None:
        """Makes this host `root`'s host and its text measurer Tk's fonts, and flushes the
        root on Tk's loop whenever it needs it. A root that has mounted views already (for
        another host) raises MisuseError: this host would never see them."""
        if self.list is not None:
            raise MisuseError(Status.ERR_MISUSE, "this host shows a list already: a host shows one root or one list")
        mounted = ctypes.c_size_t()
        call("frond_root_get_child_count", ctypes.byref(mounted), root._live(), 0)
        if mounted.value:
            raise MisuseError(Status.ERR_MISUSE, "the root has mounted views already (this host would never see "
                                                 "them): mount it before the root's first flush")
        root.host = self  # (first: a host it refuses leaves this host as it was)
        self.root = root
        root.text_measurer = self.measure_text
        root.on_flush_request = lambda _root: self._when_idle(self._schedule_flush)
        self._schedule_flush()

    def mount_list(self, list_view: ListView, *, scrollbar: bool = True) -> None:
        """Makes this host `list_view`'s host and shows it, scrolled by Tk (see the module's
        documentation): the list takes the canvas's width as its cross size and its height
        as the viewport's length, builds its range on Tk's thread in idle time (the host
        becomes its data source's executor) and is ticked while its items animate; clicks
        go to `ListView.tap`, the widgets' events to `ListView.send_event`. With
        `scrollbar`, a vertical Scrollbar is packed beside the canvas. A vertical list only
        (ValueError); MisuseError when the host shows a root or a list already, or when the
        list has sent views to another host."""
        if self.root is not None or self.list is not None:
            raise MisuseError(Status.ERR_MISUSE, "this host shows a root or a list already: a host shows one of them")
        if list_view.horizontal:
            raise ValueError("TkHost shows vertical lists only")
        if list_view.statistics.host_views:
            raise MisuseError(Status.ERR_MISUSE, "the list has mounted views already (this host would never see "
                                                 "them): mount it before its first viewport")
        self.list = list_view
        list_view.host = self
        list_view.data_source.set_executor(self)
        canvas = self.canvas
        # (No scroll increment: with one, Tk keeps the view's top at its multiples, and the
        # list's offset, which anchoring moves by any amount, could not be shown as it is.)
        canvas.configure(yscrollincrement=0, yscrollcommand=self._list_scrolled, confine=True)
        if scrollbar:
            self.scrollbar = tkinter.Scrollbar(canvas.master, orient="vertical", command=self._scrollbar_moved)
            canvas.pack_forget()
            self.scrollbar.pack(side="right", fill="y")
            canvas.pack(side="left", fill="both", expand=True)
        for sequence, amount, what in (("<Button-4>", -3, "units"), ("<Button-5>", 3, "units"), ("<Up>", -1, "units"),
                                       ("<Down>", 1, "units"), ("<Prior>", -1, "pages"), ("<Next>", 1, "pages")):
            canvas.bind(sequence, self._scroller(amount, what), add="+")
        canvas.bind("<MouseWheel>", lambda event: self._scroll(-3 if event.delta > 0 else 3, "units"), add="+")
        canvas.bind("<Home>", self._scroller(0, "top"), add="+")
        canvas.bind("<End>", self._scroller(0, "end"), add="+")
        canvas.bind("<Configure>", self._list_resized, add="+")
        list_view.cross_size = max(1, int(canvas.cget("width")))
        # (An item that fails to build shows as nothing: said, not silent.)
        list_view.data_source.add_listener(on_apply=self._report_failures)
        self._poll()
        self._schedule_viewport()

    def submit(self, build: Callable[..., Any], /, *arguments: Any) -> None:
        """The list's data source's executor (`DataSource.set_executor`): runs `build` on
        Tk's thread when Tk is idle, then mounts what it built."""
        self._builds.append(lambda: build(*arguments))
        if threading.get_ident() == self._tk_thread:
            self._when_idle(self._run_builds)
        # (From another thread Tk must not be called: the poll runs the build.)

    def _run_builds(self) -> None:
        ran = False
        while self._builds:
            self._builds.popleft()()
            ran = True
        if ran:
            self._process_list()

    def _poll(self) -> None:
        """Runs the builds that other threads queued (a state update made on one), every 50 ms."""
        self._poll_after = None
        if self._canvas_gone or self.list is None or self.list.closed:
            return
        if self._builds:
            self._run_builds()
        self._poll_after = self.canvas.after(50, self._poll)

    def _scroller(self, amount: int, what: str) -> Callable[[Any], None]:
        return lambda _event: self._scroll(amount, what)

    def _scroll(self, amount: int, what: str) -> None:
        """Scrolls by `amount` lines of 20 points or pages (Tk's: nine tenths of the window),
        or to the top or the end. The end stays the end while the items near it are laid out
        (their sizes replace estimates, and the content grows or shrinks under the view)."""
        self._pinned_to_end = what == "end"
        if what == "pages":
            self.canvas.yview_scroll(amount, "pages")
        elif what in ("top", "end"):
            self.canvas.yview_moveto(0 if what == "top" else 1)
        elif self._content_length > 0:
            self.canvas.yview_moveto((self.canvas.canvasy(0) + 20 * amount) / self._content_length)

    def _scrollbar_moved(self, *arguments: Any) -> None:
        self._pinned_to_end = False
        self.canvas.yview(*arguments)

    def _report_failures(self, changes: Any) -> None:
        for failure in changes.failures:
            print(f"frond.tk: list item {tuple(failure.path)} shows nothing: {failure.error}", file=sys.stderr)

    def _list_scrolled(self, first: float | str, last: float | str) -> None:
        """Tk moved the canvas's view (or changed its scroll region): the scrollbar follows,
        and the list gets the new viewport once Tk is idle."""
        if self.scrollbar is not None:
            self.scrollbar.set(first, last)
        self._schedule_viewport()

    def _schedule_viewport(self) -> None:
        if not self._viewport_scheduled:
            self._viewport_scheduled = True
            self._when_idle(self._update_viewport)

    def _list_resized(self, event: Any) -> None:
        list_view = self.list
        if list_view is None or list_view.closed or event.widget is not self.canvas:
            return
        if event.width > 1 and event.width != round(list_view.cross_size):
            self._tick_list()
            list_view.cross_size = event.width
            self._sync_scroll_region()
        self._schedule_viewport()

    def _update_viewport(self) -> None:
        self._viewport_scheduled = False
        list_view = self.list
        if list_view is None or list_view.closed or not self._canvas_exists():
            return
        height = self.canvas.winfo_height()
        viewport = (float(self.canvas.canvasy(0)), float(height if height > 1 else int(self.canvas.cget("height"))))
        if viewport == self._viewport:
            return
        self._viewport = viewport
        self._tick_list()
        list_view.set_viewport(*viewport)
        self._list_offset = viewport[0]
        self._process_list()

    def _tick_list(self) -> None:
        list_view = self.list
        if list_view is not None and not list_view.closed:
            now = self._now()
            if now > list_view.animation_time:
                list_view.tick(now)  # animations the next commit starts begin now

    def _process_list(self) -> None:
        list_view = self.list
        if list_view is None or list_view.closed:
            return
        self._tick_list()
        list_view.process()
        self._answer_typing()
        self._sync_scroll_region()
        self._tick_while_animating()

    def _sync_scroll_region(self) -> None:
        """The scroll region follows the list's content, and the view its offset (the list
        moves the offset to keep the first visible item in place as sizes become known)."""
        self._sync_scheduled = False
        list_view = self.list
        if list_view is None or list_view.closed or not self._canvas_exists():
            return
        statistics = list_view.statistics
        if statistics.content_length != self._content_length:
            self._content_length = statistics.content_length
            self.canvas.configure(scrollregion=(0, 0, list_view.cross_size, self._content_length))
        if self._pinned_to_end:
            if self.canvas.yview()[1] < 1:
                self.canvas.yview_moveto(1)
        elif (self._content_length > 0 and statistics.offset != self._list_offset
              and abs(statistics.offset - self.canvas.canvasy(0)) >= 0.5):
            # (Only when the list moved its offset itself: a view the person just moved, which
            # the list has not been told yet, stays where it is.)
            self._viewport = None
            self.canvas.yview_moveto(statistics.offset / self._content_length)
        self._list_offset = statistics.offset

    def _when_idle(self, function: Callable[[], None]) -> None:
        """Calls `function` once Tk is idle, unless the canvas goes first: a call still pending
        then is cancelled (its command is deleted with the canvas, and Tcl would report it
        missing in whichever window runs the event loop next)."""
        if self._canvas_gone:
            return
        pending: list[str] = []

        def run() -> None:
            self._idle_after.difference_update(pending)
            function()

        pending.append(self.canvas.after_idle(run))
        self._idle_after.update(pending)

    def _schedule_flush(self) -> None:
        if not self._flush_scheduled:
            self._flush_scheduled = True
            self._when_idle(self._flush)

    def _flush(self) -> None:
        self._flush_scheduled = False
        root = self.root
        if root is None or root.closed or not root.needs_flush:
            return
        now = self._now()
        if now > root.animation_time:
            root.tick(now)  # animations this flush starts begin now
        root.flush()
        self._tick_while_animating()

    def _now(self) -> float:
        return time.monotonic() - self._clock_start

    def _tick_while_animating(self) -> None:
        shown: Root | ListView | None = self.root if self.root is not None else self.list
        if self._ticking or shown is None or shown.closed or not shown.has_running_animations:
            return
        self._ticking = True

        def tick() -> None:
            self._ticking = False
            self._tick_after = None
            if shown.closed:
                return
            shown.tick(self._now())
            self._tick_while_animating()

        self._tick_after = self.canvas.after(max(1, round(self.frame_interval * 1000)), tick)

    def _canvas_destroyed(self, event: Any) -> None:
        """The window is closing: what Tcl keeps of this host goes with it (the text fields'
        traces, which refer to the host, and a pending tick or flush, whose command is deleted
        with the canvas), so that the host and its interpreter can be freed."""
        if event.widget is not self.canvas:
            return
        self._canvas_gone = True
        if self._poll_after is not None:
            try:
                self.canvas.after_cancel(self._poll_after)
            except tkinter.TclError:
                pass
            self._poll_after = None
        for pending in self._idle_after:
            try:
                self.canvas.after_cancel(pending)
            except tkinter.TclError:
                pass
        self._idle_after.clear()
        if self._tick_after is not None:
            try:
                self.canvas.after_cancel(self._tick_after)
            except tkinter.TclError:
                pass
            self._tick_after = None
            self._ticking = False
        for view in self.views.values():
            self._forget_trace(view)

    @staticmethod
    def _forget_trace(view: _View) -> None:
        if view.trace is not None:
            try:
                view.variable.trace_remove("write", view.trace)
            except tkinter.TclError:  # the interpreter is gone already
                pass
            view.trace = None

    # ---- text ---------------------------------------------------------------------------------

    def _font(self, family: str | None, size: float, weight: Any) -> tkinter.font.Font:
        bold = weight == "bold" or (isinstance(weight, (int, float)) and not isinstance(weight, bool) and weight >= 600)
        weight_name: Literal["normal", "bold"] = "bold" if bold else "normal"
        key = (family or self.font_family, max(1, round(size)), weight_name)
        font = self._fonts.get(key)
        if font is None:
            # A negative size is in pixels: the points Frond lays out.
            font = self._fonts[key] = tkinter.font.Font(root=self.canvas, family=key[0], size=-key[1], weight=weight_name)
        return font

    def _measure(self, font: tkinter.font.Font, text: str) -> int:
        """`font.measure(text)`, remembered: drawing a text again (every commit redraws the
        canvas) and measuring it for layout ask for the same lines, and each is a Tcl call."""
        widths = self._widths.get(font.name)
        if widths is None:
            widths = self._widths[font.name] = {}
        width = widths.get(text)
        if width is None:
            if len(widths) >= 50_000:
                widths.clear()
            width = widths[text] = font.measure(text)
        return width

    def _lines(self, text: str, font: tkinter.font.Font, width: float | None) -> list[str]:
        """`text` broken at spaces into lines no wider than `width` (None: only at line
        breaks); a word wider than the line gets a line of its own."""
        lines: list[str] = []
        for paragraph in text.split("\n"):
            words = paragraph.split(" ")
            line = words[0]
            for word in words[1:]:
                candidate = f"{line} {word}"
                if width is not None and self._measure(font, candidate) > width:
                    lines.append(line)
                    line = word
                else:
                    line = candidate
            lines.append(line)
        return lines

    def measure_text(self, text: str, style: TextStyle, width: float, width_mode: MeasureMode, height: float,
                     height_mode: MeasureMode) -> tuple[float, float]:
        """A text measurer with Tk's fonts: the lines `_draw` sets the text in. Once the
        window is gone (and Tk's fonts with it) text is measured as Frond's default measurer
        does (0.6 × the font size a character), so the root can still flush until closed."""
        if not self._canvas_exists():
            longest = max(len(line) for line in text.split("\n"))
            return longest * 0.6 * style.font_size, (text.count("\n") + 1) * style.line_height
        font = self._font(style.font_family, style.font_size, style.font_weight)
        limit = None if width_mode == MeasureMode.UNDEFINED or width != width else max(width, 0.0)
        lines = self._lines(text, font, limit)
        if style.max_lines > 0:
            lines = lines[:style.max_lines]
        measured_width = width if width_mode == MeasureMode.EXACTLY else max(self._measure(font, line) for line in lines)
        measured_height = len(lines) * style.line_height
        if height_mode == MeasureMode.EXACTLY:
            measured_height = height
        elif height_mode == MeasureMode.AT_MOST:
            measured_height = min(measured_height, height)
        return float(measured_width), float(measured_height)

    # ---- commits ------------------------------------------------------------------------------

    def commit(self, mutations: Sequence[Mutation]) -> None:
        """Applies a commit to the host's views and redraws them (a root's all of them; a
        list's only the items the commit changed: items do not overlap). Once the canvas is
        destroyed (its window closed) commits are kept but nothing is drawn: the root may
        go on flushing, and be closed, after its window."""
        self._changed_items = set() if self.list is not None else None
        for mutation in mutations:
            self._apply(mutation)
        self.commits += 1
        if self._canvas_exists():
            self._draw(self._changed_items)
            if self.list is not None and not self._sync_scheduled:
                # (Whatever made the commit, a changeset say, may have moved the list's
                # offset to keep its first visible item in place: the view follows, once
                # the call is over.)
                self._sync_scheduled = True
                self._when_idle(self._sync_scroll_region)
        self._changed_items = None

    def _item_of(self, view_id: int) -> int | None:
        """The top view (a child of view 0: a list's item container) holding `view_id`."""
        views = self.views
        view = views.get(view_id)
        while view is not None and view.parent is not None and view.parent != 0:
            view = views.get(view.parent)
        return view.id if view is not None and view.parent == 0 else None

    def _changed(self, view_id: int) -> None:
        if self._changed_items is not None:
            item = self._item_of(view_id)
            if item is not None:
                self._changed_items.add(item)

    def _canvas_exists(self) -> bool:
        try:
            return bool(self.canvas.winfo_exists())
        except tkinter.TclError:  # the whole Tk application is gone
            return False

    def _apply(self, mutation: Mutation) -> None:
        kind, views = mutation.kind, self.views
        if kind == MutationKind.CREATE:
            views[mutation.view] = _View(mutation.view, mutation.view_type or "")
        elif kind == MutationKind.UPDATE:
            view = views[mutation.view]
            view.attributes.update(mutation.set)
            for name in mutation.unset:
                view.attributes.pop(name, None)
            self._changed(view.id)
        elif kind == MutationKind.SET_FRAME:
            views[mutation.view].frame = mutation.frame or Rect(0.0, 0.0, 0.0, 0.0)
            self._changed(mutation.view)
        elif kind in (MutationKind.INSERT, MutationKind.MOVE):
            view = views[mutation.view]
            self._changed(view.id)
            if view.parent is not None:
                views[view.parent].children.remove(view.id)
            views[mutation.parent].children.insert(mutation.index, view.id)
            view.parent = mutation.parent
            self._changed(view.id)
        elif kind == MutationKind.REMOVE:
            view = views[mutation.view]
            self._changed(view.id)
            views[mutation.parent].children.remove(view.id)
            view.parent = None
        elif kind == MutationKind.DESTROY:
            self._changed(mutation.view)
            view = views.pop(mutation.view)
            if view.parent is not None and view.parent in views:
                views[view.parent].children.remove(view.id)
            self._forget_trace(view)
            if view.widget is not None and self._canvas_exists():
                if view.window is not None:
                    self.canvas.delete(view.window)
                view.widget.destroy()

    # ---- drawing ------------------------------------------------------------------------------

    @staticmethod
    def _rgb(color: str) -> tuple[float, float, float]:
        color = color.lstrip("#")
        return tuple(int(color[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]

    def _color(self, value: Any, opacity: float, default: tuple[float, float, float] | None) -> str | None:
        """A color blended over the background by `opacity` (Tk has no translucency); a
        string that is not "#rrggbb" or "#rrggbbaa" is no color (the default)."""
        if isinstance(value, Color):
            rgb, alpha = (value.red, value.green, value.blue), value.alpha
        elif isinstance(value, str) and len(value) in (7, 9) and value.startswith("#") and \
                all(digit in "0123456789abcdefABCDEF" for digit in value[1:]):
            rgb, alpha = self._rgb(value[:7]), int(value[7:9], 16) / 255 if len(value) == 9 else 1.0
        elif default is not None:
            rgb, alpha = default, 1.0
        else:
            return None
        alpha *= opacity
        mixed = [channel * alpha + back * (1 - alpha) for channel, back in zip(rgb, self.background)]
        return "#" + "".join(f"{round(min(max(channel, 0), 1) * 255):02x}" for channel in mixed)

    def _draw(self, items: set[int] | None = None) -> None:
        """Redraws the canvas items (boxes, text, images) and places the widgets: of every
        view, or only of the top views `items` and what they hold (their items are tagged
        with the top view's number)."""
        canvas = self.canvas
        placed: set[int] = set()
        if items is None:
            canvas.delete("frond")
            tops = list(self.views[0].children)
            if self.list is None:
                canvas.configure(scrollregion=(0, 0, self.views[0].frame.width, self.views[0].frame.height))
        else:
            for item in items:
                canvas.delete(f"i{item}")
            tops = [item for item in items if item in self.views and self.views[item].parent == 0]

        for top in tops:
            self._drawing_tags = ("frond", f"i{top}")
            self._draw_tree(top, 0.0, 0.0, 1.0, placed, False)
        if items is None:
            shown = list(self.views.values())
        else:
            shown, stack = [], list(tops)
            while stack:
                view = self.views[stack.pop()]
                shown.append(view)
                stack.extend(view.children)
        for view in shown:
            if view.window is not None:
                canvas.itemconfigure(view.window, state="normal" if view.id in placed else "hidden")
                canvas.tag_raise(view.window)

    def _draw_tree(self, view_id: int, x: float, y: float, opacity: float, placed: set[int], leaving: bool) -> None:
        """Draws a view (its parent's content at `x`, `y`) and what it holds; adds the views
        drawn to `placed`. `leaving`: it is in a view leaving with its final-unmount
        animations (attribute ``leaving``), whose widgets take no input. (A method, not a
        closure: a recursive closure is a reference cycle, and the host would wait in it for
        the cycle collector.)"""
        view = self.views[view_id]
        a = view.attributes
        if a.get("hidden") is True:
            return
        frame = view.frame
        x += frame.left + float(a.get("translationX") or 0)  # type: ignore[arg-type]
        y += frame.top + float(a.get("translationY") or 0)  # type: ignore[arg-type]
        value = a.get("opacity")
        opacity *= float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 1.0
        leaving = leaving or a.get("leaving") is True
        if opacity > 0.01:
            self._draw_view(view, x, y, opacity, leaving)
            placed.add(view_id)
        for child in view.children:
            self._draw_tree(child, x, y, opacity, placed, leaving)

    def _draw_view(self, view: _View, x: float, y: float, opacity: float, leaving: bool = False) -> None:
        canvas, a, frame = self.canvas, view.attributes, view.frame
        right, bottom = x + frame.width, y + frame.height
        fill = self._color(a.get("backgroundColor"), opacity, None)
        border = a.get("borderWidth")
        outline = self._color(a.get("borderColor"), opacity, (0, 0, 0)) if isinstance(border, (int, float)) and border > 0 else None
        if fill or outline:
            radius = a.get("cornerRadius")
            radius = min(float(radius), frame.width / 2, frame.height / 2) if isinstance(radius, (int, float)) else 0.0
            options: dict[str, Any] = {"fill": fill or "", "outline": outline or "", "tags": self._drawing_tags,
                                       "width": float(border) if outline else 0}  # type: ignore[arg-type]
            if radius > 0:
                r = radius
                points = [x + r, y, right - r, y, right, y, right, y + r, right, bottom - r, right, bottom,
                          right - r, bottom, x + r, bottom, x, bottom, x, bottom - r, x, y + r, x, y]
                canvas.create_polygon(points, smooth=True, **options)
            else:
                canvas.create_rectangle(x, y, right, bottom, **options)
        if view.type in _BUTTONS or view.type in _TOGGLES or view.type in _ENTRIES or view.type in _SLIDERS:
            self._place_widget(view, x, y, leaving)
            return
        drawer = self._drawers.get(view.type)
        if drawer is not None:
            attributes = {name: value for name, value in a.items() if value is not None}
            drawer(ViewDrawing(canvas, x, y, frame.width, frame.height, attributes, opacity, self._drawing_tags))
            return
        text = a.get("text")
        if isinstance(text, str):
            size = a.get("fontSize") if isinstance(a.get("fontSize"), (int, float)) else 14
            font = self._font(a.get("fontFamily") if isinstance(a.get("fontFamily"), str) else None,  # type: ignore[arg-type]
                              float(size), a.get("fontWeight"))  # type: ignore[arg-type]
            line_height = a.get("lineHeight")
            line_height = float(line_height) if isinstance(line_height, (int, float)) else float(size) * 1.2  # type: ignore[arg-type]
            lines = self._lines(text, font, frame.width + 0.5)
            max_lines = a.get("maxLines")
            if isinstance(max_lines, (int, float)) and max_lines >= 1:
                lines = lines[:int(max_lines)]
            color = self._color(a.get("color"), opacity, (0, 0, 0)) or "#000000"
            align = a.get("textAlign")
            for index, line in enumerate(lines):
                top = y + index * line_height + line_height / 2
                if align == "center":
                    canvas.create_text(x + frame.width / 2, top, text=line, font=font, fill=color, anchor="center", tags=self._drawing_tags)
                elif align == "right":
                    canvas.create_text(right, top, text=line, font=font, fill=color, anchor="e", tags=self._drawing_tags)
                else:
                    canvas.create_text(x, top, text=line, font=font, fill=color, anchor="w", tags=self._drawing_tags)
        source = a.get("source")
        if isinstance(source, str) and view.type == "image":
            try:
                image = tkinter.PhotoImage(master=self.canvas, file=source)
            except tkinter.TclError:
                return
            canvas.create_image(x, y, image=image, anchor="nw", tags=self._drawing_tags)
            view.variable = image  # kept alive while shown

    # ---- widgets and input ----------------------------------------------------------------------

    def _place_widget(self, view: _View, x: float, y: float, leaving: bool = False) -> None:
        a = view.attributes
        if view.widget is None:
            if view.type in _BUTTONS:
                view.widget = tkinter.Button(self.canvas, command=lambda: self._event(view.id, "onTap"))
            elif view.type in _TOGGLES:
                view.variable = tkinter.BooleanVar(self.canvas)
                view.widget = tkinter.Checkbutton(self.canvas, variable=view.variable,
                                                  command=lambda: self._toggled(view))
            elif view.type in _SLIDERS:
                view.variable = tkinter.DoubleVar(self.canvas)
                view.widget = tkinter.Scale(self.canvas, variable=view.variable, orient="horizontal", showvalue=False,
                                            command=lambda _: self._slid(view))
            else:
                view.variable = tkinter.StringVar(self.canvas)
                view.widget = tkinter.Entry(self.canvas, textvariable=view.variable)
                view.trace = view.variable.trace_add("write", lambda *_: self._typed(view))
            view.window = self.canvas.create_window(x, y, window=view.widget, anchor="nw")
        self._updating = True
        try:
            if view.type in _BUTTONS:
                fill = self._color(a.get("backgroundColor"), 1.0, None)
                ink = self._color(a.get("color"), 1.0, None)
                options = {"text": str(a.get("title") or a.get("text") or "")}
                if fill:
                    options.update(background=fill, activebackground=fill)
                if ink:
                    options.update(foreground=ink, activeforeground=ink)
                view.widget.configure(**options)
            elif view.type in _TOGGLES:
                view.variable.set(a.get("checked", a.get("on", a.get("value"))) is True)
            elif view.type in _SLIDERS:
                low, high, step = _slider_range(a)
                view.widget.configure(from_=low, to=high, resolution=step)
                if not view.typed:
                    view.variable.set(_slider_value(a, low))
            else:
                view.widget.configure(show="\u2022" if a.get("secure") is True else "")
                # (A field whose component gives no text keeps what the person typed: every
                # commit places every widget again, and would otherwise empty it.)
                # (One typed in keeps what the person typed until the root answers it.)
                value = a.get("value", a.get("text"))
                if isinstance(value, str) and view.variable.get() != value and not view.typed:
                    view.variable.set(value)
            # (A widget of a view on its way out takes no input, as the root takes no events
            # from it.)
            state = "disabled" if leaving else "normal"
            if str(view.widget.cget("state")) != state:
                view.widget.configure(state=state)
        finally:
            self._updating = False
        window = view.window
        assert window is not None  # made above
        self.canvas.coords(window, x, y)
        self.canvas.itemconfigure(window, width=max(1, round(view.frame.width)), height=max(1, round(view.frame.height)))

    def _event(self, view: int, event: str, payload: AttributeValue | None = None) -> None:
        target = self.views.get(view)
        if target is None or event not in target.attributes:
            return
        list_view = self.list
        if list_view is not None:
            if not list_view.closed:
                self._tick_list()
                list_view.send_event(view, event, payload)  # (the item's build follows in idle time)
            return
        root = self.root
        if root is None or root.closed:
            return
        root.send_event(view, event, payload)
        self._flush()

    def _toggled(self, view: _View) -> None:
        checked = bool(view.variable.get())
        # The root decides: the box shows its attribute until a commit changes it.
        self._updating = True
        view.variable.set(not checked)
        self._updating = False
        self._event(view.id, "onValueChange", checked)
        self._event(view.id, "onTap")

    def _slid(self, view: _View) -> None:
        # (Tk calls the command in idle time after the value changed, also when setting the
        # range moved it: a value that is still the root's is no move of the person's.)
        if not self._updating and (view.typed or float(view.variable.get())
                                   != _slider_value(view.attributes, _slider_range(view.attributes)[0])):
            view.typed = True
            self._typing.add(view.id)
            self._event(view.id, "onValueChange", float(view.variable.get()))
            self._answer_typing()

    def _typed(self, view: _View) -> None:
        if not self._updating:
            view.typed = True
            self._typing.add(view.id)
            self._event(view.id, "onValueChange", view.variable.get())
            self._answer_typing()

    def _answer_typing(self) -> None:
        """The text fields typed in show the root's text once it has answered their typing
        (the program may refuse, cut or change what was typed): a root at once (it flushed
        after the event), a list when it has nothing left to build (an item's state update
        is built in idle time, and its commit comes when it is applied). Until then a field
        keeps what the person typed, and may be typed on."""
        if not self._typing:
            return
        list_view = self.list
        if list_view is not None and not list_view.closed and list_view.data_source.pending:
            return
        typing, self._typing = self._typing, set()
        for number in typing:
            view = self.views.get(number)
            if view is None or not view.typed:
                continue
            view.typed = False
            if view.type in _SLIDERS:
                shown = _slider_value(view.attributes, _slider_range(view.attributes)[0])
                if view.variable is not None and view.variable.get() != shown:
                    self._updating = True
                    try:
                        view.variable.set(shown)
                    finally:
                        self._updating = False
                continue
            value = view.attributes.get("value", view.attributes.get("text"))
            if isinstance(value, str) and view.variable is not None and view.variable.get() != value:
                old = view.variable.get()
                caret = _caret_after(int(view.widget.index("insert")), old, value)
                self._updating = True
                try:
                    view.variable.set(value)
                    view.widget.icursor(caret)
                finally:
                    self._updating = False

    def _clicked(self, event: Any) -> None:
        list_view = self.list
        if list_view is not None:
            self.canvas.focus_set()  # (for the scrolling keys)
            if not list_view.closed:
                self._tick_list()
                list_view.tap(self.canvas.canvasx(event.x), self.canvas.canvasy(event.y))
            return
        root = self.root
        if root is None or root.closed:
            return
        root.tap(self.canvas.canvasx(event.x), self.canvas.canvasy(event.y))
        self._flush()
