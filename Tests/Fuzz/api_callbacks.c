/* The api fuzzer's callbacks: each checks what Frond hands it (its user_data, props,
 * state and controller are live tokens, sizes and strings are what the header promises),
 * reads from the input what to answer (garbage statuses, non-finite sizes, forged
 * handles) and sometimes re-enters the API. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "api_fuzzer.h"

frond_status fz_callback_status(void) {
    static const int garbage[] = {FROND_ERR_CALLBACK, FROND_ERR_INVALID_ARGUMENT, FROND_ERR_MISUSE, FROND_ERR_INTERNAL,
                                  FROND_ERR_OUT_OF_MEMORY, 1, 42, -8, -100, INT32_MIN, INT32_MAX};
    uint8_t choice = fz_u8();
    if (choice < 235) return FROND_OK;
    return (frond_status)garbage[choice % (sizeof garbage / sizeof garbage[0])];
}

static void check_available(float size, frond_measure_mode mode, const char *what) {
    if ((int)mode < 0 || (int)mode > 2) fz_fail("%s: unknown measure mode %d", what, (int)mode);
    if (mode == FROND_MEASURE_MODE_UNDEFINED) {
        if (!isnan(size)) fz_fail("%s: mode UNDEFINED with the size %g", what, (double)size);
    } else if (!(isfinite(size) && size >= 0)) {
        fz_fail("%s: mode %d with the size %g", what, (int)mode, (double)size);
    }
}

static frond_size answer_size(void) {
    frond_size size;
    if (fz_chance(80)) {
        size.width = fz_small_float();
        size.height = fz_small_float();
    } else {
        size.width = fz_float();
        size.height = fz_float();
    }
    return size;
}

frond_status fz_measure(frond_node *node, float width, frond_measure_mode width_mode, float height,
                        frond_measure_mode height_mode, frond_size *out_size, void *user_data) {
    (void)node;
    fz_token_check(user_data, FZ_TOKEN_USER_DATA, "measure");
    check_available(width, width_mode, "measure width");
    check_available(height, height_mode, "measure height");
    if (out_size == NULL) fz_fail("measure got no out_size");
    *out_size = answer_size();
    fz_reenter();
    return fz_callback_status();
}

frond_status fz_baseline(frond_node *node, float width, float height, float *out_baseline, void *user_data) {
    (void)node;
    fz_token_check(user_data, FZ_TOKEN_USER_DATA, "baseline");
    fz_check_finite(width, "baseline width");
    fz_check_finite(height, "baseline height");
    if (out_baseline == NULL) fz_fail("baseline got no out_baseline");
    *out_baseline = fz_chance(80) ? fz_small_float() : fz_float();
    fz_reenter();
    return fz_callback_status();
}

frond_status fz_text_measure(const char *text, const frond_text_style *style, float width, frond_measure_mode width_mode,
                             float height, frond_measure_mode height_mode, frond_size *out_size, void *user_data) {
    fz_token_check(user_data, FZ_TOKEN_USER_DATA, "text measure");
    if (text == NULL || !fz_is_utf8(text)) fz_fail("text measure got a NULL or non-UTF-8 text");
    if (style == NULL) fz_fail("text measure got no style");
    fz_check_finite(style->font_size, "text measure font size");
    fz_check_finite(style->line_height, "text measure line height");
    check_available(width, width_mode, "text measure width");
    check_available(height, height_mode, "text measure height");
    *out_size = answer_size();
    fz_reenter();
    return fz_callback_status();
}

/* ---- actions ------------------------------------------------------------------------- */

void fz_note_action(const frond_action *action, bool live) {
    int i;
    for (i = 0; i < FZ_ACTIONS; i++) {
        if (fz_w.actions[i].handle == action) {
            fz_w.actions[i].live = live;
            return;
        }
    }
    if (live) {
        i = (int)fz_pick(FZ_ACTIONS);
        fz_w.actions[i].handle = action;
        fz_w.actions[i].live = true;
    }
}

bool fz_action_is_stale(const frond_action *action) {
    int i;
    for (i = 0; i < FZ_ACTIONS; i++) {
        if (fz_w.actions[i].handle == action && action != NULL) return !fz_w.actions[i].live;
    }
    return false;
}

static void check_payload_seen(const frond_attribute *payload) {
    if (payload->name != NULL) fz_fail("an action's payload has a name");
    switch (payload->kind) {
    case FROND_ATTRIBUTE_NUMBER: fz_check_finite(payload->number, "payload number"); break;
    case FROND_ATTRIBUTE_STRING:
    case FROND_ATTRIBUTE_ACTION:
        if (payload->string == NULL || !fz_is_utf8(payload->string)) fz_fail("payload string NULL or not UTF-8");
        break;
    case FROND_ATTRIBUTE_COLOR:
        if (!fz_color_is_valid(payload->color)) fz_fail("payload color outside 0…1");
        break;
    default: break;
    }
}

void fz_poke_action(const frond_action *action) {
    const char *name = NULL;
    bool has_payload = false;
    frond_attribute payload;
    uint64_t view;
    frond_component *sender;
    size_t count = 0, i;
    frond_argument argument;
    if (FZ(frond_action_get_name(&name, action)) == FROND_OK && (name == NULL || !fz_is_utf8(name))) {
        fz_fail("an action's name is NULL or not UTF-8");
    }
    if (FZ(frond_action_get_payload(&has_payload, &payload, action)) == FROND_OK && has_payload) check_payload_seen(&payload);
    FZ(frond_action_get_view(&view, action));
    FZ(frond_action_get_sender(&sender, action));
    if (FZ(frond_action_get_argument_count(&count, action)) == FROND_OK) {
        for (i = 0; i <= count && i < 20; i++) {
            frond_status status = FZ(frond_action_get_argument(&argument, action, i));
            if (i < count && status != FROND_OK) fz_fail("argument %zu of %zu refused", i, count);
            if (i == count && status == FROND_OK) fz_fail("argument %zu of %zu given", i, count);
            if (status == FROND_OK && argument.type == FROND_ARGUMENT_STRING &&
                (argument.string == NULL || !fz_is_utf8(argument.string))) {
                fz_fail("a string argument is NULL or not UTF-8");
            }
        }
    }
}

static void action_callback_begin(const frond_action *action, const char *callback) {
    if (action == NULL) fz_fail("%s got no action", callback);
    fz_note_action(action, true);
    if (fz_chance(30)) fz_poke_action(action);
}

frond_status fz_unhandled_action(frond_root *root, const frond_action *action, void *user_data) {
    (void)root;
    fz_token_check(user_data, FZ_TOKEN_USER_DATA, "unhandled action handler");
    action_callback_begin(action, "unhandled action handler");
    fz_reenter();
    fz_note_action(action, false);
    return fz_callback_status();
}

frond_status fz_block(const frond_action *action, void *user_data) {
    fz_token_check(user_data, FZ_TOKEN_USER_DATA, "action block");
    action_callback_begin(action, "action block");
    fz_reenter();
    fz_note_action(action, false);
    return fz_callback_status();
}

frond_status fz_wrapper_action(bool *out_handled, const frond_action *action, void *user_data) {
    fz_token_check(user_data, FZ_TOKEN_USER_DATA, "wrapper handle_action");
    if (out_handled == NULL || *out_handled) fz_fail("wrapper handle_action: *out_handled does not start false");
    action_callback_begin(action, "wrapper handle_action");
    *out_handled = fz_bool();
    fz_reenter();
    fz_note_action(action, false);
    return fz_callback_status();
}

/* ---- roots --------------------------------------------------------------------------- */

frond_status fz_provider(frond_component **out_component, void *props, void *user_data) {
    fz_token_check(user_data, FZ_TOKEN_USER_DATA, "provider");
    if (props != NULL) fz_token_check(props, FZ_TOKEN_PROPS, "provider props");
    if (out_component == NULL || *out_component != NULL) fz_fail("provider: *out_component does not start NULL");
    *out_component = fz_child_for_frond();
    fz_reenter();
    return fz_callback_status();
}

frond_status fz_flush_request(frond_root *root, void *user_data) {
    (void)root;
    fz_token_check(user_data, FZ_TOKEN_USER_DATA, "flush request");
    fz_reenter();
    return fz_callback_status();
}

frond_status fz_snapshot_warning(const char *message, void *user_data) {
    fz_token_check(user_data, FZ_TOKEN_USER_DATA, "snapshot warning handler");
    if (message == NULL || !fz_is_utf8(message)) fz_fail("a snapshot warning is NULL or not UTF-8");
    return fz_callback_status();
}

void fz_completion(bool finished, void *user_data) {
    (void)finished;
    fz_token_check(user_data, FZ_TOKEN_USER_DATA, "animation completion");
    fz_reenter();
}

/* ---- state --------------------------------------------------------------------------- */

/* Class flags (a class token's int_value), from the members its struct_size holds. */
enum {
    CLASS_STATEFUL = 1,
    CLASS_DESTROYS_STATE = 2,
    CLASS_CONTROLLER_DESTROY = 4,
};

static fz_token *new_state(int class_flags) {
    fz_token *state = fz_token_new(FZ_TOKEN_STATE, "state");
    if (class_flags < 0) fz_token_lenient(state);
    else if (!(class_flags & CLASS_DESTROYS_STATE)) fz_token_keep(state);
    return state;
}

frond_status fz_state_update(void **state, void *user_data) {
    fz_token *update = fz_token_check(user_data, FZ_TOKEN_STATE_UPDATE, "state update");
    frond_status status;
    fz_token *replacement = NULL;
    if (state == NULL) fz_fail("state update got no state");
    if (*state != NULL) fz_token_check(*state, FZ_TOKEN_STATE, "state update's state");
    if (fz_chance(50)) {
        replacement = new_state(update->int_value);
        *state = replacement;
    } else if (fz_chance(10)) {
        *state = NULL;
    }
    fz_reenter();
    status = fz_callback_status();
    if (status != FROND_OK && replacement != NULL) fz_token_keep(replacement);   /* ignored */
    return status;
}

/* ---- render classes ------------------------------------------------------------------- */

static frond_status class_initial_state(void **out_state, void *props, void *user_data) {
    fz_token *class_token = fz_token_check(user_data, FZ_TOKEN_USER_DATA, "initial_state");
    frond_status status;
    if (props != NULL) fz_token_check(props, FZ_TOKEN_PROPS, "initial_state props");
    if (out_state == NULL) fz_fail("initial_state got no out_state");
    fz_token *state = fz_chance(15) ? NULL : new_state(class_token->int_value);
    *out_state = state;
    fz_reenter();
    status = fz_callback_status();
    /* Whether a state written by a failing initial_state belongs to Frond is not said (render
     * says so of its child; initial_state says "from then on"). Finding F05 in the report. */
    if (status != FROND_OK && state != NULL && !fz_avoid("strict-initial-state")) fz_token_lenient(state);
    return status;
}

static frond_status class_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                                 void *user_data) {
    fz_token *class_token = fz_token_check(user_data, FZ_TOKEN_USER_DATA, "render");
    if (props != NULL) fz_token_check(props, FZ_TOKEN_PROPS, "render props");
    if (state != NULL) fz_token_check(state, FZ_TOKEN_STATE, "render state");
    if (out_child == NULL) fz_fail("render got no out_child");
    if (scope != NULL) fz_remember_scope(scope);
    if ((class_token->int_value & CLASS_STATEFUL) && scope == NULL) fz_fail("a stateful class rendered without a scope");
    *out_child = fz_child_for_frond();
    fz_reenter();
    return fz_callback_status();
}

static frond_status class_should_update(bool *out_should_update, void *previous_props, void *props, void *user_data) {
    fz_token_check(user_data, FZ_TOKEN_USER_DATA, "should_update");
    if (previous_props != NULL) fz_token_check(previous_props, FZ_TOKEN_PROPS, "should_update previous props");
    if (props != NULL) fz_token_check(props, FZ_TOKEN_PROPS, "should_update props");
    if (out_should_update == NULL || !*out_should_update) fz_fail("should_update: *out_should_update does not start true");
    *out_should_update = fz_bool();
    fz_reenter();
    return fz_callback_status();
}

static frond_status class_handle_action(bool *out_handled, const frond_action *action, frond_scope *scope, void *state,
                                        void *props, void *user_data) {
    fz_token_check(user_data, FZ_TOKEN_USER_DATA, "handle_action");
    if (state != NULL) fz_token_check(state, FZ_TOKEN_STATE, "handle_action state");
    if (props != NULL) fz_token_check(props, FZ_TOKEN_PROPS, "handle_action props");
    if (out_handled == NULL || *out_handled) fz_fail("handle_action: *out_handled does not start false");
    if (scope != NULL) fz_remember_scope(scope);
    action_callback_begin(action, "handle_action");
    *out_handled = fz_bool();
    fz_reenter();
    fz_note_action(action, false);
    return fz_callback_status();
}

/* Controller tokens' int_value: 0 made, 1 after DID_INIT, 2 after INVALIDATE. */
static void *controller_create(void *props, void *user_data) {
    fz_token *class_token = fz_token_check(user_data, FZ_TOKEN_USER_DATA, "controller create");
    fz_token *controller;
    if (props != NULL) fz_token_check(props, FZ_TOKEN_PROPS, "controller create props");
    fz_reenter();
    if (fz_chance(10)) return NULL;
    controller = fz_token_new(FZ_TOKEN_CONTROLLER, "controller");
    if (!(class_token->int_value & CLASS_CONTROLLER_DESTROY)) fz_token_keep(controller);
    return controller;
}

static void controller_event(void *controller, frond_controller_event event, uint64_t view, void *props, void *user_data) {
    fz_token_check(user_data, FZ_TOKEN_USER_DATA, "controller event");
    if (props != NULL) fz_token_check(props, FZ_TOKEN_PROPS, "controller event props");
    if ((int)event < 1 || (int)event > 12) fz_fail("controller event %d is unknown", (int)event);
    if ((event == FROND_CONTROLLER_DID_ACQUIRE_VIEW || event == FROND_CONTROLLER_WILL_RELINQUISH_VIEW) ? view == 0 : view != 0) {
        fz_fail("controller event %d with view %llu", (int)event, (unsigned long long)view);
    }
    if (controller != NULL) {
        fz_token *token = fz_token_check(controller, FZ_TOKEN_CONTROLLER, "controller event");
        if (token->int_value == 2) fz_fail("controller event %d after INVALIDATE", (int)event);
        if (token->int_value == 0 && event != FROND_CONTROLLER_DID_INIT) fz_fail("controller event %d before DID_INIT", (int)event);
        if (token->int_value == 1 && event == FROND_CONTROLLER_DID_INIT) fz_fail("a second DID_INIT");
        token->int_value = event == FROND_CONTROLLER_INVALIDATE ? 2 : 1;
    }
    fz_reenter();
}

static frond_status controller_handle_action(bool *out_handled, void *controller, const frond_action *action,
                                             void *user_data) {
    fz_token_check(user_data, FZ_TOKEN_USER_DATA, "controller handle_action");
    if (controller != NULL) fz_token_check(controller, FZ_TOKEN_CONTROLLER, "controller handle_action");
    if (out_handled == NULL || *out_handled) fz_fail("controller handle_action: *out_handled does not start false");
    action_callback_begin(action, "controller handle_action");
    *out_handled = fz_bool();
    fz_reenter();
    fz_note_action(action, false);
    return fz_callback_status();
}

/* ---- render class specs -------------------------------------------------------------------- */

static const size_t class_offsets[] = {
    offsetof(frond_render_class_spec, name), offsetof(frond_render_class_spec, initial_state),
    offsetof(frond_render_class_spec, render), offsetof(frond_render_class_spec, should_update),
    offsetof(frond_render_class_spec, destroy_state), offsetof(frond_render_class_spec, handle_action),
    offsetof(frond_render_class_spec, controller), offsetof(frond_render_class_spec, animations),
    offsetof(frond_render_class_spec, frame_animation),
};

static const size_t controller_offsets[] = {
    offsetof(frond_controller_vtable, create), offsetof(frond_controller_vtable, event),
    offsetof(frond_controller_vtable, handle_action), offsetof(frond_controller_vtable, destroy),
};

#define HOLDS(size, type, member) ((size) >= offsetof(type, member) + sizeof(((type *)0)->member))

void fz_fill_render_class_spec(frond_render_class_spec *spec, bool *out_stateful) {
    frond_render_class_spec full;
    memset(&full, 0, sizeof full);
    full.name = fz_chance(90) ? fz_word() : fz_string();
    full.initial_state = *out_stateful || fz_chance(60) ? class_initial_state : NULL;
    full.render = fz_chance(97) ? class_render : NULL;
    full.should_update = fz_chance(50) ? class_should_update : NULL;
    full.destroy_state = fz_chance(90) ? fz_destroy_state : NULL;
    full.handle_action = fz_chance(60) ? class_handle_action : NULL;
    if (fz_chance(40)) {
        frond_controller_vtable vtable;
        uint32_t size;
        memset(&vtable, 0, sizeof vtable);
        vtable.create = fz_chance(80) ? controller_create : NULL;
        vtable.event = fz_chance(95) ? controller_event : NULL;
        vtable.handle_action = fz_chance(60) ? controller_handle_action : NULL;
        vtable.destroy = fz_chance(90) ? fz_destroy_controller : NULL;
        size = fz_struct_size(sizeof vtable, controller_offsets, sizeof controller_offsets / sizeof controller_offsets[0]);
        if (fz_avoid("class-struct-size") && size % 8 != 0) size = sizeof vtable;
        full.controller = fz_struct_copy(&vtable, sizeof vtable, size);
    }
    full.animations = fz_chance(40) ? fz_class_animations : NULL;
    if (fz_chance(30)) {
        frond_animation *frame = fz_alloc(sizeof *frame);
        frame->struct_size = fz_chance(90) ? sizeof *frame : fz_u8();
        frame->duration = fz_chance(80) ? (double)fz_u8() / 64.0 : fz_double();
        frame->delay = fz_chance(80) ? 0 : fz_double();
        frame->curve = (frond_timing_curve)(fz_chance(95) ? (int)fz_pick(6) : (int)fz_u32());
        frame->bezier[1] = fz_double();
        frame->bezier[3] = fz_double();
        frame->spring_damping = frame->spring_stiffness = frame->spring_mass = 1 + fz_u8() % 10;
        full.frame_animation = frame;
    }
    full.struct_size = fz_struct_size(sizeof full, class_offsets, sizeof class_offsets / sizeof class_offsets[0]);
    if (fz_avoid("class-struct-size") && full.struct_size % 8 != 0) full.struct_size = sizeof full;
    *spec = full;
    *out_stateful = HOLDS(full.struct_size, frond_render_class_spec, initial_state) && full.initial_state != NULL;
}

int fz_class_flags(const frond_render_class_spec *spec) {
    uint32_t size = spec->struct_size;
    int flags = 0;
    if (size > sizeof *spec) size = sizeof *spec;
    if (HOLDS(size, frond_render_class_spec, initial_state) && spec->initial_state != NULL) flags |= CLASS_STATEFUL;
    if (HOLDS(size, frond_render_class_spec, destroy_state) && spec->destroy_state != NULL) flags |= CLASS_DESTROYS_STATE;
    if (HOLDS(size, frond_render_class_spec, controller) && spec->controller != NULL &&
        spec->controller->struct_size >= sizeof(frond_controller_vtable) && spec->controller->destroy != NULL) {
        flags |= CLASS_CONTROLLER_DESTROY;
    }
    return flags;
}

/* ---- legacy components ------------------------------------------------------------------ */

static frond_status legacy_view(frond_legacy_view *view, void *user_data) {
    int i, calls = (int)fz_pick(3);
    fz_token_check(user_data, FZ_TOKEN_USER_DATA, "legacy view");
    fz_w.legacy_views[0] = fz_w.legacy_views[1];
    fz_w.legacy_views[1].handle = view;
    fz_w.legacy_views[1].live = true;
    for (i = 0; i < calls; i++) FZ(frond_legacy_view_set(fz_chance(90) ? view : fz_bad_handle(), fz_view_spec()));
    fz_reenter();
    fz_w.legacy_views[1].live = false;
    return fz_callback_status();
}

static frond_status legacy_measure(float width, frond_measure_mode width_mode, float height, frond_measure_mode height_mode,
                                   frond_size *out_size, void *user_data) {
    fz_token_check(user_data, FZ_TOKEN_USER_DATA, "legacy measure");
    check_available(width, width_mode, "legacy measure width");
    check_available(height, height_mode, "legacy measure height");
    *out_size = answer_size();
    fz_reenter();
    return fz_callback_status();
}

static void legacy_did_mount(uint64_t view, void *user_data) {
    fz_token *token = fz_token_check(user_data, FZ_TOKEN_USER_DATA, "legacy did_mount");
    int i;
    if (view == 0) fz_fail("legacy did_mount with view 0");
    for (i = 0; i < token->mounted_count; i++) {
        if (token->mounted[i] == view) fz_fail("legacy did_mount of view %llu twice", (unsigned long long)view);
    }
    if (token->mounted_count < FZ_MAX_MOUNTED) token->mounted[token->mounted_count++] = view;
    fz_reenter();
}

static void legacy_did_unmount(uint64_t view, void *user_data) {
    fz_token *token = fz_token_check(user_data, FZ_TOKEN_USER_DATA, "legacy did_unmount");
    int i;
    for (i = 0; i < token->mounted_count; i++) {
        if (token->mounted[i] == view) {
            token->mounted[i] = token->mounted[--token->mounted_count];
            fz_reenter();
            return;
        }
    }
    fz_fail("legacy did_unmount of view %llu without its did_mount", (unsigned long long)view);
}

static frond_status legacy_handle_action(bool *out_handled, const frond_action *action, void *user_data) {
    fz_token_check(user_data, FZ_TOKEN_USER_DATA, "legacy handle_action");
    if (out_handled == NULL || *out_handled) fz_fail("legacy handle_action: *out_handled does not start false");
    action_callback_begin(action, "legacy handle_action");
    *out_handled = fz_bool();
    fz_reenter();
    fz_note_action(action, false);
    return fz_callback_status();
}

void fz_fill_legacy_vtable(frond_legacy_vtable *vtable) {
    memset(vtable, 0, sizeof *vtable);
    vtable->name = fz_chance(90) ? fz_word() : fz_string();
    vtable->view = fz_chance(97) ? legacy_view : NULL;
    vtable->measure = fz_chance(60) ? legacy_measure : NULL;
    vtable->did_mount = fz_chance(70) ? legacy_did_mount : NULL;
    vtable->did_unmount = vtable->did_mount != NULL ? legacy_did_unmount : (fz_chance(30) ? legacy_did_unmount : NULL);
    vtable->handle_action = fz_chance(60) ? legacy_handle_action : NULL;
}

/* ---- typed blocks and constructors -------------------------------------------------------- */

static void typed_begin(frond_component *sender, void *user_data, const char *what) {
    (void)sender;
    fz_token_check(user_data, FZ_TOKEN_USER_DATA, what);
}

static void check_string(const char *text, const char *what) {
    if (text == NULL || !fz_is_utf8(text)) fz_fail("%s got a NULL or non-UTF-8 string", what);
}

static void block_0(frond_component *sender, void *user_data) { typed_begin(sender, user_data, "typed block ()"); fz_reenter(); }
static void block_i(frond_component *sender, int64_t a, void *user_data) {
    (void)a;
    typed_begin(sender, user_data, "typed block (int64)");
    fz_reenter();
}
static void block_d(frond_component *sender, double a, void *user_data) {
    (void)a;
    typed_begin(sender, user_data, "typed block (double)");
    fz_reenter();
}
static void block_b(frond_component *sender, bool a, void *user_data) {
    (void)a;
    typed_begin(sender, user_data, "typed block (bool)");
    fz_reenter();
}
static void block_s(frond_component *sender, const char *a, void *user_data) {
    typed_begin(sender, user_data, "typed block (string)");
    check_string(a, "typed block (string)");
    fz_reenter();
}
static void block_h(frond_component *sender, uint64_t a, void *user_data) {
    (void)a;
    typed_begin(sender, user_data, "typed block (host_value)");
    fz_reenter();
}
static void block_isd(frond_component *sender, int64_t a, const char *b, double c, void *user_data) {
    (void)a;
    (void)c;
    typed_begin(sender, user_data, "typed block (int64, string, double)");
    check_string(b, "typed block (int64, string, double)");
    fz_reenter();
}

static frond_component *construct(void *user_data, const char *what) {
    fz_token_check(user_data, FZ_TOKEN_USER_DATA, what);
    fz_reenter();
    switch (fz_pick(5)) {
    case 0: return NULL;
    case 1: return fz_bad_handle();
    default: return fz_new_component();
    }
}

static frond_component *constructor_0(void *user_data) { return construct(user_data, "constructor ()"); }
static frond_component *constructor_i(int64_t a, void *user_data) {
    (void)a;
    return construct(user_data, "constructor (int64)");
}
static frond_component *constructor_d(double a, void *user_data) {
    (void)a;
    return construct(user_data, "constructor (double)");
}
static frond_component *constructor_b(bool a, void *user_data) {
    (void)a;
    return construct(user_data, "constructor (bool)");
}
static frond_component *constructor_s(const char *a, void *user_data) {
    check_string(a, "constructor (string)");
    return construct(user_data, "constructor (string)");
}
static frond_component *constructor_h(uint64_t a, void *user_data) {
    (void)a;
    return construct(user_data, "constructor (host_value)");
}
static frond_component *constructor_isd(int64_t a, const char *b, double c, void *user_data) {
    (void)a;
    (void)c;
    check_string(b, "constructor (int64, string, double)");
    return construct(user_data, "constructor (int64, string, double)");
}

static const frond_argument_type types_i[] = {FROND_ARGUMENT_INT64};
static const frond_argument_type types_d[] = {FROND_ARGUMENT_DOUBLE};
static const frond_argument_type types_b[] = {FROND_ARGUMENT_BOOL};
static const frond_argument_type types_s[] = {FROND_ARGUMENT_STRING};
static const frond_argument_type types_h[] = {FROND_ARGUMENT_HOST_VALUE};
static const frond_argument_type types_isd[] = {FROND_ARGUMENT_INT64, FROND_ARGUMENT_STRING, FROND_ARGUMENT_DOUBLE};

static const fz_signature signatures[] = {
    {NULL, 0, (frond_native_func)block_0, (frond_native_func)constructor_0},
    {types_i, 1, (frond_native_func)block_i, (frond_native_func)constructor_i},
    {types_d, 1, (frond_native_func)block_d, (frond_native_func)constructor_d},
    {types_b, 1, (frond_native_func)block_b, (frond_native_func)constructor_b},
    {types_s, 1, (frond_native_func)block_s, (frond_native_func)constructor_s},
    {types_h, 1, (frond_native_func)block_h, (frond_native_func)constructor_h},
    {types_isd, 3, (frond_native_func)block_isd, (frond_native_func)constructor_isd},
};

const fz_signature *fz_pick_signature(void) { return &signatures[fz_pick(sizeof signatures / sizeof signatures[0])]; }

frond_argument *fz_arguments(size_t *out_count) {
    size_t count = fz_chance(95) ? fz_pick(4) : FROND_MAX_ARGUMENTS + 1, i;
    frond_argument *arguments;
    *out_count = count;
    if (count == 0 && fz_bool()) return NULL;
    arguments = fz_alloc((count ? count : 1) * sizeof *arguments);
    for (i = 0; i < count; i++) {
        arguments[i].type = (frond_argument_type)(fz_chance(95) ? 1 + (int)fz_pick(5) : (int)fz_u32());
        arguments[i].int64 = fz_chance(70) ? (int64_t)fz_u8() : (int64_t)fz_u64();
        arguments[i].number = fz_chance(60) ? (double)fz_u8() : fz_double();
        arguments[i].boolean = fz_bool();
        arguments[i].string = fz_chance(90) ? fz_word() : fz_string();
        arguments[i].host_value = fz_u64();
    }
    return arguments;
}
