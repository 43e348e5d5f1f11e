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
 *                A NULL out pointer is FROND_ERR_INVALID_ARGUMENT, except where a function
 *                says it may be NULL. A mutation count (frond_root_flush, frond_root_commit,
 *                frond_root_tick) is also written when the host fails after the commit:
 *                the mutations were sent (see frond_root_flush).
 *   Handles      Objects are opaque handles (frond_config, frond_node, frond_component,
 *                frond_root, frond_render_class, frond_scope, frond_action,
 *                frond_action_block, frond_wrapper, frond_legacy_view, frond_changeset,
 *                frond_data_source, frond_list). A handle is an entry of a table (kind + generation +
 *                slot), never an address: a NULL, freed, never-issued or wrong-kind
 *                handle returns FROND_ERR_MISUSE and does no harm.
 *   Callbacks    Every callback takes `void *user_data` last and writes results through
 *                out parameters (never a struct returned by value). A callback that can
 *                fail returns a frond_status, and a status other than FROND_OK fails the
 *                call that ran it with FROND_ERR_CALLBACK, whose message names the
 *                callback and keeps, as its cause, the message of the last Frond call
 *                that failed inside it (the flush request, whose status is ignored, and
 *                a snapshot host's warning handler are the exceptions their docs name). Notifications that cannot fail return void
 *                (frond_destroy_func, a controller's event, a legacy component's
 *                did_mount/did_unmount, an animation's completion, a typed action
 *                handler's native function, the listeners of data sources and lists, a
 *                data source's ready handler). user_data is registered together with a
 *                destroy function that Frond calls exactly once, when the callback is
 *                replaced or its object dies. No lock is held while a callback runs.
 *   Structs      Option, spec and vtable structs the caller fills start with `uint32_t
 *                struct_size`, set to sizeof in the caller's header: it must be this
 *                version's size or, for a struct that says it has grown at its end, the
 *                size of an earlier version (whose newer members then read as zero); any
 *                other size (one that cuts a member, one from an unknown header) is
 *                FROND_ERR_INVALID_ARGUMENT and nothing of the struct is read. Small
 *                value structs (frond_value, frond_color, frond_attribute,
 *                frond_argument, frond_animation_value, frond_item_path, frond_size,
 *                frond_rect) have no struct_size; result
 *                structs (frond_size, frond_rect, frond_mutation, …) are filled by Frond.
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
 *   - A component given to a parent component or a root is kept alive by it: the
 *     caller may release its own handle (frond_component_release) at once. Components
 *     are immutable; one component may appear only once in a tree.
 *   - An action block placed in a component's attributes is kept alive by the component
 *     (and by the views mounted with it): the caller may release its own handle
 *     (frond_action_block_release) at once.
 *   - Strings returned by Frond are owned by Frond: frond_version() and
 *     frond_status_name() return static strings; frond_last_error_message() returns a
 *     string valid until the next failing call on the same thread.
 *   - user_data passed with a callback belongs to Frond from the call on: its destroy
 *     function is called exactly once, also when registration fails (then before the
 *     registering function returns).
 *
 * THREADS
 *
 *   Handles may be created, resolved and freed from any thread. A root is used from one
 *   thread at a time, except that state updates (frond_scope_update_state,
 *   frond_scope_set_state) may come from any thread. A node tree is not
 *   synchronized: use one tree from one thread at a time (different trees may be used
 *   concurrently). Error messages are per thread. During frond_node_calculate_layout a
 *   tree's own callbacks may read it, but changing it (its styles, children, callbacks,
 *   has-new-layout flags, or the config of its root), freeing it or laying it out again
 *   from inside them returns FROND_ERR_MISUSE.
 *
 * The header compiles as C99 and C++ and declares only frond_* symbols (its conveniences
 * are static inline functions and macros: nothing of them is exported).
 */
#ifndef FROND_H
#define FROND_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

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

/** The version of this header. A program built against it can check at run time that
 *  the library it loaded has the same major version (frond_version_numbers). */
#define FROND_VERSION_MAJOR 0
#define FROND_VERSION_MINOR 1
#define FROND_VERSION_PATCH 0

/** The library's version as "MAJOR.MINOR.PATCH". Static string; never NULL. */
const char *frond_version(void);

/** Writes the library's version numbers (each pointer may be NULL): the numbers of
 *  frond_version(), and FROND_VERSION_MAJOR/MINOR/PATCH of the header it was built from. */
void frond_version_numbers(int *out_major, int *out_minor, int *out_patch);

/** The name of a status code ("FROND_OK", "FROND_ERR_MISUSE", …), or
 *  "FROND_UNKNOWN_STATUS". Static string; never NULL. */
const char *frond_status_name(frond_status status);

/** The message of the most recent error on the calling thread, or "" if none.
 *  Successful calls do not clear it. Valid until the next failing call on the same
 *  thread; never NULL. */
const char *frond_last_error_message(void);

/** Forgets the calling thread's last error message. */
void frond_clear_last_error(void);

/** Records `message` (copied; NULL forgets it) as the calling thread's last error, as a
 *  failing call does. For libraries built on this API (libfrond_cairo, a host's own
 *  library) whose failing functions report where frond_last_error_message() reads.
 *  Invalid UTF-8 is kept with U+FFFD in its place. */
void frond_set_last_error(const char *message);

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

/** The longest root-to-leaf chain a tree may have, counting both ends, so that layout
 *  never exhausts a thread's stack. It is the one depth limit, and FROND_ERR_LIMIT is its
 *  one error: inserting a node deeper (frond_node_insert_child, …), making a component
 *  that holds components nested deeper (frond_component_new_flexbox, _new_inset, …),
 *  flushing a component tree deeper (frond_root_flush: render components' children
 *  count), or describing one in JSON (frond_component_new_from_json: a tree deeper, or
 *  arrays and objects nested more than 4 × FROND_MAX_TREE_DEPTH) returns FROND_ERR_LIMIT. */
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

/** Sets the errata (an OR of frond_errata bits). Unknown bits are refused, but for all
 *  the bits beyond the named errata together, as FROND_ERRATA_ALL and
 *  FROND_ERRATA_CLASSIC set them (for errata to come). */
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

/** What one layout pass did (frond_node_calculate_layout_counted). */
typedef struct frond_layout_statistics {
    uint32_t struct_size;               /**< sizeof(frond_layout_statistics); set by the caller */
    size_t layouts;                     /**< nodes laid out (their children placed) */
    size_t measures;                    /**< nodes measured (their size only) */
    size_t cached_layouts;              /**< layouts answered from a node's cache */
    size_t cached_measures;             /**< measurements answered from a node's cache */
    size_t measure_callbacks;           /**< calls of measure functions */
    /** Frames whose numbers overflowed a float (NaN or infinite: flex factors or sizes so
     *  large that the arithmetic overflows) and were replaced by 0: a layout that did not
     *  fit the numbers, though the call returned FROND_OK. */
    size_t non_finite_values;
} frond_layout_statistics;

/** frond_node_calculate_layout, and what the pass did into `*out_statistics` (whose
 *  struct_size the caller sets; a size the library does not know is
 *  FROND_ERR_INVALID_ARGUMENT and lays nothing out). Written when the pass completes
 *  with FROND_OK; not on an error (FROND_ERR_CALLBACK included). */
frond_status frond_node_calculate_layout_counted(frond_layout_statistics *out_statistics, frond_node *node,
                                                 float available_width, float available_height,
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

/* ======================================================================== */
/* Components                                                                */
/*                                                                           */
/* Immutable descriptions of UI. A component has a view configuration (the   */
/* host view type and attributes; none for a viewless component), a size and */
/* an optional key that keeps its identity among siblings across rebuilds.   */
/* Keys are the components' identity (their state), not the views': a view   */
/* is kept for whatever component of its view type comes to its place (a     */
/* child whose key changed gets the old view, updated), as ComponentKit      */
/* reuses views, so a host keeps no component's state in its views.         */
/* ======================================================================== */

/** An immutable component. */
typedef struct frond_component frond_component;
/** The owner of a component tree and its mounted views (section Roots and hosts). */
typedef struct frond_root frond_root;
/** An action that carries its own handler (section Actions). */
typedef struct frond_action_block frond_action_block;

/** The type of an attribute value. */
typedef enum frond_attribute_kind {
    FROND_ATTRIBUTE_NUMBER = 1,     /**< `number`, finite */
    FROND_ATTRIBUTE_BOOL = 2,       /**< `boolean` */
    FROND_ATTRIBUTE_STRING = 3,     /**< `string`, UTF-8, not NULL */
    FROND_ATTRIBUTE_COLOR = 4,      /**< `color`, components within 0…1 */
    FROND_ATTRIBUTE_HOST_VALUE = 5, /**< `host_value`, a token the host gives meaning to */
    FROND_ATTRIBUTE_ACTION = 6,     /**< `string`: the name of an action the view sends */
    FROND_ATTRIBUTE_ACTION_BLOCK = 7 /**< `action_block`: an action block the view's event calls */
} frond_attribute_kind;

/** An sRGB color with straight alpha, each component within 0…1. */
typedef struct frond_color {
    float red;
    float green;
    float blue;
    float alpha;
} frond_color;

/** A named view attribute; the member `kind` names holds the value. Frond copies what
 *  it is given; what it hands a host is valid during the host call only. */
typedef struct frond_attribute {
    const char *name;
    frond_attribute_kind kind;
    double number;
    bool boolean;
    const char *string;
    frond_color color;
    uint64_t host_value;
    /** ACTION_BLOCK: a live action block handle (a component given it keeps the block
     *  alive; two attributes are equal only when they hold the same block). In attributes
     *  Frond hands out (to hosts, as payloads) it is NULL: the block is Frond's to call. */
    frond_action_block *action_block;
} frond_attribute;

/** A view configuration. `view_type` NULL makes the component viewless (then it may
 *  have no attributes and no accessibility). Attribute names must be non-empty and
 *  unique. Accessibility reaches the host as the attributes `accessibilityLabel`,
 *  `accessibilityHint` and `accessibilityTraits` when set. */
typedef struct frond_view_spec {
    uint32_t struct_size;               /**< sizeof(frond_view_spec) */
    const char *view_type;
    const frond_attribute *attributes;
    size_t attribute_count;
    const char *accessibility_label;    /**< may be NULL */
    const char *accessibility_hint;     /**< may be NULL */
    uint64_t accessibility_traits;      /**< host-defined bits; 0 = none */
} frond_view_spec;

/** A component's size. Each value is POINT or PERCENT (of the parent), or UNDEFINED or
 *  AUTO for automatic; values are finite and ≥ 0. A zero-filled struct (with its
 *  struct_size) is automatic throughout. */
typedef struct frond_size_spec {
    uint32_t struct_size;               /**< sizeof(frond_size_spec) */
    frond_value width;
    frond_value height;
    frond_value min_width;
    frond_value min_height;
    frond_value max_width;
    frond_value max_height;
} frond_size_spec;

/* Every constructor writes a new component handle the caller owns to `*out_component`;
 * `view` NULL means viewless, `size` NULL automatic, `key` NULL no key. Strings are
 * copied. A parent (or a root) that is given a component keeps it alive, so the caller
 * may release its handle right away. Invalid input is FROND_ERR_INVALID_ARGUMENT with a
 * message naming the field; a child handle that is not a live component is
 * FROND_ERR_MISUSE. */

/** A leaf component: a view (or nothing) of a given size. */
frond_status frond_component_new(frond_component **out_component, const frond_view_spec *view,
                                 const frond_size_spec *size, const char *key);

/** A component wrapping exactly one child, which fills it in each direction where the
 *  child's own size is automatic. Without a view and a size (all automatic) it is laid
 *  out as its child (ComponentKit's composite components): the child takes its place
 *  among its parent's items, with the item properties the composite was given, and the
 *  composite's frame is the child's. The same holds for render components and
 *  frond_component_new_animation's wrappers. */
frond_status frond_component_new_composite(frond_component **out_component, const frond_view_spec *view,
                                           const frond_size_spec *size, const char *key, frond_component *child);

/** Where the lines of a text sit within its view's width. */
typedef enum frond_text_align {
    FROND_TEXT_ALIGN_DEFAULT = 0,       /**< the renderer's default (left) */
    FROND_TEXT_ALIGN_LEFT = 1,
    FROND_TEXT_ALIGN_CENTER = 2,
    FROND_TEXT_ALIGN_RIGHT = 3,
    FROND_TEXT_ALIGN_JUSTIFY = 4        /**< lines but each paragraph's last fill the width */
} frond_text_align;

/** How a text component is set. A zero-filled struct (with its struct_size) means: font
 *  size 14, line height 1.2 × the font size, no family, no color, no line limit, the
 *  family's weight, the renderer's alignment. The struct has grown at its end: a caller
 *  built against an older header (struct_size = offsetof(frond_text_style, font_weight),
 *  the first version's size) gets the defaults of the newer members. */
typedef struct frond_text_style {
    uint32_t struct_size;               /**< sizeof(frond_text_style) */
    float font_size;                    /**< points, at most 1e6; 0 = 14 */
    float line_height;                  /**< points, at most 1e6; 0 = 1.2 × font_size */
    const char *font_family;            /**< may be NULL */
    bool has_color;
    frond_color color;
    int32_t max_lines;                  /**< 0 = no limit */
    int32_t font_weight;                /**< CSS weight 100…1000 (400 regular, 700 bold); 0 = the family's */
    frond_text_align text_align;        /**< alignment does not change the measured size */
} frond_text_style;

/** A run of text, mounted as a view of type "text" (attributes `text`, `fontSize`,
 *  `lineHeight`, and `color`, `fontFamily`, `fontWeight` (a number), `maxLines`,
 *  `textAlign` ("left", "center", "right", "justify") when set), sized by the root's
 *  text measurer. `text` is UTF-8; `style` NULL means the defaults. A weight outside
 *  100…1000 or an unknown alignment is FROND_ERR_INVALID_ARGUMENT. */
frond_status frond_component_new_text(frond_component **out_component, const char *text,
                                      const frond_text_style *style, const frond_size_spec *size, const char *key);

/** The container properties of a flexbox. A zero-filled struct (with its struct_size)
 *  is a column with Yoga's defaults; ALIGN_AUTO means the default (stretch for
 *  align_items, flex-start for align_content). */
typedef struct frond_flexbox_style {
    uint32_t struct_size;               /**< sizeof(frond_flexbox_style) */
    frond_flex_direction direction;
    frond_wrap wrap;
    frond_justify justify_content;
    frond_align align_items;
    frond_align align_content;
    float spacing;                      /**< points between items along the main axis */
    float line_spacing;                 /**< points between the lines of a wrapping flexbox */
    frond_value padding[4];             /**< left, top, right, bottom (POINT or PERCENT) */
    float border[4];                    /**< left, top, right, bottom */
    frond_direction layout_direction;
    frond_overflow overflow;
} frond_flexbox_style;

/** A flexbox child and its item properties. A zero-filled struct (with its struct_size
 *  and component) neither grows nor shrinks, has an automatic basis, and is statically
 *  positioned (like RELATIVE, but insets do not apply). */
typedef struct frond_flex_child {
    uint32_t struct_size;               /**< sizeof(frond_flex_child) */
    frond_component *component;         /**< NULL: the child is dropped */
    float flex_grow;
    float flex_shrink;
    frond_value flex_basis;             /**< UNDEFINED = auto */
    frond_align align_self;
    frond_value margin[4];              /**< left, top, right, bottom; AUTO allowed */
    frond_position_type position_type;
    frond_value position[4];            /**< insets: left, top, right, bottom */
    float aspect_ratio;                 /**< width / height; 0 = none */
} frond_flex_child;

/** A flexbox container with `child_count` children (`children` may be NULL when the
 *  count is 0). Children whose component is NULL are dropped. */
frond_status frond_component_new_flexbox(frond_component **out_component, const frond_view_spec *view,
                                         const frond_size_spec *size, const char *key,
                                         const frond_flexbox_style *style, const frond_flex_child *children,
                                         size_t child_count);

/* ---- Layout components (ComponentKit's) ---------------------------------- */
/* Each maps onto flexbox styles. A required child that is NULL, freed or not a
 * component is FROND_ERR_MISUSE; a bad number or enumerator is
 * FROND_ERR_INVALID_ARGUMENT. */

/** A component that surrounds one child with empty space (as CKInsetComponent): the
 *  child fills what the insets leave of the component, in each direction where its own
 *  size is automatic. `insets` holds left, top, right, bottom (NULL: no insets), each
 *  POINT or PERCENT, finite and ≥ 0, or UNDEFINED (0); percentages are of the width of
 *  the component's parent on every side, as CSS paddings. `child` is required. */
frond_status frond_component_new_inset(frond_component **out_component, const frond_view_spec *view,
                                       const frond_size_spec *size, const char *key, const frond_value insets[4],
                                       frond_component *child);

/** The axes a center component centers its child on. */
typedef enum frond_centering {
    FROND_CENTERING_NONE = 0,           /**< the child at the top-left corner */
    FROND_CENTERING_X = 1,              /**< horizontally (top edge vertically) */
    FROND_CENTERING_Y = 2,              /**< vertically (left edge horizontally) */
    FROND_CENTERING_XY = 3              /**< both ways */
} frond_centering;

/** The axes on which a center component is only as large as its child; on the others
 *  it is as large as its parent. */
typedef enum frond_center_sizing {
    FROND_CENTER_SIZING_DEFAULT = 0,    /**< as large as its parent on both axes */
    FROND_CENTER_SIZING_MINIMUM_X = 1,  /**< the child's width */
    FROND_CENTER_SIZING_MINIMUM_Y = 2,  /**< the child's height */
    FROND_CENTER_SIZING_MINIMUM_XY = 3  /**< the child's size */
} frond_center_sizing;

/** A component that centers its child (as CKCenterLayoutComponent) on the axes
 *  `centering` names; on the other axis the child sits at the left or top edge. The
 *  child is never stretched. On each axis where the component's own size is automatic
 *  it is as large as its parent's content box (100%, as ComponentKit fills its maximum
 *  constraint; where the parent's size comes from its content, the child's size), or,
 *  with the MINIMUM option for that axis, as large as the child. A parent that
 *  stretches or grows it makes it larger. `child` may be NULL (an empty box). */
frond_status frond_component_new_center(frond_component **out_component, const frond_view_spec *view,
                                        const frond_size_spec *size, const char *key, frond_centering centering,
                                        frond_center_sizing sizing, frond_component *child);

/** A component whose height is `ratio` × its width (as CKRatioLayoutComponent: ratio is
 *  height / width, the inverse of frond_node_style_set_aspect_ratio's), finite and > 0;
 *  its child (required) fills it where the child's own size is automatic. The known
 *  size decides the other (a stretched width gives the height). The component is at
 *  most its parent's content size on each axis where its size sets no maximum; a parent
 *  that fixes both sizes, or a width and height both set on it, wins over the ratio. */
frond_status frond_component_new_ratio(frond_component **out_component, const frond_view_spec *view,
                                       const frond_size_spec *size, const char *key, float ratio,
                                       frond_component *child);

/** A component that lays out `child` (required) and puts `background` (may be NULL)
 *  behind it at exactly the child's frame (as CKBackgroundLayoutComponent): the
 *  background is mounted before the child. The component's size is the child's, part
 *  by part, except where `size` sets one; the child fills the component and the
 *  background covers it (the background's own size is ignored). */
frond_status frond_component_new_background(frond_component **out_component, const frond_view_spec *view,
                                            const frond_size_spec *size, const char *key, frond_component *child,
                                            frond_component *background);

/** Like frond_component_new_background, with `overlay` (may be NULL) in front of the
 *  child (mounted after it), as CKOverlayLayoutComponent. */
frond_status frond_component_new_overlay(frond_component **out_component, const frond_view_spec *view,
                                         const frond_size_spec *size, const char *key, frond_component *child,
                                         frond_component *overlay);

/** A child of a static layout: a component at (x, y) from the layout's top-left corner. */
typedef struct frond_static_child {
    uint32_t struct_size;               /**< sizeof(frond_static_child) */
    frond_component *component;         /**< NULL: the child is dropped */
    float x;                            /**< points, finite (may be negative) */
    float y;                            /**< points, finite (may be negative) */
    /** Replaces the component's own size for its placement (percentages are of the
     *  layout's size); NULL: the component's own size. Read during the call only. */
    const frond_size_spec *size;
} frond_static_child;

/** A component that places `child_count` children at fixed positions (as
 *  CKStaticLayoutComponent); later children are mounted in front of earlier ones.
 *  `children` may be NULL when the count is 0. The component's size is `size`; on each
 *  axis where that is automatic, it is the bounding box of the children whose size on
 *  that axis is known in points before layout (POINT width or height, clamped by POINT
 *  minimums and maximums): max(x + width), max(y + height), at least 0. Flexbox cannot
 *  size a container by the extent of absolute items, so children sized by their
 *  content or by percentages do not count; with none that count, the axis is
 *  automatic (0, unless the parent stretches it). */
frond_status frond_component_new_static(frond_component **out_component, const frond_view_spec *view,
                                        const frond_size_spec *size, const char *key,
                                        const frond_static_child *children, size_t child_count);

/** Releases the caller's handle; the component lives on while a parent or root holds it.
 *  NULL is a no-op. */
frond_status frond_component_release(frond_component *component);

/* ---- Conveniences (static inline: nothing here is exported) ----------------- */
/* Caller-filled structs and small values in one line each, so that a sized leaf is
 *
 *     frond_attribute attributes[] = {frond_attribute_string("text", "Hi"),
 *                                     frond_attribute_action(FROND_EVENT_TAP, "greet")};
 *     frond_view_spec view = frond_view("label", attributes, 2);
 *     frond_size_spec size = frond_size_points(120, 24);
 *     frond_component_new(&label, &view, &size, "greeting");
 *
 * and any other caller-filled struct starts from FROND_INIT(spec): every member zero,
 * struct_size set (the struct's documented defaults). */

/** Zero-fills a caller-filled struct variable and sets its struct_size. */
#define FROND_INIT(variable) \
    (memset(&(variable), 0, sizeof(variable)), (variable).struct_size = (uint32_t)sizeof(variable))

/** A length in points, in percent, or automatic. */
static inline frond_value frond_points(float points) {
    frond_value value;
    value.value = points;
    value.unit = FROND_UNIT_POINT;
    return value;
}
static inline frond_value frond_percent(float percent) {
    frond_value value;
    value.value = percent;
    value.unit = FROND_UNIT_PERCENT;
    return value;
}
static inline frond_value frond_auto(void) {
    frond_value value;
    value.value = 0;
    value.unit = FROND_UNIT_AUTO;
    return value;
}

/** An opaque color from 0xRRGGBB; a color from 0…1 components. */
static inline frond_color frond_rgb(uint32_t rgb) {
    frond_color color;
    color.red = (float)((rgb >> 16) & 0xFF) / 255.0f;
    color.green = (float)((rgb >> 8) & 0xFF) / 255.0f;
    color.blue = (float)(rgb & 0xFF) / 255.0f;
    color.alpha = 1.0f;
    return color;
}
static inline frond_color frond_rgba(float red, float green, float blue, float alpha) {
    frond_color color;
    color.red = red;
    color.green = green;
    color.blue = blue;
    color.alpha = alpha;
    return color;
}

/** Attributes of each kind (the strings are not copied here: Frond copies them when it is
 *  given the attribute). frond_attribute_of_kind is the zero-filled attribute the others
 *  start from. */
static inline frond_attribute frond_attribute_of_kind(const char *name, frond_attribute_kind kind) {
    frond_attribute attribute;
    memset(&attribute, 0, sizeof attribute);
    attribute.name = name;
    attribute.kind = kind;
    return attribute;
}
static inline frond_attribute frond_attribute_number(const char *name, double number) {
    frond_attribute attribute = frond_attribute_of_kind(name, FROND_ATTRIBUTE_NUMBER);
    attribute.number = number;
    return attribute;
}
static inline frond_attribute frond_attribute_bool(const char *name, bool boolean) {
    frond_attribute attribute = frond_attribute_of_kind(name, FROND_ATTRIBUTE_BOOL);
    attribute.boolean = boolean;
    return attribute;
}
static inline frond_attribute frond_attribute_string(const char *name, const char *string) {
    frond_attribute attribute = frond_attribute_of_kind(name, FROND_ATTRIBUTE_STRING);
    attribute.string = string;
    return attribute;
}
static inline frond_attribute frond_attribute_color(const char *name, frond_color color) {
    frond_attribute attribute = frond_attribute_of_kind(name, FROND_ATTRIBUTE_COLOR);
    attribute.color = color;
    return attribute;
}
static inline frond_attribute frond_attribute_host_value(const char *name, uint64_t host_value) {
    frond_attribute attribute = frond_attribute_of_kind(name, FROND_ATTRIBUTE_HOST_VALUE);
    attribute.host_value = host_value;
    return attribute;
}
/** An attribute naming the action a view's event sends (`name` is usually an event:
 *  FROND_EVENT_TAP, …). */
static inline frond_attribute frond_attribute_action(const char *name, const char *action) {
    frond_attribute attribute = frond_attribute_of_kind(name, FROND_ATTRIBUTE_ACTION);
    attribute.string = action;
    return attribute;
}
static inline frond_attribute frond_attribute_action_block(const char *name, frond_action_block *block) {
    frond_attribute attribute = frond_attribute_of_kind(name, FROND_ATTRIBUTE_ACTION_BLOCK);
    attribute.action_block = block;
    return attribute;
}

/** A view of `view_type` with `count` attributes (no accessibility). */
static inline frond_view_spec frond_view(const char *view_type, const frond_attribute *attributes, size_t count) {
    frond_view_spec view;
    FROND_INIT(view);
    view.view_type = view_type;
    view.attributes = attributes;
    view.attribute_count = count;
    return view;
}

/** A size of `width` × `height` points; an automatic size. */
static inline frond_size_spec frond_size_points(float width, float height) {
    frond_size_spec size;
    FROND_INIT(size);
    size.width = frond_points(width);
    size.height = frond_points(height);
    return size;
}
static inline frond_size_spec frond_size_auto(void) {
    frond_size_spec size;
    FROND_INIT(size);
    return size;
}

/** A flexbox child with the default item properties; one that grows by `grow`. */
static inline frond_flex_child frond_flex_child_of(frond_component *component) {
    frond_flex_child child;
    FROND_INIT(child);
    child.component = component;
    return child;
}
static inline frond_flex_child frond_flex_child_growing(frond_component *component, float grow) {
    frond_flex_child child = frond_flex_child_of(component);
    child.flex_grow = grow;
    return child;
}

/** The container properties of a row or a column with `spacing` points between items. */
static inline frond_flexbox_style frond_flexbox_style_row(float spacing) {
    frond_flexbox_style style;
    FROND_INIT(style);
    style.direction = FROND_FLEX_DIRECTION_ROW;
    style.spacing = spacing;
    return style;
}
static inline frond_flexbox_style frond_flexbox_style_column(float spacing) {
    frond_flexbox_style style;
    FROND_INIT(style);
    style.direction = FROND_FLEX_DIRECTION_COLUMN;
    style.spacing = spacing;
    return style;
}

/* ======================================================================== */
/* Roots and hosts                                                           */
/*                                                                           */
/* A root owns one component tree: a flush builds it, lays it out within the */
/* root's size range and sends the host the mutations that turn the mounted   */
/* views into the new ones. Views are numbered (view 0 is the host's root    */
/* container); a view keeps its number while it lives.                       */
/* ======================================================================== */

/** How a root sizes its component. The component is laid out as the one item of a column
 *  flex container of the range's size: along the height it grows or shrinks to the range
 *  (a fixed height, a FIT_CONTENT maximum), even from a height of its own; along the width
 *  it is stretched to the range where its width is automatic, and a width of its own is
 *  kept (also beyond a FIT_CONTENT maximum, so frond_root_get_size may then exceed it). */
typedef enum frond_size_range_kind {
    FROND_SIZE_RANGE_FIXED = 0,           /**< width × height; the component fills it */
    FROND_SIZE_RANGE_FLEXIBLE_HEIGHT = 1, /**< width fixed, height from the content */
    FROND_SIZE_RANGE_FLEXIBLE_WIDTH = 2,  /**< height fixed, width from the content */
    FROND_SIZE_RANGE_FIT_CONTENT = 3      /**< the content's size, at most width × height */
} frond_size_range_kind;

/** A root's size range. Sizes are finite and ≥ 0; for FIT_CONTENT, FROND_UNDEFINED
 *  means no maximum. Sizes a kind does not use are ignored. */
typedef struct frond_size_range {
    uint32_t struct_size;                 /**< sizeof(frond_size_range) */
    frond_size_range_kind kind;
    float width;
    float height;
} frond_size_range;

/** Size ranges of each kind (see frond_size_range_kind); FIT_CONTENT without a maximum
 *  on an axis takes FROND_UNDEFINED. */
static inline frond_size_range frond_size_range_fixed(float width, float height) {
    frond_size_range range;
    FROND_INIT(range);
    range.kind = FROND_SIZE_RANGE_FIXED;
    range.width = width;
    range.height = height;
    return range;
}
static inline frond_size_range frond_size_range_flexible_height(float width) {
    frond_size_range range;
    FROND_INIT(range);
    range.kind = FROND_SIZE_RANGE_FLEXIBLE_HEIGHT;
    range.width = width;
    return range;
}
static inline frond_size_range frond_size_range_flexible_width(float height) {
    frond_size_range range;
    FROND_INIT(range);
    range.kind = FROND_SIZE_RANGE_FLEXIBLE_WIDTH;
    range.height = height;
    return range;
}
static inline frond_size_range frond_size_range_fit_content(float max_width, float max_height) {
    frond_size_range range;
    FROND_INIT(range);
    range.kind = FROND_SIZE_RANGE_FIT_CONTENT;
    range.width = max_width;
    range.height = max_height;
    return range;
}

/** What a mutation does. Indices refer to the parent's children at the moment the
 *  mutation is applied, in commit order.
 *
 *  When a view leaves, the top of what leaves gets REMOVE from its parent, then every view
 *  of that subtree gets DESTROY, children before their parent. The views inside get no
 *  REMOVE: they are destroyed still inside their (already removed) parent. So a host may
 *  detach a view from its parent when its DESTROY comes, or free a removed subtree as a
 *  unit (ignoring the DESTROYs of the views inside it, or keeping them only to release
 *  per-view resources). A DESTROY never names a view of the mounted tree (reachable from
 *  view 0), nor one whose children are not destroyed yet; and when a commit ends, every
 *  live view is in the mounted tree (a view kept for a final-unmount animation stays in
 *  its place until the tick that ends it removes and destroys it). */
typedef enum frond_mutation_kind {
    FROND_MUTATION_CREATE = 1,    /**< create `view` of `view_type` (in no parent yet) */
    FROND_MUTATION_UPDATE = 2,    /**< set the `set` attributes of `view`, clear the `unset` names */
    FROND_MUTATION_SET_FRAME = 3, /**< place `view` at `frame` within its parent view */
    FROND_MUTATION_INSERT = 4,    /**< insert `view` into `parent` at `index` */
    FROND_MUTATION_MOVE = 5,      /**< take `view` out of `parent`, put it back at `index` */
    FROND_MUTATION_REMOVE = 6,    /**< take `view` out of `parent` */
    FROND_MUTATION_DESTROY = 7    /**< `view` is gone for good (its children went first; see above) */
} frond_mutation_kind;

/** One change to the host's views. Pointers are valid during the host call only. */
typedef struct frond_mutation {
    frond_mutation_kind kind;
    uint64_t view;
    uint64_t parent;                   /**< INSERT, MOVE, REMOVE */
    size_t index;                      /**< INSERT, MOVE */
    const char *view_type;             /**< CREATE */
    frond_rect frame;                  /**< SET_FRAME */
    const frond_attribute *set;        /**< UPDATE */
    size_t set_count;
    const char *const *unset;          /**< UPDATE */
    size_t unset_count;
} frond_mutation;

/** A host: the functions a root calls to apply a commit (begin, the mutations, end).
 *  Give either `apply` (one call per mutation) or `apply_batch` (one call per commit
 *  with all of them, for hosts where crossing into C is costly); `begin_commit` and
 *  `end_commit` may be NULL. A function returning an error makes frond_root_flush
 *  return FROND_ERR_CALLBACK once the commit is done (the root still counts the
 *  mutations as applied). Callbacks must not flush or free their root (both are
 *  FROND_ERR_MISUSE from inside them). */
typedef struct frond_host {
    uint32_t struct_size;              /**< sizeof(frond_host) */
    frond_status (*begin_commit)(frond_root *root, void *user_data);
    frond_status (*apply)(frond_root *root, const frond_mutation *mutation, void *user_data);
    frond_status (*apply_batch)(frond_root *root, const frond_mutation *mutations, size_t count, void *user_data);
    frond_status (*end_commit)(frond_root *root, void *user_data);
} frond_host;

/** Measures text for layout: the size of `text` set with `style` within the
 *  constraints, as for frond_measure_func (asked for at most 0 points of width, answer
 *  with the narrowest layout). */
typedef frond_status (*frond_text_measure_func)(const char *text, const frond_text_style *style, float width,
                                                frond_measure_mode width_mode, float height,
                                                frond_measure_mode height_mode, frond_size *out_size,
                                                void *user_data);

/** Creates a root with a size range (NULL: FIT_CONTENT without maximums), no host, no
 *  component, and the default monospace text measurer (0.6 × the font size per
 *  character, lines 1.2 × the font size apart, breaking at spaces). */
frond_status frond_root_new(frond_root **out_root, const frond_size_range *range);
/** Releases the root, its host's user_data (destroy) and its mounted state. NULL is a
 *  no-op. The host is not told to destroy its views. A root cannot be freed from inside
 *  its own callbacks (a render, should_update, provider, text measurer, host, action
 *  handler, completion, or a destroy function the flush runs as it releases what it
 *  replaced, during a flush, prepare, commit, discard, tick or action of this root):
 *  that is FROND_ERR_MISUSE and the root stays; free it once the call that runs them
 *  has returned. (Its flush request runs on the updating thread, outside those calls.) */
frond_status frond_root_free(frond_root *root);

frond_status frond_root_set_size_range(frond_root *root, const frond_size_range *range);
/** Sets the host (copied; NULL removes it) with its user_data and destroy function. A host
 *  receives the changes to the views it was sent: set it before the first commit. A host
 *  set (or swapped in) after views were mounted is not sent them, and the next commit's
 *  mutations name views it lacks; make a new root for a new host instead. */
frond_status frond_root_set_host(frond_root *root, const frond_host *host, void *user_data, frond_destroy_func destroy);
/** Sets the text measurer (NULL: the default) with its user_data and destroy function. */
frond_status frond_root_set_text_measurer(frond_root *root, frond_text_measure_func measure, void *user_data,
                                          frond_destroy_func destroy);
/** The component the next flush shows (NULL: nothing). The root keeps it alive. It
 *  replaces the root's component provider, if any (whose props and user_data are then
 *  destroyed). */
frond_status frond_root_set_component(frond_root *root, frond_component *component);

/* ---- Component provider (props → component) ------------------------------ */

/** Makes the root's component from its props (ComponentKit's component provider):
 *  writes the component to show to `*out_component` (it starts as NULL; NULL shows
 *  nothing). As with a render class's render, Frond takes over the written handle (do
 *  not release it), also when the provider then fails. `props` is the value last given
 *  to frond_root_set_props (NULL before any). The provider is called by the first flush
 *  after frond_root_set_provider or frond_root_set_props, once with the newest props,
 *  and by no other flush: a flush with only state updates keeps the component it
 *  returned last. It runs on the thread that flushes (the preparing thread for
 *  frond_root_prepare), before state updates are applied. A status other than FROND_OK
 *  fails the flush with FROND_ERR_CALLBACK; a written handle that is not a live
 *  component (freed, of another kind, already taken over) fails it with
 *  FROND_ERR_MISUSE; a component instance placed twice in the tree fails it with
 *  FROND_ERR_INVALID_TREE. A failed flush mounts nothing and leaves the tree, the views
 *  and the states as they were; the next flush calls the provider again. */
typedef frond_status (*frond_component_provider_func)(frond_component **out_component, void *props,
                                                      void *user_data);

/** Makes `provider` the source of the root's component, with its user_data and destroy
 *  function (destroy is called exactly once: when the provider is replaced, when the
 *  root is freed, or, on failure, before this call returns). The provider replaces the
 *  root's component and previous provider (whose props are destroyed) and starts with
 *  NULL props; frond_root_set_component replaces it in turn. NULL removes the provider:
 *  the root shows nothing, as after frond_root_set_component(root, NULL). */
frond_status frond_root_set_provider(frond_root *root, frond_component_provider_func provider, void *user_data,
                                     frond_destroy_func destroy);

/** Gives the root's provider new props: the next flush calls it with them. `props`
 *  belongs to the root from this call on: `destroy_props` (may be NULL) is called with
 *  it exactly once, when newer props, another provider or a component replace it (after
 *  a provider call that is reading it has returned), when the root is freed, or, when
 *  this call fails, before it returns. FROND_ERR_MISUSE for a bad root or a root
 *  without a provider. Call it on the root's thread (also while a flush is prepared:
 *  the props then wait for the next flush). */
frond_status frond_root_set_props(frond_root *root, void *props, frond_destroy_func destroy_props);

/* ---- View type declarations ------------------------------------------------ */

/** One attribute of a view type declaration. */
typedef struct frond_attribute_spec {
    uint32_t struct_size;               /**< sizeof(frond_attribute_spec) */
    const char *name;                   /**< non-empty UTF-8, unique within the declaration (copied) */
    frond_attribute_kind kind;          /**< the kind its values must have */
} frond_attribute_spec;

/** Flags of a view type declaration (an OR of these; unknown bits are refused). */
typedef enum frond_view_type_flags {
    FROND_VIEW_TYPE_REJECT_OTHER_ATTRIBUTES = 0, /**< an attribute not declared fails the flush */
    FROND_VIEW_TYPE_ALLOW_OTHER_ATTRIBUTES = 1   /**< attributes not declared are mounted unchecked */
} frond_view_type_flags;

/** Declares which attributes views of `view_type` accept and of which kind (replacing
 *  an earlier declaration of the type; everything is copied). From the next flush on, a
 *  component of that view type with an attribute of another kind, or (without
 *  FROND_VIEW_TYPE_ALLOW_OTHER_ATTRIBUTES) with an attribute the declaration does not
 *  name, fails the flush with FROND_ERR_INVALID_ARGUMENT and a message naming the
 *  component, the attribute and both kinds; nothing is mounted and the previous views
 *  stay. The first flush after a declaration checks the components already in the tree
 *  too. Accessibility (accessibilityLabel, accessibilityHint, accessibilityTraits) is
 *  never checked. `attributes` may be NULL when the count is 0 (no attributes). Text
 *  components have view type "text" (see frond_component_new_text). A NULL, empty or
 *  non-UTF-8 view type or name, a repeated name, an unknown kind or flag, or a bad
 *  struct_size is FROND_ERR_INVALID_ARGUMENT and declares nothing. */
frond_status frond_root_declare_view_type(frond_root *root, const char *view_type,
                                          const frond_attribute_spec *attributes, size_t attribute_count,
                                          uint32_t flags);

/** Whether a component whose view type is not declared fails the flush (with
 *  FROND_ERR_INVALID_ARGUMENT, as above). The default is false: undeclared view types are
 *  mounted unchecked. */
frond_status frond_root_set_require_declared_view_types(frond_root *root, bool required);

/** Builds, lays out and mounts the root's component and sends the host the mutations.
 *  On FROND_ERR_INVALID_ARGUMENT (a bad value in a component, an attribute its view
 *  type's declaration refuses), FROND_ERR_INVALID_TREE (a component placed twice,
 *  siblings with the same type and key), FROND_ERR_LIMIT (a tree deeper than
 *  FROND_MAX_TREE_DEPTH) or a failing provider, render or text measurer
 *  (FROND_ERR_CALLBACK) nothing is mounted and the host is not called; the state
 *  updates it applied stay applied (their update functions ran: the states moved on),
 *  frond_root_needs_flush says so, and the next flush shows them. A host that
 *  fails also gives FROND_ERR_CALLBACK, after the commit. Calling it from the root's
 *  own host is FROND_ERR_MISUSE. `out_mutation_count` (may be NULL)
 *  receives the number of mutations sent: on FROND_OK, and on the FROND_ERR_CALLBACK of
 *  a failing host, which comes after the commit (those mutations were sent). On every
 *  other error nothing was sent and it is not written. */
frond_status frond_root_flush(frond_root *root, size_t *out_mutation_count);

/** Asynchronous flushes: frond_root_flush in two halves. frond_root_prepare builds and
 *  lays out (render, should_update and text measure callbacks run during it), and may
 *  be called on another thread than the host's: hand the root to that thread and make no
 *  other call on it until frond_root_prepare returns (state updates from any thread are
 *  fine: they wait for the next flush). frond_root_commit then mounts the result on the
 *  host's thread, calls the host and records the statistics, exactly as the end of
 *  frond_root_flush does; frond_root_discard_prepared drops it instead (the tree, the
 *  states' tree and the mounted views stay as the last commit left them; the scopes the
 *  prepared build created die). While a flush is prepared, preparing or flushing again
 *  is FROND_ERR_MISUSE; so is committing or discarding with none prepared. A failed
 *  prepare returns the errors frond_root_flush would and leaves nothing prepared.
 *  Freeing the root discards a prepared flush. */
frond_status frond_root_prepare(frond_root *root);
frond_status frond_root_commit(frond_root *root, size_t *out_mutation_count);
frond_status frond_root_discard_prepared(frond_root *root);
frond_status frond_root_has_prepared_flush(bool *out_prepared, frond_root *root);

/** Reading the mounted views back (view 0 is the root container). A view's frame is its
 *  laid-out frame relative to its parent view (while an animation moves it, the host
 *  shows another: see frond_root_describe). A view that is not mounted is
 *  FROND_ERR_INVALID_ARGUMENT; a child index at or beyond the view's child count is
 *  FROND_ERR_INVALID_TREE, as for nodes (frond_node_get_child). */
frond_status frond_root_get_child_count(size_t *out_count, frond_root *root, uint64_t view);
frond_status frond_root_get_child(uint64_t *out_child, frond_root *root, uint64_t view, size_t index);
frond_status frond_root_get_frame(frond_rect *out_frame, frond_root *root, uint64_t view);
/** The laid-out frame of mounted view `view` in the root's coordinates: its frame offset
 *  by those of the views it is in (view 0: the origin, empty). A view that is not mounted
 *  is FROND_ERR_INVALID_ARGUMENT. Walks the mounted views. */
frond_status frond_root_get_frame_in_root(frond_rect *out_frame, frond_root *root, uint64_t view);
/** The size the root's component was laid out at in the last commit (within the root's
 *  size range, but for a width of the component's own: see frond_size_range_kind; a
 *  FLEXIBLE_HEIGHT root's content height, for example); 0 × 0 when nothing has been
 *  committed or the root shows nothing. */
frond_status frond_root_get_size(frond_size *out_size, frond_root *root);

/* ---- Finding components by key ---------------------------------------------- */
/* A key path names a component of the last committed tree by the keys on the way to
 * it: key_path[0] is the key of the first component in the tree (in tree order: a parent
 * before its children, children in order) with that key; each later key, that of the
 * first component below the one before with that key. So {"list", "row-42"} is the
 * component keyed "row-42" inside the one keyed "list", whatever unkeyed components lie
 * between. `key_count` is at least 1; each key is UTF-8 (a NULL or bad key, or a NULL
 * `key_path`, is FROND_ERR_INVALID_ARGUMENT). Call them on the root's thread between
 * flushes: while the root flushes (from its callbacks) or holds a prepared flush they
 * are FROND_ERR_MISUSE. frond_root_find_scope (section Render components and state)
 * finds a stateful component's scope the same way. */

/** The view that shows the component at `key_path`: its own or, for a viewless component
 *  that wraps one child (composite, render, animation), its child's, and so on down.
 *  `*out_view` receives its number, or 0 when no component matches or there is no such
 *  view (a viewless flexbox). */
frond_status frond_root_find_view(uint64_t *out_view, frond_root *root, const char *const *key_path,
                                  size_t key_count);

/** Writes the mounted views as the host has them, as text (one view per line, indented,
 *  with frames and attributes; while an animation runs, the animated values the host was
 *  last sent) into `buffer` (NUL-terminated, cut short if `capacity` is too small;
 *  `buffer` may be NULL when `capacity` is 0); `*out_length` receives the full length
 *  without the NUL. */
frond_status frond_root_describe(size_t *out_length, frond_root *root, char *buffer, size_t capacity);
/** Writes the component tree of the last successful flush as text, with the buffer
 *  conventions of frond_root_describe. One component per line, children indented two
 *  spaces below their parent:
 *
 *      Flexbox (0, 0, 100×50) #1 viewless
 *        Counter["a"] (0, 0, 100×10) #2 viewless state=<opaque>
 *          Component(counter) (0, 0, 20×10) #3
 *
 *  Each line gives the component's type name (a render class's name), its key in
 *  brackets and its view type in parentheses when it has them, its frame relative to
 *  its parent component, its identity (kept while the component keeps its place in the
 *  tree), `viewless` for a component without a view and, for a stateful component,
 *  its state (`<opaque>` for a C state: the pointer is never read). The text is empty
 *  before the first flush and when the root shows no component. */
frond_status frond_root_describe_components(size_t *out_length, frond_root *root, char *buffer, size_t capacity);

/* ======================================================================== */
/* Render components and state                                               */
/*                                                                           */
/* A render class is a kind of component defined in C: its render function   */
/* turns props (and, for a stateful class, state) into one child component.  */
/* A stateful component keeps its state in a scope, identified by the class, */
/* the key (or position among keyless siblings of the class) and the parent; */
/* the state survives rebuilds and dies when the component leaves the tree.  */
/* State updates may come from any thread; they are queued and applied, in   */
/* order, at the root's next flush, which renders again only the updated     */
/* components (and rebuilds only the path from them to the top).             */
/* ======================================================================== */

/** A kind of render component: its callbacks and their user_data. */
typedef struct frond_render_class frond_render_class;
/** The scope of a stateful component. The handle is issued by Frond and stays valid
 *  while the component is in the tree (the same value at every render); after the
 *  component left the tree, or its root was freed, it is FROND_ERR_MISUSE. The caller
 *  never frees it. */
typedef struct frond_scope frond_scope;
/** An action on its way up the responder chain (section Actions). */
typedef struct frond_action frond_action;

/** What a controller hears, in ComponentKit's order (see frond_controller_vtable):
 *  - the first commit with the component: DID_INIT, WILL_MOUNT, DID_ACQUIRE_VIEW (only
 *    when the component has a view of its own), DID_MOUNT;
 *  - a commit that rebuilt it (new props or new state): WILL_UPDATE_COMPONENT (only for
 *    a new component, not for a state update), WILL_REMOUNT, WILL_RELINQUISH_VIEW and
 *    DID_ACQUIRE_VIEW (only when its view changed), DID_REMOUNT, DID_UPDATE_COMPONENT
 *    (only for a new component);
 *  - the commit that drops it: WILL_UNMOUNT, WILL_RELINQUISH_VIEW (only with a view),
 *    DID_UNMOUNT, INVALIDATE.
 *  The WILL_ events of a commit come before the host applies its mutations, the DID_
 *  events after. Freeing the root unmounts and invalidates its controllers at once. */
typedef enum frond_controller_event {
    FROND_CONTROLLER_DID_INIT = 1,
    FROND_CONTROLLER_WILL_MOUNT = 2,
    FROND_CONTROLLER_DID_MOUNT = 3,
    FROND_CONTROLLER_WILL_REMOUNT = 4,
    FROND_CONTROLLER_DID_REMOUNT = 5,
    FROND_CONTROLLER_WILL_UNMOUNT = 6,
    FROND_CONTROLLER_DID_UNMOUNT = 7,
    FROND_CONTROLLER_WILL_UPDATE_COMPONENT = 8,
    FROND_CONTROLLER_DID_UPDATE_COMPONENT = 9,
    FROND_CONTROLLER_DID_ACQUIRE_VIEW = 10,
    FROND_CONTROLLER_WILL_RELINQUISH_VIEW = 11,
    FROND_CONTROLLER_INVALIDATE = 12
} frond_controller_event;

/** A stateful render class's controller (ComponentKit's component controller): one per
 *  scope, living as long as the scope, told about its component's mounting, updates and
 *  view, and asked about actions right after its component. `user_data` is the render
 *  class's. */
typedef struct frond_controller_vtable {
    uint32_t struct_size;               /**< sizeof(frond_controller_vtable) */
    /** Optional: the controller's value for a new scope (NULL allowed), given the props
     *  of the component that made the scope. Runs during the build that makes the scope
     *  (possibly on the preparing thread; that build may still fail or be discarded). */
    void *(*create)(void *props, void *user_data);
    /** Required: one event (see frond_controller_event), on the thread that commits.
     *  `view` is the component's view for DID_ACQUIRE_VIEW and WILL_RELINQUISH_VIEW, 0
     *  otherwise; `props` are those of the controller's component (the new one from
     *  WILL_UPDATE_COMPONENT on). */
    void (*event)(void *controller, frond_controller_event event, uint64_t view, void *props, void *user_data);
    /** Optional: an action that its component did not handle, before the component's
     *  parent is asked (as frond_render_class_spec.handle_action). */
    frond_status (*handle_action)(bool *out_handled, void *controller, const frond_action *action, void *user_data);
    /** Optional: called exactly once with the controller's value when the controller
     *  goes (after INVALIDATE, or without any event when the build that made it failed or
     *  was discarded). */
    frond_destroy_func destroy;
} frond_controller_vtable;

/** When a render class is asked for animations (see frond_render_class_spec.animations). */
typedef enum frond_animation_moment {
    FROND_ANIMATIONS_ON_INITIAL_MOUNT = 1,  /**< the commit that first mounts the component */
    FROND_ANIMATIONS_ON_CHANGE = 2,         /**< a new component replaces one with its identity */
    FROND_ANIMATIONS_ON_FINAL_UNMOUNT = 3   /**< the commit that drops it (its view stays until they end) */
} frond_animation_moment;

struct frond_animation;                 /* defined in section Animations */

/** The most animations a render class gives at one moment. */
#define FROND_MAX_COMPONENT_ANIMATIONS 8

/** The callbacks of a render class. `props` is the component's own value (see
 *  frond_component_new_render); `user_data` is the class's. Every callback runs on the
 *  thread that flushes, during the flush; a status other than FROND_OK fails the flush
 *  with FROND_ERR_CALLBACK (nothing is mounted, the previous tree stays). The struct has
 *  grown at its end: struct_size may also be the offset of handle_action, controller,
 *  animations or frame_animation (the sizes of older headers' specs), and the members
 *  from there on then read as NULL. */
typedef struct frond_render_class_spec {
    uint32_t struct_size;               /**< sizeof(frond_render_class_spec) */
    /** The class's name in descriptions and error messages (non-empty, copied). */
    const char *name;
    /** Stateful classes only (NULL: the class is stateless): the state a new scope
     *  starts with, written to `*out_state` (any value, NULL included; it belongs to
     *  Frond from then on and is handed to destroy_state when it is replaced or dies,
     *  or at once when initial_state then fails). */
    frond_status (*initial_state)(void **out_state, void *props, void *user_data);
    /** Required: the child to show, written to `*out_child` (NULL: nothing). Frond takes
     *  over that handle (do not release it), also when render then fails. `scope` is NULL for a stateless class;
     *  `state` is the current state. */
    frond_status (*render)(frond_component **out_child, frond_scope *scope, void *state, void *props,
                           void *user_data);
    /** Optional: whether a new component replacing one with the same identity (and the
     *  same state) must render again; `*out_should_update` starts as true. NULL: always. */
    frond_status (*should_update)(bool *out_should_update, void *previous_props, void *props, void *user_data);
    /** Optional: called exactly once with each non-NULL state value that is replaced or
     *  whose scope dies (on the thread where that happens). */
    frond_destroy_func destroy_state;
    /** Optional: the class's components as responders (section Actions). Called with an
     *  action that reaches a component of the class on its way up the responder chain;
     *  set `*out_handled` (it starts as false) to true to stop the action there, or leave
     *  it false to pass it on to the component's parent. `action` is valid during the call
     *  only. `scope` and `state` are the component's (of its latest generation), NULL for
     *  a stateless class. Unlike the other callbacks it runs when an action is sent, on
     *  the root's thread, between flushes: it may update state, send other actions and
     *  flush the root. A status other than FROND_OK stops the action: the call that sent
     *  it returns FROND_ERR_CALLBACK (the tree is untouched). Added after the first
     *  version: a spec whose struct_size ends before this member (an older header's) is
     *  accepted, and its class handles no actions. */
    frond_status (*handle_action)(bool *out_handled, const frond_action *action, frond_scope *scope, void *state,
                                  void *props, void *user_data);
    /** Optional, stateful classes only: the controller of each scope (the table is
     *  copied; NULL: none). Added after handle_action: a shorter spec has none. */
    const frond_controller_vtable *controller;
    /** Optional: the animations of a component of this class at `moment` (ComponentSwift's
     *  ComponentAnimationProtocol; section Animations): fill the first entries of
     *  `out_animations` (FROND_MAX_COMPONENT_ANIMATIONS of them, zero-filled with
     *  struct_size set) and write their number to `*out_count` (0 at first).
     *  `previous_props` are those of the component being replaced (ON_CHANGE only, else
     *  NULL). Each animation targets the component's view (or, for a viewless component,
     *  its single child's), or the first component below with its target_key. Runs while
     *  the flush is prepared; an error status, a count above the maximum or a bad
     *  animation fails the flush (FROND_ERR_CALLBACK / FROND_ERR_INVALID_ARGUMENT), and
     *  every written entry's destroy is called exactly once (after its last completion
     *  call when it ran). Added after controller: a shorter spec has none. */
    frond_status (*animations)(struct frond_animation *out_animations, size_t *out_count,
                               frond_animation_moment moment, void *previous_props, void *props, void *user_data);
    /** Optional: when set, a change of the frame of a component's view from one commit to
     *  the next is animated with this animation's duration, delay and curve (only those
     *  members are read; copied when the class is made). NULL: frames jump. Added after
     *  animations: a shorter spec has none. */
    const struct frond_animation *frame_animation;
} frond_render_class_spec;

/** Creates a render class (the spec is copied). `destroy` is called with `user_data`
 *  once the class's handle is released and no component of the class remains. A spec
 *  without render or name is FROND_ERR_INVALID_ARGUMENT. */
frond_status frond_render_class_new(frond_render_class **out_class, const frond_render_class_spec *spec,
                                    void *user_data, frond_destroy_func destroy);
/** Releases the caller's handle; components of the class keep it alive. NULL is a no-op. */
frond_status frond_render_class_release(frond_render_class *render_class);

/** A component of a render class. `props` is handed to the class's callbacks;
 *  `destroy_props` (may be NULL) is called with it exactly once, when the component
 *  dies (also when this call fails). `view` NULL: viewless; `size` NULL: automatic;
 *  `key` NULL: no key. */
frond_status frond_component_new_render(frond_component **out_component, frond_render_class *render_class,
                                        const frond_view_spec *view, const frond_size_spec *size, const char *key,
                                        void *props, frond_destroy_func destroy_props);

/** Changes a state at the next flush: `*state` is the current state; the function may
 *  change what it points to or store another value (the replaced one then goes to the
 *  class's destroy_state). A status other than FROND_OK drops the update (the state
 *  stays as it was; a value stored in `*state` is ignored). */
typedef frond_status (*frond_state_update_func)(void **state, void *user_data);

/** Queues a state update (from any thread). `update` runs on the flushing thread at the
 *  next flush; `destroy` is called with `user_data` exactly once, after the update ran
 *  or was dropped (also when this call fails). FROND_ERR_MISUSE once the component left
 *  the tree. */
frond_status frond_scope_update_state(frond_scope *scope, frond_state_update_func update, void *user_data,
                                      frond_destroy_func destroy);
/** Queues replacing the state with `state` (from any thread). On success `state`
 *  belongs to Frond: the class's destroy_state receives it when it is replaced in turn,
 *  when the scope dies, or when the root goes before the update was applied. On failure
 *  (FROND_ERR_MISUSE once the component left the tree) it stays the caller's. */
frond_status frond_scope_set_state(frond_scope *scope, void *state);
/** The state as of the last flush. Call it on the root's thread (between flushes or
 *  from the root's callbacks); FROND_ERR_MISUSE once the component left the tree. */
frond_status frond_scope_get_state(void **out_state, frond_scope *scope);

/** The scope of the stateful component (of a render class) at `key_path` (see "Finding
 *  components by key" in section Roots and hosts), borrowed: the handle its render is
 *  given, valid while the component stays in the tree. `*out_scope` receives NULL when
 *  no component matches or the component is stateless. Errors as for
 *  frond_root_find_view. */
frond_status frond_root_find_scope(frond_scope **out_scope, frond_root *root, const char *const *key_path,
                                   size_t key_count);

/** Called when a state update arrives while none is pending (on the updating thread,
 *  any thread), so the host can schedule frond_root_flush on the root's thread; and again
 *  as a flush, a commit or a discarded prepare ends (on the root's thread) when updates
 *  came while it ran, since the flush their request asked for may have been refused (the
 *  root was busy); and by frond_root_set_component, frond_root_set_provider,
 *  frond_root_set_props, frond_root_set_size_range and frond_root_set_text_measurer (on
 *  the calling thread, once what they set is set), so that a host that flushes on request
 *  shows what a program gives the root outside the host's own callbacks. It must not flush
 *  from inside the call. Its status is ignored: the update (or the setting) stands
 *  whatever it returns (the one callback whose failure fails nothing). */
typedef frond_status (*frond_flush_request_func)(frond_root *root, void *user_data);

/** Sets the function told about pending state updates (NULL: none), with its user_data
 *  and destroy function. */
frond_status frond_root_set_flush_request(frond_root *root, frond_flush_request_func request, void *user_data,
                                          frond_destroy_func destroy);
/** Whether a flush has work: a new component, new props, queued state updates, state
 *  updates that a failed (or discarded) flush applied and no commit shows yet, or (after the
 *  first commit) a size range or text measurer the mounted views were not laid out with. */
frond_status frond_root_needs_flush(bool *out_needs_flush, frond_root *root);

/** What the last committed flush did (also one whose host failed: that failure comes
 *  after the commit, and the mutations were sent). Set `struct_size` (to sizeof, see Structs at the
 *  top); Frond fills the rest. The struct has grown at its end: a struct_size of
 *  offsetof(frond_commit_statistics, views_visited) or of (…, release_ns) (older
 *  headers') is filled up to the member before that one. */
typedef struct frond_commit_statistics {
    uint32_t struct_size;               /**< sizeof(frond_commit_statistics) */
    size_t components;                  /**< components in the tree after the flush */
    size_t built_nodes;                 /**< tree nodes built (new or changed) */
    size_t reused_subtrees;             /**< subtrees taken over whole (nothing in them changed) */
    size_t renders;                     /**< render calls */
    size_t should_update_calls;         /**< should_update calls */
    size_t scopes_created;
    size_t scopes_destroyed;
    size_t state_updates;               /**< state updates applied */
    size_t dropped_state_updates;       /**< dropped (their update function failed, or their scope had died) */
    size_t layouts;                     /**< layout nodes laid out again (not from their caches) */
    size_t measure_calls;               /**< text measurer calls */
    size_t created;                     /**< views created */
    size_t destroyed;                   /**< views destroyed */
    size_t moved;                       /**< views moved */
    size_t updated;                     /**< views whose attributes changed */
    size_t mutations;                   /**< mutations sent to the host */
    size_t views_visited;               /**< mounted views the mount step looked at (it skips
                                             views whose components and frames did not change) */
    uint64_t build_ns;                  /**< wall-clock time: applying state updates and building */
    uint64_t layout_ns;                 /**< laying out */
    uint64_t mount_ns;                  /**< diffing against the mounted views and calling the host */
    /** then releasing what only the previous tree used (the components the flush
     *  replaced; their destroy functions run then, after the host has the commit) */
    uint64_t release_ns;
} frond_commit_statistics;

frond_status frond_root_get_statistics(frond_commit_statistics *out_statistics, frond_root *root);

/* ======================================================================== */
/* Animations                                                                */
/*                                                                           */
/* An animation moves one property of a mounted view from one value to      */
/* another over time. The host shows it through ordinary mutations: the      */
/* attributes "opacity", "translationX", "translationY", "scale" (numbers)   */
/* and "backgroundColor" (a color), and SET_FRAME for POSITION and SIZE. The */
/* component's own attribute (or laid-out frame) is the resting value: while */
/* an animation runs the host is sent the animated value instead; when it    */
/* ends the resting value is sent again (an attribute the component does not */
/* set is unset; its resting value counts as opacity 1, translation 0,       */
/* scale 1, background transparent). The host drives a clock:                */
/* frond_root_tick(root, time) advances every animation to `time` and sends  */
/* the changed values in one commit. Animations start at the time of the     */
/* commit that starts them: the last tick's time (0 before the first).       */
/* That commit carries only the value an animation starts from: a view that  */
/* fades in is inserted at its start opacity (its UPDATE comes before its    */
/* INSERT), a frame change sends its first frame, never the laid-out one     */
/* first. Children of a view whose frame animates get their laid-out frames  */
/* at once: they move with it (frames are relative to it) and are not        */
/* resized along with it. Animations that end on the same tick complete in   */
/* the order they started (those one commit starts in tree order). A later   */
/* part of a sequence shows its start value until its turn, as during a      */
/* delay, while nothing else animates that property. A removed               */
/* component with final-unmount animations keeps its view mounted, in its    */
/* place among its siblings (indices of later mutations count it), until     */
/* they end; then the view is removed and destroyed (exactly once).          */
/* Meanwhile it has the attribute "leaving" (the bool true), and it and the  */
/* views in it take no events: a host that hit-tests by itself lets clicks   */
/* through it, as through a list's leaving item. frond_root_describe shows   */
/* what the host has (the animated values); frond_root_get_frame gives the   */
/* laid-out frame.                                                           */
/* ======================================================================== */

/** What an animation changes. */
typedef enum frond_animation_property {
    FROND_ANIMATION_OPACITY = 1,          /**< attribute "opacity" (clamped to 0…1) */
    FROND_ANIMATION_TRANSLATION_X = 2,    /**< attribute "translationX" (points) */
    FROND_ANIMATION_TRANSLATION_Y = 3,    /**< attribute "translationY" (points) */
    FROND_ANIMATION_SCALE = 4,            /**< attribute "scale" */
    FROND_ANIMATION_BACKGROUND_COLOR = 5, /**< attribute "backgroundColor" (a color) */
    FROND_ANIMATION_POSITION = 6,         /**< the frame's left and top */
    FROND_ANIMATION_SIZE = 7,             /**< the frame's width and height (≥ 0) */
    /** A group: `parts` (part_count animations) start together; it ends with the last. */
    FROND_ANIMATION_PARALLEL = 8,
    /** A group: `parts` start one after another. */
    FROND_ANIMATION_SEQUENCE = 9
} frond_animation_property;

/** How progress follows time. The eases are CSS's cubic Bézier curves: EASE_IN
 *  (0.42, 0, 1, 1), EASE_OUT (0, 0, 0.58, 1), EASE_IN_OUT (0.42, 0, 0.58, 1). */
typedef enum frond_timing_curve {
    FROND_CURVE_LINEAR = 0,
    FROND_CURVE_EASE_IN = 1,
    FROND_CURVE_EASE_OUT = 2,
    FROND_CURVE_EASE_IN_OUT = 3,
    FROND_CURVE_CUBIC_BEZIER = 4, /**< control points `bezier` = {x1, y1, x2, y2}; x1, x2 within 0…1,
                                       y1, y2 within ±1e6 */
    FROND_CURVE_SPRING = 5        /**< a damped spring (`spring_*`); runs until it settles (the
                                       remaining distance bound falls to 0.1%), which must be
                                       within 3600 s; `duration` is unused */
} frond_timing_curve;

/** One end of an animation. */
typedef struct frond_animation_value {
    /** true: the current value; the members below are ignored. As the start: the value
     *  the host shows when the animation starts (a running animation's, so a new one
     *  takes over without a jump). As the end: the resting value, which the animation
     *  follows (a commit that changes it restarts the animation from the shown value). */
    bool current;
    double x;          /**< OPACITY, TRANSLATION_*, SCALE: the number; POSITION: left; SIZE: width */
    double y;          /**< POSITION: top; SIZE: height (numbers within ±1e9, sizes ≥ 0) */
    frond_color color; /**< BACKGROUND_COLOR */
} frond_animation_value;

/** Told once per run of an animation, on the root's thread after the host's commit:
 *  `finished` is true when it reached its end, false when it was interrupted (another
 *  animation of the same property of the same view started), its view went away, or
 *  the root was freed. It may queue state updates; it must not flush or tick (both are
 *  FROND_ERR_MISUSE from inside a completion: it runs within the tick or flush that ended
 *  its animation). */
typedef void (*frond_animation_completion_func)(bool finished, void *user_data);

/** An animation. Zero-filled (with struct_size) it is a linear, immediate (duration 0)
 *  animation between two zero values: set every member the animation uses. */
typedef struct frond_animation {
    uint32_t struct_size;               /**< sizeof(frond_animation) */
    frond_animation_property property;
    frond_animation_value from;
    frond_animation_value to;
    double duration;                    /**< seconds, finite, ≥ 0 */
    double delay;                       /**< seconds, finite, ≥ 0; the start value shows meanwhile */
    frond_timing_curve curve;
    double bezier[4];                   /**< FROND_CURVE_CUBIC_BEZIER: x1, y1, x2, y2 */
    double spring_damping;              /**< FROND_CURVE_SPRING: > 0 */
    double spring_stiffness;            /**< > 0 */
    double spring_mass;                 /**< > 0 */
    double spring_initial_velocity;     /**< distances per second towards the end, within ±1e6 */
    /** NULL: the animation component's child; else the key of the first component below
     *  the animation component (its child included) with that key (UTF-8, copied). */
    const char *target_key;
    frond_animation_completion_func completion; /**< may be NULL */
    void *user_data;
    /** PARALLEL and SEQUENCE only: the parts (each a whole frond_animation with its own
     *  struct_size, completion and destroy; groups nest up to 16 deep), copied; the
     *  group's own from, to, duration, delay and curve are not read, its target_key is
     *  where its parts start looking for theirs. */
    const struct frond_animation *parts;
    size_t part_count;
    /** May be NULL. Called with user_data exactly once: when the component holding the
     *  animation is gone and no run of it is still going (after its last completion
     *  call), or, when frond_component_new_animation fails, before it returns. */
    frond_destroy_func destroy;
} frond_animation;

/** A viewless component that wraps `child` (required; it fills the component) and
 *  animates it as it appears and disappears (ComponentKit's CKAnimationComponent):
 *  `on_initial_mount` start with the commit that first mounts it, `on_final_unmount`
 *  with the commit that drops it (the child's view stays until they end). Add it to a
 *  tree (for instance conditionally) to fade a child in, remove it to fade it out.
 *  The arrays are copied; each may be NULL when its count is 0. Every entry's
 *  struct_size must be sizeof(frond_animation). Values are checked here: an unknown
 *  property or curve, a NaN or negative duration or delay, a value that is not finite
 *  or beyond ±1e9 (or a color outside 0…1, a negative size), bad Bézier or spring
 *  parameters, a group that contains itself, or a target_key that is empty or not UTF-8
 *  is FROND_ERR_INVALID_ARGUMENT. Every entry is read before anything is checked, the
 *  parts of groups included, so that on failure every entry's destroy (of the entries
 *  whose struct_size is right) is called before the call returns; an array (or parts)
 *  whose first entry has another struct_size is laid out for another version of the
 *  header, and none of its entries is read, nor destroyed (nor are the parts of a group
 *  of the wrong size, or groups nested beyond 256 levels). An entry is one
 *  struct: given in several places (both arrays, the parts of two groups, an entry that
 *  is also a part) its destroy is still called exactly once. A target the flush cannot find (no such key, no
 *  view) fails that flush with FROND_ERR_INVALID_ARGUMENT. The values a host is sent
 *  on the way are finite: an overshooting curve is clamped to ±1e9. */
frond_status frond_component_new_animation(frond_component **out_component, const char *key, frond_component *child,
                                           const frond_animation *on_initial_mount, size_t initial_count,
                                           const frond_animation *on_final_unmount, size_t final_count);

/** Advances the root's animations to `time` (seconds on a monotonic clock of the host's
 *  choosing; finite and not earlier than the last tick: otherwise
 *  FROND_ERR_INVALID_ARGUMENT and nothing changes) and sends the host the changed values
 *  (UPDATE and SET_FRAME; REMOVE and DESTROY for views whose final-unmount animations
 *  ended) in one commit, if anything changed; then calls the completions of the
 *  animations that ended. `out_mutation_count` (may be NULL) receives the number of
 *  mutations sent, also when a failing host gives FROND_ERR_CALLBACK after the commit. While the
 *  root flushes or holds a prepared flush: FROND_ERR_MISUSE. */
frond_status frond_root_tick(frond_root *root, double time, size_t *out_mutation_count);

/** Whether animations are scheduled or running, or views wait for their final-unmount
 *  animations (keep ticking while true). */
frond_status frond_root_has_running_animations(bool *out_running, frond_root *root);

/** The time of the last tick (0 before the first): the start time of the animations the
 *  next commit starts. */
frond_status frond_root_get_animation_time(double *out_time, frond_root *root);

/* ======================================================================== */
/* Actions                                                                   */
/*                                                                           */
/* An action is a name and an optional payload sent by a component. It       */
/* travels the responder chain of the root's committed tree:                 */
/*                                                                           */
/*   sender ─► its parent ─► … ─► the top component ─► unhandled handler     */
/*                                                                           */
/* Components of render classes with handle_action are responders; the      */
/* first that sets *out_handled stops the action (FROND_ACTION_HANDLED). An   */
/* action nobody handles goes to the root's unhandled action handler and is  */
/* reported as FROND_ACTION_UNHANDLED. A host event on a view sends the      */
/* action named by an attribute of the view's component (kind ACTION): the   */
/* component is the sender and the first responder. An action sent through a */
/* scope starts at the scope's component's parent. The chain is collected    */
/* before any handler runs, so handlers may update state, send actions and   */
/* flush. Actions are sent on the root's thread, between flushes: while the  */
/* root flushes (from its render, provider, host or measurer callbacks, or   */
/* on another thread) or holds a prepared flush, sending is FROND_ERR_MISUSE. */
/* ======================================================================== */

/** How an action's trip ended. */
typedef enum frond_action_outcome {
    FROND_ACTION_HANDLED = 1,    /**< a responder handled it */
    FROND_ACTION_UNHANDLED = 2,  /**< no responder did: it went to the unhandled action handler (if any) */
    FROND_ACTION_NO_ACTION = 3   /**< nothing was sent: the view has no action for the event, or a tap hit
                                      no view with an onTap action */
} frond_action_outcome;

/** The attributes the host events read (a custom event reads the attribute it names). */
#define FROND_EVENT_TAP "onTap"
#define FROND_EVENT_LONG_PRESS "onLongPress"
#define FROND_EVENT_VALUE_CHANGE "onValueChange"

/** Reports a host event on mounted view `view`: sends the action named by the view
 *  component's attribute `event_attribute` (FROND_EVENT_TAP, FROND_EVENT_LONG_PRESS,
 *  FROND_EVENT_VALUE_CHANGE or any other name; UTF-8, non-empty), which must be of kind
 *  FROND_ATTRIBUTE_ACTION, with `payload` (may be NULL; its `name` is ignored; copied;
 *  not an ACTION_BLOCK). The component is the sender and the first responder. When the
 *  attribute is an ACTION_BLOCK, the block is called instead (section Action blocks) and
 *  the outcome is FROND_ACTION_HANDLED. `*out_outcome` receives
 *  FROND_ACTION_NO_ACTION when the component has no such action attribute, or when the
 *  view (or one it is in) stays only for its final-unmount animation (its component left
 *  the tree; taps skip it too). A view that
 *  is not mounted (0 included) or a bad payload is FROND_ERR_INVALID_ARGUMENT; a failing
 *  handle_action, action block or unhandled action handler is FROND_ERR_CALLBACK; a typed
 *  block whose arguments do not match the payload is FROND_ERR_INVALID_ARGUMENT. */
frond_status frond_root_send_event(frond_action_outcome *out_outcome, frond_root *root, uint64_t view,
                                   const char *event_attribute, const frond_attribute *payload);

/** Reports a tap at (`x`, `y`) in the root's coordinates (finite): hit-tests the mounted
 *  views front to back (later siblings are in front of earlier ones, children in front
 *  of their parent; a view is hit when the point is in its frame, left and top edges
 *  included, and only then are its children looked at) and sends the FROND_EVENT_TAP
 *  action (a name or a block) of the first view found that has one: the deepest such view under the point
 *  (views without one let taps through). Views whose attribute `hidden` is the bool true
 *  or `interactive` the bool false are skipped with all they contain, as are views kept for
 *  their final-unmount animations. The views are hit where the host shows them (what
 *  frond_root_describe has): an animated frame in place of the laid-out one, moved by the
 *  attributes `translationX` and `translationY` and scaled by `scale` about its centre, as
 *  CSS's translate(…) scale(…) transforms an element; a browser hit-tests so too. `*out_view`
 *  receives that view (0 and FROND_ACTION_NO_ACTION when nothing was hit). Errors as for
 *  frond_root_send_event. */
frond_status frond_root_tap_at(frond_action_outcome *out_outcome, uint64_t *out_view, frond_root *root, float x,
                               float y);

/** Sends the action `name` (UTF-8, non-empty) with `payload` (may be NULL; copied) from
 *  the scope's component, starting at that component's parent (for instance from
 *  handle_action, to tell the component's owner). FROND_ERR_MISUSE once the component
 *  left the tree; other errors as for frond_root_send_event. */
frond_status frond_scope_send_action(frond_action_outcome *out_outcome, frond_scope *scope, const char *name,
                                     const frond_attribute *payload);

/** Receives the actions no responder handled (on the root's thread). `root` is the
 *  root's handle; `action` is valid during the call only. A status other than FROND_OK
 *  makes the call that sent the action return FROND_ERR_CALLBACK. */
typedef frond_status (*frond_action_handler_func)(frond_root *root, const frond_action *action, void *user_data);

/** Sets the root's unhandled action handler (NULL: none) with its user_data and destroy
 *  function (called exactly once: when the handler is replaced, when the root is freed,
 *  or, on failure, before this call returns). */
frond_status frond_root_set_unhandled_action_handler(frond_root *root, frond_action_handler_func handler,
                                                     void *user_data, frond_destroy_func destroy);

/* An action handle is valid only during the callback it was given to (handle_action,
 * the unhandled action handler, an action block); afterwards it is FROND_ERR_MISUSE, as are NULL and
 * handles of other kinds. What these functions return lives as long as the handle. */

/** The action's name (UTF-8, owned by Frond). */
frond_status frond_action_get_name(const char **out_name, const frond_action *action);
/** The action's payload: `*out_has_payload` is false when it has none (a tap or long
 *  press, an action sent without one) or one C cannot see (a Swift value other than an
 *  attribute value, Bool, String, Int, Double or Float; an argument list, see
 *  frond_action_get_argument); `*out_payload` then is zeroed.
 *  The payload's `name` is NULL; its strings are owned by Frond. */
frond_status frond_action_get_payload(bool *out_has_payload, frond_attribute *out_payload, const frond_action *action);
/** The mounted view a host event came from (0 for an action sent through a scope). */
frond_status frond_action_get_view(uint64_t *out_view, const frond_action *action);
/** The sender: a component handle borrowed for the callback (the same value on every
 *  call with the same action; withdrawn with the action; do not release it). */
frond_status frond_action_get_sender(frond_component **out_sender, const frond_action *action);

/* ---- Action blocks --------------------------------------------------------- */
/* An action block is an action value that carries its own handler and user_data       */
/* (ComponentKit's block action) instead of a name that travels the responder chain.   */
/* Placed in a view attribute (kind FROND_ATTRIBUTE_ACTION_BLOCK), it is called        */
/* directly by the view's host event (frond_root_send_event, frond_root_tap_at) with    */
/* the view's component as the sender and the event's payload; no responder is asked   */
/* and the outcome is FROND_ACTION_HANDLED. A component that was given a block (in its  */
/* props) calls it with frond_scope_send_action_block. Blocks run on the root's thread, */
/* between flushes, like handle_action: they may update state, send actions and flush.  */
/*                                                                                       */
/* Ownership: frond_action_block_new and _new_typed give the caller a handle. Every     */
/* component whose attributes hold the block keeps it alive, and so do the views        */
/* mounted with it, so the caller may release its handle at once. `destroy` is called   */
/* with `user_data` exactly once: when the handle has been released and no component or */
/* view holds the block any more (when the root is freed, when the component is         */
/* replaced and its view updated or destroyed, when a failed flush's components go),    */
/* or, when creation fails, before the creating call returns.                           */
/*                                                                                       */
/* Identity: attributes holding blocks are equal only when they hold the same block, so */
/* a component rebuilt with the same block does not update its view; a new block does.  */

/** The handler of an action block. `action` is valid during the call only: its name is
 *  the event's attribute (FROND_EVENT_TAP, …) for a host event and "block" for
 *  frond_scope_send_action_block; read its payload, arguments, view and sender with
 *  frond_action_get_*. A status other than FROND_OK makes the call that sent the action
 *  return FROND_ERR_CALLBACK. */
typedef frond_status (*frond_action_block_func)(const frond_action *action, void *user_data);

/** Creates an action block calling `func` (required) with `user_data`; writes a handle the
 *  caller owns to `*out_block`. `destroy` (may be NULL): see Ownership above. */
frond_status frond_action_block_new(frond_action_block **out_block, frond_action_block_func func, void *user_data,
                                    frond_destroy_func destroy);

/** The type of an action argument, and the C type a typed block's function takes it as. */
typedef enum frond_argument_type {
    FROND_ARGUMENT_INT64 = 1,      /**< `int64`: int64_t */
    FROND_ARGUMENT_DOUBLE = 2,     /**< `number`: double */
    FROND_ARGUMENT_BOOL = 3,       /**< `boolean`: bool */
    FROND_ARGUMENT_STRING = 4,     /**< `string`: const char *, UTF-8, never NULL, valid during the call */
    FROND_ARGUMENT_HOST_VALUE = 5  /**< `host_value`: uint64_t */
} frond_argument_type;

/** An action argument; the member `type` names holds the value. */
typedef struct frond_argument {
    frond_argument_type type;
    int64_t int64;
    double number;
    bool boolean;
    const char *string;
    uint64_t host_value;
} frond_argument;

/** The most arguments a typed block may declare. */
#define FROND_MAX_ARGUMENTS 16

/** Any C function; a typed block's function, cast to this type. */
typedef void (*frond_native_func)(void);

/** Creates a typed action block: `func` is a C function with its own native signature,
 *
 *      void func(frond_component *sender, T0 arg0, …, Tn-1 argn-1, void *user_data)
 *
 *  where each Ti is the C type of `argument_types[i]` (see frond_argument_type), cast to
 *  frond_native_func, and is called through libffi with that signature, for instance
 *
 *      void on_select(frond_component *sender, int64_t index, const char *title, void *user_data);
 *      frond_argument_type types[] = {FROND_ARGUMENT_INT64, FROND_ARGUMENT_STRING};
 *      frond_action_block_new_typed(&block, types, 2, (frond_native_func)on_select, data, free);
 *
 *  `sender` is a component handle borrowed for the call (do not release it). The
 *  arguments come from the action: none for an event without a payload, one for an
 *  event's payload (NUMBER as DOUBLE, BOOL, STRING, HOST_VALUE; other kinds are none
 *  that fits), the list given to frond_scope_send_action_block. The function is called
 *  only when they match the declared types one for one — the same count, and each of its
 *  declared type, numbers converting when the value is exact (a DOUBLE that is a whole
 *  number within int64's range to INT64, an INT64 within ±2^53 to DOUBLE); otherwise the
 *  call that sent the action returns FROND_ERR_INVALID_ARGUMENT with a message naming
 *  the position and both types, and the function is not called. The function returns
 *  nothing, so it cannot fail the send. `argument_types` may be NULL when the count is
 *  0. A NULL `func`, an unknown type or more than FROND_MAX_ARGUMENTS types is
 *  FROND_ERR_INVALID_ARGUMENT (and `destroy` runs before the call returns). */
frond_status frond_action_block_new_typed(frond_action_block **out_block, const frond_argument_type *argument_types,
                                          size_t argument_count, frond_native_func func, void *user_data,
                                          frond_destroy_func destroy);

/** Releases the caller's handle; components and views holding the block keep it alive.
 *  NULL is a no-op. */
frond_status frond_action_block_release(frond_action_block *block);

/** Calls `block` with an action sent by the scope's component (the sender), carrying
 *  `arguments` (copied; may be NULL when the count is 0): ComponentKit's
 *  `action.send(self, …)` for a block a component was given by its owner. No responder
 *  chain is walked. Call it on the root's thread, between flushes (while the root
 *  flushes or holds a prepared flush it is FROND_ERR_MISUSE, and so it is once the
 *  component has left the tree). A bad argument (an unknown type, a NULL or non-UTF-8
 *  string) or arguments a typed block does not take are FROND_ERR_INVALID_ARGUMENT; a
 *  block handler returning an error is FROND_ERR_CALLBACK. */
frond_status frond_scope_send_action_block(frond_scope *scope, frond_action_block *block,
                                           const frond_argument *arguments, size_t argument_count);

/** The number of arguments an action carries: its list (frond_scope_send_action_block),
 *  or 1 for a payload that can be an argument (NUMBER, BOOL, STRING, HOST_VALUE), else 0. */
frond_status frond_action_get_argument_count(size_t *out_count, const frond_action *action);
/** Argument `index` (< the count, else FROND_ERR_INVALID_ARGUMENT); its string is owned
 *  by Frond and lives as long as the action handle. */
frond_status frond_action_get_argument(frond_argument *out_argument, const frond_action *action, size_t index);

/* ---- Wrappers (ComponentSwift's wrappers for legacy code) ------------------------ */

/** A handle that code outside Frond keeps on a component: made with its component, which
 *  keeps it alive from then on (the wrapper does not keep the component), and asked about
 *  the component's actions right after the component itself, before the component's
 *  controller and parent:
 *      sender → its wrapper → its controller → parent → its wrapper → … → root
 *  A component has at most one wrapper. */
typedef struct frond_wrapper frond_wrapper;

/** An action the wrapper's component did not handle: set `*out_handled` (false at first)
 *  to true to stop it. As frond_render_class_spec.handle_action: `action` is valid during
 *  the call only; an error status stops the action and the send returns
 *  FROND_ERR_CALLBACK. */
typedef frond_status (*frond_wrapper_action_func)(bool *out_handled, const frond_action *action, void *user_data);

/** Wraps `component` (which stays the caller's: release it as usual). `handle_action` may
 *  be NULL (the wrapper passes every action on). `destroy` is called with `user_data`
 *  exactly once: when the wrapper handle is released and the component is gone, or when
 *  this call fails (FROND_ERR_MISUSE for a component that has a wrapper already). */
frond_status frond_wrapper_new(frond_wrapper **out_wrapper, frond_component *component,
                               frond_wrapper_action_func handle_action, void *user_data, frond_destroy_func destroy);
/** A new handle on the wrapped component (release it); FROND_ERR_MISUSE when nothing holds
 *  the component any more. */
frond_status frond_wrapper_get_component(frond_component **out_component, frond_wrapper *wrapper);
/** Releases the caller's handle (NULL is a no-op); the wrapper lives on with its component. */
frond_status frond_wrapper_release(frond_wrapper *wrapper);

/* ======================================================================== */
/* Legacy components                                                         */
/*                                                                           */
/* Component code written in C before Frond (ComponentSwift's "work with      */
/* legacy code") joins a tree through a vtable plus user data: a leaf that   */
/* its own code measures, whose view type and attributes its own code gives, */
/* that hears when a view starts and stops showing it, and that answers      */
/* actions as any component does. A constructor registry lets C code         */
/* register such constructors, with their native C signatures, under a name, */
/* so that other code (C, bindings, tree descriptions) makes them by name    */
/* with typed arguments, called through libffi.                              */
/* ======================================================================== */

/** Where a legacy vtable's view callback writes the component's view: a handle valid
 *  during that call only (FROND_ERR_MISUSE afterwards). */
typedef struct frond_legacy_view frond_legacy_view;

/** The functions of a kind of legacy component. `user_data` is the component's (see
 *  frond_component_new_legacy). The table is copied. */
typedef struct frond_legacy_vtable {
    uint32_t struct_size;               /**< sizeof(frond_legacy_vtable) */
    /** Required: the kind's name (non-empty UTF-8, copied) in descriptions and messages.
     *  Components whose vtables have the same name are of one kind: a new one replacing
     *  one of the kind (same key or position) keeps its identity and, if the view type is
     *  the same, its view. */
    const char *name;
    /** Required: called once, by frond_component_new_legacy, to give the component's view
     *  for its user data as it is then: call frond_legacy_view_set(view, &spec) (Frond
     *  copies the spec and its strings during that call, so they may live on the stack).
     *  Not calling it makes the component viewless. A status other than FROND_OK fails
     *  the construction with FROND_ERR_CALLBACK. */
    frond_status (*view)(frond_legacy_view *view, void *user_data);
    /** Optional: the content size within the constraints, as frond_measure_func (the
     *  available content size and its modes; asked for at most 0 points of width, answer
     *  with the narrowest layout), written to `*out_size`. Runs during layout, on the
     *  thread that flushes (the preparing thread for frond_root_prepare), possibly several
     *  times per flush; must not call the root. A status other than FROND_OK fails the
     *  flush with FROND_ERR_CALLBACK (nothing is mounted). NULL: the component is sized
     *  by its size spec alone, as a frond_component_new leaf. A new component replacing
     *  one in the tree is measured again. */
    frond_status (*measure)(float width, frond_measure_mode width_mode, float height,
                            frond_measure_mode height_mode, frond_size *out_size, void *user_data);
    /** Optional: a view of the root (`view`, that root's number) started showing the
     *  component: it was created or reused for it, or the component replaced the previous
     *  one of a view that stays. Called on the committing thread after the host applied
     *  the commit (frond_root_flush, frond_root_commit), before the controllers' DID_
     *  events. In each commit (or tick) every did_unmount comes before every did_mount:
     *  first the did_unmounts of the views destroyed, in the order of their DESTROY
     *  mutations; then those of views that stay but stop showing the component (another
     *  component replaced it on the view), in the order of the views in the tree; then the
     *  did_mounts, in the order of the views in the tree. So replacing A on its view and
     *  dropping B gives unmount(B), unmount(A), mount(A). Must not flush, tick, free the
     *  root or send actions. */
    void (*did_mount)(uint64_t view, void *user_data);
    /** Optional: the view stopped showing the component: it was destroyed (a view kept
     *  for a final-unmount animation when the animation ends, by frond_root_tick), reused
     *  for another component, or a new component replaced this one on it; or the root was
     *  freed (then during frond_root_free). Exactly once after each did_mount, with its view. */
    void (*did_unmount)(uint64_t view, void *user_data);
    /** Optional: the component as a responder, as frond_render_class_spec.handle_action:
     *  asked first about the actions it sends (before its wrapper and parent); set
     *  `*out_handled` (false at first) to true to stop the action. An error status stops
     *  it and the send returns FROND_ERR_CALLBACK. */
    frond_status (*handle_action)(bool *out_handled, const frond_action *action, void *user_data);
} frond_legacy_vtable;

/** Gives the legacy component being constructed its view (from inside the vtable's view
 *  callback only): `spec` as for frond_component_new (NULL: viewless), copied during the
 *  call; a later call replaces an earlier one. A bad spec is FROND_ERR_INVALID_ARGUMENT
 *  and also fails the construction (with that status and message); a `view` handle
 *  outside its callback is FROND_ERR_MISUSE. */
frond_status frond_legacy_view_set(frond_legacy_view *view, const frond_view_spec *spec);

/** A legacy component: the vtable's kind, with `user_data`, sized by `size` (NULL:
 *  automatic; the measure callback then gives the content size) and keyed by `key`
 *  (NULL: none). Calls the vtable's view callback before returning. `destroy` (may be
 *  NULL) is called with `user_data` exactly once: when the component is gone (its handle
 *  released and no tree, parent or flush holding it: a replaced component goes after the
 *  commit that replaced it, with the root when the root is freed, with a failed flush's
 *  components), or, when this call fails, before it returns. A NULL vtable, a
 *  struct_size other than this version's, a NULL or empty name, a NULL view callback, a bad size or
 *  key is FROND_ERR_INVALID_ARGUMENT; a failing view callback FROND_ERR_CALLBACK. */
frond_status frond_component_new_legacy(frond_component **out_component, const frond_legacy_vtable *vtable,
                                        const frond_size_spec *size, const char *key, void *user_data,
                                        frond_destroy_func destroy);

/* ---- Constructor registry -------------------------------------------------- */
/* A process-wide table of named component constructors with native C signatures,     */
/*                                                                                     */
/*     frond_component *ctor(T0 arg0, …, Tn-1 argn-1, void *user_data)                 */
/*                                                                                     */
/* where each Ti is the C type of the i-th declared frond_argument_type (int64_t,     */
/* double, bool, const char * valid during the call, uint64_t), cast to               */
/* frond_native_func, for instance                                                     */
/*                                                                                     */
/*     frond_component *make_gauge(const char *url, double endurance, double fade,     */
/*                                 void *user_data);                                   */
/*     frond_argument_type types[] = {FROND_ARGUMENT_STRING, FROND_ARGUMENT_DOUBLE,     */
/*                                    FROND_ARGUMENT_DOUBLE};                           */
/*     frond_constructor_register("gauge", types, 3, (frond_native_func)make_gauge,     */
/*                                NULL, NULL);                                          */
/*                                                                                     */
/* A constructor returns a new component handle (of any kind, usually a legacy         */
/* component), which goes to the caller of frond_component_new_by_name, or NULL when  */
/* it cannot make one. The table is thread-safe; no lock is held while a constructor   */
/* runs (it may construct others by name, register and unregister).                    */

/** Registers `constructor` under `name` (non-empty UTF-8, copied) with its argument types
 *  (may be NULL when the count is 0; at most FROND_MAX_ARGUMENTS). `destroy` (may be
 *  NULL) is called with `user_data` exactly once: after frond_constructor_unregister
 *  (once constructions running then have returned), or, when this call fails, before it
 *  returns. A name already registered is FROND_ERR_INVALID_ARGUMENT (registrations are
 *  not replaced: unregister first), and so are a NULL constructor, an unknown type and
 *  too many types. */
frond_status frond_constructor_register(const char *name, const frond_argument_type *argument_types,
                                        size_t argument_count, frond_native_func constructor, void *user_data,
                                        frond_destroy_func destroy);

/** Removes the constructor registered under `name`; FROND_ERR_INVALID_ARGUMENT when none
 *  is. */
frond_status frond_constructor_unregister(const char *name);

/** Makes a component with the constructor registered under `name`, calling it through
 *  libffi with `arguments` (may be NULL when the count is 0), which must match its
 *  declared types one for one as typed action blocks' do (the same count, each of its
 *  type; numbers convert only when exact). Writes the handle the constructor returned,
 *  which the caller owns, to `*out_component`. An unknown name, a bad argument (an unknown
 *  type, a NULL or non-UTF-8 string) or arguments that do not match are
 *  FROND_ERR_INVALID_ARGUMENT, and the constructor is not called; a constructor returning
 *  NULL or something that is not a live component handle is FROND_ERR_CALLBACK. */
frond_status frond_component_new_by_name(frond_component **out_component, const char *name,
                                         const frond_argument *arguments, size_t argument_count);

/** A component tree from a tree description in JSON (the node format of `frond mount`,
 *  docs/tool.md, "Trees of components in JSON": flexboxes, views with attributes, texts, keys,
 *  styles), where a node `{"construct": "name", "arguments": [...]}` is made by the
 *  constructor registered under that name (numbers, strings and booleans, matched to its
 *  declared types as in frond_component_new_by_name; its style may hold only item keys).
 *  A mistake in the description is FROND_ERR_INVALID_ARGUMENT with its place (e.g.
 *  `root.children[1].construct: no constructor is registered under "gauge"`), and so is
 *  a string holding NUL (`\u0000`, which C would take for its end); a tree deeper than
 *  FROND_MAX_TREE_DEPTH, or JSON nested more than 4 × FROND_MAX_TREE_DEPTH deep, is
 *  FROND_ERR_LIMIT; a constructor's failure keeps its status. The caller owns the new
 *  handle. */
frond_status frond_component_new_from_json(frond_component **out_component, const char *json);

/* ======================================================================== */
/* Lists: changesets and data diffing                                        */
/*                                                                           */
/* A changeset is a batch of changes to a sectioned list, in UIKit's index   */
/* spaces: updates, removals and the sources of moves name items where they  */
/* were before the batch (the old index space); insertions and the           */
/* destinations of moves where they are after it (the new one). Removed      */
/* sections are old indexes, inserted sections new ones. An item is named by */
/* at most one change, except that an updated item may also move; a place in */
/* the new index space is filled by at most one insertion or move; an item   */
/* may move into an inserted section or out of a removed one (keeping its    */
/* state), but not be removed from a removed one (the section takes it), nor */
/* updated there unless it moves out. UIKit's batch updates differ: they     */
/* refuse an update-and-move and a move into an inserted section (a host     */
/* that hands the changes to such a view splits an update-and-move into a    */
/* removal and an insertion). A changeset may be used from any thread.       */
/* frond_changeset_verify checks a changeset against a list before anything  */
/* is applied. Data diffing (frond_list_diff) finds the changeset that turns */
/* one list of identities into another: Heckel's algorithm in linear time,   */
/* with the fewest moves (those outside a longest run already in order).     */
/* ======================================================================== */

/** A place in a sectioned list: a section, and an item's index in it. */
typedef struct frond_item_path {
    size_t section;
    size_t item;
} frond_item_path;

/** A batch of changes to a list (a handle; see the section's introduction). */
typedef struct frond_changeset frond_changeset;

typedef enum frond_change_kind {
    FROND_CHANGE_UPDATE_ITEM = 0,       /**< `path`: the item's old place */
    FROND_CHANGE_REMOVE_ITEM = 1,       /**< `path`: the item's old place */
    FROND_CHANGE_REMOVE_SECTION = 2,    /**< `path.section`: an old section */
    FROND_CHANGE_MOVE_ITEM = 3,         /**< `path`: its old place; `to`: its new one */
    FROND_CHANGE_INSERT_SECTION = 4,    /**< `path.section`: a new section */
    FROND_CHANGE_INSERT_ITEM = 5        /**< `path`: the item's new place */
} frond_change_kind;

/** One change. `to` is read for MOVE_ITEM only, `path.item` not for the section kinds. */
typedef struct frond_change {
    uint32_t struct_size;               /**< sizeof(frond_change) */
    frond_change_kind kind;
    frond_item_path path;
    frond_item_path to;
} frond_change;

/** Creates an empty changeset. The caller owns the handle. */
frond_status frond_changeset_new(frond_changeset **out_changeset);
/** Releases the changeset. NULL is a no-op. */
frond_status frond_changeset_free(frond_changeset *changeset);

/** Adds a change (copied). An unknown kind, or an index above INT64_MAX, is
 *  FROND_ERR_INVALID_ARGUMENT; whether the change fits a list is frond_changeset_verify's
 *  to say. */
frond_status frond_changeset_add(frond_changeset *changeset, const frond_change *change);

/** Writes the changes, grouped by kind in the order of frond_change_kind (updates,
 *  removals, removed sections, moves, inserted sections, insertions), each group in the
 *  order its changes were added or found. `*out_count` receives the number of changes;
 *  at most `capacity` are written to `buffer` (which may be NULL when `capacity` is 0). */
frond_status frond_changeset_get_changes(size_t *out_count, frond_changeset *changeset, frond_change *buffer,
                                         size_t capacity);

/** Checks the changeset against a list whose `section_count` sections hold
 *  `section_counts[i]` items (NULL when `section_count` is 0). A changeset that does not
 *  fit is FROND_ERR_INVALID_ARGUMENT with a message naming the first broken rule's change
 *  and place ("removedItems: [0, 3] is also in updatedItems (two operations on one item)"),
 *  the sections checked first, then updates, removals, moves and insertions, each group in
 *  the order its changes were added.
 *  Otherwise `*out_section_count` receives the number of sections after the changeset and
 *  the first `capacity` of their item counts are written to `out_counts` (which may be NULL
 *  when `capacity` is 0; a capacity above INT64_MAX is FROND_ERR_INVALID_ARGUMENT). */
frond_status frond_changeset_verify(size_t *out_section_count, frond_changeset *changeset,
                                    const size_t *section_counts, size_t section_count, size_t *out_counts,
                                    size_t capacity);

/** Data diffing: the changeset (in section 0) that turns the list of identities
 *  `old_ids` into `new_ids`. A pair of items with one identity whose versions differ is
 *  updated (versions NULL: the items' contents never change); each group of changes is in
 *  ascending order of its places. Two items with one identity in either list are
 *  FROND_ERR_INVALID_ARGUMENT naming both positions ("new items 3 and 17 have the same
 *  identity"). The caller owns the new handle. */
frond_status frond_list_diff(frond_changeset **out_changeset, const uint64_t *old_ids, const uint64_t *old_versions,
                             size_t old_count, const uint64_t *new_ids, const uint64_t *new_versions,
                             size_t new_count);
/** frond_list_diff with UTF-8 string keys as the identities, compared byte for byte (the
 *  two spellings of "é", precomposed and with a combining accent, are two keys). */
frond_status frond_list_diff_keys(frond_changeset **out_changeset, const char *const *old_keys,
                                  const uint64_t *old_versions, size_t old_count, const char *const *new_keys,
                                  const uint64_t *new_versions, size_t new_count);

/* ---- Data sources ---------------------------------------------------------- */
/* A data source (ComponentKit's CKDataSource) holds sections of items, each with a model,
 * its own scope root and state, and its own layout at the configuration's size range (for
 * a vertical list: FROND_SIZE_RANGE_FLEXIBLE_HEIGHT at the list's width). Modifications (a
 * changeset with models, a new list of models to diff against, a new configuration, a
 * state update inside an item) are applied in the order they are given:
 *
 *   FROND_APPLY_SYNC:  built and applied before the call returns, after every pending one;
 *   FROND_APPLY_ASYNC: queued; built off the host thread on the data source's own queue
 *                      (or the caller's executor: frond_data_source_set_executor),
 *                      one at a time; the ready handler says when one is built, and
 *                      frond_data_source_process applies it on the host thread.
 *
 * A state update inside an item (frond_scope_update_state on one of its scopes) queues an
 * asynchronous modification that rebuilds and lays out that item only.
 *
 * Threads. The host thread is the one calling frond_data_source_process, the FROND_APPLY_SYNC
 * modifications and frond_data_source_free: one thread at a time (two at once, or such a
 * call from a listener or a provider, is FROND_ERR_MISUSE). FROND_APPLY_ASYNC modifications
 * may be queued from any thread. The getters read the state of the last applied
 * modification: call them on the host thread (only it applies modifications, so what they
 * read together belongs together). Providers run on the builder's thread (the host thread
 * for synchronous modifications); listeners' did_apply and did_fail on the host thread.
 *
 * Models. An item's model is a `void *` with a destroy function, both the caller's; the data
 * source owns every model given to it from the call on and calls its destroy function with
 * it exactly once: when its item is removed or updated with another model, when the data
 * source is freed, or (a refused call) before the call returns. No lock is held while a
 * provider, a listener or a destroy function runs. */

typedef struct frond_data_source frond_data_source;

/** Makes an item's component from its model (ownership of the component passes to Frond,
 *  as for frond_component_provider_func; NULL shows the item as nothing). A status other
 *  than FROND_OK, or a component that cannot be built or laid out, shows that item as
 *  nothing and reports it to the listeners (frond_applied_changes.failures); the
 *  modification's other items are applied. (A state update inside an item whose build
 *  fails is reported the same way, but the item stays shown as it was: its state keeps the
 *  update, which the item's next successful build shows, as a root's failed flush does.) An item a list builds as it nears the viewport
 *  is reported the same way, to the listeners of the list's data source
 *  (frond_list_get_data_source): an update with no changes and that item's failure. */
typedef frond_status (*frond_item_provider_func)(frond_component **out_component, void *model, void *user_data);

/** How a data source makes and sizes its items. */
typedef struct frond_data_source_config {
    uint32_t struct_size;                 /**< sizeof(frond_data_source_config) */
    frond_size_range item_size_range;     /**< each item's size range (its struct_size set too) */
    frond_item_provider_func provider;    /**< required */
    void *user_data;                      /**< passed to the provider */
    /** Called with user_data exactly once: when the configuration is replaced (after its
     *  last provider call), when the data source is freed, or before a refused call returns
     *  (but one refused for a struct_size it does not know: nothing of it is read then). */
    frond_destroy_func destroy;
} frond_data_source_config;

/** An item's model, as given to the data source. */
typedef struct frond_item_model {
    uint32_t struct_size;                 /**< sizeof(frond_item_model) */
    void *model;
    frond_destroy_func destroy;           /**< called with `model` exactly once (may be NULL) */
    /** The item's identity for frond_data_source_set_items and _set_sections_by_id (items
     *  inserted by a changeset may leave it 0; set it if they are later diffed). */
    uint64_t id;
    /** The content's version: a paired item whose version differs is rebuilt. */
    uint64_t version;
} frond_item_model;

typedef enum frond_apply_mode {
    FROND_APPLY_SYNC = 0,
    FROND_APPLY_ASYNC = 1
} frond_apply_mode;

/** An item shown as nothing because its provider or its build failed (or, for a state
 *  update's build, left as it was shown). */
typedef struct frond_item_failure {
    frond_item_path path;                 /**< its place after the modification */
    frond_status status;
    const char *message;
} frond_item_failure;

/** What one applied modification did (valid during the did_apply call only). */
typedef struct frond_applied_changes {
    uint32_t struct_size;                 /**< sizeof(frond_applied_changes) */
    /** The changes, grouped as frond_changeset_get_changes orders them. Items rebuilt for a
     *  state update or a new configuration are UPDATE_ITEM changes. */
    const frond_change *changes;
    size_t change_count;
    /** Where each updated item is now: `path` its old place, `to` its new one. */
    const frond_change *updated;
    size_t updated_count;
    const frond_item_failure *failures;
    size_t failure_count;
    /** The state's version after the modification (one more than the state's before it).
     *  A list's builds of the items nearing its viewport change the state too, and are
     *  heard only when an item fails (see frond_item_provider_func): the versions a list's
     *  data source's listeners hear may skip. */
    uint64_t version;
} frond_applied_changes;

/** Callbacks that hear a data source (any may be NULL). */
typedef struct frond_data_source_listener {
    uint32_t struct_size;                 /**< sizeof(frond_data_source_listener) */
    /** After each applied modification, on the host thread (a list's builds of the items
     *  nearing its viewport only when an item fails). */
    void (*did_apply)(frond_data_source *source, const frond_applied_changes *changes, void *user_data);
    /** Before and after an asynchronous modification is built, on the builder's thread. */
    void (*will_build)(frond_data_source *source, void *user_data);
    void (*did_build)(frond_data_source *source, void *user_data);
    /** A queued modification could not be applied (nothing of it was), on the host thread. */
    void (*did_fail)(frond_data_source *source, const char *message, void *user_data);
} frond_data_source_listener;

/** Called on the builder's thread when an asynchronous modification is built and waits for
 *  frond_data_source_process on the host thread (which it must not call itself). It should
 *  only schedule that call: a host thread waiting for the build (frond_data_source_free, a
 *  synchronous modification) waits for the handler to return, so a handler that waits for
 *  the host thread never returns. */
typedef void (*frond_data_source_ready_func)(frond_data_source *source, void *user_data);

/** One item of the state: its model (still the data source's), identity, version and
 *  laid-out size. */
typedef struct frond_data_source_item {
    uint32_t struct_size;                 /**< sizeof(frond_data_source_item); set by the caller */
    void *model;
    uint64_t id;
    uint64_t version;
    frond_size size;
} frond_data_source_item;

/** Creates an empty data source (no sections). The configuration's destroy function is
 *  called (before the call returns) when it fails, unless for a struct_size it does not
 *  know. The caller owns the handle. */
frond_status frond_data_source_new(frond_data_source **out_source, const frond_data_source_config *config);

/** Frees the data source: a build under way is stopped at its next item and waited for,
 *  the modifications not applied yet are dropped, and every model, the configuration's and
 *  the listeners' user data are destroyed before the call returns. NULL is a no-op. From a
 *  provider, a listener or the ready handler: FROND_ERR_MISUSE. */
frond_status frond_data_source_free(frond_data_source *source);

/** Applies `changeset` (not consumed) with its models: the n-th UPDATE_ITEM change (in the
 *  order frond_changeset_get_changes gives them) takes updated[n], the n-th INSERT_ITEM
 *  change inserted[n]. The changeset is checked first, against the state the pending
 *  modifications will leave: one that does not fit, or model counts that differ from the
 *  changeset's, is FROND_ERR_INVALID_ARGUMENT naming the rule ("removedItems: [0, 3] is out
 *  of range (section 0 has 2 item(s))"), nothing is applied and the models are destroyed
 *  (as for every refused call, except the model of an element whose struct_size is wrong:
 *  nothing of that element is read). The arrays may be NULL when their counts are 0. */
frond_status frond_data_source_apply(frond_data_source *source, frond_changeset *changeset,
                                     const frond_item_model *updated, size_t updated_count,
                                     const frond_item_model *inserted, size_t inserted_count, frond_apply_mode mode);

/** Data diffing: makes section `section` hold `items` (an empty data source gets section 0),
 *  through the changeset frond_list_diff finds from the section's items' ids to these.
 *  Paired items keep their scopes and state and take the new model (the old one is
 *  destroyed); they are rebuilt only when their versions differ. Two items with one id in
 *  `items` are FROND_ERR_INVALID_ARGUMENT naming both positions (before anything is queued;
 *  the models are then destroyed). The section may hold two with one id (neither
 *  frond_data_source_apply nor frond_data_source_set_sections checks): the first pairs, the
 *  others are removed. */
frond_status frond_data_source_set_items(frond_data_source *source, size_t section, const frond_item_model *items,
                                         size_t count, frond_apply_mode mode);

/** Replaces every section: section i holds the next `section_counts[i]` models of `items`
 *  (their counts add up to `count`). No diffing: every old item goes, with its state. The
 *  fast way to load a big list. */
frond_status frond_data_source_set_sections(frond_data_source *source, const frond_item_model *items, size_t count,
                                            const size_t *section_counts, size_t section_count,
                                            frond_apply_mode mode);

/** Data diffing over every section (a grouped list that a filter or a rename changes):
 *  the sections become `section_count` sections, section i with the identity
 *  `section_ids[i]` holding the next `section_counts[i]` models of `items` (their counts add
 *  up to `count`). Sections pair by identity (a section made any other way has none and
 *  pairs with none): the pairs on a longest run in order stay, every other old section is
 *  removed and every other new one inserted. Items pair by `id` across all sections: a
 *  paired item keeps its scopes and state wherever it goes (into another section, out of
 *  a removed one), takes the new model (the old one is destroyed) and is rebuilt only when
 *  its version differs. Moves are the fewest in each section that stays, plus the items
 *  that change section. Listeners hear the changeset. An item a filter leaves out is
 *  removed, with its state (shown again, it is a new item): what must outlive that belongs
 *  in the model. Two sections, or two items, with one identity in the new lists are
 *  FROND_ERR_INVALID_ARGUMENT naming both places ("new items [0, 1] and [2, 1] have the
 *  same identity"), before anything is queued; the models are then destroyed. Of old items
 *  with one id (which changesets may leave), the first pairs and the others are removed. */
frond_status frond_data_source_set_sections_by_id(frond_data_source *source, const frond_item_model *items,
                                                  size_t count, const uint64_t *section_ids,
                                                  const size_t *section_counts, size_t section_count,
                                                  frond_apply_mode mode);

/** Replaces the configuration (copied; the old one's destroy runs when no build uses it):
 *  every item is rebuilt and laid out again. A list's data source (frond_list_get_data_source)
 *  refuses it with FROND_ERR_MISUSE: its items take the list's cross size and provider, fixed
 *  by frond_list_new. */
frond_status frond_data_source_set_config(frond_data_source *source, const frond_data_source_config *config,
                                          frond_apply_mode mode);

/** Applies, on the host thread, the asynchronous modifications that are built (in order);
 *  with `wait_for_all`, also builds and applies every pending one before returning.
 *  `*out_applied` (may be NULL) receives how many were applied. */
frond_status frond_data_source_process(size_t *out_applied, frond_data_source *source, bool wait_for_all);

/** Whether modifications are queued, being built, or built and waiting for
 *  frond_data_source_process (the builder builds one at a time, each onto the state the
 *  one before left once it is applied: polling this without processing never sees false). */
frond_status frond_data_source_has_pending(bool *out_pending, frond_data_source *source);

/** Sets the ready handler (NULL removes it) with its user_data, destroyed exactly once
 *  (when replaced, when the data source is freed, or on failure before the call returns). */
frond_status frond_data_source_set_ready_handler(frond_data_source *source, frond_data_source_ready_func ready,
                                                 void *user_data, frond_destroy_func destroy);

/** An executor's schedule function: a build of `source` can start. Arrange one call of
 *  frond_data_source_build(source) on a thread of the executor's, later (not inside this
 *  call, which may come from the host thread or from a thread queueing a FROND_APPLY_ASYNC
 *  modification). */
typedef void (*frond_data_source_schedule_func)(frond_data_source *source, void *user_data);

/** Builds the asynchronous modifications that start from now on on the caller's executor
 *  instead of the data source's own thread (a thread pool of the program's, GLib's
 *  GTask threads…): `schedule` is called for each build, and the executor runs it with
 *  frond_data_source_build. NULL `schedule`: the data source's own thread again. Any
 *  thread. A build scheduled and never run is not lost: the host thread builds it when it
 *  waits for it (frond_data_source_process with wait_for_all, a synchronous modification),
 *  and frond_data_source_free drops it. user_data is destroyed exactly once, after the last
 *  schedule call: when the executor is replaced, when the data source (or its list) is
 *  freed, or on failure before the call returns. For a list: frond_list_get_data_source. */
frond_status frond_data_source_set_executor(frond_data_source *source, frond_data_source_schedule_func schedule,
                                            void *user_data, frond_destroy_func destroy);

/** Runs one build that `schedule` asked for, on the calling thread (the executor's): the
 *  providers and build hooks run here, and the ready handler when it is built. FROND_OK
 *  with nothing done when there is none left (the host thread built it while waiting, or
 *  the data source dropped it). After frond_data_source_free the handle is gone: a job the
 *  executor still runs gets FROND_ERR_MISUSE, harmlessly (nothing is done; the executor may
 *  ignore it). From a provider or a build hook: FROND_ERR_MISUSE. */
frond_status frond_data_source_build(frond_data_source *source);

/** Adds a listener (copied) with its user_data, destroyed exactly once (when it is removed,
 *  when the data source is freed, or on failure before the call returns).
 *  `*out_listener_id` receives the id frond_data_source_remove_listener takes. */
frond_status frond_data_source_add_listener(uint64_t *out_listener_id, frond_data_source *source,
                                            const frond_data_source_listener *listener, void *user_data,
                                            frond_destroy_func destroy);
/** Removes a listener; an id that is not a listener of this data source is
 *  FROND_ERR_INVALID_ARGUMENT. */
frond_status frond_data_source_remove_listener(frond_data_source *source, uint64_t listener_id);

/** The number of sections, and the number of the state's changes so far (modifications,
 *  and a list's builds of the items nearing its viewport). */
frond_status frond_data_source_get_section_count(size_t *out_count, frond_data_source *source);
frond_status frond_data_source_get_version(uint64_t *out_version, frond_data_source *source);
/** The number of items in `section` (FROND_ERR_INVALID_ARGUMENT for a section it lacks). */
frond_status frond_data_source_get_item_count(size_t *out_count, frond_data_source *source, size_t section);
/** The item at `path` (FROND_ERR_INVALID_ARGUMENT for a path out of range). */
frond_status frond_data_source_get_item(frond_data_source_item *out_item, frond_data_source *source,
                                        frond_item_path path);
/** Where the first item with `id` is (in section order, then item order): to scroll a list
 *  to an item known by its id (frond_list_scroll_to_item). FROND_ERR_INVALID_ARGUMENT when no
 *  item has it. A walk over the items: O(n). */
frond_status frond_data_source_find_item(frond_item_path *out_path, frond_data_source *source, uint64_t id);

/* ---- Lists that mount what is visible ----------------------------------------- */
/* A list (frond_list) stacks the items of its own data source along an axis and builds,
 * lays out and mounts only those that intersect its viewport extended by `range_screens`
 * viewport lengths each way (Litho's incremental mount). The host sets the viewport as the
 * person scrolls (frond_list_set_viewport): items leaving the range are parked (their
 * views hidden and kept for reuse by an item of the same shape) and then released (their
 * trees go; the states their updates changed are kept, and the item built again starts
 * from them, so a row expanded by a tap is still expanded), visible items that are
 * not built yet are built at once, and the rest of the range is built off the host thread,
 * mounted by frond_list_process (call it when the data source's ready handler fires).
 *
 * The host receives (in one commit per viewport change and per applied modification, and
 * none when nothing changed for it) a container view of type "list-item" per
 * mounted item (attributes `section` and `item`: the item it shows; `hidden` = true while
 * parked), at the item's frame in the content, holding the item's views. Until an item is
 * laid out its size along the axis is an estimate; when real sizes arrive above the
 * viewport, the viewport's offset moves so that the first visible item stays in place on
 * screen (did_adjust_offset). The list's items are its data source's
 * (frond_list_get_data_source): apply changesets, diffs and new models there. The list,
 * its data source and its host callbacks are used on one thread (the host's): a second
 * thread calling a list function (but frond_list_get_data_source)
 * or a host-thread function of its data source while one is under way gets
 * FROND_ERR_MISUSE, and the call does nothing. */

typedef struct frond_list frond_list;

typedef enum frond_list_axis {
    FROND_LIST_VERTICAL = 0,            /**< top to bottom, each item as wide as the list */
    FROND_LIST_HORIZONTAL = 1           /**< left to right, each item as tall as the list */
} frond_list_axis;

/** How a list makes, sizes and ranges its items. */
typedef struct frond_list_config {
    uint32_t struct_size;               /**< sizeof(frond_list_config) */
    frond_list_axis axis;
    float cross_size;                   /**< the list's width (vertical) or height (horizontal) */
    /** An item's size along the axis until it is laid out; 0: the average of the items
     *  laid out so far (44 before any is). */
    float estimated_item_size;
    /** How far beyond the viewport items are built and mounted, in viewport lengths each
     *  way (Litho's default is 2). */
    float range_screens;
    frond_item_provider_func provider;  /**< required (see frond_item_provider_func) */
    void *user_data;                    /**< passed to the provider */
    /** Called with user_data exactly once: when the list is freed, or before a refused
     *  frond_list_new returns (but one refused for a struct_size it does not know: nothing
     *  of the struct is read then). */
    frond_destroy_func destroy;
    /** Optional: measures the items' Text components, as frond_root_set_text_measurer's
     *  function does a root's (NULL: the default monospace measure). It runs wherever an
     *  item is built, the host thread and the data source's builder, possibly at once: it
     *  must be thread-safe. `text_measure_user_data` is passed to it; keep it valid until
     *  `destroy` is called (which may free it). The struct has grown at its end: a
     *  struct_size of offsetof(frond_list_config, text_measure) reads both as NULL. */
    frond_text_measure_func text_measure;
    void *text_measure_user_data;
} frond_list_config;

/** What a list tells its host besides the mutations (any member may be NULL; on the host
 *  thread). `model` is the item's model (still the data source's). */
typedef struct frond_list_listener {
    uint32_t struct_size;               /**< sizeof(frond_list_listener) */
    /** The content's length along the axis changed (estimates included). */
    void (*did_change_content_length)(frond_list *list, float length, void *user_data);
    /** The list moved its viewport's offset (real sizes above the viewport, to keep the
     *  first visible item in place, or frond_list_scroll_to_item): scroll the host there
     *  (called after the same commit's did_change_content_length, so the new length has room
     *  for it). */
    void (*did_adjust_offset)(frond_list *list, float offset, void *user_data);
    /** An item entered the range (built and mounted) or left it: working-range callbacks.
     *  Every model that entered leaves once, with the model it entered with: when its item
     *  leaves the range, when a change removes the item (from the path where it was last
     *  placed), or when an update gives the item a new model (it leaves with the old one,
     *  then enters with the new one); a model that left is destroyed by the data source
     *  after the call, if it is not in the data source any more. Freeing the list calls
     *  neither: the items in the range end with it. */
    void (*did_enter_range)(frond_list *list, frond_item_path path, void *model, void *user_data);
    void (*did_leave_range)(frond_list *list, frond_item_path path, void *model, void *user_data);
} frond_list_listener;

/** Counts of a list's mounting. */
typedef struct frond_list_statistics {
    uint32_t struct_size;               /**< sizeof(frond_list_statistics); set by the caller */
    size_t mounted_items;               /**< items mounted now */
    size_t host_views;                  /**< views the host has for the list (parked ones too) */
    size_t parked_items;                /**< items parked now, waiting for reuse */
    uint64_t created;                   /**< items mounted into new views, so far */
    uint64_t reused;                    /**< items mounted into a parked item's views, so far */
    uint64_t parked;                    /**< items parked, so far */
    uint64_t destroyed;                 /**< parked items destroyed (their pool was full), so far */
    float content_length;               /**< the content's length along the axis */
    float offset;                       /**< the viewport's offset (after any adjustment) */
} frond_list_statistics;

/** Creates a list with an empty data source that builds on demand. The caller owns the
 *  handle. A cross size, estimate or range that is negative or not finite is
 *  FROND_ERR_INVALID_ARGUMENT. */
frond_status frond_list_new(frond_list **out_list, const frond_list_config *config);
/** Frees the list and its data source (as frond_data_source_free does). NULL is a no-op.
 *  From inside the list's own host or listener functions it is FROND_ERR_MISUSE (the list
 *  stays; free it after the call returns). */
frond_status frond_list_free(frond_list *list);

/** The list's data source (a handle that lives as long as the list; frond_data_source_free
 *  on it is FROND_ERR_MISUSE). Its modifications are mounted by the list. */
frond_status frond_list_get_data_source(frond_data_source **out_source, frond_list *list);

/** Sets the host that receives the list's views (NULL removes it), as frond_root_set_host
 *  does (set it before the first viewport: a host set after views were mounted is not sent
 *  them); its callbacks get NULL as `root`. A host function that fails makes the list call
 *  during which it ran return FROND_ERR_CALLBACK (after the commit). */
frond_status frond_list_set_host(frond_list *list, const frond_host *host, void *user_data,
                                 frond_destroy_func destroy);
/** Sets the listener (NULL removes it; copied) with its user_data, destroyed exactly once
 *  (when replaced, when the list is freed, or on failure before the call returns). */
frond_status frond_list_set_listener(frond_list *list, const frond_list_listener *listener, void *user_data,
                                     frond_destroy_func destroy);

/** Sets the viewport (see the section's introduction): from `offset` along the axis, for
 *  `length`. Negative, NaN or infinite values are FROND_ERR_INVALID_ARGUMENT and change
 *  nothing. */
frond_status frond_list_set_viewport(frond_list *list, float offset, float length);

/** Where frond_list_scroll_to_item puts the item in the viewport. */
typedef enum frond_list_scroll_position {
    FROND_LIST_SCROLL_START = 0,        /**< the item's start at the viewport's start */
    FROND_LIST_SCROLL_CENTER = 1,       /**< the item's centre at the viewport's centre */
    FROND_LIST_SCROLL_END = 2           /**< the item's end at the viewport's end */
} frond_list_scroll_position;

/** Scrolls to the item at `path` (after what is pending applies): the viewport moves (as
 *  frond_list_set_viewport does, keeping its length) to the offset that puts the item at
 *  `position`, within the content; what comes into view is built, and the listener's
 *  did_adjust_offset tells the host to scroll there (the GTK, web and Tk hosts do). The
 *  offset is worked out again once the items that came into view have their real sizes,
 *  so an item whose size was an estimate ends where it was asked to be: a host commit (and
 *  did_adjust_offset) for the first move, and one for each correction (at most three;
 *  usually none for FROND_LIST_SCROLL_START). A
 *  path the list lacks or a position that is not a frond_list_scroll_position is
 *  FROND_ERR_INVALID_ARGUMENT and changes nothing. */
frond_status frond_list_scroll_to_item(frond_list *list, frond_item_path path, frond_list_scroll_position position);

/** Lays the list out at a new cross size (its width, or its height when horizontal), as
 *  when the host's window is resized: the built items are built and laid out again at once
 *  at that size, the others count as the estimate until they are built, the viewport is
 *  filled again, and the first visible item stays in place on screen (did_adjust_offset
 *  when the sizes above it changed). One host commit. A negative, NaN or infinite size is
 *  FROND_ERR_INVALID_ARGUMENT and changes nothing. */
frond_status frond_list_set_cross_size(frond_list *list, float cross_size);

/** Mounts what the list's data source built (frond_data_source_process on it, then the
 *  range is looked at again); with `wait_for_all`, builds and mounts everything pending,
 *  round after round until the range is built (the sizes a build brings may bring more
 *  items into it; at most 32 rounds), so that nothing is pending when it returns.
 *  `*out_applied` (may be NULL) receives how many modifications were applied, the list's
 *  own builds of the items nearing the viewport included. */
frond_status frond_list_process(size_t *out_applied, frond_list *list, bool wait_for_all);

/** The list's counts, content length and viewport offset. */
frond_status frond_list_get_statistics(frond_list_statistics *out_statistics, frond_list *list);

/** The list's axis and its cross size (the configuration's, or the last
 *  frond_list_set_cross_size's); either out pointer may be NULL. */
frond_status frond_list_get_axis(frond_list_axis *out_axis, float *out_cross_size, frond_list *list);

/** The frame of the item at `path` in the content (estimated until it is laid out);
 *  FROND_ERR_INVALID_ARGUMENT for a path the list lacks. */
frond_status frond_list_get_item_frame(frond_rect *out_frame, frond_list *list, frond_item_path path);

/** Sends a host event on one of the list's views to the item root that shows it, as
 *  frond_root_send_event does for a root; a view that no mounted item shows is
 *  FROND_ERR_INVALID_ARGUMENT. A build of the list's under way (an item's state update,
 *  say) is first waited for and applied (its one host commit comes inside this call), so
 *  that the handlers run in item roots that no other thread is building. State updates that
 *  handlers make start their builds when this call returns: a handler may update its state
 *  and go on sending actions. */
frond_status frond_list_send_event(frond_action_outcome *out_outcome, frond_list *list, uint64_t view,
                                   const char *event_attribute, const frond_attribute *payload);

/** Reports a tap at (`x`, `y`) in the list's content coordinates (where its item
 *  containers' frames are; finite): the mounted item whose frame holds the point (left
 *  and top edges included) hit-tests its views as frond_root_tap_at does, relative to its
 *  frame, and sends the FROND_EVENT_TAP action of the deepest view with one. `*out_view`
 *  receives that view in the host's numbers (0 and FROND_ACTION_NO_ACTION when no item or
 *  no such view is under the point). Builds under way and state updates are handled as
 *  for frond_list_send_event. A host that hit-tests nothing itself (a canvas) reports
 *  clicks here after adding its scroll offset. */
frond_status frond_list_tap_at(frond_action_outcome *out_outcome, uint64_t *out_view, frond_list *list, float x,
                               float y);

/** Advances the animations of the mounted items to `time` (seconds on a monotonic clock of
 *  the host's choosing, as for frond_root_tick: finite and not earlier than the last tick,
 *  else FROND_ERR_INVALID_ARGUMENT and nothing changes) and sends the host the changed values
 *  in one commit, if anything changed; then calls the completions of the animations that
 *  ended. `out_mutation_count` (may be NULL) receives the number of mutations sent. Items
 *  start their animations (an initial-mount fade, say) at the list's last tick: tick the
 *  list to the current time before frond_list_process, frond_list_set_viewport and changes
 *  to its data source, as a host ticks a root before it flushes, and every frame while
 *  frond_list_has_running_animations says so. An item that a change inserts into a list with
 *  content starts its initial-mount animations when it is built; items that only come near
 *  the viewport (or the list's first content) appear at rest. A mounted item that a change removes plays
 *  its components' final-unmount animations where it was: its container stays (attribute
 *  `leaving` true: it takes no input, and events to its views are FROND_ACTION_NO_ACTION;
 *  without its section and item attributes; its other views gone) while the items after it
 *  close up, and leaves the host, destroyed,
 *  with the views still in it, on the tick where the animations end. */
frond_status frond_list_tick(frond_list *list, double time, size_t *out_mutation_count);

/** Whether a mounted item animates, or a removed one plays its final-unmount animations
 *  (keep ticking while true). */
frond_status frond_list_has_running_animations(bool *out_running, frond_list *list);

/** The time of the last frond_list_tick (0 before the first). */
frond_status frond_list_get_animation_time(double *out_time, frond_list *list);

/** Receives the actions that no responder of a list item handled (the responder chain of
 *  an item ends at its top component), on the list's thread: `path` is the item's place
 *  now, `action` is valid during the call only (frond_action_get_name, _get_payload, …). A
 *  status other than FROND_OK makes the call that sent the action return
 *  FROND_ERR_CALLBACK. */
typedef frond_status (*frond_list_action_handler_func)(frond_list *list, frond_item_path path,
                                                       const frond_action *action, void *user_data);

/** Sets the list's unhandled action handler (NULL: none) with its user_data and destroy
 *  function (called exactly once: when the handler is replaced, when the list is freed,
 *  or, on failure, before this call returns). */
frond_status frond_list_set_unhandled_action_handler(frond_list *list, frond_list_action_handler_func handler,
                                                     void *user_data, frond_destroy_func destroy);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* FROND_H */
