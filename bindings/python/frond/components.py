"""Components: immutable descriptions of UI (`Component`, `Text`, `Flexbox` with `FlexChild`).

    >>> from frond import Component, Flexbox, FlexChild, Text
    >>> with Flexbox(children=[Text("Hi"), FlexChild(Component("bar", height=4), flex_grow=1)],
    ...              direction="row", spacing=8) as row:
    ...     row.closed
    False

Each wraps a C ``frond_component`` handle the Python object owns. A parent (or a `Root`)
that is given a component keeps it alive in C, so the Python object may be closed or
dropped right after. Components are immutable: to change the screen, build new ones and
give them to the root; keys keep a component's identity among its siblings.
"""
from __future__ import annotations

import ctypes
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Union

from . import _capi
from ._capi import Align, Direction, FlexDirection, Justify, Overflow, PositionType, TextAlign, Unit, Wrap
from ._capi import Status
from ._registry import Arena, adopt, context_arena
from ._runtime import Handle, call
from .errors import InvalidArgumentError
from ._style import enum_member
from .attribute import AttributeInput, Color, plain_utf8, c_color, c_string, encode_attributes, release_blocks
from .value import Value, ValueLike, real_number

__all__ = ["Component", "Text", "Flexbox", "FlexChild", "tree_from_json"]

_SIZE_NAMES = ("width", "height", "min_width", "min_height", "max_width", "max_height")
_SIZE_NAME_SET = frozenset(_SIZE_NAMES)
_COMPONENT_POINTER = ctypes.POINTER(_capi.frond_component)
_FLEX_CHILD_SIZE = ctypes.sizeof(_capi.frond_flex_child)
_SIZE_SPEC_SIZE = ctypes.sizeof(_capi.frond_size_spec)
_VIEW_SPEC_SIZE = ctypes.sizeof(_capi.frond_view_spec)
_TEXT_STYLE_SIZE = ctypes.sizeof(_capi.frond_text_style)
_FLEXBOX_STYLE_SIZE = ctypes.sizeof(_capi.frond_flexbox_style)
_POINT = int(Unit.POINT)
#: Four sides (left, top, right, bottom) given as one length for all, or four.
EdgesLike = Union[ValueLike, "tuple[ValueLike, ValueLike, ValueLike, ValueLike]"]


class Component(Handle):
    """A leaf component: a view of `view_type` with `attributes` (None: viewless) and a size.

    ``Component("label", {"text": "Hi", "on_tap": Action("open")}, width=80, height="50%",
    key="title")``. Sizes (`width`, `height`, `min_width`, `min_height`, `max_width`,
    `max_height`) take what `Node` lengths take. Attribute values are numbers, bools,
    strings, `Color`, `HostValue` or `Action`; anything else is a TypeError.
    """

    _free_function = "frond_component_release"
    #: Whether a parent or root was given the component (it adopted the arena it had then).
    _given = False

    def __init__(self, view_type: str | None = None, attributes: Mapping[str, AttributeInput] | None = None, *,
                 key: str | None = None, accessibility_label: str | None = None,
                 accessibility_hint: str | None = None, accessibility_traits: int = 0,
                 **size: ValueLike) -> None:
        view, array = _view_spec(view_type, attributes, accessibility_label, accessibility_hint,
                                 accessibility_traits, self._own_arena)
        try:
            self._create("frond_component_new", view, _size_spec(type(self).__name__, size), _key(key))
        finally:
            release_blocks(array)  # the component keeps its action blocks

    def _create(self, function: str, *arguments: Any) -> None:
        handle = _COMPONENT_POINTER()
        call(function, ctypes.byref(handle), *arguments)
        self._handle = handle

    def _own_arena(self) -> Arena:
        """Where what C may call back through this component is registered: the running
        root's arena when it is built during one of the root's calls (a render), else its
        own (adopted by whoever is given the component)."""
        arena = self._arena
        if arena is None:
            arena = self._arena = context_arena() or Arena()
        return arena

    def _adopt(self, children: Iterable[Component]) -> None:
        """This component's C object holds `children`'s: its arena keeps theirs."""
        for child in children:
            arena = child._arena
            if arena is not None and arena is not self._arena:
                self._own_arena().adopt(arena)

    def _consumed(self) -> None:
        """Called after a C call that took this component (a parent or a root keeps it):
        a render component gives up its own C handle then."""
        self._given = True

    def _hand_over(self) -> Any:
        """The handle, which a callback hands C for good (as a render's child): C takes
        it over, so the object gives it up without releasing it, and the running root's
        arena adopts the component's."""
        handle = self._live()
        adopt(self._arena)
        self._handle = None
        self._arena = None
        return handle

    def __repr__(self) -> str:
        state = " (closed)" if self._handle is None else ""
        return f"<frond.{type(self).__name__}{state}>"


class _MadeOnDemand(Component):
    """A component that a Python instance describes (a render or a legacy component): its C
    component is made (`_make`) when the instance is first given to a parent or a root,
    and the receiver keeps it. The instance keeps no C handle afterwards: C's user data
    (this instance, through the registry) would keep a handle of ours alive in turn, a cycle
    through C that the collector cannot see."""

    def _make(self) -> None:
        """Makes the C component (sets the handle)."""
        raise NotImplementedError

    def _live(self) -> Any:
        """A C component for this instance, made on demand."""
        if self._handle is None:
            self._make()
        return self._handle

    def _consumed(self) -> None:
        # (Handle's close, not a subclass's method of that name: a render component's
        # "close" button handler replaced it, and every root given it failed.)
        Component.close(self)

    @property
    def closed(self) -> bool:
        return False  # a description: it makes a C component whenever one is needed


class Text(Component):
    """A run of text, mounted as a view of type "text" and measured by the root's text
    measurer: ``Text("Hello", font_size=16, color=Color.rgb(0x333333), max_lines=2)``.

    `font_weight` is a CSS weight (100…1000; 400 regular, 700 bold) or its name ("bold",
    "light", …; 0: the family's); `align` ("left", "center", "right", "justify" or a
    `TextAlign`) places the lines within the view's width without changing its size."""

    def __init__(self, text: str, *, font_size: float = 0, line_height: float = 0,
                 font_family: str | None = None, color: Color | None = None, max_lines: int = 0,
                 font_weight: int | str = 0, align: TextAlign | str = TextAlign.DEFAULT,
                 key: str | None = None, **size: ValueLike) -> None:
        style = _capi.frond_text_style(struct_size=_TEXT_STYLE_SIZE)
        style.font_size = real_number(font_size, "font_size")
        style.line_height = real_number(line_height, "line_height")
        if font_family is not None:
            style.font_family = c_string(font_family, "font_family")
        if color is not None:
            if not isinstance(color, Color):
                raise TypeError(f"color must be a frond.Color or None, not {type(color).__name__}")
            style.has_color, style.color = True, c_color(color)
        if not isinstance(max_lines, int) or isinstance(max_lines, bool) or not 0 <= max_lines < 1 << 31:
            raise TypeError(f"max_lines must be an int within 0…2**31-1 (0: no limit), not {max_lines!r}")
        style.max_lines = max_lines
        style.font_weight = _font_weight(font_weight)
        style.text_align = enum_member(TextAlign, align, "align")
        self._create("frond_component_new_text", plain_utf8(text) or c_string(text, "text"), ctypes.byref(style),
                     _size_spec("Text", size), _key(key))


#: CSS weights by name (as the C API's renderer reads them).
_WEIGHTS = {"thin": 100, "extralight": 200, "ultralight": 200, "light": 300, "normal": 400, "regular": 400,
            "medium": 500, "semibold": 600, "demibold": 600, "bold": 700, "extrabold": 800, "ultrabold": 800,
            "heavy": 900, "black": 900}


def _font_weight(weight: object) -> int:
    if isinstance(weight, str):
        try:
            return _WEIGHTS[weight.strip().lower()]
        except KeyError:
            raise InvalidArgumentError(
                Status.ERR_INVALID_ARGUMENT,
                f"font_weight: {weight!r} is not a weight (one of {', '.join(sorted(_WEIGHTS))})") from None
    if isinstance(weight, int) and not isinstance(weight, bool):
        if weight == 0 or 100 <= weight <= 1000:
            return weight
        raise InvalidArgumentError(Status.ERR_INVALID_ARGUMENT,
                                   f"font_weight: {weight} is not within 100…1000 (0: the family's)")
    raise TypeError(f"font_weight must be an int or a weight name, not {type(weight).__name__}")


@dataclass(frozen=True)
class FlexChild:
    """A flexbox child with its item properties (a bare component is a FlexChild with the
    defaults: no growing or shrinking, an automatic basis)."""

    component: Component
    flex_grow: float = 0
    flex_shrink: float = 0
    flex_basis: ValueLike = None
    align_self: Align | str = Align.AUTO
    margin: EdgesLike = None
    position_type: PositionType | str = PositionType.STATIC
    position: EdgesLike = None
    aspect_ratio: float = 0

    def _fill(self, slot: Any, index: int) -> None:
        """Writes this child into `slot` of a zeroed ``frond_flex_child`` array (the child at
        `index`, named in errors as ``children[index]``). Zero bytes are the defaults
        (Unit.UNDEFINED, Align.AUTO and PositionType.STATIC are 0): sides left as None stay
        unwritten."""
        component = self.component
        if not isinstance(component, Component):
            raise TypeError(f"children[{index}].component must be a frond component, "
                            f"not {type(component).__name__}")
        slot.struct_size = _FLEX_CHILD_SIZE
        slot.component = component._live()
        slot.flex_grow = _number(self.flex_grow, index, "flex_grow")
        slot.flex_shrink = _number(self.flex_shrink, index, "flex_shrink")
        basis = self.flex_basis
        if basis is not None:
            slot.flex_basis = _c_value(basis, "flex_basis", index)
        align_self = self.align_self
        slot.align_self = align_self if type(align_self) is Align else enum_member(
            Align, align_self, f"children[{index}].align_self")
        margin = self.margin
        if margin is not None:
            slot.margin = _c_edges(margin, f"children[{index}].margin")
        position_type = self.position_type
        slot.position_type = position_type if type(position_type) is PositionType else enum_member(
            PositionType, position_type, f"children[{index}].position_type")
        position = self.position
        if position is not None:
            slot.position = _c_edges(position, f"children[{index}].position")
        slot.aspect_ratio = _number(self.aspect_ratio, index, "aspect_ratio")


def _number(value: object, index: int, name: str) -> float:
    """real_number for a flex child's `name`, naming the place only when it fails."""
    kind = type(value)
    if kind is float:
        return value  # type: ignore[return-value]
    if kind is int:
        return float(value)  # type: ignore[arg-type]
    return real_number(value, f"children[{index}].{name}")


class Flexbox(Component):
    """A flexbox container (a column unless `direction` says otherwise)::

        Flexbox(children=[Text("a"), FlexChild(Component("bar"), flex_grow=1)],
                direction="row", spacing=8, padding=(10, 5, 10, 5), align_items="center")

    `padding` is one length for all sides or (left, top, right, bottom); `border` likewise
    with numbers. With a `view_type` the flexbox is also a view (with `attributes`).
    """

    def __init__(self, children: Iterable[Component | FlexChild] = (), *, direction: FlexDirection | str =
                 FlexDirection.COLUMN, wrap: Wrap | str = Wrap.NO_WRAP, justify_content: Justify | str =
                 Justify.FLEX_START, align_items: Align | str = Align.AUTO, align_content: Align | str =
                 Align.AUTO, spacing: float = 0, line_spacing: float = 0, padding: EdgesLike = None,
                 border: float | tuple[float, float, float, float] = 0, layout_direction: Direction | str =
                 Direction.INHERIT, overflow: Overflow | str = Overflow.VISIBLE, view_type: str | None = None,
                 attributes: Mapping[str, AttributeInput] | None = None, key: str | None = None,
                 **size: ValueLike) -> None:
        style = _capi.frond_flexbox_style(struct_size=_FLEXBOX_STYLE_SIZE)
        style.direction = enum_member(FlexDirection, direction, "direction")
        style.wrap = enum_member(Wrap, wrap, "wrap")
        style.justify_content = enum_member(Justify, justify_content, "justify_content")
        style.align_items = enum_member(Align, align_items, "align_items")
        style.align_content = enum_member(Align, align_content, "align_content")
        style.spacing = real_number(spacing, "spacing")
        style.line_spacing = real_number(line_spacing, "line_spacing")
        if padding is not None:  # None leaves every side unset (zero bytes: Unit.UNDEFINED)
            style.padding = _c_edges(padding, "padding")
        sides = border if isinstance(border, tuple) else (border,) * 4
        if len(sides) != 4:
            raise TypeError("border must be a number or a tuple of four (left, top, right, bottom)")
        style.border = (ctypes.c_float * 4)(*(real_number(side, "border") for side in sides))
        style.layout_direction = enum_member(Direction, layout_direction, "layout_direction")
        style.overflow = enum_member(Overflow, overflow, "overflow")
        if isinstance(children, (Component, FlexChild)) or not isinstance(children, Iterable):
            raise TypeError(f"children must be a list of components or FlexChild, not {type(children).__name__}")
        items = list(children)
        components = [component for component in (item.component if isinstance(item, FlexChild) else item
                                                   for item in items) if isinstance(component, Component)]
        array = (_capi.frond_flex_child * len(items))()
        try:
            for index, item in enumerate(items):  # (indexing the ctypes array: iterating it raises IndexError)
                slot = array[index]
                if isinstance(item, FlexChild):
                    item._fill(slot, index)
                elif isinstance(item, Component):  # a bare component: every item property at its default (zero)
                    slot.struct_size = _FLEX_CHILD_SIZE
                    slot.component = item._live()
                else:
                    raise TypeError(f"children[{index}].component must be a frond component, "
                                    f"not {type(item).__name__}")
            view, attribute_array = _view_spec(view_type, attributes, None, None, 0, self._own_arena)
            try:
                self._create("frond_component_new_flexbox", view, _size_spec("Flexbox", size), _key(key),
                             ctypes.byref(style), array if items else None, len(items))
            finally:
                release_blocks(attribute_array)
            self._adopt(components)
        finally:
            for component in components:
                component._consumed()


def tree_from_json(description: str | bytes | Mapping[str, Any]) -> Component:
    """A whole component tree from a tree description in one C call
    (``frond_component_new_from_json``): the node format of docs/tool.md's "Trees of
    components in JSON" (``view``, ``attributes``, ``text``, ``key``, ``style``,
    ``children``, ``construct``/``arguments``), as JSON text or as a dict (dumped with
    `json.dumps`). The batch path for big trees: one crossing instead of one per node.
    Attributes are JSON values only (no callables or `Action`s). A mistake in the
    description raises InvalidArgumentError naming its place (e.g. ``root.children[1]``).

        >>> from frond import tree_from_json
        >>> with tree_from_json({"style": {"flexDirection": "row"},
        ...                      "children": [{"text": "Hi"}, {"view": "bar", "style": {"flexGrow": 1}}]}) as row:
        ...     type(row).__name__
        'Component'
    """
    if isinstance(description, Mapping):
        try:
            import json  # (only here: the module costs milliseconds at import)

            text = json.dumps(description, allow_nan=False)
        except (TypeError, ValueError) as error:
            raise TypeError(f"tree_from_json: the description is not JSON: {error}") from None
        data = text.encode("utf-8")
    elif isinstance(description, str):
        data = c_string(description, "description")
    elif isinstance(description, (bytes, bytearray)):
        data = bytes(description)
        if b"\0" in data:
            raise InvalidArgumentError(Status.ERR_INVALID_ARGUMENT, "description: contains a NUL byte")
    else:
        raise TypeError(f"description must be JSON text (str or bytes) or a dict, not {type(description).__name__}")
    component = Component.__new__(Component)
    component._create("frond_component_new_from_json", data)
    return component


# ---- conversions ------------------------------------------------------------------------

def _view_spec(view_type: str | None, attributes: object, label: str | None, hint: str | None,
               traits: int, arena: Callable[[], Arena]) -> tuple[Any, Any]:
    """A frond_view_spec (by reference), or None for a viewless component without
    attributes (C refuses attributes without a view type, with a message); and the encoded
    attribute array (None without attributes) whose action blocks the caller releases.
    `arena()` gives the arena of the component being built, for action handlers."""
    if view_type is None and not attributes and label is None and hint is None and not traits:
        return None, None
    spec = _capi.frond_view_spec(struct_size=_VIEW_SPEC_SIZE)
    if view_type is not None:
        spec.view_type = plain_utf8(view_type) or c_string(view_type, "view_type")
    array = encode_attributes(attributes, "attributes", arena)
    try:
        _fill_view_spec(spec, array, label, hint, traits)
    except BaseException:
        release_blocks(array)
        raise
    return ctypes.byref(spec), array


def _fill_view_spec(spec: Any, array: Any, label: str | None, hint: str | None, traits: int) -> None:
    if array is not None:
        spec.attributes = array  # a pointer to its first element; the spec keeps the array alive
        spec.attribute_count = len(array)
    if label is not None:
        spec.accessibility_label = c_string(label, "accessibility_label")
    if hint is not None:
        spec.accessibility_hint = c_string(hint, "accessibility_hint")
    if not isinstance(traits, int) or isinstance(traits, bool) or not 0 <= traits < 1 << 64:
        raise TypeError(f"accessibility_traits must be an int within 0…2**64-1, not {traits!r}")
    spec.accessibility_traits = traits


def _size_spec(owner: str, size: dict[str, ValueLike]) -> Any:
    """A frond_size_spec by reference for a constructor's size keywords (None without any)."""
    spec = size_struct(owner, size)
    return None if spec is None else ctypes.byref(spec)


def size_struct(owner: str, size: Mapping[str, ValueLike]) -> Any:
    """A frond_size_spec for `size`'s lengths (None when empty); TypeError for a name that
    is not a size (`owner` names the constructor)."""
    if not size:
        return None
    if not _SIZE_NAME_SET.issuperset(size):
        unknown = [name for name in size if name not in _SIZE_NAME_SET]
        raise TypeError(f"{owner}() got an unexpected keyword argument {unknown[0]!r} "
                        f"(sizes are {', '.join(_SIZE_NAMES)})")
    spec = _capi.frond_size_spec(struct_size=_SIZE_SPEC_SIZE)
    for name, value in size.items():
        kind = type(value)
        if kind is float or kind is int:  # points, the common case
            setattr(spec, name, (float(value), _POINT))  # type: ignore[arg-type]
        else:
            setattr(spec, name, _c_value(value, name))
    return spec


def _c_value(value: ValueLike, what: str, index: int | None = None) -> Any:
    """A length as a (value, unit) pair for a ``frond_value`` field or array. `what` names
    it in errors (``children[index].what`` with an index)."""
    kind = type(value)
    if kind is float or kind is int:  # points, the common case
        return (float(value), _POINT)  # type: ignore[arg-type]
    length = Value.parse(value, what if index is None else f"children[{index}].{what}")
    return (length.value, length.unit)


def _c_edges(value: object, what: str) -> Any:
    sides = value if isinstance(value, tuple) else (value,) * 4
    if len(sides) != 4:
        raise TypeError(f"{what} must be one length or a tuple of four (left, top, right, bottom)")
    return (_capi.frond_value * 4)(*[_c_value(side, what) for side in sides])


def _key(key: object) -> bytes | None:
    return None if key is None else c_string(key, "key")
