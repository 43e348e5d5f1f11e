"""ComponentKit's layout components: `Inset`, `Center`, `Ratio`, `Background`, `Overlay` and
`Static` (with `StaticChild`), each a C component mapped onto flexbox styles
(``frond_component_new_inset``, ``_center``, ``_ratio``, ``_background``, ``_overlay``,
``_static``).

    >>> from frond import Center, Component, Inset, Root, SizeRange
    >>> with Root(SizeRange.fixed(100, 60)) as root:
    ...     root.set_component(Inset(Center(Component("dot", width=10, height=10)), insets=(10, 0, 10, 0)))
    ...     root.flush().created
    ...     print(root.describe())
    1
    v1 dot (45, 25, 10×10)

Like every component they are immutable, keep their children alive in C (drop or close the
Python objects at will) and take a `view_type` with `attributes` (a view of their own
around the layout), a `key` and sizes (`width`, `height`, `min_width`, …) as keyword
arguments. A required child that is missing is a TypeError; a bad number (a negative
inset, a ratio that is not above 0, NaN) an `~frond.errors.InvalidArgumentError`.
"""
from __future__ import annotations

import ctypes
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from . import _capi
from ._capi import CenterSizing, Centering
from ._style import enum_member
from .attribute import AttributeInput, release_blocks
from .components import Component, EdgesLike, _c_edges, _key, _size_spec, _view_spec, size_struct
from .value import ValueLike, real_number

__all__ = ["Inset", "Center", "Ratio", "Background", "Overlay", "Static", "StaticChild", "Centering",
           "CenterSizing"]

_STATIC_CHILD_SIZE = ctypes.sizeof(_capi.frond_static_child)


class _LayoutComponent(Component):
    """A layout component: made by one C constructor taking (view, size, key, *arguments)."""

    def _build(self, function: str, children: Iterable[Component | None], arguments: tuple[Any, ...],
               view_type: str | None, attributes: Mapping[str, AttributeInput] | None, key: str | None,
               size: dict[str, ValueLike]) -> None:
        """Calls `function` (whose `arguments` hold the children's handles), then adopts and
        hands over `children`, which the new component keeps."""
        given = [child for child in children if child is not None]
        try:
            view, array = _view_spec(view_type, attributes, None, None, 0, self._own_arena)
            try:
                self._create(function, view, _size_spec(type(self).__name__, size), _key(key), *arguments)
            finally:
                release_blocks(array)
            self._adopt(given)
        finally:
            for child in given:
                child._consumed()


def _child(child: object, what: str, required: bool = True) -> Any:
    """The C handle of a child component (None for an optional child given as None)."""
    if child is None and not required:
        return None
    if not isinstance(child, Component):
        expected = "a frond component" if required else "a frond component or None"
        raise TypeError(f"{what} must be {expected}, not {type(child).__name__}")
    return child._live()


class Inset(_LayoutComponent):
    """Surrounds `child` with empty space (CKInsetComponent): the child fills what the
    insets leave, where its own size is automatic. `insets` is one length for every side or
    (left, top, right, bottom), each in points or a percentage of the parent's width (as
    CSS paddings), ≥ 0; None: no insets."""

    def __init__(self, child: Component, insets: EdgesLike = None, *, view_type: str | None = None,
                 attributes: Mapping[str, AttributeInput] | None = None, key: str | None = None,
                 **size: ValueLike) -> None:
        edges = None if insets is None else _c_edges(insets, "insets")
        self._build("frond_component_new_inset", (child,), (edges, _child(child, "child")), view_type, attributes,
                    key, size)


class Center(_LayoutComponent):
    """Centers `child` (CKCenterLayoutComponent) on the axes `centering` names ("xy", "x",
    "y", "none": the other axis at the top or left edge), never stretching it. Where its own
    size is automatic the component is as large as its parent's content box, or, on the
    axes `sizing` names ("minimum-x", "minimum-y", "minimum-xy"), as large as the child.
    `child` may be None (an empty box)."""

    def __init__(self, child: Component | None = None, *, centering: Centering | str = Centering.XY,
                 sizing: CenterSizing | str = CenterSizing.DEFAULT, view_type: str | None = None,
                 attributes: Mapping[str, AttributeInput] | None = None, key: str | None = None,
                 **size: ValueLike) -> None:
        arguments = (enum_member(Centering, centering, "centering"), enum_member(CenterSizing, sizing, "sizing"),
                     _child(child, "child", required=False))
        self._build("frond_component_new_center", (child,), arguments, view_type, attributes, key, size)


class Ratio(_LayoutComponent):
    """A component whose height is `ratio` × its width (CKRatioLayoutComponent: height /
    width, the inverse of a Node's aspect_ratio; finite and > 0), which `child` fills where
    its own size is automatic. The known size decides the other; the component is at most
    its parent's content size where its own size sets no maximum."""

    def __init__(self, child: Component, ratio: float, *, view_type: str | None = None,
                 attributes: Mapping[str, AttributeInput] | None = None, key: str | None = None,
                 **size: ValueLike) -> None:
        arguments = (real_number(ratio, "ratio"), _child(child, "child"))
        self._build("frond_component_new_ratio", (child,), arguments, view_type, attributes, key, size)


class Background(_LayoutComponent):
    """Lays out `child` and puts `background` (may be None) behind it, at exactly the
    child's frame (CKBackgroundLayoutComponent; the background is mounted first and its own
    size is ignored). The component is as large as the child, except where a size is given."""

    def __init__(self, child: Component, background: Component | None = None, *, view_type: str | None = None,
                 attributes: Mapping[str, AttributeInput] | None = None, key: str | None = None,
                 **size: ValueLike) -> None:
        arguments = (_child(child, "child"), _child(background, "background", required=False))
        self._build("frond_component_new_background", (child, background), arguments, view_type, attributes, key,
                    size)


class Overlay(_LayoutComponent):
    """As `Background`, with `overlay` (may be None) in front of the child (mounted after
    it; CKOverlayLayoutComponent)."""

    def __init__(self, child: Component, overlay: Component | None = None, *, view_type: str | None = None,
                 attributes: Mapping[str, AttributeInput] | None = None, key: str | None = None,
                 **size: ValueLike) -> None:
        arguments = (_child(child, "child"), _child(overlay, "overlay", required=False))
        self._build("frond_component_new_overlay", (child, overlay), arguments, view_type, attributes, key, size)


@dataclass(frozen=True)
class StaticChild:
    """A child of a `Static` layout at (`x`, `y`) points from the layout's top-left corner
    (finite, may be negative). Sizes given here replace the component's own size for its
    placement (percentages are of the layout's size; those left None are then automatic);
    with none, the component's own size counts."""

    component: Component
    x: float = 0
    y: float = 0
    width: ValueLike = None
    height: ValueLike = None
    min_width: ValueLike = None
    min_height: ValueLike = None
    max_width: ValueLike = None
    max_height: ValueLike = None

    def _fill(self, slot: Any, index: int, keep: list[Any]) -> None:
        slot.struct_size = _STATIC_CHILD_SIZE
        slot.component = _child(self.component, f"children[{index}].component")
        slot.x = real_number(self.x, f"children[{index}].x")
        slot.y = real_number(self.y, f"children[{index}].y")
        sizes = {name: getattr(self, name) for name in ("width", "height", "min_width", "min_height",
                                                         "max_width", "max_height")}
        given = {name: value for name, value in sizes.items() if value is not None}
        if given:
            spec = size_struct("StaticChild", given)
            keep.append(spec)  # (read during the constructor's call only)
            slot.size = ctypes.pointer(spec)


class Static(_LayoutComponent):
    """Places `children` (components at (0, 0), or `StaticChild`ren) at fixed positions
    (CKStaticLayoutComponent); later children are in front of earlier ones. Where its own
    size is automatic the layout is the bounding box of the children whose size is known
    in points before layout (a points width or height): max(x + width), max(y + height)."""

    def __init__(self, children: Iterable[Component | StaticChild] = (), *, view_type: str | None = None,
                 attributes: Mapping[str, AttributeInput] | None = None, key: str | None = None,
                 **size: ValueLike) -> None:
        if isinstance(children, (Component, StaticChild)) or not isinstance(children, Iterable):
            raise TypeError(f"children must be a list of components or StaticChild, not {type(children).__name__}")
        items = [item if isinstance(item, StaticChild) else StaticChild(item) for item in children]
        array = (_capi.frond_static_child * len(items))()
        keep: list[Any] = []
        components = [item.component for item in items if isinstance(item.component, Component)]
        try:
            for index, item in enumerate(items):
                item._fill(array[index], index, keep)
        except BaseException:
            for component in components:
                component._consumed()  # (as the other components do with children when they fail)
            raise
        self._build("frond_component_new_static", components, (array if items else None, len(items)), view_type,
                    attributes, key, size)
