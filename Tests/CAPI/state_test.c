/* Functional test of the Render-components-and-state section of the C API: render
 * classes with props and state, scopes, state updates (also from other threads), the
 * reconciliation rules seen through frond_root_get_statistics, and that every props,
 * state and user_data value is destroyed exactly once. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* ---- bookkeeping --------------------------------------------------------- */

static int live_props = 0;     /* props allocated and not yet destroyed */
static int live_states = 0;    /* states allocated and not yet destroyed */
static int class_destroyed = 0;
static int renders = 0;

typedef struct counter_props {
    char name[16];
    int start;
    bool skip_updates;         /* should_update answers false */
    bool fail_render;          /* render returns an error */
    bool garbage_child;        /* render writes a handle that is not a component */
} counter_props;

static void destroy_props(void *props) {
    live_props--;
    free(props);
}

static void destroy_state(void *state) {
    live_states--;
    free(state);
}

static int *new_state(int value) {
    int *state = malloc(sizeof *state);
    if (state != NULL) {
        *state = value;
        live_states++;
    }
    return state;
}

/* The scope each counter was last rendered with, by name. */
#define MAX_COUNTERS 16
static struct {
    char name[16];
    frond_scope *scope;
} scopes[MAX_COUNTERS];

static void remember_scope(const char *name, frond_scope *scope) {
    int i;
    for (i = 0; i < MAX_COUNTERS; i++) {
        if (scopes[i].scope == NULL || strcmp(scopes[i].name, name) == 0) {
            snprintf(scopes[i].name, sizeof scopes[i].name, "%s", name);
            scopes[i].scope = scope;
            return;
        }
    }
}

static frond_scope *scope_of(const char *name) {
    int i;
    for (i = 0; i < MAX_COUNTERS; i++) {
        if (scopes[i].scope != NULL && strcmp(scopes[i].name, name) == 0) return scopes[i].scope;
    }
    return NULL;
}

/* ---- the counter class: a "counter" view with its name and count --------- */

static frond_status counter_initial_state(void **out_state, void *props, void *user_data) {
    (void)user_data;
    *out_state = new_state(((counter_props *)props)->start);
    return *out_state != NULL ? FROND_OK : FROND_ERR_OUT_OF_MEMORY;
}

static pthread_t last_render_thread;

static frond_status counter_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                                   void *user_data) {
    counter_props *p = props;
    frond_attribute attributes[2];
    frond_view_spec view;
    frond_size_spec size;
    (void)user_data;
    renders++;
    last_render_thread = pthread_self();
    if (p->fail_render) return FROND_ERR_INVALID_ARGUMENT;
    if (p->garbage_child) {
        *out_child = (frond_component *)(uintptr_t)0xbadc0deu;
        return FROND_OK;
    }
    remember_scope(p->name, scope);
    memset(attributes, 0, sizeof attributes);
    attributes[0].name = "name";
    attributes[0].kind = FROND_ATTRIBUTE_STRING;
    attributes[0].string = p->name;
    attributes[1].name = "count";
    attributes[1].kind = FROND_ATTRIBUTE_NUMBER;
    attributes[1].number = *(int *)state;
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "counter";
    view.attributes = attributes;
    view.attribute_count = 2;
    memset(&size, 0, sizeof size);
    size.struct_size = sizeof size;
    size.width.value = 20;
    size.width.unit = FROND_UNIT_POINT;
    size.height.value = 10;
    size.height.unit = FROND_UNIT_POINT;
    return frond_component_new(out_child, &view, &size, NULL);
}

static int should_update_calls = 0;
static frond_status counter_should_update(bool *out_should_update, void *previous_props, void *props,
                                          void *user_data) {
    (void)previous_props; (void)user_data;
    should_update_calls++;
    *out_should_update = !((counter_props *)props)->skip_updates;
    return FROND_OK;
}

static void count_class_destroy(void *user_data) {
    (void)user_data;
    class_destroyed++;
}

static frond_render_class *new_counter_class(void) {
    frond_render_class *cls = NULL;
    frond_render_class_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.struct_size = sizeof spec;
    spec.name = "Counter";
    spec.initial_state = counter_initial_state;
    spec.render = counter_render;
    spec.should_update = counter_should_update;
    spec.destroy_state = destroy_state;
    CHECK_OK(frond_render_class_new(&cls, &spec, NULL, count_class_destroy));
    return cls;
}

static counter_props *new_props(const char *name) {
    counter_props *p = calloc(1, sizeof *p);
    if (p != NULL) {
        snprintf(p->name, sizeof p->name, "%s", name);
        live_props++;
    }
    return p;
}

static frond_component *counter(frond_render_class *cls, const char *name, bool skip_updates) {
    frond_component *component = NULL;
    counter_props *p = new_props(name);
    p->skip_updates = skip_updates;
    CHECK_OK(frond_component_new_render(&component, cls, NULL, NULL, name, p, destroy_props));
    return component;
}

/* A "list" view holding counters with the given names (keyed by name). */
static frond_component *counter_list(frond_render_class *cls, const char *const *names, size_t count,
                                     bool skip_updates) {
    frond_component *list = NULL;
    frond_flex_child children[MAX_COUNTERS];
    frond_view_spec view;
    size_t i;
    memset(children, 0, sizeof children);
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "list";
    for (i = 0; i < count; i++) {
        children[i].struct_size = sizeof children[i];
        children[i].component = counter(cls, names[i], skip_updates);
    }
    CHECK_OK(frond_component_new_flexbox(&list, &view, NULL, NULL, NULL, children, count));
    for (i = 0; i < count; i++) CHECK_OK(frond_component_release(children[i].component));
    return list;
}

static void show(frond_root *root, frond_component *component) {
    CHECK_OK(frond_root_set_component(root, component));
    CHECK_OK(frond_component_release(component));
}

static frond_commit_statistics flush(frond_root *root) {
    frond_commit_statistics statistics;
    memset(&statistics, 0, sizeof statistics);
    statistics.struct_size = sizeof statistics;
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK_OK(frond_root_get_statistics(&statistics, root));
    return statistics;
}

/* The mounted counters as "name=count name=count …". */
static void counts(frond_root *root, char *out, size_t capacity) {
    char text[4096];
    const char *cursor;
    size_t length = 0, used = 0;
    out[0] = '\0';
    CHECK_OK(frond_root_describe(&length, root, text, sizeof text));
    for (cursor = text; (cursor = strstr(cursor, "name=\"")) != NULL;) {
        char name[16];
        double count = -1;
        const char *count_text;
        size_t n = 0;
        cursor += 6;
        while (cursor[n] != '"' && cursor[n] != '\0' && n < sizeof name - 1) {
            name[n] = cursor[n];
            n++;
        }
        name[n] = '\0';
        /* count= comes before name= on the line (attributes are sorted). */
        count_text = cursor;
        while (count_text > text && count_text[-1] != '\n') count_text--;
        count_text = strstr(count_text, "count=");
        if (count_text != NULL) count = atof(count_text + 6);
        used += (size_t)snprintf(out + used, capacity - used, "%s%s=%g", used > 0 ? " " : "", name, count);
        if (used >= capacity) break;
    }
}

/* ---- state updates ------------------------------------------------------- */

static int update_destroyed = 0;

static frond_status add_amount(void **state, void *user_data) {
    **(int **)state += *(int *)user_data;
    return FROND_OK;
}

static frond_status refuse_update(void **state, void *user_data) {
    (void)user_data;
    **(int **)state = -999; /* ignored: the update is dropped */
    return FROND_ERR_INVALID_ARGUMENT;
}

static void destroy_amount(void *user_data) {
    update_destroyed++;
    free(user_data);
}

static frond_status add(frond_scope *scope, int amount) {
    int *boxed = malloc(sizeof *boxed);
    *boxed = amount;
    return frond_scope_update_state(scope, add_amount, boxed, destroy_amount);
}

static void test_state_updates_render_only_their_component(void) {
    static const char *const abc[] = {"a", "b", "c"};
    frond_render_class *cls = new_counter_class();
    frond_root *root = NULL;
    frond_commit_statistics statistics;
    char text[256];
    void *state = NULL;
    int *b_state;
    frond_size_range range = {sizeof(frond_size_range), FROND_SIZE_RANGE_FIXED, 100, 100};

    CHECK_OK(frond_root_new(&root, &range));
    show(root, counter_list(cls, abc, 3, false));
    statistics = flush(root);
    CHECK(statistics.renders == 3);
    CHECK(statistics.scopes_created == 3);
    CHECK(statistics.components == 7);
    CHECK(statistics.views_visited == 4); /* the list and its three counters */
    CHECK(statistics.build_ns + statistics.layout_ns + statistics.mount_ns + statistics.release_ns > 0);
    CHECK(live_states == 3);
    counts(root, text, sizeof text);
    CHECK(strcmp(text, "a=0 b=0 c=0") == 0);
    /* The component tree shows each counter's scope's state as opaque (never read). */
    {
        char tree[1024];
        size_t length = 0;
        CHECK_OK(frond_root_describe_components(&length, root, tree, sizeof tree));
        CHECK(strcmp(tree,
                     "Flexbox(list) (0, 0, 100×100) #1\n"
                     "  Counter[\"a\"] (0, 0, 20×10) #2 viewless state=<opaque>\n"
                     "    Component(counter) (0, 0, 20×10) #3\n"
                     "  Counter[\"b\"] (0, 10, 20×10) #4 viewless state=<opaque>\n"
                     "    Component(counter) (0, 0, 20×10) #5\n"
                     "  Counter[\"c\"] (0, 20, 20×10) #6 viewless state=<opaque>\n"
                     "    Component(counter) (0, 0, 20×10) #7") == 0);
        CHECK(length == strlen(tree));
        if (check_failures) fprintf(stderr, "%s\n", tree);
    }

    /* An update changes b's state in place and renders b only. */
    CHECK_OK(frond_scope_get_state(&state, scope_of("b")));
    b_state = state;
    CHECK_OK(add(scope_of("b"), 5));
    CHECK_OK(add(scope_of("b"), 2));
    statistics = flush(root);
    CHECK(statistics.state_updates == 2);
    CHECK(statistics.renders == 1);
    CHECK(statistics.should_update_calls == 0);
    CHECK(statistics.reused_subtrees == 2);
    CHECK(statistics.mutations == 1);
    CHECK(statistics.views_visited == 2); /* the list and b's view: the build visited only b */
    CHECK(update_destroyed == 2);
    CHECK_OK(frond_scope_get_state(&state, scope_of("b")));
    CHECK(state == b_state && *b_state == 7);
    counts(root, text, sizeof text);
    CHECK(strcmp(text, "a=0 b=7 c=0") == 0);

    /* Replacing the state destroys the old value. */
    CHECK_OK(frond_scope_set_state(scope_of("c"), new_state(40)));
    CHECK(live_states == 4);
    statistics = flush(root);
    CHECK(live_states == 3);
    counts(root, text, sizeof text);
    CHECK(strcmp(text, "a=0 b=7 c=40") == 0);

    /* A refused update leaves the state as it was. */
    CHECK_OK(frond_scope_update_state(scope_of("a"), refuse_update, NULL, NULL));
    statistics = flush(root);
    CHECK(statistics.dropped_state_updates == 1);
    CHECK(statistics.state_updates == 0);
    CHECK(statistics.renders == 0);
    counts(root, text, sizeof text);
    CHECK(strcmp(text, "a=0 b=7 c=40") == 0);

    /* An unchanged flush renders and lays out nothing. */
    statistics = flush(root);
    CHECK(statistics.renders == 0 && statistics.built_nodes == 0 && statistics.layouts == 0);
    CHECK(statistics.views_visited == 1); /* the list only: nothing in it changed */

    CHECK_OK(frond_root_free(root));
    CHECK(live_states == 0);
    CHECK(live_props == 0);
    CHECK_OK(frond_render_class_release(cls));
    CHECK(class_destroyed == 1);
}

static void test_should_update_and_keyed_reorder(void) {
    static const char *const abc[] = {"a", "b", "c"};
    static const char *const cab[] = {"c", "a", "b"};
    static const char *const cb[] = {"c", "b"};
    frond_render_class *cls = new_counter_class();
    frond_root *root = NULL;
    frond_commit_statistics statistics;
    char text[256];
    frond_scope *a_scope;
    frond_size_range range = {sizeof(frond_size_range), FROND_SIZE_RANGE_FIXED, 100, 100};

    CHECK_OK(frond_root_new(&root, &range));
    show(root, counter_list(cls, abc, 3, true));
    flush(root);
    CHECK_OK(add(scope_of("a"), 1));
    CHECK_OK(add(scope_of("b"), 2));
    CHECK_OK(add(scope_of("c"), 3));
    flush(root);
    a_scope = scope_of("a");

    /* New components with the same identities: should_update says no, nothing renders. */
    should_update_calls = 0;
    show(root, counter_list(cls, abc, 3, true));
    statistics = flush(root);
    CHECK(should_update_calls == 3);
    CHECK(statistics.should_update_calls == 3);
    CHECK(statistics.renders == 0);
    CHECK(statistics.mutations == 0);

    /* Reordered: the states follow their keys, the views move. */
    show(root, counter_list(cls, cab, 3, false));
    statistics = flush(root);
    CHECK(statistics.scopes_created == 0 && statistics.scopes_destroyed == 0);
    CHECK(statistics.created == 0);
    CHECK(statistics.moved == 1);
    counts(root, text, sizeof text);
    CHECK(strcmp(text, "c=3 a=1 b=2") == 0);
    CHECK(scope_of("a") == a_scope);

    /* a leaves: its scope dies with its state, its handle is refused from then on. */
    show(root, counter_list(cls, cb, 2, false));
    statistics = flush(root);
    CHECK(statistics.scopes_destroyed == 1);
    CHECK(live_states == 2);
    CHECK_STATUS(FROND_ERR_MISUSE, add(a_scope, 1));
    CHECK(update_destroyed > 0);
    {
        int *fresh = new_state(5);
        void *state = NULL;
        /* On failure the state stays the caller's. */
        CHECK_STATUS(FROND_ERR_MISUSE, frond_scope_set_state(a_scope, fresh));
        CHECK(live_states == 3);
        destroy_state(fresh);
        CHECK_STATUS(FROND_ERR_MISUSE, frond_scope_get_state(&state, a_scope));
    }

    /* Back again, a starts from its initial state. */
    show(root, counter_list(cls, cab, 3, false));
    statistics = flush(root);
    CHECK(statistics.scopes_created == 1);
    counts(root, text, sizeof text);
    CHECK(strcmp(text, "c=3 a=0 b=2") == 0);

    CHECK_OK(frond_render_class_release(cls));
    CHECK(class_destroyed == 0); /* components of the class are still alive */
    CHECK_OK(frond_root_free(root));
    CHECK(class_destroyed == 1);
    CHECK(live_states == 0 && live_props == 0);
}

/* ---- a stateless class ------------------------------------------------------ */

static frond_status label_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                                 void *user_data) {
    (void)user_data;
    CHECK(scope == NULL && state == NULL);
    renders++;
    return frond_component_new_text(out_child, (const char *)props, NULL, NULL, NULL);
}

static frond_status compare_labels(bool *out_should_update, void *previous_props, void *props, void *user_data) {
    (void)user_data;
    *out_should_update = strcmp((const char *)previous_props, (const char *)props) != 0;
    return FROND_OK;
}

static void test_stateless_class_renders_when_props_change(void) {
    frond_render_class *cls = NULL;
    frond_render_class_spec spec;
    frond_root *root = NULL;
    frond_component *label = NULL;
    frond_commit_statistics statistics;
    char text[256];
    size_t length = 0;
    memset(&spec, 0, sizeof spec);
    spec.struct_size = sizeof spec;
    spec.name = "Label";
    spec.render = label_render;
    spec.should_update = compare_labels;
    CHECK_OK(frond_render_class_new(&cls, &spec, NULL, NULL));
    CHECK_OK(frond_root_new(&root, NULL));

    CHECK_OK(frond_component_new_render(&label, cls, NULL, NULL, NULL, "Hi", NULL));
    show(root, label);
    statistics = flush(root);
    CHECK(statistics.renders == 1 && statistics.scopes_created == 0);
    CHECK_OK(frond_component_new_render(&label, cls, NULL, NULL, NULL, "Hi", NULL));
    show(root, label);
    statistics = flush(root);
    CHECK(statistics.renders == 0 && statistics.should_update_calls == 1);
    CHECK_OK(frond_component_new_render(&label, cls, NULL, NULL, NULL, "Hello", NULL));
    show(root, label);
    statistics = flush(root);
    CHECK(statistics.renders == 1);
    CHECK_OK(frond_root_describe(&length, root, text, sizeof text));
    CHECK(strstr(text, "text=\"Hello\"") != NULL);
    /* A stateless class is named by its class name and has no state. */
    CHECK_OK(frond_root_describe_components(&length, root, text, sizeof text));
    CHECK(strncmp(text, "Label (0, 0, ", strlen("Label (0, 0, ")) == 0);
    CHECK(strstr(text, "viewless") != NULL && strstr(text, "state=") == NULL);
    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_render_class_release(cls));
}

/* ---- failures ------------------------------------------------------------ */

static void test_failing_render_keeps_the_mounted_views(void) {
    static const char *const ab[] = {"a", "b"};
    frond_render_class *cls = new_counter_class();
    frond_root *root = NULL;
    frond_component *list = NULL, *bad = NULL;
    frond_flex_child children[1];
    char before[1024], after[1024];
    size_t length = 0;
    counter_props *p;
    int states_before;

    CHECK_OK(frond_root_new(&root, NULL));
    show(root, counter_list(cls, ab, 2, false));
    flush(root);
    CHECK_OK(frond_root_describe(&length, root, before, sizeof before));
    states_before = live_states;

    /* A render that fails: FROND_ERR_CALLBACK naming the class; nothing changes. */
    p = new_props("bad");
    p->fail_render = true;
    CHECK_OK(frond_component_new_render(&bad, cls, NULL, NULL, NULL, p, destroy_props));
    memset(children, 0, sizeof children);
    children[0].struct_size = sizeof children[0];
    children[0].component = bad;
    CHECK_OK(frond_component_new_flexbox(&list, NULL, NULL, NULL, NULL, children, 1));
    CHECK_OK(frond_component_release(bad));
    CHECK_OK(frond_root_set_component(root, list));
    CHECK_OK(frond_component_release(list));
    CHECK_STATUS(FROND_ERR_CALLBACK, frond_root_flush(root, NULL));
    {
        frond_status status = frond_root_flush(root, NULL);
        CHECK(status == FROND_ERR_CALLBACK);
        CHECK(strstr(frond_last_error_message(), "Counter: render returned FROND_ERR_INVALID_ARGUMENT") != NULL);
        frond_clear_last_error();
    }
    CHECK_OK(frond_root_describe(&length, root, after, sizeof after));
    CHECK(strcmp(before, after) == 0);
    /* The failed build's new scope died with its state. */
    CHECK(live_states == states_before);

    /* A render that writes a value that is not a component handle. */
    p = new_props("garbage");
    p->garbage_child = true;
    CHECK_OK(frond_component_new_render(&bad, cls, NULL, NULL, NULL, p, destroy_props));
    CHECK_OK(frond_root_set_component(root, bad));
    CHECK_OK(frond_component_release(bad));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_flush(root, NULL));
    CHECK_OK(frond_root_describe(&length, root, after, sizeof after));
    CHECK(strcmp(before, after) == 0);

    /* The root still works. */
    show(root, counter_list(cls, ab, 2, false));
    flush(root);
    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_render_class_release(cls));
    CHECK(live_states == 0 && live_props == 0);
}

/* ---- threads and flush requests -------------------------------------------- */

static int flush_requests = 0;
static int request_destroyed = 0;

static frond_status count_request(frond_root *root, void *user_data) {
    (void)root;
    __atomic_add_fetch((int *)user_data, 1, __ATOMIC_SEQ_CST);
    return FROND_OK;
}

static void count_request_destroy(void *user_data) {
    (void)user_data;
    request_destroyed++;
}

static void *add_from_thread(void *scope) {
    int i;
    for (i = 0; i < 250; i++) {
        if (add((frond_scope *)scope, 1) != FROND_OK) break;
    }
    return NULL;
}

static void test_updates_from_threads_are_applied_in_one_flush(void) {
    static const char *const a[] = {"a"};
    frond_render_class *cls = new_counter_class();
    frond_root *root = NULL;
    frond_commit_statistics statistics;
    pthread_t threads[4];
    bool needs_flush = true;
    char text[64];
    int i;

    CHECK_OK(frond_root_new(&root, NULL));
    CHECK_OK(frond_root_set_flush_request(root, count_request, &flush_requests, count_request_destroy));
    show(root, counter_list(cls, a, 1, false));
    CHECK(flush_requests == 1); /* (the program gave the root a component) */
    flush(root);
    flush_requests = 0;
    CHECK_OK(frond_root_needs_flush(&needs_flush, root));
    CHECK(!needs_flush);
    update_destroyed = 0;
    for (i = 0; i < 4; i++) CHECK(pthread_create(&threads[i], NULL, add_from_thread, scope_of("a")) == 0);
    for (i = 0; i < 4; i++) pthread_join(threads[i], NULL);
    CHECK(flush_requests == 1);
    CHECK_OK(frond_root_needs_flush(&needs_flush, root));
    CHECK(needs_flush);
    statistics = flush(root);
    CHECK(statistics.state_updates == 1000);
    CHECK(statistics.renders == 1);
    CHECK(update_destroyed == 1000);
    counts(root, text, sizeof text);
    CHECK(strcmp(text, "a=1000") == 0);

    /* Replacing the request function destroys the old one's user_data. */
    CHECK_OK(frond_root_set_flush_request(root, NULL, NULL, NULL));
    CHECK(request_destroyed == 1);
    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_render_class_release(cls));
}

/* What a program gives a root outside a host's callbacks asks for a flush too: a host that
 * flushes on request (the web server) showed props set from a timer only after the page's
 * next event. A call that is refused asks for nothing. */
static frond_status box_provider(frond_component **out_component, void *props, void *user_data) {
    frond_size_spec size = frond_size_points(props ? 20 : 10, 10);
    (void)user_data;
    return frond_component_new(out_component, NULL, &size, NULL);
}

static frond_status flat_measure(const char *text, const frond_text_style *style, float width,
                                 frond_measure_mode width_mode, float height, frond_measure_mode height_mode,
                                 frond_size *out_size, void *user_data) {
    (void)text, (void)style, (void)width, (void)width_mode, (void)height, (void)height_mode, (void)user_data;
    out_size->width = 10;
    out_size->height = 10;
    return FROND_OK;
}

static void test_what_the_program_gives_a_root_asks_for_a_flush(void) {
    frond_root *root = NULL;
    frond_size_range range = frond_size_range_flexible_height(120);
    frond_size_spec size = frond_size_points(5, 5);
    frond_component *box = NULL;
    int requests = 0;
    bool needs_flush = false;
    CHECK_OK(frond_root_new(&root, NULL));
    CHECK_OK(frond_root_set_flush_request(root, count_request, &requests, NULL));
    CHECK_OK(frond_component_new(&box, NULL, &size, NULL));
    CHECK_OK(frond_root_set_component(root, box));
    frond_component_release(box);
    CHECK(requests == 1);
    flush(root);
    CHECK_OK(frond_root_set_size_range(root, &range));
    CHECK(requests == 2);
    CHECK_OK(frond_root_set_text_measurer(root, flat_measure, NULL, NULL));
    CHECK(requests == 3);
    CHECK_OK(frond_root_set_provider(root, box_provider, NULL, NULL));
    CHECK(requests == 4);
    flush(root);
    CHECK_OK(frond_root_set_props(root, &requests, NULL));
    CHECK(requests == 5);
    CHECK_OK(frond_root_needs_flush(&needs_flush, root));
    CHECK(needs_flush);
    flush(root);
    CHECK_OK(frond_root_set_provider(root, NULL, NULL, NULL)); /* (the root shows nothing) */
    CHECK(requests == 6);
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_set_props(root, &requests, NULL)); /* no provider */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_set_size_range(root, NULL));
    CHECK(requests == 6);
    CHECK_OK(frond_root_free(root));
}

/* A thousand state updates, each flushed, call the flush request as deep as the first: once
 * every request went through one more wrapper (the handler was read out of a lock's generic
 * storage and written back converted), until the thread overflowed its stack. */
static char *request_stack_base;
static long request_depth;
static frond_status measure_request(frond_root *root, void *user_data) {
    (void)root;
    (void)user_data;
    request_depth = (long)(request_stack_base - (char *)__builtin_frame_address(0));
    return FROND_OK;
}

static void test_flush_requests_come_no_deeper_as_they_go(void) {
    static const char *const a[] = {"a"};
    frond_render_class *cls = new_counter_class();
    frond_root *root = NULL;
    long first = 0;
    int i;
    request_stack_base = (char *)__builtin_frame_address(0); /* (frames, not locals: ASan moves locals) */
    CHECK_OK(frond_root_new(&root, NULL));
    CHECK_OK(frond_root_set_flush_request(root, measure_request, NULL, NULL));
    show(root, counter_list(cls, a, 1, false));
    flush(root);
    for (i = 1; i <= 1000; i++) {
        CHECK_OK(add(scope_of("a"), 1));
        flush(root);
        if (i == 10) first = request_depth;
    }
    CHECK(first > 0 && request_depth <= first + 256);
    if (request_depth > first + 256) {
        fprintf(stderr, "the flush request comes %ld bytes deeper after 1,000 updates than after 10\n",
                request_depth - first);
    }
    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_render_class_release(cls));
}

/* An update made while a prepared flush waits asks for a flush (which a host would find
 * refused: the root is busy); the commit then asks again, since the update still waits.
 * Once nothing asked again, and the update waited for another one. */
static void test_updates_during_a_prepare_are_asked_for_again(void) {
    static const char *const a[] = {"a"};
    frond_render_class *cls = new_counter_class();
    frond_root *root = NULL;
    bool needs_flush = false;
    int requests = 0;
    char text[64];
    CHECK_OK(frond_root_new(&root, NULL));
    CHECK_OK(frond_root_set_flush_request(root, count_request, &requests, NULL));
    show(root, counter_list(cls, a, 1, false));
    flush(root);
    requests = 0;
    CHECK_OK(frond_root_prepare(root));
    CHECK_OK(add(scope_of("a"), 1));
    CHECK(requests == 1);
    CHECK_OK(frond_root_commit(root, NULL));
    CHECK(requests == 2);
    CHECK_OK(frond_root_needs_flush(&needs_flush, root));
    CHECK(needs_flush);
    flush(root);
    CHECK(requests == 2);  /* nothing waits after it */
    counts(root, text, sizeof text);
    CHECK(strcmp(text, "a=1") == 0);
    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_render_class_release(cls));
}

/* ---- asynchronous flushes ------------------------------------------------ */

typedef struct host_log {
    int mutations;
    int off_thread; /* mutations applied on another thread than the committing one */
    pthread_t committer;
} host_log;

static frond_status log_apply(frond_root *root, const frond_mutation *mutation, void *user_data) {
    host_log *log = user_data;
    (void)root; (void)mutation;
    log->mutations++;
    if (!pthread_equal(pthread_self(), log->committer)) log->off_thread++;
    return FROND_OK;
}

static void *prepare_on_thread(void *root) {
    static frond_status status;
    status = frond_root_prepare(root);
    return &status;
}

static void test_prepare_on_a_thread_commit_on_the_host_thread(void) {
    static const char *const ab[] = {"a", "b"};
    frond_render_class *cls = new_counter_class();
    frond_root *root = NULL;
    frond_host host = {sizeof(frond_host), NULL, log_apply, NULL, NULL};
    host_log log = {0, 0, pthread_self()};
    frond_commit_statistics statistics;
    pthread_t worker;
    void *result = NULL;
    bool prepared = false;
    size_t count = 0;
    char text[64];

    CHECK_OK(frond_root_new(&root, NULL));
    CHECK_OK(frond_root_set_host(root, &host, &log, NULL));
    show(root, counter_list(cls, ab, 2, false));
    renders = 0;
    CHECK(pthread_create(&worker, NULL, prepare_on_thread, root) == 0);
    pthread_join(worker, &result);
    CHECK(result != NULL && *(frond_status *)result == FROND_OK);
    /* Rendered on the worker; nothing mounted yet. */
    CHECK(renders == 2);
    CHECK(!pthread_equal(last_render_thread, pthread_self()));
    CHECK(log.mutations == 0);
    CHECK_OK(frond_root_get_child_count(&count, root, 0));
    CHECK(count == 0);
    CHECK_OK(frond_root_has_prepared_flush(&prepared, root));
    CHECK(prepared);
    /* The commit calls the host on this thread and records the statistics. */
    CHECK_OK(frond_root_commit(root, &count));
    CHECK(log.mutations > 0 && log.off_thread == 0);
    CHECK(count == (size_t)log.mutations);
    memset(&statistics, 0, sizeof statistics);
    statistics.struct_size = sizeof statistics;
    CHECK_OK(frond_root_get_statistics(&statistics, root));
    CHECK(statistics.renders == 2 && statistics.created == 3 && statistics.mutations == count);
    counts(root, text, sizeof text);
    CHECK(strcmp(text, "a=0 b=0") == 0);

    /* A state update, prepared on the worker and discarded: nothing changes and the
     * update is rendered by the next flush. */
    CHECK_OK(add(scope_of("b"), 3));
    CHECK(pthread_create(&worker, NULL, prepare_on_thread, root) == 0);
    pthread_join(worker, &result);
    CHECK(result != NULL && *(frond_status *)result == FROND_OK);
    CHECK_OK(frond_root_discard_prepared(root));
    counts(root, text, sizeof text);
    CHECK(strcmp(text, "a=0 b=0") == 0);
    statistics = flush(root);
    CHECK(statistics.renders == 1 && statistics.mutations == 1);
    counts(root, text, sizeof text);
    CHECK(strcmp(text, "a=0 b=3") == 0);

    /* A root freed with a prepared flush releases every state. */
    show(root, counter_list(cls, ab, 1, false));
    CHECK_OK(frond_root_prepare(root));
    CHECK_OK(frond_root_free(root));
    CHECK(live_states == 0);
    CHECK_OK(frond_render_class_release(cls));
}

static void test_pending_updates_die_with_their_root(void) {
    static const char *const a[] = {"a"};
    frond_render_class *cls = new_counter_class();
    frond_root *root = NULL;
    frond_scope *scope;
    CHECK_OK(frond_root_new(&root, NULL));
    show(root, counter_list(cls, a, 1, false));
    flush(root);
    scope = scope_of("a");
    update_destroyed = 0;
    CHECK_OK(add(scope, 1));
    CHECK_OK(frond_scope_set_state(scope, new_state(9)));
    CHECK_OK(frond_root_free(root));
    /* The queued update's user_data, the queued state and the current state are gone. */
    CHECK(update_destroyed == 1);
    CHECK(live_states == 0);
    CHECK_STATUS(FROND_ERR_MISUSE, add(scope, 1));
    CHECK_OK(frond_render_class_release(cls));
}

int main(void) {
    size_t handles_at_start = 0, handles_at_end = 0;
    CHECK_OK(frond_handle_count(&handles_at_start));
    test_state_updates_render_only_their_component();
    class_destroyed = 0;
    test_should_update_and_keyed_reorder();
    test_stateless_class_renders_when_props_change();
    test_failing_render_keeps_the_mounted_views();
    test_updates_from_threads_are_applied_in_one_flush();
    test_what_the_program_gives_a_root_asks_for_a_flush();
    test_flush_requests_come_no_deeper_as_they_go();
    test_updates_during_a_prepare_are_asked_for_again();
    test_pending_updates_die_with_their_root();
    test_prepare_on_a_thread_commit_on_the_host_thread();
    CHECK_OK(frond_handle_count(&handles_at_end));
    CHECK(handles_at_end == handles_at_start);
    CHECK(live_props == 0 && live_states == 0);
    return check_report("state_test");
}
