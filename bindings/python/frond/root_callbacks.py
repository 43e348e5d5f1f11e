"""What a root is given besides its component: a host, an unhandled-action handler, a flush
request, a component provider and its props, a text measurer and view type declarations
(`RootCallbacks`, the base of `~frond.root.Root`).

Every Python object handed to C here is registered in the root's own arena (see
``frond._registry``): the root holds it, C holds only its key and releases it (exactly
once) when it is replaced or the root is freed. A host, handler or provider that refers
back to the root is a cycle the garbage collector frees like any other.
"""
from __future__ import annotations

import ctypes
from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from . import _capi
from ._runtime import DESTROY, Handle, call, registry, user_data
from .action import C_UNHANDLED, ActionHandler
from .host import C_HOST, Host, check_unclaimed, claim, release
from .provider import C_FLUSH_REQUEST, C_PROVIDER, ComponentProvider, FlushRequest, flush_request_entry
from .text_measurer import C_TEXT_MEASURER, NO_TEXT_MEASURER, TextMeasurer
from .view_types import AttributeKindLike, declaration_flags, encode_declaration

if TYPE_CHECKING:
    from ._threads import ThreadOwner
    from .root import Root

__all__ = ["RootCallbacks"]


class RootCallbacks(Handle):
    """The callbacks and declarations of a `~frond.root.Root` (use Root itself)."""

    _owner: ThreadOwner
    _host: Host | None = None
    _unhandled: ActionHandler | None = None
    _flush_request: FlushRequest | None = None
    _text_measurer: TextMeasurer | None = None
    _require_declared: bool = False

    @property
    def host(self) -> Host | None:
        """Receives the mutations of each commit. A host receives the changes to the views
        it was sent: set it before the first flush (a host set after views were mounted is
        not sent them)."""
        self._live()
        return self._host

    @host.setter
    def host(self, host: Host | None) -> None:
        handle = self._live()
        if host is None:
            call("frond_root_set_host", handle, None, None, _capi.frond_destroy_func())
        else:
            if not isinstance(host, Host):
                raise TypeError(f"host must be a frond.Host (e.g. frond.MemoryHost) or None, "
                                f"not {type(host).__name__}")
            check_unclaimed(host, self)
            # On failure C calls DESTROY with the key before returning.
            call("frond_root_set_host", handle, ctypes.byref(C_HOST), user_data(registry.add(host, self._own_arena())),
                 DESTROY)
        if self._host is not host:
            release(self._host, self)
        if host is not None:
            claim(host, self)
        self._host = host

    @property
    def on_unhandled_action(self) -> ActionHandler | None:
        """Called with each action no responder handled (`ActionEvent`; None: no handler).
        An exception it raises makes the call that sent the action raise CallbackError."""
        self._live()
        return self._unhandled

    @on_unhandled_action.setter
    def on_unhandled_action(self, handler: ActionHandler | None) -> None:
        handle = self._live()
        if handler is None:
            call("frond_root_set_unhandled_action_handler", handle, _capi.frond_action_handler_func(), None,
                 _capi.frond_destroy_func())
        else:
            if not callable(handler):
                raise TypeError(f"on_unhandled_action must be callable (ActionEvent) or None, "
                                f"not {type(handler).__name__}")
            call("frond_root_set_unhandled_action_handler", handle, C_UNHANDLED,
                 user_data(registry.add(handler, self._own_arena())), DESTROY)
        self._unhandled = handler

    @property
    def on_flush_request(self) -> FlushRequest | None:
        """Called with the root when a state update arrives while none is pending, so that
        a flush can be scheduled on the root's thread (None: nobody is told), and again as a
        flush, commit or discarded prepare ends when updates came while it ran (the flush
        their request scheduled may have found the root busy). It runs on
        the updating thread — any thread — inside `Scope.update_state` or
        `Scope.set_state`, and must not flush the root itself (`flush`, `prepare` and
        `commit` raise MisuseError there): e.g. ``root.on_flush_request = lambda root:
        loop.call_soon_threadsafe(root.flush)``. It gets the root as its argument. An
        exception it raises makes that update_state or set_state raise CallbackError from
        it; the update stays queued. C calls it too (on the calling thread) when the
        program gives the root something a flush shows: `set_component`, `set_provider`,
        `set_props`, `set_size_range` and a new `text_measurer` (an exception it raises then
        makes that call raise CallbackError from it, with what it set kept), so that a host
        that flushes on request (`frond.tk.TkHost`, `frond.web`) shows them."""
        self._live()
        return self._flush_request

    @on_flush_request.setter
    def on_flush_request(self, request: FlushRequest | None) -> None:
        handle = self._live()
        if request is None:
            call("frond_root_set_flush_request", handle, _capi.frond_flush_request_func(), None,
                 _capi.frond_destroy_func())
        else:
            if not callable(request):
                raise TypeError(f"on_flush_request must be callable (Root) or None, not {type(request).__name__}")
            entry = flush_request_entry(request, cast("Root", self))
            call("frond_root_set_flush_request", handle, C_FLUSH_REQUEST,
                 user_data(registry.add(entry, self._own_arena())), DESTROY)
        self._flush_request = request

    def set_provider(self, provider: ComponentProvider | None) -> None:
        """Makes ``provider(props) -> Component | None`` the source of the root's component
        (ComponentKit's component provider): the next flush calls it with the props given
        last to `set_props` (None before any), and afterwards only a flush that follows new
        props calls it again — a flush with state updates only keeps the component it made
        last. It replaces the root's component and previous provider (whose props are
        released); `set_component` replaces it in turn; None removes it (the root shows
        nothing). It runs on the thread that flushes (the preparing one for `prepare`). An
        exception it raises, or a result that is neither a component nor None, makes the
        flush raise CallbackError from it: nothing is mounted, the tree, the views and the
        states stay as they were, and the next flush calls it again."""
        handle = self._live()
        if provider is None:
            call("frond_root_set_provider", handle, _capi.frond_component_provider_func(), None,
                 _capi.frond_destroy_func())
            return
        if not callable(provider):
            raise TypeError(f"provider must be callable (props -> Component | None) or None, "
                            f"not {type(provider).__name__}")
        call("frond_root_set_provider", handle, C_PROVIDER, user_data(registry.add(provider, self._own_arena())),
             DESTROY)

    def set_props(self, props: object) -> None:
        """Gives the provider new props, any Python object: the next flush calls it with
        them (once, however many came before that flush). The root holds them until newer
        props, another provider or a component replace them, or until it closes, and then
        lets go of them exactly once. MisuseError without a provider. While a flush is
        prepared the props wait for the next one."""
        handle = self._live()
        key = registry.add(props, self._own_arena())
        try:
            call("frond_root_set_props", handle, user_data(key), DESTROY)
        except BaseException:
            registry.discard(key)  # (C released it already when the call was made)
            raise

    @property
    def text_measurer(self) -> TextMeasurer | None:
        """Sizes the root's `Text` components: ``measure(text, style, width, width_mode,
        height, height_mode) -> (width, height)`` (see `frond.text_measurer`; None: the
        default monospace measurer). It runs while the root builds and lays out; one that
        raises makes the flush raise CallbackError from it. Set it before the flush that
        should use it."""
        self._live()
        return self._text_measurer

    @text_measurer.setter
    def text_measurer(self, measurer: TextMeasurer | None) -> None:
        handle = self._live()
        if measurer is None:
            call("frond_root_set_text_measurer", handle, NO_TEXT_MEASURER, None, _capi.frond_destroy_func())
        else:
            if not callable(measurer):
                raise TypeError(f"text_measurer must be callable (text, style, width, width_mode, height, "
                                f"height_mode -> (width, height)) or None, not {type(measurer).__name__}")
            call("frond_root_set_text_measurer", handle, C_TEXT_MEASURER,
                 user_data(registry.add(measurer, self._own_arena())), DESTROY)
        self._text_measurer = measurer

    def declare_view_type(self, view_type: str, attributes: Mapping[str, AttributeKindLike] | None = None, *,
                          allow_other_attributes: bool = False) -> None:
        """Declares the attributes views of `view_type` accept and their kinds
        (``{"count": float, "tint": "color", "onTap": AttributeKind.ACTION}``; see
        `frond.view_types`), replacing an earlier declaration of the type. From the next
        flush on, an attribute of another kind, or one not declared (unless
        `allow_other_attributes`), makes the flush raise InvalidArgumentError naming it;
        nothing is mounted. A bad name or kind is a TypeError or InvalidArgumentError, and
        declares nothing."""
        handle = self._live()
        encoded, array, count = encode_declaration(view_type, {} if attributes is None else attributes)
        call("frond_root_declare_view_type", handle, encoded, array, count, declaration_flags(allow_other_attributes))

    @property
    def require_declared_view_types(self) -> bool:
        """Whether a component whose view type is not declared fails the flush (with
        InvalidArgumentError); False (the default): undeclared types are mounted unchecked."""
        self._live()
        return self._require_declared

    @require_declared_view_types.setter
    def require_declared_view_types(self, required: bool) -> None:
        handle = self._live()
        if not isinstance(required, bool):
            raise TypeError(f"require_declared_view_types must be a bool, not {type(required).__name__}")
        call("frond_root_set_require_declared_view_types", handle, required)
        self._require_declared = required

    def _did_close(self) -> None:
        release(self._host, self)
        self._host = None
        self._unhandled = None
        self._flush_request = None
        self._text_measurer = None
