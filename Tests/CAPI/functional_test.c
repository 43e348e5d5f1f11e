/* Functional test of the Layout section of the C API: trees, styles, callbacks,
 * layout results and handle lifetimes. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

/* ---- helpers ------------------------------------------------------------- */

static frond_node *new_node(frond_config *config) {
    frond_node *node = NULL;
    CHECK_OK(frond_node_new(&node, config));
    CHECK(node != NULL);
    return node;
}

static frond_rect frame_of(frond_node *node) {
    frond_rect frame = {-1, -1, -1, -1};
    CHECK_OK(frond_node_layout_get_frame(&frame, node));
    return frame;
}

/* ---- a measured text leaf ------------------------------------------------ */

typedef struct text_leaf {
    int characters;
    int measure_calls;
    int *destroyed; /* incremented by destroy_text_leaf */
} text_leaf;

/* 10 points per character, one 20-point line per `width` of text. */
static frond_status measure_text(frond_node *node, float width, frond_measure_mode width_mode, float height,
                                 frond_measure_mode height_mode, frond_size *out_size, void *user_data) {
    text_leaf *leaf = (text_leaf *)user_data;
    float natural = 10.0f * (float)leaf->characters;
    float line_width = natural;
    float lines;
    (void)height;
    (void)height_mode;
    CHECK(node != NULL);
    leaf->measure_calls++;
    if (width_mode == FROND_MEASURE_MODE_EXACTLY || (width_mode == FROND_MEASURE_MODE_AT_MOST && width < natural)) {
        line_width = width;
    }
    lines = line_width > 0 ? ceilf(natural / line_width) : 1;
    out_size->width = line_width;
    out_size->height = 20.0f * lines;
    return FROND_OK;
}

static void destroy_text_leaf(void *user_data) {
    text_leaf *leaf = (text_leaf *)user_data;
    (*leaf->destroyed)++;
}

static frond_status failing_measure(frond_node *node, float width, frond_measure_mode width_mode, float height,
                                    frond_measure_mode height_mode, frond_size *out_size, void *user_data) {
    (void)node; (void)width; (void)width_mode; (void)height; (void)height_mode; (void)user_data;
    out_size->width = 5;
    out_size->height = 5;
    return FROND_ERR_INVALID_ARGUMENT;
}

static frond_status three_quarters_baseline(frond_node *node, float width, float height, float *out_baseline,
                                            void *user_data) {
    (void)node; (void)width; (void)user_data;
    *out_baseline = height * 0.75f;
    return FROND_OK;
}

static void count_destroy(void *user_data) {
    (*(int *)user_data)++;
}

/* ---- tests ------------------------------------------------------------- */

static void test_library_basics(void) {
    char expected[64];
    int major = -1, minor = -1, patch = -1;
    CHECK(strcmp(frond_version(), "0.1.0") == 0);
    /* The header's version macros, the library's numbers and its string agree. */
    frond_version_numbers(&major, &minor, &patch);
    CHECK(major == FROND_VERSION_MAJOR && minor == FROND_VERSION_MINOR && patch == FROND_VERSION_PATCH);
    snprintf(expected, sizeof expected, "%d.%d.%d", major, minor, patch);
    CHECK(strcmp(frond_version(), expected) == 0);
    CHECK(strcmp(frond_status_name(FROND_OK), "FROND_OK") == 0);
    CHECK(strcmp(frond_status_name(FROND_ERR_MISUSE), "FROND_ERR_MISUSE") == 0);
    CHECK(strcmp(frond_status_name((frond_status)-99), "FROND_UNKNOWN_STATUS") == 0);
    frond_clear_last_error();
    CHECK(strcmp(frond_last_error_message(), "") == 0);
}

static void test_config_settings(void) {
    frond_config *config = NULL;
    float factor = 0;
    bool enabled = true;
    uint32_t errata = 0;
    CHECK_OK(frond_config_new(&config));
    CHECK_OK(frond_config_get_point_scale_factor(&factor, config));
    CHECK_FLOAT(1.0f, factor);
    CHECK_OK(frond_config_set_point_scale_factor(config, 2.0f));
    CHECK_OK(frond_config_get_point_scale_factor(&factor, config));
    CHECK_FLOAT(2.0f, factor);
    CHECK_OK(frond_config_get_use_web_defaults(&enabled, config));
    CHECK(!enabled);
    CHECK_OK(frond_config_get_errata(&errata, config));
    CHECK(errata == FROND_ERRATA_MIN_SIZE_UNDEFINED_INSTEAD_OF_AUTO);
    CHECK_OK(frond_config_set_errata(config, FROND_ERRATA_CLASSIC));
    CHECK_OK(frond_config_get_errata(&errata, config));
    CHECK(errata == FROND_ERRATA_CLASSIC);
    CHECK_OK(frond_config_set_experimental_feature(config, FROND_EXPERIMENTAL_FEATURE_WEB_FLEX_BASIS, true));
    CHECK_OK(frond_config_get_experimental_feature(&enabled, config, FROND_EXPERIMENTAL_FEATURE_WEB_FLEX_BASIS));
    CHECK(enabled);

    /* Web defaults apply to nodes created afterwards. */
    CHECK_OK(frond_config_set_use_web_defaults(config, true));
    {
        frond_node *node = new_node(config);
        frond_flex_direction direction = FROND_FLEX_DIRECTION_COLUMN;
        CHECK_OK(frond_node_style_get_flex_direction(&direction, node));
        CHECK(direction == FROND_FLEX_DIRECTION_ROW);
        CHECK_OK(frond_config_free(config)); /* the node keeps its config alive */
        CHECK_OK(frond_node_calculate_layout(node, 10, 10, FROND_DIRECTION_LTR));
        CHECK_OK(frond_node_free(node));
    }
}

static void test_row_with_growing_children(void) {
    frond_node *root = new_node(NULL);
    frond_node *first = new_node(NULL);
    frond_node *second = new_node(NULL);
    frond_rect frame;
    CHECK_OK(frond_node_style_set_flex_direction(root, FROND_FLEX_DIRECTION_ROW));
    CHECK_OK(frond_node_style_set_width(root, 300, FROND_UNIT_POINT));
    CHECK_OK(frond_node_style_set_height(root, 100, FROND_UNIT_POINT));
    CHECK_OK(frond_node_style_set_padding(root, FROND_EDGE_ALL, 10, FROND_UNIT_POINT));
    CHECK_OK(frond_node_style_set_gap(root, FROND_GUTTER_COLUMN, 20, FROND_UNIT_POINT));
    CHECK_OK(frond_node_style_set_flex_grow(first, 1));
    CHECK_OK(frond_node_style_set_flex_grow(second, 2));
    CHECK_OK(frond_node_style_set_margin(second, FROND_EDGE_TOP, 5, FROND_UNIT_POINT));
    CHECK_OK(frond_node_append_child(root, first));
    CHECK_OK(frond_node_insert_child(root, second, 1));
    CHECK_OK(frond_node_calculate_layout(root, FROND_UNDEFINED, FROND_UNDEFINED, FROND_DIRECTION_LTR));

    frame = frame_of(root);
    CHECK_FLOAT(300, frame.width);
    CHECK_FLOAT(100, frame.height);
    frame = frame_of(first); /* 260 points to share 1:2 after the gap */
    CHECK_FLOAT(10, frame.left);
    CHECK_FLOAT(10, frame.top);
    CHECK_FLOAT(87, frame.width);
    CHECK_FLOAT(80, frame.height);
    frame = frame_of(second);
    CHECK_FLOAT(117, frame.left);
    CHECK_FLOAT(15, frame.top);
    CHECK_FLOAT(173, frame.width);
    CHECK_FLOAT(75, frame.height);

    /* Right to left mirrors the row. */
    CHECK_OK(frond_node_calculate_layout(root, FROND_UNDEFINED, FROND_UNDEFINED, FROND_DIRECTION_RTL));
    frame = frame_of(first);
    CHECK_FLOAT(203, frame.left);
    {
        frond_direction direction = FROND_DIRECTION_INHERIT;
        float margin = -1;
        CHECK_OK(frond_node_layout_get_direction(&direction, first));
        CHECK(direction == FROND_DIRECTION_RTL);
        CHECK_OK(frond_node_layout_get_margin(&margin, second, FROND_EDGE_TOP));
        CHECK_FLOAT(5, margin);
        CHECK_OK(frond_node_layout_get_padding(&margin, root, FROND_EDGE_START));
        CHECK_FLOAT(10, margin);
        CHECK_OK(frond_node_layout_get_border(&margin, root, FROND_EDGE_LEFT));
        CHECK_FLOAT(0, margin);
    }
    CHECK_OK(frond_node_free_recursive(root));
}

/* What a pass did, and a layout whose numbers overflow a float: counted, not silent. */
static void test_a_pass_counts_what_it_did(void) {
    frond_node *root = new_node(NULL);
    frond_node *first = new_node(NULL);
    frond_node *second = new_node(NULL);
    frond_layout_statistics counted;
    CHECK_OK(frond_node_style_set_flex_direction(root, FROND_FLEX_DIRECTION_ROW));
    CHECK_OK(frond_node_style_set_width(root, 100, FROND_UNIT_POINT));
    CHECK_OK(frond_node_style_set_height(root, 10, FROND_UNIT_POINT));
    CHECK_OK(frond_node_append_child(root, first));
    CHECK_OK(frond_node_append_child(root, second));
    CHECK_OK(frond_node_style_set_flex_grow(first, 1));
    FROND_INIT(counted);
    CHECK_OK(frond_node_calculate_layout_counted(&counted, root, FROND_UNDEFINED, FROND_UNDEFINED, FROND_DIRECTION_LTR));
    CHECK(counted.struct_size == sizeof counted && counted.layouts >= 3 && counted.non_finite_values == 0);
    CHECK_FLOAT(100, frame_of(first).width);
    /* Flex factors whose sum overflows: the frames are replaced by finite ones, and counted. */
    CHECK_OK(frond_node_style_set_flex_grow(first, 3e38f));
    CHECK_OK(frond_node_style_set_flex_grow(second, 3e38f));
    FROND_INIT(counted);
    CHECK_OK(frond_node_calculate_layout_counted(&counted, root, FROND_UNDEFINED, FROND_UNDEFINED, FROND_DIRECTION_LTR));
    CHECK(counted.non_finite_values > 0);
    CHECK(isfinite(frame_of(first).width) && isfinite(frame_of(second).width));
    CHECK_OK(frond_node_free_recursive(root));
}

static void test_style_round_trips(void) {
    frond_node *node = new_node(NULL);
    frond_value value;
    float number = 0;
    frond_align align = FROND_ALIGN_AUTO;
    CHECK_OK(frond_node_style_set_width(node, 50, FROND_UNIT_PERCENT));
    CHECK_OK(frond_node_style_get_width(&value, node));
    CHECK(value.unit == FROND_UNIT_PERCENT);
    CHECK_FLOAT(50, value.value);
    CHECK_OK(frond_node_style_set_max_height(node, 0, FROND_UNIT_FIT_CONTENT));
    CHECK_OK(frond_node_style_get_max_height(&value, node));
    CHECK(value.unit == FROND_UNIT_FIT_CONTENT);
    CHECK_OK(frond_node_style_set_margin(node, FROND_EDGE_HORIZONTAL, 0, FROND_UNIT_AUTO));
    CHECK_OK(frond_node_style_get_margin(&value, node, FROND_EDGE_HORIZONTAL));
    CHECK(value.unit == FROND_UNIT_AUTO);
    CHECK_OK(frond_node_style_set_position(node, FROND_EDGE_START, -4, FROND_UNIT_POINT));
    CHECK_OK(frond_node_style_get_position(&value, node, FROND_EDGE_START));
    CHECK_FLOAT(-4, value.value);
    CHECK_OK(frond_node_style_set_align_items(node, FROND_ALIGN_BASELINE));
    CHECK_OK(frond_node_style_get_align_items(&align, node));
    CHECK(align == FROND_ALIGN_BASELINE);
    CHECK_OK(frond_node_style_get_flex_shrink(&number, node));
    CHECK(isnan(number));
    CHECK_OK(frond_node_style_set_flex_shrink(node, 0.5f));
    CHECK_OK(frond_node_style_get_flex_shrink(&number, node));
    CHECK_FLOAT(0.5f, number);
    CHECK_OK(frond_node_style_unset_flex_shrink(node));
    CHECK_OK(frond_node_style_get_flex_shrink(&number, node));
    CHECK(isnan(number));
    /* FROND_UNIT_UNDEFINED resets a length to its default: auto for sizes, unset for the rest. */
    CHECK_OK(frond_node_style_set_width(node, 30, FROND_UNIT_POINT));
    CHECK_OK(frond_node_style_set_width(node, 12, FROND_UNIT_UNDEFINED));
    CHECK_OK(frond_node_style_get_width(&value, node));
    CHECK(value.unit == FROND_UNIT_AUTO);
    CHECK_OK(frond_node_style_set_flex_basis(node, 30, FROND_UNIT_POINT));
    CHECK_OK(frond_node_style_set_flex_basis(node, 12, FROND_UNIT_UNDEFINED));
    CHECK_OK(frond_node_style_get_flex_basis(&value, node));
    CHECK(value.unit == FROND_UNIT_AUTO);
    CHECK_OK(frond_node_style_set_min_height(node, 30, FROND_UNIT_POINT));
    CHECK_OK(frond_node_style_set_min_height(node, 12, FROND_UNIT_UNDEFINED));
    CHECK_OK(frond_node_style_get_min_height(&value, node));
    CHECK(value.unit == FROND_UNIT_UNDEFINED);
    CHECK_OK(frond_node_style_reset(node));
    CHECK_OK(frond_node_style_get_align_items(&align, node));
    CHECK(align == FROND_ALIGN_STRETCH);
    CHECK_OK(frond_node_free(node));
}

static void test_measure_callback_and_dirtiness(void) {
    int destroyed = 0;
    text_leaf leaf = {30, 0, NULL};
    frond_node *root = new_node(NULL);
    frond_node *text = new_node(NULL);
    frond_rect frame;
    bool dirty = false;
    leaf.destroyed = &destroyed;
    CHECK_OK(frond_node_style_set_width(root, 120, FROND_UNIT_POINT));
    CHECK_OK(frond_node_set_measure_func(text, measure_text, &leaf, destroy_text_leaf));
    CHECK_OK(frond_node_append_child(root, text));
    CHECK_OK(frond_node_calculate_layout(root, FROND_UNDEFINED, FROND_UNDEFINED, FROND_DIRECTION_LTR));
    frame = frame_of(text); /* 300 points of text wrapped at 120: 3 lines */
    CHECK_FLOAT(120, frame.width);
    CHECK_FLOAT(60, frame.height);
    CHECK(leaf.measure_calls >= 1);

    /* Nothing changed: nothing is measured. */
    leaf.measure_calls = 0;
    CHECK_OK(frond_node_calculate_layout(root, FROND_UNDEFINED, FROND_UNDEFINED, FROND_DIRECTION_LTR));
    CHECK(leaf.measure_calls == 0);

    /* The text changed: marking the leaf dirty measures it again. */
    leaf.characters = 50;
    CHECK_OK(frond_node_mark_dirty(text));
    CHECK_OK(frond_node_is_dirty(&dirty, root));
    CHECK(dirty);
    CHECK_OK(frond_node_calculate_layout(root, FROND_UNDEFINED, FROND_UNDEFINED, FROND_DIRECTION_LTR));
    CHECK(leaf.measure_calls >= 1);
    CHECK_FLOAT(100, frame_of(text).height);

    /* A measured leaf cannot have children. */
    {
        frond_node *child = new_node(NULL);
        CHECK_STATUS(FROND_ERR_INVALID_TREE, frond_node_append_child(text, child));
        CHECK_OK(frond_node_free(child));
    }

    /* Replacing the function destroys the old user_data exactly once. */
    {
        int second_destroyed = 0;
        CHECK_OK(frond_node_set_measure_func(text, failing_measure, &second_destroyed, count_destroy));
        CHECK(destroyed == 1);
        CHECK_STATUS(FROND_ERR_CALLBACK,
                     frond_node_calculate_layout(root, FROND_UNDEFINED, FROND_UNDEFINED, FROND_DIRECTION_LTR));
        CHECK_OK(frond_node_is_dirty(&dirty, text)); /* asked again next time */
        CHECK(dirty);
        CHECK_OK(frond_node_set_measure_func(text, NULL, NULL, NULL));
        CHECK(second_destroyed == 1);
    }
    CHECK_OK(frond_node_free_recursive(root));
    CHECK(destroyed == 1);
}

static void test_destroy_runs_once_when_the_node_dies(void) {
    int destroyed = 0;
    frond_node *node = new_node(NULL);
    CHECK_OK(frond_node_set_measure_func(node, failing_measure, &destroyed, count_destroy));
    CHECK(destroyed == 0);
    CHECK_OK(frond_node_free(node));
    CHECK(destroyed == 1);

    /* Registration that fails still destroys the user_data, once. */
    destroyed = 0;
    node = new_node(NULL);
    {
        frond_node *child = new_node(NULL);
        CHECK_OK(frond_node_append_child(node, child));
        CHECK_STATUS(FROND_ERR_INVALID_TREE, frond_node_set_measure_func(node, failing_measure, &destroyed, count_destroy));
        CHECK(destroyed == 1);
        CHECK_OK(frond_node_free_recursive(node));
    }
    CHECK(destroyed == 1);
}

static void test_baseline_alignment(void) {
    frond_node *root = new_node(NULL);
    frond_node *tall = new_node(NULL);
    frond_node *small = new_node(NULL);
    int destroyed = 0;
    bool has = false;
    CHECK_OK(frond_node_style_set_flex_direction(root, FROND_FLEX_DIRECTION_ROW));
    CHECK_OK(frond_node_style_set_align_items(root, FROND_ALIGN_BASELINE));
    CHECK_OK(frond_node_style_set_width(tall, 20, FROND_UNIT_POINT));
    CHECK_OK(frond_node_style_set_height(tall, 40, FROND_UNIT_POINT));
    CHECK_OK(frond_node_style_set_width(small, 20, FROND_UNIT_POINT));
    CHECK_OK(frond_node_style_set_height(small, 20, FROND_UNIT_POINT));
    CHECK_OK(frond_node_set_baseline_func(tall, three_quarters_baseline, &destroyed, count_destroy));
    CHECK_OK(frond_node_has_baseline_func(&has, tall));
    CHECK(has);
    CHECK_OK(frond_node_append_child(root, tall));
    CHECK_OK(frond_node_append_child(root, small));
    CHECK_OK(frond_node_calculate_layout(root, 100, 100, FROND_DIRECTION_LTR));
    CHECK_FLOAT(10, frame_of(small).top);
    CHECK_OK(frond_node_set_is_reference_baseline(small, true));
    CHECK_OK(frond_node_get_is_reference_baseline(&has, small));
    CHECK(has);
    CHECK_OK(frond_node_free_recursive(root));
    CHECK(destroyed == 1);
}

static void test_tree_navigation_and_handles(void) {
    size_t before = live_handles();
    frond_node *root = new_node(NULL);
    frond_node *a = new_node(NULL);
    frond_node *b = new_node(NULL);
    frond_node *out = NULL, *spare = NULL;
    size_t count = 0;
    CHECK_OK(frond_node_append_child(root, a));
    CHECK_OK(frond_node_append_child(root, b));
    CHECK_OK(frond_node_get_child_count(&count, root));
    CHECK(count == 2);
    CHECK_OK(frond_node_get_child(&out, root, 1));
    CHECK(out == b);
    CHECK_OK(frond_node_get_parent(&out, a));
    CHECK(out == root);
    CHECK_OK(frond_node_get_parent(&out, root));
    CHECK(out == NULL);
    /* Indexes out of range, named in words, and as the caller's size_t. */
    CHECK_FAILURE(FROND_ERR_INVALID_TREE, frond_node_get_child(&out, root, 2),
                  "frond_node_get_child: child index 2 is out of range (the node has 2 children)");
    CHECK_FAILURE(FROND_ERR_INVALID_TREE, frond_node_get_child(&out, a, 0),
                  "child index 0 is out of range (the node has 0 children)");
    spare = new_node(NULL);
    CHECK_FAILURE(FROND_ERR_INVALID_TREE, frond_node_insert_child(a, spare, 2),
                  "frond_node_insert_child: child index 2 is out of range (the node has 0 children; an insertion "
                  "index is from 0 to 0)");
    CHECK_FAILURE(FROND_ERR_INVALID_TREE, frond_node_insert_child(root, spare, SIZE_MAX),
                  "child index 18446744073709551615 is out of range (the node has 2 children; an insertion index "
                  "is from 0 to 2)");
    CHECK_OK(frond_node_free(spare));
    CHECK_STATUS(FROND_ERR_INVALID_TREE, frond_node_append_child(b, a));  /* a has a parent */
    CHECK_STATUS(FROND_ERR_INVALID_TREE, frond_node_append_child(a, root)); /* cycle */
    CHECK_OK(frond_node_remove_child(root, a));
    CHECK_STATUS(FROND_ERR_INVALID_TREE, frond_node_remove_child(root, a));
    CHECK(live_handles() == before + 3);

    /* Freeing the root detaches its children, whose handles stay valid. */
    CHECK_OK(frond_node_free(root));
    CHECK_OK(frond_node_get_parent(&out, b));
    CHECK(out == NULL);
    CHECK_OK(frond_node_calculate_layout(b, 10, 10, FROND_DIRECTION_LTR));
    CHECK_OK(frond_node_free(a));
    CHECK_OK(frond_node_free(b));
    CHECK(live_handles() == before);
}

static void test_depth_limit(void) {
    frond_node *root = new_node(NULL);
    frond_node *parent = root;
    frond_node *extra = NULL;
    int depth;
    for (depth = 1; depth < FROND_MAX_TREE_DEPTH; depth++) {
        frond_node *child = new_node(NULL);
        CHECK_OK(frond_node_append_child(parent, child));
        parent = child;
    }
    extra = new_node(NULL);
    CHECK_STATUS(FROND_ERR_LIMIT, frond_node_append_child(parent, extra));
    CHECK_OK(frond_node_calculate_layout(root, 100, 100, FROND_DIRECTION_LTR));
    CHECK_FLOAT(100, frame_of(parent).width);
    CHECK_OK(frond_node_free(extra));
    CHECK_OK(frond_node_free_recursive(root));
}

static void test_has_new_layout_flag(void) {
    frond_node *root = new_node(NULL);
    bool flag = false;
    CHECK_OK(frond_node_calculate_layout(root, 10, 10, FROND_DIRECTION_LTR));
    CHECK_OK(frond_node_layout_get_has_new_layout(&flag, root));
    CHECK(flag);
    CHECK_OK(frond_node_layout_set_has_new_layout(root, false));
    CHECK_OK(frond_node_layout_get_has_new_layout(&flag, root));
    CHECK(!flag);
    CHECK_OK(frond_node_layout_get_had_overflow(&flag, root));
    CHECK(!flag);
    CHECK_OK(frond_node_free(root));
}

static void test_automatic_minimum_size(void) {
    /* With no errata (CSS), a shrinking item stops at its content's min-content width:
     * bases 100 + 100 in a 100-point row would shrink to 50 each, but the first item
     * holds an 80-point child, so it keeps 80 and the second shrinks to 20. */
    frond_config *config = NULL;
    frond_node *root, *first, *second, *content;
    CHECK_OK(frond_config_new(&config));
    CHECK_OK(frond_config_set_errata(config, FROND_ERRATA_NONE));
    root = new_node(config);
    first = new_node(config);
    second = new_node(config);
    content = new_node(config);
    CHECK_OK(frond_node_style_set_flex_direction(root, FROND_FLEX_DIRECTION_ROW));
    CHECK_OK(frond_node_style_set_width(root, 100, FROND_UNIT_POINT));
    CHECK_OK(frond_node_style_set_height(root, 10, FROND_UNIT_POINT));
    CHECK_OK(frond_node_style_set_flex_basis(first, 100, FROND_UNIT_POINT));
    CHECK_OK(frond_node_style_set_flex_shrink(first, 1));
    CHECK_OK(frond_node_style_set_flex_basis(second, 100, FROND_UNIT_POINT));
    CHECK_OK(frond_node_style_set_flex_shrink(second, 1));
    CHECK_OK(frond_node_style_set_width(content, 80, FROND_UNIT_POINT));
    CHECK_OK(frond_node_append_child(first, content));
    CHECK_OK(frond_node_append_child(root, first));
    CHECK_OK(frond_node_append_child(root, second));
    CHECK_OK(frond_node_calculate_layout(root, FROND_UNDEFINED, FROND_UNDEFINED, FROND_DIRECTION_LTR));
    CHECK_FLOAT(80, frame_of(first).width);
    CHECK_FLOAT(20, frame_of(second).width);

    /* An explicit min-width: 0 opts the item out. */
    CHECK_OK(frond_node_style_set_min_width(first, 0, FROND_UNIT_POINT));
    CHECK_OK(frond_node_calculate_layout(root, FROND_UNDEFINED, FROND_UNDEFINED, FROND_DIRECTION_LTR));
    CHECK_FLOAT(50, frame_of(first).width);
    CHECK_OK(frond_node_style_set_min_width(first, 0, FROND_UNIT_AUTO));
    CHECK_OK(frond_node_calculate_layout(root, FROND_UNDEFINED, FROND_UNDEFINED, FROND_DIRECTION_LTR));
    CHECK_FLOAT(80, frame_of(first).width);

    /* Yoga's erratum (the default) lets the item shrink below its content. */
    CHECK_OK(frond_config_set_errata(config, FROND_ERRATA_MIN_SIZE_UNDEFINED_INSTEAD_OF_AUTO));
    CHECK_OK(frond_node_calculate_layout(root, FROND_UNDEFINED, FROND_UNDEFINED, FROND_DIRECTION_LTR));
    CHECK_FLOAT(50, frame_of(first).width);
    CHECK_FLOAT(50, frame_of(second).width);
    CHECK_OK(frond_node_free_recursive(root));
    CHECK_OK(frond_config_free(config));
}

int main(void) {
    size_t handles_at_start = live_handles();
    test_library_basics();
    test_config_settings();
    test_row_with_growing_children();
    test_a_pass_counts_what_it_did();
    test_style_round_trips();
    test_measure_callback_and_dirtiness();
    test_destroy_runs_once_when_the_node_dies();
    test_baseline_alignment();
    test_tree_navigation_and_handles();
    test_depth_limit();
    test_has_new_layout_flag();
    test_automatic_minimum_size();
    CHECK(live_handles() == handles_at_start);
    return check_report("functional_test");
}
