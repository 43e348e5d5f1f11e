/* Functional test of action blocks (section Actions of the C API): a view's event calls
 * its block directly (no responder is asked), a component sends the block it was given
 * through its scope, typed blocks are called through libffi with their native signature
 * and refused (never called) when the arguments do not match, blocks compare by identity
 * (the same block sends no update, a new one does), and every block's destroy function
 * runs exactly once: when the last component or view lets it go, when the root is freed,
 * after a failed flush, when creation fails. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static frond_root *the_root = NULL;

/* ---- untyped blocks: record what they see ---------------------------------- */

static int block_calls = 0;
static char block_name[32];
static uint64_t block_view = 0;
static frond_component *block_sender = NULL;
static bool block_has_payload = false;
static frond_attribute block_payload;
static size_t block_argument_count = 0;
static frond_argument block_arguments[6];
static char block_strings[6][32];
static frond_status block_out_of_range = FROND_OK;
static const frond_action *kept_action = NULL;
static frond_status block_result = FROND_OK;

static frond_status record_block(const frond_action *action, void *user_data) {
    const char *name = NULL;
    size_t i;
    (void)user_data;
    block_calls++;
    kept_action = action;
    block_name[0] = 0;
    if (frond_action_get_name(&name, action) == FROND_OK) snprintf(block_name, sizeof block_name, "%s", name);
    if (frond_action_get_view(&block_view, action) != FROND_OK) block_view = 9999;
    if (frond_action_get_sender(&block_sender, action) != FROND_OK) block_sender = NULL;
    if (frond_action_get_payload(&block_has_payload, &block_payload, action) != FROND_OK) block_view = 9998;
    if (frond_action_get_argument_count(&block_argument_count, action) != FROND_OK) block_argument_count = 99;
    for (i = 0; i < block_argument_count && i < 6; i++) {
        if (frond_action_get_argument(&block_arguments[i], action, i) != FROND_OK) block_view = 9997;
        block_strings[i][0] = 0;
        if (block_arguments[i].type == FROND_ARGUMENT_STRING) {
            snprintf(block_strings[i], sizeof block_strings[i], "%s", block_arguments[i].string);
        }
    }
    block_out_of_range = frond_action_get_argument(&block_arguments[0], action, block_argument_count);
    frond_clear_last_error();
    return block_result;
}

/* Every block's user_data is a counter of its destroy calls. */
static void count_destroy(void *user_data) {
    (*(int *)user_data)++;
}

/* ---- typed blocks: native signatures called through libffi ------------------ */

static int select_calls = 0;
static frond_component *select_sender = NULL;
static int64_t select_index = 0;
static char select_title[32];
static void *select_user_data = NULL;

static void on_select(frond_component *sender, int64_t index, const char *title, void *user_data) {
    select_calls++;
    select_sender = sender;
    select_index = index;
    snprintf(select_title, sizeof select_title, "%s", title);
    select_user_data = user_data;
}

static int value_calls = 0;
static double value_seen = 0;

static void on_value(frond_component *sender, double value, void *user_data) {
    (void)sender; (void)user_data;
    value_calls++;
    value_seen = value;
}

static int index_calls = 0;
static int64_t index_seen = 0;

static void on_index(frond_component *sender, int64_t index, void *user_data) {
    (void)sender; (void)user_data;
    index_calls++;
    index_seen = index;
}

static int nothing_calls = 0;
static frond_component *nothing_sender = NULL;

static void on_nothing(frond_component *sender, void *user_data) {
    (void)user_data;
    nothing_calls++;
    nothing_sender = sender;
}

/* All five types, mixing integer and floating-point registers. */
static int everything_calls = 0;
static char everything_seen[128];

static void on_everything(frond_component *sender, int64_t integer, double number, bool flag, const char *text,
                          uint64_t host_value, void *user_data) {
    everything_calls++;
    snprintf(everything_seen, sizeof everything_seen, "%s %lld %.3f %d %s %llu %d", sender != NULL ? "sender" : "none",
             (long long)integer, number, (int)flag, text, (unsigned long long)host_value, *(int *)user_data);
}

/* More integer parameters than registers: the last ones go on the stack. */
static int64_t eight_sum = 0;

static void on_eight(frond_component *sender, int64_t a, int64_t b, int64_t c, int64_t d, int64_t e, int64_t f,
                     int64_t g, int64_t h, void *user_data) {
    (void)sender;
    eight_sum = a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h + (user_data != NULL ? 1000 : 0);
}

/* ---- a host that counts the updates of onTap --------------------------------- */

static int on_tap_updates = 0;
static int host_block_attributes_with_handles = 0;   /* must stay 0: the block is Frond's */

static frond_status count_updates(frond_root *root, const frond_mutation *mutation, void *user_data) {
    size_t i;
    (void)root; (void)user_data;
    if (mutation->kind != FROND_MUTATION_UPDATE) return FROND_OK;
    for (i = 0; i < mutation->set_count; i++) {
        if (strcmp(mutation->set[i].name, "onTap") == 0) on_tap_updates++;
        if (mutation->set[i].kind == FROND_ATTRIBUTE_ACTION_BLOCK && mutation->set[i].action_block != NULL) {
            host_block_attributes_with_handles++;
        }
    }
    return FROND_OK;
}

/* ---- Panel: a stateful class whose button holds blocks ----------------------- */
/* A 50×20 "button" with onTap = the props' tap block, onValueChange = the props' value
 * block (if any), and onLongPress = "hold", a named action the panel handles by
 * telling nobody (it records it): blocks never reach handle_action. */

typedef struct panel_props {
    frond_action_block *on_tap;
    frond_action_block *on_change;     /* may be NULL */
} panel_props;

static frond_scope *panel_scope = NULL;
static int panel_handled = 0;

static void set_block(frond_attribute *attribute, const char *name, frond_action_block *block) {
    memset(attribute, 0, sizeof *attribute);
    attribute->name = name;
    attribute->kind = FROND_ATTRIBUTE_ACTION_BLOCK;
    attribute->action_block = block;
}

/* A button leaf with onTap = `block` (or a named action when `block` is NULL). */
static frond_status new_button(frond_component **out, frond_action_block *block, frond_action_block *on_change) {
    frond_attribute attributes[3];
    frond_view_spec view;
    frond_size_spec size = size_points(50, 20);
    size_t count = 2;
    if (block != NULL) {
        set_block(&attributes[0], "onTap", block);
    } else {
        memset(&attributes[0], 0, sizeof attributes[0]);
        attributes[0].name = "onTap";
        attributes[0].kind = FROND_ATTRIBUTE_ACTION;
        attributes[0].string = "plain";
    }
    memset(&attributes[1], 0, sizeof attributes[1]);
    attributes[1].name = "onLongPress";
    attributes[1].kind = FROND_ATTRIBUTE_ACTION;
    attributes[1].string = "hold";
    if (on_change != NULL) set_block(&attributes[count++], "onValueChange", on_change);
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "button";
    view.attributes = attributes;
    view.attribute_count = count;
    return frond_component_new(out, &view, &size, NULL);
}

static frond_status panel_initial_state(void **out_state, void *props, void *user_data) {
    (void)props; (void)user_data;
    *out_state = NULL;
    return FROND_OK;
}

static frond_status panel_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                                 void *user_data) {
    panel_props *p = props;
    (void)state; (void)user_data;
    panel_scope = scope;
    return new_button(out_child, p->on_tap, p->on_change);
}

static frond_status panel_handle_action(bool *out_handled, const frond_action *action, frond_scope *scope,
                                        void *state, void *props, void *user_data) {
    (void)action; (void)scope; (void)state; (void)props; (void)user_data;
    panel_handled++;
    *out_handled = true;
    return FROND_OK;
}

static frond_render_class *panel_class = NULL;

static void show_panel(frond_action_block *on_tap, frond_action_block *on_change) {
    frond_component *panel = NULL;
    panel_props *p = malloc(sizeof *p);
    CHECK(p != NULL);
    if (p == NULL) return;
    p->on_tap = on_tap;
    p->on_change = on_change;
    CHECK_OK(frond_component_new_render(&panel, panel_class, NULL, NULL, "panel", p, free));
    CHECK_OK(frond_root_set_component(the_root, panel));
    CHECK_OK(frond_component_release(panel));
    CHECK_OK(frond_root_flush(the_root, NULL));
}

static uint64_t button_view(void) {
    uint64_t view = 0;
    CHECK_OK(frond_root_get_child(&view, the_root, 0, 0));
    return view;
}

static int unhandled_calls = 0;

static frond_status count_unhandled(frond_root *root, const frond_action *action, void *user_data) {
    (void)root; (void)action; (void)user_data;
    unhandled_calls++;
    return FROND_OK;
}

/* ---- tests ------------------------------------------------------------------ */

static void test_a_views_event_calls_its_block_and_no_responder(void) {
    int destroyed = 0;
    frond_action_block *block = NULL;
    frond_action_outcome outcome = 0;
    frond_attribute payload;
    uint64_t view, hit = 0;

    CHECK_OK(frond_action_block_new(&block, record_block, &destroyed, count_destroy));
    show_panel(block, block);
    view = button_view();
    block_calls = 0;
    panel_handled = 0;
    unhandled_calls = 0;

    CHECK_OK(frond_root_send_event(&outcome, the_root, view, FROND_EVENT_TAP, NULL));
    CHECK(outcome == FROND_ACTION_HANDLED);
    CHECK(block_calls == 1);
    CHECK(strcmp(block_name, "onTap") == 0);
    CHECK(block_view == view);
    CHECK(block_sender != NULL);
    CHECK(!block_has_payload);
    CHECK(block_argument_count == 0);
    CHECK(block_out_of_range == FROND_ERR_INVALID_ARGUMENT);
    CHECK(panel_handled == 0 && unhandled_calls == 0);
    /* The action and the borrowed sender are withdrawn after the call. */
    CHECK_STATUS(FROND_ERR_MISUSE, frond_action_get_name(&(const char *){NULL}, kept_action));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_component_release(block_sender));

    /* A tap at a point finds the button through its block. */
    CHECK_OK(frond_root_tap_at(&outcome, &hit, the_root, 10, 10));
    CHECK(outcome == FROND_ACTION_HANDLED && hit == view && block_calls == 2);

    /* A value change carries its payload, as the payload and as one argument. */
    memset(&payload, 0, sizeof payload);
    payload.kind = FROND_ATTRIBUTE_NUMBER;
    payload.number = 0.5;
    CHECK_OK(frond_root_send_event(&outcome, the_root, view, FROND_EVENT_VALUE_CHANGE, &payload));
    CHECK(block_calls == 3 && strcmp(block_name, "onValueChange") == 0);
    CHECK(block_has_payload && block_payload.kind == FROND_ATTRIBUTE_NUMBER && block_payload.number == 0.5);
    CHECK(block_argument_count == 1);
    CHECK(block_arguments[0].type == FROND_ARGUMENT_DOUBLE && block_arguments[0].number == 0.5);

    /* The named action next to it still travels the chain. */
    CHECK_OK(frond_root_send_event(&outcome, the_root, view, FROND_EVENT_LONG_PRESS, NULL));
    CHECK(outcome == FROND_ACTION_HANDLED && panel_handled == 1 && block_calls == 3);

    /* A block returning an error fails the send. */
    block_result = FROND_ERR_INVALID_ARGUMENT;
    CHECK_STATUS(FROND_ERR_CALLBACK, frond_root_send_event(&outcome, the_root, view, FROND_EVENT_TAP, NULL));
    frond_root_send_event(&outcome, the_root, view, FROND_EVENT_TAP, NULL);
    CHECK(strstr(frond_last_error_message(), "the action block returned FROND_ERR_INVALID_ARGUMENT") != NULL);
    frond_clear_last_error();
    block_result = FROND_OK;
    CHECK(block_calls == 5);

    /* The panel's props do not own the block: the test's handle and the tree do. */
    CHECK_OK(frond_action_block_release(block));
    CHECK(destroyed == 0);
    show_panel(NULL, NULL);
    CHECK(destroyed == 1);
}

static void test_a_component_sends_its_block_with_an_argument_list(void) {
    int destroyed = 0;
    frond_action_block *block = NULL;
    frond_argument arguments[5];

    CHECK_OK(frond_action_block_new(&block, record_block, &destroyed, count_destroy));
    show_panel(NULL, NULL);
    memset(arguments, 0, sizeof arguments);
    arguments[0].type = FROND_ARGUMENT_INT64;
    arguments[0].int64 = -42;
    arguments[1].type = FROND_ARGUMENT_DOUBLE;
    arguments[1].number = 2.5;
    arguments[2].type = FROND_ARGUMENT_BOOL;
    arguments[2].boolean = true;
    arguments[3].type = FROND_ARGUMENT_STRING;
    arguments[3].string = "héllo";
    arguments[4].type = FROND_ARGUMENT_HOST_VALUE;
    arguments[4].host_value = UINT64_MAX;
    block_calls = 0;
    CHECK_OK(frond_scope_send_action_block(panel_scope, block, arguments, 5));
    CHECK(block_calls == 1);
    CHECK(strcmp(block_name, "block") == 0);
    CHECK(block_view == 0 && block_sender != NULL);
    CHECK(!block_has_payload);              /* an argument list is no attribute */
    CHECK(block_argument_count == 5);
    CHECK(block_arguments[0].type == FROND_ARGUMENT_INT64 && block_arguments[0].int64 == -42);
    CHECK(block_arguments[1].type == FROND_ARGUMENT_DOUBLE && block_arguments[1].number == 2.5);
    CHECK(block_arguments[2].type == FROND_ARGUMENT_BOOL && block_arguments[2].boolean);
    CHECK(block_arguments[3].type == FROND_ARGUMENT_STRING && strcmp(block_strings[3], "héllo") == 0);
    CHECK(block_arguments[4].type == FROND_ARGUMENT_HOST_VALUE && block_arguments[4].host_value == UINT64_MAX);
    CHECK(block_out_of_range == FROND_ERR_INVALID_ARGUMENT);
    /* No arguments. */
    CHECK_OK(frond_scope_send_action_block(panel_scope, block, NULL, 0));
    CHECK(block_calls == 2 && block_argument_count == 0);
    CHECK_OK(frond_action_block_release(block));
    CHECK(destroyed == 1);     /* no component held it */
}

static void test_typed_blocks_are_called_through_libffi(void) {
    int destroyed = 0;
    frond_action_block *select = NULL, *everything = NULL, *eight = NULL;
    frond_argument_type select_types[] = {FROND_ARGUMENT_INT64, FROND_ARGUMENT_STRING};
    frond_argument_type everything_types[] = {FROND_ARGUMENT_INT64, FROND_ARGUMENT_DOUBLE, FROND_ARGUMENT_BOOL,
                                              FROND_ARGUMENT_STRING, FROND_ARGUMENT_HOST_VALUE};
    frond_argument_type eight_types[8];
    frond_argument arguments[8];
    char bad_utf8[] = {'a', (char)0xff, 0};
    int i;

    CHECK_OK(frond_action_block_new_typed(&select, select_types, 2, (frond_native_func)on_select, &destroyed,
                                          count_destroy));
    show_panel(NULL, NULL);
    memset(arguments, 0, sizeof arguments);
    arguments[0].type = FROND_ARGUMENT_INT64;
    arguments[0].int64 = 7;
    arguments[1].type = FROND_ARGUMENT_STRING;
    arguments[1].string = "Seven";
    CHECK_OK(frond_scope_send_action_block(panel_scope, select, arguments, 2));
    CHECK(select_calls == 1);
    CHECK(select_index == 7 && strcmp(select_title, "Seven") == 0);
    CHECK(select_user_data == &destroyed);
    CHECK(select_sender != NULL);
    CHECK_STATUS(FROND_ERR_MISUSE, frond_component_release(select_sender));   /* withdrawn after the call */

    /* A whole double converts to int64. */
    arguments[0].type = FROND_ARGUMENT_DOUBLE;
    arguments[0].number = 8;
    CHECK_OK(frond_scope_send_action_block(panel_scope, select, arguments, 2));
    CHECK(select_calls == 2 && select_index == 8);

    /* Mismatches: an error, and the function is not called. */
    arguments[0].number = 8.5;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_scope_send_action_block(panel_scope, select, arguments, 2));
    arguments[0].type = FROND_ARGUMENT_INT64;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_scope_send_action_block(panel_scope, select, arguments, 1));
    frond_scope_send_action_block(panel_scope, select, arguments, 1);
    CHECK(strstr(frond_last_error_message(), "takes 2 arguments, action \"block\" carries 1") != NULL);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_scope_send_action_block(panel_scope, select, arguments, 3));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_scope_send_action_block(panel_scope, select, NULL, 0));
    arguments[1].type = FROND_ARGUMENT_BOOL;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_scope_send_action_block(panel_scope, select, arguments, 2));
    frond_scope_send_action_block(panel_scope, select, arguments, 2);
    CHECK(strstr(frond_last_error_message(), "argument 1 of action \"block\" is bool false, not a string") != NULL);
    frond_clear_last_error();
    arguments[1].type = FROND_ARGUMENT_STRING;
    arguments[1].string = bad_utf8;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_scope_send_action_block(panel_scope, select, arguments, 2));
    arguments[1].string = NULL;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_scope_send_action_block(panel_scope, select, arguments, 2));
    arguments[1].type = (frond_argument_type)42;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_scope_send_action_block(panel_scope, select, arguments, 2));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_scope_send_action_block(panel_scope, select, NULL, 2));
    CHECK(select_calls == 2);

    /* Every type, and more integers than registers. */
    CHECK_OK(frond_action_block_new_typed(&everything, everything_types, 5, (frond_native_func)on_everything,
                                          &destroyed, count_destroy));
    memset(arguments, 0, sizeof arguments);
    arguments[0].type = FROND_ARGUMENT_INT64;
    arguments[0].int64 = INT64_MIN;
    arguments[1].type = FROND_ARGUMENT_INT64;      /* converts: within 2^53 */
    arguments[1].int64 = -3;
    arguments[2].type = FROND_ARGUMENT_BOOL;
    arguments[2].boolean = true;
    arguments[3].type = FROND_ARGUMENT_STRING;
    arguments[3].string = "text";
    arguments[4].type = FROND_ARGUMENT_HOST_VALUE;
    arguments[4].host_value = 18446744073709551615ull;
    CHECK_OK(frond_scope_send_action_block(panel_scope, everything, arguments, 5));
    CHECK(everything_calls == 1);
    CHECK(strcmp(everything_seen, "sender -9223372036854775808 -3.000 1 text 18446744073709551615 0") == 0);
    arguments[1].int64 = ((int64_t)1 << 53) + 1;   /* not exact as a double */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_scope_send_action_block(panel_scope, everything, arguments, 5));
    CHECK(everything_calls == 1);

    for (i = 0; i < 8; i++) {
        eight_types[i] = FROND_ARGUMENT_INT64;
        arguments[i].type = FROND_ARGUMENT_INT64;
        arguments[i].int64 = i + 1;
    }
    CHECK_OK(frond_action_block_new_typed(&eight, eight_types, 8, (frond_native_func)on_eight, &destroyed,
                                          count_destroy));
    CHECK_OK(frond_scope_send_action_block(panel_scope, eight, arguments, 8));
    CHECK(eight_sum == 1 + 4 + 9 + 16 + 25 + 36 + 49 + 64 + 1000);

    CHECK_OK(frond_action_block_release(select));
    CHECK_OK(frond_action_block_release(everything));
    CHECK_OK(frond_action_block_release(eight));
    CHECK(destroyed == 3);
}

static void test_typed_blocks_take_an_events_payload_as_one_argument(void) {
    int destroyed = 0;
    frond_action_block *value = NULL, *index = NULL, *nothing = NULL;
    frond_argument_type number_type = FROND_ARGUMENT_DOUBLE, index_type = FROND_ARGUMENT_INT64;
    frond_action_outcome outcome = 0;
    frond_attribute payload;
    uint64_t view;

    CHECK_OK(frond_action_block_new_typed(&value, &number_type, 1, (frond_native_func)on_value, &destroyed,
                                          count_destroy));
    CHECK_OK(frond_action_block_new_typed(&index, &index_type, 1, (frond_native_func)on_index, &destroyed,
                                          count_destroy));
    CHECK_OK(frond_action_block_new_typed(&nothing, NULL, 0, (frond_native_func)on_nothing, &destroyed,
                                          count_destroy));
    show_panel(nothing, value);
    view = button_view();
    memset(&payload, 0, sizeof payload);
    payload.kind = FROND_ATTRIBUTE_NUMBER;
    payload.number = 0.25;
    CHECK_OK(frond_root_send_event(&outcome, the_root, view, FROND_EVENT_VALUE_CHANGE, &payload));
    CHECK(outcome == FROND_ACTION_HANDLED && value_calls == 1 && value_seen == 0.25);
    CHECK_OK(frond_root_send_event(&outcome, the_root, view, FROND_EVENT_TAP, NULL));
    CHECK(nothing_calls == 1 && nothing_sender != NULL);
    /* No payload for a one-argument block; a string for a double; a color is no argument. */
    outcome = 0;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_send_event(&outcome, the_root, view,
                                                                   FROND_EVENT_VALUE_CHANGE, NULL));
    CHECK(outcome == 0);
    payload.kind = FROND_ATTRIBUTE_STRING;
    payload.string = "0.25";
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_send_event(&outcome, the_root, view,
                                                                   FROND_EVENT_VALUE_CHANGE, &payload));
    payload.kind = FROND_ATTRIBUTE_COLOR;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_send_event(&outcome, the_root, view,
                                                                   FROND_EVENT_VALUE_CHANGE, &payload));
    frond_root_send_event(&outcome, the_root, view, FROND_EVENT_VALUE_CHANGE, &payload);
    CHECK(strstr(frond_last_error_message(), "a color, cannot be an argument") != NULL);
    frond_clear_last_error();
    /* A payload for a block without arguments. */
    payload.kind = FROND_ATTRIBUTE_BOOL;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_send_event(&outcome, the_root, view, FROND_EVENT_TAP,
                                                                   &payload));
    CHECK(value_calls == 1 && nothing_calls == 1);

    /* int64 from a whole number only. */
    show_panel(nothing, index);
    payload.kind = FROND_ATTRIBUTE_NUMBER;
    payload.number = 3;
    CHECK_OK(frond_root_send_event(&outcome, the_root, view, FROND_EVENT_VALUE_CHANGE, &payload));
    CHECK(index_calls == 1 && index_seen == 3);
    payload.number = 3.5;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_send_event(&outcome, the_root, view,
                                                                   FROND_EVENT_VALUE_CHANGE, &payload));
    payload.number = 1e19;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_send_event(&outcome, the_root, view,
                                                                   FROND_EVENT_VALUE_CHANGE, &payload));
    CHECK(index_calls == 1);

    CHECK_OK(frond_action_block_release(value));
    CHECK_OK(frond_action_block_release(index));
    CHECK_OK(frond_action_block_release(nothing));
    CHECK(destroyed == 1);        /* value: the panel now shows nothing and index */
    show_panel(NULL, NULL);
    CHECK(destroyed == 3);
}

static void test_the_same_block_sends_no_update_and_a_new_block_does(void) {
    int first_destroyed = 0, second_destroyed = 0;
    frond_action_block *first = NULL, *second = NULL;

    CHECK_OK(frond_action_block_new(&first, record_block, &first_destroyed, count_destroy));
    CHECK_OK(frond_action_block_new(&second, record_block, &second_destroyed, count_destroy));
    show_panel(first, NULL);
    on_tap_updates = 0;
    show_panel(first, NULL);          /* new props, the same block */
    CHECK(on_tap_updates == 0);
    show_panel(second, NULL);
    CHECK(on_tap_updates == 1);
    CHECK(host_block_attributes_with_handles == 0);
    CHECK_OK(frond_action_block_release(first));
    CHECK(first_destroyed == 1);      /* nothing holds it any more */
    CHECK_OK(frond_action_block_release(second));
    CHECK(second_destroyed == 0);     /* the panel and its view do */
    show_panel(NULL, NULL);
    CHECK(second_destroyed == 1);
}

static void test_blocks_are_destroyed_once_whoever_holds_them_last(void) {
    int destroyed = 0, refused = 0;
    frond_action_block *block = NULL;
    frond_component *button = NULL;
    frond_root *root = NULL;
    frond_argument_type bad_type = (frond_argument_type)0;
    frond_attribute attributes[2];
    frond_view_spec view;

    /* Released at once: the component, then the root's tree, keep it. Freeing the root
     * lets it go. */
    CHECK_OK(frond_root_new(&root, NULL));
    CHECK_OK(frond_action_block_new(&block, record_block, &destroyed, count_destroy));
    CHECK_OK(new_button(&button, block, NULL));
    CHECK_OK(frond_action_block_release(block));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_action_block_release(block));
    CHECK(destroyed == 0);
    CHECK_OK(frond_root_set_component(root, button));
    CHECK_OK(frond_component_release(button));
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK(destroyed == 0);
    CHECK_OK(frond_root_free(root));
    CHECK(destroyed == 1);

    /* A failed flush (an undeclared view type) keeps the component for the next one;
     * replacing it lets the block go. */
    destroyed = 0;
    CHECK_OK(frond_root_new(&root, NULL));
    CHECK_OK(frond_root_set_require_declared_view_types(root, true));
    CHECK_OK(frond_action_block_new(&block, record_block, &destroyed, count_destroy));
    CHECK_OK(new_button(&button, block, NULL));
    CHECK_OK(frond_action_block_release(block));
    CHECK_OK(frond_root_set_component(root, button));
    CHECK_OK(frond_component_release(button));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_flush(root, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_flush(root, NULL));
    CHECK(destroyed == 0);
    CHECK_OK(frond_root_set_component(root, NULL));
    CHECK(destroyed == 1);
    CHECK_OK(frond_root_free(root));
    CHECK(destroyed == 1);

    /* A failed flush that mounts nothing, then the root freed. */
    destroyed = 0;
    CHECK_OK(frond_root_new(&root, NULL));
    CHECK_OK(frond_root_set_require_declared_view_types(root, true));
    CHECK_OK(frond_action_block_new(&block, record_block, &destroyed, count_destroy));
    CHECK_OK(new_button(&button, block, NULL));
    CHECK_OK(frond_root_set_component(root, button));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_flush(root, NULL));
    CHECK_OK(frond_root_free(root));
    CHECK(destroyed == 0);            /* the caller's handles still hold it */
    CHECK_OK(frond_component_release(button));
    CHECK(destroyed == 0);
    CHECK_OK(frond_action_block_release(block));
    CHECK(destroyed == 1);

    /* A component that cannot be made does not keep the block. */
    destroyed = 0;
    CHECK_OK(frond_action_block_new(&block, record_block, &destroyed, count_destroy));
    set_block(&attributes[0], "onTap", block);
    memset(&attributes[1], 0, sizeof attributes[1]);
    attributes[1].name = "opacity";
    attributes[1].kind = FROND_ATTRIBUTE_NUMBER;
    attributes[1].number = NAN;
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "button";
    view.attributes = attributes;
    view.attribute_count = 2;
    button = NULL;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new(&button, &view, NULL, NULL));
    CHECK(button == NULL);
    CHECK_OK(frond_action_block_release(block));
    CHECK(destroyed == 1);

    /* Creation that fails destroys the user_data before returning. */
    block = NULL;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_action_block_new(&block, NULL, &refused, count_destroy));
    CHECK(refused == 1 && block == NULL);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_action_block_new_typed(&block, &bad_type, 1,
                                                                          (frond_native_func)on_index, &refused,
                                                                          count_destroy));
    CHECK(refused == 2 && block == NULL);
}

int main(void) {
    frond_render_class_spec spec;
    frond_host host;
    frond_size_range range;
    size_t handles_at_start = 0, handles_at_end = 0;
    CHECK_OK(frond_handle_count(&handles_at_start));

    memset(&spec, 0, sizeof spec);
    spec.struct_size = sizeof spec;
    spec.name = "Panel";
    spec.initial_state = panel_initial_state;
    spec.render = panel_render;
    spec.handle_action = panel_handle_action;
    CHECK_OK(frond_render_class_new(&panel_class, &spec, NULL, NULL));
    memset(&range, 0, sizeof range);
    range.struct_size = sizeof range;
    range.kind = FROND_SIZE_RANGE_FIXED;
    range.width = 100;
    range.height = 100;
    memset(&host, 0, sizeof host);
    host.struct_size = sizeof host;
    host.apply = count_updates;
    CHECK_OK(frond_root_new(&the_root, &range));
    CHECK_OK(frond_root_set_host(the_root, &host, NULL, NULL));
    CHECK_OK(frond_root_set_unhandled_action_handler(the_root, count_unhandled, NULL, NULL));

    test_a_views_event_calls_its_block_and_no_responder();
    test_a_component_sends_its_block_with_an_argument_list();
    test_typed_blocks_are_called_through_libffi();
    test_typed_blocks_take_an_events_payload_as_one_argument();
    test_the_same_block_sends_no_update_and_a_new_block_does();
    test_blocks_are_destroyed_once_whoever_holds_them_last();

    CHECK_OK(frond_root_free(the_root));
    CHECK_OK(frond_render_class_release(panel_class));
    CHECK_OK(frond_handle_count(&handles_at_end));
    CHECK(handles_at_end == handles_at_start);
    return check_report("action_block_test");
}
