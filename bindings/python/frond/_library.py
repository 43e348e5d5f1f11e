"""Finds, loads and checks libfrond.

Places, in order (the first library that exists is loaded; none later is tried):

1. ``FROND_LIBRARY``: a path to the library. When it is set, it is the only place.
2. Next to the package: ``frond/libfrond.so.0``, then ``frond/libfrond.so`` (a wheel
   bundles the library under its SONAME, with ``libfrond_cairo.so.0`` beside it).
3. The repository's build output, when the package runs from a checkout:
   ``build/debug/lib/libfrond.so``, then ``build/release/lib/libfrond.so``.
4. The system: ``ctypes.util.find_library("frond")``, then ``/usr/local/lib/libfrond.so``
   and ``/usr/lib/libfrond.so`` (an installed libfrond).

When nothing loads, :class:`~frond.errors.LibraryNotFoundError` lists every place and
what went wrong there. The loaded library's ``frond_version()`` must equal the package's
version (:class:`~frond.errors.LibraryVersionError` otherwise). Functions are bound lazily:
each gets its C types when first called (a function the library does not export is a
``LibraryVersionError`` then), so that importing the package costs almost nothing.

libfrond_cairo (the snapshot renderer: ``frond.snapshot``) and libfrond_web (the web host:
``frond.web``) are loaded only when one of their functions is first called:
``FROND_CAIRO_LIBRARY`` / ``FROND_WEB_LIBRARY`` when set, else the one next to the loaded
libfrond, else the system's. Their versions must be libfrond's.

One process, one libfrond: each copy of the library carries its own Swift runtime and
handles, so a second copy (another path, say a checkout's beside a wheel's) loaded into
the same process would give handles that the other refuses. Loading one while another is
mapped is a ``LibraryVersionError`` naming both.
"""
from __future__ import annotations

import ctypes
import os
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import _capi
from ._version import __version__
from .errors import LibraryNotFoundError, LibraryVersionError

LIBRARY_NAME = "libfrond.so"
CAIRO_LIBRARY_NAME = "libfrond_cairo.so"


@dataclass(frozen=True)
class Extension:
    """A library built on libfrond's API, loaded on first use: its file name, the variable
    that names its path, its version function, its generated module, what it is, and how
    to build it."""

    name: str
    variable: str
    version_function: str
    module: str
    what: str
    build: str


EXTENSIONS: dict[str, Extension] = {
    "cairo": Extension(CAIRO_LIBRARY_NAME, "FROND_CAIRO_LIBRARY", "frond_cairo_version_numbers", "_cairo_capi",
                       "the snapshot renderer", "make lib"),
    "web": Extension("libfrond_web.so", "FROND_WEB_LIBRARY", "frond_web_version_numbers", "_web_capi",
                     "the web host", "make web-lib"),
}
# (os.path, not pathlib, and ctypes.util only when the system is searched: `import frond`
# and its first call stay fast.)
PACKAGE_DIRECTORY = os.path.dirname(os.path.realpath(__file__))
StrPath = str | os.PathLike[str]


@dataclass(frozen=True)
class Place:
    """One place the library is looked for: how it was chosen, and the path or name
    (`find`: a name for ctypes.util.find_library, looked up only if this place is tried)."""

    source: str
    location: str
    is_path: bool = True
    find: str = ""

    def resolved(self) -> str:
        if not self.find:
            return self.location
        import ctypes.util

        return ctypes.util.find_library(self.find) or ""


def repository_root(package_directory: StrPath = PACKAGE_DIRECTORY) -> str | None:
    """The checkout the package runs from (bindings/python/frond in it), or None."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(package_directory))))
    if os.path.isfile(os.path.join(root, "include", "frond.h")) and os.path.isdir(os.path.join(root, "bindings", "python")):
        return root
    return None


def places(environ: Mapping[str, str] = os.environ,
           package_directory: StrPath = PACKAGE_DIRECTORY) -> tuple[list[Place], list[str]]:
    """The places to try, in order, and notes on places left out (and why)."""
    system = [Place("ctypes.util.find_library('frond')", "", is_path=False, find="frond"),
              Place("installed", "/usr/local/lib/" + LIBRARY_NAME),
              Place("installed", "/usr/lib/" + LIBRARY_NAME)]
    # (A wheel holds the library under its SONAME, libfrond.so.0: a wheel has no symlinks.)
    ordinary = [Place("next to the package", os.path.join(package_directory, name))
                for name in (LIBRARY_NAME + ".0", LIBRARY_NAME)]
    root = repository_root(package_directory)
    if root is not None:
        ordinary += [Place(f"repository build output ({config})", os.path.join(root, "build", config, "lib", LIBRARY_NAME))
                     for config in ("debug", "release")]
    ordinary += system
    explicit = environ.get("FROND_LIBRARY")
    if explicit is not None:
        skipped = [f"{place.source}: {place.location or '(not looked up)'} (not tried: FROND_LIBRARY is set)"
                   for place in ordinary]
        return [Place("FROND_LIBRARY", explicit)], skipped
    notes = [] if root is not None else ["repository build output: the package does not run from a checkout"]
    return ordinary, notes


def load(environ: Mapping[str, str] = os.environ, package_directory: StrPath = PACKAGE_DIRECTORY) -> Functions:
    """Loads the first library found (see the module's documentation), checks and binds it."""
    tried: list[str] = []
    candidates, notes = places(environ, package_directory)
    for place in candidates:
        place = Place(place.source, place.resolved(), place.is_path) if place.find else place
        if place.is_path and not os.path.isfile(place.location):
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


def mapped_libfronds() -> set[str]:
    """The files named libfrond.so* mapped into this process (from /proc/self/maps; empty
    where there is none)."""
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            paths = {line.split(None, 5)[5].strip() for line in maps if len(line.split(None, 5)) == 6}
    except OSError:
        return set()
    return {os.path.realpath(path) for path in paths if os.path.basename(path).startswith("libfrond.so")}


def check_and_bind(library: ctypes.CDLL, description: str) -> Functions:
    """Checks the library's version against the package's and that it is the process's
    only libfrond; returns its lazily bound functions."""
    try:
        version_function = library.frond_version
    except AttributeError:
        raise LibraryVersionError(f"{description} is not libfrond: it has no frond_version") from None
    if hasattr(library, "frond_cairo_version_numbers"):
        raise LibraryVersionError(
            f"{description} is libfrond_cairo, not libfrond: point FROND_LIBRARY at libfrond.so "
            "(libfrond_cairo is found next to it, or through FROND_CAIRO_LIBRARY)")
    version_function.restype = ctypes.c_char_p
    version_function.argtypes = ()
    raw = version_function()
    version = raw.decode("utf-8", "replace") if raw is not None else "(none)"
    if version != __version__:
        raise LibraryVersionError(
            f"{description} is libfrond {version}, but the frond package is {__version__}: "
            "rebuild the library or use the package of the same version")
    mapped = mapped_libfronds()
    if len(mapped) > 1:
        raise LibraryVersionError(
            f"two copies of libfrond are loaded in this process ({', '.join(sorted(mapped))}); {description} was "
            "loaded last. Each copy has its own runtime and handles, so load one: set FROND_LIBRARY to one path")
    return Functions(library, description)


class Functions:
    """libfrond's functions by name (and those of the libraries built on it, each loaded on
    first use), each given its C types on first use and then kept as an attribute."""

    def __init__(self, library: ctypes.CDLL, description: str) -> None:
        self._name = library._name
        self._cdll = library
        self._description = description
        self._extensions: dict[str, tuple[ctypes.CDLL, str]] = {}

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        spec = _capi.FUNCTIONS.get(name)
        source, description = self._cdll, self._description
        if spec is None:
            import importlib

            for key, extension in EXTENSIONS.items():
                module = importlib.import_module(f"{__package__}.{extension.module}")
                spec = module.FUNCTIONS.get(name)
                if spec is not None:
                    source = self.extension(key)
                    description = self._extensions[key][1]
                    break
            else:
                raise AttributeError(f"no header of frond (frond.h, frond_cairo.h, frond_web.h) declares {name}")
        try:
            function = getattr(source, name)
        except AttributeError:
            raise LibraryVersionError(f"{description} does not export {name}, which its header declares") from None
        function.restype, function.argtypes = spec
        setattr(self, name, function)
        return function

    @property
    def cairo_loaded(self) -> bool:
        return "cairo" in self._extensions

    def cairo(self) -> ctypes.CDLL:
        """libfrond_cairo, loaded on first use (see the module's documentation)."""
        return self.extension("cairo")

    def extension(self, key: str) -> ctypes.CDLL:
        """The library `key` of EXTENSIONS, loaded on first use."""
        if key not in self._extensions:
            with _lock:
                if key not in self._extensions:
                    self._extensions[key] = self._load_extension(EXTENSIONS[key])
        return self._extensions[key][0]

    def _load_extension(self, extension: Extension) -> tuple[ctypes.CDLL, str]:
        explicit = os.environ.get(extension.variable)
        import ctypes.util

        directory = os.path.dirname(self._name)
        short = extension.name.removeprefix("lib").removesuffix(".so")
        candidates = ([(extension.variable, explicit)] if explicit is not None
                      else [("next to libfrond", os.path.join(directory, extension.name)),
                            ("next to libfrond", os.path.join(directory, extension.name + ".0")),
                            (f"ctypes.util.find_library('{short}')", ctypes.util.find_library(short) or "")])
        tried = []
        for source, location in candidates:
            if not location:
                tried.append(f"{source}: nothing found")
                continue
            if "/" in location and not os.path.isfile(location):
                tried.append(f"{source}: {location}: no such file")
                continue
            try:
                library = ctypes.CDLL(location)
            except OSError as error:
                tried.append(f"{source}: {location}: cannot be loaded: {error}")
                continue
            description = f"{location} ({source})"
            self._check_version(library, extension, description)
            return library, description
        lines = "\n".join(f"  - {line}" for line in tried)
        stem = extension.name.removesuffix(".so")
        raise LibraryNotFoundError(
            f"{stem} ({extension.what}) could not be loaded; looked in:\n{lines}\n"
            f"Build it with `{extension.build}`, install it with `make install`, or set {extension.variable} to its path.")

    def _check_version(self, library: ctypes.CDLL, extension: Extension, description: str) -> None:
        stem = extension.name.removesuffix(".so")
        numbers = []
        for source in (self._cdll, library):
            name = "frond_version_numbers" if source is self._cdll else extension.version_function
            try:
                function = getattr(source, name)
            except AttributeError:
                raise LibraryVersionError(f"{description} is not {stem}: no {name}") from None
            parts = [ctypes.c_int(-1) for _ in range(3)]
            function.restype, function.argtypes = None, (ctypes.POINTER(ctypes.c_int),) * 3
            function(*(ctypes.byref(part) for part in parts))
            numbers.append(tuple(part.value for part in parts))
        if numbers[0] != numbers[1]:
            raise LibraryVersionError(
                f"{description} is {stem} {'.'.join(map(str, numbers[1]))}, but libfrond "
                f"({self._description}) is {'.'.join(map(str, numbers[0]))}: use the libraries of one build")


_lock = threading.RLock()
_library: Functions | None = None


def library() -> Functions:
    """The process's libfrond, loaded on first use."""
    global _library
    if _library is None:
        with _lock:
            if _library is None:
                _library = load()
    return _library
