"""Legacy components from Python: a subclass that gives its view, measures itself, hears its
mounts and unmounts in C's order and answers actions; constructors registered by name and
used from tree descriptions and `component_by_name`; errors raised, never crashes; no leaks."""
from __future__ import annotations

from collections.abc import Iterator, Mapping

import pytest

from frond import (Action, AttributeInput, CallbackError, Component, Flexbox, InvalidArgumentError, LegacyComponent,
                   MeasureMode, MemoryHost, Root, SizeRange, component_by_name, register_constructor,
                   tree_from_json, unregister_constructor)
from frond.action import ActionEvent

log: list[tuple[str, int, float]] = []


class Gauge(LegacyComponent):
    """A gauge that existing code draws: 120 wide, its height from the width it gets."""

    def __init__(self, level: float, *, key: str | None = None) -> None:
        self.level = level
        super().__init__(key=key)

    def view(self) -> tuple[str, Mapping[str, AttributeInput]]:
        return "gauge", {"level": self.level, "onTap": Action("poke")}

    def measure(self, width: float, width_mode: MeasureMode, height: float,
                height_mode: MeasureMode) -> tuple[float, float]:
        assert isinstance(width_mode, MeasureMode)
        return (120.0, 16.0 if width_mode == MeasureMode.UNDEFINED or width >= 120 else 32.0)

    def did_mount(self, view: int) -> None:
        log.append(("mount", view, self.level))

    def did_unmount(self, view: int) -> None:
        log.append(("unmount", view, self.level))

    def handle_action(self, action: ActionEvent) -> bool:
        log.append(("action " + action.name, 0, self.level))
        return self.level > 0.5


class Badge(LegacyComponent):
    kind = "Badge"

    def view(self) -> None:
        return None  # viewless, sized by its sizes


@pytest.fixture
def gauge_constructor() -> Iterator[None]:
    def make_gauge(level: float) -> Gauge:
        return Gauge(level)

    register_constructor("test-gauge", make_gauge)
    yield
    unregister_constructor("test-gauge")


def test_a_legacy_component_gives_its_view_measures_and_hears_mounts(no_leaks: None) -> None:
    log.clear()
    host = MemoryHost()
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        root.set_component(Flexbox(children=[Gauge(0.3, key="g"), Badge(key="b", width=10, height=4)],
                                   align_items="flex-start"))
        root.flush()
        assert root.describe() == "v1 gauge (0, 0, 120×32) level=0.3 onTap=action(poke)"
        assert log == [("mount", 1, 0.3)]
        assert host.dump() == root.describe()
        # A new component of the kind at the same key keeps the view: unmount, then mount.
        root.set_component(Flexbox(children=[Gauge(0.8, key="g")], align_items="flex-start"))
        root.flush()
        assert log[1:] == [("unmount", 1, 0.3), ("mount", 1, 0.8)]
        assert root.tap(5, 5).view == 1
        assert log[-1] == ("action poke", 0, 0.8)
        root.set_component(Flexbox(children=[]))
        root.flush()
        assert log[-1] == ("unmount", 1, 0.8)
    assert [entry[0] for entry in log].count("mount") == [entry[0] for entry in log].count("unmount")


def test_constructors_by_name_from_json_and_python(no_leaks: None, gauge_constructor: None) -> None:
    log.clear()
    with Root(SizeRange.fixed(200, 100), host=MemoryHost()) as root:
        root.set_component(tree_from_json({"children": [{"construct": "test-gauge", "arguments": [0.25]}]}))
        root.flush()
        assert "level=0.25" in root.describe()
        root.set_component(component_by_name("test-gauge", 1))  # an exact int converts to the float
        root.flush()
        assert "level=1" in root.describe()
    assert log == [("mount", 1, 0.25), ("unmount", 1, 0.25), ("mount", 1, 1.0), ("unmount", 1, 1.0)]


def test_mistakes_raise(no_leaks: None, gauge_constructor: None) -> None:
    with pytest.raises(InvalidArgumentError, match="argument 0 of the call is string"):
        component_by_name("test-gauge", "high")
    with pytest.raises(InvalidArgumentError, match="no constructor is registered"):
        component_by_name("test-nothing")
    with pytest.raises(InvalidArgumentError, match="registered already"):
        register_constructor("test-gauge", lambda level: Gauge(level), float)
    with pytest.raises(TypeError, match="has no annotation"):
        register_constructor("test-other", lambda level: Gauge(level))

    def junk(count: int) -> Component:
        return "a gauge"  # type: ignore[return-value]

    def broken(count: int) -> Component:
        raise RuntimeError(f"cannot make {count}")

    register_constructor("test-junk", junk)
    register_constructor("test-broken", broken)
    try:
        with pytest.raises(CallbackError, match="must return a frond component") as raised:
            component_by_name("test-junk", 2)
        assert isinstance(raised.value.__cause__, TypeError)
        with pytest.raises(CallbackError) as raised:
            tree_from_json({"construct": "test-broken", "arguments": [3]})
        assert isinstance(raised.value.__cause__, RuntimeError)
    finally:
        unregister_constructor("test-junk")
        unregister_constructor("test-broken")
    with pytest.raises(InvalidArgumentError):
        unregister_constructor("test-junk")

    class NoView(LegacyComponent):
        pass

    with pytest.raises(TypeError, match="must define view"):
        NoView()

    class BadView(LegacyComponent):
        def view(self) -> tuple[str, Mapping[str, AttributeInput]]:
            return ("gauge", {"level": object()})  # type: ignore[dict-item]

    bad = BadView()  # (view is asked when the component is first given to a parent or root)
    with pytest.raises(TypeError):
        Flexbox(children=[bad])

    class Raising(LegacyComponent):
        def view(self) -> None:
            raise LookupError("no such widget")

    with pytest.raises(LookupError, match="no such widget"):
        Flexbox(children=[Raising()])

    def two(level: float, label: str) -> Component:
        return Gauge(level)

    with pytest.raises(TypeError, match="1 argument type.*cannot be called with 1 argument"):
        register_constructor("test-arity", two, float)

    class Failing(Gauge):
        def measure(self, width: float, width_mode: MeasureMode, height: float,
                    height_mode: MeasureMode) -> tuple[float, float]:
            raise ZeroDivisionError("no size")

    with Root(SizeRange.fixed(100, 100), host=MemoryHost()) as root:
        root.set_component(Flexbox(children=[Failing(0.1)], align_items="flex-start"))
        with pytest.raises(CallbackError) as raised:
            root.flush()
        assert isinstance(raised.value.__cause__, ZeroDivisionError)
        assert root.describe() == ""


def test_legacy_components_inside_list_items_are_freed(no_leaks: None) -> None:
    # A gauge inside a list item's flexbox: the instance kept its own C handle, which C's user
    # data (the instance) kept in turn, a cycle through C the collector could not see; 200
    # items left 180 handles and gauges alive after the list closed.
    import gc
    import weakref

    from frond import ListView, handle_count

    alive: list[weakref.ref[Gauge]] = []

    def item(level: float) -> Component:
        gauge = Gauge(level)
        alive.append(weakref.ref(gauge))
        return Flexbox(children=[gauge])

    handles = handle_count()
    for _ in range(2):
        with ListView(item, cross_size=300, host=MemoryHost(), estimated_item_size=16) as rows:
            rows.data_source.set_sections([[index / 200 for index in range(200)]])
            rows.set_viewport(0, 2000)
            rows.process(wait=True)
        gc.collect()
    assert len(alive) >= 200
    assert handle_count() == handles and sum(ref() is not None for ref in alive) == 0


def test_a_legacy_measure_that_raises_in_a_list_item_is_reported_with_its_text(no_leaks: None) -> None:
    from frond import ListView

    class Broken(LegacyComponent):
        def view(self) -> tuple[str, Mapping[str, AttributeInput]]:
            return ("gauge", {})

        def measure(self, width: float, width_mode: MeasureMode, height: float,
                    height_mode: MeasureMode) -> tuple[float, float]:
            raise ValueError("the gauge cannot size itself")

    failures: list[str] = []
    with ListView(lambda model: Flexbox(children=[Broken()], align_items="flex-start"), cross_size=100,
                  host=MemoryHost(), estimated_item_size=10) as rows:
        rows.data_source.add_listener(on_apply=lambda changes: failures.extend(str(f.error) for f in changes.failures))
        rows.data_source.set_sections([[1]])
        rows.set_viewport(0, 100)  # (built at once for the viewport: the item fails, the call does not)
        rows.process(wait=True)
    assert failures and all("ValueError: the gauge cannot size itself" in failure for failure in failures)
