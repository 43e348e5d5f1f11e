/* A Like button for the hosts' list tests: a render class whose state is whether the item
 * is liked (an int); a tap toggles it, and the title says "Like" or "Liked". */
#ifndef FROND_TEST_LIKE_BUTTON_H
#define FROND_TEST_LIKE_BUTTON_H

#include <stdlib.h>

#include "frond.h"

static frond_status like_initial_state(void **out_state, void *props, void *user_data) {
    (void)props;
    (void)user_data;
    *out_state = calloc(1, sizeof(int));
    return *out_state ? FROND_OK : FROND_ERR_OUT_OF_MEMORY;
}

/* user_data: the button's size (a frond_size the caller keeps). */
static frond_status like_render(frond_component **out_child, frond_scope *scope, void *state, void *props, void *user_data) {
    const frond_size *button = user_data;
    frond_attribute attributes[] = {frond_attribute_string("title", *(int *)state ? "Liked" : "Like"),
                                    frond_attribute_action(FROND_EVENT_TAP, "like")};
    frond_view_spec view = frond_view("button", attributes, 2);
    frond_size_spec size = frond_size_points(button->width, button->height);
    (void)scope;
    (void)props;
    return frond_component_new(out_child, &view, &size, NULL);
}

static frond_status toggle_like(void **state, void *user_data) {
    (void)user_data;
    *(int *)*state = !*(int *)*state;
    return FROND_OK;
}

static frond_status like_action(bool *out_handled, const frond_action *action, frond_scope *scope, void *state, void *props,
                                void *user_data) {
    (void)action;
    (void)state;
    (void)props;
    (void)user_data;
    *out_handled = true;
    return frond_scope_update_state(scope, toggle_like, NULL, NULL);
}

/* The Like class, its buttons `size` (kept by the caller while the class lives). */
static frond_status like_class_new(frond_render_class **out_class, const frond_size *size) {
    frond_render_class_spec spec;
    FROND_INIT(spec);
    spec.name = "Like";
    spec.initial_state = like_initial_state;
    spec.destroy_state = free;
    spec.render = like_render;
    spec.handle_action = like_action;
    return frond_render_class_new(out_class, &spec, (void *)size, NULL);
}

#endif /* FROND_TEST_LIKE_BUTTON_H */
