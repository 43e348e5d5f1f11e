"""Standalone flexbox layout: `Config`, `Node` and their results.

    >>> from frond import Node, FlexDirection
    >>> with Node(width=200, height=100, flex_direction=FlexDirection.ROW, padding=10) as row:
    ...     row.append(Node(flex_grow=1))
    ...     row.append(Node(width="25%"))
    ...     counted = row.calculate_layout()  # (what the pass did: counted.layouts, …)
    ...     [tuple(child.layout.frame) for child in row]
    [(10.0, 10.0, 135.0, 80.0), (145.0, 10.0, 45.0, 80.0)]

A Node mirrors a C ``frond_node``: styles are attributes (and keyword arguments of the
constructor), children are a list-like sequence, results are read from ``node.layout``
after ``calculate_layout``. A parent keeps its children (and a child its parent) alive.
Measure and baseline functions are Python callables; an exception they raise makes
``calculate_layout`` raise :class:`~frond.errors.CallbackError` from it.
"""
from __future__ import annotations

import ctypes
import difflib
import threading
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from . import _capi
from ._capi import (Align, BoxSizing, Direction, Display, Edge, Errata, ExperimentalFeature, FlexDirection,
                    Gutter, Justify, MeasureMode, Overflow, PositionType, Status, Wrap)
from ._runtime import DESTROY, Handle, callback_failed, call, registry, user_data
from ._style import EdgeStyle, EnumStyle, LengthStyle, OptionalNumberStyle, style_names
from ._threads import claim_tree, hand_over_tree, tree_owner
from .errors import InvalidArgumentError, MisuseError
from .value import Edges, Rect, optional_size, real_number

__all__ = [
    "Config", "Node", "LayoutResult", "LayoutStatistics", "MeasureFunction", "BaselineFunction",
    "Align", "BoxSizing", "Direction", "Display", "Edge", "Errata", "ExperimentalFeature", "FlexDirection",
    "Gutter", "Justify", "MeasureMode", "Overflow", "PositionType", "Wrap",
]

#: ``measure(width, width_mode, height, height_mode) -> (width, height)``: the content size
#: of a leaf; an unconstrained axis gets NaN with ``MeasureMode.UNDEFINED``.
MeasureFunction = Callable[[float, MeasureMode, float, MeasureMode], "tuple[float, float]"]
#: ``baseline(width, height) -> float``: the distance of a laid-out node's baseline from its top.
BaselineFunction = Callable[[float, float], float]


class Config(Handle):
    """Engine settings for the nodes created with it (``frond_config``)."""

    _free_function = "frond_config_free"

    def __init__(self, *, point_scale_factor: float | None = None, use_web_defaults: bool | None = None,
                 errata: int | None = None) -> None:
        handle = ctypes.POINTER(_capi.frond_config)()
        call("frond_config_new", ctypes.byref(handle))
        self._handle = handle
        if point_scale_factor is not None:
            self.point_scale_factor = point_scale_factor
        if use_web_defaults is not None:
            self.use_web_defaults = use_web_defaults
        if errata is not None:
            self.errata = errata

    @property
    def point_scale_factor(self) -> float:
        """The pixel grid results are rounded to: 1 = whole points, 0 = no rounding."""
        out = ctypes.c_float()
        call("frond_config_get_point_scale_factor", ctypes.byref(out), self._live())
        return out.value

    @point_scale_factor.setter
    def point_scale_factor(self, factor: float) -> None:
        call("frond_config_set_point_scale_factor", self._live(), real_number(factor, "point_scale_factor"))

    @property
    def use_web_defaults(self) -> bool:
        out = ctypes.c_bool()
        call("frond_config_get_use_web_defaults", ctypes.byref(out), self._live())
        return out.value

    @use_web_defaults.setter
    def use_web_defaults(self, enabled: bool) -> None:
        call("frond_config_set_use_web_defaults", self._live(), _boolean(enabled, "use_web_defaults"))

    @property
    def errata(self) -> int:
        """An OR of `Errata` bits (`Errata.NONE` for CSS behaviour)."""
        out = ctypes.c_uint32()
        call("frond_config_get_errata", ctypes.byref(out), self._live())
        return out.value

    @errata.setter
    def errata(self, errata: int) -> None:
        if not isinstance(errata, int) or isinstance(errata, bool):
            raise TypeError(f"errata must be an int (an OR of frond.Errata), not {type(errata).__name__}")
        if not 0 <= errata <= 0xFFFFFFFF:
            raise _invalid(f"errata: {errata} is not a set of Errata bits")
        call("frond_config_set_errata", self._live(), errata)

    def experimental_feature(self, feature: ExperimentalFeature) -> bool:
        out = ctypes.c_bool()
        call("frond_config_get_experimental_feature", ctypes.byref(out), self._live(), _feature(feature))
        return out.value

    def set_experimental_feature(self, feature: ExperimentalFeature, enabled: bool) -> None:
        call("frond_config_set_experimental_feature", self._live(), _feature(feature),
             _boolean(enabled, "enabled"))


class Node(Handle):
    """A node of a layout tree (``frond_node``). Styles are attributes and keyword arguments::

        Node(width=100, height="50%", flex_direction=FlexDirection.ROW, padding=8, margin_left="auto")

    Lengths take numbers (points), strings ("50%", "auto") or `Value`s; enumerated styles
    take their enum's members or names ("row", "space-between"); `flex_grow` and the other
    optional numbers take a number or None (unset). ``close()`` releases the node: it
    leaves its parent, its children become roots.

    A tree belongs to the thread that made its nodes: a call on any of them from another
    thread raises `~frond.errors.ThreadError` (a MisuseError) before libfrond is called,
    until the owner hands the whole tree over (`hand_over`). Trees that join take the
    caller's, which must own both.
    """

    _free_function = "frond_node_free"
    #: The ident of the thread that owns the node's tree (None: the next thread to use it).
    _ident: int | None = None
    #: The thread the tree was handed to before it started (its ident was unknown then).
    _thread: threading.Thread | None = None
    _finalizing = False

    direction = EnumStyle(Direction, "direction")
    flex_direction = EnumStyle(FlexDirection, "flex_direction")
    justify_content = EnumStyle(Justify, "justify_content")
    align_content = EnumStyle(Align, "align_content")
    align_items = EnumStyle(Align, "align_items")
    align_self = EnumStyle(Align, "align_self")
    position_type = EnumStyle(PositionType, "position_type")
    flex_wrap = EnumStyle(Wrap, "flex_wrap")
    overflow = EnumStyle(Overflow, "overflow")
    display = EnumStyle(Display, "display")
    box_sizing = EnumStyle(BoxSizing, "box_sizing")

    flex = OptionalNumberStyle("flex")
    flex_grow = OptionalNumberStyle("flex_grow")
    flex_shrink = OptionalNumberStyle("flex_shrink")
    aspect_ratio = OptionalNumberStyle("aspect_ratio")

    flex_basis = LengthStyle("flex_basis")
    width = LengthStyle("width")
    height = LengthStyle("height")
    min_width = LengthStyle("min_width")
    min_height = LengthStyle("min_height")
    max_width = LengthStyle("max_width")
    max_height = LengthStyle("max_height")

    margin = EdgeStyle("margin", Edge.ALL)
    margin_left = EdgeStyle("margin", Edge.LEFT)
    margin_top = EdgeStyle("margin", Edge.TOP)
    margin_right = EdgeStyle("margin", Edge.RIGHT)
    margin_bottom = EdgeStyle("margin", Edge.BOTTOM)
    margin_start = EdgeStyle("margin", Edge.START)
    margin_end = EdgeStyle("margin", Edge.END)
    margin_horizontal = EdgeStyle("margin", Edge.HORIZONTAL)
    margin_vertical = EdgeStyle("margin", Edge.VERTICAL)

    padding = EdgeStyle("padding", Edge.ALL)
    padding_left = EdgeStyle("padding", Edge.LEFT)
    padding_top = EdgeStyle("padding", Edge.TOP)
    padding_right = EdgeStyle("padding", Edge.RIGHT)
    padding_bottom = EdgeStyle("padding", Edge.BOTTOM)
    padding_start = EdgeStyle("padding", Edge.START)
    padding_end = EdgeStyle("padding", Edge.END)
    padding_horizontal = EdgeStyle("padding", Edge.HORIZONTAL)
    padding_vertical = EdgeStyle("padding", Edge.VERTICAL)

    border = EdgeStyle("border", Edge.ALL)
    border_left = EdgeStyle("border", Edge.LEFT)
    border_top = EdgeStyle("border", Edge.TOP)
    border_right = EdgeStyle("border", Edge.RIGHT)
    border_bottom = EdgeStyle("border", Edge.BOTTOM)
    border_start = EdgeStyle("border", Edge.START)
    border_end = EdgeStyle("border", Edge.END)
    border_horizontal = EdgeStyle("border", Edge.HORIZONTAL)
    border_vertical = EdgeStyle("border", Edge.VERTICAL)

    # Insets of relatively and absolutely positioned nodes (CSS `left`, `top`, … `inset`).
    left = EdgeStyle("position", Edge.LEFT)
    top = EdgeStyle("position", Edge.TOP)
    right = EdgeStyle("position", Edge.RIGHT)
    bottom = EdgeStyle("position", Edge.BOTTOM)
    start = EdgeStyle("position", Edge.START)
    end = EdgeStyle("position", Edge.END)
    inset_horizontal = EdgeStyle("position", Edge.HORIZONTAL)
    inset_vertical = EdgeStyle("position", Edge.VERTICAL)
    inset = EdgeStyle("position", Edge.ALL)

    gap = EdgeStyle("gap", Gutter.ALL)
    column_gap = EdgeStyle("gap", Gutter.COLUMN)
    row_gap = EdgeStyle("gap", Gutter.ROW)

    def __init__(self, config: Config | None = None, *, measure: MeasureFunction | None = None,
                 baseline: BaselineFunction | None = None, children: tuple[Node, ...] | list[Node] = (),
                 **style: Any) -> None:
        if config is not None and not isinstance(config, Config):
            raise TypeError(f"config must be a frond.Config or None, not {type(config).__name__}")
        unknown = [name for name in style if name not in _STYLES]
        if unknown:
            close = difflib.get_close_matches(unknown[0], list(_STYLES), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise TypeError(f"Node() got an unknown style {unknown[0]!r}{hint}")
        self._ident = _get_ident()
        self._children: list[Node] = []
        self._parent: Node | None = None
        self._measure: MeasureFunction | None = None
        self._baseline: BaselineFunction | None = None
        handle = ctypes.POINTER(_capi.frond_node)()
        call("frond_node_new", ctypes.byref(handle), config._live() if config is not None else None)
        self._handle = handle
        try:
            for name, value in style.items():
                setattr(self, name, value)
            if measure is not None:
                self.measure = measure
            if baseline is not None:
                self.baseline = baseline
            for child in children:
                self.append(child)
        except BaseException:
            self.close()
            raise

    def __repr__(self) -> str:
        if self._handle is None:
            return "<frond.Node (closed)>"
        return f"<frond.Node with {len(self._children)} children>"

    # ---- threads --------------------------------------------------------------

    def _live(self) -> Any:
        """The handle, once the calling thread is known to own the node's tree."""
        handle = self._handle
        if handle is None:
            raise MisuseError(Status.ERR_MISUSE, f"this {type(self).__name__} is closed")
        if self._ident != _get_ident():
            claim_tree(self, "used")
        return handle

    @property
    def thread(self) -> threading.Thread | None:
        """The thread that may use the node's tree (None: the next thread that does takes
        it; also once its owner has ended). Readable from any thread."""
        return tree_owner(self)

    def hand_over(self, thread: threading.Thread | None = None) -> None:
        """Gives the node's whole tree (from its top node down) to `thread` (started or
        not), or with None to whichever thread uses it next. Call it on the tree's own
        thread, with no call on the tree running; from then on calls from this thread
        raise ThreadError."""
        self._live()
        hand_over_tree(self, thread)

    def close(self) -> None:
        """Releases the node (a second call does nothing), on its tree's thread."""
        if self._handle is not None and not self._finalizing:
            self._live()
        super().close()

    def __del__(self) -> None:
        # An unreachable node's whole tree is unreachable (parents and children hold each
        # other): whichever thread collects it frees it.
        self._finalizing = True
        super().__del__()

    # ---- children -------------------------------------------------------------

    def __bool__(self) -> bool:
        """Always true, even without children (``if node:`` never asks the library)."""
        return True

    def __len__(self) -> int:
        self._live()
        return len(self._children)

    def __iter__(self) -> Iterator[Node]:
        self._live()
        return iter(tuple(self._children))

    def __getitem__(self, index: int) -> Node:
        self._live()
        return self._children[index]

    @property
    def children(self) -> tuple[Node, ...]:
        self._live()
        return tuple(self._children)

    @property
    def parent(self) -> Node | None:
        self._live()
        return self._parent

    def append(self, child: Node) -> None:
        """Adds `child` after the last child (InvalidTreeError if it already has a parent)."""
        call("frond_node_append_child", self._live(), _node(child, "child")._live())
        self._children.append(child)
        child._parent = self

    def insert(self, index: int, child: Node) -> None:
        """Inserts `child` before position `index` (as ``list.insert``: negative indices count
        from the end, indices past either end are clamped)."""
        if not isinstance(index, int) or isinstance(index, bool):
            raise TypeError(f"index must be an int, not {type(index).__name__}")
        count = len(self._children)
        position = min(max(index + count if index < 0 else index, 0), count)
        call("frond_node_insert_child", self._live(), _node(child, "child")._live(), position)
        self._children.insert(position, child)
        child._parent = self

    def remove(self, child: Node) -> None:
        """Removes `child` (InvalidTreeError if it is not a child of this node); it becomes a root."""
        call("frond_node_remove_child", self._live(), _node(child, "child")._live())
        self._forget_child(child)

    def clear(self) -> None:
        """Removes every child; they become roots."""
        call("frond_node_remove_all_children", self._live())
        for child in self._children:
            child._parent = None
        self._children = []

    def _forget_child(self, child: Node) -> None:
        for position, candidate in enumerate(self._children):
            if candidate is child:
                del self._children[position]
                break
        child._parent = None

    def _did_close(self) -> None:
        if self._parent is not None:
            self._parent._forget_child(self)
        for child in self._children:
            child._parent = None
        self._children = []

    # ---- callbacks ----------------------------------------------------------

    @property
    def measure(self) -> MeasureFunction | None:
        """The leaf's measure function (None: none). Only a node without children has one."""
        self._live()
        return self._measure

    @measure.setter
    def measure(self, function: MeasureFunction | None) -> None:
        handle = self._live()
        if function is None:
            call("frond_node_set_measure_func", handle, _capi.frond_measure_func(), None, _capi.frond_destroy_func())
        else:
            if not callable(function):
                raise TypeError(f"measure must be callable or None, not {type(function).__name__}")
            key = registry.add(function, self._own_arena())  # (on failure C calls DESTROY with it)
            call("frond_node_set_measure_func", handle, _MEASURE, user_data(key), DESTROY)
        self._measure = function

    @property
    def baseline(self) -> BaselineFunction | None:
        """The node's baseline function (None: the default baseline)."""
        self._live()
        return self._baseline

    @baseline.setter
    def baseline(self, function: BaselineFunction | None) -> None:
        handle = self._live()
        if function is None:
            call("frond_node_set_baseline_func", handle, _capi.frond_baseline_func(), None, _capi.frond_destroy_func())
        else:
            if not callable(function):
                raise TypeError(f"baseline must be callable or None, not {type(function).__name__}")
            key = registry.add(function, self._own_arena())
            call("frond_node_set_baseline_func", handle, _BASELINE, user_data(key), DESTROY)
        self._baseline = function

    @property
    def is_reference_baseline(self) -> bool:
        out = ctypes.c_bool()
        call("frond_node_get_is_reference_baseline", ctypes.byref(out), self._live())
        return out.value

    @is_reference_baseline.setter
    def is_reference_baseline(self, value: bool) -> None:
        call("frond_node_set_is_reference_baseline", self._live(), _boolean(value, "is_reference_baseline"))

    # ---- layout ---------------------------------------------------------------

    def reset_style(self) -> None:
        """Resets every style to the config's defaults."""
        call("frond_node_style_reset", self._live())

    def mark_dirty(self) -> None:
        """Marks the node as changed (e.g. its measure function's content changed)."""
        call("frond_node_mark_dirty", self._live())

    @property
    def is_dirty(self) -> bool:
        out = ctypes.c_bool()
        call("frond_node_is_dirty", ctypes.byref(out), self._live())
        return out.value

    def calculate_layout(self, width: float | None = None, height: float | None = None,
                         direction: Direction = Direction.LTR) -> LayoutStatistics:
        """Lays out the tree rooted at this node within `width` × `height` (None: unconstrained)
        and returns what the pass did (`non_finite_values` > 0: numbers so large that they
        overflowed, replaced by finite ones)."""
        if not isinstance(direction, Direction):
            raise TypeError(f"direction must be a frond.Direction, not {type(direction).__name__}")
        counted = _capi.frond_layout_statistics(struct_size=ctypes.sizeof(_capi.frond_layout_statistics))
        call("frond_node_calculate_layout_counted", ctypes.byref(counted), self._live(), optional_size(width, "width"),
             optional_size(height, "height"), direction)
        return LayoutStatistics(counted.layouts, counted.measures, counted.cached_layouts, counted.cached_measures,
                                counted.measure_callbacks, counted.non_finite_values)

    @property
    def layout(self) -> LayoutResult:
        """The results of the last layout (read from the library each time)."""
        self._live()
        return LayoutResult(self)


class LayoutStatistics(NamedTuple):
    """What one layout pass did (``Node.calculate_layout``)."""

    layouts: int            # nodes laid out (their children placed)
    measures: int           # nodes measured (their size only)
    cached_layouts: int     # layouts answered from a node's cache
    cached_measures: int    # measurements answered from a node's cache
    measure_callbacks: int  # calls of measure functions
    non_finite_values: int  # frames that overflowed a float (NaN or infinite), replaced by 0


class LayoutResult:
    """A node's layout results: its border box relative to its parent's, and its resolved
    margin, border and padding."""

    __slots__ = ("_node",)

    def __init__(self, node: Node) -> None:
        self._node = node

    def _float(self, what: str) -> float:
        out = ctypes.c_float()
        call(f"frond_node_layout_get_{what}", ctypes.byref(out), self._node._live())
        return out.value

    @property
    def left(self) -> float:
        return self._float("left")

    @property
    def top(self) -> float:
        return self._float("top")

    @property
    def width(self) -> float:
        return self._float("width")

    @property
    def height(self) -> float:
        return self._float("height")

    @property
    def frame(self) -> Rect:
        out = _capi.frond_rect()
        call("frond_node_layout_get_frame", ctypes.byref(out), self._node._live())
        return Rect(out.left, out.top, out.width, out.height)

    def _edges(self, what: str) -> Edges:
        handle = self._node._live()
        values = []
        for edge in (Edge.LEFT, Edge.TOP, Edge.RIGHT, Edge.BOTTOM):
            out = ctypes.c_float()
            call(f"frond_node_layout_get_{what}", ctypes.byref(out), handle, edge)
            values.append(out.value)
        return Edges(*values)

    @property
    def margin(self) -> Edges:
        return self._edges("margin")

    @property
    def border(self) -> Edges:
        return self._edges("border")

    @property
    def padding(self) -> Edges:
        return self._edges("padding")

    @property
    def direction(self) -> Direction:
        out = ctypes.c_int()
        call("frond_node_layout_get_direction", ctypes.byref(out), self._node._live())
        return Direction(out.value)

    @property
    def had_overflow(self) -> bool:
        out = ctypes.c_bool()
        call("frond_node_layout_get_had_overflow", ctypes.byref(out), self._node._live())
        return out.value

    @property
    def has_new_layout(self) -> bool:
        out = ctypes.c_bool()
        call("frond_node_layout_get_has_new_layout", ctypes.byref(out), self._node._live())
        return out.value

    @has_new_layout.setter
    def has_new_layout(self, value: bool) -> None:
        call("frond_node_layout_set_has_new_layout", self._node._live(), _boolean(value, "has_new_layout"))

    def __repr__(self) -> str:
        return f"LayoutResult{tuple(self.frame)}"


# ---- helpers and trampolines -------------------------------------------------------

_STYLES = style_names(Node)
_get_ident = threading.get_ident


def _node(value: object, what: str) -> Node:
    if not isinstance(value, Node):
        raise TypeError(f"{what} must be a frond.Node, not {type(value).__name__}")
    return value


def _boolean(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{what} must be a bool, not {type(value).__name__}")
    return value


def _feature(value: object) -> ExperimentalFeature:
    if not isinstance(value, ExperimentalFeature):
        raise TypeError(f"feature must be a frond.ExperimentalFeature, not {type(value).__name__}")
    return value


def _invalid(message: str) -> InvalidArgumentError:
    return InvalidArgumentError(Status.ERR_INVALID_ARGUMENT, message)


def size_result(result: object, what: str = "a measure function") -> tuple[float, float]:
    """A measure function's (width, height), checked (`what` names the function in errors)."""
    if isinstance(result, (tuple, list)) and len(result) == 2:
        return (real_number(result[0], "the measured width"), real_number(result[1], "the measured height"))
    raise TypeError(f"{what} must return (width, height), two numbers, not {result!r}")


def _measure(node: Any, width: float, width_mode: int, height: float, height_mode: int, out_size: Any,
             key: int | None) -> int:
    try:
        function = registry.get(key)
        width_out, height_out = size_result(function(width, MeasureMode(width_mode), height, MeasureMode(height_mode)))
        out_size[0].width = width_out
        out_size[0].height = height_out
        return 0
    except BaseException as error:  # noqa: BLE001 — nothing may escape into C
        return callback_failed(error)


def _baseline(node: Any, width: float, height: float, out_baseline: Any, key: int | None) -> int:
    try:
        out_baseline[0] = real_number(registry.get(key)(width, height), "a baseline function's result")
        return 0
    except BaseException as error:  # noqa: BLE001
        return callback_failed(error)


_MEASURE = _capi.frond_measure_func(_measure)
_BASELINE = _capi.frond_baseline_func(_baseline)
