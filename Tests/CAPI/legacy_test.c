/* Functional test of legacy components in the C API: a vtable plus user data that joins a
 * tree (measured by its own code during layout, mounted with the view its own code gives,
 * told when views start and stop showing it, asked about its actions), destroyed exactly
 * once; and the constructor registry that makes components by name with typed arguments
 * called through libffi. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* Checks that `call` fails with `expected` and a message containing `part`. */
#define CHECK_MESSAGE(expected, call, part)                                                   \
    do {                                                                                      \
        frond_status message_status_ = (call);                                                \
        CHECK(message_status_ == (expected));                                                 \
        if (strstr(frond_last_error_message(), (part)) == NULL) {                             \
            check_failures++;                                                                 \
            fprintf(stderr, "%s:%d: message \"%s\" lacks \"%s\"\n", __FILE__, __LINE__,        \
                    frond_last_error_message(), (part));                                      \
        }                                                                                     \
        frond_clear_last_error();                                                             \
    } while (0)

static char trail[512];
static int destroyed = 0;

static void note(const char *format, ...) {
    size_t used = strlen(trail);
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(trail + used, sizeof trail - used, format, arguments);
    va_end(arguments);
}

/* ---- a legacy widget: a labelled gauge -------------------------------------- */

typedef struct gauge {
    char label[16];
    float width;                /* measured width (height 10) */
    frond_status measure_status;
    frond_status view_status;
    bool bad_view;              /* the view callback gives a bad spec (and returns OK) */
    bool handles;               /* handle_action stops actions */
    frond_status action_status;
    int measures;
} gauge;

static gauge *gauge_new(const char *label, float width) {
    gauge *g = calloc(1, sizeof *g);
    snprintf(g->label, sizeof g->label, "%s", label);
    g->width = width;
    return g;
}

static void gauge_destroy(void *user_data) {
    destroyed++;
    free(user_data);
}

static frond_status gauge_measure(float width, frond_measure_mode width_mode, float height,
                                  frond_measure_mode height_mode, frond_size *out_size, void *user_data) {
    gauge *g = user_data;
    (void)width; (void)width_mode; (void)height; (void)height_mode;
    g->measures++;
    out_size->width = g->width;
    out_size->height = 10;
    return g->measure_status;
}

static frond_status gauge_view(frond_legacy_view *view, void *user_data) {
    gauge *g = user_data;
    char text[32];              /* on the stack: Frond copies it during frond_legacy_view_set */
    frond_attribute attributes[2];
    frond_view_spec spec;
    snprintf(text, sizeof text, "[%s]", g->label);
    memset(attributes, 0, sizeof attributes);
    attributes[0].name = "text";
    attributes[0].kind = FROND_ATTRIBUTE_STRING;
    attributes[0].string = text;
    attributes[1].name = "onTap";
    attributes[1].kind = FROND_ATTRIBUTE_ACTION;
    attributes[1].string = "select";
    memset(&spec, 0, sizeof spec);
    spec.struct_size = g->bad_view ? 3 : sizeof spec;
    spec.view_type = "gauge";
    spec.attributes = attributes;
    spec.attribute_count = 2;
    frond_legacy_view_set(view, &spec);
    memset(text, 'x', sizeof text - 1);   /* what Frond keeps must be its own copy */
    return g->view_status;
}

static void gauge_did_mount(uint64_t view, void *user_data) {
    note("mount:%s:%llu ", ((gauge *)user_data)->label, (unsigned long long)view);
}

static void gauge_did_unmount(uint64_t view, void *user_data) {
    note("unmount:%s:%llu ", ((gauge *)user_data)->label, (unsigned long long)view);
}

static frond_status gauge_handle_action(bool *out_handled, const frond_action *action, void *user_data) {
    gauge *g = user_data;
    const char *name = "?";
    frond_action_get_name(&name, action);
    note("%s:%s ", g->label, name);
    *out_handled = g->handles;
    return g->action_status;
}

static frond_legacy_vtable gauge_vtable(void) {
    frond_legacy_vtable vtable;
    memset(&vtable, 0, sizeof vtable);
    vtable.struct_size = sizeof vtable;
    vtable.name = "Gauge";
    vtable.view = gauge_view;
    vtable.measure = gauge_measure;
    vtable.did_mount = gauge_did_mount;
    vtable.did_unmount = gauge_did_unmount;
    vtable.handle_action = gauge_handle_action;
    return vtable;
}

static frond_component *make_gauge(gauge *g, const char *key) {
    frond_legacy_vtable vtable = gauge_vtable();
    frond_component *component = NULL;
    CHECK_OK(frond_component_new_legacy(&component, &vtable, NULL, key, g, gauge_destroy));
    return component;
}

/* A "row" flexbox (children at the top) of the given children, released. */
static frond_component *row(frond_component **children, size_t count) {
    frond_flex_child items[4];
    frond_flexbox_style style;
    frond_view_spec view;
    frond_component *component = NULL;
    size_t index;
    memset(items, 0, sizeof items);
    for (index = 0; index < count; index++) {
        items[index].struct_size = sizeof items[index];
        items[index].component = children[index];
    }
    memset(&style, 0, sizeof style);
    style.struct_size = sizeof style;
    style.direction = FROND_FLEX_DIRECTION_ROW;
    style.align_items = FROND_ALIGN_FLEX_START;
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "row";
    CHECK_OK(frond_component_new_flexbox(&component, &view, NULL, NULL, &style, items, count));
    for (index = 0; index < count; index++) CHECK_OK(frond_component_release(children[index]));
    return component;
}

static frond_root *new_root(void) {
    frond_size_range range;
    frond_root *root = NULL;
    memset(&range, 0, sizeof range);
    range.struct_size = sizeof range;
    range.kind = FROND_SIZE_RANGE_FIXED;
    range.width = 100;
    range.height = 50;
    CHECK_OK(frond_root_new(&root, &range));
    return root;
}

static void show(frond_root *root, frond_component *component) {
    CHECK_OK(frond_root_set_component(root, component));
    CHECK_OK(frond_component_release(component));
}

static uint64_t child_view(frond_root *root, size_t index) {
    uint64_t row_view = 0, view = 0;
    CHECK_OK(frond_root_get_child(&row_view, root, 0, 0));
    CHECK_OK(frond_root_get_child(&view, root, row_view, index));
    return view;
}

static frond_status record_unhandled(frond_root *root, const frond_action *action, void *user_data) {
    (void)root; (void)action; (void)user_data;
    note("unhandled ");
    return FROND_OK;
}

/* ---- layout, view, hooks, actions ------------------------------------------- */

static void test_the_measure_sizes_the_component_in_the_flexbox(void) {
    frond_root *root = new_root();
    gauge *a = gauge_new("a", 30);
    frond_component *children[2];
    frond_view_spec box_view;
    frond_size_spec box_size;
    frond_rect frame;

    children[0] = make_gauge(a, NULL);
    memset(&box_view, 0, sizeof box_view);
    box_view.struct_size = sizeof box_view;
    box_view.view_type = "box";
    memset(&box_size, 0, sizeof box_size);
    box_size.struct_size = sizeof box_size;
    box_size.width.unit = FROND_UNIT_POINT;
    box_size.width.value = 20;
    box_size.height.unit = FROND_UNIT_POINT;
    box_size.height.value = 20;
    CHECK_OK(frond_component_new(&children[1], &box_view, &box_size, NULL));
    show(root, row(children, 2));
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK(a->measures > 0);
    CHECK_OK(frond_root_get_frame(&frame, root, child_view(root, 0)));
    CHECK_FLOAT(0, frame.left);
    CHECK_FLOAT(30, frame.width);
    CHECK_FLOAT(10, frame.height);
    CHECK_OK(frond_root_get_frame(&frame, root, child_view(root, 1)));
    CHECK_FLOAT(30, frame.left);
    CHECK_FLOAT(20, frame.width);

    /* The view type and attributes the view callback gave (its stack string copied). */
    {
        char text[512];
        size_t length = 0;
        CHECK_OK(frond_root_describe(&length, root, text, sizeof text));
        CHECK(strstr(text, "gauge") != NULL);
        CHECK(strstr(text, "text=\"[a]\"") != NULL || strstr(text, "text=[a]") != NULL);
        CHECK(strstr(text, "xxxx") == NULL);
        CHECK_OK(frond_root_describe_components(&length, root, text, sizeof text));
        CHECK(strstr(text, "Gauge(gauge)") != NULL);
    }
    CHECK_OK(frond_root_free(root));
    CHECK(destroyed == 1);
    destroyed = 0;
    trail[0] = '\0';
}

static void test_without_measure_the_size_spec_decides(void) {
    frond_root *root = new_root();
    frond_legacy_vtable vtable = gauge_vtable();
    frond_size_spec size;
    frond_component *child = NULL;
    frond_rect frame;
    gauge *g = gauge_new("s", 30);

    vtable.measure = NULL;
    memset(&size, 0, sizeof size);
    size.struct_size = sizeof size;
    size.width.unit = FROND_UNIT_POINT;
    size.width.value = 15;
    size.height.unit = FROND_UNIT_POINT;
    size.height.value = 5;
    CHECK_OK(frond_component_new_legacy(&child, &vtable, &size, NULL, g, gauge_destroy));
    show(root, row(&child, 1));
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK(g->measures == 0);
    CHECK_OK(frond_root_get_frame(&frame, root, child_view(root, 0)));
    CHECK_FLOAT(15, frame.width);
    CHECK_FLOAT(5, frame.height);
    CHECK_OK(frond_root_free(root));
    CHECK(destroyed == 1);
    destroyed = 0;
    trail[0] = '\0';
}

static void test_mount_hooks_follow_the_views_in_order(void) {
    frond_root *root = new_root();
    frond_component *children[2];
    uint64_t a_view, b_view;
    char expected[256];

    children[0] = make_gauge(gauge_new("a", 30), "a");
    children[1] = make_gauge(gauge_new("b", 20), "b");
    show(root, row(children, 2));
    CHECK_OK(frond_root_flush(root, NULL));
    a_view = child_view(root, 0);
    b_view = child_view(root, 1);
    snprintf(expected, sizeof expected, "mount:a:%llu mount:b:%llu ", (unsigned long long)a_view,
             (unsigned long long)b_view);
    CHECK(strcmp(trail, expected) == 0);

    /* A new instance for "a" on its view, "b" gone: unmounts first, then the mount; the
     * replaced components' user data is destroyed once the commit is done. */
    trail[0] = '\0';
    children[0] = make_gauge(gauge_new("a2", 30), "a");
    show(root, row(children, 1));
    CHECK(destroyed == 0);
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK(child_view(root, 0) == a_view);
    snprintf(expected, sizeof expected, "unmount:b:%llu unmount:a:%llu mount:a2:%llu ", (unsigned long long)b_view,
             (unsigned long long)a_view, (unsigned long long)a_view);
    CHECK(strcmp(trail, expected) == 0);
    CHECK(destroyed == 2);

    /* Nothing changed: nothing told. */
    trail[0] = '\0';
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK(trail[0] == '\0');

    /* Freeing the root unmounts and destroys what is left. */
    CHECK_OK(frond_root_free(root));
    snprintf(expected, sizeof expected, "unmount:a2:%llu ", (unsigned long long)a_view);
    CHECK(strcmp(trail, expected) == 0);
    CHECK(destroyed == 3);
    destroyed = 0;
    trail[0] = '\0';
}

static void test_actions_reach_handle_action_first(void) {
    frond_root *root = new_root();
    gauge *g = gauge_new("g", 30);
    frond_component *child = make_gauge(g, NULL);
    frond_action_outcome outcome = 0;
    uint64_t view;

    show(root, row(&child, 1));
    CHECK_OK(frond_root_set_unhandled_action_handler(root, record_unhandled, NULL, NULL));
    CHECK_OK(frond_root_flush(root, NULL));
    view = child_view(root, 0);

    trail[0] = '\0';
    CHECK_OK(frond_root_send_event(&outcome, root, view, FROND_EVENT_TAP, NULL));
    CHECK(outcome == FROND_ACTION_UNHANDLED);
    CHECK(strcmp(trail, "g:select unhandled ") == 0);

    g->handles = true;
    trail[0] = '\0';
    CHECK_OK(frond_root_send_event(&outcome, root, view, FROND_EVENT_TAP, NULL));
    CHECK(outcome == FROND_ACTION_HANDLED);
    CHECK(strcmp(trail, "g:select ") == 0);

    g->action_status = FROND_ERR_INTERNAL;
    CHECK_MESSAGE(FROND_ERR_CALLBACK, frond_root_send_event(&outcome, root, view, FROND_EVENT_TAP, NULL),
                  "Gauge: handle_action returned FROND_ERR_INTERNAL");

    CHECK_OK(frond_root_free(root));
    CHECK(destroyed == 1);
    destroyed = 0;
    trail[0] = '\0';
}

/* ---- failures: nothing mounted, everything destroyed once --------------------- */

static void test_a_failing_measure_fails_the_flush(void) {
    frond_root *root = new_root();
    gauge *g = gauge_new("f", 30);
    frond_component *child = make_gauge(g, NULL);
    size_t count = 1;

    g->measure_status = FROND_ERR_INTERNAL;
    show(root, row(&child, 1));
    CHECK_MESSAGE(FROND_ERR_CALLBACK, frond_root_flush(root, NULL), "Gauge: measure returned FROND_ERR_INTERNAL");
    CHECK_OK(frond_root_get_child_count(&count, root, 0));
    CHECK(count == 0);
    CHECK(trail[0] == '\0');                 /* never mounted */
    CHECK(destroyed == 0);                   /* the root still holds it */
    CHECK_OK(frond_root_set_component(root, NULL));
    CHECK(destroyed == 1);
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK(destroyed == 1);
    CHECK_OK(frond_root_free(root));
    CHECK(destroyed == 1);
    destroyed = 0;
}

static frond_legacy_view *kept_view = NULL;

static frond_status keeping_view(frond_legacy_view *view, void *user_data) {
    (void)user_data;
    kept_view = view;
    return FROND_OK;
}

static void test_failed_constructions_destroy_at_once(void) {
    frond_legacy_vtable vtable = gauge_vtable();
    frond_component *component = NULL;
    gauge *g;
    size_t before = 0, after = 0;

    CHECK_OK(frond_handle_count(&before));
    vtable.struct_size = sizeof vtable - 1;
    CHECK_MESSAGE(FROND_ERR_INVALID_ARGUMENT,
                  frond_component_new_legacy(&component, &vtable, NULL, NULL, gauge_new("x", 1), gauge_destroy),
                  "vtable.struct_size");
    CHECK(destroyed == 1);
    vtable = gauge_vtable();
    vtable.view = NULL;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT,
                 frond_component_new_legacy(&component, &vtable, NULL, NULL, gauge_new("x", 1), gauge_destroy));
    CHECK(destroyed == 2);
    vtable = gauge_vtable();
    vtable.name = NULL;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT,
                 frond_component_new_legacy(&component, &vtable, NULL, NULL, gauge_new("x", 1), gauge_destroy));
    CHECK(destroyed == 3);
    vtable = gauge_vtable();
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT,
                 frond_component_new_legacy(&component, NULL, NULL, NULL, gauge_new("x", 1), gauge_destroy));
    CHECK(destroyed == 4);

    /* A failing view callback: FROND_ERR_CALLBACK; a bad spec: the spec's error. */
    g = gauge_new("x", 1);
    g->view_status = FROND_ERR_INTERNAL;
    CHECK_MESSAGE(FROND_ERR_CALLBACK, frond_component_new_legacy(&component, &vtable, NULL, NULL, g, gauge_destroy),
                  "Gauge: view returned FROND_ERR_INTERNAL");
    CHECK(destroyed == 5);
    g = gauge_new("x", 1);
    g->bad_view = true;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT,
                 frond_component_new_legacy(&component, &vtable, NULL, NULL, g, gauge_destroy));
    CHECK(destroyed == 6);
    CHECK(component == NULL);

    /* The view handle lives during its callback only. */
    vtable.view = keeping_view;
    CHECK_OK(frond_component_new_legacy(&component, &vtable, NULL, NULL, gauge_new("v", 1), gauge_destroy));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_legacy_view_set(kept_view, NULL));
    CHECK_OK(frond_component_release(component));
    CHECK(destroyed == 7);
    CHECK_OK(frond_handle_count(&after));
    CHECK(after == before);
    destroyed = 0;
}

/* ---- the constructor registry ---------------------------------------------- */

typedef struct probe {
    int calls;
    int64_t count;
    double ratio;
    char title[32];
    bool flag;
    frond_config *other;        /* what it returned instead of a component */
} probe;

static frond_component *construct_probe(int64_t count, double ratio, const char *title, bool flag, void *user_data) {
    probe *p = user_data;
    frond_component *component = NULL;
    p->calls++;
    p->count = count;
    p->ratio = ratio;
    snprintf(p->title, sizeof p->title, "%s", title);
    p->flag = flag;
    if (count < 0) return NULL;                          /* "cannot make one" */
    if (count == 99) {                                   /* a handle of another kind */
        frond_config_new(&p->other);
        return (frond_component *)p->other;
    }
    component = make_gauge(gauge_new(title, (float)ratio), NULL);
    return component;
}

static int registry_destroyed = 0;

static void count_registry_destroy(void *user_data) {
    (void)user_data;
    registry_destroyed++;
}

static frond_argument int64_argument(int64_t value) {
    frond_argument argument;
    memset(&argument, 0, sizeof argument);
    argument.type = FROND_ARGUMENT_INT64;
    argument.int64 = value;
    return argument;
}

static frond_argument double_argument(double value) {
    frond_argument argument;
    memset(&argument, 0, sizeof argument);
    argument.type = FROND_ARGUMENT_DOUBLE;
    argument.number = value;
    return argument;
}

static frond_argument string_argument(const char *value) {
    frond_argument argument;
    memset(&argument, 0, sizeof argument);
    argument.type = FROND_ARGUMENT_STRING;
    argument.string = value;
    return argument;
}

static frond_argument bool_argument(bool value) {
    frond_argument argument;
    memset(&argument, 0, sizeof argument);
    argument.type = FROND_ARGUMENT_BOOL;
    argument.boolean = value;
    return argument;
}

static void test_the_registry_constructs_by_name_with_typed_arguments(void) {
    static const frond_argument_type types[] = {FROND_ARGUMENT_INT64, FROND_ARGUMENT_DOUBLE, FROND_ARGUMENT_STRING,
                                                FROND_ARGUMENT_BOOL};
    probe p;
    frond_argument args[4];
    frond_component *component = NULL;
    frond_root *root = NULL;
    size_t before = 0, after = 0;

    memset(&p, 0, sizeof p);
    CHECK_OK(frond_handle_count(&before));
    root = new_root();
    CHECK_OK(frond_constructor_register("probe", types, 4, (frond_native_func)construct_probe, &p,
                                        count_registry_destroy));
    args[0] = int64_argument(7);
    args[1] = double_argument(24.25);
    args[2] = string_argument("Seven");
    args[3] = bool_argument(true);
    CHECK_OK(frond_component_new_by_name(&component, "probe", args, 4));
    CHECK(p.calls == 1);
    CHECK(p.count == 7);
    CHECK(p.ratio == 24.25);
    CHECK(strcmp(p.title, "Seven") == 0);
    CHECK(p.flag == true);

    /* What it made is a component like any other: here, a gauge 24.25 wide. */
    show(root, row(&component, 1));
    CHECK_OK(frond_root_flush(root, NULL));
    {
        frond_rect frame;
        CHECK_OK(frond_root_get_frame(&frame, root, child_view(root, 0)));
        CHECK_FLOAT(25, frame.width);      /* measured leaves round up, as Yoga's do */
    }
    CHECK_OK(frond_root_free(root));
    CHECK(destroyed == 1);
    destroyed = 0;
    trail[0] = '\0';

    /* Exact numbers convert: 3.0 is an int64, an int64 is a double. */
    args[0] = double_argument(3.0);
    args[1] = int64_argument(4);
    CHECK_OK(frond_component_new_by_name(&component, "probe", args, 4));
    CHECK(p.calls == 2 && p.count == 3 && p.ratio == 4.0);
    CHECK_OK(frond_component_release(component));
    CHECK(destroyed == 1);
    destroyed = 0;

    /* Mismatches: the constructor is not called. */
    args[0] = double_argument(3.5);
    CHECK_MESSAGE(FROND_ERR_INVALID_ARGUMENT, frond_component_new_by_name(&component, "probe", args, 4),
                  "argument 0 of the call is double 3.5, not an int64");
    args[0] = int64_argument(1);
    CHECK_MESSAGE(FROND_ERR_INVALID_ARGUMENT, frond_component_new_by_name(&component, "probe", args, 3),
                  "(int64, double, string, bool, user_data) takes 4 arguments, the call gives 3");
    args[2] = double_argument(1);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_by_name(&component, "probe", args, 4));
    args[2] = string_argument(NULL);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_by_name(&component, "probe", args, 4));
    args[2].type = (frond_argument_type)42;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_by_name(&component, "probe", args, 4));
    args[2] = string_argument("t");
    CHECK_MESSAGE(FROND_ERR_INVALID_ARGUMENT, frond_component_new_by_name(&component, "nothing", args, 4),
                  "no constructor is registered under \"nothing\"");
    CHECK(p.calls == 2);

    /* A constructor that makes nothing, or something else. */
    args[0] = int64_argument(-1);
    CHECK_MESSAGE(FROND_ERR_CALLBACK, frond_component_new_by_name(&component, "probe", args, 4), "returned NULL");
    args[0] = int64_argument(99);
    CHECK_MESSAGE(FROND_ERR_CALLBACK, frond_component_new_by_name(&component, "probe", args, 4),
                  "a frond_config handle, not a frond_component");
    CHECK(p.calls == 4);
    /* (The config it returned stays the constructor's.) */
    CHECK_OK(frond_config_free(p.other));
    CHECK_OK(frond_handle_count(&after));
    CHECK(after == before);

    /* Names are unique: the second registration is refused and its user data destroyed. */
    CHECK_MESSAGE(FROND_ERR_INVALID_ARGUMENT,
                  frond_constructor_register("probe", NULL, 0, (frond_native_func)construct_probe, &p,
                                             count_registry_destroy),
                  "registered already");
    CHECK(registry_destroyed == 1);

    /* Unregistering destroys once; the name is free again. */
    CHECK_OK(frond_constructor_unregister("probe"));
    CHECK(registry_destroyed == 2);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_constructor_unregister("probe"));
    args[0] = int64_argument(1);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_by_name(&component, "probe", args, 4));
    CHECK(registry_destroyed == 2);
    CHECK(p.calls == 4);
}

/* A constructor without arguments that constructs another by name (no lock is held). */
static frond_component *construct_nested(void *user_data) {
    frond_component *component = NULL;
    frond_argument argument = double_argument(12);
    (void)user_data;
    if (frond_component_new_by_name(&component, "sized", &argument, 1) != FROND_OK) return NULL;
    return component;
}

static frond_component *construct_sized(double width, void *user_data) {
    (void)user_data;
    return make_gauge(gauge_new("n", (float)width), NULL);
}

static void test_constructors_may_construct_others(void) {
    static const frond_argument_type sized_types[] = {FROND_ARGUMENT_DOUBLE};
    frond_component *component = NULL;
    CHECK_OK(frond_constructor_register("sized", sized_types, 1, (frond_native_func)construct_sized, NULL, NULL));
    CHECK_OK(frond_constructor_register("nested", NULL, 0, (frond_native_func)construct_nested, NULL,
                                        count_registry_destroy));
    CHECK_OK(frond_component_new_by_name(&component, "nested", NULL, 0));
    CHECK(component != NULL);
    CHECK_OK(frond_component_release(component));
    CHECK(destroyed == 1);
    CHECK_OK(frond_constructor_unregister("nested"));
    CHECK_OK(frond_constructor_unregister("sized"));
    CHECK(registry_destroyed == 3);
    destroyed = 0;
}

/* A tree description in JSON builds registered kinds by name among native components. */
static void test_json_trees_construct_registered_kinds(void) {
    static const frond_argument_type types[] = {FROND_ARGUMENT_INT64, FROND_ARGUMENT_DOUBLE, FROND_ARGUMENT_STRING,
                                                FROND_ARGUMENT_BOOL};
    probe p;
    frond_component *component = NULL;
    frond_root *root;
    size_t count = 0;
    uint64_t row_view = 0;
    memset(&p, 0, sizeof p);
    CHECK_OK(frond_constructor_register("probe", types, 4, (frond_native_func)construct_probe, &p, NULL));

    CHECK_OK(frond_component_new_from_json(&component,
        "{\"view\": \"row\", \"style\": {\"flexDirection\": \"row\"}, \"children\": ["
        "{\"text\": \"Fuel\"},"
        "{\"construct\": \"probe\", \"arguments\": [3, 0.5, \"fuel\", true], \"style\": {\"flexGrow\": 1}}]}"));
    CHECK(p.calls == 1 && p.count == 3 && p.ratio == 0.5 && strcmp(p.title, "fuel") == 0 && p.flag);
    root = new_root();
    show(root, component);
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK_OK(frond_root_get_child(&row_view, root, 0, 0));
    CHECK_OK(frond_root_get_child_count(&count, root, row_view));
    CHECK(count == 2);                  /* the text and the gauge's view */
    CHECK_OK(frond_root_free(root));
    CHECK(destroyed == 1);

    /* Mistakes in the description are refused with their place; the constructor is
     * not called. */
    p.calls = 0;
    CHECK(frond_component_new_from_json(&component, "{\"children\": [{\"construct\": \"gauge\"}]}")
          == FROND_ERR_INVALID_ARGUMENT);
    CHECK(strstr(frond_last_error_message(), "root.children[0].construct") != NULL);
    CHECK(strstr(frond_last_error_message(), "no constructor is registered under \"gauge\"") != NULL);
    frond_clear_last_error();
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT,
                 frond_component_new_from_json(&component, "{\"construct\": \"probe\", \"arguments\": [3, 0.5]}"));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_from_json(
        &component, "{\"construct\": \"probe\", \"arguments\": [3.5, 0.5, \"x\", true]}"));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_from_json(
        &component, "{\"construct\": \"probe\", \"view\": \"box\", \"arguments\": [3, 0.5, \"x\", true]}"));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_from_json(
        &component, "{\"construct\": \"probe\", \"style\": {\"width\": 10}, \"arguments\": [3, 0.5, \"x\", true]}"));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_from_json(
        &component, "{\"construct\": \"probe\", \"arguments\": [[1], 0.5, \"x\", true]}"));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_from_json(&component, "{\"children\": ["));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_from_json(&component, NULL));
    CHECK(p.calls == 0);
    /* A constructor's own failure keeps its status. */
    CHECK_STATUS(FROND_ERR_CALLBACK, frond_component_new_from_json(
        &component, "{\"construct\": \"probe\", \"arguments\": [-1, 0.5, \"x\", true]}"));
    CHECK(p.calls == 1);
    CHECK_OK(frond_constructor_unregister("probe"));
    destroyed = 0;
}

int main(void) {
    size_t before = 0, after = 0;
    frond_handle_count(&before);
    test_the_measure_sizes_the_component_in_the_flexbox();
    test_without_measure_the_size_spec_decides();
    test_mount_hooks_follow_the_views_in_order();
    test_actions_reach_handle_action_first();
    test_a_failing_measure_fails_the_flush();
    test_failed_constructions_destroy_at_once();
    test_the_registry_constructs_by_name_with_typed_arguments();
    test_constructors_may_construct_others();
    test_json_trees_construct_registered_kinds();
    frond_handle_count(&after);
    CHECK(after == before);
    return check_report("legacy_test");
}
