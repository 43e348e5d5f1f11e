"""ComponentKit's layout components from Python (Inset, Center, Ratio, Background, Overlay,
Static): laid out as include/frond.h promises, mounted in its order, keeping their children
(and the children's action handlers) alive, and refusing bad input with the package's
exceptions."""
from __future__ import annotations

import gc
import math

import pytest

from frond import (ActionEvent, ActionOutcome, Background, Center, Component, Flexbox, InvalidArgumentError, Inset,
                   MemoryHost, MutationKind, Overlay, Ratio, Root, SizeRange, Static, StaticChild)


def laid_out(component: Component, size_range: SizeRange = SizeRange.fixed(200, 100)) -> tuple[str, list[int]]:
    """The views a root shows for `component`, and the order their INSERTs came in."""
    host = MemoryHost()
    with Root(size_range, host=host) as root:
        root.set_component(component)
        root.flush()
        return root.describe(), [mutation.view for mutation in host.last_commit if mutation.kind == MutationKind.INSERT]


def top_left(component: Component) -> Flexbox:
    """`component` as a row's only item at the top left, at its own size."""
    return Flexbox(children=[component], direction="row", align_items="flex-start")


def test_an_inset_child_fills_what_the_insets_leave(no_leaks: None) -> None:
    assert laid_out(Inset(Component("c"), insets=(10, 5, 20, 15)))[0] == "v1 c (10, 5, 170×80)"


def test_inset_percentages_are_of_the_parents_width_on_every_side(no_leaks: None) -> None:
    assert laid_out(Inset(Component("c"), insets="10%"))[0] == "v1 c (20, 20, 160×60)"


@pytest.mark.parametrize(("centering", "frame"), [("xy", "(95, 45, 10×10)"), ("x", "(95, 0, 10×10)"),
                                                  ("y", "(0, 45, 10×10)"), ("none", "(0, 0, 10×10)")])
def test_center_places_its_child_on_the_axes_it_names(centering: str, frame: str, no_leaks: None) -> None:
    dot = Component("dot", width=10, height=10)
    assert laid_out(Center(dot, centering=centering))[0] == f"v1 dot {frame}"


def test_a_center_sized_to_its_child_is_as_large_as_the_child(no_leaks: None) -> None:
    center = Center(Component("dot", width=10, height=10), sizing="minimum-xy", view_type="box")
    assert laid_out(top_left(center))[0] == "v1 box (0, 0, 10×10)\n  v2 dot (0, 0, 10×10)"
    assert laid_out(Center(view_type="box"))[0] == "v1 box (0, 0, 200×100)"  # no child: an empty box


def test_a_ratio_is_ratio_times_as_high_as_it_is_wide(no_leaks: None) -> None:
    assert laid_out(Ratio(Component("image"), 0.5), SizeRange.flexible_height(200))[0] == "v1 image (0, 0, 200×100)"


def test_a_background_is_behind_its_child_at_the_childs_frame(no_leaks: None) -> None:
    described, inserted = laid_out(top_left(Background(Component("label", width=50, height=20),
                                                       Component("fill", width=1, height=1))))
    assert described == "v1 fill (0, 0, 50×20)\nv2 label (0, 0, 50×20)"
    assert inserted == [1, 2]  # the background first


def test_an_overlay_is_in_front_of_its_child_at_the_childs_frame(no_leaks: None) -> None:
    described, inserted = laid_out(top_left(Overlay(Component("label", width=50, height=20), Component("badge"))))
    assert described == "v1 label (0, 0, 50×20)\nv2 badge (0, 0, 50×20)"
    assert inserted == [1, 2]  # the overlay after the child
    assert laid_out(top_left(Overlay(Component("label", width=50, height=20))))[0] == "v1 label (0, 0, 50×20)"


def test_a_static_layout_places_children_and_is_their_bounding_box(no_leaks: None) -> None:
    static = Static([StaticChild(Component("a", width=10, height=10), x=5, y=7),
                     StaticChild(Component("b"), x=20, y=30, width=15, height=5)], view_type="canvas")
    described, inserted = laid_out(top_left(static))
    assert described == "v1 canvas (0, 0, 35×35)\n  v2 a (5, 7, 10×10)\n  v3 b (20, 30, 15×5)"
    assert inserted.index(3) > inserted.index(2)  # later children in front
    assert laid_out(top_left(Static([Component("a", width=10, height=10)], view_type="canvas")))[0] == \
        "v1 canvas (0, 0, 10×10)\n  v2 a (0, 0, 10×10)"


def test_layout_components_take_a_view_attributes_a_key_and_a_size(no_leaks: None) -> None:
    inset = Inset(Component("c"), insets=4, view_type="card", attributes={"tint": 0.5}, key="k", width=40, height=30)
    assert laid_out(top_left(inset))[0] == "v1 card (0, 0, 40×30) tint=0.5\n  v2 c (4, 4, 32×22)"


def test_children_and_their_handlers_live_as_long_as_the_layout_component(no_leaks: None) -> None:
    taps: list[str] = []

    def button(name: str) -> Component:
        return Component(name, {"onTap": lambda event: taps.append(f"{name}:{event.view}")}, width=10, height=10)

    with Root(SizeRange.fixed(100, 100)) as root:
        root.set_component(Static([StaticChild(Overlay(Background(button("a"), button("b")), button("c")), x=0, y=0),
                                   StaticChild(Center(Ratio(Inset(button("d")), 1), sizing="minimum-xy"), x=50,
                                               y=50)]))
        gc.collect()  # every Python object built above is gone; the C components hold the handlers
        root.flush()
        assert root.tap(5, 5).outcome == ActionOutcome.HANDLED  # the overlay, in front
        assert root.tap(55, 55).outcome == ActionOutcome.HANDLED
        assert [tap.split(":")[0] for tap in taps] == ["c", "d"]


def test_missing_children_and_wrong_types_are_type_errors(no_leaks: None) -> None:
    with pytest.raises(TypeError, match="child must be a frond component"):
        Inset(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="background must be a frond component or None"):
        Background(Component("a"), "b")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="children must be a list"):
        Static(Component("a"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"children\[0\].component must be a frond component"):
        Static([StaticChild("a")])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="ratio must be"):
        Ratio(Component("a"), "wide")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="unexpected keyword argument 'widht'"):
        Center(widht=3)


@pytest.mark.parametrize(("make", "message"), [
    (lambda: Inset(Component("c"), insets=-1), "inset -1"),
    (lambda: Ratio(Component("c"), 0), "ratio 0"),
    (lambda: Ratio(Component("c"), math.nan), "ratio nan"),
    (lambda: Center(centering="diagonal"), "'diagonal' is not a Centering"),
    (lambda: Center(sizing="huge"), "'huge' is not a CenterSizing"),
    (lambda: Static([StaticChild(Component("a"), x=math.inf)]), "not finite"),
    (lambda: Static([StaticChild(Component("a"), width="wide")]), "'wide' is not a length"),
], ids=["negative-inset", "zero-ratio", "nan-ratio", "centering", "sizing", "infinite-position", "bad-size"])
def test_bad_numbers_and_names_are_invalid_argument_errors(make: object, message: str, no_leaks: None) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        make()  # type: ignore[operator]


def test_an_action_event_reaches_a_handler_inside_a_layout_component(no_leaks: None) -> None:
    seen: list[ActionEvent] = []
    with Root(SizeRange.fixed(40, 40)) as root:
        root.set_component(Inset(Component("b", {"onTap": seen.append}), insets=10))
        root.flush()
        assert root.tap(20, 20).outcome == ActionOutcome.HANDLED and root.tap(5, 5).view == 0
        assert [event.view for event in seen] == [1]
