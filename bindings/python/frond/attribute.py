"""View attribute values: numbers, bools, strings, `Color`, `HostValue`, `Action` and
Python callables (action blocks, see `frond.action`).

A component's ``attributes`` is a dict from names to these values; hosts receive them back
in `~frond.host.Mutation.set`. ``format_value`` writes a value as the engine's own
descriptions do (``frond_root_describe``), so that a Python host prints the same tree.
"""
from __future__ import annotations

import ctypes
import json
import numbers
import math
from dataclasses import dataclass
from collections.abc import Callable, Mapping
from typing import Any, Union

from . import _capi
from ._capi import AttributeKind, Status
from ._registry import Arena
from .errors import InvalidArgumentError

__all__ = ["Color", "HostValue", "Action", "AttributeValue"]


@dataclass(frozen=True)
class Color:
    """An sRGB color with straight alpha, each component within 0…1."""

    red: float
    green: float
    blue: float
    alpha: float = 1.0

    def __post_init__(self) -> None:
        # Stored as C stores them (float32), so that a color read back from a host equals it.
        for name in ("red", "green", "blue", "alpha"):
            component = getattr(self, name)
            if not isinstance(component, numbers.Real) or isinstance(component, bool):
                raise TypeError(f"Color {name} must be a number, not {type(component).__name__}")
            object.__setattr__(self, name, _float32(float(component)))

    @staticmethod
    def rgb(value: int, alpha: float = 1.0) -> Color:
        """The color ``0xRRGGBB``."""
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 0xFFFFFF:
            raise TypeError(f"Color.rgb takes an int within 0…0xFFFFFF, not {value!r}")
        return Color(((value >> 16) & 0xFF) / 255, ((value >> 8) & 0xFF) / 255, (value & 0xFF) / 255, alpha)

    def __str__(self) -> str:
        def byte(component: float) -> str:
            scaled = _float32(component * 255)
            return format(int(scaled + 0.5), "02x") if 0 <= scaled <= 255 else "??"

        text = "#" + byte(self.red) + byte(self.green) + byte(self.blue)
        return text + byte(self.alpha) if self.alpha < 1 else text


@dataclass(frozen=True)
class HostValue:
    """A token the host gives meaning to (an image id, a font handle, …): 0…2⁶⁴-1."""

    token: int

    def __str__(self) -> str:
        return f"host({self.token})"


@dataclass(frozen=True)
class Action:
    """The name of an action a view sends (``on_tap=Action("toggle")``); it travels the
    responder chain."""

    name: str

    def __str__(self) -> str:
        return f"action({self.name})"


AttributeValue = Union[float, int, bool, str, Color, HostValue, Action]
#: What a component's attributes take: an attribute value or an action handler (a callable
#: taking a `frond.ActionEvent`).
AttributeInput = Union[AttributeValue, Callable[..., object]]


def c_string(value: object, what: str) -> bytes:
    """`value` as NUL-terminated UTF-8 for C: TypeError for a non-string,
    InvalidArgumentError for a string C cannot hold (a NUL, a lone surrogate)."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, not {type(value).__name__}")
    if "\0" in value:
        raise InvalidArgumentError(Status.ERR_INVALID_ARGUMENT, f"{what}: {value!r} contains a NUL character")
    try:
        return value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise InvalidArgumentError(Status.ERR_INVALID_ARGUMENT, f"{what}: {value!r} is not valid Unicode "
                                   f"({error.reason})") from None


def view_id(value: object, what: str = "view") -> int:
    """A mounted view's number as C takes it: TypeError for what is not an int, ValueError
    for an int outside 0 … 2**64 - 1."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{what} must be a view id (an int), not {type(value).__name__}")
    if not 0 <= value < 1 << 64:
        raise ValueError(f"{what} {value} is not a view id (0 … 2**64 - 1)")
    return value


def c_color(color: Color) -> Any:
    return _capi.frond_color(color.red, color.green, color.blue, color.alpha)


def encode_attributes(attributes: object, what: str = "attributes",
                      arena: Callable[[], Arena] | None = None) -> Any:
    """A ctypes array of ``frond_attribute`` for a mapping of names and values (it keeps the
    encoded strings alive), or None when there are none. A callable value becomes a C
    action block whose handler is registered in the arena `arena()` gives (the
    component's); the array keeps the caller's handles in ``_blocks``: give them up with
    `release_blocks` once C has taken the attributes."""
    if attributes is None:
        return None
    if not isinstance(attributes, Mapping):
        raise TypeError(f"{what} must be a dict (or another mapping) of names and values, "
                        f"not {type(attributes).__name__}")
    if not attributes:
        return None
    array = (_capi.frond_attribute * len(attributes))()
    blocks: list[Any] = []
    try:
        _encode_into(array, attributes, what, blocks, arena)
    except BaseException:
        for block in blocks:
            block.close()
        raise
    if blocks:
        array._blocks = blocks  # type: ignore[attr-defined]
    return array


def release_blocks(array: Any) -> None:
    """Releases the action block handles an encoded attribute array holds (the components
    given them keep the blocks alive)."""
    for block in getattr(array, "_blocks", ()):
        block.close()


_NUMBER, _STRING = int(AttributeKind.NUMBER), int(AttributeKind.STRING)


def plain_utf8(value: object) -> bytes | None:
    """`value` as UTF-8 when it is a str C can hold as it is; None otherwise (c_string then
    says what is wrong, naming the place)."""
    if type(value) is str and "\0" not in value:
        try:
            return value.encode("utf-8")
        except UnicodeEncodeError:
            return None
    return None


#: The largest int a double holds exactly (and every int between it and its negative).
_EXACT_INT = 1 << 53


def _encode_into(array: Any, attributes: Mapping[Any, Any], what: str, blocks: list[Any],
                 arena: Callable[[], Arena] | None) -> None:
    # (Indexing, not iterating the ctypes array: its iterator ends by raising IndexError.)
    for index, (name, value) in enumerate(attributes.items()):
        slot = array[index]
        slot.name = plain_utf8(name) or c_string(name, f"{what}: an attribute name")
        kind = type(value)
        if kind is float or (kind is int and -_EXACT_INT <= value <= _EXACT_INT):
            # (The common cases first, exactly these types, not bool. An int travels as a
            # double: one beyond ±2**53 would arrive as another number.)
            slot.kind, slot.number = _NUMBER, float(value)
            continue
        if kind is str:
            encoded = plain_utf8(value)
            if encoded is not None:
                slot.kind, slot.string = _STRING, encoded
                continue
        place = f"{what}[{name!r}]"
        if isinstance(value, bool):
            slot.kind, slot.boolean = AttributeKind.BOOL, value
        elif isinstance(value, numbers.Integral) and not -_EXACT_INT <= int(value) <= _EXACT_INT:
            number = int(value)
            described = repr(number) if abs(number) < 10**30 else f"an int of {number.bit_length()} bits"
            raise InvalidArgumentError(Status.ERR_INVALID_ARGUMENT, f"{place}: {described} is not exact as a number "
                                       "(attribute numbers are doubles: ints within ±2**53)")
        elif isinstance(value, numbers.Real):
            slot.kind, slot.number = AttributeKind.NUMBER, float(value)
        elif isinstance(value, str):
            slot.kind, slot.string = AttributeKind.STRING, c_string(value, place)
        elif isinstance(value, Color):
            slot.kind, slot.color = AttributeKind.COLOR, c_color(value)
        elif isinstance(value, HostValue):
            if not isinstance(value.token, int) or not 0 <= value.token < 1 << 64:
                raise TypeError(f"{place}: a HostValue token must be an int within 0…2**64-1, not {value.token!r}")
            slot.kind, slot.host_value = AttributeKind.HOST_VALUE, value.token
        elif isinstance(value, Action):
            slot.kind, slot.string = AttributeKind.ACTION, c_string(value.name, place)
        elif callable(value):
            from .action import ActionBlock  # (action imports this module)

            block = ActionBlock(value, arena() if arena is not None else None)
            blocks.append(block)
            slot.kind, slot.action_block = AttributeKind.ACTION_BLOCK, block.c_handle
        else:
            raise TypeError(f"{place} must be a number, bool, str, frond.Color, frond.HostValue, "
                            f"frond.Action or a callable (an action handler), not {type(value).__name__}")


def decode_attribute(attribute: Any) -> tuple[str, AttributeValue | None]:
    """A name and Python value of an attribute C hands out (None for an action block,
    which is Frond's to call)."""
    name = _text(attribute.name)
    kind = attribute.kind
    value: AttributeValue | None
    if kind == AttributeKind.NUMBER:
        value = attribute.number
    elif kind == AttributeKind.BOOL:
        value = bool(attribute.boolean)
    elif kind == AttributeKind.STRING:
        value = _text(attribute.string)
    elif kind == AttributeKind.COLOR:
        color = attribute.color
        value = Color(color.red, color.green, color.blue, color.alpha)
    elif kind == AttributeKind.HOST_VALUE:
        value = HostValue(attribute.host_value)
    elif kind == AttributeKind.ACTION:
        value = Action(_text(attribute.string))
    else:
        value = None
    return name, value


def format_value(value: AttributeValue | None) -> str:
    """A value as the engine's descriptions write it (``12``, ``0.5``, ``true``, ``"Hi"``,
    ``#ff0000``, ``host(3)``, ``action(tap)``; ``block(block)`` for an action block)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, numbers.Real):
        number = float(value)
        whole = math.isfinite(number) and number == round(number) and abs(number) < 1e15
        return str(int(number)) if whole else repr(number)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # escaped as the engine escapes it
    return "block(block)" if value is None else str(value)


def format_length(value: float) -> str:
    """A layout number (a float32) as the engine writes it: whole numbers without a point."""
    single = _float32(value)
    if not math.isfinite(single):
        return "nan" if math.isnan(single) else ("inf" if single > 0 else "-inf")
    if single == round(single) and abs(single) < 1e9:
        return str(int(single))
    for digits in range(1, 10):  # the shortest text that reads back as the same float32
        text = f"{single:.{digits}g}"
        if _float32(float(text)) == single:
            return text
    return repr(single)


def _float32(value: float) -> float:
    """`value` rounded to the nearest float32 (as C's float holds it)."""
    return ctypes.c_float(value).value


def _text(raw: bytes | None) -> str:
    return raw.decode("utf-8", "replace") if raw else ""
