/* Data sources through the C API: items built and laid out from models, changesets checked
 * before anything applies, asynchronous builds off the host thread applied in order,
 * listeners, data diffing that keeps state, a provider that fails for one item, a state
 * update that rebuilds one item, and every model and user_data destroyed exactly once
 * (also when a call is refused and when the data source is freed mid-build). */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"

/* ---- models: text rows, counted ------------------------------------------ */

static void sleep_ms(int ms) {
    struct timespec delay;
    delay.tv_sec = ms / 1000;
    delay.tv_nsec = (long)(ms % 1000) * 1000000L;
    nanosleep(&delay, NULL);
}

static int live_models = 0; /* allocated and not destroyed (atomic: builds destroy too) */

typedef struct row_model {
    char text[256];
    bool fail;     /* the provider fails for it */
    bool counter;  /* a stateful counter instead of text */
    int slow_ms;   /* the provider sleeps first */
} row_model;

static void destroy_row(void *model) {
    __atomic_fetch_sub(&live_models, 1, __ATOMIC_RELAXED);
    free(model);
}

static int live(void) { return __atomic_load_n(&live_models, __ATOMIC_RELAXED); }

static frond_item_model item(const char *text, uint64_t id, uint64_t version) {
    frond_item_model result;
    row_model *model = calloc(1, sizeof *model);
    CHECK(model != NULL);
    snprintf(model->text, sizeof model->text, "%s", text);
    __atomic_fetch_add(&live_models, 1, __ATOMIC_RELAXED);
    FROND_INIT(result);
    result.model = model;
    result.destroy = destroy_row;
    result.id = id;
    result.version = version;
    return result;
}

/* ---- a counter render class (state: an int) --------------------------------- */

static frond_scope *last_counter_scope = NULL;
static int counter_renders = 0;

static void free_state(void *state) { free(state); }

static frond_status counter_initial_state(void **out_state, void *props, void *user_data) {
    int *state = malloc(sizeof *state);
    (void)props; (void)user_data;
    if (state == NULL) return FROND_ERR_OUT_OF_MEMORY;
    *state = 0;
    *out_state = state;
    return FROND_OK;
}

static frond_status counter_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                                   void *user_data) {
    char text[32];
    (void)props; (void)user_data;
    __atomic_fetch_add(&counter_renders, 1, __ATOMIC_RELAXED);
    last_counter_scope = scope;
    /* Each count adds a line: the item's height follows its state. */
    snprintf(text, sizeof text, "%s", *(int *)state > 0 ? "one two three four five six seven" : "one");
    return frond_component_new_text(out_child, text, NULL, NULL, NULL);
}

static frond_render_class *counter_class = NULL;

/* ---- the provider ---------------------------------------------------------- */

static int provider_calls = 0;
static int provider_destroyed = 0;

static frond_status provide(frond_component **out_component, void *model, void *user_data) {
    row_model *row = model;
    (void)user_data;
    __atomic_fetch_add(&provider_calls, 1, __ATOMIC_RELAXED);
    if (row->slow_ms > 0) sleep_ms(row->slow_ms);
    if (row->fail) {
        frond_set_last_error("no row for this model");
        return FROND_ERR_INVALID_ARGUMENT;
    }
    if (row->counter) return frond_component_new_render(out_component, counter_class, NULL, NULL, NULL, NULL, NULL);
    return frond_component_new_text(out_component, row->text, NULL, NULL, NULL);
}

static void count_provider_destroy(void *user_data) {
    (void)user_data;
    __atomic_fetch_add(&provider_destroyed, 1, __ATOMIC_RELAXED);
}

static frond_data_source_config config(float width) {
    frond_data_source_config result;
    FROND_INIT(result);
    result.item_size_range = frond_size_range_flexible_height(width);
    result.provider = provide;
    result.destroy = count_provider_destroy;
    return result;
}

static frond_data_source *new_source(float width) {
    frond_data_source *source = NULL;
    frond_data_source_config made = config(width);
    CHECK_OK(frond_data_source_new(&source, &made));
    return source;
}

static frond_change change(frond_change_kind kind, size_t section, size_t item_index) {
    frond_change result;
    FROND_INIT(result);
    result.kind = kind;
    result.path.section = section;
    result.path.item = item_index;
    return result;
}

static frond_changeset *changeset_of(const frond_change *changes, size_t count) {
    frond_changeset *changeset = NULL;
    size_t i;
    CHECK_OK(frond_changeset_new(&changeset));
    for (i = 0; i < count; i++) CHECK_OK(frond_changeset_add(changeset, &changes[i]));
    return changeset;
}

/* Inserts section 0 with the given texts, synchronously. */
static void insert_rows(frond_data_source *source, const char *const *texts, size_t count) {
    frond_change changes[16];
    frond_item_model models[16];
    frond_changeset *changeset;
    size_t i;
    CHECK(count < 16);
    changes[0] = change(FROND_CHANGE_INSERT_SECTION, 0, 0);
    for (i = 0; i < count; i++) {
        changes[i + 1] = change(FROND_CHANGE_INSERT_ITEM, 0, i);
        models[i] = item(texts[i], i + 1, 1);
    }
    changeset = changeset_of(changes, count + 1);
    CHECK_OK(frond_data_source_apply(source, changeset, NULL, 0, models, count, FROND_APPLY_SYNC));
    CHECK_OK(frond_changeset_free(changeset));
}

static frond_data_source_item get_item(frond_data_source *source, size_t section, size_t index) {
    frond_data_source_item result;
    frond_item_path path;
    FROND_INIT(result);
    path.section = section;
    path.item = index;
    CHECK_OK(frond_data_source_get_item(&result, source, path));
    return result;
}

static const char *text_of(frond_data_source *source, size_t index) {
    return ((row_model *)get_item(source, 0, index).model)->text;
}

/* ---- a listener that records what it hears ---------------------------------- */

typedef struct heard {
    int applies, will_builds, did_builds, fails;
    bool built_off_main;
    pthread_t main_thread;
    frond_change changes[32];
    size_t change_count;
    frond_change updated[32];
    size_t updated_count;
    char failure[256];
    frond_item_path failure_path;
    size_t failure_count;
    uint64_t version;
    frond_data_source *free_from_listener; /* tries to free this data source from did_apply */
    frond_status free_status;
} heard;

static void did_apply(frond_data_source *source, const frond_applied_changes *changes, void *user_data) {
    heard *h = user_data;
    size_t i;
    (void)source;
    h->applies++;
    CHECK(changes->struct_size == sizeof *changes);
    h->change_count = changes->change_count;
    for (i = 0; i < changes->change_count && i < 32; i++) h->changes[i] = changes->changes[i];
    h->updated_count = changes->updated_count;
    for (i = 0; i < changes->updated_count && i < 32; i++) h->updated[i] = changes->updated[i];
    h->failure_count = changes->failure_count;
    if (changes->failure_count > 0) {
        snprintf(h->failure, sizeof h->failure, "%s", changes->failures[0].message);
        h->failure_path = changes->failures[0].path;
    }
    h->version = changes->version;
    if (h->free_from_listener != NULL) h->free_status = frond_data_source_free(h->free_from_listener);
}

static void will_build(frond_data_source *source, void *user_data) {
    heard *h = user_data;
    (void)source;
    __atomic_fetch_add(&h->will_builds, 1, __ATOMIC_RELAXED);
    if (!pthread_equal(pthread_self(), h->main_thread)) h->built_off_main = true;
}

static void did_build(frond_data_source *source, void *user_data) {
    heard *h = user_data;
    (void)source;
    __atomic_fetch_add(&h->did_builds, 1, __ATOMIC_RELAXED);
}

static void did_fail(frond_data_source *source, const char *message, void *user_data) {
    heard *h = user_data;
    (void)source; (void)message;
    h->fails++;
}

static int listener_destroyed = 0;
static void count_listener_destroy(void *user_data) {
    (void)user_data;
    __atomic_fetch_add(&listener_destroyed, 1, __ATOMIC_RELAXED);
}

static uint64_t listen(frond_data_source *source, heard *h) {
    frond_data_source_listener listener;
    uint64_t id = 0;
    memset(h, 0, sizeof *h);
    h->main_thread = pthread_self();
    FROND_INIT(listener);
    listener.did_apply = did_apply;
    listener.will_build = will_build;
    listener.did_build = did_build;
    listener.did_fail = did_fail;
    CHECK_OK(frond_data_source_add_listener(&id, source, &listener, h, count_listener_destroy));
    return id;
}

/* ---- tests ----------------------------------------------------------------- */

static void test_items_are_built_and_laid_out_at_the_width(void) {
    const char *texts[] = {"short", "a long row of text that wraps onto several lines at a hundred points wide"};
    frond_data_source *source = new_source(100);
    size_t count = 0;
    uint64_t version = 0;
    frond_data_source_item first, second;
    insert_rows(source, texts, 2);
    CHECK_OK(frond_data_source_get_section_count(&count, source));
    CHECK(count == 1);
    CHECK_OK(frond_data_source_get_item_count(&count, source, 0));
    CHECK(count == 2);
    CHECK_OK(frond_data_source_get_version(&version, source));
    CHECK(version == 1);
    first = get_item(source, 0, 0);
    second = get_item(source, 0, 1);
    CHECK(strcmp(((row_model *)first.model)->text, "short") == 0);
    CHECK(first.id == 1 && first.version == 1 && second.id == 2);
    CHECK_FLOAT(100, first.size.width);
    CHECK(first.size.height > 0);
    CHECK(second.size.height > 3 * first.size.height);
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_data_source_get_item_count(&count, source, 1), "out of range");
    CHECK(live() == 2);
    CHECK_OK(frond_data_source_free(source));
    CHECK(live() == 0);
}

static void test_refused_changesets_apply_nothing_and_destroy_their_models(void) {
    const char *texts[] = {"a", "b"};
    frond_data_source *source = new_source(100);
    frond_change remove_far = change(FROND_CHANGE_REMOVE_ITEM, 0, 5);
    frond_change insert = change(FROND_CHANGE_INSERT_ITEM, 0, 0);
    frond_change both[] = {change(FROND_CHANGE_UPDATE_ITEM, 0, 1), change(FROND_CHANGE_REMOVE_ITEM, 0, 1)};
    frond_changeset *far = changeset_of(&remove_far, 1), *inserting = changeset_of(&insert, 1);
    frond_changeset *twice = changeset_of(both, 2);
    frond_item_model models[2];
    frond_apply_mode modes[] = {FROND_APPLY_SYNC, FROND_APPLY_ASYNC};
    uint64_t version = 0;
    size_t i;
    bool pending = true;
    insert_rows(source, texts, 2);
    for (i = 0; i < 2; i++) {
        CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_data_source_apply(source, far, NULL, 0, NULL, 0, modes[i]),
                      "removedItems: [0, 5] is out of range (section 0 has 2 item(s))");
        models[0] = item("x", 9, 1);
        CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT,
                      frond_data_source_apply(source, twice, models, 1, NULL, 0, modes[i]),
                      "two operations on one item");
        CHECK(live() == 2);
        /* Model counts that differ from the changeset's. */
        models[0] = item("x", 9, 1);
        models[1] = item("y", 10, 1);
        CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT,
                      frond_data_source_apply(source, inserting, models, 2, NULL, 0, modes[i]),
                      "the changeset updates 0 item(s) but 2 updated model(s) were given");
        CHECK(live() == 2);
        /* A bad struct_size in the array: every model of the call is destroyed. */
        models[0] = item("x", 9, 1);
        models[1] = item("y", 10, 1);
        models[1].struct_size = 4;
        CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT,
                      frond_data_source_apply(source, inserting, NULL, 0, models, 2, modes[i]), "struct_size");
        free(models[1].model);
        __atomic_fetch_sub(&live_models, 1, __ATOMIC_RELAXED);
        CHECK(live() == 2);
        /* A bad element in the first array: the second array's models are destroyed too. */
        models[0] = item("x", 9, 1);
        models[0].struct_size = 12;
        models[1] = item("y", 10, 1);
        CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT,
                      frond_data_source_apply(source, inserting, models, 1, &models[1], 1, modes[i]), "updated[0]");
        free(models[0].model);
        __atomic_fetch_sub(&live_models, 1, __ATOMIC_RELAXED);
        CHECK(live() == 2);
        models[0] = item("x", 9, 1);
        CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT,
                      frond_data_source_apply(source, inserting, NULL, 0, models, 1, (frond_apply_mode)7),
                      "frond_apply_mode");
        CHECK(live() == 2);
    }
    CHECK_OK(frond_data_source_get_version(&version, source));
    CHECK(version == 1);
    CHECK_OK(frond_data_source_has_pending(&pending, source));
    CHECK(!pending);
    CHECK(strcmp(text_of(source, 1), "b") == 0);
    CHECK_OK(frond_changeset_free(far));
    CHECK_OK(frond_changeset_free(inserting));
    CHECK_OK(frond_changeset_free(twice));
    CHECK_OK(frond_data_source_free(source));
    CHECK(live() == 0);
}

static int ready_calls = 0;
static void on_ready(frond_data_source *source, void *user_data) {
    (void)source; (void)user_data;
    __atomic_fetch_add(&ready_calls, 1, __ATOMIC_RELAXED);
}

static void test_asynchronous_modifications_build_off_thread_and_apply_in_order(void) {
    const char *texts[] = {"a"};
    frond_data_source *source = new_source(100);
    frond_change insert_front = change(FROND_CHANGE_INSERT_ITEM, 0, 0);
    frond_changeset *changeset = changeset_of(&insert_front, 1);
    frond_item_model model;
    heard h;
    size_t applied = 0, count = 0;
    bool pending = false;
    int spins = 0;
    insert_rows(source, texts, 1);
    listen(source, &h);
    CHECK_OK(frond_data_source_set_ready_handler(source, on_ready, NULL, NULL));
    model = item("async", 10, 1);
    CHECK_OK(frond_data_source_apply(source, changeset, NULL, 0, &model, 1, FROND_APPLY_ASYNC));
    CHECK_OK(frond_data_source_has_pending(&pending, source));
    CHECK(pending);
    /* The ready handler says when it is built; it is applied only when the host asks. */
    while (__atomic_load_n(&ready_calls, __ATOMIC_RELAXED) == 0 && spins++ < 5000) sleep_ms(1);
    CHECK(ready_calls == 1);
    CHECK_OK(frond_data_source_get_item_count(&count, source, 0));
    CHECK(count == 1 && h.applies == 0);
    CHECK_OK(frond_data_source_process(&applied, source, false));
    CHECK(applied == 1 && h.applies == 1);
    CHECK(h.will_builds == 1 && h.did_builds == 1 && h.built_off_main);
    CHECK(h.change_count == 1 && h.changes[0].kind == FROND_CHANGE_INSERT_ITEM && h.changes[0].path.item == 0);
    CHECK(h.version == 2);
    /* An asynchronous one, then a synchronous one: applied in that order. */
    model = item("second", 11, 1);
    CHECK_OK(frond_data_source_apply(source, changeset, NULL, 0, &model, 1, FROND_APPLY_ASYNC));
    model = item("third", 12, 1);
    CHECK_OK(frond_data_source_apply(source, changeset, NULL, 0, &model, 1, FROND_APPLY_SYNC));
    CHECK(strcmp(text_of(source, 0), "third") == 0);
    CHECK(strcmp(text_of(source, 1), "second") == 0);
    CHECK(strcmp(text_of(source, 2), "async") == 0);
    CHECK(h.applies == 3);
    CHECK_OK(frond_changeset_free(changeset));
    CHECK_OK(frond_data_source_free(source));
    CHECK(live() == 0);
}

static void test_diffing_keeps_items_and_rebuilds_changed_versions(void) {
    frond_data_source *source = new_source(100);
    frond_item_model models[4];
    heard h;
    int calls;
    models[0] = item("a", 1, 1);
    models[1] = item("b", 2, 1);
    models[2] = item("c", 3, 1);
    CHECK_OK(frond_data_source_set_items(source, 0, models, 3, FROND_APPLY_SYNC));
    CHECK(live() == 3);
    listen(source, &h);
    calls = provider_calls;
    /* c moves to the front, b changes content, d is new, a stays. */
    models[0] = item("c", 3, 1);
    models[1] = item("a", 1, 1);
    models[2] = item("b, longer now", 2, 2);
    models[3] = item("d", 4, 1);
    CHECK_OK(frond_data_source_set_items(source, 0, models, 4, FROND_APPLY_ASYNC));
    CHECK_OK(frond_data_source_process(NULL, source, true));
    CHECK(provider_calls - calls == 2); /* b and d only */
    CHECK(live() == 4);                 /* the replaced models of a, b and c were destroyed */
    CHECK(strcmp(text_of(source, 0), "c") == 0 && strcmp(text_of(source, 2), "b, longer now") == 0);
    CHECK(h.updated_count == 1 && h.updated[0].path.item == 1 && h.updated[0].to.item == 2);
    /* Duplicates in the new list: named, nothing queued, models destroyed. */
    models[0] = item("x", 7, 1);
    models[1] = item("y", 8, 1);
    models[2] = item("x again", 7, 1);
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_data_source_set_items(source, 0, models, 3, FROND_APPLY_ASYNC),
                  "new items 0 and 2 have the same identity");
    CHECK(live() == 4);
    models[0] = item("x", 7, 1);
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_data_source_set_items(source, 2, models, 1, FROND_APPLY_SYNC),
                  "section 2 is out of range");
    CHECK(live() == 4);
    CHECK_OK(frond_data_source_free(source));
    CHECK(live() == 0);
    CHECK(listener_destroyed >= 1);
}

/* A changeset may insert an id the section has (nothing checks): the section still diffs,
 * its first item with the id pairing and keeping its build, the other removed. */
static void test_diffing_pairs_the_first_of_old_items_with_one_id(void) {
    frond_data_source *source = new_source(100);
    const char *texts[] = {"a", "b"};
    frond_change insert = change(FROND_CHANGE_INSERT_ITEM, 0, 2);
    frond_changeset *changeset = changeset_of(&insert, 1);
    frond_item_model models[2];
    heard h;
    int calls;
    insert_rows(source, texts, 2); /* ids 1 and 2 */
    models[0] = item("a again", 1, 1);
    CHECK_OK(frond_data_source_apply(source, changeset, NULL, 0, models, 1, FROND_APPLY_SYNC));
    CHECK_OK(frond_changeset_free(changeset));
    CHECK(live() == 3);
    listen(source, &h);
    calls = provider_calls;
    models[0] = item("b", 2, 1);
    models[1] = item("a", 1, 1);
    CHECK_OK(frond_data_source_set_items(source, 0, models, 2, FROND_APPLY_SYNC));
    CHECK(provider_calls == calls); /* both paired: nothing built */
    CHECK(live() == 2);
    CHECK(strcmp(text_of(source, 0), "b") == 0 && strcmp(text_of(source, 1), "a") == 0);
    {
        frond_item_path found = {9, 9};
        CHECK_OK(frond_data_source_find_item(&found, source, 1));
        CHECK(found.section == 0 && found.item == 1);
        CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_data_source_find_item(&found, source, 3), "no item has id 3");
        CHECK(found.section == 0 && found.item == 1);
    }
    CHECK(h.applies == 1 && h.change_count == 2);
    CHECK(h.changes[0].kind == FROND_CHANGE_REMOVE_ITEM && h.changes[0].path.item == 2);
    CHECK(h.changes[1].kind == FROND_CHANGE_MOVE_ITEM);
    CHECK_OK(frond_data_source_free(source));
    CHECK(live() == 0);
}

static const char *text_at(frond_data_source *source, size_t section, size_t index) {
    return ((row_model *)get_item(source, section, index).model)->text;
}

/* A grouped list: items keep their built trees when they change section, also when their
 * section goes; only new and changed items are built. */
static void test_sectioned_diffing_follows_items_across_sections(void) {
    frond_data_source *source = new_source(100);
    frond_item_model models[4];
    uint64_t ids[3];
    size_t counts[3], i, moves = 0, section_count = 0;
    heard h;
    int calls;
    models[0] = item("alice", 1, 1);
    models[1] = item("bob", 2, 1);
    models[2] = item("ben", 3, 1);
    ids[0] = 'A';
    ids[1] = 'B';
    counts[0] = 1;
    counts[1] = 2;
    CHECK_OK(frond_data_source_set_sections_by_id(source, models, 3, ids, counts, 2, FROND_APPLY_SYNC));
    listen(source, &h);
    calls = provider_calls;
    /* Bob is renamed Zed (same id, new version): B keeps Ben, Z is new and takes Zed. */
    models[0] = item("alice", 1, 1);
    models[1] = item("ben", 3, 1);
    models[2] = item("zed", 2, 2);
    ids[2] = 'Z';
    counts[0] = 1;
    counts[1] = 1;
    counts[2] = 1;
    CHECK_OK(frond_data_source_set_sections_by_id(source, models, 3, ids, counts, 3, FROND_APPLY_SYNC));
    CHECK(provider_calls - calls == 1); /* zed only */
    CHECK(strcmp(text_at(source, 2, 0), "zed") == 0 && strcmp(text_at(source, 1, 0), "ben") == 0);
    CHECK(h.change_count == 3);
    for (i = 0; i < h.change_count; i++) {
        if (h.changes[i].kind == FROND_CHANGE_MOVE_ITEM) moves++;
        if (h.changes[i].kind == FROND_CHANGE_INSERT_SECTION) CHECK(h.changes[i].path.section == 2);
    }
    CHECK(moves == 1); /* zed goes to Z; ben stays in B (it only closes up) */
    CHECK(h.updated_count == 1 && h.updated[0].path.section == 1 && h.updated[0].to.section == 2);
    /* B goes: Ben moves out of it into A, unbuilt again. */
    calls = provider_calls;
    models[0] = item("alice", 1, 1);
    models[1] = item("ben", 3, 1);
    models[2] = item("zed", 2, 2);
    ids[1] = 'Z';
    counts[0] = 2;
    counts[1] = 1;
    CHECK_OK(frond_data_source_set_sections_by_id(source, models, 3, ids, counts, 2, FROND_APPLY_ASYNC));
    CHECK_OK(frond_data_source_process(NULL, source, true));
    CHECK(provider_calls == calls);
    CHECK(h.change_count == 2 && h.changes[0].kind == FROND_CHANGE_REMOVE_SECTION && h.changes[0].path.section == 1);
    CHECK(h.changes[1].kind == FROND_CHANGE_MOVE_ITEM && h.changes[1].path.section == 1 && h.changes[1].to.section == 0
          && h.changes[1].to.item == 1);
    CHECK_OK(frond_data_source_get_section_count(&section_count, source));
    CHECK(section_count == 2 && strcmp(text_at(source, 0, 1), "ben") == 0);
    CHECK(live() == 3);
    /* Bad input: duplicate sections or items are named, nothing is queued, the models go. */
    models[0] = item("x", 7, 1);
    models[1] = item("y", 8, 1);
    ids[0] = 'A';
    ids[1] = 'A';
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT,
                  frond_data_source_set_sections_by_id(source, models, 2, ids, counts, 2, FROND_APPLY_SYNC),
                  "section_counts add up to more than the 2 item(s) given");
    models[0] = item("x", 7, 1);
    models[1] = item("y", 8, 1);
    counts[0] = 1;
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT,
                  frond_data_source_set_sections_by_id(source, models, 2, ids, counts, 2, FROND_APPLY_SYNC),
                  "new sections 0 and 1 have the same identity");
    models[0] = item("x", 7, 1);
    models[1] = item("x again", 7, 1);
    ids[1] = 'B';
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT,
                  frond_data_source_set_sections_by_id(source, models, 2, ids, counts, 2, FROND_APPLY_ASYNC),
                  "new items [0, 0] and [1, 0] have the same identity");
    models[0] = item("x", 7, 1);
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT,
                  frond_data_source_set_sections_by_id(source, models, 1, NULL, counts, 1, FROND_APPLY_SYNC),
                  "section_ids is NULL");
    CHECK(live() == 3);
    CHECK_OK(frond_data_source_free(source));
    CHECK(live() == 0);
}

static void test_a_failing_provider_shows_its_item_as_nothing(void) {
    frond_data_source *source = new_source(100);
    frond_item_model models[3];
    heard h;
    listen(source, &h);
    models[0] = item("ok", 1, 1);
    models[1] = item("bad", 2, 1);
    ((row_model *)models[1].model)->fail = true;
    models[2] = item("fine", 3, 1);
    CHECK_OK(frond_data_source_set_items(source, 0, models, 3, FROND_APPLY_SYNC));
    CHECK(h.applies == 1 && h.failure_count == 1);
    CHECK(h.failure_path.item == 1);
    CHECK(strstr(h.failure, "no row for this model") != NULL);
    CHECK(get_item(source, 0, 1).size.height == 0);
    CHECK(get_item(source, 0, 2).size.height > 0);
    CHECK_OK(frond_data_source_free(source));
    CHECK(live() == 0);
}

static frond_status add_one(void **state, void *user_data) {
    (void)user_data;
    *(int *)*state += 1;
    return FROND_OK;
}

static void test_a_state_update_rebuilds_that_item_only(void) {
    frond_data_source *source = new_source(100);
    frond_item_model models[3];
    frond_render_class_spec spec;
    heard h;
    size_t i;
    float before;
    frond_scope *second_scope;
    FROND_INIT(spec);
    spec.name = "Counter";
    spec.initial_state = counter_initial_state;
    spec.render = counter_render;
    spec.destroy_state = free_state;
    CHECK_OK(frond_render_class_new(&counter_class, &spec, NULL, NULL));
    for (i = 0; i < 2; i++) {
        models[i] = item("counter", i + 1, 1);
        ((row_model *)models[i].model)->counter = true;
    }
    /* Built one by one: the second item's scope is the last one rendered after two. */
    CHECK_OK(frond_data_source_set_items(source, 0, models, 2, FROND_APPLY_SYNC));
    second_scope = last_counter_scope;
    models[0] = item("counter", 1, 1);
    models[1] = item("counter", 2, 1);
    models[2] = item("counter", 3, 1);
    for (i = 0; i < 3; i++) ((row_model *)models[i].model)->counter = true;
    CHECK_OK(frond_data_source_set_items(source, 0, models, 3, FROND_APPLY_SYNC));
    before = get_item(source, 0, 1).size.height;
    listen(source, &h);
    counter_renders = 0;
    CHECK_OK(frond_scope_update_state(second_scope, add_one, NULL, NULL));
    CHECK_OK(frond_data_source_process(NULL, source, true));
    CHECK(counter_renders == 1);
    CHECK(h.applies == 1 && h.change_count == 1);
    CHECK(h.changes[0].kind == FROND_CHANGE_UPDATE_ITEM && h.changes[0].path.item == 1);
    CHECK(get_item(source, 0, 1).size.height > before);
    CHECK(get_item(source, 0, 0).size.height == before);
    CHECK_OK(frond_data_source_free(source));
    CHECK_OK(frond_render_class_release(counter_class));
    counter_class = NULL;
    CHECK(live() == 0);
}

static void test_free_destroys_everything_also_mid_build(void) {
    frond_data_source *source = new_source(100);
    frond_item_model models[3];
    heard h;
    int destroyed_before = provider_destroyed, listeners_before = listener_destroyed;
    size_t i;
    listen(source, &h);
    for (i = 0; i < 3; i++) {
        models[i] = item("slow", i + 1, 1);
        ((row_model *)models[i].model)->slow_ms = 20;
    }
    CHECK_OK(frond_data_source_set_items(source, 0, models, 3, FROND_APPLY_ASYNC));
    sleep_ms(5); /* the build has started (or not: both must hold) */
    CHECK_OK(frond_data_source_free(source));
    CHECK(live() == 0);
    CHECK(provider_destroyed == destroyed_before + 1);
    CHECK(listener_destroyed == listeners_before + 1);
}

static void test_host_thread_calls_from_callbacks_are_misuse(void) {
    const char *texts[] = {"a"};
    frond_data_source *source = new_source(100);
    frond_change insert_front = change(FROND_CHANGE_INSERT_ITEM, 0, 0);
    frond_changeset *changeset = changeset_of(&insert_front, 1);
    frond_item_model model = item("b", 2, 1);
    heard h;
    insert_rows(source, texts, 1);
    listen(source, &h);
    h.free_from_listener = source;
    CHECK_OK(frond_data_source_apply(source, changeset, NULL, 0, &model, 1, FROND_APPLY_SYNC));
    CHECK(h.applies == 1 && h.free_status == FROND_ERR_MISUSE);
    h.free_from_listener = NULL;
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_data_source_remove_listener(source, 999), "not a listener");
    CHECK_OK(frond_changeset_free(changeset));
    CHECK_OK(frond_data_source_free(source));
    CHECK(live() == 0);
}

/* ---- other threads ------------------------------------------------------------------ */

typedef struct thread_call {
    frond_data_source *source;
    frond_status status;
} thread_call;

static void *free_on_thread(void *argument) {
    thread_call *call = argument;
    call->status = frond_data_source_free(call->source);
    return NULL;
}

static void *process_on_thread(void *argument) {
    thread_call *call = argument;
    call->status = frond_data_source_process(NULL, call->source, true);
    return NULL;
}

static void test_another_thread_may_free_it_and_two_at_once_is_misuse(void) {
    frond_data_source *source = new_source(100);
    frond_item_model models[4];
    thread_call call;
    pthread_t thread;
    size_t i;
    bool pending = false;
    /* Slow items built by a thread waiting for all; meanwhile this thread's host calls are
     * refused (the data source is in use), and asynchronous ones are queued. */
    for (i = 0; i < 4; i++) {
        models[i] = item("slow", i + 1, 1);
        ((row_model *)models[i].model)->slow_ms = 15;
    }
    CHECK_OK(frond_data_source_set_items(source, 0, models, 4, FROND_APPLY_ASYNC));
    call.source = source;
    call.status = FROND_ERR_INTERNAL;
    CHECK(pthread_create(&thread, NULL, process_on_thread, &call) == 0);
    sleep_ms(10);
    models[0] = item("x", 9, 1);
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_data_source_set_items(source, 0, models, 1, FROND_APPLY_SYNC), "in use");
    CHECK(pthread_join(thread, NULL) == 0);
    CHECK(call.status == FROND_OK);
    CHECK_OK(frond_data_source_has_pending(&pending, source));
    CHECK(!pending && live() == 4);
    /* Freed from another thread while a build is under way: every model destroyed once. */
    for (i = 0; i < 4; i++) {
        models[i] = item("slow again", i + 10, 1);
        ((row_model *)models[i].model)->slow_ms = 15;
    }
    CHECK_OK(frond_data_source_set_items(source, 0, models, 4, FROND_APPLY_ASYNC));
    sleep_ms(5);
    call.status = FROND_ERR_INTERNAL;
    CHECK(pthread_create(&thread, NULL, free_on_thread, &call) == 0);
    CHECK(pthread_join(thread, NULL) == 0);
    CHECK(call.status == FROND_OK);
    CHECK(live() == 0);
}

/* ---- the caller's executor ------------------------------------------------------------- */

/* An executor of the test's: schedule counts what it was asked for; a worker thread of
 * its own runs that many builds (all counters atomic: three threads use them). */
typedef struct executor {
    frond_data_source *source;
    int scheduled, built, stop, destroyed;
} executor;

static void schedule_build(frond_data_source *source, void *user_data) {
    executor *e = user_data;
    CHECK(source == e->source);
    __atomic_fetch_add(&e->scheduled, 1, __ATOMIC_SEQ_CST);
}

static void destroy_executor(void *user_data) { __atomic_fetch_add(&((executor *)user_data)->destroyed, 1, __ATOMIC_SEQ_CST); }

static void *executor_worker(void *argument) {
    executor *e = argument;
    while (!__atomic_load_n(&e->stop, __ATOMIC_SEQ_CST)) {
        if (__atomic_load_n(&e->built, __ATOMIC_SEQ_CST) < __atomic_load_n(&e->scheduled, __ATOMIC_SEQ_CST)) {
            CHECK_OK(frond_data_source_build(e->source));
            __atomic_fetch_add(&e->built, 1, __ATOMIC_SEQ_CST);
        } else {
            sleep_ms(1);
        }
    }
    return NULL;
}

static void test_a_callers_executor_builds_off_the_host_thread(void) {
    frond_data_source *source = new_source(100);
    frond_item_model models[4];
    executor e;
    heard h;
    pthread_t worker;
    size_t applied = 0, count = 0, i;
    bool pending = true;
    memset(&e, 0, sizeof e);
    e.source = source;
    listen(source, &h);
    CHECK_OK(frond_data_source_set_executor(source, schedule_build, &e, destroy_executor));
    CHECK(e.scheduled == 0);
    for (i = 0; i < 4; i++) models[i] = item("built by the caller's executor", i + 1, 1);
    CHECK_OK(frond_data_source_set_items(source, 0, models, 4, FROND_APPLY_ASYNC));
    /* Scheduled, not built: nothing runs until the executor runs it. */
    CHECK(__atomic_load_n(&e.scheduled, __ATOMIC_SEQ_CST) == 1 && h.will_builds == 0);
    CHECK_OK(frond_data_source_process(&applied, source, false));
    CHECK(applied == 0);
    CHECK(pthread_create(&worker, NULL, executor_worker, &e) == 0);
    while (__atomic_load_n(&e.built, __ATOMIC_SEQ_CST) < 1) sleep_ms(1);
    CHECK_OK(frond_data_source_process(&applied, source, false));
    CHECK(applied == 1 && h.applies == 1 && h.built_off_main);
    CHECK_OK(frond_data_source_get_item_count(&count, source, 0));
    CHECK(count == 4);
    __atomic_store_n(&e.stop, 1, __ATOMIC_SEQ_CST);
    CHECK(pthread_join(worker, NULL) == 0);
    /* A build it never runs: the host thread builds it when it waits for it; the executor's
     * own call then finds nothing to do. */
    models[0] = item("built by the host thread", 9, 1);
    CHECK_OK(frond_data_source_set_items(source, 0, models, 1, FROND_APPLY_ASYNC));
    CHECK(__atomic_load_n(&e.scheduled, __ATOMIC_SEQ_CST) == 2);
    CHECK_OK(frond_data_source_process(&applied, source, true));
    CHECK(applied == 1);
    CHECK_OK(frond_data_source_has_pending(&pending, source));
    CHECK(!pending && live() == 1);
    CHECK_OK(frond_data_source_build(source));
    /* One more left unrun when the data source is freed: dropped, its model destroyed, and
     * the executor's user_data destroyed once, before the free returns. */
    models[0] = item("never built", 10, 1);
    CHECK_OK(frond_data_source_set_items(source, 0, models, 1, FROND_APPLY_ASYNC));
    CHECK(__atomic_load_n(&e.scheduled, __ATOMIC_SEQ_CST) == 3 && e.destroyed == 0);
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_data_source_build(NULL), "NULL");
    CHECK_OK(frond_data_source_free(source));
    CHECK(e.destroyed == 1 && live() == 0);
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_data_source_build(source), "data source");
}

/* How deep the stack is where the executor is called, below `stack_base`. */
static char *stack_base;
static long executor_call_depth;
static void measure_depth(frond_data_source *source, void *user_data) {
    (void)source;
    (void)user_data;
    executor_call_depth = (long)(stack_base - (char *)__builtin_frame_address(0));
}

/* A thousand builds call the executor as deep as the first ones: once every build called it
 * through one more wrapper (the executor was read out of a lock's generic storage and written
 * back converted), 144 bytes more of stack a build, until the thread overflowed. */
static void test_builds_call_the_executor_no_deeper_as_they_go(void) {
    frond_data_source_config config;
    frond_data_source *source = NULL;
    frond_item_model model;
    frond_changeset *update = NULL;
    frond_change change;
    size_t one = 1;
    long first = 0;
    int build;
    stack_base = (char *)__builtin_frame_address(0); /* (frames, not locals: ASan moves locals) */
    FROND_INIT(config);
    config.item_size_range = frond_size_range_flexible_height(300);
    config.provider = provide;
    CHECK_OK(frond_data_source_new(&source, &config));
    CHECK_OK(frond_data_source_set_executor(source, measure_depth, NULL, NULL));
    model = item("row", 1, 1);
    CHECK_OK(frond_data_source_set_sections(source, &model, 1, &one, 1, FROND_APPLY_SYNC));
    FROND_INIT(change);
    change.kind = FROND_CHANGE_UPDATE_ITEM;
    CHECK_OK(frond_changeset_new(&update));
    CHECK_OK(frond_changeset_add(update, &change));
    for (build = 1; build <= 1000; build++) {
        model = item("row", 1, (uint64_t)build + 1);
        CHECK_OK(frond_data_source_apply(source, update, &model, 1, NULL, 0, FROND_APPLY_ASYNC));
        CHECK_OK(frond_data_source_process(NULL, source, true));
        if (build == 10) first = executor_call_depth;
    }
    CHECK(first > 0 && executor_call_depth <= first + 256);
    if (executor_call_depth > first + 256) {
        fprintf(stderr, "the executor is called %ld bytes deeper after 1,000 builds than after 10\n",
                executor_call_depth - first);
    }
    CHECK_OK(frond_changeset_free(update));
    CHECK_OK(frond_data_source_free(source));
}

/* An executor replaced: its user_data is destroyed then; NULL gives back the data source's
 * own thread. */
static void test_an_executor_replaced_is_destroyed_once(void) {
    frond_data_source *source = new_source(100);
    executor first, second;
    frond_item_model model;
    size_t applied = 0;
    memset(&first, 0, sizeof first);
    memset(&second, 0, sizeof second);
    first.source = second.source = source;
    CHECK_OK(frond_data_source_set_executor(source, schedule_build, &first, destroy_executor));
    CHECK_OK(frond_data_source_set_executor(source, schedule_build, &second, destroy_executor));
    CHECK(first.destroyed == 1 && second.destroyed == 0);
    CHECK_OK(frond_data_source_set_executor(source, NULL, NULL, NULL));
    CHECK(second.destroyed == 1);
    model = item("its own thread", 1, 1);
    CHECK_OK(frond_data_source_set_items(source, 0, &model, 1, FROND_APPLY_ASYNC));
    CHECK_OK(frond_data_source_process(&applied, source, true));
    CHECK(applied == 1 && first.scheduled == 0 && second.scheduled == 0);
    CHECK_OK(frond_data_source_free(source));
    CHECK(first.destroyed == 1 && second.destroyed == 1 && live() == 0);
}

int main(void) {
    size_t handles_at_start = 0, handles_at_end = 0;
    CHECK_OK(frond_handle_count(&handles_at_start));
    test_items_are_built_and_laid_out_at_the_width();
    test_refused_changesets_apply_nothing_and_destroy_their_models();
    test_asynchronous_modifications_build_off_thread_and_apply_in_order();
    test_diffing_keeps_items_and_rebuilds_changed_versions();
    test_diffing_pairs_the_first_of_old_items_with_one_id();
    test_sectioned_diffing_follows_items_across_sections();
    test_a_failing_provider_shows_its_item_as_nothing();
    test_a_state_update_rebuilds_that_item_only();
    test_free_destroys_everything_also_mid_build();
    test_host_thread_calls_from_callbacks_are_misuse();
    test_another_thread_may_free_it_and_two_at_once_is_misuse();
    test_a_callers_executor_builds_off_the_host_thread();
    test_an_executor_replaced_is_destroyed_once();
    test_builds_call_the_executor_no_deeper_as_they_go();
    CHECK(provider_destroyed > 0);
    CHECK_OK(frond_handle_count(&handles_at_end));
    CHECK(handles_at_end == handles_at_start);
    return check_report("data_source_test");
}
