"""Handles and callbacks do not outlive their Python objects: building and dropping many
nodes with measure functions leaves no live handle and no registered callable behind."""
from __future__ import annotations

import gc
import weakref

from frond import Node, _runtime, handle_count


def _counts() -> tuple[int, int]:
    gc.collect()
    return handle_count(), len(_runtime.registry)


def _build_tree(leaves: int) -> Node:
    root = Node(flex_direction="row", flex_wrap="wrap", width=1000)
    for index in range(leaves):
        size = float(index % 7 + 1)
        root.append(Node(measure=lambda w, wm, h, hm, size=size: (size, size), margin=1))
    return root


def test_tenThousandNodesWithMeasureFunctionsComeAndGoWithoutGrowth() -> None:
    baseline = _counts()
    for _ in range(3):  # 10,000 leaves, each with its own measure callable, three times
        root = _build_tree(10_000)
        assert _counts() == (baseline[0] + 10_001, baseline[1] + 10_000)
        root.calculate_layout()
        assert root[6].layout.width == 7
        del root
        assert _counts() == baseline


def test_droppedChildrenStayInTheirTreeUntilTheTreeGoes() -> None:
    baseline = _counts()
    root = _build_tree(10)
    first = weakref.ref(root[0])
    gc.collect()
    assert first() is not None and len(root) == 10  # the parent keeps its children
    root.calculate_layout()
    survivor = root[3]
    del root
    # A child holds its parent (and so the whole tree): nothing is freed yet.
    assert _counts() == (baseline[0] + 11, baseline[1] + 10)
    assert survivor.parent is not None and survivor.layout.width == 4
    del survivor
    assert _counts() == baseline


def test_closingEverythingExplicitlyFreesAtOnce() -> None:
    baseline = _counts()
    nodes = [Node(measure=lambda *_: (1, 1)) for _ in range(1000)]
    gc.disable()
    try:
        for node in nodes:
            node.close()
        assert (handle_count(), len(_runtime.registry)) == baseline  # no garbage collection needed
    finally:
        gc.enable()
