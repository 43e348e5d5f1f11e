"""View type declarations: which attributes a root's views of one type accept, and of which
kind (C's ``frond_root_declare_view_type`` and ``frond_root_set_require_declared_view_types``).

    >>> from frond import Component, InvalidArgumentError, Root, SizeRange
    >>> with Root(SizeRange.fixed(50, 20)) as root:
    ...     root.declare_view_type("badge", {"count": float, "tint": "color"})
    ...     root.set_component(Component("badge", {"count": "three"}))
    ...     try:
    ...         root.flush()
    ...     except InvalidArgumentError as error:
    ...         print("count" in str(error), root.describe() == "")
    True True

A declaration names each attribute with its kind: an `~frond.AttributeKind` member, its
name (``"number"``, ``"bool"``, ``"string"``, ``"color"``, ``"host_value"``, ``"action"``,
``"action_block"``) or the Python type of its values (``float`` or ``int``, ``bool``,
``str``, `~frond.Color`, `~frond.HostValue`, `~frond.Action`). From the next flush on, a
component of the type with an attribute of another kind — or, unless
``allow_other_attributes``, one the declaration does not name — makes the flush raise
`~frond.errors.InvalidArgumentError` naming the component, the attribute and both kinds:
nothing is mounted and the views stay as they were. Accessibility is never checked; text
components have the view type ``"text"``. With ``root.require_declared_view_types = True``
a component whose view type is not declared fails the flush the same way.
"""
from __future__ import annotations

import ctypes
from collections.abc import Mapping
from typing import Any, Union

from . import _capi
from ._capi import AttributeKind, ViewTypeFlags
from ._style import enum_member
from .attribute import Action, Color, HostValue, c_string

__all__ = ["AttributeKind", "AttributeKindLike", "encode_declaration", "declaration_flags"]

#: What a declaration takes for an attribute's kind: a member, its name, or a Python type.
AttributeKindLike = Union[AttributeKind, str, type]

_KINDS_OF_TYPES: dict[type, AttributeKind] = {
    float: AttributeKind.NUMBER, int: AttributeKind.NUMBER, bool: AttributeKind.BOOL, str: AttributeKind.STRING,
    Color: AttributeKind.COLOR, HostValue: AttributeKind.HOST_VALUE, Action: AttributeKind.ACTION,
}
_SPEC_SIZE = ctypes.sizeof(_capi.frond_attribute_spec)


def attribute_kind(kind: object, place: str) -> AttributeKind:
    """The `AttributeKind` that `kind` names (TypeError or InvalidArgumentError otherwise)."""
    if isinstance(kind, type) and not issubclass(kind, AttributeKind):
        found = _KINDS_OF_TYPES.get(kind)
        if found is None:
            names = ", ".join(sorted({python_type.__name__ for python_type in _KINDS_OF_TYPES}))
            raise TypeError(f"{place}: {kind.__name__} is not an attribute type (one of {names}, or a "
                            f"frond.AttributeKind)")
        return found
    return enum_member(AttributeKind, kind, place)


def encode_declaration(view_type: str, attributes: Mapping[str, AttributeKindLike]) -> tuple[bytes, Any, int]:
    """The view type, a ``frond_attribute_spec`` array (None when empty; it keeps the
    encoded names alive) and its length."""
    encoded_type = c_string(view_type, "view_type")
    if not isinstance(attributes, Mapping):
        raise TypeError(f"attributes must be a mapping of names to kinds, not {type(attributes).__name__}")
    if not attributes:
        return encoded_type, None, 0
    array = (_capi.frond_attribute_spec * len(attributes))()
    for index, (name, kind) in enumerate(attributes.items()):
        slot = array[index]
        slot.struct_size = _SPEC_SIZE
        slot.name = c_string(name, "an attribute name")
        slot.kind = attribute_kind(kind, f"attributes[{name!r}]")
    return encoded_type, array, len(attributes)


def declaration_flags(allow_other_attributes: object) -> int:
    if not isinstance(allow_other_attributes, bool):
        raise TypeError(f"allow_other_attributes must be a bool, not {type(allow_other_attributes).__name__}")
    return int(ViewTypeFlags.ALLOW_OTHER_ATTRIBUTES if allow_other_attributes
               else ViewTypeFlags.REJECT_OTHER_ATTRIBUTES)
