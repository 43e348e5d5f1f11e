"""Bad component input gives the same exceptions, with the same messages, on the fast paths
of per-node building (plain numbers and strings, bare flexbox children, default item
properties) as on the general ones; and good input of every kind builds the same tree."""
from __future__ import annotations

import ctypes
import enum
from collections.abc import Callable

import pytest

from frond import (Align, Component, FlexChild, Flexbox, InvalidArgumentError, MisuseError, PositionType, Root,
                   SizeRange, Text, Unit, Value, _capi)


class Level(enum.IntEnum):
    HIGH = 3


def closed_child() -> object:
    child = Component()
    child.close()
    return Flexbox(children=[child])


NOT_A_LENGTH = ("is not a length (a number of points, 'N%', 'Npt', 'auto', 'max-content', 'fit-content', "
                "'stretch' or 'none') (FROND_ERR_INVALID_ARGUMENT)")

BAD: dict[str, tuple[Callable[[], object], type[BaseException], str]] = {
    'bare non-component': (lambda: Flexbox(children=[Component(), "text"]),
        TypeError, 'children[1].component must be a frond component, not str'),
    'flexchild component': (lambda: Flexbox(children=[FlexChild(3)]),
        TypeError, 'children[0].component must be a frond component, not int'),
    'flex_grow str': (lambda: Flexbox(children=[Component(), FlexChild(Component(), flex_grow="1")]),
        TypeError, 'children[1].flex_grow must be a number, not str'),
    'flex_grow bool': (lambda: Flexbox(children=[FlexChild(Component(), flex_grow=True)]),
        TypeError, 'children[0].flex_grow must be a number, not bool'),
    'flex_basis bad': (lambda: Flexbox(children=[FlexChild(Component(), flex_basis="12px")]),
        InvalidArgumentError, "children[0].flex_basis: '12px' " + NOT_A_LENGTH),
    'flex_basis list': (lambda: Flexbox(children=[FlexChild(Component(), flex_basis=[1])]),
        TypeError, ("children[0].flex_basis must be a number (points), a string such as '50%' or 'auto', a "
                    'frond.Value or None, not list')),
    'align_self bad': (lambda: Flexbox(children=[FlexChild(Component(), align_self="middle")]),
        InvalidArgumentError, ("children[0].align_self: 'middle' is not a Align (one of 'auto', 'flex-start', "
                               "'center', 'flex-end', 'stretch', 'baseline', 'space-between', 'space-around', "
                               "'space-evenly') (FROND_ERR_INVALID_ARGUMENT)")),
    'margin 3': (lambda: Flexbox(children=[FlexChild(Component(), margin=(1, 2, 3))]),
        TypeError, 'children[0].margin must be one length or a tuple of four (left, top, right, bottom)'),
    'margin bad side': (lambda: Flexbox(children=[FlexChild(Component(), margin=(1, 2, 3, "x"))]),
        InvalidArgumentError, "children[0].margin: 'x' " + NOT_A_LENGTH),
    'position_type bad': (lambda: Flexbox(children=[FlexChild(Component(), position_type=2)]),
        TypeError, 'children[0].position_type must be a frond.PositionType or its name as a string, not int'),
    'aspect bad': (lambda: Flexbox(children=[FlexChild(Component(), aspect_ratio=None)]),
        TypeError, 'children[0].aspect_ratio must be a number, not NoneType'),
    'padding bad': (lambda: Flexbox(padding="wide"),
        InvalidArgumentError, "padding: 'wide' " + NOT_A_LENGTH),
    'border bad': (lambda: Flexbox(border=(1, 2)),
        TypeError, 'border must be a number or a tuple of four (left, top, right, bottom)'),
    'size unknown first': (lambda: Component(width="bad", depth=3),
        TypeError, ("Component() got an unexpected keyword argument 'depth' (sizes are width, height, "
                    'min_width, min_height, max_width, max_height)')),
    'size bad': (lambda: Component(width="bad"),
        InvalidArgumentError, "width: 'bad' " + NOT_A_LENGTH),
    'size bool': (lambda: Component(height=True),
        TypeError, ("height must be a number (points), a string such as '50%' or 'auto', a frond.Value or None,"
                    ' not bool')),
    'size huge': (lambda: Component(height=10**400),
        OverflowError, 'int too large to convert to float'),
    'attr name nul': (lambda: Component("v", {"a\0b": 1}),
        InvalidArgumentError, ("attributes: an attribute name: 'a\\x00b' contains a NUL character "
                               '(FROND_ERR_INVALID_ARGUMENT)')),
    'attr name int': (lambda: Component("v", {3: 1}),
        TypeError, 'attributes: an attribute name must be a str, not int'),
    'attr str nul': (lambda: Component("v", {"a": "x\0"}),
        InvalidArgumentError, "attributes['a']: 'x\\x00' contains a NUL character (FROND_ERR_INVALID_ARGUMENT)"),
    'attr surrogate': (lambda: Component("v", {"a": "\ud800"}),
        InvalidArgumentError, ("attributes['a']: '\\ud800' is not valid Unicode (surrogates not allowed) "
                               '(FROND_ERR_INVALID_ARGUMENT)')),
    'attr list': (lambda: Component("v", {"a": [1]}),
        TypeError, ("attributes['a'] must be a number, bool, str, frond.Color, frond.HostValue, frond.Action or"
                    ' a callable (an action handler), not list')),
    'attr huge int': (lambda: Component("v", {"a": 10**400}),
        InvalidArgumentError, ("attributes['a']: an int of 1329 bits is not exact as a number (attribute numbers are"
                               " doubles: ints within ±2**53) (FROND_ERR_INVALID_ARGUMENT)")),
    'attr inexact int': (lambda: Component("v", {"a": 2**53 + 1}),
        InvalidArgumentError, ("attributes['a']: 9007199254740993 is not exact as a number (attribute numbers are"
                               " doubles: ints within ±2**53) (FROND_ERR_INVALID_ARGUMENT)")),
    'view type nul': (lambda: Component("v\0"),
        InvalidArgumentError, "view_type: 'v\\x00' contains a NUL character (FROND_ERR_INVALID_ARGUMENT)"),
    'view type int': (lambda: Component(5),
        TypeError, 'view_type must be a str, not int'),
    'text nul': (lambda: Text("a\0"),
        InvalidArgumentError, "text: 'a\\x00' contains a NUL character (FROND_ERR_INVALID_ARGUMENT)"),
    'text int': (lambda: Text(3),
        TypeError, 'text must be a str, not int'),
    'font size str': (lambda: Text("a", font_size="big"),
        TypeError, 'font_size must be a number, not str'),
    'closed child': (closed_child,
        MisuseError, 'this Component is closed (FROND_ERR_MISUSE)'),
}


@pytest.mark.parametrize("name", list(BAD))
def test_bad_input_raises_the_same_exception_and_message_on_every_path(name: str, no_leaks: None) -> None:
    build, error_type, message = BAD[name]
    with pytest.raises(error_type) as caught:
        build()
    assert type(caught.value) is error_type and str(caught.value) == message


def test_every_kind_of_good_input_builds_the_expected_tree(no_leaks: None) -> None:
    with Root(SizeRange.fixed(100, 100)) as root:
        root.set_component(Flexbox(children=[
            Component("v", {"b": True, "n": 3, "f": 2.5, "e": Level.HIGH, "s": "é"}, width=Level.HIGH, height=20.5),
            FlexChild(Component("w"), flex_grow=1, flex_shrink=0.5, flex_basis="50%", margin=(1, 2.5, "auto", None),
                      position=3, aspect_ratio=2),
            Text("hi", font_size=12)], padding=(1, 2, 3, 4), border=1))
        root.flush()
        assert root.describe_components() == (
            "Flexbox (0, 0, 100×100) #1 viewless\n"
            "  Component(v) (2, 3, 3×21) #2\n"
            "  Component(w) (3, 26, 109×55) #3\n"
            "  Text(text) (2, 80, 94×15) #4")
        assert 'b=true e=3 f=2.5 n=3 s="é"' in root.describe()


def test_a_bare_child_is_a_flex_child_with_every_default(no_leaks: None) -> None:
    def tree(wrap: bool) -> Flexbox:
        items = [Component("a", width=10), Text("b"), Component("c", height="50%")]
        return Flexbox(children=[FlexChild(item) if wrap else item for item in items], direction="row",
                       align_items="center")

    described = []
    for wrap in (False, True):
        with Root(SizeRange.fixed(200, 50)) as root:
            root.set_component(tree(wrap))
            root.flush()
            described.append((root.describe(), root.describe_components()))
    assert described[0] == described[1]


def test_the_zero_bytes_of_a_flex_child_are_its_defaults(no_leaks: None) -> None:
    """Unset item properties are left as the zeroed array has them: that must be what
    writing each default explicitly gives."""
    assert Unit.UNDEFINED == 0 and Align.AUTO == 0 and PositionType.STATIC == 0
    with Component("x") as component:
        written = (_capi.frond_flex_child * 1)()
        FlexChild(component)._fill(written[0], 0)
        explicit = (_capi.frond_flex_child * 1)()
        slot = explicit[0]
        slot.struct_size = ctypes.sizeof(_capi.frond_flex_child)
        slot.component = component._live()
        slot.flex_grow = slot.flex_shrink = slot.aspect_ratio = 0.0
        undefined = _capi.frond_value(Value.UNDEFINED.value, Value.UNDEFINED.unit)
        slot.flex_basis = undefined
        slot.margin = (_capi.frond_value * 4)(*[undefined] * 4)
        slot.position = (_capi.frond_value * 4)(*[undefined] * 4)
        slot.align_self = Align.AUTO
        slot.position_type = PositionType.STATIC
        assert bytes(written) == bytes(explicit)
