"""Render components defined as Python classes: state kept by identity (keys) across
rebuilds, actions from host events updating state, exceptions from every callback raised
as CallbackError with the tree intact, states and props released when their components go,
and no growth in handles or registered objects over many flushes."""
from __future__ import annotations

import gc
import weakref
from typing import Any

import pytest

from frond import (Action, ActionEvent, ActionOutcome, CallbackError, Component, Flexbox, InvalidArgumentError,
                   MemoryHost, MisuseError, MutationKind, RenderComponent, Root, Scope, SizeRange, Text,
                   handle_count)
from frond import _runtime
from frond.render import _render_class


class Counter(RenderComponent):
    """A row with a count that a tap increments."""

    label: str

    def initial_state(self) -> int:
        return 0

    def render(self, state: int) -> Component:
        return Component("row", {"label": self.label, "count": state, "onTap": Action("increment")}, height=20)

    def handle_action(self, action: ActionEvent, scope: Scope | None) -> bool:
        assert scope is not None
        if action.name != "increment":
            return False
        scope.update_state(lambda count: count + 1)
        return True


class Box:
    """A state object that can be referenced weakly."""

    def __init__(self, value: int) -> None:
        self.value = value


class Holder(RenderComponent):
    """Keeps a Box as its state; `boxes` collects weak references to every Box made."""

    boxes: list[weakref.ref[Box]] = []

    def initial_state(self) -> Box:
        box = Box(0)
        Holder.boxes.append(weakref.ref(box))
        return box

    def render(self, state: Box) -> Component:
        return Component("holder", {"value": state.value})


class Label(RenderComponent):
    """Stateless; renders again only when its text changes."""

    text: str
    renders = 0

    def render(self, state: None) -> Component:
        assert state is None
        Label.renders += 1
        return Text(self.text)

    def should_update(self, previous: Label) -> bool:
        return previous.text != self.text


class Dialog(RenderComponent):
    """A render component with a handler named `close` (for its Close button)."""

    def render(self, state: None) -> Component:
        return Component("button", {"title": "Close", "onTap": self.close}, width=60, height=20)

    def close(self, event: ActionEvent) -> None:  # type: ignore[override]
        Dialog.closed_by.append(event.name)

    closed_by: list[str] = []


@pytest.fixture(scope="module", autouse=True)
def _render_classes() -> None:
    # A subclass's C render class lives as long as the subclass: make the module's before
    # the no_leaks fixture counts handles.
    for cls in (Counter, Holder, Label, Fragile, Dialog):
        _render_class(cls)


def test_aHandlerNamedCloseIsTheComponentsOwn(no_leaks) -> None:
    # (A root given the component called the handler as the component's own close, and failed.)
    host = MemoryHost()
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        root.set_component(Dialog())
        root.flush()
        root.send_event(host.root_children[0])
        assert Dialog.closed_by == ["onTap"]


def _rows(labels: list[str]) -> Flexbox:
    return Flexbox(children=[Counter(label=label, key=label) for label in labels])


def _view_of(host: MemoryHost, label: str) -> int:
    return next(view.id for view in host.views.values() if view.attributes.get("label") == label)


def _counts(host: MemoryHost) -> list[tuple[Any, Any]]:
    return [(host.views[view].attributes["label"], host.views[view].attributes["count"])
            for view in host.root_children]


def test_stateSurvivesAKeyedReorder(no_leaks) -> None:
    host = MemoryHost()
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        root.set_component(_rows(["a", "b", "c"]))
        root.flush()
        b = _view_of(host, "b")
        for _ in range(2):
            assert root.send_event(b) == (ActionOutcome.HANDLED, b)
        assert root.tap(50, 45) == (ActionOutcome.HANDLED, _view_of(host, "c"))
        root.flush()
        assert _counts(host) == [("a", 0.0), ("b", 2.0), ("c", 1.0)]
        views = set(host.views)
        root.set_component(_rows(["c", "b", "a"]))
        statistics = root.flush()
        assert _counts(host) == [("c", 1.0), ("b", 2.0), ("a", 0.0)]
        assert set(host.views) == views and statistics.moved > 0
        assert (statistics.created, statistics.destroyed, statistics.scopes_created) == (0, 0, 0)
        assert root.describe() == host.dump()


def test_aTapUpdatesStateAndTheFlushSendsOneUpdate(no_leaks) -> None:
    host = MemoryHost()
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        root.set_component(_rows(["a", "b"]))
        root.flush()
        a = _view_of(host, "a")
        assert root.tap(10, 10) == (ActionOutcome.HANDLED, a)
        statistics = root.flush()
        assert [mutation.kind for mutation in host.last_commit] == [MutationKind.UPDATE]
        assert host.last_commit[0].view == a and host.last_commit[0].set == {"count": 1.0}
        assert (statistics.state_updates, statistics.renders) == (1, 1)
        assert root.tap(10, 95) == (ActionOutcome.NO_ACTION, 0)


def test_actionsCarryTheirPayloadAndPassUnhandledOnes(no_leaks) -> None:
    seen: list[tuple[ActionEvent, Any]] = []

    class Slider(RenderComponent):
        def initial_state(self) -> float:
            return 0.0

        def render(self, state: float) -> Component:
            return Component("slider", {"value": state, "onValueChange": Action("slide"), "onTap": Action("other")})

        def handle_action(self, action: ActionEvent, scope: Scope | None) -> bool:
            assert scope is not None
            seen.append((action, scope.state))
            if action.name != "slide":
                return False
            scope.set_state(action.payload)
            return True

    host = MemoryHost()
    with Root(SizeRange.fixed(50, 50), host=host) as root:
        root.set_component(Slider())
        root.flush()
        assert root.send_event(1, "onValueChange", 0.25) == (ActionOutcome.HANDLED, 1)
        assert root.send_event(1) == (ActionOutcome.UNHANDLED, 1)
        assert root.send_event(1, "onLongPress") == (ActionOutcome.NO_ACTION, 1)
        root.flush()
        assert host.views[1].attributes["value"] == 0.25
        assert seen == [(ActionEvent("slide", 0.25, 1), 0.0), (ActionEvent("other", None, 1), 0.0)]
        with pytest.raises(InvalidArgumentError):
            root.send_event(99)
        with pytest.raises(TypeError):
            root.send_event(1, "onValueChange", [1, 2])  # type: ignore[arg-type]
    del Slider
    gc.collect()


class Fragile(RenderComponent):
    """Raises from the callback named by `fail` (or renders `result`)."""

    fail: str
    result: Any

    def initial_state(self) -> int:
        if self.fail == "initial_state":
            raise LookupError("no initial state")
        return 0

    def render(self, state: int) -> Any:
        if self.fail == "render":
            raise RuntimeError("render broke")
        if self.fail == "result":
            return self.result
        return Component("fragile", {"state": state, "onTap": Action("tap")}, height=10)

    def should_update(self, previous: Fragile) -> bool:
        if self.fail == "should_update":
            raise ValueError("cannot compare")
        return True

    def handle_action(self, action: ActionEvent, scope: Scope | None) -> bool:
        assert scope is not None
        if self.fail == "update":
            scope.update_state(lambda state: state + "x")
            return True
        raise KeyError("no handler")


@pytest.mark.parametrize("fail, cause", [("render", RuntimeError), ("should_update", ValueError),
                                         ("result", TypeError), ("initial_state", LookupError)])
def test_aRaisingCallbackFailsTheFlushAndKeepsTheMountedTree(fail: str, cause: type, no_leaks) -> None:
    host = MemoryHost()
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        # initial_state runs only for a new scope: the failing component gets a new key.
        key = "new" if fail == "initial_state" else "same"
        root.set_component(Fragile(fail="", key="same"))
        root.flush()
        before, components = host.dump(), root.describe_components()
        root.set_component(Fragile(fail=fail, result=object(), key=key))
        with pytest.raises(CallbackError) as raised:
            root.flush()
        assert type(raised.value.__cause__) is cause
        assert raised.value.__cause__.__traceback__ is not None
        assert host.dump() == before == root.describe()
        assert root.describe_components() == components
        root.set_component(Fragile(fail="", key="same"))
        root.flush()
        assert host.dump() == before


def test_handleActionAndStateUpdatesThatRaise(no_leaks) -> None:
    host = MemoryHost()
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        root.set_component(Fragile(fail=""))
        root.flush()
        before = host.dump()
        with pytest.raises(CallbackError) as raised:
            root.tap(1, 1)
        assert isinstance(raised.value.__cause__, KeyError)
        root.set_component(Fragile(fail="update"))
        root.flush()
        assert root.tap(1, 1).outcome == ActionOutcome.HANDLED
        with pytest.raises(CallbackError) as raised:  # int + str: the update is dropped
            root.flush()
        assert isinstance(raised.value.__cause__, TypeError)
        assert root.statistics.dropped_state_updates == 1
        assert host.dump() == before


def test_anUpdateThatRaisesIsDroppedAndTheOthersAreCommitted(no_leaks) -> None:
    def bad(count: int) -> int:
        raise RuntimeError("bad update")

    host = MemoryHost()
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        counter = Counter(label="a")
        root.set_component(counter)
        root.flush()
        assert counter.scope is not None
        counter.scope.update_state(lambda count: count + 10)
        counter.scope.update_state(bad)
        counter.scope.update_state(lambda count: count + 1)
        with pytest.raises(CallbackError) as raised:
            root.flush()
        assert isinstance(raised.value.__cause__, RuntimeError)
        assert str(raised.value).startswith("frond_root_flush: a state update function (its update was dropped) "
                                            "raised RuntimeError: bad update")
        assert (root.statistics.state_updates, root.statistics.dropped_state_updates) == (2, 1)
        assert counter.scope.state == 11
        assert "count=11" in host.dump()
        assert host.dump() == root.describe()


def test_aComponentReturnedFromRenderIsHandedOver(no_leaks) -> None:
    shared = Component("shared")

    class Reuser(RenderComponent):
        def render(self, state: None) -> Component:
            return shared

    with Root(SizeRange.fixed(10, 10), host=MemoryHost()) as root:
        root.set_component(Reuser(key="1"))
        root.flush()
        assert shared.closed
        root.set_component(Reuser(key="2"))
        with pytest.raises(CallbackError) as raised:
            root.flush()
        assert isinstance(raised.value.__cause__, MisuseError)
    del Reuser
    gc.collect()


def test_statesArePropsAreReleasedWhenTheirComponentsGo(no_leaks) -> None:
    Holder.boxes.clear()
    host = MemoryHost()
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        holder = Holder(key="h")
        props = weakref.ref(holder)
        root.set_component(Flexbox(children=[holder, Holder(key="k")]))
        del holder
        root.flush()
        gc.collect()
        assert [box() is not None for box in Holder.boxes] == [True, True]
        assert props() is not None  # C's component keeps its props
        root.set_component(Flexbox(children=[Holder(key="k")]))
        root.flush()
        gc.collect()
        assert [box() is not None for box in Holder.boxes] == [False, True]
        assert props() is None
    gc.collect()
    assert [box() is not None for box in Holder.boxes] == [False, False]


def test_stateIsReplacedAndTheOldOneReleased(no_leaks) -> None:
    host = MemoryHost()
    scopes: list[Scope] = []

    class Keeper(RenderComponent):
        def initial_state(self) -> Box:
            return Box(1)

        def render(self, state: Box) -> Component:
            return Component("keeper", {"value": state.value, "onTap": Action("t")})

        def handle_action(self, action: ActionEvent, scope: Scope | None) -> bool:
            assert scope is not None
            scopes.append(scope)
            scope.update_state(lambda box: Box(box.value * 10))
            return True

    with Root(SizeRange.fixed(10, 10), host=host) as root:
        root.set_component(Keeper())
        root.flush()
        root.tap(1, 1)
        first = weakref.ref(scopes[0].state)
        root.flush()
        gc.collect()
        assert first() is None and scopes[0].state.value == 10
        assert host.views[1].attributes["value"] == 10
        root.set_component(None)
        root.flush()
        with pytest.raises(MisuseError):
            scopes[0].state
        with pytest.raises(MisuseError):
            scopes[0].update_state(lambda box: box)
    del Keeper
    gc.collect()


def test_shouldUpdateSkipsRendersAndStatelessComponentsGetNone(no_leaks) -> None:
    host = MemoryHost()
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        Label.renders = 0
        root.set_component(Flexbox(children=[Label(text="a", key="x"), Label(text="b", key="y")]))
        root.flush()
        root.set_component(Flexbox(children=[Label(text="a", key="x"), Label(text="c", key="y")]))
        statistics = root.flush()
        assert (Label.renders, statistics.should_update_calls, statistics.updated) == (3, 2, 1)


def test_renderComponentsNest(no_leaks) -> None:
    class Screen(RenderComponent):
        def render(self, state: None) -> Component:
            return Flexbox(children=[Counter(label=label, key=label) for label in self.labels], direction="row")

    host = MemoryHost()
    with Root(SizeRange.fixed(100, 20), host=host) as root:
        root.set_component(Screen(labels=["a", "b"]))
        root.flush()
        assert root.send_event(_view_of(host, "b")).outcome == ActionOutcome.HANDLED
        root.flush()
        assert _counts(host) == [("a", 0.0), ("b", 1.0)]
        assert "Screen" in root.describe_components() and "Counter[\"b\"]" in root.describe_components()
    del Screen
    gc.collect()


def test_aSubclassReleasesItsRenderClassWhenCollected(no_leaks) -> None:
    gc.collect()
    handles = handle_count()

    class Temporary(RenderComponent):
        def render(self, state: None) -> None:
            return None

    with Root(SizeRange.fixed(10, 10), host=MemoryHost()) as root:
        root.set_component(Temporary())
        root.flush()
    assert handle_count() == handles + 1
    del Temporary
    gc.collect()
    assert handle_count() == handles


def test_mistakesAreExceptions(no_leaks) -> None:
    class NoRender(RenderComponent):
        pass

    with Root(SizeRange.fixed(10, 10)) as root:
        with pytest.raises(TypeError, match="render"):
            root.set_component(NoRender())
        with pytest.raises(TypeError):
            Counter(key=3)  # type: ignore[arg-type]
        root.set_component(Counter(label="a"))
        root.flush()
        with pytest.raises(TypeError):
            root.send_event("v1")  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            root.tap("x", 1)  # type: ignore[arg-type]
    del NoRender
    gc.collect()


def test_noGrowthOverAThousandFlushesOfRebuiltTrees(no_leaks) -> None:
    host = MemoryHost()
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        labels = ["a", "b", "c", "d"]
        root.set_component(_rows(labels))
        root.flush()
        gc.collect()
        handles, registered = handle_count(), len(_runtime.registry)
        for step in range(1000):
            shown = labels[step % 4:] + labels[:step % 4]
            if step % 3 == 0:
                shown = shown[:3] + ["e"]  # "d" leaves (its scope and state die), "e" comes
            root.set_component(_rows(shown))
            if step % 7 == 0:
                root.tap(5, 5)
            root.flush()
        gc.collect()
        assert (handle_count(), len(_runtime.registry)) == (handles, registered)
