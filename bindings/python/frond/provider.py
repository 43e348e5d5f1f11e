"""A root's component provider and flush request: the C trampolines behind
`Root.set_provider` / `Root.set_props` and `Root.on_flush_request`.

    props ──set_props──► root ──next flush──► provider(props) ──► the root's component

**Provider** (``frond_root_set_provider``): a callable ``provider(props) -> Component |
None`` registered in the root's arena under an integer key (never an address) and released
by C's destroy function when it is replaced or the root goes. **Props**
(``frond_root_set_props``) are any Python object, registered the same way; C releases them exactly once, when newer props,
another provider or a component replace them, or when the root is freed. The component
the provider returns is handed to Frond as a render's child is: a plain `Component` is
consumed (build a new one per call), a `RenderComponent` stays usable.

**Flush request** (``frond_root_set_flush_request``): C calls it on the thread of a state
update that arrives while none is pending (any thread); the Python callable gets the
`Root` (held weakly: a collected root is not asked for). It must not flush the root
itself (`Root.flush` raises MisuseError inside it): it schedules a flush on the root's
thread.
"""
from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import _capi
from ._runtime import callback_failed, registry
from ._threads import requesting
from .components import Component

if TYPE_CHECKING:
    from .root import Root

__all__ = ["ComponentProvider", "FlushRequest"]

#: Makes a root's component from its props (None: show nothing).
ComponentProvider = Callable[[Any], "Component | None"]
#: Told, on the updating thread, that a root has state updates waiting for a flush.
FlushRequest = Callable[["Root"], object]


def flush_request_entry(request: FlushRequest, root: Root) -> tuple[FlushRequest, weakref.ref[Root]]:
    """What the root's arena keeps for a flush request: the callable and the root, weakly
    (a collected root is not asked for)."""
    return request, weakref.ref(root)


def _provide(out_component: Any, props: int | None, key: int | None) -> int:
    try:
        provider = registry.get(key)
        child = provider(None if props is None else registry.get(props))
        if child is None:
            return 0
        if not isinstance(child, Component):
            raise TypeError(f"the component provider must return a frond component or None, "
                            f"not {type(child).__name__}")
        out_component[0] = child._hand_over()  # Frond takes the handle over
        return 0
    except BaseException as error:  # noqa: BLE001 — nothing may escape into C
        return callback_failed(error)


def _request_flush(_: Any, key: int | None) -> int:
    try:
        request, root_reference = registry.get(key)
        root = root_reference()
        if root is not None:
            with requesting(root):
                request(root)
        return 0
    except BaseException as error:  # noqa: BLE001
        return callback_failed(error)


C_PROVIDER = _capi.frond_component_provider_func(_provide)
C_FLUSH_REQUEST = _capi.frond_flush_request_func(_request_flush)
