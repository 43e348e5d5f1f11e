"""Issue 5's lifetime stress test: 100,000 components (render components with state and
bound-method tap handlers, leaves with callable handlers) built, mounted, tapped and
dropped across 1,000 roots (each with an unhandled-action callable), with gc.collect()
between steps. Live handles (libfrond's counter), the callback registry and the number
of objects the garbage collector tracks all come back to where they started."""
from __future__ import annotations

import gc
from frond import (Action, ActionEvent, ActionOutcome, Component, Flexbox, RenderComponent, Root, SizeRange, _runtime,
                   handle_count)

ROOTS = 1_000
ROOTS_PER_STEP = 10           # gc.collect() after every 10 roots: 100 steps
TOGGLES = 33                  # per root: 1 flexbox + 33 render components + 66 leaves = 100
LEAVES = 66
COMPONENTS_PER_ROOT = 1 + TOGGLES + LEAVES


class StressToggle(RenderComponent):
    """Stateful; its rendered view's tap handler is a bound method that updates state."""

    index: int

    def initial_state(self) -> int:
        return 0

    def render(self, taps: int) -> Component:
        return Component("toggle", {"index": self.index, "taps": taps, "onTap": self.tapped}, height=2)

    def tapped(self, event: ActionEvent) -> None:
        assert self.scope is not None
        self.scope.update_state(lambda taps: taps + 1)


def _tree(seed: int, seen: list[int]) -> Flexbox:
    children: list[Component] = [StressToggle(index=index, key=f"t{index}") for index in range(TOGGLES)]
    children += [Component("leaf", {"seed": seed, "onTap": lambda event, index=index: seen.append(index)},
                           height=1, key=f"l{index}")
                 for index in range(LEAVES - 1)]
    # The last leaf's action reaches no responder: the root's unhandled-action callable gets it.
    children.append(Component("leaf", {"seed": seed, "onTap": Action("orphan")}, height=1, key="orphan"))
    return Flexbox(children=children, padding=1)


def _step(first_seed: int, unhandled: list[ActionEvent]) -> int:
    """Builds, mounts, taps and drops ROOTS_PER_STEP roots; returns the components built."""
    built = 0
    for seed in range(first_seed, first_seed + ROOTS_PER_STEP):
        seen: list[int] = []
        root = Root(SizeRange.fixed(100, 200))
        root.on_unhandled_action = unhandled.append
        root.set_component(_tree(seed, seen))
        root.flush()
        built += COMPONENTS_PER_ROOT
        # The first toggle (y 1…3) updates its state; the first leaf (below the toggles) calls its lambda.
        assert root.tap(50, 2).outcome == ActionOutcome.HANDLED
        assert root.tap(50, 1 + 2 * TOGGLES + 0.5).outcome == ActionOutcome.HANDLED
        assert root.tap(50, 1 + 2 * TOGGLES + LEAVES - 0.5).outcome == ActionOutcome.UNHANDLED
        root.flush()
        assert 'taps=1' in root.describe().splitlines()[0]
        assert seen == [0]
        if seed % 2:
            root.close()  # half closed explicitly, half left to the garbage collector
        del root
    return built


def _counts() -> tuple[int, int, int]:
    gc.collect()
    return handle_count(), len(_runtime.registry), len(gc.get_objects())


def test_hundred_thousand_components_and_thousand_roots_leave_nothing_behind() -> None:
    unhandled: list[ActionEvent] = []
    _step(-ROOTS_PER_STEP, unhandled)  # warm-up: the render class, ctypes' caches, bound-method types
    unhandled.clear()
    # Counted twice: a collection untracks tuples and dicts holding only atomic values (the
    # test's own among them), so the first count can be one higher than any later one.
    _counts()
    baseline = _counts()
    built = 0
    for step in range(ROOTS // ROOTS_PER_STEP):
        built += _step(step * ROOTS_PER_STEP, unhandled)
        gc.collect()
        assert (handle_count(), len(_runtime.registry)) == baseline[:2], f"after step {step}"
    assert built == 100_000
    assert len(unhandled) == ROOTS and unhandled[-1].name == "orphan"
    unhandled.clear()  # the events themselves are Python objects: drop them before counting
    handles, callbacks, objects = _counts()
    assert (handles, callbacks) == baseline[:2]
    assert objects == baseline[2]  # exactly: no slack
