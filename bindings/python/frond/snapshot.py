"""Pictures of components: Cairo and Pango snapshots, and snapshot tests.

A :class:`SnapshotHost` (``frond_snapshot_host``) keeps the views a root mounts and draws
them into PNG files at a scale (1 for 1×, 2 for 2×); attached to a root it also measures
the root's text with Pango, so that what is laid out is what is drawn. Components are
drawn in a root of their own (:meth:`SnapshotHost.write_component_png`,
:func:`render_png`), and compared with reference PNGs (:func:`assert_snapshot`): on a
mismatch ``<name>.actual.png`` and ``<name>.diff.png`` are written next to the reference
``<name>.png`` and :class:`SnapshotMismatch` names them; with ``FROND_RECORD_SNAPSHOTS=1``
in the environment the image becomes the reference instead.

>>> from frond import Component, Root, SizeRange
>>> with SnapshotHost() as host, Root(SizeRange.fixed(40, 20)) as root:
...     host.attach(root)
...     root.set_component(Component("box", {"backgroundColor": "#336699", "cornerRadius": 4}))
...     _ = root.flush()
...     host.warnings
[]

The functions come from libfrond_cairo, loaded when this module first calls one (see
``frond._library``): a program that never draws never loads Cairo or Pango.

The attributes the renderer draws are listed in ``include/frond_cairo.h``:
``backgroundColor``, ``borderWidth``, ``borderColor``, ``cornerRadius``, ``opacity``,
``clipsToBounds``, ``hidden``, ``translationX``/``Y``, ``scale``, ``text`` with the text
attributes, and ``source`` (a PNG file) with ``contentMode``. Bad input (a bad attribute
or color string, an unreadable image, a size of zero or above the limits) raises the
library's errors (:class:`~frond.errors.InvalidArgumentError` is a ``ValueError``,
:class:`~frond.errors.LimitError`); a missing font falls back and is reported through
:attr:`SnapshotHost.warnings` and ``on_warning``.
"""
from __future__ import annotations

import ctypes
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import _cairo_capi as _capi
from ._cairo_capi import SnapshotOutcome
from ._runtime import DESTROY, Handle, call, callback_failed, registry, user_data
from .attribute import Color
from .components import Component
from .root import Root

__all__ = [
    "SnapshotHost", "SnapshotOutcome", "Comparison", "SnapshotMismatch", "render_png", "assert_snapshot",
    "set_pango_text_measurer", "DEFAULT_TOLERANCE", "MAX_PIXELS_PER_SIDE", "MAX_PIXELS", "RECORD_VARIABLE",
]

#: The per-channel tolerance of comparisons (0…255) unless one is given.
DEFAULT_TOLERANCE = 16
#: The largest image side in pixels (points × scale, rounded up), and the most pixels in all.
MAX_PIXELS_PER_SIDE = 16384
MAX_PIXELS = 8192 * 8192
#: The environment variable that makes comparisons record their references.
RECORD_VARIABLE = "FROND_RECORD_SNAPSHOTS"

_WHITE = Color(1, 1, 1)
PathLike = str | os.PathLike[str]


@dataclass(frozen=True)
class Comparison:
    """What comparing an image with its reference found."""

    outcome: SnapshotOutcome
    differing_pixels: int
    largest_difference: int
    actual_path: str | None
    diff_path: str | None
    message: str

    @property
    def passed(self) -> bool:
        """Matched, or recorded as the new reference."""
        return self.outcome in (SnapshotOutcome.MATCHED, SnapshotOutcome.RECORDED)


class SnapshotMismatch(AssertionError):
    """An image differs from its reference (or there is none): the message names the
    ``.actual.png`` and ``.diff.png`` files written next to the reference."""

    def __init__(self, comparison: Comparison) -> None:
        super().__init__(comparison.message)
        self.comparison = comparison

    @property
    def actual_path(self) -> str | None:
        return self.comparison.actual_path

    @property
    def diff_path(self) -> str | None:
        return self.comparison.diff_path


def _warning(message: bytes | None, key: int | None) -> int:
    try:
        handler = registry.get(key)
        handler(message.decode("utf-8", "replace") if message else "")
        return 0
    except BaseException as error:  # noqa: BLE001 — nothing may escape into C
        return callback_failed(error)


_C_WARNING = _capi.frond_snapshot_warning_func(_warning)


def _size(value: float | None) -> float:
    """A size argument: None is FROND_UNDEFINED (the default); numbers go as they are."""
    if value is None:
        return math.nan
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"a size must be a number or None, not {type(value).__name__}")
    return float(value)


def _scale(value: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"scale must be a number, not {type(value).__name__}")
    return float(value)


def _path(path: PathLike) -> bytes:
    encoded = os.fsencode(path)
    if b"\0" in encoded:
        # C would read up to the NUL: another file than the one named.
        raise ValueError(f"path {path!r} contains a NUL character")
    return encoded


def _tolerance(value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"tolerance must be an int within 0…255, not {type(value).__name__}")
    if not -(2**31) <= value < 2**31:
        raise ValueError(f"tolerance {value} is not within 0…255")
    return value


class SnapshotHost(Handle):
    """Keeps a root's views and draws them with Cairo and Pango (``frond_snapshot_host``).

    ``font_family`` is the family of text that names none ("DejaVu Sans" by default),
    ``image_directory`` where relative image ``source`` paths start (the current
    directory), ``background`` the color under the views (opaque white; None: transparent),
    ``on_warning`` a callable told each distinct warning (a replaced font)."""

    _free_function = "frond_snapshot_host_free"

    def __init__(self, *, font_family: str | None = None, image_directory: PathLike | None = None,
                 background: Color | None = _WHITE, on_warning: Callable[[str], None] | None = None) -> None:
        options = _capi.frond_snapshot_options(struct_size=ctypes.sizeof(_capi.frond_snapshot_options))
        # Kept alive until the call returns (C copies the strings).
        if font_family is not None and "\0" in font_family:
            raise ValueError(f"font_family {font_family!r} contains a NUL character")
        family = font_family.encode("utf-8") if font_family is not None else None
        directory = _path(image_directory) if image_directory is not None else None
        options.font_family = family
        options.image_directory = directory
        if background is None:
            options.has_background = True
            options.background = _capi.frond_color(0, 0, 0, 0)
        elif background != _WHITE:
            if not isinstance(background, Color):
                raise TypeError(f"background must be a frond.Color or None, not {type(background).__name__}")
            options.has_background = True
            options.background = _capi.frond_color(background.red, background.green, background.blue, background.alpha)
        handle = ctypes.POINTER(_capi.frond_snapshot_host)()
        call("frond_snapshot_host_new", ctypes.byref(handle), ctypes.byref(options))
        self._handle = handle
        if on_warning is not None:
            try:
                self.on_warning = on_warning
            except BaseException:
                self.close()
                raise

    def __repr__(self) -> str:
        return "<frond.snapshot.SnapshotHost (closed)>" if self._handle is None else "<frond.snapshot.SnapshotHost>"

    @property
    def on_warning(self) -> Callable[[str], None] | None:
        self._live()
        return getattr(self, "_on_warning", None)

    @on_warning.setter
    def on_warning(self, handler: Callable[[str], None] | None) -> None:
        handle = self._live()
        if handler is None:
            call("frond_snapshot_host_set_warning_handler", handle, _capi.frond_snapshot_warning_func(), None,
                 _capi.frond_destroy_func())
        else:
            if not callable(handler):
                raise TypeError(f"on_warning must be callable or None, not {type(handler).__name__}")
            call("frond_snapshot_host_set_warning_handler", handle, _C_WARNING,
                 user_data(registry.add(handler, self._own_arena())), DESTROY)
        self._on_warning = handler

    @property
    def warnings(self) -> list[str]:
        """Every warning so far (a font family that is not installed, and its replacement)."""
        handle = self._live()
        length = ctypes.c_size_t()
        call("frond_snapshot_host_get_warnings", ctypes.byref(length), handle, None, 0)
        buffer = ctypes.create_string_buffer(length.value + 1)
        call("frond_snapshot_host_get_warnings", ctypes.byref(length), handle, buffer, len(buffer))
        text = buffer.value.decode("utf-8", "replace")
        return text.split("\n") if text else []

    def attach(self, root: Root) -> None:
        """Makes this host `root`'s host (replacing its host) and the root's text measurer
        Pango's, set as this host draws. Attach before the root's first flush: a root that
        has mounted views already raises :class:`~frond.errors.MisuseError` (the host would
        never see them), and so does a root while another one still uses this host."""
        if not isinstance(root, Root):
            raise TypeError(f"root must be a frond.Root, not {type(root).__name__}")
        call("frond_snapshot_host_attach", self._live(), root._live())
        root._host = None  # the root's Python host and text measurer, if it had them, were replaced
        root._text_measurer = None

    def write_png(self, path: PathLike, width: float | None = None, height: float | None = None, *,
                  scale: float = 1.0) -> None:
        """Draws the views into the PNG file at `path`: `width` × `height` points (None: the
        extent of the top-level views from the origin, which leaves out the right and bottom
        padding of a top component without a view: give the root's size for its whole box)
        at `scale`."""
        call("frond_snapshot_host_write_png", self._live(), _path(path), _size(width), _size(height), _scale(scale))

    def write_component_png(self, component: Component, path: PathLike, width: float, height: float | None = None, *,
                            scale: float = 1.0) -> None:
        """Draws `component` laid out `width` points wide and `height` high (None: as high as
        its content) into the PNG file at `path`. The component stays the caller's."""
        call("frond_snapshot_host_write_component_png", self._live(), _path(path), _component(component),
             _size(width), _size(height), _scale(scale))

    def compare(self, reference: PathLike, width: float | None = None, height: float | None = None, *,
                scale: float = 1.0, tolerance: int = DEFAULT_TOLERANCE) -> Comparison:
        """Draws the views (as :meth:`write_png`) and compares them with `reference`."""
        result = _capi.frond_snapshot_comparison()
        call("frond_snapshot_host_compare", ctypes.byref(result), self._live(), _path(reference), _size(width),
             _size(height), _scale(scale), _tolerance(tolerance))
        return _comparison(result)

    def compare_component(self, component: Component, reference: PathLike, width: float, height: float | None = None,
                          *, scale: float = 1.0, tolerance: int = DEFAULT_TOLERANCE) -> Comparison:
        """Draws `component` (as :meth:`write_component_png`) and compares it with `reference`."""
        result = _capi.frond_snapshot_comparison()
        call("frond_snapshot_host_compare_component", ctypes.byref(result), self._live(), _path(reference),
             _component(component), _size(width), _size(height), _scale(scale), _tolerance(tolerance))
        return _comparison(result)


def _component(component: Component) -> Any:
    if not isinstance(component, Component):
        raise TypeError(f"component must be a frond component, not {type(component).__name__}")
    return component._live()


def _text(raw: bytes | None) -> str | None:
    return raw.decode("utf-8", "replace") if raw is not None else None


def _comparison(result: Any) -> Comparison:
    return Comparison(outcome=SnapshotOutcome(result.outcome), differing_pixels=int(result.differing_pixels),
                      largest_difference=int(result.largest_difference), actual_path=_text(result.actual_path),
                      diff_path=_text(result.diff_path), message=_text(result.message) or "")


def set_pango_text_measurer(root: Root, host: SnapshotHost | None = None) -> None:
    """Gives `root` a Pango text measurer (with `host`'s default family and warnings)."""
    if not isinstance(root, Root):
        raise TypeError(f"root must be a frond.Root, not {type(root).__name__}")
    call("frond_root_set_pango_text_measurer", root._live(), host._live() if host is not None else None)
    root._text_measurer = None  # (a Python one, if it had one, was replaced)


def render_png(component: Component, path: PathLike, width: float, height: float | None = None, *,
               scale: float = 1.0, **options: Any) -> None:
    """Draws `component` into a PNG file (`options`: those of :class:`SnapshotHost`)."""
    with SnapshotHost(**options) as host:
        host.write_component_png(component, path, width, height, scale=scale)


def assert_snapshot(component: Component, reference: PathLike, width: float, height: float | None = None, *,
                    scale: float = 1.0, tolerance: int = DEFAULT_TOLERANCE, **options: Any) -> Comparison:
    """Draws `component` and compares it with the PNG file `reference`; raises
    :class:`SnapshotMismatch` (an ``AssertionError``) naming the actual and diff images
    when it differs or there is no reference. With ``FROND_RECORD_SNAPSHOTS=1`` the image
    is recorded as the reference instead."""
    with SnapshotHost(**options) as host:
        comparison = host.compare_component(component, reference, width, height, scale=scale, tolerance=tolerance)
    if not comparison.passed:
        raise SnapshotMismatch(comparison)
    return comparison
