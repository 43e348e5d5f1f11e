"""Controllers from Python (C's frond_controller_vtable): one per scope, hearing its
component's lifecycle in the order C reports it (as Tests/CAPI/controller_test.c checks),
answering actions after its component, raising CallbackError without harming the tree, and
released (with its Python object) when C destroys it."""
from __future__ import annotations

import gc
import weakref
from typing import Any

import pytest

from frond import (Action, ActionEvent, ActionOutcome, CallbackError, Component, Controller, Flexbox, MemoryHost,
                   RenderComponent, Root, Scope, SizeRange)
from frond.render import _render_class

events: list[str] = []


class CardController(Controller):
    """Records every event (with the component's id, or the view) and answers taps."""

    made: list[weakref.ref[CardController]] = []

    def __init__(self, card: Card) -> None:
        self.made_for = card.id
        self.handles_taps = True
        self.views: list[int] = []
        CardController.made.append(weakref.ref(self))
        events.append("create")

    def _note(self, name: str, card: Card) -> None:
        events.append(name)
        self.card = card
        self.last_props = card.id

    def did_init(self, card: Card) -> None:
        self._note("init", card)

    def will_mount(self, card: Card) -> None:
        self._note("willMount", card)

    def did_mount(self, card: Card) -> None:
        self._note("didMount", card)

    def will_remount(self, card: Card) -> None:
        self._note("willRemount", card)

    def did_remount(self, card: Card) -> None:
        self._note("didRemount", card)

    def will_unmount(self, card: Card) -> None:
        self._note("willUnmount", card)

    def did_unmount(self, card: Card) -> None:
        self._note("didUnmount", card)

    def will_update_component(self, card: Card) -> None:
        self._note("willUpdate", card)

    def did_update_component(self, card: Card) -> None:
        self._note("didUpdate", card)

    def did_acquire_view(self, card: Card, view: int) -> None:
        self._note("acquire", card)
        self.views.append(view)

    def will_relinquish_view(self, card: Card, view: int) -> None:
        self._note("relinquish", card)
        self.views.append(view)

    def invalidate(self, card: Card) -> None:
        self._note("invalidate", card)

    def handle_action(self, action: ActionEvent) -> bool:
        events.append(f"controller:{action.name}")
        return self.handles_taps


class Card(RenderComponent):
    """A stateful card (state: a counter) whose own view type comes from its props."""

    controller = CardController
    id: int

    def initial_state(self) -> int:
        return 0

    def render(self, count: int) -> Component:
        return Component("button", {"onTap": Action("tap"), "n": count}, width=10, height=10)

    def handle_action(self, action: ActionEvent, scope: Scope | None) -> bool:
        events.append(f"card:{action.name}")
        return False


@pytest.fixture(scope="module", autouse=True)
def _render_classes() -> None:
    _render_class(Card)


@pytest.fixture(autouse=True)
def _clear() -> None:
    events.clear()
    CardController.made.clear()


def screen(card_id: int, view_type: str) -> Flexbox:
    return Flexbox(children=[Card(id=card_id, view_type=view_type, key="c")], direction="row")


def live_controllers() -> list[CardController]:
    gc.collect()
    return [controller for reference in CardController.made if (controller := reference()) is not None]


def test_controller_hears_mount_update_and_unmount_in_order(no_leaks: None) -> None:
    host = MemoryHost()
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        root.set_component(screen(1, "card"))
        root.flush()
        assert events == ["create", "init", "willMount", "acquire", "didMount"]
        (controller,) = live_controllers()
        card_view = host.root_children[0]
        assert controller.views == [card_view] and host.views[card_view].view_type == "card"
        assert controller.made_for == controller.last_props == 1

        # A state update: a remount without an update.
        events.clear()
        card = host.views[card_view]
        scope = controller.card.scope  # the component rendered before the controller heard of it
        assert scope is not None
        scope.update_state(lambda count: count + 1)
        root.flush()
        assert events == ["willRemount", "didRemount"]

        # A tap on the button: the card passes it on, its controller handles it.
        events.clear()
        button = card.children[0]
        assert root.send_event(button).outcome == ActionOutcome.HANDLED
        assert events == ["card:tap", "controller:tap"]

        # New props with another view type: an update, and the view changes.
        events.clear()
        root.set_component(screen(2, "panel"))
        root.flush()
        assert events == ["willUpdate", "willRemount", "relinquish", "acquire", "didRemount", "didUpdate"]
        assert controller.last_props == 2 and controller.made_for == 1
        new_view = host.root_children[0]
        assert controller.views == [card_view, card_view, new_view] and new_view != card_view
        assert live_controllers() == [controller]

        # Removed: unmount, relinquish, invalidate; then C releases the controller.
        events.clear()
        root.set_component(Flexbox())
        root.flush()
        assert events == ["willUnmount", "relinquish", "didUnmount", "invalidate"]
        assert controller.views[-1] == new_view
        del controller
        assert live_controllers() == []


def test_controllers_go_with_the_root_and_failed_builds_leave_no_controller(no_leaks: None) -> None:
    host = MemoryHost()
    root = Root(SizeRange.fixed(100, 100), host=host)
    card = Card(id=1, view_type="card", key="c")
    # Two siblings with one key inside the next child: the build fails after making the
    # first card's scope. (Siblings are checked before any of them is built: as two
    # siblings of the first card, they would fail before building it.)
    twins = [Card(id=2, view_type="card", key="d"), Card(id=3, view_type="card", key="d")]
    root.set_component(Flexbox(children=[card, Flexbox(children=twins)]))
    with pytest.raises(ValueError):
        root.flush()
    assert events == ["create"]
    assert live_controllers() == []  # made and dropped without an event
    events.clear()
    root.set_component(screen(1, "card"))
    root.flush()
    assert events == ["create", "init", "willMount", "acquire", "didMount"]
    events.clear()
    root.close()
    assert events == ["willUnmount", "relinquish", "didUnmount", "invalidate"]
    assert live_controllers() == []


def test_controller_exception_raises_callback_error_with_the_tree_intact(no_leaks: None) -> None:
    class Fragile(CardController):
        def did_mount(self, card: Card) -> None:
            super().did_mount(card)
            raise RuntimeError("mount failed")

        def handle_action(self, action: ActionEvent) -> bool:
            raise KeyError("no handler")

    class FragileCard(Card):
        controller = Fragile

    host = MemoryHost()
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        root.set_component(Flexbox(children=[FragileCard(id=1, view_type="card")]))
        with pytest.raises(CallbackError) as raised:
            root.flush()
        assert isinstance(raised.value.__cause__, RuntimeError) and "mount failed" in str(raised.value)
        # The commit completed: the views are mounted and every event was delivered.
        assert events == ["create", "init", "willMount", "acquire", "didMount"]
        assert host.dump() == root.describe() != ""
        assert root.describe_components().count("FragileCard") == 1
        before = host.dump()
        events.clear()
        button = host.views[host.root_children[0]].children[0]
        with pytest.raises(CallbackError) as raised:
            root.send_event(button)
        assert isinstance(raised.value.__cause__, KeyError)
        assert events == ["card:tap"]
        assert host.dump() == before
        root.flush()  # the root keeps working


def test_controller_factory_exception_mounts_the_component_without_one(no_leaks: None) -> None:
    def refuse(card: Card) -> Controller:
        raise ValueError("no controller today")

    class Plain(Card):
        controller = refuse

    host = MemoryHost()
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        root.set_component(Plain(id=1, view_type="card"))
        with pytest.raises(CallbackError) as raised:
            root.flush()
        assert isinstance(raised.value.__cause__, ValueError)
        assert host.dump().startswith("v1 card")
        assert root.send_event(2).outcome == ActionOutcome.UNHANDLED  # the card only; no controller
        assert events == ["card:tap"]


def test_controller_handle_action_must_return_a_bool(no_leaks: None) -> None:
    class Sloppy(CardController):
        def handle_action(self, action: ActionEvent) -> Any:
            return "yes"

    class SloppyCard(Card):
        controller = Sloppy

    with Root(SizeRange.fixed(100, 100), host=MemoryHost()) as root:
        root.set_component(SloppyCard(id=1))
        root.flush()
        with pytest.raises(CallbackError) as raised:
            root.tap(1, 1)
        assert "Sloppy.handle_action must return a bool, not str" in str(raised.value)


def test_any_object_with_some_methods_is_a_controller(no_leaks: None) -> None:
    class Minimal:
        def __init__(self, card: Card) -> None:
            self.card = card

        def did_mount(self, card: Card) -> None:
            events.append(f"mounted {card.id}")

    class Stateless(RenderComponent):
        controller = Minimal  # no initial_state: a controller makes the class stateful anyway
        id = 4

        def render(self, state: None) -> Component:
            events.append(f"state {state!r}")
            return Component("box", {"onTap": Action("tap")}, height=5)

    with Root(SizeRange.fixed(10, 10), host=MemoryHost()) as root:
        component = Stateless()
        root.set_component(component)
        root.flush()
        assert events == ["state None", "mounted 4"]
        assert component.scope is not None  # stateful: it has a scope
        assert root.tap(1, 1).outcome == ActionOutcome.UNHANDLED  # no handle_action: passed on


def test_a_controller_that_is_not_callable_is_refused() -> None:
    class Broken(Card):
        controller = "CardController"  # type: ignore[assignment]

    with pytest.raises(TypeError, match="controller must be a class or callable"):
        with Root() as root:
            root.set_component(Broken(id=1))


def test_controllers_are_released_over_many_mounts(no_leaks: None) -> None:
    with Root(SizeRange.fixed(100, 1000), host=MemoryHost()) as root:
        for round_ in range(20):
            root.set_component(Flexbox(children=[Card(id=index, key=str(index + round_ % 2 * 100))
                                                 for index in range(10)]))
            root.flush()
            assert len(live_controllers()) == 10
        root.set_component(None)
        root.flush()
        assert live_controllers() == []
