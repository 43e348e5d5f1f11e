/* The header's conveniences (FROND_INIT, frond_view, frond_size_points, attributes,
 * flexbox styles and children, size ranges) build a screen in a few lines, and the
 * lookups find what programs otherwise walked the tree for: the view and the scope of a
 * component by its key path, and a view's frame in the root's coordinates. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

/* ---- a stateful row, whose render records the scope it is given ----------------- */

static frond_scope *rendered_scopes[8];
static frond_root *render_looks_up = NULL;
static frond_status lookup_in_render = FROND_OK;

static frond_status row_initial_state(void **out_state, void *props, void *user_data) {
    (void)props; (void)user_data;
    *out_state = NULL;
    return FROND_OK;
}

static frond_status row_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                               void *user_data) {
    int index = (int)(intptr_t)props;
    frond_attribute attributes[2];
    frond_view_spec view;
    frond_size_spec size = frond_size_points(80, 20);
    char title[16];
    (void)state; (void)user_data;
    if (index >= 0 && index < 8) rendered_scopes[index] = scope;
    if (render_looks_up != NULL) {
        const char *path[] = {"row-0"};
        uint64_t found = 0;
        lookup_in_render = frond_root_find_view(&found, render_looks_up, path, 1);
    }
    snprintf(title, sizeof title, "row %d", index);
    attributes[0] = frond_attribute_string("title", title);
    attributes[1] = frond_attribute_action(FROND_EVENT_TAP, "open");
    view = frond_view("row", attributes, 2);
    return frond_component_new(out_child, &view, &size, NULL);
}

static frond_render_class *row_class(void) {
    frond_render_class *made = NULL;
    frond_render_class_spec spec;
    FROND_INIT(spec);
    spec.name = "Row";
    spec.initial_state = row_initial_state;
    spec.render = row_render;
    CHECK_OK(frond_render_class_new(&made, &spec, NULL, NULL));
    return made;
}

static frond_status count_apply(frond_root *root, const frond_mutation *mutation, void *user_data) {
    (void)root; (void)mutation;
    (*(int *)user_data)++;
    return FROND_OK;
}

/* A 200-wide column, padded 10: a 30-high header, then the "list" (a column with 4
 * spacing) of rows `order[0..count)`, each keyed "row-N". */
static frond_component *screen(frond_render_class *cls, const int *order, int count) {
    frond_component *header = NULL, *list = NULL, *top = NULL, *rows[8];
    frond_flex_child list_children[8], top_children[2];
    frond_attribute title = frond_attribute_string("text", "Inbox");
    frond_view_spec header_view = frond_view("header", &title, 1);
    frond_view_spec list_view = frond_view("list", NULL, 0);
    frond_size_spec header_size = frond_size_points(180, 30);
    frond_flexbox_style column = frond_flexbox_style_column(0);
    frond_flexbox_style list_style = frond_flexbox_style_column(4);
    char key[16];
    int i;
    column.padding[0] = column.padding[1] = column.padding[2] = column.padding[3] = frond_points(10);
    for (i = 0; i < count; i++) {
        snprintf(key, sizeof key, "row-%d", order[i]);
        CHECK_OK(frond_component_new_render(&rows[i], cls, NULL, NULL, key, (void *)(intptr_t)order[i], NULL));
        list_children[i] = frond_flex_child_of(rows[i]);
    }
    CHECK_OK(frond_component_new_flexbox(&list, &list_view, NULL, "list", &list_style, list_children, (size_t)count));
    CHECK_OK(frond_component_new(&header, &header_view, &header_size, "header"));
    top_children[0] = frond_flex_child_of(header);
    top_children[1] = frond_flex_child_growing(list, 1);
    CHECK_OK(frond_component_new_flexbox(&top, NULL, NULL, NULL, &column, top_children, 2));
    for (i = 0; i < count; i++) CHECK_OK(frond_component_release(rows[i]));
    CHECK_OK(frond_component_release(list));
    CHECK_OK(frond_component_release(header));
    return top;
}

static void test_a_screen_is_built_from_the_conveniences(void) {
    frond_value length = frond_percent(50);
    frond_color color = frond_rgb(0xCC3300);
    frond_attribute attribute = frond_attribute_color("tint", color);
    frond_size_spec automatic = frond_size_auto();
    frond_size_range range = frond_size_range_fit_content(FROND_UNDEFINED, 100);
    frond_host host;
    CHECK(length.unit == FROND_UNIT_PERCENT && length.value == 50);
    CHECK(frond_auto().unit == FROND_UNIT_AUTO);
    CHECK_FLOAT(0.8f, color.red);
    CHECK(color.blue == 0 && color.alpha == 1);
    CHECK(attribute.kind == FROND_ATTRIBUTE_COLOR && attribute.color.green == color.green);
    CHECK(automatic.struct_size == sizeof automatic && automatic.width.unit == FROND_UNIT_UNDEFINED);
    CHECK(range.kind == FROND_SIZE_RANGE_FIT_CONTENT && isnan(range.width) && range.height == 100);
    CHECK(frond_rgba(0, 0.5f, 1, 0.25f).alpha == 0.25f);
    CHECK(frond_attribute_bool("on", true).boolean);
    CHECK(frond_attribute_number("n", 2).number == 2);
    CHECK(frond_attribute_host_value("image", 42).host_value == 42);
    CHECK(frond_attribute_action_block("onTap", NULL).kind == FROND_ATTRIBUTE_ACTION_BLOCK);
    CHECK(frond_flexbox_style_row(8).direction == FROND_FLEX_DIRECTION_ROW);
    CHECK(frond_size_range_flexible_height(320).width == 320);
    CHECK(frond_size_range_flexible_width(48).kind == FROND_SIZE_RANGE_FLEXIBLE_WIDTH);
    CHECK(frond_size_range_flexible_width(48).height == 48);
    {
        /* A root that is as wide as its content, 48 high. */
        frond_root *root = NULL;
        frond_component *box = NULL;
        frond_size_spec size = frond_size_points(120, 10);
        frond_view_spec view = frond_view("box", NULL, 0);
        frond_size_range range = frond_size_range_flexible_width(48);
        frond_size measured;
        CHECK_OK(frond_root_new(&root, &range));
        CHECK_OK(frond_component_new(&box, &view, &size, NULL));
        CHECK_OK(frond_root_set_component(root, box));
        CHECK_OK(frond_component_release(box));
        CHECK_OK(frond_root_flush(root, NULL));
        CHECK_OK(frond_root_get_size(&measured, root));
        CHECK(measured.width == 120 && measured.height == 48);
        CHECK_OK(frond_root_free(root));
    }
    /* FROND_INIT: every member zero, the size set. */
    memset(&host, 0xab, sizeof host);
    FROND_INIT(host);
    CHECK(host.struct_size == sizeof host && host.apply == NULL && host.end_commit == NULL);
}

static void test_components_are_found_by_key_path(void) {
    frond_render_class *cls = row_class();
    frond_size_range range = frond_size_range_fixed(200, 300);
    frond_root *root = NULL;
    frond_component *top = NULL;
    frond_host host;
    frond_scope *scope = NULL;
    frond_rect frame, row_frame, list_frame;
    uint64_t view = 0, list = 0, row = 0;
    int applied = 0;
    const int order[] = {0, 1, 2, 3}, reversed[] = {3, 2, 1, 0};
    const char *list_path[] = {"list"};
    const char *row_path[] = {"list", "row-2"};
    const char *row_alone[] = {"row-2"};
    const char *missing[] = {"list", "row-9"};
    const char *upside_down[] = {"row-2", "list"};
    const char *header_path[] = {"header"};

    FROND_INIT(host);
    host.apply = count_apply;
    CHECK_OK(frond_root_new(&root, &range));
    CHECK_OK(frond_root_set_host(root, &host, &applied, NULL));
    top = screen(cls, order, 4);
    CHECK_OK(frond_root_set_component(root, top));
    CHECK_OK(frond_component_release(top));
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK(applied > 0);

    /* The view of a keyed component, by its full path or its own key. */
    CHECK_OK(frond_root_find_view(&list, root, list_path, 1));
    CHECK_OK(frond_root_find_view(&row, root, row_path, 2));
    CHECK(list != 0 && row != 0);
    CHECK_OK(frond_root_find_view(&view, root, row_alone, 1));
    CHECK(view == row);
    CHECK_OK(frond_root_get_child(&view, root, list, 2));
    CHECK(view == row);
    /* No such key, or keys in the wrong order: nothing. */
    CHECK_OK(frond_root_find_view(&view, root, missing, 2));
    CHECK(view == 0);
    CHECK_OK(frond_root_find_view(&view, root, upside_down, 2));
    CHECK(view == 0);

    /* Its frame in the root's coordinates: the list's origin plus its own. */
    CHECK_OK(frond_root_get_frame(&row_frame, root, row));
    CHECK_OK(frond_root_get_frame(&list_frame, root, list));
    CHECK_OK(frond_root_get_frame_in_root(&frame, root, row));
    CHECK_FLOAT(10, list_frame.left);
    CHECK_FLOAT(40, list_frame.top);
    CHECK_FLOAT(list_frame.left + row_frame.left, frame.left);
    CHECK_FLOAT(list_frame.top + row_frame.top, frame.top);
    CHECK_FLOAT(40 + 2 * 24, frame.top);            /* two rows of 20 and 4 of spacing above */
    CHECK_FLOAT(row_frame.width, frame.width);
    CHECK_OK(frond_root_get_frame_in_root(&frame, root, 0));
    CHECK(frame.left == 0 && frame.top == 0 && frame.width == 0);

    /* The scope of a stateful row is the handle its render was given; a stateless,
     * viewful component has none. */
    CHECK_OK(frond_root_find_scope(&scope, root, row_path, 2));
    CHECK(scope != NULL && scope == rendered_scopes[2]);
    CHECK_OK(frond_root_find_scope(&scope, root, header_path, 1));
    CHECK(scope == NULL);

    /* Reordered: the same keys find the same views where they went. */
    top = screen(cls, reversed, 4);
    CHECK_OK(frond_root_set_component(root, top));
    CHECK_OK(frond_component_release(top));
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK_OK(frond_root_find_view(&view, root, row_path, 2));
    CHECK(view == row);
    CHECK_OK(frond_root_get_frame_in_root(&frame, root, row));
    CHECK_FLOAT(40 + 1 * 24, frame.top);

    /* From inside a render, the tree is being changed: refused. */
    render_looks_up = root;
    CHECK_OK(frond_root_set_component(root, top = screen(cls, order, 2)));
    CHECK_OK(frond_component_release(top));
    CHECK_OK(frond_root_flush(root, NULL));
    render_looks_up = NULL;
    CHECK(lookup_in_render == FROND_ERR_MISUSE);

    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_render_class_release(cls));
}

int main(void) {
    size_t handles = live_handles();
    test_a_screen_is_built_from_the_conveniences();
    test_components_are_found_by_key_path();
    CHECK(live_handles() == handles);
    return check_report("conveniences_test");
}
