"""Typed actions: action names that say what value they carry (`ActionName`), and handlers
that say which arguments they take (`TypedAction`, `typed_action`).

    >>> from frond import ActionName, typed_action
    >>> SELECT = ActionName("select", int)         # Swift's ActionName<Int>
    >>> @typed_action
    ... def remove(index: int, title: str) -> None:
    ...     print("remove", index, title)
    >>> remove.argument_types
    (<class 'int'>, <class 'str'>)
    >>> remove(3.0, "three")                        # a whole number converts to int
    remove 3 three

**Named actions** travel the responder chain. ``scope.send(SELECT, 3)`` checks the value
against the name's type before anything is sent (a `TypeError`, or an
`~frond.errors.InvalidArgumentError` for a number that is not exact as one) and sends it as
the action's payload; a responder reads it back converted with ``action.value_for(SELECT)``
(None for an action of another name; a `TypeError` for a payload of another type).

**Typed handlers** are action blocks with a native signature (C's
``frond_action_block_new_typed``): placed in a view attribute (``"onValueChange":
typed_action(self.select)``) or sent to with `Scope.send_block`, they are called with the
action's arguments converted to their declared types. Frond checks the arguments before
the handler runs: a host event whose payload does not fit (a string for an ``int``, no
payload for a one-argument handler) or a `Scope.send_block` with other arguments raises
`~frond.errors.InvalidArgumentError` naming the position and both types, and the handler is
not called. Argument types are ``int`` (C's int64), ``float`` (double), ``bool``, ``str``
and `~frond.attribute.HostValue`; numbers convert when the value is exact (a whole float
within int64's range to ``int``, an ``int`` within ±2**53 to ``float``), nothing else does.

Each distinct signature gets one C trampoline (a ``CFUNCTYPE`` made on first use and kept
for the life of the process); the handler is reached through a registry key, never an
address, released by C's destroy function as for every other block.
"""
from __future__ import annotations

import ctypes
import inspect
import numbers
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar, Union, overload

from . import _capi
from ._capi import ArgumentType, AttributeKind, Status
from ._runtime import callback_failed, registry
from .attribute import Color, HostValue, c_color, c_string
from .errors import InvalidArgumentError
from .value import real_number

__all__ = ["ActionName", "TypedAction", "typed_action", "ArgumentValue"]

V = TypeVar("V")

#: What a typed action's arguments are in Python.
ArgumentValue = Union[int, float, bool, str, HostValue]

#: The Python type of each C argument type.
ARGUMENT_TYPES: dict[type, ArgumentType] = {
    int: ArgumentType.INT64, float: ArgumentType.DOUBLE, bool: ArgumentType.BOOL, str: ArgumentType.STRING,
    HostValue: ArgumentType.HOST_VALUE,
}
_C_TYPES: dict[ArgumentType, Any] = {
    ArgumentType.INT64: ctypes.c_int64, ArgumentType.DOUBLE: ctypes.c_double, ArgumentType.BOOL: ctypes.c_bool,
    ArgumentType.STRING: ctypes.c_char_p, ArgumentType.HOST_VALUE: ctypes.c_uint64,
}
#: The types an `ActionName`'s value may have (None: no value).
PAYLOAD_TYPES = (int, float, bool, str, Color, HostValue)
_INT64 = (-(1 << 63), (1 << 63) - 1)
_EXACT_IN_DOUBLE = 1 << 53


def _type_name(kind: object) -> str:
    if kind is None:
        return "no value"
    if kind is HostValue or kind is Color:
        return f"a frond.{getattr(kind, '__name__', kind)}"
    return f"{'an' if kind is int else 'a'} {getattr(kind, '__name__', kind)}"


def _described(value: object) -> str:
    return "no value" if value is None else f"{value!r} ({type(value).__name__})"


def convert(value: object, kind: type, place: str) -> Any:
    """`value` as a `kind` (one of `PAYLOAD_TYPES`): itself, or a number converted when it
    is exact. TypeError for another type; InvalidArgumentError for a number that is not
    exact as a `kind`."""
    if kind is int and isinstance(value, numbers.Real) and not isinstance(value, bool):
        if isinstance(value, numbers.Integral):
            number = int(value)
        else:
            as_float = float(value)
            if not as_float.is_integer():
                raise InvalidArgumentError(Status.ERR_INVALID_ARGUMENT,
                                           f"{place} is {_described(value)}, not a whole number (an int)")
            number = int(as_float)
        if not _INT64[0] <= number <= _INT64[1]:
            raise InvalidArgumentError(Status.ERR_INVALID_ARGUMENT, f"{place} is {value!r}, outside int64's range")
        return number
    if kind is float and isinstance(value, numbers.Real) and not isinstance(value, bool):
        if isinstance(value, numbers.Integral) and abs(int(value)) > _EXACT_IN_DOUBLE:
            raise InvalidArgumentError(Status.ERR_INVALID_ARGUMENT,
                                       f"{place} is {value!r}, which is not exact as a float (beyond ±2**53)")
        return float(value)
    if kind in (int, float) or not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        raise TypeError(f"{place} is {_described(value)}, not {_type_name(kind)}")
    return value


class ActionName(Generic[V]):
    """The name of an action and the type of the value it carries (Swift's
    ``ActionName<Value>``): ``ActionName("select", int)``; ``ActionName("refresh")`` carries
    none. Value types are ``int``, ``float``, ``bool``, ``str``, `Color` and `HostValue`
    (sent as the action's payload: an ``int`` must be exact as a double, within ±2**53)."""

    __slots__ = ("name", "value_type")

    name: str
    value_type: type[V] | None

    @overload
    def __init__(self: ActionName[None], name: str) -> None: ...
    @overload
    def __init__(self: ActionName[V], name: str, value_type: type[V]) -> None: ...
    @overload
    def __init__(self: ActionName[None], name: str, value_type: None) -> None: ...

    def __init__(self, name: str, value_type: type[V] | None = None) -> None:
        c_string(name, "ActionName name")
        if not name:
            raise InvalidArgumentError(Status.ERR_INVALID_ARGUMENT, "ActionName name must not be empty")
        if value_type is not None and value_type not in PAYLOAD_TYPES:
            raise TypeError(f"ActionName {name!r}: the value type must be None, int, float, bool, str, frond.Color "
                            f"or frond.HostValue, not {value_type!r}")
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "value_type", value_type)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("an ActionName is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ActionName) and (self.name, self.value_type) == (other.name, other.value_type)

    def __hash__(self) -> int:
        return hash((self.name, self.value_type))

    def __repr__(self) -> str:
        kind = "" if self.value_type is None else f", {self.value_type.__name__}"
        return f"ActionName({self.name!r}{kind})"

    def check(self, value: object) -> Any:
        """`value` as this name's value type (see `convert`); for a name without a value,
        only None. Raised errors name the action."""
        if self.value_type is None:
            if value is not None:
                raise TypeError(f"action {self.name!r} carries no value, not {_described(value)}")
            return None
        if value is None:
            raise TypeError(f"action {self.name!r} carries {_type_name(self.value_type)}, not no value")
        return convert(value, self.value_type, f"the value of action {self.name!r}")

    def payload(self, value: object) -> Any:
        """The C payload (``frond_attribute`` by reference, None for none) for `value`, checked."""
        checked = self.check(value)
        if checked is None:
            return None
        slot = _capi.frond_attribute()
        if isinstance(checked, bool):
            slot.kind, slot.boolean = AttributeKind.BOOL, checked
        elif isinstance(checked, int):
            if abs(checked) > _EXACT_IN_DOUBLE:
                raise InvalidArgumentError(Status.ERR_INVALID_ARGUMENT, f"the value of action {self.name!r} is "
                                           f"{checked!r}: an action's int travels as a double, exact within ±2**53")
            slot.kind, slot.number = AttributeKind.NUMBER, float(checked)
        elif isinstance(checked, float):
            slot.kind, slot.number = AttributeKind.NUMBER, real_number(checked, "value")
        elif isinstance(checked, str):
            slot.kind, slot.string = AttributeKind.STRING, c_string(checked, f"the value of action {self.name!r}")
        elif isinstance(checked, Color):
            slot.kind, slot.color = AttributeKind.COLOR, c_color(checked)
        else:
            slot.kind, slot.host_value = AttributeKind.HOST_VALUE, _host_token(checked, self.name)
        return ctypes.byref(slot)

    def value_of(self, name: str, payload: object) -> V | None:
        """The value an action named `name` with `payload` carries for this name: None for
        another name (and for a name without a value); converted to the value type, or a
        TypeError saying what came instead."""
        if name != self.name:
            return None
        return self.check(payload)  # type: ignore[no-any-return]


def _host_token(value: HostValue, what: str) -> int:
    if not isinstance(value.token, int) or isinstance(value.token, bool) or not 0 <= value.token < 1 << 64:
        raise TypeError(f"{what}: a HostValue token must be an int within 0…2**64-1, not {value.token!r}")
    return value.token


class TypedAction:
    """A handler with declared argument types, mounted as a typed C action block: Frond
    checks and converts an action's arguments before calling ``handler(*values)``. Make
    one with `typed_action` (from annotations or explicit types). Calling it from Python
    checks and converts the same way. Used as a decorator on a method, it binds like a
    function (``self.select`` is a TypedAction of the bound method)."""

    __slots__ = ("handler", "argument_types", "__weakref__")

    handler: Callable[..., object]
    argument_types: tuple[type, ...]

    def __init__(self, handler: Callable[..., object], argument_types: Sequence[type]) -> None:
        if not callable(handler):
            raise TypeError(f"a typed action's handler must be callable, not {type(handler).__name__}")
        types = tuple(argument_types)
        for index, kind in enumerate(types):
            if kind not in ARGUMENT_TYPES:
                raise TypeError(f"typed action {_name(handler)}: argument {index}'s type must be int, float, bool, "
                                f"str or frond.HostValue, not {kind!r}")
        if len(types) > _capi.FROND_MAX_ARGUMENTS:
            raise InvalidArgumentError(Status.ERR_INVALID_ARGUMENT, f"typed action {_name(handler)} takes "
                                       f"{len(types)} arguments, more than {_capi.FROND_MAX_ARGUMENTS}")
        object.__setattr__(self, "handler", handler)
        object.__setattr__(self, "argument_types", types)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a TypedAction is immutable")

    def __call__(self, *values: object) -> object:
        if len(values) != len(self.argument_types):
            raise TypeError(f"typed action {_name(self.handler)} takes {len(self.argument_types)} argument(s), "
                            f"not {len(values)}")
        return self.handler(*(convert(value, kind, f"argument {index} of {_name(self.handler)}")
                              for index, (value, kind) in enumerate(zip(values, self.argument_types))))

    def __get__(self, instance: object, owner: type | None = None) -> TypedAction:
        if instance is None:
            return self
        bind = getattr(self.handler, "__get__", None)
        return self if bind is None else TypedAction(bind(instance, owner), self.argument_types)

    def __repr__(self) -> str:
        types = ", ".join(kind.__name__ for kind in self.argument_types)
        return f"<frond.TypedAction {_name(self.handler)}({types})>"

    @property
    def c_types(self) -> tuple[ArgumentType, ...]:
        return tuple(ARGUMENT_TYPES[kind] for kind in self.argument_types)


def _name(handler: object) -> str:
    return getattr(handler, "__qualname__", None) or getattr(handler, "__name__", None) or repr(handler)


@overload
def typed_action(handler: Callable[..., object], /) -> TypedAction: ...
@overload
def typed_action(handler: Callable[..., object], /, *types: type) -> TypedAction: ...
@overload
def typed_action(*types: type) -> Callable[[Callable[..., object]], TypedAction]: ...


def typed_action(*arguments: Any) -> Any:
    """A `TypedAction`, from a handler's annotations or from explicit types:

    - ``typed_action(handler)`` and ``@typed_action``: the types are the handler's parameter
      annotations (each of ``int``, ``float``, ``bool``, ``str``, `HostValue`; a leading
      ``self``/``cls`` without one is skipped, so it decorates methods too);
    - ``typed_action(handler, int, str)``: the types given;
    - ``@typed_action(int, str)``: a decorator with the types given.

    A parameter without an annotation, a ``*args``/``**kwargs`` or keyword-only parameter,
    or an annotation of another type is a TypeError naming it.
    """
    if not arguments:
        raise TypeError("typed_action() takes a handler, argument types, or both")
    first = arguments[0]
    if isinstance(first, type):  # @typed_action(int, str)
        types = arguments
        return lambda handler: TypedAction(handler, types)
    if len(arguments) > 1:
        return TypedAction(first, arguments[1:])
    return TypedAction(first, annotated_types(first))


def annotated_types(handler: Callable[..., object]) -> tuple[type, ...]:
    """The argument types a handler's annotations declare (see `typed_action`)."""
    if not callable(handler):
        raise TypeError(f"typed_action() takes a callable, not {type(handler).__name__}")
    try:
        signature = inspect.signature(handler, eval_str=True)
    except (ValueError, TypeError) as error:
        raise TypeError(f"typed_action({_name(handler)}): its signature cannot be read ({error}); give the "
                        f"argument types explicitly: typed_action(handler, int, …)") from None
    except NameError as error:
        raise TypeError(f"typed_action({_name(handler)}): an annotation cannot be evaluated ({error})") from None
    parameters = list(signature.parameters.values())
    if parameters and parameters[0].name in ("self", "cls") and parameters[0].annotation is inspect.Parameter.empty:
        parameters = parameters[1:]
    types: list[type] = []
    for parameter in parameters:
        if parameter.kind not in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD):
            raise TypeError(f"typed_action({_name(handler)}): parameter {parameter.name!r} is not positional; "
                            "a typed action's handler takes its arguments by position")
        if parameter.annotation is inspect.Parameter.empty:
            raise TypeError(f"typed_action({_name(handler)}): parameter {parameter.name!r} has no annotation; "
                            "annotate it with int, float, bool, str or frond.HostValue")
        if parameter.annotation not in ARGUMENT_TYPES:
            raise TypeError(f"typed_action({_name(handler)}): parameter {parameter.name!r} is annotated "
                            f"{parameter.annotation!r}; a typed action's parameters take int, float, bool, str "
                            "or frond.HostValue")
        types.append(parameter.annotation)
    return tuple(types)


# ---- arguments in C ------------------------------------------------------------------------

def encode_arguments(values: Sequence[object]) -> Any:
    """A ctypes array of ``frond_argument`` for Python values (None when there are none),
    each typed after its Python type: bool, int (int64), float, str, HostValue."""
    if not values:
        return None
    array = (_capi.frond_argument * len(values))()
    for index, (slot, value) in enumerate(zip(array, values)):
        place = f"argument {index}"
        if isinstance(value, bool):
            slot.type, slot.boolean = ArgumentType.BOOL, value
        elif isinstance(value, numbers.Integral):
            slot.type, slot.int64 = ArgumentType.INT64, convert(value, int, place)
        elif isinstance(value, numbers.Real):
            slot.type, slot.number = ArgumentType.DOUBLE, float(value)
        elif isinstance(value, str):
            slot.type, slot.string = ArgumentType.STRING, c_string(value, place)
        elif isinstance(value, HostValue):
            slot.type, slot.host_value = ArgumentType.HOST_VALUE, _host_token(value, place)
        else:
            raise TypeError(f"{place} must be an int, float, bool, str or frond.HostValue, "
                            f"not {type(value).__name__}")
    return array


def decode_argument(argument: Any) -> ArgumentValue:
    """The Python value of a ``frond_argument`` C hands out."""
    kind = argument.type
    if kind == ArgumentType.INT64:
        return int(argument.int64)
    if kind == ArgumentType.DOUBLE:
        return float(argument.number)
    if kind == ArgumentType.BOOL:
        return bool(argument.boolean)
    if kind == ArgumentType.STRING:
        return (argument.string or b"").decode("utf-8", "replace")
    return HostValue(int(argument.host_value))


_DECODE_NATIVE: dict[ArgumentType, Callable[[Any], ArgumentValue]] = {
    ArgumentType.INT64: int, ArgumentType.DOUBLE: float, ArgumentType.BOOL: bool,
    ArgumentType.STRING: lambda raw: (raw or b"").decode("utf-8", "replace"),
    ArgumentType.HOST_VALUE: lambda raw: HostValue(int(raw)),
}
#: One C trampoline per signature: void (*)(frond_component *sender, T0 …, void *user_data).
_trampolines: dict[tuple[ArgumentType, ...], Any] = {}


def trampoline(types: tuple[ArgumentType, ...]) -> Any:
    """The C function (as ``frond_native_func``) that calls the TypedAction registered under
    its user_data with arguments of `types` (made on first use, kept for good)."""
    made = _trampolines.get(types)
    if made is None:
        prototype = ctypes.CFUNCTYPE(None, ctypes.c_void_p, *(_C_TYPES[kind] for kind in types), ctypes.c_void_p)
        decoders = [_DECODE_NATIVE[kind] for kind in types]

        def call_handler(sender: int | None, *rest: Any) -> None:
            try:
                *raw, key = rest
                action: TypedAction = registry.get(key)
                action.handler(*(decode(value) for decode, value in zip(decoders, raw)))
            except BaseException as error:  # noqa: BLE001 — nothing may escape into C
                callback_failed(error)  # stored: the call that sent the action raises it

        function = prototype(call_handler)
        made = (function, ctypes.cast(function, _capi.frond_native_func))
        made = _trampolines.setdefault(types, made)
    return made[1]
