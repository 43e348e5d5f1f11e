"""Render components defined as Python classes, their state, and the actions they handle.

    >>> from frond import Component, RenderComponent
    >>> class Badge(RenderComponent):
    ...     def initial_state(self) -> int:
    ...         return 0
    ...     def render(self, state: int) -> Component:
    ...         return Component("badge", {"count": state, "label": self.label})

``Badge(label="inbox", key="b")`` is a component: give it to a `Root`, a `Flexbox` or
return it from another render. How it maps onto C:

- **One C render class per Python subclass**, made the first time a component of the
  subclass is handed to C and kept on the subclass (``_frond_render_class``); its handle
  is released when the subclass itself is garbage-collected (the components of the class
  that C still holds keep the C class alive until they go). Callbacks find the Python
  class through the component's props, so the C class holds no Python object.
- **Props** are the instance itself, handed to C as a registry key (never an address) and
  released by C's destroy function when the C component dies. The instance holds no C
  handle of its own while C uses it: each time it is handed to C it makes a fresh C
  component, which the receiver keeps — and with it the instance (the receiver's arena
  adopts the component's; see ``frond._registry``), so props may refer to the root.
  Instances are descriptions: treat their attributes as read-only once handed over.
- **State** (any Python object; a subclass without ``initial_state`` is stateless) belongs
  to the root, under the registry key C keeps as the state value; ``destroy_state`` releases it,
  exactly once, when it is replaced or its component leaves the tree.
- **Controllers**: a ``controller`` class attribute (a class or callable taking the
  component) gives each scope a Python controller that hears the component's lifecycle and
  answers actions after it (see `frond.controller`).
- **Errors**: an exception raised by ``initial_state``, ``render``, ``should_update`` or a
  state update function makes the flush raise `~frond.errors.CallbackError` from it (the
  previously mounted tree stays); one raised by ``handle_action`` makes the call that sent
  the action (`Root.send_event`, `Root.tap`) raise it.
- **The child render returns** is handed over to Frond, which takes over its handle: a
  plain `Component` returned from render is closed afterwards (build a new one each
  render); a `RenderComponent` stays usable.
"""
from __future__ import annotations

import ctypes
import threading
from collections.abc import Callable
from typing import Any, ClassVar, NamedTuple

from . import _capi
from ._capi import ActionOutcome
from ._runtime import DESTROY, Handle, call, callback_failed, registry, user_data
from .action import ActionEvent, action_event
from .animation import Animation, AnimationMoment, AnimationTiming, animation_list, encode_animations
from .attribute import c_string
from .components import Component, _key, _MadeOnDemand
from .controller import VTABLE
from .scope import Scope

__all__ = ["RenderComponent", "Scope", "ActionEvent", "EventResult", "ActionOutcome"]


class RenderComponent(_MadeOnDemand):
    """The base class of components defined in Python.

    Subclasses define ``render(self, state) -> Component | None`` and optionally
    ``initial_state(self) -> object`` (without it the component is stateless and render
    gets None), ``should_update(self, previous) -> bool`` (whether this instance, replacing
    `previous` with the same identity and state, must render again; default: always) and
    ``handle_action(self, action, scope) -> bool`` (True stops the action here), and the
    class attribute ``controller`` (see `frond.controller`; read when the class is first
    used). ``RenderComponent(key=…, **props)`` stores the props as attributes (a
    ``view_type`` prop or class attribute makes the component a view of that type around
    its child; the default None is viewless); a subclass with its own ``__init__`` sets
    its attributes and calls ``super().__init__(key=key)``.
    """

    #: Makes the controller of each scope from the component that makes the scope (a
    #: `~frond.controller.Controller` subclass, or any callable; None: no controller).
    controller: ClassVar[Callable[..., object] | None] = None
    #: Animates each change of the frame of the component's view (its child's, for a
    #: viewless component) from one commit to the next with this timing, as C's
    #: ``frame_animation`` (read when the class is first used; None: frames jump). It is how
    #: a component animates a resize its own state update causes: a state update re-renders
    #: the same instance, and `animations` is not asked for CHANGE then.
    frame_animation: ClassVar[AnimationTiming | None] = None
    #: The component's own view (a class attribute or a prop; None: viewless, the default):
    #: its render's child is mounted inside it.
    view_type: str | None = None
    key: str | None
    #: The scope of the component this instance last rendered as (None until it renders,
    #: and for a stateless class): lets a bound method given as an action handler
    #: (``"onTap": self.toggle``) update the state.
    scope: Scope | None = None

    def __init__(self, *, key: str | None = None, **props: Any) -> None:
        if key is not None:
            c_string(key, "key")
        self.key = key
        for name, value in props.items():
            setattr(self, name, value)

    # ---- what subclasses define ----------------------------------------------------

    def initial_state(self) -> object:
        """The state a new component of the class starts with (not overridden: stateless)."""
        return None

    def render(self, state: Any) -> Component | None:
        """The child to show for this instance and `state` (None: nothing)."""
        raise NotImplementedError(f"{type(self).__qualname__} must define render(self, state)")

    def should_update(self, previous: Any) -> bool:
        """Whether to render again when this instance replaces `previous` (not overridden:
        always)."""
        return True

    def handle_action(self, action: ActionEvent, scope: Scope | None) -> bool:
        """Handles an action reaching this component (not overridden: the class is no
        responder); True stops the action, False passes it to the parent."""
        return False

    def animations(self, moment: AnimationMoment, previous: Any) -> list[Animation]:
        """The animations of this component at `moment` (INITIAL_MOUNT, CHANGE with the
        instance it replaces as `previous`, FINAL_UNMOUNT); at most 8. Not overridden:
        none."""
        return []

    # ---- the C side --------------------------------------------------------------

    def _make(self) -> None:
        render_class = _render_class(type(self))
        handle = ctypes.POINTER(_capi.frond_component)()
        view = None
        if self.view_type is not None:
            spec = _capi.frond_view_spec(struct_size=ctypes.sizeof(_capi.frond_view_spec),
                                         view_type=c_string(self.view_type, "view_type"))
            view = ctypes.byref(spec)
        key = registry.add(self, self._own_arena())  # (this C component's, kept by its receiver)
        try:
            call("frond_component_new_render", ctypes.byref(handle), render_class, view, None, _key(self.key),
                 user_data(key), DESTROY)
        except BaseException:
            registry.discard(key)  # C called destroy unless the arguments never reached it
            raise
        self._handle = handle

    def __repr__(self) -> str:
        key = "" if self.key is None else f" key={self.key!r}"
        return f"<{type(self).__qualname__} (frond.RenderComponent){key}>"


class EventResult(NamedTuple):
    """How a host event ended (`outcome`) and the view it was sent to or that was hit (0:
    none)."""

    outcome: ActionOutcome
    view: int


# ---- render classes -------------------------------------------------------------------

class _RenderClass(Handle):
    """The C render class of one Python subclass (kept on the subclass)."""

    _free_function = "frond_render_class_release"

    def __init__(self, cls: type[RenderComponent]) -> None:
        spec = _capi.frond_render_class_spec(struct_size=ctypes.sizeof(_capi.frond_render_class_spec))
        spec.name = c_string(cls.__qualname__, "class name")
        spec.render = _C_RENDER
        has_controller = cls.controller is not None
        if has_controller and not callable(cls.controller):
            raise TypeError(f"{cls.__qualname__}.controller must be a class or callable making a controller from "
                            f"the component, or None, not {type(cls.controller).__name__}")
        if cls.initial_state is not RenderComponent.initial_state or has_controller:
            spec.initial_state = _C_INITIAL_STATE  # a controller lives beside a scope: its class is stateful
            spec.destroy_state = DESTROY
        if has_controller:
            spec.controller = ctypes.pointer(VTABLE)
        if cls.should_update is not RenderComponent.should_update:
            spec.should_update = _C_SHOULD_UPDATE
        if cls.handle_action is not RenderComponent.handle_action:
            spec.handle_action = _C_HANDLE_ACTION
        if cls.animations is not RenderComponent.animations:
            spec.animations = _C_ANIMATIONS
        timing = cls.frame_animation
        if timing is not None:
            if not isinstance(timing, AnimationTiming):
                raise TypeError(f"{cls.__qualname__}.frame_animation must be a frond.AnimationTiming or None, "
                                f"not {type(timing).__name__}")
            frame = _capi.frond_animation(struct_size=ctypes.sizeof(_capi.frond_animation))  # (copied by C)
            timing._fill(frame)
            spec.frame_animation = ctypes.pointer(frame)
        handle = ctypes.POINTER(_capi.frond_render_class)()
        call("frond_render_class_new", ctypes.byref(handle), ctypes.byref(spec), None, _capi.frond_destroy_func())
        self._handle = handle


def _render_class(cls: type[RenderComponent]) -> Any:
    if cls.render is RenderComponent.render:
        raise TypeError(f"{cls.__qualname__} must define render(self, state)")
    holder = cls.__dict__.get("_frond_render_class")
    if not isinstance(holder, _RenderClass) or holder.closed:
        holder = _RenderClass(cls)
        setattr(cls, "_frond_render_class", holder)
    return holder._live()


def _initial_state(out_state: Any, props: int | None, _: int | None) -> int:
    try:
        out_state[0] = registry.add(registry.get(props).initial_state())
        return 0
    except BaseException as error:  # noqa: BLE001 — nothing may escape into C
        return callback_failed(error)


def _render(out_child: Any, scope: Any, state: int | None, props: int | None, _: int | None) -> int:
    try:
        instance = registry.get(props)
        if scope:
            instance.scope = Scope(scope)
        child = instance.render(registry.get(state) if scope else None)
        if child is None:
            return 0
        if not isinstance(child, Component):
            raise TypeError(f"{type(instance).__qualname__}.render must return a frond component or None, "
                            f"not {type(child).__name__}")
        out_child[0] = child._hand_over()  # Frond takes the handle over (the root, what C may call through it)
        return 0
    except BaseException as error:  # noqa: BLE001
        return callback_failed(error)


def _should_update(out: Any, previous: int | None, props: int | None, _: int | None) -> int:
    try:
        instance = registry.get(props)
        answer = instance.should_update(registry.get(previous))
        if not isinstance(answer, bool):
            raise TypeError(f"{type(instance).__qualname__}.should_update must return a bool, "
                            f"not {type(answer).__name__}")
        out[0] = answer
        return 0
    except BaseException as error:  # noqa: BLE001
        return callback_failed(error)


def _handle_action(out_handled: Any, action: Any, scope: Any, state: int | None, props: int | None,
                   _: int | None) -> int:
    try:
        instance = registry.get(props)
        handled = instance.handle_action(action_event(action), Scope(scope) if scope else None)
        if not isinstance(handled, bool):
            raise TypeError(f"{type(instance).__qualname__}.handle_action must return a bool, "
                            f"not {type(handled).__name__}")
        out_handled[0] = handled
        return 0
    except BaseException as error:  # noqa: BLE001
        return callback_failed(error)


class _PendingAnimations(threading.local):
    def __init__(self) -> None:
        self.items: list[Any] = []


_pending = _PendingAnimations()


def pending_animations() -> list[Any]:
    """What render classes' animations handed C through pointers (target keys, group
    parts) on this thread: kept until the next animations callback on this thread, or the
    flush that asked for them returns (C copies them as the callback returns, before it asks
    again). Per thread, as roots on different threads flush at the same time, and list items
    are built on builders' threads, with no flush of their own to clear them."""
    return _pending.items


def _animations(out: Any, out_count: Any, moment: int, previous: int | None, props: int | None,
                _: int | None) -> int:
    keys: list[int] = []
    try:
        pending_animations().clear()  # (the last callback's, which C has copied by now)
        instance = registry.get(props)
        items = animation_list(instance.animations(AnimationMoment(moment),
                                                   registry.get(previous) if previous else None),
                               f"{type(instance).__qualname__}.animations()")
        if len(items) > _capi.FROND_MAX_COMPONENT_ANIMATIONS:
            raise ValueError(f"{type(instance).__qualname__}.animations() gave {len(items)} animations, "
                             f"more than {_capi.FROND_MAX_COMPONENT_ANIMATIONS}")
        for index, animation in enumerate(items):
            animation._fill(out[index], pending_animations(), keys)
        out_count[0] = len(items)
        return 0
    except BaseException as error:  # noqa: BLE001
        for key in keys:  # nothing was counted as written: C calls no destroy
            registry.discard(key)
        return callback_failed(error)


_C_ANIMATIONS = _capi.frond_render_class_spec_animations_func(_animations)
_C_INITIAL_STATE = _capi.frond_render_class_spec_initial_state_func(_initial_state)
_C_RENDER = _capi.frond_render_class_spec_render_func(_render)
_C_SHOULD_UPDATE = _capi.frond_render_class_spec_should_update_func(_should_update)
_C_HANDLE_ACTION = _capi.frond_render_class_spec_handle_action_func(_handle_action)
