"""Scopes: the place of a stateful component in the tree, its state, and the actions its
component sends (`Scope`).

A render component gets its scope as ``self.scope`` when it renders and as an argument of
``handle_action``. State updates (`Scope.update_state`, `Scope.set_state`) may come from
any thread; the next flush on the root's thread applies them, in the order they were
queued. Reading the state and sending actions happen on the root's thread, between
flushes: another thread gets `~frond.errors.ThreadError`, a send during a flush
`~frond.errors.MisuseError`.
"""
from __future__ import annotations

import ctypes
from collections.abc import Callable
from typing import Any, TypeVar, overload

from . import _capi
from ._capi import ActionOutcome
from ._registry import Arena
from ._runtime import DESTROY, call, callback_failed, registry, user_data
from ._threads import current_root, entered
from .action import ActionBlock, ActionHandler
from .attribute import c_string, encode_attributes
from .typed_action import ActionName, encode_arguments

__all__ = ["Scope"]

_V = TypeVar("_V")


class Scope:
    """The scope of a stateful component in the tree: its `state`, updates to it, and the
    actions its component sends. It stays valid while the component is in the tree;
    afterwards its methods raise `~frond.errors.MisuseError`.

    `update_state` and `set_state` may be called from any thread; everything else on the
    root's thread only (`~frond.errors.ThreadError` otherwise)."""

    __slots__ = ("_handle", "_root")

    def __init__(self, handle: Any) -> None:
        self._handle = handle
        self._root = current_root()  # the root whose call (a flush, an event) made it

    def _arena(self) -> Arena | None:
        """The arena of the scope's root, which what the scope queues belongs to (None: the
        root is gone or closed, and the C call will fail)."""
        root = self._root() if self._root is not None else None
        return None if root is None else root._arena

    def _check_thread(self, action: str) -> Any:
        """The scope's root, once the calling thread is known to own it (None: unknown)."""
        root = self._root() if self._root is not None else None
        if root is not None and not root.closed:
            root._owner.check(action)
        return root

    @property
    def state(self) -> Any:
        """The state as of the last flush (on the root's thread)."""
        self._check_thread("read (Scope.state)")
        out = ctypes.c_void_p()
        call("frond_scope_get_state", ctypes.byref(out), self._handle)
        return registry.get(out.value)

    @overload
    def send(self, action: ActionName[None], value: None = None) -> ActionOutcome: ...
    @overload
    def send(self, action: ActionName[_V], value: _V) -> ActionOutcome: ...
    @overload
    def send(self, action: str, value: object = None) -> ActionOutcome: ...

    def send(self, action: str | ActionName[Any], value: object = None) -> ActionOutcome:
        """Sends an action from this scope's component up the responder chain, starting at
        the component's parent (the parent, its wrapper and controller, then the parent's
        parent …; the root's unhandled action handler last). `action` is a name with `value` as an attribute
        value payload, or an `ActionName`, whose type `value` must have: a TypeError (or
        InvalidArgumentError for an inexact number) before anything is sent otherwise.
        On the root's thread, between flushes (MisuseError during a flush). A responder
        that raises makes it raise CallbackError from that exception."""
        if isinstance(action, ActionName):
            name, payload = c_string(action.name, "action"), action.payload(value)
            array = None
        elif isinstance(action, str):
            if callable(value):
                raise TypeError("a payload must be an attribute value, not a callable (see Scope.send_block)")
            name = c_string(action, "action")
            array = encode_attributes({"payload": value}, "payload") if value is not None else None
            payload = None if array is None else ctypes.cast(array, ctypes.POINTER(_capi.frond_attribute))
        else:
            raise TypeError(f"action must be a str or a frond.ActionName, not {type(action).__name__}")
        outcome = ctypes.c_int()
        self._call("sent an action (Scope.send)", "frond_scope_send_action", ctypes.byref(outcome), self._handle,
                   name, payload)
        return ActionOutcome(outcome.value)

    def send_block(self, handler: ActionHandler, *values: object) -> ActionOutcome:
        """Calls `handler` — a callable given to this component by its owner (in its props),
        typically a `~frond.typed_action.TypedAction` — with an action from this scope's
        component carrying `values` (ComponentKit's ``action.send(self, …)``): a typed
        handler gets them checked and converted to its declared types (InvalidArgumentError,
        and no call, when they do not fit); any other callable gets an `ActionEvent` with
        `values` as its ``arguments``. No responder chain is walked. Values are ints,
        floats, bools, strs and HostValues. On the root's thread, between flushes."""
        array = encode_arguments(values)
        block = ActionBlock(handler, self._arena())
        try:
            self._call("sent an action (Scope.send_block)", "frond_scope_send_action_block", self._handle,
                       block.c_handle, array, len(values))
        finally:
            block.close()  # the call is over: the block (and its registry key) can go
        return ActionOutcome.HANDLED

    def _call(self, action: str, function: str, *arguments: Any) -> None:
        root = self._check_thread(action)
        if root is None:
            call(function, *arguments)
        else:
            with entered(root):
                call(function, *arguments)

    def update_state(self, update: Callable[[Any], object]) -> None:
        """Queues ``state = update(state)`` for the next flush (from any thread: updates
        from several threads are applied one after another, in the order they were
        queued). An update that raises is dropped and makes that flush raise
        CallbackError from it."""
        if not callable(update):
            raise TypeError(f"update must be callable (state -> new state), not {type(update).__name__}")
        key = registry.add(update, self._arena())  # (on failure C calls DESTROY with it)
        call("frond_scope_update_state", self._handle, _C_UPDATE, user_data(key), DESTROY)

    def set_state(self, state: object) -> None:
        """Queues replacing the state with `state` at the next flush (from any thread)."""
        key = registry.add(state, self._arena())
        try:
            call("frond_scope_set_state", self._handle, user_data(key))
        except BaseException:
            registry.discard(key)  # on failure the value stays ours
            raise

    def __repr__(self) -> str:
        return "<frond.Scope>"


def _update(state: Any, key: int | None) -> int:
    try:
        current = state[0]
        new = registry.get(key)(registry.get(current))
        if new is not registry.get(current):
            state[0] = registry.add(new)  # the replaced key goes to destroy_state
        return 0
    except BaseException as error:  # noqa: BLE001
        return callback_failed(error, "a state update function (its update was dropped)")


_C_UPDATE = _capi.frond_state_update_func(_update)
