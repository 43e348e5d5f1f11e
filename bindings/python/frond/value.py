"""Lengths (`Value`) and the small result types of layout (`Size`, `Rect`, `Edges`)."""
from __future__ import annotations

import math
import numbers
import re
from dataclasses import dataclass
from typing import ClassVar, NamedTuple, Union

from ._capi import Status, Unit
from .errors import InvalidArgumentError

__all__ = ["Value", "ValueLike", "Size", "Rect", "Edges", "Unit"]

_KEYWORDS = {
    "auto": Unit.AUTO,
    "max-content": Unit.MAX_CONTENT,
    "fit-content": Unit.FIT_CONTENT,
    "stretch": Unit.STRETCH,
    "undefined": Unit.UNDEFINED,
    "none": Unit.UNDEFINED,
}
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


@dataclass(frozen=True)
class Value:
    """A style length: a number and its unit (``Value(50, Unit.PERCENT)`` is ``"50%"``).

    Anywhere a length is set, a plain number means points, a string may be ``"50%"``,
    ``"12pt"``, ``"auto"``, ``"max-content"``, ``"fit-content"``, ``"stretch"`` or
    ``"none"``/``"undefined"`` (unset), and ``None`` unsets it too.
    """

    value: float
    unit: Unit

    AUTO: ClassVar[Value]
    UNDEFINED: ClassVar[Value]

    @staticmethod
    def points(value: float) -> Value:
        return Value(float(value), Unit.POINT)

    @staticmethod
    def percent(value: float) -> Value:
        return Value(float(value), Unit.PERCENT)

    @staticmethod
    def parse(value: ValueLike, what: str = "a length") -> Value:
        """The Value a number, string, Value or None stands for (see the class's documentation).

        TypeError for anything else; InvalidArgumentError (a ValueError) for a string that
        is not a length."""
        kind = type(value)
        if kind is float or kind is int:  # the common case first (exactly these types: not bool)
            return Value(float(value), Unit.POINT)  # type: ignore[arg-type]
        if isinstance(value, Value):
            return value
        if value is None:
            return Value.UNDEFINED
        if isinstance(value, numbers.Real) and not isinstance(value, bool):
            return Value(float(value), Unit.POINT)
        if isinstance(value, str):
            text = value.strip().lower()
            if text in _KEYWORDS:
                return Value(0.0, _KEYWORDS[text])
            match = re.fullmatch(rf"({_NUMBER})\s*(%|pt)?", text)
            if match:
                return Value(float(match.group(1)), Unit.PERCENT if match.group(2) == "%" else Unit.POINT)
            raise InvalidArgumentError(
                Status.ERR_INVALID_ARGUMENT,
                f"{what}: {value!r} is not a length (a number of points, 'N%', 'Npt', 'auto', "
                "'max-content', 'fit-content', 'stretch' or 'none')")
        raise TypeError(f"{what} must be a number (points), a string such as '50%' or 'auto', "
                        f"a frond.Value or None, not {type(value).__name__}")

    def __str__(self) -> str:
        if self.unit == Unit.POINT:
            return f"{self.value:g}pt"
        if self.unit == Unit.PERCENT:
            return f"{self.value:g}%"
        return self.unit.name.lower().replace("_", "-")


Value.AUTO = Value(0.0, Unit.AUTO)
Value.UNDEFINED = Value(0.0, Unit.UNDEFINED)

ValueLike = Union[Value, float, int, str, None]


class Size(NamedTuple):
    width: float
    height: float


class Rect(NamedTuple):
    left: float
    top: float
    width: float
    height: float


class Edges(NamedTuple):
    left: float
    top: float
    right: float
    bottom: float


def real_number(value: object, what: str) -> float:
    """A Python real number (not a bool) as a float; TypeError otherwise."""
    kind = type(value)
    if kind is float:
        return value  # type: ignore[return-value]
    if kind is int:
        return float(value)  # type: ignore[arg-type]
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return float(value)
    raise TypeError(f"{what} must be a number, not {type(value).__name__}")


def optional_size(value: object, what: str) -> float:
    """An available size: None (unconstrained, NaN in C) or a number."""
    return math.nan if value is None else real_number(value, what)
