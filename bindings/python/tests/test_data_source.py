"""Data sources from Python: items built and laid out from any Python models, changesets
checked before anything applies, data diffing by key and content that keeps state,
asynchronous builds applied by `process`, listeners, a provider that fails for one item,
a state update that rebuilds one item, and models released exactly once."""
from __future__ import annotations

import gc
import threading
import weakref
from concurrent.futures import ThreadPoolExecutor

import pytest

from frond import (AppliedChanges, Changeset, Component, DataSource, InvalidArgumentError, ItemPath, ListView,
                   MisuseError, Move, RenderComponent, SizeRange, Text)
from frond import _runtime
from frond.render import _render_class


def text_rows(**options: object) -> DataSource:
    return DataSource(lambda model: Text(model["text"]), SizeRange.flexible_height(100),
                      key=lambda model: model["id"], **options)


def row(identity: int, text: str | None = None) -> dict[str, object]:
    return {"id": identity, "text": text if text is not None else f"row {identity}"}


def test_itemsAreBuiltAndLaidOutAtTheWidth(no_leaks) -> None:
    with text_rows() as source:
        source.set_items([row(1, "short"), row(2, "a long row that wraps onto many lines at a hundred points")])
        assert source.section_count == 1 and source.item_count(0) == 2 and source.version == 1
        short, long = source.items(0)
        assert short.model == row(1, "short")
        assert short.size.width == 100 and long.size.width == 100
        assert long.size.height > 3 * short.size.height > 0
        with pytest.raises(InvalidArgumentError, match="out of range"):
            source.item((0, 2))


def test_aChangesetThatDoesNotFitAppliesNothing(no_leaks) -> None:
    with text_rows() as source:
        source.set_items([row(1), row(2)])
        for sync in (True, False):
            with pytest.raises(InvalidArgumentError, match=r"removedItems: \[0, 5\] is out of range"):
                source.apply(Changeset(removed_items=[ItemPath(0, 5)]), sync=sync)
            with pytest.raises(InvalidArgumentError, match="inserts 1 item"):
                source.apply(Changeset(inserted_items=[ItemPath(0, 0)]), sync=sync)
        assert source.models() == [row(1), row(2)] and not source.pending and source.version == 1


def test_changesetsCarryModelsAndApplyInOrder(no_leaks) -> None:
    with text_rows() as source:
        heard: list[AppliedChanges] = []
        source.add_listener(on_apply=heard.append)
        source.apply(Changeset(inserted_sections=[0], inserted_items=[ItemPath(0, 0), ItemPath(0, 1)]),
                     inserted=[row(1), row(2)])
        source.apply(Changeset(inserted_items=[ItemPath(0, 0)]), inserted=[row(3, "async")], sync=False)
        source.apply(Changeset(updated_items=[ItemPath(0, 1)], moved_items=[Move(ItemPath(0, 1), ItemPath(0, 0))]),
                     updated=[row(1, "edited")])
        assert [model["text"] for model in source.models()] == ["edited", "async", "row 2"]
        assert len(heard) == 3
        assert heard[2].changes.updated_items == [ItemPath(0, 1)]
        assert heard[2].updated == [Move(ItemPath(0, 1), ItemPath(0, 0))]
        assert heard[2].version == 3


def test_asynchronousModificationsWaitForProcess(no_leaks) -> None:
    with text_rows() as source:
        ready = threading.Event()
        threads: list[threading.Thread] = []
        source.on_ready(lambda _: ready.set())
        source.add_listener(on_build_start=lambda: threads.append(threading.current_thread()))
        source.set_items([row(1), row(2)], sync=False)
        assert ready.wait(10)
        assert source.section_count == 0 and source.pending
        assert source.process() == 1
        assert source.models() == [row(1), row(2)] and not source.pending
        assert threads and threads[0] is not threading.current_thread()
        source.on_ready(None)


def test_diffingRebuildsChangedContentAndKeepsTheRest(no_leaks) -> None:
    made: list[object] = []

    def provider(model: dict[str, object]) -> Component:
        made.append(model["id"])
        return Text(str(model["text"]))

    with DataSource(provider, SizeRange.flexible_height(100), key=lambda model: model["id"],
                    content=lambda model: model["text"]) as source:
        source.set_items([row(1), row(2), row(3)])
        heard: list[AppliedChanges] = []
        source.add_listener(on_apply=heard.append)
        made.clear()
        source.set_items([row(3), row(1), row(2, "changed"), row(4)])
        assert made == [2, 4]
        changes = heard[0].changes
        assert changes.inserted_items == [ItemPath(0, 3)]
        assert changes.updated_items == [ItemPath(0, 1)]
        assert heard[0].updated == [Move(ItemPath(0, 1), ItemPath(0, 2))]
        assert source.models()[2] == row(2, "changed")
        with pytest.raises(InvalidArgumentError, match="new items 0 and 2 have the same identity"):
            source.set_items([row(7), row(8), row(7)])
        assert source.item_count(0) == 4


def test_aFailingProviderShowsThatItemAsNothing(no_leaks) -> None:
    def provider(model: dict[str, object]) -> Component:
        if model["id"] == 2:
            raise ValueError("no row for 2")
        return Text(str(model["text"]))

    with DataSource(provider, SizeRange.flexible_height(100), key=lambda model: model["id"]) as source:
        heard: list[AppliedChanges] = []
        source.add_listener(on_apply=heard.append)
        source.set_items([row(1), row(2), row(3)])
        failures = heard[0].failures
        assert [failure.path for failure in failures] == [ItemPath(0, 1)]
        assert "ValueError: no row for 2" in str(failures[0].error)
        assert source.item((0, 1)).size.height == 0 and source.item((0, 2)).size.height > 0


class Counter(RenderComponent):
    """Shows one line per count."""

    scopes: dict[str, object] = {}
    renders: list[str] = []

    def initial_state(self) -> int:
        return 0

    def render(self, state: int) -> Component:
        Counter.scopes[self.name] = self.scope
        Counter.renders.append(self.name)
        return Text(" ".join(["word"] * (1 + 10 * state)))


@pytest.fixture
def counter_class() -> None:
    """Counter's C render class, made before the leak check starts (it lives as long as
    the class)."""
    _render_class(Counter)


def test_aStateUpdateRebuildsThatItemOnly(counter_class: None, no_leaks) -> None:
    with DataSource(lambda name: Counter(name=name), SizeRange.flexible_height(100)) as source:
        source.set_items(["a", "b", "c"])
        before = source.item((0, 1)).size.height
        heard: list[AppliedChanges] = []
        source.add_listener(on_apply=heard.append)
        Counter.renders.clear()
        Counter.scopes["b"].update_state(lambda count: count + 1)
        assert source.process(wait=True) == 1
        assert Counter.renders == ["b"]
        assert heard[0].changes.updated_items == [ItemPath(0, 1)]
        assert source.item((0, 1)).size.height > before
        assert source.item((0, 0)).size.height == before
    Counter.scopes.clear()


def test_modelsAreReleasedOnceAndTheSourceIsCollected(no_leaks) -> None:
    class Model:
        def __init__(self, identity: int) -> None:
            self.id = identity

    models = [Model(index) for index in range(5)]
    references = [weakref.ref(model) for model in models]
    source = DataSource(lambda model: Text(str(model.id)), SizeRange.flexible_height(100),
                        key=lambda model: model.id)
    # A listener and a provider that refer back to the source: a cycle the collector frees.
    source.add_listener(on_apply=lambda changes: source.version)
    source.set_items(models)
    del models
    gc.collect()
    assert all(reference() is not None for reference in references)
    del source
    gc.collect()
    assert all(reference() is None for reference in references)


def test_closingReleasesEveryModelBeforeItReturns(no_leaks) -> None:
    # (The guide's promise; the identities keep each model as its key and content.)
    class Model:
        def __init__(self, identity: int) -> None:
            self.id = identity

    models = [Model(index) for index in range(1000)]
    references = [weakref.ref(model) for model in models]
    source = DataSource(lambda model: Text(str(model.id)), SizeRange.flexible_height(100))
    source.set_items(models)
    feed = ListView(lambda model: Text(str(model.id)), cross_size=100, key=lambda model: model.id)
    feed.data_source.set_items(models)
    del models
    source.close()
    feed.close()
    gc.collect()
    assert all(reference() is None for reference in references)


def test_hostCallsFromAListenerAreMisuse(no_leaks) -> None:
    with text_rows() as source:
        seen: list[BaseException] = []

        def nested(_: AppliedChanges) -> None:
            try:
                source.set_items([row(9)])
            except MisuseError as error:
                seen.append(error)

        source.add_listener(on_apply=nested)
        source.set_items([row(1)])
        assert len(seen) == 1 and "in use" in str(seen[0])
        assert source.models() == [row(1)]


def test_identitiesOfGoneModelsAreForgotten(no_leaks) -> None:
    with text_rows() as source:
        for start in range(0, 3000, 100):
            source.set_items([row(identity) for identity in range(start, start + 100)])
        assert len(source._ids) <= 2 * 100 + 1024
        assert source.models()[0] == row(2900)
        assert _runtime.handle_count() > 0


def test_anItemIsNotTakenForAnotherAfterIdentitiesAreForgotten(counter_class: None, no_leaks) -> None:
    """Ids of forgotten keys are never given again: a key seen after the forgetting gets a
    new id, not the id an item still in the list holds (which made unique keys "the same
    identity" and gave a new item another item's state)."""
    with text_rows() as source:
        everything = [row(identity) for identity in range(2000)]
        source.set_items(everything)
        source.set_items(everything[::8])  # 1,750 removed: their identities are forgotten
        source.set_items(everything)
        assert source.item_count(0) == 2000
    with DataSource(lambda name: Counter(name=str(name)), SizeRange.flexible_height(100)) as source:
        kept = list(range(0, 2000, 8))
        source.set_items(range(2000))
        source.set_items(kept)
        fresh = source.item((0, 0)).size.height
        Counter.scopes["256"].update_state(lambda count: count + 1)
        source.process(wait=True)
        new = list(range(10_000, 10_010))
        source.set_items(kept + new)
        assert [source.item((0, len(kept) + index)).size.height for index in range(len(new))] == [fresh] * len(new)
        assert source.item((0, kept.index(256))).size.height > fresh
    Counter.scopes.clear()


def test_aSectionedDiffKeepsStateWhereverAnItemGoes(counter_class: None, no_leaks) -> None:
    made: list[object] = []

    def provider(name: str) -> Component:
        made.append(name)
        return Counter(name=name)

    with DataSource(provider, SizeRange.flexible_height(100), key=str) as source:
        source.set_sections_by_key({"A": ["alice", "adam"], "B": ["bob"]})
        fresh = source.item((1, 0)).size.height
        Counter.scopes["bob"].update_state(lambda count: count + 1)
        source.process(wait=True)
        heard: list[AppliedChanges] = []
        source.add_listener(on_apply=heard.append)
        made.clear()
        # B goes and Z comes; bob moves out of B into Z, adam moves before alice.
        source.set_sections_by_key([("A", ["adam", "alice", "amy"]), ("Z", ["bob"])])
        assert made == ["amy"]
        changes = heard[-1].changes
        assert changes.removed_sections == [1] and changes.inserted_sections == [1]
        assert Move(ItemPath(1, 0), ItemPath(1, 0)) in changes.moved_items
        assert len(changes.moved_items) == 2 and changes.inserted_items == [ItemPath(0, 2)]
        assert [item.model for item in source.items(0)] == ["adam", "alice", "amy"]
        assert source.item((1, 0)).size.height > fresh  # bob, with his state
        with pytest.raises(InvalidArgumentError, match=r"new items \[0, 0\] and \[1, 0\] have the same identity"):
            source.set_sections_by_key({"A": ["bob"], "B": ["bob"]})
        with pytest.raises(InvalidArgumentError, match="new sections 0 and 1 have the same identity"):
            source.set_sections_by_key([("A", []), ("A", [])])
        assert source.section_count == 2
        # Sections that set_sections made have no keys: they pair with none, items still do.
        source.set_sections([["adam"], ["bob"]])
        made.clear()
        source.set_sections_by_key({"B": ["bob", "adam"]})
        assert made == [] and heard[-1].changes.removed_sections == [0, 1]
    Counter.scopes.clear()


def test_aCallersExecutorBuildsTheAsynchronousModifications(no_leaks) -> None:
    built_on: list[str] = []

    def provider(text: str) -> Text:
        built_on.append(threading.current_thread().name)
        return Text(text)

    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="pool") as pool:
        source = DataSource(provider, SizeRange.flexible_height(100))
        ready = threading.Event()
        source.on_ready(lambda _: ready.set())
        source.set_executor(pool)
        source.set_sections([["one", "two", "three"]], sync=False)
        assert ready.wait(30)
        assert source.process() == 1
        assert source.item_count(0) == 3 and built_on and all(name.startswith("pool") for name in built_on)
        with pytest.raises(TypeError):
            source.set_executor(5)  # type: ignore[arg-type]
        source.set_executor(None)
        built_on.clear()
        source.set_sections([["four"]], sync=False)
        assert source.process(wait=True) == 1
        assert built_on and not any(name.startswith("pool") for name in built_on)
        source.close()
    # An executor shut down never runs the build: the host thread builds it when it waits.
    source = DataSource(lambda text: Text(text), SizeRange.flexible_height(100))
    source.set_executor(pool)
    source.set_sections([["five", "six"]], sync=False)
    assert source.process(wait=True) == 1 and source.item_count(0) == 2
    source.close()


def test_modelsRemovedByChangesetsAreForgotten(no_leaks) -> None:
    """Items that come and go through `apply` (a keyed data source, as a diffing list has):
    the identities it keeps of removed models are forgotten as `set_items` forgets them, so
    the removed models are released. Once, `apply` kept every model it was ever given."""
    class Model:
        def __init__(self, number: int) -> None:
            self.number = number

    removed: list[weakref.ref[Model]] = []
    with DataSource(lambda model: Text(f"item {model.number}"), SizeRange.flexible_height(300),
                    key=lambda model: model.number) as source:
        models = [Model(number) for number in range(100)]
        source.set_items(models)
        for number in range(100, 3100):
            removed.append(weakref.ref(models.pop(0)))
            models.append(Model(number))
            source.apply(Changeset(removed_items=[ItemPath(0, 0)], inserted_items=[ItemPath(0, 99)]),
                         inserted=[models[-1]])
        gc.collect()
        alive = sum(ref() is not None for ref in removed)
        assert alive <= 1200, f"{alive} of 3,000 removed models are still referenced"
        assert [item.model.number for item in source.items(0)] == list(range(3000, 3100))


@pytest.mark.parametrize("stop", [KeyboardInterrupt, SystemExit])
def test_ctrlCOrExitInAProviderStopsTheCall(stop: type[BaseException], no_leaks) -> None:
    """Ctrl-C (KeyboardInterrupt) or sys.exit in an item provider stops the call that built
    the item, as in any other callback: once, it only failed the item and the program went on."""
    def provide(model: str) -> Text:
        if model == "stop":
            raise stop()
        return Text(model)

    with DataSource(provide, SizeRange.flexible_height(100)) as source:
        with pytest.raises(stop):
            source.set_items(["one", "stop", "three"])
        source.set_items(["one"])
        assert source.item_count(0) == 1


def test_anExecutorWhoseSubmitRaisesIsWarnedAboutAndTheBuildWaits(no_leaks) -> None:
    """The modification is queued all the same (once the call that queued it raised, and a
    program retrying it applied it twice): a RuntimeWarning, and process(wait=True) builds it."""
    class Broken:
        def submit(self, function: object, *arguments: object) -> None:
            raise ValueError("submit is broken")

    with DataSource(lambda model: Text(model), SizeRange.flexible_height(100)) as source:
        source.set_executor(Broken())
        with pytest.warns(RuntimeWarning, match="submit raised ValueError: submit is broken"):
            source.set_items(["one", "two"], sync=False)
        assert source.process(wait=True) == 1
        assert source.item_count(0) == 2


def test_aReadyHandlerThatRaisesOnAnExecutorIsReported(capfd: pytest.CaptureFixture[str], no_leaks) -> None:
    """As on libfrond's own thread, the exception is printed (once it was left in the
    executor's future, which no one reads)."""
    def ready(_: DataSource) -> None:
        raise RuntimeError("the loop is closed")

    with ThreadPoolExecutor(1) as pool, DataSource(lambda model: Text(model), SizeRange.flexible_height(100)) as source:
        source.set_executor(pool)
        source.on_ready(ready)
        source.set_items(["one"], sync=False)
        pool.submit(lambda: None).result()  # (the build ran before it)
        assert source.process(wait=True) == 1
    assert "RuntimeError: the loop is closed" in capfd.readouterr().err


def test_itemsLoadedWithoutAKeyPairWithNone(no_leaks) -> None:
    """Items loaded by set_sections in a data source without a key have no identity:
    set_items makes every item anew (it raised "old items 0 and 1 have the same
    identity", and the data source could never diff again)."""
    made: list[str] = []

    def provider(model: str) -> Text:
        made.append(model)
        return Text(model)

    with DataSource(provider, SizeRange.flexible_height(100)) as source:
        source.set_sections([["one", "two"]])
        heard: list[AppliedChanges] = []
        source.add_listener(on_apply=heard.append)
        made.clear()
        source.set_items(["one", "two", "three"])
        assert made == ["one", "two", "three"]
        assert heard[-1].changes.removed_items == [ItemPath(0, 0), ItemPath(0, 1)]
        made.clear()
        source.set_items(["three", "one"])  # now they pair
        assert made == [] and [item.model for item in source.items(0)] == ["three", "one"]


def test_aKeyThatApplyGaveTwiceDoesNotStopDiffing(no_leaks) -> None:
    """`apply` does not check keys: inserting one the section has leaves two items with it,
    and the next diff pairs the first and removes the other (it raised "old items 0 and 2
    have the same identity" for every diff after)."""
    with DataSource(lambda model: Text(model["name"]), SizeRange.flexible_height(100),
                    key=lambda model: model["id"]) as source:
        source.set_items([{"id": 1, "name": "a"}, {"id": 2, "name": "b"}])
        source.apply(Changeset(inserted_items=[ItemPath(0, 2)]), inserted=[{"id": 1, "name": "a again"}])
        assert [item.model["name"] for item in source.items(0)] == ["a", "b", "a again"]
        heard: list[AppliedChanges] = []
        source.add_listener(on_apply=heard.append)
        source.set_items([{"id": 2, "name": "b"}, {"id": 1, "name": "a"}])
        assert [item.model["name"] for item in source.items(0)] == ["b", "a"]
        changes = heard[-1].changes
        assert changes.removed_items == [ItemPath(0, 2)] and len(changes.moved_items) == 1
