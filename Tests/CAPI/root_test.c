/* Functional test of a root's component provider (frond_root_set_provider,
 * frond_root_set_props) and of view type declarations (frond_root_declare_view_type,
 * frond_root_set_require_declared_view_types): when the provider is called, that props
 * and user_data are destroyed exactly once, that failing providers and attributes of
 * the wrong kind fail the flush with the previous views intact, and that nothing leaks. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* ---- bookkeeping --------------------------------------------------------- */

static int live_models = 0;    /* props given to roots and not yet destroyed */
static int live_states = 0;
static int live_names = 0;     /* counter props */
static int context_destroyed = 0;

/* The mounted views as text. */
static void describe(frond_root *root, char *out, size_t capacity) {
    size_t length = 0;
    CHECK_OK(frond_root_describe(&length, root, out, capacity));
}

/* Checks a failed call's status and its exact message. */
static void check_failure(frond_status expected, frond_status status, const char *message) {
    CHECK(status == expected);
    if (strcmp(frond_last_error_message(), message) != 0) {
        check_failures++;
        fprintf(stderr, "message:  %s\nexpected: %s\n", frond_last_error_message(), message);
    }
    frond_clear_last_error();
}

/* ---- a stateful counter class: a "counter" view with its name and count ---- */

static frond_scope *scope_a = NULL; /* the scope of the counter named "a" */

static frond_status counter_initial_state(void **out_state, void *props, void *user_data) {
    int *state = malloc(sizeof *state);
    (void)props; (void)user_data;
    if (state == NULL) return FROND_ERR_OUT_OF_MEMORY;
    *state = 0;
    live_states++;
    *out_state = state;
    return FROND_OK;
}

static frond_status counter_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                                   void *user_data) {
    frond_attribute attributes[2];
    frond_view_spec view;
    frond_size_spec size;
    (void)user_data;
    if (strcmp(props, "a") == 0) scope_a = scope;
    memset(attributes, 0, sizeof attributes);
    attributes[0].name = "name";
    attributes[0].kind = FROND_ATTRIBUTE_STRING;
    attributes[0].string = props;
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

static void destroy_state(void *state) {
    live_states--;
    free(state);
}

static void destroy_name(void *name) {
    live_names--;
    free(name);
}

static frond_status add_three(void **state, void *user_data) {
    (void)user_data;
    **(int **)state += 3;
    return FROND_OK;
}

/* ---- the provider: a "list" of counters, one per character of the model ---- */

typedef struct model {
    char names[8];
    frond_status fail;          /* returned instead of FROND_OK */
    bool write_then_fail;       /* writes a component before failing */
    int garbage;                /* 1: writes a freed handle; 2: writes the root's handle */
    bool twice;                 /* a list holding one leaf twice */
    bool nothing;               /* writes no component */
    bool replace_props;         /* gives its root new props from inside the call */
} model;

typedef struct provider_context {
    frond_render_class *counter_class;
    frond_root *root;
    int calls;
    char last_names[8];
    pthread_t thread;
    bool props_alive_after_replacing;
} provider_context;

static model *new_model(const char *names) {
    model *m = calloc(1, sizeof *m);
    if (m != NULL) {
        snprintf(m->names, sizeof m->names, "%s", names);
        live_models++;
    }
    return m;
}

static void destroy_model(void *props) {
    live_models--;
    free(props);
}

static void destroy_context(void *user_data) {
    (void)user_data;
    context_destroyed++;
}

static frond_status provide(frond_component **out_component, void *props, void *user_data) {
    provider_context *context = user_data;
    model *m = props;
    frond_flex_child children[8];
    frond_view_spec view;
    size_t i, count = 0;
    context->calls++;
    context->thread = pthread_self();
    snprintf(context->last_names, sizeof context->last_names, "%s", m != NULL ? m->names : "(null)");
    if (m != NULL && m->fail != FROND_OK) {
        if (m->write_then_fail) CHECK_OK(frond_component_new(out_component, NULL, NULL, NULL));
        return m->fail;
    }
    if (m != NULL && m->garbage == 1) {
        frond_component *freed = NULL;
        CHECK_OK(frond_component_new(&freed, NULL, NULL, NULL));
        CHECK_OK(frond_component_release(freed));
        *out_component = freed;
        return FROND_OK;
    }
    if (m != NULL && m->garbage == 2) {
        *out_component = (frond_component *)(void *)context->root;
        return FROND_OK;
    }
    if (m != NULL && m->nothing) return FROND_OK;
    if (m != NULL && m->replace_props) {
        int before = live_models;
        CHECK_OK(frond_root_set_props(context->root, new_model("z"), destroy_model));
        /* The props being read are destroyed only after this call returns. */
        context->props_alive_after_replacing = live_models == before + 1;
    }
    memset(children, 0, sizeof children);
    if (m != NULL && m->twice) {
        frond_component *leaf = NULL;
        CHECK_OK(frond_component_new(&leaf, NULL, NULL, NULL));
        children[0].struct_size = sizeof children[0];
        children[0].component = leaf;
        children[1] = children[0];
        count = 2;
    } else {
        for (i = 0; m != NULL && m->names[i] != '\0'; i++) {
            char *name = malloc(2);
            char key[2];
            if (name == NULL) return FROND_ERR_OUT_OF_MEMORY;
            name[0] = key[0] = m->names[i];
            name[1] = key[1] = '\0';
            live_names++;
            children[count].struct_size = sizeof children[count];
            CHECK_OK(frond_component_new_render(&children[count].component, context->counter_class, NULL, NULL, key,
                                                name, destroy_name));
            count++;
        }
    }
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "list";
    CHECK_OK(frond_component_new_flexbox(out_component, &view, NULL, NULL, NULL, children, count));
    for (i = 0; i < count; i++) {
        if (i == 0 || children[i].component != children[i - 1].component) {
            CHECK_OK(frond_component_release(children[i].component));
        }
    }
    return FROND_OK;
}

static frond_render_class *new_counter_class(void) {
    frond_render_class *cls = NULL;
    frond_render_class_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.struct_size = sizeof spec;
    spec.name = "Counter";
    spec.initial_state = counter_initial_state;
    spec.render = counter_render;
    spec.destroy_state = destroy_state;
    CHECK_OK(frond_render_class_new(&cls, &spec, NULL, NULL));
    return cls;
}

static frond_root *new_root(provider_context *context) {
    frond_root *root = NULL;
    frond_size_range range = {sizeof(frond_size_range), FROND_SIZE_RANGE_FIXED, 100, 100};
    CHECK_OK(frond_root_new(&root, &range));
    memset(context, 0, sizeof *context);
    context->counter_class = new_counter_class();
    context->root = root;
    CHECK_OK(frond_root_set_provider(root, provide, context, destroy_context));
    return root;
}

static frond_commit_statistics flush(frond_root *root) {
    frond_commit_statistics statistics;
    memset(&statistics, 0, sizeof statistics);
    statistics.struct_size = sizeof statistics;
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK_OK(frond_root_get_statistics(&statistics, root));
    return statistics;
}

/* ---- component provider ---------------------------------------------------- */

static void test_the_provider_is_called_once_per_props_change(void) {
    provider_context context;
    frond_root *root;
    frond_component *leaf = NULL;
    frond_commit_statistics statistics;
    char text[1024];
    bool needs = false;
    size_t handles = live_handles();
    int destroyed = context_destroyed;

    root = new_root(&context);
    CHECK_OK(frond_root_needs_flush(&needs, root));
    CHECK(needs && context.calls == 0);
    flush(root); /* no props yet: the provider gets NULL */
    CHECK(context.calls == 1 && strcmp(context.last_names, "(null)") == 0);
    describe(root, text, sizeof text);
    CHECK(strcmp(text, "v1 list (0, 0, 100×100)") == 0);

    CHECK_OK(frond_root_set_props(root, new_model("ab"), destroy_model));
    CHECK(live_models == 1);
    statistics = flush(root);
    CHECK(context.calls == 2 && strcmp(context.last_names, "ab") == 0);
    CHECK(statistics.renders == 2);
    describe(root, text, sizeof text);
    CHECK(strcmp(text, "v1 list (0, 0, 100×100)\n"
                       "  v2 counter (0, 0, 20×10) count=0 name=\"a\"\n"
                       "  v3 counter (0, 10, 20×10) count=0 name=\"b\"") == 0);

    /* A state update alone keeps the provider's component. */
    CHECK_OK(frond_scope_update_state(scope_a, add_three, NULL, NULL));
    statistics = flush(root);
    CHECK(context.calls == 2);
    CHECK(statistics.renders == 1 && statistics.state_updates == 1);
    describe(root, text, sizeof text);
    CHECK(strstr(text, "count=3 name=\"a\"") != NULL);
    statistics = flush(root);
    CHECK(context.calls == 2 && statistics.mutations == 0);

    /* Two props before a flush: the first is destroyed at once, one call with the second. */
    CHECK_OK(frond_root_set_props(root, new_model("abc"), destroy_model));
    CHECK(live_models == 1);
    CHECK_OK(frond_root_set_props(root, new_model("ba"), destroy_model));
    CHECK(live_models == 1);
    flush(root);
    CHECK(context.calls == 3 && strcmp(context.last_names, "ba") == 0);
    describe(root, text, sizeof text);
    CHECK(strcmp(text, "v1 list (0, 0, 100×100)\n"
                       "  v3 counter (0, 0, 20×10) count=0 name=\"b\"\n"
                       "  v2 counter (0, 10, 20×10) count=3 name=\"a\"") == 0);
    CHECK_OK(frond_root_needs_flush(&needs, root));
    CHECK(!needs);

    /* A component replaces the provider: its props and user_data are destroyed. */
    CHECK_OK(frond_component_new(&leaf, NULL, NULL, NULL));
    CHECK_OK(frond_root_set_component(root, leaf));
    CHECK(live_models == 0 && context_destroyed == destroyed + 1);
    check_failure(FROND_ERR_MISUSE, frond_root_set_props(root, new_model("x"), destroy_model),
                  "frond_root_set_props: the root has no component provider (set one with frond_root_set_provider)");
    CHECK(live_models == 0);
    flush(root);
    CHECK(context.calls == 3);
    CHECK(live_states == 0 && live_names == 0);

    /* A new provider replaces the component; freeing the root destroys everything once. */
    CHECK_OK(frond_root_set_provider(root, provide, &context, destroy_context));
    CHECK_OK(frond_root_set_props(root, new_model("a"), destroy_model));
    flush(root);
    CHECK(context.calls == 4);
    /* A NULL provider shows nothing, as a NULL component does. */
    CHECK_OK(frond_root_set_provider(root, NULL, &context, destroy_context));
    CHECK(context_destroyed == destroyed + 3 && live_models == 0);
    flush(root);
    describe(root, text, sizeof text);
    CHECK(strcmp(text, "") == 0);
    CHECK_OK(frond_root_set_provider(root, provide, &context, destroy_context));
    CHECK_OK(frond_root_set_props(root, new_model("ab"), destroy_model));
    flush(root);
    CHECK_OK(frond_component_release(leaf));
    CHECK_OK(frond_root_free(root));
    CHECK(live_models == 0 && live_states == 0 && live_names == 0);
    CHECK(context_destroyed == destroyed + 4);
    CHECK_OK(frond_render_class_release(context.counter_class));
    CHECK(live_handles() == handles);
}

static void test_a_failing_provider_leaves_the_mounted_views(void) {
    provider_context context;
    frond_root *root;
    model *bad;
    char before[1024], text[1024];
    void *state = NULL;
    bool needs = false;
    size_t handles = live_handles(), during, sent;

    root = new_root(&context);
    CHECK_OK(frond_root_set_props(root, new_model("ab"), destroy_model));
    flush(root);
    describe(root, before, sizeof before);
    CHECK_OK(frond_scope_update_state(scope_a, add_three, NULL, NULL));

    /* A status other than FROND_OK; then one that wrote a component first. */
    bad = new_model("ab");
    bad->fail = FROND_ERR_INVALID_ARGUMENT;
    CHECK_OK(frond_root_set_props(root, bad, destroy_model));
    during = live_handles();
    sent = 777;
    check_failure(FROND_ERR_CALLBACK, frond_root_flush(root, &sent),
                  "frond_root_flush: the component provider returned FROND_ERR_INVALID_ARGUMENT");
    CHECK(sent == 777); /* nothing was sent, so the count is not written */
    describe(root, text, sizeof text);
    CHECK(strcmp(text, before) == 0);
    CHECK_OK(frond_scope_get_state(&state, scope_a));
    CHECK(*(int *)state == 0); /* the state update waits for the next flush */
    CHECK_OK(frond_root_needs_flush(&needs, root));
    CHECK(needs);
    bad->write_then_fail = true;
    bad->fail = FROND_ERR_OUT_OF_MEMORY;
    check_failure(FROND_ERR_CALLBACK, frond_root_flush(root, NULL),
                  "frond_root_flush: the component provider returned FROND_ERR_OUT_OF_MEMORY");
    CHECK(live_handles() == during); /* the written handle was released */
    CHECK(context.calls == 3);

    /* Handles that are not live components. */
    bad = new_model("ab");
    bad->garbage = 1;
    CHECK_OK(frond_root_set_props(root, bad, destroy_model));
    check_failure(FROND_ERR_MISUSE, frond_root_flush(root, NULL),
                  "frond_root_flush: the component provider wrote a handle that is not a live frond_component "
                  "handle (freed, or never issued)");
    bad->garbage = 2;
    check_failure(FROND_ERR_MISUSE, frond_root_flush(root, NULL),
                  "frond_root_flush: the component provider wrote a handle that is a frond_root handle, not a "
                  "frond_component");
    /* One component instance twice in the tree. */
    bad->garbage = 0;
    bad->twice = true;
    check_failure(FROND_ERR_INVALID_TREE, frond_root_flush(root, NULL),
                  "frond_root_flush: Component is placed twice in the tree (a component instance can appear only once)");
    describe(root, text, sizeof text);
    CHECK(strcmp(text, before) == 0);
    CHECK(live_handles() == during);
    CHECK(live_states == 2 && live_names == 2);

    /* The next good props mount, with the state update applied. */
    CHECK_OK(frond_root_set_props(root, new_model("ba"), destroy_model));
    CHECK(live_models == 1);
    flush(root);
    describe(root, text, sizeof text);
    CHECK(strcmp(text, "v1 list (0, 0, 100×100)\n"
                       "  v3 counter (0, 0, 20×10) count=0 name=\"b\"\n"
                       "  v2 counter (0, 10, 20×10) count=3 name=\"a\"") == 0);

    /* NULL with FROND_OK shows nothing, as a render that writes no child. */
    bad = new_model("");
    bad->nothing = true;
    CHECK_OK(frond_root_set_props(root, bad, destroy_model));
    flush(root);
    describe(root, text, sizeof text);
    CHECK(strcmp(text, "") == 0);
    CHECK(live_states == 0 && live_names == 0);

    CHECK_OK(frond_root_free(root));
    CHECK(live_models == 0);
    CHECK_OK(frond_render_class_release(context.counter_class));
    CHECK(live_handles() == handles);
}

static void *prepare_root(void *root) {
    CHECK_OK(frond_root_prepare(root));
    return NULL;
}

static void test_the_provider_runs_where_the_flush_is_prepared(void) {
    provider_context context;
    frond_root *root;
    pthread_t thread;
    size_t count = 99;
    bool needs = false;
    model *replacing;

    root = new_root(&context);
    CHECK_OK(frond_root_set_props(root, new_model("a"), destroy_model));
    CHECK(pthread_create(&thread, NULL, prepare_root, root) == 0);
    CHECK(pthread_join(thread, NULL) == 0);
    CHECK(context.calls == 1);
    CHECK(pthread_equal(context.thread, thread));
    CHECK_OK(frond_root_get_child_count(&count, root, 0));
    CHECK(count == 0); /* nothing mounted before the commit */
    CHECK_OK(frond_root_commit(root, NULL));
    CHECK_OK(frond_root_get_child_count(&count, root, 0));
    CHECK(count == 1);

    /* A discarded flush's component is not kept: the next flush calls the provider again. */
    CHECK_OK(frond_root_set_props(root, new_model("ab"), destroy_model));
    CHECK_OK(frond_root_prepare(root));
    CHECK_OK(frond_root_discard_prepared(root));
    flush(root);
    CHECK(context.calls == 3 && strcmp(context.last_names, "ab") == 0);

    /* Props given from inside the provider: the ones being read live until it returns,
     * and the new ones wait for the next flush. */
    replacing = new_model("c");
    replacing->replace_props = true;
    CHECK_OK(frond_root_set_props(root, replacing, destroy_model));
    flush(root);
    CHECK(context.props_alive_after_replacing);
    CHECK(live_models == 1);
    CHECK_OK(frond_root_needs_flush(&needs, root));
    CHECK(needs);
    flush(root);
    CHECK(context.calls == 5 && strcmp(context.last_names, "z") == 0);

    CHECK_OK(frond_root_free(root));
    CHECK(live_models == 0 && live_states == 0 && live_names == 0);
    CHECK_OK(frond_render_class_release(context.counter_class));
}

/* ---- view type declarations -------------------------------------------------- */

/* A 40×10 "label" with up to two attributes (name NULL: none) and an accessibility label. */
static frond_component *label(const frond_attribute *first, const frond_attribute *second,
                              const char *accessibility_label) {
    frond_component *component = NULL;
    frond_attribute attributes[2];
    frond_view_spec view;
    frond_size_spec size;
    size_t count = 0;
    if (first != NULL) attributes[count++] = *first;
    if (second != NULL) attributes[count++] = *second;
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "label";
    view.attributes = attributes;
    view.attribute_count = count;
    view.accessibility_label = accessibility_label;
    memset(&size, 0, sizeof size);
    size.struct_size = sizeof size;
    size.width.value = 40;
    size.width.unit = FROND_UNIT_POINT;
    size.height.value = 10;
    size.height.unit = FROND_UNIT_POINT;
    CHECK_OK(frond_component_new(&component, &view, &size, NULL));
    return component;
}

static frond_attribute string_attribute(const char *name, const char *value) {
    frond_attribute attribute;
    memset(&attribute, 0, sizeof attribute);
    attribute.name = name;
    attribute.kind = FROND_ATTRIBUTE_STRING;
    attribute.string = value;
    return attribute;
}

static frond_attribute number_attribute(const char *name, double value) {
    frond_attribute attribute;
    memset(&attribute, 0, sizeof attribute);
    attribute.name = name;
    attribute.kind = FROND_ATTRIBUTE_NUMBER;
    attribute.number = value;
    return attribute;
}

static void show(frond_root *root, frond_component *component) {
    CHECK_OK(frond_root_set_component(root, component));
    CHECK_OK(frond_component_release(component));
}

static void test_attributes_of_the_wrong_kind_fail_the_flush(void) {
    frond_root *root = NULL;
    frond_size_range range = {sizeof(frond_size_range), FROND_SIZE_RANGE_FIT_CONTENT, FROND_UNDEFINED, FROND_UNDEFINED};
    frond_attribute_spec label_spec[2] = {
        {sizeof(frond_attribute_spec), "text", FROND_ATTRIBUTE_STRING},
        {sizeof(frond_attribute_spec), "lines", FROND_ATTRIBUTE_NUMBER},
    };
    frond_attribute_spec text_spec[6] = {
        {sizeof(frond_attribute_spec), "text", FROND_ATTRIBUTE_STRING},
        {sizeof(frond_attribute_spec), "fontSize", FROND_ATTRIBUTE_NUMBER},
        {sizeof(frond_attribute_spec), "lineHeight", FROND_ATTRIBUTE_NUMBER},
        {sizeof(frond_attribute_spec), "color", FROND_ATTRIBUTE_COLOR},
        {sizeof(frond_attribute_spec), "fontFamily", FROND_ATTRIBUTE_STRING},
        {sizeof(frond_attribute_spec), "maxLines", FROND_ATTRIBUTE_NUMBER},
    };
    frond_attribute text = string_attribute("text", "Hi"), lines = number_attribute("lines", 2);
    frond_attribute wrong_lines = string_attribute("lines", "2"), font = string_attribute("font", "mono");
    frond_component *list = NULL, *words = NULL;
    frond_flex_child children[2];
    frond_view_spec list_view;
    char before[512], now[512];
    size_t handles = live_handles();

    CHECK_OK(frond_root_new(&root, &range));
    CHECK_OK(frond_root_declare_view_type(root, "label", label_spec, 2, FROND_VIEW_TYPE_REJECT_OTHER_ATTRIBUTES));
    show(root, label(&text, &lines, NULL));
    CHECK_OK(frond_root_flush(root, NULL));
    describe(root, before, sizeof before);
    CHECK(strcmp(before, "v1 label (0, 0, 40×10) lines=2 text=\"Hi\"") == 0);

    /* A wrong kind and an undeclared attribute fail the flush; the label stays. */
    show(root, label(&text, &wrong_lines, NULL));
    check_failure(FROND_ERR_INVALID_ARGUMENT, frond_root_flush(root, NULL),
                  "frond_root_flush: Component(label): attribute \"lines\" of view type \"label\" must be a number, "
                  "not a string");
    show(root, label(&text, &font, NULL));
    check_failure(FROND_ERR_INVALID_ARGUMENT, frond_root_flush(root, NULL),
                  "frond_root_flush: Component(label): attribute \"font\" is not declared for view type \"label\"");
    describe(root, now, sizeof now);
    CHECK(strcmp(now, before) == 0);

    /* Declared again, allowing other attributes: the same component mounts. */
    CHECK_OK(frond_root_declare_view_type(root, "label", label_spec, 2, FROND_VIEW_TYPE_ALLOW_OTHER_ATTRIBUTES));
    CHECK_OK(frond_root_flush(root, NULL));
    describe(root, now, sizeof now);
    CHECK(strcmp(now, "v1 label (0, 0, 40×10) font=\"mono\" text=\"Hi\"") == 0);
    /* Accessibility is always allowed. */
    CHECK_OK(frond_root_declare_view_type(root, "label", label_spec, 2, 0));
    show(root, label(&text, NULL, "Greeting"));
    CHECK_OK(frond_root_flush(root, NULL));
    describe(root, now, sizeof now);
    CHECK(strcmp(now, "v1 label (0, 0, 40×10) accessibilityLabel=\"Greeting\" text=\"Hi\"") == 0);

    /* Requiring declarations checks the tree already mounted, texts included. */
    CHECK_OK(frond_component_new_text(&words, "Hello", NULL, NULL, NULL));
    memset(children, 0, sizeof children);
    children[0].struct_size = sizeof children[0];
    children[0].component = label(&text, NULL, NULL);
    children[1].struct_size = sizeof children[1];
    children[1].component = words;
    memset(&list_view, 0, sizeof list_view);
    list_view.struct_size = sizeof list_view;
    list_view.view_type = "list";
    CHECK_OK(frond_component_new_flexbox(&list, &list_view, NULL, NULL, NULL, children, 2));
    CHECK_OK(frond_component_release(children[0].component));
    CHECK_OK(frond_component_release(words));
    show(root, list);
    CHECK_OK(frond_root_flush(root, NULL));
    describe(root, before, sizeof before);
    CHECK_OK(frond_root_set_require_declared_view_types(root, true));
    check_failure(FROND_ERR_INVALID_ARGUMENT, frond_root_flush(root, NULL),
                  "frond_root_flush: Flexbox(list): view type \"list\" is not declared");
    CHECK_OK(frond_root_declare_view_type(root, "list", NULL, 0, 0));
    check_failure(FROND_ERR_INVALID_ARGUMENT, frond_root_flush(root, NULL),
                  "frond_root_flush: Text(text): view type \"text\" is not declared");
    CHECK_OK(frond_root_declare_view_type(root, "text", text_spec, 6, 0));
    CHECK_OK(frond_root_flush(root, NULL));
    describe(root, now, sizeof now);
    CHECK(strcmp(now, before) == 0);
    /* Not required any more: an undeclared type mounts again. */
    CHECK_OK(frond_root_set_require_declared_view_types(root, false));
    {
        frond_component *other = NULL;
        frond_view_spec view;
        memset(&view, 0, sizeof view);
        view.struct_size = sizeof view;
        view.view_type = "gauge";
        CHECK_OK(frond_component_new(&other, &view, NULL, NULL));
        show(root, other);
        CHECK_OK(frond_root_flush(root, NULL));
    }

    CHECK_OK(frond_root_free(root));
    CHECK(live_handles() == handles);
}

int main(void) {
    test_the_provider_is_called_once_per_props_change();
    test_a_failing_provider_leaves_the_mounted_views();
    test_the_provider_runs_where_the_flush_is_prepared();
    test_attributes_of_the_wrong_kind_fail_the_flush();
    return check_report("root_test");
}
