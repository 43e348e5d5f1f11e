/* Functional test of wrappers in the C API: a C handle on a component, kept alive by the
 * component, asked about its actions right after it (before its parent), stopping them
 * or passing them on, failing with FROND_ERR_CALLBACK, and destroyed exactly once when
 * both its handle and its component are gone. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static char trail[256];
static int destroyed = 0;

typedef struct wrapper_data {
    const char *label;
    bool handles;
    frond_status status;
} wrapper_data;

static frond_status wrapper_handle_action(bool *out_handled, const frond_action *action, void *user_data) {
    wrapper_data *data = user_data;
    const char *name = "?";
    size_t used = strlen(trail);
    frond_action_get_name(&name, action);
    snprintf(trail + used, sizeof trail - used, "%s:%s ", data->label, name);
    *out_handled = data->handles;
    return data->status;
}

static void count_destroy(void *user_data) {
    (void)user_data;
    destroyed++;
}

static frond_status unhandled(frond_root *root, const frond_action *action, void *user_data) {
    size_t used = strlen(trail);
    (void)root; (void)action; (void)user_data;
    snprintf(trail + used, sizeof trail - used, "unhandled ");
    return FROND_OK;
}

/* A 20×10 button (onTap: "select") in a "list" flexbox, each with a wrapper; the
 * wrapper handles are released at once (the components keep them). */
static frond_root *mount(wrapper_data *button_data, wrapper_data *list_data, uint64_t *out_button) {
    frond_attribute attributes[2];
    frond_view_spec view, list_view;
    frond_size_spec size;
    frond_component *button = NULL, *list = NULL;
    frond_wrapper *wrapper = NULL;
    frond_flex_child child;
    frond_root *root = NULL;
    frond_size_range range;
    uint64_t list_id = 0;

    memset(attributes, 0, sizeof attributes);
    attributes[0].name = "onTap";
    attributes[0].kind = FROND_ATTRIBUTE_ACTION;
    attributes[0].string = "select";
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "button";
    view.attributes = attributes;
    view.attribute_count = 1;
    memset(&size, 0, sizeof size);
    size.struct_size = sizeof size;
    size.width.unit = FROND_UNIT_POINT;
    size.width.value = 20;
    size.height.unit = FROND_UNIT_POINT;
    size.height.value = 10;
    CHECK_STATUS(FROND_OK, frond_component_new(&button, &view, &size, NULL));
    CHECK_STATUS(FROND_OK, frond_wrapper_new(&wrapper, button, wrapper_handle_action, button_data, count_destroy));
    CHECK_STATUS(FROND_OK, frond_wrapper_release(wrapper));

    memset(&child, 0, sizeof child);
    child.struct_size = sizeof child;
    child.component = button;
    memset(&list_view, 0, sizeof list_view);
    list_view.struct_size = sizeof list_view;
    list_view.view_type = "list";
    CHECK_STATUS(FROND_OK, frond_component_new_flexbox(&list, &list_view, NULL, NULL, NULL, &child, 1));
    CHECK_STATUS(FROND_OK, frond_component_release(button));
    CHECK_STATUS(FROND_OK, frond_wrapper_new(&wrapper, list, wrapper_handle_action, list_data, count_destroy));
    CHECK_STATUS(FROND_OK, frond_wrapper_release(wrapper));

    memset(&range, 0, sizeof range);
    range.struct_size = sizeof range;
    range.kind = FROND_SIZE_RANGE_FIXED;
    range.width = 100;
    range.height = 100;
    CHECK_STATUS(FROND_OK, frond_root_new(&root, &range));
    CHECK_STATUS(FROND_OK, frond_root_set_unhandled_action_handler(root, unhandled, NULL, NULL));
    CHECK_STATUS(FROND_OK, frond_root_set_component(root, list));
    CHECK_STATUS(FROND_OK, frond_component_release(list));
    CHECK_STATUS(FROND_OK, frond_root_flush(root, NULL));
    CHECK_STATUS(FROND_OK, frond_root_get_child(&list_id, root, 0, 0));
    CHECK_STATUS(FROND_OK, frond_root_get_child(out_button, root, list_id, 0));
    return root;
}

static void test_wrappers_answer_after_their_components(void) {
    wrapper_data button_data = {"button", false, FROND_OK};
    wrapper_data list_data = {"list", false, FROND_OK};
    frond_action_outcome outcome = 0;
    uint64_t button = 0;
    frond_root *root = mount(&button_data, &list_data, &button);

    /* Nobody handles it: both wrappers are asked, in order, then the fallback. */
    trail[0] = '\0';
    CHECK_STATUS(FROND_OK, frond_root_send_event(&outcome, root, button, FROND_EVENT_TAP, NULL));
    CHECK(outcome == FROND_ACTION_UNHANDLED);
    CHECK(strcmp(trail, "button:select list:select unhandled ") == 0);

    /* The button's wrapper handles it: the list's is not asked. */
    button_data.handles = true;
    trail[0] = '\0';
    CHECK_STATUS(FROND_OK, frond_root_send_event(&outcome, root, button, FROND_EVENT_TAP, NULL));
    CHECK(outcome == FROND_ACTION_HANDLED);
    CHECK(strcmp(trail, "button:select ") == 0);

    /* A failing wrapper stops the action with FROND_ERR_CALLBACK. */
    button_data.handles = false;
    button_data.status = FROND_ERR_INTERNAL;
    trail[0] = '\0';
    CHECK_STATUS(FROND_ERR_CALLBACK, frond_root_send_event(&outcome, root, button, FROND_EVENT_TAP, NULL));
    CHECK(strcmp(trail, "button:select ") == 0);

    /* The components keep their wrappers: destroyed with them, once each. */
    CHECK(destroyed == 0);
    CHECK_STATUS(FROND_OK, frond_root_free(root));
    CHECK(destroyed == 2);
}

int main(void) {
    test_wrappers_answer_after_their_components();
    return check_report("wrapper_test");
}
