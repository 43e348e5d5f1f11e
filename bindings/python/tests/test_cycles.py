"""Roots whose callbacks refer back to them (issue 27): a host that keeps its root, an
unhandled-action handler, an action closure, props, a provider and its props, a controller,
a state, a queued update, a wrapper, an animation completion, a text measurer or a flush
request that uses the root. C holds only integer keys and the root holds what they stand
for, so such a root is an ordinary cycle of Python objects: the garbage collector frees it,
its finalizer frees the C side, and live handles and registry entries come back to where
they were — while what C can still call stays alive."""
from __future__ import annotations

import gc
import weakref
from collections.abc import Callable
from typing import Any

import pytest

from frond import (Action, ActionEvent, Animation, AnimationComponent, Component, Controller, Flexbox,
                   MemoryHost, MeasureMode, Node, RenderComponent, Root, SizeRange, TextStyle, Wrapper,
                   _runtime, handle_count)
from frond._registry import Arena
from frond.action import _C_BLOCK
from frond.errors import CallbackError
from frond.render import _render_class


def _counts() -> tuple[int, int]:
    gc.collect()
    return handle_count(), len(_runtime.registry)


class KeepingHost(MemoryHost):
    """A host that keeps its root (as a real host keeps the root it draws)."""

    root: Root | None = None


class Owned(RenderComponent):
    """Props, state, controller and tap handler all refer to the root (`owner`)."""

    owner: Root

    def initial_state(self) -> Root:
        return self.owner

    def render(self, state: Root) -> Component:
        return Component("row", {"onTap": self.tapped, "root": state is self.owner}, height=10)

    def tapped(self, event: ActionEvent) -> None:
        assert self.scope is not None and self.owner.thread is not None
        self.scope.update_state(lambda state: self.owner)


class OwnerController(Controller):
    invalidated: list[str] = []

    def __init__(self, component: Owned) -> None:
        self.root = component.owner

    def invalidate(self, component: Owned) -> None:
        OwnerController.invalidated.append(repr(self.root))


class Controlled(Owned):
    controller = OwnerController


@pytest.fixture(scope="module", autouse=True)
def _render_classes() -> None:
    """Each render class's C class is made once, on first use, and kept: make them first."""
    _render_class(Owned)
    _render_class(Controlled)


def _measure_with(root: Root) -> Callable[[str, TextStyle, float, MeasureMode, float, MeasureMode],
                                          tuple[float, float]]:
    return lambda text, style, width, width_mode, height, height_mode: (float(len(text)), 0.0 if root.closed else 10.0)


def _host(root: Root) -> None:
    host = KeepingHost()
    root.host = host
    host.root = root


def _unhandled_action(root: Root) -> None:
    root.on_unhandled_action = lambda action: root.describe()
    root.set_component(Component("button", {"onTap": Action("nobody")}, height=10))


def _action_closure(root: Root) -> None:
    root.set_component(Flexbox(children=[Component("button", {"onTap": lambda event: root.describe()}, height=10)]))


def _props(root: Root) -> None:
    root.set_component(Flexbox(children=[Owned(owner=root, key="a"), Owned(owner=root, key="b")]))


def _provider(root: Root) -> None:
    root.set_provider(lambda props: Component("box", {"same": props is root}))
    root.set_props(root)


def _controller(root: Root) -> None:
    root.set_component(Controlled(owner=root))


def _queued_update(root: Root) -> None:
    root.set_component(Owned(owner=root))
    root.flush()
    root.tap(1, 1)  # queues update_state(lambda: …owner…) and leaves it queued


def _wrapper(root: Root) -> None:
    button = Component("button", {"onTap": Action("wrapped")}, height=10)
    Wrapper(button, lambda action: root is not None)
    root.set_component(button)


def _animation_completion(root: Root) -> None:
    fade = Animation.alpha_from(0, duration=1, completion=lambda done: root.animation_time if done else None)
    root.set_component(AnimationComponent(Component("box", height=10), on_initial_mount=[fade]))


def _text_measurer(root: Root) -> None:
    root.text_measurer = _measure_with(root)


def _flush_request(root: Root) -> None:
    root.on_flush_request = lambda requested: root.describe()


CYCLES: dict[str, Callable[[Root], None]] = {
    "host": _host, "unhandled_action": _unhandled_action, "action_closure": _action_closure, "props": _props,
    "provider": _provider, "controller": _controller, "queued_update": _queued_update, "wrapper": _wrapper,
    "animation_completion": _animation_completion, "text_measurer": _text_measurer,
    "flush_request": _flush_request,
}


def _root_in_a_cycle(make_cycle: Callable[[Root], None]) -> weakref.ref[Root]:
    root = Root(SizeRange.fixed(100, 100))
    make_cycle(root)
    root.flush()
    root.tap(1, 1)
    return weakref.ref(root)


@pytest.mark.parametrize("make_cycle", CYCLES.values(), ids=CYCLES.keys())
def test_a_root_its_callbacks_refer_to_is_collected_and_freed(make_cycle: Callable[[Root], None]) -> None:
    baseline = _counts()
    collected = _root_in_a_cycle(make_cycle)
    assert _counts() == baseline
    assert collected() is None


def test_the_smallest_cycle_a_host_keeping_its_root_is_collected() -> None:
    baseline = _counts()
    host = KeepingHost()
    root = Root(host=host)
    host.root = root
    del root, host
    assert _counts() == baseline


def test_three_hundred_roots_with_every_cycle_leave_no_handle_entry_or_object_behind() -> None:
    for make_cycle in CYCLES.values():  # warm-up: render classes, ctypes' caches
        _root_in_a_cycle(make_cycle)
    _counts()
    baseline = (*_counts(), len(gc.get_objects()))
    for _ in range(300):
        root = Root(SizeRange.fixed(100, 100))
        for make_cycle in CYCLES.values():
            make_cycle(root)
            root.flush()
            root.tap(1, 1)
        del root
    OwnerController.invalidated.clear()
    handles, entries = _counts()
    assert (handles, entries, len(gc.get_objects())) == baseline


def test_a_collected_root_still_invalidates_its_controllers_exactly_once() -> None:
    OwnerController.invalidated.clear()
    baseline = _counts()
    collected = _root_in_a_cycle(_controller)
    assert _counts() == baseline and collected() is None
    assert len(OwnerController.invalidated) == 1  # C's last events found the controller while freeing


def test_closing_twice_and_with_free_at_once_without_the_collector() -> None:
    baseline = _counts()
    gc.disable()
    try:
        with Root(SizeRange.fixed(100, 100)) as root:
            for make_cycle in CYCLES.values():
                make_cycle(root)
            root.flush()
        root.close()
        assert root.closed and (handle_count(), len(_runtime.registry)) == baseline
    finally:
        gc.enable()


def test_what_c_can_still_call_stays_alive_when_the_python_objects_go(no_leaks: None) -> None:
    taps: list[str] = []

    class Child(RenderComponent):
        def render(self, state: None) -> Component:
            return Component("child", {"onTap": lambda event: taps.append("render child")}, height=10)

    built_outside = [Component("outside", {"onTap": lambda event: taps.append("outside")}, height=10)]

    class Parent(RenderComponent):
        def render(self, state: None) -> Component:
            return Flexbox(children=[built_outside.pop(), Child()])  # (a plain component goes to C once)

    with Root(SizeRange.fixed(100, 100)) as root:
        root.set_component(Flexbox(children=[
            Component("leaf", {"onTap": lambda event: taps.append("leaf")}, height=10), Parent()]))
        gc.collect()
        root.flush()
        gc.collect()
        for y in (5, 15, 25):
            root.tap(5, y)
        assert taps == ["leaf", "outside", "render child"]


def test_a_root_given_a_thousand_components_keeps_only_what_c_still_holds(no_leaks: None) -> None:
    def screen(step: int) -> Flexbox:
        return Flexbox(children=[Component("button", {"onTap": lambda event: None, "step": step}, height=10),
                                 Owned(owner=root, key="owned")])

    with Root(SizeRange.fixed(100, 100)) as root:
        root.set_component(screen(0))
        root.flush()
        _counts()
        objects = len(gc.get_objects())
        for step in range(1000):
            root.set_component(screen(step))
            root.flush()
        _counts()
        assert len(gc.get_objects()) - objects < 100  # not one arena (or more) per component given


def test_a_wrapper_made_after_its_component_was_given_keeps_its_handler(no_leaks: None) -> None:
    answers: list[str] = []
    button = Component("button", {"onTap": Action("late")}, height=10)
    with Root(SizeRange.fixed(50, 50)) as root:
        root.set_component(Flexbox(children=[button]))
        Wrapper(button, lambda action: answers.append(action.name) is None)
        del button
        gc.collect()
        root.flush()
        root.tap(1, 1)
        assert answers == ["late"]


def _node_measured_by_a_closure_over_itself() -> weakref.ref[Node]:
    node = Node(width=10)
    node.measure = lambda width, width_mode, height, height_mode: (0.0 if node.closed else 4.0, 4.0)
    node.calculate_layout()
    assert node.layout.height == 4
    return weakref.ref(node)  # (the closure's cell still holds the node)


def test_a_measure_function_closing_over_its_node_is_collected() -> None:
    baseline = _counts()
    collected = _node_measured_by_a_closure_over_itself()
    assert _counts() == baseline
    assert collected() is None


def test_a_callback_whose_owner_was_collected_returns_an_error_status(capsys: pytest.CaptureFixture[str]) -> None:
    arena = Arena()
    key = _runtime.registry.add(lambda event: None, arena)
    del arena
    gc.collect()
    with pytest.raises(LookupError, match="gone"):
        _runtime.registry.get(key)
    assert _C_BLOCK(None, key) == int(_runtime.Status.ERR_CALLBACK)  # as C would call it: no crash
    assert "gone" in capsys.readouterr().err  # (outside any call of ours: reported, not raised)
    _runtime.DESTROY(key)  # C's destroy still releases the key, once
    _runtime.DESTROY(key)
    with pytest.raises(LookupError, match="no callback"):
        _runtime.registry.get(key)


def test_a_failing_close_still_frees_the_root_and_a_second_close_does_nothing(no_leaks: None) -> None:
    class Failing(Controller):
        def invalidate(self, component: Any) -> None:
            raise RuntimeError("invalidate failed")

    class Row(RenderComponent):
        controller = Failing

        def render(self, state: None) -> Component:
            return Component("row", height=10)

    root = Root(SizeRange.fixed(10, 10))
    root.set_component(Row())
    root.flush()
    with pytest.raises(CallbackError, match="invalidate failed"):
        root.close()
    assert root.closed
    root.close()
