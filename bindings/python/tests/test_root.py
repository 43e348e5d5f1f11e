"""Roots and Python hosts: a flush reaches a Python host as one batch per commit, the
MemoryHost's tree prints as the engine's own description, changes arrive as updates, and
a host that raises makes the flush raise CallbackError from its exception."""
from __future__ import annotations

from collections.abc import Sequence

import pytest

from frond import (CallbackError, Component, FlexChild, Flexbox, Host, MemoryHost, MisuseError, Mutation,
                   MutationKind, Root, SizeRange, Text)


def _screen(title: str, badge: int) -> Flexbox:
    header = Flexbox(children=[Text(title, key="title"), FlexChild(Component("spacer"), flex_grow=1),
                               Component("badge", {"count": badge}, width=20, height=20, key="badge")],
                     direction="row", align_items="center", spacing=8, view_type="header", height=40)
    body = Component("list", {"rows": 3, "scrolls": True}, key="list")
    return Flexbox(children=[header, FlexChild(body, flex_grow=1)], padding=10)


def test_memoryHostPrintsWhatTheEngineDescribes(no_leaks) -> None:
    host = MemoryHost()
    with Root(SizeRange.fixed(320, 200), host=host) as root:
        root.set_component(_screen("Inbox", 2))
        statistics = root.flush()
        assert root.describe() == host.dump()
        assert host.dump(ids=False) == "\n".join([
            "header (10, 10, 300×40)",
            '  text (0, 11, 42×18) fontSize=14 lineHeight=16.80000114440918 text="Inbox"',
            "  spacer (50, 20, 222×0)",
            "  badge (280, 10, 20×20) count=2",
            "list (10, 50, 300×140) rows=3 scrolls=true",
        ])
        assert (statistics.created, statistics.mutations) == (5, len(host.last_commit))
        assert len(host.commits) == 1


def test_aMemoryHostForALongRunKeepsOnlyTheLastCommit(no_leaks) -> None:
    host = MemoryHost(keep_commits=False)
    with Root(SizeRange.fixed(320, 200), host=host) as root:
        for badge in range(5):
            root.set_component(_screen("Inbox", badge))
            root.flush()
        assert len(host.commits) == 1 and host.last_commit
        assert root.describe() == host.dump()


def test_aChangedComponentFlushesAsUpdatesOfTheSameViews(no_leaks) -> None:
    host = MemoryHost()
    with Root(SizeRange.fixed(320, 200), host=host) as root:
        root.set_component(_screen("Inbox", 2))
        root.flush()
        views_before = set(host.views)
        root.set_component(_screen("Inbox", 3))
        statistics = root.flush()
        assert host.last_commit == [Mutation(MutationKind.UPDATE, view=_badge(host), set={"count": 3.0})]
        assert set(host.views) == views_before
        assert (statistics.created, statistics.destroyed, statistics.updated) == (0, 0, 1)
        assert root.describe() == host.dump()


def _badge(host: MemoryHost) -> int:
    return next(view.id for view in host.views.values() if view.view_type == "badge")


def test_removedComponentsDestroyTheirViews(no_leaks) -> None:
    host = MemoryHost()
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        root.set_component(_screen("Inbox", 2))
        root.flush()
        root.set_component(Component("empty"))
        root.flush()
        kinds = [mutation.kind for mutation in host.last_commit]
        assert kinds.count(MutationKind.DESTROY) == 5 and kinds.count(MutationKind.CREATE) == 1
        assert host.dump() == root.describe() == "v6 empty (0, 0, 100×100)"


class _CountingHost(Host):
    def __init__(self) -> None:
        self.batches: list[int] = []

    def commit(self, mutations: Sequence[Mutation]) -> None:
        self.batches.append(len(mutations))


def test_aHostGetsOneBatchPerCommit(no_leaks) -> None:
    host = _CountingHost()
    with Root(host=host) as root:
        root.set_component(_screen("a", 1))
        root.flush()
        root.set_component(_screen("b", 1))
        root.flush()
    assert len(host.batches) == 2 and host.batches[0] > 5


class _FailingHost(MemoryHost):
    failures = 1

    def apply(self, mutation: Mutation) -> None:
        if mutation.kind == MutationKind.UPDATE and self.failures:
            self.failures -= 1
            raise RuntimeError("the view server is down")
        super().apply(mutation)


def test_aHostThatRaisesMakesTheFlushRaiseCallbackErrorFromIt(no_leaks) -> None:
    host = _FailingHost()
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        root.set_component(Component("box", {"tint": 0.5}))
        with pytest.raises(CallbackError, match="the view server is down") as raised:
            root.flush()
        assert isinstance(raised.value.__cause__, RuntimeError)
        assert raised.value.__cause__.__traceback__ is not None
        # The failure came after the commit: its mutations were sent, and counted.
        assert root.statistics.mutations > 0 and root.statistics.components == 1
        root.set_component(Component("box"))  # the root stays usable
        root.flush()
        assert root.describe() == "v1 box (0, 0, 100×100)"


def test_aClosedRootIsAMisuseAndBadArgumentsAreTypeErrors(no_leaks) -> None:
    root = Root()
    with pytest.raises(TypeError, match="host must be a frond.Host"):
        root.host = object()  # type: ignore[assignment]
    with pytest.raises(TypeError, match="component must be a frond component"):
        root.set_component("label")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="size_range must be a frond.SizeRange"):
        Root((100, 100))  # type: ignore[arg-type]
    root.close()
    root.close()
    for use in (root.flush, root.describe, lambda: root.set_component(None), lambda: root.host):
        with pytest.raises(MisuseError, match="this Root is closed"):
            use()


def test_sizeRangesSizeTheComponent(no_leaks) -> None:
    with Root(SizeRange.flexible_height(120), host=MemoryHost()) as root:
        root.set_component(Flexbox(children=[Component("row", height=30), Component("row", height=25)]))
        root.flush()
        assert root.describe().splitlines() == ["v1 row (0, 0, 120×30)", "v2 row (0, 30, 120×25)"]
        root.set_size_range(SizeRange.fit_content())
        root.set_component(Flexbox(children=[Component("box", width=80, height=10)], view_type="frame"))
        root.flush()
        assert root.describe() == "v3 frame (0, 0, 80×10)\n  v4 box (0, 0, 80×10)"


def test_aHostShowsOneOpenRootOrListAtATime(no_leaks) -> None:
    from frond import ListView

    host = MemoryHost()
    first = Root(SizeRange.fixed(50, 50), host=host)
    with pytest.raises(MisuseError, match="already shows .*give each its own host"):
        Root(SizeRange.fixed(50, 50), host=host)
    second = Root(SizeRange.fixed(50, 50))
    with pytest.raises(MisuseError, match="already shows"):
        second.host = host
    assert second.host is None
    with pytest.raises(MisuseError, match="already shows"):
        ListView(lambda item: Component("row", height=10), cross_size=50, host=host)
    first.host = host  # (the same root again)
    first.set_component(Component("box", width=10, height=10))
    first.flush()
    assert [view.view_type for view in host.views.values()] == ["box"]
    first.host = MemoryHost()  # gives the host up: another root may have it
    second.host = host
    second.close()
    third = Root(SizeRange.fixed(50, 50), host=host)  # a closed root's host is free
    third.close()
    first.close()
