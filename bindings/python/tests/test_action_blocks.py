"""Python callables as action handlers (C action blocks) and the root's unhandled action
handler: calls and payloads, exceptions raised as CallbackError, handlers released exactly
once, and no growth in handles or registered objects over many rebuilds."""
from __future__ import annotations

import gc
import weakref
import pytest

from frond import (Action, ActionEvent, ActionOutcome, CallbackError, Component, Flexbox, MemoryHost, MutationKind,
                   RenderComponent, Root, SizeRange, handle_count)
from frond import _runtime
from frond.render import _render_class


class Recorder:
    """A callable handler that records its events (weakly referenceable)."""

    def __init__(self) -> None:
        self.events: list[ActionEvent] = []

    def __call__(self, event: ActionEvent) -> None:
        self.events.append(event)


class Toggle(RenderComponent):
    """A checkbox whose tap handler is a bound method of the component."""

    title: str

    def initial_state(self) -> bool:
        return False

    def render(self, checked: bool) -> Component:
        return Component("checkbox", {"title": self.title, "checked": checked, "onTap": self.toggle}, height=20)

    def toggle(self, event: ActionEvent) -> None:
        Toggle.taps.append((self.title, event.view))
        assert self.scope is not None
        self.scope.update_state(lambda checked: not checked)

    taps: list[tuple[str, int]] = []


@pytest.fixture(scope="module", autouse=True)
def _render_classes() -> None:
    _render_class(Toggle)


def mounted(host: MemoryHost, view_type: str) -> int:
    return next(view.id for view in host.views.values() if view.view_type == view_type)


def test_callable_attribute_is_called_with_the_event_and_payload(no_leaks: None) -> None:
    taps, changes = Recorder(), Recorder()
    host = MemoryHost()
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        root.set_component(Component("slider", {"onTap": taps, "onValueChange": changes}, height=20))
        root.flush()
        view = mounted(host, "slider")
        assert host.dump() == root.describe() == f"v{view} slider (0, 0, 100×100) onTap=block(block) " \
                                                 f"onValueChange=block(block)"
        assert root.tap(10, 10) == (ActionOutcome.HANDLED, view)
        assert root.tap(10, 10) == (ActionOutcome.HANDLED, view)
        assert root.send_event(view, "onValueChange", 0.75) == (ActionOutcome.HANDLED, view)
        assert root.send_event(view, "onValueChange", "text") == (ActionOutcome.HANDLED, view)
    assert taps.events == [ActionEvent("onTap", None, view)] * 2
    assert changes.events == [ActionEvent("onValueChange", 0.75, view), ActionEvent("onValueChange", "text", view)]


def test_bound_method_handler_in_a_render_component() -> None:
    Toggle.taps.clear()
    host = MemoryHost()
    with Root(SizeRange.flexible_height(100), host=host) as root:
        root.set_component(Flexbox(children=[Toggle(title="a", key="a"), Toggle(title="b", key="b")]))
        root.flush()
        assert root.tap(5, 25).outcome == ActionOutcome.HANDLED
        root.flush()
        assert [view.attributes["checked"] for view in host.views.values()] == [False, True]
        assert root.tap(5, 5).outcome == ActionOutcome.HANDLED
        assert root.tap(5, 25).outcome == ActionOutcome.HANDLED
        root.flush()
        assert [view.attributes["checked"] for view in host.views.values()] == [True, False]
        # Reordered: the state follows the keys, and so do the handlers.
        root.set_component(Flexbox(children=[Toggle(title="b", key="b"), Toggle(title="a", key="a")]))
        root.flush()
        assert root.tap(5, 5).outcome == ActionOutcome.HANDLED
        root.flush()
        assert host.dump().splitlines()[0].endswith('checked=true onTap=block(block) title="b"')
    assert [title for title, _ in Toggle.taps] == ["b", "a", "b", "b"]


def test_handler_exception_raises_callback_error_and_keeps_the_tree(no_leaks: None) -> None:
    def broken(event: ActionEvent) -> None:
        raise KeyError("no such row")

    host = MemoryHost()
    with Root(SizeRange.fixed(50, 50), host=host) as root:
        root.set_component(Component("button", {"onTap": broken}))
        root.flush()
        before = host.dump()
        for _ in range(2):
            with pytest.raises(CallbackError) as raised:
                root.tap(1, 1)
            assert isinstance(raised.value.__cause__, KeyError)
            assert "no such row" in str(raised.value)
        assert host.dump() == before
        # A handler that raises BaseException other than Exception is re-raised as itself.
        root.set_component(Component("button", {"onTap": lambda event: (_ for _ in ()).throw(KeyboardInterrupt())}))
        root.flush()
        with pytest.raises(KeyboardInterrupt):
            root.tap(1, 1)


def test_handlers_are_released_exactly_once_and_do_not_accumulate(no_leaks: None) -> None:
    first = Recorder()
    reference = weakref.ref(first)
    host = MemoryHost()
    with Root(SizeRange.fixed(50, 50), host=host) as root:
        root.set_component(Component("button", {"onTap": first}))
        del first
        root.flush()
        gc.collect()
        assert reference() is not None  # the mounted view holds its block
        root.set_component(Component("button", {"onTap": Recorder()}))
        root.flush()
        gc.collect()
        assert reference() is None  # replaced: its block and the registry entry are gone
        registered_before = len(_runtime.registry)
        counts: list[tuple[int, int]] = []
        for index in range(301):
            counter = Recorder()
            root.set_component(Flexbox(children=[Component("button", {"onTap": counter, "n": index}, height=10),
                                                 Component("other", {"onTap": lambda event: None}, height=10)]))
            root.flush()
            if index % 100 == 0:
                root.tap(1, 1)
                assert len(counter.events) == 1
            if index in (0, 300):
                gc.collect()
                counts.append((handle_count(), len(_runtime.registry)))
        # Two views, each holding one block: one registered handler each, whatever the builds.
        assert counts[0] == counts[1]
        assert counts[0][1] == registered_before + 1
        # A new block each build: the view's handler attribute is updated with it.
        assert any(mutation.kind == MutationKind.UPDATE and "onTap" in mutation.set for mutation in host.last_commit)


def test_a_failed_component_releases_its_blocks(no_leaks: None) -> None:
    with pytest.raises(TypeError):
        Component("button", {"onTap": lambda event: None, "bad": object()})
    with pytest.raises(TypeError):
        Component("button", {"onTap": lambda event: None}, accessibility_traits=-1)
    with pytest.raises(TypeError):
        Component("button", {"onTap": lambda event: None}, depth=3)  # type: ignore[arg-type]
    with Root(SizeRange.fixed(10, 10)) as root:
        with pytest.raises(TypeError):
            root.send_event(1, "onTap", payload=print)  # type: ignore[arg-type]


def test_unhandled_action_handler(no_leaks: None) -> None:
    seen = Recorder()
    reference = weakref.ref(seen)
    host = MemoryHost()
    with Root(SizeRange.fixed(50, 50), host=host) as root:
        root.set_component(Component("button", {"onTap": Action("nobody")}))
        root.flush()
        view = mounted(host, "button")
        assert root.on_unhandled_action is None
        assert root.tap(1, 1) == (ActionOutcome.UNHANDLED, view)
        root.on_unhandled_action = seen
        assert root.on_unhandled_action is seen
        assert root.tap(1, 1) == (ActionOutcome.UNHANDLED, view)
        assert root.send_event(view, payload=True).outcome == ActionOutcome.UNHANDLED
        assert seen.events == [ActionEvent("nobody", None, view), ActionEvent("nobody", True, view)]

        def broken(event: ActionEvent) -> None:
            raise RuntimeError(f"unexpected {event.name}")

        root.on_unhandled_action = broken
        del seen
        gc.collect()
        assert reference() is None  # replaced: released
        with pytest.raises(CallbackError) as raised:
            root.tap(1, 1)
        assert str(raised.value.__cause__) == "unexpected nobody"
        root.on_unhandled_action = None
        assert root.tap(1, 1).outcome == ActionOutcome.UNHANDLED
        with pytest.raises(TypeError):
            root.on_unhandled_action = "handler"  # type: ignore[assignment]


def test_unhandled_handler_released_with_the_root(no_leaks: None) -> None:
    seen = Recorder()
    reference = weakref.ref(seen)
    root = Root(SizeRange.fixed(50, 50))
    root.on_unhandled_action = seen
    del seen
    root.close()
    gc.collect()
    assert reference() is None
