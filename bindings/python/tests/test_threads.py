"""Roots and threads: a root is used from one thread at a time (the one that made it, or the
one it was handed to); calls from another thread raise ThreadError before C is reached and
leave the tree as it was; state updates from many threads at once are all applied by the
next flush; different roots flush on different threads at the same time."""
from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from frond import (Action, ActionEvent, ActionName, Animation, Component, Flexbox, MemoryHost, MisuseError,
                   RenderComponent, Root, Scope, SizeRange, ThreadError, handle_count)
from frond.render import _render_class
from threading_support import in_thread

ADD = ActionName("add", int)


class Counter(RenderComponent):
    """A counter: its state is an int, shown as an attribute; a tap adds one."""

    def initial_state(self) -> int:
        return 0

    def render(self, count: int) -> Component:
        return Component("counter", {"count": count, "onTap": Action("tap")}, height=20)

    def handle_action(self, action: ActionEvent, scope: Scope | None) -> bool:
        assert scope is not None
        scope.update_state(lambda count: count + 1)
        return True


class Fading(RenderComponent):
    """A keyed row that fades in and out (its animations go through C by pointer)."""

    def initial_state(self) -> None:
        return None

    def render(self, state: None) -> Component:
        return Component("row", {"n": self.n}, height=4, key="row")

    def animations(self, moment: Any, previous: Any) -> list[Animation]:
        return [Animation.alpha_from(0, duration=1, target_key="row"), Animation.scale_from(0.5, duration=2)]


@pytest.fixture(scope="module", autouse=True)
def _render_classes() -> None:
    _render_class(Counter)
    _render_class(Fading)


def mounted_counter() -> tuple[Root, MemoryHost, Counter]:
    host = MemoryHost()
    root = Root(SizeRange.fixed(100, 100), host=host)
    counter = Counter(key="c")
    root.set_component(counter)
    root.flush()
    return root, host, counter


CALLS: dict[str, Callable[[Root], object]] = {
    "flush": lambda root: root.flush(),
    "tap": lambda root: root.tap(1, 1),
    "send_event": lambda root: root.send_event(1),
    "set_component": lambda root: root.set_component(Component("other")),
    "set_size_range": lambda root: root.set_size_range(SizeRange.fixed(5, 5)),
    "describe": lambda root: root.describe(),
    "statistics": lambda root: root.statistics,
    "tick": lambda root: root.tick(1.0),
    "host": lambda root: setattr(root, "host", None),
    "on_unhandled_action": lambda root: setattr(root, "on_unhandled_action", print),
    "hand_over": lambda root: root.hand_over(threading.current_thread()),
    "close": lambda root: root.close(),
    "set_provider": lambda root: root.set_provider(lambda props: None),
    "set_props": lambda root: root.set_props(1),
    "on_flush_request": lambda root: setattr(root, "on_flush_request", print),
    "needs_flush": lambda root: root.needs_flush,
    "prepare": lambda root: root.prepare(),
    "commit": lambda root: root.commit(),
    "discard_prepared": lambda root: root.discard_prepared(),
    "has_prepared_flush": lambda root: root.has_prepared_flush,
    "prepare_on": lambda root: root.prepare_on(ThreadPoolExecutor(1)),
}


@pytest.mark.parametrize("name", list(CALLS))
def test_a_call_from_another_thread_raises_thread_error_and_changes_nothing(name: str, no_leaks: None) -> None:
    root, host, counter = mounted_counter()
    with root:
        before = (host.dump(), root.describe(), root.describe_components(), len(host.commits))
        error = in_thread(lambda: CALLS[name](root))
        assert isinstance(error, ThreadError) and isinstance(error, MisuseError)
        assert "belongs to thread 'MainThread' but was" in str(error)
        assert "from thread 'intruder'" in str(error)
        assert "root.hand_over(thread)" in str(error)
        assert not root.closed and root.thread is threading.current_thread()
        assert (host.dump(), root.describe(), root.describe_components(), len(host.commits)) == before
        # The owner goes on as if nothing happened.
        assert root.tap(1, 1).outcome.name == "HANDLED"
        root.flush()
        assert host.dump() == 'v1 counter (0, 0, 100×20) count=1 onTap=action(tap)'


def test_scope_reads_and_sends_on_the_roots_thread_only(no_leaks: None) -> None:
    root, host, counter = mounted_counter()
    scope = counter.scope
    assert scope is not None
    with root:
        for attempt in (lambda: scope.state, lambda: scope.send(ADD, 1), lambda: scope.send_block(print)):
            assert isinstance(in_thread(attempt), ThreadError)
        # State updates are the exception: queued from the other thread, applied here.
        assert in_thread(lambda: scope.update_state(lambda count: count + 5)) is None
        assert in_thread(lambda: scope.set_state(40)) is None
        root.flush()
        assert scope.state == 40 and host.dump().endswith("count=40 onTap=action(tap)")


def test_state_updates_from_many_threads_are_all_applied_at_the_next_flush(no_leaks: None) -> None:
    root, host, counter = mounted_counter()
    scope = counter.scope
    assert scope is not None
    threads, updates = 8, 250
    start = threading.Barrier(threads)
    errors: list[BaseException] = []

    def hammer() -> None:
        try:
            start.wait()
            for _ in range(updates):
                scope.update_state(lambda count: count + 1)
        except BaseException as error:  # noqa: BLE001
            errors.append(error)

    with root:
        workers = [threading.Thread(target=hammer) for _ in range(threads)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(timeout=60)
        assert errors == [] and not any(worker.is_alive() for worker in workers)
        assert host.dump().endswith("count=0 onTap=action(tap)")  # nothing applied before the flush
        statistics = root.flush()
        assert statistics.state_updates == threads * updates
        assert scope.state == threads * updates
        assert host.dump() == f"v1 counter (0, 0, 100×20) count={threads * updates} onTap=action(tap)"


def test_state_updates_while_the_owner_flushes_wait_for_a_flush(no_leaks: None) -> None:
    root, host, counter = mounted_counter()
    scope = counter.scope
    assert scope is not None
    updates = 2000

    def keep_updating() -> None:
        for _ in range(updates):
            scope.update_state(lambda count: count + 1)

    with root:
        worker = threading.Thread(target=keep_updating)
        worker.start()
        taps = 0
        while worker.is_alive() and taps < 500:  # flushes and taps interleaved with the updates
            root.flush()
            root.tap(1, 1)
            taps += 1
        worker.join(timeout=60)
        root.flush()
        assert scope.state == updates + taps


def test_hand_over_gives_the_root_to_another_thread_and_back(no_leaks: None) -> None:
    root, host, counter = mounted_counter()
    main = threading.current_thread()
    results: list[Any] = []

    def worker_body() -> None:
        results.append(root.tap(1, 1).outcome.name)
        root.flush()
        results.append(host.dump())
        root.hand_over(main)

    worker = threading.Thread(target=worker_body, name="worker")
    root.hand_over(worker)  # before it starts
    assert root.thread is worker
    with pytest.raises(ThreadError, match="belongs to thread 'worker'"):
        root.flush()
    worker.start()
    worker.join(timeout=30)
    assert results == ["HANDLED", "v1 counter (0, 0, 100×20) count=1 onTap=action(tap)"]
    assert root.thread is main
    with root:
        # Handed to nobody: the next thread that uses it takes it.
        root.hand_over(None)
        assert root.thread is None
        assert in_thread(lambda: root.describe()) == host.dump()
        # The intruder thread took it and has ended: the next user (this thread) takes it back.
        assert root.describe() == host.dump()
        assert root.thread is main
        with pytest.raises(TypeError, match="threading.Thread"):
            root.hand_over("worker")  # type: ignore[arg-type]


def test_a_root_made_on_an_ended_thread_is_used_and_freed_elsewhere(no_leaks: None) -> None:
    before = handle_count()
    root = in_thread(lambda: Root(SizeRange.fixed(10, 10), host=MemoryHost()))
    assert isinstance(root, Root) and root.thread is None  # its thread has ended
    root.set_component(Component("box"))
    root.flush()
    assert root.thread is threading.current_thread()
    handed = in_thread(lambda: Root(SizeRange.fixed(10, 10)))
    del handed  # collected here, on a thread that never owned it: freed without complaint
    root.close()
    assert handle_count() == before


def test_roots_on_different_threads_flush_at_the_same_time(no_leaks: None) -> None:
    rounds, threads = 40, 4
    start = threading.Barrier(threads)
    dumps: dict[int, str] = {}
    errors: list[BaseException] = []

    def own_root(index: int) -> None:
        try:
            host = MemoryHost()
            with Root(SizeRange.fixed(50, 50), host=host) as root:
                start.wait()
                for step in range(rounds):
                    root.set_component(Flexbox(children=[Fading(n=index * 1000 + step, key="f")]))
                    root.flush()
                    root.tick(step * 0.1)
                dumps[index] = host.dump(ids=False)
        except BaseException as error:  # noqa: BLE001
            errors.append(error)

    workers = [threading.Thread(target=own_root, args=(index,)) for index in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)
    assert errors == []
    for index in range(threads):
        assert f"n={index * 1000 + rounds - 1}" in dumps[index]
