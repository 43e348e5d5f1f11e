/* The api fuzzer's operations on the Roots and hosts, Render components and state
 * (scopes), Animations, Actions and Snapshots sections. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_fuzzer.h"

static const size_t range_offsets[] = {
    offsetof(frond_size_range, kind), offsetof(frond_size_range, width), offsetof(frond_size_range, height),
};

static const frond_size_range *size_range(void) {
    frond_size_range range;
    if (fz_chance(10)) return NULL;
    memset(&range, 0, sizeof range);
    range.kind = (frond_size_range_kind)(fz_chance(95) ? (int)fz_pick(4) : (int)fz_u32());
    range.width = fz_chance(75) ? 50 + fz_small_float() : fz_float();
    range.height = fz_chance(75) ? 50 + fz_small_float() : fz_float();
    return fz_struct_copy(&range, sizeof range, fz_struct_size(sizeof range, range_offsets, 3));
}

/* ---- calls that flush: busy bookkeeping, mirror checks ------------------------------------ */

static frond_root *record_root(fz_root_record *record) { return fz_chance(95) ? record->root : fz_bad_handle(); }

static bool is_record_root(fz_root_record *record, frond_root *root) {
    return record->in_use && !record->freed && root == record->root && root != NULL;
}

static void begin_flush(fz_root_record *record, frond_root *root) {
    if (!is_record_root(record, root)) return;
    if (!record->has_host) record->mirror.synced = false;   /* mutations go nowhere */
    record->busy++;
}

static void end_flush(fz_root_record *record, frond_root *root) {
    if (root == record->root && record->busy > 0) record->busy--;
    fz_after_root_call(record);
}

void fz_after_root_call(fz_root_record *record) {
    if (fz_depth == 0 && record->in_use && !record->freed && record->busy == 0) fz_mirror_compare(&record->mirror, record->root);
}

static void op_root_new(void) {
    fz_root_record *record = fz_pick_record(), old;
    frond_root *root = NULL;
    if (record->busy > 0) return;   /* freeing a root inside its own flush is op_root_free's */
    if (FZ(frond_root_new(&root, size_range())) != FROND_OK) return;
    /* The record holds the new root before the old one is freed (callbacks may re-enter). */
    old = *record;
    memset(record, 0, sizeof *record);
    record->root = root;
    record->in_use = true;
    fz_mirror_init(&record->mirror);
    if (old.in_use) {
        if (!old.freed && FZ(frond_root_free(old.root)) != FROND_OK) fz_fail("freeing a live root failed");
        fz_mirror_free(&old.mirror);
    }
}

static void op_root_free(void) {
    fz_root_record *record = fz_pick_record();
    frond_root *root = record_root(record);
    frond_status status = FZ(frond_root_free(root));
    if (status == FROND_OK && is_record_root(record, root)) {
        if (record->busy > 0) fz_fail("frond_root_free of a root inside its own flush, prepare, commit or tick returned OK");
        record->freed = true;
    }
}

static void op_root_flush(void) {
    fz_root_record *record = fz_pick_record();
    frond_root *root = record_root(record);
    size_t count = 0;
    begin_flush(record, root);
    switch (fz_pick(6)) {
    case 0:
    case 1:
    case 2: FZ(frond_root_flush(root, fz_bool() ? &count : NULL)); break;
    case 3: FZ(frond_root_prepare(root)); break;
    case 4: FZ(frond_root_commit(root, &count)); break;
    default: FZ(frond_root_discard_prepared(root)); break;
    }
    end_flush(record, root);
}

static void op_root_tick(void) {
    fz_root_record *record = fz_pick_record();
    frond_root *root = record_root(record);
    double last = 0, time;
    size_t count = 0;
    frond_status status;
    bool running;
    if (FZ(frond_root_get_animation_time(&last, root)) == FROND_OK) fz_check_finite(last, "animation time");
    time = fz_chance(85) ? last + (double)fz_u8() / 32.0 : fz_double();
    begin_flush(record, root);
    status = FZ(frond_root_tick(root, time, &count));
    end_flush(record, root);
    if (status == FROND_OK && (!isfinite(time) || time < last)) fz_fail("frond_root_tick accepted the time %g after %g", time, last);
    FZ(frond_root_has_running_animations(&running, root));
}

/* ---- root settings ------------------------------------------------------------------------- */

static void op_root_set_host(void) {
    static const size_t offsets[] = {
        offsetof(frond_host, begin_commit), offsetof(frond_host, apply), offsetof(frond_host, apply_batch),
        offsetof(frond_host, end_commit),
    };
    fz_root_record *record = fz_pick_record();
    frond_root *root = record_root(record);
    frond_host host;
    const frond_host *given;
    fz_token *token = fz_token_new(FZ_TOKEN_USER_DATA, "host");
    bool destroys = fz_chance(95);
    uint32_t size;
    frond_status status;
    if (!destroys) fz_token_keep(token);
    token->ref = record;
    memset(&host, 0, sizeof host);
    host.begin_commit = fz_chance(70) ? fz_host_begin : NULL;
    host.end_commit = fz_chance(70) ? fz_host_end : NULL;
    switch (fz_pick(5)) {
    case 0: host.apply_batch = fz_host_apply_batch; break;
    case 1: host.apply = fz_host_apply; host.apply_batch = fz_host_apply_batch; break;
    case 2: if (fz_chance(30)) break; /* fall through */
    default: host.apply = fz_host_apply; break;
    }
    size = fz_struct_size(sizeof host, offsets, 4);
    given = fz_chance(8) ? NULL : fz_struct_copy(&host, sizeof host, size);
    if (given == NULL) fz_token_lenient(token);
    status = FZ(frond_root_set_host(root, given, token, destroys ? fz_destroy_user_data : NULL));
    if (status == FROND_OK && is_record_root(record, root)) {
        record->has_host = given != NULL && size == sizeof host && (host.apply != NULL || host.apply_batch != NULL);
        if (!record->has_host) record->mirror.synced = false;
    }
}

static void registration(const char *role, frond_status (*set)(frond_root *, bool, fz_token *, frond_destroy_func)) {
    fz_root_record *record = fz_pick_record();
    fz_token *token = fz_token_new(FZ_TOKEN_USER_DATA, role);
    bool destroys = fz_chance(92), with_function = fz_chance(90);
    if (!destroys) fz_token_keep(token);
    if (!with_function) fz_token_lenient(token);   /* no function: the header leaves its user_data open */
    FZ(set(record_root(record), with_function, token, destroys ? fz_destroy_user_data : NULL));
}

static frond_status set_text_measurer(frond_root *root, bool with, fz_token *token, frond_destroy_func destroy) {
    return frond_root_set_text_measurer(root, with ? fz_text_measure : NULL, token, destroy);
}
static frond_status set_provider(frond_root *root, bool with, fz_token *token, frond_destroy_func destroy) {
    return frond_root_set_provider(root, with ? fz_provider : NULL, token, destroy);
}
static frond_status set_flush_request(frond_root *root, bool with, fz_token *token, frond_destroy_func destroy) {
    return frond_root_set_flush_request(root, with ? fz_flush_request : NULL, token, destroy);
}
static frond_status set_unhandled(frond_root *root, bool with, fz_token *token, frond_destroy_func destroy) {
    return frond_root_set_unhandled_action_handler(root, with ? fz_unhandled_action : NULL, token, destroy);
}

static void op_root_callbacks(void) {
    switch (fz_pick(4)) {
    case 0: registration("text measurer", set_text_measurer); break;
    case 1: registration("provider", set_provider); break;
    case 2: registration("flush request", set_flush_request); break;
    default: registration("unhandled action handler", set_unhandled); break;
    }
}

static void op_root_set(void) {
    fz_root_record *record = fz_pick_record();
    frond_root *root = record_root(record);
    switch (fz_pick(6)) {
    case 0: FZ(frond_root_set_size_range(root, size_range())); break;
    case 1:
    case 2: FZ(frond_root_set_component(root, fz_chance(90) ? fz_pick_component() : NULL)); break;
    case 3: {
        fz_token *props = fz_chance(90) ? fz_token_new(FZ_TOKEN_PROPS, "root props") : NULL;
        bool destroys = fz_chance(90);
        if (props != NULL && !destroys) fz_token_keep(props);
        FZ(frond_root_set_props(root, props, destroys ? fz_destroy_props : NULL));
        break;
    }
    case 4: FZ(frond_root_set_require_declared_view_types(root, fz_bool())); break;
    default: FZ(frond_root_set_pango_text_measurer(root, fz_chance(50) ? NULL : fz_pick_snapshot_host())); break;
    }
}

static void op_root_declare(void) {
    static const size_t offsets[] = {offsetof(frond_attribute_spec, name), offsetof(frond_attribute_spec, kind)};
    size_t count = fz_pick(5), i;
    frond_attribute_spec *specs = fz_alloc((count ? count : 1) * sizeof *specs);
    for (i = 0; i < count; i++) {
        specs[i].struct_size = fz_struct_size(sizeof specs[i], offsets, 2);
        specs[i].name = fz_chance(90) ? fz_word() : fz_string();
        specs[i].kind = (frond_attribute_kind)(fz_chance(95) ? 1 + (int)fz_pick(7) : (int)fz_u32());
    }
    FZ(frond_root_declare_view_type(fz_pick_root(), fz_chance(90) ? fz_word() : fz_string(), fz_chance(97) ? specs : NULL,
                                    count, fz_chance(95) ? fz_pick(2) : fz_u32()));
}

/* ---- reading a root back ------------------------------------------------------------------- */

static uint64_t some_view(fz_root_record *record) {
    if (fz_chance(85) && record->mirror.count > 0) {
        fz_view *view = &record->mirror.views[fz_pick(record->mirror.count)];
        if (view->alive) return view->id;
    }
    return fz_chance(80) ? fz_pick(12) : fz_u64();
}

static void describe(frond_root *root, bool components) {
    char small[8];
    char *buffer;
    size_t length = 0, again = 0, capacity;
    frond_status status;
    switch (fz_pick(3)) {
    case 0:
        status = components ? frond_root_describe_components(&length, root, NULL, 0) : frond_root_describe(&length, root, NULL, 0);
        FZ(status);
        return;
    case 1:
        capacity = 1 + fz_pick(sizeof small);
        status = components ? frond_root_describe_components(&length, root, small, capacity)
                            : frond_root_describe(&length, root, small, capacity);
        if (FZ(status) == FROND_OK && strlen(small) >= capacity) fz_fail("describe overran its buffer of %zu", capacity);
        return;
    default:
        status = components ? frond_root_describe_components(&length, root, NULL, 0) : frond_root_describe(&length, root, NULL, 0);
        if (FZ(status) != FROND_OK) return;
        buffer = malloc(length + 1);
        if (buffer == NULL) abort();
        status = components ? frond_root_describe_components(&again, root, buffer, length + 1)
                            : frond_root_describe(&again, root, buffer, length + 1);
        if (FZ(status) == FROND_OK && (again != length || strlen(buffer) != length)) {
            fz_fail("describe gave %zu bytes, then %zu (%zu written)", length, again, strlen(buffer));
        }
        free(buffer);
        return;
    }
}

static const size_t statistics_offsets[] = {
    offsetof(frond_commit_statistics, components), offsetof(frond_commit_statistics, renders),
    offsetof(frond_commit_statistics, mutations), offsetof(frond_commit_statistics, build_ns),
    offsetof(frond_commit_statistics, mount_ns),
};

static void op_root_read(void) {
    fz_root_record *record = fz_pick_record();
    frond_root *root = record_root(record);
    uint64_t view = some_view(record), child;
    size_t count;
    frond_rect frame;
    bool flag;
    switch (fz_pick(9)) {
    case 0: FZ(frond_root_get_child_count(&count, root, view)); break;
    case 1: FZ(frond_root_get_child(&child, root, view, fz_chance(80) ? fz_pick(4) : (size_t)fz_u64())); break;
    case 2:
        if (FZ(frond_root_get_frame(&frame, root, view)) == FROND_OK) {
            fz_check_finite(frame.left, "frond_root_get_frame left");
            fz_check_finite(frame.top, "frond_root_get_frame top");
            fz_check_finite(frame.width, "frond_root_get_frame width");
            fz_check_finite(frame.height, "frond_root_get_frame height");
        }
        break;
    case 3: describe(root, false); break;
    case 4: describe(root, true); break;
    case 5: {
        uint32_t size = fz_struct_size(sizeof(frond_commit_statistics), statistics_offsets, 5);
        frond_commit_statistics zero;
        memset(&zero, 0, sizeof zero);
        FZ(frond_root_get_statistics(fz_chance(97) ? fz_struct_copy(&zero, sizeof zero, size) : NULL, root));
        break;
    }
    case 6: {
        frond_size size;
        FZ(frond_root_needs_flush(&flag, root));
        FZ(frond_root_has_prepared_flush(&flag, root));
        if (FZ(frond_root_get_size(&size, root)) == FROND_OK) {
            fz_check_finite(size.width, "frond_root_get_size width");
            fz_check_finite(size.height, "frond_root_get_size height");
        }
        break;
    }
#ifdef FROND_INIT   /* the header's lookups (added with FROND_INIT) */
    case 7: {
        const char *path[3];
        size_t count = fz_pick(4), i;
        frond_scope *scope = NULL;
        for (i = 0; i < 3; i++) path[i] = fz_chance(70) ? (fz_bool() ? "r" : "b") : fz_string();
        switch (fz_pick(3)) {
        case 0:
            if (FZ(frond_root_find_view(&view, root, fz_chance(95) ? path : NULL, count)) == FROND_OK && view != 0) {
                if (FZ(frond_root_get_frame_in_root(&frame, root, view)) == FROND_OK) {
                    fz_check_finite(frame.left, "frond_root_get_frame_in_root left");
                    fz_check_finite(frame.top, "frond_root_get_frame_in_root top");
                    fz_check_finite(frame.width, "frond_root_get_frame_in_root width");
                    fz_check_finite(frame.height, "frond_root_get_frame_in_root height");
                }
            }
            break;
        case 1:
            if (FZ(frond_root_find_scope(&scope, root, fz_chance(95) ? path : NULL, count)) == FROND_OK && scope != NULL) {
                fz_remember_scope(scope);
            }
            break;
        default: FZ(frond_root_get_frame_in_root(&frame, root, view)); break;
        }
        break;
    }
#endif
    case 8: if (fz_depth == 0 && is_record_root(record, root) && record->busy == 0) fz_mirror_compare(&record->mirror, root); break;
    default: break;
    }
}

/* ---- events and actions --------------------------------------------------------------------- */

static const char *event_name(void) {
    switch (fz_pick(6)) {
    case 0: return FROND_EVENT_TAP;
    case 1: return FROND_EVENT_LONG_PRESS;
    case 2: return FROND_EVENT_VALUE_CHANGE;
    case 3: return fz_string();
    default: return fz_word();
    }
}

static const frond_attribute *payload(void) {
    frond_attribute *attribute;
    if (fz_chance(30)) return NULL;
    attribute = fz_alloc(sizeof *attribute);
    *attribute = fz_attribute();
    return attribute;
}

static void op_root_event(void) {
    fz_root_record *record = fz_pick_record();
    frond_root *root = record_root(record);
    frond_action_outcome outcome;
    uint64_t view;
    if (fz_chance(70)) {
        frond_attribute *given = (frond_attribute *)payload();
        frond_status status;
        if (given != NULL && fz_avoid("send-event-color") && given->kind == FROND_ATTRIBUTE_COLOR) given->color.red = 0.5f;
        if (given != NULL && fz_avoid("send-event-color") && given->kind == FROND_ATTRIBUTE_COLOR) {
            given->color.green = given->color.blue = given->color.alpha = 0.5f;
        }
        status = FZ(frond_root_send_event(&outcome, root, some_view(record), event_name(), given));
        if (status == FROND_OK && given != NULL && !fz_payload_is_valid(given)) {
            fz_fail("frond_root_send_event accepted a payload of kind %d that is not valid", (int)given->kind);
        }
    } else {
        FZ(frond_root_tap_at(&outcome, &view, root, fz_chance(80) ? fz_small_float() : fz_float(),
                             fz_chance(80) ? fz_small_float() : fz_float()));
    }
    fz_after_root_call(record);
}

static void op_scope(void) {
    frond_scope *scope = fz_pick_scope();
    frond_action_outcome outcome;
    void *state = NULL;
    switch (fz_pick(6)) {
    case 0: {
        fz_token *update = fz_token_new(FZ_TOKEN_STATE_UPDATE, "state update");
        bool destroys = fz_chance(95);
        update->int_value = -1;             /* states it makes: the class is unknown here */
        if (!destroys) fz_token_keep(update);
        FZ(frond_scope_update_state(scope, fz_chance(95) ? fz_state_update : NULL, update, destroys ? fz_destroy_update : NULL));
        break;
    }
    case 1: {
        fz_token *value = fz_chance(90) ? fz_token_new(FZ_TOKEN_STATE, "set state") : NULL;
        if (value != NULL) fz_token_lenient(value);   /* whether the class destroys states is its own */
        if (FZ(frond_scope_set_state(scope, value)) != FROND_OK && value != NULL) fz_token_keep(value);
        break;
    }
    case 2:
        if (FZ(frond_scope_get_state(&state, scope)) == FROND_OK && state != NULL) fz_token_check(state, FZ_TOKEN_STATE, "get_state");
        break;
    case 3:
    case 4: {
        const char *name = fz_chance(85) ? fz_word() : fz_string();
        const frond_attribute *given = payload();
        frond_status status = FZ(frond_scope_send_action(&outcome, scope, name, given));
        if (status == FROND_OK && given != NULL && !fz_payload_is_valid(given)) {
            fz_fail("frond_scope_send_action accepted a payload of kind %d that is not valid", (int)given->kind);
        }
        if (status == FROND_OK && (name == NULL || name[0] == '\0' || !fz_is_utf8(name))) {
            fz_fail("frond_scope_send_action accepted a NULL, empty or non-UTF-8 name");
        }
        break;
    }
    default: {
        size_t count;
        frond_argument *arguments = fz_arguments(&count);
        FZ(frond_scope_send_action_block(scope, fz_pick_block(), arguments, count));
        break;
    }
    }
}

static void op_action_stale(void) {
    const frond_action *action = fz_pick_action();
    if (action != NULL && fz_action_is_stale(action)) {
        const char *name;
        frond_status status = FZ(frond_action_get_name(&name, action));
        if (status != FROND_ERR_MISUSE) fz_fail("frond_action_get_name after the action's callback returned %s", frond_status_name(status));
    } else {
        fz_poke_action(action);
    }
}

/* ---- snapshots ------------------------------------------------------------------------------ */

/* A path for a PNG: a folder that is not there, a fuzzed name, or a or b; always inside the
 * input's temporary folder (a fuzzed name has its slashes replaced, so it cannot climb out
 * and write over the checkout's files). */
static const char *png_path(void) {
    char *path = fz_alloc(256);
    const char *name;
    size_t i, start;
    switch (fz_pick(4)) {
    case 0: return "/nonexistent/frond/out.png";
    case 1:
        name = fz_string();
        if (name == NULL) name = "";       /* fz_string may give NULL (for the API's own checks) */
        start = (size_t)snprintf(path, 256, "%s/", fz_temp_directory);
        for (i = 0; name[i] != '\0' && start + i + 1 < 256; i++) path[start + i] = name[i] == '/' ? '_' : name[i];
        path[start + i] = '\0';
        return path;
    default: snprintf(path, 256, "%s/%s.png", fz_temp_directory, fz_bool() ? "a" : "b"); return path;
    }
}

static float png_side(void) { return fz_chance(85) ? 1 + (float)(fz_u8() % 64) : fz_float(); }
static float png_scale(void) { return fz_chance(85) ? (float)(1 + fz_u8() % 2) : fz_float(); }

static frond_mutation random_mutation(void) {
    frond_mutation mutation;
    memset(&mutation, 0, sizeof mutation);
    mutation.kind = (frond_mutation_kind)(fz_chance(95) ? 1 + (int)fz_pick(7) : (int)fz_u32());
    mutation.view = fz_chance(80) ? fz_pick(8) : fz_u64();
    mutation.parent = fz_chance(80) ? fz_pick(8) : fz_u64();
    mutation.index = fz_chance(80) ? fz_pick(4) : (size_t)fz_u64();
    mutation.view_type = fz_chance(90) ? fz_word() : fz_string();
    mutation.frame.left = fz_float();
    mutation.frame.top = fz_float();
    mutation.frame.width = fz_float();
    mutation.frame.height = fz_float();
    if (fz_bool()) {
        size_t count = fz_pick(3), i;
        frond_attribute *set = fz_alloc((count ? count : 1) * sizeof *set);
        for (i = 0; i < count; i++) {
            set[i] = fz_attribute();
            if (set[i].name == NULL) set[i].name = "x";           /* a host's input, not Frond's */
            if ((set[i].kind == FROND_ATTRIBUTE_STRING || set[i].kind == FROND_ATTRIBUTE_ACTION) && set[i].string == NULL) {
                set[i].string = "";
            }
        }
        mutation.set = set;
        mutation.set_count = count;
    }
    if (fz_chance(20)) {
        const char **unset = fz_alloc(2 * sizeof *unset);
        unset[0] = fz_word();
        unset[1] = fz_word();
        mutation.unset = unset;
        mutation.unset_count = 1 + fz_pick(2);
    }
    return mutation;
}

static void op_snapshot(void) {
    static const size_t offsets[] = {
        offsetof(frond_snapshot_options, font_family), offsetof(frond_snapshot_options, image_directory),
        offsetof(frond_snapshot_options, has_background), offsetof(frond_snapshot_options, background),
    };
    frond_snapshot_host *host = fz_pick_snapshot_host();
    frond_snapshot_comparison comparison;
    switch (fz_pick(10)) {
    case 0: {
        frond_snapshot_options options;
        frond_snapshot_host *made = NULL;
        memset(&options, 0, sizeof options);
        options.font_family = fz_chance(80) ? NULL : fz_string();
        options.image_directory = fz_chance(80) ? fz_temp_directory : fz_string();
        options.has_background = fz_bool();
        options.background = fz_color();
        if (FZ(frond_snapshot_host_new(&made, fz_chance(20) ? NULL : fz_struct_copy(&options, sizeof options,
                                                                               fz_struct_size(sizeof options, offsets, 4)))) == FROND_OK) {
            fz_keep_snapshot_host(made);
        }
        break;
    }
    case 1: FZ(frond_snapshot_host_free(host)); break;
    case 2: {
        fz_token *token = fz_token_new(FZ_TOKEN_USER_DATA, "snapshot warning handler");
        bool with = fz_chance(90), destroys = fz_chance(90);
        if (!destroys) fz_token_keep(token);
        if (!with) fz_token_lenient(token);
        FZ(frond_snapshot_host_set_warning_handler(host, with ? fz_snapshot_warning : NULL, token,
                                                   destroys ? fz_destroy_user_data : NULL));
        break;
    }
    case 3: {
        char buffer[16];
        size_t length;
        FZ(frond_snapshot_host_get_warnings(&length, host, fz_bool() ? buffer : NULL, fz_bool() ? sizeof buffer : 0));
        break;
    }
    case 4: {
        fz_root_record *record = fz_pick_record();
        frond_root *root = record_root(record);
        if (FZ(frond_snapshot_host_attach(host, root)) == FROND_OK && is_record_root(record, root)) {
            record->has_host = false;
            record->mirror.synced = false;
        }
        break;
    }
    case 5: {
        frond_mutation mutation = random_mutation();
        FZ(frond_snapshot_host_apply(host, fz_chance(97) ? &mutation : NULL));
        break;
    }
    case 6: FZ(frond_snapshot_host_write_png(host, png_path(), png_side(), png_side(), png_scale())); break;
    case 7:
        FZ(frond_snapshot_host_write_component_png(host, png_path(), fz_pick_component(), png_side(),
                                                   fz_chance(50) ? FROND_UNDEFINED : png_side(), png_scale()));
        break;
    case 8:
        FZ(frond_snapshot_host_compare(&comparison, host, png_path(), png_side(), png_side(), png_scale(),
                                       fz_chance(90) ? FROND_SNAPSHOT_DEFAULT_TOLERANCE : (int)fz_u32()));
        break;
    default:
        FZ(frond_snapshot_host_compare_component(&comparison, host, png_path(), fz_pick_component(), png_side(),
                                                 png_side(), png_scale(), FROND_SNAPSHOT_DEFAULT_TOLERANCE));
        break;
    }
}

const fz_operation fz_root_operations[] = {
    op_root_new, op_root_new, op_root_free, op_root_flush, op_root_flush, op_root_flush, op_root_flush, op_root_tick,
    op_root_tick, op_root_set_host, op_root_set_host, op_root_callbacks, op_root_callbacks, op_root_set, op_root_set,
    op_root_set, op_root_declare, op_root_read, op_root_event, op_root_event, op_scope, op_scope, op_action_stale,
    op_snapshot,
};
const size_t fz_root_operation_count = sizeof fz_root_operations / sizeof fz_root_operations[0];
