/* legacy: a "legacy" C widget inside a Frond tree. The meter below predates Frond: its
 * own struct, its own measure function and its own ASCII drawing. A vtable turns it into
 * a Frond component (measured by its own code, mounted with the view it describes, told
 * when views show it, answering taps), and a constructor registered under the name
 * "meter" with a native signature — meter(const char *label, double level, int64_t cells)
 * — lets the rest of the program make meters by name with typed arguments. The demo lays
 * meters out in a flexbox beside native text, prints the mounted tree and draws it, taps a
 * meter (its handler charges it) and shows the commit that follows.
 *
 *   cc -std=c99 -Iinclude examples/c/legacy.c -Lbuild/debug/lib -lfrond -lm -o legacy
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frond.h"

static void must(frond_status status, const char *what) {
    if (status != FROND_OK) {
        fprintf(stderr, "legacy: %s: %s: %s\n", what, frond_status_name(status), frond_last_error_message());
        exit(1);
    }
}

/* ======================================================================== */
/* The legacy widget (knows nothing of Frond)                                */
/* ======================================================================== */

#define CELL_WIDTH 6.0f     /* points per character */
#define LINE_HEIGHT 12.0f   /* points per line */

typedef struct meter {
    char label[16];
    double level;           /* 0…1 */
    int cells;
    double *source;         /* where the application keeps the level (the tap charges it) */
} meter;

/* "Battery [#####.....]  50%" */
static void meter_draw(const meter *m, char *out, size_t capacity) {
    char bar[64];
    int filled = (int)(m->level * m->cells + 0.5), i;
    for (i = 0; i < m->cells && i < (int)sizeof bar - 1; i++) bar[i] = i < filled ? '#' : '.';
    bar[i] = '\0';
    snprintf(out, capacity, "%s [%s] %3d%%", m->label, bar, (int)(m->level * 100 + 0.5));
}

/* The meter's natural size: one line, as wide as its drawing. */
static void meter_measure_size(const meter *m, float *width, float *height) {
    char drawing[96];
    meter_draw(m, drawing, sizeof drawing);
    *width = CELL_WIDTH * (float)strlen(drawing);
    *height = LINE_HEIGHT;
}

/* ======================================================================== */
/* The wrapping: a vtable over the widget                                    */
/* ======================================================================== */

static int meters_destroyed = 0;

static frond_status meter_view(frond_legacy_view *view, void *user_data) {
    const meter *m = user_data;
    char drawing[96];
    frond_attribute attributes[2];
    frond_view_spec spec;
    meter_draw(m, drawing, sizeof drawing);     /* a stack buffer: Frond copies it */
    memset(attributes, 0, sizeof attributes);
    attributes[0].name = "onTap";
    attributes[0].kind = FROND_ATTRIBUTE_ACTION;
    attributes[0].string = "charge";
    attributes[1].name = "text";
    attributes[1].kind = FROND_ATTRIBUTE_STRING;
    attributes[1].string = drawing;
    memset(&spec, 0, sizeof spec);
    spec.struct_size = sizeof spec;
    spec.view_type = "meter";
    spec.attributes = attributes;
    spec.attribute_count = 2;
    return frond_legacy_view_set(view, &spec);
}

static frond_status meter_measure(float width, frond_measure_mode width_mode, float height,
                                  frond_measure_mode height_mode, frond_size *out_size, void *user_data) {
    (void)width; (void)width_mode; (void)height; (void)height_mode;
    meter_measure_size(user_data, &out_size->width, &out_size->height);
    return FROND_OK;
}

static void meter_did_mount(uint64_t view, void *user_data) {
    printf("  did_mount   %-8s v%llu\n", ((meter *)user_data)->label, (unsigned long long)view);
}

static void meter_did_unmount(uint64_t view, void *user_data) {
    printf("  did_unmount %-8s v%llu\n", ((meter *)user_data)->label, (unsigned long long)view);
}

static frond_status meter_handle_action(bool *out_handled, const frond_action *action, void *user_data) {
    meter *m = user_data;
    const char *name = "";
    frond_action_get_name(&name, action);
    if (strcmp(name, "charge") != 0) return FROND_OK;
    *m->source = *m->source + 0.25 > 1 ? 1 : *m->source + 0.25;
    printf("  %s: charged to %d%%\n", m->label, (int)(*m->source * 100 + 0.5));
    *out_handled = true;
    return FROND_OK;
}

static void meter_destroy(void *user_data) {
    meters_destroyed++;
    free(user_data);
}

/* The constructor registered as "meter": a native signature, called through libffi. Its
 * user_data is the application's model (the levels by label). */
typedef struct model {
    double battery;
    double solar;
} model;

static frond_component *meter_new(const char *label, double level, int64_t cells, void *user_data) {
    model *levels = user_data;
    frond_legacy_vtable vtable;
    frond_component *component = NULL;
    meter *m = calloc(1, sizeof *m);
    if (m == NULL || cells < 1 || cells > 40) {
        free(m);
        return NULL;
    }
    snprintf(m->label, sizeof m->label, "%s", label);
    m->level = level;
    m->cells = (int)cells;
    m->source = strcmp(label, "Battery") == 0 ? &levels->battery : &levels->solar;
    memset(&vtable, 0, sizeof vtable);
    vtable.struct_size = sizeof vtable;
    vtable.name = "Meter";
    vtable.view = meter_view;
    vtable.measure = meter_measure;
    vtable.did_mount = meter_did_mount;
    vtable.did_unmount = meter_did_unmount;
    vtable.handle_action = meter_handle_action;
    if (frond_component_new_legacy(&component, &vtable, NULL, label, m, meter_destroy) != FROND_OK) return NULL;
    return component;
}

/* ======================================================================== */
/* The application: native components and meters made by name               */
/* ======================================================================== */

static frond_component *text(const char *content) {
    frond_text_style style;
    frond_component *component = NULL;
    memset(&style, 0, sizeof style);
    style.struct_size = sizeof style;
    style.font_size = 10;                   /* 6 points per character, 12 per line */
    must(frond_component_new_text(&component, content, &style, NULL, NULL), "text");
    return component;
}

static frond_component *meter_by_name(const char *label, double level, int64_t cells) {
    frond_argument arguments[3];
    frond_component *component = NULL;
    memset(arguments, 0, sizeof arguments);
    arguments[0].type = FROND_ARGUMENT_STRING;
    arguments[0].string = label;
    arguments[1].type = FROND_ARGUMENT_DOUBLE;
    arguments[1].number = level;
    arguments[2].type = FROND_ARGUMENT_INT64;
    arguments[2].int64 = cells;
    must(frond_component_new_by_name(&component, "meter", arguments, 3), "meter by name");
    return component;
}

static frond_component *flexbox(frond_flex_direction direction, const char *view_type, float spacing,
                                frond_component **children, size_t count) {
    frond_flex_child items[4];
    frond_flexbox_style style;
    frond_view_spec view;
    frond_component *component = NULL;
    size_t i;
    memset(items, 0, sizeof items);
    for (i = 0; i < count; i++) {
        items[i].struct_size = sizeof items[i];
        items[i].component = children[i];
    }
    memset(&style, 0, sizeof style);
    style.struct_size = sizeof style;
    style.direction = direction;
    style.align_items = FROND_ALIGN_FLEX_START;
    style.spacing = spacing;
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = view_type;
    must(frond_component_new_flexbox(&component, &view, NULL, NULL, &style, items, count), "flexbox");
    for (i = 0; i < count; i++) must(frond_component_release(children[i]), "release");
    return component;
}

/* Power station
 * Main: Battery [#####.....]  50%
 * Solar [########..]  80%
 * tap a meter to charge it */
static frond_component *screen(const model *levels) {
    frond_component *line[2], *rows[4];
    line[0] = text("Main:");
    line[1] = meter_by_name("Battery", levels->battery, 10);
    rows[0] = text("Power station");
    rows[1] = flexbox(FROND_FLEX_DIRECTION_ROW, "line", CELL_WIDTH, line, 2);
    rows[2] = meter_by_name("Solar", levels->solar, 10);
    rows[3] = text("tap a meter to charge it");
    return flexbox(FROND_FLEX_DIRECTION_COLUMN, "screen", 0, rows, 4);
}

/* ---- the host: keeps each view's type and text, counts mutations ----------- */

#define MAX_VIEWS 64
typedef struct host_view {
    char type[16];
    char text[96];
} host_view;
static host_view views[MAX_VIEWS];
static size_t commit_mutations = 0;

static frond_status host_apply(frond_root *root, const frond_mutation *m, void *user_data) {
    size_t i;
    (void)root; (void)user_data;
    commit_mutations++;
    if (m->view >= MAX_VIEWS) return FROND_ERR_INTERNAL;
    if (m->kind == FROND_MUTATION_CREATE) {
        snprintf(views[m->view].type, sizeof views[m->view].type, "%s", m->view_type);
        views[m->view].text[0] = '\0';
    }
    if (m->kind == FROND_MUTATION_UPDATE) {
        for (i = 0; i < m->set_count; i++) {
            if (strcmp(m->set[i].name, "text") == 0) {
                snprintf(views[m->view].text, sizeof views[m->view].text, "%s", m->set[i].string);
                printf("  update      v%llu text=\"%s\"\n", (unsigned long long)m->view, m->set[i].string);
            }
        }
    }
    return FROND_OK;
}

/* Draws the views' texts (a meter's text is its own drawing) on a character grid. */
#define COLUMNS 44
#define ROWS 6
static char canvas[ROWS][COLUMNS + 1];

static void draw_view(frond_root *root, uint64_t view, float left, float top) {
    frond_rect frame;
    size_t count = 0, i;
    must(frond_root_get_frame(&frame, root, view), "frame");
    left += frame.left;
    top += frame.top;
    if (view < MAX_VIEWS && views[view].text[0] != '\0') {
        int row = (int)(top / LINE_HEIGHT), column = (int)(left / CELL_WIDTH);
        const char *c;
        for (c = views[view].text; *c != '\0' && row < ROWS && column < COLUMNS; c++, column++) {
            canvas[row][column] = *c;
        }
    }
    must(frond_root_get_child_count(&count, root, view), "child count");
    for (i = 0; i < count; i++) {
        uint64_t child = 0;
        must(frond_root_get_child(&child, root, view, i), "child");
        draw_view(root, child, left, top);
    }
}

static void draw(frond_root *root) {
    int row;
    for (row = 0; row < ROWS; row++) {
        memset(canvas[row], ' ', COLUMNS);
        canvas[row][COLUMNS] = '\0';
    }
    draw_view(root, 0, 0, 0);
    printf("  +%.*s+\n", COLUMNS, "--------------------------------------------");
    for (row = 0; row < ROWS; row++) {
        if (strspn(canvas[row], " ") == COLUMNS && row > 3) continue;
        printf("  |%s|\n", canvas[row]);
    }
    printf("  +%.*s+\n", COLUMNS, "--------------------------------------------");
}

static void print_tree(frond_root *root) {
    char text[2048];
    size_t length = 0;
    must(frond_root_describe_components(&length, root, text, sizeof text), "describe components");
    printf("components:\n%s\n", text);
    must(frond_root_describe(&length, root, text, sizeof text), "describe");
    printf("views:\n%s\n", text);
}

static void flush(frond_root *root, const char *what) {
    printf("%s\n", what);
    commit_mutations = 0;
    must(frond_root_flush(root, NULL), what);
    printf("  (%zu mutations)\n", commit_mutations);
}

int main(void) {
    static const frond_argument_type meter_types[] = {FROND_ARGUMENT_STRING, FROND_ARGUMENT_DOUBLE,
                                                      FROND_ARGUMENT_INT64};
    model levels = {0.5, 0.8};
    frond_root *root = NULL;
    frond_size_range range;
    frond_host host;
    frond_action_outcome outcome = 0;
    uint64_t tapped = 0;

    must(frond_constructor_register("meter", meter_types, 3, (frond_native_func)meter_new, &levels, NULL),
         "register meter");

    memset(&range, 0, sizeof range);
    range.struct_size = sizeof range;
    range.kind = FROND_SIZE_RANGE_FLEXIBLE_HEIGHT;
    range.width = COLUMNS * CELL_WIDTH;
    must(frond_root_new(&root, &range), "root");
    memset(&host, 0, sizeof host);
    host.struct_size = sizeof host;
    host.apply = host_apply;
    must(frond_root_set_host(root, &host, NULL, NULL), "host");

    {
        frond_component *first = screen(&levels);
        must(frond_root_set_component(root, first), "component");
        must(frond_component_release(first), "release");
    }
    flush(root, "first mount:");
    print_tree(root);
    draw(root);

    /* A tap on the battery's drawing: the meter's own handler charges it. */
    printf("tap at (60, 18):\n");
    must(frond_root_tap_at(&outcome, &tapped, root, 60, 18), "tap");
    printf("  v%llu: %s\n", (unsigned long long)tapped, outcome == FROND_ACTION_HANDLED ? "handled" : "not handled");

    /* The application rebuilds its screen from the model: new meters by name. */
    {
        frond_component *next = screen(&levels);
        must(frond_root_set_component(root, next), "component");
        must(frond_component_release(next), "release");
    }
    flush(root, "after the tap:");
    draw(root);

    /* Arguments that do not match the registered signature: refused, nothing called. */
    {
        frond_argument wrong[2];
        frond_component *none = NULL;
        memset(wrong, 0, sizeof wrong);
        wrong[0].type = FROND_ARGUMENT_STRING;
        wrong[0].string = "Wind";
        wrong[1].type = FROND_ARGUMENT_STRING;
        wrong[1].string = "high";
        frond_status status = frond_component_new_by_name(&none, "meter", wrong, 2);
        printf("meter(\"Wind\", \"high\"): %s\n  %s\n", frond_status_name(status), frond_last_error_message());
    }

    printf("free the root:\n");
    must(frond_root_free(root), "free root");
    must(frond_constructor_unregister("meter"), "unregister meter");
    printf("meters destroyed: %d (each exactly once)\n", meters_destroyed);
    return 0;
}
