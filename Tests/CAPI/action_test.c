/* Functional test of the Actions section of the C API: render classes as responders
 * (handle_action), the order of the responder chain, host events and taps, actions sent
 * through a scope, the unhandled action handler, payloads, failing handlers, action
 * handles that go stale after their callback, a render class spec from an older header,
 * and that every user_data and handle is released exactly once. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* ---- bookkeeping --------------------------------------------------------- */

static char trail[512];            /* "responder:action " for every handle_action call */
static frond_root *the_root = NULL;

static void note(const char *responder, const frond_action *action) {
    const char *name = "?";
    size_t used = strlen(trail);
    frond_action_get_name(&name, action);
    snprintf(trail + used, sizeof trail - used, "%s:%s ", responder, name);
}

static bool named(const frond_action *action, const char *expected) {
    const char *name = NULL;
    return frond_action_get_name(&name, action) == FROND_OK && strcmp(name, expected) == 0;
}

static void set_number(frond_attribute *attribute, const char *name, double number) {
    memset(attribute, 0, sizeof *attribute);
    attribute->name = name;
    attribute->kind = FROND_ATTRIBUTE_NUMBER;
    attribute->number = number;
}

static void set_action(frond_attribute *attribute, const char *name, const char *action) {
    memset(attribute, 0, sizeof *attribute);
    attribute->name = name;
    attribute->kind = FROND_ATTRIBUTE_ACTION;
    attribute->string = action;
}

/* ---- Row: a stateful class (state: its tap count) ------------------------- */
/* A 100×20 "row" view (tap: "rowTapped", long press: "hold", value change: "rename",
 * onFail: "explode") holding a 60×20 label and a 20×20 "button" (tap: "removeTapped").
 * A tapped row selects itself, the button removes it: the row tells its list with
 * "select" / "remove" and its id as payload. */

typedef struct row_props {
    int id;
    bool selected;
} row_props;

static frond_render_class *row_class = NULL;
static frond_action_outcome row_send_outcome = 0;
static bool flush_in_handler = false;
static frond_status flush_in_handler_status = FROND_ERR_INTERNAL;

static frond_status row_initial_state(void **out_state, void *props, void *user_data) {
    int *taps = malloc(sizeof *taps);
    (void)props; (void)user_data;
    if (taps == NULL) return FROND_ERR_OUT_OF_MEMORY;
    *taps = 0;
    *out_state = taps;
    return FROND_OK;
}

static frond_status row_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                               void *user_data) {
    row_props *p = props;
    frond_attribute row_attributes[7], button_attributes[1];
    frond_view_spec row_view, label_view, button_view;
    frond_size_spec row_size = size_points(100, 20), label_size = size_points(60, 20), button_size = size_points(20, 20);
    frond_flex_child children[2];
    frond_flexbox_style style;
    frond_component *label = NULL, *button = NULL;
    frond_status status;
    (void)scope; (void)user_data;

    set_number(&row_attributes[0], "id", p->id);
    set_action(&row_attributes[1], "onTap", "rowTapped");
    set_action(&row_attributes[2], "onLongPress", "hold");
    set_action(&row_attributes[3], "onValueChange", "rename");
    set_action(&row_attributes[4], "onFail", "explode");
    set_number(&row_attributes[5], "taps", *(int *)state);
    memset(&row_attributes[6], 0, sizeof row_attributes[6]);
    row_attributes[6].name = "selected";
    row_attributes[6].kind = FROND_ATTRIBUTE_BOOL;
    row_attributes[6].boolean = p->selected;
    set_action(&button_attributes[0], "onTap", "removeTapped");

    memset(&label_view, 0, sizeof label_view);
    label_view.struct_size = sizeof label_view;
    label_view.view_type = "label";
    button_view = label_view;
    button_view.view_type = "button";
    button_view.attributes = button_attributes;
    button_view.attribute_count = 1;
    row_view = label_view;
    row_view.view_type = "row";
    row_view.attributes = row_attributes;
    row_view.attribute_count = 7;

    status = frond_component_new(&label, &label_view, &label_size, NULL);
    if (status != FROND_OK) return status;
    status = frond_component_new(&button, &button_view, &button_size, NULL);
    if (status != FROND_OK) return status;
    memset(children, 0, sizeof children);
    children[0].struct_size = sizeof children[0];
    children[0].component = label;
    children[1].struct_size = sizeof children[1];
    children[1].component = button;
    memset(&style, 0, sizeof style);
    style.struct_size = sizeof style;
    style.direction = FROND_FLEX_DIRECTION_ROW;
    status = frond_component_new_flexbox(out_child, &row_view, &row_size, NULL, &style, children, 2);
    frond_component_release(label);
    frond_component_release(button);
    return status;
}

static frond_status add_tap(void **state, void *user_data) {
    (void)user_data;
    (*(int **)state)[0]++;
    return FROND_OK;
}

static frond_status row_handle_action(bool *out_handled, const frond_action *action, frond_scope *scope, void *state,
                                      void *props, void *user_data) {
    row_props *p = props;
    char name[16];
    frond_attribute id;
    (void)state; (void)user_data;
    snprintf(name, sizeof name, "row%d", p->id);
    note(name, action);
    set_number(&id, NULL, p->id);
    if (named(action, "rowTapped")) {
        frond_status status = frond_scope_update_state(scope, add_tap, NULL, NULL);
        if (status != FROND_OK) return status;
        if (flush_in_handler) flush_in_handler_status = frond_root_flush(the_root, NULL);
        status = frond_scope_send_action(&row_send_outcome, scope, "select", &id);
        if (status != FROND_OK) return status;
        *out_handled = true;
    } else if (named(action, "removeTapped")) {
        frond_status status = frond_scope_send_action(&row_send_outcome, scope, "remove", &id);
        if (status != FROND_OK) return status;
        *out_handled = true;
    }
    return FROND_OK;
}

/* ---- List: a stateful class that owns the rows' data ---------------------- */

typedef struct list_state {
    int ids[8];
    int count;
    int selected;
} list_state;

static list_state *shown_list = NULL;   /* the state of the last list render */

static frond_status list_initial_state(void **out_state, void *props, void *user_data) {
    list_state *state = calloc(1, sizeof *state);
    (void)props; (void)user_data;
    if (state == NULL) return FROND_ERR_OUT_OF_MEMORY;
    state->ids[0] = 1;
    state->ids[1] = 2;
    state->ids[2] = 3;
    state->count = 3;
    return *out_state = state, FROND_OK;
}

static void destroy_row_props(void *props) { free(props); }

static frond_status list_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                                void *user_data) {
    list_state *list = state;
    frond_flex_child children[8];
    frond_view_spec view;
    frond_status status = FROND_OK;
    int i;
    (void)scope; (void)props; (void)user_data;
    shown_list = list;
    memset(children, 0, sizeof children);
    for (i = 0; i < list->count && status == FROND_OK; i++) {
        row_props *p = malloc(sizeof *p);
        char key[16];
        if (p == NULL) return FROND_ERR_OUT_OF_MEMORY;
        p->id = list->ids[i];
        p->selected = list->ids[i] == list->selected;
        snprintf(key, sizeof key, "row%d", p->id);
        children[i].struct_size = sizeof children[i];
        status = frond_component_new_render(&children[i].component, row_class, NULL, NULL, key, p, destroy_row_props);
    }
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "list";
    if (status == FROND_OK) status = frond_component_new_flexbox(out_child, &view, NULL, NULL, NULL, children, (size_t)i);
    for (i = 0; i < 8; i++) frond_component_release(children[i].component);
    return status;
}

static frond_status select_row(void **state, void *user_data) {
    (*(list_state **)state)->selected = (int)(intptr_t)user_data;
    return FROND_OK;
}

static frond_status remove_row(void **state, void *user_data) {
    list_state *list = *(list_state **)state;
    int i, kept = 0;
    for (i = 0; i < list->count; i++) {
        if (list->ids[i] != (int)(intptr_t)user_data) list->ids[kept++] = list->ids[i];
    }
    list->count = kept;
    return FROND_OK;
}

static frond_status list_handle_action(bool *out_handled, const frond_action *action, frond_scope *scope,
                                       void *state, void *props, void *user_data) {
    bool has_payload = false;
    frond_attribute payload;
    frond_status status;
    (void)state; (void)props; (void)user_data;
    note("list", action);
    if (!named(action, "select") && !named(action, "remove")) return FROND_OK;
    status = frond_action_get_payload(&has_payload, &payload, action);
    if (status != FROND_OK) return status;
    if (!has_payload || payload.kind != FROND_ATTRIBUTE_NUMBER) return FROND_ERR_INVALID_ARGUMENT;
    status = frond_scope_update_state(scope, named(action, "select") ? select_row : remove_row,
                                      (void *)(intptr_t)payload.number, NULL);
    *out_handled = status == FROND_OK;
    return status;
}

/* ---- Old: a stateless class registered with an older header's spec ------- */

static int old_handler_calls = 0;

static frond_status old_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                               void *user_data);

static frond_status old_handle_action(bool *out_handled, const frond_action *action, frond_scope *scope,
                                      void *state, void *props, void *user_data) {
    (void)out_handled; (void)action; (void)scope; (void)state; (void)props; (void)user_data;
    old_handler_calls++;
    return FROND_ERR_INTERNAL;
}

/* ---- Screen: a stateless class at the top --------------------------------- */

static frond_render_class *list_class = NULL, *old_class = NULL;
static bool tap_in_render = false;
static frond_status tap_in_render_status = FROND_OK;
static int screen_scope_checks_failed = 0;

static frond_status screen_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                                  void *user_data) {
    (void)scope; (void)state; (void)props; (void)user_data;
    if (tap_in_render) {
        frond_action_outcome outcome;
        uint64_t view;
        tap_in_render_status = frond_root_tap_at(&outcome, &view, the_root, 5, 5);
        frond_clear_last_error();
    }
    return frond_component_new_render(out_child, old_class, NULL, NULL, NULL, NULL, NULL);
}

static frond_status old_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                               void *user_data) {
    (void)scope; (void)state; (void)props; (void)user_data;
    return frond_component_new_render(out_child, list_class, NULL, NULL, "list", NULL, NULL);
}

static frond_status screen_handle_action(bool *out_handled, const frond_action *action, frond_scope *scope,
                                         void *state, void *props, void *user_data) {
    (void)props; (void)user_data;
    if (scope != NULL || state != NULL) screen_scope_checks_failed++;
    note("screen", action);
    if (named(action, "explode")) return FROND_ERR_INVALID_ARGUMENT;
    *out_handled = named(action, "refresh");
    return FROND_OK;
}

/* ---- the unhandled action handler ----------------------------------------- */

static int unhandled_calls = 0;
static char unhandled_name[32];
static uint64_t unhandled_view = 0;
static bool unhandled_has_payload = false;
static frond_attribute unhandled_payload;
static char unhandled_payload_text[32];
static frond_component *unhandled_sender = NULL;
static const frond_action *kept_action = NULL;     /* used after the callback: stale */
static frond_root *unhandled_root = NULL;
static frond_status unhandled_result = FROND_OK;
static int handler_destroys = 0;

static frond_status record_unhandled(frond_root *root, const frond_action *action, void *user_data) {
    const char *name = NULL;
    frond_component *again = NULL;
    (void)user_data;
    unhandled_calls++;
    unhandled_root = root;
    kept_action = action;
    if (frond_action_get_name(&name, action) == FROND_OK) snprintf(unhandled_name, sizeof unhandled_name, "%s", name);
    if (frond_action_get_view(&unhandled_view, action) != FROND_OK) unhandled_view = 9999;
    if (frond_action_get_payload(&unhandled_has_payload, &unhandled_payload, action) != FROND_OK) unhandled_view = 9998;
    unhandled_payload_text[0] = 0;
    if (unhandled_has_payload && unhandled_payload.kind == FROND_ATTRIBUTE_STRING) {
        snprintf(unhandled_payload_text, sizeof unhandled_payload_text, "%s", unhandled_payload.string);
    }
    if (frond_action_get_sender(&unhandled_sender, action) != FROND_OK) unhandled_sender = NULL;
    if (frond_action_get_sender(&again, action) != FROND_OK || again != unhandled_sender) unhandled_sender = NULL;
    return unhandled_result;
}

static void count_handler_destroy(void *user_data) {
    (void)user_data;
    handler_destroys++;
}

/* ---- helpers ---------------------------------------------------------------- */

static frond_render_class *new_class(const char *name, frond_status (*initial_state)(void **, void *, void *),
                                     frond_status (*render)(frond_component **, frond_scope *, void *, void *, void *),
                                     frond_status (*handle_action)(bool *, const frond_action *, frond_scope *, void *,
                                                                   void *, void *),
                                     uint32_t struct_size) {
    frond_render_class *cls = NULL;
    frond_render_class_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.struct_size = struct_size;
    spec.name = name;
    spec.initial_state = initial_state;
    spec.render = render;
    spec.destroy_state = free;
    spec.handle_action = handle_action;
    CHECK_OK(frond_render_class_new(&cls, &spec, NULL, NULL));
    return cls;
}

static uint64_t tap(float x, float y, frond_action_outcome expected) {
    frond_action_outcome outcome = 0;
    uint64_t view = 12345;
    trail[0] = 0;
    CHECK_OK(frond_root_tap_at(&outcome, &view, the_root, x, y));
    CHECK(outcome == expected);
    return view;
}

static size_t describe(char *buffer, size_t capacity) {
    size_t length = 0;
    CHECK_OK(frond_root_describe_components(&length, the_root, buffer, capacity));
    return length;
}

/* ---- tests ------------------------------------------------------------------ */

static void test_taps_travel_the_chain_to_the_list(void) {
    uint64_t row2, button1;
    size_t count = 0;
    uint64_t list_view = 0;

    /* Row 2 (y 20…40): its tap selects it. Old (an older header's spec) is never asked;
     * the row's own "select" starts at its parent. */
    row2 = tap(10, 25, FROND_ACTION_HANDLED);
    CHECK(row2 != 0);
    CHECK(strcmp(trail, "row2:rowTapped list:select ") == 0);
    CHECK(row_send_outcome == FROND_ACTION_HANDLED);
    CHECK_OK(frond_root_flush(the_root, NULL));
    CHECK(shown_list != NULL && shown_list->selected == 2);
    CHECK(tap(10, 25, FROND_ACTION_HANDLED) == row2);

    /* The remove button of row 1 (x 60…80, in front of its row). */
    button1 = tap(70, 5, FROND_ACTION_HANDLED);
    CHECK(button1 != 0 && button1 != row2);
    CHECK(strcmp(trail, "row1:removeTapped list:remove ") == 0);
    CHECK_OK(frond_root_flush(the_root, NULL));
    CHECK(shown_list != NULL && shown_list->count == 2);
    CHECK_OK(frond_root_get_child(&list_view, the_root, 0, 0));
    CHECK_OK(frond_root_get_child_count(&count, the_root, list_view));
    CHECK(count == 2);
    /* Row 2 moved up to y 0…20 and kept its view. */
    CHECK(tap(10, 5, FROND_ACTION_HANDLED) == row2);
    CHECK(tap(500, 500, FROND_ACTION_NO_ACTION) == 0);
    CHECK(strcmp(trail, "") == 0);
    CHECK(old_handler_calls == 0);
    CHECK(screen_scope_checks_failed == 0);
    CHECK_OK(frond_root_flush(the_root, NULL));
}

static void test_unhandled_actions_reach_the_handler_with_their_payload(void) {
    frond_action_outcome outcome = 0;
    frond_attribute payload;
    uint64_t row = tap(10, 5, FROND_ACTION_HANDLED);
    size_t handles_before = 0, handles_after = 0;
    CHECK_OK(frond_root_flush(the_root, NULL));

    CHECK_OK(frond_handle_count(&handles_before));
    unhandled_calls = 0;
    trail[0] = 0;
    CHECK_OK(frond_root_send_event(&outcome, the_root, row, FROND_EVENT_LONG_PRESS, NULL));
    CHECK(outcome == FROND_ACTION_UNHANDLED);
    CHECK(strcmp(trail, "row2:hold list:hold screen:hold ") == 0);
    CHECK(unhandled_calls == 1);
    CHECK(unhandled_root == the_root);
    CHECK(strcmp(unhandled_name, "hold") == 0);
    CHECK(unhandled_view == row);
    CHECK(!unhandled_has_payload);
    CHECK(unhandled_sender != NULL);

    /* After the callback, the action and the borrowed sender are gone. */
    CHECK_STATUS(FROND_ERR_MISUSE, frond_action_get_name(&(const char *){NULL}, kept_action));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_action_get_view(&(uint64_t){0}, kept_action));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_component_release(unhandled_sender));
    CHECK_OK(frond_handle_count(&handles_after));
    CHECK(handles_after == handles_before);

    /* A value change carries its payload. */
    memset(&payload, 0, sizeof payload);
    payload.kind = FROND_ATTRIBUTE_STRING;
    payload.string = "new name";
    trail[0] = 0;
    CHECK_OK(frond_root_send_event(&outcome, the_root, row, FROND_EVENT_VALUE_CHANGE, &payload));
    CHECK(outcome == FROND_ACTION_UNHANDLED);
    CHECK(strcmp(trail, "row2:rename list:rename screen:rename ") == 0);
    CHECK(unhandled_calls == 2);
    CHECK(unhandled_has_payload && unhandled_payload.kind == FROND_ATTRIBUTE_STRING);
    CHECK(strcmp(unhandled_payload_text, "new name") == 0);

    /* No such action attribute: nothing is sent. */
    trail[0] = 0;
    CHECK_OK(frond_root_send_event(&outcome, the_root, row, "onSwipe", NULL));
    CHECK(outcome == FROND_ACTION_NO_ACTION);
    CHECK_OK(frond_root_send_event(&outcome, the_root, row, "id", NULL));   /* a number, not an action */
    CHECK(outcome == FROND_ACTION_NO_ACTION);
    CHECK(strcmp(trail, "") == 0);
    CHECK(unhandled_calls == 2);

    /* A failing unhandled handler fails the send. */
    unhandled_result = FROND_ERR_INVALID_ARGUMENT;
    CHECK_STATUS(FROND_ERR_CALLBACK, frond_root_send_event(&outcome, the_root, row, FROND_EVENT_LONG_PRESS, NULL));
    unhandled_result = FROND_OK;
    CHECK(unhandled_calls == 3);
}

static void test_a_failing_handler_stops_the_action_and_leaves_the_tree(void) {
    char before[1024], after[1024];
    frond_action_outcome outcome = FROND_ACTION_HANDLED;
    bool needs = true;
    uint64_t row = tap(10, 5, FROND_ACTION_HANDLED);
    CHECK_OK(frond_root_flush(the_root, NULL));
    describe(before, sizeof before);
    unhandled_calls = 0;
    trail[0] = 0;
    CHECK_STATUS(FROND_ERR_CALLBACK, frond_root_send_event(&outcome, the_root, row, "onFail", NULL));
    frond_root_send_event(&outcome, the_root, row, "onFail", NULL);
    CHECK(strstr(frond_last_error_message(), "Screen: handle_action returned FROND_ERR_INVALID_ARGUMENT") != NULL);
    CHECK(strcmp(trail, "row2:explode list:explode screen:explode row2:explode list:explode screen:explode ") == 0);
    CHECK(unhandled_calls == 0);
    describe(after, sizeof after);
    CHECK(strcmp(before, after) == 0);
    CHECK_OK(frond_root_needs_flush(&needs, the_root));
    CHECK(!needs);
    frond_clear_last_error();
}

static void test_actions_are_refused_during_a_flush_but_handlers_may_flush(void) {
    bool needs = true;
    uint64_t row;
    /* From a render function: the root is flushing. */
    tap_in_render = true;
    CHECK_OK(frond_root_set_component(the_root, NULL));
    CHECK_OK(frond_root_flush(the_root, NULL));
    {
        frond_component *screen = NULL;
        frond_render_class *screen_class = new_class("Screen", NULL, screen_render, screen_handle_action,
                                                     sizeof(frond_render_class_spec));
        CHECK_OK(frond_component_new_render(&screen, screen_class, NULL, NULL, NULL, NULL, NULL));
        CHECK_OK(frond_root_set_component(the_root, screen));
        CHECK_OK(frond_component_release(screen));
        CHECK_OK(frond_render_class_release(screen_class));
    }
    CHECK_OK(frond_root_flush(the_root, NULL));
    tap_in_render = false;
    CHECK(tap_in_render_status == FROND_ERR_MISUSE);

    /* With a prepared flush. */
    row = tap(10, 5, FROND_ACTION_HANDLED);
    CHECK_OK(frond_root_prepare(the_root));
    {
        frond_action_outcome outcome;
        uint64_t view;
        CHECK_STATUS(FROND_ERR_MISUSE, frond_root_tap_at(&outcome, &view, the_root, 10, 5));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_root_send_event(&outcome, the_root, row, FROND_EVENT_TAP, NULL));
    }
    CHECK_OK(frond_root_commit(the_root, NULL));

    /* A handler that flushes: the chain goes on. */
    flush_in_handler = true;
    CHECK(tap(10, 5, FROND_ACTION_HANDLED) == row);
    flush_in_handler = false;
    CHECK(flush_in_handler_status == FROND_OK);
    CHECK(strcmp(trail, "row1:rowTapped list:select ") == 0);
    CHECK_OK(frond_root_needs_flush(&needs, the_root));
    CHECK(needs);                 /* the list's update came after the handler's flush */
    CHECK_OK(frond_root_flush(the_root, NULL));
}

static void test_the_unhandled_handler_is_destroyed_once(void) {
    frond_root *root = NULL;
    handler_destroys = 0;
    CHECK_OK(frond_root_new(&root, NULL));
    CHECK_OK(frond_root_set_unhandled_action_handler(root, record_unhandled, NULL, count_handler_destroy));
    CHECK(handler_destroys == 0);
    CHECK_OK(frond_root_set_unhandled_action_handler(root, record_unhandled, NULL, count_handler_destroy));
    CHECK(handler_destroys == 1);
    CHECK_OK(frond_root_set_unhandled_action_handler(root, NULL, NULL, count_handler_destroy));
    CHECK(handler_destroys == 3);
    CHECK_OK(frond_root_set_unhandled_action_handler(root, record_unhandled, NULL, count_handler_destroy));
    CHECK_OK(frond_root_free(root));
    CHECK(handler_destroys == 4);
}

int main(void) {
    frond_component *screen = NULL;
    frond_render_class *screen_class;
    frond_size_range range;
    size_t handles_at_start = 0, handles_at_end = 0;
    CHECK_OK(frond_handle_count(&handles_at_start));

    row_class = new_class("Row", row_initial_state, row_render, row_handle_action, sizeof(frond_render_class_spec));
    list_class = new_class("List", list_initial_state, list_render, list_handle_action,
                           sizeof(frond_render_class_spec));
    /* An older header's spec ends before handle_action: whatever follows is not read. */
    old_class = new_class("Old", NULL, old_render, old_handle_action,
                          (uint32_t)offsetof(frond_render_class_spec, handle_action));
    screen_class = new_class("Screen", NULL, screen_render, screen_handle_action, sizeof(frond_render_class_spec));

    memset(&range, 0, sizeof range);
    range.struct_size = sizeof range;
    range.kind = FROND_SIZE_RANGE_FIXED;
    range.width = 100;
    range.height = 100;
    CHECK_OK(frond_root_new(&the_root, &range));
    CHECK_OK(frond_root_set_unhandled_action_handler(the_root, record_unhandled, NULL, count_handler_destroy));
    CHECK_OK(frond_component_new_render(&screen, screen_class, NULL, NULL, NULL, NULL, NULL));
    CHECK_OK(frond_root_set_component(the_root, screen));
    CHECK_OK(frond_component_release(screen));
    CHECK_OK(frond_render_class_release(screen_class));
    CHECK_OK(frond_root_flush(the_root, NULL));

    test_taps_travel_the_chain_to_the_list();
    test_unhandled_actions_reach_the_handler_with_their_payload();
    test_a_failing_handler_stops_the_action_and_leaves_the_tree();
    test_actions_are_refused_during_a_flush_but_handlers_may_flush();
    CHECK(old_handler_calls == 0);

    handler_destroys = 0;
    CHECK_OK(frond_root_free(the_root));
    CHECK(handler_destroys == 1);
    test_the_unhandled_handler_is_destroyed_once();
    CHECK_OK(frond_render_class_release(row_class));
    CHECK_OK(frond_render_class_release(list_class));
    CHECK_OK(frond_render_class_release(old_class));
    CHECK_OK(frond_handle_count(&handles_at_end));
    CHECK(handles_at_end == handles_at_start);
    return check_report("action_test");
}
