"""Text measurers from Python (C's frond_root_set_text_measurer): a root's Text components
get the sizes the Python function gives, from the text, its resolved style and the
constraints; a measurer that raises or answers badly makes the flush raise CallbackError
and mount nothing; None restores the default; the measurer is released exactly once."""
from __future__ import annotations

import gc
import math
import weakref

import pytest

from frond import (CallbackError, Color, Flexbox, MeasureMode, MemoryHost, Root, SizeRange, Text, TextAlign,
                   TextStyle)

Call = tuple[str, TextStyle, float, MeasureMode, float, MeasureMode]


class Recorder:
    """Five points a character, 12-point lines; records what it is asked."""

    def __init__(self) -> None:
        self.calls: list[Call] = []

    def __call__(self, text: str, style: TextStyle, width: float, width_mode: MeasureMode, height: float,
                 height_mode: MeasureMode) -> tuple[float, float]:
        self.calls.append((text, style, width, width_mode, height, height_mode))
        return (5.0 * len(text), 12.0)


def row(*texts: Text) -> Flexbox:
    return Flexbox(children=list(texts), direction="row", align_items="flex-start")


def test_text_gets_the_size_the_measurer_gives_for_its_text_style_and_constraints(no_leaks: None) -> None:
    measure = Recorder()
    with Root(SizeRange.flexible_height(100), text_measurer=measure) as root:
        assert root.text_measurer is measure
        root.set_component(row(Text("Hello world"),
                               Text("x", font_size=20, line_height=30, font_family="Serif", color=Color.rgb(0x336699),
                                    max_lines=2, font_weight="bold", align="center")))
        root.flush()
        frames = [line.split(" (")[1].split(")")[0] for line in root.describe().splitlines()]
    assert frames == ["0, 0, 55×12", "55, 0, 5×12"]
    plain, styled = measure.calls[0], measure.calls[-1]
    assert plain[0] == "Hello world" and styled[0] == "x"
    assert plain[1] == TextStyle(font_size=14, line_height=plain[1].line_height, font_family=None, color=None,
                                 max_lines=0, font_weight=0, align=TextAlign.DEFAULT)
    assert plain[1].line_height == pytest.approx(16.8)  # the defaults, resolved: 14 points, lines 1.2 × that
    assert styled[1] == TextStyle(font_size=20, line_height=30, font_family="Serif", color=Color.rgb(0x336699),
                                  max_lines=2, font_weight=700, align=TextAlign.CENTER)
    assert plain[2:4] == (100, MeasureMode.AT_MOST) and math.isnan(plain[4]) and plain[5] == MeasureMode.UNDEFINED


def test_a_measurer_that_raises_makes_the_flush_raise_callback_error_and_mount_nothing(no_leaks: None) -> None:
    def broken(*arguments: object) -> tuple[float, float]:
        raise RuntimeError("no font")

    host = MemoryHost()
    with Root(SizeRange.fixed(100, 20), host=host, text_measurer=broken) as root:
        root.set_component(row(Text("Hi")))
        with pytest.raises(CallbackError, match="no font") as raised:
            root.flush()
        assert isinstance(raised.value.__cause__, RuntimeError) and host.views == {}
        root.text_measurer = Recorder()
        root.flush()
        assert root.describe().startswith("v1 text (0, 0, 10×12)")


@pytest.mark.parametrize("answer", [None, (1.0,), ("wide", 1.0), 3.0], ids=["none", "one", "string", "number"])
def test_a_measurer_answering_something_else_than_two_numbers_is_a_type_error_behind_callback_error(
        answer: object, no_leaks: None) -> None:
    with Root(SizeRange.fixed(100, 20)) as root:
        root.text_measurer = lambda *arguments: answer  # type: ignore[arg-type, return-value]
        root.set_component(row(Text("Hi")))
        with pytest.raises(CallbackError) as raised:
            root.flush()
        assert isinstance(raised.value.__cause__, TypeError)


def test_none_restores_the_default_monospace_measurer(no_leaks: None) -> None:
    with Root(SizeRange.fit_content()) as default, Root(SizeRange.fit_content()) as root:
        default.set_component(Text("Hello"))
        default.flush()
        root.text_measurer = Recorder()
        root.text_measurer = None
        assert root.text_measurer is None
        root.set_component(Text("Hello"))
        root.flush()
        assert root.describe() == default.describe()
        assert "(0, 0, 42×" in root.describe()  # 5 characters × 0.6 × 14 points


def test_the_measurer_is_released_exactly_once_when_replaced_or_when_the_root_closes(no_leaks: None) -> None:
    first, second = Recorder(), Recorder()
    first_gone, second_gone = weakref.ref(first), weakref.ref(second)
    with Root(SizeRange.fixed(10, 10), text_measurer=first) as root:
        del first
        root.text_measurer = second
        del second
        gc.collect()
        assert first_gone() is None and second_gone() is not None
    gc.collect()
    assert second_gone() is None


def test_a_measurer_that_is_not_callable_is_a_type_error_and_keeps_the_previous(no_leaks: None) -> None:
    measure = Recorder()
    with Root(text_measurer=measure) as root:
        with pytest.raises(TypeError, match="text_measurer must be callable"):
            root.text_measurer = "monospace"  # type: ignore[assignment]
        assert root.text_measurer is measure
    with pytest.raises(TypeError, match="text_measurer must be callable"):
        Root(text_measurer=42)  # type: ignore[arg-type]
