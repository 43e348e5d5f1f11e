/* Lists that mount what is visible, through the C API: a strict host that refuses an
 * impossible mutation sequence, only the items near the viewport built and shown, parked
 * containers hidden and reused, working-range and content-length callbacks, a changeset
 * applied to the list's data source moving the mounted items, events routed to the item,
 * bad viewports refused, a second thread's calls refused while one thread is in a call,
 * and every model and user_data destroyed once. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"

/* ---- a strict host: a mirror of the views, checking every mutation ----------------- */

#define MAX_VIEWS 20000

typedef struct mirror {
    bool alive[MAX_VIEWS];
    uint64_t parent[MAX_VIEWS];
    size_t children[MAX_VIEWS];
    long item[MAX_VIEWS];
    bool hidden[MAX_VIEWS];
    double taps[MAX_VIEWS]; /* a counter row's "taps" */
    double opacity[MAX_VIEWS];
    frond_rect frame[MAX_VIEWS];
    size_t root_children;
    int problems;
    int commits_open;
} mirror;

static bool view_ok(const mirror *m, uint64_t view) { return view > 0 && view < MAX_VIEWS && m->alive[view]; }

/* Commits that brought no mutation, in every list of the file: a list sends none (as a root
 * sends none), whatever it did. */
static int empty_commits = 0;
/* Containers inserted before their item and frame were set, and reused containers shown
 * before they were placed (see strict_apply). */
static int unplaced_inserts = 0;
static uint64_t shown_in_commit[64];
static size_t shown_in_commit_count = 0;
static size_t mutations_in_commit = 0;

static frond_status strict_begin(frond_root *root, void *user_data) {
    mirror *m = user_data;
    CHECK(root == NULL);
    if (m->commits_open++ != 0) m->problems++;
    mutations_in_commit = 0;
    shown_in_commit_count = 0;
    return FROND_OK;
}

static void sleep_ms(int ms) {
    struct timespec delay;
    delay.tv_sec = ms / 1000;
    delay.tv_nsec = (long)(ms % 1000) * 1000000L;
    nanosleep(&delay, NULL);
}

/* 1: the next end_commit says it has come (2) and waits there until another thread lets it
 * go (3). Atomic: two threads use it. */
static int pause_in_commit = 0;

static frond_status strict_end(frond_root *root, void *user_data) {
    mirror *m = user_data;
    (void)root;
    if (--m->commits_open != 0) m->problems++;
    if (mutations_in_commit == 0) empty_commits++;
    if (__atomic_load_n(&pause_in_commit, __ATOMIC_SEQ_CST) == 1) {
        __atomic_store_n(&pause_in_commit, 2, __ATOMIC_SEQ_CST);
        while (__atomic_load_n(&pause_in_commit, __ATOMIC_SEQ_CST) != 3) sleep_ms(1);
    }
    return FROND_OK;
}

static frond_status strict_apply(frond_root *root, const frond_mutation *u, void *user_data) {
    mirror *m = user_data;
    size_t i;
    (void)root;
    mutations_in_commit++;
    if (m->commits_open != 1) m->problems++;
    switch (u->kind) {
    case FROND_MUTATION_CREATE:
        if (u->view == 0 || u->view >= MAX_VIEWS || m->alive[u->view]) { m->problems++; break; }
        m->alive[u->view] = true;
        m->item[u->view] = -1;
        m->taps[u->view] = -1;
        break;
    case FROND_MUTATION_UPDATE:
        if (!view_ok(m, u->view)) { m->problems++; break; }
        for (i = 0; i < u->set_count; i++) {
            if (strcmp(u->set[i].name, "item") == 0) {
                size_t j;
                for (j = 0; j < shown_in_commit_count; j++) {
                    if (shown_in_commit[j] == u->view) unplaced_inserts++; /* shown, then placed */
                }
                m->item[u->view] = (long)u->set[i].number;
            }
            if (strcmp(u->set[i].name, "hidden") == 0) m->hidden[u->view] = u->set[i].boolean;
            if (strcmp(u->set[i].name, "taps") == 0) m->taps[u->view] = u->set[i].number;
            if (strcmp(u->set[i].name, "opacity") == 0) m->opacity[u->view] = u->set[i].number;
        }
        for (i = 0; i < u->unset_count; i++) {
            if (strcmp(u->unset[i], "item") == 0) m->item[u->view] = -1; /* (a container leaving the list) */
            if (strcmp(u->unset[i], "hidden") == 0) {
                m->hidden[u->view] = false;
                if (m->parent[u->view] == UINT64_MAX && shown_in_commit_count < 64) {
                    shown_in_commit[shown_in_commit_count++] = u->view;
                }
            }
        }
        break;
    case FROND_MUTATION_SET_FRAME:
        if (!view_ok(m, u->view)) { m->problems++; break; }
        {
            size_t j;
            for (j = 0; j < shown_in_commit_count; j++) {
                if (shown_in_commit[j] == u->view) unplaced_inserts++; /* shown, then placed */
            }
        }
        m->frame[u->view] = u->frame;
        break;
    case FROND_MUTATION_INSERT:
        if (!view_ok(m, u->view) || m->parent[u->view] != 0) { m->problems++; break; }
        if (u->parent == 0) {
            if (u->index > m->root_children) m->problems++;
            /* A container comes into the list's view placed: its item and frame are set
             * (unless it is a parked one, hidden), so that a host drawing each mutation
             * never draws it empty at the origin. */
            if (!m->hidden[u->view] && (m->item[u->view] < 0 || m->frame[u->view].height <= 0)) {
                unplaced_inserts++;
            }
            m->root_children++;
        } else {
            if (!view_ok(m, u->parent) || u->index > m->children[u->parent]) m->problems++;
            if (u->parent < MAX_VIEWS) m->children[u->parent]++;
        }
        m->parent[u->view] = u->parent == 0 ? UINT64_MAX : u->parent;
        break;
    case FROND_MUTATION_MOVE:
        if (!view_ok(m, u->view)) m->problems++;
        break;
    case FROND_MUTATION_REMOVE:
        if (!view_ok(m, u->view) || m->parent[u->view] != (u->parent == 0 ? UINT64_MAX : u->parent)) {
            m->problems++;
            break;
        }
        if (u->parent == 0) m->root_children--; else m->children[u->parent]--;
        m->parent[u->view] = 0;
        break;
    case FROND_MUTATION_DESTROY:
        if (!view_ok(m, u->view) || m->children[u->view] != 0) { m->problems++; break; }
        if (m->parent[u->view] != 0 && m->parent[u->view] != UINT64_MAX) m->children[m->parent[u->view]]--;
        if (m->parent[u->view] == UINT64_MAX) m->problems++; /* still in the root */
        m->alive[u->view] = false;
        m->parent[u->view] = 0;
        break;
    }
    return FROND_OK;
}

/* The shown (alive, in the root, not hidden) container of `item`, or 0. */
static uint64_t shown_container(const mirror *m, long item) {
    uint64_t view;
    for (view = 1; view < MAX_VIEWS; view++) {
        if (m->alive[view] && m->parent[view] == UINT64_MAX && m->item[view] == item && !m->hidden[view]) return view;
    }
    return 0;
}

static size_t shown_count(const mirror *m) {
    size_t count = 0;
    uint64_t view;
    for (view = 1; view < MAX_VIEWS; view++) {
        if (m->alive[view] && m->parent[view] == UINT64_MAX && !m->hidden[view] && m->item[view] >= 0) count++;
    }
    return count;
}

/* ---- models: rows of text (every tenth a button) ------------------------------------- */

static int live_rows = 0;
static void free_row(void *model) {
    live_rows--;
    free(model);
}

/* The row whose provider fails (-1: none); atomic, as the builder's thread reads it. */
static int failing_row = -1;
static frond_status row(frond_component **out_component, void *model, void *user_data) {
    int id = *(int *)model;
    char text[64];
    (void)user_data;
    if (id == __atomic_load_n(&failing_row, __ATOMIC_SEQ_CST)) return FROND_ERR_INVALID_ARGUMENT;
    if (id % 10 == 0) {
        frond_attribute tap;
        frond_view_spec view;
        frond_size_spec size;
        memset(&tap, 0, sizeof tap);
        tap.name = "onTap";
        tap.kind = FROND_ATTRIBUTE_ACTION;
        tap.string = "tapped";
        FROND_INIT(view);
        view.view_type = "button";
        view.attributes = &tap;
        view.attribute_count = 1;
        FROND_INIT(size);
        size.height.value = 40;
        size.height.unit = FROND_UNIT_POINT;
        return frond_component_new(out_component, &view, &size, NULL);
    }
    snprintf(text, sizeof text, "row %d %s", id, id % 3 == 0 ? "which is long enough to wrap onto a second line" : "");
    return frond_component_new_text(out_component, text, NULL, NULL, NULL);
}

static frond_item_model row_model(int id) {
    frond_item_model result;
    int *value = malloc(sizeof *value);
    CHECK(value != NULL);
    *value = id;
    live_rows++;
    FROND_INIT(result);
    result.model = value;
    result.destroy = free_row;
    result.id = (uint64_t)id;
    return result;
}

static int provider_destroyed = 0, host_destroyed = 0;
static void count_destroy(void *user_data) { (*(int *)user_data)++; }
static void host_destroy(void *user_data) {
    (void)user_data;
    host_destroyed++;
}

typedef struct heard {
    int entered, left, lengths, adjusts;
    int last_entered, last_left; /* the models (row ids) of the last enter and leave */
    float length;
    float viewport;            /* the viewport's length, where a test keeps it fixed (else 0) */
    int adjusts_beyond_length; /* offsets told while the length told so far had no room for them */
} heard;

static void did_change_content_length(frond_list *list, float length, void *user_data) {
    heard *h = user_data;
    (void)list;
    h->lengths++;
    h->length = length;
}
static void did_adjust_offset(frond_list *list, float offset, void *user_data) {
    heard *h = user_data;
    (void)list;
    h->adjusts++;
    if (offset + h->viewport > h->length) h->adjusts_beyond_length++;
}
static void did_enter_range(frond_list *list, frond_item_path path, void *model, void *user_data) {
    (void)list;
    CHECK(*(int *)model >= 0 && path.section == 0);
    ((heard *)user_data)->entered++;
    ((heard *)user_data)->last_entered = *(int *)model;
}
static void did_leave_range(frond_list *list, frond_item_path path, void *model, void *user_data) {
    (void)list;
    /* (Read: a removed item's model is still alive while it leaves.) */
    CHECK(model != NULL && *(int *)model >= 0 && path.section == 0);
    ((heard *)user_data)->left++;
    ((heard *)user_data)->last_left = *(int *)model;
}

static frond_list *new_list(mirror *m, heard *h, float estimate) {
    frond_list_config config;
    frond_list *list = NULL;
    frond_host host;
    frond_list_listener listener;
    FROND_INIT(config);
    config.cross_size = 200;
    config.estimated_item_size = estimate;
    config.range_screens = 1;
    config.provider = row;
    config.user_data = &provider_destroyed;
    config.destroy = count_destroy;
    CHECK_OK(frond_list_new(&list, &config));
    FROND_INIT(host);
    host.begin_commit = strict_begin;
    host.apply = strict_apply;
    host.end_commit = strict_end;
    CHECK_OK(frond_list_set_host(list, &host, m, host_destroy));
    FROND_INIT(listener);
    listener.did_change_content_length = did_change_content_length;
    listener.did_adjust_offset = did_adjust_offset;
    listener.did_enter_range = did_enter_range;
    listener.did_leave_range = did_leave_range;
    memset(h, 0, sizeof *h);
    CHECK_OK(frond_list_set_listener(list, &listener, h, NULL));
    return list;
}

static void load_rows(frond_list *list, int count) {
    frond_data_source *source = NULL;
    frond_item_model *models = calloc((size_t)count, sizeof *models);
    int i;
    CHECK(models != NULL);
    for (i = 0; i < count; i++) models[i] = row_model(i);
    CHECK_OK(frond_list_get_data_source(&source, list));
    CHECK_OK(frond_data_source_set_items(source, 0, models, (size_t)count, FROND_APPLY_SYNC));
    free(models);
}

static frond_list_statistics statistics_of(frond_list *list) {
    frond_list_statistics statistics;
    FROND_INIT(statistics);
    CHECK_OK(frond_list_get_statistics(&statistics, list));
    return statistics;
}

/* ---- tests ---------------------------------------------------------------------------- */

static void test_only_items_near_the_viewport_are_shown_and_views_are_reused(void) {
    static mirror m;
    heard h;
    frond_list *list;
    frond_list_statistics statistics;
    frond_rect frame;
    frond_item_path path = {0, 0};
    int step;
    memset(&m, 0, sizeof m);
    list = new_list(&m, &h, 20);
    load_rows(list, 5000);
    CHECK_OK(frond_list_set_viewport(list, 0, 300));
    CHECK_OK(frond_list_process(NULL, list, true));
    statistics = statistics_of(list);
    CHECK(statistics.mounted_items > 5 && statistics.mounted_items < 100);
    CHECK(shown_count(&m) == statistics.mounted_items);
    CHECK(shown_container(&m, 0) != 0 && shown_container(&m, 4000) == 0);
    CHECK(h.entered == (int)statistics.mounted_items && h.lengths >= 1 && h.length > 5000 * 10);
    CHECK_OK(frond_list_get_item_frame(&frame, list, path));
    CHECK(frame.top == 0 && frame.width == 200 && frame.height > 0);
    CHECK(m.frame[shown_container(&m, 0)].height == frame.height);
    for (step = 1; step <= 40; step++) {
        uint64_t first;
        bool pending = true;
        frond_data_source *source = NULL;
        CHECK_OK(frond_list_set_viewport(list, (float)step * 300, 300));
        CHECK_OK(frond_list_process(NULL, list, true));
        /* Waiting for all builds until the range is built: nothing is left pending. */
        CHECK_OK(frond_list_get_data_source(&source, list));
        CHECK_OK(frond_data_source_has_pending(&pending, source));
        CHECK(!pending);
        /* The item at the viewport's top is shown, where the list says it is. */
        first = 0;
        {
            long item;
            for (item = 0; item < 5000 && first == 0; item++) {
                uint64_t container = shown_container(&m, item);
                if (container != 0 && m.frame[container].top + m.frame[container].height > (float)step * 300) {
                    first = container;
                }
            }
        }
        CHECK(first != 0 && m.frame[first].top <= (float)step * 300 + 0.5f);
    }
    statistics = statistics_of(list);
    CHECK(statistics.reused > statistics.created);
    CHECK(h.left > 0 && m.problems == 0);
    CHECK_OK(frond_list_free(list));
    CHECK(live_rows == 0);
}

/* An update that gives a mounted item a new model: the item leaves with the model it
 * entered with (alive for the call: read here, and by ASan in make sanitize), then enters
 * with the new one. */
static void test_an_item_given_a_new_model_leaves_with_the_old_one(void) {
    static mirror m;
    heard h;
    frond_list *list;
    frond_data_source *source = NULL;
    frond_changeset *changeset = NULL;
    frond_change update;
    frond_item_model model;
    int entered, left;
    memset(&m, 0, sizeof m);
    list = new_list(&m, &h, 20);
    load_rows(list, 100);
    CHECK_OK(frond_list_set_viewport(list, 0, 200));
    CHECK_OK(frond_list_process(NULL, list, true));
    entered = h.entered;
    left = h.left;
    CHECK_OK(frond_list_get_data_source(&source, list));
    FROND_INIT(update);
    update.kind = FROND_CHANGE_UPDATE_ITEM;
    update.path.item = 1;
    CHECK_OK(frond_changeset_new(&changeset));
    CHECK_OK(frond_changeset_add(changeset, &update));
    model = row_model(1001);
    CHECK_OK(frond_data_source_apply(source, changeset, &model, 1, NULL, 0, FROND_APPLY_SYNC));
    CHECK_OK(frond_changeset_free(changeset));
    CHECK(h.left == left + 1 && h.last_left == 1);
    CHECK(h.entered == entered + 1 && h.last_entered == 1001);
    CHECK(m.problems == 0);
    CHECK_OK(frond_list_free(list));
    CHECK(live_rows == 0);
}

static void test_a_changeset_moves_the_mounted_items(void) {
    static mirror m;
    heard h;
    frond_list *list;
    frond_data_source *source = NULL;
    frond_changeset *changeset = NULL;
    frond_change insert;
    frond_item_model model;
    float second_top;
    memset(&m, 0, sizeof m);
    list = new_list(&m, &h, 20);
    load_rows(list, 100);
    CHECK_OK(frond_list_set_viewport(list, 0, 200));
    CHECK_OK(frond_list_process(NULL, list, true));
    second_top = m.frame[shown_container(&m, 1)].top;
    CHECK_OK(frond_list_get_data_source(&source, list));
    CHECK_OK(frond_changeset_new(&changeset));
    FROND_INIT(insert);
    insert.kind = FROND_CHANGE_INSERT_ITEM;
    CHECK_OK(frond_changeset_add(changeset, &insert));
    model = row_model(1001);
    CHECK_OK(frond_data_source_apply(source, changeset, NULL, 0, &model, 1, FROND_APPLY_SYNC));
    CHECK_OK(frond_list_set_viewport(list, 0, 200));
    CHECK_OK(frond_list_process(NULL, list, true));
    /* The old item 0 is item 1 now, and moved down by the new row. */
    CHECK(shown_container(&m, 0) != 0 && shown_container(&m, 1) != 0);
    CHECK(m.frame[shown_container(&m, 2)].top > second_top);
    CHECK(m.problems == 0);
    CHECK_OK(frond_changeset_free(changeset));
    /* Items a change removes from the range leave it: every item that entered and is not
       mounted has left. */
    CHECK(h.entered - h.left == (int)statistics_of(list).mounted_items);
    CHECK_OK(frond_changeset_new(&changeset));
    {
        frond_change removal;
        int item;
        for (item = 0; item < 3; item++) {
            FROND_INIT(removal);
            removal.kind = FROND_CHANGE_REMOVE_ITEM;
            removal.path.item = item;
            CHECK_OK(frond_changeset_add(changeset, &removal));
        }
    }
    {
        int left_before = h.left;
        CHECK_OK(frond_data_source_apply(source, changeset, NULL, 0, NULL, 0, FROND_APPLY_SYNC));
        CHECK_OK(frond_list_process(NULL, list, true));
        CHECK(h.left >= left_before + 3);
    }
    CHECK(h.entered - h.left == (int)statistics_of(list).mounted_items);
    CHECK(m.problems == 0);
    CHECK_OK(frond_changeset_free(changeset));
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_data_source_free(source), "belongs to a list");
    CHECK_OK(frond_list_free(list));
    CHECK(live_rows == 0);
}

/* A host that frees its list from inside the list's commit (refused: the call under way
   still uses the list). */
static frond_list *list_to_free;
static frond_status free_in_commit_status = FROND_OK;
static frond_status free_in_end_commit(frond_root *root, void *user_data) {
    frond_status status = strict_end(root, user_data);
    if (list_to_free != NULL) {
        free_in_commit_status = frond_list_free(list_to_free);
        list_to_free = NULL;
    }
    return status;
}

static void test_a_list_cannot_be_freed_from_its_own_host(void) {
    static mirror m;
    heard h;
    frond_list *list;
    frond_host host;
    memset(&m, 0, sizeof m);
    list = new_list(&m, &h, 20);
    FROND_INIT(host);
    host.begin_commit = strict_begin;
    host.apply = strict_apply;
    host.end_commit = free_in_end_commit;
    CHECK_OK(frond_list_set_host(list, &host, &m, NULL));
    load_rows(list, 30);
    list_to_free = list;
    CHECK_OK(frond_list_set_viewport(list, 0, 200));
    CHECK(list_to_free == NULL && free_in_commit_status == FROND_ERR_MISUSE);
    /* The list is whole: it goes on, and frees afterwards. */
    CHECK_OK(frond_list_process(NULL, list, true));
    CHECK(statistics_of(list).mounted_items > 0);
    CHECK_OK(frond_list_free(list));
}

static void test_events_and_bad_input(void) {
    static mirror m;
    heard h;
    frond_list *list;
    frond_action_outcome outcome;
    frond_item_path far = {0, 500};
    frond_rect frame;
    uint64_t container, button = 0, view;
    memset(&m, 0, sizeof m);
    list = new_list(&m, &h, 20);
    load_rows(list, 30);
    CHECK_OK(frond_list_set_viewport(list, 0, 400));
    CHECK_OK(frond_list_process(NULL, list, true));
    container = shown_container(&m, 10);
    CHECK(container != 0);
    for (view = 1; view < MAX_VIEWS; view++) {
        if (m.alive[view] && m.parent[view] == container) button = view;
    }
    CHECK(button != 0);
    CHECK_OK(frond_list_send_event(&outcome, list, button, "onTap", NULL));
    CHECK(outcome == FROND_ACTION_UNHANDLED);
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_list_send_event(&outcome, list, container, "onTap", NULL),
                  "not a view of a mounted list item");
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_list_set_viewport(list, -1, 100), "finite numbers");
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_list_set_viewport(list, 0, 1.0f / 0.0f), "finite numbers");
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_list_set_viewport(list, 0.0f / 0.0f, 100), "finite numbers");
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_list_get_item_frame(&frame, list, far), "no item");
    CHECK(m.problems == 0);
    CHECK_OK(frond_list_free(list));
    CHECK(live_rows == 0);
}

/* ---- counter rows: a render class whose handler updates its state, then sends an action -- */

static frond_render_class *counter_class;
static int counter_sends_failed = 0, counter_tapped_heard = 0, counter_states_live = 0;
/* What the list's unhandled action handler heard last, and how often. */
static int list_actions_heard = 0;
static frond_item_path list_action_path = {0, 0};
static char list_action_name[32];
static frond_status hear_list_action(frond_list *list, frond_item_path path, const frond_action *action,
                                     void *user_data) {
    const char *name = NULL;
    (void)list;
    (void)user_data;
    CHECK_OK(frond_action_get_name(&name, action));
    snprintf(list_action_name, sizeof list_action_name, "%s", name);
    list_action_path = path;
    list_actions_heard++;
    return FROND_OK;
}
static frond_status counter_state(void **out_state, void *props, void *user_data) {
    (void)props;
    (void)user_data;
    *out_state = calloc(1, sizeof(int));
    if (*out_state == NULL) return FROND_ERR_INVALID_ARGUMENT;
    counter_states_live++;
    return FROND_OK;
}
static void free_counter_state(void *state) {
    counter_states_live--;
    free(state);
}
static frond_status counter_render(frond_component **out_component, frond_scope *scope, void *state, void *props,
                                   void *user_data) {
    frond_attribute attributes[] = {frond_attribute_number("taps", *(int *)state),
                                    frond_attribute_action(FROND_EVENT_TAP, "tap")};
    frond_view_spec view = frond_view("button", attributes, 2);
    frond_size_spec size = frond_size_points(200, 20);
    (void)scope;
    (void)props;
    (void)user_data;
    return frond_component_new(out_component, &view, &size, NULL);
}
static frond_status add_tap(void **state, void *user_data) {
    (void)user_data;
    (*(int *)*state)++;
    return FROND_OK;
}
/* Updates the state, does 20 ms of other work, then tells its parents (no one handles it). */
static frond_status counter_handle(bool *out_handled, const frond_action *action, frond_scope *scope, void *state,
                                   void *props, void *user_data) {
    frond_action_outcome outcome;
    struct timespec pause = {0, 20000000};
    (void)action;
    (void)state;
    (void)props;
    (void)user_data;
    *out_handled = true;
    CHECK_OK(frond_scope_update_state(scope, add_tap, NULL, NULL));
    nanosleep(&pause, NULL);
    if (frond_scope_send_action(&outcome, scope, "tapped", NULL) != FROND_OK) {
        counter_sends_failed++;
        fprintf(stderr, "counter row: %s\n", frond_last_error_message());
    } else if (outcome == FROND_ACTION_UNHANDLED) {
        counter_tapped_heard++;
    }
    return FROND_OK;
}
static frond_status counter_row(frond_component **out_component, void *model, void *user_data) {
    (void)model;
    (void)user_data;
    return frond_component_new_render(out_component, counter_class, NULL, NULL, "counter", NULL, NULL);
}

/* A list of `provider`'s rows, 20 points estimated, mounted into the strict host `m`. */
static frond_list *new_strict_list(mirror *m, frond_item_provider_func provider) {
    frond_list_config config;
    frond_list *list = NULL;
    frond_host host;
    FROND_INIT(config);
    config.cross_size = 200;
    config.estimated_item_size = 20;
    config.range_screens = 1;
    config.provider = provider;
    CHECK_OK(frond_list_new(&list, &config));
    FROND_INIT(host);
    host.begin_commit = strict_begin;
    host.apply = strict_apply;
    host.end_commit = strict_end;
    CHECK_OK(frond_list_set_host(list, &host, m, NULL));
    return list;
}

static frond_list *new_counter_list(mirror *m) {
    frond_render_class_spec spec;
    frond_list *list;
    FROND_INIT(spec);
    spec.name = "CounterRow";
    spec.initial_state = counter_state;
    spec.destroy_state = free_counter_state;
    spec.render = counter_render;
    spec.handle_action = counter_handle;
    CHECK_OK(frond_render_class_new(&counter_class, &spec, NULL, NULL));
    list = new_strict_list(m, counter_row);
    load_rows(list, 200);
    CHECK_OK(frond_list_set_viewport(list, 0, 100));
    CHECK_OK(frond_list_process(NULL, list, true));
    return list;
}

/* The button a shown counter row of `item` has, or 0. */
static uint64_t counter_button(const mirror *m, long item) {
    uint64_t container = shown_container(m, item), view;
    for (view = 1; container != 0 && view < MAX_VIEWS; view++) {
        if (m->alive[view] && m->parent[view] == container) return view;
    }
    return 0;
}

/* An item's handler that updates its state goes on using its root (the item is rebuilt
 * after the handler returns, not under it on the builder's thread), and a second tap before
 * the list processed the first one's build reaches the handler too. */
static void test_an_items_handler_updates_state_and_goes_on_using_its_root(void) {
    static mirror m;
    frond_list *list;
    frond_action_outcome outcome;
    uint64_t button;
    memset(&m, 0, sizeof m);
    list = new_counter_list(&m);
    CHECK_OK(frond_list_set_unhandled_action_handler(list, hear_list_action, NULL, NULL));
    button = counter_button(&m, 1);
    CHECK(button != 0 && m.taps[button] == 0);
    CHECK_OK(frond_list_send_event(&outcome, list, button, FROND_EVENT_TAP, NULL));
    CHECK_OK(frond_list_send_event(&outcome, list, counter_button(&m, 1), FROND_EVENT_TAP, NULL));
    CHECK(outcome == FROND_ACTION_HANDLED);
    CHECK(counter_sends_failed == 0 && counter_tapped_heard == 2);
    /* No responder of the item handled "tapped": the list's handler heard it, with the path. */
    CHECK(list_actions_heard == 2 && strcmp(list_action_name, "tapped") == 0);
    CHECK(list_action_path.section == 0 && list_action_path.item == 1);
    CHECK_OK(frond_list_process(NULL, list, true));
    CHECK(m.taps[counter_button(&m, 1)] == 2);
    CHECK(m.problems == 0);
    CHECK_OK(frond_list_free(list));
    CHECK_OK(frond_render_class_release(counter_class));
    CHECK(live_rows == 0 && counter_states_live == 0);
}

/* A tap at a point of the content reaches the button of the item drawn there, in the
 * host's numbers, as a host that hit-tests nothing itself (a canvas) reports clicks. */
static void test_a_tap_at_a_point_reaches_the_item_there(void) {
    static mirror m;
    frond_list *list;
    frond_action_outcome outcome;
    uint64_t tapped = 0, second;
    frond_rect frame;
    memset(&m, 0, sizeof m);
    list = new_counter_list(&m);
    second = counter_button(&m, 1);
    CHECK(second != 0);
    frame = m.frame[shown_container(&m, 1)];
    CHECK(frame.top == 20 && frame.height == 20);
    CHECK_OK(frond_list_tap_at(&outcome, &tapped, list, 150, frame.top + 5));
    CHECK(outcome == FROND_ACTION_HANDLED && tapped == second);
    /* The top edge is the item's own; the button is 200 wide, the list too. */
    CHECK_OK(frond_list_tap_at(&outcome, &tapped, list, 0, frame.top));
    CHECK(outcome == FROND_ACTION_HANDLED && tapped == second);
    CHECK_OK(frond_list_tap_at(&outcome, &tapped, list, 200, frame.top + 5));
    CHECK(outcome == FROND_ACTION_NO_ACTION && tapped == 0);
    CHECK_OK(frond_list_tap_at(&outcome, &tapped, list, 10, 100000));
    CHECK(outcome == FROND_ACTION_NO_ACTION && tapped == 0);
    CHECK_OK(frond_list_tap_at(&outcome, &tapped, list, 10, -1));
    CHECK(outcome == FROND_ACTION_NO_ACTION && tapped == 0);
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_list_tap_at(&outcome, &tapped, list, 0.0f / 0.0f, 5), "finite");
    CHECK_OK(frond_list_process(NULL, list, true));
    CHECK(m.taps[counter_button(&m, 1)] == 2 && m.taps[counter_button(&m, 0)] == 0);
    CHECK(m.problems == 0);
    CHECK_OK(frond_list_free(list));
    CHECK_OK(frond_render_class_release(counter_class));
    CHECK(live_rows == 0 && counter_states_live == 0);
}

/* An item released outside the list's range keeps the states its updates changed: built
 * again, it shows them (the others start afresh); its kept state goes with the item. */
static void test_a_released_item_keeps_its_state(void) {
    static mirror m;
    frond_list *list;
    frond_data_source *source = NULL;
    frond_action_outcome outcome;
    frond_item_path second = {0, 1};
    memset(&m, 0, sizeof m);
    list = new_counter_list(&m);
    CHECK_OK(frond_list_send_event(&outcome, list, counter_button(&m, 1), FROND_EVENT_TAP, NULL));
    CHECK_OK(frond_list_send_event(&outcome, list, counter_button(&m, 1), FROND_EVENT_TAP, NULL));
    CHECK_OK(frond_list_process(NULL, list, true));
    CHECK(m.taps[counter_button(&m, 1)] == 2);
    CHECK_OK(frond_list_set_viewport(list, 3000, 100));
    CHECK_OK(frond_list_process(NULL, list, true));
    CHECK_OK(frond_list_get_data_source(&source, list));
    CHECK_OK(frond_list_set_viewport(list, 0, 100));
    CHECK_OK(frond_list_process(NULL, list, true));
    CHECK(m.taps[counter_button(&m, 1)] == 2 && m.taps[counter_button(&m, 0)] == 0);
    /* Its handler goes on updating the state it came back with (in its new scope). */
    CHECK_OK(frond_list_send_event(&outcome, list, counter_button(&m, 1), FROND_EVENT_TAP, NULL));
    CHECK(outcome == FROND_ACTION_HANDLED && counter_sends_failed == 0);
    CHECK_OK(frond_list_process(NULL, list, true));
    CHECK(m.taps[counter_button(&m, 1)] == 3);
    /* Released again, then removed: its state is destroyed with it. */
    CHECK_OK(frond_list_set_viewport(list, 3000, 100));
    CHECK_OK(frond_list_process(NULL, list, true));
    {
        int live = counter_states_live;
        frond_changeset *changes = NULL;
        frond_change removal;
        FROND_INIT(removal);
        removal.kind = FROND_CHANGE_REMOVE_ITEM;
        removal.path = second;
        CHECK_OK(frond_changeset_new(&changes));
        CHECK_OK(frond_changeset_add(changes, &removal));
        CHECK_OK(frond_data_source_apply(source, changes, NULL, 0, NULL, 0, FROND_APPLY_SYNC));
        CHECK_OK(frond_changeset_free(changes));
        CHECK(counter_states_live == live - 1);
    }
    CHECK(m.problems == 0);
    CHECK_OK(frond_list_free(list));
    CHECK_OK(frond_render_class_release(counter_class));
    CHECK(live_rows == 0 && counter_states_live == 0);
}

/* ---- rows that fade in: the list ticks its items' animations ---------------------------- */

/* A 200 × 20 row that fades in when it is mounted (`leaving`: fades out when it goes). */
static frond_status fading(frond_component **out_component, bool leaving) {
    frond_attribute opacity = frond_attribute_number("opacity", 1);
    frond_view_spec view = frond_view("row", &opacity, 1);
    frond_size_spec size = frond_size_points(200, 20);
    frond_component *row = NULL;
    frond_animation fade;
    frond_status status;
    FROND_INIT(fade);
    fade.property = FROND_ANIMATION_OPACITY;
    fade.from.current = leaving;
    fade.to.current = !leaving;
    fade.duration = 1;
    status = frond_component_new(&row, &view, &size, NULL);
    if (status != FROND_OK) return status;
    status = leaving ? frond_component_new_animation(out_component, NULL, row, NULL, 0, &fade, 1)
                     : frond_component_new_animation(out_component, NULL, row, &fade, 1, NULL, 0);
    frond_component_release(row);
    return status;
}

static frond_status fading_row(frond_component **out_component, void *model, void *user_data) {
    (void)model;
    (void)user_data;
    return fading(out_component, false);
}

/* The opacity of the shown row of `item`. */
static double row_opacity(const mirror *m, long item) {
    uint64_t container = shown_container(m, item), view;
    for (view = 1; container != 0 && view < MAX_VIEWS; view++) {
        if (m->alive[view] && m->parent[view] == container) return m->opacity[view];
    }
    return -1;
}

/* Items that come near the viewport appear at rest; those a change inserts fade in as the
 * list ticks: mounted at the animation's start (the list's time), one host commit per tick
 * for all of them, none once nothing animates. */
static void test_the_items_animate_as_the_list_ticks(void) {
    static mirror m;
    frond_list *list;
    frond_data_source *source = NULL;
    frond_changeset *changeset = NULL;
    frond_change insertion;
    frond_item_model models[2];
    bool running = true;
    size_t sent = 0;
    double time = -1;
    int i;
    memset(&m, 0, sizeof m);
    list = new_strict_list(&m, fading_row);
    CHECK_OK(frond_list_tick(list, 10, NULL));
    load_rows(list, 10);
    CHECK_OK(frond_list_set_viewport(list, 0, 100));
    CHECK_OK(frond_list_process(NULL, list, true));
    CHECK(row_opacity(&m, 0) == 1 && row_opacity(&m, 4) == 1);
    CHECK_OK(frond_list_has_running_animations(&running, list));
    CHECK(!running);
    CHECK_OK(frond_list_get_data_source(&source, list));
    CHECK_OK(frond_changeset_new(&changeset));
    for (i = 0; i < 2; i++) {
        FROND_INIT(insertion);
        insertion.kind = FROND_CHANGE_INSERT_ITEM;
        insertion.path.item = (size_t)(i * 4); /* rows 0 and 4 of the new list */
        CHECK_OK(frond_changeset_add(changeset, &insertion));
        models[i] = row_model(100 + i);
    }
    CHECK_OK(frond_data_source_apply(source, changeset, NULL, 0, models, 2, FROND_APPLY_SYNC));
    CHECK_OK(frond_changeset_free(changeset));
    CHECK_OK(frond_list_process(NULL, list, true));
    CHECK(row_opacity(&m, 0) == 0 && row_opacity(&m, 4) == 0 && row_opacity(&m, 1) == 1);
    CHECK_OK(frond_list_has_running_animations(&running, list));
    CHECK(running);
    CHECK_OK(frond_list_tick(list, 10.5, &sent));
    CHECK(sent > 0 && row_opacity(&m, 0) == 0.5 && row_opacity(&m, 4) == 0.5 && row_opacity(&m, 1) == 1);
    CHECK_OK(frond_list_tick(list, 11, NULL));
    CHECK(row_opacity(&m, 0) == 1);
    CHECK_OK(frond_list_has_running_animations(&running, list));
    CHECK(!running);
    CHECK_OK(frond_list_tick(list, 12, &sent));
    CHECK(sent == 0);
    CHECK_OK(frond_list_get_animation_time(&time, list));
    CHECK(time == 12);
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_list_tick(list, 11, NULL), "cannot go back");
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_list_tick(list, 0.0 / 0.0, NULL), "not finite");
    CHECK(m.problems == 0 && m.commits_open == 0);
    CHECK_OK(frond_list_free(list));
    CHECK(live_rows == 0);
}

/* A row that fades out when it leaves (a final-unmount animation). */
static frond_status leaving_row(frond_component **out_component, void *model, void *user_data) {
    (void)model;
    (void)user_data;
    return fading(out_component, true);
}

/* A removed item plays its final-unmount animation where it was: its container stays (no
 * longer an item of the list) while the next item takes its place, and goes, with its views,
 * on the tick where the animation ends. */
static void test_a_removed_item_fades_out_where_it_was(void) {
    static mirror m;
    frond_list *list;
    frond_data_source *source = NULL;
    frond_changeset *changeset = NULL;
    frond_change removal;
    uint64_t leaving, view, row = 0;
    bool running = false;
    memset(&m, 0, sizeof m);
    list = new_strict_list(&m, leaving_row);
    CHECK_OK(frond_list_tick(list, 10, NULL));
    load_rows(list, 10);
    CHECK_OK(frond_list_set_viewport(list, 0, 100));
    CHECK_OK(frond_list_process(NULL, list, true));
    leaving = shown_container(&m, 1);
    CHECK(leaving != 0 && m.frame[leaving].top == 20);
    CHECK_OK(frond_list_get_data_source(&source, list));
    CHECK_OK(frond_changeset_new(&changeset));
    FROND_INIT(removal);
    removal.kind = FROND_CHANGE_REMOVE_ITEM;
    removal.path.item = 1;
    CHECK_OK(frond_changeset_add(changeset, &removal));
    CHECK_OK(frond_data_source_apply(source, changeset, NULL, 0, NULL, 0, FROND_APPLY_SYNC));
    CHECK_OK(frond_changeset_free(changeset));
    CHECK(m.alive[leaving] && m.item[leaving] == -1 && m.frame[leaving].top == 20);
    CHECK(shown_container(&m, 1) != 0 && shown_container(&m, 1) != leaving && m.frame[shown_container(&m, 1)].top == 20);
    for (view = 1; view < MAX_VIEWS; view++) {
        if (m.alive[view] && m.parent[view] == leaving) row = view;
    }
    CHECK(row != 0 && m.opacity[row] == 1);
    CHECK_OK(frond_list_has_running_animations(&running, list));
    CHECK(running);
    CHECK_OK(frond_list_tick(list, 10.5, NULL));
    CHECK(m.opacity[row] == 0.5);
    CHECK_OK(frond_list_tick(list, 11, NULL));
    CHECK(!m.alive[leaving] && !m.alive[row]);
    CHECK_OK(frond_list_has_running_animations(&running, list));
    CHECK(!running);
    CHECK(m.problems == 0 && m.commits_open == 0);
    CHECK_OK(frond_list_free(list));
    CHECK(live_rows == 0);
}

/* An item whose provider fails as the list builds it near the viewport is shown as nothing
 * and takes no room, and the listeners of the list's data source hear the failure (an update
 * with no changes). */
static int failures_heard = 0, changes_with_failures = 0;
static frond_item_path failed_path = {0, 0};
static void hear_failures(frond_data_source *source, const frond_applied_changes *changes, void *user_data) {
    (void)source; (void)user_data;
    if (changes->failure_count == 0) return;
    failures_heard += (int)changes->failure_count;
    changes_with_failures += (int)changes->change_count;
    failed_path = changes->failures[0].path;
}

static void test_an_item_that_fails_as_the_list_builds_it_is_reported(void) {
    static mirror m;
    heard h;
    frond_list *list;
    frond_data_source *source = NULL;
    frond_data_source_listener listener;
    frond_rect second, fourth;
    frond_item_path path = {0, 2};
    uint64_t listener_id = 0;
    memset(&m, 0, sizeof m);
    list = new_list(&m, &h, 20);
    CHECK_OK(frond_list_get_data_source(&source, list));
    FROND_INIT(listener);
    listener.did_apply = hear_failures;
    CHECK_OK(frond_data_source_add_listener(&listener_id, source, &listener, NULL, NULL));
    __atomic_store_n(&failing_row, 3, __ATOMIC_SEQ_CST);
    load_rows(list, 30);
    CHECK_OK(frond_list_set_viewport(list, 0, 400));
    CHECK_OK(frond_list_process(NULL, list, true));
    CHECK(failures_heard == 1 && changes_with_failures == 0);
    CHECK(failed_path.section == 0 && failed_path.item == 3);
    CHECK(shown_container(&m, 3) == 0 && shown_container(&m, 4) != 0);
    CHECK_OK(frond_list_get_item_frame(&second, list, path));
    path.item = 4;
    CHECK_OK(frond_list_get_item_frame(&fourth, list, path));
    CHECK(second.height > 0 && fourth.top == second.top + second.height);
    __atomic_store_n(&failing_row, -1, __ATOMIC_SEQ_CST);
    {   /* the list's items take its cross size: its data source refuses a configuration */
        frond_data_source_config config;
        int config_destroyed = 0;
        FROND_INIT(config);
        config.item_size_range = frond_size_range_flexible_height(50);
        config.provider = row;
        config.user_data = &config_destroyed;
        config.destroy = count_destroy;
        CHECK_FAILURE(FROND_ERR_MISUSE, frond_data_source_set_config(source, &config, FROND_APPLY_SYNC),
                      "list's data source");
        CHECK(config_destroyed == 1);
        CHECK_OK(frond_list_get_item_frame(&second, list, path));
        CHECK(second.width == 200);
    }
    CHECK(m.problems == 0);
    CHECK_OK(frond_list_free(list));
    CHECK(live_rows == 0);
}

/* The shown item whose container holds `offset` (-1: none). */
static long item_at(const mirror *m, float offset) {
    uint64_t view;
    for (view = 1; view < MAX_VIEWS; view++) {
        if (m->alive[view] && m->parent[view] == UINT64_MAX && !m->hidden[view] && m->item[view] >= 0 &&
            m->frame[view].top <= offset && offset < m->frame[view].top + m->frame[view].height) {
            return m->item[view];
        }
    }
    return -1;
}

/* A window resized: the shown items are laid out again at the new width, and the item at
 * the viewport's top stays where it was on screen. */
static void test_a_new_cross_size_lays_the_items_out_again_in_place(void) {
    static mirror m;
    heard h;
    frond_list *list;
    frond_list_statistics statistics;
    frond_rect frame;
    frond_item_path path = {0, 0};
    float cross = 0, before;
    long top_item;
    uint64_t view;
    int shown = 0;
    memset(&m, 0, sizeof m);
    list = new_list(&m, &h, 20);
    load_rows(list, 300);
    CHECK_OK(frond_list_set_viewport(list, 1000, 300));
    CHECK_OK(frond_list_process(NULL, list, true));
    statistics = statistics_of(list);
    top_item = item_at(&m, statistics.offset);
    CHECK(top_item >= 0);
    before = m.frame[shown_container(&m, top_item)].top - statistics.offset;
    path.item = (size_t)top_item;
    CHECK_OK(frond_list_get_item_frame(&frame, list, path));
    CHECK(frame.width == 200);
    CHECK_OK(frond_list_set_cross_size(list, 90));
    CHECK(m.problems == 0);
    CHECK_OK(frond_list_get_axis(NULL, &cross, list));
    CHECK(cross == 90);
    statistics = statistics_of(list);
    CHECK(m.frame[shown_container(&m, top_item)].top - statistics.offset == before);
    CHECK_OK(frond_list_get_item_frame(&frame, list, path));
    CHECK(frame.width == 90 && frame.top == m.frame[shown_container(&m, top_item)].top);
    for (view = 1; view < MAX_VIEWS; view++) {
        if (m.alive[view] && m.parent[view] == UINT64_MAX && !m.hidden[view] && m.item[view] >= 0) {
            CHECK(m.frame[view].width == 90);
            shown++;
        }
    }
    CHECK(shown > 0 && item_at(&m, statistics.offset + 299) >= 0);
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_list_set_cross_size(list, -1), "crossSize");
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_list_set_cross_size(list, 1.0f / 0.0f), "crossSize");
    CHECK_OK(frond_list_get_axis(NULL, &cross, list));
    CHECK(cross == 90);
    CHECK_OK(frond_list_process(NULL, list, true));
    CHECK(m.problems == 0);
    CHECK_OK(frond_list_free(list));
    CHECK(live_rows == 0);
}

typedef struct scroll_call {
    frond_list *list;
    frond_status status;
} scroll_call;

static void *scroll_on_thread(void *argument) {
    scroll_call *call = argument;
    call->status = frond_list_set_viewport(call->list, 500, 300);
    return NULL;
}

/* While one thread is in a list call (paused in the host's end_commit), every call of
 * another thread into the list or its data source's host calls is MISUSE and changes
 * nothing; asynchronous modifications are still queued. */
static void test_a_second_thread_calling_at_once_is_misuse(void) {
    static mirror m;
    heard h;
    frond_list *list;
    frond_data_source *source = NULL;
    frond_list_statistics before, after;
    frond_action_outcome outcome;
    frond_item_model model;
    frond_rect frame;
    frond_item_path path = {0, 1};
    scroll_call call;
    pthread_t thread;
    bool pending = false;
    memset(&m, 0, sizeof m);
    list = new_list(&m, &h, 20);
    CHECK_OK(frond_list_get_data_source(&source, list));
    load_rows(list, 200);
    CHECK_OK(frond_list_set_viewport(list, 0, 300));
    CHECK_OK(frond_list_process(NULL, list, true));
    before = statistics_of(list);
    FROND_INIT(after);
    call.list = list;
    call.status = FROND_ERR_INTERNAL;
    __atomic_store_n(&pause_in_commit, 1, __ATOMIC_SEQ_CST);
    CHECK(pthread_create(&thread, NULL, scroll_on_thread, &call) == 0);
    while (__atomic_load_n(&pause_in_commit, __ATOMIC_SEQ_CST) != 2) sleep_ms(1);
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_list_set_viewport(list, 900, 300), "another thread");
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_list_process(NULL, list, true), "another thread");
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_list_get_item_frame(&frame, list, path), "another thread");
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_list_get_statistics(&after, list), "another thread");
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_list_send_event(&outcome, list, 1, "onTap", NULL), "another thread");
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_list_set_listener(list, NULL, NULL, NULL), "another thread");
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_list_set_host(list, NULL, NULL, NULL), "another thread");
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_list_free(list), "another thread");
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_data_source_process(NULL, source, true), "another thread");
    model = row_model(1000);
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_data_source_set_items(source, 0, &model, 1, FROND_APPLY_SYNC),
                  "another thread");
    model = row_model(1001);
    CHECK_OK(frond_data_source_set_items(source, 0, &model, 1, FROND_APPLY_ASYNC));
    __atomic_store_n(&pause_in_commit, 3, __ATOMIC_SEQ_CST);
    CHECK(pthread_join(thread, NULL) == 0);
    __atomic_store_n(&pause_in_commit, 0, __ATOMIC_SEQ_CST);
    CHECK(call.status == FROND_OK);
    /* The other thread's scroll happened; the refused calls changed nothing; the list is
     * this thread's again, and the queued modification applies. */
    after = statistics_of(list);
    CHECK(before.offset == 0 && after.offset == 500 && after.mounted_items > 0);
    CHECK(live_rows == 201);
    CHECK_OK(frond_list_process(NULL, list, true));
    CHECK_OK(frond_data_source_has_pending(&pending, source));
    CHECK(!pending && live_rows == 1);
    CHECK(m.problems == 0);
    CHECK_OK(frond_list_free(list));
    CHECK(live_rows == 0);
}

/* A list's text measurer sizes its items' text, on the host thread and the builder's; a
 * config of the earlier size (without it) still makes a list, measured in monospace. */
static int measured_calls = 0; /* (atomic enough: read after the builder has finished) */
static frond_status tall_text(const char *text, const frond_text_style *style, float width, frond_measure_mode width_mode,
                              float height, frond_measure_mode height_mode, frond_size *out_size, void *user_data) {
    (void)text; (void)style; (void)width; (void)width_mode; (void)height; (void)height_mode;
    __atomic_add_fetch(&measured_calls, 1, __ATOMIC_SEQ_CST);
    out_size->width = 50;
    out_size->height = *(float *)user_data;
    return FROND_OK;
}

static void test_a_text_measurer_sizes_the_items(void) {
    static float row_height = 33;
    frond_list_config config;
    frond_list *list = NULL;
    frond_rect frame;
    frond_item_path path = {0, 1}, beyond = {0, 4};
    FROND_INIT(config);
    config.cross_size = 200;
    config.range_screens = 1;
    config.provider = row;
    config.user_data = &provider_destroyed;
    config.destroy = count_destroy;
    config.text_measure = tall_text;
    config.text_measure_user_data = &row_height;
    CHECK_OK(frond_list_new(&list, &config));
    {
        frond_list_axis axis = FROND_LIST_HORIZONTAL;
        float cross = 0;
        CHECK_OK(frond_list_get_axis(&axis, &cross, list));
        CHECK(axis == FROND_LIST_VERTICAL && cross == 200);
        CHECK_OK(frond_list_get_axis(NULL, NULL, list));
        CHECK_FAILURE(FROND_ERR_MISUSE, frond_list_get_axis(&axis, &cross, NULL), "NULL frond_list handle");
    }
    load_rows(list, 30);
    CHECK_OK(frond_list_set_viewport(list, 0, 100));
    CHECK_OK(frond_list_process(NULL, list, true));
    CHECK_OK(frond_list_get_item_frame(&frame, list, path));
    CHECK(frame.height == 33 && frame.top == 40); /* after row 0, a 40-point button */
    CHECK_OK(frond_list_get_item_frame(&frame, list, beyond));
    CHECK(frame.height == 33 && frame.top > 100); /* beyond the viewport: built by the builder */
    CHECK(measured_calls >= 3);
    CHECK_OK(frond_list_free(list));

    /* The earlier struct: no measurer (monospace: a 14-point line is 16.8, 17 on the pixel grid). */
    config.struct_size = (uint32_t)offsetof(frond_list_config, text_measure);
    config.text_measure = NULL;
    CHECK_OK(frond_list_new(&list, &config));
    load_rows(list, 30);
    CHECK_OK(frond_list_set_viewport(list, 0, 100));
    CHECK_OK(frond_list_process(NULL, list, true));
    CHECK_OK(frond_list_get_item_frame(&frame, list, path));
    CHECK(frame.height == 17);
    CHECK_OK(frond_list_free(list));
    config.struct_size = (uint32_t)offsetof(frond_list_config, text_measure) + 4; /* cuts a member */
    {
        int destroyed = provider_destroyed;
        CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_list_new(&list, &config), "struct_size");
        CHECK(provider_destroyed == destroyed); /* nothing of a struct of an unknown size is read */
        config.struct_size = 8;
        CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_list_new(&list, &config), "struct_size");
        CHECK(provider_destroyed == destroyed);
    }
    CHECK(live_rows == 0);
}

/* Rows far taller than estimated, the viewport at the estimated bottom: as real sizes
 * arrive above it, the offset moves beyond the old length, and the host hears the new
 * length first (a host clamping its scroll position to the old one would jump). */
/* Rows of one fixed size (the provider's user_data: a frond_size_spec). */
static frond_status fixed_row(frond_component **out_component, void *model, void *user_data) {
    frond_view_spec view;
    (void)model;
    FROND_INIT(view);
    view.view_type = "row";
    return frond_component_new(out_component, &view, (const frond_size_spec *)user_data, NULL);
}

/* A list of fixed-size rows shown by the strict host `m`. */
static frond_list *new_fixed_row_list(mirror *m, frond_size_spec *row_size, float cross_size, float estimate,
                                      float range_screens) {
    frond_list_config config;
    frond_list *list = NULL;
    frond_host host;
    memset(m, 0, sizeof *m);
    FROND_INIT(config);
    config.cross_size = cross_size;
    config.estimated_item_size = estimate;
    config.range_screens = range_screens;
    config.provider = fixed_row;
    config.user_data = row_size;
    CHECK_OK(frond_list_new(&list, &config));
    FROND_INIT(host);
    host.begin_commit = strict_begin;
    host.apply = strict_apply;
    host.end_commit = strict_end;
    CHECK_OK(frond_list_set_host(list, &host, m, NULL));
    return list;
}

static void test_an_adjusted_offset_comes_after_its_length(void) {
    static mirror m;
    static frond_size_spec tall;
    heard h;
    frond_list *list;
    frond_list_listener listener;
    frond_list_statistics statistics;
    int step;
    tall = frond_size_points(100, 60);
    list = new_fixed_row_list(&m, &tall, 100, 10, 3); /* more is built above the viewport than in it */
    FROND_INIT(listener);
    listener.did_change_content_length = did_change_content_length;
    listener.did_adjust_offset = did_adjust_offset;
    memset(&h, 0, sizeof h);
    h.viewport = 200;
    CHECK_OK(frond_list_set_listener(list, &listener, &h, NULL));
    load_rows(list, 300); /* estimated 3,000 points, really 18,000 */
    for (step = 0; step < 30; step++) {
        statistics = statistics_of(list);
        CHECK_OK(frond_list_set_viewport(list, statistics.content_length > 200 ? statistics.content_length - 200 : 0, 200));
        CHECK_OK(frond_list_process(NULL, list, true));
    }
    CHECK(h.adjusts > 0);
    CHECK(h.adjusts_beyond_length == 0);
    CHECK(m.problems == 0);
    CHECK_OK(frond_list_free(list));
    CHECK(live_rows == 0);
}

/* Rows a third of the estimate; processing queues the next range build, so one is pending
 * when the viewport moves back to the top: the visible rows are still shown at once. */
static void test_scrolling_back_over_small_items_shows_them_at_once(void) {
    static mirror m;
    static frond_size_spec small;
    frond_list *list;
    frond_list_statistics statistics;
    long item;
    small = frond_size_points(50, 10);
    list = new_fixed_row_list(&m, &small, 200, 30, 1);
    load_rows(list, 100);
    CHECK_OK(frond_list_set_viewport(list, 1000, 300));
    CHECK_OK(frond_list_process(NULL, list, true));
    CHECK_OK(frond_list_set_viewport(list, 0, 300));
    for (item = 0; item < 30; item++) { /* the whole viewport, before any processing */
        uint64_t container = shown_container(&m, item);
        CHECK(container != 0 && m.frame[container].top == (float)item * 10);
    }
    CHECK_OK(frond_list_process(NULL, list, true));
    statistics = statistics_of(list);
    CHECK(statistics.offset == 0); /* nothing above the top moved it */
    CHECK(m.problems == 0);
    CHECK_OK(frond_list_free(list));
    CHECK(live_rows == 0);
}

/* With the average as the estimate (0), a jump far into the list lands where nothing is
 * built, and the rows built there (a quarter of the 44 points counted before any was) move
 * every row above: the row at the viewport's top stays there on screen, and is shown. */
static void test_a_jump_with_the_average_estimate_keeps_the_row_it_jumped_to(void) {
    static mirror m;
    static frond_size_spec short_row;
    frond_list *list;
    frond_list_statistics statistics;
    frond_rect before, after;
    double fractions[2] = {0.5, 0.999};
    int i;
    short_row = frond_size_points(50, 11);
    for (i = 0; i < 2; i++) {
        float offset;
        frond_item_path path = {0, 0};
        list = new_fixed_row_list(&m, &short_row, 200, 0, 1);
        load_rows(list, 10000);
        statistics = statistics_of(list);
        CHECK(statistics.content_length == 10000 * 44.0f);
        offset = (float)(statistics.content_length * fractions[i]);
        path.item = (size_t)(offset / 44);
        CHECK_OK(frond_list_get_item_frame(&before, list, path));
        CHECK_OK(frond_list_set_viewport(list, offset, 300));
        CHECK_OK(frond_list_process(NULL, list, true));
        statistics = statistics_of(list);
        CHECK_OK(frond_list_get_item_frame(&after, list, path));
        CHECK(fabsf((after.top - statistics.offset) - (before.top - offset)) < 1);
        CHECK(statistics.offset <= statistics.content_length && statistics.content_length < 10000 * 44.0f);
        CHECK(shown_container(&m, (long)path.item) != 0);
        CHECK(m.problems == 0);
        CHECK_OK(frond_list_free(list));
    }
}

/* Scrolling to an item far into a list of estimated sizes puts it where asked, by its real
 * size, shown on the strict host, and tells the listener the offset. */
static void test_scrolling_to_an_item_puts_it_where_asked(void) {
    static mirror m;
    heard h;
    frond_list *list = new_list(&m, &h, 12);
    frond_list_scroll_position positions[3] = {FROND_LIST_SCROLL_START, FROND_LIST_SCROLL_CENTER, FROND_LIST_SCROLL_END};
    size_t items[3] = {3000, 1234, 4999};
    frond_item_path path = {0, 0};
    int i;
    h.viewport = 300;
    load_rows(list, 5000);
    CHECK_OK(frond_list_set_viewport(list, 0, 300));
    for (i = 0; i < 3; i++) {
        frond_list_statistics statistics;
        frond_rect frame;
        uint64_t container;
        int adjusts = h.adjusts;
        float edge;
        path.item = items[i];
        CHECK_OK(frond_list_scroll_to_item(list, path, positions[i]));
        statistics = statistics_of(list);
        container = shown_container(&m, (long)items[i]);
        CHECK(container != 0 && m.problems == 0);
        frame = m.frame[container];
        edge = positions[i] == FROND_LIST_SCROLL_START ? frame.top - statistics.offset
             : positions[i] == FROND_LIST_SCROLL_CENTER ? frame.top + frame.height / 2 - statistics.offset - 150
             : frame.top + frame.height - statistics.offset - 300;
        CHECK(fabsf(edge) < 0.5f);
        CHECK(h.adjusts > adjusts);
    }
    CHECK(h.adjusts_beyond_length == 0);
    path.item = 5000;
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_list_scroll_to_item(list, path, FROND_LIST_SCROLL_START),
                  "no such item");
    path.item = 0;
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_list_scroll_to_item(list, path, (frond_list_scroll_position)7),
                  "not a frond_list_scroll_position");
    CHECK_OK(frond_list_free(list));
}

int main(void) {
    size_t handles_at_start = 0, handles_at_end = 0;
    int providers, hosts;
    CHECK_OK(frond_handle_count(&handles_at_start));
    test_only_items_near_the_viewport_are_shown_and_views_are_reused();
    test_a_changeset_moves_the_mounted_items();
    test_an_item_given_a_new_model_leaves_with_the_old_one();
    test_events_and_bad_input();
    test_a_text_measurer_sizes_the_items();
    test_an_adjusted_offset_comes_after_its_length();
    test_scrolling_back_over_small_items_shows_them_at_once();
    test_a_jump_with_the_average_estimate_keeps_the_row_it_jumped_to();
    test_scrolling_to_an_item_puts_it_where_asked();
    test_an_item_that_fails_as_the_list_builds_it_is_reported();
    test_a_second_thread_calling_at_once_is_misuse();
    test_a_new_cross_size_lays_the_items_out_again_in_place();
    test_a_list_cannot_be_freed_from_its_own_host();
    test_an_items_handler_updates_state_and_goes_on_using_its_root();
    test_a_tap_at_a_point_reaches_the_item_there();
    test_a_released_item_keeps_its_state();
    test_the_items_animate_as_the_list_ticks();
    test_a_removed_item_fades_out_where_it_was();
    providers = provider_destroyed;
    hosts = host_destroyed;
    /* (Each list's provider user_data once, a refused one's too, but for the two refused for
     * their struct_size, whose destroy was not read.) */
    CHECK(providers == 11 && hosts == 9);
    CHECK(empty_commits == 0);
    CHECK(unplaced_inserts == 0);
    if (unplaced_inserts != 0) fprintf(stderr, "%d containers inserted before they were placed\n", unplaced_inserts);
    if (empty_commits != 0) fprintf(stderr, "%d empty commits\n", empty_commits);
    CHECK_OK(frond_handle_count(&handles_at_end));
    CHECK(handles_at_end == handles_at_start);
    return check_report("list_view_test");
}
