"""The raw C API of libfrond: generated from include/frond.h by
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


# ---- constants (#define) ----

FROND_VERSION_MAJOR: Final = 0
FROND_VERSION_MINOR: Final = 1
FROND_VERSION_PATCH: Final = 0
FROND_UNDEFINED: Final = math.nan
FROND_MAX_TREE_DEPTH: Final = 256
FROND_MAX_COMPONENT_ANIMATIONS: Final = 8
FROND_EVENT_TAP: Final = "onTap"
FROND_EVENT_LONG_PRESS: Final = "onLongPress"
FROND_EVENT_VALUE_CHANGE: Final = "onValueChange"
FROND_MAX_ARGUMENTS: Final = 16


# ---- enums ----

class Status(enum.IntEnum):
    """C `frond_status`."""

    OK = 0
    ERR_INVALID_ARGUMENT = -1
    ERR_MISUSE = -2
    ERR_INVALID_TREE = -3
    ERR_LIMIT = -4
    ERR_CALLBACK = -5
    ERR_OUT_OF_MEMORY = -6
    ERR_INTERNAL = -7


class Unit(enum.IntEnum):
    """C `frond_unit`."""

    UNDEFINED = 0
    POINT = 1
    PERCENT = 2
    AUTO = 3
    MAX_CONTENT = 4
    FIT_CONTENT = 5
    STRETCH = 6


class Direction(enum.IntEnum):
    """C `frond_direction`."""

    INHERIT = 0
    LTR = 1
    RTL = 2


class FlexDirection(enum.IntEnum):
    """C `frond_flex_direction`."""

    COLUMN = 0
    COLUMN_REVERSE = 1
    ROW = 2
    ROW_REVERSE = 3


class Justify(enum.IntEnum):
    """C `frond_justify`."""

    FLEX_START = 0
    CENTER = 1
    FLEX_END = 2
    SPACE_BETWEEN = 3
    SPACE_AROUND = 4
    SPACE_EVENLY = 5


class Align(enum.IntEnum):
    """C `frond_align`."""

    AUTO = 0
    FLEX_START = 1
    CENTER = 2
    FLEX_END = 3
    STRETCH = 4
    BASELINE = 5
    SPACE_BETWEEN = 6
    SPACE_AROUND = 7
    SPACE_EVENLY = 8


class PositionType(enum.IntEnum):
    """C `frond_position_type`."""

    STATIC = 0
    RELATIVE = 1
    ABSOLUTE = 2


class Wrap(enum.IntEnum):
    """C `frond_wrap`."""

    NO_WRAP = 0
    WRAP = 1
    WRAP_REVERSE = 2


class Overflow(enum.IntEnum):
    """C `frond_overflow`."""

    VISIBLE = 0
    HIDDEN = 1
    SCROLL = 2


class Display(enum.IntEnum):
    """C `frond_display`."""

    FLEX = 0
    NONE = 1
    CONTENTS = 2


class BoxSizing(enum.IntEnum):
    """C `frond_box_sizing`."""

    BORDER_BOX = 0
    CONTENT_BOX = 1


class Edge(enum.IntEnum):
    """C `frond_edge`."""

    LEFT = 0
    TOP = 1
    RIGHT = 2
    BOTTOM = 3
    START = 4
    END = 5
    HORIZONTAL = 6
    VERTICAL = 7
    ALL = 8


class Gutter(enum.IntEnum):
    """C `frond_gutter`."""

    COLUMN = 0
    ROW = 1
    ALL = 2


class MeasureMode(enum.IntEnum):
    """C `frond_measure_mode`."""

    UNDEFINED = 0
    EXACTLY = 1
    AT_MOST = 2


class Errata(enum.IntEnum):
    """C `frond_errata`."""

    NONE = 0
    STRETCH_FLEX_BASIS = 1
    ABSOLUTE_POSITION_WITHOUT_INSETS_EXCLUDES_PADDING = 2
    ABSOLUTE_PERCENT_AGAINST_INNER_SIZE = 4
    MIN_SIZE_UNDEFINED_INSTEAD_OF_AUTO = 8
    ALL = 2147483647
    CLASSIC = 2147483646


class ExperimentalFeature(enum.IntEnum):
    """C `frond_experimental_feature`."""

    WEB_FLEX_BASIS = 0
    FIX_FLEX_BASIS_FIT_CONTENT = 1


class AttributeKind(enum.IntEnum):
    """C `frond_attribute_kind`."""

    NUMBER = 1
    BOOL = 2
    STRING = 3
    COLOR = 4
    HOST_VALUE = 5
    ACTION = 6
    ACTION_BLOCK = 7


class TextAlign(enum.IntEnum):
    """C `frond_text_align`."""

    DEFAULT = 0
    LEFT = 1
    CENTER = 2
    RIGHT = 3
    JUSTIFY = 4


class Centering(enum.IntEnum):
    """C `frond_centering`."""

    NONE = 0
    X = 1
    Y = 2
    XY = 3


class CenterSizing(enum.IntEnum):
    """C `frond_center_sizing`."""

    DEFAULT = 0
    MINIMUM_X = 1
    MINIMUM_Y = 2
    MINIMUM_XY = 3


class SizeRangeKind(enum.IntEnum):
    """C `frond_size_range_kind`."""

    FIXED = 0
    FLEXIBLE_HEIGHT = 1
    FLEXIBLE_WIDTH = 2
    FIT_CONTENT = 3


class MutationKind(enum.IntEnum):
    """C `frond_mutation_kind`."""

    CREATE = 1
    UPDATE = 2
    SET_FRAME = 3
    INSERT = 4
    MOVE = 5
    REMOVE = 6
    DESTROY = 7


class ViewTypeFlags(enum.IntEnum):
    """C `frond_view_type_flags`."""

    REJECT_OTHER_ATTRIBUTES = 0
    ALLOW_OTHER_ATTRIBUTES = 1


class ControllerEvent(enum.IntEnum):
    """C `frond_controller_event`."""

    DID_INIT = 1
    WILL_MOUNT = 2
    DID_MOUNT = 3
    WILL_REMOUNT = 4
    DID_REMOUNT = 5
    WILL_UNMOUNT = 6
    DID_UNMOUNT = 7
    WILL_UPDATE_COMPONENT = 8
    DID_UPDATE_COMPONENT = 9
    DID_ACQUIRE_VIEW = 10
    WILL_RELINQUISH_VIEW = 11
    INVALIDATE = 12


class AnimationMoment(enum.IntEnum):
    """C `frond_animation_moment`."""

    INITIAL_MOUNT = 1
    CHANGE = 2
    FINAL_UNMOUNT = 3


class AnimationProperty(enum.IntEnum):
    """C `frond_animation_property`."""

    OPACITY = 1
    TRANSLATION_X = 2
    TRANSLATION_Y = 3
    SCALE = 4
    BACKGROUND_COLOR = 5
    POSITION = 6
    SIZE = 7
    PARALLEL = 8
    SEQUENCE = 9


class TimingCurve(enum.IntEnum):
    """C `frond_timing_curve`."""

    LINEAR = 0
    EASE_IN = 1
    EASE_OUT = 2
    EASE_IN_OUT = 3
    CUBIC_BEZIER = 4
    SPRING = 5


class ActionOutcome(enum.IntEnum):
    """C `frond_action_outcome`."""

    HANDLED = 1
    UNHANDLED = 2
    NO_ACTION = 3


class ArgumentType(enum.IntEnum):
    """C `frond_argument_type`."""

    INT64 = 1
    DOUBLE = 2
    BOOL = 3
    STRING = 4
    HOST_VALUE = 5


class ChangeKind(enum.IntEnum):
    """C `frond_change_kind`."""

    UPDATE_ITEM = 0
    REMOVE_ITEM = 1
    REMOVE_SECTION = 2
    MOVE_ITEM = 3
    INSERT_SECTION = 4
    INSERT_ITEM = 5


class ApplyMode(enum.IntEnum):
    """C `frond_apply_mode`."""

    SYNC = 0
    ASYNC = 1


class ListAxis(enum.IntEnum):
    """C `frond_list_axis`."""

    VERTICAL = 0
    HORIZONTAL = 1


class ListScrollPosition(enum.IntEnum):
    """C `frond_list_scroll_position`."""

    START = 0
    CENTER = 1
    END = 2


# C enum name → (Python class, the prefix its members lost)
ENUMS: Final = {
    "frond_status": (Status, "FROND_"),
    "frond_unit": (Unit, "FROND_UNIT_"),
    "frond_direction": (Direction, "FROND_DIRECTION_"),
    "frond_flex_direction": (FlexDirection, "FROND_FLEX_DIRECTION_"),
    "frond_justify": (Justify, "FROND_JUSTIFY_"),
    "frond_align": (Align, "FROND_ALIGN_"),
    "frond_position_type": (PositionType, "FROND_POSITION_TYPE_"),
    "frond_wrap": (Wrap, "FROND_WRAP_"),
    "frond_overflow": (Overflow, "FROND_OVERFLOW_"),
    "frond_display": (Display, "FROND_DISPLAY_"),
    "frond_box_sizing": (BoxSizing, "FROND_BOX_SIZING_"),
    "frond_edge": (Edge, "FROND_EDGE_"),
    "frond_gutter": (Gutter, "FROND_GUTTER_"),
    "frond_measure_mode": (MeasureMode, "FROND_MEASURE_MODE_"),
    "frond_errata": (Errata, "FROND_ERRATA_"),
    "frond_experimental_feature": (ExperimentalFeature, "FROND_EXPERIMENTAL_FEATURE_"),
    "frond_attribute_kind": (AttributeKind, "FROND_ATTRIBUTE_"),
    "frond_text_align": (TextAlign, "FROND_TEXT_ALIGN_"),
    "frond_centering": (Centering, "FROND_CENTERING_"),
    "frond_center_sizing": (CenterSizing, "FROND_CENTER_SIZING_"),
    "frond_size_range_kind": (SizeRangeKind, "FROND_SIZE_RANGE_"),
    "frond_mutation_kind": (MutationKind, "FROND_MUTATION_"),
    "frond_view_type_flags": (ViewTypeFlags, "FROND_VIEW_TYPE_"),
    "frond_controller_event": (ControllerEvent, "FROND_CONTROLLER_"),
    "frond_animation_moment": (AnimationMoment, "FROND_ANIMATIONS_ON_"),
    "frond_animation_property": (AnimationProperty, "FROND_ANIMATION_"),
    "frond_timing_curve": (TimingCurve, "FROND_CURVE_"),
    "frond_action_outcome": (ActionOutcome, "FROND_ACTION_"),
    "frond_argument_type": (ArgumentType, "FROND_ARGUMENT_"),
    "frond_change_kind": (ChangeKind, "FROND_CHANGE_"),
    "frond_apply_mode": (ApplyMode, "FROND_APPLY_"),
    "frond_list_axis": (ListAxis, "FROND_LIST_"),
    "frond_list_scroll_position": (ListScrollPosition, "FROND_LIST_SCROLL_"),
}


# ---- structs and unions (fields below, in the header's order) ----

class frond_config(ctypes.Structure):
    pass


class frond_node(ctypes.Structure):
    pass


class frond_value(ctypes.Structure):
    pass


class frond_size(ctypes.Structure):
    pass


class frond_rect(ctypes.Structure):
    pass


class frond_layout_statistics(ctypes.Structure):
    pass


class frond_component(ctypes.Structure):
    pass


class frond_root(ctypes.Structure):
    pass


class frond_action_block(ctypes.Structure):
    pass


class frond_color(ctypes.Structure):
    pass


class frond_attribute(ctypes.Structure):
    pass


class frond_view_spec(ctypes.Structure):
    pass


class frond_size_spec(ctypes.Structure):
    pass


class frond_text_style(ctypes.Structure):
    pass


class frond_flexbox_style(ctypes.Structure):
    pass


class frond_flex_child(ctypes.Structure):
    pass


class frond_static_child(ctypes.Structure):
    pass


class frond_size_range(ctypes.Structure):
    pass


class frond_mutation(ctypes.Structure):
    pass


class frond_host(ctypes.Structure):
    pass


class frond_attribute_spec(ctypes.Structure):
    pass


class frond_render_class(ctypes.Structure):
    pass


class frond_scope(ctypes.Structure):
    pass


class frond_action(ctypes.Structure):
    pass


class frond_controller_vtable(ctypes.Structure):
    pass


class frond_animation(ctypes.Structure):
    pass


class frond_render_class_spec(ctypes.Structure):
    pass


class frond_commit_statistics(ctypes.Structure):
    pass


class frond_animation_value(ctypes.Structure):
    pass


class frond_argument(ctypes.Structure):
    pass


class frond_wrapper(ctypes.Structure):
    pass


class frond_legacy_view(ctypes.Structure):
    pass


class frond_legacy_vtable(ctypes.Structure):
    pass


class frond_item_path(ctypes.Structure):
    pass


class frond_changeset(ctypes.Structure):
    pass


class frond_change(ctypes.Structure):
    pass


class frond_data_source(ctypes.Structure):
    pass


class frond_data_source_config(ctypes.Structure):
    pass


class frond_item_model(ctypes.Structure):
    pass


class frond_item_failure(ctypes.Structure):
    pass


class frond_applied_changes(ctypes.Structure):
    pass


class frond_data_source_listener(ctypes.Structure):
    pass


class frond_data_source_item(ctypes.Structure):
    pass


class frond_list(ctypes.Structure):
    pass


class frond_list_config(ctypes.Structure):
    pass


class frond_list_listener(ctypes.Structure):
    pass


class frond_list_statistics(ctypes.Structure):
    pass


RECORDS: Final = (
    frond_config,
    frond_node,
    frond_value,
    frond_size,
    frond_rect,
    frond_layout_statistics,
    frond_component,
    frond_root,
    frond_action_block,
    frond_color,
    frond_attribute,
    frond_view_spec,
    frond_size_spec,
    frond_text_style,
    frond_flexbox_style,
    frond_flex_child,
    frond_static_child,
    frond_size_range,
    frond_mutation,
    frond_host,
    frond_attribute_spec,
    frond_render_class,
    frond_scope,
    frond_action,
    frond_controller_vtable,
    frond_animation,
    frond_render_class_spec,
    frond_commit_statistics,
    frond_animation_value,
    frond_argument,
    frond_wrapper,
    frond_legacy_view,
    frond_legacy_vtable,
    frond_item_path,
    frond_changeset,
    frond_change,
    frond_data_source,
    frond_data_source_config,
    frond_item_model,
    frond_item_failure,
    frond_applied_changes,
    frond_data_source_listener,
    frond_data_source_item,
    frond_list,
    frond_list_config,
    frond_list_listener,
    frond_list_statistics,
)


# ---- typedefs, callbacks and fields, in the header's order ----

frond_status = ctypes.c_int  # enum Status
frond_destroy_func = ctypes.CFUNCTYPE(None, ctypes.c_void_p)
frond_unit = ctypes.c_int  # enum Unit
frond_value._fields_ = [
    ("value", ctypes.c_float),
    ("unit", frond_unit),
]
frond_size._fields_ = [
    ("width", ctypes.c_float),
    ("height", ctypes.c_float),
]
frond_rect._fields_ = [
    ("left", ctypes.c_float),
    ("top", ctypes.c_float),
    ("width", ctypes.c_float),
    ("height", ctypes.c_float),
]
frond_direction = ctypes.c_int  # enum Direction
frond_flex_direction = ctypes.c_int  # enum FlexDirection
frond_justify = ctypes.c_int  # enum Justify
frond_align = ctypes.c_int  # enum Align
frond_position_type = ctypes.c_int  # enum PositionType
frond_wrap = ctypes.c_int  # enum Wrap
frond_overflow = ctypes.c_int  # enum Overflow
frond_display = ctypes.c_int  # enum Display
frond_box_sizing = ctypes.c_int  # enum BoxSizing
frond_edge = ctypes.c_int  # enum Edge
frond_gutter = ctypes.c_int  # enum Gutter
frond_measure_mode = ctypes.c_int  # enum MeasureMode
frond_errata = ctypes.c_int  # enum Errata
frond_experimental_feature = ctypes.c_int  # enum ExperimentalFeature
frond_measure_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(frond_node), ctypes.c_float, frond_measure_mode, ctypes.c_float, frond_measure_mode, ctypes.POINTER(frond_size), ctypes.c_void_p)
frond_baseline_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(frond_node), ctypes.c_float, ctypes.c_float, ctypes.POINTER(ctypes.c_float), ctypes.c_void_p)
frond_layout_statistics._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("layouts", ctypes.c_size_t),
    ("measures", ctypes.c_size_t),
    ("cached_layouts", ctypes.c_size_t),
    ("cached_measures", ctypes.c_size_t),
    ("measure_callbacks", ctypes.c_size_t),
    ("non_finite_values", ctypes.c_size_t),
]
frond_attribute_kind = ctypes.c_int  # enum AttributeKind
frond_color._fields_ = [
    ("red", ctypes.c_float),
    ("green", ctypes.c_float),
    ("blue", ctypes.c_float),
    ("alpha", ctypes.c_float),
]
frond_attribute._fields_ = [
    ("name", ctypes.c_char_p),
    ("kind", frond_attribute_kind),
    ("number", ctypes.c_double),
    ("boolean", ctypes.c_bool),
    ("string", ctypes.c_char_p),
    ("color", frond_color),
    ("host_value", ctypes.c_uint64),
    ("action_block", ctypes.POINTER(frond_action_block)),
]
frond_view_spec._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("view_type", ctypes.c_char_p),
    ("attributes", ctypes.POINTER(frond_attribute)),
    ("attribute_count", ctypes.c_size_t),
    ("accessibility_label", ctypes.c_char_p),
    ("accessibility_hint", ctypes.c_char_p),
    ("accessibility_traits", ctypes.c_uint64),
]
frond_size_spec._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("width", frond_value),
    ("height", frond_value),
    ("min_width", frond_value),
    ("min_height", frond_value),
    ("max_width", frond_value),
    ("max_height", frond_value),
]
frond_text_align = ctypes.c_int  # enum TextAlign
frond_text_style._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("font_size", ctypes.c_float),
    ("line_height", ctypes.c_float),
    ("font_family", ctypes.c_char_p),
    ("has_color", ctypes.c_bool),
    ("color", frond_color),
    ("max_lines", ctypes.c_int32),
    ("font_weight", ctypes.c_int32),
    ("text_align", frond_text_align),
]
frond_flexbox_style._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("direction", frond_flex_direction),
    ("wrap", frond_wrap),
    ("justify_content", frond_justify),
    ("align_items", frond_align),
    ("align_content", frond_align),
    ("spacing", ctypes.c_float),
    ("line_spacing", ctypes.c_float),
    ("padding", (frond_value * 4)),
    ("border", (ctypes.c_float * 4)),
    ("layout_direction", frond_direction),
    ("overflow", frond_overflow),
]
frond_flex_child._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("component", ctypes.POINTER(frond_component)),
    ("flex_grow", ctypes.c_float),
    ("flex_shrink", ctypes.c_float),
    ("flex_basis", frond_value),
    ("align_self", frond_align),
    ("margin", (frond_value * 4)),
    ("position_type", frond_position_type),
    ("position", (frond_value * 4)),
    ("aspect_ratio", ctypes.c_float),
]
frond_centering = ctypes.c_int  # enum Centering
frond_center_sizing = ctypes.c_int  # enum CenterSizing
frond_static_child._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("component", ctypes.POINTER(frond_component)),
    ("x", ctypes.c_float),
    ("y", ctypes.c_float),
    ("size", ctypes.POINTER(frond_size_spec)),
]
frond_size_range_kind = ctypes.c_int  # enum SizeRangeKind
frond_size_range._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("kind", frond_size_range_kind),
    ("width", ctypes.c_float),
    ("height", ctypes.c_float),
]
frond_mutation_kind = ctypes.c_int  # enum MutationKind
frond_mutation._fields_ = [
    ("kind", frond_mutation_kind),
    ("view", ctypes.c_uint64),
    ("parent", ctypes.c_uint64),
    ("index", ctypes.c_size_t),
    ("view_type", ctypes.c_char_p),
    ("frame", frond_rect),
    ("set", ctypes.POINTER(frond_attribute)),
    ("set_count", ctypes.c_size_t),
    ("unset", ctypes.POINTER(ctypes.c_char_p)),
    ("unset_count", ctypes.c_size_t),
]
frond_host_begin_commit_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(frond_root), ctypes.c_void_p)
frond_host_apply_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(frond_root), ctypes.POINTER(frond_mutation), ctypes.c_void_p)
frond_host_apply_batch_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(frond_root), ctypes.POINTER(frond_mutation), ctypes.c_size_t, ctypes.c_void_p)
frond_host_end_commit_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(frond_root), ctypes.c_void_p)
frond_host._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("begin_commit", frond_host_begin_commit_func),
    ("apply", frond_host_apply_func),
    ("apply_batch", frond_host_apply_batch_func),
    ("end_commit", frond_host_end_commit_func),
]
frond_text_measure_func = ctypes.CFUNCTYPE(frond_status, ctypes.c_char_p, ctypes.POINTER(frond_text_style), ctypes.c_float, frond_measure_mode, ctypes.c_float, frond_measure_mode, ctypes.POINTER(frond_size), ctypes.c_void_p)
frond_component_provider_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(ctypes.POINTER(frond_component)), ctypes.c_void_p, ctypes.c_void_p)
frond_attribute_spec._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("name", ctypes.c_char_p),
    ("kind", frond_attribute_kind),
]
frond_view_type_flags = ctypes.c_int  # enum ViewTypeFlags
frond_controller_event = ctypes.c_int  # enum ControllerEvent
frond_controller_vtable_create_func = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)
frond_controller_vtable_event_func = ctypes.CFUNCTYPE(None, ctypes.c_void_p, frond_controller_event, ctypes.c_uint64, ctypes.c_void_p, ctypes.c_void_p)
frond_controller_vtable_handle_action_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(ctypes.c_bool), ctypes.c_void_p, ctypes.POINTER(frond_action), ctypes.c_void_p)
frond_controller_vtable._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("create", frond_controller_vtable_create_func),
    ("event", frond_controller_vtable_event_func),
    ("handle_action", frond_controller_vtable_handle_action_func),
    ("destroy", frond_destroy_func),
]
frond_animation_moment = ctypes.c_int  # enum AnimationMoment
frond_render_class_spec_initial_state_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p, ctypes.c_void_p)
frond_render_class_spec_render_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(ctypes.POINTER(frond_component)), ctypes.POINTER(frond_scope), ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)
frond_render_class_spec_should_update_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(ctypes.c_bool), ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)
frond_render_class_spec_handle_action_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(frond_action), ctypes.POINTER(frond_scope), ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)
frond_render_class_spec_animations_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(frond_animation), ctypes.POINTER(ctypes.c_size_t), frond_animation_moment, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)
frond_render_class_spec._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("name", ctypes.c_char_p),
    ("initial_state", frond_render_class_spec_initial_state_func),
    ("render", frond_render_class_spec_render_func),
    ("should_update", frond_render_class_spec_should_update_func),
    ("destroy_state", frond_destroy_func),
    ("handle_action", frond_render_class_spec_handle_action_func),
    ("controller", ctypes.POINTER(frond_controller_vtable)),
    ("animations", frond_render_class_spec_animations_func),
    ("frame_animation", ctypes.POINTER(frond_animation)),
]
frond_state_update_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p)
frond_flush_request_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(frond_root), ctypes.c_void_p)
frond_commit_statistics._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("components", ctypes.c_size_t),
    ("built_nodes", ctypes.c_size_t),
    ("reused_subtrees", ctypes.c_size_t),
    ("renders", ctypes.c_size_t),
    ("should_update_calls", ctypes.c_size_t),
    ("scopes_created", ctypes.c_size_t),
    ("scopes_destroyed", ctypes.c_size_t),
    ("state_updates", ctypes.c_size_t),
    ("dropped_state_updates", ctypes.c_size_t),
    ("layouts", ctypes.c_size_t),
    ("measure_calls", ctypes.c_size_t),
    ("created", ctypes.c_size_t),
    ("destroyed", ctypes.c_size_t),
    ("moved", ctypes.c_size_t),
    ("updated", ctypes.c_size_t),
    ("mutations", ctypes.c_size_t),
    ("views_visited", ctypes.c_size_t),
    ("build_ns", ctypes.c_uint64),
    ("layout_ns", ctypes.c_uint64),
    ("mount_ns", ctypes.c_uint64),
    ("release_ns", ctypes.c_uint64),
]
frond_animation_property = ctypes.c_int  # enum AnimationProperty
frond_timing_curve = ctypes.c_int  # enum TimingCurve
frond_animation_value._fields_ = [
    ("current", ctypes.c_bool),
    ("x", ctypes.c_double),
    ("y", ctypes.c_double),
    ("color", frond_color),
]
frond_animation_completion_func = ctypes.CFUNCTYPE(None, ctypes.c_bool, ctypes.c_void_p)
frond_animation._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("property", frond_animation_property),
    ("from", frond_animation_value),
    ("to", frond_animation_value),
    ("duration", ctypes.c_double),
    ("delay", ctypes.c_double),
    ("curve", frond_timing_curve),
    ("bezier", (ctypes.c_double * 4)),
    ("spring_damping", ctypes.c_double),
    ("spring_stiffness", ctypes.c_double),
    ("spring_mass", ctypes.c_double),
    ("spring_initial_velocity", ctypes.c_double),
    ("target_key", ctypes.c_char_p),
    ("completion", frond_animation_completion_func),
    ("user_data", ctypes.c_void_p),
    ("parts", ctypes.POINTER(frond_animation)),
    ("part_count", ctypes.c_size_t),
    ("destroy", frond_destroy_func),
]
frond_action_outcome = ctypes.c_int  # enum ActionOutcome
frond_action_handler_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(frond_root), ctypes.POINTER(frond_action), ctypes.c_void_p)
frond_action_block_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(frond_action), ctypes.c_void_p)
frond_argument_type = ctypes.c_int  # enum ArgumentType
frond_argument._fields_ = [
    ("type", frond_argument_type),
    ("int64", ctypes.c_int64),
    ("number", ctypes.c_double),
    ("boolean", ctypes.c_bool),
    ("string", ctypes.c_char_p),
    ("host_value", ctypes.c_uint64),
]
frond_native_func = ctypes.CFUNCTYPE(None)
frond_wrapper_action_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(frond_action), ctypes.c_void_p)
frond_legacy_vtable_view_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(frond_legacy_view), ctypes.c_void_p)
frond_legacy_vtable_measure_func = ctypes.CFUNCTYPE(frond_status, ctypes.c_float, frond_measure_mode, ctypes.c_float, frond_measure_mode, ctypes.POINTER(frond_size), ctypes.c_void_p)
frond_legacy_vtable_did_mount_func = ctypes.CFUNCTYPE(None, ctypes.c_uint64, ctypes.c_void_p)
frond_legacy_vtable_did_unmount_func = ctypes.CFUNCTYPE(None, ctypes.c_uint64, ctypes.c_void_p)
frond_legacy_vtable_handle_action_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(frond_action), ctypes.c_void_p)
frond_legacy_vtable._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("name", ctypes.c_char_p),
    ("view", frond_legacy_vtable_view_func),
    ("measure", frond_legacy_vtable_measure_func),
    ("did_mount", frond_legacy_vtable_did_mount_func),
    ("did_unmount", frond_legacy_vtable_did_unmount_func),
    ("handle_action", frond_legacy_vtable_handle_action_func),
]
frond_item_path._fields_ = [
    ("section", ctypes.c_size_t),
    ("item", ctypes.c_size_t),
]
frond_change_kind = ctypes.c_int  # enum ChangeKind
frond_change._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("kind", frond_change_kind),
    ("path", frond_item_path),
    ("to", frond_item_path),
]
frond_item_provider_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(ctypes.POINTER(frond_component)), ctypes.c_void_p, ctypes.c_void_p)
frond_data_source_config._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("item_size_range", frond_size_range),
    ("provider", frond_item_provider_func),
    ("user_data", ctypes.c_void_p),
    ("destroy", frond_destroy_func),
]
frond_item_model._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("model", ctypes.c_void_p),
    ("destroy", frond_destroy_func),
    ("id", ctypes.c_uint64),
    ("version", ctypes.c_uint64),
]
frond_apply_mode = ctypes.c_int  # enum ApplyMode
frond_item_failure._fields_ = [
    ("path", frond_item_path),
    ("status", frond_status),
    ("message", ctypes.c_char_p),
]
frond_applied_changes._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("changes", ctypes.POINTER(frond_change)),
    ("change_count", ctypes.c_size_t),
    ("updated", ctypes.POINTER(frond_change)),
    ("updated_count", ctypes.c_size_t),
    ("failures", ctypes.POINTER(frond_item_failure)),
    ("failure_count", ctypes.c_size_t),
    ("version", ctypes.c_uint64),
]
frond_data_source_listener_did_apply_func = ctypes.CFUNCTYPE(None, ctypes.POINTER(frond_data_source), ctypes.POINTER(frond_applied_changes), ctypes.c_void_p)
frond_data_source_listener_will_build_func = ctypes.CFUNCTYPE(None, ctypes.POINTER(frond_data_source), ctypes.c_void_p)
frond_data_source_listener_did_build_func = ctypes.CFUNCTYPE(None, ctypes.POINTER(frond_data_source), ctypes.c_void_p)
frond_data_source_listener_did_fail_func = ctypes.CFUNCTYPE(None, ctypes.POINTER(frond_data_source), ctypes.c_char_p, ctypes.c_void_p)
frond_data_source_listener._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("did_apply", frond_data_source_listener_did_apply_func),
    ("will_build", frond_data_source_listener_will_build_func),
    ("did_build", frond_data_source_listener_did_build_func),
    ("did_fail", frond_data_source_listener_did_fail_func),
]
frond_data_source_ready_func = ctypes.CFUNCTYPE(None, ctypes.POINTER(frond_data_source), ctypes.c_void_p)
frond_data_source_item._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("model", ctypes.c_void_p),
    ("id", ctypes.c_uint64),
    ("version", ctypes.c_uint64),
    ("size", frond_size),
]
frond_data_source_schedule_func = ctypes.CFUNCTYPE(None, ctypes.POINTER(frond_data_source), ctypes.c_void_p)
frond_list_axis = ctypes.c_int  # enum ListAxis
frond_list_config._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("axis", frond_list_axis),
    ("cross_size", ctypes.c_float),
    ("estimated_item_size", ctypes.c_float),
    ("range_screens", ctypes.c_float),
    ("provider", frond_item_provider_func),
    ("user_data", ctypes.c_void_p),
    ("destroy", frond_destroy_func),
    ("text_measure", frond_text_measure_func),
    ("text_measure_user_data", ctypes.c_void_p),
]
frond_list_listener_did_change_content_length_func = ctypes.CFUNCTYPE(None, ctypes.POINTER(frond_list), ctypes.c_float, ctypes.c_void_p)
frond_list_listener_did_adjust_offset_func = ctypes.CFUNCTYPE(None, ctypes.POINTER(frond_list), ctypes.c_float, ctypes.c_void_p)
frond_list_listener_did_enter_range_func = ctypes.CFUNCTYPE(None, ctypes.POINTER(frond_list), frond_item_path, ctypes.c_void_p, ctypes.c_void_p)
frond_list_listener_did_leave_range_func = ctypes.CFUNCTYPE(None, ctypes.POINTER(frond_list), frond_item_path, ctypes.c_void_p, ctypes.c_void_p)
frond_list_listener._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("did_change_content_length", frond_list_listener_did_change_content_length_func),
    ("did_adjust_offset", frond_list_listener_did_adjust_offset_func),
    ("did_enter_range", frond_list_listener_did_enter_range_func),
    ("did_leave_range", frond_list_listener_did_leave_range_func),
]
frond_list_statistics._fields_ = [
    ("struct_size", ctypes.c_uint32),
    ("mounted_items", ctypes.c_size_t),
    ("host_views", ctypes.c_size_t),
    ("parked_items", ctypes.c_size_t),
    ("created", ctypes.c_uint64),
    ("reused", ctypes.c_uint64),
    ("parked", ctypes.c_uint64),
    ("destroyed", ctypes.c_uint64),
    ("content_length", ctypes.c_float),
    ("offset", ctypes.c_float),
]
frond_list_scroll_position = ctypes.c_int  # enum ListScrollPosition
frond_list_action_handler_func = ctypes.CFUNCTYPE(frond_status, ctypes.POINTER(frond_list), frond_item_path, ctypes.POINTER(frond_action), ctypes.c_void_p)


# ---- functions: name → (restype, argtypes) ----

FUNCTIONS: Final[dict[str, tuple[Any, tuple[Any, ...]]]] = {
    "frond_version": (ctypes.c_char_p, ()),
    "frond_version_numbers": (None, (ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int))),
    "frond_status_name": (ctypes.c_char_p, (frond_status,)),
    "frond_last_error_message": (ctypes.c_char_p, ()),
    "frond_clear_last_error": (None, ()),
    "frond_set_last_error": (None, (ctypes.c_char_p,)),
    "frond_handle_count": (frond_status, (ctypes.POINTER(ctypes.c_size_t),)),
    "frond_config_new": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_config)),)),
    "frond_config_free": (frond_status, (ctypes.POINTER(frond_config),)),
    "frond_config_set_point_scale_factor": (frond_status, (ctypes.POINTER(frond_config), ctypes.c_float)),
    "frond_config_get_point_scale_factor": (frond_status, (ctypes.POINTER(ctypes.c_float), ctypes.POINTER(frond_config))),
    "frond_config_set_use_web_defaults": (frond_status, (ctypes.POINTER(frond_config), ctypes.c_bool)),
    "frond_config_get_use_web_defaults": (frond_status, (ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(frond_config))),
    "frond_config_set_errata": (frond_status, (ctypes.POINTER(frond_config), ctypes.c_uint32)),
    "frond_config_get_errata": (frond_status, (ctypes.POINTER(ctypes.c_uint32), ctypes.POINTER(frond_config))),
    "frond_config_set_experimental_feature": (frond_status, (ctypes.POINTER(frond_config), frond_experimental_feature, ctypes.c_bool)),
    "frond_config_get_experimental_feature": (frond_status, (ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(frond_config), frond_experimental_feature)),
    "frond_node_new": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_node)), ctypes.POINTER(frond_config))),
    "frond_node_free": (frond_status, (ctypes.POINTER(frond_node),)),
    "frond_node_free_recursive": (frond_status, (ctypes.POINTER(frond_node),)),
    "frond_node_insert_child": (frond_status, (ctypes.POINTER(frond_node), ctypes.POINTER(frond_node), ctypes.c_size_t)),
    "frond_node_append_child": (frond_status, (ctypes.POINTER(frond_node), ctypes.POINTER(frond_node))),
    "frond_node_remove_child": (frond_status, (ctypes.POINTER(frond_node), ctypes.POINTER(frond_node))),
    "frond_node_remove_all_children": (frond_status, (ctypes.POINTER(frond_node),)),
    "frond_node_get_child_count": (frond_status, (ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(frond_node))),
    "frond_node_get_child": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_node)), ctypes.POINTER(frond_node), ctypes.c_size_t)),
    "frond_node_get_parent": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_node)), ctypes.POINTER(frond_node))),
    "frond_node_style_reset": (frond_status, (ctypes.POINTER(frond_node),)),
    "frond_node_style_set_direction": (frond_status, (ctypes.POINTER(frond_node), frond_direction)),
    "frond_node_style_get_direction": (frond_status, (ctypes.POINTER(frond_direction), ctypes.POINTER(frond_node))),
    "frond_node_style_set_flex_direction": (frond_status, (ctypes.POINTER(frond_node), frond_flex_direction)),
    "frond_node_style_get_flex_direction": (frond_status, (ctypes.POINTER(frond_flex_direction), ctypes.POINTER(frond_node))),
    "frond_node_style_set_justify_content": (frond_status, (ctypes.POINTER(frond_node), frond_justify)),
    "frond_node_style_get_justify_content": (frond_status, (ctypes.POINTER(frond_justify), ctypes.POINTER(frond_node))),
    "frond_node_style_set_align_content": (frond_status, (ctypes.POINTER(frond_node), frond_align)),
    "frond_node_style_get_align_content": (frond_status, (ctypes.POINTER(frond_align), ctypes.POINTER(frond_node))),
    "frond_node_style_set_align_items": (frond_status, (ctypes.POINTER(frond_node), frond_align)),
    "frond_node_style_get_align_items": (frond_status, (ctypes.POINTER(frond_align), ctypes.POINTER(frond_node))),
    "frond_node_style_set_align_self": (frond_status, (ctypes.POINTER(frond_node), frond_align)),
    "frond_node_style_get_align_self": (frond_status, (ctypes.POINTER(frond_align), ctypes.POINTER(frond_node))),
    "frond_node_style_set_position_type": (frond_status, (ctypes.POINTER(frond_node), frond_position_type)),
    "frond_node_style_get_position_type": (frond_status, (ctypes.POINTER(frond_position_type), ctypes.POINTER(frond_node))),
    "frond_node_style_set_flex_wrap": (frond_status, (ctypes.POINTER(frond_node), frond_wrap)),
    "frond_node_style_get_flex_wrap": (frond_status, (ctypes.POINTER(frond_wrap), ctypes.POINTER(frond_node))),
    "frond_node_style_set_overflow": (frond_status, (ctypes.POINTER(frond_node), frond_overflow)),
    "frond_node_style_get_overflow": (frond_status, (ctypes.POINTER(frond_overflow), ctypes.POINTER(frond_node))),
    "frond_node_style_set_display": (frond_status, (ctypes.POINTER(frond_node), frond_display)),
    "frond_node_style_get_display": (frond_status, (ctypes.POINTER(frond_display), ctypes.POINTER(frond_node))),
    "frond_node_style_set_box_sizing": (frond_status, (ctypes.POINTER(frond_node), frond_box_sizing)),
    "frond_node_style_get_box_sizing": (frond_status, (ctypes.POINTER(frond_box_sizing), ctypes.POINTER(frond_node))),
    "frond_node_style_set_flex": (frond_status, (ctypes.POINTER(frond_node), ctypes.c_float)),
    "frond_node_style_unset_flex": (frond_status, (ctypes.POINTER(frond_node),)),
    "frond_node_style_get_flex": (frond_status, (ctypes.POINTER(ctypes.c_float), ctypes.POINTER(frond_node))),
    "frond_node_style_set_flex_grow": (frond_status, (ctypes.POINTER(frond_node), ctypes.c_float)),
    "frond_node_style_unset_flex_grow": (frond_status, (ctypes.POINTER(frond_node),)),
    "frond_node_style_get_flex_grow": (frond_status, (ctypes.POINTER(ctypes.c_float), ctypes.POINTER(frond_node))),
    "frond_node_style_set_flex_shrink": (frond_status, (ctypes.POINTER(frond_node), ctypes.c_float)),
    "frond_node_style_unset_flex_shrink": (frond_status, (ctypes.POINTER(frond_node),)),
    "frond_node_style_get_flex_shrink": (frond_status, (ctypes.POINTER(ctypes.c_float), ctypes.POINTER(frond_node))),
    "frond_node_style_set_aspect_ratio": (frond_status, (ctypes.POINTER(frond_node), ctypes.c_float)),
    "frond_node_style_unset_aspect_ratio": (frond_status, (ctypes.POINTER(frond_node),)),
    "frond_node_style_get_aspect_ratio": (frond_status, (ctypes.POINTER(ctypes.c_float), ctypes.POINTER(frond_node))),
    "frond_node_style_set_flex_basis": (frond_status, (ctypes.POINTER(frond_node), ctypes.c_float, frond_unit)),
    "frond_node_style_get_flex_basis": (frond_status, (ctypes.POINTER(frond_value), ctypes.POINTER(frond_node))),
    "frond_node_style_set_width": (frond_status, (ctypes.POINTER(frond_node), ctypes.c_float, frond_unit)),
    "frond_node_style_get_width": (frond_status, (ctypes.POINTER(frond_value), ctypes.POINTER(frond_node))),
    "frond_node_style_set_height": (frond_status, (ctypes.POINTER(frond_node), ctypes.c_float, frond_unit)),
    "frond_node_style_get_height": (frond_status, (ctypes.POINTER(frond_value), ctypes.POINTER(frond_node))),
    "frond_node_style_set_min_width": (frond_status, (ctypes.POINTER(frond_node), ctypes.c_float, frond_unit)),
    "frond_node_style_get_min_width": (frond_status, (ctypes.POINTER(frond_value), ctypes.POINTER(frond_node))),
    "frond_node_style_set_min_height": (frond_status, (ctypes.POINTER(frond_node), ctypes.c_float, frond_unit)),
    "frond_node_style_get_min_height": (frond_status, (ctypes.POINTER(frond_value), ctypes.POINTER(frond_node))),
    "frond_node_style_set_max_width": (frond_status, (ctypes.POINTER(frond_node), ctypes.c_float, frond_unit)),
    "frond_node_style_get_max_width": (frond_status, (ctypes.POINTER(frond_value), ctypes.POINTER(frond_node))),
    "frond_node_style_set_max_height": (frond_status, (ctypes.POINTER(frond_node), ctypes.c_float, frond_unit)),
    "frond_node_style_get_max_height": (frond_status, (ctypes.POINTER(frond_value), ctypes.POINTER(frond_node))),
    "frond_node_style_set_margin": (frond_status, (ctypes.POINTER(frond_node), frond_edge, ctypes.c_float, frond_unit)),
    "frond_node_style_get_margin": (frond_status, (ctypes.POINTER(frond_value), ctypes.POINTER(frond_node), frond_edge)),
    "frond_node_style_set_padding": (frond_status, (ctypes.POINTER(frond_node), frond_edge, ctypes.c_float, frond_unit)),
    "frond_node_style_get_padding": (frond_status, (ctypes.POINTER(frond_value), ctypes.POINTER(frond_node), frond_edge)),
    "frond_node_style_set_border": (frond_status, (ctypes.POINTER(frond_node), frond_edge, ctypes.c_float, frond_unit)),
    "frond_node_style_get_border": (frond_status, (ctypes.POINTER(frond_value), ctypes.POINTER(frond_node), frond_edge)),
    "frond_node_style_set_position": (frond_status, (ctypes.POINTER(frond_node), frond_edge, ctypes.c_float, frond_unit)),
    "frond_node_style_get_position": (frond_status, (ctypes.POINTER(frond_value), ctypes.POINTER(frond_node), frond_edge)),
    "frond_node_style_set_gap": (frond_status, (ctypes.POINTER(frond_node), frond_gutter, ctypes.c_float, frond_unit)),
    "frond_node_style_get_gap": (frond_status, (ctypes.POINTER(frond_value), ctypes.POINTER(frond_node), frond_gutter)),
    "frond_node_set_measure_func": (frond_status, (ctypes.POINTER(frond_node), frond_measure_func, ctypes.c_void_p, frond_destroy_func)),
    "frond_node_has_measure_func": (frond_status, (ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(frond_node))),
    "frond_node_set_baseline_func": (frond_status, (ctypes.POINTER(frond_node), frond_baseline_func, ctypes.c_void_p, frond_destroy_func)),
    "frond_node_has_baseline_func": (frond_status, (ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(frond_node))),
    "frond_node_set_is_reference_baseline": (frond_status, (ctypes.POINTER(frond_node), ctypes.c_bool)),
    "frond_node_get_is_reference_baseline": (frond_status, (ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(frond_node))),
    "frond_node_mark_dirty": (frond_status, (ctypes.POINTER(frond_node),)),
    "frond_node_is_dirty": (frond_status, (ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(frond_node))),
    "frond_node_calculate_layout": (frond_status, (ctypes.POINTER(frond_node), ctypes.c_float, ctypes.c_float, frond_direction)),
    "frond_node_calculate_layout_counted": (frond_status, (ctypes.POINTER(frond_layout_statistics), ctypes.POINTER(frond_node), ctypes.c_float, ctypes.c_float, frond_direction)),
    "frond_node_layout_get_frame": (frond_status, (ctypes.POINTER(frond_rect), ctypes.POINTER(frond_node))),
    "frond_node_layout_get_left": (frond_status, (ctypes.POINTER(ctypes.c_float), ctypes.POINTER(frond_node))),
    "frond_node_layout_get_top": (frond_status, (ctypes.POINTER(ctypes.c_float), ctypes.POINTER(frond_node))),
    "frond_node_layout_get_width": (frond_status, (ctypes.POINTER(ctypes.c_float), ctypes.POINTER(frond_node))),
    "frond_node_layout_get_height": (frond_status, (ctypes.POINTER(ctypes.c_float), ctypes.POINTER(frond_node))),
    "frond_node_layout_get_margin": (frond_status, (ctypes.POINTER(ctypes.c_float), ctypes.POINTER(frond_node), frond_edge)),
    "frond_node_layout_get_border": (frond_status, (ctypes.POINTER(ctypes.c_float), ctypes.POINTER(frond_node), frond_edge)),
    "frond_node_layout_get_padding": (frond_status, (ctypes.POINTER(ctypes.c_float), ctypes.POINTER(frond_node), frond_edge)),
    "frond_node_layout_get_direction": (frond_status, (ctypes.POINTER(frond_direction), ctypes.POINTER(frond_node))),
    "frond_node_layout_get_had_overflow": (frond_status, (ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(frond_node))),
    "frond_node_layout_get_has_new_layout": (frond_status, (ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(frond_node))),
    "frond_node_layout_set_has_new_layout": (frond_status, (ctypes.POINTER(frond_node), ctypes.c_bool)),
    "frond_component_new": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_component)), ctypes.POINTER(frond_view_spec), ctypes.POINTER(frond_size_spec), ctypes.c_char_p)),
    "frond_component_new_composite": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_component)), ctypes.POINTER(frond_view_spec), ctypes.POINTER(frond_size_spec), ctypes.c_char_p, ctypes.POINTER(frond_component))),
    "frond_component_new_text": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_component)), ctypes.c_char_p, ctypes.POINTER(frond_text_style), ctypes.POINTER(frond_size_spec), ctypes.c_char_p)),
    "frond_component_new_flexbox": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_component)), ctypes.POINTER(frond_view_spec), ctypes.POINTER(frond_size_spec), ctypes.c_char_p, ctypes.POINTER(frond_flexbox_style), ctypes.POINTER(frond_flex_child), ctypes.c_size_t)),
    "frond_component_new_inset": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_component)), ctypes.POINTER(frond_view_spec), ctypes.POINTER(frond_size_spec), ctypes.c_char_p, ctypes.POINTER(frond_value), ctypes.POINTER(frond_component))),
    "frond_component_new_center": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_component)), ctypes.POINTER(frond_view_spec), ctypes.POINTER(frond_size_spec), ctypes.c_char_p, frond_centering, frond_center_sizing, ctypes.POINTER(frond_component))),
    "frond_component_new_ratio": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_component)), ctypes.POINTER(frond_view_spec), ctypes.POINTER(frond_size_spec), ctypes.c_char_p, ctypes.c_float, ctypes.POINTER(frond_component))),
    "frond_component_new_background": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_component)), ctypes.POINTER(frond_view_spec), ctypes.POINTER(frond_size_spec), ctypes.c_char_p, ctypes.POINTER(frond_component), ctypes.POINTER(frond_component))),
    "frond_component_new_overlay": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_component)), ctypes.POINTER(frond_view_spec), ctypes.POINTER(frond_size_spec), ctypes.c_char_p, ctypes.POINTER(frond_component), ctypes.POINTER(frond_component))),
    "frond_component_new_static": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_component)), ctypes.POINTER(frond_view_spec), ctypes.POINTER(frond_size_spec), ctypes.c_char_p, ctypes.POINTER(frond_static_child), ctypes.c_size_t)),
    "frond_component_release": (frond_status, (ctypes.POINTER(frond_component),)),
    "frond_root_new": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_root)), ctypes.POINTER(frond_size_range))),
    "frond_root_free": (frond_status, (ctypes.POINTER(frond_root),)),
    "frond_root_set_size_range": (frond_status, (ctypes.POINTER(frond_root), ctypes.POINTER(frond_size_range))),
    "frond_root_set_host": (frond_status, (ctypes.POINTER(frond_root), ctypes.POINTER(frond_host), ctypes.c_void_p, frond_destroy_func)),
    "frond_root_set_text_measurer": (frond_status, (ctypes.POINTER(frond_root), frond_text_measure_func, ctypes.c_void_p, frond_destroy_func)),
    "frond_root_set_component": (frond_status, (ctypes.POINTER(frond_root), ctypes.POINTER(frond_component))),
    "frond_root_set_provider": (frond_status, (ctypes.POINTER(frond_root), frond_component_provider_func, ctypes.c_void_p, frond_destroy_func)),
    "frond_root_set_props": (frond_status, (ctypes.POINTER(frond_root), ctypes.c_void_p, frond_destroy_func)),
    "frond_root_declare_view_type": (frond_status, (ctypes.POINTER(frond_root), ctypes.c_char_p, ctypes.POINTER(frond_attribute_spec), ctypes.c_size_t, ctypes.c_uint32)),
    "frond_root_set_require_declared_view_types": (frond_status, (ctypes.POINTER(frond_root), ctypes.c_bool)),
    "frond_root_flush": (frond_status, (ctypes.POINTER(frond_root), ctypes.POINTER(ctypes.c_size_t))),
    "frond_root_prepare": (frond_status, (ctypes.POINTER(frond_root),)),
    "frond_root_commit": (frond_status, (ctypes.POINTER(frond_root), ctypes.POINTER(ctypes.c_size_t))),
    "frond_root_discard_prepared": (frond_status, (ctypes.POINTER(frond_root),)),
    "frond_root_has_prepared_flush": (frond_status, (ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(frond_root))),
    "frond_root_get_child_count": (frond_status, (ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(frond_root), ctypes.c_uint64)),
    "frond_root_get_child": (frond_status, (ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(frond_root), ctypes.c_uint64, ctypes.c_size_t)),
    "frond_root_get_frame": (frond_status, (ctypes.POINTER(frond_rect), ctypes.POINTER(frond_root), ctypes.c_uint64)),
    "frond_root_get_frame_in_root": (frond_status, (ctypes.POINTER(frond_rect), ctypes.POINTER(frond_root), ctypes.c_uint64)),
    "frond_root_get_size": (frond_status, (ctypes.POINTER(frond_size), ctypes.POINTER(frond_root))),
    "frond_root_find_view": (frond_status, (ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(frond_root), ctypes.POINTER(ctypes.c_char_p), ctypes.c_size_t)),
    "frond_root_describe": (frond_status, (ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(frond_root), ctypes.POINTER(ctypes.c_char), ctypes.c_size_t)),
    "frond_root_describe_components": (frond_status, (ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(frond_root), ctypes.POINTER(ctypes.c_char), ctypes.c_size_t)),
    "frond_render_class_new": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_render_class)), ctypes.POINTER(frond_render_class_spec), ctypes.c_void_p, frond_destroy_func)),
    "frond_render_class_release": (frond_status, (ctypes.POINTER(frond_render_class),)),
    "frond_component_new_render": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_component)), ctypes.POINTER(frond_render_class), ctypes.POINTER(frond_view_spec), ctypes.POINTER(frond_size_spec), ctypes.c_char_p, ctypes.c_void_p, frond_destroy_func)),
    "frond_scope_update_state": (frond_status, (ctypes.POINTER(frond_scope), frond_state_update_func, ctypes.c_void_p, frond_destroy_func)),
    "frond_scope_set_state": (frond_status, (ctypes.POINTER(frond_scope), ctypes.c_void_p)),
    "frond_scope_get_state": (frond_status, (ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(frond_scope))),
    "frond_root_find_scope": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_scope)), ctypes.POINTER(frond_root), ctypes.POINTER(ctypes.c_char_p), ctypes.c_size_t)),
    "frond_root_set_flush_request": (frond_status, (ctypes.POINTER(frond_root), frond_flush_request_func, ctypes.c_void_p, frond_destroy_func)),
    "frond_root_needs_flush": (frond_status, (ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(frond_root))),
    "frond_root_get_statistics": (frond_status, (ctypes.POINTER(frond_commit_statistics), ctypes.POINTER(frond_root))),
    "frond_component_new_animation": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_component)), ctypes.c_char_p, ctypes.POINTER(frond_component), ctypes.POINTER(frond_animation), ctypes.c_size_t, ctypes.POINTER(frond_animation), ctypes.c_size_t)),
    "frond_root_tick": (frond_status, (ctypes.POINTER(frond_root), ctypes.c_double, ctypes.POINTER(ctypes.c_size_t))),
    "frond_root_has_running_animations": (frond_status, (ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(frond_root))),
    "frond_root_get_animation_time": (frond_status, (ctypes.POINTER(ctypes.c_double), ctypes.POINTER(frond_root))),
    "frond_root_send_event": (frond_status, (ctypes.POINTER(frond_action_outcome), ctypes.POINTER(frond_root), ctypes.c_uint64, ctypes.c_char_p, ctypes.POINTER(frond_attribute))),
    "frond_root_tap_at": (frond_status, (ctypes.POINTER(frond_action_outcome), ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(frond_root), ctypes.c_float, ctypes.c_float)),
    "frond_scope_send_action": (frond_status, (ctypes.POINTER(frond_action_outcome), ctypes.POINTER(frond_scope), ctypes.c_char_p, ctypes.POINTER(frond_attribute))),
    "frond_root_set_unhandled_action_handler": (frond_status, (ctypes.POINTER(frond_root), frond_action_handler_func, ctypes.c_void_p, frond_destroy_func)),
    "frond_action_get_name": (frond_status, (ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(frond_action))),
    "frond_action_get_payload": (frond_status, (ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(frond_attribute), ctypes.POINTER(frond_action))),
    "frond_action_get_view": (frond_status, (ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(frond_action))),
    "frond_action_get_sender": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_component)), ctypes.POINTER(frond_action))),
    "frond_action_block_new": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_action_block)), frond_action_block_func, ctypes.c_void_p, frond_destroy_func)),
    "frond_action_block_new_typed": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_action_block)), ctypes.POINTER(frond_argument_type), ctypes.c_size_t, frond_native_func, ctypes.c_void_p, frond_destroy_func)),
    "frond_action_block_release": (frond_status, (ctypes.POINTER(frond_action_block),)),
    "frond_scope_send_action_block": (frond_status, (ctypes.POINTER(frond_scope), ctypes.POINTER(frond_action_block), ctypes.POINTER(frond_argument), ctypes.c_size_t)),
    "frond_action_get_argument_count": (frond_status, (ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(frond_action))),
    "frond_action_get_argument": (frond_status, (ctypes.POINTER(frond_argument), ctypes.POINTER(frond_action), ctypes.c_size_t)),
    "frond_wrapper_new": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_wrapper)), ctypes.POINTER(frond_component), frond_wrapper_action_func, ctypes.c_void_p, frond_destroy_func)),
    "frond_wrapper_get_component": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_component)), ctypes.POINTER(frond_wrapper))),
    "frond_wrapper_release": (frond_status, (ctypes.POINTER(frond_wrapper),)),
    "frond_legacy_view_set": (frond_status, (ctypes.POINTER(frond_legacy_view), ctypes.POINTER(frond_view_spec))),
    "frond_component_new_legacy": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_component)), ctypes.POINTER(frond_legacy_vtable), ctypes.POINTER(frond_size_spec), ctypes.c_char_p, ctypes.c_void_p, frond_destroy_func)),
    "frond_constructor_register": (frond_status, (ctypes.c_char_p, ctypes.POINTER(frond_argument_type), ctypes.c_size_t, frond_native_func, ctypes.c_void_p, frond_destroy_func)),
    "frond_constructor_unregister": (frond_status, (ctypes.c_char_p,)),
    "frond_component_new_by_name": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_component)), ctypes.c_char_p, ctypes.POINTER(frond_argument), ctypes.c_size_t)),
    "frond_component_new_from_json": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_component)), ctypes.c_char_p)),
    "frond_changeset_new": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_changeset)),)),
    "frond_changeset_free": (frond_status, (ctypes.POINTER(frond_changeset),)),
    "frond_changeset_add": (frond_status, (ctypes.POINTER(frond_changeset), ctypes.POINTER(frond_change))),
    "frond_changeset_get_changes": (frond_status, (ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(frond_changeset), ctypes.POINTER(frond_change), ctypes.c_size_t)),
    "frond_changeset_verify": (frond_status, (ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(frond_changeset), ctypes.POINTER(ctypes.c_size_t), ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t), ctypes.c_size_t)),
    "frond_list_diff": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_changeset)), ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_uint64), ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_uint64), ctypes.c_size_t)),
    "frond_list_diff_keys": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_changeset)), ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(ctypes.c_uint64), ctypes.c_size_t, ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(ctypes.c_uint64), ctypes.c_size_t)),
    "frond_data_source_new": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_data_source)), ctypes.POINTER(frond_data_source_config))),
    "frond_data_source_free": (frond_status, (ctypes.POINTER(frond_data_source),)),
    "frond_data_source_apply": (frond_status, (ctypes.POINTER(frond_data_source), ctypes.POINTER(frond_changeset), ctypes.POINTER(frond_item_model), ctypes.c_size_t, ctypes.POINTER(frond_item_model), ctypes.c_size_t, frond_apply_mode)),
    "frond_data_source_set_items": (frond_status, (ctypes.POINTER(frond_data_source), ctypes.c_size_t, ctypes.POINTER(frond_item_model), ctypes.c_size_t, frond_apply_mode)),
    "frond_data_source_set_sections": (frond_status, (ctypes.POINTER(frond_data_source), ctypes.POINTER(frond_item_model), ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t), ctypes.c_size_t, frond_apply_mode)),
    "frond_data_source_set_sections_by_id": (frond_status, (ctypes.POINTER(frond_data_source), ctypes.POINTER(frond_item_model), ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_size_t), ctypes.c_size_t, frond_apply_mode)),
    "frond_data_source_set_config": (frond_status, (ctypes.POINTER(frond_data_source), ctypes.POINTER(frond_data_source_config), frond_apply_mode)),
    "frond_data_source_process": (frond_status, (ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(frond_data_source), ctypes.c_bool)),
    "frond_data_source_has_pending": (frond_status, (ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(frond_data_source))),
    "frond_data_source_set_ready_handler": (frond_status, (ctypes.POINTER(frond_data_source), frond_data_source_ready_func, ctypes.c_void_p, frond_destroy_func)),
    "frond_data_source_set_executor": (frond_status, (ctypes.POINTER(frond_data_source), frond_data_source_schedule_func, ctypes.c_void_p, frond_destroy_func)),
    "frond_data_source_build": (frond_status, (ctypes.POINTER(frond_data_source),)),
    "frond_data_source_add_listener": (frond_status, (ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(frond_data_source), ctypes.POINTER(frond_data_source_listener), ctypes.c_void_p, frond_destroy_func)),
    "frond_data_source_remove_listener": (frond_status, (ctypes.POINTER(frond_data_source), ctypes.c_uint64)),
    "frond_data_source_get_section_count": (frond_status, (ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(frond_data_source))),
    "frond_data_source_get_version": (frond_status, (ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(frond_data_source))),
    "frond_data_source_get_item_count": (frond_status, (ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(frond_data_source), ctypes.c_size_t)),
    "frond_data_source_get_item": (frond_status, (ctypes.POINTER(frond_data_source_item), ctypes.POINTER(frond_data_source), frond_item_path)),
    "frond_data_source_find_item": (frond_status, (ctypes.POINTER(frond_item_path), ctypes.POINTER(frond_data_source), ctypes.c_uint64)),
    "frond_list_new": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_list)), ctypes.POINTER(frond_list_config))),
    "frond_list_free": (frond_status, (ctypes.POINTER(frond_list),)),
    "frond_list_get_data_source": (frond_status, (ctypes.POINTER(ctypes.POINTER(frond_data_source)), ctypes.POINTER(frond_list))),
    "frond_list_set_host": (frond_status, (ctypes.POINTER(frond_list), ctypes.POINTER(frond_host), ctypes.c_void_p, frond_destroy_func)),
    "frond_list_set_listener": (frond_status, (ctypes.POINTER(frond_list), ctypes.POINTER(frond_list_listener), ctypes.c_void_p, frond_destroy_func)),
    "frond_list_set_viewport": (frond_status, (ctypes.POINTER(frond_list), ctypes.c_float, ctypes.c_float)),
    "frond_list_scroll_to_item": (frond_status, (ctypes.POINTER(frond_list), frond_item_path, frond_list_scroll_position)),
    "frond_list_set_cross_size": (frond_status, (ctypes.POINTER(frond_list), ctypes.c_float)),
    "frond_list_process": (frond_status, (ctypes.POINTER(ctypes.c_size_t), ctypes.POINTER(frond_list), ctypes.c_bool)),
    "frond_list_get_statistics": (frond_status, (ctypes.POINTER(frond_list_statistics), ctypes.POINTER(frond_list))),
    "frond_list_get_axis": (frond_status, (ctypes.POINTER(frond_list_axis), ctypes.POINTER(ctypes.c_float), ctypes.POINTER(frond_list))),
    "frond_list_get_item_frame": (frond_status, (ctypes.POINTER(frond_rect), ctypes.POINTER(frond_list), frond_item_path)),
    "frond_list_send_event": (frond_status, (ctypes.POINTER(frond_action_outcome), ctypes.POINTER(frond_list), ctypes.c_uint64, ctypes.c_char_p, ctypes.POINTER(frond_attribute))),
    "frond_list_tap_at": (frond_status, (ctypes.POINTER(frond_action_outcome), ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(frond_list), ctypes.c_float, ctypes.c_float)),
    "frond_list_tick": (frond_status, (ctypes.POINTER(frond_list), ctypes.c_double, ctypes.POINTER(ctypes.c_size_t))),
    "frond_list_has_running_animations": (frond_status, (ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(frond_list))),
    "frond_list_get_animation_time": (frond_status, (ctypes.POINTER(ctypes.c_double), ctypes.POINTER(frond_list))),
    "frond_list_set_unhandled_action_handler": (frond_status, (ctypes.POINTER(frond_list), frond_list_action_handler_func, ctypes.c_void_p, frond_destroy_func)),
}


def bind(library: ctypes.CDLL) -> ctypes.CDLL:
    """Sets restype and argtypes of every function on a loaded libfrond (AttributeError
    names the first function the library does not export)."""
    for name, (restype, argtypes) in FUNCTIONS.items():
        function = getattr(library, name)
        function.restype = restype
        function.argtypes = argtypes
    return library
