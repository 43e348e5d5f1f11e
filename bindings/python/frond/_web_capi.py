"""The raw C API of libfrond_web: generated from include/frond_web.h by
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

# FROND_WEB_VERSION_MAJOR: not a plain constant, left out
# FROND_WEB_VERSION_MINOR: not a plain constant, left out
# FROND_WEB_VERSION_PATCH: not a plain constant, left out
FROND_WEB_DEFAULT_MAX_MESSAGE_BYTES: Final = 65536


# ---- enums ----




# C enum name → (Python class, the prefix its members lost)
ENUMS: Final = {

}


# ---- structs and unions (fields below, in the header's order) ----

class frond_web_server(ctypes.Structure):
    pass


class frond_web_config(ctypes.Structure):
    pass


class frond_web_session_info(ctypes.Structure):
    pass


class frond_web_statistics(ctypes.Structure):
    pass


RECORDS: Final = (
    frond_web_server,
    frond_web_config,
    frond_web_session_info,
    frond_web_statistics,
)


# ---- typedefs, callbacks and fields, in the header's order ----

frond_web_config._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("address", ctypes.c_char_p),
    ("port", ctypes.c_uint16),
    ("max_message_bytes", ctypes.c_size_t),
    ("keep_size_range", ctypes.c_bool),
    ("keep_text_measurer", ctypes.c_bool),
    ("font_family", ctypes.c_char_p),
    ("image_directory", ctypes.c_char_p),
    ("title", ctypes.c_char_p),
    ("frame_interval", ctypes.c_double),
]
frond_web_session_info._fields_ = [
    ("session", ctypes.c_uint64),
    ("path", ctypes.c_char_p),
    ("width", ctypes.c_float),
    ("height", ctypes.c_float),
]
frond_web_session_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(ctypes.POINTER(frond_root)), ctypes.POINTER(frond_web_session_info), ctypes.c_void_p)
frond_web_session_end_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(frond_root), ctypes.POINTER(frond_web_session_info), ctypes.c_bool, ctypes.c_void_p)
frond_web_log_func = ctypes.CFUNCTYPE(frond_status, ctypes.c_char_p, ctypes.c_void_p)
frond_web_list_session_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(ctypes.POINTER(frond_list)), ctypes.POINTER(frond_web_session_info), ctypes.c_void_p)
frond_web_list_session_end_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(frond_list), ctypes.POINTER(frond_web_session_info), ctypes.c_void_p)
frond_web_statistics._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("connections", ctypes.c_size_t),
    ("served_roots", ctypes.c_size_t),
    ("sessions", ctypes.c_uint64),
    ("messages_sent", ctypes.c_uint64),
    ("bytes_sent", ctypes.c_uint64),
    ("messages_received", ctypes.c_uint64),
    ("events", ctypes.c_uint64),
    ("refused_messages", ctypes.c_uint64),
    ("commits", ctypes.c_uint64),
]


# ---- functions: name → (restype, argtypes) ----

FUNCTIONS: Final[dict[str, tuple[Any, tuple[Any, ...]]]] = {
    "frond_web_version_numbers": (None, (ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int))),
    "frond_web_handle_count": (frond_status, (ctypes.POINTER(ctypes.c_size_t),)),
    "frond_web_server_new": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_web_server)), ctypes.POINTER(frond_web_config), frond_web_session_func, frond_web_session_end_func, ctypes.c_void_p, frond_destroy_func)),
    "frond_web_server_free": (frond_status, (ctypes.POINTER(frond_web_server),)),
    "frond_web_server_set_log_handler": (frond_status, (ctypes.POINTER(frond_web_server), frond_web_log_func, ctypes.c_void_p, frond_destroy_func)),
    "frond_web_server_get_port": (frond_status, (ctypes.POINTER(ctypes.c_uint16), ctypes.POINTER(frond_web_server))),
    "frond_web_server_run": (frond_status, (ctypes.POINTER(frond_web_server), ctypes.c_double)),
    "frond_web_server_interrupt": (frond_status, (ctypes.POINTER(frond_web_server),)),
    "frond_web_server_serve_lists": (frond_status, (ctypes.POINTER(frond_web_server), ctypes.c_char_p, frond_web_list_session_func, frond_web_list_session_end_func, ctypes.c_void_p, frond_destroy_func)),
    "frond_web_server_get_text_measurer": (frond_status, (ctypes.POINTER(frond_text_measure_func), ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(frond_web_server))),
    "frond_web_server_get_statistics": (frond_status, (ctypes.POINTER(frond_web_statistics), ctypes.POINTER(frond_web_server))),
}


def bind(library: ctypes.CDLL) -> ctypes.CDLL:
    """Sets restype and argtypes of every function on a loaded libfrond_web (AttributeError
    names the first function the library does not export)."""
    for name, (restype, argtypes) in FUNCTIONS.items():
        function = getattr(library, name)
        function.restype = restype
        function.argtypes = argtypes
    return library
