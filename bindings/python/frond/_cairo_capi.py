"""The raw C API of libfrond_cairo: generated from include/frond_cairo.h by
bindings/python/tools/generate_capi.py. Do not edit; run the script instead.
"""


# ruff: noqa
# fmt: off
# mypy: ignore-errors
from __future__ import annotations

import ctypes
import enum
import math
from typing import Any, Final

from ._capi import *  # the types of the header it includes


# ---- constants (#define) ----

# FROND_CAIRO_VERSION_MAJOR: not a plain constant, left out
# FROND_CAIRO_VERSION_MINOR: not a plain constant, left out
# FROND_CAIRO_VERSION_PATCH: not a plain constant, left out
FROND_SNAPSHOT_MAX_PIXELS_PER_SIDE: Final = 16384
FROND_SNAPSHOT_MAX_PIXELS: Final = 67108864
FROND_SNAPSHOT_DEFAULT_TOLERANCE: Final = 16


# ---- enums ----

class SnapshotOutcome(enum.IntEnum):
    """C `frond_snapshot_outcome`."""

    MATCHED = 0
    RECORDED = 1
    MISMATCHED = 2
    MISSING_REFERENCE = 3


# C enum name → (Python class, the prefix its members lost)
ENUMS: Final = {
    "frond_snapshot_outcome": (SnapshotOutcome, "FROND_SNAPSHOT_"),
}


# ---- structs and unions (fields below, in the header's order) ----

class frond_snapshot_host(ctypes.Structure):
    pass


class frond_snapshot_options(ctypes.Structure):
    pass


class frond_snapshot_comparison(ctypes.Structure):
    pass


RECORDS: Final = (
    frond_snapshot_host,
    frond_snapshot_options,
    frond_snapshot_comparison,
)


# ---- typedefs, callbacks and fields, in the header's order ----

frond_snapshot_options._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("font_family", ctypes.c_char_p),
    ("image_directory", ctypes.c_char_p),
    ("has_background", ctypes.c_bool),
    ("background", frond_color),
]
frond_snapshot_warning_func = ctypes.CFUNCTYPE(frond_status, ctypes.c_char_p, ctypes.c_void_p)
frond_snapshot_outcome = ctypes.c_int  # enum SnapshotOutcome
frond_snapshot_comparison._fields_ = [
    ("outcome", frond_snapshot_outcome),
    ("differing_pixels", ctypes.c_size_t),
    ("largest_difference", ctypes.c_int),
    ("actual_path", ctypes.c_char_p),
    ("diff_path", ctypes.c_char_p),
    ("message", ctypes.c_char_p),
]


# ---- functions: name → (restype, argtypes) ----

FUNCTIONS: Final[dict[str, tuple[Any, tuple[Any, ...]]]] = {
    "frond_cairo_version_numbers": (None, (ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int))),
    "frond_cairo_handle_count": (frond_status, (ctypes.POINTER(ctypes.c_size_t),)),
    "frond_snapshot_host_new": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_snapshot_host)), ctypes.POINTER(frond_snapshot_options))),
    "frond_snapshot_host_free": (frond_status, (ctypes.POINTER(frond_snapshot_host),)),
    "frond_snapshot_host_set_warning_handler": (frond_status, (ctypes.POINTER(frond_snapshot_host), frond_snapshot_warning_func, ctypes.c_void_p, frond_destroy_func)),
    "frond_snapshot_host_get_warnings": (frond_status, (ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(frond_snapshot_host), ctypes.POINTER(ctypes.c_char), ctypes.c_size_t)),
    "frond_snapshot_host_attach": (frond_status, (ctypes.POINTER(frond_snapshot_host), ctypes.POINTER(frond_root))),
    "frond_root_set_pango_text_measurer": (frond_status, (ctypes.POINTER(frond_root), ctypes.POINTER(frond_snapshot_host))),
    "frond_snapshot_host_apply": (frond_status, (ctypes.POINTER(frond_snapshot_host), ctypes.POINTER(frond_mutation))),
    "frond_snapshot_host_write_png": (frond_status, (ctypes.POINTER(frond_snapshot_host), ctypes.c_char_p, ctypes.c_float, ctypes.c_float, ctypes.c_float)),
    "frond_snapshot_host_write_component_png": (frond_status, (ctypes.POINTER(frond_snapshot_host), ctypes.c_char_p, ctypes.POINTER(frond_component), ctypes.c_float, ctypes.c_float, ctypes.c_float)),
    "frond_snapshot_host_compare": (frond_status, (ctypes.POINTER(frond_snapshot_comparison), ctypes.POINTER(frond_snapshot_host), ctypes.c_char_p, ctypes.c_float, ctypes.c_float, ctypes.c_float, ctypes.c_int)),
    "frond_snapshot_host_compare_component": (frond_status, (ctypes.POINTER(frond_snapshot_comparison), ctypes.POINTER(frond_snapshot_host), ctypes.c_char_p, ctypes.POINTER(frond_component), ctypes.c_float, ctypes.c_float, ctypes.c_float, ctypes.c_int)),
}


def bind(library: ctypes.CDLL) -> ctypes.CDLL:
    """Sets restype and argtypes of every function on a loaded libfrond_cairo (AttributeError
    names the first function the library does not export)."""
    for name, (restype, argtypes) in FUNCTIONS.items():
        function = getattr(library, name)
        function.restype = restype
        function.argtypes = argtypes
    return library
