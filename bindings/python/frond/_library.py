"""Finds, loads and checks libfrond.

Places, in order (the first library that exists is loaded; none later is tried):

1. ``FROND_LIBRARY``: a path to the library. When it is set, it is the only place.
2. Next to the package: ``frond/libfrond.so`` (a wheel that bundles the library).
3. The repository's build output, when the package runs from a checkout:
   ``build/debug/lib/libfrond.so``, then ``build/release/lib/libfrond.so``.
4. The system: ``ctypes.util.find_library("frond")``, then ``/usr/local/lib/libfrond.so``
   and ``/usr/lib/libfrond.so`` (an installed libfrond).

When nothing loads, :class:`~frond.errors.LibraryNotFoundError` lists every place and
what went wrong there. The loaded library's ``frond_version()`` must equal the package's
version (:class:`~frond.errors.LibraryVersionError` otherwise), and it must export every
function of the header the package was generated from.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from . import _capi
from ._version import __version__
from .errors import LibraryNotFoundError, LibraryVersionError

LIBRARY_NAME = "libfrond.so"
PACKAGE_DIRECTORY = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Place:
    """One place the library is looked for: how it was chosen, and the path or name."""

    source: str
    location: str
    is_path: bool = True


def repository_root(package_directory: Path = PACKAGE_DIRECTORY) -> Path | None:
    """The checkout the package runs from (bindings/python/frond in it), or None."""
    root = package_directory.parent.parent.parent
    if (root / "include" / "frond.h").is_file() and (root / "bindings" / "python").is_dir():
        return root
    return None


def places(environ: Mapping[str, str] = os.environ,
           package_directory: Path = PACKAGE_DIRECTORY) -> tuple[list[Place], list[str]]:
    """The places to try, in order, and notes on places left out (and why)."""
    system = [Place("ctypes.util.find_library('frond')", ctypes.util.find_library("frond") or "", is_path=False),
              Place("installed", "/usr/local/lib/" + LIBRARY_NAME),
              Place("installed", "/usr/lib/" + LIBRARY_NAME)]
    ordinary = [Place("next to the package", str(package_directory / LIBRARY_NAME))]
    root = repository_root(package_directory)
    if root is not None:
        ordinary += [Place(f"repository build output ({config})", str(root / "build" / config / "lib" / LIBRARY_NAME))
                     for config in ("debug", "release")]
    ordinary += system
    explicit = environ.get("FROND_LIBRARY")
    if explicit is not None:
        skipped = [f"{place.source}: {place.location or '(nothing found)'} (not tried: FROND_LIBRARY is set)"
                   for place in ordinary]
        return [Place("FROND_LIBRARY", explicit)], skipped
    notes = [] if root is not None else ["repository build output: the package does not run from a checkout"]
    return ordinary, notes


def load(environ: Mapping[str, str] = os.environ, package_directory: Path = PACKAGE_DIRECTORY) -> ctypes.CDLL:
    """Loads the first library found (see the module's documentation), checks and binds it."""
    tried: list[str] = []
    candidates, notes = places(environ, package_directory)
    for place in candidates:
        if place.is_path and not Path(place.location).is_file():
            tried.append(f"{place.source}: {place.location or '(empty)'}: no such file")
            continue
        if not place.location:
            tried.append(f"{place.source}: nothing found")
            continue
        try:
            library = ctypes.CDLL(place.location)
        except OSError as error:
            tried.append(f"{place.source}: {place.location}: cannot be loaded: {error}")
            continue
        return check_and_bind(library, f"{place.location} ({place.source})")
    lines = "\n".join(f"  - {line}" for line in tried + notes)
    raise LibraryNotFoundError(
        f"libfrond could not be loaded; looked in:\n{lines}\n"
        "Build it with `make lib` in the repository, install it with `make install`, or set FROND_LIBRARY\n"
        "to its path.")


def check_and_bind(library: ctypes.CDLL, description: str) -> ctypes.CDLL:
    """Checks the library's version against the package's and sets every function's types."""
    try:
        version_function = library.frond_version
    except AttributeError:
        raise LibraryVersionError(f"{description} is not libfrond: it has no frond_version") from None
    version_function.restype = ctypes.c_char_p
    version_function.argtypes = ()
    raw = version_function()
    version = raw.decode("utf-8", "replace") if raw is not None else "(none)"
    if version != __version__:
        raise LibraryVersionError(
            f"{description} is libfrond {version}, but the frond package is {__version__}: "
            "rebuild the library or use the package of the same version")
    missing = [name for name in _capi.FUNCTIONS if not hasattr(library, name)]
    if missing:
        raise LibraryVersionError(
            f"{description} does not export {len(missing)} function(s) of frond.h: {', '.join(missing[:5])}")
    return _capi.bind(library)


_lock = threading.Lock()
_library: ctypes.CDLL | None = None


def library() -> ctypes.CDLL:
    """The process's libfrond, loaded on first use."""
    global _library
    if _library is None:
        with _lock:
            if _library is None:
                _library = load()
    return _library
