"""Components from Python: leaf, text and flexbox components, their typed attributes and
sizes, and the mistakes a caller can make with them (exceptions, never a crash)."""
from __future__ import annotations

import gc
import math

import pytest

from frond import (Action, Color, Component, FlexChild, Flexbox, HostValue, InvalidArgumentError, MemoryHost,
                   MisuseError, Root, SizeRange, Text, TextAlign, _runtime, handle_count)


def _mount(component: Component, size_range: SizeRange = SizeRange.fixed(200, 100)) -> MemoryHost:
    host = MemoryHost()
    with Root(size_range, host=host) as root:
        root.set_component(component)
        root.flush()
    return host


def test_attributesReachTheHostWithTheirTypes(no_leaks) -> None:
    attributes = {"count": 3, "ratio": 0.25, "on": True, "title": "Hé", "tint": Color(1, 0, 0, 0.5),
                  "image": HostValue(2**64 - 1), "on_tap": Action("open")}
    with Component("widget", attributes, width=50, height=20) as widget:
        host = _mount(widget, SizeRange.fit_content())
    (view,) = host.views.values()
    assert view.view_type == "widget"
    assert view.attributes == {"count": 3.0, "ratio": 0.25, "on": True, "title": "Hé",
                               "tint": Color(1, 0, 0, 0.5), "image": HostValue(2**64 - 1),
                               "on_tap": Action("open")}
    assert isinstance(view.attributes["on"], bool)
    assert tuple(view.frame) == (0, 0, 50, 20)


def test_flexChildPropertiesAndContainerStyleLayOut(no_leaks) -> None:
    row = Flexbox(children=[Component("a", width=30), FlexChild(Component("b"), flex_grow=1, margin=(5, 0, 0, 0)),
                            FlexChild(Component("c", width="10%", height=20), align_self="flex-end", position_type="relative")],
                  direction="row", spacing=10, padding=(10, 20, 10, 20), align_items="stretch")
    host = _mount(row)
    row.close()
    frames = {view.view_type: tuple(view.frame) for view in host.views.values()}
    # The content box is 180×60; "b" takes what "a", "c" (10% of 180), the gaps and its margin leave.
    assert frames == {"a": (10, 20, 30, 60), "b": (55, 20, 107, 60), "c": (172, 60, 18, 20)}


def test_textIsAViewOfTypeTextMeasuredByTheRoot(no_leaks) -> None:
    host = _mount(Text("Hello", font_size=10, color=Color.rgb(0x336699), max_lines=1, key="t"),
                  SizeRange.fit_content())
    (view,) = host.views.values()
    assert view.view_type == "text"
    assert view.attributes["text"] == "Hello" and view.attributes["color"] == Color.rgb(0x336699)
    assert view.frame.width == pytest.approx(5 * 0.6 * 10) and view.frame.height == pytest.approx(12)


def test_aTextsWeightAndAlignmentReachItsView(no_leaks) -> None:
    host = _mount(Text("Bold", font_weight="bold", align="center"), SizeRange.fit_content())
    (view,) = host.views.values()
    assert view.attributes["fontWeight"] == 700.0 and view.attributes["textAlign"] == "center"
    host = _mount(Text("Light", font_weight=300, align=TextAlign.JUSTIFY), SizeRange.fit_content())
    (view,) = host.views.values()
    assert view.attributes["fontWeight"] == 300.0 and view.attributes["textAlign"] == "justify"
    host = _mount(Text("Plain"), SizeRange.fit_content())
    (view,) = host.views.values()
    assert "fontWeight" not in view.attributes and "textAlign" not in view.attributes
    with pytest.raises(InvalidArgumentError, match="font_weight: 1001"):
        Text("x", font_weight=1001)
    with pytest.raises(InvalidArgumentError, match="'fat' is not a weight"):
        Text("x", font_weight="fat")
    with pytest.raises(TypeError, match="font_weight"):
        Text("x", font_weight=700.0)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="align"):
        Text("x", align="middle")


def test_aComponentGivenToAParentOutlivesItsPythonObject(no_leaks) -> None:
    leaf = Component("leaf", width=10, height=10)
    column = Flexbox(children=[leaf])
    leaf.close()
    del leaf
    gc.collect()
    host = _mount(column)
    assert [view.view_type for view in host.views.values()] == ["leaf"]


@pytest.mark.parametrize("value", [object(), [1, 2], None, {"nested": 1}, b"bytes"])
def test_attributeValuesOfOtherTypesAreTypeErrors(value: object, no_leaks) -> None:
    with pytest.raises(TypeError, match=r"attributes\['x'\] must be a number, bool, str"):
        Component("v", {"x": value})


@pytest.mark.parametrize("attributes, message", [
    ({"x": math.nan}, "finite"),
    ({"x": Color(2, 0, 0)}, "color red"),
    ({"x": "a\0b"}, "NUL"),
    ({"": 1}, "name"),
    ({"x": Action("")}, "name"),
])
def test_attributeValuesOutOfTheirDomainAreInvalidArguments(attributes: dict, message: str, no_leaks) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        Component("v", attributes)


def test_badArgumentsRaiseWithoutTouchingTheLibrary(no_leaks) -> None:
    with pytest.raises(TypeError, match="unexpected keyword argument 'widht'"):
        Component("v", widht=10)
    with pytest.raises(TypeError, match="attributes must be a dict"):
        Component("v", [("x", 1)])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="key must be a str"):
        Component("v", key=3)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="direction: 'sideways' is not a FlexDirection"):
        Flexbox(direction="sideways")
    with pytest.raises(TypeError, match=r"children\[1\].component must be a frond component"):
        Flexbox(children=[Component("a"), "b"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="children must be a list"):
        Flexbox(children=Component("a"))  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        Component("v", width=-5)
    with pytest.raises(TypeError, match="max_lines"):
        Text("a", max_lines=1.5)  # type: ignore[arg-type]


def test_aClosedComponentIsAMisuseEverywhere(no_leaks) -> None:
    leaf = Component("leaf")
    leaf.close()
    leaf.close()  # idempotent
    assert leaf.closed and "closed" in repr(leaf)
    with pytest.raises(MisuseError, match="this Component is closed"):
        Flexbox(children=[leaf])
    with pytest.raises(MisuseError):
        with leaf:
            pass
    with Root() as root, pytest.raises(MisuseError):
        root.set_component(leaf)


def test_tenThousandComponentsComeAndGoWithoutGrowth() -> None:
    gc.collect()
    baseline = handle_count(), len(_runtime.registry)
    for _ in range(2):
        leaves = [FlexChild(Component("cell", {"index": index, "on_tap": Action("tap")}, width=index % 7 + 1),
                            flex_grow=1) for index in range(10_000)]
        grid = Flexbox(children=leaves, direction="row", wrap="wrap", width=1000)
        assert handle_count() == baseline[0] + 10_001
        del leaves
        gc.collect()
        assert handle_count() == baseline[0] + 1  # the flexbox holds its children in C only
        with Root(SizeRange.flexible_height(1000), host=MemoryHost()) as root:
            root.set_component(grid)
            assert root.flush().created == 10_000
        del grid
        gc.collect()
        assert (handle_count(), len(_runtime.registry)) == baseline
