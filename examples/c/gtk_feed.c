/* gtk_feed: the feed in a GTK 4 window. A list of 100,000 posts (frond_list: only the
 * posts near the visible part are built and shown, as real GTK widgets, their text measured
 * off GTK's thread as GTK's labels draw it), under a header root that holds native
 * components beside an existing GTK widget wrapped as a component: a GtkSpinButton,
 * measured by GTK, whose value changes reach the header as actions. "Go" scrolls the list
 * to the chosen post; "Like" on a post toggles that post's own state; a wider window lays
 * the posts out again at its width.
 *
 *   gtk_feed                      a window (needs a display)
 *   gtk_feed --screenshots DIR    takes a short tour, writing DIR/gtk-*.png, and quits
 *                                 (`make demo-gtk` runs this under Xvfb without a display)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frond_gtk.h"

#define POSTS 100000

static const char words[] = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor "
                            "incididunt ut labore et dolore magna aliqua ut enim ad minim veniam quis nostrud "
                            "exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat duis aute irure "
                            "dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla";

static void must(frond_status status, const char *what) {
    if (status == FROND_OK) return;
    fprintf(stderr, "gtk_feed: %s: %s (%s)\n", what, frond_status_name(status), frond_last_error_message());
    exit(1);
}

/* ---- a post: its number is its model; every third has a Like button with its own state -- */

static frond_render_class *like_class;

static frond_status like_initial_state(void **out_state, void *props, void *user_data) {
    (void)props; (void)user_data;
    *out_state = calloc(1, sizeof(int));
    return *out_state ? FROND_OK : FROND_ERR_OUT_OF_MEMORY;
}

static frond_status like_render(frond_component **out_child, frond_scope *scope, void *state, void *props, void *user_data) {
    bool liked = *(int *)state;
    frond_attribute attributes[] = {frond_attribute_string("title", liked ? "Liked ♥" : "Like"),
                                    frond_attribute_action(FROND_EVENT_TAP, "like")};
    frond_view_spec view = frond_view("button", attributes, 2);
    frond_size_spec size = frond_size_points(96, 34);
    (void)scope; (void)props; (void)user_data;
    return frond_component_new(out_child, &view, &size, NULL);
}

static frond_status toggle(void **state, void *user_data) {
    (void)user_data;
    *(int *)*state = !*(int *)*state;
    return FROND_OK;
}

static frond_status like_handle_action(bool *out_handled, const frond_action *action, frond_scope *scope, void *state,
                                       void *props, void *user_data) {
    (void)action; (void)state; (void)props; (void)user_data;
    *out_handled = true;
    return frond_scope_update_state(scope, toggle, NULL, NULL);
}

static frond_component *text(const char *string, float size, int weight, const char *color) {
    frond_component *component = NULL;
    frond_text_style style;
    FROND_INIT(style);
    style.font_size = size;
    style.font_weight = weight;
    style.has_color = color != NULL;
    if (color) style.color = frond_rgb((uint32_t)strtoul(color + 1, NULL, 16));
    must(frond_component_new_text(&component, string, &style, NULL, NULL), "frond_component_new_text");
    return component;
}

static frond_status post_row(frond_component **out_component, void *model, void *user_data) {
    long number = (long)(intptr_t)model;
    int length = 20 + (int)((number * 7919) % 300);
    char title[48], body[sizeof words];
    frond_component *children[3] = {NULL, NULL, NULL};
    frond_flex_child flex[3];
    frond_attribute card[] = {frond_attribute_color("backgroundColor", frond_rgb(0xffffff)),
                              frond_attribute_number("cornerRadius", 6),
                              frond_attribute_number("borderWidth", 1),
                              frond_attribute_color("borderColor", frond_rgb(0xd8d2c4))};
    frond_view_spec view = frond_view("post", card, 4);
    frond_flexbox_style style = frond_flexbox_style_column(6);
    frond_status status;
    size_t count = 2, i;
    (void)user_data;
    snprintf(title, sizeof title, "Post %ld", number + 1);
    memcpy(body, words, (size_t)length);
    body[length] = '\0';
    children[0] = text(title, 13, 700, "#5a4a3a");
    children[1] = text(body, 13, 0, NULL);
    if (number % 3 == 0) {
        must(frond_component_new_render(&children[2], like_class, NULL, NULL, "like", NULL, NULL), "like");
        count = 3;
    }
    for (i = 0; i < count; i++) {
        flex[i] = frond_flex_child_of(children[i]);
        flex[i].align_self = i == 2 ? FROND_ALIGN_FLEX_START : FROND_ALIGN_STRETCH;
    }
    style.padding[0] = style.padding[1] = style.padding[2] = style.padding[3] = frond_points(10);
    status = frond_component_new_flexbox(out_component, &view, NULL, NULL, &style, flex, count);
    for (i = 0; i < count; i++) frond_component_release(children[i]);
    if (status != FROND_OK) return status;
    /* A margin between posts: the card inside an inset. */
    {
        frond_component *card_component = *out_component;
        frond_value insets[4] = {frond_points(12), frond_points(8), frond_points(12), frond_points(0)};
        status = frond_component_new_inset(out_component, NULL, NULL, NULL, insets, card_component);
        frond_component_release(card_component);
    }
    return status;
}

/* ---- the header: native components and a wrapped GtkSpinButton ------------------------- */

typedef struct feed {
    frond_root *header;
    frond_list *list;
    frond_gtk_host *list_host;
    GtkWidget *spin;        /* the wrapped widget (the header's components hold it) */
    long chosen;            /* the post the spin button shows (1-based) */
} feed;

static frond_component *header(const feed *f) {
    char label[64];
    frond_component *parts[3], *row = NULL;
    frond_flex_child flex[3];
    frond_gtk_widget_spec spin;
    frond_attribute go[2];
    frond_attribute paper[] = {frond_attribute_color("backgroundColor", frond_rgb(0xf4f1ea))};
    frond_view_spec go_view = frond_view("button", go, 2), paper_view = frond_view("header", paper, 1);
    frond_size_spec go_size = frond_size_points(120, 34);
    frond_flexbox_style style = frond_flexbox_style_row(10);
    size_t i;
    parts[0] = text("100,000 posts", 14, 700, "#5a4a3a");
    FROND_INIT(spin);
    spin.widget = f->spin;
    spin.value_property = "value";
    spin.value_action = "choose";
    must(frond_gtk_component_new(&parts[1], &spin, NULL, "spin"), "frond_gtk_component_new");
    snprintf(label, sizeof label, "Go to post %ld", f->chosen);
    go[0] = frond_attribute_string("title", label); /* (copied by frond_component_new) */
    go[1] = frond_attribute_action(FROND_EVENT_TAP, "go");
    must(frond_component_new(&parts[2], &go_view, &go_size, "go"), "frond_component_new");
    for (i = 0; i < 3; i++) flex[i] = frond_flex_child_of(parts[i]);
    flex[0].flex_grow = 1;
    style.align_items = FROND_ALIGN_CENTER;
    style.padding[0] = style.padding[1] = style.padding[2] = style.padding[3] = frond_points(10);
    must(frond_component_new_flexbox(&row, &paper_view, NULL, NULL, &style, flex, 3), "frond_component_new_flexbox");
    for (i = 0; i < 3; i++) frond_component_release(parts[i]);
    return row;
}

static void show_header(feed *f) {
    frond_component *component = header(f);
    must(frond_root_set_component(f->header, component), "frond_root_set_component");
    frond_component_release(component);
}

/* Scrolls the list so that post `number` (1-based) is at the top: where the list places it
 * now, and again once the posts above it are laid out (their real sizes replace estimates). */
static gboolean go_again(gpointer user_data);

static void go_to(feed *f, long number, bool again) {
    frond_rect frame;
    frond_item_path path = {0, (size_t)(number - 1)};
    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(frond_gtk_host_get_widget(f->list_host)));
    if (frond_list_get_item_frame(&frame, f->list, path) != FROND_OK) return;
    gtk_adjustment_set_value(adjustment, frame.top);
    if (again) g_timeout_add(150, go_again, f);
}

static gboolean go_again(gpointer user_data) {
    feed *f = user_data;
    go_to(f, f->chosen, false);
    return G_SOURCE_REMOVE;
}

static frond_status header_action(frond_root *root, const frond_action *action, void *user_data) {
    feed *f = user_data;
    const char *name = NULL;
    frond_argument value;
    (void)root;
    must(frond_action_get_name(&name, action), "frond_action_get_name");
    if (strcmp(name, "choose") == 0 && frond_action_get_argument(&value, action, 0) == FROND_OK &&
        value.type == FROND_ARGUMENT_DOUBLE) {
        f->chosen = (long)value.number;
        show_header(f);
    } else if (strcmp(name, "go") == 0) {
        go_to(f, f->chosen, true);
    }
    return FROND_OK;
}

/* ---- the window --------------------------------------------------------------------------- */

static void settle(int milliseconds) {
    gint64 end = g_get_monotonic_time() + milliseconds * 1000;
    while (g_get_monotonic_time() < end) {
        while (g_main_context_iteration(NULL, FALSE)) {}
        g_usleep(5000);
    }
}

/* The window's pixels as GTK renders them, to `directory`/gtk-`name`.png. */
static void screenshot(GtkWidget *window, const char *directory, const char *name) {
    GtkWidget *child = gtk_window_get_child(GTK_WINDOW(window));
    int width = gtk_widget_get_width(child), height = gtk_widget_get_height(child);
    GdkPaintable *paintable = gtk_widget_paintable_new(child);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    graphene_rect_t bounds = GRAPHENE_RECT_INIT(0, 0, width, height);
    GskRenderNode *node;
    GdkTexture *texture;
    char path[1024];
    gdk_paintable_snapshot(paintable, GDK_SNAPSHOT(snapshot), width, height);
    node = gtk_snapshot_free_to_node(snapshot);
    texture = gsk_renderer_render_texture(gtk_native_get_renderer(GTK_NATIVE(window)), node, &bounds);
    snprintf(path, sizeof path, "%s/gtk-%s.png", directory, name);
    if (gdk_texture_save_to_png(texture, path)) printf("gtk_feed: wrote %s\n", path);
    else fprintf(stderr, "gtk_feed: could not write %s\n", path);
    gsk_render_node_unref(node);
    g_object_unref(texture);
    g_object_unref(paintable);
}

static frond_list_statistics statistics(const feed *f, const char *when) {
    frond_list_statistics s;
    FROND_INIT(s);
    must(frond_list_get_statistics(&s, f->list), "frond_list_get_statistics");
    printf("gtk_feed: %s: %zu posts mounted (%zu GTK views for the list), offset %.0f of %.0f\n", when, s.mounted_items,
           s.host_views, s.offset, s.content_length);
    return s;
}

static const char *tour_failed = NULL;

static void quit(GtkWindow *window, gpointer user_data) {
    (void)window;
    *(bool *)user_data = true;
}

int main(int argc, char **argv) {
    feed f = {NULL, NULL, NULL, NULL, 1};
    frond_render_class_spec spec;
    frond_list_config config;
    frond_data_source *source = NULL;
    frond_item_model *models;
    frond_gtk_host *header_host = NULL;
    GtkWidget *window, *column;
    const char *directory = argc > 2 && strcmp(argv[1], "--screenshots") == 0 ? argv[2] : NULL;
    bool closed = false;
    long i;

    if (!gtk_init_check()) {
        fprintf(stderr, "gtk_feed: no display (run it on a desktop, or `make demo-gtk` under Xvfb)\n");
        return 2;
    }
    FROND_INIT(spec);
    spec.name = "Like";
    spec.initial_state = like_initial_state;
    spec.destroy_state = free;
    spec.render = like_render;
    spec.handle_action = like_handle_action;
    must(frond_render_class_new(&like_class, &spec, NULL, NULL), "frond_render_class_new");

    /* The list: 100,000 posts, their text measured as GTK draws it (on the builder's thread too). */
    FROND_INIT(config);
    config.cross_size = 420;
    config.range_screens = 1;
    config.provider = post_row;
    config.text_measure = frond_gtk_measure_text;
    must(frond_list_new(&f.list, &config), "frond_list_new");
    models = calloc(POSTS, sizeof *models);
    if (!models) return 1;
    for (i = 0; i < POSTS; i++) {
        FROND_INIT(models[i]);
        models[i].model = (void *)(intptr_t)i;
        models[i].id = (uint64_t)i;
    }
    must(frond_list_get_data_source(&source, f.list), "frond_list_get_data_source");
    must(frond_data_source_set_items(source, 0, models, POSTS, FROND_APPLY_SYNC), "frond_data_source_set_items");
    free(models);
    must(frond_gtk_list_host_new(&f.list_host, f.list), "frond_gtk_list_host_new");

    /* The header: its GtkSpinButton is an ordinary GTK widget, wrapped as a component. */
    f.spin = g_object_ref_sink(gtk_spin_button_new_with_range(1, POSTS, 1));
    must(frond_root_new(&f.header, NULL), "frond_root_new");
    must(frond_root_set_unhandled_action_handler(f.header, header_action, &f, NULL), "unhandled action handler");
    must(frond_gtk_host_new(&header_host, f.header), "frond_gtk_host_new");
    show_header(&f);

    window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(window), "Frond feed");
    gtk_window_set_default_size(GTK_WINDOW(window), 420, 640);
    column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(column), frond_gtk_host_get_widget(header_host));
    gtk_widget_set_vexpand(frond_gtk_host_get_widget(f.list_host), TRUE);
    gtk_box_append(GTK_BOX(column), frond_gtk_host_get_widget(f.list_host));
    gtk_window_set_child(GTK_WINDOW(window), column);
    g_signal_connect(window, "destroy", G_CALLBACK(quit), &closed);
    gtk_window_present(GTK_WINDOW(window));

    if (directory) {
        /* The tour checks what it shows: posts mounted, the spin button's value heard by the
         * header, the list scrolled to the post (its top within a screen of the offset). */
        frond_rect frame;
        frond_item_path post_500 = {0, 499};
        settle(800);
        if (statistics(&f, "opened").mounted_items == 0) tour_failed = "no post was mounted";
        screenshot(window, directory, "1-feed");
        gtk_spin_button_set_value(GTK_SPIN_BUTTON(f.spin), 500); /* the header hears "choose" */
        settle(100);
        if (f.chosen != 500) tour_failed = "the header never heard the spin button's value";
        go_to(&f, f.chosen, true);
        settle(600);
        must(frond_list_get_item_frame(&frame, f.list, post_500), "frond_list_get_item_frame");
        if (fabsf(statistics(&f, "went to post 500").offset - frame.top) > 640) tour_failed = "the list is not at post 500";
        screenshot(window, directory, "2-post-500");
        /* A wider window: the posts are laid out again at its width, post 500 still on top. */
        gtk_widget_set_size_request(frond_gtk_host_get_widget(f.list_host), 600, -1);
        settle(600);
        {
            frond_list_statistics wide = statistics(&f, "widened to 600");
            float cross = 0;
            must(frond_list_get_axis(NULL, &cross, f.list), "frond_list_get_axis");
            must(frond_list_get_item_frame(&frame, f.list, post_500), "frond_list_get_item_frame");
            if (cross < 590) tour_failed = "the list did not take the window's width";
            if (fabsf(wide.offset - frame.top) > 2) tour_failed = "post 500 moved on screen as the window widened";
        }
        screenshot(window, directory, "3-wider");
        gtk_window_destroy(GTK_WINDOW(window));
        settle(50);
    } else {
        while (!closed) g_main_context_iteration(NULL, TRUE);
    }
    must(frond_gtk_host_free(header_host), "frond_gtk_host_free");
    must(frond_gtk_host_free(f.list_host), "frond_gtk_host_free");
    must(frond_root_free(f.header), "frond_root_free");
    must(frond_list_free(f.list), "frond_list_free");
    g_object_unref(f.spin);
    must(frond_render_class_release(like_class), "frond_render_class_release");
    if (tour_failed) fprintf(stderr, "gtk_feed: the tour failed: %s\n", tour_failed);
    return tour_failed ? 1 : 0;
}
