"""A root's component provider and props: the provider makes the component from the newest
props, is called only by flushes that follow new props (not by state-only flushes), may
fail without touching the mounted tree, and the root lets go of each props object exactly
when it is replaced or the root closes."""
from __future__ import annotations

import gc
import weakref
from typing import Any

import pytest

from frond import (Action, ActionEvent, CallbackError, Component, Flexbox, MemoryHost, MisuseError,
                   RenderComponent, Root, Scope, SizeRange, _runtime)
from frond.render import _render_class


class Props:
    """Props a test can watch die (weakref)."""

    def __init__(self, title: str) -> None:
        self.title = title


class Counter(RenderComponent):
    """A stateful counter with a title prop; a tap adds one."""

    def initial_state(self) -> int:
        return 0

    def render(self, count: int) -> Component:
        return Component("counter", {"title": self.title, "count": count, "onTap": Action("add")}, height=20)

    def handle_action(self, action: ActionEvent, scope: Scope | None) -> bool:
        assert scope is not None
        scope.update_state(lambda count: count + 1)
        return True


@pytest.fixture(scope="module", autouse=True)
def _render_classes() -> None:
    _render_class(Counter)  # made once for the process: not a leak of any test


class CountingProvider:
    """A provider that records each props object it was called with."""

    def __init__(self) -> None:
        self.calls: list[Any] = []

    def __call__(self, props: Props | None) -> Component:
        self.calls.append(props)
        return Flexbox(children=[Counter(title="none" if props is None else props.title, key="c")])


def provided_root(provider: Any) -> tuple[Root, MemoryHost]:
    host = MemoryHost()
    root = Root(SizeRange.fixed(100, 100), host=host)
    root.set_provider(provider)
    return root, host


def test_the_first_flush_calls_the_provider_once_with_the_newest_props(no_leaks: None) -> None:
    provider = CountingProvider()
    root, host = provided_root(provider)
    with root:
        first, second = Props("first"), Props("second")
        first_alive = weakref.ref(first)
        root.set_props(first)
        root.set_props(second)
        del first
        assert first_alive() is None  # replaced before any provider call: let go at once
        assert root.needs_flush
        root.flush()
        assert [props.title for props in provider.calls] == ["second"]
        assert host.dump() == 'v1 counter (0, 0, 100×20) count=0 onTap=action(add) title="second"'
        assert not root.needs_flush


def test_before_any_props_the_provider_gets_none(no_leaks: None) -> None:
    provider = CountingProvider()
    root, host = provided_root(provider)
    with root:
        root.flush()
        assert provider.calls == [None] and 'title="none"' in host.dump()


def test_state_only_flushes_do_not_call_the_provider(no_leaks: None) -> None:
    provider = CountingProvider()
    root, host = provided_root(provider)
    with root:
        root.set_props(Props("a"))
        root.flush()
        assert len(provider.calls) == 1
        for taps in range(1, 4):  # each tap queues a state update; each flush renders it
            assert root.tap(1, 1).outcome.name == "HANDLED"
            assert root.needs_flush
            statistics = root.flush()
            assert statistics.updated == 1 and f"count={taps}" in host.dump()
        assert root.flush().renders == 0  # nothing new at all
        assert len(provider.calls) == 1
        root.set_props(Props("b"))
        root.flush()
        assert [props.title for props in provider.calls] == ["a", "b"]
        # The counter kept its place in the tree (same class and key): its state survives new props.
        assert host.dump() == 'v1 counter (0, 0, 100×20) count=3 onTap=action(add) title="b"'


def test_props_are_released_when_replaced_and_when_the_root_closes(no_leaks: None) -> None:
    provider = CountingProvider()
    root, host = provided_root(provider)
    props = Props("kept")
    alive = weakref.ref(props)
    root.set_props(props)
    root.flush()
    provider.calls.clear()
    del props
    gc.collect()
    assert alive() is not None  # the root holds its current props
    replacement = Props("next")
    replaced_alive = weakref.ref(replacement)
    root.set_props(replacement)
    del replacement
    gc.collect()
    assert alive() is None and replaced_alive() is not None
    root.close()
    gc.collect()
    assert replaced_alive() is None


@pytest.mark.parametrize("replace", ["set_component", "set_provider", "remove_provider"])
def test_a_component_or_another_provider_releases_the_props(replace: str, no_leaks: None) -> None:
    root, host = provided_root(CountingProvider())
    with root:
        props = Props("old")
        alive = weakref.ref(props)
        root.set_props(props)
        root.flush()
        del props
        if replace == "set_component":
            root.set_component(Component("other"))
        elif replace == "set_provider":
            root.set_provider(CountingProvider())
        else:
            root.set_provider(None)
        gc.collect()
        assert alive() is None
        root.flush()
        assert host.dump() == {"set_component": "v2 other (0, 0, 100×100)",
                               "set_provider": 'v1 counter (0, 0, 100×20) count=0 onTap=action(add) title="none"',
                               "remove_provider": ""}[replace]


def test_a_replaced_provider_is_released(no_leaks: None) -> None:
    provider = CountingProvider()
    alive = weakref.ref(provider)
    root, host = provided_root(provider)
    with root:
        del provider
        gc.collect()
        assert alive() is not None
        root.set_provider(lambda props: None)
        gc.collect()
        assert alive() is None
        root.flush()
        assert host.dump() == ""


def test_a_provider_that_raises_makes_the_flush_raise_and_keeps_the_tree_and_views(no_leaks: None) -> None:
    def provider(props: Props) -> Component:
        if props.title == "broken":
            raise RuntimeError("no data")
        return Flexbox(children=[Counter(title=props.title, key="c")])

    root, host = provided_root(provider)
    with root:
        root.set_props(Props("good"))
        root.flush()
        root.tap(1, 1)
        root.flush()
        before = (host.dump(), root.describe(), root.describe_components(), len(host.commits))
        assert 'count=1' in before[0]
        root.set_props(Props("broken"))
        with pytest.raises(CallbackError) as caught:
            root.flush()
        assert isinstance(caught.value.__cause__, RuntimeError) and str(caught.value.__cause__) == "no data"
        assert "component provider" in str(caught.value)
        assert (host.dump(), root.describe(), root.describe_components(), len(host.commits)) == before
        with pytest.raises(CallbackError):  # the next flush calls it again
            root.flush()
        root.set_props(Props("fixed"))
        root.flush()
        assert host.dump() == 'v1 counter (0, 0, 100×20) count=1 onTap=action(add) title="fixed"'


@pytest.mark.parametrize("result", [42, "text", Props("x")])
def test_a_provider_returning_something_else_than_a_component_is_a_type_error(result: object,
                                                                             no_leaks: None) -> None:
    root, host = provided_root(lambda props: result)
    with root:
        with pytest.raises(CallbackError) as caught:
            root.flush()
        assert isinstance(caught.value.__cause__, TypeError)
        assert "must return a frond component or None" in str(caught.value.__cause__)
        assert host.dump() == "" and host.commits == []


def test_bad_providers_and_props_without_a_provider_are_refused(no_leaks: None) -> None:
    with Root(SizeRange.fixed(10, 10)) as root:
        with pytest.raises(TypeError, match="provider must be callable"):
            root.set_provider(42)  # type: ignore[arg-type]
        registered = len(_runtime.registry)
        props = Props("orphan")
        alive = weakref.ref(props)
        with pytest.raises(MisuseError, match="no component provider"):
            root.set_props(props)
        del props
        assert alive() is None and len(_runtime.registry) == registered  # let go of, exactly once
