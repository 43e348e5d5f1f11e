/* The seams of the C API that new users and an API fuzzer hit: values that once trapped
 * while an error message was formatted, struct sizes that cut members or come from an
 * unknown header, animation values a host could not be sent, every user_data of a
 * refused animation destroyed, one payload validation for every way an action is sent,
 * NUL inside JSON strings, roots freed from inside their own callbacks, one depth limit
 * with one error, and failure messages that keep their cause. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* ---- a host that checks every number it is sent ------------------------------- */

static int host_commits = 0;
static int host_mutations = 0;
static int host_bad_numbers = 0;          /* non-finite, or beyond ±1e9 */
static double host_largest = 0;           /* the largest magnitude seen in animated values */
static frond_root *host_frees_root = NULL; /* set: apply tries to free it */
static frond_status host_free_status = FROND_OK;

static void check_number(double value) {
    if (!isfinite(value) || fabs(value) > 1e9) host_bad_numbers++;
    if (isfinite(value) && fabs(value) > host_largest) host_largest = fabs(value);
}

static frond_status host_apply(frond_root *root, const frond_mutation *m, void *user_data) {
    size_t i;
    (void)root; (void)user_data;
    host_mutations++;
    if (m->kind == FROND_MUTATION_SET_FRAME) {
        check_number(m->frame.left);
        check_number(m->frame.top);
        check_number(m->frame.width);
        check_number(m->frame.height);
    }
    if (m->kind == FROND_MUTATION_UPDATE) {
        for (i = 0; i < m->set_count; i++) {
            if (m->set[i].kind == FROND_ATTRIBUTE_NUMBER) check_number(m->set[i].number);
        }
    }
    if (host_frees_root != NULL) {
        host_free_status = frond_root_free(host_frees_root);
        host_frees_root = NULL;
    }
    return FROND_OK;
}

static frond_status host_end(frond_root *root, void *user_data) {
    (void)root; (void)user_data;
    host_commits++;
    return FROND_OK;
}

static frond_root *new_root(float width, float height) {
    frond_root *root = NULL;
    frond_size_range range;
    frond_host host;
    memset(&range, 0, sizeof range);
    range.struct_size = sizeof range;
    range.kind = FROND_SIZE_RANGE_FIXED;
    range.width = width;
    range.height = height;
    memset(&host, 0, sizeof host);
    host.struct_size = sizeof host;
    host.apply = host_apply;
    host.end_commit = host_end;
    CHECK_OK(frond_root_new(&root, &range));
    CHECK_OK(frond_root_set_host(root, &host, NULL, NULL));
    return root;
}

/* A `view_type` leaf of 20×10 with one attribute (NULL name: none). */
static frond_component *leaf(const char *view_type, const char *attribute, const char *action) {
    frond_component *made = NULL;
    frond_attribute attr;
    frond_view_spec view;
    frond_size_spec size = size_points(20, 10);
    memset(&attr, 0, sizeof attr);
    attr.name = attribute;
    attr.kind = FROND_ATTRIBUTE_ACTION;
    attr.string = action;
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = view_type;
    view.attributes = &attr;
    view.attribute_count = attribute != NULL ? 1 : 0;
    CHECK_OK(frond_component_new(&made, &view, &size, NULL));
    return made;
}

static int destroys = 0;
static void count_destroy(void *user_data) {
    (void)user_data;
    destroys++;
}

/* ---- a render class whose scope the tests send from --------------------------- */

static frond_scope *captured_scope = NULL;
static frond_root *render_frees_root = NULL;
static frond_status render_free_status = FROND_OK;
static bool handler_reads_missing_argument = false;
static bool render_fails_once = false;

static frond_status initial_state(void **out_state, void *props, void *user_data) {
    (void)props; (void)user_data;
    *out_state = NULL;
    return FROND_OK;
}

static frond_status render_button(frond_component **out_child, frond_scope *scope, void *state, void *props,
                                  void *user_data) {
    (void)state; (void)props; (void)user_data;
    captured_scope = scope;
    if (render_fails_once) {
        render_fails_once = false;
        frond_set_last_error("the render refuses");
        return FROND_ERR_INVALID_ARGUMENT;
    }
    if (render_frees_root != NULL) {
        render_free_status = frond_root_free(render_frees_root);
        render_frees_root = NULL;
    }
    *out_child = leaf("button", FROND_EVENT_TAP, "go");
    return FROND_OK;
}

/* Fails when asked to read an argument the action does not have: the message of the
 * failing call is the cause of the flush's failure. */
static frond_status handle_action(bool *out_handled, const frond_action *action, frond_scope *scope, void *state,
                                  void *props, void *user_data) {
    frond_argument argument;
    frond_status status;
    (void)scope; (void)state; (void)props; (void)user_data;
    if (!handler_reads_missing_argument) return FROND_OK;
    status = frond_action_get_argument(&argument, action, 5);
    if (status != FROND_OK) return status;
    *out_handled = true;
    return FROND_OK;
}

static frond_render_class *button_class(void) {
    frond_render_class *made = NULL;
    frond_render_class_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.struct_size = sizeof spec;
    spec.name = "Button";
    spec.initial_state = initial_state;
    spec.render = render_button;
    spec.handle_action = handle_action;
    CHECK_OK(frond_render_class_new(&made, &spec, NULL, NULL));
    return made;
}

/* A flexbox holding a Button render component; the root shows it. */
static void show_button(frond_root *root, frond_render_class *cls) {
    frond_component *button = NULL, *box = NULL;
    frond_flex_child child;
    CHECK_OK(frond_component_new_render(&button, cls, NULL, NULL, "b", NULL, NULL));
    memset(&child, 0, sizeof child);
    child.struct_size = sizeof child;
    child.component = button;
    CHECK_OK(frond_component_new_flexbox(&box, NULL, NULL, NULL, NULL, &child, 1));
    CHECK_OK(frond_component_release(button));
    CHECK_OK(frond_root_set_component(root, box));
    CHECK_OK(frond_component_release(box));
}

/* ---- payloads: every way in refuses what one refuses --------------------------- */

static void test_payloads_are_checked_the_same_way_everywhere(void) {
    frond_root *root = new_root(100, 100);
    frond_render_class *cls = button_class();
    frond_action_outcome outcome = 0;
    frond_attribute payload;
    const float bad_components[] = {NAN, INFINITY, -INFINITY, 3e38f, -1, 1.5f};
    size_t i;
    uint64_t button = 0;
    show_button(root, cls);
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK_OK(frond_root_get_child(&button, root, 0, 0));
    CHECK(captured_scope != NULL);

    memset(&payload, 0, sizeof payload);
    payload.kind = FROND_ATTRIBUTE_COLOR;
    for (i = 0; i < sizeof bad_components / sizeof bad_components[0]; i++) {
        payload.color.red = 0.5f;
        payload.color.green = bad_components[i];
        payload.color.blue = 0;
        payload.color.alpha = 1;
        /* Formatting the refusal names the color; it once trapped on NaN and huge values. */
        CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT,
                     frond_root_send_event(&outcome, root, button, FROND_EVENT_TAP, &payload));
        CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_scope_send_action(&outcome, captured_scope, "tint", &payload));
    }
    payload.kind = FROND_ATTRIBUTE_NUMBER;
    payload.number = NAN;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_scope_send_action(&outcome, captured_scope, "set", &payload));
    payload.number = -INFINITY;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_scope_send_action(&outcome, captured_scope, "set", &payload));
    payload.number = 2;
    CHECK_OK(frond_scope_send_action(&outcome, captured_scope, "set", &payload));
    CHECK(outcome == FROND_ACTION_UNHANDLED);

    /* A refused color's message gives its numbers. */
    payload.kind = FROND_ATTRIBUTE_COLOR;
    payload.color.green = NAN;
    CHECK(frond_scope_send_action(&outcome, captured_scope, "tint", &payload) == FROND_ERR_INVALID_ARGUMENT);
    CHECK(strstr(frond_last_error_message(), "nan") != NULL);
    frond_clear_last_error();

    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_render_class_release(cls));
    captured_scope = NULL;
}

/* ---- struct sizes: this version's, an earlier version's, nothing else ----------- */

static frond_status legacy_view(frond_legacy_view *view, void *user_data) {
    (void)view; (void)user_data;
    return FROND_OK;
}

static frond_status render_nothing(frond_component **out_child, frond_scope *scope, void *state, void *props,
                                   void *user_data) {
    (void)scope; (void)state; (void)props; (void)user_data;
    *out_child = NULL;
    return FROND_OK;
}

static void controller_event(void *controller, frond_controller_event event, uint64_t view, void *props,
                             void *user_data) {
    (void)controller; (void)event; (void)view; (void)props; (void)user_data;
}

static void test_struct_sizes_must_be_known(void) {
    frond_component *made = NULL, *child = leaf("v", NULL, NULL);
    frond_render_class *cls = NULL;
    frond_render_class_spec spec;
    frond_controller_vtable controller;
    frond_animation frame;
    frond_view_spec view;
    frond_size_spec size = size_points(1, 1);
    frond_text_style text;
    frond_flexbox_style flexbox;
    frond_flex_child flex_child;
    frond_static_child static_child;
    frond_size_range range;
    frond_host host;
    frond_attribute_spec attribute_spec;
    frond_legacy_vtable vtable;
    frond_root *root = new_root(10, 10);
    size_t handles = live_handles();
    int destroys_before = destroys;

    /* The render class spec: each earlier version's size is accepted; a size that ends
     * inside a member (half a pointer) or beyond this version's is refused, and the
     * user_data is destroyed. */
    memset(&frame, 0, sizeof frame);
    frame.struct_size = sizeof frame;
    frame.duration = 0.25;
    memset(&spec, 0, sizeof spec);
    spec.name = "Sized";
    spec.render = render_nothing;
    spec.frame_animation = &frame;
    spec.struct_size = (uint32_t)(offsetof(frond_render_class_spec, frame_animation) + 4);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_render_class_new(&cls, &spec, NULL, count_destroy));
    spec.struct_size = (uint32_t)(offsetof(frond_render_class_spec, controller) + 4);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_render_class_new(&cls, &spec, NULL, count_destroy));
    spec.struct_size = (uint32_t)sizeof spec + 8;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_render_class_new(&cls, &spec, NULL, count_destroy));
    spec.struct_size = 3;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_render_class_new(&cls, &spec, NULL, count_destroy));
    CHECK(destroys == destroys_before + 4);
    CHECK(cls == NULL);
    spec.struct_size = (uint32_t)offsetof(frond_render_class_spec, controller);
    CHECK_OK(frond_render_class_new(&cls, &spec, NULL, NULL));
    CHECK_OK(frond_render_class_release(cls));
    spec.struct_size = (uint32_t)offsetof(frond_render_class_spec, frame_animation);
    CHECK_OK(frond_render_class_new(&cls, &spec, NULL, NULL));
    CHECK_OK(frond_render_class_release(cls));
    /* The frame animation and the controller table: their own sizes only. */
    spec.struct_size = sizeof spec;
    frame.struct_size = sizeof frame + 8;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_render_class_new(&cls, &spec, NULL, NULL));
    frame.struct_size = sizeof frame;
    memset(&controller, 0, sizeof controller);
    controller.struct_size = sizeof controller + 8;
    controller.event = controller_event;
    spec.initial_state = initial_state;
    spec.controller = &controller;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_render_class_new(&cls, &spec, NULL, NULL));
    controller.struct_size = sizeof controller;
    CHECK_OK(frond_render_class_new(&cls, &spec, NULL, NULL));
    CHECK_OK(frond_render_class_release(cls));

    /* Component structs: larger than this version's is not "at least big enough". */
    memset(&view, 0, sizeof view);
    view.view_type = "v";
    view.struct_size = sizeof view + 8;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new(&made, &view, NULL, NULL));
    view.struct_size = (uint32_t)offsetof(frond_view_spec, view_type) + 4;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new(&made, &view, NULL, NULL));
    size.struct_size = sizeof size + 4;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new(&made, NULL, &size, NULL));
    memset(&text, 0, sizeof text);
    text.struct_size = (uint32_t)offsetof(frond_text_style, font_weight) + 2;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_text(&made, "a", &text, NULL, NULL));
    text.struct_size = (uint32_t)offsetof(frond_text_style, max_lines);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_text(&made, "a", &text, NULL, NULL));
    text.struct_size = (uint32_t)offsetof(frond_text_style, font_weight);   /* the first version */
    CHECK_OK(frond_component_new_text(&made, "a", &text, NULL, NULL));
    CHECK_OK(frond_component_release(made));
    memset(&flexbox, 0, sizeof flexbox);
    flexbox.struct_size = sizeof flexbox + 4;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_flexbox(&made, NULL, NULL, NULL, &flexbox, NULL, 0));
    memset(&flex_child, 0, sizeof flex_child);
    flex_child.struct_size = sizeof flex_child + 8;
    flex_child.component = child;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_flexbox(&made, NULL, NULL, NULL, NULL, &flex_child, 1));
    memset(&static_child, 0, sizeof static_child);
    static_child.struct_size = sizeof static_child + 8;
    static_child.component = child;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_static(&made, NULL, NULL, NULL, &static_child, 1));

    /* Roots, hosts, declarations, legacy vtables. */
    memset(&range, 0, sizeof range);
    range.struct_size = sizeof range + 4;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_set_size_range(root, &range));
    memset(&host, 0, sizeof host);
    host.struct_size = sizeof host + 8;
    host.apply = host_apply;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_set_host(root, &host, NULL, count_destroy));
    memset(&attribute_spec, 0, sizeof attribute_spec);
    attribute_spec.struct_size = sizeof attribute_spec + 8;
    attribute_spec.name = "a";
    attribute_spec.kind = FROND_ATTRIBUTE_NUMBER;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_declare_view_type(root, "v", &attribute_spec, 1, 0));
    memset(&vtable, 0, sizeof vtable);
    vtable.struct_size = sizeof vtable + 8;
    vtable.name = "Old";
    vtable.view = legacy_view;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_legacy(&made, &vtable, NULL, NULL, NULL, count_destroy));
    vtable.struct_size = sizeof vtable;
    CHECK_OK(frond_component_new_legacy(&made, &vtable, NULL, NULL, NULL, NULL));
    CHECK_OK(frond_component_release(made));
    CHECK(destroys == destroys_before + 6);

    CHECK_OK(frond_component_release(child));
    CHECK_OK(frond_root_free(root));
    CHECK(live_handles() == handles - 2);
}

/* ---- animations: values a host can be sent, every user_data destroyed ----------- */

static frond_animation fade(double from, double to) {
    frond_animation a;
    memset(&a, 0, sizeof a);
    a.struct_size = sizeof a;
    a.property = FROND_ANIMATION_TRANSLATION_X;
    a.from.x = from;
    a.to.x = to;
    a.duration = 1;
    a.destroy = count_destroy;
    return a;
}

static void test_animation_values_stay_finite(void) {
    frond_component *child = leaf("v", NULL, NULL), *made = NULL;
    frond_root *root = new_root(100, 100);
    frond_animation a = fade(0, 1e300);
    int destroys_before = destroys;
    double time;

    /* Values beyond ±1e9 and curves whose parameters could overflow are refused. */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_animation(&made, NULL, child, &a, 1, NULL, 0));
    a = fade(0, 100);
    a.property = FROND_ANIMATION_POSITION;
    a.to.y = 1e300;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_animation(&made, NULL, child, &a, 1, NULL, 0));
    a = fade(0, 100);
    a.curve = FROND_CURVE_CUBIC_BEZIER;
    a.bezier[0] = 0.5;
    a.bezier[1] = 1e308;
    a.bezier[2] = 0.5;
    a.bezier[3] = -1e308;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_animation(&made, NULL, child, &a, 1, NULL, 0));
    a = fade(0, 100);
    a.curve = FROND_CURVE_SPRING;
    a.spring_damping = 10;
    a.spring_stiffness = 100;
    a.spring_mass = 1;
    a.spring_initial_velocity = 1e300;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_animation(&made, NULL, child, &a, 1, NULL, 0));
    CHECK(destroys == destroys_before + 4);

    /* The largest values and the steepest curve allowed: what the host is sent stays
     * within ±1e9 on every tick, overshoot clamped. */
    a = fade(-1e9, 1e9);
    a.curve = FROND_CURVE_CUBIC_BEZIER;
    a.bezier[0] = 0.1;
    a.bezier[1] = 1e6;
    a.bezier[2] = 0.9;
    a.bezier[3] = -1e6;
    CHECK_OK(frond_component_new_animation(&made, NULL, child, &a, 1, NULL, 0));
    CHECK_OK(frond_root_set_component(root, made));
    CHECK_OK(frond_component_release(made));
    host_bad_numbers = 0;
    host_largest = 0;
    CHECK_OK(frond_root_flush(root, NULL));
    for (time = 0.05; time < 1.2; time += 0.05) CHECK_OK(frond_root_tick(root, time, NULL));
    CHECK(host_bad_numbers == 0);
    CHECK(host_largest == 1e9);        /* the curve did overshoot: clamped to the limit */

    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_component_release(child));
}

static void test_refused_animation_destroys_every_entry(void) {
    frond_component *child = leaf("v", NULL, NULL), *made = NULL;
    frond_animation entries[3], parts[2], group;
    int destroys_before;

    /* Entry 1 has a wrong size: the entries around it and a group's parts still go. */
    entries[0] = fade(0, 1);
    entries[1] = fade(0, 1);
    entries[1].struct_size = 8;
    parts[0] = fade(0, 1);
    parts[1] = fade(0, 1);
    entries[2] = fade(0, 1);
    entries[2].property = FROND_ANIMATION_PARALLEL;
    entries[2].parts = parts;
    entries[2].part_count = 2;
    destroys_before = destroys;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_animation(&made, NULL, child, entries, 3, NULL, 0));
    CHECK(destroys == destroys_before + 4);   /* entries 0 and 2, and both parts */

    /* Entry 0 of another size: the array is laid out for another header, so nothing of it
     * is read (the other array still is). */
    entries[0].struct_size = 8;
    entries[1] = fade(0, 1);
    destroys_before = destroys;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT,
                 frond_component_new_animation(&made, NULL, child, entries, 3, &entries[1], 1));
    CHECK(destroys == destroys_before + 1);   /* entries[1], given as the final animation */
    entries[0].struct_size = sizeof entries[0];

    /* An entry refused for its value: the group after it still destroys its parts. */
    entries[0] = fade(0, 1);
    entries[0].duration = -1;
    entries[1] = fade(0, 1);
    destroys_before = destroys;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_animation(&made, NULL, child, entries, 3, NULL, 0));
    CHECK(destroys == destroys_before + 5);

    /* An entry that is also a group's part is one struct: destroyed once, whether the call
     * fails (entry 0's duration is bad) or the component goes. */
    entries[0] = fade(0, 1);
    entries[1] = fade(0, 1);
    entries[1].property = FROND_ANIMATION_SEQUENCE;
    entries[1].parts = &entries[0];
    entries[1].part_count = 1;
    destroys_before = destroys;
    CHECK_OK(frond_component_new_animation(&made, NULL, child, entries, 2, entries, 2));
    CHECK_OK(frond_component_release(made));
    CHECK(destroys == destroys_before + 2);
    entries[0].duration = NAN;
    destroys_before = destroys;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_animation(&made, NULL, child, entries, 2, NULL, 0));
    CHECK(destroys == destroys_before + 2);
    made = NULL;

    /* A group that contains itself is refused, and its destroy runs once. */
    group = fade(0, 1);
    group.property = FROND_ANIMATION_SEQUENCE;
    group.parts = &group;
    group.part_count = 1;
    destroys_before = destroys;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_animation(&made, NULL, child, &group, 1, NULL, 0));
    CHECK(destroys == destroys_before + 1);
    CHECK(made == NULL);
    CHECK_OK(frond_component_release(child));
}

/* ---- JSON: no NUL reaches C ---------------------------------------------------- */

static void test_json_strings_cannot_hold_nul(void) {
    frond_component *made = NULL;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_from_json(&made, "{\"view\": \"a\\u0000b\"}"));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT,
                 frond_component_new_from_json(&made, "{\"view\": \"v\", \"attributes\": {\"a\\u0000x\": 1, \"a\": 2}}"));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_from_json(&made, "{\"text\": \"\\u0000\"}"));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_from_json(&made, "{\"view\": \"v\", \"key\": \"k\\u0000\"}"));
    CHECK(made == NULL);
    CHECK_OK(frond_component_new_from_json(&made, "{\"view\": \"a\\u0001b\"}"));
    CHECK_OK(frond_component_release(made));
}

/* ---- roots are not freed from inside their own callbacks ------------------------ */

static frond_root *handler_root = NULL;
static frond_status handler_free_status = FROND_OK;

static frond_status unhandled(frond_root *root, const frond_action *action, void *user_data) {
    (void)root; (void)action; (void)user_data;
    handler_free_status = frond_root_free(handler_root);
    return FROND_OK;
}

static frond_root *completion_root = NULL;
static frond_status completion_free_status = FROND_OK;
static int completions = 0;

static void completion(bool finished, void *user_data) {
    (void)finished; (void)user_data;
    completions++;
    completion_free_status = frond_root_free(completion_root);
}

static void test_roots_are_not_freed_from_their_callbacks(void) {
    frond_root *root = new_root(100, 100);
    frond_render_class *cls = button_class();
    frond_component *child = leaf("v", NULL, NULL), *made = NULL;
    frond_action_outcome outcome = 0;
    frond_animation a = fade(0, 10);
    uint64_t button = 0;
    size_t count = 0;

    /* From render: refused, and the flush still commits to the host. */
    show_button(root, cls);
    render_frees_root = root;
    host_commits = 0;
    CHECK_OK(frond_root_flush(root, &count));
    CHECK(render_free_status == FROND_ERR_MISUSE);
    CHECK(host_commits == 1 && count > 0);

    /* From the host. */
    show_button(root, cls);
    CHECK_OK(frond_root_set_component(root, child));
    host_frees_root = root;
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK(host_free_status == FROND_ERR_MISUSE);

    /* From an action handler. */
    show_button(root, cls);
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK_OK(frond_root_get_child(&button, root, 0, 0));
    handler_root = root;
    CHECK_OK(frond_root_set_unhandled_action_handler(root, unhandled, NULL, NULL));
    CHECK_OK(frond_root_send_event(&outcome, root, button, FROND_EVENT_TAP, NULL));
    CHECK(outcome == FROND_ACTION_UNHANDLED);
    CHECK(handler_free_status == FROND_ERR_MISUSE);

    /* From an animation's completion (during a tick). */
    a.completion = completion;
    a.destroy = NULL;
    CHECK_OK(frond_component_new_animation(&made, NULL, child, &a, 1, NULL, 0));
    CHECK_OK(frond_root_set_component(root, made));
    CHECK_OK(frond_component_release(made));
    CHECK_OK(frond_root_flush(root, NULL));
    completion_root = root;
    CHECK_OK(frond_root_tick(root, 2, NULL));
    CHECK(completions == 1 && completion_free_status == FROND_ERR_MISUSE);

    /* The root survived every attempt; freed from outside, it goes. */
    CHECK_OK(frond_root_needs_flush(&(bool){false}, root));
    CHECK_OK(frond_root_free(root));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_flush(root, NULL));
    CHECK_OK(frond_render_class_release(cls));
    CHECK_OK(frond_component_release(child));
}

/* ---- one depth limit, one error ------------------------------------------------- */

/* `levels` components: composites around a leaf. */
static frond_component *chain(int levels) {
    frond_component *current = leaf("v", NULL, NULL), *outer = NULL;
    int level;
    for (level = 1; level < levels; level++) {
        CHECK_OK(frond_component_new_composite(&outer, NULL, NULL, NULL, current));
        CHECK_OK(frond_component_release(current));
        current = outer;
    }
    return current;
}

static char *json_chain(int levels) {
    size_t capacity = (size_t)levels * 32 + 64, used = 0;
    char *text = malloc(capacity);
    int level;
    if (text == NULL) return NULL;
    for (level = 1; level < levels; level++) used += (size_t)snprintf(text + used, capacity - used, "{\"children\": [");
    used += (size_t)snprintf(text + used, capacity - used, "{\"view\": \"v\"}");
    for (level = 1; level < levels; level++) used += (size_t)snprintf(text + used, capacity - used, "]}");
    return text;
}

static void test_depth_has_one_limit_and_one_error(void) {
    frond_root *root = new_root(100, 100);
    frond_component *tree = chain(FROND_MAX_TREE_DEPTH), *made = NULL;
    char *text;
    char nested[4 * FROND_MAX_TREE_DEPTH * 2 + 8];
    int i;

    /* A component tree exactly FROND_MAX_TREE_DEPTH deep is shown; one more level is
     * FROND_ERR_LIMIT, as the component that would hold it is made (no flush could place
     * it). */
    CHECK_OK(frond_root_set_component(root, tree));
    CHECK_STATUS(FROND_ERR_LIMIT, frond_component_new_composite(&made, NULL, NULL, NULL, tree));
    CHECK(made == NULL);
    CHECK_OK(frond_component_release(tree));
    CHECK_OK(frond_root_flush(root, NULL));

    /* The same in JSON: as deep is accepted, deeper is FROND_ERR_LIMIT, and so is JSON
     * nested beyond 4 × the depth. */
    text = json_chain(FROND_MAX_TREE_DEPTH);
    CHECK(text != NULL);
    CHECK_OK(frond_component_new_from_json(&made, text));
    CHECK_OK(frond_component_release(made));
    free(text);
    text = json_chain(FROND_MAX_TREE_DEPTH + 1);
    CHECK_STATUS(FROND_ERR_LIMIT, frond_component_new_from_json(&made, text));
    free(text);
    for (i = 0; i < 4 * FROND_MAX_TREE_DEPTH + 1; i++) nested[i] = '[';
    nested[i] = '\0';
    CHECK_STATUS(FROND_ERR_LIMIT, frond_component_new_from_json(&made, nested));
    CHECK_OK(frond_root_free(root));
}

/* ---- a callback's failure keeps its cause ---------------------------------------- */

static void test_callback_failures_keep_their_cause(void) {
    frond_root *root = new_root(100, 100);
    frond_render_class *cls = button_class();
    frond_action_outcome outcome = 0;
    uint64_t button = 0;
    frond_status status;
    show_button(root, cls);
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK_OK(frond_root_get_child(&button, root, 0, 0));
    handler_reads_missing_argument = true;
    status = frond_root_send_event(&outcome, root, button, FROND_EVENT_TAP, NULL);
    CHECK(status == FROND_ERR_CALLBACK);
    CHECK(strstr(frond_last_error_message(), "Button: handle_action returned FROND_ERR_INVALID_ARGUMENT: "
                                             "frond_action_get_argument") != NULL);
    frond_clear_last_error();
    handler_reads_missing_argument = false;
    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_render_class_release(cls));
}

/* ---- replacing a callback from the destroy function of the one it replaces ------ */

static const char *reentered_setter = NULL;
static frond_root *setter_root = NULL;
static frond_node *setter_node = NULL;
static frond_status reentered_status = FROND_ERR_INTERNAL;
static int reentries = 0;

static frond_status text_measure(const char *text, const frond_text_style *style, float width,
                                 frond_measure_mode width_mode, float height, frond_measure_mode height_mode,
                                 frond_size *out_size, void *user_data) {
    (void)text; (void)style; (void)width; (void)width_mode; (void)height; (void)height_mode; (void)user_data;
    out_size->width = out_size->height = 1;
    return FROND_OK;
}
static frond_status empty_provider(frond_component **out_component, void *props, void *user_data) {
    (void)props; (void)user_data;
    *out_component = NULL;
    return FROND_OK;
}
static frond_status flush_request(frond_root *root, void *user_data) {
    (void)root; (void)user_data;
    return FROND_OK;
}
static frond_status node_measure(frond_node *node, float width, frond_measure_mode width_mode, float height,
                                 frond_measure_mode height_mode, frond_size *out_size, void *user_data) {
    (void)node; (void)width; (void)width_mode; (void)height; (void)height_mode; (void)user_data;
    out_size->width = out_size->height = 1;
    return FROND_OK;
}
static frond_status node_baseline(frond_node *node, float width, float height, float *out_baseline, void *user_data) {
    (void)node; (void)width; (void)height; (void)user_data;
    *out_baseline = 0;
    return FROND_OK;
}

static frond_status set_again(void *user_data, frond_destroy_func destroy);

static void destroy_and_set_again(void *user_data) {
    (void)user_data;
    reentries++;
    reentered_status = set_again(NULL, NULL);
}

/* Calls the setter named `reentered_setter` with user_data and destroy. */
static frond_status set_again(void *user_data, frond_destroy_func destroy) {
    frond_host host;
    const char *which = reentered_setter;
    FROND_INIT(host);
    host.apply = host_apply;
    if (strcmp(which, "host") == 0) return frond_root_set_host(setter_root, &host, user_data, destroy);
    if (strcmp(which, "text_measurer") == 0) return frond_root_set_text_measurer(setter_root, text_measure, user_data, destroy);
    if (strcmp(which, "provider") == 0) return frond_root_set_provider(setter_root, empty_provider, user_data, destroy);
    if (strcmp(which, "props") == 0) return frond_root_set_props(setter_root, user_data, destroy);
    if (strcmp(which, "flush_request") == 0) return frond_root_set_flush_request(setter_root, flush_request, user_data, destroy);
    if (strcmp(which, "unhandled") == 0) return frond_root_set_unhandled_action_handler(setter_root, unhandled, user_data, destroy);
    if (strcmp(which, "measure") == 0) return frond_node_set_measure_func(setter_node, node_measure, user_data, destroy);
    if (strcmp(which, "baseline") == 0) return frond_node_set_baseline_func(setter_node, node_baseline, user_data, destroy);
    return FROND_ERR_INTERNAL;
}

static void test_a_replaced_callbacks_destroy_may_replace_it_again(void) {
    const char *setters[] = {"host", "text_measurer", "provider", "props", "flush_request", "unhandled", "measure",
                             "baseline"};
    size_t i;
    for (i = 0; i < sizeof setters / sizeof setters[0]; i++) {
        reentered_setter = setters[i];
        CHECK_OK(frond_root_new(&setter_root, NULL));
        CHECK_OK(frond_node_new(&setter_node, NULL));
        CHECK_OK(frond_root_set_provider(setter_root, empty_provider, NULL, NULL));   /* props need one */
        reentries = 0;
        CHECK_OK(set_again((void *)1, destroy_and_set_again));
        /* Replacing it runs its destroy, which replaces it once more (not a crash). */
        CHECK_OK(set_again(NULL, NULL));
        CHECK(reentries == 1);
        CHECK(reentered_status == FROND_OK);
        if (reentries != 1 || reentered_status != FROND_OK) fprintf(stderr, "  (setter %s)\n", setters[i]);
        CHECK_OK(frond_root_free(setter_root));
        CHECK_OK(frond_node_free(setter_node));
    }
}

/* ---- a state written by an initial_state that then fails is Frond's ------------- */

static int failing_state_value = 0;
static int failing_state_destroys = 0;

static frond_status failing_initial_state(void **out_state, void *props, void *user_data) {
    (void)props; (void)user_data;
    *out_state = &failing_state_value;
    return FROND_ERR_INVALID_ARGUMENT;
}

static void count_state_destroy(void *state) {
    if (state == &failing_state_value) failing_state_destroys++;
}

static void test_a_state_written_by_a_failing_initial_state_is_destroyed(void) {
    frond_render_class *cls = NULL;
    frond_render_class_spec spec;
    frond_component *component = NULL;
    frond_root *root = new_root(10, 10);
    FROND_INIT(spec);
    spec.name = "Failing";
    spec.initial_state = failing_initial_state;
    spec.render = render_nothing;
    spec.destroy_state = count_state_destroy;
    CHECK_OK(frond_render_class_new(&cls, &spec, NULL, NULL));
    CHECK_OK(frond_component_new_render(&component, cls, NULL, NULL, NULL, NULL, NULL));
    CHECK_OK(frond_root_set_component(root, component));
    CHECK_OK(frond_component_release(component));
    CHECK_STATUS(FROND_ERR_CALLBACK, frond_root_flush(root, NULL));
    CHECK(failing_state_destroys == 1);
    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_render_class_release(cls));
    CHECK(failing_state_destroys == 1);
}

/* A flush whose render fails after state updates were applied: the states moved on (the
   update ran), the views stay, and the root still has work until a flush shows them. */
static frond_status mark_state(void **state, void *user_data) {
    (void)user_data;
    *state = (void *)&render_fails_once; /* any non-NULL pointer */
    return FROND_OK;
}

static void test_a_failed_flush_leaves_its_applied_states_to_the_next(void) {
    frond_root *root = new_root(100, 100);
    frond_render_class *cls = button_class();
    bool needs = true;
    void *state = NULL;
    show_button(root, cls);
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK_OK(frond_root_needs_flush(&needs, root));
    CHECK(!needs && captured_scope != NULL);
    CHECK_OK(frond_scope_update_state(captured_scope, mark_state, NULL, NULL));
    render_fails_once = true;
    CHECK_FAILURE(FROND_ERR_CALLBACK, frond_root_flush(root, NULL), "the render refuses");
    CHECK_OK(frond_scope_get_state(&state, captured_scope));
    CHECK(state == (void *)&render_fails_once);
    CHECK_OK(frond_root_needs_flush(&needs, root));
    CHECK(needs);
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK_OK(frond_root_needs_flush(&needs, root));
    CHECK(!needs);
    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_render_class_release(cls));
}

int main(void) {
    size_t handles = live_handles();
    test_payloads_are_checked_the_same_way_everywhere();
    test_struct_sizes_must_be_known();
    test_animation_values_stay_finite();
    test_refused_animation_destroys_every_entry();
    test_json_strings_cannot_hold_nul();
    test_roots_are_not_freed_from_their_callbacks();
    test_depth_has_one_limit_and_one_error();
    test_callback_failures_keep_their_cause();
    test_a_replaced_callbacks_destroy_may_replace_it_again();
    test_a_state_written_by_a_failing_initial_state_is_destroyed();
    test_a_failed_flush_leaves_its_applied_states_to_the_next();
    CHECK(live_handles() == handles);
    return check_report("seams_test");
}
