"""Calls into libfrond, the callback registry, and the base class of handle owners.

Every call goes through :func:`call`, which turns a failing status into an exception
(:func:`frond.errors.error_for_status`) and re-raises what a Python callback raised
during the call. Callbacks never let an exception escape into C: a trampoline catches
it, stores it in the innermost running :func:`call` of its thread and returns
``FROND_ERR_CALLBACK``; that call then raises :class:`~frond.errors.CallbackError` from
it (``KeyboardInterrupt`` and ``SystemExit`` are re-raised as they are).

Python objects handed to C as ``user_data`` are never addresses: they are integer keys
of :data:`registry`, and :data:`DESTROY` (the destroy function C calls exactly once)
removes them. The values belong to arenas that the owners of the C handles hold (see
``frond._registry``), so that the garbage collector sees them as their owners' own.
"""
from __future__ import annotations

import atexit
import ctypes
import sys
import threading
import traceback
import weakref
from typing import Any, ClassVar, TypeVar

from . import _library
from ._capi import Status
from ._library import library
from ._registry import DESTROY, UNOWNED, Arena, CallbackRegistry, registry, user_data
from .errors import CallbackError, FrondError, MisuseError, error_for_status

__all__ = ["call", "callback_failed", "defer_free", "deferred_count", "handle_count", "last_error_message",
           "Handle", "address", "registry", "CallbackRegistry", "Arena", "UNOWNED", "DESTROY", "user_data"]

_H = TypeVar("_H", bound="Handle")

class _ThreadState(threading.local):
    def __init__(self) -> None:
        # One entry per running call (innermost last): the exceptions raised by callbacks
        # during it (None until one is).
        # (Each with what raised it, when the callback says: "a state update function".)
        self.frames: list[list[tuple[BaseException, str | None]] | None] = []
        # Whether this thread is retrying deferred frees (the retries' own calls must not
        # start another round).
        self.retrying = False

_thread = _ThreadState()
# Handles whose owners were collected while the library refused to free them (a config or
# a tree in use by a layout pass, on this thread or another): (free function, handle).
# Shared by every thread, under the lock: whichever thread next ends an outermost call
# tries them again, and one still refused waits for the next round.
_deferred_lock = threading.Lock()
_deferred_frees: list[tuple[str, Any]] = []

def last_error_message() -> str:
    raw = library().frond_last_error_message()
    return raw.decode("utf-8", "replace") if raw else ""

def call(name: str, *arguments: Any) -> None:
    """Calls the C function `name`; raises the matching FrondError when it fails."""
    function = getattr(_library._library or library(), name)  # (the module's loaded library, once loaded)
    frames = _thread.frames
    frames.append(None)
    try:
        status = function(*arguments)
    except ctypes.ArgumentError as error:
        raise TypeError(f"{name}: {error}") from None
    finally:
        raised = frames.pop()
    if raised:
        _raise_callback_error(name, status, raised)
    if status:  # not FROND_OK (0)
        raise error_for_status(status, last_error_message())
    if _deferred_frees and not frames:
        _free_deferred()

#: How much of a callback's exception (and of C's message) a CallbackError's message quotes.
_MESSAGE_LIMIT = 2000


def _raise_callback_error(name: str, status: int, raised: list[tuple[BaseException, str | None]]) -> None:
    first, what = raised[0]
    if not isinstance(first, Exception):
        raise first
    message = last_error_message() if status == Status.ERR_CALLBACK else ""
    text_of_first = described(first)
    # (Nested calls nest their messages: a handler that taps its own root, deeper and deeper,
    # once made one of 1.3 million characters. The cause chain keeps every level.)
    if len(text_of_first) > _MESSAGE_LIMIT:
        text_of_first = text_of_first[:_MESSAGE_LIMIT] + f"… ({len(text_of_first) - _MESSAGE_LIMIT:,} more characters)"
    if len(message) > _MESSAGE_LIMIT:
        message = message[:_MESSAGE_LIMIT] + f"… ({len(message) - _MESSAGE_LIMIT:,} more characters)"
    if not message:
        text = f"{name}: {what or 'a Python callback'} raised {text_of_first}"
    elif text_of_first in message:  # (a callback whose text C's message quotes)
        text = message
    else:
        text = f"{message}: {text_of_first}"
    if len(raised) > 1:
        text += f" (and {len(raised) - 1} more callback exception(s) in the same call)"
    raise CallbackError(Status.ERR_CALLBACK, text) from first

def in_call() -> bool:
    """Whether a call of ours runs on this thread (a callback's exception can be raised by it)."""
    return bool(_thread.frames)


def described(error: BaseException) -> str:
    """How messages name an exception: "ValueError: no row for 2"."""
    return f"{type(error).__name__}: {error}"


def callback_failed(error: BaseException, what: str | None = None) -> int:
    """Stores an exception a callback raised for the running call (`what`: the kind of
    callback, for the message when C reports no failure of its own); returns the status the
    trampoline must give C. The exception's text becomes C's message too, so that a failure
    C reports on (a list item that could not be built) says what raised."""
    frames = _thread.frames
    if isinstance(error, Exception) and _library._library is not None:
        try:
            _library._library.frond_set_last_error(described(error).encode("utf-8", "replace"))
        except BaseException:  # noqa: BLE001 — (a str() that raises, Python's recursion limit: C says less)
            pass
    if frames:
        raised = frames[-1]
        if raised is None:
            frames[-1] = [(error, what)]
        else:
            raised.append((error, what))
    else:  # C called back outside any call of ours: nowhere to raise it
        print("frond: exception in a callback outside any call:", file=sys.stderr)
        traceback.print_exception(type(error), error, error.__traceback__)
    return int(Status.ERR_CALLBACK)

def absorb_reported(messages: list[str]) -> None:
    """Drops from the running call the exceptions these failure messages report, each
    message one: a callback that raised while a list item was built on this thread failed
    that item only, which the failures report; the call itself succeeded."""
    frames = _thread.frames
    raised = frames[-1] if frames else None
    if not raised:
        return
    for message in messages:
        for index, (error, _) in enumerate(raised):
            if isinstance(error, Exception) and described(error) in message:
                del raised[index]
                break
    if not raised:
        frames[-1] = None

def defer_free(name: str, handle: Any) -> None:
    """Queues a handle whose free the library refused for now (see `_free_deferred`)."""
    with _deferred_lock:
        _deferred_frees.append((name, handle))

def deferred_count() -> int:
    """How many handles wait to be freed (for tests)."""
    with _deferred_lock:
        return len(_deferred_frees)

def _free_deferred() -> None:
    """Frees the deferred handles; those still refused (FROND_ERR_MISUSE: still in use)
    go back into the queue for the next round. Not reentrant: the frees' own calls (and
    callbacks C makes while freeing) do not start another round."""
    state = _thread
    if state.retrying:
        return
    with _deferred_lock:
        pending = _deferred_frees[:]
        _deferred_frees.clear()
    state.retrying = True
    refused: list[tuple[str, Any]] = []
    done = 0
    try:
        for entry in pending:
            try:
                call(*entry)
            except MisuseError:
                refused.append(entry)
            except FrondError:
                pass  # freed, but a callback run by the free failed: nothing to retry
            done += 1
    finally:
        state.retrying = False
        refused.extend(pending[done + 1:])  # not tried: a callback's KeyboardInterrupt stopped the round
        if refused:
            with _deferred_lock:
                _deferred_frees.extend(refused)

def handle_count() -> int:
    """The number of live handles of every kind in libfrond, and in libfrond_cairo once it
    is loaded (for leak checks)."""
    count = ctypes.c_size_t()
    call("frond_handle_count", ctypes.byref(count))
    total = count.value
    if library().cairo_loaded:
        call("frond_cairo_handle_count", ctypes.byref(count))
        total += count.value
    return total

class Handle:
    """Owns one libfrond handle: closed exactly once (``close()``, ``with``, or when the
    object is collected); any use after that raises :class:`~frond.errors.MisuseError`.

    What C may call back through the handle (callables, props, states) is registered in
    the object's arena (`_own_arena`), which the object holds: a cycle through it is one
    the garbage collector can free, and the finalizer then frees the handle."""

    _free_function: ClassVar[str]
    _handle: Any = None
    #: The values C may call back with through this handle (None until there is one).
    _arena: Arena | None = None

    def _live(self) -> Any:
        """The handle, or MisuseError when the object is closed."""
        handle = self._handle
        if handle is None:
            raise MisuseError(Status.ERR_MISUSE, f"this {getattr(type(self), '_closed_name', type(self).__name__)} is closed")
        return handle

    def _own_arena(self) -> Arena:
        """The arena of this object's handle (made on first use)."""
        arena = self._arena
        if arena is None:
            arena = self._arena = Arena()
        return arena

    @property
    def closed(self) -> bool:
        return self._handle is None

    def close(self) -> None:
        """Releases the handle (a second call does nothing)."""
        handle = self._handle
        if handle is None:
            return
        try:
            call(self._free_function, handle)
        except CallbackError:
            self._forget()  # freed: only a callback that ran meanwhile failed
            raise
        self._forget()

    def _forget(self) -> None:
        self._handle = None
        self._did_close()
        self._arena = None  # C has released what it held through the handle (or holds it elsewhere)

    def _did_close(self) -> None:
        """Hook for subclasses: the handle has just been released."""

    def __enter__(self: _H) -> _H:
        self._live()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __del__(self) -> None:
        handle = self._handle
        if handle is None:
            return
        try:
            self.close()
        except MisuseError:  # in use by a layout pass: freed after it (see _free_deferred)
            defer_free(self._free_function, handle)
            self._handle = None
        except Exception:  # interpreter shutdown: the library may be gone
            pass


# Objects whose builds run on a thread of libfrond's own (data sources and lists in
# asynchronous mode). A build calls back into Python; once the interpreter is finalizing,
# such a call ends its thread (Python's rule for foreign threads), which libdispatch treats
# as a fatal error (the process dies of SIGILL). So those still open when the program
# exits are closed first, while callbacks can still run: closing cancels a build under way
# and waits for it.
_closed_at_exit: weakref.WeakSet[Handle] = weakref.WeakSet()


def close_at_exit(owner: Handle) -> None:
    """Closes `owner` when the interpreter exits, if it is still open then."""
    _closed_at_exit.add(owner)


@atexit.register
def _close_background_builders() -> None:
    for owner in list(_closed_at_exit):
        try:
            owner.close()
        except Exception:  # (a callback that failed while closing: the program is ending)
            pass


def address(handle: Any) -> int:
    """A handle's value as an int (for identity), 0 for NULL."""
    return ctypes.cast(handle, ctypes.c_void_p).value or 0
