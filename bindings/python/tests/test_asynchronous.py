"""Asynchronous flushes and flush requests: a flush prepared on a worker thread (after
hand_over, or through prepare_on) and committed on the root's thread; every misuse — a
commit without a prepare, a call from the owner while the worker prepares, a flush from
inside a flush request — is an exception, never a crash or a hang; a state update from any
thread asks for a flush once until the flush happens."""
from __future__ import annotations

import gc
import queue
import threading
import weakref
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from frond import (Action, ActionEvent, CallbackError, Component, Flexbox, MemoryHost, MisuseError, Mutation,
                   RenderComponent, Root, Scope, SizeRange, ThreadError)
from frond.render import _render_class
from threading_support import WAIT, in_thread


class ThreadRecordingHost(MemoryHost):
    """A memory host that records the thread of each commit."""

    def __init__(self) -> None:
        super().__init__()
        self.threads: list[str] = []

    def commit(self, mutations: Sequence[Mutation]) -> None:
        self.threads.append(threading.current_thread().name)
        super().commit(mutations)


class Counter(RenderComponent):
    """A counter that records the thread of each render; a tap adds one."""

    render_threads: list[str] = []
    gate: threading.Event | None = None  # when set, renders wait for it
    rendering = threading.Event()

    def initial_state(self) -> int:
        return 0

    def render(self, count: int) -> Component:
        Counter.render_threads.append(threading.current_thread().name)
        Counter.rendering.set()
        if Counter.gate is not None:
            assert Counter.gate.wait(WAIT)
        return Component("counter", {"count": count, "onTap": Action("add")}, height=20)

    def handle_action(self, action: ActionEvent, scope: Scope | None) -> bool:
        assert scope is not None
        scope.update_state(lambda count: count + 1)
        return True


@pytest.fixture(autouse=True)
def _counter() -> Any:
    _render_class(Counter)  # made once for the process: not a leak of any test
    Counter.render_threads, Counter.gate = [], None
    Counter.rendering.clear()
    yield
    Counter.gate = None


def mounted() -> tuple[Root, ThreadRecordingHost, Counter]:
    host = ThreadRecordingHost()
    root = Root(SizeRange.fixed(100, 100), host=host)
    counter = Counter(key="c")
    root.set_component(Flexbox(children=[counter]))
    root.flush()
    return root, host, counter


# ---- prepare and commit ---------------------------------------------------------------

def test_prepare_on_a_worker_after_hand_over_and_commit_on_the_owner(no_leaks: None) -> None:
    root, host, counter = mounted()
    main = threading.current_thread()
    with root:
        root.tap(1, 1)
        Counter.render_threads.clear()

        def prepare() -> None:
            root.prepare()
            root.hand_over(main)

        worker = threading.Thread(target=prepare, name="preparer")
        root.hand_over(worker)
        worker.start()
        worker.join(timeout=WAIT)
        assert root.thread is main and root.has_prepared_flush
        assert host.dump() == "v1 counter (0, 0, 100×20) count=0 onTap=action(add)"  # nothing mounted yet
        statistics = root.commit()
        assert statistics.updated == 1 and statistics.renders == 1
        assert host.dump() == "v1 counter (0, 0, 100×20) count=1 onTap=action(add)"
        assert Counter.render_threads == ["preparer"] and host.threads[-1] == "MainThread"
        assert not root.has_prepared_flush


def test_prepare_on_an_executor_lends_the_root_until_the_future_is_done(no_leaks: None) -> None:
    root, host, counter = mounted()
    with root, ThreadPoolExecutor(1, thread_name_prefix="pool") as pool:
        root.tap(1, 1)
        Counter.render_threads.clear()
        Counter.gate = threading.Event()
        future = root.prepare_on(pool)
        assert Counter.rendering.wait(WAIT)  # the worker is inside the render
        for attempt in (root.commit, root.flush, root.describe, lambda: root.tap(1, 1), root.discard_prepared,
                        root.close, lambda: root.prepare_on(pool)):
            with pytest.raises(ThreadError, match="being prepared by Root.prepare_on on thread 'pool"):
                attempt()
        assert in_thread(lambda: root.describe()).__class__ is ThreadError
        Counter.gate.set()
        assert future.result(timeout=WAIT) is None
        assert root.thread is threading.current_thread() and root.has_prepared_flush
        assert root.commit().updated == 1
        assert host.dump() == "v1 counter (0, 0, 100×20) count=1 onTap=action(add)"
        assert Counter.render_threads[0].startswith("pool") and host.threads[-1] == "MainThread"


def test_misused_halves_are_misuse_errors_and_change_nothing(no_leaks: None) -> None:
    root, host, counter = mounted()
    with root:
        with pytest.raises(MisuseError, match="no flush is prepared"):
            root.commit()
        with pytest.raises(MisuseError, match="no flush is prepared"):
            root.discard_prepared()
        root.tap(1, 1)
        root.prepare()
        for attempt in (root.prepare, root.flush, lambda: root.tap(1, 1)):
            with pytest.raises(MisuseError, match="prepared flush waits"):
                attempt()
        assert host.dump() == "v1 counter (0, 0, 100×20) count=0 onTap=action(add)"
        root.discard_prepared()
        assert not root.has_prepared_flush
        assert host.dump() == "v1 counter (0, 0, 100×20) count=0 onTap=action(add)"
        root.prepare()  # the discarded build's state update stays applied
        root.commit()
        assert host.dump() == "v1 counter (0, 0, 100×20) count=1 onTap=action(add)"


def test_a_failed_prepare_raises_through_the_future_and_leaves_nothing_prepared(no_leaks: None) -> None:
    def provider(props: str) -> Component:
        if props == "broken":
            raise RuntimeError("bad props")
        return Component("box", {"props": props})

    host = MemoryHost()
    with Root(SizeRange.fixed(10, 10), host=host) as root, ThreadPoolExecutor(1) as pool:
        root.set_provider(provider)
        root.set_props("fine")
        root.flush()
        root.set_props("broken")
        with pytest.raises(CallbackError) as caught:
            root.prepare_on(pool).result(timeout=WAIT)
        assert isinstance(caught.value.__cause__, RuntimeError)
        assert root.thread is threading.current_thread() and not root.has_prepared_flush
        assert host.dump() == 'v1 box (0, 0, 10×10) props="fine"'
        root.set_props("better")
        root.prepare_on(pool).result(timeout=WAIT)
        root.commit()
        assert host.dump() == 'v1 box (0, 0, 10×10) props="better"'


def test_a_cancelled_prepare_on_gives_the_root_back(no_leaks: None) -> None:
    root, host, counter = mounted()
    busy = threading.Event()
    with root, ThreadPoolExecutor(1) as pool:
        blocker = pool.submit(busy.wait, WAIT)  # the pool's only worker is busy
        future = root.prepare_on(pool)
        assert root.thread is None
        with pytest.raises(ThreadError, match="being prepared by Root.prepare_on on a job that has not started"):
            root.flush()
        assert future.cancel()
        busy.set()
        blocker.result(timeout=WAIT)
        assert root.thread is threading.current_thread()
        root.tap(1, 1)
        root.flush()
        assert host.dump() == "v1 counter (0, 0, 100×20) count=1 onTap=action(add)"


def test_prepare_on_refuses_what_is_not_an_executor_and_calls_inside_the_root(no_leaks: None) -> None:
    root, host, counter = mounted()
    with root:
        with pytest.raises(TypeError, match="concurrent.futures.Executor"):
            root.prepare_on(threading.Thread())  # type: ignore[arg-type]

        class Refusing:
            def submit(self, function: Callable[[], None]) -> Any:
                raise RuntimeError("shut down")

        with pytest.raises(RuntimeError, match="shut down"):
            root.prepare_on(Refusing())  # type: ignore[arg-type]
        assert root.thread is threading.current_thread()  # not lent: usable as before

        attempts: list[BaseException] = []

        class Eager(RenderComponent):
            def render(self, state: None) -> Component:
                try:
                    with ThreadPoolExecutor(1) as pool:
                        root.prepare_on(pool)
                except BaseException as error:  # noqa: BLE001
                    attempts.append(error)
                return Component("eager")

        root.set_component(Eager())
        root.flush()
        assert len(attempts) == 1 and isinstance(attempts[0], MisuseError)
        assert "inside a call on the root" in str(attempts[0])
        assert root.thread is threading.current_thread()


def test_closing_a_root_with_a_prepared_flush_discards_it(no_leaks: None) -> None:
    root, host, counter = mounted()
    root.tap(1, 1)
    root.prepare()
    root.close()
    assert host.dump() == "v1 counter (0, 0, 100×20) count=0 onTap=action(add)"


# ---- flush requests ---------------------------------------------------------------------

def test_a_state_update_from_another_thread_requests_one_flush(no_leaks: None) -> None:
    root, host, counter = mounted()
    scope = counter.scope
    assert scope is not None
    requests: list[tuple[Root, str]] = []
    with root:
        root.on_flush_request = lambda asking: requests.append((asking, threading.current_thread().name))
        assert in_thread(lambda: scope.update_state(lambda count: count + 1), "updater") is None
        assert in_thread(lambda: scope.set_state(10), "setter") is None  # one already pending: no request
        assert len(requests) == 1 and requests[0][0] is root and requests[0][1] == "updater"
        root.flush()
        assert host.dump() == "v1 counter (0, 0, 100×20) count=10 onTap=action(add)"
        root.tap(1, 1)  # on the root's thread this time
        assert [name for _, name in requests] == ["updater", "MainThread"]
        root.on_flush_request = None
        in_thread(lambda: scope.update_state(lambda count: count + 1))
        root.flush()
        assert len(requests) == 2 and host.dump().endswith("count=12 onTap=action(add)")


def test_flush_requests_drive_a_scheduler_on_the_roots_thread(no_leaks: None) -> None:
    root, host, counter = mounted()
    scope = counter.scope
    assert scope is not None
    scheduled: queue.Queue[Root | None] = queue.Queue()
    threads, updates = 4, 100

    def update() -> None:
        for _ in range(updates):
            scope.update_state(lambda count: count + 1)

    with root:
        root.on_flush_request = scheduled.put
        workers = [threading.Thread(target=update) for _ in range(threads)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(timeout=WAIT)
        scheduled.put(None)
        flushes = 0
        while (asking := scheduled.get(timeout=WAIT)) is not None:
            asking.flush()
            flushes += 1
        assert 1 <= flushes <= threads * updates
        if root.needs_flush:
            root.flush()
        assert scope.state == threads * updates


def test_what_the_program_gives_a_root_asks_for_a_flush_too(no_leaks: None) -> None:
    root, host, counter = mounted()
    asked: list[Root] = []

    with root:
        root.on_flush_request = asked.append
        assert not root.needs_flush
        root.set_size_range(SizeRange.fixed(60, 100))
        assert asked == [root] and root.needs_flush  # (laid out at 100 wide)
        root.flush()
        assert "(0, 0, 60×20)" in host.dump() and not root.needs_flush
        root.set_component(Flexbox(children=[Counter(key="c")]))
        root.set_provider(lambda props: Component("box", width=float(props or 1), height=1))
        root.set_props(5)
        assert len(asked) == 4 and root.needs_flush
        root.flush()
        assert host.dump() == "v2 box (0, 0, 5×100)"  # (a fixed range: the height fills it)
        root.set_component(None)
        assert len(asked) == 5
        root.on_flush_request = None
        root.set_component(None)
        assert len(asked) == 5


def test_a_flush_request_cannot_flush_the_root(no_leaks: None) -> None:
    root, host, counter = mounted()
    attempts: list[BaseException] = []

    def eager(asking: Root) -> None:
        for attempt in (asking.flush, asking.prepare, asking.commit):
            try:
                attempt()
            except BaseException as error:  # noqa: BLE001
                attempts.append(error)

    with root:
        root.on_flush_request = eager
        root.tap(1, 1)  # the handler's state update asks, on this thread, inside the tap
        root.flush()
        scope = counter.scope
        assert scope is not None
        scope.update_state(lambda count: count + 1)  # asks on this thread, outside any call on the root
        assert len(attempts) == 6 and all(isinstance(error, MisuseError) for error in attempts)
        assert all("from inside its flush request" in str(error) for error in attempts)
        assert not root.has_prepared_flush and root.needs_flush
        assert host.dump() == "v1 counter (0, 0, 100×20) count=1 onTap=action(add)"
        root.flush()
        assert host.dump() == "v1 counter (0, 0, 100×20) count=2 onTap=action(add)"


def test_a_flush_request_that_raises_makes_the_update_raise_and_keeps_the_update(no_leaks: None) -> None:
    root, host, counter = mounted()
    scope = counter.scope
    assert scope is not None

    def broken(asking: Root) -> None:
        raise RuntimeError("no event loop")

    with root:
        root.on_flush_request = broken
        error = in_thread(lambda: scope.update_state(lambda count: count + 5))
        assert isinstance(error, CallbackError) and isinstance(error.__cause__, RuntimeError)
        assert root.needs_flush
        root.flush()
        assert scope.state == 5


def test_the_flush_request_is_released_and_does_not_keep_its_root_alive(no_leaks: None) -> None:
    class Request:
        def __call__(self, asking: Root) -> None:
            pass

    request = Request()
    request_alive = weakref.ref(request)
    root = Root(SizeRange.fixed(10, 10))
    root_alive = weakref.ref(root)
    root.on_flush_request = request
    assert root.on_flush_request is request
    del request
    with pytest.raises(TypeError, match="on_flush_request must be callable"):
        root.on_flush_request = 3  # type: ignore[assignment]
    assert request_alive() is not None
    del root
    gc.collect()
    assert root_alive() is None and request_alive() is None
