/* Functional test of the Components and Roots-and-hosts sections of the C API:
 * building components (the layout components included), flushing a root into a C host
 * (one call per mutation, or one batch per commit), reading the mounted views back, and
 * handle lifetimes. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* ---- a host that writes each mutation as a line of text ------------------ */

typedef struct recorder {
    char log[8192];
    size_t length;
    int commits;
    int batches;
    int mutations;
    int destroyed; /* user_data destroy calls */
} recorder;

static void record(recorder *r, const char *line) {
    size_t n = strlen(line);
    if (r->length + n + 2 < sizeof r->log) {
        memcpy(r->log + r->length, line, n);
        r->length += n;
        r->log[r->length++] = '\n';
        r->log[r->length] = '\0';
    }
}

static void describe_mutation(const frond_mutation *m, char *line, size_t size) {
    size_t i;
    int used;
    switch (m->kind) {
    case FROND_MUTATION_CREATE:
        snprintf(line, size, "create %llu %s", (unsigned long long)m->view, m->view_type);
        break;
    case FROND_MUTATION_UPDATE:
        used = snprintf(line, size, "update %llu", (unsigned long long)m->view);
        for (i = 0; i < m->set_count && used > 0 && (size_t)used < size; i++) {
            const frond_attribute *a = &m->set[i];
            switch (a->kind) {
            case FROND_ATTRIBUTE_NUMBER: used += snprintf(line + used, size - used, " %s=%g", a->name, a->number); break;
            case FROND_ATTRIBUTE_BOOL: used += snprintf(line + used, size - used, " %s=%s", a->name, a->boolean ? "true" : "false"); break;
            case FROND_ATTRIBUTE_STRING: used += snprintf(line + used, size - used, " %s='%s'", a->name, a->string); break;
            case FROND_ATTRIBUTE_COLOR: used += snprintf(line + used, size - used, " %s=rgb(%g,%g,%g)", a->name, a->color.red, a->color.green, a->color.blue); break;
            case FROND_ATTRIBUTE_HOST_VALUE: used += snprintf(line + used, size - used, " %s=host:%llu", a->name, (unsigned long long)a->host_value); break;
            case FROND_ATTRIBUTE_ACTION: used += snprintf(line + used, size - used, " %s=action:%s", a->name, a->string); break;
            case FROND_ATTRIBUTE_ACTION_BLOCK: used += snprintf(line + used, size - used, " %s=block", a->name); break;
            }
        }
        for (i = 0; i < m->unset_count && used > 0 && (size_t)used < size; i++) {
            used += snprintf(line + used, size - used, " -%s", m->unset[i]);
        }
        break;
    case FROND_MUTATION_SET_FRAME:
        snprintf(line, size, "frame %llu %g %g %g %g", (unsigned long long)m->view, m->frame.left, m->frame.top,
                 m->frame.width, m->frame.height);
        break;
    case FROND_MUTATION_INSERT:
        snprintf(line, size, "insert %llu into %llu at %zu", (unsigned long long)m->view,
                 (unsigned long long)m->parent, m->index);
        break;
    case FROND_MUTATION_MOVE:
        snprintf(line, size, "move %llu in %llu to %zu", (unsigned long long)m->view, (unsigned long long)m->parent,
                 m->index);
        break;
    case FROND_MUTATION_REMOVE:
        snprintf(line, size, "remove %llu from %llu", (unsigned long long)m->view, (unsigned long long)m->parent);
        break;
    case FROND_MUTATION_DESTROY:
        snprintf(line, size, "destroy %llu", (unsigned long long)m->view);
        break;
    }
}

static frond_status host_begin(frond_root *root, void *user_data) {
    recorder *r = (recorder *)user_data;
    CHECK(root != NULL);
    r->commits++;
    record(r, "begin");
    return FROND_OK;
}

static frond_status host_apply(frond_root *root, const frond_mutation *mutation, void *user_data) {
    char line[512];
    (void)root;
    describe_mutation(mutation, line, sizeof line);
    record((recorder *)user_data, line);
    ((recorder *)user_data)->mutations++;
    return FROND_OK;
}

static frond_status host_apply_batch(frond_root *root, const frond_mutation *mutations, size_t count, void *user_data) {
    recorder *r = (recorder *)user_data;
    size_t i;
    r->batches++;
    for (i = 0; i < count; i++) host_apply(root, &mutations[i], user_data);
    return FROND_OK;
}

static frond_status host_end(frond_root *root, void *user_data) {
    (void)root;
    record((recorder *)user_data, "end");
    return FROND_OK;
}

static void recorder_destroy(void *user_data) {
    ((recorder *)user_data)->destroyed++;
}

static const frond_host per_mutation_host = {sizeof(frond_host), host_begin, host_apply, NULL, host_end};
static const frond_host batch_host = {sizeof(frond_host), NULL, NULL, host_apply_batch, NULL};

/* ---- helpers ------------------------------------------------------------- */

static frond_attribute string_attribute(const char *name, const char *value) {
    frond_attribute a;
    memset(&a, 0, sizeof a);
    a.name = name;
    a.kind = FROND_ATTRIBUTE_STRING;
    a.string = value;
    return a;
}

/* A 10×10 "box" named `name`, keyed by its name. */
static frond_component *box(const char *name) {
    frond_attribute attributes[1];
    frond_view_spec view;
    frond_size_spec size = size_points(10, 10);
    frond_component *component = NULL;
    attributes[0] = string_attribute("name", name);
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "box";
    view.attributes = attributes;
    view.attribute_count = 1;
    CHECK_OK(frond_component_new(&component, &view, &size, name));
    return component;
}

/* A row ("list" view) of keyed boxes; the boxes' handles are released at once. */
static frond_component *row(const char *const *names, size_t count) {
    frond_flex_child children[16];
    frond_flexbox_style style;
    frond_view_spec view;
    frond_component *component = NULL;
    size_t i;
    memset(children, 0, sizeof children);
    memset(&style, 0, sizeof style);
    memset(&view, 0, sizeof view);
    style.struct_size = sizeof style;
    style.direction = FROND_FLEX_DIRECTION_ROW;
    view.struct_size = sizeof view;
    view.view_type = "list";
    for (i = 0; i < count; i++) {
        children[i].struct_size = sizeof children[i];
        children[i].component = box(names[i]);
    }
    CHECK_OK(frond_component_new_flexbox(&component, &view, NULL, NULL, &style, children, count));
    for (i = 0; i < count; i++) CHECK_OK(frond_component_release(children[i].component));
    return component;
}

static const char *describe(frond_root *root, char *buffer, size_t capacity) {
    size_t length = 0;
    CHECK_OK(frond_root_describe(&length, root, buffer, capacity));
    CHECK(length < capacity);
    return buffer;
}

static const char *describe_components(frond_root *root, char *buffer, size_t capacity) {
    size_t length = 0;
    CHECK_OK(frond_root_describe_components(&length, root, buffer, capacity));
    CHECK(length < capacity && length == strlen(buffer));
    return buffer;
}

/* ---- tests --------------------------------------------------------------- */

static void test_screen_is_mounted_through_a_per_mutation_host(void) {
    recorder r;
    frond_root *root = NULL;
    frond_component *screen = NULL, *text = NULL, *icon = NULL;
    frond_size_range range = {sizeof(frond_size_range), FROND_SIZE_RANGE_FIXED, 100, 50};
    frond_attribute attributes[6];
    frond_view_spec view, screen_view;
    frond_size_spec icon_size = size_points(10, 10);
    frond_text_style text_style;
    frond_flexbox_style style;
    frond_flex_child children[2];
    size_t mutations = 0, count = 0;
    uint64_t first = 0;
    frond_rect frame;
    char text_buffer[1024];

    memset(&r, 0, sizeof r);
    memset(attributes, 0, sizeof attributes);
    attributes[0] = string_attribute("name", "icon");
    attributes[1].name = "opacity"; attributes[1].kind = FROND_ATTRIBUTE_NUMBER; attributes[1].number = 0.5;
    attributes[2].name = "tint"; attributes[2].kind = FROND_ATTRIBUTE_COLOR;
    attributes[2].color.red = 1; attributes[2].color.alpha = 1;
    attributes[3].name = "visible"; attributes[3].kind = FROND_ATTRIBUTE_BOOL; attributes[3].boolean = true;
    attributes[4].name = "image"; attributes[4].kind = FROND_ATTRIBUTE_HOST_VALUE; attributes[4].host_value = 42;
    attributes[5].name = "onTap"; attributes[5].kind = FROND_ATTRIBUTE_ACTION; attributes[5].string = "open";
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "image";
    view.attributes = attributes;
    view.attribute_count = 6;
    CHECK_OK(frond_component_new(&icon, &view, &icon_size, NULL));

    memset(&text_style, 0, sizeof text_style);
    text_style.struct_size = sizeof text_style;
    text_style.font_size = 10;
    CHECK_OK(frond_component_new_text(&text, "hello world", &text_style, NULL, NULL));

    memset(&style, 0, sizeof style);
    style.struct_size = sizeof style;
    style.direction = FROND_FLEX_DIRECTION_ROW;
    style.align_items = FROND_ALIGN_FLEX_START;
    style.spacing = 5;
    memset(children, 0, sizeof children);
    children[0].struct_size = sizeof children[0];
    children[0].component = icon;
    children[1].struct_size = sizeof children[1];
    children[1].component = text;
    children[1].flex_grow = 1;
    memset(&screen_view, 0, sizeof screen_view);
    screen_view.struct_size = sizeof screen_view;
    screen_view.view_type = "screen";
    screen_view.accessibility_label = "Home";
    CHECK_OK(frond_component_new_flexbox(&screen, &screen_view, NULL, "home", &style, children, 2));
    /* The flexbox keeps its children alive. */
    CHECK_OK(frond_component_release(icon));
    CHECK_OK(frond_component_release(text));

    CHECK_OK(frond_root_new(&root, &range));
    CHECK_OK(frond_root_set_host(root, &per_mutation_host, &r, recorder_destroy));
    CHECK_OK(frond_root_set_component(root, screen));
    CHECK_OK(frond_component_release(screen));
    /* No component tree before the first flush. */
    CHECK(strcmp(describe_components(root, text_buffer, sizeof text_buffer), "") == 0);
    CHECK_OK(frond_root_flush(root, &mutations));
    CHECK(r.commits == 1);
    CHECK((int)mutations == r.mutations);
    CHECK(strcmp(r.log,
                 "begin\n"
                 "create 1 screen\n"
                 "update 1 accessibilityLabel='Home'\n"
                 "frame 1 0 0 100 50\n"
                 "create 2 image\n"
                 "create 3 text\n"
                 "update 2 image=host:42 name='icon' onTap=action:open opacity=0.5 tint=rgb(1,0,0) visible=true\n"
                 "frame 2 0 0 10 10\n"
                 "update 3 fontSize=10 lineHeight=12 text='hello world'\n"
                 "frame 3 15 0 85 12\n"
                 "insert 2 into 1 at 0\n"
                 "insert 3 into 1 at 1\n"
                 "insert 1 into 0 at 0\n"
                 "end\n") == 0);
    if (check_failures) fprintf(stderr, "%s", r.log);

    /* Reading the mounted views back. */
    CHECK_OK(frond_root_get_child_count(&count, root, 0));
    CHECK(count == 1);
    CHECK_OK(frond_root_get_child(&first, root, 0, 0));
    CHECK(first == 1);
    CHECK_OK(frond_root_get_child_count(&count, root, first));
    CHECK(count == 2);
    CHECK_OK(frond_root_get_frame(&frame, root, 3));
    CHECK_FLOAT(15, frame.left);
    CHECK_FLOAT(85, frame.width);
    CHECK(strstr(describe(root, text_buffer, sizeof text_buffer), "v3 text (15, 0, 85×12)") != NULL);

    /* The component tree: the keyed screen, then its children with their frames. */
    describe_components(root, text_buffer, sizeof text_buffer);
    CHECK(strcmp(text_buffer,
                 "Flexbox[\"home\"](screen) (0, 0, 100×50) #1\n"
                 "  Component(image) (0, 0, 10×10) #2\n"
                 "  Text(text) (15, 0, 85×12) #3") == 0);
    if (check_failures) fprintf(stderr, "%s\n", text_buffer);

    /* Nothing changed: nothing is sent. */
    CHECK_OK(frond_root_flush(root, &mutations));
    CHECK(mutations == 0);
    CHECK(r.commits == 1);

    CHECK_OK(frond_root_free(root));
    CHECK(r.destroyed == 1);
}

static void test_batch_host_gets_one_call_per_commit(void) {
    recorder r;
    frond_root *root = NULL;
    frond_component *list = NULL;
    const char *before[] = {"a", "b", "c", "d"};
    const char *after[] = {"d", "b", "c", "a", "e"};
    size_t mutations = 0;
    frond_size_range range = {sizeof(frond_size_range), FROND_SIZE_RANGE_FLEXIBLE_HEIGHT, 200, 0};
    char buffer[1024];

    memset(&r, 0, sizeof r);
    CHECK_OK(frond_root_new(&root, &range));
    CHECK_OK(frond_root_set_host(root, &batch_host, &r, recorder_destroy));
    list = row(before, 4);
    CHECK_OK(frond_root_set_component(root, list));
    CHECK_OK(frond_component_release(list));
    CHECK_OK(frond_root_flush(root, &mutations));
    CHECK(r.batches == 1);
    CHECK((int)mutations == r.mutations);

    /* A keyed reorder moves views; the new box is created and inserted. */
    r.length = 0;
    r.log[0] = '\0';
    list = row(after, 5);
    CHECK_OK(frond_root_set_component(root, list));
    CHECK_OK(frond_component_release(list));
    CHECK_OK(frond_root_flush(root, &mutations));
    CHECK(r.batches == 2);
    CHECK(strstr(r.log, "create 6 box") != NULL);
    CHECK(strstr(r.log, "create 2") == NULL && strstr(r.log, "destroy") == NULL);
    CHECK(strstr(r.log, "move") != NULL);
    describe(root, buffer, sizeof buffer);
    CHECK(strstr(buffer, "name=\"d\"") < strstr(buffer, "name=\"b\""));
    CHECK(strstr(buffer, "name=\"a\"") < strstr(buffer, "name=\"e\""));

    /* A short buffer gets a cut, terminated text and the full length. */
    {
        char small[8];
        size_t length = 0;
        CHECK_OK(frond_root_describe(&length, root, small, sizeof small));
        CHECK(length > sizeof small && strlen(small) == sizeof small - 1);
        CHECK_OK(frond_root_describe(&length, root, NULL, 0));
        CHECK(length == strlen(buffer));
        /* The component tree: reordered boxes keep their identities; it follows the
         * same buffer rules. */
        describe_components(root, buffer, sizeof buffer);
        CHECK(strcmp(buffer,
                     "Flexbox(list) (0, 0, 200×10) #1\n"
                     "  Component[\"d\"](box) (0, 0, 10×10) #5\n"
                     "  Component[\"b\"](box) (10, 0, 10×10) #3\n"
                     "  Component[\"c\"](box) (20, 0, 10×10) #4\n"
                     "  Component[\"a\"](box) (30, 0, 10×10) #2\n"
                     "  Component[\"e\"](box) (40, 0, 10×10) #6") == 0);
        if (check_failures) fprintf(stderr, "%s\n", buffer);
        memset(small, 'x', sizeof small);
        CHECK_OK(frond_root_describe_components(&length, root, small, sizeof small));
        CHECK(length == strlen(buffer) && strcmp(small, "Flexbox") == 0);
        length = 0;
        CHECK_OK(frond_root_describe_components(&length, root, NULL, 0));
        CHECK(length == strlen(buffer));
        small[0] = 'x';
        CHECK_OK(frond_root_describe_components(&length, root, small, 1));
        CHECK(small[0] == '\0' && length == strlen(buffer));
    }
    CHECK_OK(frond_root_free(root));
    CHECK(r.destroyed == 1);
}

/* A text measurer: 5 points per byte, 8-point lines, no wrapping. */
static int measure_calls = 0;
static frond_status fixed_measure(const char *text, const frond_text_style *style, float width,
                                  frond_measure_mode width_mode, float height, frond_measure_mode height_mode,
                                  frond_size *out_size, void *user_data) {
    (void)width; (void)width_mode; (void)height; (void)height_mode; (void)user_data;
    CHECK(style != NULL && style->font_size == 14);
    measure_calls++;
    out_size->width = 5.0f * (float)strlen(text);
    out_size->height = 8;
    return FROND_OK;
}

static void count_destroy(void *user_data) {
    (*(int *)user_data)++;
}

static void test_host_supplied_text_measurer_sizes_text(void) {
    frond_root *root = NULL;
    frond_component *text = NULL;
    frond_rect frame;
    uint64_t view = 0;
    int destroyed = 0;
    frond_size_range range = {sizeof(frond_size_range), FROND_SIZE_RANGE_FIT_CONTENT, FROND_UNDEFINED, FROND_UNDEFINED};

    CHECK_OK(frond_root_new(&root, &range));
    CHECK_OK(frond_root_set_text_measurer(root, fixed_measure, &destroyed, count_destroy));
    CHECK_OK(frond_component_new_text(&text, "abcd", NULL, NULL, NULL));
    CHECK_OK(frond_root_set_component(root, text));
    CHECK_OK(frond_component_release(text));
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK(measure_calls > 0);
    CHECK_OK(frond_root_get_child(&view, root, 0, 0));
    CHECK_OK(frond_root_get_frame(&frame, root, view));
    CHECK_FLOAT(20, frame.width);
    CHECK_FLOAT(8, frame.height);
    /* Back to the default measurer: the replaced one is destroyed. */
    CHECK_OK(frond_root_set_text_measurer(root, NULL, NULL, NULL));
    CHECK(destroyed == 1);
    CHECK_OK(frond_root_free(root));
}

/* The style a measurer last saw. */
static frond_text_style seen_style;
static frond_status recording_measure(const char *text, const frond_text_style *style, float width,
                                      frond_measure_mode width_mode, float height, frond_measure_mode height_mode,
                                      frond_size *out_size, void *user_data) {
    (void)text; (void)width; (void)width_mode; (void)height; (void)height_mode; (void)user_data;
    seen_style = *style;
    out_size->width = 10;
    out_size->height = 10;
    return FROND_OK;
}

static void test_text_weight_and_alignment_reach_the_view_and_the_measurer(void) {
    frond_root *root = NULL;
    frond_component *text = NULL;
    frond_text_style style;
    char description[512];
    size_t length = 0;
    frond_size_range range = {sizeof(frond_size_range), FROND_SIZE_RANGE_FIT_CONTENT, FROND_UNDEFINED, FROND_UNDEFINED};

    memset(&style, 0, sizeof style);
    style.struct_size = sizeof style;
    style.font_weight = 700;
    style.text_align = FROND_TEXT_ALIGN_CENTER;
    CHECK_OK(frond_root_new(&root, &range));
    CHECK_OK(frond_root_set_text_measurer(root, recording_measure, NULL, NULL));
    CHECK_OK(frond_component_new_text(&text, "bold", &style, NULL, NULL));
    CHECK_OK(frond_root_set_component(root, text));
    CHECK_OK(frond_component_release(text));
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK(seen_style.struct_size == sizeof(frond_text_style));
    CHECK(seen_style.font_weight == 700);
    CHECK(seen_style.text_align == FROND_TEXT_ALIGN_CENTER);
    CHECK_OK(frond_root_describe(&length, root, description, sizeof description));
    CHECK(strstr(description, "fontWeight=700") != NULL);
    CHECK(strstr(description, "textAlign=\"center\"") != NULL);

    /* A caller built against the first version of the struct (up to max_lines) gets the
     * defaults of the newer members, whatever lies beyond its struct_size. */
    memset(&style, 0x7f, sizeof style);
    style.struct_size = (uint32_t)offsetof(frond_text_style, font_weight);
    style.font_size = 12;
    style.line_height = 0;
    style.font_family = NULL;
    style.has_color = false;
    style.max_lines = 0;
    CHECK_OK(frond_component_new_text(&text, "old", &style, NULL, NULL));
    CHECK_OK(frond_root_set_component(root, text));
    CHECK_OK(frond_component_release(text));
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK(seen_style.font_weight == 0);
    CHECK(seen_style.text_align == FROND_TEXT_ALIGN_DEFAULT);

    /* Out of the domain: refused, nothing made. */
    memset(&style, 0, sizeof style);
    style.struct_size = sizeof style;
    text = NULL;
    style.font_weight = 99;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_text(&text, "x", &style, NULL, NULL));
    style.font_weight = 1001;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_text(&text, "x", &style, NULL, NULL));
    style.font_weight = 0;
    style.text_align = (frond_text_align)9;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_text(&text, "x", &style, NULL, NULL));
    style.text_align = FROND_TEXT_ALIGN_DEFAULT;
    style.struct_size = (uint32_t)offsetof(frond_text_style, max_lines);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_text(&text, "x", &style, NULL, NULL));
    CHECK(text == NULL);
    CHECK_OK(frond_root_free(root));
}

static void test_composite_and_viewless_components(void) {
    frond_root *root = NULL;
    frond_component *inner = NULL, *card = NULL, *wrapper = NULL;
    frond_view_spec view;
    frond_size_spec card_size = size_points(60, 30);
    frond_flexbox_style style;
    frond_flex_child child;
    frond_size_range range = {sizeof(frond_size_range), FROND_SIZE_RANGE_FIXED, 100, 100};
    char buffer[512];

    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "fill";
    CHECK_OK(frond_component_new(&inner, &view, NULL, NULL));
    view.view_type = "card";
    CHECK_OK(frond_component_new_composite(&card, &view, &card_size, NULL, inner));
    CHECK_OK(frond_component_release(inner));
    /* A viewless flexbox with padding: the card is mounted at its offset. */
    memset(&style, 0, sizeof style);
    style.struct_size = sizeof style;
    style.align_items = FROND_ALIGN_FLEX_START;
    style.padding[0].unit = FROND_UNIT_POINT;
    style.padding[0].value = 7;
    memset(&child, 0, sizeof child);
    child.struct_size = sizeof child;
    child.component = card;
    CHECK_OK(frond_component_new_flexbox(&wrapper, NULL, NULL, NULL, &style, &child, 1));
    CHECK_OK(frond_component_release(card));
    CHECK_OK(frond_root_new(&root, &range));
    CHECK_OK(frond_root_set_component(root, wrapper));
    CHECK_OK(frond_component_release(wrapper));
    CHECK_OK(frond_root_flush(root, NULL));
    describe(root, buffer, sizeof buffer);
    CHECK(strcmp(buffer, "v1 card (7, 0, 60×30)\n  v2 fill (0, 0, 60×30)") == 0);
    if (check_failures) fprintf(stderr, "%s\n", buffer);
    /* The viewless flexbox is in the component tree, marked as such. */
    describe_components(root, buffer, sizeof buffer);
    CHECK(strcmp(buffer,
                 "Flexbox (0, 0, 100×100) #1 viewless\n"
                 "  CompositeComponent(card) (7, 0, 60×30) #2\n"
                 "    Component(fill) (0, 0, 60×30) #3") == 0);
    if (check_failures) fprintf(stderr, "%s\n", buffer);
    /* Without a component the tree is empty again. */
    CHECK_OK(frond_root_set_component(root, NULL));
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK(strcmp(describe_components(root, buffer, sizeof buffer), "") == 0);
    CHECK_OK(frond_root_free(root));
}

/* ---- layout components --------------------------------------------------- */

/* A component with a view of `view_type`, no attributes, and `size` (NULL: automatic). */
static frond_component *plain(const char *view_type, const frond_size_spec *size) {
    frond_view_spec view;
    frond_component *component = NULL;
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = view_type;
    CHECK_OK(frond_component_new(&component, &view, size, NULL));
    return component;
}

static frond_view_spec view_of(const char *view_type) {
    frond_view_spec view;
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = view_type;
    return view;
}

/* A viewless column around `child` (its handle is taken over) that leaves it at its
 * own size (align-items flex-start). */
static frond_component *loose(frond_component *child) {
    frond_flexbox_style style;
    frond_flex_child item;
    frond_component *component = NULL;
    memset(&style, 0, sizeof style);
    style.struct_size = sizeof style;
    style.align_items = FROND_ALIGN_FLEX_START;
    memset(&item, 0, sizeof item);
    item.struct_size = sizeof item;
    item.component = child;
    CHECK_OK(frond_component_new_flexbox(&component, NULL, NULL, NULL, &style, &item, 1));
    CHECK_OK(frond_component_release(child));
    return component;
}

/* Shows `component` (its handle is taken over) in `root`, flushes, and describes the
 * mounted views into `buffer`. */
static const char *show(frond_root *root, frond_component *component, char *buffer, size_t capacity) {
    CHECK_OK(frond_root_set_component(root, component));
    CHECK_OK(frond_component_release(component));
    CHECK_OK(frond_root_flush(root, NULL));
    return describe(root, buffer, capacity);
}

#define CHECK_TEXT(expected, actual)                                                      \
    do {                                                                                  \
        const char *check_text_ = (actual);                                               \
        check_count++;                                                                    \
        if (strcmp(check_text_, (expected)) != 0) {                                       \
            check_failures++;                                                             \
            fprintf(stderr, "%s:%d: got\n%s\nexpected\n%s\n", __FILE__, __LINE__, check_text_, (expected)); \
        }                                                                                 \
    } while (0)

/* The frame of the root's `index`th top-level view. */
static frond_rect top_frame(frond_root *root, size_t index, uint64_t *out_view) {
    frond_rect frame;
    uint64_t view = 0;
    memset(&frame, 0, sizeof frame);
    CHECK_OK(frond_root_get_child(&view, root, 0, index));
    CHECK_OK(frond_root_get_frame(&frame, root, view));
    if (out_view != NULL) *out_view = view;
    return frame;
}

static void test_inset_component_leaves_its_insets_around_the_child(void) {
    frond_root *root = NULL;
    frond_component *inset = NULL;
    frond_view_spec card = view_of("card");
    frond_value insets[4];
    frond_size_range range = {sizeof(frond_size_range), FROND_SIZE_RANGE_FIXED, 200, 100};
    uint64_t before = 0, after = 0;
    frond_rect frame;
    char buffer[512];

    memset(insets, 0, sizeof insets);
    insets[0].unit = FROND_UNIT_POINT; insets[0].value = 20;   /* left */
    insets[1].unit = FROND_UNIT_POINT; insets[1].value = 10;   /* top */
    insets[2].unit = FROND_UNIT_PERCENT; insets[2].value = 10; /* right: 10% of the root's 200 */
    /* bottom UNDEFINED: 0 */
    CHECK_OK(frond_root_new(&root, &range));
    {
        frond_component *child = plain("fill", NULL);
        CHECK_OK(frond_component_new_inset(&inset, &card, NULL, "i", insets, child));
        CHECK_OK(frond_component_release(child));
    }
    CHECK_TEXT("v1 card (0, 0, 200×100)\n  v2 fill (20, 10, 160×90)", show(root, inset, buffer, sizeof buffer));
    CHECK_OK(frond_root_get_child(&before, root, 1, 0));

    /* New insets on a new instance: the same view moves. */
    insets[1].value = 30;
    {
        frond_component *child = plain("fill", NULL);
        CHECK_OK(frond_component_new_inset(&inset, &card, NULL, "i", insets, child));
        CHECK_OK(frond_component_release(child));
    }
    show(root, inset, buffer, sizeof buffer);
    CHECK_OK(frond_root_get_child(&after, root, 1, 0));
    CHECK(after == before);
    CHECK_OK(frond_root_get_frame(&frame, root, after));
    CHECK_FLOAT(20, frame.left);
    CHECK_FLOAT(30, frame.top);
    CHECK_FLOAT(160, frame.width);
    CHECK_FLOAT(70, frame.height);

    /* NULL insets: none. */
    {
        frond_component *child = plain("fill", NULL);
        CHECK_OK(frond_component_new_inset(&inset, NULL, NULL, NULL, NULL, child));
        CHECK_OK(frond_component_release(child));
    }
    CHECK_TEXT("v3 fill (0, 0, 200×100)", show(root, inset, buffer, sizeof buffer));
    CHECK_OK(frond_root_free(root));
}

static void test_center_component_centers_and_sizes_by_its_options(void) {
    frond_root *root = NULL;
    frond_component *center = NULL, *dot = NULL;
    frond_view_spec view = view_of("center");
    frond_size_spec dot_size = size_points(10, 10);
    frond_size_range range = {sizeof(frond_size_range), FROND_SIZE_RANGE_FIXED, 200, 100};
    char buffer[512];

    CHECK_OK(frond_root_new(&root, &range));
    /* As large as the parent, the child in the middle. */
    dot = plain("dot", &dot_size);
    CHECK_OK(frond_component_new_center(&center, &view, NULL, NULL, FROND_CENTERING_XY, FROND_CENTER_SIZING_DEFAULT, dot));
    CHECK_TEXT("v1 center (0, 0, 200×100)\n  v2 dot (95, 45, 10×10)", show(root, loose(center), buffer, sizeof buffer));
    /* Only as large as the child. */
    CHECK_OK(frond_component_new_center(&center, &view, NULL, NULL, FROND_CENTERING_XY, FROND_CENTER_SIZING_MINIMUM_XY, dot));
    CHECK_TEXT("v1 center (0, 0, 10×10)\n  v2 dot (0, 0, 10×10)", show(root, loose(center), buffer, sizeof buffer));
    /* As high as the child, as wide as the parent, centered across only. */
    CHECK_OK(frond_component_new_center(&center, &view, NULL, NULL, FROND_CENTERING_X, FROND_CENTER_SIZING_MINIMUM_Y, dot));
    CHECK_TEXT("v1 center (0, 0, 200×10)\n  v2 dot (95, 0, 10×10)", show(root, loose(center), buffer, sizeof buffer));
    /* Centered vertically only: at the left edge. */
    CHECK_OK(frond_component_new_center(&center, &view, NULL, NULL, FROND_CENTERING_Y, FROND_CENTER_SIZING_DEFAULT, dot));
    CHECK_TEXT("v1 center (0, 0, 200×100)\n  v2 dot (0, 45, 10×10)", show(root, loose(center), buffer, sizeof buffer));
    CHECK_OK(frond_component_release(dot));
    /* No child: an empty box. */
    CHECK_OK(frond_component_new_center(&center, &view, NULL, NULL, FROND_CENTERING_NONE, FROND_CENTER_SIZING_MINIMUM_X, NULL));
    CHECK_TEXT("v1 center (0, 0, 0×100)", show(root, loose(center), buffer, sizeof buffer));
    CHECK_OK(frond_root_free(root));
}

static void test_ratio_component_makes_its_height_ratio_times_its_width(void) {
    frond_root *root = NULL;
    frond_component *ratio = NULL, *video = NULL;
    frond_view_spec view = view_of("frame");
    frond_size_range range = {sizeof(frond_size_range), FROND_SIZE_RANGE_FLEXIBLE_HEIGHT, 200, 0};
    char buffer[512];

    CHECK_OK(frond_root_new(&root, &range));
    video = plain("video", NULL);
    CHECK_OK(frond_component_new_ratio(&ratio, &view, NULL, NULL, 0.5f, video));
    CHECK_OK(frond_component_release(video));
    CHECK_TEXT("v1 frame (0, 0, 200×100)\n  v2 video (0, 0, 200×100)", show(root, ratio, buffer, sizeof buffer));
    CHECK_OK(frond_root_free(root));
}

static void test_background_and_overlay_share_the_childs_frame_in_mount_order(void) {
    frond_root *root = NULL;
    frond_component *label = NULL, *bubble = NULL, *badge = NULL, *layered = NULL;
    frond_size_spec label_size = size_points(50, 20);
    frond_size_spec small = size_points(5, 5);
    frond_size_range range = {sizeof(frond_size_range), FROND_SIZE_RANGE_FIXED, 200, 100};
    uint64_t first = 0, second = 0;
    frond_rect frame;
    char buffer[512];

    CHECK_OK(frond_root_new(&root, &range));
    label = plain("label", &label_size);
    bubble = plain("bubble", &small); /* its own size is ignored */
    CHECK_OK(frond_component_new_background(&layered, NULL, NULL, NULL, label, bubble));
    CHECK_TEXT("v1 bubble (0, 0, 50×20)\n"
               "v2 label (0, 0, 50×20)", show(root, loose(layered), buffer, sizeof buffer));
    frame = top_frame(root, 0, &first);
    CHECK_FLOAT(50, frame.width);
    CHECK_FLOAT(20, frame.height);
    frame = top_frame(root, 1, &second);
    CHECK_FLOAT(50, frame.width);
    CHECK_FLOAT(20, frame.height);
    CHECK(first == 1 && second == 2);
    CHECK_OK(frond_component_release(bubble));

    /* The overlay goes in front; the label keeps its view. */
    badge = plain("badge", NULL);
    CHECK_OK(frond_component_new_overlay(&layered, NULL, NULL, NULL, label, badge));
    CHECK_TEXT("v2 label (0, 0, 50×20)\n"
               "v3 badge (0, 0, 50×20)", show(root, loose(layered), buffer, sizeof buffer));
    CHECK_OK(frond_component_release(badge));

    /* A NULL layer is dropped; a size on the component wins over the child's. */
    {
        frond_size_spec wide;
        frond_view_spec card = view_of("card");
        memset(&wide, 0, sizeof wide);
        wide.struct_size = sizeof wide;
        wide.width.unit = FROND_UNIT_POINT;
        wide.width.value = 80;
        CHECK_OK(frond_component_new_overlay(&layered, &card, &wide, NULL, label, NULL));
    }
    /* (The label moves into the card's view: a new view, as views never change parents.) */
    CHECK_TEXT("v4 card (0, 0, 80×20)\n  v5 label (0, 0, 80×20)", show(root, loose(layered), buffer, sizeof buffer));
    CHECK_OK(frond_component_release(label));
    CHECK_OK(frond_root_free(root));
}

static void test_static_layout_places_children_and_takes_their_bounding_box(void) {
    frond_root *root = NULL;
    frond_component *layout = NULL;
    frond_static_child children[3];
    frond_view_spec canvas = view_of("canvas");
    frond_size_spec a_size = size_points(10, 10);
    frond_size_spec b_size = size_points(20, 15);
    frond_size_range range = {sizeof(frond_size_range), FROND_SIZE_RANGE_FIT_CONTENT, FROND_UNDEFINED, FROND_UNDEFINED};
    char buffer[512];
    size_t i;

    memset(children, 0, sizeof children);
    for (i = 0; i < 3; i++) children[i].struct_size = sizeof children[i];
    children[0].component = plain("a", &a_size);
    children[0].x = 10;
    children[0].y = 5;
    children[1].component = NULL; /* dropped */
    children[2].component = plain("b", NULL);
    children[2].x = 40;
    children[2].y = 30;
    children[2].size = &b_size; /* replaces b's own (automatic) size */
    CHECK_OK(frond_component_new_static(&layout, &canvas, NULL, NULL, children, 3));
    CHECK_OK(frond_component_release(children[0].component));
    CHECK_OK(frond_component_release(children[2].component));

    CHECK_OK(frond_root_new(&root, &range));
    CHECK_TEXT("v1 canvas (0, 0, 60×45)\n"
               "  v2 a (10, 5, 10×10)\n"
               "  v3 b (40, 30, 20×15)", show(root, layout, buffer, sizeof buffer));
    /* No children: an empty layout. */
    CHECK_OK(frond_component_new_static(&layout, &canvas, NULL, NULL, NULL, 0));
    CHECK_TEXT("v1 canvas (0, 0, 0×0)", show(root, layout, buffer, sizeof buffer));
    CHECK_OK(frond_root_free(root));
}

/* A component holding a chain of components deeper than FROND_MAX_TREE_DEPTH (which no
 * flush could place, and whose release would exhaust the stack at hundreds of thousands of
 * levels) is refused as it is made; one as deep as a tree may be is made and flushed. */
static void test_components_nested_beyond_the_tree_depth_are_refused(void) {
    frond_view_spec view = frond_view("box", NULL, 0);
    frond_size_spec size = frond_size_points(1, 1);
    frond_flexbox_style style = frond_flexbox_style_column(0);
    frond_component *chain = NULL, *next = NULL;
    frond_root *root = NULL;
    int level;
    CHECK_OK(frond_component_new(&chain, &view, &size, NULL));
    for (level = 2; level <= FROND_MAX_TREE_DEPTH; level++) {
        frond_flex_child child = frond_flex_child_of(chain);
        CHECK_OK(frond_component_new_flexbox(&next, NULL, NULL, NULL, &style, &child, 1));
        CHECK_OK(frond_component_release(chain));
        chain = next;
    }
    {
        frond_flex_child child = frond_flex_child_of(chain);
        next = NULL;
        CHECK_FAILURE(FROND_ERR_LIMIT, frond_component_new_flexbox(&next, NULL, NULL, NULL, &style, &child, 1),
                      "nested more than 256 levels");
        CHECK(next == NULL);
        CHECK_FAILURE(FROND_ERR_LIMIT, frond_component_new_inset(&next, NULL, NULL, NULL, NULL, chain),
                      "FROND_MAX_TREE_DEPTH");
    }
    CHECK_OK(frond_root_new(&root, NULL));
    CHECK_OK(frond_root_set_component(root, chain));
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_component_release(chain));
}

int main(void) {
    size_t handles_at_start = live_handles();
    test_screen_is_mounted_through_a_per_mutation_host();
    test_batch_host_gets_one_call_per_commit();
    test_host_supplied_text_measurer_sizes_text();
    test_text_weight_and_alignment_reach_the_view_and_the_measurer();
    test_composite_and_viewless_components();
    test_inset_component_leaves_its_insets_around_the_child();
    test_center_component_centers_and_sizes_by_its_options();
    test_ratio_component_makes_its_height_ratio_times_its_width();
    test_background_and_overlay_share_the_childs_frame_in_mount_order();
    test_static_layout_places_children_and_takes_their_bounding_box();
    test_components_nested_beyond_the_tree_depth_are_refused();
    CHECK(live_handles() == handles_at_start);
    return check_report("component_test");
}
