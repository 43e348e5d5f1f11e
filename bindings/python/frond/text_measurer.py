"""Text measurers: Python functions that size a root's `~frond.components.Text` components
(C's ``frond_root_set_text_measurer``).

    >>> from frond import MeasureMode, Root, SizeRange, Text, TextStyle
    >>> def two_points_a_letter(text: str, style: TextStyle, width: float, width_mode: MeasureMode,
    ...                         height: float, height_mode: MeasureMode) -> tuple[float, float]:
    ...     return (2 * len(text), style.font_size)
    >>> with Root(SizeRange.fit_content(), text_measurer=two_points_a_letter) as root:
    ...     root.set_component(Text("Hello", font_size=10))
    ...     root.flush().created
    ...     print(root.describe())
    1
    v1 text (0, 0, 10×10) fontSize=10 lineHeight=12 text="Hello"

A measurer is called while the root builds and lays out (`~frond.root.Root.flush`, or
`~frond.root.Root.prepare` on whichever thread prepares) with the text, its `TextStyle` and
the constraints of a `~frond.layout.Node` measure function: an axis without a constraint
is NaN with `~frond.MeasureMode.UNDEFINED`, and a width of at most 0 asks for the narrowest
layout. It returns ``(width, height)``. One that raises, or returns something else, makes
the flush raise `~frond.errors.CallbackError` from it (nothing is mounted). The root keeps
the measurer until another replaces it or the root closes; None restores the default
(monospace: 0.6 × the font size a character, lines 1.2 × the font size apart).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import _capi
from ._capi import MeasureMode, Status, TextAlign
from ._library import library
from ._runtime import callback_failed, in_call, registry
from .attribute import Color
from .layout import size_result

__all__ = ["TextStyle", "TextMeasurer", "NativeTextMeasurer"]


@dataclass(frozen=True)
class TextStyle:
    """How a text to measure is set, as its `~frond.components.Text` gave it, with the
    defaults applied to `font_size` (14) and `line_height` (1.2 × the font size); a
    `font_weight` of 0 is the family's, a `max_lines` of 0 no limit."""

    font_size: float
    line_height: float
    font_family: str | None
    color: Color | None
    max_lines: int
    font_weight: int
    align: TextAlign


#: ``measure(text, style, width, width_mode, height, height_mode) -> (width, height)``.
TextMeasurer = Callable[[str, TextStyle, float, MeasureMode, float, MeasureMode], "tuple[float, float]"]


@dataclass(frozen=True)
class NativeTextMeasurer:
    """A text measurer written in C (a ``frond_text_measure_func`` and its user data), such
    as `frond.web.WebServer.text_measurer`: a `~frond.ListView` given one measures without
    calling into Python (and from its builder's thread without the GIL)."""

    function: Any
    user_data: int | None


def text_style(raw: Any) -> TextStyle:
    """The Python view of a ``frond_text_style`` C hands a measurer."""
    color = raw.color
    return TextStyle(
        font_size=raw.font_size, line_height=raw.line_height,
        font_family=raw.font_family.decode("utf-8", "replace") if raw.font_family else None,
        color=Color(color.red, color.green, color.blue, color.alpha) if raw.has_color else None,
        max_lines=raw.max_lines, font_weight=raw.font_weight, align=TextAlign(raw.text_align))


def _measure(text: bytes | None, style: Any, width: float, width_mode: int, height: float, height_mode: int,
             out_size: Any, key: int | None) -> int:
    measurer = None
    try:
        measurer = registry.get(key)
        result = measurer((text or b"").decode("utf-8", "replace"), text_style(style[0]), width,
                          MeasureMode(width_mode), height, MeasureMode(height_mode))
        out_size[0].width, out_size[0].height = size_result(result, "a text measurer")
        return 0
    except BaseException as error:  # noqa: BLE001 — nothing may escape into C
        # (The message goes with the failure C reports. A list's measurer fails the item
        # only, with it, as its provider does, on whichever thread the item is built; Ctrl-C
        # or sys.exit still stops the program's call.)
        library().frond_set_last_error(f"{type(error).__name__}: {error}".encode("utf-8", "replace"))
        if in_call() and not (isinstance(measurer, ItemTextMeasurer) and isinstance(error, Exception)):
            return callback_failed(error)
        return int(Status.ERR_CALLBACK)


class ItemTextMeasurer:
    """A list's text measurer (see `_measure`): an exception it raises fails the item."""

    def __init__(self, measurer: TextMeasurer) -> None:
        self.measurer = measurer

    def __call__(self, text: str, style: TextStyle, width: float, width_mode: MeasureMode, height: float,
                 height_mode: MeasureMode) -> Any:
        return self.measurer(text, style, width, width_mode, height, height_mode)


#: The C text measurer of every Python one (user_data: the callable's registry key).
C_TEXT_MEASURER = _capi.frond_text_measure_func(_measure)
#: C's "no measurer": the root's default.
NO_TEXT_MEASURER = _capi.frond_text_measure_func()
