"""Handles whose free the library refuses for a while (a config in use by a layout pass)
are not lost: their owners' finalizers queue them, every later round that is refused again
keeps them queued, and the first round after the layout frees them, on whichever thread
ends its call first; a long queue is freed in one round, without recursion."""
from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from frond import Config, Node, _runtime, handle_count


@pytest.fixture
def blocked_layout() -> Iterator[tuple[list[Config], threading.Event]]:
    """A tree laid out on a worker thread whose measure function waits for the event: while
    it waits, the configs in the list (in use by the layout) cannot be freed. Yields the
    list (the test drops its configs) and the event; joins the worker afterwards."""
    configs = [Config(point_scale_factor=1)]
    measuring, release = threading.Event(), threading.Event()
    failures: list[BaseException] = []

    def measure(width: float, width_mode: object, height: float, height_mode: object) -> tuple[float, float]:
        measuring.set()
        assert release.wait(timeout=30), "the test never released the layout"
        return (3.0, 4.0)

    def lay_out() -> None:
        try:
            with Node(configs[0], width=10) as top:
                top.append(Node(configs[0], measure=measure))
                top.calculate_layout()
                assert top[0].layout.height == 4
        except BaseException as error:  # noqa: BLE001
            failures.append(error)

    worker = threading.Thread(target=lay_out, name="layout")
    worker.start()
    try:
        assert measuring.wait(timeout=30)
        yield configs, release
    finally:
        release.set()
        worker.join(timeout=30)
    assert not worker.is_alive() and failures == []


def test_a_refused_free_is_kept_through_refused_retries_and_done_after_the_layout(
        no_leaks: None, blocked_layout: tuple[list[Config], threading.Event]) -> None:
    configs, release = blocked_layout
    live = handle_count()
    configs.clear()  # the last reference: Config.__del__ runs here, while the worker lays out
    assert _runtime.deferred_count() == 1
    for _ in range(3):  # each of these calls ends with a retry, refused again
        assert handle_count() == live
        assert _runtime.deferred_count() == 1
    release.set()  # the worker's layout call ends and frees it (no_leaks checks after the join)


def test_the_thread_whose_layout_blocked_the_free_frees_it_when_its_call_ends(no_leaks: None) -> None:
    before = handle_count()
    with_config: list[Config] = []
    measuring, dropped = threading.Event(), threading.Event()

    def measure(*_: object) -> tuple[float, float]:
        measuring.set()
        assert dropped.wait(timeout=30)
        return (1.0, 1.0)

    def lay_out() -> None:
        with Node(with_config[0]) as top:
            top.append(Node(with_config[0], measure=measure))
            top.calculate_layout()  # the deferred config is freed as this call ends
            counts.append(_runtime.deferred_count())

    counts: list[int] = []
    with_config.append(Config())
    worker = threading.Thread(target=lay_out)
    worker.start()
    assert measuring.wait(timeout=30)
    with_config.clear()
    assert _runtime.deferred_count() == 1
    dropped.set()
    worker.join(timeout=30)
    assert counts == [0] and handle_count() == before


def test_thousands_of_deferred_frees_go_in_one_round_without_recursion(no_leaks: None) -> None:
    before = handle_count()
    configs = [Config() for _ in range(3000)]
    for config in configs:  # as if each had been refused: queued by its finalizer
        _runtime.defer_free(config._free_function, config._handle)
        config._handle = None
    assert _runtime.deferred_count() == 3000
    handle_count()  # ends the round: every one is freed
    assert _runtime.deferred_count() == 0 and handle_count() == before
