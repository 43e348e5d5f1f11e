"""Descriptors that turn Node attributes into style getters and setters of the C API.

``Node.width`` is a :class:`LengthStyle` for ``frond_node_style_{get,set}_width``,
``Node.margin_left`` an :class:`EdgeStyle` for ``frond_node_style_*_margin`` with
``FROND_EDGE_LEFT``, and so on. Python types are checked here (TypeError); the domain
of values (negative sizes, units a property does not take, NaN) is the C library's to
check, and it answers with :class:`~frond.errors.InvalidArgumentError`.
"""
from __future__ import annotations

import ctypes
import enum
import math
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from . import _capi
from ._capi import Edge, Gutter, Status
from ._runtime import call
from .errors import InvalidArgumentError
from .value import Value, ValueLike, real_number

if TYPE_CHECKING:
    from .layout import Node

E = TypeVar("E", bound=enum.IntEnum)


class Style:
    """A style property of Node; ``name`` is its attribute name, ``getter`` and ``setter``
    the C functions that read and write it (named once, not at each call)."""

    name = ""

    def __init__(self, c_name: str) -> None:
        self.c_name = c_name
        self.getter, self.setter = f"frond_node_style_get_{c_name}", f"frond_node_style_set_{c_name}"

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name


class EnumStyle(Style, Generic[E]):
    """An enumerated property: set with a member of `enum_type` or its name ("row",
    "space-between"); read as a member."""

    def __init__(self, enum_type: type[E], c_name: str) -> None:
        super().__init__(c_name)
        self.enum_type = enum_type

    def __get__(self, node: Node | None, owner: type | None = None) -> E:
        if node is None:
            return self  # type: ignore[return-value]
        out = ctypes.c_int()
        call(self.getter, ctypes.byref(out), node._live())
        return self.enum_type(out.value)

    def __set__(self, node: Node, value: E | str) -> None:
        call(self.setter, node._live(), self.member(value))

    def member(self, value: object) -> E:
        return enum_member(self.enum_type, value, self.name)


def enum_member(enum_type: type[E], value: object, what: str) -> E:
    """A member of `enum_type` given as itself or as its name ("row", "space-between");
    InvalidArgumentError for an unknown name, TypeError for anything else."""
    if isinstance(value, enum_type):
        return value
    if isinstance(value, str):
        key = value.strip().upper().replace("-", "_")
        try:
            return enum_type[key]
        except KeyError:
            names = ", ".join(repr(m.name.lower().replace("_", "-")) for m in enum_type)
            raise InvalidArgumentError(
                Status.ERR_INVALID_ARGUMENT,
                f"{what}: {value!r} is not a {enum_type.__name__} (one of {names})") from None
    raise TypeError(f"{what} must be a frond.{enum_type.__name__} or its name as a string, "
                    f"not {type(value).__name__}")


class LengthStyle(Style):
    """A length property (width, flex_basis, …): read as a Value."""

    def __get__(self, node: Node | None, owner: type | None = None) -> Value:
        if node is None:
            return self  # type: ignore[return-value]
        out = _capi.frond_value()
        call(self.getter, ctypes.byref(out), node._live())
        return Value(out.value, _capi.Unit(out.unit))

    def __set__(self, node: Node, value: ValueLike) -> None:
        length = Value.parse(value, self.name)
        call(self.setter, node._live(), length.value, length.unit)


class EdgeStyle(Style):
    """One side (or a group of sides) of margin, padding, border or the insets."""

    def __init__(self, c_name: str, edge: Edge | Gutter) -> None:
        super().__init__(c_name)
        self.edge = edge

    def __get__(self, node: Node | None, owner: type | None = None) -> Value:
        if node is None:
            return self  # type: ignore[return-value]
        out = _capi.frond_value()
        call(self.getter, ctypes.byref(out), node._live(), self.edge)
        return Value(out.value, _capi.Unit(out.unit))

    def __set__(self, node: Node, value: ValueLike) -> None:
        length = Value.parse(value, self.name)
        call(self.setter, node._live(), self.edge, length.value, length.unit)


class OptionalNumberStyle(Style):
    """flex, flex_grow, flex_shrink, aspect_ratio: a number, or None when not set."""

    def __init__(self, c_name: str) -> None:
        super().__init__(c_name)
        self.unsetter = f"frond_node_style_unset_{c_name}"

    def __get__(self, node: Node | None, owner: type | None = None) -> float | None:
        if node is None:
            return self  # type: ignore[return-value]
        out = ctypes.c_float()
        call(self.getter, ctypes.byref(out), node._live())
        return None if math.isnan(out.value) else out.value

    def __set__(self, node: Node, value: float | None) -> None:
        if value is None:
            call(self.unsetter, node._live())
        else:
            call(self.setter, node._live(), real_number(value, self.name))


def style_names(cls: type) -> dict[str, Any]:
    """The style descriptors of a class and its bases, by attribute name."""
    found: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        found.update({name: value for name, value in vars(klass).items() if isinstance(value, Style)})
    return found
