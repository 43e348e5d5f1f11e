/* Misuse test: every function of the C API with NULL, freed, double-freed, wrong-kind
 * and garbage handles, NULL out pointers, unknown enumerators and NaN, negative and
 * infinite numbers. Each call must return the documented status with a message and
 * leave everything intact; none may crash. (Tests/CAPI/check_coverage.py verifies that
 * every function declared in frond.h appears in this file.) */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "frond_cairo.h"

/* Handles that must all be refused with FROND_ERR_MISUSE. */
enum { BAD_HANDLE_COUNT = 6 };
static frond_node *bad_nodes[BAD_HANDLE_COUNT];
static frond_config *bad_configs[BAD_HANDLE_COUNT];

static int destroy_calls = 0;
static void count_destroy(void *user_data) {
    (void)user_data;
    destroy_calls++;
}

static frond_status unused_measure(frond_node *node, float width, frond_measure_mode width_mode, float height,
                                   frond_measure_mode height_mode, frond_size *out_size, void *user_data) {
    (void)node; (void)width; (void)width_mode; (void)height; (void)height_mode; (void)user_data;
    out_size->width = 1;
    out_size->height = 1;
    return FROND_OK;
}

static frond_status unused_baseline(frond_node *node, float width, float height, float *out_baseline, void *user_data) {
    (void)node; (void)width; (void)height; (void)user_data;
    *out_baseline = 1;
    return FROND_OK;
}

/* Builds the kinds of bad handles: NULL is handled by the callers, so here come a
 * freed node, a config used as a node (and a node used as a config), a garbage value, a
 * never-issued value, and live handles with forged kind bits (bits 28-31), which share a
 * live object's slot and generation but were never issued. */
static void make_bad_handles(frond_node *live_node, frond_config *live_config) {
    frond_node *freed_node = NULL;
    frond_config *freed_config = NULL;
    CHECK_OK(frond_node_new(&freed_node, NULL));
    CHECK_OK(frond_node_free(freed_node));
    CHECK_OK(frond_config_new(&freed_config));
    CHECK_OK(frond_config_free(freed_config));
    bad_nodes[0] = freed_node;
    bad_nodes[1] = (frond_node *)(void *)live_config;
    bad_nodes[2] = (frond_node *)(uintptr_t)0xdeadbeefu;
    bad_nodes[3] = (frond_node *)(uintptr_t)0x7fff0000ffffu;
    bad_configs[0] = freed_config;
    bad_configs[1] = (frond_config *)(void *)live_node;
    bad_configs[2] = (frond_config *)(uintptr_t)0x12345678u;
    bad_configs[3] = (frond_config *)(uintptr_t)0x1u;
    bad_nodes[4] = (frond_node *)((uintptr_t)live_node ^ ((uintptr_t)1 << 28));
    bad_nodes[5] = (frond_node *)((uintptr_t)live_node & ~((uintptr_t)0xF << 28));
    bad_configs[4] = (frond_config *)((uintptr_t)live_config ^ ((uintptr_t)2 << 28));
    bad_configs[5] = (frond_config *)((uintptr_t)live_config | ((uintptr_t)0xF << 28));
}

/* Every function taking a node, called with `node` and otherwise valid arguments. */
static void call_every_node_function(frond_node *node, frond_node *other, frond_status expected) {
    frond_value value;
    frond_rect rect;
    frond_direction direction;
    frond_flex_direction flex_direction;
    frond_justify justify;
    frond_align align;
    frond_position_type position_type;
    frond_wrap wrap;
    frond_overflow overflow;
    frond_display display;
    frond_box_sizing box_sizing;
    frond_node *out_node = NULL;
    size_t count = 0;
    float number = 0;
    bool flag = false;

    CHECK_STATUS(expected, frond_node_insert_child(node, other, 0));
    CHECK_STATUS(expected, frond_node_append_child(node, other));
    CHECK_STATUS(expected, frond_node_remove_child(node, other));
    CHECK_STATUS(expected, frond_node_remove_all_children(node));
    CHECK_STATUS(expected, frond_node_get_child_count(&count, node));
    CHECK_STATUS(expected, frond_node_get_child(&out_node, node, 0));
    CHECK_STATUS(expected, frond_node_get_parent(&out_node, node));
    CHECK_STATUS(expected, frond_node_style_reset(node));
    CHECK_STATUS(expected, frond_node_style_set_direction(node, FROND_DIRECTION_LTR));
    CHECK_STATUS(expected, frond_node_style_get_direction(&direction, node));
    CHECK_STATUS(expected, frond_node_style_set_flex_direction(node, FROND_FLEX_DIRECTION_ROW));
    CHECK_STATUS(expected, frond_node_style_get_flex_direction(&flex_direction, node));
    CHECK_STATUS(expected, frond_node_style_set_justify_content(node, FROND_JUSTIFY_CENTER));
    CHECK_STATUS(expected, frond_node_style_get_justify_content(&justify, node));
    CHECK_STATUS(expected, frond_node_style_set_align_content(node, FROND_ALIGN_CENTER));
    CHECK_STATUS(expected, frond_node_style_get_align_content(&align, node));
    CHECK_STATUS(expected, frond_node_style_set_align_items(node, FROND_ALIGN_CENTER));
    CHECK_STATUS(expected, frond_node_style_get_align_items(&align, node));
    CHECK_STATUS(expected, frond_node_style_set_align_self(node, FROND_ALIGN_CENTER));
    CHECK_STATUS(expected, frond_node_style_get_align_self(&align, node));
    CHECK_STATUS(expected, frond_node_style_set_position_type(node, FROND_POSITION_TYPE_ABSOLUTE));
    CHECK_STATUS(expected, frond_node_style_get_position_type(&position_type, node));
    CHECK_STATUS(expected, frond_node_style_set_flex_wrap(node, FROND_WRAP_WRAP));
    CHECK_STATUS(expected, frond_node_style_get_flex_wrap(&wrap, node));
    CHECK_STATUS(expected, frond_node_style_set_overflow(node, FROND_OVERFLOW_HIDDEN));
    CHECK_STATUS(expected, frond_node_style_get_overflow(&overflow, node));
    CHECK_STATUS(expected, frond_node_style_set_display(node, FROND_DISPLAY_FLEX));
    CHECK_STATUS(expected, frond_node_style_get_display(&display, node));
    CHECK_STATUS(expected, frond_node_style_set_box_sizing(node, FROND_BOX_SIZING_CONTENT_BOX));
    CHECK_STATUS(expected, frond_node_style_get_box_sizing(&box_sizing, node));
    CHECK_STATUS(expected, frond_node_style_set_flex(node, 1));
    CHECK_STATUS(expected, frond_node_style_unset_flex(node));
    CHECK_STATUS(expected, frond_node_style_get_flex(&number, node));
    CHECK_STATUS(expected, frond_node_style_set_flex_grow(node, 1));
    CHECK_STATUS(expected, frond_node_style_unset_flex_grow(node));
    CHECK_STATUS(expected, frond_node_style_get_flex_grow(&number, node));
    CHECK_STATUS(expected, frond_node_style_set_flex_shrink(node, 1));
    CHECK_STATUS(expected, frond_node_style_unset_flex_shrink(node));
    CHECK_STATUS(expected, frond_node_style_get_flex_shrink(&number, node));
    CHECK_STATUS(expected, frond_node_style_set_aspect_ratio(node, 1));
    CHECK_STATUS(expected, frond_node_style_unset_aspect_ratio(node));
    CHECK_STATUS(expected, frond_node_style_get_aspect_ratio(&number, node));
    CHECK_STATUS(expected, frond_node_style_set_flex_basis(node, 10, FROND_UNIT_POINT));
    CHECK_STATUS(expected, frond_node_style_get_flex_basis(&value, node));
    CHECK_STATUS(expected, frond_node_style_set_width(node, 10, FROND_UNIT_POINT));
    CHECK_STATUS(expected, frond_node_style_get_width(&value, node));
    CHECK_STATUS(expected, frond_node_style_set_height(node, 10, FROND_UNIT_POINT));
    CHECK_STATUS(expected, frond_node_style_get_height(&value, node));
    CHECK_STATUS(expected, frond_node_style_set_min_width(node, 10, FROND_UNIT_POINT));
    CHECK_STATUS(expected, frond_node_style_get_min_width(&value, node));
    CHECK_STATUS(expected, frond_node_style_set_min_height(node, 10, FROND_UNIT_POINT));
    CHECK_STATUS(expected, frond_node_style_get_min_height(&value, node));
    CHECK_STATUS(expected, frond_node_style_set_max_width(node, 10, FROND_UNIT_POINT));
    CHECK_STATUS(expected, frond_node_style_get_max_width(&value, node));
    CHECK_STATUS(expected, frond_node_style_set_max_height(node, 10, FROND_UNIT_POINT));
    CHECK_STATUS(expected, frond_node_style_get_max_height(&value, node));
    CHECK_STATUS(expected, frond_node_style_set_margin(node, FROND_EDGE_ALL, 1, FROND_UNIT_POINT));
    CHECK_STATUS(expected, frond_node_style_get_margin(&value, node, FROND_EDGE_ALL));
    CHECK_STATUS(expected, frond_node_style_set_padding(node, FROND_EDGE_ALL, 1, FROND_UNIT_POINT));
    CHECK_STATUS(expected, frond_node_style_get_padding(&value, node, FROND_EDGE_ALL));
    CHECK_STATUS(expected, frond_node_style_set_border(node, FROND_EDGE_ALL, 1, FROND_UNIT_POINT));
    CHECK_STATUS(expected, frond_node_style_get_border(&value, node, FROND_EDGE_ALL));
    CHECK_STATUS(expected, frond_node_style_set_position(node, FROND_EDGE_ALL, 1, FROND_UNIT_POINT));
    CHECK_STATUS(expected, frond_node_style_get_position(&value, node, FROND_EDGE_ALL));
    CHECK_STATUS(expected, frond_node_style_set_gap(node, FROND_GUTTER_ALL, 1, FROND_UNIT_POINT));
    CHECK_STATUS(expected, frond_node_style_get_gap(&value, node, FROND_GUTTER_ALL));
    CHECK_STATUS(expected, frond_node_set_measure_func(node, unused_measure, NULL, count_destroy));
    CHECK_STATUS(expected, frond_node_has_measure_func(&flag, node));
    CHECK_STATUS(expected, frond_node_set_measure_func(node, NULL, NULL, NULL));
    CHECK_STATUS(expected, frond_node_set_baseline_func(node, unused_baseline, NULL, count_destroy));
    CHECK_STATUS(expected, frond_node_has_baseline_func(&flag, node));
    CHECK_STATUS(expected, frond_node_set_baseline_func(node, NULL, NULL, NULL));
    CHECK_STATUS(expected, frond_node_set_is_reference_baseline(node, true));
    CHECK_STATUS(expected, frond_node_get_is_reference_baseline(&flag, node));
    CHECK_STATUS(expected, frond_node_mark_dirty(node));
    CHECK_STATUS(expected, frond_node_is_dirty(&flag, node));
    CHECK_STATUS(expected, frond_node_calculate_layout(node, 100, 100, FROND_DIRECTION_LTR));
    {
        frond_layout_statistics counted;
        FROND_INIT(counted);
        CHECK_STATUS(expected, frond_node_calculate_layout_counted(&counted, node, 100, 100, FROND_DIRECTION_LTR));
    }
    CHECK_STATUS(expected, frond_node_layout_get_frame(&rect, node));
    CHECK_STATUS(expected, frond_node_layout_get_left(&number, node));
    CHECK_STATUS(expected, frond_node_layout_get_top(&number, node));
    CHECK_STATUS(expected, frond_node_layout_get_width(&number, node));
    CHECK_STATUS(expected, frond_node_layout_get_height(&number, node));
    CHECK_STATUS(expected, frond_node_layout_get_margin(&number, node, FROND_EDGE_LEFT));
    CHECK_STATUS(expected, frond_node_layout_get_border(&number, node, FROND_EDGE_LEFT));
    CHECK_STATUS(expected, frond_node_layout_get_padding(&number, node, FROND_EDGE_LEFT));
    CHECK_STATUS(expected, frond_node_layout_get_direction(&direction, node));
    CHECK_STATUS(expected, frond_node_layout_get_had_overflow(&flag, node));
    CHECK_STATUS(expected, frond_node_layout_get_has_new_layout(&flag, node));
    CHECK_STATUS(expected, frond_node_layout_set_has_new_layout(node, false));
}

static void call_every_config_function(frond_config *config, frond_status expected) {
    float number = 0;
    bool flag = false;
    uint32_t errata = 0;
    frond_node *node = NULL;
    CHECK_STATUS(expected, frond_config_set_point_scale_factor(config, 2));
    CHECK_STATUS(expected, frond_config_get_point_scale_factor(&number, config));
    CHECK_STATUS(expected, frond_config_set_use_web_defaults(config, false));
    CHECK_STATUS(expected, frond_config_get_use_web_defaults(&flag, config));
    CHECK_STATUS(expected, frond_config_set_errata(config, FROND_ERRATA_NONE));
    CHECK_STATUS(expected, frond_config_get_errata(&errata, config));
    CHECK_STATUS(expected, frond_config_set_experimental_feature(config, FROND_EXPERIMENTAL_FEATURE_WEB_FLEX_BASIS, true));
    CHECK_STATUS(expected, frond_config_get_experimental_feature(&flag, config, FROND_EXPERIMENTAL_FEATURE_WEB_FLEX_BASIS));
    if (config != NULL) { /* a NULL config asks for a default one */
        CHECK_STATUS(expected, frond_node_new(&node, config));
        CHECK(node == NULL);
    }
}

static void test_bad_handles_are_refused(frond_node *live_node, frond_config *live_config) {
    int index;
    int destroys_before;
    call_every_node_function(NULL, live_node, FROND_ERR_MISUSE);
    call_every_config_function(NULL, FROND_ERR_MISUSE);
    for (index = 0; index < BAD_HANDLE_COUNT; index++) {
        destroys_before = destroy_calls;
        call_every_node_function(bad_nodes[index], live_node, FROND_ERR_MISUSE);
        /* user_data handed over with a refused registration is destroyed once. */
        CHECK(destroy_calls == destroys_before + 2);
        call_every_config_function(bad_configs[index], FROND_ERR_MISUSE);
        CHECK_STATUS(FROND_ERR_MISUSE, frond_node_free(bad_nodes[index]));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_node_free_recursive(bad_nodes[index]));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_config_free(bad_configs[index]));
        /* A good node with a bad child handle. */
        CHECK_STATUS(FROND_ERR_MISUSE, frond_node_append_child(live_node, bad_nodes[index]));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_node_insert_child(live_node, bad_nodes[index], 0));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_node_remove_child(live_node, bad_nodes[index]));
    }
    /* NULL is a no-op for the free functions. */
    CHECK_OK(frond_node_free(NULL));
    CHECK_OK(frond_node_free_recursive(NULL));
    CHECK_OK(frond_config_free(NULL));
    /* Double free. */
    CHECK_STATUS(FROND_ERR_MISUSE, frond_node_free(bad_nodes[0]));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_config_free(bad_configs[0]));
    /* The live objects whose slots the forged handles shared are untouched. */
    {
        uint32_t errata = 0;
        size_t count = 99;
        CHECK_OK(frond_config_get_errata(&errata, live_config));
        CHECK_OK(frond_node_get_child_count(&count, live_node));
    }
}

static void test_null_out_pointers(frond_node *node, frond_config *config) {
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_handle_count(NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_config_new(NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_new(NULL, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_config_get_point_scale_factor(NULL, config));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_config_get_use_web_defaults(NULL, config));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_config_get_errata(NULL, config));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT,
                 frond_config_get_experimental_feature(NULL, config, FROND_EXPERIMENTAL_FEATURE_WEB_FLEX_BASIS));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_get_child_count(NULL, node));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_get_child(NULL, node, 0));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_get_parent(NULL, node));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_get_width(NULL, node));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_get_margin(NULL, node, FROND_EDGE_LEFT));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_get_gap(NULL, node, FROND_GUTTER_ROW));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_get_flex_grow(NULL, node));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_get_align_items(NULL, node));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_has_measure_func(NULL, node));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_is_dirty(NULL, node));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_layout_get_frame(NULL, node));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_layout_get_width(NULL, node));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_layout_get_margin(NULL, node, FROND_EDGE_LEFT));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_layout_get_direction(NULL, node));
}

static void test_bad_numbers_and_enumerators(frond_node *node, frond_config *config) {
    frond_value value;
    float number = 0;
    const float nan_value = FROND_UNDEFINED;
    const float infinity = INFINITY;

    /* Sizes: NaN, infinite and negative values are refused, the style is unchanged. */
    CHECK_OK(frond_node_style_set_width(node, 40, FROND_UNIT_POINT));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_width(node, nan_value, FROND_UNIT_POINT));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_width(node, infinity, FROND_UNIT_POINT));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_width(node, -1, FROND_UNIT_POINT));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_height(node, -infinity, FROND_UNIT_PERCENT));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_min_width(node, nan_value, FROND_UNIT_PERCENT));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_max_height(node, -5, FROND_UNIT_POINT));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_flex_basis(node, -5, FROND_UNIT_POINT));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_padding(node, FROND_EDGE_TOP, -1, FROND_UNIT_POINT));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_padding(node, FROND_EDGE_TOP, 0, FROND_UNIT_AUTO));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_border(node, FROND_EDGE_TOP, 5, FROND_UNIT_PERCENT));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_margin(node, FROND_EDGE_TOP, nan_value, FROND_UNIT_POINT));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_margin(node, FROND_EDGE_TOP, 0, FROND_UNIT_STRETCH));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_position(node, FROND_EDGE_TOP, infinity, FROND_UNIT_POINT));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_gap(node, FROND_GUTTER_ROW, -2, FROND_UNIT_POINT));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_flex_grow(node, -1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_flex_grow(node, nan_value));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_flex_shrink(node, infinity));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_flex(node, nan_value));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_aspect_ratio(node, -1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_aspect_ratio(node, infinity));
    CHECK_OK(frond_node_style_get_width(&value, node));
    CHECK(value.unit == FROND_UNIT_POINT);
    CHECK_FLOAT(40, value.value);
    CHECK_OK(frond_node_style_get_flex_grow(&number, node));
    CHECK(isnan(number));

    /* Unknown enumerators. */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_width(node, 1, (frond_unit)7));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_width(node, 1, (frond_unit)-1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_margin(node, (frond_edge)9, 1, FROND_UNIT_POINT));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_get_margin(&value, node, (frond_edge)100));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_gap(node, (frond_gutter)3, 1, FROND_UNIT_POINT));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_direction(node, (frond_direction)3));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_flex_direction(node, (frond_flex_direction)4));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_justify_content(node, (frond_justify)6));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_align_items(node, (frond_align)9));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_align_self(node, (frond_align)-3));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_align_content(node, (frond_align)1000));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_position_type(node, (frond_position_type)3));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_flex_wrap(node, (frond_wrap)3));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_overflow(node, (frond_overflow)3));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_display(node, (frond_display)3));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_style_set_box_sizing(node, (frond_box_sizing)2));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_layout_get_margin(&number, node, FROND_EDGE_ALL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_layout_get_padding(&number, node, FROND_EDGE_HORIZONTAL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_layout_get_border(&number, node, (frond_edge)42));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT,
                 frond_node_calculate_layout(node, 100, 100, (frond_direction)5));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT,
                 frond_config_set_experimental_feature(config, (frond_experimental_feature)9, true));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_config_set_errata(config, 0x80000000u));
    /* Bits beyond the named errata: all of them (ALL, CLASSIC, or a named set with them), or none. */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_config_set_errata(config, 16));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_config_set_errata(config, 0x40000000u | FROND_ERRATA_STRETCH_FLEX_BASIS));
    CHECK_OK(frond_config_set_errata(config, FROND_ERRATA_ALL));
    CHECK_OK(frond_config_set_errata(config, FROND_ERRATA_CLASSIC));
    CHECK_OK(frond_config_set_errata(config, FROND_ERRATA_CLASSIC & ~(uint32_t)FROND_ERRATA_ABSOLUTE_PERCENT_AGAINST_INNER_SIZE));
    CHECK_OK(frond_config_set_errata(config, FROND_ERRATA_NONE));

    /* Available sizes: NaN means unconstrained; negative and infinite are refused. */
    CHECK_OK(frond_node_calculate_layout(node, nan_value, nan_value, FROND_DIRECTION_INHERIT));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_calculate_layout(node, -1, 100, FROND_DIRECTION_LTR));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_calculate_layout(node, 100, infinity, FROND_DIRECTION_LTR));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_calculate_layout(node, -infinity, 100, FROND_DIRECTION_LTR));
    {
        frond_layout_statistics counted;
        FROND_INIT(counted);
        CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_calculate_layout_counted(NULL, node, 100, 100, FROND_DIRECTION_LTR));
        CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_calculate_layout_counted(&counted, node, -1, 100, FROND_DIRECTION_LTR));
        counted.struct_size = 3;
        CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_node_calculate_layout_counted(&counted, node, 100, 100, FROND_DIRECTION_LTR));
        CHECK(counted.struct_size == 3);
    }

    /* Config numbers. */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_config_set_point_scale_factor(config, nan_value));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_config_set_point_scale_factor(config, -1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_config_set_point_scale_factor(config, infinity));
    CHECK_OK(frond_config_get_point_scale_factor(&number, config));
    CHECK_FLOAT(1, number);
}

/* ---- components and roots ----------------------------------------------- */

static frond_status ok_apply(frond_root *root, const frond_mutation *mutation, void *user_data) {
    (void)root; (void)mutation; (void)user_data;
    return FROND_OK;
}

/* A host whose apply flushes its own root (refused) and then fails. */
static frond_status reentrant_apply(frond_root *root, const frond_mutation *mutation, void *user_data) {
    (void)mutation;
    *(frond_status *)user_data = frond_root_flush(root, NULL);
    return FROND_ERR_INVALID_ARGUMENT;
}

static frond_status empty_provider(frond_component **out_component, void *props, void *user_data) {
    (void)out_component; (void)props; (void)user_data;
    return FROND_OK;
}

static frond_status failing_text_measure(const char *text, const frond_text_style *style, float width,
                                         frond_measure_mode width_mode, float height, frond_measure_mode height_mode,
                                         frond_size *out_size, void *user_data) {
    (void)text; (void)style; (void)width; (void)width_mode; (void)height; (void)height_mode; (void)user_data;
    out_size->width = 1;
    out_size->height = 1;
    return FROND_ERR_INVALID_ARGUMENT;
}

/* Every function taking a component or a root, with `component`/`root` and otherwise
 * valid arguments. */
static void call_every_component_and_root_function(frond_component *component, frond_root *root,
                                                   frond_status expected_component, frond_status expected_root) {
    frond_component *out = NULL;
    frond_flex_child child;
    frond_size_range range = {sizeof(frond_size_range), FROND_SIZE_RANGE_FIXED, 10, 10};
    frond_host host = {sizeof(frond_host), NULL, ok_apply, NULL, NULL};
    size_t count = 0;
    uint64_t view = 0;
    bool prepared = false;
    frond_rect rect;
    char text[8];
    int destroys_before = destroy_calls;
    memset(&child, 0, sizeof child);
    child.struct_size = sizeof child;
    child.component = component;
    CHECK_STATUS(expected_component, frond_component_new_composite(&out, NULL, NULL, NULL, component));
    if (expected_component != FROND_OK) CHECK(out == NULL);
    CHECK_OK(frond_component_release(out));
    out = NULL;
    CHECK_STATUS(expected_component, frond_component_new_flexbox(&out, NULL, NULL, NULL, NULL, &child, 1));
    if (expected_component != FROND_OK) CHECK(out == NULL);
    CHECK_OK(frond_component_release(out));
    out = NULL;
    CHECK_STATUS(expected_root, frond_root_set_size_range(root, &range));
    CHECK_STATUS(expected_root, frond_root_set_host(root, &host, NULL, count_destroy));
    CHECK_STATUS(expected_root, frond_root_set_text_measurer(root, failing_text_measure, NULL, count_destroy));
    if (expected_root != FROND_OK) CHECK(destroy_calls == destroys_before + 2);
    CHECK_STATUS(expected_root, frond_root_set_text_measurer(root, NULL, NULL, NULL));
    /* Provider, props (destroyed once: on failure, or when set_component replaces them)
     * and declarations. */
    destroys_before = destroy_calls;
    CHECK_STATUS(expected_root, frond_root_set_provider(root, empty_provider, NULL, count_destroy));
    CHECK_STATUS(expected_root, frond_root_set_props(root, NULL, count_destroy));
    CHECK(destroy_calls == destroys_before + (expected_root != FROND_OK ? 2 : 0));
    {
        frond_attribute_spec spec = {sizeof(frond_attribute_spec), "a", FROND_ATTRIBUTE_BOOL};
        CHECK_STATUS(expected_root, frond_root_declare_view_type(root, "declared", &spec, 1, 0));
    }
    CHECK_STATUS(expected_root, frond_root_set_require_declared_view_types(root, false));
    CHECK_STATUS(expected_root, frond_root_set_component(root, NULL));
    CHECK(destroy_calls == destroys_before + 2);
    CHECK_STATUS(expected_root, frond_root_flush(root, &count));
    CHECK_STATUS(expected_root, frond_root_prepare(root));
    CHECK_STATUS(expected_root, frond_root_has_prepared_flush(&prepared, root));
    if (expected_root == FROND_OK) CHECK(prepared);
    CHECK_STATUS(expected_root, frond_root_discard_prepared(root));
    CHECK_STATUS(expected_root, frond_root_prepare(root));
    CHECK_STATUS(expected_root, frond_root_commit(root, &count));
    CHECK_STATUS(expected_root, frond_root_get_child_count(&count, root, 0));
    if (expected_root != FROND_OK) CHECK_STATUS(expected_root, frond_root_get_child(&view, root, 0, 0));
    CHECK_STATUS(expected_root, frond_root_get_frame(&rect, root, 0));
    CHECK_STATUS(expected_root, frond_root_get_frame_in_root(&rect, root, 0));
    CHECK_STATUS(expected_root, frond_root_get_size(&(frond_size){0, 0}, root));
    {
        const char *path[] = {"k"};
        frond_scope *scope = NULL;
        CHECK_STATUS(expected_root, frond_root_find_view(&view, root, path, 1));
        CHECK_STATUS(expected_root, frond_root_find_scope(&scope, root, path, 1));
    }
    CHECK_STATUS(expected_root, frond_root_describe(&count, root, text, sizeof text));
    CHECK_STATUS(expected_root, frond_root_describe_components(&count, root, text, sizeof text));
}

static void test_component_and_root_handles_are_checked(frond_node *live_node, frond_config *live_config) {
    frond_component *live = NULL, *released = NULL;
    frond_root *root = NULL, *freed_root = NULL;
    frond_view_spec view;
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "v";
    CHECK_OK(frond_component_new(&live, &view, NULL, NULL));
    CHECK_OK(frond_component_new(&released, &view, NULL, NULL));
    CHECK_OK(frond_component_release(released));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_component_release(released));
    CHECK_OK(frond_component_release(NULL));
    CHECK_OK(frond_root_new(&root, NULL));
    CHECK_OK(frond_root_new(&freed_root, NULL));
    CHECK_OK(frond_root_free(freed_root));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_free(freed_root));
    CHECK_OK(frond_root_free(NULL));

    /* Good handles, then NULL, freed, wrong-kind and garbage ones. */
    call_every_component_and_root_function(live, root, FROND_OK, FROND_OK);
    call_every_component_and_root_function(live, NULL, FROND_OK, FROND_ERR_MISUSE);
    call_every_component_and_root_function(live, freed_root, FROND_OK, FROND_ERR_MISUSE);
    call_every_component_and_root_function(live, (frond_root *)(void *)live_node, FROND_OK, FROND_ERR_MISUSE);
    call_every_component_and_root_function(live, (frond_root *)(uintptr_t)0xdeadbeefu, FROND_OK, FROND_ERR_MISUSE);
    call_every_component_and_root_function(released, root, FROND_ERR_MISUSE, FROND_OK);
    call_every_component_and_root_function((frond_component *)(void *)live_config, root, FROND_ERR_MISUSE, FROND_OK);
    call_every_component_and_root_function((frond_component *)(void *)root, root, FROND_ERR_MISUSE, FROND_OK);
    CHECK_STATUS(FROND_ERR_MISUSE, frond_component_release((frond_component *)(void *)live_node));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_free((frond_root *)(void *)live));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_set_component(root, (frond_component *)(void *)live_node));
    CHECK_OK(frond_component_release(live));
    CHECK_OK(frond_root_free(root));
}

static void test_component_arguments_are_checked(void) {
    frond_component *out = NULL, *leaf = NULL;
    frond_view_spec view;
    frond_attribute attributes[2];
    frond_size_spec size;
    frond_text_style text_style;
    frond_flexbox_style style;
    frond_flex_child child;
    const char bad_utf8[] = {(char)0xC3, (char)0x28, 0};

    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "v";
    CHECK_OK(frond_component_new(&leaf, &view, NULL, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new(NULL, &view, NULL, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_composite(NULL, NULL, NULL, NULL, leaf));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_text(NULL, "x", NULL, NULL, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_flexbox(NULL, NULL, NULL, NULL, NULL, NULL, 0));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_component_new_composite(&out, NULL, NULL, NULL, NULL));

    /* The view: struct_size, type, attributes. */
    view.struct_size = 0;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new(&out, &view, NULL, NULL));
    view.struct_size = sizeof view;
    view.view_type = "";
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new(&out, &view, NULL, NULL));
    view.view_type = bad_utf8;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new(&out, &view, NULL, NULL));
    view.view_type = "v";
    memset(attributes, 0, sizeof attributes);
    attributes[0].name = "a";
    attributes[0].kind = FROND_ATTRIBUTE_NUMBER;
    attributes[0].number = NAN;
    view.attributes = attributes;
    view.attribute_count = 1;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new(&out, &view, NULL, NULL));
    attributes[0].number = 1;
    attributes[1] = attributes[0];
    view.attribute_count = 2;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new(&out, &view, NULL, NULL)); /* name twice */
    attributes[1].name = NULL;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new(&out, &view, NULL, NULL));
    attributes[1].name = "b";
    attributes[1].kind = FROND_ATTRIBUTE_STRING;
    attributes[1].string = NULL;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new(&out, &view, NULL, NULL));
    attributes[1].kind = (frond_attribute_kind)77;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new(&out, &view, NULL, NULL));
    attributes[1].kind = FROND_ATTRIBUTE_COLOR;
    attributes[1].color.red = 1.5f;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new(&out, &view, NULL, NULL));
    view.attributes = NULL;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new(&out, &view, NULL, NULL)); /* NULL with count 2 */
    view.view_type = NULL;
    view.attributes = attributes;
    view.attribute_count = 1;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new(&out, &view, NULL, NULL)); /* viewless with attributes */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new(&out, NULL, NULL, bad_utf8)); /* key */

    /* The size. */
    memset(&size, 0, sizeof size);
    size.struct_size = sizeof size;
    size.width.unit = FROND_UNIT_POINT;
    size.width.value = -1;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new(&out, NULL, &size, NULL));
    size.width.value = NAN;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new(&out, NULL, &size, NULL));
    size.width.unit = FROND_UNIT_MAX_CONTENT;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new(&out, NULL, &size, NULL));
    size.width.unit = (frond_unit)99;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new(&out, NULL, &size, NULL));

    /* Text. */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_text(&out, NULL, NULL, NULL, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_text(&out, bad_utf8, NULL, NULL, NULL));
    memset(&text_style, 0, sizeof text_style);
    text_style.struct_size = sizeof text_style;
    text_style.font_size = -3;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_text(&out, "x", &text_style, NULL, NULL));
    text_style.font_size = 10;
    text_style.max_lines = -1;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_text(&out, "x", &text_style, NULL, NULL));

    /* Flexbox style and children. */
    memset(&style, 0, sizeof style);
    style.struct_size = sizeof style;
    style.direction = (frond_flex_direction)9;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_flexbox(&out, NULL, NULL, NULL, &style, NULL, 0));
    style.direction = FROND_FLEX_DIRECTION_ROW;
    style.spacing = -1;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_flexbox(&out, NULL, NULL, NULL, &style, NULL, 0));
    style.spacing = 0;
    style.border[2] = INFINITY;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_flexbox(&out, NULL, NULL, NULL, &style, NULL, 0));
    style.border[2] = 0;
    style.padding[1].unit = FROND_UNIT_AUTO;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_flexbox(&out, NULL, NULL, NULL, &style, NULL, 0));
    style.padding[1].unit = FROND_UNIT_UNDEFINED;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_flexbox(&out, NULL, NULL, NULL, &style, NULL, 3));
    memset(&child, 0, sizeof child);
    child.struct_size = sizeof child;
    child.component = leaf;
    child.flex_grow = NAN;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_flexbox(&out, NULL, NULL, NULL, &style, &child, 1));
    child.flex_grow = 0;
    child.struct_size = 4;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_flexbox(&out, NULL, NULL, NULL, &style, &child, 1));
    child.struct_size = sizeof child;
    child.align_self = (frond_align)42;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_flexbox(&out, NULL, NULL, NULL, &style, &child, 1));
    child.align_self = FROND_ALIGN_AUTO;
    child.margin[0].unit = FROND_UNIT_STRETCH;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_flexbox(&out, NULL, NULL, NULL, &style, &child, 1));
    CHECK(out == NULL);
    CHECK_OK(frond_component_release(leaf));
}

/* Every layout component constructor with `component` in each of its child roles
 * (`live` in the others) and otherwise valid arguments. */
static void call_every_layout_component_function(frond_component *component, frond_component *live,
                                                 frond_status expected) {
    frond_component *out = NULL;
    frond_static_child child;
    memset(&child, 0, sizeof child);
    child.struct_size = sizeof child;
    child.component = component;
#define CHECK_NEW(call)                                         \
    do {                                                        \
        out = NULL;                                             \
        CHECK_STATUS(expected, call);                           \
        if (expected != FROND_OK) CHECK(out == NULL);           \
        CHECK_OK(frond_component_release(out));                 \
    } while (0)
    CHECK_NEW(frond_component_new_inset(&out, NULL, NULL, NULL, NULL, component));
    CHECK_NEW(frond_component_new_center(&out, NULL, NULL, NULL, FROND_CENTERING_XY, FROND_CENTER_SIZING_DEFAULT,
                                         component));
    CHECK_NEW(frond_component_new_ratio(&out, NULL, NULL, NULL, 1, component));
    CHECK_NEW(frond_component_new_background(&out, NULL, NULL, NULL, component, live));
    CHECK_NEW(frond_component_new_background(&out, NULL, NULL, NULL, live, component));
    CHECK_NEW(frond_component_new_overlay(&out, NULL, NULL, NULL, component, live));
    CHECK_NEW(frond_component_new_overlay(&out, NULL, NULL, NULL, live, component));
    CHECK_NEW(frond_component_new_static(&out, NULL, NULL, NULL, &child, 1));
#undef CHECK_NEW
}

static void test_layout_component_handles_are_checked(frond_node *live_node, frond_config *live_config) {
    frond_component *live = NULL, *released = NULL;
    frond_root *root = NULL;
    frond_view_spec view;
    int index;
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "v";
    CHECK_OK(frond_component_new(&live, &view, NULL, NULL));
    CHECK_OK(frond_component_new(&released, &view, NULL, NULL));
    CHECK_OK(frond_component_release(released));
    CHECK_OK(frond_root_new(&root, NULL));

    call_every_layout_component_function(live, live, FROND_OK);
    call_every_layout_component_function(released, live, FROND_ERR_MISUSE);
    call_every_layout_component_function((frond_component *)(void *)root, live, FROND_ERR_MISUSE);
    call_every_layout_component_function((frond_component *)(void *)live_config, live, FROND_ERR_MISUSE);
    call_every_layout_component_function((frond_component *)(void *)live_node, live, FROND_ERR_MISUSE);
    call_every_layout_component_function((frond_component *)(uintptr_t)0xdeadbeefu, live, FROND_ERR_MISUSE);
    /* Forged kind bits on the live component's handle. */
    call_every_layout_component_function((frond_component *)((uintptr_t)live ^ ((uintptr_t)1 << 28)), live,
                                         FROND_ERR_MISUSE);
    for (index = 0; index < BAD_HANDLE_COUNT; index++) {
        call_every_layout_component_function((frond_component *)(void *)bad_nodes[index], live, FROND_ERR_MISUSE);
    }
    CHECK_OK(frond_component_release(live));
    CHECK_OK(frond_root_free(root));
}

static void test_layout_component_arguments_are_checked(void) {
    frond_component *out = NULL, *leaf = NULL;
    frond_root *root = NULL;
    frond_view_spec view;
    frond_size_spec size;
    frond_value insets[4];
    frond_static_child child;
    const char bad_utf8[] = {(char)0xC3, (char)0x28, 0};
    const float bad_ratios[] = {0, -1, NAN, INFINITY, -INFINITY};
    size_t i;

    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "v";
    CHECK_OK(frond_component_new(&leaf, &view, NULL, NULL));

    /* NULL out pointers. */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_inset(NULL, NULL, NULL, NULL, NULL, leaf));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_center(NULL, NULL, NULL, NULL, FROND_CENTERING_XY,
                                                                        FROND_CENTER_SIZING_DEFAULT, leaf));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_ratio(NULL, NULL, NULL, NULL, 1, leaf));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_background(NULL, NULL, NULL, NULL, leaf, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_overlay(NULL, NULL, NULL, NULL, leaf, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_static(NULL, NULL, NULL, NULL, NULL, 0));

    /* Required children are refused when NULL; optional ones are not. */
    CHECK_STATUS(FROND_ERR_MISUSE, frond_component_new_inset(&out, NULL, NULL, NULL, NULL, NULL));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_component_new_ratio(&out, NULL, NULL, NULL, 1, NULL));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_component_new_background(&out, NULL, NULL, NULL, NULL, leaf));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_component_new_overlay(&out, NULL, NULL, NULL, NULL, leaf));
    CHECK(out == NULL);
    CHECK_OK(frond_component_new_center(&out, NULL, NULL, NULL, FROND_CENTERING_XY, FROND_CENTER_SIZING_DEFAULT, NULL));
    CHECK_OK(frond_component_release(out));
    CHECK_OK(frond_component_new_background(&out, NULL, NULL, NULL, leaf, NULL));
    CHECK_OK(frond_component_release(out));
    CHECK_OK(frond_component_new_overlay(&out, NULL, NULL, NULL, leaf, NULL));
    CHECK_OK(frond_component_release(out));
    out = NULL;

    /* The view, size and key of every constructor are checked as for the others. */
    view.view_type = "";
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_inset(&out, &view, NULL, NULL, NULL, leaf));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_center(&out, &view, NULL, NULL, FROND_CENTERING_XY,
                                                                        FROND_CENTER_SIZING_DEFAULT, leaf));
    view.view_type = "v";
    memset(&size, 0, sizeof size);
    size.struct_size = sizeof size;
    size.height.unit = FROND_UNIT_PERCENT;
    size.height.value = -5;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_ratio(&out, NULL, &size, NULL, 1, leaf));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_background(&out, NULL, &size, NULL, leaf, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_static(&out, NULL, &size, NULL, NULL, 0));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_overlay(&out, NULL, NULL, bad_utf8, leaf, NULL));

    /* Insets: POINT or PERCENT, finite and ≥ 0, or UNDEFINED. */
    memset(insets, 0, sizeof insets);
    insets[3].unit = FROND_UNIT_POINT;
    insets[3].value = -1;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_inset(&out, NULL, NULL, NULL, insets, leaf));
    insets[3].value = NAN;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_inset(&out, NULL, NULL, NULL, insets, leaf));
    insets[3].unit = FROND_UNIT_PERCENT;
    insets[3].value = INFINITY;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_inset(&out, NULL, NULL, NULL, insets, leaf));
    insets[3].value = 5;
    insets[0].unit = FROND_UNIT_AUTO;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_inset(&out, NULL, NULL, NULL, insets, leaf));
    insets[0].unit = FROND_UNIT_MAX_CONTENT;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_inset(&out, NULL, NULL, NULL, insets, leaf));
    insets[0].unit = (frond_unit)99;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_inset(&out, NULL, NULL, NULL, insets, leaf));
    insets[0].unit = FROND_UNIT_UNDEFINED;
    CHECK_OK(frond_component_new_inset(&out, NULL, NULL, NULL, insets, leaf));
    CHECK_OK(frond_component_release(out));
    out = NULL;

    /* Unknown enumerators. */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_center(&out, NULL, NULL, NULL, (frond_centering)4,
                                                                        FROND_CENTER_SIZING_DEFAULT, leaf));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_center(&out, NULL, NULL, NULL, FROND_CENTERING_X,
                                                                        (frond_center_sizing)0x7fffffff, leaf));

    /* Ratios: finite and > 0, with a finite inverse. */
    for (i = 0; i < sizeof bad_ratios / sizeof bad_ratios[0]; i++) {
        CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_ratio(&out, NULL, NULL, NULL, bad_ratios[i], leaf));
    }
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_ratio(&out, NULL, NULL, NULL, ldexpf(1.0f, -149), leaf));

    /* Static children. */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_static(&out, NULL, NULL, NULL, NULL, 2));
    memset(&child, 0, sizeof child);
    child.struct_size = 4;
    child.component = leaf;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_static(&out, NULL, NULL, NULL, &child, 1));
    child.struct_size = sizeof child;
    child.x = NAN;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_static(&out, NULL, NULL, NULL, &child, 1));
    child.x = 0;
    child.y = -INFINITY;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_static(&out, NULL, NULL, NULL, &child, 1));
    child.y = 0;
    size.height.value = 5;
    size.struct_size = 3;
    child.size = &size;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_static(&out, NULL, NULL, NULL, &child, 1));
    size.struct_size = sizeof size;
    size.width.unit = FROND_UNIT_POINT;
    size.width.value = -3;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_static(&out, NULL, NULL, NULL, &child, 1));
    size.width.unit = FROND_UNIT_FIT_CONTENT;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_static(&out, NULL, NULL, NULL, &child, 1));
    /* A bounding box beyond FLT_MAX. */
    size.width.unit = FROND_UNIT_POINT;
    size.width.value = FLT_MAX;
    child.x = FLT_MAX;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_static(&out, NULL, NULL, NULL, &child, 1));
    CHECK(out == NULL);
    /* A NULL component drops its child, whatever the rest says. */
    child.component = NULL;
    CHECK_OK(frond_component_new_static(&out, NULL, NULL, NULL, &child, 1));
    CHECK_OK(frond_component_release(out));
    out = NULL;

    /* One instance as both child and background fails the flush, not the constructor. */
    CHECK_OK(frond_root_new(&root, NULL));
    CHECK_OK(frond_root_set_component(root, leaf));
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK_OK(frond_component_new_background(&out, NULL, NULL, NULL, leaf, leaf));
    CHECK_OK(frond_root_set_component(root, out));
    CHECK_STATUS(FROND_ERR_INVALID_TREE, frond_root_flush(root, NULL));
    {
        size_t count = 0;
        CHECK_OK(frond_root_get_child_count(&count, root, 0));
        CHECK(count == 1);
    }
    CHECK_OK(frond_component_release(out));
    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_component_release(leaf));
}

/* ---- animations ----------------------------------------------------------------- */

/* A host whose apply ticks its own root (refused) and then fails. */
static frond_status ticking_apply(frond_root *root, const frond_mutation *mutation, void *user_data) {
    (void)mutation;
    *(frond_status *)user_data = frond_root_tick(root, 10, NULL);
    return FROND_ERR_INVALID_ARGUMENT;
}

static void ignore_completion(bool finished, void *user_data) {
    (void)finished; (void)user_data;
}

/* A valid opacity fade whose user_data is counted by count_destroy. */
static frond_animation counted_fade(void) {
    frond_animation a;
    memset(&a, 0, sizeof a);
    a.struct_size = sizeof a;
    a.property = FROND_ANIMATION_OPACITY;
    a.to.current = true;
    a.duration = 1;
    a.completion = ignore_completion;
    a.destroy = count_destroy;
    return a;
}

static void test_animation_arguments_are_checked(void) {
    frond_root *root = NULL, *freed_root = NULL;
    frond_component *child = NULL, *released = NULL, *out = NULL;
    frond_view_spec view;
    frond_animation a, bad[16];
    frond_host host = {sizeof(frond_host), NULL, ticking_apply, NULL, NULL};
    frond_status inner = FROND_OK;
    bool running = true;
    double time = -1;
    size_t count = 0, i, bad_count = 0;
    int destroys_before;
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "v";
    CHECK_OK(frond_component_new(&child, &view, NULL, NULL));
    CHECK_OK(frond_component_new(&released, &view, NULL, NULL));
    CHECK_OK(frond_component_release(released));
    CHECK_OK(frond_root_new(&root, NULL));
    CHECK_OK(frond_root_new(&freed_root, NULL));
    CHECK_OK(frond_root_free(freed_root));
    a = counted_fade();

    /* Bad out pointer, child handles and arrays: refused, every user_data destroyed once. */
    destroys_before = destroy_calls;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_animation(NULL, NULL, child, &a, 1, NULL, 0));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_component_new_animation(&out, NULL, NULL, &a, 1, NULL, 0));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_component_new_animation(&out, NULL, released, NULL, 0, &a, 1));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_component_new_animation(&out, NULL, (frond_component *)(void *)root, &a, 1, &a, 1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_animation(&out, NULL, child, NULL, 1, &a, 1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_animation(&out, "\xff", child, &a, 1, NULL, 0));
    CHECK(destroy_calls == destroys_before + 6);   /* `a` given twice in one call is one entry */
    CHECK(out == NULL);

    /* Bad enumerators and numbers. */
    for (i = 0; i < 16; i++) bad[i] = counted_fade();
    bad[bad_count++].duration = NAN;
    bad[bad_count++].duration = -1;
    bad[bad_count++].delay = INFINITY;
    bad[bad_count].from.current = false;
    bad[bad_count++].from.x = INFINITY;
    bad[bad_count++].property = (frond_animation_property)0;
    bad[bad_count++].property = (frond_animation_property)99;
    bad[bad_count++].curve = (frond_timing_curve)6;
    bad[bad_count].curve = FROND_CURVE_CUBIC_BEZIER;
    bad[bad_count].bezier[2] = -0.1;
    bad[bad_count++].bezier[3] = 1;
    bad[bad_count].curve = FROND_CURVE_CUBIC_BEZIER;
    bad[bad_count++].bezier[1] = NAN;
    bad[bad_count].curve = FROND_CURVE_SPRING;
    bad[bad_count].spring_damping = 10;
    bad[bad_count].spring_stiffness = 100;
    bad[bad_count++].spring_mass = 0;
    bad[bad_count].curve = FROND_CURVE_SPRING;
    bad[bad_count].spring_damping = 10;
    bad[bad_count].spring_stiffness = 100;
    bad[bad_count].spring_mass = 1;
    bad[bad_count++].spring_initial_velocity = NAN;
    bad[bad_count].property = FROND_ANIMATION_BACKGROUND_COLOR;
    bad[bad_count].from.current = false;
    bad[bad_count++].from.color.red = 2;
    bad[bad_count].property = FROND_ANIMATION_SIZE;
    bad[bad_count].from.current = false;
    bad[bad_count++].from.y = -1;
    bad[bad_count++].target_key = "";
    bad[bad_count++].target_key = "\xc3";
    for (i = 0; i < bad_count; i++) {
        destroys_before = destroy_calls;
        CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_animation(&out, NULL, child, &bad[i], 1, &a, 1));
        CHECK(out == NULL);
        CHECK(destroy_calls == destroys_before + 2);
    }
    /* A wrong struct_size: that entry is not read (its destroy is not called). */
    destroys_before = destroy_calls;
    bad[0] = counted_fade();
    bad[0].struct_size = 4;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_animation(&out, NULL, child, bad, 1, &a, 1));
    bad[0].struct_size = sizeof bad[0] + 8;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_animation(&out, NULL, child, &a, 1, bad, 1));
    CHECK(destroy_calls == destroys_before + 2);

    /* A good one: its user_data goes with the component, once (the same entry, given as
     * both the initial and the final animation, is one struct). */
    destroys_before = destroy_calls;
    CHECK_OK(frond_component_new_animation(&out, "k", child, &a, 1, &a, 1));
    CHECK(out != NULL);
    CHECK_OK(frond_component_release(out));
    CHECK(destroy_calls == destroys_before + 1);

    /* The clock and the queries: bad handles, NULL out pointers, bad times. */
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_tick(NULL, 1, &count));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_tick(freed_root, 1, &count));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_tick((frond_root *)(void *)child, 1, NULL));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_has_running_animations(&running, NULL));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_has_running_animations(&running, freed_root));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_has_running_animations(NULL, root));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_get_animation_time(&time, NULL));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_get_animation_time(&time, (frond_root *)(void *)child));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_get_animation_time(NULL, root));
    CHECK_OK(frond_root_tick(root, 2, &count));
    CHECK(count == 0);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_tick(root, 1, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_tick(root, NAN, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_tick(root, INFINITY, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_tick(root, -INFINITY, NULL));
    CHECK_OK(frond_root_get_animation_time(&time, root));
    CHECK(time == 2);
    CHECK_OK(frond_root_has_running_animations(&running, root));
    CHECK(!running);

    /* Ticking from the root's own host, or while a flush is prepared: refused. */
    destroys_before = destroy_calls;
    CHECK_OK(frond_component_new_animation(&out, NULL, child, &a, 1, NULL, 0));
    CHECK_OK(frond_root_set_component(root, out));
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK_OK(frond_root_set_host(root, &host, &inner, NULL));
    CHECK_STATUS(FROND_ERR_CALLBACK, frond_root_tick(root, 2.5, NULL));
    CHECK(inner == FROND_ERR_MISUSE);
    CHECK_OK(frond_root_set_host(root, NULL, NULL, NULL));
    CHECK_OK(frond_root_prepare(root));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_tick(root, 3, NULL));
    CHECK_OK(frond_root_discard_prepared(root));
    CHECK_OK(frond_root_tick(root, 3, NULL));
    CHECK_OK(frond_root_has_running_animations(&running, root));
    CHECK(!running);
    CHECK_OK(frond_component_release(out));
    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_component_release(child));
    CHECK(destroy_calls == destroys_before + 1);
}

static void test_root_arguments_and_failures_are_reported(void) {
    frond_root *root = NULL;
    frond_component *leaf = NULL, *twice = NULL, *duplicate_keys = NULL;
    frond_size_range range = {sizeof(frond_size_range), (frond_size_range_kind)7, 1, 1};
    frond_host host = {sizeof(frond_host), NULL, NULL, NULL, NULL};
    frond_flex_child children[2];
    frond_view_spec view;
    frond_status inner = FROND_OK;
    size_t count = 0;
    uint64_t child_view = 0;
    frond_rect rect;
    char text[16];
    int destroys_before;

    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_new(NULL, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_new(&root, &range));
    range.kind = FROND_SIZE_RANGE_FIXED;
    range.width = NAN;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_new(&root, &range));
    range.width = -2;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_new(&root, &range));
    range.struct_size = 2;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_new(&root, &range));
    CHECK(root == NULL);
    range.struct_size = sizeof range;
    range.width = 50;
    CHECK_OK(frond_root_new(&root, &range));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_set_size_range(root, NULL));

    /* A host needs apply or apply_batch; refused user_data is destroyed once. */
    destroys_before = destroy_calls;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_set_host(root, &host, NULL, count_destroy));
    CHECK(destroy_calls == destroys_before + 1);
    host.struct_size = 1;
    host.apply = ok_apply;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_set_host(root, &host, NULL, count_destroy));
    CHECK(destroy_calls == destroys_before + 2);

    /* Reading views that are not there. */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_get_child_count(NULL, root, 0));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_get_child_count(&count, root, 12345));
    CHECK_STATUS(FROND_ERR_INVALID_TREE, frond_root_get_child(&child_view, root, 0, 0));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_get_child(NULL, root, 0, 0));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_get_frame(NULL, root, 0));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_get_frame_in_root(NULL, root, 0));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_get_frame_in_root(&rect, root, 12345));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_get_size(NULL, root));
    {
        /* Key paths: NULL, empty, a NULL key, a key that is not UTF-8; out pointers. */
        const char *good[] = {"a", "b"};
        const char *null_key[] = {"a", NULL};
        const char *bad_key[] = {"\xff"};
        frond_scope *scope = NULL;
        uint64_t found = 7;
        CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_find_view(NULL, root, good, 2));
        CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_find_view(&found, root, NULL, 1));
        CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_find_view(&found, root, good, 0));
        CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_find_view(&found, root, null_key, 2));
        CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_find_view(&found, root, bad_key, 1));
        CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_find_view(&found, root, good, (size_t)-1));
        CHECK(found == 7);
        CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_find_scope(NULL, root, good, 2));
        CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_find_scope(&scope, root, null_key, 2));
        /* Nothing mounted: nothing found. */
        CHECK_OK(frond_root_find_view(&found, root, good, 2));
        CHECK(found == 0);
        CHECK_OK(frond_root_find_scope(&scope, root, good, 1));
        CHECK(scope == NULL);
    }
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_describe(NULL, root, text, sizeof text));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_describe(&count, root, NULL, 4));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_describe_components(NULL, root, text, sizeof text));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_describe_components(&count, root, NULL, 4));
    /* A capacity that does not fit in the signed range (a negative size cast) is refused. */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_describe_components(&count, root, text, (size_t)-1));
    /* Nothing flushed yet: the empty text, whatever the buffer (NULL with capacity 0 too). */
    count = 99;
    CHECK_OK(frond_root_describe_components(&count, root, NULL, 0));
    CHECK(count == 0);
    memset(text, 'x', sizeof text);
    CHECK_OK(frond_root_describe_components(&count, root, text, 1));
    CHECK(count == 0 && text[0] == '\0' && text[1] == 'x');

    /* Mount one leaf; then bad trees fail the flush and leave it mounted. */
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "leaf";
    CHECK_OK(frond_component_new(&leaf, &view, NULL, "k"));
    CHECK_OK(frond_root_set_component(root, leaf));
    CHECK_OK(frond_root_flush(root, NULL));
    /* A small buffer gets a cut, terminated text and the full length. */
    CHECK_OK(frond_root_describe_components(&count, root, text, 5));
    CHECK(strcmp(text, "Comp") == 0 && count == strlen("Component[\"k\"](leaf) (0, 0, 50×0) #1"));
    memset(children, 0, sizeof children);
    children[0].struct_size = sizeof children[0];
    children[0].component = leaf;
    children[1] = children[0];
    CHECK_OK(frond_component_new_flexbox(&twice, NULL, NULL, NULL, NULL, children, 2));
    CHECK_OK(frond_root_set_component(root, twice));
    CHECK_STATUS(FROND_ERR_INVALID_TREE, frond_root_flush(root, NULL));
    CHECK_OK(frond_component_new(&children[1].component, &view, NULL, "k"));
    CHECK_OK(frond_component_new_flexbox(&duplicate_keys, NULL, NULL, NULL, NULL, children, 2));
    CHECK_OK(frond_component_release(children[1].component));
    CHECK_OK(frond_root_set_component(root, duplicate_keys));
    CHECK_STATUS(FROND_ERR_INVALID_TREE, frond_root_flush(root, NULL));
    CHECK_OK(frond_root_get_child_count(&count, root, 0));
    CHECK(count == 1);

    /* A failing text measurer fails the flush; the mounted leaf stays. */
    {
        frond_component *text_component = NULL;
        frond_size_range fit = {sizeof(frond_size_range), FROND_SIZE_RANGE_FIT_CONTENT, FROND_UNDEFINED, FROND_UNDEFINED};
        CHECK_OK(frond_root_set_size_range(root, &fit)); /* so that the text is measured */
        CHECK_OK(frond_component_new_text(&text_component, "x", NULL, NULL, NULL));
        CHECK_OK(frond_root_set_text_measurer(root, failing_text_measure, NULL, NULL));
        CHECK_OK(frond_root_set_component(root, text_component));
        CHECK_STATUS(FROND_ERR_CALLBACK, frond_root_flush(root, NULL));
        CHECK_OK(frond_root_get_child_count(&count, root, 0));
        CHECK(count == 1);
        CHECK_OK(frond_root_set_text_measurer(root, NULL, NULL, NULL));
        CHECK_OK(frond_component_release(text_component));
    }

    /* A host that flushes its own root is refused (MISUSE) and its failure reported. */
    host.struct_size = sizeof host;
    host.apply = reentrant_apply;
    CHECK_OK(frond_root_set_host(root, &host, &inner, NULL));
    CHECK_OK(frond_root_set_component(root, NULL));
    {
        /* The host fails after the commit: the mutations were sent, and counted. */
        size_t sent = 777;
        frond_commit_statistics statistics;
        memset(&statistics, 0, sizeof statistics);
        statistics.struct_size = sizeof statistics;
        CHECK_FAILURE(FROND_ERR_CALLBACK, frond_root_flush(root, &sent),
                      "the host's apply returned FROND_ERR_INVALID_ARGUMENT");
        CHECK_OK(frond_root_get_statistics(&statistics, root));
        CHECK(sent != 777 && sent > 0 && sent == statistics.mutations);
    }
    CHECK(inner == FROND_ERR_MISUSE);
    CHECK_OK(frond_root_get_child_count(&count, root, 0));
    CHECK(count == 0);
    /* A child index out of range on a mounted view; a view that is not mounted. */
    {
        uint64_t child = 0;
        CHECK_FAILURE(FROND_ERR_INVALID_TREE, frond_root_get_child(&child, root, 0, SIZE_MAX),
                      "frond_root_get_child: index 18446744073709551615 is out of range (view 0 has 0 children)");
        CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_root_get_child(&child, root, 99, 0), "view 99 is not mounted");
    }

    /* The halves of an asynchronous flush out of order are refused; a failed prepare
     * leaves nothing prepared. */
    {
        bool prepared = true;
        CHECK_OK(frond_root_set_host(root, NULL, NULL, NULL));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_root_commit(root, NULL));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_root_discard_prepared(root));
        CHECK_OK(frond_root_set_component(root, leaf));
        CHECK_OK(frond_root_prepare(root));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_root_prepare(root));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_root_flush(root, NULL));
        CHECK_OK(frond_root_get_child_count(&count, root, 0));
        CHECK(count == 0); /* nothing mounted before the commit */
        CHECK_OK(frond_root_commit(root, &count));
        CHECK(count > 0);
        CHECK_OK(frond_root_set_component(root, twice));
        CHECK_STATUS(FROND_ERR_INVALID_TREE, frond_root_prepare(root));
        CHECK_OK(frond_root_has_prepared_flush(&prepared, root));
        CHECK(!prepared);
        CHECK_STATUS(FROND_ERR_MISUSE, frond_root_commit(root, NULL));
        CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_has_prepared_flush(NULL, root));
        CHECK_OK(frond_root_get_child_count(&count, root, 0));
        CHECK(count == 1);
        /* A prepared flush is dropped with its root. */
        CHECK_OK(frond_root_set_component(root, NULL));
        CHECK_OK(frond_root_prepare(root));
    }

    CHECK_OK(frond_component_release(leaf));
    CHECK_OK(frond_component_release(twice));
    CHECK_OK(frond_component_release(duplicate_keys));
    CHECK_OK(frond_root_free(root));
}

/* A callback that misuses the API on its own tree during layout. */
typedef struct reentry {
    frond_node *root;
    frond_node *leaf;
    frond_config *config;
    int calls;
    int wrong; /* calls in which some change was not refused */
} reentry;

static frond_status reentrant_measure(frond_node *node, float width, frond_measure_mode width_mode, float height,
                                      frond_measure_mode height_mode, frond_size *out_size, void *user_data) {
    reentry *state = (reentry *)user_data;
    frond_node *extra = NULL;
    float read = 0;
    int refused = 0;
    (void)width; (void)width_mode; (void)height; (void)height_mode;
    state->calls++;
    /* Reading is allowed. */
    if (frond_node_style_get_width(NULL, node) == FROND_ERR_INVALID_ARGUMENT) {
        frond_clear_last_error();
    }
    if (frond_node_layout_get_width(&read, state->root) != FROND_OK) {
        state->wrong++;
    }
    /* Changing or laying out the tree, or changing its config, is refused. */
    refused += frond_node_calculate_layout(state->root, 10, 10, FROND_DIRECTION_LTR) == FROND_ERR_MISUSE;
    refused += frond_node_calculate_layout(state->leaf, 10, 10, FROND_DIRECTION_LTR) == FROND_ERR_MISUSE;
    refused += frond_node_style_set_width(state->leaf, 5, FROND_UNIT_POINT) == FROND_ERR_MISUSE;
    refused += frond_node_layout_set_has_new_layout(state->leaf, false) == FROND_ERR_MISUSE;
    refused += frond_node_free(state->leaf) == FROND_ERR_MISUSE;
    refused += frond_node_free_recursive(state->root) == FROND_ERR_MISUSE;
    refused += frond_node_remove_all_children(state->root) == FROND_ERR_MISUSE;
    refused += frond_config_set_errata(state->config, FROND_ERRATA_NONE) == FROND_ERR_MISUSE;
    refused += frond_config_set_point_scale_factor(state->config, 2) == FROND_ERR_MISUSE;
    refused += frond_config_set_use_web_defaults(state->config, true) == FROND_ERR_MISUSE;
    refused += frond_config_set_experimental_feature(state->config, FROND_EXPERIMENTAL_FEATURE_WEB_FLEX_BASIS,
                                                     true) == FROND_ERR_MISUSE;
    refused += frond_config_free(state->config) == FROND_ERR_MISUSE;
    if (frond_node_new(&extra, NULL) == FROND_OK) {
        refused += frond_node_append_child(state->root, extra) == FROND_ERR_MISUSE;
        frond_node_free(extra);
    }
    if (refused != 13) {
        state->wrong++;
    }
    out_size->width = 10;
    out_size->height = 10;
    return FROND_OK;
}

static void test_changes_from_callbacks_are_refused(void) {
    reentry state = {NULL, NULL, NULL, 0, 0};
    size_t count = 0;
    uint32_t errata = 0;
    float scale = 0;
    CHECK_OK(frond_config_new(&state.config));
    CHECK_OK(frond_node_new(&state.root, state.config));
    CHECK_OK(frond_node_new(&state.leaf, state.config));
    CHECK_OK(frond_node_append_child(state.root, state.leaf));
    CHECK_OK(frond_node_set_measure_func(state.leaf, reentrant_measure, &state, NULL));
    CHECK_OK(frond_node_calculate_layout(state.root, 100, 100, FROND_DIRECTION_LTR));
    CHECK(state.calls > 0);
    CHECK(state.wrong == 0);
    CHECK_OK(frond_node_get_child_count(&count, state.root));
    CHECK(count == 1);
    CHECK_OK(frond_config_get_errata(&errata, state.config));
    CHECK(errata == FROND_ERRATA_MIN_SIZE_UNDEFINED_INSTEAD_OF_AUTO);
    CHECK_OK(frond_config_get_point_scale_factor(&scale, state.config));
    CHECK_FLOAT(1, scale);
    CHECK_OK(frond_node_free_recursive(state.root));
    CHECK_OK(frond_config_free(state.config));
}

/* A destroy function that itself fails an API call (setting a message of its own). */
static int destroy_failures_seen = 0;
static void failing_destroy(void *user_data) {
    (void)user_data;
    destroy_calls++;
    destroy_failures_seen += frond_node_free((frond_node *)(uintptr_t)77u) == FROND_ERR_MISUSE;
}

static void test_refused_registration_keeps_its_message(void) {
    /* (CHECK_STATUS clears the message, so the statuses are checked by hand here.) */
    int before = destroy_calls;
    frond_status status = frond_node_set_measure_func(bad_nodes[2], unused_measure, NULL, failing_destroy);
    CHECK(status == FROND_ERR_MISUSE);
    CHECK(destroy_calls == before + 1 && destroy_failures_seen == 1);
    CHECK(strstr(frond_last_error_message(), "frond_node_set_measure_func") != NULL);
    status = frond_node_set_baseline_func(bad_nodes[0], unused_baseline, NULL, failing_destroy);
    CHECK(status == FROND_ERR_MISUSE);
    CHECK(destroy_calls == before + 2 && destroy_failures_seen == 2);
    CHECK(strstr(frond_last_error_message(), "frond_node_set_baseline_func") != NULL);
    frond_clear_last_error();
}

static void test_library_functions_take_any_input(void) {
    CHECK(frond_version() != NULL);
    CHECK(strcmp(frond_status_name((frond_status)12345), "FROND_UNKNOWN_STATUS") == 0);
    CHECK(strcmp(frond_status_name((frond_status)-12345), "FROND_UNKNOWN_STATUS") == 0);
    /* The message of a failed call stays until the next failure; success keeps it. */
    CHECK(frond_node_free((frond_node *)(uintptr_t)42u) == FROND_ERR_MISUSE);
    CHECK(strstr(frond_last_error_message(), "frond_node_free") != NULL);
    CHECK(frond_handle_count(&(size_t){0}) == FROND_OK);
    CHECK(strstr(frond_last_error_message(), "frond_node_free") != NULL);
    frond_clear_last_error();
    CHECK(frond_last_error_message()[0] == '\0');
    /* Version numbers: any pointer may be NULL. */
    frond_version_numbers(NULL, NULL, NULL);
    /* A library built on the API records its own messages; invalid UTF-8 is repaired. */
    frond_set_last_error("frond_gtk_mount: the widget is gone");
    CHECK(strcmp(frond_last_error_message(), "frond_gtk_mount: the widget is gone") == 0);
    frond_set_last_error("bad \xff byte");
    CHECK(strcmp(frond_last_error_message(), "bad \xef\xbf\xbd byte") == 0);
    frond_set_last_error(NULL);
    CHECK(frond_last_error_message()[0] == '\0');
}

static void test_layout_of_a_non_root_is_refused(void) {
    frond_node *root = NULL;
    frond_node *child = NULL;
    CHECK_OK(frond_node_new(&root, NULL));
    CHECK_OK(frond_node_new(&child, NULL));
    CHECK_OK(frond_node_append_child(root, child));
    CHECK_STATUS(FROND_ERR_INVALID_TREE, frond_node_calculate_layout(child, 10, 10, FROND_DIRECTION_LTR));
    CHECK_STATUS(FROND_ERR_INVALID_TREE, frond_node_insert_child(root, child, 0));
    CHECK_STATUS(FROND_ERR_INVALID_TREE, frond_node_insert_child(child, root, 0));
    CHECK_STATUS(FROND_ERR_INVALID_TREE, frond_node_append_child(child, child));
    CHECK_OK(frond_node_remove_child(root, child));
    CHECK_STATUS(FROND_ERR_INVALID_TREE, frond_node_insert_child(root, child, 1));
    CHECK_STATUS(FROND_ERR_INVALID_TREE, frond_node_insert_child(root, child, (size_t)-1));
    CHECK_OK(frond_node_free(root));
    CHECK_OK(frond_node_free(child));
}

/* ---- render classes, render components and scopes ------------------------------ */

static frond_scope *captured_scope = NULL;
static frond_root *reentrant_root = NULL;
static frond_status reentrant_flush_status = FROND_OK;
static frond_status reentrant_set_status = FROND_ERR_INTERNAL;
static bool free_root_in_render = false;
static frond_status render_free_status = FROND_OK;

static frond_status int_initial_state(void **out_state, void *props, void *user_data) {
    (void)props; (void)user_data;
    *out_state = NULL;
    return FROND_OK;
}

static frond_status leaf_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                                void *user_data) {
    (void)state; (void)props; (void)user_data;
    captured_scope = scope;
    if (reentrant_root != NULL) {
        /* Flushing the root from its own render is refused; setting its component is
         * allowed (the next flush shows it); freeing it is refused (the root stays). */
        reentrant_flush_status = frond_root_flush(reentrant_root, NULL);
        frond_clear_last_error();
        reentrant_set_status = frond_root_set_component(reentrant_root, NULL);
        if (free_root_in_render) render_free_status = frond_root_free(reentrant_root);
    }
    *out_child = NULL;
    return FROND_OK;
}

static frond_status noop_update(void **state, void *user_data) {
    (void)state; (void)user_data;
    return FROND_OK;
}

static frond_status noop_request(frond_root *root, void *user_data) {
    (void)root; (void)user_data;
    return FROND_OK;
}

static void test_render_and_scope_arguments_are_checked(void) {
    frond_render_class *cls = NULL, *released = NULL, *out = NULL;
    frond_render_class_spec spec, small;
    frond_component *component = NULL, *leaf = NULL;
    frond_root *root = NULL, *freed_root = NULL;
    frond_scope *dead_scope;
    frond_commit_statistics statistics;
    void *state = NULL;
    bool needs = false;
    int destroys;
    char bad_utf8[] = {'a', (char)0xff, 0};
    frond_scope *bad_scopes[5];
    frond_render_class *bad_classes[5];
    int i;

    memset(&spec, 0, sizeof spec);
    spec.struct_size = sizeof spec;
    spec.name = "Leaf";
    spec.initial_state = int_initial_state;
    spec.render = leaf_render;

    /* Refused specs: the user_data's destroy runs once each time. */
    destroys = destroy_calls;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_render_class_new(NULL, &spec, NULL, count_destroy));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_render_class_new(&out, NULL, NULL, count_destroy));
    small = spec;
    small.struct_size = 4;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_render_class_new(&out, &small, NULL, count_destroy));
    small = spec;
    small.name = NULL;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_render_class_new(&out, &small, NULL, count_destroy));
    small.name = "";
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_render_class_new(&out, &small, NULL, count_destroy));
    small.name = bad_utf8;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_render_class_new(&out, &small, NULL, count_destroy));
    small = spec;
    small.render = NULL;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_render_class_new(&out, &small, NULL, count_destroy));
    CHECK(out == NULL);
    CHECK(destroy_calls == destroys + 7);

    CHECK_OK(frond_render_class_new(&cls, &spec, NULL, count_destroy));
    CHECK_OK(frond_render_class_new(&released, &spec, NULL, NULL));
    CHECK_OK(frond_render_class_release(released));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_render_class_release(released));
    CHECK_OK(frond_render_class_release(NULL));
    CHECK_OK(frond_component_new(&leaf, NULL, NULL, NULL));
    CHECK_OK(frond_root_new(&root, NULL));
    CHECK_OK(frond_root_new(&freed_root, NULL));
    CHECK_OK(frond_root_free(freed_root));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_render_class_release((frond_render_class *)(void *)leaf));

    /* Components of bad classes: refused, props destroyed once. */
    bad_classes[0] = NULL;
    bad_classes[1] = released;
    bad_classes[2] = (frond_render_class *)(void *)leaf;
    bad_classes[3] = (frond_render_class *)(uintptr_t)0xdeadbeefu;
    bad_classes[4] = (frond_render_class *)((uintptr_t)cls ^ ((uintptr_t)1 << 28));
    for (i = 0; i < 5; i++) {
        destroys = destroy_calls;
        component = NULL;
        CHECK_STATUS(FROND_ERR_MISUSE, frond_component_new_render(&component, bad_classes[i], NULL, NULL, NULL, NULL,
                                                                  count_destroy));
        CHECK(component == NULL);
        CHECK(destroy_calls == destroys + 1);
    }
    destroys = destroy_calls;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_render(NULL, cls, NULL, NULL, NULL, NULL, count_destroy));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_render(&component, cls, NULL, NULL, bad_utf8, NULL,
                                                                        count_destroy));
    CHECK(destroy_calls == destroys + 2);

    /* A live scope, then one whose component left the tree. */
    CHECK_OK(frond_component_new_render(&component, cls, NULL, NULL, "k", NULL, NULL));
    CHECK_OK(frond_root_set_component(root, component));
    CHECK_OK(frond_component_release(component));
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK(captured_scope != NULL);
    destroys = destroy_calls;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_scope_update_state(captured_scope, NULL, NULL, count_destroy));
    CHECK(destroy_calls == destroys + 1);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_scope_get_state(NULL, captured_scope));
    CHECK_OK(frond_scope_get_state(&state, captured_scope));
    CHECK_OK(frond_scope_update_state(captured_scope, noop_update, NULL, count_destroy));
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK(destroy_calls == destroys + 2);
    dead_scope = captured_scope;
    CHECK_OK(frond_root_set_component(root, NULL));
    CHECK_OK(frond_root_flush(root, NULL));

    bad_scopes[0] = NULL;
    bad_scopes[1] = dead_scope;
    bad_scopes[2] = (frond_scope *)(void *)root;
    bad_scopes[3] = (frond_scope *)(uintptr_t)0x7fff0000ffffu;
    bad_scopes[4] = (frond_scope *)(void *)cls;
    for (i = 0; i < 5; i++) {
        destroys = destroy_calls;
        CHECK_STATUS(FROND_ERR_MISUSE, frond_scope_update_state(bad_scopes[i], noop_update, NULL, count_destroy));
        CHECK(destroy_calls == destroys + 1);
        CHECK_STATUS(FROND_ERR_MISUSE, frond_scope_set_state(bad_scopes[i], NULL));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_scope_get_state(&state, bad_scopes[i]));
    }

    /* Root functions of this section with bad roots and bad arguments. */
    destroys = destroy_calls;
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_set_flush_request(NULL, noop_request, NULL, count_destroy));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_set_flush_request(freed_root, noop_request, NULL, count_destroy));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_set_flush_request((frond_root *)(void *)cls, noop_request, NULL,
                                                                count_destroy));
    CHECK(destroy_calls == destroys + 3);
    CHECK_OK(frond_root_set_flush_request(root, noop_request, NULL, count_destroy));
    CHECK_OK(frond_root_set_flush_request(root, NULL, NULL, NULL));
    CHECK(destroy_calls == destroys + 4);
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_needs_flush(&needs, NULL));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_needs_flush(&needs, freed_root));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_needs_flush(NULL, root));
    memset(&statistics, 0, sizeof statistics);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_get_statistics(&statistics, root));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_get_statistics(NULL, root));
    statistics.struct_size = sizeof statistics;
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_get_statistics(&statistics, freed_root));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_get_statistics(&statistics, (frond_root *)(void *)leaf));
    /* A size that is not sizeof (one that cuts a member, a larger one) writes nothing. */
    memset(&statistics, 0xab, sizeof statistics);
    statistics.struct_size = (uint32_t)(offsetof(frond_commit_statistics, components) + sizeof(size_t) / 2);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_get_statistics(&statistics, root));
    statistics.struct_size = (uint32_t)sizeof statistics + 8;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_get_statistics(&statistics, root));
    {
        size_t untouched;
        memset(&untouched, 0xab, sizeof untouched);
        CHECK(memcmp(&statistics.components, &untouched, sizeof untouched) == 0);
    }
    statistics.struct_size = sizeof statistics;
    CHECK_OK(frond_root_get_statistics(&statistics, root));
    CHECK(statistics.components == 0);
    /* The first version's size (up to mutations) is accepted too. */
    statistics.struct_size = (uint32_t)offsetof(frond_commit_statistics, views_visited);
    CHECK_OK(frond_root_get_statistics(&statistics, root));
    /* The second version's size (before release_ns): filled up to mount_ns only. */
    memset(&statistics, 0xab, sizeof statistics);
    statistics.struct_size = (uint32_t)offsetof(frond_commit_statistics, release_ns);
    CHECK_OK(frond_root_get_statistics(&statistics, root));
    CHECK(statistics.components == 0);
    {
        uint64_t untouched;
        memset(&untouched, 0xab, sizeof untouched);
        CHECK(memcmp(&statistics.release_ns, &untouched, sizeof untouched) == 0);
    }

    /* From inside render: flushing the root is refused, setting its component works,
     * freeing it takes effect once the flush is over. */
    CHECK_OK(frond_component_new_render(&component, cls, NULL, NULL, NULL, NULL, NULL));
    CHECK_OK(frond_root_set_component(root, component));
    CHECK_OK(frond_component_release(component));
    reentrant_root = root;
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK(reentrant_flush_status == FROND_ERR_MISUSE);
    CHECK(reentrant_set_status == FROND_OK);
    CHECK_OK(frond_root_needs_flush(&needs, root));
    CHECK(needs);
    CHECK_OK(frond_component_new_render(&component, cls, NULL, NULL, NULL, NULL, NULL));
    CHECK_OK(frond_root_set_component(root, component));
    CHECK_OK(frond_component_release(component));
    free_root_in_render = true;
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK(render_free_status == FROND_ERR_MISUSE);
    free_root_in_render = false;
    reentrant_root = NULL;
    /* The root lived through the flush and is still usable; freed now, it takes its
     * components and scopes with it. */
    CHECK_OK(frond_root_needs_flush(&needs, root));
    CHECK_OK(frond_root_free(root));

    destroys = destroy_calls;
    CHECK_OK(frond_render_class_release(cls));
    CHECK(destroy_calls == destroys + 1);
    CHECK_OK(frond_component_release(leaf));
}

/* ---- component providers and view type declarations ---------------------------- */

static frond_root *provider_root = NULL;
static frond_status provider_inner_flush = FROND_OK;
static bool provider_frees_root = false;
static frond_status provider_free_status = FROND_OK;

/* Flushes its own root (refused) and, when asked, frees it; writes a leaf. */
static frond_status reentrant_provider(frond_component **out_component, void *props, void *user_data) {
    frond_view_spec view;
    (void)props; (void)user_data;
    provider_inner_flush = frond_root_flush(provider_root, NULL);
    frond_clear_last_error();
    if (provider_frees_root) provider_free_status = frond_root_free(provider_root);
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "leaf";
    return frond_component_new(out_component, &view, NULL, NULL);
}

static void test_provider_and_view_type_arguments_are_checked(void) {
    frond_root *root = NULL;
    frond_component *leaf = NULL;
    frond_attribute_spec specs[2];
    frond_attribute attribute;
    frond_view_spec view;
    char bad_utf8[] = {'a', (char)0xff, 0};
    size_t count = 0;
    int destroys;
    uint32_t bad_flags[3] = {2, 0x80000000u, 0xffffffffu};
    int bad_kinds[3] = {0, 8, -1};     /* 8: one past FROND_ATTRIBUTE_ACTION_BLOCK */
    int i;

    CHECK_OK(frond_root_new(&root, NULL));
    /* Props without a provider are refused and destroyed once, before the call returns. */
    destroys = destroy_calls;
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_set_props(root, NULL, count_destroy));
    CHECK(destroy_calls == destroys + 1);
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_set_props((frond_root *)(uintptr_t)0xdeadbeefu, NULL, NULL));

    /* Declarations: every bad argument is refused and declares nothing. */
    memset(specs, 0, sizeof specs);
    specs[0].struct_size = sizeof specs[0];
    specs[0].name = "count";
    specs[0].kind = FROND_ATTRIBUTE_NUMBER;
    specs[1] = specs[0];
    specs[1].name = "title";
    specs[1].kind = FROND_ATTRIBUTE_STRING;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_declare_view_type(root, NULL, specs, 2, 0));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_declare_view_type(root, "", specs, 2, 0));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_declare_view_type(root, bad_utf8, specs, 2, 0));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_declare_view_type(root, "leaf", NULL, 2, 0));
    for (i = 0; i < 3; i++) {
        CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_declare_view_type(root, "leaf", specs, 2, bad_flags[i]));
        specs[1].kind = (frond_attribute_kind)bad_kinds[i];
        CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_declare_view_type(root, "leaf", specs, 2, 0));
        specs[1].kind = FROND_ATTRIBUTE_STRING;
    }
    specs[1].name = NULL;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_declare_view_type(root, "leaf", specs, 2, 0));
    specs[1].name = "";
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_declare_view_type(root, "leaf", specs, 2, 0));
    specs[1].name = bad_utf8;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_declare_view_type(root, "leaf", specs, 2, 0));
    specs[1].name = "count";
    CHECK(frond_root_declare_view_type(root, "leaf", specs, 2, 0) == FROND_ERR_INVALID_ARGUMENT);
    CHECK(strcmp(frond_last_error_message(),
                 "frond_root_declare_view_type: attributes[1].name \"count\" is declared twice") == 0);
    specs[1].name = "title";
    specs[1].struct_size = 4;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_declare_view_type(root, "leaf", specs, 2, 0));
    specs[1].struct_size = sizeof specs[1];
    /* A leaf whose "count" is a string mounts: nothing was declared. */
    memset(&attribute, 0, sizeof attribute);
    attribute.name = "count";
    attribute.kind = FROND_ATTRIBUTE_STRING;
    attribute.string = "three";
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "leaf";
    view.attributes = &attribute;
    view.attribute_count = 1;
    CHECK_OK(frond_component_new(&leaf, &view, NULL, NULL));
    CHECK_OK(frond_root_set_component(root, leaf));
    CHECK_OK(frond_root_flush(root, NULL));
    /* Declared, the same tree fails; the leaf stays mounted. */
    CHECK_OK(frond_root_declare_view_type(root, "leaf", specs, 2, 0));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_flush(root, NULL));
    CHECK_OK(frond_root_get_child_count(&count, root, 0));
    CHECK(count == 1);

    /* A provider cannot flush its root; freeing it takes effect once the flush is over. */
    provider_root = root;
    CHECK_OK(frond_root_declare_view_type(root, "leaf", NULL, 0, FROND_VIEW_TYPE_ALLOW_OTHER_ATTRIBUTES));
    destroys = destroy_calls;
    CHECK_OK(frond_root_set_provider(root, reentrant_provider, NULL, count_destroy));
    CHECK_OK(frond_root_set_props(root, NULL, count_destroy));
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK(provider_inner_flush == FROND_ERR_MISUSE);
    CHECK_OK(frond_root_set_props(root, NULL, count_destroy));
    CHECK(destroy_calls == destroys + 1);
    /* Freeing the root from inside its provider is refused: the flush goes on, the root
     * stays. */
    provider_frees_root = true;
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK(provider_free_status == FROND_ERR_MISUSE);
    CHECK(provider_root == root);
    CHECK(destroy_calls == destroys + 1);
    provider_frees_root = false;
    CHECK_OK(frond_root_set_props(root, NULL, NULL));
    CHECK(destroy_calls == destroys + 2); /* the props the last flush read */
    CHECK_OK(frond_root_set_provider(root, NULL, NULL, NULL));
    CHECK(destroy_calls == destroys + 3); /* the provider's user_data */
    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_component_release(leaf));
}

/* ---- actions ----------------------------------------------------------------- */

static int action_checks_failed = 0;       /* checks made inside the handler */
static const frond_action *stale_action = NULL;

#define IN_HANDLER(expected, call) \
    do { if ((call) != (expected)) action_checks_failed++; frond_clear_last_error(); } while (0)

static frond_status misuse_in_handler(frond_root *root, const frond_action *action, void *user_data) {
    const char *name = NULL;
    bool has = false;
    frond_attribute payload;
    uint64_t view = 0;
    frond_component *sender = NULL;
    frond_action_outcome outcome;
    frond_argument argument;
    (void)user_data;
    stale_action = action;
    /* NULL out parameters with a live action. */
    IN_HANDLER(FROND_ERR_INVALID_ARGUMENT, frond_action_get_name(NULL, action));
    IN_HANDLER(FROND_ERR_INVALID_ARGUMENT, frond_action_get_payload(NULL, &payload, action));
    IN_HANDLER(FROND_ERR_INVALID_ARGUMENT, frond_action_get_payload(&has, NULL, action));
    IN_HANDLER(FROND_ERR_INVALID_ARGUMENT, frond_action_get_view(NULL, action));
    IN_HANDLER(FROND_ERR_INVALID_ARGUMENT, frond_action_get_sender(NULL, action));
    IN_HANDLER(FROND_ERR_INVALID_ARGUMENT, frond_action_get_argument_count(NULL, action));
    IN_HANDLER(FROND_ERR_INVALID_ARGUMENT, frond_action_get_argument(NULL, action, 0));
    /* A tap has no arguments: index 0 is out of range, and so is SIZE_MAX. */
    IN_HANDLER(FROND_ERR_INVALID_ARGUMENT, frond_action_get_argument(&argument, action, 0));
    IN_HANDLER(FROND_ERR_INVALID_ARGUMENT, frond_action_get_argument(&argument, action, (size_t)-1));
    /* The root's handle, not an action. */
    IN_HANDLER(FROND_ERR_MISUSE, frond_action_get_name(&name, (const frond_action *)(const void *)root));
    /* Good calls still work; the sender is no action either. */
    IN_HANDLER(FROND_OK, frond_action_get_name(&name, action));
    IN_HANDLER(FROND_OK, frond_action_get_sender(&sender, action));
    IN_HANDLER(FROND_ERR_MISUSE, frond_action_get_view(&view, (const frond_action *)(const void *)sender));
    /* The root is idle during handlers: a nested send works (and hits nothing here). */
    IN_HANDLER(FROND_OK, frond_root_tap_at(&outcome, &view, root, 1000, 1000));
    if (outcome != FROND_ACTION_NO_ACTION) action_checks_failed++;
    return FROND_OK;
}

static void test_action_arguments_are_checked(void) {
    frond_root *root = NULL, *freed_root = NULL;
    frond_component *button = NULL, *leaf = NULL;
    frond_view_spec view;
    frond_attribute attribute, payload;
    frond_action_outcome outcome = 0;
    uint64_t hit = 7, button_view = 0;
    const char *name = NULL;
    bool has = false;
    frond_component *sender = NULL;
    int destroys, i;
    char bad_utf8[] = {'a', (char)0xff, 0};
    const frond_action *bad_actions[4];
    frond_argument argument;
    size_t count = 0;

    CHECK_OK(frond_root_new(&root, NULL));
    CHECK_OK(frond_root_new(&freed_root, NULL));
    CHECK_OK(frond_root_free(freed_root));
    memset(&attribute, 0, sizeof attribute);
    attribute.name = "onTap";
    attribute.kind = FROND_ATTRIBUTE_ACTION;
    attribute.string = "go";
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "button";
    view.attributes = &attribute;
    view.attribute_count = 1;
    CHECK_OK(frond_component_new(&button, &view, NULL, NULL));
    CHECK_OK(frond_component_new(&leaf, NULL, NULL, NULL));
    CHECK_OK(frond_root_set_component(root, button));
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK_OK(frond_root_get_child(&button_view, root, 0, 0));

    /* Unhandled action handlers: bad roots refused, user_data destroyed once each. */
    destroys = destroy_calls;
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_set_unhandled_action_handler(NULL, misuse_in_handler, NULL, count_destroy));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_set_unhandled_action_handler(freed_root, misuse_in_handler, NULL,
                                                                           count_destroy));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_set_unhandled_action_handler((frond_root *)(void *)leaf,
                                                                           misuse_in_handler, NULL, count_destroy));
    CHECK(destroy_calls == destroys + 3);
    CHECK_OK(frond_root_set_unhandled_action_handler(root, misuse_in_handler, NULL, count_destroy));

    /* Sending events: bad roots, out pointers, names, payloads and views. */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_send_event(NULL, root, button_view, FROND_EVENT_TAP, NULL));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_send_event(&outcome, NULL, button_view, FROND_EVENT_TAP, NULL));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_send_event(&outcome, freed_root, button_view, FROND_EVENT_TAP, NULL));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_send_event(&outcome, (frond_root *)(void *)leaf, button_view,
                                                         FROND_EVENT_TAP, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_send_event(&outcome, root, button_view, NULL, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_send_event(&outcome, root, button_view, "", NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_send_event(&outcome, root, button_view, bad_utf8, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_send_event(&outcome, root, 0, FROND_EVENT_TAP, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_send_event(&outcome, root, 999, FROND_EVENT_TAP, NULL));
    memset(&payload, 0, sizeof payload);
    payload.kind = (frond_attribute_kind)99;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_send_event(&outcome, root, button_view, FROND_EVENT_TAP,
                                                                   &payload));
    payload.kind = FROND_ATTRIBUTE_NUMBER;
    payload.number = NAN;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_send_event(&outcome, root, button_view,
                                                                   FROND_EVENT_VALUE_CHANGE, &payload));
    payload.kind = FROND_ATTRIBUTE_STRING;
    payload.string = NULL;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_send_event(&outcome, root, button_view, "onX", &payload));
    CHECK(outcome == 0);

    /* Taps: out pointers, coordinates, roots. */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_tap_at(NULL, &hit, root, 1, 1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_tap_at(&outcome, NULL, root, 1, 1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_tap_at(&outcome, &hit, root, NAN, 1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_tap_at(&outcome, &hit, root, 1, INFINITY));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_tap_at(&outcome, &hit, NULL, 1, 1));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_tap_at(&outcome, &hit, freed_root, 1, 1));
    CHECK(outcome == 0 && hit == 7);

    /* Scopes: the scope checks of the render section apply; here bad arguments. */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_scope_send_action(NULL, captured_scope, "go", NULL));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_scope_send_action(&outcome, NULL, "go", NULL));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_scope_send_action(&outcome, (frond_scope *)(void *)root, "go", NULL));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_scope_send_action(&outcome, captured_scope, "go", NULL)); /* left the tree */

    /* The action handle: live only during the handler. */
    action_checks_failed = 0;
    CHECK_OK(frond_root_send_event(&outcome, root, button_view, FROND_EVENT_TAP, NULL));
    CHECK(outcome == FROND_ACTION_UNHANDLED);
    CHECK(action_checks_failed == 0);
    bad_actions[0] = NULL;
    bad_actions[1] = stale_action;
    bad_actions[2] = (const frond_action *)(const void *)leaf;
    bad_actions[3] = (const frond_action *)(uintptr_t)0xdeadbeefu;
    for (i = 0; i < 4; i++) {
        CHECK_STATUS(FROND_ERR_MISUSE, frond_action_get_name(&name, bad_actions[i]));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_action_get_payload(&has, &payload, bad_actions[i]));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_action_get_view(&hit, bad_actions[i]));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_action_get_sender(&sender, bad_actions[i]));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_action_get_argument_count(&count, bad_actions[i]));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_action_get_argument(&argument, bad_actions[i], 0));
    }
    CHECK(sender == NULL);

    destroys = destroy_calls;
    CHECK_OK(frond_root_free(root));
    CHECK(destroy_calls == destroys + 1);
    CHECK_OK(frond_component_release(button));
    CHECK_OK(frond_component_release(leaf));
}

/* ---- action blocks -------------------------------------------------------------- */

static frond_status ignore_block(const frond_action *action, void *user_data) {
    (void)action; (void)user_data;
    return FROND_OK;
}

static void native_ignore(frond_component *sender, void *user_data) {
    (void)sender; (void)user_data;
}

static void test_action_block_arguments_are_checked(void) {
    frond_action_block *block = NULL, *live = NULL, *stale = NULL;
    frond_component *leaf = NULL, *component = NULL;
    frond_root *root = NULL;
    frond_argument_type types[FROND_MAX_ARGUMENTS + 1];
    frond_argument_type bad_types[2] = {FROND_ARGUMENT_INT64, (frond_argument_type)6};
    frond_argument argument;
    frond_attribute attribute, payload;
    frond_view_spec view;
    frond_action_outcome outcome = 0;
    int destroys = destroy_calls, i;

    for (i = 0; i <= FROND_MAX_ARGUMENTS; i++) types[i] = FROND_ARGUMENT_BOOL;
    /* Creation: out pointers, functions, types and counts; user_data destroyed each time. */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_action_block_new(NULL, ignore_block, NULL, count_destroy));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_action_block_new(&block, NULL, NULL, count_destroy));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT,
                 frond_action_block_new_typed(NULL, NULL, 0, (frond_native_func)native_ignore, NULL, count_destroy));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_action_block_new_typed(&block, NULL, 0, NULL, NULL, count_destroy));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_action_block_new_typed(&block, NULL, 1,
                                                                          (frond_native_func)native_ignore, NULL,
                                                                          count_destroy));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_action_block_new_typed(&block, bad_types, 2,
                                                                          (frond_native_func)native_ignore, NULL,
                                                                          count_destroy));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_action_block_new_typed(&block, types, FROND_MAX_ARGUMENTS + 1,
                                                                          (frond_native_func)native_ignore, NULL,
                                                                          count_destroy));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_action_block_new_typed(&block, types, (size_t)-1,
                                                                          (frond_native_func)native_ignore, NULL,
                                                                          count_destroy));
    CHECK(destroy_calls == destroys + 8);
    CHECK(block == NULL);

    /* Release: NULL is a no-op; stale and wrong-kind handles are refused. */
    CHECK_OK(frond_action_block_new(&live, ignore_block, NULL, count_destroy));
    CHECK_OK(frond_action_block_new_typed(&stale, types, FROND_MAX_ARGUMENTS, (frond_native_func)native_ignore,
                                          NULL, count_destroy));
    CHECK_OK(frond_action_block_release(stale));
    CHECK(destroy_calls == destroys + 9);
    CHECK_OK(frond_action_block_release(NULL));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_action_block_release(stale));
    CHECK_OK(frond_component_new(&leaf, NULL, NULL, NULL));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_action_block_release((frond_action_block *)(void *)leaf));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_component_release((frond_component *)(void *)live));

    /* An attribute's block must be a live block handle. */
    memset(&attribute, 0, sizeof attribute);
    attribute.name = "onTap";
    attribute.kind = FROND_ATTRIBUTE_ACTION_BLOCK;
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "button";
    view.attributes = &attribute;
    view.attribute_count = 1;
    CHECK_STATUS(FROND_ERR_MISUSE, frond_component_new(&component, &view, NULL, NULL));
    attribute.action_block = stale;
    CHECK_STATUS(FROND_ERR_MISUSE, frond_component_new(&component, &view, NULL, NULL));
    attribute.action_block = (frond_action_block *)(void *)leaf;
    CHECK_STATUS(FROND_ERR_MISUSE, frond_component_new(&component, &view, NULL, NULL));
    CHECK(component == NULL);
    attribute.action_block = live;
    CHECK_OK(frond_component_new(&component, &view, NULL, NULL));

    /* A block is no payload. */
    CHECK_OK(frond_root_new(&root, NULL));
    CHECK_OK(frond_root_set_component(root, component));
    CHECK_OK(frond_root_flush(root, NULL));
    memset(&payload, 0, sizeof payload);
    payload.kind = FROND_ATTRIBUTE_ACTION_BLOCK;
    payload.action_block = live;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_send_event(&outcome, root, 1, FROND_EVENT_TAP, &payload));
    CHECK(outcome == 0);
    CHECK_OK(frond_root_send_event(&outcome, root, 1, FROND_EVENT_TAP, NULL));
    CHECK(outcome == FROND_ACTION_HANDLED);

    /* Sending through a scope: bad scopes and blocks. */
    memset(&argument, 0, sizeof argument);
    argument.type = FROND_ARGUMENT_BOOL;
    CHECK_STATUS(FROND_ERR_MISUSE, frond_scope_send_action_block(NULL, live, NULL, 0));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_scope_send_action_block((frond_scope *)(void *)root, live, NULL, 0));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_scope_send_action_block(captured_scope, live, &argument, 1)); /* left */
    CHECK_STATUS(FROND_ERR_MISUSE, frond_scope_send_action_block(captured_scope, NULL, NULL, 0));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_scope_send_action_block(captured_scope, stale, NULL, 0));

    destroys = destroy_calls;
    CHECK_OK(frond_action_block_release(live));
    CHECK_OK(frond_component_release(component));
    CHECK(destroy_calls == destroys);         /* the root still shows it */
    CHECK_OK(frond_root_free(root));
    CHECK(destroy_calls == destroys + 1);
    CHECK_OK(frond_component_release(leaf));
}

static void test_json_tree_arguments_are_checked(void) {
    frond_component *out = NULL;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_from_json(NULL, "{}"));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_from_json(&out, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_from_json(&out, ""));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_from_json(&out, "\xff"));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_from_json(&out, "[1, 2]"));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_from_json(&out, "{\"display\": 1}"));
    CHECK(out == NULL);
    CHECK_OK(frond_component_new_from_json(&out, "{\"root\": {\"view\": \"box\"}}"));
    CHECK_OK(frond_component_release(out));
}

static void test_wrapper_arguments_are_checked(frond_node *live_node) {
    frond_wrapper *wrapper = NULL, *stale = NULL;
    frond_component *leaf = NULL, *out = NULL;
    int destroys = destroy_calls;

    CHECK_OK(frond_component_new(&leaf, NULL, NULL, NULL));
    /* Creation: out pointer, component handles; user_data destroyed each time. */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_wrapper_new(NULL, leaf, NULL, NULL, count_destroy));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_wrapper_new(&wrapper, NULL, NULL, NULL, count_destroy));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_wrapper_new(&wrapper, (frond_component *)live_node, NULL, NULL,
                                                     count_destroy));
    CHECK(destroy_calls == destroys + 3);
    CHECK(wrapper == NULL);
    /* One wrapper per component. */
    CHECK_OK(frond_wrapper_new(&wrapper, leaf, NULL, NULL, count_destroy));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_wrapper_new(&stale, leaf, NULL, NULL, count_destroy));
    CHECK(destroy_calls == destroys + 4);
    CHECK(stale == NULL);
    /* Reading back the component. */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_wrapper_get_component(NULL, wrapper));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_wrapper_get_component(&out, NULL));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_wrapper_get_component(&out, (frond_wrapper *)live_node));
    CHECK_OK(frond_wrapper_get_component(&out, wrapper));
    CHECK_OK(frond_component_release(out));
    /* With its component gone, the wrapper has nothing to give (and is destroyed once
     * its handle goes too). */
    CHECK_OK(frond_component_release(leaf));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_wrapper_get_component(&out, wrapper));
    CHECK(destroy_calls == destroys + 4);
    stale = wrapper;
    CHECK_OK(frond_wrapper_release(wrapper));
    CHECK(destroy_calls == destroys + 5);
    CHECK_OK(frond_wrapper_release(NULL));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_wrapper_release(stale));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_wrapper_release((frond_wrapper *)live_node));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_wrapper_get_component(&out, stale));
}

/* A legacy vtable's view callback that makes the component viewless and keeps its handle. */
static frond_legacy_view *escaped_view = NULL;
static frond_status escaping_view(frond_legacy_view *view, void *user_data) {
    (void)user_data;
    escaped_view = view;
    CHECK_STATUS(FROND_ERR_MISUSE, frond_legacy_view_set(NULL, NULL));
    CHECK_OK(frond_legacy_view_set(view, NULL));
    return FROND_OK;
}

static frond_component *never_constructed(void *user_data) {
    (void)user_data;
    return NULL;
}

static void test_legacy_arguments_are_checked(frond_node *live_node) {
    frond_legacy_vtable vtable;
    frond_component *component = NULL;
    frond_size_spec size;
    frond_argument_type types[FROND_MAX_ARGUMENTS + 1];
    frond_argument_type bad_types[1] = {(frond_argument_type)0};
    frond_argument argument;
    int destroys = destroy_calls, i;

    for (i = 0; i <= FROND_MAX_ARGUMENTS; i++) types[i] = FROND_ARGUMENT_INT64;
    memset(&vtable, 0, sizeof vtable);
    vtable.struct_size = sizeof vtable;
    vtable.name = "Legacy";
    vtable.view = escaping_view;
    /* Construction: out pointer, vtable, size and key; user_data destroyed each time. */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_legacy(NULL, &vtable, NULL, NULL, NULL, count_destroy));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_legacy(&component, NULL, NULL, NULL, NULL,
                                                                        count_destroy));
    vtable.struct_size = 0;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_legacy(&component, &vtable, NULL, NULL, NULL,
                                                                        count_destroy));
    vtable.struct_size = sizeof vtable;
    vtable.name = "";
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_legacy(&component, &vtable, NULL, NULL, NULL,
                                                                        count_destroy));
    vtable.name = "\xff";
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_legacy(&component, &vtable, NULL, NULL, NULL,
                                                                        count_destroy));
    vtable.name = "Legacy";
    memset(&size, 0, sizeof size);
    size.struct_size = sizeof size;
    size.width.unit = FROND_UNIT_POINT;
    size.width.value = -1;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_legacy(&component, &vtable, &size, NULL, NULL,
                                                                        count_destroy));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_legacy(&component, &vtable, NULL, "\xff", NULL,
                                                                        count_destroy));
    CHECK(destroy_calls == destroys + 7);
    CHECK(component == NULL);
    CHECK(escaped_view == NULL);      /* refused before the view callback */

    /* The view handle: refused outside its callback, NULL and of other kinds. */
    CHECK_OK(frond_component_new_legacy(&component, &vtable, NULL, NULL, NULL, count_destroy));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_legacy_view_set(escaped_view, NULL));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_legacy_view_set(NULL, NULL));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_legacy_view_set((frond_legacy_view *)(void *)live_node, NULL));
    CHECK_OK(frond_component_release(component));
    CHECK(destroy_calls == destroys + 8);
    component = NULL;

    /* Registration: names, functions, types and counts; user_data destroyed each time. */
    destroys = destroy_calls;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_constructor_register(NULL, NULL, 0,
                                                                        (frond_native_func)never_constructed, NULL,
                                                                        count_destroy));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_constructor_register("", NULL, 0,
                                                                        (frond_native_func)never_constructed, NULL,
                                                                        count_destroy));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_constructor_register("misuse", NULL, 0, NULL, NULL, count_destroy));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_constructor_register("misuse", NULL, 1,
                                                                        (frond_native_func)never_constructed, NULL,
                                                                        count_destroy));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_constructor_register("misuse", bad_types, 1,
                                                                        (frond_native_func)never_constructed, NULL,
                                                                        count_destroy));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_constructor_register("misuse", types, FROND_MAX_ARGUMENTS + 1,
                                                                        (frond_native_func)never_constructed, NULL,
                                                                        count_destroy));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_constructor_register("misuse", types, (size_t)-1,
                                                                        (frond_native_func)never_constructed, NULL,
                                                                        count_destroy));
    CHECK(destroy_calls == destroys + 7);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_constructor_unregister(NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_constructor_unregister("\xff"));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_constructor_unregister("misuse"));

    /* Construction by name: out pointer, names, argument arrays. */
    CHECK_OK(frond_constructor_register("misuse", NULL, 0, (frond_native_func)never_constructed, NULL,
                                        count_destroy));
    memset(&argument, 0, sizeof argument);
    argument.type = FROND_ARGUMENT_STRING;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_by_name(NULL, "misuse", NULL, 0));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_by_name(&component, NULL, NULL, 0));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_by_name(&component, "misuse", NULL, 1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_by_name(&component, "misuse", &argument, 1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_by_name(&component, "misuse", &argument, (size_t)-1));
    CHECK_STATUS(FROND_ERR_CALLBACK, frond_component_new_by_name(&component, "misuse", NULL, 0));
    CHECK(component == NULL);
    CHECK(destroy_calls == destroys + 7);
    CHECK_OK(frond_constructor_unregister("misuse"));
    CHECK(destroy_calls == destroys + 8);
}

/* The snapshot functions with bad handles (NULL, freed, a node, garbage), NULL out
 * pointers and NULL or bad arguments; a refused warning handler's destroy still runs. */
static void test_snapshot_arguments_are_checked(frond_node *live_node) {
    frond_snapshot_host *live = NULL, *freed = NULL, *out = NULL;
    frond_snapshot_host *bad[4];
    frond_snapshot_comparison comparison;
    frond_component *leaf = NULL;
    frond_root *root = NULL;
    frond_mutation mutation;
    size_t length = 0, i;
    int destroys = destroy_calls;
    CHECK_OK(frond_snapshot_host_new(&live, NULL));
    CHECK_OK(frond_snapshot_host_new(&freed, NULL));
    CHECK_OK(frond_snapshot_host_free(freed));
    CHECK_OK(frond_component_new(&leaf, NULL, NULL, NULL));
    CHECK_OK(frond_root_new(&root, NULL));
    memset(&mutation, 0, sizeof mutation);
    mutation.kind = FROND_MUTATION_CREATE;
    mutation.view = 1;
    mutation.view_type = "box";
    bad[0] = NULL;
    bad[1] = freed;
    bad[2] = (frond_snapshot_host *)(void *)live_node;
    bad[3] = (frond_snapshot_host *)(uintptr_t)0xdeadbeefu;
    for (i = 0; i < 4; i++) {
        CHECK_STATUS(FROND_ERR_MISUSE, frond_snapshot_host_set_warning_handler(bad[i], NULL, NULL, count_destroy));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_snapshot_host_get_warnings(&length, bad[i], NULL, 0));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_snapshot_host_attach(bad[i], root));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_snapshot_host_apply(bad[i], &mutation));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_snapshot_host_write_png(bad[i], "x.png", 1, 1, 1));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_snapshot_host_write_component_png(bad[i], "x.png", leaf, 1, 1, 1));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_snapshot_host_compare(&comparison, bad[i], "x.png", 1, 1, 1, 16));
        CHECK_STATUS(FROND_ERR_MISUSE,
                     frond_snapshot_host_compare_component(&comparison, bad[i], "x.png", leaf, 1, 1, 1, 16));
        if (bad[i] != NULL) {
            CHECK_STATUS(FROND_ERR_MISUSE, frond_snapshot_host_free(bad[i]));
            CHECK_STATUS(FROND_ERR_MISUSE, frond_root_set_pango_text_measurer(root, bad[i]));
        }
    }
    CHECK(destroy_calls == destroys + 4);
    CHECK_OK(frond_snapshot_host_free(NULL));
    /* libfrond_cairo's own functions. */
    frond_cairo_version_numbers(NULL, NULL, NULL);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_cairo_handle_count(NULL));
    /* Bad roots and components. */
    CHECK_STATUS(FROND_ERR_MISUSE, frond_snapshot_host_attach(live, NULL));
    {
        /* (The message names the function called, not the libfrond one it called.) */
        frond_snapshot_host *fresh = NULL;
        frond_snapshot_options options;
        FROND_INIT(options);
        CHECK_OK(frond_snapshot_host_new(&fresh, &options));
        CHECK_FAILURE(FROND_ERR_MISUSE, frond_snapshot_host_attach(fresh, NULL),
                      "frond_snapshot_host_attach: root is a NULL frond_root handle");
        CHECK_OK(frond_snapshot_host_free(fresh));
    }
    CHECK_STATUS(FROND_ERR_MISUSE, frond_snapshot_host_attach(live, (frond_root *)(void *)leaf));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_root_set_pango_text_measurer(NULL, live));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_snapshot_host_write_component_png(live, "x.png", NULL, 1, 1, 1));
    CHECK_STATUS(FROND_ERR_MISUSE,
                 frond_snapshot_host_compare_component(&comparison, live, "x.png", (frond_component *)(void *)root, 1, 1,
                                                       1, 16));
    /* NULL out pointers and arguments. */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_new(NULL, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_get_warnings(NULL, live, NULL, 0));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_get_warnings(&length, live, NULL, 8));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_compare(NULL, live, "x.png", 1, 1, 1, 16));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_compare(&comparison, live, NULL, 1, 1, 1, 16));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT,
                 frond_snapshot_host_compare_component(NULL, live, "x.png", leaf, 1, 1, 1, 16));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_write_png(live, NULL, 1, 1, 1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_apply(live, NULL));
    mutation.view_type = "\xff";
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_apply(live, &mutation));
    mutation.kind = FROND_MUTATION_INSERT;
    mutation.index = SIZE_MAX;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_apply(live, &mutation));
    mutation.kind = FROND_MUTATION_UPDATE;
    mutation.set_count = 3;
    mutation.set = NULL;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_apply(live, &mutation));
    CHECK(out == NULL);
    CHECK_OK(frond_root_set_pango_text_measurer(root, NULL));
    CHECK_OK(frond_root_set_pango_text_measurer(root, live));
    CHECK_OK(frond_component_release(leaf));
    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_snapshot_host_free(live));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_snapshot_host_free(live));
}

/* Changesets: bad handles (a node, a freed changeset, garbage) and NULL out pointers. */
static void test_changeset_handles_are_checked(frond_node *live_node) {
    frond_changeset *live = NULL, *freed = NULL, *out = NULL;
    frond_changeset *bad[3];
    frond_change change;
    size_t count = 0, i;
    const size_t counts[] = {1};
    const uint64_t ids[] = {1};
    const char *keys[] = {"a"};
    FROND_INIT(change);
    CHECK_OK(frond_changeset_new(&live));
    CHECK_OK(frond_changeset_new(&freed));
    CHECK_OK(frond_changeset_free(freed));
    bad[0] = freed;
    bad[1] = (frond_changeset *)(void *)live_node;
    bad[2] = (frond_changeset *)(uintptr_t)0xdeadbeefu;
    for (i = 0; i < 3; i++) {
        CHECK_STATUS(FROND_ERR_MISUSE, frond_changeset_add(bad[i], &change));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_changeset_get_changes(&count, bad[i], NULL, 0));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_changeset_verify(&count, bad[i], counts, 1, NULL, 0));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_changeset_free(bad[i]));
    }
    CHECK_STATUS(FROND_ERR_MISUSE, frond_changeset_add(NULL, &change));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_changeset_get_changes(NULL, live, NULL, 0));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_changeset_verify(NULL, live, counts, 1, NULL, 0));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_changeset_verify(&count, live, counts, 1, NULL, 4));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_diff(NULL, ids, NULL, 1, ids, NULL, 1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_diff(&out, NULL, NULL, 1, ids, NULL, 1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_diff_keys(NULL, keys, NULL, 1, keys, NULL, 1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_diff_keys(&out, keys, NULL, 1, NULL, NULL, 1));
    CHECK(out == NULL);
    CHECK_OK(frond_changeset_free(live));
}

static int misuse_destroyed = 0;
static void count_misuse_destroy(void *user_data) {
    (void)user_data;
    misuse_destroyed++;
}

static frond_status no_component(frond_component **out_component, void *model, void *user_data) {
    (void)model; (void)user_data;
    *out_component = NULL;
    return FROND_OK;
}

/* Data sources: bad handles, NULL and malformed arguments, each user_data and model of a
 * refused call destroyed once. */
static void test_data_source_handles_are_checked(frond_node *live_node) {
    frond_data_source *live = NULL, *freed = NULL, *out = NULL;
    frond_data_source *bad[3];
    frond_data_source_config config;
    frond_data_source_listener listener;
    frond_data_source_item item;
    frond_item_model model;
    frond_item_path path;
    frond_changeset *changeset = NULL;
    size_t count = 0, i;
    uint64_t id = 0;
    bool pending = false;
    FROND_INIT(config);
    config.item_size_range = frond_size_range_flexible_height(100);
    config.provider = no_component;
    config.destroy = count_misuse_destroy;
    FROND_INIT(listener);
    FROND_INIT(item);
    FROND_INIT(model);
    model.model = &misuse_destroyed;
    model.destroy = count_misuse_destroy;
    path.section = 0;
    path.item = 0;
    CHECK_OK(frond_changeset_new(&changeset));
    CHECK_OK(frond_data_source_new(&live, &config));
    CHECK_OK(frond_data_source_new(&freed, &config));
    CHECK_OK(frond_data_source_free(freed));
    CHECK(misuse_destroyed == 1);
    bad[0] = freed;
    bad[1] = (frond_data_source *)(void *)live_node;
    bad[2] = (frond_data_source *)(uintptr_t)0xdeadbeefu;
    misuse_destroyed = 0;
    for (i = 0; i < 3; i++) {
        CHECK_STATUS(FROND_ERR_MISUSE, frond_data_source_apply(bad[i], changeset, NULL, 0, NULL, 0, FROND_APPLY_SYNC));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_data_source_set_items(bad[i], 0, &model, 1, FROND_APPLY_SYNC));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_data_source_set_config(bad[i], &config, FROND_APPLY_SYNC));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_data_source_set_sections(bad[i], NULL, 0, NULL, 0, FROND_APPLY_SYNC));
        CHECK_STATUS(FROND_ERR_MISUSE,
                     frond_data_source_set_sections_by_id(bad[i], NULL, 0, NULL, NULL, 0, FROND_APPLY_SYNC));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_data_source_process(&count, bad[i], true));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_data_source_has_pending(&pending, bad[i]));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_data_source_set_ready_handler(bad[i], NULL, &misuse_destroyed,
                                                                           count_misuse_destroy));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_data_source_add_listener(&id, bad[i], &listener, &misuse_destroyed,
                                                                      count_misuse_destroy));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_data_source_remove_listener(bad[i], 1));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_data_source_set_executor(bad[i], NULL, NULL, NULL));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_data_source_build(bad[i]));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_data_source_get_section_count(&count, bad[i]));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_data_source_get_version(&id, bad[i]));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_data_source_get_item_count(&count, bad[i], 0));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_data_source_get_item(&item, bad[i], path));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_data_source_find_item(&path, bad[i], 1));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_data_source_free(bad[i]));
    }
    /* set_items' model, set_config's user_data, the ready handler's and the listener's. */
    CHECK(misuse_destroyed == 12);
    CHECK_OK(frond_data_source_free(NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_data_source_new(NULL, &config));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_data_source_new(&out, NULL));
    config.provider = NULL;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_data_source_new(&out, &config));
    config.provider = no_component;
    config.item_size_range.width = -1;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_data_source_new(&out, &config));
    config.item_size_range.width = 100;
    config.struct_size = 3;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_data_source_set_config(live, &config, FROND_APPLY_SYNC));
    config.struct_size = sizeof config;
    CHECK(out == NULL);
    /* (Not the one of a struct_size it does not know: nothing of that struct is read.) */
    CHECK(misuse_destroyed == 15);
    CHECK_STATUS(FROND_ERR_MISUSE, frond_data_source_apply(live, NULL, NULL, 0, NULL, 0, FROND_APPLY_SYNC));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_data_source_set_items(live, 0, NULL, 2, FROND_APPLY_SYNC));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_data_source_set_items(live, 0, &model, 1, (frond_apply_mode)9));
    CHECK(misuse_destroyed == 16);
    count = 2;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_data_source_set_sections(live, &model, 1, &count, 1, FROND_APPLY_SYNC));
    CHECK(misuse_destroyed == 17);
    misuse_destroyed = 16;
    count = 1;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT,
                 frond_data_source_set_sections_by_id(live, &model, 1, NULL, &count, 1, FROND_APPLY_SYNC));
    CHECK(misuse_destroyed == 17);
    misuse_destroyed = 16;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_data_source_has_pending(NULL, live));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_data_source_add_listener(NULL, live, &listener, NULL, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_data_source_add_listener(&id, live, NULL, NULL, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_data_source_get_section_count(NULL, live));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_data_source_get_version(NULL, live));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_data_source_get_item_count(&count, live, 0));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_data_source_get_item(NULL, live, path));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_data_source_get_item(&item, live, path));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_data_source_find_item(NULL, live, 1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_data_source_find_item(&path, live, 123456));
    item.struct_size = 2;
    path.item = (size_t)-1;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_data_source_get_item(&item, live, path));
    CHECK_OK(frond_data_source_free(live));
    CHECK(misuse_destroyed == 17);
    CHECK_OK(frond_changeset_free(changeset));
}

static frond_status unhandled_list_action(frond_list *list, frond_item_path path, const frond_action *action,
                                          void *user_data) {
    (void)list;
    (void)path;
    (void)action;
    (void)user_data;
    return FROND_OK;
}

/* Lists: bad handles, NULL and malformed arguments, user_data of refused calls destroyed. */
static void test_list_handles_are_checked(frond_node *live_node) {
    frond_list *live = NULL, *freed = NULL, *out = NULL;
    frond_list *bad[3];
    frond_list_config config;
    frond_list_listener listener;
    frond_list_statistics statistics;
    frond_host host;
    frond_data_source *source = NULL;
    frond_action_outcome outcome;
    uint64_t tapped = 0;
    frond_rect frame;
    frond_item_path path = {0, 0};
    size_t count = 0, i;
    bool running = false;
    double time = 0;
    FROND_INIT(config);
    config.cross_size = 100;
    config.range_screens = 2;
    config.provider = no_component;
    config.destroy = count_misuse_destroy;
    FROND_INIT(listener);
    FROND_INIT(statistics);
    FROND_INIT(host);
    host.apply = NULL;
    misuse_destroyed = 0;
    CHECK_OK(frond_list_new(&live, &config));
    CHECK_OK(frond_list_new(&freed, &config));
    CHECK_OK(frond_list_free(freed));
    CHECK(misuse_destroyed == 1);
    bad[0] = freed;
    bad[1] = (frond_list *)(void *)live_node;
    bad[2] = (frond_list *)(uintptr_t)0xdeadbeefu;
    for (i = 0; i < 3; i++) {
        CHECK_STATUS(FROND_ERR_MISUSE, frond_list_get_data_source(&source, bad[i]));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_list_set_host(bad[i], NULL, &misuse_destroyed, count_misuse_destroy));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_list_set_listener(bad[i], &listener, &misuse_destroyed,
                                                               count_misuse_destroy));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_list_set_viewport(bad[i], 0, 100));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_list_set_cross_size(bad[i], 100));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_list_process(&count, bad[i], true));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_list_get_statistics(&statistics, bad[i]));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_list_get_item_frame(&frame, bad[i], path));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_list_scroll_to_item(bad[i], path, FROND_LIST_SCROLL_START));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_list_get_axis(NULL, NULL, bad[i]));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_list_send_event(&outcome, bad[i], 1, "onTap", NULL));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_list_tap_at(&outcome, &tapped, bad[i], 1, 1));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_list_set_unhandled_action_handler(bad[i], unhandled_list_action, NULL, NULL));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_list_tick(bad[i], 1, NULL));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_list_has_running_animations(&running, bad[i]));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_list_get_animation_time(&time, bad[i]));
        CHECK_STATUS(FROND_ERR_MISUSE, frond_list_free(bad[i]));
    }
    CHECK(misuse_destroyed == 7);
    CHECK_OK(frond_list_free(NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_new(NULL, &config));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_new(&out, NULL));
    config.cross_size = -3;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_new(&out, &config));
    config.cross_size = 100;
    config.range_screens = 0.0f / 0.0f;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_new(&out, &config));
    config.range_screens = 2;
    config.axis = (frond_list_axis)5;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_new(&out, &config));
    CHECK(out == NULL && misuse_destroyed == 11);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_set_host(live, &host, &misuse_destroyed, count_misuse_destroy));
    CHECK(misuse_destroyed == 12);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_get_data_source(NULL, live));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_set_viewport(live, 0.0f / 0.0f, 10));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_set_cross_size(live, 0.0f / 0.0f));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_set_cross_size(live, -1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_set_cross_size(live, 1.0f / 0.0f));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_get_statistics(NULL, live));
    statistics.struct_size = 1;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_get_statistics(&statistics, live));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_get_item_frame(&frame, live, path));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_scroll_to_item(live, path, FROND_LIST_SCROLL_START));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_send_event(&outcome, live, 1, "onTap", NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_send_event(&outcome, live, 1, NULL, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_tap_at(NULL, &tapped, live, 1, 1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_tap_at(&outcome, NULL, live, 1, 1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_tap_at(&outcome, &tapped, live, 0.0f / 0.0f, 1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_tap_at(&outcome, &tapped, live, 1, 1.0f / 0.0f));
    /* Nothing mounted: nothing hit. */
    tapped = 7;
    CHECK_OK(frond_list_tap_at(&outcome, &tapped, live, 1, 1));
    CHECK(outcome == FROND_ACTION_NO_ACTION && tapped == 0);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_has_running_animations(NULL, live));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_get_animation_time(NULL, live));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_tick(live, 1.0 / 0.0, NULL));
    CHECK_OK(frond_list_tick(live, 2, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_list_tick(live, 1, NULL));
    /* A handler's user_data: destroyed when replaced (by none here), and with the list. */
    CHECK_OK(frond_list_set_unhandled_action_handler(live, unhandled_list_action, &misuse_destroyed,
                                                     count_misuse_destroy));
    CHECK_OK(frond_list_set_unhandled_action_handler(live, NULL, NULL, NULL));
    CHECK(misuse_destroyed == 13);
    CHECK_OK(frond_list_set_unhandled_action_handler(live, unhandled_list_action, &misuse_destroyed,
                                                     count_misuse_destroy));
    CHECK_OK(frond_list_free(live));
    CHECK(misuse_destroyed == 15);
}

int main(void) {
    frond_node *live_node = NULL;
    frond_config *live_config = NULL;
    size_t handles_at_start = 0;
    size_t handles_at_end = 0;
    CHECK_OK(frond_handle_count(&handles_at_start));
    CHECK_OK(frond_node_new(&live_node, NULL));
    CHECK_OK(frond_config_new(&live_config));
    make_bad_handles(live_node, live_config);

    test_bad_handles_are_refused(live_node, live_config);
    test_null_out_pointers(live_node, live_config);
    test_bad_numbers_and_enumerators(live_node, live_config);
    test_changes_from_callbacks_are_refused();
    test_refused_registration_keeps_its_message();
    test_library_functions_take_any_input();
    test_changeset_handles_are_checked(live_node);
    test_data_source_handles_are_checked(live_node);
    test_list_handles_are_checked(live_node);
    test_layout_of_a_non_root_is_refused();
    test_component_and_root_handles_are_checked(live_node, live_config);
    test_component_arguments_are_checked();
    test_layout_component_handles_are_checked(live_node, live_config);
    test_layout_component_arguments_are_checked();
    test_animation_arguments_are_checked();
    test_root_arguments_and_failures_are_reported();
    test_render_and_scope_arguments_are_checked();
    test_provider_and_view_type_arguments_are_checked();
    test_action_arguments_are_checked();
    test_action_block_arguments_are_checked();
    test_wrapper_arguments_are_checked(live_node);
    test_json_tree_arguments_are_checked();
    test_legacy_arguments_are_checked(live_node);
    test_snapshot_arguments_are_checked(live_node);

    /* The live objects still work after all of that. */
    CHECK_OK(frond_node_style_set_width(live_node, 25, FROND_UNIT_POINT));
    CHECK_OK(frond_node_calculate_layout(live_node, FROND_UNDEFINED, FROND_UNDEFINED, FROND_DIRECTION_LTR));
    {
        float width = 0;
        CHECK_OK(frond_node_layout_get_width(&width, live_node));
        CHECK_FLOAT(25, width);
    }
    CHECK_OK(frond_node_free(live_node));
    CHECK_OK(frond_config_free(live_config));
    CHECK_OK(frond_handle_count(&handles_at_end));
    CHECK(handles_at_end == handles_at_start);
    return check_report("misuse_test");
}
