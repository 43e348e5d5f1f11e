"""Lists that mount only what is near their viewport, from Python: a MemoryHost (which
refuses an impossible mutation sequence) sees only the items near the viewport, parked
containers hidden and reused, working-range callbacks, a changeset moving the mounted
items, a tap reaching the item's like button and its state, and bad viewports refused."""
from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence

import pytest
from conftest import REPOSITORY

from frond import (Action, ActionEvent, ActionOutcome, Animation, AnimationComponent, CallbackError, Changeset, Component, Flexbox, InvalidArgumentError, ItemPath,
                   ListView, MemoryHost, MisuseError, Mutation, RenderComponent, Scope, SizeRange, Text)
from frond.render import _render_class
from threading_support import WAIT


def shown(host: MemoryHost) -> dict[int, object]:
    """The shown containers' frames, by item index."""
    frames = {}
    for view in host.views.values():
        if view.view_type == "list-item" and not view.attributes.get("hidden") and "item" in view.attributes:
            frames[int(view.attributes["item"])] = view.frame
    return frames


def rows(count: int) -> list[str]:
    return [f"row {number} " + "word " * (number % 5 * 6) for number in range(count)]


def test_onlyTheItemsNearTheViewportAreShown(no_leaks) -> None:
    host = MemoryHost()
    entered: list[int] = []
    left: list[int] = []
    with ListView(lambda text: Text(text), cross_size=150, host=host, estimated_item_size=20,
                  range_screens=1) as feed:
        feed.set_listener(on_enter_range=lambda path, model: entered.append(path.item),
                          on_leave_range=lambda path, model: left.append(path.item))
        feed.data_source.set_sections([rows(3000)])
        feed.set_viewport(0, 200)
        feed.process(wait=True)
        first = shown(host)
        # (Rows taller than the estimate: the range, the viewport and a screen below it,
        # holds five; the rows built by the estimate beyond them left the range again.)
        assert 4 < len(first) < 80 and 0 in first and 2500 not in first
        assert sorted(set(entered) - set(left)) == sorted(first)
        top = 0.0
        for index in range(len(first)):
            assert first[index].top == top and first[index].width == 150
            top += first[index].height
        for step in range(1, 30):
            feed.set_viewport(step * 200, 200)
            feed.process(wait=True)
            frames = shown(host)
            visible = [index for index, frame in frames.items()
                       if frame.top < step * 200 + 200 and frame.top + frame.height > step * 200]
            assert visible and max(visible) - min(visible) + 1 == len(visible)
        statistics = feed.statistics
        assert statistics.reused > statistics.created
        assert left and statistics.content_length > 3000 * 10


def test_aChangesetMovesTheMountedItems(no_leaks) -> None:
    host = MemoryHost()
    with ListView(lambda text: Text(text), cross_size=150, host=host, estimated_item_size=20) as feed:
        feed.data_source.set_sections([rows(50)])
        feed.set_viewport(0, 100)
        feed.process(wait=True)
        second = shown(host)[1].top
        feed.data_source.apply(Changeset(inserted_items=[ItemPath(0, 0)]), inserted=["a new first row"])
        feed.set_viewport(0, 100)
        feed.process(wait=True)
        assert shown(host)[2].top > second
        assert feed.item_frame((0, 0)).top == 0
        with pytest.raises(InvalidArgumentError):
            feed.item_frame((0, 999))


def test_aListCannotBeClosedFromItsOwnHost(no_leaks) -> None:
    refused: list[str] = []

    class ClosingHost(MemoryHost):
        feed: ListView | None = None

        def commit(self, mutations: Sequence[Mutation]) -> None:
            super().commit(mutations)
            if self.feed is not None:
                feed, self.feed = self.feed, None
                try:
                    feed.close()
                except MisuseError as error:
                    refused.append(str(error))

    host = ClosingHost()
    with ListView(lambda text: Text(text), cross_size=150, host=host, estimated_item_size=20) as feed:
        feed.data_source.set_sections([rows(30)])
        host.feed = feed
        feed.set_viewport(0, 100)
        assert refused and "from inside one of its own calls" in refused[0] and not feed.closed
        feed.process(wait=True)
        assert feed.statistics.mounted_items > 0 and shown(host)


def test_itemsAChangeRemovesLeaveTheRange(no_leaks) -> None:
    host = MemoryHost()
    in_range: dict[str, int] = {}
    with ListView(lambda text: Text(text), cross_size=150, host=host, estimated_item_size=20) as feed:
        feed.set_listener(on_enter_range=lambda path, model: in_range.__setitem__(model, path.item),
                          on_leave_range=lambda path, model: in_range.pop(model))
        feed.data_source.set_sections([rows(50)])
        feed.set_viewport(0, 100)
        feed.process(wait=True)
        first = rows(3)
        assert all(row in in_range for row in first)
        feed.data_source.apply(Changeset(removed_items=[ItemPath(0, 0), ItemPath(0, 1), ItemPath(0, 2)]))
        feed.process(wait=True)
        # The removed rows left (from where they were, with their models); the rows in the
        # range now are the ones that entered and have not left.
        assert not any(row in in_range for row in first)
        assert len(in_range) == feed.statistics.mounted_items


def test_anItemGivenANewModelLeavesWithTheOldAndEntersWithTheNew(no_leaks) -> None:
    """Working-range callbacks pair models: an update of an item in the range is a leave
    with the model it entered with, then an enter with the new one (once, the item left
    with the new model, which had never entered, and the old one never left)."""
    heard: list[tuple[str, int, str]] = []
    with ListView(lambda text: Text(text), cross_size=150, host=MemoryHost(), estimated_item_size=20) as feed:
        feed.set_listener(on_enter_range=lambda path, model: heard.append(("enter", path.item, model)),
                          on_leave_range=lambda path, model: heard.append(("leave", path.item, model)))
        feed.data_source.set_sections([[f"item {number}" for number in range(50)]])
        feed.set_viewport(0, 100)
        feed.process(wait=True)
        heard.clear()
        feed.data_source.apply(Changeset(updated_items=[ItemPath(0, 1)]), updated=["new item 1"])
        feed.process(wait=True)
        assert [event for event in heard if event[1] == 1] == [("leave", 1, "item 1"), ("enter", 1, "new item 1")]
        # A state update or a new width gives no model: nothing is heard.
        heard.clear()
        feed.cross_size = 140
        feed.process(wait=True)
        assert [event for event in heard if event[1] == 1] == []


class LikeButton(RenderComponent):
    def initial_state(self) -> bool:
        return False

    def render(self, state: bool) -> Component:
        return Component("button", {"title": "Liked" if state else "Like", "onTap": Action("like")}, width=80, height=30)

    def handle_action(self, action: ActionEvent, scope: Scope | None) -> bool:
        assert scope is not None
        scope.update_state(lambda liked: not liked)
        return True


@pytest.fixture
def like_class() -> None:
    _render_class(LikeButton)


def test_aTapReachesTheItemsButtonAndItsState(like_class: None, no_leaks) -> None:
    host = MemoryHost()

    def post(text: str) -> Component:
        return Flexbox([Text(text), LikeButton(key="like")])

    with ListView(post, cross_size=200, host=host, estimated_item_size=40) as feed:
        feed.data_source.set_sections([rows(20)])
        feed.set_viewport(0, 300)
        feed.process(wait=True)
        container = next(view for view in host.views.values()
                         if view.view_type == "list-item" and view.attributes.get("item") == 3)
        button = next(child for child in container.children if host.views[child].view_type == "button")
        assert host.views[button].attributes["title"] == "Like"
        assert feed.send_event(button) == ActionOutcome.HANDLED
        feed.process(wait=True)
        assert host.views[button].attributes["title"] == "Liked"
        with pytest.raises(InvalidArgumentError, match="not a view of a mounted list item"):
            feed.send_event(container.id)


def test_aTapAtAPointReachesTheButtonDrawnThere(like_class: None, no_leaks) -> None:
    host = MemoryHost()

    def post(text: str) -> Component:
        return Flexbox([Text(text), LikeButton(key="like")])

    with ListView(post, cross_size=200, host=host, estimated_item_size=40) as feed:
        feed.data_source.set_sections([rows(20)])
        feed.set_viewport(0, 300)
        feed.process(wait=True)
        container = next(view for view in host.views.values()
                         if view.view_type == "list-item" and view.attributes.get("item") == 3)
        button = next(host.views[child] for child in container.children if host.views[child].view_type == "button")
        # The button's middle, in the content's coordinates (the container's frame plus its own).
        x = container.frame.left + button.frame.left + button.frame.width / 2
        y = container.frame.top + button.frame.top + button.frame.height / 2
        assert tuple(feed.tap(x, y)) == (ActionOutcome.HANDLED, button.id)
        feed.process(wait=True)
        assert button.attributes["title"] == "Liked"
        # The text above it has no onTap: nothing is hit; nor beyond the list.
        text = next(host.views[child] for child in container.children if host.views[child].view_type == "text")
        assert tuple(feed.tap(container.frame.left + text.frame.left + 1,
                              container.frame.top + text.frame.top + 1)) == (ActionOutcome.NO_ACTION, 0)
        assert tuple(feed.tap(x, 1e6)) == (ActionOutcome.NO_ACTION, 0)
        with pytest.raises(InvalidArgumentError, match="not finite"):
            feed.tap(float("nan"), y)


def test_aReleasedItemKeepsTheStateATapGaveIt(like_class: None, no_leaks) -> None:
    host = MemoryHost()
    made: list[str] = []

    def post(text: str) -> Component:
        made.append(text)
        return Flexbox([Text(text), LikeButton(key="like")])

    def like_button(item: int) -> int:
        container = next(view for view in host.views.values() if view.view_type == "list-item"
                         and view.attributes.get("item") == item and not view.attributes.get("hidden"))
        return next(child for child in container.children if host.views[child].view_type == "button")

    with ListView(post, cross_size=200, host=host, estimated_item_size=40, range_screens=1) as feed:
        feed.data_source.set_sections([rows(300)])
        feed.set_viewport(0, 300)
        feed.process(wait=True)
        assert feed.send_event(like_button(3)) == ActionOutcome.HANDLED
        feed.process(wait=True)
        # Far away (row 3 is released), then back: built again, still liked; row 4 was not.
        feed.set_viewport(20_000, 300)
        feed.process(wait=True)
        assert not any(view.attributes.get("item") == 3 and not view.attributes.get("hidden")
                       for view in host.views.values() if view.view_type == "list-item")
        feed.set_viewport(0, 300)
        feed.process(wait=True)
        assert made.count(rows(300)[3]) == 2, "row 3 was released and built again"
        assert host.views[like_button(3)].attributes["title"] == "Liked"
        assert host.views[like_button(4)].attributes["title"] == "Like"
        # Its handler goes on updating the state it came back with (in its new scope).
        assert feed.send_event(like_button(3)) == ActionOutcome.HANDLED
        feed.process(wait=True)
        assert host.views[like_button(3)].attributes["title"] == "Like"


def test_actionsNoResponderOfAnItemHandledReachTheListsHandler(no_leaks) -> None:
    host = MemoryHost()
    heard: list[tuple[str, ItemPath]] = []

    def post(text: str) -> Component:
        return Component("button", {"title": text, "onTap": Action("open")}, width=80, height=30)

    with ListView(post, cross_size=200, host=host, estimated_item_size=30) as feed:
        feed.data_source.set_sections([rows(10)])
        feed.set_viewport(0, 300)
        feed.process(wait=True)
        button = next(child for view in host.views.values() if view.view_type == "list-item"
                      and view.attributes.get("item") == 4 for child in view.children)
        assert feed.send_event(button) == ActionOutcome.UNHANDLED
        feed.on_unhandled_action = lambda event, path: heard.append((event.name, path))
        assert feed.send_event(button) == ActionOutcome.UNHANDLED
        assert heard == [("open", ItemPath(0, 4))]

        def fail(event: ActionEvent, path: ItemPath) -> None:
            raise ValueError("no")

        feed.on_unhandled_action = fail
        with pytest.raises(CallbackError, match="no"):
            feed.send_event(button)
        feed.on_unhandled_action = None
        assert feed.send_event(button) == ActionOutcome.UNHANDLED
        with pytest.raises(TypeError, match="on_unhandled_action"):
            feed.on_unhandled_action = 3  # type: ignore[assignment]


def test_itemsFadeInAsTheListTicks(no_leaks) -> None:
    host = MemoryHost()

    def post(text: str) -> Component:
        return AnimationComponent(Component("row", {"opacity": 1.0}, width=200, height=20),
                                  on_initial_mount=[Animation.alpha_from(0, duration=1)])

    def opacities() -> list[object]:
        return [view.attributes.get("opacity") for view in host.views.values() if view.view_type == "row"]

    with ListView(post, cross_size=200, host=host, estimated_item_size=20) as feed:
        feed.tick(5)
        feed.data_source.set_sections([rows(2)])
        feed.set_viewport(0, 100)
        feed.process(wait=True)
        # Items that come near the viewport appear at rest; those a change inserts fade in.
        assert opacities() == [1, 1] and not feed.has_running_animations
        feed.data_source.apply(Changeset(inserted_items=[ItemPath(0, 0), ItemPath(0, 2), ItemPath(0, 3)]),
                               inserted=["new 0", "new 2", "new 3"])
        feed.process(wait=True)
        assert sorted(opacities(), key=str) == [0, 0, 0, 1, 1] and feed.has_running_animations
        assert feed.tick(5.25) > 0
        assert sorted(opacities(), key=str) == [0.25, 0.25, 0.25, 1, 1]
        feed.tick(6)
        assert opacities() == [1, 1, 1, 1, 1] and not feed.has_running_animations
        assert feed.tick(7) == 0 and feed.animation_time == 7
        with pytest.raises(InvalidArgumentError, match="cannot go back"):
            feed.tick(6.5)


def test_aRemovedItemFadesOutWhereItWas(no_leaks) -> None:
    # (MemoryHost refuses an impossible sequence: the leaving container's views are
    # destroyed children first, the container last, each once.)
    host = MemoryHost()
    done: list[bool] = []

    def post(text: str) -> Component:
        return AnimationComponent(Component("row", {"opacity": 1.0, "text": text}, width=200, height=20),
                                  on_final_unmount=[Animation.alpha_to(0, duration=1, completion=done.append)])

    def row(text: str) -> object:
        return next((view for view in host.views.values() if view.view_type == "row"
                     and view.attributes.get("text") == text), None)

    with ListView(post, cross_size=200, host=host, estimated_item_size=20) as feed:
        feed.tick(5)
        feed.data_source.set_sections([["a", "b", "c"]])
        feed.set_viewport(0, 100)
        feed.process(wait=True)
        leaving = row("b")
        assert leaving is not None
        feed.data_source.apply(Changeset(removed_items=[ItemPath(0, 1)]))
        assert row("b") is leaving and leaving.attributes["opacity"] == 1.0 and feed.has_running_animations
        assert shown(host)[1].top == 20  # "c" took its place at once
        feed.tick(5.5)
        assert leaving.attributes["opacity"] == 0.5 and done == []
        feed.tick(6)
        assert row("b") is None and done == [True] and not feed.has_running_animations
        assert sorted(shown(host)) == [0, 1]


def test_aHorizontalListStacksItsItemsAlongX(no_leaks) -> None:
    host = MemoryHost()
    with ListView(lambda text: Text(text), cross_size=90, host=host, horizontal=True,
                  estimated_item_size=40) as strip:
        strip.data_source.set_sections([rows(100)])
        strip.set_viewport(0, 300)
        strip.process(wait=True)
        frames = shown(host)
        assert 2 < len(frames) < 100
        left = 0.0
        for index in range(len(frames)):
            assert frames[index].top == 0 and frames[index].height == 90 and frames[index].left == left
            left += frames[index].width


def test_anItemThatFailsAsTheListBuildsItIsReported(no_leaks) -> None:
    def provide(text: str) -> Text:
        if text.startswith("row 3 "):
            raise ValueError("no row 3")
        return Text(text)

    host = MemoryHost()
    failures: list[tuple[int, str]] = []
    with ListView(provide, cross_size=150, host=host, estimated_item_size=20) as feed:
        feed.data_source.add_listener(on_apply=lambda changes: failures.extend(
            (failure.path.item, str(failure.error)) for failure in changes.failures))
        feed.data_source.set_sections([rows(40)])
        feed.set_viewport(0, 200)
        feed.process(wait=True)
        frames = shown(host)
        assert len(failures) == 1 and failures[0][0] == 3 and "no row 3" in failures[0][1]
        assert 3 not in frames or frames[3].height == 0
        assert frames[4].top == frames[2].top + frames[2].height


class Exploding(RenderComponent):
    """A row whose render raises for the model "bad", or once its state is set."""

    def initial_state(self) -> bool:
        return False

    scopes: dict[str, Scope] = {}

    def render(self, state: bool) -> Component:
        Exploding.scopes[self.name] = self.scope
        if self.name == "bad" or state:
            raise RuntimeError(f"render of {self.name} exploded")
        return Component("row", {"name": self.name}, height=20)


@pytest.fixture
def exploding_class() -> None:
    _render_class(Exploding)


def test_aRenderThatRaisesFailsItsItemOnlyAndTheCallSucceeds(exploding_class: None, no_leaks) -> None:
    """What raises while an item is built (here its render, on the host thread) is the
    item's failure, reported with its text; set_viewport and process succeed, however
    often the item comes back into range (they raised the render's exception before)."""
    host = MemoryHost()
    failures: list[tuple[ItemPath, str]] = []
    models = [f"row {number}" for number in range(200)]
    models[5] = "bad"
    with ListView(lambda name: Exploding(name=name), cross_size=200, host=host, estimated_item_size=20) as feed:
        feed.data_source.add_listener(on_apply=lambda changes: failures.extend(
            (failure.path, str(failure.error)) for failure in changes.failures))
        feed.data_source.set_items(models)
        for offset in (0, 2000, 0):
            feed.set_viewport(offset, 100)
            feed.process(wait=True)
        assert len(failures) == 2 and {path for path, _ in failures} == {ItemPath(0, 5)}
        assert all("RuntimeError: render of bad exploded" in message for _, message in failures)
        assert 5 not in shown(host) or shown(host)[5].height == 0
        assert shown(host)[6].top == shown(host)[4].top + 20
        # A state update whose render raises leaves its item as it was, reported the same way.
        Exploding.scopes["row 2"].update_state(lambda exploded: True)
        feed.process(wait=True)
        assert failures[-1] == (ItemPath(0, 2), failures[-1][1]) and "render of row 2 exploded" in failures[-1][1]
        assert shown(host)[2].height == 20
    Exploding.scopes.clear()


def test_aListsDataSourceRefusesAnotherConfiguration(no_leaks) -> None:
    with ListView(lambda text: Text(text), cross_size=150) as feed:
        with pytest.raises(MisuseError, match="list's data source"):
            feed.data_source.set_config(lambda text: Text(text), SizeRange.flexible_height(60))
        feed.data_source.set_sections([rows(3)])
        feed.set_viewport(0, 100)
        feed.process(wait=True)
        assert feed.item_frame(ItemPath(0, 0)).width == 150


def test_aNewCrossSizeLaysTheItemsOutAgainInPlace(no_leaks) -> None:
    host = MemoryHost()
    with ListView(lambda text: Text(text), cross_size=150, host=host, estimated_item_size=20,
                  range_screens=1) as feed:
        feed.data_source.set_sections([rows(400)])
        feed.set_viewport(1500, 200)
        feed.process(wait=True)
        offset = feed.statistics.offset
        top = next(index for index, frame in shown(host).items() if frame.top <= offset < frame.top + frame.height)
        on_screen = shown(host)[top].top - offset
        height = feed.item_frame(ItemPath(0, top)).height
        feed.cross_size = 60
        assert feed.cross_size == 60
        frames = shown(host)
        assert frames and all(frame.width == 60 for frame in frames.values())
        assert frames[top].top - feed.statistics.offset == on_screen
        assert feed.item_frame(ItemPath(0, top)).height >= height
        for bad in (-1.0, float("nan"), float("inf")):
            with pytest.raises(InvalidArgumentError):
                feed.cross_size = bad
        assert feed.cross_size == 60


def test_aJumpFarIntoTheListWithTheAverageEstimateKeepsTheItemItJumpedTo(no_leaks) -> None:
    # No estimate: the average of the items laid out (44 points before any is). The items
    # built where the viewport lands change it, and so where every item above starts.
    for fraction in (0.5, 0.999):
        host = MemoryHost()
        with ListView(lambda text: Text(text), cross_size=150, host=host, range_screens=1) as feed:
            feed.data_source.set_sections([rows(5000)])
            offset = feed.statistics.content_length * fraction
            item = int(offset / 44)
            before = feed.item_frame(ItemPath(0, item)).top - offset
            feed.set_viewport(offset, 300)
            feed.process(wait=True)
            statistics = feed.statistics
            after = feed.item_frame(ItemPath(0, item)).top - statistics.offset
            assert abs(after - before) < 1
            assert statistics.offset <= statistics.content_length
            assert item in shown(host)


def test_scrollingToAnItemPutsItWhereAskedAndTellsTheHost(no_leaks) -> None:
    host = MemoryHost()
    offsets: list[float] = []
    with ListView(lambda text: Text(text), cross_size=150, host=host, estimated_item_size=12) as feed:
        feed.set_listener(on_adjust_offset=offsets.append)
        feed.data_source.set_sections([rows(4000)])
        feed.set_viewport(0, 300)
        for item, position in [(2500, "start"), (1000, "center"), (3999, "end")]:
            feed.scroll_to((0, item), position)
            frame = shown(host)[item]
            offset = feed.statistics.offset
            edge = {"start": frame.top - offset, "center": frame.top + frame.height / 2 - offset - 150,
                    "end": frame.top + frame.height - offset - 300}[position]
            assert abs(edge) < 0.5, (item, position, frame, offset)
            assert offsets[-1] == offset
        with pytest.raises(InvalidArgumentError, match="no such item"):
            feed.scroll_to((0, 4000))
    # By key: where an item is, to scroll to it.
    with ListView(lambda post: Text(post[1]), cross_size=150, host=MemoryHost(), key=lambda post: post[0],
                  estimated_item_size=12) as feed:
        feed.data_source.set_items([(number, f"post {number}") for number in range(3000)])
        feed.set_viewport(0, 300)
        feed.data_source.set_items([(number, f"post {number}") for number in reversed(range(3000))])
        assert feed.data_source.path_of(2000) == ItemPath(0, 999)
        feed.scroll_to(feed.data_source.path_of(2000))
        assert feed.statistics.offset == feed.item_frame((0, 999)).top
        with pytest.raises(ValueError, match="no item has the key 5000"):
            feed.data_source.path_of(5000)
        with pytest.raises(ValueError, match="position must be"):
            feed.scroll_to((0, 1), "middle")


class PausingHost(MemoryHost):
    """A MemoryHost whose commit, once `pause` is set, waits at its end until `go` is set."""

    def __init__(self) -> None:
        super().__init__()
        self.pause = threading.Event()
        self.paused = threading.Event()
        self.go = threading.Event()

    def end_commit(self) -> None:
        super().end_commit()
        if self.pause.is_set():
            self.pause.clear()
            self.paused.set()
            assert self.go.wait(WAIT)


def test_aSecondThreadCallingTheListAtOnceGetsMisuseError(no_leaks) -> None:
    host = PausingHost()
    with ListView(lambda text: Text(text), cross_size=150, host=host, estimated_item_size=20) as feed:
        feed.data_source.set_sections([rows(300)])
        feed.set_viewport(0, 200)
        feed.process(wait=True)
        host.pause.set()
        scroller = threading.Thread(target=feed.set_viewport, args=(600, 200))
        scroller.start()
        try:
            assert host.paused.wait(WAIT)
            refused: list[Callable[[], object]] = [
                lambda: feed.set_viewport(1000, 200), lambda: feed.process(wait=True),
                lambda: feed.item_frame(ItemPath(0, 1)), lambda: feed.statistics,
                lambda: feed.data_source.set_sections([rows(2)])]
            for call in refused:
                with pytest.raises(MisuseError, match="another thread"):
                    call()
            feed.data_source.set_sections([rows(5)], sync=False)
        finally:
            host.go.set()
            scroller.join(WAIT)
        assert not scroller.is_alive()
        assert feed.statistics.offset == 600
        feed.process(wait=True)
        assert feed.data_source.item_count(0) == 5


def test_badViewportsAreRefused(no_leaks) -> None:
    with ListView(lambda text: Text(text), cross_size=90, horizontal=True) as strip:
        assert (strip.horizontal, strip.cross_size) == (True, 90.0)
    with ListView(lambda text: Text(text), cross_size=100) as feed:
        for offset, length in [(-1, 10), (0, float("inf")), (float("nan"), 10)]:
            with pytest.raises(InvalidArgumentError):
                feed.set_viewport(offset, length)
    with pytest.raises(InvalidArgumentError):
        ListView(lambda text: Text(text), cross_size=-5)


def test_badArgumentsRaiseAsPythonDoes(no_leaks) -> None:
    """A wrong type is TypeError, a wrong number ValueError, in every call alike (a section
    of -1 was taken as 2**64 - 1, a view of -1 was TypeError); a closed list's data source
    says so without the name of a private class."""
    feed = ListView(lambda text: Text(text), cross_size=100, host=MemoryHost())
    with pytest.raises(ValueError, match="section -1 is not an index"):
        feed.data_source.set_items(["a"], section=-1)
    with pytest.raises(ValueError, match="view -1 is not a view id"):
        feed.send_event(-1)
    with pytest.raises(TypeError, match="view must be a view id"):
        feed.send_event("1")  # type: ignore[arg-type]
    source = feed.data_source
    feed.close()
    with pytest.raises(MisuseError, match="this list's data source is closed"):
        source.set_items(["a"])


def test_aTextMeasurerSizesTheItems(no_leaks) -> None:
    def measure(text: str, style, width: float, width_mode, height: float, height_mode) -> tuple[float, float]:
        return (40.0, 10.0 + len(text) % 7)

    host = MemoryHost()
    texts = rows(40)
    with ListView(lambda text: Text(text), cross_size=150, host=host, range_screens=1,
                  text_measurer=measure) as feed:
        assert (feed.horizontal, feed.cross_size) == (False, 150.0)
        feed.data_source.set_sections([texts])
        feed.set_viewport(0, 60)
        feed.process(wait=True)
        frames = shown(host)
        assert len(frames) > 8           # the viewport's items and the builder's beyond it
        for index, frame in frames.items():
            assert frame.height == 10.0 + len(texts[index]) % 7
    with pytest.raises(TypeError, match="text_measurer must be callable"):
        ListView(lambda text: Text(text), cross_size=150, text_measurer=5)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        ListView(lambda text: Text(text), cross_size=-1, text_measurer=measure)


def test_scrollingBackOverItemsSmallerThanTheEstimateShowsTheVisibleOnesAtOnce(no_leaks) -> None:
    # A range build is pending whenever the viewport moves (process queues the next one).
    host = MemoryHost()
    with ListView(lambda height: Component("box", {}, width=50, height=height), cross_size=200, host=host,
                  estimated_item_size=30, range_screens=1.0) as view:
        view.data_source.set_sections([[10] * 100])
        view.set_viewport(1000, 300)
        view.process(wait=True)
        view.set_viewport(0, 300)
        frames = shown(host)
        visible = sorted(item for item, frame in frames.items() if frame.top < 300 and frame.top + frame.height > 0)
        assert visible == list(range(30)), visible  # the whole viewport, at once, from the top
        view.process(wait=True)
        assert view.statistics.offset == 0 and shown(host)[0].top == 0


_EXITS_WHILE_BUILDING = """
import time
from frond import {kind}, SizeRange, Text
def provide(model):
    time.sleep(0.01)
    return Text(str(model))
{make}
time.sleep(0.05)
print("exiting", flush=True)
"""


@pytest.mark.parametrize("kind, make", [
    ("DataSource", "source = DataSource(provide, SizeRange.flexible_height(100))\n"
                   "source.set_items(list(range(1000)), sync=False)"),
    ("ListView", "view = ListView(provide, cross_size=100)\n"
                 "view.data_source.set_items(list(range(100_000)))\n"
                 "view.set_viewport(50_000, 200)"),
])
def test_aProgramMayExitWhileItsListsBuild(kind: str, make: str) -> None:
    # The builds run on a thread of libfrond's and call back into Python: the program exits
    # cleanly (before the fix, SIGILL once the interpreter was finalizing).
    environment = dict(os.environ, PYTHONPATH=str(REPOSITORY / "bindings" / "python"))
    result = subprocess.run([sys.executable, "-c", _EXITS_WHILE_BUILDING.format(kind=kind, make=make)],
                            env=environment, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, (result.returncode, result.stderr)
    assert result.stdout == "exiting\n"


class _HeldBuilds:
    """An executor that runs its builds only when told (as a host running them in idle time)."""

    def __init__(self) -> None:
        self.builds: list[tuple[Callable[..., object], tuple[object, ...]]] = []

    def submit(self, build: Callable[..., object], *arguments: object) -> None:
        self.builds.append((build, arguments))

    def run(self) -> int:
        ran = 0
        while self.builds:
            build, arguments = self.builds.pop(0)
            build(*arguments)
            ran += 1
        return ran


def test_scrollingSettlesWhenBuildsRunLaterThanTheyAreAskedFor(no_leaks) -> None:
    """A range load asked for while another is under way: once the list asked for its load
    by the state's version, which the load under way moved on; the second load was dropped as
    an empty one that moved the version on again for the next, and processing never ended."""
    host = MemoryHost()
    held = _HeldBuilds()
    with ListView(lambda text: Text(text), cross_size=150, host=host) as feed:
        feed.data_source.set_executor(held)
        feed.data_source.set_sections([rows(3000)])
        for offset in (0, 460, 920, 1380, 1840, 2300):
            feed.set_viewport(offset, 500)
            for _ in range(20):
                applied = feed.process()
                if held.run() == 0 and applied == 0:
                    break
            else:
                pytest.fail(f"at offset {offset} the list still builds after 20 rounds: {feed.statistics}")
            visible = [frame for frame in shown(host).values() if frame.top < offset + 500 and frame.top + frame.height > offset]
            assert visible and not feed.data_source.pending


def test_itemScopesUsedFromOtherThreadsWhileTheListReleasesItems(no_leaks) -> None:
    """Threads send actions through list items' scopes while the host thread scrolls them in
    and out of the range: once, an item's root outlived its released item, and the action's
    way to the list's handler read the item through an unowned reference (the process aborted
    within seconds). Now each send is heard or refused, and nothing crashes."""
    scopes: dict[int, Scope] = {}
    lock = threading.Lock()

    class Row(RenderComponent):
        number: int

        def initial_state(self) -> int:
            return self.number

        def render(self, state: int) -> Component:
            with lock:
                scopes[self.number] = self.scope  # type: ignore[assignment]
            return Component("row", {"n": state}, height=20)

    _render_class(Row)
    heard: list[int] = []
    with ListView(lambda number: Row(number=number, key=str(number)), cross_size=300, host=MemoryHost(),
                  estimated_item_size=20, range_screens=1) as feed:
        feed.on_unhandled_action = lambda event, path: heard.append(path.item)
        feed.data_source.set_items(list(range(400)))
        feed.set_viewport(0, 200)
        feed.process(wait=True)
        stop = threading.Event()

        def send(seed: int) -> None:
            while not stop.is_set():
                seed = (seed * 1103515245 + 12345) % 2**31
                with lock:
                    scope = scopes.get(seed % 30)
                if scope is not None:
                    try:
                        scope.send("ping")
                    except Exception:  # noqa: BLE001 — refused (the item left): what matters is no crash
                        pass

        threads = [threading.Thread(target=send, args=(seed,)) for seed in (1, 2, 3)]
        for thread in threads:
            thread.start()
        try:
            step, end = 0, time.monotonic() + 3
            while time.monotonic() < end:
                step += 1
                feed.set_viewport(0 if step % 2 else 3000, 200)
                feed.process()
        finally:
            stop.set()
            for thread in threads:
                thread.join()
        assert heard


def test_processWithWaitLeavesNothingPending(no_leaks) -> None:
    """`process(wait=True)` builds round after round until the range is built: once it
    returned with the range's next load (sizes the first build brought) still pending."""
    host = MemoryHost()

    def row(text: str) -> Component:
        if threading.current_thread() is not threading.main_thread():
            time.sleep(0.005)  # (slow on the builder's thread: its loads are still under way)
        return Text(text)

    # (Rows smaller than the estimate: each build's sizes leave room for more rows.)
    with ListView(row, cross_size=300, host=host, estimated_item_size=20) as feed:
        feed.data_source.set_items([f"item {number}" for number in range(1000)])
        for offset in (0, 5000, 100):
            feed.set_viewport(offset, 200)
            feed.process(wait=True)
            assert not feed.data_source.pending
            assert feed.process(wait=True) == 0


def test_itemAnimationsHandedToCAreNotKeptForever(no_leaks) -> None:
    """What render classes' animations hand C through pointers (a group's parts, a target
    key) is kept per thread until C has copied it. List items are built with no flush of
    their own to clear it: once, each thread that built items kept them all."""
    from frond import AnimationMoment
    from frond.render import pending_animations

    kept: dict[int, list[object]] = {}

    class Fading(RenderComponent):
        def initial_state(self) -> bool:
            return False

        def render(self, state: bool) -> Component:
            return Component("button", {"title": "Like"}, width=80, height=32, key="button")

        def animations(self, moment: AnimationMoment, previous: RenderComponent | None) -> list[Animation]:
            kept[threading.get_ident()] = pending_animations()
            if moment != AnimationMoment.INITIAL_MOUNT:
                return []
            return [Animation.parallel(Animation.alpha_from(0, duration=0.2), Animation.scale_from(0.5, duration=0.2),
                                       target_key="button")]

    _render_class(Fading)
    with ListView(lambda number: Flexbox([Text(f"post {number}"), Fading(key="fading")]), cross_size=400,
                  host=MemoryHost()) as feed:
        feed.data_source.set_sections([list(range(2000))])
        clock = 0.0
        for step in range(60):
            clock += 0.05
            feed.tick(clock)
            feed.set_viewport((step % 20 if step % 20 < 10 else 20 - step % 20) * 800.0, 800)
            feed.process(wait=True)
            # (Items a change inserts start their initial-mount animations; those that only
            # come near the viewport appear at rest.)
            first = int(feed.statistics.offset // 40)  # (about where the viewport starts)
            feed.data_source.apply(Changeset(inserted_items=[ItemPath(0, first + index) for index in range(3)]),
                                   inserted=[10_000 + step * 3 + index for index in range(3)])
            feed.process(wait=True)
        assert kept and all(len(items) <= 8 for items in kept.values()), {thread: len(items) for thread, items in kept.items()}


def test_anUpdateMadeAsTheItemLeavesTheRangeIsKept(no_leaks) -> None:
    """A state update made just after the item left the range, while the list releases it on
    the builder's thread: accepted, it is kept with the item's states; made once the states
    were taken, it is refused (MisuseError). Once, it was accepted and lost."""
    scopes: dict[int, Scope] = {}

    class Counter(RenderComponent):
        number: int

        def initial_state(self) -> int:
            return 0

        def render(self, state: int) -> Component:
            scopes[self.number] = self.scope  # type: ignore[assignment]
            return Component("row", {"n": state, "number": self.number}, height=20)

    _render_class(Counter)
    host = MemoryHost()

    def shown(number: int) -> object:
        return next(view.attributes["n"] for view in host.views.values()
                    if view.view_type == "row" and view.attributes["number"] == number
                    and not host.views[view.parent].attributes.get("hidden"))  # type: ignore[index]

    with ListView(lambda number: Counter(number=number, key=str(number)), cross_size=300, host=host,
                  estimated_item_size=20) as feed:
        feed.data_source.set_items(list(range(1000)))
        feed.set_viewport(0, 200)
        feed.process(wait=True)
        expected = 0
        for _ in range(10):
            feed.set_viewport(10_000, 200)  # row 0 leaves the range: the builder releases it
            try:
                scopes[0].update_state(lambda count: count + 1)
                expected += 1
            except MisuseError:
                pass
            feed.process(wait=True)
            feed.set_viewport(0, 200)
            feed.process(wait=True)
            assert shown(0) == expected


@pytest.mark.parametrize("pool", [False, True])
def test_aListsTextMeasurerThatRaisesFailsItsItemWithItsMessage(pool: bool, no_leaks) -> None:
    """As a provider that raises: the item fails, with the exception's message, whichever
    thread built it (once: a CallbackError from `process` on the host thread, a message
    without the exception's, or a traceback printed from libfrond's thread)."""
    from concurrent.futures import ThreadPoolExecutor

    from frond import AppliedChanges

    def measure(text: str, *_: object) -> tuple[float, float]:
        if text == "post 3":
            raise ValueError(f"cannot measure {text!r}")
        return len(text) * 7.0, 16.0

    applied: list[AppliedChanges] = []
    executor = ThreadPoolExecutor(1) if pool else None
    try:
        with ListView(lambda number: Text(f"post {number}"), cross_size=300, host=MemoryHost(),
                      estimated_item_size=20, text_measurer=measure) as feed:
            if executor is not None:
                feed.data_source.set_executor(executor)
            feed.data_source.add_listener(on_apply=applied.append)
            feed.data_source.set_items(list(range(50)), sync=False)
            feed.set_viewport(0, 200)
            feed.process(wait=True)
            failures = [failure for changes in applied for failure in changes.failures]
            assert [failure.path.item for failure in failures] == [3]
            assert "ValueError: cannot measure 'post 3'" in str(failures[0].error)
    finally:
        if executor is not None:
            executor.shutdown()
