/* feed_demo: a small interactive story through Frond's C API, printed as it happens.
 *
 * A feed of posts. Each post is a render component (state: its likes) with a "like" and
 * a "hide" button. A tap at a point on a like button is hit-tested to the button, whose
 * action travels the responder chain to the post's C handler, which updates its state;
 * the new like count appears with a change animation (its label fades up from 0.3). A tap
 * on "hide" passes through the post to the feed's handler, which drops the post; the post
 * fades out, its views staying until the fade ends, then they are removed. The host
 * prints every mutation of every commit and of every clock tick.
 *
 * Given a directory (`feed_demo build/demo`), the host also mirrors its mutations into a
 * snapshot host, the root measures text with Pango as the snapshot host draws it, and
 * each commit and tick is drawn into a PNG file there at 2× (`make demo` does this).
 *
 *   cc -std=c99 -Iinclude examples/c/feed_demo.c -Lbuild/debug/lib -lfrond -lm -o feed_demo
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frond.h"
#include "frond_cairo.h"
#include "demo_host.h"

#define POSTS 3

typedef struct post {
    int id;
    const char *author;
    const char *text;
} post;

static const post posts[POSTS] = {
    {1, "ana", "Frond mounts into any host"},
    {2, "bo", "Taps travel the responder chain"},
    {3, "cy", "Rows fade out when hidden"},
};

/* The feed's state: which posts are shown. */
typedef struct feed_state {
    bool shown[POSTS];
} feed_state;

static frond_render_class *post_class = NULL;
static frond_render_class *likes_class = NULL;

/* PNG frames (with a directory argument): the snapshot host that mirrors the views. */
static frond_snapshot_host *snapshots = NULL;
static const char *frame_directory = NULL;
static int frame_number = 0;

/* Prints a mutation and, when frames are drawn, applies it to the snapshot host too. */
static frond_status print_and_mirror(frond_root *root, const frond_mutation *mutation, void *user_data) {
    frond_status status = print_mutation(root, mutation, user_data);
    if (status == FROND_OK && snapshots != NULL) status = frond_snapshot_host_apply(snapshots, mutation);
    return status;
}

/* Draws the views as they are now into <directory>/feed-NN-<name>.png at 2×. */
static void draw_frame(const char *name) {
    char path[512];
    if (snapshots == NULL) return;
    snprintf(path, sizeof path, "%s/feed-%02d-%s.png", frame_directory, ++frame_number, name);
    must(frond_snapshot_host_write_png(snapshots, path, 320, FROND_UNDEFINED, 2), "frond_snapshot_host_write_png");
    printf("  drew %s\n", path);
}

static frond_text_style text_style(void) {
    frond_text_style style;
    memset(&style, 0, sizeof style);
    style.struct_size = sizeof style;
    style.font_size = 10;                /* 12-point lines (monospace: 6-point characters) */
    return style;
}

static frond_component *text(const char *string) {
    frond_component *component = NULL;
    frond_text_style style = text_style();
    must(frond_component_new_text(&component, string, &style, NULL, NULL), "frond_component_new_text");
    return component;
}

/* A button: a leaf with its action and title, drawn as a rounded label. */
static frond_component *button(const char *title, const char *action) {
    frond_attribute attributes[7];
    frond_view_spec view;
    frond_size_spec size;
    frond_component *component = NULL;
    memset(attributes, 0, sizeof attributes);
    attributes[0].name = "onTap";
    attributes[0].kind = FROND_ATTRIBUTE_ACTION;
    attributes[0].string = action;
    attributes[1].name = "title";
    attributes[1].kind = FROND_ATTRIBUTE_STRING;
    attributes[1].string = title;
    attributes[2].name = "text";
    attributes[2].kind = FROND_ATTRIBUTE_STRING;
    attributes[2].string = title;
    attributes[3].name = "textAlign";
    attributes[3].kind = FROND_ATTRIBUTE_STRING;
    attributes[3].string = "center";
    attributes[4].name = "fontSize";
    attributes[4].kind = FROND_ATTRIBUTE_NUMBER;
    attributes[4].number = 9;
    attributes[5].name = "backgroundColor";
    attributes[5].kind = FROND_ATTRIBUTE_STRING;
    attributes[5].string = strcmp(action, "like") == 0 ? "#cc5533" : "#d8d2c4";
    attributes[6].name = "cornerRadius";
    attributes[6].kind = FROND_ATTRIBUTE_NUMBER;
    attributes[6].number = 3;
    view = view_of("button", attributes, 7);
    memset(&size, 0, sizeof size);
    size.struct_size = sizeof size;
    size.width.unit = FROND_UNIT_POINT;
    size.width.value = 36;
    size.height.unit = FROND_UNIT_POINT;
    size.height.value = 12;
    must(frond_component_new(&component, &view, &size, NULL), "frond_component_new");
    return component;
}

/* ---- Likes: a label showing a count (props: the count), animated when it changes ---- */

static frond_status likes_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                                 void *user_data) {
    frond_attribute attributes[3];
    frond_view_spec view;
    frond_size_spec size;
    char digits[24];
    (void)scope; (void)state; (void)user_data;
    snprintf(digits, sizeof digits, "%zu", (size_t)props);
    memset(attributes, 0, sizeof attributes);
    attributes[0].name = "count";
    attributes[0].kind = FROND_ATTRIBUTE_NUMBER;
    attributes[0].number = (double)(size_t)props;
    attributes[1].name = "text";                        /* copied by frond_component_new */
    attributes[1].kind = FROND_ATTRIBUTE_STRING;
    attributes[1].string = digits;
    attributes[2].name = "textAlign";
    attributes[2].kind = FROND_ATTRIBUTE_STRING;
    attributes[2].string = "right";
    view = view_of("likes", attributes, 3);
    memset(&size, 0, sizeof size);
    size.struct_size = sizeof size;
    size.width.unit = FROND_UNIT_POINT;
    size.width.value = 18;
    size.height.unit = FROND_UNIT_POINT;
    size.height.value = 12;
    return frond_component_new(out_child, &view, &size, NULL);
}

/* A new count fades up from 0.3 over 0.375 s (ease-out). */
static frond_status likes_animations(struct frond_animation *out, size_t *out_count, frond_animation_moment moment,
                                     void *previous_props, void *props, void *user_data) {
    (void)user_data;
    if (moment != FROND_ANIMATIONS_ON_CHANGE || previous_props == props) return FROND_OK;
    out[0].property = FROND_ANIMATION_OPACITY;
    out[0].from.x = 0.3;
    out[0].to.current = true;
    out[0].duration = 0.375;
    out[0].curve = FROND_CURVE_EASE_OUT;
    *out_count = 1;
    return FROND_OK;
}

/* ---- Post: state = its likes; handles "like", passes "hide" on ------------------ */

static frond_status post_initial_state(void **out_state, void *props, void *user_data) {
    size_t *likes = calloc(1, sizeof *likes);
    (void)props; (void)user_data;
    *out_state = likes;
    return likes != NULL ? FROND_OK : FROND_ERR_OUT_OF_MEMORY;
}

/* [author  text ........ likes] [like] [hide] */
static frond_status post_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                                void *user_data) {
    const post *shown = props;
    frond_component *parts[5], *likes = NULL;
    frond_flex_child children[5];
    frond_flexbox_style style;
    frond_attribute look[2];
    frond_view_spec view;
    frond_status status;
    size_t i;
    (void)scope; (void)user_data;
    memset(look, 0, sizeof look);
    look[0].name = "backgroundColor";
    look[0].kind = FROND_ATTRIBUTE_STRING;
    look[0].string = "#ffffff";
    look[1].name = "cornerRadius";
    look[1].kind = FROND_ATTRIBUTE_NUMBER;
    look[1].number = 4;
    view = view_of("post", look, 2);
    status = frond_component_new_render(&likes, likes_class, NULL, NULL, NULL, (void *)*(size_t *)state, NULL);
    if (status != FROND_OK) return status;
    parts[0] = text(shown->author);
    parts[1] = text(shown->text);
    parts[2] = likes;
    parts[3] = button("like", "like");
    parts[4] = button("hide", "hide");
    for (i = 0; i < 5; i++) children[i] = item(parts[i], i == 1 ? 1 : 0);
    memset(&style, 0, sizeof style);
    style.struct_size = sizeof style;
    style.direction = FROND_FLEX_DIRECTION_ROW;
    style.spacing = 6;
    for (i = 0; i < 4; i++) {
        style.padding[i].unit = FROND_UNIT_POINT;
        style.padding[i].value = 4;
    }
    status = frond_component_new_flexbox(out_child, &view, NULL, NULL, &style, children, 5);
    for (i = 0; i < 5; i++) frond_component_release(parts[i]);
    return status;
}

/* A post with the same props need not render again (its state decides the rest). */
static frond_status post_should_update(bool *out_should_update, void *previous_props, void *props, void *user_data) {
    (void)user_data;
    *out_should_update = previous_props != props;
    return FROND_OK;
}

static frond_status add_like(void **state, void *user_data) {
    (void)user_data;
    (*(size_t *)*state)++;
    return FROND_OK;
}

static frond_status post_handle_action(bool *out_handled, const frond_action *action, frond_scope *scope, void *state,
                                       void *props, void *user_data) {
    const char *name = NULL;
    (void)state; (void)user_data;
    must(frond_action_get_name(&name, action), "frond_action_get_name");
    printf("  post %d hears \"%s\"%s\n", ((const post *)props)->id, name,
           strcmp(name, "like") == 0 ? ": likes + 1" : ", passes it on");
    if (strcmp(name, "like") != 0) return FROND_OK;
    *out_handled = true;
    return frond_scope_update_state(scope, add_like, NULL, NULL);
}

/* Hidden posts fade out over 0.25 s; their views stay until then. */
static frond_status post_animations(struct frond_animation *out, size_t *out_count, frond_animation_moment moment,
                                    void *previous_props, void *props, void *user_data) {
    (void)previous_props; (void)props; (void)user_data;
    if (moment != FROND_ANIMATIONS_ON_FINAL_UNMOUNT) return FROND_OK;
    out[0].property = FROND_ANIMATION_OPACITY;
    out[0].from.current = true;
    out[0].to.x = 0;
    out[0].duration = 0.25;
    out[0].curve = FROND_CURVE_LINEAR;
    *out_count = 1;
    return FROND_OK;
}

/* ---- Feed: state = which posts show; handles "hide" --------------------------- */

static frond_status feed_initial_state(void **out_state, void *props, void *user_data) {
    feed_state *state = malloc(sizeof *state);
    size_t i;
    (void)props; (void)user_data;
    if (state == NULL) return FROND_ERR_OUT_OF_MEMORY;
    for (i = 0; i < POSTS; i++) state->shown[i] = true;
    *out_state = state;
    return FROND_OK;
}

static frond_status feed_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                                void *user_data) {
    const feed_state *feed = state;
    frond_component *rows[POSTS];
    frond_flex_child children[POSTS];
    frond_flexbox_style style;
    frond_attribute paper;
    frond_view_spec view;
    frond_status status = FROND_OK;
    char key[8];
    size_t i, count = 0;
    (void)scope; (void)props; (void)user_data;
    memset(&paper, 0, sizeof paper);
    paper.name = "backgroundColor";
    paper.kind = FROND_ATTRIBUTE_STRING;
    paper.string = "#f4f1ea";
    view = view_of("feed", &paper, 1);
    for (i = 0; i < POSTS; i++) {
        if (!feed->shown[i]) continue;
        snprintf(key, sizeof key, "p%d", posts[i].id);
        status = frond_component_new_render(&rows[count], post_class, NULL, NULL, key, (void *)&posts[i], NULL);
        if (status != FROND_OK) break;
        children[count] = item(rows[count], 0);
        count++;
    }
    if (status == FROND_OK) {
        memset(&style, 0, sizeof style);
        style.struct_size = sizeof style;
        style.spacing = 4;
        for (i = 0; i < 4; i++) {
            style.padding[i].unit = FROND_UNIT_POINT;
            style.padding[i].value = 4;
        }
        status = frond_component_new_flexbox(out_child, &view, NULL, NULL, &style, children, count);
    }
    for (i = 0; i < count; i++) frond_component_release(rows[i]);
    return status;
}

static int hidden_post = 0;

static frond_status hide(void **state, void *user_data) {
    (void)user_data;
    ((feed_state *)*state)->shown[hidden_post - 1] = false;
    return FROND_OK;
}

static frond_status feed_handle_action(bool *out_handled, const frond_action *action, frond_scope *scope, void *state,
                                       void *props, void *user_data) {
    const char *name = NULL;
    (void)state; (void)props; (void)user_data;
    must(frond_action_get_name(&name, action), "frond_action_get_name");
    if (strcmp(name, "hide") != 0) return FROND_OK;
    printf("  the feed hears \"hide\" from post %d: drops it\n", hidden_post);
    *out_handled = true;
    return frond_scope_update_state(scope, hide, NULL, NULL);
}

/* ---- the story --------------------------------------------------------------- */

/* The view of the `index`th child of `parent` (0: the root view). */
static uint64_t child(frond_root *root, uint64_t parent, size_t index) {
    uint64_t view = 0;
    must(frond_root_get_child(&view, root, parent, index), "frond_root_get_child");
    return view;
}

/* Taps the middle of `view` (a button of a post), at its place in the root. */
static void tap(frond_root *root, uint64_t feed, uint64_t post_view, uint64_t target, const char *what) {
    frond_rect feed_frame, post_frame, frame;
    frond_action_outcome outcome = 0;
    uint64_t hit = 0;
    float x, y;
    must(frond_root_get_frame(&feed_frame, root, feed), "frond_root_get_frame");
    must(frond_root_get_frame(&post_frame, root, post_view), "frond_root_get_frame");
    must(frond_root_get_frame(&frame, root, target), "frond_root_get_frame");
    x = feed_frame.left + post_frame.left + frame.left + frame.width / 2;
    y = feed_frame.top + post_frame.top + frame.top + frame.height / 2;
    printf("%s: a tap at (%g, %g)\n", what, x, y);
    must(frond_root_tap_at(&outcome, &hit, root, x, y), "frond_root_tap_at");
    printf("  it hit v%llu; the action was %s\n", (unsigned long long)hit,
           outcome == FROND_ACTION_HANDLED ? "handled" : "not handled");
}

/* Ticks the clock `count` times, every 1/8 s from `from` (times exact in binary). */
static void ticks(frond_root *root, double from, int count) {
    int i;
    char name[32];
    for (i = 0; i < count; i++) {
        double time = from + i * 0.125;
        size_t mutations = 0;
        printf("tick %.3f s\n", time);
        must(frond_root_tick(root, time, &mutations), "frond_root_tick");
        if (mutations == 0) printf("  (nothing to animate)\n");
        snprintf(name, sizeof name, "tick-%.3f", time);
        draw_frame(name);
    }
}

int main(int argc, char **argv) {
    frond_render_class_spec spec;
    frond_component *feed = NULL;
    frond_root *root = NULL;
    frond_host host = {sizeof(frond_host), NULL, print_and_mirror, NULL, NULL};
    frond_size_range range = {sizeof(frond_size_range), FROND_SIZE_RANGE_FLEXIBLE_HEIGHT, 320, 0};
    frond_render_class *feed_class = NULL;
    uint64_t feed_view, second;
    char tree[4096];
    size_t length = 0;
    bool running = true;
    demo_name = "feed_demo";

    memset(&spec, 0, sizeof spec);
    spec.struct_size = sizeof spec;
    spec.name = "Likes";
    spec.render = likes_render;
    spec.animations = likes_animations;
    must(frond_render_class_new(&likes_class, &spec, NULL, NULL), "frond_render_class_new");
    spec.name = "Post";
    spec.initial_state = post_initial_state;
    spec.render = post_render;
    spec.destroy_state = free;
    spec.should_update = post_should_update;
    spec.handle_action = post_handle_action;
    spec.animations = post_animations;
    must(frond_render_class_new(&post_class, &spec, NULL, NULL), "frond_render_class_new");
    spec.name = "Feed";
    spec.initial_state = feed_initial_state;
    spec.render = feed_render;
    spec.should_update = NULL;
    spec.handle_action = feed_handle_action;
    spec.animations = NULL;
    must(frond_render_class_new(&feed_class, &spec, NULL, NULL), "frond_render_class_new");

    must(frond_root_new(&root, &range), "frond_root_new");
    must(frond_root_set_host(root, &host, NULL, NULL), "frond_root_set_host");
    if (argc > 1) {
        frame_directory = argv[1];
        must(frond_snapshot_host_new(&snapshots, NULL), "frond_snapshot_host_new");
        must(frond_root_set_pango_text_measurer(root, snapshots), "frond_root_set_pango_text_measurer");
    }
    must(frond_component_new_render(&feed, feed_class, NULL, NULL, NULL, NULL, NULL), "frond_component_new_render");
    must(frond_root_set_component(root, feed), "frond_root_set_component");
    frond_component_release(feed);
    commit(root, "1. the feed mounts (three posts)");
    draw_frame("mounted");

    feed_view = child(root, 0, 0);
    second = child(root, feed_view, 1);
    tap(root, feed_view, second, child(root, second, 3), "2. like post 2");
    commit(root, "   the state update commits: the count changes and starts fading up");
    draw_frame("liked");
    ticks(root, 0.125, 4);

    hidden_post = 1;
    tap(root, feed_view, child(root, feed_view, 0), child(root, child(root, feed_view, 0), 4), "\n3. hide post 1");
    commit(root, "   the feed commits without post 1: its view stays, fading out");
    draw_frame("hidden");
    ticks(root, 0.625, 3);
    must(frond_root_has_running_animations(&running, root), "frond_root_has_running_animations");
    printf("\nanimations still running: %s\n", running ? "yes" : "no");

    must(frond_root_describe(&length, root, tree, sizeof tree), "frond_root_describe");
    printf("mounted views:\n%s\n", tree);
    must(frond_root_free(root), "frond_root_free");
    must(frond_snapshot_host_free(snapshots), "frond_snapshot_host_free");
    must(frond_render_class_release(feed_class), "frond_render_class_release");
    must(frond_render_class_release(post_class), "frond_render_class_release");
    must(frond_render_class_release(likes_class), "frond_render_class_release");
    return 0;
}
