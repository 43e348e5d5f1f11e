/* The API-sequence fuzzer's shared state: pools of the handles an input made (the ones
 * it still owns), the operations of each header section, and the callbacks' behaviour.
 * See api_fuzzer.c for the input format and the oracles. */
#ifndef FROND_API_FUZZER_H
#define FROND_API_FUZZER_H

#include "fuzz_host.h"
#include "frond_cairo.h"

#define FZ_CONFIGS 4
#define FZ_NODES 12
#define FZ_COMPONENTS 12
#define FZ_ROOTS 3
#define FZ_CLASSES 4
#define FZ_SCOPES 8
#define FZ_ACTIONS 4
#define FZ_BLOCKS 6
#define FZ_WRAPPERS 4
#define FZ_SNAPSHOT_HOSTS 2
#define FZ_NAMES 16
#define FZ_MAX_DEPTH 3

/* An action or legacy view handle seen in a callback: valid only while `live`. */
typedef struct fz_borrowed {
    const void *handle;
    bool live;
} fz_borrowed;

typedef struct fz_world {
    frond_config *configs[FZ_CONFIGS];
    frond_node *nodes[FZ_NODES];
    frond_component *components[FZ_COMPONENTS];
    fz_root_record roots[FZ_ROOTS];
    frond_render_class *classes[FZ_CLASSES];
    frond_scope *scopes[FZ_SCOPES];
    fz_borrowed actions[FZ_ACTIONS];
    fz_borrowed legacy_views[2];
    frond_action_block *blocks[FZ_BLOCKS];
    frond_wrapper *wrappers[FZ_WRAPPERS];
    frond_snapshot_host *snapshot_hosts[FZ_SNAPSHOT_HOSTS];
    char names[FZ_NAMES][32];       /* constructor names this input registered */
    bool name_used[FZ_NAMES];
} fz_world;

extern fz_world fz_w;
extern int fz_depth;
extern char fz_temp_directory[];
/* FROND_FUZZ_AVOID=word,word: steer clear of known bugs to look past them (triage only):
 *   send-event-color   no invalid color payloads for frond_root_send_event
 *   class-struct-size  render class specs and controller tables with whole members only
 *   destroy-reentry    destroy functions do not call the API
 *   json-nul           no JSON snippet with NUL in names
 *   animation-shapes   animations with right struct sizes and without shared or self-containing parts */
bool fz_avoid(const char *what);

/* ---- handles ------------------------------------------------------------------------ */

/* A handle that is no live object of the kind: forged integers (random, or a live
 * handle with other kind or generation bits), or a live handle of another kind. */
void *fz_bad_handle(void);
/* Mostly a pool entry (possibly NULL or freed), sometimes NULL or fz_bad_handle(). */
frond_config *fz_pick_config(void);
frond_node *fz_pick_node(void);
frond_component *fz_pick_component(void);
fz_root_record *fz_pick_record(void);        /* never NULL */
frond_root *fz_pick_root(void);
frond_render_class *fz_pick_class(void);
frond_scope *fz_pick_scope(void);
const frond_action *fz_pick_action(void);
frond_action_block *fz_pick_block(void);
frond_wrapper *fz_pick_wrapper(void);
frond_snapshot_host *fz_pick_snapshot_host(void);
/* Stores a handle the harness owns; a pool slot that was in use is freed first. */
void fz_keep_config(frond_config *config);
void fz_keep_node(frond_node *node);
void fz_keep_component(frond_component *component);
void fz_keep_block(frond_action_block *block);
void fz_keep_wrapper(frond_wrapper *wrapper);
void fz_keep_class(frond_render_class *render_class);
void fz_keep_snapshot_host(frond_snapshot_host *host);
/* Constructor names: registered ones are unregistered at the end (k0…k3 always are). */
void fz_note_name(const char *name, bool registered);
void fz_remember_scope(frond_scope *scope);
/* Removes a component from the pool (Frond took it over); returns it or NULL. */
frond_component *fz_take_component(void);

/* ---- values ----------------------------------------------------------------------------- */

frond_status fz_callback_status(void);
frond_value fz_value(void);
frond_color fz_color(void);
bool fz_color_is_valid(frond_color color);
/* A caller-filled struct, its struct_size fuzzed, in memory of exactly that size. */
const frond_view_spec *fz_view_spec(void);
const frond_size_spec *fz_size_spec(void);
const frond_text_style *fz_text_style(void);
frond_attribute fz_attribute(void);
bool fz_payload_is_valid(const frond_attribute *payload);
/* A new component of any kind (leaf, text, flexbox, render, …) or NULL. */
frond_component *fz_new_component(void);
/* A child a callback hands Frond: NULL, new, taken from the pool, forged. */
frond_component *fz_child_for_frond(void);

/* ---- operations --------------------------------------------------------------------- */

typedef void (*fz_operation)(void);
extern const fz_operation fz_layout_operations[];
extern const size_t fz_layout_operation_count;
extern const fz_operation fz_component_operations[];
extern const size_t fz_component_operation_count;
extern const fz_operation fz_root_operations[];
extern const size_t fz_root_operation_count;
extern const fz_operation fz_list_operations[];
extern const size_t fz_list_operation_count;

void fz_run_operation(void);
/* From a callback: sometimes runs one operation of the input (depth-limited). */
void fz_reenter(void);

/* After a root call: the mirror against what the root reads back (at depth 0). */
void fz_after_root_call(fz_root_record *record);
fz_root_record *fz_record_of(frond_root *root);

/* ---- callbacks (api_callbacks.c) ------------------------------------------------------- */

frond_status fz_measure(frond_node *node, float width, frond_measure_mode width_mode, float height,
                        frond_measure_mode height_mode, frond_size *out_size, void *user_data);
frond_status fz_baseline(frond_node *node, float width, float height, float *out_baseline, void *user_data);
frond_status fz_text_measure(const char *text, const frond_text_style *style, float width, frond_measure_mode width_mode,
                             float height, frond_measure_mode height_mode, frond_size *out_size, void *user_data);
frond_status fz_provider(frond_component **out_component, void *props, void *user_data);
frond_status fz_unhandled_action(frond_root *root, const frond_action *action, void *user_data);
frond_status fz_flush_request(frond_root *root, void *user_data);
frond_status fz_state_update(void **state, void *user_data);
frond_status fz_block(const frond_action *action, void *user_data);
frond_status fz_wrapper_action(bool *out_handled, const frond_action *action, void *user_data);
frond_status fz_snapshot_warning(const char *message, void *user_data);
void fz_completion(bool finished, void *user_data);
/* A render class spec with the harness's callbacks (which of them, chosen by the input;
 * stateful for sure when *out_stateful is true on entry). */
void fz_fill_render_class_spec(frond_render_class_spec *spec, bool *out_stateful);
/* The class flags of a spec (the members its struct_size holds), kept in its token. */
int fz_class_flags(const frond_render_class_spec *spec);
/* A legacy vtable with the harness's callbacks. */
void fz_fill_legacy_vtable(frond_legacy_vtable *vtable);
/* Animations whose destroys are tokens; after the call, fz_settle_animations marks which
 * tokens Frond must destroy (entries whose struct_size, and whose groups', are right). */
frond_animation *fz_animations(size_t *out_count);
void fz_settle_animations(void);
/* A render class's animations callback (api_animations.c). */
frond_status fz_class_animations(struct frond_animation *out_animations, size_t *out_count, frond_animation_moment moment,
                                 void *previous_props, void *props, void *user_data);
/* Typed action block and constructor functions with the signatures fz_signature gives. */
typedef struct fz_signature {
    const frond_argument_type *types;
    size_t count;
    frond_native_func block;
    frond_native_func constructor;
} fz_signature;
const fz_signature *fz_pick_signature(void);
frond_argument *fz_arguments(size_t *out_count);
void fz_note_action(const frond_action *action, bool live);
void fz_poke_action(const frond_action *action);
bool fz_action_is_stale(const frond_action *action);

#endif
