/* libFuzzer harness for tree descriptions in JSON: the input (up to its first NUL) goes
 * to frond_component_new_from_json; a tree it accepts is mounted in a root with the
 * checking host (fuzz_host.h), flushed, described, tapped and ticked, and freed.
 *
 * Constructors registered once, for "construct" nodes:
 *   leaf(string label, number width)  a leaf view "gauge" with a label attribute
 *   none()                            returns NULL (the construction fails)
 *   forged()                          returns a handle that is no live component
 *   count(int64 n)                    a text component
 *   nested(string json)               a component made from the string, itself JSON
 *                                     (frond_component_new_from_json re-entered)
 *   flag(bool on)                     a viewless leaf, or a leaf with an onTap action
 *
 * Oracles: no crash or sanitizer report; every status known and every failure with a
 * message; the host's checks (fuzz_host.h); the handle count back to its baseline and
 * every destroy function called exactly once after each input. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_host.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t baseline_handles;
static int nesting;

static frond_component *leaf_component(const char *view_type, const frond_attribute *attributes, size_t count) {
    frond_view_spec view;
    frond_component *component = NULL;
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = view_type;
    view.attributes = attributes;
    view.attribute_count = count;
    if (frond_component_new(&component, view_type ? &view : NULL, NULL, NULL) != FROND_OK) {
        frond_clear_last_error();
        return NULL;
    }
    return component;
}

static frond_component *construct_leaf(const char *label, double width, void *user_data) {
    frond_attribute label_attribute;
    frond_size_spec size;
    frond_view_spec view;
    frond_component *component = NULL;
    (void)user_data;
    if (label == NULL) fz_fail("constructor leaf got a NULL string");
    if (!fz_is_utf8(label)) fz_fail("constructor leaf got a string that is not UTF-8");
    memset(&label_attribute, 0, sizeof label_attribute);
    label_attribute.name = "label";
    label_attribute.kind = FROND_ATTRIBUTE_STRING;
    label_attribute.string = label;
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "gauge";
    view.attributes = &label_attribute;
    view.attribute_count = 1;
    memset(&size, 0, sizeof size);
    size.struct_size = sizeof size;
    size.width.unit = FROND_UNIT_POINT;
    size.width.value = (float)width;      /* NaN or negative: refused, the constructor returns NULL */
    if (frond_component_new(&component, &view, &size, NULL) != FROND_OK) {
        frond_clear_last_error();
        return NULL;
    }
    return component;
}

static frond_component *construct_none(void *user_data) {
    (void)user_data;
    return NULL;
}

static frond_component *construct_forged(void *user_data) {
    (void)user_data;
    return (frond_component *)(uintptr_t)0x300000007ull;
}

static frond_component *construct_count(int64_t count, void *user_data) {
    char text[32];
    frond_component *component = NULL;
    (void)user_data;
    snprintf(text, sizeof text, "%lld", (long long)count);
    if (frond_component_new_text(&component, text, NULL, NULL, NULL) != FROND_OK) {
        frond_clear_last_error();
        return NULL;
    }
    return component;
}

static frond_component *construct_nested(const char *json, void *user_data) {
    frond_component *component = NULL;
    (void)user_data;
    if (json == NULL) fz_fail("constructor nested got a NULL string");
    if (nesting >= 4) return NULL;
    nesting++;
    if (FZ(frond_component_new_from_json(&component, json)) != FROND_OK) component = NULL;
    nesting--;
    return component;
}

static frond_component *construct_flag(bool on, void *user_data) {
    frond_attribute tap;
    (void)user_data;
    memset(&tap, 0, sizeof tap);
    tap.name = FROND_EVENT_TAP;
    tap.kind = FROND_ATTRIBUTE_ACTION;
    tap.string = "flagTapped";
    return on ? leaf_component("flag", &tap, 1) : leaf_component(NULL, NULL, 0);
}

static void register_constructor(const char *name, const frond_argument_type *types, size_t count, frond_native_func function) {
    if (frond_constructor_register(name, types, count, function, NULL, NULL) != FROND_OK) {
        fprintf(stderr, "json_fuzzer: cannot register %s: %s\n", name, frond_last_error_message());
        abort();
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    static const frond_argument_type leaf_types[] = {FROND_ARGUMENT_STRING, FROND_ARGUMENT_DOUBLE};
    static const frond_argument_type count_types[] = {FROND_ARGUMENT_INT64};
    static const frond_argument_type nested_types[] = {FROND_ARGUMENT_STRING};
    static const frond_argument_type flag_types[] = {FROND_ARGUMENT_BOOL};
    (void)argc;
    (void)argv;
    register_constructor("leaf", leaf_types, 2, (frond_native_func)construct_leaf);
    register_constructor("none", NULL, 0, (frond_native_func)construct_none);
    register_constructor("forged", NULL, 0, (frond_native_func)construct_forged);
    register_constructor("count", count_types, 1, (frond_native_func)construct_count);
    register_constructor("nested", nested_types, 1, (frond_native_func)construct_nested);
    register_constructor("flag", flag_types, 1, (frond_native_func)construct_flag);
    if (frond_handle_count(&baseline_handles) != FROND_OK) abort();
    return 0;
}

static void describe(frond_root *root, bool components) {
    char small[8];
    char *buffer;
    size_t length = 0, again = 0;
    frond_status status = components ? frond_root_describe_components(&length, root, small, sizeof small)
                                     : frond_root_describe(&length, root, small, sizeof small);
    if (FZ(status) != FROND_OK) return;
    if (strlen(small) >= sizeof small) fz_fail("describe overran its buffer");
    buffer = malloc(length + 1);
    if (buffer == NULL) abort();
    status = components ? frond_root_describe_components(&again, root, buffer, length + 1)
                        : frond_root_describe(&again, root, buffer, length + 1);
    if (FZ(status) != FROND_OK || again != length || strlen(buffer) != length) {
        fz_fail("describe gave %zu bytes, then %zu (%zu written)", length, again, strlen(buffer));
    }
    free(buffer);
}

static void mount(frond_component *component, const uint8_t *data, size_t size) {
    static fz_root_record record;
    frond_size_range range;
    frond_host host;
    frond_root *root = NULL;
    fz_token *token;
    size_t count = 0, i;
    frond_action_outcome outcome;
    uint64_t view;
    uint8_t shape = size > 0 ? data[size - 1] : 0;

    memset(&range, 0, sizeof range);
    range.struct_size = sizeof range;
    range.kind = (frond_size_range_kind)(shape % 4);
    range.width = 320;
    range.height = (shape & 4) ? FROND_UNDEFINED : 480;
    if (range.kind != FROND_SIZE_RANGE_FIT_CONTENT) range.height = 480;
    if (FZ(frond_root_new(&root, &range)) != FROND_OK) fz_fail("frond_root_new failed");
    memset(&record, 0, sizeof record);
    record.root = root;
    fz_mirror_init(&record.mirror);
    token = fz_token_new(FZ_TOKEN_USER_DATA, "json host");
    token->ref = &record;
    memset(&host, 0, sizeof host);
    host.struct_size = sizeof host;
    host.begin_commit = fz_host_begin;
    host.end_commit = fz_host_end;
    if (shape & 8) host.apply_batch = fz_host_apply_batch;
    else host.apply = fz_host_apply;
    if (FZ(frond_root_set_host(root, &host, token, fz_destroy_user_data)) != FROND_OK) fz_fail("set_host failed");
    FZ(frond_root_set_component(root, component));
    if (FZ(frond_root_flush(root, &count)) == FROND_OK) {
        fz_mirror_compare(&record.mirror, root);
        describe(root, false);
        describe(root, true);
        /* Taps over the area: every onTap action goes nowhere (no handler), harmlessly. */
        for (i = 0; i < 4; i++) {
            float x = (float)(size > i ? data[i] : 0), y = (float)(size > i + 4 ? data[i + 4] : 0) * 2;
            FZ(frond_root_tap_at(&outcome, &view, root, x, y));
        }
        FZ(frond_root_tick(root, 1.0, &count));
        FZ(frond_root_flush(root, &count));
        fz_mirror_compare(&record.mirror, root);
    }
    FZ(frond_root_free(root));
    fz_mirror_free(&record.mirror);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = malloc(size + 1);
    frond_component *component = (frond_component *)(uintptr_t)1;
    frond_status status;
    size_t handles = 0;
    if (text == NULL) return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    status = FZ(frond_component_new_from_json(&component, text));
    if (status == FROND_OK) {
        if (component == NULL) fz_fail("frond_component_new_from_json returned OK and no component");
        mount(component, data, size);
        FZ(frond_component_release(component));
    } else if (component != (frond_component *)(uintptr_t)1) {
        fz_fail("frond_component_new_from_json failed and wrote its out parameter");
    }
    free(text);
    fz_tearing_down = true;
    fz_tokens_finish();
    fz_tearing_down = false;
    if (frond_handle_count(&handles) != FROND_OK) abort();
    if (handles != baseline_handles) fz_fail("%zu live handles after the input, %zu before", handles, baseline_handles);
    fz_arena_reset();
    return 0;
}
