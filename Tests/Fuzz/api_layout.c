/* The api fuzzer's operations on the Layout section: configs, nodes, styles, measure and
 * baseline callbacks, layout and its results. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "api_fuzzer.h"

static void op_config_new(void) {
    frond_config *config = NULL;
    if (FZ(frond_config_new(&config)) == FROND_OK) fz_keep_config(config);
}

static void op_config_free(void) { FZ(frond_config_free(fz_pick_config())); }

static void op_config_set(void) {
    frond_config *config = fz_pick_config();
    float number;
    bool flag;
    uint32_t errata;
    switch (fz_pick(8)) {
    case 0: FZ(frond_config_set_point_scale_factor(config, fz_float())); break;
    case 1: FZ(frond_config_get_point_scale_factor(fz_chance(5) ? NULL : &number, config)); break;
    case 2: FZ(frond_config_set_use_web_defaults(config, fz_bool())); break;
    case 3: FZ(frond_config_get_use_web_defaults(&flag, config)); break;
    case 4: FZ(frond_config_set_errata(config, fz_chance(50) ? fz_u32() : fz_u8() % 16)); break;
    case 5: FZ(frond_config_get_errata(&errata, config)); break;
    case 6: FZ(frond_config_set_experimental_feature(config, (frond_experimental_feature)(int)(fz_u8() % 4 - 1), fz_bool())); break;
    default: FZ(frond_config_get_experimental_feature(&flag, config, (frond_experimental_feature)(int)(fz_u8() % 4 - 1))); break;
    }
}

static void op_node_new(void) {
    frond_node *node = NULL;
    if (FZ(frond_node_new(&node, fz_chance(50) ? NULL : fz_pick_config())) == FROND_OK) fz_keep_node(node);
}

static void op_node_free(void) {
    if (fz_bool()) FZ(frond_node_free(fz_pick_node()));
    else FZ(frond_node_free_recursive(fz_pick_node()));
}

static void op_node_tree(void) {
    frond_node *node = fz_pick_node(), *child = fz_pick_node(), *found = NULL;
    size_t count = 0;
    switch (fz_pick(7)) {
    case 0: FZ(frond_node_insert_child(node, child, fz_chance(20) ? (size_t)fz_u64() : fz_pick(4))); break;
    case 1: FZ(frond_node_append_child(node, child)); break;
    case 2: FZ(frond_node_remove_child(node, child)); break;
    case 3: FZ(frond_node_remove_all_children(node)); break;
    case 4: FZ(frond_node_get_child_count(&count, node)); break;
    case 5: FZ(frond_node_get_child(&found, node, fz_chance(20) ? (size_t)fz_u64() : fz_pick(4))); break;
    default: FZ(frond_node_get_parent(&found, node)); break;
    }
}

static int small_enum(void) { return fz_chance(90) ? (int)fz_pick(10) : (int)fz_u32(); }

static void op_node_style_enum(void) {
    frond_node *node = fz_pick_node();
    int value = small_enum();
    union {
        frond_direction direction;
        frond_flex_direction flex_direction;
        frond_justify justify;
        frond_align align;
        frond_position_type position_type;
        frond_wrap wrap;
        frond_overflow overflow;
        frond_display display;
        frond_box_sizing box_sizing;
    } out;
    switch (fz_pick(21)) {
    case 0: FZ(frond_node_style_set_direction(node, (frond_direction)value)); break;
    case 1: FZ(frond_node_style_set_flex_direction(node, (frond_flex_direction)value)); break;
    case 2: FZ(frond_node_style_set_justify_content(node, (frond_justify)value)); break;
    case 3: FZ(frond_node_style_set_align_content(node, (frond_align)value)); break;
    case 4: FZ(frond_node_style_set_align_items(node, (frond_align)value)); break;
    case 5: FZ(frond_node_style_set_align_self(node, (frond_align)value)); break;
    case 6: FZ(frond_node_style_set_position_type(node, (frond_position_type)value)); break;
    case 7: FZ(frond_node_style_set_flex_wrap(node, (frond_wrap)value)); break;
    case 8: FZ(frond_node_style_set_overflow(node, (frond_overflow)value)); break;
    case 9: FZ(frond_node_style_set_display(node, (frond_display)value)); break;
    case 10: FZ(frond_node_style_set_box_sizing(node, (frond_box_sizing)value)); break;
    case 11: FZ(frond_node_style_get_direction(&out.direction, node)); break;
    case 12: FZ(frond_node_style_get_flex_direction(&out.flex_direction, node)); break;
    case 13: FZ(frond_node_style_get_justify_content(&out.justify, node)); break;
    case 14: FZ(frond_node_style_get_align_content(&out.align, node)); break;
    case 15: FZ(frond_node_style_get_align_items(&out.align, node)); break;
    case 16: FZ(frond_node_style_get_align_self(&out.align, node)); break;
    case 17: FZ(frond_node_style_get_position_type(&out.position_type, node)); break;
    case 18: FZ(frond_node_style_get_flex_wrap(&out.wrap, node)); break;
    case 19: FZ(frond_node_style_get_overflow(&out.overflow, node)); break;
    default: FZ(frond_node_style_get_display(&out.display, node)); break;
    }
    if (fz_chance(10)) FZ(frond_node_style_get_box_sizing(&out.box_sizing, node));
    if (fz_chance(5)) FZ(frond_node_style_reset(node));
}

static void op_node_style_number(void) {
    frond_node *node = fz_pick_node();
    float value = fz_float(), out = 0;
    switch (fz_pick(16)) {
    case 0: FZ(frond_node_style_set_flex(node, value)); break;
    case 1: FZ(frond_node_style_unset_flex(node)); break;
    case 2: FZ(frond_node_style_get_flex(&out, node)); break;
    case 3: FZ(frond_node_style_set_flex_grow(node, value)); break;
    case 4: FZ(frond_node_style_unset_flex_grow(node)); break;
    case 5: FZ(frond_node_style_get_flex_grow(&out, node)); break;
    case 6: FZ(frond_node_style_set_flex_shrink(node, value)); break;
    case 7: FZ(frond_node_style_unset_flex_shrink(node)); break;
    case 8: FZ(frond_node_style_get_flex_shrink(&out, node)); break;
    case 9: FZ(frond_node_style_set_aspect_ratio(node, value)); break;
    case 10: FZ(frond_node_style_unset_aspect_ratio(node)); break;
    case 11: FZ(frond_node_style_get_aspect_ratio(&out, node)); break;
    case 12: FZ(frond_node_set_is_reference_baseline(node, fz_bool())); break;
    case 13: FZ(frond_node_mark_dirty(node)); break;
    default: {
        bool flag;
        FZ(frond_node_is_dirty(&flag, node));
        FZ(frond_node_get_is_reference_baseline(&flag, node));
        break;
    }
    }
}

static void op_node_style_length(void) {
    frond_node *node = fz_pick_node();
    float value = fz_float();
    frond_unit unit = (frond_unit)(fz_chance(95) ? (int)fz_pick(8) : (int)fz_u32());
    frond_edge edge = (frond_edge)(fz_chance(95) ? (int)fz_pick(10) : (int)fz_u32());
    frond_gutter gutter = (frond_gutter)(fz_chance(95) ? (int)fz_pick(4) : (int)fz_u32());
    frond_value out;
    switch (fz_pick(24)) {
    case 0: FZ(frond_node_style_set_flex_basis(node, value, unit)); break;
    case 1: FZ(frond_node_style_set_width(node, value, unit)); break;
    case 2: FZ(frond_node_style_set_height(node, value, unit)); break;
    case 3: FZ(frond_node_style_set_min_width(node, value, unit)); break;
    case 4: FZ(frond_node_style_set_min_height(node, value, unit)); break;
    case 5: FZ(frond_node_style_set_max_width(node, value, unit)); break;
    case 6: FZ(frond_node_style_set_max_height(node, value, unit)); break;
    case 7: FZ(frond_node_style_set_margin(node, edge, value, unit)); break;
    case 8: FZ(frond_node_style_set_padding(node, edge, value, unit)); break;
    case 9: FZ(frond_node_style_set_border(node, edge, value, unit)); break;
    case 10: FZ(frond_node_style_set_position(node, edge, value, unit)); break;
    case 11: FZ(frond_node_style_set_gap(node, gutter, value, unit)); break;
    case 12: FZ(frond_node_style_get_flex_basis(&out, node)); break;
    case 13: FZ(frond_node_style_get_width(&out, node)); break;
    case 14: FZ(frond_node_style_get_height(&out, node)); break;
    case 15: FZ(frond_node_style_get_min_width(&out, node)); break;
    case 16: FZ(frond_node_style_get_min_height(&out, node)); break;
    case 17: FZ(frond_node_style_get_max_width(&out, node)); break;
    case 18: FZ(frond_node_style_get_max_height(&out, node)); break;
    case 19: FZ(frond_node_style_get_margin(&out, node, edge)); break;
    case 20: FZ(frond_node_style_get_padding(&out, node, edge)); break;
    case 21: FZ(frond_node_style_get_border(&out, node, edge)); break;
    case 22: FZ(frond_node_style_get_position(&out, node, edge)); break;
    default: FZ(frond_node_style_get_gap(&out, node, gutter)); break;
    }
}

static void op_node_callbacks(void) {
    frond_node *node = fz_pick_node();
    fz_token *token = fz_token_new(FZ_TOKEN_USER_DATA, fz_bool() ? "measure" : "baseline");
    bool with_destroy = fz_chance(90), flag;
    frond_status status;
    if (!with_destroy) fz_token_keep(token);
    switch (fz_pick(5)) {
    case 0:
        status = FZ(frond_node_set_measure_func(node, fz_measure, token, with_destroy ? fz_destroy_user_data : NULL));
        break;
    case 1:
        status = FZ(frond_node_set_baseline_func(node, fz_baseline, token, with_destroy ? fz_destroy_user_data : NULL));
        break;
    case 2: /* removing: the header does not say whether user_data without a function is destroyed */
        fz_token_lenient(token);
        status = FZ(frond_node_set_measure_func(node, NULL, token, with_destroy ? fz_destroy_user_data : NULL));
        break;
    case 3:
        fz_token_lenient(token);
        status = FZ(frond_node_set_baseline_func(node, NULL, token, with_destroy ? fz_destroy_user_data : NULL));
        break;
    default:
        fz_token_keep(token);
        FZ(frond_node_has_measure_func(&flag, node));
        FZ(frond_node_has_baseline_func(&flag, node));
        return;
    }
    (void)status;
}

static void check_frame(const frond_rect *frame, const char *what) {
    /* Before a node's first layout its frame is undefined (NaN); afterwards finite. */
    (void)frame;
    (void)what;
}

static void op_node_layout(void) {
    frond_node *node = fz_pick_node();
    float width = fz_chance(30) ? FROND_UNDEFINED : fz_float(), height = fz_chance(30) ? FROND_UNDEFINED : fz_float();
    frond_layout_statistics counted;
    frond_status status;
    memset(&counted, 0, sizeof counted);
    counted.struct_size = fz_chance(5) ? fz_u32() : (uint32_t)sizeof counted;
    status = fz_bool() ? FZ(frond_node_calculate_layout(node, width, height, (frond_direction)small_enum()))
                       : FZ(frond_node_calculate_layout_counted(&counted, node, width, height,
                                                                (frond_direction)small_enum()));
    if (status == FROND_OK && fz_depth == 0) {
        frond_rect frame;
        if (FZ(frond_node_layout_get_frame(&frame, node)) == FROND_OK) {
            fz_check_finite(frame.left, "laid-out frame left");
            fz_check_finite(frame.top, "laid-out frame top");
            fz_check_finite(frame.width, "laid-out frame width");
            fz_check_finite(frame.height, "laid-out frame height");
            check_frame(&frame, "layout");
        }
    }
}

static void op_node_results(void) {
    frond_node *node = fz_pick_node();
    frond_edge edge = (frond_edge)small_enum();
    frond_rect frame;
    frond_direction direction;
    float number;
    bool flag;
    switch (fz_pick(12)) {
    case 0: FZ(frond_node_layout_get_frame(&frame, node)); break;
    case 1: FZ(frond_node_layout_get_left(&number, node)); break;
    case 2: FZ(frond_node_layout_get_top(&number, node)); break;
    case 3: FZ(frond_node_layout_get_width(&number, node)); break;
    case 4: FZ(frond_node_layout_get_height(&number, node)); break;
    case 5: FZ(frond_node_layout_get_margin(&number, node, edge)); break;
    case 6: FZ(frond_node_layout_get_border(&number, node, edge)); break;
    case 7: FZ(frond_node_layout_get_padding(&number, node, edge)); break;
    case 8: FZ(frond_node_layout_get_direction(&direction, node)); break;
    case 9: FZ(frond_node_layout_get_had_overflow(&flag, node)); break;
    case 10: FZ(frond_node_layout_get_has_new_layout(&flag, node)); break;
    default: FZ(frond_node_layout_set_has_new_layout(node, fz_bool())); break;
    }
}

static void op_library(void) {
    size_t count;
    int major = -1, minor = -1, patch = -1;
    switch (fz_pick(7)) {
    case 0: if (frond_version() == NULL) fz_fail("frond_version returned NULL"); break;
    case 5: /* a library built on this API records a message of its own (NULL forgets it) */
        frond_set_last_error(fz_string());
        if (frond_last_error_message() == NULL) fz_fail("frond_last_error_message returned NULL after set");
        break;
    case 6:
        frond_version_numbers(fz_chance(20) ? NULL : &major, fz_chance(20) ? NULL : &minor,
                              fz_chance(20) ? NULL : &patch);
        if ((major != -1 && major != FROND_VERSION_MAJOR) || (minor != -1 && minor != FROND_VERSION_MINOR) ||
            (patch != -1 && patch != FROND_VERSION_PATCH)) {
            fz_fail("frond_version_numbers gave %d.%d.%d, the header says %d.%d.%d", major, minor, patch,
                    FROND_VERSION_MAJOR, FROND_VERSION_MINOR, FROND_VERSION_PATCH);
        }
        break;
    case 1: if (frond_status_name((frond_status)(int)fz_u32()) == NULL) fz_fail("frond_status_name returned NULL"); break;
    case 2: if (frond_last_error_message() == NULL) fz_fail("frond_last_error_message returned NULL"); break;
    case 3: frond_clear_last_error(); break;
    default: FZ(frond_handle_count(fz_chance(5) ? NULL : &count)); break;
    }
}

const fz_operation fz_layout_operations[] = {
    op_config_new, op_config_free, op_config_set, op_node_new, op_node_new, op_node_free, op_node_tree, op_node_tree,
    op_node_tree, op_node_style_enum, op_node_style_number, op_node_style_length, op_node_style_length,
    op_node_callbacks, op_node_callbacks, op_node_layout, op_node_layout, op_node_results, op_library,
};
const size_t fz_layout_operation_count = sizeof fz_layout_operations / sizeof fz_layout_operations[0];
