/* A feed of 100,000 posts in a list that mounts only what is near its viewport
 * (frond_list): text of varying length, and on every third post a like button whose state
 * (liked or not) belongs to the post's own scope. The demo scrolls down a screen at a time
 * and prints, for each step, the items and views the host has and the engine's time on the
 * host thread (setting the viewport, then mounting what was built off the host thread).
 * Then it likes a visible post with a tap and shows the button's new title.
 *
 *   feed_list [STEPS]     (default 12 steps of 800 points)
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, nanosleep */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "demo_host.h"

#define POSTS 100000
#define VIEWPORT 800.0f

static const char words[] = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor "
                            "incididunt ut labore et dolore magna aliqua ut enim ad minim veniam quis nostrud "
                            "exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat duis aute irure "
                            "dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla";

/* ---- the models -------------------------------------------------------------- */

typedef struct post {
    int id;
    int text_length; /* 20 to 320 characters of `words` */
    int has_like;
} post;

static long live_posts = 0;

static void free_post(void *model) {
    live_posts--;
    free(model);
}

/* ---- the like button: a render class whose state is an int (0 or 1) ------------ */

static frond_render_class *like_class;

static frond_status like_initial_state(void **out_state, void *props, void *user_data) {
    int *liked = calloc(1, sizeof *liked);
    (void)props; (void)user_data;
    *out_state = liked;
    return liked != NULL ? FROND_OK : FROND_ERR_OUT_OF_MEMORY;
}

static frond_status like_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                                void *user_data) {
    frond_attribute attributes[2];
    frond_view_spec view;
    frond_size_spec size;
    (void)scope; (void)props; (void)user_data;
    memset(attributes, 0, sizeof attributes);
    attributes[0].name = "title";
    attributes[0].kind = FROND_ATTRIBUTE_STRING;
    attributes[0].string = *(int *)state ? "Liked" : "Like";
    attributes[1].name = "onTap";
    attributes[1].kind = FROND_ATTRIBUTE_ACTION;
    attributes[1].string = "like";
    view = view_of("button", attributes, 2);
    memset(&size, 0, sizeof size);
    size.struct_size = sizeof size;
    size.width.value = 80;
    size.width.unit = FROND_UNIT_POINT;
    size.height.value = 32;
    size.height.unit = FROND_UNIT_POINT;
    return frond_component_new(out_child, &view, &size, NULL);
}

static frond_status toggle(void **state, void *user_data) {
    (void)user_data;
    *(int *)*state = !*(int *)*state;
    return FROND_OK;
}

static frond_status like_handle_action(bool *out_handled, const frond_action *action, frond_scope *scope, void *state,
                                       void *props, void *user_data) {
    const char *name = NULL;
    frond_status status = frond_action_get_name(&name, action);
    (void)state; (void)props; (void)user_data;
    if (status != FROND_OK || strcmp(name, "like") != 0) return status;
    *out_handled = true;
    return frond_scope_update_state(scope, toggle, NULL, NULL);
}

static void free_state(void *state) { free(state); }

/* ---- the provider: a post's row ----------------------------------------------- */

static frond_status post_row(frond_component **out_component, void *model, void *user_data) {
    const post *p = model;
    char text[sizeof words];
    frond_component *children[2] = {NULL, NULL};
    frond_flex_child flex[2];
    frond_status status;
    size_t count = 1, i;
    (void)user_data;
    memcpy(text, words, (size_t)p->text_length);
    text[p->text_length] = '\0';
    status = frond_component_new_text(&children[0], text, NULL, NULL, NULL);
    if (status == FROND_OK && p->has_like) {
        status = frond_component_new_render(&children[1], like_class, NULL, NULL, "like", NULL, NULL);
        count = 2;
    }
    if (status != FROND_OK) {
        for (i = 0; i < 2; i++) frond_component_release(children[i]);
        return status;
    }
    for (i = 0; i < count; i++) flex[i] = item(children[i], 0);
    return frond_component_new_flexbox(out_component, NULL, NULL, NULL, NULL, flex, count);
}

/* ---- a host that keeps count ---------------------------------------------------- */

#define MAX_VIEWS 65536 /* the demo's views are numbered below this */

typedef struct counts {
    long views;  /* live views */
    long hidden; /* parked containers */
    long mutations;
    /* Enough of the tree to find a post's like button: each view's parent, the item a
     * container shows, and whether it is parked. */
    uint64_t parent[MAX_VIEWS];
    long item[MAX_VIEWS];
    bool is_button[MAX_VIEWS], is_hidden[MAX_VIEWS];
    char title[MAX_VIEWS][8];
} counts;

static bool known(uint64_t view) { return view < MAX_VIEWS; }

static frond_status count_mutation(frond_root *root, const frond_mutation *m, void *user_data) {
    counts *c = user_data;
    size_t i;
    (void)root;
    c->mutations++;
    if (!known(m->view)) return FROND_OK;
    switch (m->kind) {
    case FROND_MUTATION_CREATE:
        c->views++;
        c->is_button[m->view] = strcmp(m->view_type, "button") == 0;
        c->item[m->view] = -1;
        break;
    case FROND_MUTATION_DESTROY: c->views--; break;
    case FROND_MUTATION_INSERT: c->parent[m->view] = m->parent; break;
    case FROND_MUTATION_UPDATE:
        for (i = 0; i < m->set_count; i++) {
            const frond_attribute *a = &m->set[i];
            if (strcmp(a->name, "hidden") == 0 && a->boolean && !c->is_hidden[m->view]) {
                c->is_hidden[m->view] = true;
                c->hidden++;
            }
            if (strcmp(a->name, "item") == 0) c->item[m->view] = (long)a->number;
            if (strcmp(a->name, "title") == 0) snprintf(c->title[m->view], sizeof c->title[m->view], "%s", a->string);
        }
        for (i = 0; i < m->unset_count; i++) {
            if (strcmp(m->unset[i], "hidden") == 0 && c->is_hidden[m->view]) {
                c->is_hidden[m->view] = false;
                c->hidden--;
            }
        }
        break;
    default: break;
    }
    return FROND_OK;
}

/* The like button the host shows for item `item` (0: none). */
static uint64_t like_button_of(const counts *c, long item) {
    uint64_t view;
    for (view = 1; view < MAX_VIEWS; view++) {
        uint64_t container = c->parent[view];
        if (c->is_button[view] && known(container) && c->item[container] == item && !c->is_hidden[container]) {
            return view;
        }
    }
    return 0;
}

/* ---- running it ------------------------------------------------------------------ */

static volatile int ready = 0;
static void on_ready(frond_data_source *source, void *user_data) {
    (void)source; (void)user_data;
    __atomic_store_n(&ready, 1, __ATOMIC_RELEASE);
}

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

/* Waits (as a host's event loop would) until the builder has laid out the range ahead. */
static void settle(frond_list *list, frond_data_source *source) {
    bool pending = true;
    struct timespec nap = {0, 200000};
    for (;;) {
        must(frond_data_source_has_pending(&pending, source), "frond_data_source_has_pending");
        if (!pending) return;
        if (__atomic_exchange_n(&ready, 0, __ATOMIC_ACQ_REL)) {
            must(frond_list_process(NULL, list, false), "frond_list_process");
        } else {
            nanosleep(&nap, NULL);
        }
    }
}

int main(int argc, char **argv) {
    frond_render_class_spec spec;
    frond_list_config config;
    frond_list *list = NULL;
    frond_data_source *source = NULL;
    frond_host host;
    frond_item_model *models;
    frond_list_statistics statistics;
    frond_action_outcome outcome;
    static counts c;
    uint64_t button;
    int steps = argc > 1 ? atoi(argv[1]) : 12, step, i;
    demo_name = "feed_list";
    if (steps < 1 || steps > 10000) steps = 12;

    memset(&spec, 0, sizeof spec);
    spec.struct_size = sizeof spec;
    spec.name = "LikeButton";
    spec.initial_state = like_initial_state;
    spec.render = like_render;
    spec.destroy_state = free_state;
    spec.handle_action = like_handle_action;
    must(frond_render_class_new(&like_class, &spec, NULL, NULL), "frond_render_class_new");

    memset(&config, 0, sizeof config);
    config.struct_size = sizeof config;
    config.axis = FROND_LIST_VERTICAL;
    config.cross_size = 400;
    config.range_screens = 2;
    config.provider = post_row;
    must(frond_list_new(&list, &config), "frond_list_new");
    must(frond_list_get_data_source(&source, list), "frond_list_get_data_source");
    must(frond_data_source_set_ready_handler(source, on_ready, NULL, NULL), "frond_data_source_set_ready_handler");
    memset(&host, 0, sizeof host);
    host.struct_size = sizeof host;
    host.apply = count_mutation;
    must(frond_list_set_host(list, &host, &c, NULL), "frond_list_set_host");

    /* The posts: models owned by the data source from the call on. */
    models = calloc(POSTS, sizeof *models);
    if (models == NULL) return 1;
    for (i = 0; i < POSTS; i++) {
        post *p = malloc(sizeof *p);
        if (p == NULL) return 1;
        p->id = i;
        p->text_length = 20 + (i * 7919) % 300;
        p->has_like = i % 3 == 0;
        live_posts++;
        models[i].struct_size = sizeof models[i];
        models[i].model = p;
        models[i].destroy = free_post;
        models[i].id = (uint64_t)i;
    }
    {
        size_t section_count = POSTS;
        must(frond_data_source_set_sections(source, models, POSTS, &section_count, 1, FROND_APPLY_SYNC),
             "frond_data_source_set_sections");
    }
    free(models);

    printf("feed_list: %d posts, a %g-point viewport, %d steps of one screen\n", POSTS, VIEWPORT, steps);
    for (step = 0; step <= steps; step++) {
        double start = now_us(), elapsed;
        must(frond_list_set_viewport(list, (float)step * VIEWPORT, VIEWPORT), "frond_list_set_viewport");
        must(frond_list_process(NULL, list, false), "frond_list_process");
        elapsed = now_us() - start;
        settle(list, source);
        memset(&statistics, 0, sizeof statistics);
        statistics.struct_size = sizeof statistics;
        must(frond_list_get_statistics(&statistics, list), "frond_list_get_statistics");
        printf("  step %3d  offset %8.0f  mounted items %3zu  host views %4ld (%ld parked items)  "
               "engine %7.1f us\n", step, statistics.offset, statistics.mounted_items, c.views, c.hidden, elapsed);
    }
    printf("  %llu items mounted into new views, %llu into parked ones; content %.0f points long\n",
           (unsigned long long)statistics.created, (unsigned long long)statistics.reused, statistics.content_length);

    /* Like the first post: the tap goes to its item's root, whose button updates its state. */
    must(frond_list_set_viewport(list, 0, VIEWPORT), "frond_list_set_viewport");
    must(frond_list_process(NULL, list, true), "frond_list_process");
    button = like_button_of(&c, 0);
    if (button == 0) {
        fprintf(stderr, "feed_list: the first post's like button is not shown\n");
        return 1;
    }
    printf("  post 0's like button v%llu says \"%s\"; tapping it\n", (unsigned long long)button, c.title[button]);
    must(frond_list_send_event(&outcome, list, button, "onTap", NULL), "frond_list_send_event");
    must(frond_list_process(NULL, list, true), "frond_list_process");
    printf("  handled: %s; the button now says \"%s\"\n", outcome == FROND_ACTION_HANDLED ? "yes" : "no",
           c.title[button]);
    if (strcmp(c.title[button], "Liked") != 0) return 1;

    must(frond_list_free(list), "frond_list_free");
    must(frond_render_class_release(like_class), "frond_render_class_release");
    printf("  freed: %ld posts left alive\n", live_posts);
    return live_posts == 0 ? 0 : 1;
}
