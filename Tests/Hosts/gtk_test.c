/* The GTK 4 host in a real X server (run under Xvfb): a root's views become widgets in a
 * window; a real X click (xdotool) on the button changes the root's state and the widgets;
 * the window's pixels (GTK's own rendering of it, saved as PNG) show it, and match a
 * reference image; the window destroyed while the root flushes, and the root freed while
 * the widget lives, crash nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
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

static bool describes(frond_root *root, const char *text) {
    char buffer[4096];
    size_t length = 0;
    return frond_root_describe(&length, root, buffer, sizeof buffer) == FROND_OK && strstr(buffer, text) != NULL;
}

/* A real X click at the middle of `view` (xdotool, relative to the window). */
static void click_view(GtkWidget *window, frond_root *root, uint64_t view) {
    frond_rect frame;
    double offset_x = 0, offset_y = 0;
    char command[256];
    graphene_point_t at;
    GtkWidget *child = gtk_window_get_child(GTK_WINDOW(window));
    frond_root_get_frame_in_root(&frame, root, view);
    gtk_native_get_surface_transform(GTK_NATIVE(window), &offset_x, &offset_y);
    if (!gtk_widget_compute_point(child, window, &GRAPHENE_POINT_INIT(frame.left + frame.width / 2,
                                                                       frame.top + frame.height / 2), &at)) {
        CHECK(false);
        return;
    }
    snprintf(command, sizeof command, "xdotool search --sync --name 'Frond GTK test' mousemove --window %%1 %d %d click 1",
             (int)(at.x + offset_x), (int)(at.y + offset_y));
    CHECK(system(command) == 0);
}

int main(int argc, char **argv) {
    app a = {NULL, 0};
    frond_gtk_host *host = NULL;
    GtkWidget *window;
    GdkTexture *first, *second, *reference;
    frond_component *component;
    uint64_t commits = 0, button = 0;
    const char *button_key[] = {"button"};
    const char *reference_path = argc > 1 ? argv[1] : "Tests/Hosts/reference/gtk-counter.png";
    GError *error = NULL;
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

    first = render(window, "build/gtk-counter.png");
    reference = gdk_texture_new_from_filename(reference_path, &error);
    if (!reference) {
        if (getenv("FROND_RECORD_SNAPSHOTS")) {
            gdk_texture_save_to_png(first, reference_path);
            printf("gtk_test: recorded %s\n", reference_path);
        } else {
            fprintf(stderr, "gtk_test: no reference %s (FROND_RECORD_SNAPSHOTS=1 records it)\n", reference_path);
            CHECK(false);
        }
        g_clear_error(&error);
    } else {
        long count = differing(first, reference, 24);
        if (count > 150) fprintf(stderr, "gtk_test: %ld pixels differ from %s (build/gtk-counter.png)\n", count, reference_path);
        CHECK(count <= 150);
        g_object_unref(reference);
    }

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
    {
        size_t handles = 99;
        CHECK_OK(frond_handle_count(&handles));
        CHECK(handles == 0);
    }
    return check_report("gtk_test");
}
