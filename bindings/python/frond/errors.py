"""Exceptions of the frond package, and the one function that maps C status codes to them.

Every fallible C call returns a status (``frond_status``); :func:`error_for_status` turns
a failing one and the thread's last error message into an exception:

==============================  =================================================
status                          exception
==============================  =================================================
FROND_ERR_INVALID_ARGUMENT      :class:`InvalidArgumentError` (also a ``ValueError``)
FROND_ERR_MISUSE                :class:`MisuseError` (closed or stale objects, …;
                                :class:`ThreadError` when Python itself finds a
                                root or a layout tree used from a thread that
                                does not own it)
FROND_ERR_INVALID_TREE          :class:`InvalidTreeError` (also a ``ValueError``)
FROND_ERR_LIMIT                 :class:`LimitError`
FROND_ERR_CALLBACK              :class:`CallbackError` (``__cause__``: the Python
                                exception a callback raised, when one did)
FROND_ERR_OUT_OF_MEMORY         :class:`OutOfMemoryError` (also a ``MemoryError``)
FROND_ERR_INTERNAL              :class:`InternalError`
anything else                   :class:`FrondError`
==============================  =================================================
"""
from __future__ import annotations

from ._capi import Status

__all__ = [
    "FrondError", "InvalidArgumentError", "MisuseError", "ThreadError", "InvalidTreeError", "LimitError",
    "CallbackError", "OutOfMemoryError", "InternalError", "LibraryNotFoundError",
    "LibraryVersionError", "error_for_status",
]


class FrondError(Exception):
    """A call into libfrond failed: ``status`` is its code, ``message`` the library's words."""

    status: int
    message: str

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message

    @property
    def status_name(self) -> str:
        """The status's C name (``"FROND_ERR_MISUSE"``), or ``"FROND_UNKNOWN_STATUS"``."""
        try:
            return "FROND_" + Status(self.status).name
        except ValueError:
            return "FROND_UNKNOWN_STATUS"

    def __str__(self) -> str:
        return f"{self.message} ({self.status_name})" if self.message else self.status_name


class InvalidArgumentError(FrondError, ValueError):
    """An argument is out of its domain (NaN, negative, unknown, of the wrong kind)."""


class MisuseError(FrondError):
    """The API was misused: a closed or stale object, or a tree changed during its own layout."""


class ThreadError(MisuseError):
    """A root (or one of its scopes) or a layout tree was used from a thread that does not
    own it: each is used from one thread at a time, a root's state updates excepted (see
    `frond.Root.hand_over`, `frond.Node.hand_over`). Raised before libfrond is called; the
    root or tree is left as it was."""


class InvalidTreeError(FrondError, ValueError):
    """The tree shape is not allowed: a child that already has a parent, a cycle, an index
    out of range, children under a node with a measure function."""


class LimitError(FrondError):
    """A documented limit was reached (tree depth, number of live handles)."""


class CallbackError(FrondError):
    """A callback failed. When it was a Python callback that raised, the exception it
    raised (with its traceback) is this one's ``__cause__``."""


class OutOfMemoryError(FrondError, MemoryError):
    """The library could not allocate memory."""


class InternalError(FrondError):
    """An internal inconsistency in libfrond; please report it with the message."""


class LibraryNotFoundError(ImportError):
    """libfrond could not be loaded from any of the places it is looked for (all listed)."""


class LibraryVersionError(ImportError):
    """The loaded libfrond is not the version this package was made for."""


_ERRORS: dict[int, type[FrondError]] = {
    Status.ERR_INVALID_ARGUMENT: InvalidArgumentError,
    Status.ERR_MISUSE: MisuseError,
    Status.ERR_INVALID_TREE: InvalidTreeError,
    Status.ERR_LIMIT: LimitError,
    Status.ERR_CALLBACK: CallbackError,
    Status.ERR_OUT_OF_MEMORY: OutOfMemoryError,
    Status.ERR_INTERNAL: InternalError,
}


def error_for_status(status: int, message: str) -> FrondError:
    """The exception for a failing status code (never for ``FROND_OK``)."""
    if status == Status.OK:
        raise ValueError("FROND_OK is not an error")
    return _ERRORS.get(status, FrondError)(status, message)
