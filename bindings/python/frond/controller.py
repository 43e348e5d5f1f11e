"""Controllers: Python objects that live beside a render component's scope and hear its
lifecycle (C's ``frond_controller_vtable``, ComponentKit's component controllers).

A `~frond.render.RenderComponent` subclass declares ``controller``: a class (or any
callable) that makes one controller object from the component instance that makes its
scope. The object lives as long as the scope — from the build that first shows the
component to the commit that drops it (or the root's close) — and its methods, all
optional, are called in the order C reports the events::

    first commit       did_init  will_mount  did_acquire_view*  did_mount
    new state          will_remount  [will_relinquish_view  did_acquire_view]*  did_remount
    new component      will_update_component  will_remount  […]*  did_remount  did_update_component
    dropped            will_unmount  will_relinquish_view*  did_unmount  invalidate

(* only for a component with a view of its own, and for remounts only when its view
changed.) Every method takes the component instance (for the update events, the new one);
``did_acquire_view`` and ``will_relinquish_view`` also take the view id. The ``will_``
events of a commit come before the host applies its mutations, the ``did_`` events after.

A controller is also a responder: ``handle_action(action) -> bool`` is asked about an
action right after its component (and the component's `~frond.wrapper.Wrapper`), before
the component's parent; True stops the action there::

    sender ─► its wrapper ─► its controller ─► parent ─► its wrapper ─► its controller ─► …

- **Errors**: an exception raised by a controller method makes the call that ran it
  (`Root.flush`, `Root.close`, `Root.send_event`, …) raise `~frond.errors.CallbackError`
  from it once that call is done: the commit still completes (the tree and the views are
  those of the new commit) and the other events are still delivered. When making the
  controller raises, the component is mounted without one.
- **Lifetimes**: C holds the controller object through a registry key and releases it
  (exactly once) after ``invalidate``, or without any event when the build that made it
  failed. A class with a controller is stateful: without ``initial_state`` its state is None.
"""
from __future__ import annotations

import ctypes
from typing import Any

from . import _capi
from ._capi import ControllerEvent
from ._runtime import DESTROY, callback_failed, registry
from .action import ActionEvent, action_event

__all__ = ["Controller", "ControllerEvent"]


class Controller:
    """An optional base class for controllers: every method does nothing, so a subclass
    overrides only the events it needs (any object with some of these methods will do).
    `component` is an instance of the render class whose controller it is (typed Any, so
    that a subclass may name that class: ``def did_mount(self, row: Row) -> None``)."""

    def __init__(self, component: Any) -> None:
        """Made during the build that makes the component's scope (which may still fail)."""

    def did_init(self, component: Any) -> None:
        """The first commit with the component starts."""

    def will_mount(self, component: Any) -> None:
        """Its views are about to be created."""

    def did_acquire_view(self, component: Any, view: int) -> None:
        """The component's own view is mounted (after will_mount or will_remount)."""

    def did_mount(self, component: Any) -> None:
        """Its views are mounted."""

    def will_update_component(self, component: Any) -> None:
        """`component` (new props) replaces the previous instance."""

    def will_remount(self, component: Any) -> None:
        """The component was rebuilt (new state or new props) and is about to be remounted."""

    def did_remount(self, component: Any) -> None:
        """It was remounted."""

    def did_update_component(self, component: Any) -> None:
        """The update that started with will_update_component is mounted."""

    def will_unmount(self, component: Any) -> None:
        """The component is leaving the tree."""

    def will_relinquish_view(self, component: Any, view: int) -> None:
        """Its view `view` is about to go (unmount, or a remount with another view)."""

    def did_unmount(self, component: Any) -> None:
        """It left the tree."""

    def invalidate(self, component: Any) -> None:
        """The last event: the controller is released after it."""

    def handle_action(self, action: ActionEvent) -> bool:
        """An action its component (and wrapper) passed on: True stops it here."""
        return False


#: The method each event calls.
METHODS: dict[int, str] = {event: event.name.lower() for event in ControllerEvent}
_VIEW_EVENTS = (ControllerEvent.DID_ACQUIRE_VIEW, ControllerEvent.WILL_RELINQUISH_VIEW)


def _create(props: int | None, _: int | None) -> int | None:
    try:
        component = registry.get(props)
        controller = type(component).controller(component)
        return None if controller is None else registry.add(controller)
    except BaseException as error:  # noqa: BLE001 — nothing may escape into C
        callback_failed(error)  # the call that built it raises it; the scope gets no controller
        return None


def _event(controller: int | None, event: int, view: int, props: int | None, _: int | None) -> None:
    if not controller:
        return  # making it failed (or gave None): nothing to tell
    try:
        method = getattr(registry.get(controller), METHODS[event], None)
        if method is None:
            return
        component = registry.get(props) if props else None
        if event in _VIEW_EVENTS:
            method(component, view)
        else:
            method(component)
    except BaseException as error:  # noqa: BLE001
        callback_failed(error)


def _handle_action(out_handled: Any, controller: int | None, action: Any, _: int | None) -> int:
    if not controller:
        return 0
    try:
        target = registry.get(controller)
        method = getattr(target, "handle_action", None)
        if method is None:
            return 0
        handled = method(action_event(action))
        if not isinstance(handled, bool):
            raise TypeError(f"{type(target).__qualname__}.handle_action must return a bool, "
                            f"not {type(handled).__name__}")
        out_handled[0] = handled
        return 0
    except BaseException as error:  # noqa: BLE001
        return callback_failed(error)


#: The controller table of every Python render class with a controller (C copies it).
VTABLE = _capi.frond_controller_vtable(
    struct_size=ctypes.sizeof(_capi.frond_controller_vtable),
    create=_capi.frond_controller_vtable_create_func(_create),
    event=_capi.frond_controller_vtable_event_func(_event),
    handle_action=_capi.frond_controller_vtable_handle_action_func(_handle_action),
    destroy=DESTROY,
)
