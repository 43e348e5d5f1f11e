/* The api fuzzer's values (view specs, sizes, attributes, text styles) and its operations
 * on the Components, Render components, Action blocks, Wrappers and Legacy sections. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_fuzzer.h"

#define SENTINEL ((frond_component *)(uintptr_t)0x5e)

/* ---- values --------------------------------------------------------------------------- */

frond_value fz_value(void) {
    frond_value value;
    value.unit = (frond_unit)(fz_chance(95) ? (int)fz_pick(7) : (int)fz_u32());
    value.value = fz_chance(80) ? fz_small_float() : fz_float();
    return value;
}

frond_color fz_color(void) {
    frond_color color;
    if (fz_chance(85)) {
        color.red = (float)fz_u8() / 255.0f;
        color.green = (float)fz_u8() / 255.0f;
        color.blue = (float)fz_u8() / 255.0f;
        color.alpha = (float)fz_u8() / 255.0f;
    } else {
        color.red = fz_float();
        color.green = fz_float();
        color.blue = fz_float();
        color.alpha = fz_float();
    }
    return color;
}

bool fz_color_is_valid(frond_color color) {
    const float parts[4] = {color.red, color.green, color.blue, color.alpha};
    int i;
    for (i = 0; i < 4; i++) {
        if (!(parts[i] >= 0.0f && parts[i] <= 1.0f)) return false;
    }
    return true;
}

frond_attribute fz_attribute(void) {
    frond_attribute attribute;
    memset(&attribute, 0, sizeof attribute);
    attribute.name = fz_chance(90) ? fz_word() : fz_string();
    attribute.kind = (frond_attribute_kind)(fz_chance(95) ? 1 + (int)fz_pick(7) : (int)fz_u32());
    attribute.number = fz_chance(70) ? (double)fz_small_float() : fz_double();
    attribute.boolean = fz_bool();
    attribute.string = fz_chance(85) ? fz_word() : fz_string();
    attribute.color = fz_color();
    attribute.host_value = fz_u64();
    attribute.action_block = fz_chance(90) ? fz_pick_block() : NULL;
    return attribute;
}

bool fz_payload_is_valid(const frond_attribute *payload) {
    switch (payload->kind) {
    case FROND_ATTRIBUTE_NUMBER: return isfinite(payload->number);
    case FROND_ATTRIBUTE_BOOL:
    case FROND_ATTRIBUTE_HOST_VALUE: return true;
    case FROND_ATTRIBUTE_STRING:
    case FROND_ATTRIBUTE_ACTION: return payload->string != NULL && fz_is_utf8(payload->string);
    case FROND_ATTRIBUTE_COLOR: return fz_color_is_valid(payload->color);
    default: return false;
    }
}

static const size_t view_offsets[] = {
    offsetof(frond_view_spec, view_type), offsetof(frond_view_spec, attributes),
    offsetof(frond_view_spec, attribute_count), offsetof(frond_view_spec, accessibility_label),
    offsetof(frond_view_spec, accessibility_hint), offsetof(frond_view_spec, accessibility_traits),
};

const frond_view_spec *fz_view_spec(void) {
    frond_view_spec spec;
    frond_attribute *attributes;
    size_t count, i;
    if (fz_chance(15)) return NULL;
    memset(&spec, 0, sizeof spec);
    spec.view_type = fz_chance(90) ? fz_word() : fz_string();
    count = fz_pick(5);
    attributes = fz_alloc((count ? count : 1) * sizeof *attributes);
    for (i = 0; i < count; i++) attributes[i] = fz_attribute();
    spec.attributes = fz_chance(97) ? attributes : NULL;
    spec.attribute_count = count;
    spec.accessibility_label = fz_chance(80) ? NULL : fz_string();
    spec.accessibility_hint = fz_chance(90) ? NULL : fz_string();
    spec.accessibility_traits = fz_chance(80) ? 0 : fz_u64();
    return fz_struct_copy(&spec, sizeof spec,
                          fz_struct_size(sizeof spec, view_offsets, sizeof view_offsets / sizeof view_offsets[0]));
}

static const size_t size_offsets[] = {
    offsetof(frond_size_spec, width), offsetof(frond_size_spec, height), offsetof(frond_size_spec, min_width),
    offsetof(frond_size_spec, min_height), offsetof(frond_size_spec, max_width), offsetof(frond_size_spec, max_height),
};

const frond_size_spec *fz_size_spec(void) {
    frond_size_spec spec;
    if (fz_chance(30)) return NULL;
    memset(&spec, 0, sizeof spec);
    if (fz_bool()) spec.width = fz_value();
    if (fz_bool()) spec.height = fz_value();
    if (fz_chance(20)) spec.min_width = fz_value();
    if (fz_chance(20)) spec.min_height = fz_value();
    if (fz_chance(20)) spec.max_width = fz_value();
    if (fz_chance(20)) spec.max_height = fz_value();
    return fz_struct_copy(&spec, sizeof spec,
                          fz_struct_size(sizeof spec, size_offsets, sizeof size_offsets / sizeof size_offsets[0]));
}

static const size_t text_offsets[] = {
    offsetof(frond_text_style, font_size), offsetof(frond_text_style, line_height),
    offsetof(frond_text_style, font_family), offsetof(frond_text_style, has_color), offsetof(frond_text_style, color),
    offsetof(frond_text_style, max_lines), offsetof(frond_text_style, font_weight), offsetof(frond_text_style, text_align),
};

const frond_text_style *fz_text_style(void) {
    frond_text_style style;
    if (fz_chance(40)) return NULL;
    memset(&style, 0, sizeof style);
    style.font_size = fz_chance(70) ? fz_small_float() : fz_float();
    style.line_height = fz_chance(70) ? 0 : fz_float();
    style.font_family = fz_chance(80) ? NULL : fz_string();
    style.has_color = fz_bool();
    style.color = fz_color();
    style.max_lines = fz_chance(70) ? (int32_t)fz_pick(4) : (int32_t)fz_u32();
    style.font_weight = fz_chance(70) ? (int32_t)(fz_pick(11) * 100) : (int32_t)fz_u32();
    style.text_align = (frond_text_align)(fz_chance(95) ? (int)fz_pick(5) : (int)fz_u32());
    return fz_struct_copy(&style, sizeof style,
                          fz_struct_size(sizeof style, text_offsets, sizeof text_offsets / sizeof text_offsets[0]));
}

static const char *fz_key(void) { return fz_chance(60) ? NULL : fz_string(); }

static const char *const texts[] = {"", "a", "hello world", "a b c d e f g h", "\xe2\x80\x8b", "long words breaking here"};

static const char *fz_text(void) {
    if (fz_chance(80)) return texts[fz_pick(sizeof texts / sizeof texts[0])];
    return fz_string();
}

/* ---- component constructors ------------------------------------------------------------ */

static const size_t flexbox_offsets[] = {
    offsetof(frond_flexbox_style, direction), offsetof(frond_flexbox_style, justify_content),
    offsetof(frond_flexbox_style, spacing), offsetof(frond_flexbox_style, padding), offsetof(frond_flexbox_style, border),
    offsetof(frond_flexbox_style, layout_direction), offsetof(frond_flexbox_style, overflow),
};

static const size_t flex_child_offsets[] = {
    offsetof(frond_flex_child, component), offsetof(frond_flex_child, flex_grow), offsetof(frond_flex_child, flex_basis),
    offsetof(frond_flex_child, align_self), offsetof(frond_flex_child, margin), offsetof(frond_flex_child, position_type),
    offsetof(frond_flex_child, position), offsetof(frond_flex_child, aspect_ratio),
};

static const size_t static_child_offsets[] = {
    offsetof(frond_static_child, component), offsetof(frond_static_child, x), offsetof(frond_static_child, y),
    offsetof(frond_static_child, size),
};

static int small_enum(void) { return fz_chance(95) ? (int)fz_pick(9) : (int)fz_u32(); }

static float usual_float(void) { return fz_chance(80) ? fz_small_float() : fz_float(); }

static frond_status new_flexbox(frond_component **out) {
    frond_flexbox_style style;
    frond_flex_child *children;
    size_t count = fz_pick(5), i;
    memset(&style, 0, sizeof style);
    style.direction = (frond_flex_direction)small_enum();
    style.wrap = (frond_wrap)(fz_chance(90) ? (int)fz_pick(3) : small_enum());
    style.justify_content = (frond_justify)small_enum();
    style.align_items = (frond_align)small_enum();
    style.align_content = (frond_align)small_enum();
    style.spacing = fz_chance(60) ? 0 : usual_float();
    style.line_spacing = fz_chance(70) ? 0 : usual_float();
    for (i = 0; i < 4; i++) {
        if (fz_chance(20)) style.padding[i] = fz_value();
        if (fz_chance(10)) style.border[i] = usual_float();
    }
    style.layout_direction = (frond_direction)(fz_chance(90) ? (int)fz_pick(3) : small_enum());
    style.overflow = (frond_overflow)(fz_chance(90) ? (int)fz_pick(3) : small_enum());
    children = fz_alloc((count ? count : 1) * sizeof *children);
    for (i = 0; i < count; i++) {
        frond_flex_child *child = &children[i];
        int edge;
        child->struct_size = fz_struct_size(sizeof *child, flex_child_offsets, sizeof flex_child_offsets / sizeof flex_child_offsets[0]);
        child->component = fz_pick_component();
        if (fz_chance(40)) child->flex_grow = usual_float();
        if (fz_chance(40)) child->flex_shrink = usual_float();
        if (fz_chance(30)) child->flex_basis = fz_value();
        child->align_self = (frond_align)(fz_chance(80) ? 0 : small_enum());
        for (edge = 0; edge < 4; edge++) {
            if (fz_chance(15)) child->margin[edge] = fz_value();
            if (fz_chance(10)) child->position[edge] = fz_value();
        }
        child->position_type = (frond_position_type)(fz_chance(80) ? 0 : small_enum());
        if (fz_chance(10)) child->aspect_ratio = usual_float();
    }
    return frond_component_new_flexbox(out, fz_view_spec(), fz_size_spec(), fz_key(),
                                       fz_struct_copy(&style, sizeof style,
                                                      fz_struct_size(sizeof style, flexbox_offsets,
                                                                     sizeof flexbox_offsets / sizeof flexbox_offsets[0])),
                                       fz_chance(97) ? children : NULL, count);
}

static frond_status new_static(frond_component **out) {
    size_t count = fz_pick(4), i;
    frond_static_child *children = fz_alloc((count ? count : 1) * sizeof *children);
    for (i = 0; i < count; i++) {
        children[i].struct_size = fz_struct_size(sizeof children[i], static_child_offsets,
                                                 sizeof static_child_offsets / sizeof static_child_offsets[0]);
        children[i].component = fz_pick_component();
        children[i].x = usual_float();
        children[i].y = usual_float();
        children[i].size = fz_chance(60) ? NULL : fz_size_spec();
    }
    return frond_component_new_static(out, fz_view_spec(), fz_size_spec(), fz_key(), fz_chance(97) ? children : NULL, count);
}

static frond_status new_render(frond_component **out) {
    fz_token *props = fz_chance(85) ? fz_token_new(FZ_TOKEN_PROPS, "props") : NULL;
    bool destroys = fz_chance(90);
    frond_status status;
    if (props != NULL && !destroys) fz_token_keep(props);
    status = frond_component_new_render(out, fz_pick_class(), fz_view_spec(), fz_size_spec(), fz_key(), props,
                                        destroys ? fz_destroy_props : NULL);
    return status;
}

static frond_status new_animation(frond_component **out) {
    size_t initial_count, final_count;
    frond_animation *initial, *final;
    const char *key = fz_key();
    frond_component *child = fz_pick_component();
    frond_status status;
    initial = fz_animations(&initial_count);
    final = fz_animations(&final_count);
    status = frond_component_new_animation(out, key, child, initial, initial_count, final, final_count);
    fz_settle_animations();
    return status;
}

static frond_status new_legacy(frond_component **out) {
    static const size_t offsets[] = {
        offsetof(frond_legacy_vtable, name), offsetof(frond_legacy_vtable, view), offsetof(frond_legacy_vtable, measure),
        offsetof(frond_legacy_vtable, did_mount), offsetof(frond_legacy_vtable, did_unmount),
        offsetof(frond_legacy_vtable, handle_action),
    };
    frond_legacy_vtable vtable;
    fz_token *token = fz_token_new(FZ_TOKEN_USER_DATA, "legacy");
    bool destroys = fz_chance(90);
    if (!destroys) fz_token_keep(token);
    fz_fill_legacy_vtable(&vtable);
    return frond_component_new_legacy(out, fz_chance(97) ? fz_struct_copy(&vtable, sizeof vtable,
                                                                          fz_struct_size(sizeof vtable, offsets, sizeof offsets / sizeof offsets[0]))
                                                         : NULL,
                                      fz_size_spec(), fz_key(), token, destroys ? fz_destroy_user_data : NULL);
}

static const char *registered_name(void) {
    size_t slot = fz_pick(FZ_NAMES);
    if (fz_chance(85) && fz_w.name_used[slot]) return fz_w.names[slot];
    return fz_chance(50) ? fz_word() : fz_string();
}

static frond_status new_by_name(frond_component **out) {
    size_t count;
    const char *name = registered_name();
    frond_argument *arguments = fz_arguments(&count);
    return frond_component_new_by_name(out, name, arguments, count);
}

static const char *const json_snippets[] = {
    "{\"view\":\"label\",\"attributes\":{\"text\":\"hi\",\"onTap\":\"tapped\"},\"style\":{\"width\":40,\"height\":20}}",
    "{\"children\":[{\"text\":\"a b\"},{\"view\":\"box\",\"key\":\"k\",\"style\":{\"flexGrow\":1}}],\"style\":{\"flexDirection\":\"row\"}}",
    "{\"root\":{\"view\":\"v\",\"attributes\":{\"backgroundColor\":\"#ff000080\",\"opacity\":0.5}}}",
    "{\"view\":\"a\\u0000b\",\"attributes\":{\"x\\u0000y\":1,\"x\\u0000z\":2}}",
    "{\"construct\":\"k0\",\"arguments\":[]}",
    "{\"children\":[{\"construct\":\"k1\",\"arguments\":[1]},{\"construct\":\"k2\",\"arguments\":[\"s\",2.5]}]}",
    "{\"text\":\"\\ud800\",\"attributes\":{\"fontSize\":1e300}}",
    "{\"view\":\"w\",\"style\":{\"width\":1e39,\"margin\":{\"all\":\"50%\"}}}",
    "[", "", "{\"view\":null}", "{\"children\":[{\"children\":[{\"children\":[]}]}]}",
};

static frond_status new_from_json(frond_component **out) {
    const char *text;
    if (fz_chance(80)) text = json_snippets[fz_pick(sizeof json_snippets / sizeof json_snippets[0])];
    else text = fz_string();
    if (fz_avoid("json-nul") && strstr(text ? text : "", "\\u0000") != NULL) text = json_snippets[0];
    return frond_component_new_from_json(out, text);
}

frond_component *fz_new_component(void) {
    frond_component *out = SENTINEL;
    frond_status status;
    const char *what;
    switch (fz_pick(16)) {
    case 0: what = "new"; status = frond_component_new(&out, fz_view_spec(), fz_size_spec(), fz_key()); break;
    case 1: what = "composite"; status = frond_component_new_composite(&out, fz_view_spec(), fz_size_spec(), fz_key(), fz_pick_component()); break;
    case 2: what = "text"; status = frond_component_new_text(&out, fz_text(), fz_text_style(), fz_size_spec(), fz_key()); break;
    case 3: what = "flexbox"; status = new_flexbox(&out); break;
    case 4: {
        frond_value insets[4];
        int i;
        for (i = 0; i < 4; i++) insets[i] = fz_value();
        what = "inset";
        status = frond_component_new_inset(&out, fz_view_spec(), fz_size_spec(), fz_key(), fz_chance(90) ? insets : NULL,
                                           fz_pick_component());
        break;
    }
    case 5:
        what = "center";
        status = frond_component_new_center(&out, fz_view_spec(), fz_size_spec(), fz_key(), (frond_centering)small_enum(),
                                            (frond_center_sizing)small_enum(), fz_pick_component());
        break;
    case 6: what = "ratio"; status = frond_component_new_ratio(&out, fz_view_spec(), fz_size_spec(), fz_key(), usual_float(), fz_pick_component()); break;
    case 7: what = "background"; status = frond_component_new_background(&out, fz_view_spec(), fz_size_spec(), fz_key(), fz_pick_component(), fz_pick_component()); break;
    case 8: what = "overlay"; status = frond_component_new_overlay(&out, fz_view_spec(), fz_size_spec(), fz_key(), fz_pick_component(), fz_pick_component()); break;
    case 9: what = "static"; status = new_static(&out); break;
    case 10: case 11: what = "render"; status = new_render(&out); break;
    case 12: what = "animation"; status = new_animation(&out); break;
    case 13: what = "legacy"; status = new_legacy(&out); break;
    case 14: what = "by_name"; status = new_by_name(&out); break;
    default: what = "from_json"; status = new_from_json(&out); break;
    }
    if (fz_status(status, what) == FROND_OK) {
        if (out == NULL || out == SENTINEL) fz_fail("frond_component_new_%s returned OK without a component", what);
        return out;
    }
    if (out != SENTINEL) fz_fail("frond_component_new_%s failed and wrote its out parameter", what);
    return NULL;
}

frond_component *fz_child_for_frond(void) {
    switch (fz_pick(8)) {
    case 0: return NULL;
    case 1: return fz_take_component();
    case 2: return fz_bad_handle();
    case 3: return fz_pick_component();          /* possibly still in the pool: given twice */
    default: return fz_new_component();
    }
}

static void op_component_new(void) {
    frond_component *component = fz_new_component();
    if (component != NULL) fz_keep_component(component);
}

static void op_component_release(void) { FZ(frond_component_release(fz_pick_component())); }

/* ---- render classes ------------------------------------------------------------------- */

static void op_render_class_new(void) {
    frond_render_class_spec spec;
    frond_render_class *render_class = NULL;
    fz_token *token = fz_token_new(FZ_TOKEN_USER_DATA, "render class");
    bool stateful = false, destroys = fz_chance(90);
    if (!destroys) fz_token_keep(token);
    fz_fill_render_class_spec(&spec, &stateful);
    token->int_value = fz_class_flags(&spec);
    if (FZ(frond_render_class_new(&render_class, fz_chance(97) ? fz_struct_copy(&spec, sizeof spec, spec.struct_size) : NULL,
                                  token, destroys ? fz_destroy_user_data : NULL)) == FROND_OK) {
        fz_keep_class(render_class);
    }
}

static void op_render_class_release(void) { FZ(frond_render_class_release(fz_pick_class())); }

/* ---- action blocks ---------------------------------------------------------------------- */

static void op_block_new(void) {
    frond_action_block *block = NULL;
    fz_token *token = fz_token_new(FZ_TOKEN_USER_DATA, "action block");
    bool destroys = fz_chance(90);
    frond_status status;
    if (!destroys) fz_token_keep(token);
    if (fz_bool()) {
        status = FZ(frond_action_block_new(&block, fz_chance(95) ? fz_block : NULL, token, destroys ? fz_destroy_user_data : NULL));
    } else {
        const fz_signature *signature = fz_pick_signature();
        const frond_argument_type *types = signature->types;
        size_t count = signature->count;
        bool corrupt = fz_chance(10);
        if (corrupt) {
            frond_argument_type *bad = fz_alloc((FROND_MAX_ARGUMENTS + 1) * sizeof *bad);
            size_t i;
            for (i = 0; i <= FROND_MAX_ARGUMENTS; i++) bad[i] = FROND_ARGUMENT_INT64;
            if (fz_bool()) {
                count = count ? count : 1;
                bad[fz_pick(count)] = (frond_argument_type)(fz_bool() ? 0 : 6 + (int)fz_u8());
            } else {
                count = FROND_MAX_ARGUMENTS + 1;
            }
            types = bad;
        }
        status = FZ(frond_action_block_new_typed(&block, types, count, fz_chance(97) ? signature->block : NULL, token,
                                                 destroys ? fz_destroy_user_data : NULL));
        if (corrupt && status == FROND_OK) fz_fail("frond_action_block_new_typed accepted unknown or too many argument types");
    }
    if (status == FROND_OK) fz_keep_block(block);
}

static void op_block_release(void) {
    frond_action_block *block = fz_pick_block();
    if (getenv("FROND_FUZZ_TRACE") != NULL) fprintf(stderr, "trace: release block %p\n", (void *)block);
    FZ(frond_action_block_release(block));
}

/* ---- wrappers ------------------------------------------------------------------------------ */

static void op_wrapper(void) {
    frond_wrapper *wrapper = NULL;
    frond_component *component = NULL;
    switch (fz_pick(4)) {
    case 0:
    case 1: {
        fz_token *token = fz_token_new(FZ_TOKEN_USER_DATA, "wrapper");
        bool destroys = fz_chance(90);
        if (!destroys) fz_token_keep(token);
        if (FZ(frond_wrapper_new(&wrapper, fz_pick_component(), fz_chance(80) ? fz_wrapper_action : NULL, token,
                                 destroys ? fz_destroy_user_data : NULL)) == FROND_OK) {
            fz_keep_wrapper(wrapper);
        }
        break;
    }
    case 2:
        if (FZ(frond_wrapper_get_component(&component, fz_pick_wrapper())) == FROND_OK) fz_keep_component(component);
        break;
    default: FZ(frond_wrapper_release(fz_pick_wrapper())); break;
    }
}

/* ---- legacy views and constructors --------------------------------------------------------- */

static void op_legacy_view_stale(void) {
    fz_borrowed *view = &fz_w.legacy_views[fz_pick(2)];
    frond_status status = FZ(frond_legacy_view_set((frond_legacy_view *)view->handle, fz_view_spec()));
    if (view->handle != NULL && !view->live && status != FROND_ERR_MISUSE) {
        fz_fail("frond_legacy_view_set with a view handle after its callback returned %s", frond_status_name(status));
    }
}

static void op_constructor_register(void) {
    const fz_signature *signature = fz_pick_signature();
    fz_token *token = fz_token_new(FZ_TOKEN_USER_DATA, "constructor");
    bool destroys = fz_chance(90), corrupt = fz_chance(10);
    const frond_argument_type *types = signature->types;
    size_t count = signature->count;
    char name[32];
    frond_status status;
    if (!destroys) fz_token_keep(token);
    if (fz_chance(80)) snprintf(name, sizeof name, "k%d", (int)fz_pick(4));
    else snprintf(name, sizeof name, "%s", fz_chance(50) ? fz_word() : (fz_string() ? fz_string() : ""));
    if (corrupt) {
        frond_argument_type *bad = fz_alloc((FROND_MAX_ARGUMENTS + 1) * sizeof *bad);
        size_t i;
        for (i = 0; i <= FROND_MAX_ARGUMENTS; i++) bad[i] = FROND_ARGUMENT_DOUBLE;
        if (fz_bool()) {
            count = count ? count : 1;
            bad[fz_pick(count)] = (frond_argument_type)(fz_bool() ? 0 : 6 + (int)fz_u8());
        } else {
            count = FROND_MAX_ARGUMENTS + 1;
        }
        types = bad;
    }
    status = FZ(frond_constructor_register(fz_chance(97) ? name : NULL, types, count,
                                           fz_chance(97) ? signature->constructor : NULL, token,
                                           destroys ? fz_destroy_user_data : NULL));
    if (corrupt && status == FROND_OK) fz_fail("frond_constructor_register accepted unknown or too many argument types");
    if (status == FROND_OK) fz_note_name(name, true);
}

static void op_constructor_unregister(void) {
    char name[32];
    snprintf(name, sizeof name, "%s", registered_name() ? registered_name() : "");
    if (FZ(frond_constructor_unregister(name)) == FROND_OK) fz_note_name(name, false);
}

const fz_operation fz_component_operations[] = {
    op_component_new, op_component_new, op_component_new, op_component_new, op_component_new, op_component_release,
    op_render_class_new, op_render_class_new, op_render_class_release, op_block_new, op_block_release, op_wrapper,
    op_legacy_view_stale, op_constructor_register, op_constructor_unregister,
};
const size_t fz_component_operation_count = sizeof fz_component_operations / sizeof fz_component_operations[0];
