/*
 * frond.h — the C API of Frond, a headless declarative UI component engine.
 *
 * This header is the specification. Every function says which object it acts on,
 * what each error means and how long returned memory lives.
 *
 * CONVENTIONS
 *
 *   Names        frond_<object>_<verb>[_<property>], lower snake case.
 *   Status       Fallible functions return frond_status: FROND_OK (0) or a negative
 *                error code. On error, frond_last_error_message() describes it.
 *   Out params   Results are written through leading `out_` parameters, only on success.
 *                A NULL out pointer is FROND_ERR_INVALID_ARGUMENT.
 *   Handles      Objects are opaque handles (frond_config, frond_node). A handle is an
 *                entry of a table (kind + generation + slot), never an address: a NULL,
 *                freed, never-issued or wrong-kind handle returns FROND_ERR_MISUSE and
 *                does no harm.
 *   Callbacks    Every callback takes `void *user_data` last, writes results through out
 *                parameters and returns a frond_status. It is registered together with a
 *                destroy function that Frond calls exactly once, when the callback is
 *                replaced or its object dies. No lock is held while a callback runs.
 *   Structs      Caller-filled structs start with `uint32_t struct_size`; result structs
 *                (frond_value, frond_size, frond_rect) are filled by Frond.
 *   Numbers      Lengths are float points. FROND_UNDEFINED (NaN) means "not constrained"
 *                only where a function says so; elsewhere NaN and infinities are refused
 *                with FROND_ERR_INVALID_ARGUMENT.
 *
 * OWNERSHIP
 *
 *   - `frond_*_new` creates an object and a handle the caller owns; `frond_*_free`
 *     releases the handle. Free functions accept NULL (and then do nothing).
 *   - A parent node keeps its children alive. Freeing a node's handle detaches the node
 *     from its parent and its children from it (they become roots whose handles stay
 *     valid); frond_node_free_recursive also frees the handles of the whole subtree.
 *   - A node keeps its config's settings alive: a config handle may be freed while
 *     nodes created with it are still in use.
 *   - Strings returned by Frond are owned by Frond: frond_version() and
 *     frond_status_name() return static strings; frond_last_error_message() returns a
 *     string valid until the next failing call on the same thread.
 *   - user_data passed with a callback belongs to Frond from the call on: its destroy
 *     function is called exactly once, also when registration fails (then before the
 *     registering function returns).
 *
 * THREADS
 *
 *   Handles may be created, resolved and freed from any thread. A node tree is not
 *   synchronized: use one tree from one thread at a time (different trees may be used
 *   concurrently). Error messages are per thread. During frond_node_calculate_layout a
 *   tree's own callbacks may read it, but changing it (its styles, children, callbacks,
 *   has-new-layout flags, or the config of its root), freeing it or laying it out again
 *   from inside them returns FROND_ERR_MISUSE.
 *
 * The header compiles as C99 and C++ and declares only frond_* symbols.
 */
#ifndef FROND_H
#define FROND_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ======================================================================== */
/* Library                                                                   */
/* ======================================================================== */

/** Result of a fallible call: FROND_OK or a negative error code. */
typedef enum frond_status {
    /** Success. */
    FROND_OK = 0,
    /** An argument is out of its domain: NaN, infinite or negative where not allowed,
     *  an unknown enumerator, a NULL out pointer. Nothing was changed. */
    FROND_ERR_INVALID_ARGUMENT = -1,
    /** The API was misused: a NULL, freed, never-issued or wrong-kind handle, or a tree
     *  changed or laid out from inside its own callbacks. Nothing was changed. */
    FROND_ERR_MISUSE = -2,
    /** The requested tree shape is not allowed: a child that already has a parent, a
     *  cycle, children under a node with a measure function, an index out of range. */
    FROND_ERR_INVALID_TREE = -3,
    /** A documented limit was reached (tree depth, number of live handles). */
    FROND_ERR_LIMIT = -4,
    /** A callback returned an error; the operation still completed (see its docs). */
    FROND_ERR_CALLBACK = -5,
    /** Memory could not be allocated. */
    FROND_ERR_OUT_OF_MEMORY = -6,
    /** An internal inconsistency; please report it with the message. */
    FROND_ERR_INTERNAL = -7
} frond_status;

/** Called exactly once to release the user_data registered with a callback. */
typedef void (*frond_destroy_func)(void *user_data);

/** The library's version as "MAJOR.MINOR.PATCH". Static string; never NULL. */
const char *frond_version(void);

/** The name of a status code ("FROND_OK", "FROND_ERR_MISUSE", …), or
 *  "FROND_UNKNOWN_STATUS". Static string; never NULL. */
const char *frond_status_name(frond_status status);

/** The message of the most recent error on the calling thread, or "" if none.
 *  Successful calls do not clear it. Valid until the next failing call on the same
 *  thread; never NULL. */
const char *frond_last_error_message(void);

/** Forgets the calling thread's last error message. */
void frond_clear_last_error(void);

/** Writes the number of live handles of every kind (for leak checks). */
frond_status frond_handle_count(size_t *out_count);

/* ======================================================================== */
/* Layout                                                                    */
/*                                                                           */
/* A flexbox engine equivalent in power to Yoga: node trees with a style per */
/* node, measure and baseline callbacks for leaves, incremental layout.      */
/* ======================================================================== */

/** Engine settings shared by the nodes created with it. */
typedef struct frond_config frond_config;
/** A node of a layout tree. */
typedef struct frond_node frond_node;

/** "Not constrained": accepted as an available size by frond_node_calculate_layout,
 *  and reported by getters for unset optional values. */
#define FROND_UNDEFINED (NAN)

/** The unit of a length value (or the keyword it is). */
typedef enum frond_unit {
    FROND_UNIT_UNDEFINED = 0,   /**< not set (the property's default) */
    FROND_UNIT_POINT = 1,       /**< points */
    FROND_UNIT_PERCENT = 2,     /**< percent of the reference length (50 = half) */
    FROND_UNIT_AUTO = 3,        /**< auto */
    FROND_UNIT_MAX_CONTENT = 4, /**< max-content */
    FROND_UNIT_FIT_CONTENT = 5, /**< fit-content */
    FROND_UNIT_STRETCH = 6      /**< stretch */
} frond_unit;

/** A length as stored in a style. `value` is 0 unless `unit` is POINT or PERCENT. */
typedef struct frond_value {
    float value;
    frond_unit unit;
} frond_value;

/** A size in points. */
typedef struct frond_size {
    float width;
    float height;
} frond_size;

/** A rectangle in points, relative to the parent's border box. */
typedef struct frond_rect {
    float left;
    float top;
    float width;
    float height;
} frond_rect;

typedef enum frond_direction {
    FROND_DIRECTION_INHERIT = 0,
    FROND_DIRECTION_LTR = 1,
    FROND_DIRECTION_RTL = 2
} frond_direction;

typedef enum frond_flex_direction {
    FROND_FLEX_DIRECTION_COLUMN = 0,
    FROND_FLEX_DIRECTION_COLUMN_REVERSE = 1,
    FROND_FLEX_DIRECTION_ROW = 2,
    FROND_FLEX_DIRECTION_ROW_REVERSE = 3
} frond_flex_direction;

typedef enum frond_justify {
    FROND_JUSTIFY_FLEX_START = 0,
    FROND_JUSTIFY_CENTER = 1,
    FROND_JUSTIFY_FLEX_END = 2,
    FROND_JUSTIFY_SPACE_BETWEEN = 3,
    FROND_JUSTIFY_SPACE_AROUND = 4,
    FROND_JUSTIFY_SPACE_EVENLY = 5
} frond_justify;

typedef enum frond_align {
    FROND_ALIGN_AUTO = 0,
    FROND_ALIGN_FLEX_START = 1,
    FROND_ALIGN_CENTER = 2,
    FROND_ALIGN_FLEX_END = 3,
    FROND_ALIGN_STRETCH = 4,
    FROND_ALIGN_BASELINE = 5,
    FROND_ALIGN_SPACE_BETWEEN = 6,
    FROND_ALIGN_SPACE_AROUND = 7,
    FROND_ALIGN_SPACE_EVENLY = 8
} frond_align;

typedef enum frond_position_type {
    FROND_POSITION_TYPE_STATIC = 0,
    FROND_POSITION_TYPE_RELATIVE = 1,
    FROND_POSITION_TYPE_ABSOLUTE = 2
} frond_position_type;

typedef enum frond_wrap {
    FROND_WRAP_NO_WRAP = 0,
    FROND_WRAP_WRAP = 1,
    FROND_WRAP_WRAP_REVERSE = 2
} frond_wrap;

typedef enum frond_overflow {
    FROND_OVERFLOW_VISIBLE = 0,
    FROND_OVERFLOW_HIDDEN = 1,
    FROND_OVERFLOW_SCROLL = 2
} frond_overflow;

typedef enum frond_display {
    FROND_DISPLAY_FLEX = 0,
    FROND_DISPLAY_NONE = 1,
    FROND_DISPLAY_CONTENTS = 2
} frond_display;

typedef enum frond_box_sizing {
    FROND_BOX_SIZING_BORDER_BOX = 0,
    FROND_BOX_SIZING_CONTENT_BOX = 1
} frond_box_sizing;

/** Side selectors. Physical sides and START/END (resolved with the node's direction)
 *  beat HORIZONTAL/VERTICAL, which beat ALL; START/END beat LEFT/RIGHT. */
typedef enum frond_edge {
    FROND_EDGE_LEFT = 0,
    FROND_EDGE_TOP = 1,
    FROND_EDGE_RIGHT = 2,
    FROND_EDGE_BOTTOM = 3,
    FROND_EDGE_START = 4,
    FROND_EDGE_END = 5,
    FROND_EDGE_HORIZONTAL = 6,
    FROND_EDGE_VERTICAL = 7,
    FROND_EDGE_ALL = 8
} frond_edge;

/** Gap selectors: COLUMN is the gap between columns, ROW the gap between rows. */
typedef enum frond_gutter {
    FROND_GUTTER_COLUMN = 0,
    FROND_GUTTER_ROW = 1,
    FROND_GUTTER_ALL = 2
} frond_gutter;

/** How a measure function must read an available size. */
typedef enum frond_measure_mode {
    FROND_MEASURE_MODE_UNDEFINED = 0, /**< no constraint; the size is FROND_UNDEFINED */
    FROND_MEASURE_MODE_EXACTLY = 1,   /**< the result must be exactly the size */
    FROND_MEASURE_MODE_AT_MOST = 2    /**< the result may be at most the size */
} frond_measure_mode;

/** Errata bits (deliberate deviations from CSS kept for compatibility with Yoga). */
typedef enum frond_errata {
    FROND_ERRATA_NONE = 0,
    FROND_ERRATA_STRETCH_FLEX_BASIS = 1,
    FROND_ERRATA_ABSOLUTE_POSITION_WITHOUT_INSETS_EXCLUDES_PADDING = 2,
    FROND_ERRATA_ABSOLUTE_PERCENT_AGAINST_INNER_SIZE = 4,
    /** Flex items get no automatic minimum size (`min-width: auto` acts as 0) and free
     *  space is shared with Yoga's two passes. Without it (FROND_ERRATA_NONE = CSS),
     *  an item with an unset or auto min main size and visible overflow cannot shrink
     *  below min(its definite size, its content's min-content size), capped by its max
     *  size; flexible lengths are resolved with CSS Flexbox §9.7's loop; and the flex
     *  basis of a content-sized item is its max-content size (§9.2.3). */
    FROND_ERRATA_MIN_SIZE_UNDEFINED_INSTEAD_OF_AUTO = 8,
    FROND_ERRATA_ALL = 0x7FFFFFFF,
    FROND_ERRATA_CLASSIC = 0x7FFFFFFE
} frond_errata;

typedef enum frond_experimental_feature {
    FROND_EXPERIMENTAL_FEATURE_WEB_FLEX_BASIS = 0,
    FROND_EXPERIMENTAL_FEATURE_FIX_FLEX_BASIS_FIT_CONTENT = 1
} frond_experimental_feature;

/** The longest root-to-leaf chain a tree may have (inserting deeper returns
 *  FROND_ERR_LIMIT), so that layout never exhausts a thread's stack. */
#define FROND_MAX_TREE_DEPTH 256

/* ---- Config ------------------------------------------------------------ */

/** Creates a config with Yoga's defaults: point scale factor 1, no web defaults,
 *  errata FROND_ERRATA_MIN_SIZE_UNDEFINED_INSTEAD_OF_AUTO, no experimental features.
 *  The caller owns the handle (frond_config_free). */
frond_status frond_config_new(frond_config **out_config);

/** Releases a config handle (NULL: no-op). Nodes created with it keep working and keep
 *  seeing later changes made through other handles to the same config — there are none
 *  once this handle is freed. */
frond_status frond_config_free(frond_config *config);

/** Sets the pixel grid results are rounded to: 1 = whole points, 2 = half points,
 *  0 = no rounding. FROND_ERR_INVALID_ARGUMENT for negative, NaN or infinite values. */
frond_status frond_config_set_point_scale_factor(frond_config *config, float factor);
frond_status frond_config_get_point_scale_factor(float *out_factor, frond_config *config);

/** Web defaults: nodes created afterwards start with flex-direction row and
 *  align-content stretch, and an unset flex-shrink resolves to 1. */
frond_status frond_config_set_use_web_defaults(frond_config *config, bool enabled);
frond_status frond_config_get_use_web_defaults(bool *out_enabled, frond_config *config);

/** Sets the errata (an OR of frond_errata bits; unknown bits are refused). */
frond_status frond_config_set_errata(frond_config *config, uint32_t errata);
frond_status frond_config_get_errata(uint32_t *out_errata, frond_config *config);

frond_status frond_config_set_experimental_feature(frond_config *config, frond_experimental_feature feature,
                                                   bool enabled);
frond_status frond_config_get_experimental_feature(bool *out_enabled, frond_config *config,
                                                   frond_experimental_feature feature);

/* ---- Nodes and trees ----------------------------------------------------- */

/** Creates a node with the config's default style (config NULL: a default config).
 *  The caller owns the handle (frond_node_free or frond_node_free_recursive). */
frond_status frond_node_new(frond_node **out_node, frond_config *config);

/** Releases a node handle (NULL: no-op): the node leaves its parent and its children
 *  become roots (their handles stay valid). Its callbacks' destroy functions run once
 *  nothing refers to the node any more. FROND_ERR_MISUSE during its tree's layout. */
frond_status frond_node_free(frond_node *node);

/** Releases the handles of a node and of all its descendants (NULL: no-op); the
 *  subtree leaves its parent. FROND_ERR_MISUSE during its tree's layout. */
frond_status frond_node_free_recursive(frond_node *node);

/** Inserts `child` at `index` (0…child count) among `node`'s children.
 *  FROND_ERR_INVALID_TREE when the child already has a parent, is `node` or one of its
 *  ancestors, when `node` has a measure function or the index is out of range;
 *  FROND_ERR_LIMIT when the tree would be deeper than FROND_MAX_TREE_DEPTH. */
frond_status frond_node_insert_child(frond_node *node, frond_node *child, size_t index);

/** Appends `child` after `node`'s last child (see frond_node_insert_child). */
frond_status frond_node_append_child(frond_node *node, frond_node *child);

/** Removes `child` from `node` (FROND_ERR_INVALID_TREE if it is not a child of it). */
frond_status frond_node_remove_child(frond_node *node, frond_node *child);

/** Removes every child of `node`; they become roots. */
frond_status frond_node_remove_all_children(frond_node *node);

frond_status frond_node_get_child_count(size_t *out_count, frond_node *node);

/** Writes the handle of the child at `index` (FROND_ERR_INVALID_TREE when out of range).
 *  The handle is the one the child was created with; it is not a new reference. */
frond_status frond_node_get_child(frond_node **out_child, frond_node *node, size_t index);

/** Writes the handle of `node`'s parent, or NULL for a root. */
frond_status frond_node_get_parent(frond_node **out_parent, frond_node *node);

/* ---- Style --------------------------------------------------------------- */
/*
 * Length setters take a value and a unit. FROND_UNIT_UNDEFINED resets the property to
 * its default (the value is ignored). POINT and PERCENT need a finite value, and a value
 * ≥ 0 for sizes, paddings, borders and gaps (margins and insets may be negative).
 * Each property accepts the units it has in CSS: sizes and flex-basis all of them;
 * margins and insets POINT, PERCENT, AUTO; paddings and gaps POINT, PERCENT; borders
 * POINT. Anything else is FROND_ERR_INVALID_ARGUMENT and leaves the style unchanged.
 * A setter that changes the style marks the node and its ancestors dirty.
 */

/** Resets the whole style to the config's defaults. */
frond_status frond_node_style_reset(frond_node *node);

frond_status frond_node_style_set_direction(frond_node *node, frond_direction direction);
frond_status frond_node_style_get_direction(frond_direction *out_direction, frond_node *node);
frond_status frond_node_style_set_flex_direction(frond_node *node, frond_flex_direction flex_direction);
frond_status frond_node_style_get_flex_direction(frond_flex_direction *out_flex_direction, frond_node *node);
frond_status frond_node_style_set_justify_content(frond_node *node, frond_justify justify);
frond_status frond_node_style_get_justify_content(frond_justify *out_justify, frond_node *node);
frond_status frond_node_style_set_align_content(frond_node *node, frond_align align);
frond_status frond_node_style_get_align_content(frond_align *out_align, frond_node *node);
frond_status frond_node_style_set_align_items(frond_node *node, frond_align align);
frond_status frond_node_style_get_align_items(frond_align *out_align, frond_node *node);
frond_status frond_node_style_set_align_self(frond_node *node, frond_align align);
frond_status frond_node_style_get_align_self(frond_align *out_align, frond_node *node);
frond_status frond_node_style_set_position_type(frond_node *node, frond_position_type position_type);
frond_status frond_node_style_get_position_type(frond_position_type *out_position_type, frond_node *node);
frond_status frond_node_style_set_flex_wrap(frond_node *node, frond_wrap wrap);
frond_status frond_node_style_get_flex_wrap(frond_wrap *out_wrap, frond_node *node);
frond_status frond_node_style_set_overflow(frond_node *node, frond_overflow overflow);
frond_status frond_node_style_get_overflow(frond_overflow *out_overflow, frond_node *node);
frond_status frond_node_style_set_display(frond_node *node, frond_display display);
frond_status frond_node_style_get_display(frond_display *out_display, frond_node *node);
frond_status frond_node_style_set_box_sizing(frond_node *node, frond_box_sizing box_sizing);
frond_status frond_node_style_get_box_sizing(frond_box_sizing *out_box_sizing, frond_node *node);

/** Flex factors and the aspect ratio are optional numbers: a setter takes a finite
 *  value (flex-grow and flex-shrink ≥ 0, aspect ratio ≥ 0 where 0 means none), an unset
 *  function restores "not set", and a getter writes FROND_UNDEFINED when unset. */
frond_status frond_node_style_set_flex(frond_node *node, float flex);
frond_status frond_node_style_unset_flex(frond_node *node);
frond_status frond_node_style_get_flex(float *out_flex, frond_node *node);
frond_status frond_node_style_set_flex_grow(frond_node *node, float flex_grow);
frond_status frond_node_style_unset_flex_grow(frond_node *node);
frond_status frond_node_style_get_flex_grow(float *out_flex_grow, frond_node *node);
frond_status frond_node_style_set_flex_shrink(frond_node *node, float flex_shrink);
frond_status frond_node_style_unset_flex_shrink(frond_node *node);
frond_status frond_node_style_get_flex_shrink(float *out_flex_shrink, frond_node *node);
frond_status frond_node_style_set_aspect_ratio(frond_node *node, float aspect_ratio);
frond_status frond_node_style_unset_aspect_ratio(frond_node *node);
frond_status frond_node_style_get_aspect_ratio(float *out_aspect_ratio, frond_node *node);

frond_status frond_node_style_set_flex_basis(frond_node *node, float value, frond_unit unit);
frond_status frond_node_style_get_flex_basis(frond_value *out_value, frond_node *node);
frond_status frond_node_style_set_width(frond_node *node, float value, frond_unit unit);
frond_status frond_node_style_get_width(frond_value *out_value, frond_node *node);
frond_status frond_node_style_set_height(frond_node *node, float value, frond_unit unit);
frond_status frond_node_style_get_height(frond_value *out_value, frond_node *node);
frond_status frond_node_style_set_min_width(frond_node *node, float value, frond_unit unit);
frond_status frond_node_style_get_min_width(frond_value *out_value, frond_node *node);
frond_status frond_node_style_set_min_height(frond_node *node, float value, frond_unit unit);
frond_status frond_node_style_get_min_height(frond_value *out_value, frond_node *node);
frond_status frond_node_style_set_max_width(frond_node *node, float value, frond_unit unit);
frond_status frond_node_style_get_max_width(frond_value *out_value, frond_node *node);
frond_status frond_node_style_set_max_height(frond_node *node, float value, frond_unit unit);
frond_status frond_node_style_get_max_height(frond_value *out_value, frond_node *node);

frond_status frond_node_style_set_margin(frond_node *node, frond_edge edge, float value, frond_unit unit);
frond_status frond_node_style_get_margin(frond_value *out_value, frond_node *node, frond_edge edge);
frond_status frond_node_style_set_padding(frond_node *node, frond_edge edge, float value, frond_unit unit);
frond_status frond_node_style_get_padding(frond_value *out_value, frond_node *node, frond_edge edge);
frond_status frond_node_style_set_border(frond_node *node, frond_edge edge, float value, frond_unit unit);
frond_status frond_node_style_get_border(frond_value *out_value, frond_node *node, frond_edge edge);
/** Insets (left, top, …) of relatively and absolutely positioned nodes. */
frond_status frond_node_style_set_position(frond_node *node, frond_edge edge, float value, frond_unit unit);
frond_status frond_node_style_get_position(frond_value *out_value, frond_node *node, frond_edge edge);
frond_status frond_node_style_set_gap(frond_node *node, frond_gutter gutter, float value, frond_unit unit);
frond_status frond_node_style_get_gap(frond_value *out_value, frond_node *node, frond_gutter gutter);

/* ---- Measure and baseline callbacks -------------------------------------- */

/** Measures a leaf. `width`/`height` are the available content size: finite and ≥ 0,
 *  or FROND_UNDEFINED exactly when the mode is FROND_MEASURE_MODE_UNDEFINED (a constraint
 *  that overflowed is passed as undefined). Write the content size to
 *  `*out_size` and return FROND_OK; any other status (or a NaN or infinite size) makes
 *  frond_node_calculate_layout return FROND_ERR_CALLBACK after finishing the pass with
 *  the leaf measured as 0×0 (it is measured again on the next pass). Negative sizes
 *  count as 0. `node` is the leaf's handle. When a flex item's automatic minimum size
 *  is needed (no FROND_ERRATA_MIN_SIZE_UNDEFINED_INSTEAD_OF_AUTO), the leaf is asked for
 *  at most 0 points of width with no height limit: answer with its narrowest layout
 *  (for text, the width of the widest word), which becomes its min-content width. */
typedef frond_status (*frond_measure_func)(frond_node *node, float width, frond_measure_mode width_mode,
                                           float height, frond_measure_mode height_mode,
                                           frond_size *out_size, void *user_data);

/** Reports a laid-out node's baseline: the distance from its top edge, written to
 *  `*out_baseline`. `width`/`height` are the node's finite laid-out size. A failure is
 *  reported as for measure functions. */
typedef frond_status (*frond_baseline_func)(frond_node *node, float width, float height,
                                            float *out_baseline, void *user_data);

/** Installs `measure` (or removes the node's measure function when NULL) with its
 *  user_data and destroy function (see OWNERSHIP: destroy is called exactly once, also
 *  on failure). The previous function's destroy runs when it is replaced.
 *  FROND_ERR_INVALID_TREE when the node has children. */
frond_status frond_node_set_measure_func(frond_node *node, frond_measure_func measure, void *user_data,
                                         frond_destroy_func destroy);
frond_status frond_node_has_measure_func(bool *out_has_measure, frond_node *node);

/** Installs `baseline` (NULL removes it); same ownership rules as measure functions. */
frond_status frond_node_set_baseline_func(frond_node *node, frond_baseline_func baseline, void *user_data,
                                          frond_destroy_func destroy);
frond_status frond_node_has_baseline_func(bool *out_has_baseline, frond_node *node);

/** When true, this child defines its parent's baseline even if it is not the first. */
frond_status frond_node_set_is_reference_baseline(frond_node *node, bool is_reference);
frond_status frond_node_get_is_reference_baseline(bool *out_is_reference, frond_node *node);

/** Marks a node (and its ancestors) as changed, e.g. when the content its measure
 *  function reports has changed. */
frond_status frond_node_mark_dirty(frond_node *node);
frond_status frond_node_is_dirty(bool *out_is_dirty, frond_node *node);

/* ---- Layout ---------------------------------------------------------------- */

/** Lays out the tree rooted at `node` (which must be a root: FROND_ERR_INVALID_TREE
 *  otherwise) within the available size; FROND_UNDEFINED leaves an axis unconstrained.
 *  Negative or infinite sizes are FROND_ERR_INVALID_ARGUMENT. Only what changed since the
 *  last layout is recomputed. FROND_ERR_CALLBACK when a callback failed (the pass still
 *  completes, see frond_measure_func). */
frond_status frond_node_calculate_layout(frond_node *node, float available_width, float available_height,
                                         frond_direction owner_direction);

/** The node's border box from the last layout, rounded to the pixel grid, relative to
 *  its parent's border box. */
frond_status frond_node_layout_get_frame(frond_rect *out_frame, frond_node *node);
frond_status frond_node_layout_get_left(float *out_left, frond_node *node);
frond_status frond_node_layout_get_top(float *out_top, frond_node *node);
frond_status frond_node_layout_get_width(float *out_width, frond_node *node);
frond_status frond_node_layout_get_height(float *out_height, frond_node *node);

/** Resolved margin, border and padding of one side. START/END are resolved with the
 *  node's layout direction; HORIZONTAL, VERTICAL and ALL are FROND_ERR_INVALID_ARGUMENT. */
frond_status frond_node_layout_get_margin(float *out_margin, frond_node *node, frond_edge edge);
frond_status frond_node_layout_get_border(float *out_border, frond_node *node, frond_edge edge);
frond_status frond_node_layout_get_padding(float *out_padding, frond_node *node, frond_edge edge);

/** The direction the node was laid out in (LTR or RTL; INHERIT before its first layout). */
frond_status frond_node_layout_get_direction(frond_direction *out_direction, frond_node *node);
/** True when the node's children did not fit in it. */
frond_status frond_node_layout_get_had_overflow(bool *out_had_overflow, frond_node *node);

/** Set by a layout pass that changed the node's layout; clear it after reading the
 *  results to learn, next time, which nodes changed. */
frond_status frond_node_layout_get_has_new_layout(bool *out_has_new_layout, frond_node *node);
frond_status frond_node_layout_set_has_new_layout(frond_node *node, bool has_new_layout);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* FROND_H */
