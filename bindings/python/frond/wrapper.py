"""Wrappers: a handle that code outside the tree keeps on a component, asked about the
component's actions right after the component itself (C's ``frond_wrapper``,
ComponentSwift's wrappers for legacy code).

    >>> from frond import Action, Component, Wrapper
    >>> button = Component("button", {"onTap": Action("select")}, height=20)
    >>> wrapper = Wrapper(button, lambda action: action.name == "select")
    >>> wrapper.wrapped is button
    True

Where a wrapper sits in the responder chain::

    sender ─► its wrapper ─► its controller ─► parent ─► its wrapper ─► its controller ─► …

- **The handler**, ``handle_action(action: ActionEvent) -> bool``, returns True to stop the
  action there; False passes it on. An exception it raises (or a result that is not a bool)
  stops the action and makes the call that sent it raise `~frond.errors.CallbackError` from
  it. A component has at most one wrapper (a second is a `~frond.errors.MisuseError`).
- **Lifetimes**: the C component keeps its wrapper — and so the handler — alive: a wrapper
  made while building a tree may be dropped at once, and its handler is asked for as long
  as the component is in a tree. The handler is released (exactly once) when both the
  wrapper and its component are gone. The Python wrapper holds the component object it was
  made with (`wrapped`) until it is closed. The handler belongs to the component (and to
  the parents and roots given it), so a handler that refers to them or to its wrapper is
  garbage-collected with them — except for a wrapper made after the component was given
  to a parent or root, whose handler is held by the process-wide registry until C
  releases it.
- `component` is a new handle on the wrapped C component, while anything (a parent, a
  root, the Python component) still holds it.
"""
from __future__ import annotations

import ctypes
from collections.abc import Callable
from typing import Any

from . import _capi
from ._runtime import DESTROY, UNOWNED, Handle, call, callback_failed, registry, user_data
from .action import ActionEvent, action_event
from .components import Component

__all__ = ["Wrapper"]


class Wrapper(Handle):
    """A handle on `component` whose `handle_action` is asked about the component's actions
    right after the component (None: the wrapper passes every action on)."""

    _free_function = "frond_wrapper_release"

    def __init__(self, component: Component, handle_action: Callable[[ActionEvent], bool] | None = None) -> None:
        if not isinstance(component, Component):
            raise TypeError(f"a Wrapper wraps a frond component, not {type(component).__name__}")
        if handle_action is not None and not callable(handle_action):
            raise TypeError(f"handle_action must be callable (ActionEvent -> bool) or None, "
                            f"not {type(handle_action).__name__}")
        handle = ctypes.POINTER(_capi.frond_wrapper)()
        target = component._live()
        if handle_action is None:
            call("frond_wrapper_new", ctypes.byref(handle), target, _capi.frond_wrapper_action_func(), None,
                 _capi.frond_destroy_func())
        else:
            # On failure C calls DESTROY with the key before returning: nothing to undo here.
            # The handler belongs to the component's arena, unless a parent or root already
            # adopted what that held (it would not see the handler): then to UNOWNED.
            arena = UNOWNED if component._given else component._own_arena()
            call("frond_wrapper_new", ctypes.byref(handle), target, _C_HANDLE_ACTION,
                 user_data(registry.add(handle_action, arena)), DESTROY)
        self._handle = handle
        #: The component object the wrapper was made with (held until the wrapper closes).
        self.wrapped: Component | None = component
        self.handle_action = handle_action

    @property
    def component(self) -> Component:
        """A new `Component` owning a new handle on the wrapped C component (close it when
        done); MisuseError when nothing holds that component any more."""
        handle = ctypes.POINTER(_capi.frond_component)()
        call("frond_wrapper_get_component", ctypes.byref(handle), self._live())
        component = Component.__new__(Component)
        component._handle = handle
        # What C may call back through the C component: whoever is given it keeps it too.
        component._arena = self.wrapped._arena if self.wrapped is not None else None
        return component

    def _did_close(self) -> None:
        self.wrapped = None

    def __repr__(self) -> str:
        state = " (closed)" if self._handle is None else f" of {self.wrapped!r}"
        return f"<frond.Wrapper{state}>"


def _handle_action(out_handled: Any, action: Any, key: int | None) -> int:
    try:
        handler = registry.get(key)
        handled = handler(action_event(action))
        if not isinstance(handled, bool):
            raise TypeError(f"a wrapper's handle_action must return a bool, not {type(handled).__name__}")
        out_handled[0] = handled
        return 0
    except BaseException as error:  # noqa: BLE001 — nothing may escape into C
        return callback_failed(error)


_C_HANDLE_ACTION = _capi.frond_wrapper_action_func(_handle_action)
