/* The API fuzzer's list operations (frond.h's Lists section): changesets made of fuzzed
 * changes (any kind, index, struct_size) read back and verified against fuzzed section
 * counts, and diffs of fuzzed identity lists (duplicates likely: the identities come from a
 * small alphabet), whose changeset, when one is found, must turn the old list into the new
 * one by the batch rules (an oracle); data sources and lists driven by fuzzed changesets,
 * diffs, sections, configurations and viewports, whose every model must be destroyed once
 * (an oracle: none twice, none left when the data source is freed). */
#include "api_fuzzer.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const size_t change_offsets[] = {offsetof(frond_change, kind), offsetof(frond_change, path),
                                        offsetof(frond_change, to)};

static size_t fuzzed_index(void) {
    switch (fz_pick(8)) {
    case 0: return SIZE_MAX;
    case 1: return (size_t)fz_u64();
    default: return fz_pick(6);
    }
}

static void op_changeset(void) {
    frond_changeset *changeset = NULL;
    size_t changes = fz_pick(12), capacity = fz_pick(16), count = 0, section_count = fz_pick(4), after = 0, i;
    size_t counts[4], *out_counts;
    frond_change *buffer;
    if (FZ(frond_changeset_new(fz_chance(3) ? NULL : &changeset)) != FROND_OK) return;
    for (i = 0; i < changes; i++) {
        frond_change change;
        memset(&change, 0, sizeof change);
        change.kind = fz_chance(5) ? (frond_change_kind)fz_u32() : (frond_change_kind)fz_pick(6);
        change.path.section = fuzzed_index();
        change.path.item = fuzzed_index();
        change.to.section = fuzzed_index();
        change.to.item = fuzzed_index();
        uint32_t size = fz_struct_size(sizeof change, change_offsets, 3);
        FZ(frond_changeset_add(fz_chance(3) ? fz_bad_handle() : changeset,
                               fz_chance(3) ? NULL : fz_struct_copy(&change, sizeof change, size)));
    }
    /* A buffer of exactly `capacity` changes: ASan sees a write past it. */
    buffer = capacity == 0 ? NULL : fz_alloc(capacity * sizeof *buffer);
    if (FZ(frond_changeset_get_changes(&count, changeset, buffer, capacity)) == FROND_OK) {
        for (i = 0; i < count && i < capacity; i++) {
            if ((unsigned)buffer[i].kind > FROND_CHANGE_INSERT_ITEM) fz_fail("get_changes wrote kind %u", buffer[i].kind);
        }
    }
    for (i = 0; i < section_count; i++) {
        static const size_t huge[] = {SIZE_MAX, (size_t)INT64_MAX, (size_t)INT64_MAX - 1};
        counts[i] = fz_chance(15) ? huge[fz_pick(3)] : fz_pick(6);
    }
    capacity = fz_pick(6);
    out_counts = capacity == 0 ? NULL : fz_alloc(capacity * sizeof *out_counts);
    if (FZ(frond_changeset_verify(&after, changeset, section_count == 0 ? NULL : counts, section_count, out_counts,
                                  capacity)) == FROND_OK) {
        size_t total_before = 0, total_after = 0;
        if (after > section_count + changes) fz_fail("verify: %zu sections after from %zu and %zu changes", after,
                                                     section_count, changes);
        bool huge = false;
        for (i = 0; i < section_count; i++) {
            huge = huge || counts[i] > SIZE_MAX / 8;
            total_before += counts[i];
        }
        for (i = 0; i < after && i < capacity; i++) total_after += out_counts[i];
        if (!huge && capacity >= after && total_after > total_before + changes)
            fz_fail("verify: %zu items after from %zu and %zu changes", total_after, total_before, changes);
    }
    FZ(frond_changeset_free(changeset));
}

/* Applies a single-section changeset by the batch rules; false when a change does not fit
 * (a diff's changeset always fits). */
static bool apply(const frond_change *changes, size_t count, const uint64_t *old_ids, size_t old_count,
                  const uint64_t *new_ids, size_t new_count, uint64_t *out) {
    bool *gone = fz_alloc(old_count + 1), *placed = fz_alloc(new_count + 1);
    size_t i, j;
    for (i = 0; i < count; i++) {
        frond_change c = changes[i];
        if (c.path.section != 0) return false;
        switch (c.kind) {
        case FROND_CHANGE_UPDATE_ITEM:
            if (c.path.item >= old_count) return false;
            break;
        case FROND_CHANGE_REMOVE_ITEM:
            if (c.path.item >= old_count || gone[c.path.item]) return false;
            gone[c.path.item] = true;
            break;
        case FROND_CHANGE_MOVE_ITEM:
            if (c.path.item >= old_count || gone[c.path.item] || c.to.item >= new_count || placed[c.to.item]) return false;
            gone[c.path.item] = placed[c.to.item] = true;
            out[c.to.item] = old_ids[c.path.item];
            break;
        case FROND_CHANGE_INSERT_ITEM:
            if (c.path.item >= new_count || placed[c.path.item]) return false;
            placed[c.path.item] = true;
            out[c.path.item] = new_ids[c.path.item];
            break;
        default: return false;
        }
    }
    for (i = 0, j = 0; i < old_count; i++) {
        if (gone[i]) continue;
        while (j < new_count && placed[j]) j++;
        if (j == new_count) return false;
        out[j++] = old_ids[i];
    }
    while (j < new_count && placed[j]) j++;
    return j == new_count;
}

static void op_diff(void) {
    enum { MAX = 24 };
    static const char *const alphabet[] = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"};
    uint64_t old_ids[MAX], new_ids[MAX], old_versions[MAX], new_versions[MAX], applied[MAX];
    const char *old_keys[MAX], *new_keys[MAX];
    size_t old_count = fz_pick(MAX + 1), new_count = fz_pick(MAX + 1), count = 0, i;
    bool versions = fz_bool(), keys = fz_bool();
    frond_changeset *changeset = NULL;
    frond_change *changes;
    for (i = 0; i < old_count; i++) {
        old_ids[i] = fz_pick(12);
        old_versions[i] = fz_pick(2);
        old_keys[i] = fz_chance(2) ? NULL : alphabet[old_ids[i]];
    }
    for (i = 0; i < new_count; i++) {
        new_ids[i] = fz_pick(12);
        new_versions[i] = fz_pick(2);
        new_keys[i] = fz_chance(2) ? NULL : alphabet[new_ids[i]];
    }
    if (keys) {
        if (FZ(frond_list_diff_keys(&changeset, old_keys, versions ? old_versions : NULL, old_count, new_keys,
                                    versions ? new_versions : NULL, new_count)) != FROND_OK) return;
    } else if (FZ(frond_list_diff(&changeset, old_ids, versions ? old_versions : NULL, old_count, new_ids,
                                  versions ? new_versions : NULL, new_count)) != FROND_OK) {
        return;
    }
    if (FZ(frond_changeset_get_changes(&count, changeset, NULL, 0)) == FROND_OK) {
        changes = fz_alloc((count + 1) * sizeof *changes);
        if (FZ(frond_changeset_get_changes(&count, changeset, changes, count)) == FROND_OK) {
            if (!apply(changes, count, old_ids, old_count, new_ids, new_count, applied) ||
                (new_count > 0 && memcmp(applied, new_ids, new_count * sizeof applied[0]) != 0)) {
                fz_fail("a diff's changeset (%zu changes) does not turn the old list (%zu) into the new one (%zu)", count,
                        old_count, new_count);
            }
        }
    }
    FZ(frond_changeset_free(changeset));
}

/* ---- data sources and lists -------------------------------------------------------- */

static long fz_live_models = 0;

static void fz_destroy_model(void *model) {
    if (__atomic_sub_fetch(&fz_live_models, 1, __ATOMIC_RELAXED) < 0) fz_fail("a model was destroyed twice");
    free(model);
}

/* The provider: text from the model's number; fails or writes a bad handle now and then. */
static frond_status fz_item_provider(frond_component **out_component, void *model, void *user_data) {
    int number = model == NULL ? 0 : *(int *)model;
    char text[48];
    (void)user_data;
    if (number % 11 == 3) return FROND_ERR_INVALID_ARGUMENT;
    if (number % 13 == 5) {
        *out_component = (frond_component *)(uintptr_t)0xbadu;
        return FROND_OK;
    }
    if (number % 7 == 1) return FROND_OK; /* nothing */
    snprintf(text, sizeof text, "item %d %s", number, number % 2 ? "with a longer text that wraps" : "");
    return frond_component_new_text(out_component, text, NULL, NULL, NULL);
}

static const size_t model_offsets[] = {offsetof(frond_item_model, model), offsetof(frond_item_model, destroy),
                                       offsetof(frond_item_model, id), offsetof(frond_item_model, version)};

/* `count` fuzzed models (ids from a small alphabet: duplicates likely), struct sizes
 * sometimes wrong; the models of well-formed entries are counted as live. */
static frond_item_model *fz_models(size_t count) {
    frond_item_model *models = fz_alloc((count + 1) * sizeof *models);
    size_t i;
    for (i = 0; i < count; i++) {
        int *value = malloc(sizeof *value);
        if (value == NULL) fz_fail("out of memory");
        *value = (int)fz_pick(40);
        models[i].struct_size = fz_chance(4) ? fz_struct_size(sizeof models[i], model_offsets, 4)
                                             : (uint32_t)sizeof models[i];
        models[i].model = value;
        models[i].destroy = fz_destroy_model;
        models[i].id = fz_pick(16);
        models[i].version = fz_pick(3);
        if (models[i].struct_size == sizeof models[i]) {
            __atomic_add_fetch(&fz_live_models, 1, __ATOMIC_RELAXED);
        } else {
            models[i].destroy = NULL; /* (not read by the library: freed below by the harness) */
        }
    }
    return models;
}

/* Frees the models the library did not take (entries with a wrong struct_size). */
static void fz_free_untaken(frond_item_model *models, size_t count) {
    size_t i;
    for (i = 0; i < count; i++) {
        if (models[i].struct_size != sizeof models[i]) free(models[i].model);
    }
}

/* Callbacks registered with a data source or a list: each registration that gives a destroy
 * function counts one expected destroy, and every one must have come when the data source
 * or list is freed (the ready handler's may come on the builder's thread: counters only). */
static long fz_registrations = 0, fz_registration_destroys = 0, fz_ready_calls = 0;
static long fz_list_listener_ids[4];

static void fz_count_registration_destroy(void *user_data) {
    (void)user_data;
    __atomic_add_fetch(&fz_registration_destroys, 1, __ATOMIC_RELAXED);
}
static frond_destroy_func fz_registration_destroy(void) {
    __atomic_add_fetch(&fz_registrations, 1, __ATOMIC_RELAXED);
    return fz_count_registration_destroy;
}

static void fz_schedule(frond_data_source *source, void *user_data) {
    (void)source; (void)user_data;
}

static void fz_ready(frond_data_source *source, void *user_data) {
    (void)source; (void)user_data;
    __atomic_add_fetch(&fz_ready_calls, 1, __ATOMIC_RELAXED);
}

/* A listener: what it is told must be readable and finite. */
static void fz_did_apply(frond_data_source *source, const frond_applied_changes *changes, void *user_data) {
    size_t i;
    (void)source; (void)user_data;
    if (changes == NULL) fz_fail("did_apply got no changes");
    if ((changes->change_count > 0 && changes->changes == NULL) ||
        (changes->updated_count > 0 && changes->updated == NULL) ||
        (changes->failure_count > 0 && changes->failures == NULL)) {
        fz_fail("did_apply got a count without its array");
    }
    for (i = 0; i < changes->failure_count; i++) {
        if (changes->failures[i].message == NULL) fz_fail("an item failure without a message");
        if (changes->failures[i].status == FROND_OK) fz_fail("an item failure with FROND_OK");
    }
}
static void fz_did_build(frond_data_source *source, void *user_data) { (void)source; (void)user_data; }
static void fz_did_fail(frond_data_source *source, const char *message, void *user_data) {
    (void)source; (void)user_data;
    if (message == NULL) fz_fail("did_fail got no message");
}

static void fz_list_length(frond_list *list, float length, void *user_data) {
    (void)list; (void)user_data;
    fz_check_finite(length, "did_change_content_length");
}
static void fz_list_offset(frond_list *list, float offset, void *user_data) {
    (void)list; (void)user_data;
    fz_check_finite(offset, "did_adjust_offset");
}
static void fz_list_range(frond_list *list, frond_item_path path, void *model, void *user_data) {
    (void)list; (void)path; (void)user_data;
    if (model == NULL) fz_fail("a working-range callback without its model");
}

/* A list's host: every mutation's values are checked (the list's views are not mirrored). */
static frond_status fz_list_host_begin(frond_root *root, void *user_data) {
    (void)user_data;
    if (root != NULL) fz_fail("a list's host got a root");
    return FROND_OK;
}
static frond_status fz_list_host_apply(frond_root *root, const frond_mutation *mutation, void *user_data) {
    (void)root; (void)user_data;
    fz_check_mutation(mutation);
    return fz_chance(2) ? FROND_ERR_CALLBACK : FROND_OK;
}
static frond_status fz_list_host_end(frond_root *root, void *user_data) {
    (void)root; (void)user_data;
    return FROND_OK;
}

/* A list's unhandled action handler: reads the action, answers with a fuzzed status. */
static frond_status fz_list_unhandled(frond_list *list, frond_item_path path, const frond_action *action,
                                      void *user_data) {
    const char *name = NULL;
    (void)list;
    (void)path;
    (void)user_data;
    if (frond_action_get_name(&name, action) != FROND_OK || name == NULL) fz_fail("a list's action has no name");
    return fz_callback_status();
}

/* The calls that register callbacks or only read: listeners, the ready handler, the
 * getters; and on a list, its host, listener, statistics, axis, events, unhandled action
 * handler and animation clock. */
static void fz_registrations_and_reads(frond_data_source *source, frond_list *list) {
    frond_data_source *target = fz_chance(5) ? fz_bad_handle() : source;
    size_t count;
    uint64_t version, id = 0;
    bool pending;
    switch (fz_pick(list != NULL ? 10 : 4)) {
    case 0:
        FZ(frond_data_source_get_section_count(fz_chance(3) ? NULL : &count, target));
        FZ(frond_data_source_get_item_count(&count, target, fz_chance(10) ? fuzzed_index() : fz_pick(3)));
        FZ(frond_data_source_get_version(&version, target));
        FZ(frond_data_source_has_pending(&pending, target));
        break;
    case 1: {
        frond_data_source_listener listener;
        memset(&listener, 0, sizeof listener);
        listener.struct_size = fz_chance(5) ? fz_u32() : (uint32_t)sizeof listener;
        listener.did_apply = fz_chance(80) ? fz_did_apply : NULL;
        listener.did_fail = fz_chance(50) ? fz_did_fail : NULL;
        /* (will_build and did_build run on the builder's thread: nothing but a return) */
        listener.will_build = fz_chance(30) ? fz_did_build : NULL;
        listener.did_build = fz_chance(30) ? fz_did_build : NULL;
        if (FZ(frond_data_source_add_listener(&id, target, fz_chance(3) ? NULL : &listener, NULL,
                                              fz_registration_destroy())) == FROND_OK) {
            fz_list_listener_ids[fz_pick(4)] = (long)id;
        }
        break;
    }
    case 2:
        FZ(frond_data_source_remove_listener(target, fz_chance(80) ? (uint64_t)fz_list_listener_ids[fz_pick(4)]
                                                                   : fz_u64()));
        break;
    case 3:
        if (fz_chance(80)) FZ(frond_data_source_set_ready_handler(target, fz_ready, NULL, fz_registration_destroy()));
        else FZ(frond_data_source_set_ready_handler(target, NULL, NULL, NULL));
        /* An executor of the harness's, whose builds run here, later or never. */
        if (fz_chance(30)) {
            if (fz_chance(70)) FZ(frond_data_source_set_executor(target, fz_schedule, NULL, fz_registration_destroy()));
            else FZ(frond_data_source_set_executor(target, NULL, NULL, NULL));
        }
        if (fz_chance(50)) FZ(frond_data_source_build(target));
        break;
    case 4: {
        frond_list_listener listener;
        memset(&listener, 0, sizeof listener);
        listener.struct_size = fz_chance(5) ? fz_u32() : (uint32_t)sizeof listener;
        listener.did_change_content_length = fz_chance(80) ? fz_list_length : NULL;
        listener.did_adjust_offset = fz_chance(80) ? fz_list_offset : NULL;
        listener.did_enter_range = fz_chance(80) ? fz_list_range : NULL;
        listener.did_leave_range = fz_chance(80) ? fz_list_range : NULL;
        FZ(frond_list_set_listener(fz_chance(5) ? fz_bad_handle() : list, &listener, NULL,
                                   fz_registration_destroy()));
        break;
    }
    case 5: {
        frond_host host;
        memset(&host, 0, sizeof host);
        host.struct_size = fz_chance(5) ? fz_u32() : (uint32_t)sizeof host;
        host.begin_commit = fz_chance(70) ? fz_list_host_begin : NULL;
        host.apply = fz_list_host_apply;
        host.end_commit = fz_chance(70) ? fz_list_host_end : NULL;
        FZ(frond_list_set_host(fz_chance(5) ? fz_bad_handle() : list, &host, NULL, fz_registration_destroy()));
        break;
    }
    case 6: {
        frond_list_statistics statistics;
        frond_list_axis axis;
        float cross = 0;
        memset(&statistics, 0, sizeof statistics);
        statistics.struct_size = fz_chance(10) ? fz_u32() : (uint32_t)sizeof statistics;
        if (FZ(frond_list_get_statistics(&statistics, list)) == FROND_OK) {
            fz_check_finite(statistics.content_length, "frond_list_statistics content_length");
            fz_check_finite(statistics.offset, "frond_list_statistics offset");
        }
        if (FZ(frond_list_get_axis(fz_chance(20) ? NULL : &axis, fz_chance(20) ? NULL : &cross, list)) == FROND_OK) {
            fz_check_finite(cross, "frond_list_get_axis cross size");
        }
        break;
    }
    case 8:
        if (fz_chance(70)) {
            FZ(frond_list_set_unhandled_action_handler(fz_chance(5) ? fz_bad_handle() : list, fz_list_unhandled, NULL,
                                                       fz_registration_destroy()));
        } else {
            FZ(frond_list_set_unhandled_action_handler(list, NULL, NULL, NULL));
        }
        break;
    case 9: {
        /* Ticks: the time a little after the last one, or any number (NaN, earlier, huge). */
        double time = 0;
        size_t sent = 0;
        bool running = false;
        if (FZ(frond_list_get_animation_time(fz_chance(10) ? NULL : &time, list)) == FROND_OK) {
            fz_check_finite(time, "frond_list_get_animation_time");
        }
        FZ(frond_list_tick(fz_chance(5) ? fz_bad_handle() : list, fz_chance(70) ? time + fz_small_float() : fz_double(),
                           fz_chance(20) ? NULL : &sent));
        FZ(frond_list_has_running_animations(fz_chance(10) ? NULL : &running, list));
        break;
    }
    default: {
        frond_action_outcome outcome;
        uint64_t tapped = 0;
        if (fz_chance(50)) {
            FZ(frond_list_send_event(&outcome, list, fz_chance(70) ? fz_pick(64) : fz_u64(),
                                     fz_chance(70) ? "onTap" : fz_string(), NULL));
        } else {
            FZ(frond_list_tap_at(fz_chance(5) ? NULL : &outcome, &tapped, list, fz_chance(70) ? fz_small_float() : fz_float(),
                                 fz_chance(70) ? fz_small_float() * 40 : fz_float()));
        }
        break;
    }
    }
}

static frond_apply_mode fz_mode(void) {
    return fz_chance(3) ? (frond_apply_mode)fz_u32() : (frond_apply_mode)fz_pick(2);
}

static void fz_drive_data_source(frond_data_source *source, frond_list *list) {
    size_t steps = fz_pick(10), step, count, i;
    for (step = 0; step < steps; step++) {
        if (getenv("FROND_FUZZ_TRACE")) fprintf(stderr, "trace: live models %ld\n", fz_live_models);
        switch (fz_pick(9)) {
        case 0: { /* a fuzzed changeset with fuzzed model counts */
            frond_changeset *changeset = NULL;
            size_t changes = fz_pick(6), updated = fz_pick(4), inserted = fz_pick(5);
            frond_item_model *updated_models = fz_models(updated), *inserted_models = fz_models(inserted);
            if (FZ(frond_changeset_new(&changeset)) != FROND_OK) break;
            for (i = 0; i < changes; i++) {
                frond_change change;
                memset(&change, 0, sizeof change);
                change.struct_size = sizeof change;
                change.kind = (frond_change_kind)fz_pick(6);
                change.path.section = fz_pick(3);
                change.path.item = fuzzed_index();
                change.to.section = fz_pick(3);
                change.to.item = fuzzed_index();
                FZ(frond_changeset_add(changeset, &change));
            }
            FZ(frond_data_source_apply(fz_chance(5) ? fz_bad_handle() : source, changeset, updated_models, updated,
                                       inserted_models, inserted, fz_mode()));
            fz_free_untaken(updated_models, updated);
            fz_free_untaken(inserted_models, inserted);
            FZ(frond_changeset_free(changeset));
            break;
        }
        case 1: { /* a diff */
            count = fz_pick(16);
            frond_item_model *models = fz_models(count);
            FZ(frond_data_source_set_items(source, fz_chance(10) ? fuzzed_index() : fz_pick(2), models, count,
                                           fz_mode()));
            fz_free_untaken(models, count);
            break;
        }
        case 2: { /* new sections */
            size_t counts[3] = {fz_pick(8), fz_pick(8), fz_pick(8)}, sections = fz_pick(4);
            count = 0;
            for (i = 0; i < sections; i++) count += counts[i];
            if (fz_chance(10)) counts[0] += 1; /* counts that do not add up */
            frond_item_model *models = fz_models(count);
            if (fz_chance(2)) { /* a sectioned diff: section ids from a few, so they pair and repeat */
                uint64_t ids[3] = {fz_pick(4), fz_pick(4), fz_pick(4)};
                FZ(frond_data_source_set_sections_by_id(source, models, count, fz_chance(10) ? NULL : ids,
                                                        sections == 0 ? NULL : counts, sections, fz_mode()));
            } else {
                FZ(frond_data_source_set_sections(source, models, count, sections == 0 ? NULL : counts, sections,
                                                  fz_mode()));
            }
            fz_free_untaken(models, count);
            break;
        }
        case 3: { /* a new configuration (not for a list's data source: its items' size is the list's) */
            frond_data_source_config config;
            memset(&config, 0, sizeof config);
            config.struct_size = sizeof config;
            config.item_size_range = frond_size_range_flexible_height(fz_chance(10) ? fz_float() : fz_small_float());
            config.provider = fz_chance(10) ? NULL : fz_item_provider;
            FZ(frond_data_source_set_config(source, &config, fz_mode()));
            break;
        }
        case 4: { /* a viewport, or a new cross size */
            if (list == NULL) break;
            if (fz_chance(15)) {
                FZ(frond_list_set_cross_size(list, fz_chance(20) ? fz_float() : fz_small_float() * 4));
                break;
            }
            float offset = fz_chance(20) ? fz_float() : fz_small_float() * 40;
            float length = fz_chance(20) ? fz_float() : fz_small_float() * 4;
            FZ(frond_list_set_viewport(list, offset, length));
            break;
        }
        case 6:
        case 7: fz_registrations_and_reads(source, list); break;
        case 5: /* apply what is built, or everything */
            if (list != NULL) FZ(frond_list_process(NULL, list, fz_bool()));
            else FZ(frond_data_source_process(NULL, source, fz_bool()));
            break;
        default: { /* read an item */
            frond_data_source_item item;
            frond_item_path path;
            memset(&item, 0, sizeof item);
            item.struct_size = fz_chance(5) ? fz_u32() : (uint32_t)sizeof item;
            path.section = fz_pick(3);
            path.item = fuzzed_index();
            if (FZ(frond_data_source_get_item(&item, source, path)) == FROND_OK &&
                !(fz_float_is_finite(item.size.width) && fz_float_is_finite(item.size.height))) {
                fz_fail("an item's size is not finite");
            }
            if (list != NULL) {
                frond_rect frame;
                if (FZ(frond_list_get_item_frame(&frame, list, path)) == FROND_OK && !fz_float_is_finite(frame.top)) {
                    fz_fail("an item's frame is not finite");
                }
                if (fz_chance(10)) {
                    frond_list_statistics statistics;
                    FZ(frond_list_scroll_to_item(list, path, (frond_list_scroll_position)fz_pick(4)));
                    memset(&statistics, 0, sizeof statistics);
                    statistics.struct_size = (uint32_t)sizeof statistics;
                    if (FZ(frond_list_get_statistics(&statistics, list)) == FROND_OK &&
                        !(fz_float_is_finite(statistics.offset) && statistics.offset >= 0)) {
                        fz_fail("a list's offset after scrolling to an item is not finite or is negative");
                    }
                }
            }
            break;
        }
        }
    }
}

static void op_data_source(void) {
    frond_data_source *source = NULL;
    frond_list *list = NULL;
    if (fz_bool()) {
        frond_list_config config;
        memset(&config, 0, sizeof config);
        config.struct_size = sizeof config;
        config.axis = (frond_list_axis)fz_pick(2);
        config.cross_size = fz_chance(10) ? fz_float() : fz_small_float() + 1;
        config.estimated_item_size = fz_chance(10) ? fz_float() : fz_small_float();
        config.range_screens = fz_chance(10) ? fz_float() : (float)fz_pick(3);
        config.provider = fz_item_provider;
        if (FZ(frond_list_new(&list, &config)) != FROND_OK) return;
        if (FZ(frond_list_get_data_source(&source, list)) != FROND_OK) return;
    } else {
        frond_data_source_config config;
        memset(&config, 0, sizeof config);
        config.struct_size = sizeof config;
        config.item_size_range = frond_size_range_flexible_height(fz_small_float() + 1);
        config.provider = fz_item_provider;
        if (FZ(frond_data_source_new(&source, &config)) != FROND_OK) return;
    }
    fz_drive_data_source(source, list);
    if (list != NULL) FZ(frond_list_free(list));
    else FZ(frond_data_source_free(source));
    if (__atomic_load_n(&fz_live_models, __ATOMIC_RELAXED) != 0) {
        fz_fail("%ld models alive after their data source was freed", fz_live_models);
    }
    if (__atomic_load_n(&fz_registration_destroys, __ATOMIC_RELAXED) != fz_registrations) {
        fz_fail("%ld registrations gave a destroy function, %ld destroys came by the free", fz_registrations,
                __atomic_load_n(&fz_registration_destroys, __ATOMIC_RELAXED));
    }
}

const fz_operation fz_list_operations[] = {op_changeset, op_diff, op_data_source};
const size_t fz_list_operation_count = sizeof fz_list_operations / sizeof fz_list_operations[0];
