"""Actions as Python callables: action blocks and the root's unhandled action handler.

A view attribute whose value is a callable is an *action block*: the view's host event
(``Root.send_event``, ``Root.tap``) calls it directly with an `ActionEvent`, no responder
is asked, and the outcome is HANDLED::

    Component("button", {"title": "Add", "onTap": lambda event: items.append(event.view)})

Each component built with a callable gets a fresh C action block (``frond_action_block_new``)
whose user_data is a registry key (never an address) for the callable, which belongs to
the component (and to the root or parent given the component; see ``frond._registry``);
the component and the views mounted with it keep the block alive, and C's destroy
function releases the key exactly once when the last of them goes. Blocks are compared by identity: a component
rebuilt with a callable makes a new block, so its view is updated with it.

An exception raised by a handler makes the call that sent the action raise
`~frond.errors.CallbackError` from it. The handler's return value is ignored. A
`~frond.typed_action.TypedAction` becomes a typed block instead: it is called with the
action's arguments converted to its declared types, which Frond checks first.
"""
from __future__ import annotations

import ctypes
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from . import _capi
from ._registry import Arena
from ._runtime import DESTROY, Handle, call, callback_failed, registry, user_data
from .attribute import AttributeValue, decode_attribute
from .typed_action import ActionName, ArgumentValue, TypedAction, decode_argument, trampoline

__all__ = ["ActionEvent", "ActionHandler"]

V = TypeVar("V")


@dataclass(frozen=True)
class ActionEvent:
    """An action on its way up the responder chain (or to an action block): its `name`,
    its `payload` (an attribute value, None without one), the mounted `view` a host
    event came from (0 for an action sent through a scope) and, for an action without a
    payload sent with an argument list (`Scope.send_block`), its `arguments`."""

    name: str
    payload: AttributeValue | None
    view: int
    arguments: tuple[ArgumentValue, ...] = ()

    def value_for(self, name: ActionName[V]) -> V | None:
        """The value this action carries as `name` says (``action.value_for(SELECT)`` for
        ``SELECT = ActionName("select", int)``): None when the action has another name;
        the payload converted to the name's type (a whole number to an int); a TypeError
        when the payload is of another type."""
        return name.value_of(self.name, self.payload)

    def matches(self, name: ActionName[Any]) -> bool:
        """Whether the action has `name`'s name and a value of its type."""
        try:
            name.value_of(self.name, self.payload)
        except (TypeError, ValueError):
            return False
        return self.name == name.name


#: A Python action handler: called with the action; its return value is ignored.
ActionHandler = Callable[[ActionEvent], object]


def action_event(action: Any) -> ActionEvent:
    """The Python view of a C action handle (valid during the callback only)."""
    name = ctypes.c_char_p()
    call("frond_action_get_name", ctypes.byref(name), action)
    has_payload = ctypes.c_bool()
    payload = _capi.frond_attribute()
    call("frond_action_get_payload", ctypes.byref(has_payload), ctypes.byref(payload), action)
    view = ctypes.c_uint64()
    call("frond_action_get_view", ctypes.byref(view), action)
    value = decode_attribute(payload)[1] if has_payload.value else None
    arguments: tuple[ArgumentValue, ...] = ()
    if not has_payload.value:
        count = ctypes.c_size_t()
        call("frond_action_get_argument_count", ctypes.byref(count), action)
        if count.value:
            argument = _capi.frond_argument()
            values = []
            for index in range(count.value):
                call("frond_action_get_argument", ctypes.byref(argument), action, index)
                values.append(decode_argument(argument))
            arguments = tuple(values)
    return ActionEvent((name.value or b"").decode("utf-8", "replace"), value, view.value, arguments)


class ActionBlock(Handle):
    """The caller's handle on one C action block calling `handler` (internal: attribute
    encoding and `Scope.send_block` make them, and release them once C holds the block);
    a typed block for a `~frond.typed_action.TypedAction`."""

    _free_function = "frond_action_block_release"

    def __init__(self, handler: ActionHandler, arena: Arena | None = None) -> None:
        """`arena`: where the handler is registered (None: the running root's, if any)."""
        if not callable(handler):
            raise TypeError(f"an action handler must be callable, not {type(handler).__name__}")
        handle = ctypes.POINTER(_capi.frond_action_block)()
        # On failure C calls DESTROY with the key before returning: nothing to undo here.
        if isinstance(handler, TypedAction):
            types = handler.c_types
            array = (_capi.frond_argument_type * len(types))(*types) if types else None
            call("frond_action_block_new_typed", ctypes.byref(handle), array, len(types), trampoline(types),
                 user_data(registry.add(handler, arena)), DESTROY)
        else:
            call("frond_action_block_new", ctypes.byref(handle), _C_BLOCK, user_data(registry.add(handler, arena)),
                 DESTROY)
        self._handle = handle

    @property
    def c_handle(self) -> Any:
        return self._live()


def _block(action: Any, key: int | None) -> int:
    try:
        registry.get(key)(action_event(action))
        return 0
    except BaseException as error:  # noqa: BLE001 — nothing may escape into C
        return callback_failed(error)


def _unhandled(root: Any, action: Any, key: int | None) -> int:
    try:
        registry.get(key)(action_event(action))
        return 0
    except BaseException as error:  # noqa: BLE001
        return callback_failed(error)


_C_BLOCK = _capi.frond_action_block_func(_block)
#: The C unhandled action handler of every root (user_data: the callable's registry key).
C_UNHANDLED = _capi.frond_action_handler_func(_unhandled)
