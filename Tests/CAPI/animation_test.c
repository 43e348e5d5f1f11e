/* Functional test of animations in the C API: an animation component fades its child in
 * (golden opacities at t = 0, 0.25, 0.5, 1 for each curve) and out (the view stays until
 * the fade-out ends, then is removed and destroyed exactly once), completions are called
 * once per run with `finished`, user_data is destroyed exactly once, springs settle, the
 * clock cannot go back, and bad animations are refused (destroying their user_data). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* ---- a host that keeps each view's opacity and children ---------------------- */
/* Strict about the order of a removal (frond.h, frond_mutation_kind): a view is destroyed
 * after its children and out of the mounted tree; the views inside a removed subtree
 * get no REMOVE, and a DESTROY takes a view out of its (removed) parent. */

enum { MAX_VIEWS = 64, MAX_CHILDREN = 16 };

typedef struct host_view {
    bool live;
    bool has_opacity;
    double opacity;
    double translation_x;
    frond_rect frame;
    uint64_t children[MAX_CHILDREN];
    size_t child_count;
    uint64_t parent;                     /* 0: the root container, or none when !in_parent */
    bool in_parent;
    int destroyed;                       /* destroy mutations received */
} host_view;

typedef struct host_state {
    host_view views[MAX_VIEWS];
    uint64_t root_children[MAX_CHILDREN];
    size_t root_child_count;
    int problems;
    int commits;
} host_state;

static host_state host;

static bool children_of(uint64_t parent, uint64_t **out_children, size_t **out_count) {
    if (parent == 0) {
        *out_children = host.root_children;
        *out_count = &host.root_child_count;
        return true;
    }
    if (parent >= MAX_VIEWS || !host.views[parent].live) return false;
    *out_children = host.views[parent].children;
    *out_count = &host.views[parent].child_count;
    return true;
}

/* Whether `view` is in the tree under the root container. */
static bool is_mounted(uint64_t view) {
    int steps = 0;
    while (view < MAX_VIEWS && host.views[view].in_parent && steps++ < MAX_VIEWS) {
        if (host.views[view].parent == 0) return true;
        view = host.views[view].parent;
    }
    return false;
}

static frond_status host_apply(frond_root *root, const frond_mutation *m, void *user_data) {
    uint64_t *children = NULL;
    size_t *count = NULL;
    size_t i;
    (void)root; (void)user_data;
    if (m->view >= MAX_VIEWS) { host.problems++; return FROND_OK; }
    switch (m->kind) {
    case FROND_MUTATION_CREATE:
        if (host.views[m->view].live) host.problems++;
        memset(&host.views[m->view], 0, sizeof host.views[m->view]);
        host.views[m->view].live = true;
        break;
    case FROND_MUTATION_UPDATE:
        if (!host.views[m->view].live) host.problems++;
        for (i = 0; i < m->set_count; i++) {
            if (strcmp(m->set[i].name, "opacity") == 0) {
                host.views[m->view].has_opacity = true;
                host.views[m->view].opacity = m->set[i].number;
            }
            if (strcmp(m->set[i].name, "translationX") == 0) host.views[m->view].translation_x = m->set[i].number;
        }
        for (i = 0; i < m->unset_count; i++) {
            if (strcmp(m->unset[i], "opacity") == 0) host.views[m->view].has_opacity = false;
        }
        break;
    case FROND_MUTATION_SET_FRAME:
        host.views[m->view].frame = m->frame;
        break;
    case FROND_MUTATION_INSERT:
        if (!children_of(m->parent, &children, &count) || m->index > *count || *count >= MAX_CHILDREN) {
            host.problems++;
            break;
        }
        if (host.views[m->view].in_parent) host.problems++;
        memmove(children + m->index + 1, children + m->index, (*count - m->index) * sizeof *children);
        children[m->index] = m->view;
        (*count)++;
        host.views[m->view].parent = m->parent;
        host.views[m->view].in_parent = true;
        break;
    case FROND_MUTATION_MOVE:
    case FROND_MUTATION_REMOVE:
        if (!children_of(m->parent, &children, &count)) { host.problems++; break; }
        for (i = 0; i < *count && children[i] != m->view; i++) {}
        if (i == *count) { host.problems++; break; }
        memmove(children + i, children + i + 1, (*count - i - 1) * sizeof *children);
        (*count)--;
        host.views[m->view].in_parent = m->kind == FROND_MUTATION_MOVE;
        if (m->kind == FROND_MUTATION_MOVE) {
            if (m->index > *count) { host.problems++; break; }
            memmove(children + m->index + 1, children + m->index, (*count - m->index) * sizeof *children);
            children[m->index] = m->view;
            (*count)++;
        }
        break;
    case FROND_MUTATION_DESTROY:
        if (!host.views[m->view].live) host.problems++;
        if (host.views[m->view].child_count != 0) host.problems++;      /* children first */
        if (is_mounted(m->view)) host.problems++;                       /* removed first */
        if (host.views[m->view].in_parent && children_of(host.views[m->view].parent, &children, &count)) {
            for (i = 0; i < *count && children[i] != m->view; i++) {}
            if (i < *count) {
                memmove(children + i, children + i + 1, (*count - i - 1) * sizeof *children);
                (*count)--;
            }
        }
        host.views[m->view].in_parent = false;
        host.views[m->view].live = false;
        host.views[m->view].destroyed++;
        break;
    }
    return FROND_OK;
}

static frond_status host_end(frond_root *root, void *user_data) {
    (void)root; (void)user_data;
    host.commits++;
    return FROND_OK;
}

static const frond_host recording_host = {sizeof(frond_host), NULL, host_apply, NULL, host_end};

/* ---- completions and user_data ------------------------------------------------ */

typedef struct tracker {
    int finished_calls;
    int interrupted_calls;
    int destroyed;
} tracker;

static void on_completion(bool finished, void *user_data) {
    tracker *t = user_data;
    if (finished) t->finished_calls++; else t->interrupted_calls++;
    CHECK(t->destroyed == 0);
}

static void on_destroy(void *user_data) {
    ((tracker *)user_data)->destroyed++;
}

/* An opacity animation from `from` (or the current value when negative) to `to` (or
 * the current value when negative), over `duration` seconds with `curve`. */
static frond_animation opacity(double from, double to, double duration, frond_timing_curve curve, tracker *t) {
    frond_animation a;
    memset(&a, 0, sizeof a);
    a.struct_size = sizeof a;
    a.property = FROND_ANIMATION_OPACITY;
    a.from.current = from < 0;
    a.from.x = from;
    a.to.current = to < 0;
    a.to.x = to;
    a.duration = duration;
    a.curve = curve;
    if (t != NULL) {
        a.completion = on_completion;
        a.user_data = t;
        a.destroy = on_destroy;
    }
    return a;
}

/* ---- components -------------------------------------------------------------- */

/* A 10×10 "box" without an opacity attribute (its resting opacity is 1). */
static frond_component *box(const char *key) {
    frond_view_spec view;
    frond_size_spec size = size_points(10, 10);
    frond_component *component = NULL;
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "box";
    CHECK_OK(frond_component_new(&component, &view, &size, key));
    return component;
}

/* A "list" row of `count` components (their handles are released). */
static frond_component *list(frond_component **items, size_t count) {
    frond_flex_child children[8];
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
        children[i].component = items[i];
    }
    CHECK_OK(frond_component_new_flexbox(&component, &view, NULL, NULL, &style, children, count));
    for (i = 0; i < count; i++) CHECK_OK(frond_component_release(items[i]));
    return component;
}

/* A list with a keyed box "a" and, when `banner`, an animation component around a box
 * "banner" with the given animations. */
static frond_component *screen(bool banner, const frond_animation *in, size_t in_count, const frond_animation *out,
                               size_t out_count) {
    frond_component *items[2];
    size_t count = 0;
    items[count++] = box("a");
    if (banner) {
        frond_component *child = box("banner");
        frond_component *animated = NULL;
        CHECK_OK(frond_component_new_animation(&animated, "banner", child, in, in_count, out, out_count));
        CHECK_OK(frond_component_release(child));
        items[count++] = animated;
    }
    return list(items, count);
}

static frond_root *make_root(void) {
    frond_size_range range;
    frond_root *root = NULL;
    memset(&host, 0, sizeof host);
    memset(&range, 0, sizeof range);
    range.struct_size = sizeof range;
    range.kind = FROND_SIZE_RANGE_FIXED;
    range.width = 100;
    range.height = 100;
    CHECK_OK(frond_root_new(&root, &range));
    CHECK_OK(frond_root_set_host(root, &recording_host, NULL, NULL));
    return root;
}

static void show(frond_root *root, frond_component *component) {
    CHECK_OK(frond_root_set_component(root, component));
    CHECK_OK(frond_component_release(component));
    CHECK_OK(frond_root_flush(root, NULL));
}

/* The view of the list's child at `index`. */
static uint64_t list_child(frond_root *root, size_t index) {
    uint64_t list_view = 0, child = 0;
    CHECK_OK(frond_root_get_child(&list_view, root, 0, 0));
    CHECK_OK(frond_root_get_child(&child, root, list_view, index));
    return child;
}

static bool running(frond_root *root) {
    bool result = false;
    CHECK_OK(frond_root_has_running_animations(&result, root));
    return result;
}

/* ---- tests ------------------------------------------------------------------- */

/* A fade-in (0 → resting 1 over 1 s) sampled at 0, 0.25, 0.5 and 1 gives the curve's
 * values: linear exactly, the CSS eases as solved by bisection to 2⁻²⁰⁰ (1e-9). */
static void test_fade_in_golden_values(void) {
    static const struct {
        frond_timing_curve curve;
        double quarter, half;
    } cases[] = {
        {FROND_CURVE_LINEAR, 0.25, 0.5},
        {FROND_CURVE_EASE_IN, 0.09346465071882484, 0.31535681257253945},
        {FROND_CURVE_EASE_OUT, 0.37813813082510966, 0.6846431874274606},
        {FROND_CURVE_EASE_IN_OUT, 0.1291619310473198, 0.5},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tracker t = {0, 0, 0};
        frond_animation fade = opacity(0, -1, 1, cases[i].curve, &t);
        frond_root *root = make_root();
        uint64_t banner;
        double time = -1;
        size_t mutations = 0;
        show(root, screen(true, &fade, 1, NULL, 0));
        banner = list_child(root, 1);
        CHECK(host.views[banner].has_opacity && host.views[banner].opacity == 0);
        CHECK_OK(frond_root_tick(root, 0.25, &mutations));
        CHECK(mutations == 1);
        CHECK(fabs(host.views[banner].opacity - cases[i].quarter) < 1e-9);
        CHECK_OK(frond_root_tick(root, 0.5, NULL));
        CHECK(fabs(host.views[banner].opacity - cases[i].half) < 1e-9);
        CHECK(running(root));
        CHECK(t.finished_calls == 0);
        CHECK_OK(frond_root_tick(root, 1.0, NULL));
        CHECK(!host.views[banner].has_opacity);       /* the resting value: no attribute */
        CHECK(!running(root));
        CHECK(t.finished_calls == 1 && t.interrupted_calls == 0);
        CHECK_OK(frond_root_get_animation_time(&time, root));
        CHECK(time == 1.0);
        CHECK_OK(frond_root_tick(root, 2.0, &mutations));
        CHECK(mutations == 0);
        CHECK(t.finished_calls == 1);
        CHECK(host.problems == 0);
        CHECK_OK(frond_root_free(root));
        CHECK(t.destroyed == 1);
    }
}

static void test_fade_out_keeps_the_view_until_it_ends(void) {
    tracker in = {0, 0, 0}, out = {0, 0, 0};
    frond_animation fade_in = opacity(0, -1, 1, FROND_CURVE_LINEAR, &in);
    frond_animation fade_out = opacity(-1, 0, 1, FROND_CURVE_LINEAR, &out);
    frond_root *root = make_root();
    uint64_t list_view = 0, banner;
    size_t count = 0, before = live_handles();
    show(root, screen(true, &fade_in, 1, &fade_out, 1));
    banner = list_child(root, 1);
    CHECK_OK(frond_root_tick(root, 0.5, NULL));
    show(root, screen(false, NULL, 0, NULL, 0));
    /* The fade-in is interrupted; the fade-out starts from the shown 0.5. */
    CHECK(in.interrupted_calls == 1 && in.finished_calls == 0);
    CHECK_OK(frond_root_get_child(&list_view, root, 0, 0));
    CHECK_OK(frond_root_get_child_count(&count, root, list_view));
    CHECK(count == 2 && host.views[list_view].child_count == 2);
    CHECK(host.views[banner].live && host.views[banner].opacity == 0.5);
    CHECK_OK(frond_root_tick(root, 1.0, NULL));
    CHECK(fabs(host.views[banner].opacity - 0.25) < 1e-12);
    CHECK(host.views[banner].destroyed == 0);
    CHECK_OK(frond_root_tick(root, 1.5, NULL));
    CHECK(!host.views[banner].live && host.views[banner].destroyed == 1);
    CHECK_OK(frond_root_get_child_count(&count, root, list_view));
    CHECK(count == 1 && host.views[list_view].child_count == 1);
    CHECK(out.finished_calls == 1 && out.interrupted_calls == 0);
    CHECK(!running(root));
    CHECK_OK(frond_root_tick(root, 3.0, NULL));
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK(host.views[banner].destroyed == 1);
    CHECK(host.problems == 0);
    /* The animation component is gone: its user_data too, once each. */
    CHECK(in.destroyed == 1 && out.destroyed == 1);
    CHECK_OK(frond_root_free(root));
    CHECK(live_handles() == before - 1);            /* the root's handle */
}

/* A completion that tries to tick and to flush its root (refused: it runs inside the tick,
   whose other completions and clock must not be overtaken). */
typedef struct reentry {
    frond_root *root;
    frond_status tick_status, flush_status;
    int calls;
} reentry;

static void reentering_completion(bool finished, void *user_data) {
    reentry *r = user_data;
    (void)finished;
    r->calls++;
    r->tick_status = frond_root_tick(r->root, 1000, NULL);
    r->flush_status = frond_root_flush(r->root, NULL);
}

static void test_a_completion_cannot_tick_or_flush(void) {
    frond_animation fade_in = opacity(0, -1, 1, FROND_CURVE_LINEAR, NULL);
    frond_root *root = make_root();
    reentry r;
    double time = 0;
    memset(&r, 0, sizeof r);
    r.root = root;
    fade_in.completion = reentering_completion;
    fade_in.user_data = &r;
    show(root, screen(true, &fade_in, 1, NULL, 0));
    CHECK_OK(frond_root_tick(root, 2.0, NULL));
    CHECK(r.calls == 1 && r.tick_status == FROND_ERR_MISUSE && r.flush_status == FROND_ERR_MISUSE);
    CHECK_OK(frond_root_get_animation_time(&time, root));
    CHECK(time == 2.0);
    /* After the tick, the root flushes and ticks as before. */
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK_OK(frond_root_tick(root, 3.0, NULL));
    CHECK(host.problems == 0);
    CHECK_OK(frond_root_free(root));
}

static void test_spring_settles(void) {
    frond_animation spring = opacity(0, -1, 0, FROND_CURVE_SPRING, NULL);
    frond_root *root = make_root();
    uint64_t banner;
    double time = 0;
    spring.spring_damping = 10;
    spring.spring_stiffness = 100;
    spring.spring_mass = 1;
    show(root, screen(true, &spring, 1, NULL, 0));
    banner = list_child(root, 1);
    /* ζ = 0.5, ω₀ = 10: x(t) = e^(−5t)(cos ωd·t + 5/ωd·sin ωd·t), ωd = 10·√0.75. */
    CHECK_OK(frond_root_tick(root, 0.1, NULL));
    {
        double wd = 10 * sqrt(0.75);
        double expected = 1 - exp(-0.5) * (cos(wd * 0.1) + 5 / wd * sin(wd * 0.1));
        CHECK(fabs(host.views[banner].opacity - expected) < 1e-9);
    }
    for (time = 0.2; time < 5 && running(root); time += 0.1) CHECK_OK(frond_root_tick(root, time, NULL));
    CHECK(!running(root));
    CHECK(time < 2);                              /* settles in about 1.4 s */
    CHECK(!host.views[banner].has_opacity);
    CHECK(host.problems == 0);
    CHECK_OK(frond_root_free(root));
}

static void test_clock_and_bad_animations_are_refused(void) {
    tracker t = {0, 0, 0};
    frond_animation good = opacity(0, -1, 1, FROND_CURVE_LINEAR, &t);
    frond_animation bad[6];
    frond_component *child = box("c");
    frond_component *made = NULL;
    frond_root *root = make_root();
    size_t i;
    for (i = 0; i < 6; i++) bad[i] = opacity(0, -1, 1, FROND_CURVE_LINEAR, &t);
    bad[0].duration = -1;
    bad[1].from.x = NAN;
    bad[2].property = (frond_animation_property)99;
    bad[3].curve = FROND_CURVE_CUBIC_BEZIER;
    bad[3].bezier[0] = 2;
    bad[4].curve = FROND_CURVE_SPRING;             /* damping, stiffness, mass 0 */
    bad[5].target_key = "";
    for (i = 0; i < 6; i++) {
        int destroyed = t.destroyed;
        CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT,
                     frond_component_new_animation(&made, NULL, child, &good, 1, &bad[i], 1));
        CHECK(made == NULL);
        CHECK(t.destroyed == destroyed + 2);        /* both entries' user_data, at once */
    }
    bad[0] = good;
    bad[0].struct_size = 8;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_animation(&made, NULL, child, bad, 1, NULL, 0));
    /* A target key that names no component fails the flush, which changes nothing. */
    good.target_key = "missing";
    CHECK_OK(frond_component_new_animation(&made, NULL, child, &good, 1, NULL, 0));
    CHECK_OK(frond_root_set_component(root, made));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_flush(root, NULL));
    CHECK(host.commits == 0);
    CHECK_OK(frond_component_release(made));
    CHECK_OK(frond_root_set_component(root, NULL));
    CHECK_OK(frond_root_tick(root, 1, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_tick(root, 0.5, NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_root_tick(root, NAN, NULL));
    CHECK_OK(frond_component_release(child));
    CHECK_OK(frond_root_free(root));
    CHECK(t.finished_calls == 0);
}

/* ---- a render class that animates (frond_render_class_spec.animations) ---------- */

typedef struct badge_props {
    int id;
    int level;                           /* shown as the attribute "level" */
} badge_props;

static tracker badge_trackers[4];       /* by moment */
static frond_status badge_status = FROND_OK;
static size_t badge_count_override = 0;  /* > 0: the count the callback writes */
static int change_calls = 0;
static int previous_level_seen = -1;

static frond_status badge_render(frond_component **out_child, frond_scope *scope, void *state, void *props,
                                 void *user_data) {
    (void)scope; (void)state; (void)props; (void)user_data;
    *out_child = box(NULL);
    return FROND_OK;
}

static frond_status badge_animations(struct frond_animation *out, size_t *out_count, frond_animation_moment moment,
                                     void *previous_props, void *props, void *user_data) {
    (void)props; (void)user_data;
    CHECK(*out_count == 0);
    CHECK(out[0].struct_size == sizeof(frond_animation));
    switch (moment) {
    case FROND_ANIMATIONS_ON_INITIAL_MOUNT:
        CHECK(previous_props == NULL);
        out[0] = opacity(0, -1, 1, FROND_CURVE_LINEAR, &badge_trackers[moment]);
        break;
    case FROND_ANIMATIONS_ON_CHANGE:
        change_calls++;
        previous_level_seen = previous_props != NULL ? ((badge_props *)previous_props)->level : -1;
        out[0] = opacity(0.5, -1, 1, FROND_CURVE_LINEAR, &badge_trackers[moment]);
        break;
    case FROND_ANIMATIONS_ON_FINAL_UNMOUNT:
        CHECK(previous_props == NULL);
        out[0] = opacity(-1, 0, 1, FROND_CURVE_LINEAR, &badge_trackers[moment]);
        break;
    }
    *out_count = badge_count_override > 0 ? badge_count_override : 1;
    return badge_status;
}

static frond_render_class *badge_class(void) {
    frond_render_class_spec spec;
    frond_render_class *render_class = NULL;
    memset(&spec, 0, sizeof spec);
    spec.struct_size = sizeof spec;
    spec.name = "Badge";
    spec.render = badge_render;
    spec.animations = badge_animations;
    CHECK_OK(frond_render_class_new(&render_class, &spec, NULL, NULL));
    return render_class;
}

/* A list of box "a" and, when `shown`, a badge (key "badge") with `props`. */
static frond_component *badge_screen(frond_render_class *render_class, badge_props *props) {
    frond_component *items[2];
    size_t count = 0;
    items[count++] = box("a");
    if (props != NULL) {
        frond_component *badge = NULL;
        frond_size_spec size = size_points(10, 10);
        CHECK_OK(frond_component_new_render(&badge, render_class, NULL, &size, "badge", props, NULL));
        items[count++] = badge;
    }
    return list(items, count);
}

static void test_render_classes_give_animations(void) {
    frond_render_class *render_class = badge_class();
    badge_props first = {1, 1}, second = {1, 2};
    frond_root *root = make_root();
    uint64_t badge;

    memset(badge_trackers, 0, sizeof badge_trackers);
    /* Initial mount: a fade-in. */
    show(root, badge_screen(render_class, &first));
    badge = list_child(root, 1);
    CHECK(host.views[badge].has_opacity && host.views[badge].opacity == 0);
    CHECK_OK(frond_root_tick(root, 0.5, NULL));
    CHECK(fabs(host.views[badge].opacity - 0.5) < 1e-12);
    CHECK_OK(frond_root_tick(root, 1.0, NULL));
    CHECK(!host.views[badge].has_opacity);
    CHECK(badge_trackers[FROND_ANIMATIONS_ON_INITIAL_MOUNT].finished_calls == 1);

    /* New props: a change animation, told the previous props. */
    show(root, badge_screen(render_class, &second));
    CHECK(change_calls == 1 && previous_level_seen == 1);
    CHECK(list_child(root, 1) == badge);
    CHECK(host.views[badge].opacity == 0.5);
    CHECK_OK(frond_root_tick(root, 1.5, NULL));
    CHECK(fabs(host.views[badge].opacity - 0.75) < 1e-12);
    CHECK_OK(frond_root_tick(root, 2.0, NULL));
    CHECK(badge_trackers[FROND_ANIMATIONS_ON_CHANGE].finished_calls == 1);

    /* Removed: it fades out, then its view is destroyed once. */
    show(root, badge_screen(render_class, NULL));
    CHECK(host.views[badge].live);
    CHECK_OK(frond_root_tick(root, 2.5, NULL));
    CHECK(fabs(host.views[badge].opacity - 0.5) < 1e-12);
    CHECK_OK(frond_root_tick(root, 3.0, NULL));
    CHECK(!host.views[badge].live && host.views[badge].destroyed == 1);
    CHECK(badge_trackers[FROND_ANIMATIONS_ON_FINAL_UNMOUNT].finished_calls == 1);
    CHECK(badge_trackers[FROND_ANIMATIONS_ON_FINAL_UNMOUNT].interrupted_calls == 0);
    /* Each run's user_data went once its component and its run were over. */
    CHECK(badge_trackers[FROND_ANIMATIONS_ON_INITIAL_MOUNT].destroyed == 1);
    CHECK(badge_trackers[FROND_ANIMATIONS_ON_CHANGE].destroyed == 1);
    CHECK(badge_trackers[FROND_ANIMATIONS_ON_FINAL_UNMOUNT].destroyed == 1);

    /* A failing callback, or one that writes too many, fails the flush; whatever it
     * wrote is destroyed once. */
    badge_status = FROND_ERR_INTERNAL;
    {
        frond_component *refused = badge_screen(render_class, &first);
        CHECK_OK(frond_root_set_component(root, refused));
        CHECK_OK(frond_component_release(refused));
    }
    CHECK_STATUS(FROND_ERR_CALLBACK, frond_root_flush(root, NULL));
    CHECK(badge_trackers[FROND_ANIMATIONS_ON_INITIAL_MOUNT].destroyed == 2);
    badge_status = FROND_OK;
    badge_count_override = FROND_MAX_COMPONENT_ANIMATIONS + 1;
    CHECK_STATUS(FROND_ERR_CALLBACK, frond_root_flush(root, NULL));
    badge_count_override = 0;
    CHECK(host.problems == 0);
    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_render_class_release(render_class));
    CHECK(badge_trackers[FROND_ANIMATIONS_ON_INITIAL_MOUNT].destroyed == 3);   /* one run, two refused */
    CHECK(badge_trackers[FROND_ANIMATIONS_ON_INITIAL_MOUNT].finished_calls == 1);
}

/* ---- groups, and frame animations of a render class ---------------------------- */

static frond_animation translation(double from, double to, double duration) {
    frond_animation a = opacity(0, 0, duration, FROND_CURVE_LINEAR, NULL);
    a.property = FROND_ANIMATION_TRANSLATION_X;
    a.from.current = false;
    a.from.x = from;
    a.to.current = false;
    a.to.x = to;
    return a;
}

static frond_animation group_of(frond_animation_property kind, const frond_animation *parts, size_t count,
                                tracker *t) {
    frond_animation g = opacity(0, 0, 0, FROND_CURVE_LINEAR, t);
    g.property = kind;
    g.parts = parts;
    g.part_count = count;
    return g;
}

static void test_groups_from_c(void) {
    tracker whole = {0, 0, 0}, first = {0, 0, 0}, second = {0, 0, 0};
    frond_animation steps[2], together[2], sequence, parallel, nested[18];
    frond_component *child = NULL, *animated = NULL;
    frond_root *root;
    uint64_t banner;
    size_t i;

    /* A sequence: 0 → 0.5 over 0.5 s, then 0.5 → 1 over 0.5 s. */
    steps[0] = opacity(0, 0.5, 0.5, FROND_CURVE_LINEAR, &first);
    steps[1] = opacity(0.5, 1, 0.5, FROND_CURVE_LINEAR, &second);
    sequence = group_of(FROND_ANIMATION_SEQUENCE, steps, 2, &whole);
    root = make_root();
    show(root, screen(true, &sequence, 1, NULL, 0));
    banner = list_child(root, 1);
    CHECK_OK(frond_root_tick(root, 0.25, NULL));
    CHECK(fabs(host.views[banner].opacity - 0.25) < 1e-12);
    CHECK_OK(frond_root_tick(root, 0.75, NULL));
    CHECK(fabs(host.views[banner].opacity - 0.75) < 1e-12);
    CHECK(first.finished_calls == 1 && second.finished_calls == 0 && whole.finished_calls == 0);
    CHECK_OK(frond_root_tick(root, 1.0, NULL));
    CHECK(second.finished_calls == 1 && whole.finished_calls == 1);
    CHECK_OK(frond_root_free(root));
    CHECK(first.destroyed == 1 && second.destroyed == 1 && whole.destroyed == 1);

    /* Parallel parts: opacity and translation together. */
    together[0] = opacity(0, 1, 1, FROND_CURVE_LINEAR, NULL);
    together[1] = translation(-20, 0, 1);
    parallel = group_of(FROND_ANIMATION_PARALLEL, together, 2, NULL);
    root = make_root();
    show(root, screen(true, &parallel, 1, NULL, 0));
    banner = list_child(root, 1);
    CHECK_OK(frond_root_tick(root, 0.5, NULL));
    CHECK(fabs(host.views[banner].opacity - 0.5) < 1e-12);
    CHECK(fabs(host.views[banner].translation_x + 10) < 1e-12);
    CHECK(host.problems == 0);
    CHECK_OK(frond_root_free(root));

    /* Refused: parts NULL with a count, a part of another size, nesting too deep. */
    child = box("banner");
    parallel = group_of(FROND_ANIMATION_PARALLEL, NULL, 2, NULL);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_animation(&animated, NULL, child, &parallel, 1, NULL, 0));
    parallel = group_of(FROND_ANIMATION_PARALLEL, together, (size_t)-1, NULL);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_animation(&animated, NULL, child, &parallel, 1, NULL, 0));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_animation(&animated, NULL, child, together, (size_t)-1,
                                                                           NULL, 0));
    together[1].struct_size = 8;
    parallel = group_of(FROND_ANIMATION_PARALLEL, together, 2, NULL);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_animation(&animated, NULL, child, &parallel, 1, NULL, 0));
    nested[0] = opacity(0, 1, 1, FROND_CURVE_LINEAR, NULL);
    for (i = 1; i < 18; i++) nested[i] = group_of(FROND_ANIMATION_SEQUENCE, &nested[i - 1], 1, NULL);
    /* nested[n] is n groups deep: 17 are refused, 16 are fine. */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_component_new_animation(&animated, NULL, child, &nested[17], 1, NULL, 0));
    CHECK_OK(frond_component_new_animation(&animated, NULL, child, &nested[16], 1, NULL, 0));
    CHECK_OK(frond_component_release(animated));
    CHECK_OK(frond_component_release(child));
}

/* A list of a box of width `width` and a badge whose class animates its frame. */
static frond_component *moving_screen(frond_render_class *render_class, float width) {
    frond_component *items[2];
    frond_view_spec view;
    frond_size_spec size = size_points(width, 10);
    static badge_props props = {9, 0};
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "box";
    CHECK_OK(frond_component_new(&items[0], &view, &size, "a"));
    size = size_points(10, 10);
    view.view_type = "badge";
    CHECK_OK(frond_component_new_render(&items[1], render_class, &view, &size, "badge", &props, NULL));
    return list(items, 2);
}

static void test_render_class_frame_animation(void) {
    frond_render_class_spec spec;
    frond_render_class *render_class = NULL;
    frond_animation timing = opacity(0, 0, 1, FROND_CURVE_LINEAR, NULL);
    frond_root *root;
    uint64_t badge;

    memset(&spec, 0, sizeof spec);
    spec.struct_size = sizeof spec;
    spec.name = "Mover";
    spec.render = badge_render;
    spec.frame_animation = &timing;
    timing.struct_size = 4;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_render_class_new(&render_class, &spec, NULL, NULL));
    timing.struct_size = sizeof timing;
    timing.duration = -1;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_render_class_new(&render_class, &spec, NULL, NULL));
    timing.duration = 1;
    CHECK_OK(frond_render_class_new(&render_class, &spec, NULL, NULL));

    root = make_root();
    show(root, moving_screen(render_class, 10));
    badge = list_child(root, 1);
    CHECK(host.views[badge].frame.left == 10);
    /* The box before it widens: the badge's view glides from 10 to 30 over a second. */
    show(root, moving_screen(render_class, 30));
    CHECK(list_child(root, 1) == badge);
    CHECK(host.views[badge].frame.left == 10);
    CHECK_OK(frond_root_tick(root, 0.5, NULL));
    CHECK(fabs(host.views[badge].frame.left - 20) < 1e-4);
    CHECK_OK(frond_root_tick(root, 1.0, NULL));
    CHECK(host.views[badge].frame.left == 30);
    CHECK(host.problems == 0);
    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_render_class_release(render_class));
}

int main(void) {
    size_t before = live_handles();
    test_fade_in_golden_values();
    test_fade_out_keeps_the_view_until_it_ends();
    test_spring_settles();
    test_a_completion_cannot_tick_or_flush();
    test_clock_and_bad_animations_are_refused();
    test_render_classes_give_animations();
    test_groups_from_c();
    test_render_class_frame_animation();
    CHECK(live_handles() == before);
    return check_report("animation_test");
}
