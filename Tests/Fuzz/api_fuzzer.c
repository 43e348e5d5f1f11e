/* libFuzzer harness for the whole C API (include/frond.h): the input is a program of API
 * calls.
 *
 * Input: a sequence of operations. Each starts with a byte that picks one operation of
 * one header section (api_layout.c: configs and nodes; api_components.c: components,
 * render classes, action blocks, wrappers, legacy components, constructors; api_roots.c:
 * roots, hosts, flushes, events, animations, scopes, snapshots; api_lists.c: changesets and
 * diffs); the operation then reads
 * its arguments: which handle (a live one of a pool, a freed one, NULL, a forged integer,
 * a handle of another kind), numbers (NaN, ±inf, 1e300, beyond float range, denormals,
 * negative), strings (empty, odd bytes, invalid UTF-8), caller-filled structs with any
 * struct_size (0, small, cutting a member, exact, larger) in memory of exactly that size,
 * arrays with bad entries. Callbacks (api_callbacks.c) read the input too, when Frond calls
 * them: what to return (garbage statuses, NaN sizes, forged or freed handles) and whether
 * to re-enter the API (one operation, up to FZ_MAX_DEPTH deep: flush, free, tick, send from
 * inside callbacks). An input that runs out reads zeros, which mean "OK, nothing".
 *
 * Oracles (a failure aborts with "FROND-FUZZ ORACLE: …"):
 *   - no crash: ASan and UBSan on the harness, ASan in the library, no Swift trap;
 *   - every status is a known code, and a failure comes with a message;
 *   - every destroy function is called exactly once, never for a value Frond did not take
 *     over, and no callback gets a value after its destroy (fuzz_support.h's tokens);
 *   - after each input frees what it made, frond_handle_count is back to its baseline;
 *   - hosts receive only finite frames and numbers, colors within 0…1, unique attribute
 *     names, and mutations that fit the views they described before (fuzz_host.h), which
 *     frond_root_get_child reads back;
 *   - measure and text measure functions get finite sizes ≥ 0, or NaN exactly with
 *     FROND_MEASURE_MODE_UNDEFINED;
 *   - an action or legacy view handle used after its callback is FROND_ERR_MISUSE;
 *   - a payload with a NaN or infinite number or a color outside 0…1 is refused, by
 *     frond_root_send_event and frond_scope_send_action alike;
 *   - freeing a root from inside its own flush, prepare, commit or tick does not return OK;
 *   - a typed block or constructor declaration with an unknown type or too many types is
 *     refused (its function would otherwise be called with the wrong signature);
 *   - a diff's changeset turns the old identities into the new ones by the batch rules. */
#define _DEFAULT_SOURCE   /* mkdtemp under -std=c11 */
#include "api_fuzzer.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

fz_world fz_w;
int fz_depth;
char fz_temp_directory[64];
static size_t baseline_handles;

/* ---- handles ------------------------------------------------------------------------ */

static void *live_handle_of_any_kind(void) {
    switch (fz_pick(8)) {
    case 0: return fz_w.configs[fz_pick(FZ_CONFIGS)];
    case 1: return fz_w.nodes[fz_pick(FZ_NODES)];
    case 2: return fz_w.components[fz_pick(FZ_COMPONENTS)];
    case 3: return fz_w.roots[fz_pick(FZ_ROOTS)].root;
    case 4: return fz_w.classes[fz_pick(FZ_CLASSES)];
    case 5: return fz_w.scopes[fz_pick(FZ_SCOPES)];
    case 6: return fz_w.blocks[fz_pick(FZ_BLOCKS)];
    default: return fz_w.wrappers[fz_pick(FZ_WRAPPERS)];
    }
}

void *fz_bad_handle(void) {
    uint64_t base = (uint64_t)(uintptr_t)live_handle_of_any_kind();
    switch (fz_pick(8)) {
    case 0: return (void *)(uintptr_t)fz_u64();
    case 1: return (void *)(uintptr_t)(base ^ ((uint64_t)(1 + fz_pick(15)) << 28));   /* other kind bits */
    case 2: return (void *)(uintptr_t)(base + ((uint64_t)(1 + fz_pick(4)) << 32));    /* other generation */
    case 3: return (void *)(uintptr_t)(base + 1 + fz_pick(8));                          /* another slot */
    case 4: return (void *)(uintptr_t)((uint64_t)(1 + fz_pick(4)) << 32 | (uint64_t)fz_pick(16) << 28 | (1 + fz_pick(64)));
    case 5: return (void *)(uintptr_t)(fz_u8() | 1);
    case 6: return (void *)(uintptr_t)0xFFFFFFFFFFFFFFFFull;
    default: return (void *)(uintptr_t)base;                                            /* another kind, live */
    }
}

/* An empty slot gives the next filled one (NULL handles come from their own branch), so
 * that programs reach deep states with few bytes. */
#define PICK(pool, count)                                                  \
    do {                                                                   \
        uint8_t choice_ = fz_u8();                                         \
        if (choice_ < 220) {                                               \
            for (size_t k_ = 0; k_ < (count); k_++) {                      \
                size_t slot_ = (choice_ + k_) % (count);                   \
                if (pool[slot_] != NULL) return pool[slot_];               \
            }                                                              \
            return NULL;                                                   \
        }                                                                  \
        if (choice_ < 228) return NULL;                                    \
        return fz_bad_handle();                                            \
    } while (0)

frond_config *fz_pick_config(void) { PICK(fz_w.configs, FZ_CONFIGS); }
frond_node *fz_pick_node(void) { PICK(fz_w.nodes, FZ_NODES); }
frond_component *fz_pick_component(void) { PICK(fz_w.components, FZ_COMPONENTS); }
frond_render_class *fz_pick_class(void) { PICK(fz_w.classes, FZ_CLASSES); }
frond_scope *fz_pick_scope(void) { PICK(fz_w.scopes, FZ_SCOPES); }
frond_action_block *fz_pick_block(void) { PICK(fz_w.blocks, FZ_BLOCKS); }
frond_wrapper *fz_pick_wrapper(void) { PICK(fz_w.wrappers, FZ_WRAPPERS); }
frond_snapshot_host *fz_pick_snapshot_host(void) { PICK(fz_w.snapshot_hosts, FZ_SNAPSHOT_HOSTS); }

const frond_action *fz_pick_action(void) {
    uint8_t choice = fz_u8();
    if (choice < 220) return fz_w.actions[choice % FZ_ACTIONS].handle;
    if (choice < 228) return NULL;
    return fz_bad_handle();
}

fz_root_record *fz_pick_record(void) { return &fz_w.roots[fz_pick(FZ_ROOTS)]; }

frond_root *fz_pick_root(void) {
    uint8_t choice = fz_u8();
    if (choice < 220) return fz_w.roots[choice % FZ_ROOTS].root;
    if (choice < 228) return NULL;
    return fz_bad_handle();
}

fz_root_record *fz_record_of(frond_root *root) {
    int i;
    for (i = 0; i < FZ_ROOTS; i++) {
        if (fz_w.roots[i].in_use && fz_w.roots[i].root == root && root != NULL) return &fz_w.roots[i];
    }
    return NULL;
}

/* Handles whose free was refused (a node freed from inside its tree's layout, …): freed
 * again at the end of the input. */
enum { GRAVE_CONFIG, GRAVE_NODE, GRAVE_COMPONENT, GRAVE_BLOCK, GRAVE_WRAPPER, GRAVE_CLASS, GRAVE_SNAPSHOT_HOST };
#define FZ_GRAVES 256
static struct {
    int kind;
    void *handle;
} graves[FZ_GRAVES];
static size_t grave_count;

static void bury(int kind, void *handle) {
    if (grave_count == FZ_GRAVES) fz_fail("harness: too many handles whose free was refused");
    graves[grave_count].kind = kind;
    graves[grave_count].handle = handle;
    grave_count++;
}

static void free_graves(void) {
    size_t i;
    for (i = 0; i < grave_count; i++) {
        void *handle = graves[i].handle;
        switch (graves[i].kind) {
        case GRAVE_CONFIG: FZ(frond_config_free(handle)); break;
        case GRAVE_NODE: FZ(frond_node_free(handle)); break;
        case GRAVE_COMPONENT: FZ(frond_component_release(handle)); break;
        case GRAVE_BLOCK: FZ(frond_action_block_release(handle)); break;
        case GRAVE_WRAPPER: FZ(frond_wrapper_release(handle)); break;
        case GRAVE_CLASS: FZ(frond_render_class_release(handle)); break;
        default: FZ(frond_snapshot_host_free(handle)); break;
        }
    }
    grave_count = 0;
}

/* The new handle goes into its slot before the old one is freed: freeing may run
 * callbacks that re-enter and use the pools. */
#define KEEP(pool, count, value, release, grave)          \
    do {                                                  \
        size_t slot_ = fz_pick(count);                    \
        void *old_ = (void *)pool[slot_];                 \
        pool[slot_] = (value);                            \
        if (FZ(release(old_)) != FROND_OK) bury(grave, old_); \
    } while (0)

void fz_keep_config(frond_config *config) { KEEP(fz_w.configs, FZ_CONFIGS, config, frond_config_free, GRAVE_CONFIG); }
void fz_keep_node(frond_node *node) { KEEP(fz_w.nodes, FZ_NODES, node, frond_node_free, GRAVE_NODE); }
void fz_keep_component(frond_component *component) {
    KEEP(fz_w.components, FZ_COMPONENTS, component, frond_component_release, GRAVE_COMPONENT);
}
void fz_keep_block(frond_action_block *block) { KEEP(fz_w.blocks, FZ_BLOCKS, block, frond_action_block_release, GRAVE_BLOCK); }
void fz_keep_wrapper(frond_wrapper *wrapper) { KEEP(fz_w.wrappers, FZ_WRAPPERS, wrapper, frond_wrapper_release, GRAVE_WRAPPER); }
void fz_keep_class(frond_render_class *render_class) {
    KEEP(fz_w.classes, FZ_CLASSES, render_class, frond_render_class_release, GRAVE_CLASS);
}
void fz_keep_snapshot_host(frond_snapshot_host *host) {
    KEEP(fz_w.snapshot_hosts, FZ_SNAPSHOT_HOSTS, host, frond_snapshot_host_free, GRAVE_SNAPSHOT_HOST);
}

void fz_note_name(const char *name, bool registered) {
    int i, free_slot = -1;
    for (i = 0; i < FZ_NAMES; i++) {
        if (fz_w.name_used[i] && strcmp(fz_w.names[i], name) == 0) {
            if (!registered) fz_w.name_used[i] = false;
            return;
        }
        if (!fz_w.name_used[i] && free_slot < 0) free_slot = i;
    }
    if (!registered) return;
    if (free_slot < 0 || strlen(name) >= sizeof fz_w.names[0]) {
        FZ(frond_constructor_unregister(name));    /* no room to remember it: gone at once */
        return;
    }
    snprintf(fz_w.names[free_slot], sizeof fz_w.names[0], "%s", name);
    fz_w.name_used[free_slot] = true;
}

void fz_remember_scope(frond_scope *scope) {
    int i;
    for (i = 0; i < FZ_SCOPES; i++) {
        if (fz_w.scopes[i] == scope) return;
    }
    fz_w.scopes[fz_pick(FZ_SCOPES)] = scope;
}

frond_component *fz_take_component(void) {
    size_t slot = fz_pick(FZ_COMPONENTS);
    frond_component *component = fz_w.components[slot];
    fz_w.components[slot] = NULL;
    return component;
}

bool fz_avoid(const char *what) {
    const char *list = getenv("FROND_FUZZ_AVOID");
    return list != NULL && strstr(list, what) != NULL;
}

/* ---- running operations --------------------------------------------------------------- */

void fz_run_operation(void) {
    size_t total = fz_layout_operation_count + fz_component_operation_count + fz_root_operation_count
        + fz_list_operation_count;
    size_t choice = fz_u8() % total;
    if (choice < fz_layout_operation_count) {
        fz_layout_operations[choice]();
    } else if ((choice -= fz_layout_operation_count) < fz_component_operation_count) {
        fz_component_operations[choice]();
    } else if ((choice -= fz_component_operation_count) < fz_root_operation_count) {
        fz_root_operations[choice]();
    } else {
        fz_list_operations[choice - fz_root_operation_count]();
    }
}

static bool in_prologue;   /* the prologue fills pool slots directly: no re-entry meanwhile */

void fz_reenter(void) {
    if (in_prologue || fz_tearing_down || fz_depth >= FZ_MAX_DEPTH || fz_exhausted()) return;
    if (!fz_chance(12)) return;
    fz_depth++;
    fz_run_operation();
    fz_depth--;
}

/* Host callbacks (fuzz_host.c) answer with a fuzzed status and may re-enter: flush, free or
 * tick their own root from inside its commit, among others. */
static frond_status host_hook(fz_root_record *record, int where) {
    (void)record;
    (void)where;
    fz_reenter();
    return fz_callback_status();
}

static void destroy_reentry(void) {
    /* A destroy function may call the API too (OWNERSHIP allows it; no lock is held). */
    if (in_prologue || fz_avoid("destroy-reentry")) return;
    if (fz_depth < FZ_MAX_DEPTH && fz_chance(3)) {
        fz_depth++;
        fz_run_operation();
        fz_depth--;
    }
}

/* ---- the start of an input ------------------------------------------------------------- */

static frond_status prologue_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                                    void *user_data);

/* Every input starts from the same small world, so that short programs reach flushes,
 * events, state and animations: a root with a checking host showing a stateful render
 * component, a leaf with an onTap action, a text, a stateful and a stateless class, and a
 * node with a child. The classes' callbacks are the fuzzed ones (api_callbacks.c). */
static void prologue(void) {
    static const frond_size_range range = {sizeof(frond_size_range), FROND_SIZE_RANGE_FIXED, 200, 200};
    frond_host host;
    frond_attribute tap;
    frond_view_spec view;
    frond_size_spec size;
    frond_render_class_spec spec;
    frond_render_class *render_class = NULL;
    frond_component *component = NULL;
    fz_root_record *record = &fz_w.roots[0];
    fz_token *token;
    bool stateful;
    int i;

    if (FZ(frond_root_new(&record->root, &range)) != FROND_OK) fz_fail("prologue: frond_root_new failed");
    record->in_use = true;
    fz_mirror_init(&record->mirror);
    token = fz_token_new(FZ_TOKEN_USER_DATA, "prologue host");
    token->ref = record;
    memset(&host, 0, sizeof host);
    host.struct_size = sizeof host;
    host.begin_commit = fz_host_begin;
    host.apply = fz_host_apply;
    host.end_commit = fz_host_end;
    if (FZ(frond_root_set_host(record->root, &host, token, fz_destroy_user_data)) != FROND_OK) fz_fail("prologue: set_host failed");
    record->has_host = true;

    memset(&tap, 0, sizeof tap);
    tap.name = FROND_EVENT_TAP;
    tap.kind = FROND_ATTRIBUTE_ACTION;
    tap.string = "tapped";
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "button";
    view.attributes = &tap;
    view.attribute_count = 1;
    memset(&size, 0, sizeof size);
    size.struct_size = sizeof size;
    size.width.unit = size.height.unit = FROND_UNIT_POINT;
    size.width.value = 20;
    size.height.value = 10;
    if (FZ(frond_component_new(&fz_w.components[0], &view, &size, "b")) != FROND_OK) fz_fail("prologue: leaf failed");
    if (FZ(frond_component_new_text(&fz_w.components[1], "hello world", NULL, NULL, NULL)) != FROND_OK) fz_fail("prologue: text failed");

    for (i = 0; i < 2; i++) {
        memset(&spec, 0, sizeof spec);
        stateful = i == 0;
        fz_fill_render_class_spec(&spec, &stateful);
        spec.struct_size = sizeof spec;
        spec.name = i == 0 ? "Stateful" : "Stateless";
        spec.render = prologue_render;
        if (i == 1) {
            spec.initial_state = NULL;
            spec.controller = NULL;   /* only stateful classes have controllers */
        }
        token = fz_token_new(FZ_TOKEN_USER_DATA, "prologue render class");
        token->int_value = fz_class_flags(&spec);
        if (FZ(frond_render_class_new(&render_class, &spec, token, fz_destroy_user_data)) != FROND_OK) {
            /* A fuzzed controller table or frame animation may be refused: try without. */
            spec.controller = NULL;
            spec.frame_animation = NULL;
            token = fz_token_new(FZ_TOKEN_USER_DATA, "prologue render class");
            token->int_value = fz_class_flags(&spec);
            if (FZ(frond_render_class_new(&render_class, &spec, token, fz_destroy_user_data)) != FROND_OK) render_class = NULL;
        }
        fz_w.classes[i] = render_class;
    }
    token = fz_token_new(FZ_TOKEN_PROPS, "prologue props");
    if (FZ(frond_component_new_render(&component, fz_w.classes[0], NULL, NULL, "r", token, fz_destroy_props)) == FROND_OK) {
        fz_w.components[2] = component;
        FZ(frond_root_set_component(record->root, component));
    }
    FZ(frond_node_new(&fz_w.nodes[0], NULL));
    FZ(frond_node_new(&fz_w.nodes[1], NULL));
    FZ(frond_node_append_child(fz_w.nodes[0], fz_w.nodes[1]));
}

/* The prologue classes render the fuzzed child, but start from a view that can be tapped. */
static frond_status prologue_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                                    void *user_data) {
    fz_token_check(user_data, FZ_TOKEN_USER_DATA, "render");
    if (props != NULL) fz_token_check(props, FZ_TOKEN_PROPS, "render props");
    if (state != NULL) fz_token_check(state, FZ_TOKEN_STATE, "render state");
    if (scope != NULL) fz_remember_scope(scope);
    if (fz_chance(50)) {
        frond_component *child = NULL;
        frond_flex_child children[2];
        memset(children, 0, sizeof children);
        children[0].struct_size = children[1].struct_size = sizeof children[0];
        children[0].component = fz_child_for_frond();
        children[1].component = fz_child_for_frond();
        if (FZ(frond_component_new_flexbox(&child, NULL, NULL, NULL, NULL, children, 2)) != FROND_OK) child = NULL;
        /* The flexbox holds its children: the handles this render took over go. */
        for (int i = 0; i < 2; i++) {
            if (children[i].component != NULL) FZ(frond_component_release(children[i].component));
        }
        *out_child = child;
    } else {
        *out_child = fz_child_for_frond();
    }
    fz_reenter();
    return fz_callback_status();
}

/* ---- the end of an input ------------------------------------------------------------- */

static void tear_down(void) {
    int i;
    fz_tearing_down = true;
    for (i = 0; i < FZ_ROOTS; i++) {
        if (fz_w.roots[i].in_use) FZ(frond_root_free(fz_w.roots[i].root));
    }
    for (i = 0; i < FZ_COMPONENTS; i++) FZ(frond_component_release(fz_w.components[i]));
    for (i = 0; i < FZ_WRAPPERS; i++) FZ(frond_wrapper_release(fz_w.wrappers[i]));
    for (i = 0; i < FZ_BLOCKS; i++) FZ(frond_action_block_release(fz_w.blocks[i]));
    for (i = 0; i < FZ_CLASSES; i++) FZ(frond_render_class_release(fz_w.classes[i]));
    for (i = 0; i < FZ_NODES; i++) FZ(frond_node_free(fz_w.nodes[i]));
    for (i = 0; i < FZ_CONFIGS; i++) FZ(frond_config_free(fz_w.configs[i]));
    for (i = 0; i < FZ_SNAPSHOT_HOSTS; i++) FZ(frond_snapshot_host_free(fz_w.snapshot_hosts[i]));
    free_graves();
    for (i = 0; i < FZ_NAMES; i++) {
        if (fz_w.name_used[i]) FZ(frond_constructor_unregister(fz_w.names[i]));
    }
    for (i = 0; i < 4; i++) {
        char name[8];
        snprintf(name, sizeof name, "k%d", i);
        FZ(frond_constructor_unregister(name));
    }
    /* Legacy components: every did_mount was followed by its did_unmount once the roots went. */
    fz_tokens_finish();
    for (i = 0; i < FZ_ROOTS; i++) {
        if (fz_w.roots[i].in_use) fz_mirror_free(&fz_w.roots[i].mirror);
    }
    memset(&fz_w, 0, sizeof fz_w);
    fz_tearing_down = false;
}

/* The snapshot operations' PNG files go to a folder of the process's own, removed at exit. */
static void remove_temp_directory(void) {
    DIR *directory = opendir(fz_temp_directory);
    struct dirent *entry;
    char path[512];
    if (directory == NULL) return;
    while ((entry = readdir(directory)) != NULL) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
        snprintf(path, sizeof path, "%s/%s", fz_temp_directory, entry->d_name);
        unlink(path);
    }
    closedir(directory);
    rmdir(fz_temp_directory);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    /* mkdtemp: a name of the same length in every process, so that runs with one seed
     * take the same paths (the names reach Frond's messages). */
    snprintf(fz_temp_directory, sizeof fz_temp_directory, "/tmp/frond-api-fuzzer-XXXXXX");
    if (mkdtemp(fz_temp_directory) == NULL) abort();
    atexit(remove_temp_directory);
    fz_destroy_hook = destroy_reentry;
    fz_host_hook = host_hook;
    if (frond_handle_count(&baseline_handles) != FROND_OK) abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    size_t handles = 0;
    fz_input_begin(data, size);
    in_prologue = true;
    prologue();
    in_prologue = false;
    fz_arena_reset();
    while (!fz_exhausted()) {
        fz_run_operation();
        fz_arena_reset();
    }
    tear_down();
    fz_arena_reset();
    if (frond_handle_count(&handles) != FROND_OK) abort();
    if (handles != baseline_handles) fz_fail("%zu live handles after the input, %zu before", handles, baseline_handles);
    return 0;
}
