/* Functional test of controllers in the C API: a stateful render class with a
 * frond_controller_vtable gets one controller per scope, hears ComponentKit's events in
 * order (mount, state remount, props update with a new view type, removal, the root
 * going away), answers actions after its component, is destroyed exactly once, and a
 * failed build leaves no trace but the create/destroy pair. Bad controller tables are
 * refused. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* ---- the log of events ------------------------------------------------------ */

static char events[1024];
static int controllers_created = 0;
static int controllers_destroyed = 0;
static uint64_t last_view = 0;          /* the view of the last ACQUIRE / RELINQUISH */
static int props_seen = 0;               /* the props' id at the last event */

static const char *event_name(frond_controller_event event) {
    switch (event) {
    case FROND_CONTROLLER_DID_INIT: return "init";
    case FROND_CONTROLLER_WILL_MOUNT: return "willMount";
    case FROND_CONTROLLER_DID_MOUNT: return "didMount";
    case FROND_CONTROLLER_WILL_REMOUNT: return "willRemount";
    case FROND_CONTROLLER_DID_REMOUNT: return "didRemount";
    case FROND_CONTROLLER_WILL_UNMOUNT: return "willUnmount";
    case FROND_CONTROLLER_DID_UNMOUNT: return "didUnmount";
    case FROND_CONTROLLER_WILL_UPDATE_COMPONENT: return "willUpdate";
    case FROND_CONTROLLER_DID_UPDATE_COMPONENT: return "didUpdate";
    case FROND_CONTROLLER_DID_ACQUIRE_VIEW: return "acquire";
    case FROND_CONTROLLER_WILL_RELINQUISH_VIEW: return "relinquish";
    case FROND_CONTROLLER_INVALIDATE: return "invalidate";
    }
    return "?";
}

static void note(const char *text) {
    size_t used = strlen(events);
    snprintf(events + used, sizeof events - used, "%s%s", used > 0 ? " " : "", text);
}

/* ---- a card: stateful (state: a counter), props: its id and view type -------- */

typedef struct card_props {
    int id;
    const char *view_type;
} card_props;

typedef struct controller_value {
    int made_for;                        /* the id of the props it was made with */
    bool handles_taps;
} controller_value;

static void *controller_create(void *props, void *user_data) {
    controller_value *value = malloc(sizeof *value);
    (void)user_data;
    if (value == NULL) return NULL;
    value->made_for = props != NULL ? ((card_props *)props)->id : -1;
    value->handles_taps = true;
    controllers_created++;
    note("create");
    return value;
}

static void controller_event(void *controller, frond_controller_event event, uint64_t view, void *props,
                             void *user_data) {
    (void)controller; (void)user_data;
    if (event == FROND_CONTROLLER_DID_ACQUIRE_VIEW || event == FROND_CONTROLLER_WILL_RELINQUISH_VIEW) last_view = view;
    else CHECK(view == 0);
    props_seen = props != NULL ? ((card_props *)props)->id : -1;
    note(event_name(event));
}

static frond_status controller_handle_action(bool *out_handled, void *controller, const frond_action *action,
                                             void *user_data) {
    const char *name = NULL;
    (void)user_data;
    CHECK_STATUS(FROND_OK, frond_action_get_name(&name, action));
    note(name != NULL && strcmp(name, "tap") == 0 ? "controller:tap" : "controller:?");
    *out_handled = ((controller_value *)controller)->handles_taps;
    return FROND_OK;
}

static void controller_destroy(void *controller) {
    controllers_destroyed++;
    free(controller);
}

static frond_status card_initial_state(void **out_state, void *props, void *user_data) {
    int *count = malloc(sizeof *count);
    (void)props; (void)user_data;
    if (count == NULL) return FROND_ERR_OUT_OF_MEMORY;
    *count = 0;
    *out_state = count;
    return FROND_OK;
}

static frond_scope *card_scope = NULL;

static frond_status card_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                                void *user_data) {
    frond_attribute attributes[2];
    frond_view_spec view;
    frond_size_spec size;
    (void)props; (void)user_data;
    card_scope = scope;
    memset(attributes, 0, sizeof attributes);
    attributes[0].name = "onTap";
    attributes[0].kind = FROND_ATTRIBUTE_ACTION;
    attributes[0].string = "tap";
    attributes[1].name = "n";
    attributes[1].kind = FROND_ATTRIBUTE_NUMBER;
    attributes[1].number = *(int *)state;
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "button";
    view.attributes = attributes;
    view.attribute_count = 2;
    memset(&size, 0, sizeof size);
    size.struct_size = sizeof size;
    size.width.unit = FROND_UNIT_POINT;
    size.width.value = 10;
    size.height.unit = FROND_UNIT_POINT;
    size.height.value = 10;
    return frond_component_new(out_child, &view, &size, NULL);
}

static frond_status card_handle_action(bool *out_handled, const frond_action *action, frond_scope *scope,
                                       void *state, void *props, void *user_data) {
    (void)action; (void)scope; (void)state; (void)props; (void)user_data;
    note("card:tap");
    *out_handled = false;
    return FROND_OK;
}

static frond_controller_vtable controller_table = {
    sizeof(frond_controller_vtable), controller_create, controller_event, controller_handle_action,
    controller_destroy,
};

static frond_render_class *make_card_class(const frond_controller_vtable *table) {
    frond_render_class_spec spec;
    frond_render_class *card_class = NULL;
    memset(&spec, 0, sizeof spec);
    spec.struct_size = sizeof spec;
    spec.name = "Card";
    spec.initial_state = card_initial_state;
    spec.render = card_render;
    spec.destroy_state = free;
    spec.handle_action = card_handle_action;
    spec.controller = table;
    CHECK_STATUS(FROND_OK, frond_render_class_new(&card_class, &spec, NULL, NULL));
    return card_class;
}

static card_props props_one = {1, "card"};
static card_props props_two = {2, "panel"};

/* A card (key "c") in a row flexbox, with the props given. */
static frond_component *screen(frond_render_class *card_class, card_props *props, bool broken_sibling) {
    frond_view_spec view;
    frond_size_spec size;
    frond_component *card = NULL, *row = NULL, *wrapper = NULL;
    frond_flex_child children[2];
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = props->view_type;
    memset(&size, 0, sizeof size);
    size.struct_size = sizeof size;
    size.width.unit = FROND_UNIT_POINT;
    size.width.value = 40;
    size.height.unit = FROND_UNIT_POINT;
    size.height.value = 20;
    CHECK_STATUS(FROND_OK, frond_component_new_render(&card, card_class, &view, &size, "c", props, NULL));
    memset(children, 0, sizeof children);
    children[0].struct_size = sizeof children[0];
    children[0].component = card;
    if (broken_sibling) {
        /* The same instance again, inside the next child: the build fails after making the
         * first one's scope. (As two siblings with one key, it would fail before building
         * either: siblings are checked before any of them is built.) */
        frond_flex_child inner;
        memset(&inner, 0, sizeof inner);
        inner.struct_size = sizeof inner;
        inner.component = card;
        CHECK_STATUS(FROND_OK, frond_component_new_flexbox(&wrapper, NULL, NULL, NULL, NULL, &inner, 1));
        children[1].struct_size = sizeof children[1];
        children[1].component = wrapper;
    }
    CHECK_STATUS(FROND_OK, frond_component_new_flexbox(&row, NULL, NULL, NULL, NULL, children,
                                                       broken_sibling ? 2 : 1));
    frond_component_release(card);
    if (wrapper) frond_component_release(wrapper);
    return row;
}

static frond_root *new_root(void) {
    frond_root *root = NULL;
    frond_size_range range;
    memset(&range, 0, sizeof range);
    range.struct_size = sizeof range;
    range.kind = FROND_SIZE_RANGE_FIXED;
    range.width = 100;
    range.height = 100;
    CHECK_STATUS(FROND_OK, frond_root_new(&root, &range));
    return root;
}

static void show(frond_root *root, frond_component *component) {
    CHECK_STATUS(FROND_OK, frond_root_set_component(root, component));
    frond_component_release(component);
}

static frond_status add_one(void **state, void *user_data) {
    (void)user_data;
    *(int *)*state += 1;
    return FROND_OK;
}

static void test_lifecycle(void) {
    frond_render_class *card_class = make_card_class(&controller_table);
    frond_root *root = new_root();
    uint64_t card_view, button_view = 0, first_view;
    size_t count = 0;
    frond_action_outcome outcome = 0;

    /* Mount: made by the build, then the events around the commit. */
    events[0] = '\0';
    show(root, screen(card_class, &props_one, false));
    CHECK_STATUS(FROND_OK, frond_root_flush(root, NULL));
    CHECK(strcmp(events, "create init willMount acquire didMount") == 0);
    CHECK(controllers_created == 1);
    CHECK(props_seen == 1);
    CHECK_STATUS(FROND_OK, frond_root_get_child(&card_view, root, 0, 0));
    CHECK(last_view == card_view);
    first_view = card_view;

    /* A state update: a remount without an update. */
    events[0] = '\0';
    CHECK_STATUS(FROND_OK, frond_scope_update_state(card_scope, add_one, NULL, NULL));
    CHECK_STATUS(FROND_OK, frond_root_flush(root, NULL));
    CHECK(strcmp(events, "willRemount didRemount") == 0);

    /* A tap on the button: the card passes it on, its controller handles it. */
    CHECK_STATUS(FROND_OK, frond_root_get_child_count(&count, root, card_view));
    CHECK(count == 1);
    CHECK_STATUS(FROND_OK, frond_root_get_child(&button_view, root, card_view, 0));
    events[0] = '\0';
    CHECK_STATUS(FROND_OK, frond_root_send_event(&outcome, root, button_view, FROND_EVENT_TAP, NULL));
    CHECK(outcome == FROND_ACTION_HANDLED);
    CHECK(strcmp(events, "card:tap controller:tap") == 0);

    /* New props with another view type: an update, and the view changes. */
    events[0] = '\0';
    show(root, screen(card_class, &props_two, false));
    CHECK_STATUS(FROND_OK, frond_root_flush(root, NULL));
    CHECK(strcmp(events, "willUpdate willRemount relinquish acquire didRemount didUpdate") == 0);
    CHECK(props_seen == 2);
    CHECK_STATUS(FROND_OK, frond_root_get_child(&card_view, root, 0, 0));
    CHECK(last_view == card_view);
    CHECK(card_view != first_view);
    CHECK(controllers_created == 1);

    /* Removed: unmount, relinquish, invalidate, destroyed once. */
    events[0] = '\0';
    {
        frond_component *empty = NULL;
        CHECK_STATUS(FROND_OK, frond_component_new_flexbox(&empty, NULL, NULL, NULL, NULL, NULL, 0));
        show(root, empty);
    }
    CHECK_STATUS(FROND_OK, frond_root_flush(root, NULL));
    CHECK(strcmp(events, "willUnmount relinquish didUnmount invalidate") == 0);
    CHECK(last_view == card_view);
    CHECK(controllers_destroyed == 1);

    CHECK_STATUS(FROND_OK, frond_root_free(root));
    CHECK_STATUS(FROND_OK, frond_render_class_release(card_class));
}

static void test_root_going_away_and_failed_builds(void) {
    frond_render_class *card_class = make_card_class(&controller_table);
    frond_root *root = new_root();
    int created = controllers_created, destroyed = controllers_destroyed;

    /* A failed build makes a controller and drops it without an event. */
    events[0] = '\0';
    show(root, screen(card_class, &props_one, true));
    CHECK_STATUS(FROND_ERR_INVALID_TREE, frond_root_flush(root, NULL));
    CHECK(strcmp(events, "create") == 0);
    CHECK(controllers_created == created + 1);
    CHECK(controllers_destroyed == destroyed + 1);

    /* A mounted controller goes with its root. */
    events[0] = '\0';
    show(root, screen(card_class, &props_one, false));
    CHECK_STATUS(FROND_OK, frond_root_flush(root, NULL));
    CHECK(strcmp(events, "create init willMount acquire didMount") == 0);
    events[0] = '\0';
    CHECK_STATUS(FROND_OK, frond_root_free(root));
    CHECK(strcmp(events, "willUnmount relinquish didUnmount invalidate") == 0);
    CHECK(controllers_created == created + 2);
    CHECK(controllers_destroyed == destroyed + 2);
    CHECK_STATUS(FROND_OK, frond_render_class_release(card_class));
}

static frond_status stateless_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                                     void *user_data) {
    (void)scope; (void)state; (void)props; (void)user_data;
    *out_child = NULL;
    return FROND_OK;
}

static void test_bad_controller_tables_are_refused(void) {
    frond_render_class_spec spec;
    frond_render_class *render_class = NULL;
    frond_controller_vtable table = controller_table;

    memset(&spec, 0, sizeof spec);
    spec.struct_size = sizeof spec;
    spec.name = "Bad";
    spec.render = stateless_render;
    spec.controller = &table;
    /* A stateless class has no scopes, hence no controllers. */
    CHECK(frond_render_class_new(&render_class, &spec, NULL, NULL) == FROND_ERR_INVALID_ARGUMENT);
    CHECK(strstr(frond_last_error_message(), "stateless") != NULL);
    frond_clear_last_error();
    spec.initial_state = card_initial_state;
    spec.destroy_state = free;
    table.event = NULL;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_render_class_new(&render_class, &spec, NULL, NULL));
    table.event = controller_event;
    table.struct_size = 4;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_render_class_new(&render_class, &spec, NULL, NULL));
    CHECK(render_class == NULL);
    /* A spec from before `controller` existed: accepted, no controller. */
    table.struct_size = sizeof table;
    spec.struct_size = (uint32_t)offsetof(frond_render_class_spec, controller);
    CHECK_STATUS(FROND_OK, frond_render_class_new(&render_class, &spec, NULL, NULL));
    CHECK_STATUS(FROND_OK, frond_render_class_release(render_class));
}

int main(void) {
    test_lifecycle();
    test_root_going_away_and_failed_builds();
    test_bad_controller_tables_are_refused();
    CHECK(controllers_created == controllers_destroyed);
    return check_report("controller_test");
}
