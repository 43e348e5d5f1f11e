"""Typed actions from Python: `ActionName` values checked before anything is sent and read
back converted, typed handlers (C typed action blocks) whose arguments Frond checks before
the handler runs, `Scope.send_block`, and their lifetimes."""
from __future__ import annotations

import gc
import weakref
from typing import Any

import pytest

from frond import (Action, ActionEvent, ActionName, ActionOutcome, CallbackError, Color, Component, Flexbox,
                   HostValue, InvalidArgumentError, MemoryHost, MisuseError, RenderComponent, Root, Scope, SizeRange,
                   TypedAction, typed_action)
from frond.render import _render_class

SELECT = ActionName("select", int)
RENAME = ActionName("rename", str)
REFRESH = ActionName("refresh")

seen: list[Any] = []


class Row(RenderComponent):
    """A row that, tapped, sends a typed action to its parent (the value from its props),
    and calls the typed handler its owner gave it (`on_pick`) when long-pressed."""

    index: Any
    on_pick: Any = None

    def initial_state(self) -> int:
        return 0

    def render(self, state: int) -> Component:
        return Component("row", {"onTap": Action("tapped"), "onLongPress": Action("pressed")}, height=10)

    def handle_action(self, action: ActionEvent, scope: Scope | None) -> bool:
        assert scope is not None
        seen.append(("row", action.name))
        if action.name == "tapped":
            seen.append(("sent", scope.send(SELECT, self.index)))
        elif self.on_pick is not None:
            seen.append(("block", scope.send_block(self.on_pick, self.index, f"row {self.index}")))
        return True


class Table(RenderComponent):
    """Catches the rows' typed actions."""

    on_pick: Any = None

    def render(self, state: None) -> Component:
        return Flexbox(children=[Row(key="r", index=self.index, on_pick=self.on_pick)])

    def handle_action(self, action: ActionEvent, scope: Scope | None) -> bool:
        seen.append(("table", action.name, action.value_for(SELECT), action.matches(SELECT),
                     action.matches(RENAME)))
        return True


@pytest.fixture(scope="module", autouse=True)
def _render_classes() -> None:
    _render_class(Row)
    _render_class(Table)


@pytest.fixture(autouse=True)
def _clear() -> None:
    seen.clear()


def mount(component: Component) -> tuple[Root, MemoryHost]:
    host = MemoryHost()
    root = Root(SizeRange.fixed(100, 100), host=host)
    root.set_component(component)
    root.flush()
    return root, host


def test_action_name_value_reaches_the_parent_converted_to_its_type(no_leaks: None) -> None:
    root, _ = mount(Table(index=3))
    with root:
        assert root.tap(1, 1).outcome == ActionOutcome.HANDLED
    # The int travelled as a C double and comes back as the int 3.
    assert seen == [("row", "tapped"), ("table", "select", 3, True, False), ("sent", ActionOutcome.HANDLED)]
    assert type(seen[1][2]) is int


@pytest.mark.parametrize("value, error, words", [
    ("3", TypeError, "the value of action 'select' is '3' (str), not an int"),
    (True, TypeError, "True (bool), not an int"),
    (None, TypeError, "action 'select' carries an int, not no value"),
    (2.5, InvalidArgumentError, "not a whole number"),
    (1 << 60, InvalidArgumentError, "exact within ±2**53"),
])
def test_wrong_value_for_an_action_name_raises_before_any_handler_runs(value: object, error: type,
                                                                         words: str, no_leaks: None) -> None:
    root, host = mount(Table(index=value))
    before = host.dump()
    with root:
        with pytest.raises(CallbackError) as raised:
            root.tap(1, 1)  # the row's handler sends SELECT with a value of the wrong type
        assert isinstance(raised.value.__cause__, error)
        assert words in str(raised.value.__cause__)
        # The row saw its own tap; nothing was sent, so the table saw nothing.
        assert seen == [("row", "tapped")]
        assert host.dump() == before
        root.flush()


def test_action_names_check_values_and_read_payloads() -> None:
    assert SELECT.check(4.0) == 4 and type(SELECT.check(4.0)) is int
    assert ActionName("ratio", float).check(2) == 2.0
    assert RENAME.check("x") == "x"
    assert REFRESH.check(None) is None
    with pytest.raises(TypeError, match="action 'refresh' carries no value, not 1"):
        REFRESH.check(1)
    with pytest.raises(TypeError, match="not a str"):
        RENAME.check(b"x")
    tint = ActionName("tint", Color)
    assert tint.check(Color(1, 0, 0)) == Color(1, 0, 0)
    event = ActionEvent("select", 2.0, 5)
    assert event.value_for(SELECT) == 2 and event.matches(SELECT)
    assert event.value_for(RENAME) is None and not event.matches(RENAME)  # another name
    assert ActionEvent("refresh", None, 0).matches(REFRESH)
    with pytest.raises(TypeError, match="'x' \\(str\\), not an int"):
        ActionEvent("select", "x", 5).value_for(SELECT)
    assert not ActionEvent("select", "x", 5).matches(SELECT)
    assert SELECT == ActionName("select", int) and SELECT != ActionName("select", float)
    assert repr(SELECT) == "ActionName('select', int)"
    with pytest.raises(TypeError, match="value type"):
        ActionName("select", list)
    with pytest.raises(InvalidArgumentError):
        ActionName("")
    with pytest.raises(TypeError):
        ActionName(3)  # type: ignore[arg-type]
    with pytest.raises(AttributeError):
        SELECT.name = "other"  # type: ignore[misc]


def test_untyped_scope_send_carries_any_attribute_value(no_leaks: None) -> None:
    class Sender(RenderComponent):
        def initial_state(self) -> None:
            return None

        def render(self, state: None) -> Component:
            return Component("button", {"onTap": Action("go")}, height=10)

        def handle_action(self, action: ActionEvent, scope: Scope | None) -> bool:
            assert scope is not None
            for payload in (HostValue(9), Color(0, 0, 1), None):
                scope.send("custom", payload)
            with pytest.raises(TypeError, match="callable"):
                scope.send("custom", print)
            with pytest.raises(TypeError, match="str or a frond.ActionName"):
                scope.send(3)  # type: ignore[arg-type]
            return True

    payloads: list[object] = []
    root, _ = mount(Sender())
    with root:
        root.on_unhandled_action = lambda event: payloads.append(event.payload)
        assert root.tap(1, 1).outcome == ActionOutcome.HANDLED
    assert payloads == [HostValue(9), Color(0, 0, 1), None]


# ---- typed handlers ---------------------------------------------------------------------

def test_typed_action_reads_annotations_and_explicit_types() -> None:
    @typed_action
    def select(index: int, title: str, on: bool, ratio: float, image: HostValue) -> None:
        seen.append((index, title, on, ratio, image))

    assert select.argument_types == (int, str, bool, float, HostValue)
    select(1.0, "a", True, 2, HostValue(3))
    assert seen == [(1, "a", True, 2.0, HostValue(3))]
    assert type(seen[0][0]) is int and type(seen[0][3]) is float

    class Holder:
        @typed_action
        def remove(self, index: int) -> None:
            seen.append(("remove", self, index))

    holder = Holder()
    assert isinstance(holder.remove, TypedAction) and holder.remove.argument_types == (int,)
    holder.remove(4)
    assert seen[-1] == ("remove", holder, 4)
    assert typed_action(lambda a, b: None, int, str).argument_types == (int, str)
    assert typed_action(bool)(lambda flag: None).argument_types == (bool,)
    assert typed_action(lambda: None, *()).argument_types == ()


@pytest.mark.parametrize("make, words", [
    (lambda: typed_action(lambda index: None), "parameter 'index' has no annotation"),
    (lambda: typed_action(_takes_a_list), "parameter 'items' is annotated"),
    (lambda: typed_action(_takes_keywords), "'options' is not positional"),
    (lambda: typed_action(lambda a: None, list), "argument 0's type"),
    (lambda: typed_action(3), "takes a callable"),
    (lambda: typed_action(), "takes a handler"),
    (lambda: TypedAction("handler", ()), "must be callable"),  # type: ignore[arg-type]
])
def test_typed_action_refuses_what_it_cannot_type(make: Any, words: str) -> None:
    with pytest.raises(TypeError, match=words):
        make()


def _takes_a_list(items: list) -> None:  # type: ignore[type-arg]
    pass


def _takes_keywords(index: int, **options: int) -> None:
    pass


def test_typed_action_refuses_more_than_sixteen_arguments() -> None:
    with pytest.raises(InvalidArgumentError, match="more than 16"):
        typed_action(lambda *values: None, *([int] * 17))


def test_typed_handler_in_a_view_gets_the_events_payload_converted(no_leaks: None) -> None:
    @typed_action
    def changed(value: float) -> None:
        seen.append(("changed", value))

    @typed_action
    def picked(index: int) -> None:
        seen.append(("picked", index))

    @typed_action
    def tapped() -> None:
        seen.append("tapped")

    root, host = mount(Component("slider", {"onValueChange": changed, "onTap": tapped, "onLongPress": picked},
                                 height=20))
    with root:
        assert root.send_event(1, "onValueChange", 0.25) == (ActionOutcome.HANDLED, 1)
        assert root.send_event(1, "onValueChange", 3) == (ActionOutcome.HANDLED, 1)
        assert root.tap(1, 1) == (ActionOutcome.HANDLED, 1)
        assert root.send_event(1, "onLongPress", 2.0) == (ActionOutcome.HANDLED, 1)
        assert seen == [("changed", 0.25), ("changed", 3.0), "tapped", ("picked", 2)]
        assert type(seen[-1][1]) is int
        before = host.dump()
        # Payloads that do not fit: refused by Frond before the handler runs.
        for event, payload, words in [("onValueChange", "0.5", 'argument 0 of action "onValueChange" is string '
                                       '"0.5", not a double'),
                                      ("onValueChange", None, "takes 1 argument, action \"onValueChange\" carries 0"),
                                      ("onLongPress", 2.5, "is double 2.5, not an int64"),
                                      ("onTap", True, "takes 0 arguments")]:
            with pytest.raises(InvalidArgumentError) as raised:
                root.send_event(1, event, payload)
            assert words in str(raised.value), str(raised.value)
        assert len(seen) == 4
        assert host.dump() == before


def test_send_block_calls_a_typed_handler_with_checked_arguments(no_leaks: None) -> None:
    @typed_action
    def pick(index: int, title: str) -> None:
        seen.append(("pick", index, title))

    root, _ = mount(Table(index=7, on_pick=pick))
    with root:
        assert root.send_event(1, "onLongPress").outcome == ActionOutcome.HANDLED
        assert seen == [("row", "pressed"), ("pick", 7, "row 7"), ("block", ActionOutcome.HANDLED)]
    seen.clear()
    # The row sends a str where pick takes an int: Frond refuses it, pick is not called.
    root, _ = mount(Table(index="seven", on_pick=pick))
    with root:
        with pytest.raises(CallbackError) as raised:
            root.send_event(1, "onLongPress")
        assert isinstance(raised.value.__cause__, InvalidArgumentError)
        assert 'argument 0 of action "block" is string "seven", not an int64' in str(raised.value.__cause__)
        assert seen == [("row", "pressed")]


def test_send_block_gives_an_untyped_handler_the_arguments(no_leaks: None) -> None:
    events: list[ActionEvent] = []
    root, _ = mount(Table(index=5, on_pick=events.append))
    with root:
        root.send_event(1, "onLongPress")
    assert [(event.name, event.payload, event.arguments) for event in events] == [("block", None, (5, "row 5"))]


def test_send_block_refuses_values_without_an_argument_type(no_leaks: None) -> None:
    root, _ = mount(Table(index=[1], on_pick=lambda event: None))
    with root:
        with pytest.raises(CallbackError) as raised:
            root.send_event(1, "onLongPress")
        assert "argument 0 must be an int, float, bool, str or frond.HostValue, not list" in str(raised.value)


def test_typed_handler_exception_raises_callback_error(no_leaks: None) -> None:
    @typed_action
    def broken(value: float) -> None:
        raise LookupError(f"no row at {value}")

    root, host = mount(Component("slider", {"onValueChange": broken}, height=20))
    with root:
        before = host.dump()
        with pytest.raises(CallbackError) as raised:
            root.send_event(1, "onValueChange", 1.5)
        assert isinstance(raised.value.__cause__, LookupError)
        assert "no row at 1.5" in str(raised.value)
        assert host.dump() == before


def test_typed_handlers_are_released_with_their_views(no_leaks: None) -> None:
    class Target:
        def hit(self, index: int) -> None:
            seen.append(index)

    target = Target()
    reference = weakref.ref(target)
    root, _ = mount(Component("slider", {"onValueChange": typed_action(target.hit)}, height=20))
    del target
    gc.collect()
    with root:
        assert reference() is not None  # the mounted view holds its block
        root.send_event(1, "onValueChange", 4)
        root.set_component(Component("slider", height=20))
        root.flush()
        gc.collect()
        assert reference() is None
    assert seen == [4]


def test_send_block_outside_the_tree_is_misuse(no_leaks: None) -> None:
    class Keeper(RenderComponent):
        def initial_state(self) -> int:
            return 0

        def render(self, state: int) -> Component:
            return Component("box", height=5)

    keeper = Keeper()
    root, _ = mount(keeper)
    scope = keeper.scope
    assert scope is not None
    with root:
        root.set_component(None)
        root.flush()
        with pytest.raises(MisuseError):
            scope.send_block(lambda event: None)
        with pytest.raises(MisuseError):
            scope.send(SELECT, 1)
