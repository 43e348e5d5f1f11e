/* counter_demo: a small stateful screen through Frond's C API — a list of rows, each a
 * render component with a counter in its state, made by the root's component provider
 * from a model (the row titles). The host prints the mutations of every commit: the
 * first mount, a tap that updates one row's state (one view changes), a reorder (views
 * move, states follow their rows), and a removal.
 *
 *   cc -std=c99 -Iinclude examples/c/counter_demo.c -Lbuild/debug/lib -lfrond -lm -o counter_demo
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frond.h"
#include "demo_host.h"

/* ---- the Row class: props = the row's title, state = its count ---------------- */

#define MAX_ROWS 8
static struct {
    const char *title;
    frond_scope *scope;
} scopes[MAX_ROWS];

static void remember(const char *title, frond_scope *scope) {
    int i;
    for (i = 0; i < MAX_ROWS; i++) {
        if (scopes[i].title == NULL || strcmp(scopes[i].title, title) == 0) {
            scopes[i].title = title;
            scopes[i].scope = scope;
            return;
        }
    }
}

static frond_scope *scope_of(const char *title) {
    int i;
    for (i = 0; i < MAX_ROWS && scopes[i].title != NULL; i++) {
        if (strcmp(scopes[i].title, title) == 0) return scopes[i].scope;
    }
    return NULL;
}

static frond_status row_initial_state(void **out_state, void *props, void *user_data) {
    int *count = calloc(1, sizeof *count);
    (void)props; (void)user_data;
    *out_state = count;
    return count != NULL ? FROND_OK : FROND_ERR_OUT_OF_MEMORY;
}

/* A row: [title ........ count] [+] */
static frond_status row_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                               void *user_data) {
    const char *title = props;
    char count_text[32];
    frond_component *label = NULL, *count = NULL, *button = NULL;
    frond_attribute tap;
    frond_view_spec row_view = view_of("row", NULL, 0), button_view;
    frond_flexbox_style style;
    frond_flex_child children[3];
    frond_size_spec button_size;
    frond_text_style text_style;
    frond_status status;
    (void)user_data;
    remember(title, scope);

    memset(&tap, 0, sizeof tap);
    tap.name = "onTap";
    tap.kind = FROND_ATTRIBUTE_ACTION;
    tap.string = "increment";
    button_view = view_of("button", &tap, 1);
    memset(&button_size, 0, sizeof button_size);
    button_size.struct_size = sizeof button_size;
    button_size.width.value = 24;
    button_size.width.unit = FROND_UNIT_POINT;

    /* 15-point text: 9-point characters, 18-point lines (the default measurer). */
    memset(&text_style, 0, sizeof text_style);
    text_style.struct_size = sizeof text_style;
    text_style.font_size = 15;
    snprintf(count_text, sizeof count_text, "%d", *(int *)state);
    status = frond_component_new_text(&label, title, &text_style, NULL, NULL);
    if (status == FROND_OK) status = frond_component_new_text(&count, count_text, &text_style, NULL, NULL);
    if (status == FROND_OK) status = frond_component_new(&button, &button_view, &button_size, NULL);
    if (status == FROND_OK) {
        memset(&style, 0, sizeof style);
        style.struct_size = sizeof style;
        style.direction = FROND_FLEX_DIRECTION_ROW;
        style.spacing = 8;
        children[0] = item(label, 1);
        children[1] = item(count, 0);
        children[2] = item(button, 0);
        status = frond_component_new_flexbox(out_child, &row_view, NULL, NULL, &style, children, 3);
    }
    /* The row holds its children; our handles go either way. */
    frond_component_release(label);
    frond_component_release(count);
    frond_component_release(button);
    return status;
}

/* A row with the same title need not render again (its state decides the rest). */
static frond_status row_should_update(bool *out_should_update, void *previous_props, void *props, void *user_data) {
    (void)user_data;
    *out_should_update = strcmp((const char *)previous_props, (const char *)props) != 0;
    return FROND_OK;
}

static frond_status increment(void **state, void *user_data) {
    (void)user_data;
    (*(int *)*state)++;
    return FROND_OK;
}

/* ---- the screen -------------------------------------------------------------- */

static frond_component *screen(frond_render_class *row_class, const char *const *titles, size_t count) {
    frond_component *list = NULL, *rows[MAX_ROWS];
    frond_flex_child children[MAX_ROWS];
    frond_view_spec list_view = view_of("list", NULL, 0);
    frond_flexbox_style style;
    size_t i;
    for (i = 0; i < count; i++) {
        /* Keyed by title, so a row keeps its state (and views) when the list is reordered. */
        must(frond_component_new_render(&rows[i], row_class, NULL, NULL, titles[i], (void *)titles[i], NULL),
             "frond_component_new_render");
        children[i] = item(rows[i], 0);
    }
    memset(&style, 0, sizeof style);
    style.struct_size = sizeof style;
    style.spacing = 4;
    must(frond_component_new_flexbox(&list, &list_view, NULL, NULL, &style, children, count),
         "frond_component_new_flexbox");
    for (i = 0; i < count; i++) frond_component_release(rows[i]);
    return list;
}

/* The model the provider turns into the screen. */
typedef struct screen_model {
    const char *const *titles;
    size_t count;
} screen_model;

static frond_status provide_screen(frond_component **out_component, void *props, void *user_data) {
    const screen_model *model = props;
    *out_component = screen(user_data, model->titles, model->count);
    return FROND_OK;
}

int main(void) {
    static const char *const three[] = {"Apples", "Pears", "Plums"};
    static const char *const reordered[] = {"Plums", "Apples", "Pears"};
    static const char *const two[] = {"Plums", "Pears"};
    frond_render_class *row_class = NULL;
    frond_render_class_spec spec;
    frond_root *root = NULL;
    frond_host host = {sizeof(frond_host), NULL, print_mutation, NULL, NULL};
    frond_size_range range = {sizeof(frond_size_range), FROND_SIZE_RANGE_FLEXIBLE_HEIGHT, 240, 0};
    static screen_model models[] = {{three, 3}, {reordered, 3}, {two, 2}};
    char tree[2048];
    size_t length = 0;
    demo_name = "counter_demo";

    memset(&spec, 0, sizeof spec);
    spec.struct_size = sizeof spec;
    spec.name = "Row";
    spec.initial_state = row_initial_state;
    spec.render = row_render;
    spec.should_update = row_should_update;
    spec.destroy_state = free;
    must(frond_render_class_new(&row_class, &spec, NULL, NULL), "frond_render_class_new");
    must(frond_root_new(&root, &range), "frond_root_new");
    must(frond_root_set_host(root, &host, NULL, NULL), "frond_root_set_host");
    /* The provider makes the screen whenever the model changes (the models are static:
     * no destroy function). */
    must(frond_root_set_provider(root, provide_screen, row_class, NULL), "frond_root_set_provider");

    must(frond_root_set_props(root, &models[0], NULL), "frond_root_set_props");
    commit(root, "1. mount three rows");

    must(frond_scope_update_state(scope_of("Pears"), increment, NULL, NULL), "frond_scope_update_state");
    must(frond_scope_update_state(scope_of("Pears"), increment, NULL, NULL), "frond_scope_update_state");
    commit(root, "2. tap + twice on Pears (two state updates, one commit)");

    must(frond_root_set_props(root, &models[1], NULL), "frond_root_set_props");
    commit(root, "3. move Plums to the top (new row components: should_update says no render is needed)");

    must(frond_root_set_props(root, &models[2], NULL), "frond_root_set_props");
    commit(root, "4. remove Apples");

    must(frond_root_describe(&length, root, tree, sizeof tree), "frond_root_describe");
    printf("mounted views:\n%s\n", tree);
    must(frond_root_free(root), "frond_root_free");
    must(frond_render_class_release(row_class), "frond_render_class_release");
    return 0;
}
