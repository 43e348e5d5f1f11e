"""Legacy components: code written before Frond joins a tree as a leaf that measures itself,
gives its own view and hears when a view starts and stops showing it (C's
``frond_component_new_legacy``, Swift's ``LegacyComponent``), and the process-wide registry
of constructors by name that tree descriptions use (C's ``frond_constructor_register``).

    >>> from frond import Flexbox, LegacyComponent, MemoryHost, Root, SizeRange
    >>> class Gauge(LegacyComponent):
    ...     def __init__(self, level: float, *, key: str | None = None) -> None:
    ...         self.level = level
    ...         super().__init__(key=key)
    ...     def view(self):
    ...         return "gauge", {"level": self.level}
    ...     def measure(self, width, width_mode, height, height_mode):
    ...         return (120.0, 16.0)
    >>> with Root(SizeRange.flexible_height(200), host=MemoryHost()) as root:
    ...     root.set_component(Flexbox(children=[Gauge(0.5)], align_items="flex-start"))
    ...     print(root.flush().created, root.describe())
    1 v1 gauge (0, 0, 120×16) level=0.5

**A legacy component** is a subclass of `LegacyComponent` that defines:

- ``view(self) -> (view_type, attributes) | None``: its view (None: viewless), asked when
  the C component is made: when the instance is first given to a parent or a root (again
  for each C component, if the instance is given again). Attributes are those of
  `Component`; an exception it raises comes out of that call as it is.
- ``measure(self, width, width_mode, height, height_mode) -> (width, height)`` (optional):
  its content size within the constraints, as a `Node` measure function (asked for at most
  0 points of width: answer with the narrowest layout). It runs while the root lays out,
  on the preparing thread (a list's builder for a list item), possibly several times per
  flush. Not defined: the component is sized by its sizes alone (``width=…``, as `Component`).
- ``did_mount(self, view)`` and ``did_unmount(self, view)`` (optional): a view of the root
  (its number) started or stopped showing the component, after the host applied the
  commit. In each commit every did_unmount comes before every did_mount (C's order); a view
  kept for a final-unmount animation is unmounted when the animation ends. In a list, the
  number is the item's own view number (its root's), not the list host's.
- ``handle_action(self, action) -> bool`` (optional): asked first about the actions the
  component's view sends; True stops the action.

``kind`` (a class attribute; default: the class's qualified name) names the kind:
components of one kind replacing each other at the same key or place keep their identity
and, with the same view type, their view. An exception `measure`, `did_mount`,
`did_unmount` or `handle_action` raises fails the call that ran it with
`~frond.errors.CallbackError` from it (the flush, or the action's send); in a list item,
`measure`'s failure shows the item as nothing, reported with the exception's text.

**Constructors by name.** ``register_constructor("gauge", make_gauge)`` registers a function
returning a component under a name, with argument types taken from its annotations
(``int``, ``float``, ``bool``, ``str``, `HostValue`) or given explicitly
(``register_constructor("gauge", make_gauge, float)``). Tree descriptions
(`tree_from_json`'s ``{"construct": "gauge", "arguments": [0.5]}``), C code
(``frond_component_new_by_name``) and `component_by_name` then make such components, their
arguments checked and converted as typed actions' are. The table is process-wide, shared
with C; a name registered twice is an `~frond.errors.InvalidArgumentError` (unregister
first). A constructor that raises, or returns something other than a component, fails the
call that made the component by name (`~frond.errors.CallbackError`).
"""
from __future__ import annotations

import ctypes
import inspect
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from . import _capi
from ._capi import ArgumentType
from ._registry import UNOWNED, Arena, entered_arena, leave_arena
from ._library import library
from ._runtime import DESTROY, call, callback_failed, registry, user_data
from .action import ActionEvent, action_event
from .attribute import AttributeInput, c_string, release_blocks
from .components import Component, _key, _MadeOnDemand, _size_spec, _view_spec
from .layout import MeasureMode, size_result
from .typed_action import _C_TYPES, _DECODE_NATIVE, TypedAction, annotated_types, encode_arguments
from .value import ValueLike

__all__ = ["LegacyComponent", "register_constructor", "unregister_constructor", "component_by_name"]

class LegacyComponent(_MadeOnDemand):
    """The base class of legacy components (see the module's documentation):
    ``super().__init__(key=…, width=…, …)`` stores the key and sizes; the C component is
    made (asking `view`) when the instance is first given to a parent or a root, as a
    `RenderComponent`'s is, and the instance keeps no C handle of its own afterwards."""

    #: The kind's name in descriptions and messages (None: the class's qualified name).
    kind: ClassVar[str | None] = None

    def __init__(self, *, key: str | None = None, **size: ValueLike) -> None:
        cls = type(self)
        if cls.view is LegacyComponent.view:
            raise TypeError(f"{cls.__qualname__} must define view(self) -> (view_type, attributes) or None")
        self._size_spec = _size_spec(cls.__qualname__, size)  # (checked now: a bad size raises here)
        self._c_key = _key(key)
        self.key = key

    def _make(self) -> None:
        """`view` is asked now; an exception it raises (or a bad result) is raised as it is.
        (Made on demand and given up to its receiver: a gauge inside a list item's flexbox
        was never freed while the instance kept a handle.)"""
        cls = type(self)
        given = self.view()
        if given is None:
            spec, array = None, None
        else:
            if not (isinstance(given, tuple) and len(given) == 2):
                raise TypeError(f"{cls.__qualname__}.view() must return (view_type, attributes) or None, "
                                f"not {given!r}")
            view_type, attributes = given
            if not isinstance(view_type, str):
                raise TypeError(f"{cls.__qualname__}.view()'s view type must be a str, "
                                f"not {type(view_type).__name__}")
            spec, array = _view_spec(view_type, attributes, None, None, 0, self._own_arena)
        pending = _Pending(spec)
        instance_key = registry.add((self, pending), self._own_arena())
        try:
            self._create("frond_component_new_legacy", ctypes.byref(_vtable(cls)), self._size_spec, self._c_key,
                         user_data(instance_key), DESTROY)
        finally:
            pending.spec = None
            release_blocks(array)  # the component keeps its action blocks

    # ---- what subclasses define ----------------------------------------------------

    def view(self) -> tuple[str, Mapping[str, AttributeInput]] | None:
        """The component's view type and attributes (None: viewless), asked once."""
        raise NotImplementedError

    def measure(self, width: float, width_mode: MeasureMode, height: float,
                height_mode: MeasureMode) -> tuple[float, float]:
        """The content size within the constraints (not overridden: sized by its sizes)."""
        raise NotImplementedError

    def did_mount(self, view: int) -> None:
        """A view (its number) started showing the component."""

    def did_unmount(self, view: int) -> None:
        """A view stopped showing the component."""

    def handle_action(self, action: ActionEvent) -> bool:
        """Handles an action the component's view sends (not overridden: passes it on)."""
        return False

    def __repr__(self) -> str:
        key = "" if self.key is None else f" key={self.key!r}"
        return f"<{type(self).__qualname__} (frond.LegacyComponent){key}>"


class _Pending:
    """The view spec a construction gives C from inside its view callback."""

    __slots__ = ("spec",)

    def __init__(self, spec: Any) -> None:
        self.spec = spec


def _vtable(cls: type[LegacyComponent]) -> Any:
    """The vtable of a subclass (made on first use, kept on the class; C copies it)."""
    made = cls.__dict__.get("_frond_legacy_vtable")
    if made is None:
        name = cls.kind if cls.kind is not None else cls.__qualname__
        if not isinstance(name, str) or not name:
            raise TypeError(f"{cls.__qualname__}.kind must be a non-empty str or None, not {name!r}")
        table = _capi.frond_legacy_vtable(struct_size=ctypes.sizeof(_capi.frond_legacy_vtable))
        encoded = c_string(name, "kind")
        table.name = encoded
        table.view = _C_VIEW
        if cls.measure is not LegacyComponent.measure:
            table.measure = _C_MEASURE
        if cls.did_mount is not LegacyComponent.did_mount:
            table.did_mount = _C_DID_MOUNT
        if cls.did_unmount is not LegacyComponent.did_unmount:
            table.did_unmount = _C_DID_UNMOUNT
        if cls.handle_action is not LegacyComponent.handle_action:
            table.handle_action = _C_HANDLE_ACTION
        made = (table, encoded)
        setattr(cls, "_frond_legacy_vtable", made)
    return made[0]


def _instance(key: int | None) -> LegacyComponent:
    instance: LegacyComponent = registry.get(key)[0]
    return instance


def _view(view: Any, key: int | None) -> int:
    try:
        pending: _Pending = registry.get(key)[1]
        if pending.spec is None:
            return 0  # viewless
        # (Not through `call`: a refused spec fails the construction with C's own status
        # and message, which the construction's call raises.)
        return int(library().frond_legacy_view_set(view, pending.spec))
    except BaseException as error:  # noqa: BLE001 — nothing may escape into C
        return callback_failed(error)


def _measure(width: float, width_mode: int, height: float, height_mode: int, out_size: Any,
             key: int | None) -> int:
    try:
        instance = _instance(key)
        out_size[0].width, out_size[0].height = size_result(
            instance.measure(width, MeasureMode(width_mode), height, MeasureMode(height_mode)),
            f"{type(instance).__qualname__}.measure")
        return 0
    except BaseException as error:  # noqa: BLE001
        # (C's failure says it too: a list item's failure is reported with it.)
        library().frond_set_last_error(f"{type(error).__name__}: {error}".encode("utf-8", "replace"))
        return callback_failed(error)


def _did_mount(view: int, key: int | None) -> None:
    try:
        _instance(key).did_mount(int(view))
    except BaseException as error:  # noqa: BLE001
        callback_failed(error, "a legacy component's did_mount")


def _did_unmount(view: int, key: int | None) -> None:
    try:
        _instance(key).did_unmount(int(view))
    except BaseException as error:  # noqa: BLE001
        callback_failed(error, "a legacy component's did_unmount")


def _handle_action(out_handled: Any, action: Any, key: int | None) -> int:
    try:
        instance = _instance(key)
        handled = instance.handle_action(action_event(action))
        if not isinstance(handled, bool):
            raise TypeError(f"{type(instance).__qualname__}.handle_action must return a bool, "
                            f"not {type(handled).__name__}")
        out_handled[0] = handled
        return 0
    except BaseException as error:  # noqa: BLE001
        return callback_failed(error)


_C_VIEW = _capi.frond_legacy_vtable_view_func(_view)
_C_MEASURE = _capi.frond_legacy_vtable_measure_func(_measure)
_C_DID_MOUNT = _capi.frond_legacy_vtable_did_mount_func(_did_mount)
_C_DID_UNMOUNT = _capi.frond_legacy_vtable_did_unmount_func(_did_unmount)
_C_HANDLE_ACTION = _capi.frond_legacy_vtable_handle_action_func(_handle_action)


# ---- constructors by name ----------------------------------------------------------------

def register_constructor(name: str, constructor: Callable[..., Component], *argument_types: type) -> None:
    """Registers `constructor` under `name` (see the module's documentation); its argument
    types are `argument_types`, or its annotations when none are given."""
    encoded = c_string(name, "name")
    if not callable(constructor):
        raise TypeError(f"a constructor must be callable, not {type(constructor).__name__}")
    typed = TypedAction(constructor, argument_types if argument_types else annotated_types(constructor))
    if argument_types:
        _check_arity(name, constructor, len(argument_types))
    types = typed.c_types
    c_types = (ctypes.c_int * len(types))(*types) if types else None
    # On failure C calls DESTROY with the key before returning. The constructor lives until
    # it is unregistered (UNOWNED: the table is the process's).
    call("frond_constructor_register", encoded, ctypes.cast(c_types, ctypes.POINTER(ctypes.c_int)) if c_types else None,
         len(types), _constructor_trampoline(types), user_data(registry.add(typed, UNOWNED)), DESTROY)


def _check_arity(name: str, constructor: Callable[..., Component], count: int) -> None:
    """TypeError when `constructor`'s signature (if it can be read) cannot take `count`
    positional arguments."""
    try:
        signature = inspect.signature(constructor)
    except (TypeError, ValueError):
        return
    try:
        signature.bind(*([None] * count))
    except TypeError as error:
        raise TypeError(f"register_constructor({name!r}): {count} argument type(s) given, but the constructor "
                        f"cannot be called with {count} argument(s) ({error})") from None


def unregister_constructor(name: str) -> None:
    """Removes the constructor registered under `name` (InvalidArgumentError when none is)."""
    call("frond_constructor_unregister", c_string(name, "name"))


def component_by_name(name: str, *arguments: object) -> Component:
    """A component made by the constructor registered under `name` (by Python or C) with
    `arguments` (ints, floats, bools, strs, `HostValue`), checked against its types."""
    encoded = c_string(name, "name")
    array = encode_arguments(arguments)
    component = Component.__new__(Component)
    arena = component._arena = Arena()  # (what a Python constructor's component registered)
    handle = ctypes.POINTER(_capi.frond_component)()
    entered_arena(arena)
    try:
        call("frond_component_new_by_name", ctypes.byref(handle), encoded, array, len(arguments))
    finally:
        leave_arena()
    component._handle = handle
    return component


#: One C trampoline per signature: frond_component *(*)(T0 …, void *user_data).
_constructor_trampolines: dict[tuple[ArgumentType, ...], Any] = {}


def _constructor_trampoline(types: tuple[ArgumentType, ...]) -> Any:
    made = _constructor_trampolines.get(types)
    if made is None:
        prototype = ctypes.CFUNCTYPE(ctypes.c_void_p, *(_C_TYPES[kind] for kind in types), ctypes.c_void_p)
        decoders = [_DECODE_NATIVE[kind] for kind in types]

        def construct(*raw: Any) -> int | None:
            try:
                *values, key = raw
                typed: TypedAction = registry.get(key)
                made = typed.handler(*(decode(value) for decode, value in zip(decoders, values)))
                if not isinstance(made, Component):
                    raise TypeError(f"constructor {getattr(typed.handler, '__qualname__', typed.handler)!r} must "
                                    f"return a frond component, not {type(made).__name__}")
                handle = made._hand_over()  # the caller of the construction owns it now
                return ctypes.cast(handle, ctypes.c_void_p).value
            except BaseException as error:  # noqa: BLE001 — nothing may escape into C
                callback_failed(error, "a constructor")
                return None

        function = prototype(construct)
        made = (function, ctypes.cast(function, _capi.frond_native_func))
        made = _constructor_trampolines.setdefault(types, made)
    return made[1]

