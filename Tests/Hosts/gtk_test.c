/* The GTK 4 host in a real X server (run under Xvfb): a root's views become widgets in a
 * window; a real X click (xdotool) on the button changes the root's state and the widgets;
 * the window's pixels (GTK's own rendering of it, saved as PNG) show it, and match a
 * reference image; the window destroyed while the root flushes, and the root freed while
 * the widget lives, crash nothing. Text measured off GTK's thread agrees with the labels';
 * a GtkSpinButton wrapped as a component sits among native ones at GTK's size and sends
 * its value on a real click; a 2,000-row list scrolls in a GtkScrolledWindow, mounting
 * what comes into view, and a real click on an item's button changes that item. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "like_button.h"
#include "frond_gtk.h"

typedef struct app {
    frond_root *root;
    int count;
} app;

static frond_component *screen(const app *a) {
    char text[64];
    frond_component *label = NULL, *button = NULL, *box = NULL, *column = NULL;
    frond_attribute button_attributes[] = {frond_attribute_string("title", "Add one"),
                                           frond_attribute_action(FROND_EVENT_TAP, "increment")};
    frond_attribute box_attributes[] = {frond_attribute_color("backgroundColor", frond_rgb(a->count % 2 ? 0x2a6bd9 : 0xd94a2a)),
                                        frond_attribute_number("cornerRadius", 8)};
    frond_view_spec button_view = frond_view("button", button_attributes, 2);
    frond_view_spec box_view = frond_view("swatch", box_attributes, 2);
    frond_size_spec button_size = frond_size_points(120, 36), box_size = frond_size_points(60, 30);
    frond_flexbox_style style = frond_flexbox_style_column(8);
    frond_flex_child children[3];
    style.padding[0] = style.padding[1] = style.padding[2] = style.padding[3] = frond_points(12);
    snprintf(text, sizeof text, "count %d", a->count);
    frond_component_new_text(&label, text, NULL, NULL, "label");
    frond_component_new(&button, &button_view, &button_size, "button");
    frond_component_new(&box, &box_view, &box_size, "swatch");
    children[0] = frond_flex_child_of(label);
    children[1] = frond_flex_child_of(button);
    children[2] = frond_flex_child_of(box);
    children[0].align_self = children[1].align_self = children[2].align_self = FROND_ALIGN_FLEX_START;
    frond_component_new_flexbox(&column, NULL, NULL, NULL, &style, children, 3);
    frond_component_release(label);
    frond_component_release(button);
    frond_component_release(box);
    return column;
}

static frond_status on_action(frond_root *root, const frond_action *action, void *user_data) {
    app *a = user_data;
    frond_component *next;
    frond_status status;
    a->count++;
    (void)action;
    next = screen(a);
    status = frond_root_set_component(root, next);
    frond_component_release(next);
    return status;
}

/* Latency: from GTK receiving a click (a capture-phase gesture on the window) to the end of
 * the first frame painted after the commit it caused. */
static gint64 click_time;
static uint64_t commits_at_click;
static double latencies[64];
static int latency_count;
static frond_gtk_host *the_host;

static void click_received(GtkGestureClick *gesture, int presses, double x, double y, gpointer user_data) {
    (void)gesture;
    (void)presses;
    (void)x;
    (void)y;
    (void)user_data;
    click_time = g_get_monotonic_time();
    frond_gtk_host_get_commit_count(&commits_at_click, the_host);
}

static void after_paint(GdkFrameClock *clock, gpointer user_data) {
    uint64_t commits = 0;
    (void)clock;
    (void)user_data;
    if (!click_time || frond_gtk_host_get_commit_count(&commits, the_host) != FROND_OK || commits <= commits_at_click) return;
    if (latency_count < 64) latencies[latency_count++] = (double)(g_get_monotonic_time() - click_time) / 1000.0;
    click_time = 0;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void iterate_for(int milliseconds) {
    gint64 end = g_get_monotonic_time() + milliseconds * 1000;
    while (g_get_monotonic_time() < end) {
        while (g_main_context_iteration(NULL, FALSE)) {}
        g_usleep(2000);
    }
}

#define WAIT_FOR(condition)                                                  \
    do {                                                                     \
        int rounds_ = 0;                                                     \
        while (!(condition) && rounds_++ < 2500) {                           \
            while (g_main_context_iteration(NULL, FALSE)) {}                 \
            if (!(condition)) g_usleep(2000);                                \
        }                                                                    \
        CHECK(condition);                                                    \
    } while (0)

/* The window's content as GTK renders it, saved to `path`. */
static GdkTexture *render(GtkWidget *window, const char *path) {
    GtkWidget *child = gtk_window_get_child(GTK_WINDOW(window));
    int width = gtk_widget_get_width(child), height = gtk_widget_get_height(child);
    GdkPaintable *paintable = gtk_widget_paintable_new(child);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    GskRenderNode *node;
    GdkTexture *texture;
    graphene_rect_t bounds = GRAPHENE_RECT_INIT(0, 0, width, height);
    gdk_paintable_snapshot(paintable, GDK_SNAPSHOT(snapshot), width, height);
    node = gtk_snapshot_free_to_node(snapshot);
    texture = gsk_renderer_render_texture(gtk_native_get_renderer(GTK_NATIVE(window)), node, &bounds);
    gsk_render_node_unref(node);
    g_object_unref(paintable);
    if (path) gdk_texture_save_to_png(texture, path);
    return texture;
}

/* Pixels differing by more than `tolerance` in a channel (every pixel when sizes differ). */
static long differing(GdkTexture *a, GdkTexture *b, int tolerance) {
    int width = gdk_texture_get_width(a), height = gdk_texture_get_height(a);
    guchar *pa, *pb;
    long count = 0, i;
    if (width != gdk_texture_get_width(b) || height != gdk_texture_get_height(b)) return (long)width * height;
    pa = g_malloc((gsize)width * height * 4);
    pb = g_malloc((gsize)width * height * 4);
    gdk_texture_download(a, pa, (gsize)width * 4);
    gdk_texture_download(b, pb, (gsize)width * 4);
    for (i = 0; i < (long)width * height; i++) {
        int c, worst = 0;
        for (c = 0; c < 4; c++) worst = MAX(worst, abs(pa[i * 4 + c] - pb[i * 4 + c]));
        if (worst > tolerance) count++;
    }
    g_free(pa);
    g_free(pb);
    return count;
}

/* `shot` (saved as `shot_path`) against the reference image at `reference_path`: at most
 * `most` pixels may differ by more than 24 in a channel. FROND_RECORD_SNAPSHOTS=1 records a
 * missing reference instead. */
static void check_reference(GdkTexture *shot, const char *shot_path, const char *reference_path, long most) {
    GError *error = NULL;
    GdkTexture *reference = gdk_texture_new_from_filename(reference_path, &error);
    if (!reference) {
        if (getenv("FROND_RECORD_SNAPSHOTS")) {
            gdk_texture_save_to_png(shot, reference_path);
            printf("gtk_test: recorded %s\n", reference_path);
        } else {
            fprintf(stderr, "gtk_test: no reference %s (FROND_RECORD_SNAPSHOTS=1 records it)\n", reference_path);
            CHECK(false);
        }
        g_clear_error(&error);
    } else {
        long count = differing(shot, reference, 24);
        if (count > most) fprintf(stderr, "gtk_test: %ld pixels differ from %s (%s)\n", count, reference_path, shot_path);
        CHECK(count <= most);
        g_object_unref(reference);
    }
}

static bool describes(frond_root *root, const char *text) {
    char buffer[4096];
    size_t length = 0;
    return frond_root_describe(&length, root, buffer, sizeof buffer) == FROND_OK && strstr(buffer, text) != NULL;
}

/* A real X click at (`x`, `y`) in `widget` of `window` (xdotool, relative to the window,
 * found by its title). */
static void click_point(GtkWidget *window, GtkWidget *widget, double x, double y) {
    double offset_x = 0, offset_y = 0;
    char command[320];
    graphene_point_t at;
    gtk_native_get_surface_transform(GTK_NATIVE(window), &offset_x, &offset_y);
    if (!gtk_widget_compute_point(widget, window, &GRAPHENE_POINT_INIT(x, y), &at)) {
        CHECK(false);
        return;
    }
    snprintf(command, sizeof command, "xdotool search --sync --name '%s' mousemove --window %%1 %d %d click 1",
             gtk_window_get_title(GTK_WINDOW(window)), (int)(at.x + offset_x), (int)(at.y + offset_y));
    CHECK(system(command) == 0);
}

/* A real X click at the middle of `view` of the root shown in the window's child. */
static void click_view(GtkWidget *window, frond_root *root, uint64_t view) {
    frond_rect frame;
    frond_root_get_frame_in_root(&frame, root, view);
    click_point(window, gtk_window_get_child(GTK_WINDOW(window)), frame.left + frame.width / 2, frame.top + frame.height / 2);
}

/* ---- text measured off GTK's thread agrees with the labels' own ------------------------ */

static const char *const sample_texts[] = {
    "count 0", "Frond mounts into any host", "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor",
    "Ünïcödé — 日本語 and emoji-free text that wraps over several lines at two hundred points wide"};
#define SAMPLES 4

typedef struct measured {
    frond_size sizes[SAMPLES];
    frond_status status;
} measured;

static gpointer measure_off_thread(gpointer user_data) {
    measured *m = user_data;
    frond_text_style style;
    int i;
    FROND_INIT(style);
    style.font_size = 13;
    for (i = 0; i < SAMPLES && m->status == FROND_OK; i++) {
        m->status = frond_gtk_measure_text(sample_texts[i], &style, 200, FROND_MEASURE_MODE_AT_MOST, FROND_UNDEFINED,
                                           FROND_MEASURE_MODE_UNDEFINED, &m->sizes[i], NULL);
    }
    return NULL;
}

static void test_text_measured_off_thread_agrees(void) {
    frond_root *root = NULL;
    frond_gtk_host *host = NULL;
    frond_component *texts[SAMPLES], *column = NULL;
    frond_flex_child children[SAMPLES];
    frond_flexbox_style style = frond_flexbox_style_column(0);
    frond_text_style text_style;
    frond_size_range range = frond_size_range_flexible_height(200);
    measured m;
    GThread *thread;
    char key[8];
    int i;
    FROND_INIT(text_style);
    text_style.font_size = 13;
    for (i = 0; i < SAMPLES; i++) {
        snprintf(key, sizeof key, "t%d", i);
        CHECK_OK(frond_component_new_text(&texts[i], sample_texts[i], &text_style, NULL, key));
        children[i] = frond_flex_child_of(texts[i]);
        children[i].align_self = FROND_ALIGN_FLEX_START;
    }
    CHECK_OK(frond_component_new_flexbox(&column, NULL, NULL, NULL, &style, children, SAMPLES));
    for (i = 0; i < SAMPLES; i++) frond_component_release(texts[i]);
    CHECK_OK(frond_root_new(&root, &range));
    CHECK_OK(frond_gtk_host_new(&host, root)); /* the root measures with the labels' context */
    CHECK_OK(frond_root_set_component(root, column));
    frond_component_release(column);
    CHECK_OK(frond_root_flush(root, NULL));
    memset(&m, 0, sizeof m);
    thread = g_thread_new("measure", measure_off_thread, &m);
    g_thread_join(thread);
    CHECK_OK(m.status);
    for (i = 0; i < SAMPLES; i++) {
        const char *path[1];
        uint64_t view = 0;
        frond_rect frame;
        snprintf(key, sizeof key, "t%d", i);
        path[0] = key;
        CHECK_OK(frond_root_find_view(&view, root, path, 1));
        CHECK_OK(frond_root_get_frame(&frame, root, view));
        /* (Frames are on the pixel grid: a measure rounds to it.) */
        if (fabsf(ceilf(m.sizes[i].height) - frame.height) > 1 || fabsf(m.sizes[i].width - frame.width) > 1) {
            fprintf(stderr, "gtk_test: \"%s\": %g×%g off GTK's thread, %g×%g by the labels' context\n", sample_texts[i],
                    m.sizes[i].width, m.sizes[i].height, frame.width, frame.height);
            CHECK(false);
        }
    }
    CHECK(m.sizes[3].height > 2 * m.sizes[0].height); /* the long one wraps */
    {
        /* A font size beyond the labels' bound is measured at that bound: finite, positive. */
        frond_text_style huge;
        frond_size size = {0, 0};
        FROND_INIT(huge);
        huge.font_size = 1e9f;
        CHECK_OK(frond_gtk_measure_text("W", &huge, FROND_UNDEFINED, FROND_MEASURE_MODE_UNDEFINED, FROND_UNDEFINED,
                                        FROND_MEASURE_MODE_UNDEFINED, &size, NULL));
        CHECK(isfinite(size.width) && isfinite(size.height) && size.height >= 10000 && size.height < 20000);
    }
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT,
                  frond_gtk_measure_text(NULL, NULL, 0, FROND_MEASURE_MODE_UNDEFINED, 0, FROND_MEASURE_MODE_UNDEFINED, NULL, NULL),
                  "required");
    CHECK_OK(frond_gtk_host_free(host));
    CHECK_OK(frond_root_free(root));
}

/* ---- a nested view's new frame under an unchanged parent ------------------------------- */

/* A fixed 200×60 "outer" view holding an "inner" view `width` wide: only inner's frame
 * changes from one commit to the next (as a frame animation's ticks change it). */
static frond_component *nested(float width) {
    frond_component *inner = NULL, *outer = NULL;
    frond_view_spec inner_view = frond_view("inner", NULL, 0), outer_view = frond_view("outer", NULL, 0);
    frond_size_spec inner_size = frond_size_points(width, 20), outer_size = frond_size_points(200, 60);
    frond_flexbox_style style = frond_flexbox_style_column(0);
    frond_flex_child child;
    style.align_items = FROND_ALIGN_FLEX_START;
    frond_component_new(&inner, &inner_view, &inner_size, "inner");
    child = frond_flex_child_of(inner);
    frond_component_new_flexbox(&outer, &outer_view, &outer_size, "outer", &style, &child, 1);
    frond_component_release(inner);
    return outer;
}

static void test_a_nested_frame_change_is_allocated(void) {
    frond_root *root = NULL;
    frond_gtk_host *host = NULL;
    frond_component *component;
    GtkWidget *window, *outer, *inner;
    CHECK_OK(frond_root_new(&root, NULL));
    CHECK_OK(frond_gtk_host_new(&host, root));
    component = nested(40);
    CHECK_OK(frond_root_set_component(root, component));
    frond_component_release(component);
    window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(window), "Frond GTK nested frames");
    gtk_window_set_default_size(GTK_WINDOW(window), 240, 100);
    gtk_window_set_child(GTK_WINDOW(window), frond_gtk_host_get_widget(host));
    gtk_window_present(GTK_WINDOW(window));
    outer = gtk_widget_get_first_child(frond_gtk_host_get_widget(host));
    WAIT_FOR(gtk_widget_get_mapped(window) && (outer = gtk_widget_get_first_child(frond_gtk_host_get_widget(host))) &&
             gtk_widget_get_first_child(outer) && gtk_widget_get_width(gtk_widget_get_first_child(outer)) == 40);
    inner = gtk_widget_get_first_child(outer);
    component = nested(120);
    CHECK_OK(frond_root_set_component(root, component));
    frond_component_release(component);
    CHECK_OK(frond_root_flush(root, NULL));
    iterate_for(200);
    /* (Before: GTK skipped the unchanged outer view, so inner kept its old allocation.) */
    CHECK(gtk_widget_get_width(outer) == 200);
    if (gtk_widget_get_width(inner) != 120) fprintf(stderr, "gtk_test: inner is %d wide, not 120\n", gtk_widget_get_width(inner));
    CHECK(gtk_widget_get_width(inner) == 120);
    {
        /* A "switch" (a GtkCheckButton, which GTK 4 does not make a GtkButton) shows its title. */
        frond_attribute attributes[] = {frond_attribute_string("title", "Notify me"), frond_attribute_bool("checked", true)};
        frond_view_spec view = frond_view("switch", attributes, 2);
        frond_size_spec size = frond_size_points(150, 30);
        GtkWidget *toggle = NULL, *child;
        CHECK_OK(frond_component_new(&component, &view, &size, "switch"));
        CHECK_OK(frond_root_set_component(root, component));
        frond_component_release(component);
        CHECK_OK(frond_root_flush(root, NULL));
        outer = gtk_widget_get_first_child(frond_gtk_host_get_widget(host));
        for (child = outer ? gtk_widget_get_first_child(outer) : NULL; child; child = gtk_widget_get_next_sibling(child)) {
            if (GTK_IS_CHECK_BUTTON(child)) toggle = child;
        }
        CHECK(toggle != NULL);
        if (toggle) {
            const char *label = gtk_check_button_get_label(GTK_CHECK_BUTTON(toggle));
            CHECK(label && strcmp(label, "Notify me") == 0);
            CHECK(gtk_check_button_get_active(GTK_CHECK_BUTTON(toggle)));
        }
    }
    gtk_window_destroy(GTK_WINDOW(window));
    iterate_for(50);
    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_gtk_host_free(host));
}

/* ---- an existing GTK widget as a component --------------------------------------------- */

typedef struct spun {
    int actions;
    double value;
} spun;

static frond_status on_spun(frond_root *root, const frond_action *action, void *user_data) {
    spun *heard = user_data;
    const char *name = NULL;
    frond_argument argument;
    (void)root;
    CHECK_OK(frond_action_get_name(&name, action));
    CHECK(strcmp(name, "spun") == 0);
    if (frond_action_get_argument(&argument, action, 0) == FROND_OK && argument.type == FROND_ARGUMENT_DOUBLE) {
        heard->value = argument.number;
    }
    heard->actions++;
    return FROND_OK;
}

static frond_component *spin_screen(GtkWidget *spin) {
    frond_component *label = NULL, *wrapped = NULL, *row = NULL;
    frond_flex_child children[2];
    frond_flexbox_style style = frond_flexbox_style_row(8);
    frond_gtk_widget_spec spec;
    FROND_INIT(spec);
    spec.widget = spin;
    spec.value_property = "value";
    spec.value_action = "spun";
    CHECK_OK(frond_component_new_text(&label, "Copies", NULL, NULL, "label"));
    CHECK_OK(frond_gtk_component_new(&wrapped, &spec, NULL, "spin"));
    children[0] = frond_flex_child_of(label);
    children[1] = frond_flex_child_of(wrapped);
    children[0].align_self = children[1].align_self = FROND_ALIGN_FLEX_START;
    style.padding[0] = style.padding[1] = style.padding[2] = style.padding[3] = frond_points(10);
    CHECK_OK(frond_component_new_flexbox(&row, NULL, NULL, NULL, &style, children, 2));
    frond_component_release(label);
    frond_component_release(wrapped);
    return row;
}

static GThread *finalized_on;
static void note_finalizing_thread(gpointer data, GObject *gone) {
    (void)data;
    (void)gone;
    finalized_on = g_thread_self();
}

typedef struct off_thread_release {
    frond_component *component;
} off_thread_release;

static gpointer release_off_thread(gpointer user_data) {
    frond_component_release(((off_thread_release *)user_data)->component);
    return NULL;
}

typedef struct off_thread_flush {
    frond_root *root;
    frond_status status;
} off_thread_flush;

static gpointer flush_off_thread(gpointer user_data) {
    off_thread_flush *f = user_data;
    f->status = frond_root_flush(f->root, NULL);
    return NULL;
}

static void test_a_wrapped_gtk_widget(void) {
    frond_root *root = NULL, *elsewhere = NULL;
    frond_gtk_host *host = NULL;
    frond_component *component = NULL;
    frond_gtk_widget_spec spec;
    frond_rect frame;
    GtkWidget *window, *spin = g_object_ref_sink(gtk_spin_button_new_with_range(0, 10, 1)), *parent;
    const char *spin_path[] = {"spin"};
    uint64_t view = 0, view_again = 0;
    int minimum = 0, natural_width = 0, natural_height = 0;
    spun heard = {0, -1};
    off_thread_flush flush;
    GThread *thread;

    /* Bad specs. */
    FROND_INIT(spec);
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_gtk_component_new(&component, &spec, NULL, NULL), "GtkWidget");
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_gtk_component_new(&component, NULL, NULL, NULL), "spec");
    spec.widget = spin;
    spec.value_property = "no-such-property";
    spec.value_action = "spun";
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_gtk_component_new(&component, &spec, NULL, NULL), "value_property");
    spec.value_property = "value";
    spec.value_action = NULL;
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_gtk_component_new(&component, &spec, NULL, NULL), "value_action");
    CHECK(component == NULL);

    CHECK_OK(frond_root_new(&root, NULL));
    CHECK_OK(frond_root_set_unhandled_action_handler(root, on_spun, &heard, NULL));
    CHECK_OK(frond_gtk_host_new(&host, root));
    component = spin_screen(spin);
    CHECK_OK(frond_root_set_component(root, component));
    frond_component_release(component);
    window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(window), "Frond GTK spin");
    gtk_window_set_default_size(GTK_WINDOW(window), 320, 80);
    gtk_window_set_decorated(GTK_WINDOW(window), FALSE);
    gtk_window_set_child(GTK_WINDOW(window), frond_gtk_host_get_widget(host));
    gtk_window_present(GTK_WINDOW(window));
    WAIT_FOR(gtk_widget_get_mapped(spin));
    iterate_for(200);

    /* Shown inside the window, at the size GTK measures for it there. */
    CHECK(gtk_widget_get_ancestor(spin, GTK_TYPE_WINDOW) == window);
    CHECK_OK(frond_root_find_view(&view, root, spin_path, 1));
    CHECK_OK(frond_root_get_frame(&frame, root, view));
    gtk_widget_measure(spin, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural_width, NULL, NULL);
    gtk_widget_measure(spin, GTK_ORIENTATION_VERTICAL, natural_width, &minimum, &natural_height, NULL, NULL);
    CHECK(frame.width == natural_width && frame.height == natural_height);
    /* (Its view's widget holds it and its CSS margins, which GTK's measure counts.) */
    CHECK(gtk_widget_get_width(gtk_widget_get_parent(spin)) == natural_width &&
          gtk_widget_get_height(gtk_widget_get_parent(spin)) == natural_height);
    printf("gtk: a GtkSpinButton as a component: %g×%g (GTK's natural size)\n", frame.width, frame.height);

    /* A real click on its "+" (at its right end): the value changes and reaches the root. */
    click_point(window, spin, gtk_widget_get_width(spin) - 12, gtk_widget_get_height(spin) / 2.0);
    WAIT_FOR(heard.actions >= 1 && heard.value == 1);

    /* Rendering again with the same widget changes nothing on screen. */
    parent = gtk_widget_get_parent(spin);
    component = spin_screen(spin);
    CHECK_OK(frond_root_set_component(root, component));
    frond_component_release(component);
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK_OK(frond_root_find_view(&view_again, root, spin_path, 1));
    CHECK(view_again == view && gtk_widget_get_parent(spin) == parent);

    /* GTK widgets are measured on GTK's thread: a flush elsewhere fails, harmlessly. */
    CHECK_OK(frond_root_new(&elsewhere, NULL));
    component = spin_screen(spin);
    CHECK_OK(frond_root_set_component(elsewhere, component));
    frond_component_release(component);
    flush.root = elsewhere;
    flush.status = FROND_OK;
    thread = g_thread_new("flush", flush_off_thread, &flush);
    g_thread_join(thread);
    CHECK(flush.status == FROND_ERR_CALLBACK);
    CHECK_OK(frond_root_free(elsewhere));
    CHECK(gtk_widget_get_parent(spin) == parent);

    /* A widget in a container of the program's is refused (the container would keep
     * pointing at a widget taken from it). */
    {
        GtkWidget *frame = g_object_ref_sink(gtk_frame_new(NULL)), *inside = gtk_spin_button_new_with_range(0, 1, 1);
        gtk_frame_set_child(GTK_FRAME(frame), inside);
        FROND_INIT(spec);
        spec.widget = inside;
        CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_gtk_component_new(&component, &spec, NULL, NULL), "container");
        CHECK(gtk_frame_get_child(GTK_FRAME(frame)) == inside);
        g_object_unref(frame);
    }

    /* A component released on another thread lets go of its widget on GTK's thread. */
    {
        GtkWidget *loose = gtk_spin_button_new_with_range(0, 1, 1);
        off_thread_release release;
        FROND_INIT(spec);
        spec.widget = loose; /* (floating: the component sinks it and holds the only reference) */
        CHECK_OK(frond_gtk_component_new(&release.component, &spec, NULL, NULL));
        g_object_weak_ref(G_OBJECT(loose), note_finalizing_thread, NULL);
        finalized_on = NULL;
        thread = g_thread_new("release", release_off_thread, &release);
        g_thread_join(thread);
        CHECK(finalized_on == NULL); /* not on the releasing thread */
        iterate_for(20);
        CHECK(finalized_on == g_thread_self());
    }

    gtk_window_destroy(GTK_WINDOW(window));
    CHECK_OK(frond_gtk_host_free(host));
    CHECK_OK(frond_root_free(root));
    iterate_for(50);
    CHECK(G_OBJECT(spin)->ref_count == 1); /* the components let go of it */
    g_object_unref(spin);
}

/* ---- a list in a scrolled window ------------------------------------------------------- */

static frond_render_class *like_class;
static const frond_size like_size = {80, 32};

static frond_status feed_row(frond_component **out_component, void *model, void *user_data) {
    long number = (long)(intptr_t)model;
    char text[96];
    frond_component *children[2] = {NULL, NULL};
    frond_flex_child flex[2];
    frond_flexbox_style style = frond_flexbox_style_column(4);
    frond_status status;
    size_t count = 1, i;
    (void)user_data;
    snprintf(text, sizeof text, "row %ld%s", number, number % 4 == 1 ? " has a longer text that wraps onto a second line" : "");
    CHECK_OK(frond_component_new_text(&children[0], text, NULL, NULL, NULL));
    if (number % 3 == 0) {
        CHECK_OK(frond_component_new_render(&children[1], like_class, NULL, NULL, "like", NULL, NULL));
        count = 2;
    }
    for (i = 0; i < count; i++) {
        flex[i] = frond_flex_child_of(children[i]);
        flex[i].align_self = FROND_ALIGN_FLEX_START;
    }
    style.padding[0] = style.padding[1] = style.padding[2] = style.padding[3] = frond_points(6);
    status = frond_component_new_flexbox(out_component, NULL, NULL, NULL, &style, flex, count);
    for (i = 0; i < count; i++) frond_component_release(children[i]);
    return status;
}

/* The first mapped GtkButton under `widget` labelled `label` whose middle is inside `area`. */
static GtkWidget *button_labelled(GtkWidget *widget, const char *label, GtkWidget *area) {
    GtkWidget *child, *found;
    graphene_point_t at;
    if (GTK_IS_BUTTON(widget) && gtk_widget_get_mapped(widget) && gtk_button_get_label(GTK_BUTTON(widget)) &&
        strcmp(gtk_button_get_label(GTK_BUTTON(widget)), label) == 0 &&
        gtk_widget_compute_point(widget, area, &GRAPHENE_POINT_INIT(gtk_widget_get_width(widget) / 2.0f,
                                                                   gtk_widget_get_height(widget) / 2.0f), &at) &&
        at.y > 0 && at.y < gtk_widget_get_height(area)) {
        return widget;
    }
    for (child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if ((found = button_labelled(child, label, area)) != NULL) return found;
    }
    return NULL;
}

static void test_a_list_in_a_scrolled_window(const char *reference_path) {
    frond_list_config config;
    frond_list *list = NULL;
    frond_data_source *source = NULL;
    frond_item_model *models = calloc(2000, sizeof *models);
    frond_gtk_host *host = NULL;
    frond_list_statistics statistics;
    GtkWidget *window, *scroller, *like;
    GtkAdjustment *adjustment;
    GdkTexture *shot;
    uint64_t commits = 0;
    long i;

    CHECK_OK(like_class_new(&like_class, &like_size));
    FROND_INIT(config);
    config.cross_size = 300;
    config.range_screens = 1;
    config.provider = feed_row;
    config.text_measure = frond_gtk_measure_text;
    CHECK_OK(frond_list_new(&list, &config));
    for (i = 0; i < 2000; i++) {
        FROND_INIT(models[i]);
        models[i].model = (void *)(intptr_t)i;
        models[i].id = (uint64_t)i;
    }
    CHECK_OK(frond_list_get_data_source(&source, list));
    CHECK_OK(frond_data_source_set_items(source, 0, models, 2000, FROND_APPLY_SYNC));
    free(models);
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_gtk_list_host_new(NULL, list), "out_host");
    CHECK_OK(frond_gtk_list_host_new(&host, list));
    scroller = frond_gtk_host_get_widget(host);
    CHECK(GTK_IS_SCROLLED_WINDOW(scroller));
    adjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scroller));

    window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(window), "Frond GTK list");
    gtk_window_set_default_size(GTK_WINDOW(window), 300, 400);
    gtk_window_set_decorated(GTK_WINDOW(window), FALSE);
    gtk_window_set_child(GTK_WINDOW(window), scroller);
    gtk_window_present(GTK_WINDOW(window));
    FROND_INIT(statistics);
    WAIT_FOR(frond_list_get_statistics(&statistics, list) == FROND_OK && statistics.mounted_items > 5 &&
             gtk_adjustment_get_page_size(adjustment) > 0);
    iterate_for(300);

    /* Only what is near the visible part is mounted; the scrollbar spans the content. */
    CHECK_OK(frond_list_get_statistics(&statistics, list));
    CHECK(statistics.mounted_items > 5 && statistics.mounted_items < 60);
    CHECK(fabs(gtk_adjustment_get_upper(adjustment) - statistics.content_length) <= 1);
    printf("gtk: a 2,000-row list in a 300×400 window: %zu rows mounted, %zu views\n", statistics.mounted_items,
           statistics.host_views);
    shot = render(window, "build/gtk-list.png");
    check_reference(shot, "build/gtk-list.png", reference_path, 300);
    g_object_unref(shot);

    /* Scrolling moves the viewport; what comes into view is mounted. */
    gtk_adjustment_set_value(adjustment, 20000);
    WAIT_FOR(frond_list_get_statistics(&statistics, list) == FROND_OK && statistics.offset >= 19000 &&
             button_labelled(scroller, "Like", scroller) != NULL);
    iterate_for(200);

    /* A real click on a Like button there: the item's own state changes, built off GTK's
     * thread, and the button says so. */
    like = button_labelled(scroller, "Like", scroller);
    CHECK(like != NULL);
    if (like) {
        g_object_ref(like);
        CHECK_OK(frond_gtk_host_get_commit_count(&commits, host));
        click_point(window, like, gtk_widget_get_width(like) / 2.0, gtk_widget_get_height(like) / 2.0);
        WAIT_FOR(strcmp(gtk_button_get_label(GTK_BUTTON(like)), "Liked") == 0);
        g_object_unref(like);
    }

    /* The program scrolls to a row: the scrolled window shows it at its top. */
    {
        frond_item_path path = {0, 1500};
        frond_rect frame;
        CHECK_OK(frond_list_scroll_to_item(list, path, FROND_LIST_SCROLL_START));
        CHECK_OK(frond_list_get_item_frame(&frame, list, path));
        WAIT_FOR(fabs(gtk_adjustment_get_value(adjustment) - frame.top) < 1);
        CHECK_OK(frond_list_get_statistics(&statistics, list));
        CHECK(fabs(statistics.offset - frame.top) < 1);
        iterate_for(50);
        CHECK_OK(frond_list_get_item_frame(&frame, list, path));
        CHECK(fabs(gtk_adjustment_get_value(adjustment) - frame.top) < 1);
    }

    /* The window widens: the list takes the scrolled window's new width, its items laid
     * out again (and nothing to scroll sideways). */
    {
        GtkAdjustment *across = gtk_scrolled_window_get_hadjustment(GTK_SCROLLED_WINDOW(scroller));
        float cross = 0;
        frond_rect frame;
        frond_item_path path = {0, 0};
        gtk_widget_set_size_request(scroller, 440, -1);
        WAIT_FOR(frond_list_get_axis(NULL, &cross, list) == FROND_OK && cross > 400 &&
                 fabs(gtk_adjustment_get_page_size(across) - cross) < 1);
        iterate_for(100);
        CHECK_OK(frond_list_get_axis(NULL, &cross, list));
        CHECK(fabs(gtk_adjustment_get_page_size(across) - cross) < 1);
        CHECK(gtk_adjustment_get_upper(across) <= gtk_adjustment_get_page_size(across) + 1);
        CHECK_OK(frond_list_get_statistics(&statistics, list));
        path.item = 0;
        CHECK_OK(frond_list_get_item_frame(&frame, list, path));
        CHECK(frame.width == cross);
        printf("gtk: the window widened to %.0f: the list is %.0f wide, %zu rows mounted\n",
               gtk_adjustment_get_page_size(across), cross, statistics.mounted_items);
    }

    gtk_window_destroy(GTK_WINDOW(window));
    iterate_for(50);
    CHECK_OK(frond_gtk_host_free(host));
    CHECK_OK(frond_list_free(list));

    /* A list freed before its host: the scrolled window keeps its last views, deaf. */
    CHECK_OK(frond_list_new(&list, &config));
    CHECK_OK(frond_gtk_list_host_new(&host, list));
    CHECK_OK(frond_list_free(list));
    CHECK(frond_gtk_host_get_widget(host) != NULL);
    iterate_for(20);
    CHECK_OK(frond_gtk_host_free(host));
    CHECK_OK(frond_render_class_release(like_class));
}

/* ---- an entry whose program refuses or cuts what is typed ---------------------------------- */

typedef struct digits_app {
    frond_root *root;
    char text[16];
} digits_app;

static frond_component *digits_screen(const digits_app *d) {
    frond_component *field = NULL;
    frond_attribute attributes[] = {frond_attribute_string("value", d->text),
                                    frond_attribute_action(FROND_EVENT_VALUE_CHANGE, "typed")};
    frond_view_spec view = frond_view("textField", attributes, 2);
    frond_size_spec size = frond_size_points(160, 28);
    CHECK_OK(frond_component_new(&field, &view, &size, "field"));
    return field;
}

/* Keeps the digits of what was typed, at most six. */
static frond_status digits_typed(frond_root *root, const frond_action *action, void *user_data) {
    digits_app *d = user_data;
    frond_attribute payload;
    bool has_payload = false;
    frond_component *next;
    frond_status status;
    size_t kept = 0;
    const char *c;
    CHECK_OK(frond_action_get_payload(&has_payload, &payload, action));
    if (!has_payload || payload.kind != FROND_ATTRIBUTE_STRING) return FROND_OK;
    for (c = payload.string; *c && kept < 6; c++) {
        if (*c >= '0' && *c <= '9') d->text[kept++] = *c;
    }
    d->text[kept] = '\0';
    next = digits_screen(d);
    status = frond_root_set_component(root, next);
    frond_component_release(next);
    return status;
}

/* The first widget of `type` in `widget` (itself included), depth first. */
static GtkWidget *find_widget(GtkWidget *widget, GType type) {
    GtkWidget *child, *found;
    if (G_TYPE_CHECK_INSTANCE_TYPE(widget, type)) return widget;
    for (child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if ((found = find_widget(child, type)) != NULL) return found;
    }
    return NULL;
}

/* Types `text` at the entry's caret, a character at a time, as GTK does for keys (it
 * inserts the character, then puts the caret after it), letting the main loop run after each. */
static void type_into(GtkWidget *entry, const char *text) {
    for (; *text; text++) {
        int position = gtk_editable_get_position(GTK_EDITABLE(entry));
        gtk_editable_insert_text(GTK_EDITABLE(entry), text, 1, &position);
        gtk_editable_set_position(GTK_EDITABLE(entry), position);
        iterate_for(5);
    }
}

/* What was typed goes to the root, and the entry shows what the program made of it: a
 * refused character goes (no commit came to take it away before), a cut text is cut. */
static void test_an_entry_shows_what_the_program_made_of_the_typing(void) {
    digits_app d = {NULL, ""};
    frond_gtk_host *host = NULL;
    frond_component *component;
    GtkWidget *window, *entry;
    CHECK_OK(frond_root_new(&d.root, NULL));
    CHECK_OK(frond_root_set_unhandled_action_handler(d.root, digits_typed, &d, NULL));
    CHECK_OK(frond_gtk_host_new(&host, d.root));
    component = digits_screen(&d);
    CHECK_OK(frond_root_set_component(d.root, component));
    frond_component_release(component);
    window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 200, 60);
    gtk_window_set_child(GTK_WINDOW(window), frond_gtk_host_get_widget(host));
    gtk_window_present(GTK_WINDOW(window));
    WAIT_FOR(gtk_widget_get_mapped(window) && find_widget(frond_gtk_host_get_widget(host), GTK_TYPE_ENTRY) != NULL);
    entry = find_widget(frond_gtk_host_get_widget(host), GTK_TYPE_ENTRY);
    type_into(entry, "12");
    CHECK(strcmp(d.text, "12") == 0 && strcmp(gtk_editable_get_text(GTK_EDITABLE(entry)), "12") == 0);
    type_into(entry, "x");
    CHECK(strcmp(d.text, "12") == 0);
    CHECK(strcmp(gtk_editable_get_text(GTK_EDITABLE(entry)), "12") == 0);
    CHECK(gtk_editable_get_position(GTK_EDITABLE(entry)) == 2);
    type_into(entry, "34567890");
    CHECK(strcmp(gtk_editable_get_text(GTK_EDITABLE(entry)), "123456") == 0);
    /* The caret stays by the text around it: after "1", a refused "x" leaves it there, and a
     * "9" goes in after the "1" (the program then cuts the end). */
    gtk_editable_set_position(GTK_EDITABLE(entry), 1);
    type_into(entry, "x");
    CHECK(strcmp(gtk_editable_get_text(GTK_EDITABLE(entry)), "123456") == 0);
    CHECK(gtk_editable_get_position(GTK_EDITABLE(entry)) == 1);
    type_into(entry, "9");
    CHECK(strcmp(gtk_editable_get_text(GTK_EDITABLE(entry)), "192345") == 0);
    CHECK(gtk_editable_get_position(GTK_EDITABLE(entry)) == 2);
    iterate_for(50);
    CHECK(strcmp(gtk_editable_get_text(GTK_EDITABLE(entry)), "192345") == 0);
    gtk_window_destroy(GTK_WINDOW(window));
    CHECK_OK(frond_root_free(d.root));
    CHECK_OK(frond_gtk_host_free(host));
}

/* ---- a slider the program keeps at 50 or below, and a secure entry --------------------------- */

typedef struct volume_app {
    frond_root *root;
    double volume;
    int events;
} volume_app;

static frond_component *volume_screen(const volume_app *v) {
    frond_component *slider_component = NULL, *secret_component = NULL, *screen = NULL;
    frond_attribute slider[] = {frond_attribute_number("value", v->volume), frond_attribute_number("min", 0),
                                frond_attribute_number("max", 100), frond_attribute_number("step", 10),
                                frond_attribute_action(FROND_EVENT_VALUE_CHANGE, "volume")};
    frond_attribute secret[] = {frond_attribute_string("value", ""), frond_attribute_bool("secure", true)};
    frond_view_spec slider_view = frond_view("slider", slider, 5), secret_view = frond_view("textField", secret, 2);
    frond_size_spec size = frond_size_points(200, 28);
    frond_flexbox_style style = frond_flexbox_style_column(0);
    frond_flex_child children[2];
    CHECK_OK(frond_component_new(&slider_component, &slider_view, &size, "volume"));
    CHECK_OK(frond_component_new(&secret_component, &secret_view, &size, "secret"));
    children[0] = frond_flex_child_of(slider_component);
    children[1] = frond_flex_child_of(secret_component);
    CHECK_OK(frond_component_new_flexbox(&screen, NULL, NULL, NULL, &style, children, 2));
    frond_component_release(slider_component);
    frond_component_release(secret_component);
    return screen;
}

static frond_status volume_changed(frond_root *root, const frond_action *action, void *user_data) {
    volume_app *v = user_data;
    frond_attribute payload;
    bool has_payload = false;
    frond_component *next;
    frond_status status;
    CHECK_OK(frond_action_get_payload(&has_payload, &payload, action));
    CHECK(has_payload && payload.kind == FROND_ATTRIBUTE_NUMBER);
    if (!has_payload || payload.kind != FROND_ATTRIBUTE_NUMBER) return FROND_OK;
    v->events++;
    v->volume = fmin(payload.number, 50);
    next = volume_screen(v);
    status = frond_root_set_component(root, next);
    frond_component_release(next);
    return status;
}

/* A slider shows the root's number on the root's range; moved, it sends its number (on its
 * step) and shows what the program made of it. A secure entry hides its text. */
static void test_a_slider_shows_what_the_program_made_of_its_moves(void) {
    volume_app v = {NULL, 20, 0};
    frond_gtk_host *host = NULL;
    frond_component *component;
    GtkWidget *window, *scale, *entry;
    CHECK_OK(frond_root_new(&v.root, NULL));
    CHECK_OK(frond_root_set_unhandled_action_handler(v.root, volume_changed, &v, NULL));
    CHECK_OK(frond_gtk_host_new(&host, v.root));
    component = volume_screen(&v);
    CHECK_OK(frond_root_set_component(v.root, component));
    frond_component_release(component);
    window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 220, 80);
    gtk_window_set_child(GTK_WINDOW(window), frond_gtk_host_get_widget(host));
    gtk_window_present(GTK_WINDOW(window));
    WAIT_FOR(gtk_widget_get_mapped(window) && find_widget(frond_gtk_host_get_widget(host), GTK_TYPE_SCALE) != NULL);
    scale = find_widget(frond_gtk_host_get_widget(host), GTK_TYPE_SCALE);
    entry = find_widget(frond_gtk_host_get_widget(host), GTK_TYPE_ENTRY);
    CHECK(entry != NULL && !gtk_entry_get_visibility(GTK_ENTRY(entry)));
    CHECK(gtk_range_get_value(GTK_RANGE(scale)) == 20);
    CHECK(gtk_adjustment_get_lower(gtk_range_get_adjustment(GTK_RANGE(scale))) == 0);
    CHECK(gtk_adjustment_get_upper(gtk_range_get_adjustment(GTK_RANGE(scale))) == 100);
    CHECK(v.events == 0);
    /* Moved (as a drag moves it) to 87: 90 on the step goes to the root, which keeps 50. */
    gtk_range_set_value(GTK_RANGE(scale), 87);
    iterate_for(20);
    CHECK(v.events == 1 && v.volume == 50);
    CHECK(gtk_range_get_value(GTK_RANGE(scale)) == 50);
    gtk_range_set_value(GTK_RANGE(scale), 31);
    iterate_for(20);
    CHECK(v.events == 2 && v.volume == 30);
    CHECK(gtk_range_get_value(GTK_RANGE(scale)) == 30);
    gtk_window_destroy(GTK_WINDOW(window));
    CHECK_OK(frond_root_free(v.root));
    CHECK_OK(frond_gtk_host_free(host));
}

int main(int argc, char **argv) {
    app a = {NULL, 0};
    frond_gtk_host *host = NULL;
    GtkWidget *window;
    GdkTexture *first, *second;
    frond_component *component;
    uint64_t commits = 0, button = 0;
    const char *button_key[] = {"button"};
    const char *reference_path = argc > 1 ? argv[1] : "Tests/Hosts/reference/gtk-counter.png";
    if (!getenv("DISPLAY")) {
        printf("gtk_test: no DISPLAY: skipped (run it under xvfb-run)\n");
        return 0;
    }
    gtk_init();
    g_object_set(gtk_settings_get_default(), "gtk-enable-animations", FALSE, NULL);

    CHECK_OK(frond_root_new(&a.root, NULL));
    CHECK_OK(frond_root_set_unhandled_action_handler(a.root, on_action, &a, NULL));
    CHECK_OK(frond_gtk_host_new(&host, a.root));
    the_host = host;
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_gtk_host_new(NULL, a.root), "out_host");
    component = screen(&a);
    CHECK_OK(frond_root_set_component(a.root, component));
    frond_component_release(component);

    window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(window), "Frond GTK test");
    gtk_window_set_default_size(GTK_WINDOW(window), 240, 160);
    gtk_window_set_decorated(GTK_WINDOW(window), FALSE);
    gtk_window_set_child(GTK_WINDOW(window), frond_gtk_host_get_widget(host));
    gtk_window_present(GTK_WINDOW(window));
    WAIT_FOR(gtk_widget_get_mapped(window) && describes(a.root, "count 0") &&
             gtk_widget_get_width(frond_gtk_host_get_widget(host)) == 240);
    iterate_for(300);
    {
        frond_size size = {0, 0};
        CHECK_OK(frond_root_get_size(&size, a.root));
        CHECK(size.width == 240); /* the root is as wide as the widget */
    }
    CHECK_OK(frond_gtk_host_get_commit_count(&commits, host));
    CHECK(commits >= 1);
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_gtk_host_get_commit_count(NULL, host), "out_count is NULL");
    {
        /* A refused call leaves its out parameter as it was (frond.h's conventions), and its
         * message names the function called. */
        frond_gtk_host *kept = host;
        CHECK_FAILURE(FROND_ERR_MISUSE, frond_gtk_host_new(&kept, a.root), "mounted views already");
        CHECK(kept == host);
        CHECK_FAILURE(FROND_ERR_MISUSE, frond_gtk_host_new(&kept, NULL), "frond_gtk_host_new: root is a NULL");
        CHECK(kept == host);
    }

    first = render(window, "build/gtk-counter.png");
    check_reference(first, "build/gtk-counter.png", reference_path, 150);

    /* A real click on the button: the root counts it, the label and the swatch change. */
    CHECK_OK(frond_root_find_view(&button, a.root, button_key, 1));
    click_view(window, a.root, button);
    WAIT_FOR(describes(a.root, "count 1"));
    iterate_for(200);
    second = render(window, "build/gtk-counter-1.png");
    CHECK(differing(first, second, 24) > 100);
    g_object_unref(first);
    g_object_unref(second);

    /* 50 more clicks, each timed from GTK receiving it to the frame that shows its commit. */
    {
        GtkGesture *watch = gtk_gesture_click_new();
        char expected[32];
        int round;
        gtk_event_controller_set_propagation_phase(GTK_EVENT_CONTROLLER(watch), GTK_PHASE_CAPTURE);
        g_signal_connect(watch, "released", G_CALLBACK(click_received), NULL);
        gtk_widget_add_controller(window, GTK_EVENT_CONTROLLER(watch));
        g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(after_paint), NULL);
        for (round = 0; round < 50; round++) {
            int before = latency_count;
            click_view(window, a.root, button);
            snprintf(expected, sizeof expected, "count %d\"", round + 2);
            WAIT_FOR(describes(a.root, expected) && latency_count > before);
        }
        CHECK(latency_count == 50);
        qsort(latencies, (size_t)latency_count, sizeof latencies[0], compare_doubles);
        printf("gtk: a click to the frame that shows its commit: median %.2f ms, max %.2f ms (n=%d)\n",
               (latencies[24] + latencies[25]) / 2, latencies[latency_count - 1], latency_count);
    }

    /* The window destroyed while the root goes on: commits still reach the (kept) widget. */
    gtk_window_destroy(GTK_WINDOW(window));
    iterate_for(50);
    component = screen(&a);
    CHECK_OK(frond_root_set_component(a.root, component));
    frond_component_release(component);
    CHECK_OK(frond_root_flush(a.root, NULL));

    /* The root freed while the host's widget lives: the widget keeps its last views. */
    click_time = 0;
    CHECK_OK(frond_root_free(a.root));
    CHECK(frond_gtk_host_get_widget(host) != NULL);
    iterate_for(50);
    CHECK_OK(frond_gtk_host_free(host));
    CHECK_OK(frond_gtk_host_free(NULL));

    test_text_measured_off_thread_agrees();
    test_a_nested_frame_change_is_allocated();
    test_a_wrapped_gtk_widget();
    test_an_entry_shows_what_the_program_made_of_the_typing();
    test_a_slider_shows_what_the_program_made_of_its_moves();
    test_a_list_in_a_scrolled_window(argc > 2 ? argv[2] : "Tests/Hosts/reference/gtk-list.png");
    {
        size_t handles = 99;
        CHECK_OK(frond_handle_count(&handles));
        CHECK(handles == 0);
    }
    return check_report("gtk_test");
}
