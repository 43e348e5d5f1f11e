"""Data sources (``frond_data_source``): many items, each with its own model, scopes, state
and layout, changed by modifications applied in order (ComponentKit's CKDataSource).

>>> from frond import DataSource, SizeRange, Text
>>> rows = DataSource(lambda model: Text(model["text"]), SizeRange.flexible_height(100),
...                   key=lambda model: model["id"])
>>> rows.set_items([{"id": 1, "text": "first"}, {"id": 2, "text": "second row, which wraps"}])
>>> rows.item_count(0), rows.item((0, 1)).model["text"], rows.item((0, 1)).size.height > rows.item((0, 0)).size.height
(2, 'second row, which wraps', True)
>>> heard = []
>>> _ = rows.add_listener(on_apply=heard.append)
>>> rows.set_items([{"id": 2, "text": "second row, which wraps"}, {"id": 3, "text": "third"}])
>>> heard[0].changes.removed_items, heard[0].changes.inserted_items
([ItemPath(section=0, item=0)], [ItemPath(section=0, item=1)])
>>> rows.close()

A modification is a changeset with models (`apply`), a new list of models diffed against
the section's (`set_items`: items pair by ``key(model)``, and a pair is rebuilt when
``content(model)`` differs; the default content is the model itself, compared with ``==``),
or a new provider or size range (`set_config`: every item is rebuilt). With ``sync=True``
(the default) it is built and applied before the call returns, after what is pending; with
``sync=False`` it is queued and built on the data source's own thread, one at a time, and
`process` applies what is built (`on_ready` says when, on the builder's thread).

**Threads.** `process`, the synchronous modifications and `close` are made on one thread
at a time (the host's); two at once, or one from a listener or a provider, raise
MisuseError. Asynchronous modifications may be queued from any thread, and are built on
libfrond's own thread, or by an executor of the program's (`set_executor`, e.g. a
``concurrent.futures.ThreadPoolExecutor``). The provider runs on the builder's thread (the
calling thread for synchronous ones); an exception it raises, or one that the item's
components raise as it is built (a render, a text measurer), shows that item as nothing and
is reported in `AppliedChanges.failures` with its text, and not raised by the call that
built it (the other items are applied; an item a `ListView` builds as it nears the viewport is reported the same way,
in an update with no changes; a state update whose build fails is reported too, but leaves
its item shown as it was). Listeners' ``on_apply`` and ``on_fail`` run on the host thread, inside the
call that applied (an exception they raise is raised by that call, after everything was
applied); ``on_build_start`` / ``on_build_end`` and `on_ready` on the builder's thread.

Models, the provider and the listeners belong to the data source's arena (see
``frond._registry``): a data source that nothing outside refers to is collected and freed
even when they refer back to it. `close` (or ``with``) frees it at once.
"""
from __future__ import annotations

import ctypes
import sys
import traceback
import warnings
import weakref
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from . import _capi
from ._capi import ApplyMode
from ._library import library
from ._registry import DESTROY, Arena, entered_arena, leave_arena, registry
from ._runtime import Handle, absorb_reported, call, callback_failed, close_at_exit, in_call
from .components import Component
from .errors import InvalidArgumentError, MisuseError, error_for_status
from .lists import Changeset, ItemPath, Move, _index, _path
from .size_range import SizeRange, c_size_range
from .value import Size

__all__ = ["DataSource", "DataSourceItem", "AppliedChanges", "ItemFailure", "ItemProvider", "BuildExecutor"]

#: Makes an item's component from its model (None: the item shows nothing).
ItemProvider = Callable[[Any], "Component | None"]


class DataSourceItem(NamedTuple):
    """An item of a data source's state: its model and laid-out size."""

    model: Any
    size: Size


class ItemFailure(NamedTuple):
    """An item shown as nothing because its provider or its build failed."""

    path: ItemPath
    error: Exception


@dataclass
class AppliedChanges:
    """What one applied modification did: the changes (items rebuilt for a state update or
    a new configuration are updated items), where each updated item went, the items that
    failed, and the state's version after it."""

    changes: Changeset
    updated: list[Move] = field(default_factory=list)
    failures: list[ItemFailure] = field(default_factory=list)
    version: int = 0


class BuildExecutor(Protocol):
    """What `DataSource.set_executor` takes: anything that runs ``function(*arguments)``
    later, on a thread of its own (a ``concurrent.futures.Executor``, a GUI's idle queue)."""

    def submit(self, function: Callable[..., Any], /, *arguments: Any) -> object: ...


@dataclass
class _Listener:
    source: weakref.ref[DataSource]
    on_apply: Callable[[AppliedChanges], object] | None = None
    on_build_start: Callable[[], object] | None = None
    on_build_end: Callable[[], object] | None = None
    on_fail: Callable[[str], object] | None = None


def _mode(sync: bool) -> int:
    return int(ApplyMode.SYNC if sync else ApplyMode.ASYNC)


class DataSource(Handle):
    """Sections of items built and laid out from their models (``frond_data_source``).

    `provider` makes an item's component from its model; `size_range` is each item's
    (``SizeRange.flexible_height(width)`` for a vertical list). `key` gives a model's
    identity for `set_items` and `set_sections_by_key` (default: the model itself, which
    must then be hashable); `content` the value whose change rebuilds a paired item
    (default: the model).
    """

    _free_function = "frond_data_source_free"

    def __init__(self, provider: ItemProvider, size_range: SizeRange, *,
                 key: Callable[[Any], Hashable] | None = None, content: Callable[[Any], Any] | None = None) -> None:
        self._arena = Arena()
        self._identify_by(key, content)
        handle = ctypes.POINTER(_capi.frond_data_source)()
        call("frond_data_source_new", ctypes.byref(handle), self._config(provider, size_range))
        self._handle = handle
        self._absorb_item_failures()
        close_at_exit(self)  # (its builds run on a thread of libfrond's)
        # (What renders register on the builder's thread goes to UNOWNED: ctypes gives a
        # foreign thread a new thread state for each callback, so no arena can be entered
        # there for the length of a build. C's destroy functions release those values.)

    def _identify_by(self, key: Callable[[Any], Hashable] | None, content: Callable[[Any], Any] | None) -> None:
        self._key = key
        self._content = content
        # Identities as C's 64-bit ids, and each id's content and version (see _ids_of);
        # section keys as ids (see set_sections_by_key). An id is never given twice: a key
        # forgotten and seen again gets a new one.
        self._ids: dict[Hashable, int] = {}
        self._contents: dict[int, tuple[Any, int]] = {}
        self._next_id = 1
        self._section_ids: dict[Hashable, int] = {}
        self._next_section_id = 1

    def _absorb_item_failures(self) -> None:
        """Listens for the items that failed, first: what raised while one was built on the
        host thread (its render, say) is reported in the failures, not raised by the call."""
        listener = _capi.frond_data_source_listener()
        listener.struct_size = ctypes.sizeof(listener)
        listener.did_apply = _C_ABSORB_FAILURES
        call("frond_data_source_add_listener", ctypes.byref(ctypes.c_uint64()), self._handle, ctypes.byref(listener),
             None, _capi.frond_destroy_func())

    def __repr__(self) -> str:
        return "<frond.DataSource (closed)>" if self._handle is None else f"<frond.DataSource {self.item_count()} items>"

    def _config(self, provider: ItemProvider, size_range: SizeRange) -> Any:
        if not callable(provider):
            raise TypeError(f"provider must be callable, not {type(provider).__name__}")
        if size_range is None:
            raise TypeError("size_range must be a frond.SizeRange, not None")
        config = _capi.frond_data_source_config()
        config.struct_size = ctypes.sizeof(config)
        config.item_size_range = c_size_range(size_range)._obj
        config.provider = _C_PROVIDER
        config.user_data = registry.add(provider, self._arena)
        config.destroy = DESTROY
        return ctypes.byref(config)

    # ---- modifications -----------------------------------------------------------

    def _models(self, models: Sequence[Any], name: str, *, identify: bool) -> Any:
        """C item models for `models`, registered in the arena (C destroys each once).
        MisuseError, before anything is registered, when the data source is closed."""
        self._live()
        array = (_capi.frond_item_model * max(len(models), 1))()
        size = ctypes.sizeof(_capi.frond_item_model)
        ids = self._ids_of(models) if identify else None
        for index, model in enumerate(models):
            entry = array[index]
            entry.struct_size = size
            entry.model = registry.add(model, self._arena)
            entry.destroy = DESTROY
            if ids is not None:
                entry.id, entry.version = ids[index]
        return array

    def _ids_of(self, models: Sequence[Any]) -> list[tuple[int, int]]:
        """Each model's id (its key's, interned) and version (bumped when its content
        differs from the last one given with that key)."""
        key = self._key or (lambda model: model)
        content = self._content or (lambda model: model)
        result = []
        for model in models:
            item_key = key(model)
            item_id = self._ids.get(item_key)
            if item_id is None:
                item_id = self._ids[item_key] = self._next_id
                self._next_id += 1
            value = content(model)
            known = self._contents.get(item_id)
            version = known[1] if known is not None and known[0] == value else (known[1] + 1 if known else 1)
            self._contents[item_id] = (value, version)
            result.append((item_id, version))
        return result

    def apply(self, changeset: Changeset, *, updated: Sequence[Any] = (), inserted: Sequence[Any] = (),
              sync: bool = True) -> None:
        """Applies `changeset` with the new models of its updated items (in the order of
        ``changeset.updated_items``) and of its inserted ones (in the order of
        ``changeset.inserted_items``). A changeset that does not fit the state the pending
        modifications leave raises InvalidArgumentError naming the rule; nothing is applied."""
        handle = changeset._handle()
        try:
            identify = self._key is not None
            updated_models = self._models(updated, "updated", identify=identify)
            inserted_models = self._models(inserted, "inserted", identify=identify)
            self._applying("frond_data_source_apply", handle, updated_models, len(updated), inserted_models,
                           len(inserted), _mode(sync))
        finally:
            call("frond_changeset_free", handle)
        self._forget_removed()

    def set_items(self, models: Sequence[Any], *, section: int = 0, sync: bool = True) -> None:
        """Data diffing: makes `section` hold `models` (an empty data source gets section
        0). Items pair by key and keep their scopes and state; a pair is rebuilt when its
        content changed; moves are found. Two models with one key raise
        InvalidArgumentError naming both positions. (Items that `set_sections` or `apply`
        loaded into a data source without a key have none and pair with none; of items with
        one key, which `apply` does not check for, the first pairs and the others are
        removed.) (To tell a changed item, the data
        source keeps each key's last content, by default the model: a removed model stays
        referenced until `close`, or until the keys of removed items outnumber the items by
        1,024, when they are forgotten; `apply` and `set_sections` forget them so too.)"""
        section = _index(section, "section")
        models = list(models)
        array = self._models(models, "items", identify=True)
        self._applying("frond_data_source_set_items", section, array, len(models), _mode(sync))
        self._forget_removed()

    def set_sections(self, sections: Sequence[Sequence[Any]], *, sync: bool = True) -> None:
        """Replaces every section with these models (no diffing: every old item goes, with
        its state): the fast way to load a big list."""
        sections = [list(section) for section in sections]
        models = [model for section in sections for model in section]
        array = self._models(models, "items", identify=self._key is not None)
        counts = (ctypes.c_size_t * max(len(sections), 1))(*[len(section) for section in sections])
        self._applying("frond_data_source_set_sections", array, len(models), counts, len(sections), _mode(sync))
        self._forget_removed()

    def set_sections_by_key(self, sections: Mapping[Any, Sequence[Any]] | Iterable[tuple[Hashable, Sequence[Any]]],
                            *, sync: bool = True) -> None:
        """Data diffing over every section, for a grouped list that a filter or a rename
        changes: the sections become `sections`, in order, each with its key (a mapping from
        section key to models, or (key, models) pairs). Sections pair by key (one made by
        `set_sections` or a changeset has none and pairs with none); items pair by the data
        source's `key` across all sections, so an item keeps its scopes and state wherever
        it goes, also out of a section that goes. A pair is rebuilt when its content
        changed; moves are the fewest in each section that stays, plus the items that
        change section. Two sections, or two items, with one key raise InvalidArgumentError
        naming both places ("new items [0, 1] and [2, 1] have the same identity").

        >>> from frond import Text
        >>> source = DataSource(lambda name: Text(name), SizeRange.flexible_height(100))
        >>> source.set_sections_by_key({"A": ["Alice"], "B": ["Bob", "Ben"]})
        >>> source.set_sections_by_key({"A": ["Alice"], "B": ["Ben"], "Z": ["Bob"]})
        >>> [[item.model for item in source.items(section)] for section in range(source.section_count)]
        [['Alice'], ['Ben'], ['Bob']]
        >>> source.close()
        """
        pairs = list(sections.items()) if isinstance(sections, Mapping) else [(key, models) for key, models in sections]
        keys = [key for key, _ in pairs]
        if len(self._section_ids) > 1024 + len(keys):
            # (Forgets the keys of sections long gone; the ones given keep their ids.)
            self._section_ids = {key: self._section_ids[key] for key in keys if key in self._section_ids}
        ids = (ctypes.c_uint64 * max(len(keys), 1))()
        for index, key in enumerate(keys):
            section_id = self._section_ids.get(key)
            if section_id is None:
                section_id = self._section_ids[key] = self._next_section_id
                self._next_section_id += 1
            ids[index] = section_id
        grouped = [list(models) for _, models in pairs]
        models = [model for group in grouped for model in group]
        array = self._models(models, "items", identify=True)
        counts = (ctypes.c_size_t * max(len(grouped), 1))(*[len(group) for group in grouped])
        self._applying("frond_data_source_set_sections_by_id", array, len(models), ids, counts, len(grouped), _mode(sync))
        self._forget_removed()

    def set_config(self, provider: ItemProvider, size_range: SizeRange, *, sync: bool = True) -> None:
        """Replaces the provider and the size range: every item is rebuilt. A `ListView`'s
        data source raises MisuseError: its items take the list's cross size and provider."""
        self._applying("frond_data_source_set_config", self._config(provider, size_range), _mode(sync))

    def process(self, wait: bool = False) -> int:
        """Applies the asynchronous modifications that are built (with `wait`, every pending
        one); returns how many were applied."""
        applied = ctypes.c_size_t()
        self._applying("frond_data_source_process", ctypes.byref(applied), wait, handle_first=False)
        return applied.value

    def _applying(self, name: str, *arguments: Any, handle_first: bool = True) -> None:
        """Calls `name` with what renders make registered in this data source's arena."""
        handle = self._live()
        entered_arena(self._arena)
        try:
            if handle_first:
                call(name, handle, *arguments)
            else:
                call(name, arguments[0], handle, *arguments[1:])
        finally:
            leave_arena()

    def _did_close(self) -> None:
        # (The identities keep each key's last content, by default the model itself: closing
        # forgets them, so that it releases every model.)
        self._ids = {}
        self._contents = {}

    def _forget_removed(self) -> None:
        """Forgets the identities of removed models once they outnumber the items by 1,024
        (and nothing is pending, whose models are not in the state yet): every way in
        (`apply`, `set_items`, `set_sections`) checks, so that a list whose items come and go
        does not keep every model it was ever given."""
        if len(self._ids) > 1024 and len(self._ids) > 2 * self.item_count() + 1024 and not self.pending:
            self._prune()

    def _prune(self) -> None:
        """Forgets the identities of models no longer in the data source."""
        key = self._key or (lambda model: model)
        live = {key(item.model) for section in range(self.section_count) for item in self.items(section)}
        self._ids = {item_key: item_id for item_key, item_id in self._ids.items() if item_key in live}
        kept = set(self._ids.values())
        self._contents = {item_id: value for item_id, value in self._contents.items() if item_id in kept}

    # ---- listeners ---------------------------------------------------------------

    def add_listener(self, *, on_apply: Callable[[AppliedChanges], object] | None = None,
                     on_build_start: Callable[[], object] | None = None,
                     on_build_end: Callable[[], object] | None = None,
                     on_fail: Callable[[str], object] | None = None) -> int:
        """Adds a listener; returns the id `remove_listener` takes."""
        listener = _capi.frond_data_source_listener()
        listener.struct_size = ctypes.sizeof(listener)
        if on_apply is not None:
            listener.did_apply = _C_DID_APPLY
        if on_build_start is not None:
            listener.will_build = _C_WILL_BUILD
        if on_build_end is not None:
            listener.did_build = _C_DID_BUILD
        if on_fail is not None:
            listener.did_fail = _C_DID_FAIL
        entry = _Listener(weakref.ref(self), on_apply, on_build_start, on_build_end, on_fail)
        listener_id = ctypes.c_uint64()
        call("frond_data_source_add_listener", ctypes.byref(listener_id), self._live(), ctypes.byref(listener),
             registry.add(entry, self._arena), DESTROY)
        return listener_id.value

    def remove_listener(self, listener_id: int) -> None:
        call("frond_data_source_remove_listener", self._live(), listener_id)

    def on_ready(self, handler: Callable[[DataSource], object] | None) -> None:
        """`handler(data_source)` is called on the builder's thread when an asynchronous
        modification is built (it schedules `process` on the host thread; None removes it)."""
        if handler is None:
            call("frond_data_source_set_ready_handler", self._live(), _capi.frond_data_source_ready_func(), None,
                 _capi.frond_destroy_func())
            return
        entry = (handler, weakref.ref(self))
        call("frond_data_source_set_ready_handler", self._live(), _C_READY, registry.add(entry, self._arena), DESTROY)

    def set_executor(self, executor: BuildExecutor | None) -> None:
        """Builds the asynchronous modifications that start from now on with `executor`
        (anything with ``submit(function)``, such as a ``concurrent.futures.ThreadPoolExecutor``)
        instead of libfrond's own thread; None: libfrond's thread again. A build the executor
        never runs (it was shut down, say) is not lost: ``process(wait=True)`` builds it. A
        ``submit`` that raises does not fail the modification, which is queued: it is warned
        about (RuntimeWarning; not for the RuntimeError of a shut-down executor), and the
        build waits for ``process(wait=True)``."""
        if executor is None:
            call("frond_data_source_set_executor", self._live(), _capi.frond_data_source_schedule_func(), None,
                 _capi.frond_destroy_func())
            return
        if not callable(getattr(executor, "submit", None)):
            raise TypeError(f"executor must have a submit method, not be a {type(executor).__name__}")
        call("frond_data_source_set_executor", self._live(), _C_SCHEDULE, registry.add(executor, self._arena), DESTROY)

    # ---- the state -----------------------------------------------------------------

    @property
    def section_count(self) -> int:
        count = ctypes.c_size_t()
        call("frond_data_source_get_section_count", ctypes.byref(count), self._live())
        return count.value

    def item_count(self, section: int | None = None) -> int:
        """The number of items in `section` (None: in all sections)."""
        if section is None:
            return sum(self.item_count(index) for index in range(self.section_count))
        count = ctypes.c_size_t()
        call("frond_data_source_get_item_count", ctypes.byref(count), self._live(), section)
        return count.value

    @property
    def version(self) -> int:
        """How many changes the state has had: modifications, and a list's builds of the
        items nearing its viewport (which listeners hear only when an item fails)."""
        version = ctypes.c_uint64()
        call("frond_data_source_get_version", ctypes.byref(version), self._live())
        return version.value

    @property
    def pending(self) -> bool:
        """Whether modifications are queued, being built, or built and waiting for
        `process` (the builder builds one at a time, each onto the state the one before left
        once it is applied: polling this without processing never sees False)."""
        pending = ctypes.c_bool()
        call("frond_data_source_has_pending", ctypes.byref(pending), self._live())
        return pending.value

    def item(self, path: ItemPath | tuple[int, int]) -> DataSourceItem:
        """The item at `path` (InvalidArgumentError when out of range)."""
        place = _path(path, "path")
        item = _capi.frond_data_source_item()
        item.struct_size = ctypes.sizeof(item)
        call("frond_data_source_get_item", ctypes.byref(item), self._live(), _capi.frond_item_path(*place))
        return DataSourceItem(registry.get(item.model), Size(item.size.width, item.size.height))

    def path_of(self, key: Hashable) -> ItemPath:
        """Where the item with `key` is (the data source's key of its model; without a key,
        the model itself, for items that `set_items` or `set_sections_by_key` loaded): to
        scroll a list to it (``feed.scroll_to(feed.data_source.path_of(key))``). ValueError
        when no item has it. A walk over the items: O(n)."""
        handle = self._live()
        item_id = self._ids.get(key)
        if item_id is not None:
            found = _capi.frond_item_path()
            try:
                call("frond_data_source_find_item", ctypes.byref(found), handle, item_id)
            except InvalidArgumentError:
                pass
            else:
                return ItemPath(found.section, found.item)
        raise ValueError(f"no item has the key {key!r}")

    def items(self, section: int = 0) -> list[DataSourceItem]:
        return [self.item((section, index)) for index in range(self.item_count(section))]

    def models(self, section: int = 0) -> list[Any]:
        return [item.model for item in self.items(section)]


def _provide(out_component: Any, model: int | None, key: int | None) -> int:
    # Not callback_failed: a failing provider fails its item only, with this message.
    try:
        child = registry.get(key)(registry.get(model))
        if child is None:
            return 0
        if not isinstance(child, Component):
            raise TypeError(f"the item provider must return a frond component or None, not {type(child).__name__}")
        out_component[0] = child._hand_over()
        return 0
    except BaseException as error:  # noqa: BLE001 — nothing may escape into C
        library().frond_set_last_error(f"{type(error).__name__}: {error}".encode("utf-8", "replace"))
        if not isinstance(error, Exception) and in_call():
            # (Ctrl-C or sys.exit in a provider stops the program's call, as anywhere else;
            # the item fails as well. On a builder's thread nothing is there to stop.)
            callback_failed(error)
        return int(_capi.Status.ERR_CALLBACK)


def _applied(changes: Any) -> AppliedChanges:
    c = changes.contents
    applied = AppliedChanges(Changeset._from_changes(c.changes[:c.change_count]), version=c.version)
    for change in c.updated[:c.updated_count]:
        applied.updated.append(Move(ItemPath(change.path.section, change.path.item),
                                    ItemPath(change.to.section, change.to.item)))
    for failure in c.failures[:c.failure_count]:
        message = failure.message.decode("utf-8", "replace") if failure.message else ""
        applied.failures.append(ItemFailure(ItemPath(failure.path.section, failure.path.item),
                                            error_for_status(failure.status, message)))
    return applied


def _did_apply(_: Any, changes: Any, key: int | None) -> None:
    try:
        listener = registry.get(key)
        if listener.on_apply is not None:
            listener.on_apply(_applied(changes))
    except BaseException as error:  # noqa: BLE001
        callback_failed(error)


def _absorb_failures(_: Any, changes: Any, __: int | None) -> None:
    try:
        c = changes.contents
        messages = [failure.message.decode("utf-8", "replace") for failure in c.failures[:c.failure_count]
                    if failure.status == _capi.Status.ERR_CALLBACK and failure.message]
        if messages:
            absorb_reported(messages)
    except BaseException as error:  # noqa: BLE001
        callback_failed(error)


def _will_build(_: Any, key: int | None) -> None:
    try:
        listener = registry.get(key)
        if listener.on_build_start is not None:
            listener.on_build_start()
    except BaseException as error:  # noqa: BLE001
        callback_failed(error)


def _did_build(_: Any, key: int | None) -> None:
    try:
        listener = registry.get(key)
        if listener.on_build_end is not None:
            listener.on_build_end()
    except BaseException as error:  # noqa: BLE001
        callback_failed(error)


def _did_fail(_: Any, message: bytes | None, key: int | None) -> None:
    try:
        listener = registry.get(key)
        if listener.on_fail is not None:
            listener.on_fail(message.decode("utf-8", "replace") if message else "")
    except BaseException as error:  # noqa: BLE001
        callback_failed(error)


def _ready(_: Any, key: int | None) -> None:
    try:
        handler, source = registry.get(key)
        live = source()
        if live is not None:
            handler(live)
    except BaseException as error:  # noqa: BLE001
        callback_failed(error)


def _schedule(source: Any, key: int | None) -> None:
    # (On whichever thread queued the build: the executor runs it on one of its own.)
    try:
        executor = registry.get(key)
        address = ctypes.cast(source, ctypes.c_void_p).value
        try:
            executor.submit(_build, address)
        except RuntimeError:
            pass  # (an executor shut down: process(wait=True) builds it on the host thread)
        except Exception as error:  # noqa: BLE001
            # (The modification is queued all the same, and built by process(wait=True):
            # failing the call that queued it would have a program queue it twice.)
            warnings.warn(f"frond: the data source's executor.submit raised {type(error).__name__}: {error}; "
                          "the build waits for process(wait=True)", RuntimeWarning, stacklevel=2)
    except BaseException as error:  # noqa: BLE001
        callback_failed(error)


def _build(address: int | None) -> None:
    """Runs one build of the data source at `address` (an executor's job)."""
    if address is None:
        return
    source = ctypes.cast(address, ctypes.POINTER(_capi.frond_data_source))
    try:
        call("frond_data_source_build", source)
    except MisuseError:
        pass  # (the data source was freed meanwhile: its builds went with it)
    except Exception as error:  # noqa: BLE001
        # (A build hook or the ready handler raised: said as on libfrond's own thread, not
        # left in an executor's future that no one reads.)
        print("frond: exception in a callback outside any call:", file=sys.stderr)
        traceback.print_exception(type(error), error, error.__traceback__)


_C_PROVIDER = _capi.frond_item_provider_func(_provide)
_C_DID_APPLY = _capi.frond_data_source_listener_did_apply_func(_did_apply)
_C_ABSORB_FAILURES = _capi.frond_data_source_listener_did_apply_func(_absorb_failures)
_C_WILL_BUILD = _capi.frond_data_source_listener_will_build_func(_will_build)
_C_DID_BUILD = _capi.frond_data_source_listener_did_build_func(_did_build)
_C_DID_FAIL = _capi.frond_data_source_listener_did_fail_func(_did_fail)
_C_READY = _capi.frond_data_source_ready_func(_ready)
_C_SCHEDULE = _capi.frond_data_source_schedule_func(_schedule)
