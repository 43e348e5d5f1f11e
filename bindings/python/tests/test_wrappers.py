"""Wrappers from Python (C's frond_wrapper): asked about a component's actions right after
the component, before its controller and its parent; stopping or passing actions on;
failing with CallbackError; holding the component they wrap, and kept (with their
handler) by that component while it is in a tree."""
from __future__ import annotations

import gc
import weakref
from collections.abc import Callable

import pytest

from frond import (Action, ActionEvent, ActionOutcome, CallbackError, Component, Controller, Flexbox, MemoryHost,
                   MisuseError, RenderComponent, Root, Scope, SizeRange, Wrapper)
from frond.render import _render_class

trail: list[str] = []


def responder(label: str, handles: Callable[[ActionEvent], bool] = lambda action: False) -> Callable[..., bool]:
    def handle(action: ActionEvent) -> bool:
        trail.append(f"{label}:{action.name}")
        return handles(action)

    return handle


class Recorder(Controller):
    def __init__(self, component: RenderComponent) -> None:
        self.label = f"{type(component).__name__.lower()} controller"

    def handle_action(self, action: ActionEvent) -> bool:
        trail.append(f"{self.label}:{action.name}")
        return False


class Card(RenderComponent):
    """A stateful card with a controller; its button sends "select"."""

    controller = Recorder

    def render(self, state: None) -> Component:
        button = Component("button", {"onTap": Action("select")}, width=20, height=10)
        Wrapper(button, responder("button wrapper"))  # dropped at once: the button keeps it
        return button

    def handle_action(self, action: ActionEvent, scope: Scope | None) -> bool:
        trail.append(f"card:{action.name}")
        return False


class Screen(RenderComponent):
    """The card's parent: a responder with a controller, the card wrapped."""

    controller = Recorder

    def render(self, state: None) -> Component:
        card = Card(key="card")
        Wrapper(card, responder("card wrapper", self.stop))
        return Flexbox(children=[card], view_type="list")

    def handle_action(self, action: ActionEvent, scope: Scope | None) -> bool:
        trail.append(f"screen:{action.name}")
        return False

    stop: Callable[[ActionEvent], bool] = staticmethod(lambda action: False)  # type: ignore[assignment]


@pytest.fixture(scope="module", autouse=True)
def _render_classes() -> None:
    _render_class(Card)
    _render_class(Screen)


@pytest.fixture(autouse=True)
def _clear() -> None:
    trail.clear()


def mounted(screen: Screen) -> tuple[Root, MemoryHost, Wrapper]:
    host = MemoryHost()
    root = Root(SizeRange.fixed(100, 100), host=host)
    root.on_unhandled_action = lambda action: trail.append(f"unhandled:{action.name}")
    wrapper = Wrapper(screen, responder("screen wrapper"))
    root.set_component(screen)
    root.flush()
    return root, host, wrapper


def test_responder_chain_asks_component_wrapper_controller_then_parent(no_leaks: None) -> None:
    root, host, wrapper = mounted(Screen())
    with root:
        assert host.dump().splitlines() == ["v1 list (0, 0, 100×100)", "  v2 button (0, 0, 20×10) onTap=action(select)"]
        assert root.tap(1, 1) == (ActionOutcome.UNHANDLED, 2)
        assert trail == ["button wrapper:select",
                         "card:select", "card wrapper:select", "card controller:select",
                         "screen:select", "screen wrapper:select", "screen controller:select",
                         "unhandled:select"]
    wrapper.close()


def test_a_wrapper_that_handles_stops_the_action(no_leaks: None) -> None:
    screen = Screen()
    screen.stop = lambda action: True  # the card's wrapper handles it
    root, _, wrapper = mounted(screen)
    with root, wrapper:
        assert root.tap(1, 1).outcome == ActionOutcome.HANDLED
        assert trail == ["button wrapper:select", "card:select", "card wrapper:select"]


def test_a_failing_wrapper_raises_callback_error_and_keeps_the_tree(no_leaks: None) -> None:
    def broken(action: ActionEvent) -> bool:
        raise RuntimeError("legacy code failed")

    button = Component("button", {"onTap": Action("select")}, height=10)
    host = MemoryHost()
    with Root(SizeRange.fixed(50, 50), host=host) as root, Wrapper(button, broken):
        root.set_component(Flexbox(children=[button]))
        root.flush()
        before = host.dump()
        with pytest.raises(CallbackError) as raised:
            root.tap(1, 1)
        assert isinstance(raised.value.__cause__, RuntimeError)
        assert "legacy code failed" in str(raised.value)
        assert host.dump() == before
        root.flush()


def test_a_wrapper_must_answer_with_a_bool(no_leaks: None) -> None:
    button = Component("button", {"onTap": Action("select")}, height=10)
    with Root(SizeRange.fixed(50, 50)) as root, Wrapper(button, lambda action: None):
        root.set_component(button)
        root.flush()
        with pytest.raises(CallbackError, match="must return a bool, not NoneType"):
            root.tap(1, 1)


def test_a_wrapper_without_a_handler_passes_everything_on(no_leaks: None) -> None:
    button = Component("button", {"onTap": Action("select")}, height=10)
    with Root(SizeRange.fixed(50, 50)) as root, Wrapper(button) as wrapper:
        assert wrapper.handle_action is None
        root.set_component(button)
        root.flush()
        assert root.tap(1, 1).outcome == ActionOutcome.UNHANDLED


def test_wrapper_holds_its_component_and_the_component_holds_the_handler(no_leaks: None) -> None:
    class Handler:
        def __call__(self, action: ActionEvent) -> bool:
            trail.append(action.name)
            return True

    button = Component("button", {"onTap": Action("select")}, height=10)
    handler = Handler()
    wrapper = Wrapper(button, handler)
    button_ref, handler_ref, wrapper_ref = weakref.ref(button), weakref.ref(handler), weakref.ref(wrapper)
    del button, handler
    gc.collect()
    assert wrapper.wrapped is button_ref() is not None  # the wrapper holds what it wraps
    with Root(SizeRange.fixed(50, 50)) as root:
        root.set_component(Flexbox(children=[wrapper.wrapped]))  # type: ignore[list-item]
        del wrapper
        gc.collect()
        # The Python wrapper and its component object are gone; the C component keeps the handler.
        assert wrapper_ref() is None and button_ref() is None and handler_ref() is not None
        root.flush()
        assert root.tap(1, 1).outcome == ActionOutcome.HANDLED
        assert trail == ["select"]
        root.set_component(None)
        root.flush()
        gc.collect()
        assert handler_ref() is None  # released once the wrapper and the component were both gone


def test_wrapper_component_is_a_new_handle_while_something_holds_it(no_leaks: None) -> None:
    button = Component("button", {"onTap": Action("select")}, height=10)
    with Root(SizeRange.fixed(50, 50)) as root:
        wrapper = Wrapper(button, responder("w"))
        root.set_component(button)
        button.close()
        with wrapper.component as again:
            assert not again.closed
            with pytest.raises(MisuseError):  # a component has at most one wrapper
                Wrapper(again)
        root.set_component(None)
        with pytest.raises(MisuseError, match="gone"):
            wrapper.component
        wrapper.close()
        wrapper.close()
        assert wrapper.wrapped is None
        with pytest.raises(MisuseError, match="closed"):
            wrapper.component


def test_wrapper_refuses_wrong_types(no_leaks: None) -> None:
    with pytest.raises(TypeError, match="wraps a frond component"):
        Wrapper("button")  # type: ignore[arg-type]
    button = Component("button")
    with pytest.raises(TypeError, match="must be callable"):
        Wrapper(button, "handler")  # type: ignore[arg-type]
    button.close()
    with pytest.raises(MisuseError, match="closed"):
        Wrapper(button)
