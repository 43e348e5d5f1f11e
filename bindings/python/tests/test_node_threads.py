"""Layout trees and threads: a tree is used from one thread at a time (C does not
synchronize it). Any node of a tree refuses calls from a thread that does not own the tree
with ThreadError before C is reached; hand_over passes the whole tree on; trees only join
when the caller owns both; an abandoned tree is taken whole by its next user."""
from __future__ import annotations

import gc
import threading
from collections.abc import Callable
from typing import Any

import pytest

from frond import MisuseError, Node, ThreadError, _runtime, handle_count
from threading_support import WAIT, in_thread


def tree() -> tuple[Node, Node, Node]:
    """top (row, 100 × 50) ─ middle (grow) ─ leaf (20 × 10)."""
    top = Node(width=100, height=50, flex_direction="row")
    middle = Node(flex_grow=1)
    leaf = Node(width=20, height=10)
    middle.append(leaf)
    top.append(middle)
    top.calculate_layout()
    return top, middle, leaf


def snapshot(top: Node) -> list[Any]:
    return [(tuple(node.layout.frame), len(node), str(node.width)) for node in (top, top[0], top[0][0])]


CALLS: dict[str, Callable[[Node], object]] = {
    "set a style": lambda node: setattr(node, "width", 7),
    "read a style": lambda node: node.width,
    "append": lambda node: node.append(Node()),
    "insert": lambda node: node.insert(0, Node()),
    "clear": lambda node: node.clear(),
    "len": lambda node: len(node),
    "iterate": lambda node: list(node),
    "parent": lambda node: node.parent,
    "measure": lambda node: setattr(node, "measure", lambda *_: (1, 1)),
    "calculate_layout": lambda node: node.calculate_layout(),
    "layout": lambda node: node.layout.frame,
    "mark_dirty": lambda node: node.mark_dirty(),
    "hand_over": lambda node: node.hand_over(threading.current_thread()),
    "close": lambda node: node.close(),
}


@pytest.mark.parametrize("which", [0, 1, 2], ids=["top", "middle", "leaf"])
@pytest.mark.parametrize("name", list(CALLS))
def test_a_call_from_another_thread_on_any_node_raises_thread_error_and_changes_nothing(
        name: str, which: int, no_leaks: None) -> None:
    top, middle, leaf = tree()
    node = (top, middle, leaf)[which]
    before = snapshot(top)
    error = in_thread(lambda: CALLS[name](node))
    assert isinstance(error, ThreadError) and isinstance(error, MisuseError)
    assert "tree belongs to thread 'MainThread' but was used from thread 'intruder'" in str(error)
    assert "node.hand_over(thread)" in str(error)
    assert not node.closed and node.thread is threading.current_thread()
    assert snapshot(top) == before
    top.close(), middle.close(), leaf.close()


def test_hand_over_passes_the_whole_tree_and_back(no_leaks: None) -> None:
    top, middle, leaf = tree()
    main = threading.current_thread()
    seen: list[Any] = []

    def worker_body() -> None:
        top.width = 200
        leaf.height = 30
        top.calculate_layout()
        seen.append((tuple(middle.layout.frame), tuple(leaf.layout.frame)))
        leaf.hand_over(main)  # any node hands over the tree it is in

    worker = threading.Thread(target=worker_body, name="worker")
    middle.hand_over(worker)  # before it starts
    assert top.thread is worker and leaf.thread is worker
    for node in (top, middle, leaf):
        with pytest.raises(ThreadError, match="belongs to thread 'worker'"):
            node.calculate_layout()
    worker.start()
    worker.join(timeout=WAIT)
    assert seen == [((0.0, 0.0, 200.0, 50.0), (0.0, 0.0, 20.0, 30.0))]
    assert top.thread is main and leaf.layout.height == 30
    with pytest.raises(TypeError, match="threading.Thread"):
        top.hand_over("worker")  # type: ignore[arg-type]
    top.close(), middle.close(), leaf.close()


def test_trees_join_only_when_the_caller_owns_both(no_leaks: None) -> None:
    parent = Node(width=10)
    stranger = Node(height=5)
    worker = threading.Thread(target=lambda: None, name="other")
    stranger.hand_over(worker)
    with pytest.raises(ThreadError, match="belongs to thread 'other'"):
        parent.append(stranger)
    with pytest.raises(ThreadError, match="belongs to thread 'other'"):
        Node(children=[stranger])
    assert len(parent) == 0 and stranger.thread is worker
    worker.start()
    worker.join(timeout=WAIT)
    assert stranger.parent is None  # its owner has ended: this thread takes it
    parent.append(stranger)
    assert stranger.parent is parent and stranger.thread is threading.current_thread()
    parent.close(), stranger.close()


def test_an_abandoned_tree_is_taken_whole_by_its_next_user(no_leaks: None) -> None:
    made = in_thread(tree, "maker")  # the maker has ended: nobody owns the tree
    top, middle, leaf = made
    assert top.thread is None and leaf.thread is None
    assert leaf.layout.width == 20  # this thread takes the whole tree through the leaf
    assert top.thread is threading.current_thread()
    assert isinstance(in_thread(lambda: top.calculate_layout()), ThreadError)

    top.hand_over(None)  # to whichever thread uses it next
    assert middle.thread is None
    taken = in_thread(lambda: (str(middle.width), top.calculate_layout().layouts, top.thread.name), "taker")
    assert taken[0] == "auto" and taken[2] == "taker"  # the taker took the whole tree through the middle
    assert top.width.value == 100  # the taker has ended: taken back
    top.close(), middle.close(), leaf.close()


def test_separate_trees_are_built_on_separate_threads_at_once(no_leaks: None) -> None:
    threads, size = 4, 300
    start = threading.Barrier(threads)
    results: dict[int, float] = {}
    errors: list[BaseException] = []

    def build(index: int) -> None:
        try:
            start.wait()
            with Node(flex_direction="row", flex_wrap="wrap", width=100) as top:
                for _ in range(size):
                    top.append(Node(width=10, height=index + 1))
                top.calculate_layout()
                results[index] = top.layout.height
        except BaseException as error:  # noqa: BLE001
            errors.append(error)

    workers = [threading.Thread(target=build, args=(index,)) for index in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=WAIT)
    assert errors == []
    assert results == {index: (size // 10) * (index + 1) for index in range(threads)}


def test_a_tree_collected_on_another_thread_is_freed_there(no_leaks: None) -> None:
    before = handle_count()
    top, middle, leaf = tree()
    top.cycle = top  # type: ignore[attr-defined]  # garbage only the cycle collector frees
    del top, middle, leaf
    gc.disable()
    try:
        assert handle_count() == before + 3
        assert in_thread(gc.collect, "collector") > 0
    finally:
        gc.enable()
    assert handle_count() == before and _runtime.deferred_count() == 0
