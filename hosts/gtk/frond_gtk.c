/* libfrond_gtk: a root's views as GTK 4 widgets (include/frond_gtk.h).
 *
 * Every view is a FrondGtkView, a widget that places its children at their frames and
 * draws a plain view's box; a view type that shows content (a button, a check button, an
 * entry, a label, a picture) gets that GTK widget as its first child, filling it. The
 * host applies each commit to these widgets, sends input back as host events, schedules
 * flushes on GTK's main context and ticks animations from the frame clock. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "frond_gtk.h"

#define HOST_MAGIC 0x46524f4e44475448ULL

struct frond_gtk_host {
    uint64_t magic;
    gint refs;              /* the caller's, an idle flush's, the flush request's */
    bool freed;             /* the caller let go */
    frond_root *root;       /* NULL once the root let go of the host */
    GtkWidget *top;         /* view 0 (a reference held) */
    GHashTable *views;      /* id → FrondGtkView (a reference each) */
    gint flush_pending;
    guint tick;
    gint64 clock_start;
    bool updating;          /* widgets being set from the root, not by a person */
    bool resized;           /* the root's size range changed: the next flush lays it out again */
    uint64_t commits;
    float width;
};

static void host_ref(frond_gtk_host *host) { g_atomic_int_inc(&host->refs); }

static void host_unref(void *pointer) {
    frond_gtk_host *host = pointer;
    if (!g_atomic_int_dec_and_test(&host->refs)) return;
    host->magic = 0;
    g_free(host);
}

/* ---- FrondGtkView ------------------------------------------------------------------------ */

#define FROND_TYPE_GTK_VIEW (frondgtk_view_get_type())
G_DECLARE_FINAL_TYPE(FrondGtkView, frondgtk_view, FROND, GTK_VIEW, GtkWidget)

struct _FrondGtkView {
    GtkWidget parent_instance;
    frond_gtk_host *host;   /* not a reference: the host outlives its views' use */
    uint64_t id;
    GtkWidget *content;
    frond_rect frame;
    bool has_background, tappable;
    GdkRGBA background, border_color;
    float border_width, corner_radius;
    /* text */
    float font_size, line_height;
    char *font_family;
    int font_weight, max_lines;
    bool has_color;
    GdkRGBA color;
};

G_DEFINE_FINAL_TYPE(FrondGtkView, frondgtk_view, GTK_TYPE_WIDGET)

static void view_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural,
                         int *minimum_baseline, int *natural_baseline) {
    FrondGtkView *view = FROND_GTK_VIEW(widget);
    float size = orientation == GTK_ORIENTATION_HORIZONTAL ? view->frame.width : view->frame.height;
    (void)for_size;
    *minimum = view->id == 0 && orientation == GTK_ORIENTATION_HORIZONTAL ? 0 : (int)ceilf(size);
    *natural = (int)ceilf(size);
    *minimum_baseline = *natural_baseline = -1;
}

static void schedule_flush(frond_gtk_host *host);

static void view_allocate(GtkWidget *widget, int width, int height, int baseline) {
    FrondGtkView *view = FROND_GTK_VIEW(widget);
    GtkWidget *child;
    (void)baseline;
    if (view->id == 0 && view->host && view->host->root && (float)width != view->host->width) {
        /* The widget's width is the root's. */
        frond_size_range range = frond_size_range_flexible_height((float)width);
        view->host->width = (float)width;
        if (frond_root_set_size_range(view->host->root, &range) == FROND_OK) {
            view->host->resized = true;
            schedule_flush(view->host);
        }
    }
    for (child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if (child == view->content) {
            gtk_widget_allocate(child, width, height, -1, NULL);
        } else if (FROND_IS_GTK_VIEW(child)) {
            FrondGtkView *sub = FROND_GTK_VIEW(child);
            graphene_point_t at = GRAPHENE_POINT_INIT(sub->frame.left, sub->frame.top);
            gtk_widget_allocate(child, (int)ceilf(sub->frame.width), (int)ceilf(sub->frame.height), -1,
                                gsk_transform_translate(NULL, &at));
        }
    }
}

static void view_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    FrondGtkView *view = FROND_GTK_VIEW(widget);
    graphene_rect_t bounds = GRAPHENE_RECT_INIT(0, 0, gtk_widget_get_width(widget), gtk_widget_get_height(widget));
    GskRoundedRect box;
    gsk_rounded_rect_init_from_rect(&box, &bounds, view->corner_radius);
    if (view->has_background) {
        gtk_snapshot_push_rounded_clip(snapshot, &box);
        gtk_snapshot_append_color(snapshot, &view->background, &bounds);
        gtk_snapshot_pop(snapshot);
    }
    GTK_WIDGET_CLASS(frondgtk_view_parent_class)->snapshot(widget, snapshot);
    if (view->border_width > 0) {
        float widths[4] = {view->border_width, view->border_width, view->border_width, view->border_width};
        GdkRGBA colors[4] = {view->border_color, view->border_color, view->border_color, view->border_color};
        gtk_snapshot_append_border(snapshot, &box, widths, colors);
    }
}

static void view_dispose(GObject *object) {
    FrondGtkView *view = FROND_GTK_VIEW(object);
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(view))) != NULL) gtk_widget_unparent(child);
    view->content = NULL;
    G_OBJECT_CLASS(frondgtk_view_parent_class)->dispose(object);
}

static void view_finalize(GObject *object) {
    g_free(FROND_GTK_VIEW(object)->font_family);
    G_OBJECT_CLASS(frondgtk_view_parent_class)->finalize(object);
}

static void frondgtk_view_class_init(FrondGtkViewClass *class) {
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(class);
    G_OBJECT_CLASS(class)->dispose = view_dispose;
    G_OBJECT_CLASS(class)->finalize = view_finalize;
    widget_class->measure = view_measure;
    widget_class->size_allocate = view_allocate;
    widget_class->snapshot = view_snapshot;
}

static void frondgtk_view_init(FrondGtkView *view) {
    view->font_size = 14;
    view->border_color = (GdkRGBA){0, 0, 0, 1};
    gtk_widget_set_overflow(GTK_WIDGET(view), GTK_OVERFLOW_VISIBLE);
}

/* ---- input → host events ---------------------------------------------------------------- */

static void flush_now(frond_gtk_host *host);

static void send_event(FrondGtkView *view, const char *event, const frond_attribute *payload) {
    frond_gtk_host *host = view->host;
    frond_action_outcome outcome;
    if (!host || host->freed || !host->root) return;
    frond_root_send_event(&outcome, host->root, view->id, event, payload);
    flush_now(host);
}

static void clicked(GtkButton *button, gpointer user_data) {
    (void)button;
    send_event(user_data, FROND_EVENT_TAP, NULL);
}

static void toggled(GtkCheckButton *check, gpointer user_data) {
    FrondGtkView *view = user_data;
    frond_attribute value;
    bool active = gtk_check_button_get_active(check);
    if (!view->host || view->host->updating) return;
    /* The root decides: the box shows its attribute until a commit changes it. */
    view->host->updating = true;
    gtk_check_button_set_active(check, !active);
    view->host->updating = false;
    value = frond_attribute_bool("value", active);
    send_event(view, FROND_EVENT_VALUE_CHANGE, &value);
    send_event(view, FROND_EVENT_TAP, NULL);
}

static void changed(GtkEditable *editable, gpointer user_data) {
    FrondGtkView *view = user_data;
    frond_attribute value;
    if (!view->host || view->host->updating) return;
    value = frond_attribute_string("value", gtk_editable_get_text(editable));
    send_event(view, FROND_EVENT_VALUE_CHANGE, &value);
}

static void tapped(GtkGestureClick *gesture, int presses, double x, double y, gpointer user_data) {
    FrondGtkView *view = user_data;
    (void)presses;
    (void)x;
    (void)y;
    if (!view->tappable) return;
    gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    send_event(view, FROND_EVENT_TAP, NULL);
}

/* ---- views from mutations ---------------------------------------------------------------- */

static bool is_type(const char *type, const char *const *names) {
    for (; *names; names++) if (strcmp(type, *names) == 0) return true;
    return false;
}

static const char *const button_types[] = {"button", NULL};
static const char *const toggle_types[] = {"checkbox", "switch", "toggle", NULL};
static const char *const entry_types[] = {"textField", "textfield", "entry", "input", NULL};

static FrondGtkView *view_new(frond_gtk_host *host, uint64_t id, const char *type) {
    FrondGtkView *view = g_object_ref_sink(g_object_new(FROND_TYPE_GTK_VIEW, NULL));
    GtkGesture *click;
    view->host = host;
    view->id = id;
    if (is_type(type, button_types)) {
        view->content = gtk_button_new();
        g_signal_connect(view->content, "clicked", G_CALLBACK(clicked), view);
    } else if (is_type(type, toggle_types)) {
        view->content = gtk_check_button_new();
        g_signal_connect(view->content, "toggled", G_CALLBACK(toggled), view);
    } else if (is_type(type, entry_types)) {
        view->content = gtk_entry_new();
        g_signal_connect(view->content, "changed", G_CALLBACK(changed), view);
    } else if (strcmp(type, "image") == 0) {
        view->content = gtk_picture_new();
    }
    if (view->content) gtk_widget_set_parent(view->content, GTK_WIDGET(view));
    click = gtk_gesture_click_new();
    g_signal_connect(click, "released", G_CALLBACK(tapped), view);
    gtk_widget_add_controller(GTK_WIDGET(view), GTK_EVENT_CONTROLLER(click));
    return view;
}

static bool color_of(const frond_attribute *attribute, GdkRGBA *out) {
    if (attribute->kind == FROND_ATTRIBUTE_COLOR) {
        *out = (GdkRGBA){attribute->color.red, attribute->color.green, attribute->color.blue, attribute->color.alpha};
        return true;
    }
    return attribute->kind == FROND_ATTRIBUTE_STRING && gdk_rgba_parse(out, attribute->string);
}

/* The label of a view with text, made on first use (after any content of its type). */
static GtkWidget *label_of(FrondGtkView *view) {
    if (!view->content) {
        view->content = gtk_label_new(NULL);
        gtk_label_set_wrap(GTK_LABEL(view->content), TRUE);
        gtk_label_set_wrap_mode(GTK_LABEL(view->content), PANGO_WRAP_WORD);
        gtk_label_set_xalign(GTK_LABEL(view->content), 0);
        gtk_label_set_yalign(GTK_LABEL(view->content), 0);
        gtk_widget_insert_after(view->content, GTK_WIDGET(view), NULL);
    }
    return GTK_IS_LABEL(view->content) ? view->content : NULL;
}

static PangoAttrList *text_attributes(const char *family, float size, int weight, float line_height, bool has_color,
                                      GdkRGBA color) {
    PangoAttrList *list = pango_attr_list_new();
    PangoFontDescription *description = pango_font_description_from_string(family && *family ? family : "DejaVu Sans");
    pango_font_description_set_absolute_size(description, size * PANGO_SCALE);
    if (weight > 0) pango_font_description_set_weight(description, (PangoWeight)weight);
    pango_attr_list_insert(list, pango_attr_font_desc_new(description));
    pango_font_description_free(description);
    if (line_height > 0) pango_attr_list_insert(list, pango_attr_line_height_new_absolute((int)(line_height * PANGO_SCALE)));
    if (has_color) {
        pango_attr_list_insert(list, pango_attr_foreground_new((guint16)(color.red * 65535), (guint16)(color.green * 65535),
                                                               (guint16)(color.blue * 65535)));
    }
    return list;
}

static void update_text_style(FrondGtkView *view) {
    GtkWidget *label = GTK_IS_LABEL(view->content) ? view->content : NULL;
    PangoAttrList *list;
    if (!label) return;
    list = text_attributes(view->font_family, view->font_size, view->font_weight,
                           view->line_height > 0 ? view->line_height : view->font_size * 1.2f, view->has_color, view->color);
    gtk_label_set_attributes(GTK_LABEL(label), list);
    pango_attr_list_unref(list);
    gtk_label_set_lines(GTK_LABEL(label), view->max_lines > 0 ? view->max_lines : -1);
    gtk_label_set_ellipsize(GTK_LABEL(label), view->max_lines > 0 ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
}

static void set_attribute(frond_gtk_host *host, FrondGtkView *view, const frond_attribute *a) {
    const char *name = a->name;
    bool number = a->kind == FROND_ATTRIBUTE_NUMBER, string = a->kind == FROND_ATTRIBUTE_STRING;
    if (strcmp(name, "backgroundColor") == 0) view->has_background = color_of(a, &view->background);
    else if (strcmp(name, "borderColor") == 0) color_of(a, &view->border_color);
    else if (strcmp(name, "borderWidth") == 0 && number) view->border_width = (float)fmax(0, a->number);
    else if (strcmp(name, "cornerRadius") == 0 && number) view->corner_radius = (float)fmax(0, a->number);
    else if (strcmp(name, "opacity") == 0 && number) gtk_widget_set_opacity(GTK_WIDGET(view), fmin(fmax(a->number, 0), 1));
    else if (strcmp(name, "hidden") == 0 && a->kind == FROND_ATTRIBUTE_BOOL) gtk_widget_set_visible(GTK_WIDGET(view), !a->boolean);
    else if (strcmp(name, FROND_EVENT_TAP) == 0) view->tappable = a->kind == FROND_ATTRIBUTE_ACTION || a->kind == FROND_ATTRIBUTE_ACTION_BLOCK;
    else if (strcmp(name, "title") == 0 && string && GTK_IS_BUTTON(view->content)) gtk_button_set_label(GTK_BUTTON(view->content), a->string);
    else if (strcmp(name, "placeholder") == 0 && string && GTK_IS_ENTRY(view->content))
        gtk_entry_set_placeholder_text(GTK_ENTRY(view->content), a->string);
    else if ((strcmp(name, "checked") == 0 || strcmp(name, "on") == 0 || strcmp(name, "value") == 0) &&
             a->kind == FROND_ATTRIBUTE_BOOL && GTK_IS_CHECK_BUTTON(view->content)) {
        host->updating = true;
        gtk_check_button_set_active(GTK_CHECK_BUTTON(view->content), a->boolean);
        host->updating = false;
    } else if (strcmp(name, "value") == 0 && string && GTK_IS_ENTRY(view->content)) {
        if (strcmp(gtk_editable_get_text(GTK_EDITABLE(view->content)), a->string) != 0) {
            host->updating = true;
            gtk_editable_set_text(GTK_EDITABLE(view->content), a->string);
            host->updating = false;
        }
    } else if (strcmp(name, "source") == 0 && string && GTK_IS_PICTURE(view->content)) {
        gtk_picture_set_filename(GTK_PICTURE(view->content), a->string);
    } else if (strcmp(name, "text") == 0 && string) {
        GtkWidget *label = GTK_IS_BUTTON(view->content) ? NULL : label_of(view);
        if (label) gtk_label_set_text(GTK_LABEL(label), a->string);
        else if (GTK_IS_BUTTON(view->content)) gtk_button_set_label(GTK_BUTTON(view->content), a->string);
    } else if (strcmp(name, "fontSize") == 0 && number && a->number > 0) view->font_size = (float)fmin(a->number, 10000);
    else if (strcmp(name, "lineHeight") == 0 && number && a->number > 0) view->line_height = (float)fmin(a->number, 10000);
    else if (strcmp(name, "fontFamily") == 0 && string) {
        g_free(view->font_family);
        view->font_family = g_strdup(a->string);
    } else if (strcmp(name, "fontWeight") == 0 && number) view->font_weight = (int)fmin(fmax(a->number, 100), 1000);
    else if (strcmp(name, "maxLines") == 0 && number) view->max_lines = (int)fmin(fmax(a->number, 0), 100000);
    else if (strcmp(name, "color") == 0) view->has_color = color_of(a, &view->color);
}

static void unset_attribute(FrondGtkView *view, const char *name) {
    if (strcmp(name, "backgroundColor") == 0) view->has_background = false;
    else if (strcmp(name, "borderWidth") == 0) view->border_width = 0;
    else if (strcmp(name, "cornerRadius") == 0) view->corner_radius = 0;
    else if (strcmp(name, "opacity") == 0) gtk_widget_set_opacity(GTK_WIDGET(view), 1);
    else if (strcmp(name, "hidden") == 0) gtk_widget_set_visible(GTK_WIDGET(view), TRUE);
    else if (strcmp(name, FROND_EVENT_TAP) == 0) view->tappable = false;
    else if (strcmp(name, "text") == 0 && GTK_IS_LABEL(view->content)) gtk_label_set_text(GTK_LABEL(view->content), "");
    else if (strcmp(name, "color") == 0) view->has_color = false;
    else if (strcmp(name, "maxLines") == 0) view->max_lines = 0;
}

static FrondGtkView *lookup(frond_gtk_host *host, uint64_t id) {
    return id == 0 ? FROND_GTK_VIEW(host->top) : g_hash_table_lookup(host->views, &id);
}

/* The index-th view child of `parent` (after its content), or NULL past the end. */
static GtkWidget *view_child_at(FrondGtkView *parent, GtkWidget *moving, size_t index) {
    GtkWidget *child;
    size_t at = 0;
    for (child = gtk_widget_get_first_child(GTK_WIDGET(parent)); child; child = gtk_widget_get_next_sibling(child)) {
        if (child == parent->content || child == moving) continue;
        if (at++ == index) return child;
    }
    return NULL;
}

static frond_status apply_batch(frond_root *root, const frond_mutation *mutations, size_t count, void *user_data) {
    frond_gtk_host *host = user_data;
    frond_size size;
    size_t i, j;
    (void)root;
    for (i = 0; i < count; i++) {
        const frond_mutation *m = &mutations[i];
        FrondGtkView *view = m->kind == FROND_MUTATION_CREATE ? NULL : lookup(host, m->view);
        if (m->kind != FROND_MUTATION_CREATE && !view) return FROND_ERR_INVALID_ARGUMENT;
        switch (m->kind) {
        case FROND_MUTATION_CREATE: {
            uint64_t *key = g_new(uint64_t, 1);
            *key = m->view;
            g_hash_table_replace(host->views, key, view_new(host, m->view, m->view_type ? m->view_type : ""));
            break;
        }
        case FROND_MUTATION_UPDATE:
            for (j = 0; j < m->set_count; j++) set_attribute(host, view, &m->set[j]);
            for (j = 0; j < m->unset_count; j++) unset_attribute(view, m->unset[j]);
            update_text_style(view);
            gtk_widget_queue_draw(GTK_WIDGET(view));
            break;
        case FROND_MUTATION_SET_FRAME:
            view->frame = m->frame;
            break;
        case FROND_MUTATION_INSERT:
        case FROND_MUTATION_MOVE: {
            FrondGtkView *parent = lookup(host, m->parent);
            GtkWidget *next;
            if (!parent) return FROND_ERR_INVALID_ARGUMENT;
            next = view_child_at(parent, GTK_WIDGET(view), m->index);
            if (gtk_widget_get_parent(GTK_WIDGET(view)) != GTK_WIDGET(parent)) {
                if (gtk_widget_get_parent(GTK_WIDGET(view))) gtk_widget_unparent(GTK_WIDGET(view));
                gtk_widget_insert_before(GTK_WIDGET(view), GTK_WIDGET(parent), next);
            } else {
                gtk_widget_insert_before(GTK_WIDGET(view), GTK_WIDGET(parent), next);
            }
            break;
        }
        case FROND_MUTATION_REMOVE:
            if (gtk_widget_get_parent(GTK_WIDGET(view))) gtk_widget_unparent(GTK_WIDGET(view));
            break;
        case FROND_MUTATION_DESTROY:
            if (gtk_widget_get_parent(GTK_WIDGET(view))) gtk_widget_unparent(GTK_WIDGET(view));
            view->host = NULL;
            g_hash_table_remove(host->views, &m->view);
            break;
        default:
            return FROND_ERR_INVALID_ARGUMENT;
        }
    }
    if (host->root && frond_root_get_size(&size, host->root) == FROND_OK) {
        FrondGtkView *top = FROND_GTK_VIEW(host->top);
        top->frame.width = size.width;
        top->frame.height = size.height;
    }
    gtk_widget_queue_resize(host->top);
    host->commits++;
    return FROND_OK;
}

/* ---- flushes, ticks, text --------------------------------------------------------------- */

static double host_now(frond_gtk_host *host) { return (double)(g_get_monotonic_time() - host->clock_start) / 1e6; }

static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer user_data) {
    frond_gtk_host *host = user_data;
    bool running = false;
    (void)widget;
    (void)clock;
    if (host->freed || !host->root || frond_root_has_running_animations(&running, host->root) != FROND_OK || !running) {
        host->tick = 0;
        return G_SOURCE_REMOVE;
    }
    frond_root_tick(host->root, host_now(host), NULL);
    return G_SOURCE_CONTINUE;
}

static void flush_now(frond_gtk_host *host) {
    bool needed = false, running = false;
    double last = 0;
    if (host->freed || !host->root) return;
    if ((frond_root_needs_flush(&needed, host->root) == FROND_OK && needed) || host->resized) {
        host->resized = false;
        if (frond_root_get_animation_time(&last, host->root) == FROND_OK && host_now(host) > last) {
            frond_root_tick(host->root, host_now(host), NULL);
        }
        frond_root_flush(host->root, NULL);
    }
    if (!host->tick && frond_root_has_running_animations(&running, host->root) == FROND_OK && running) {
        host_ref(host);
        host->tick = gtk_widget_add_tick_callback(host->top, tick, host, host_unref);
    }
}

static gboolean flush_idle(gpointer user_data) {
    frond_gtk_host *host = user_data;
    g_atomic_int_set(&host->flush_pending, 0);
    flush_now(host);
    return G_SOURCE_REMOVE;
}

static void schedule_flush(frond_gtk_host *host) {
    if (!g_atomic_int_compare_and_exchange(&host->flush_pending, 0, 1)) return;
    host_ref(host);
    g_idle_add_full(G_PRIORITY_DEFAULT, flush_idle, host, host_unref);
}

static frond_status flush_request(frond_root *root, void *user_data) {
    (void)root;
    schedule_flush(user_data);
    return FROND_OK;
}

static frond_status measure_text(const char *text, const frond_text_style *style, float width, frond_measure_mode width_mode,
                                 float height, frond_measure_mode height_mode, frond_size *out_size, void *user_data) {
    frond_gtk_host *host = user_data;
    PangoLayout *layout;
    PangoAttrList *list;
    PangoRectangle logical;
    float font_size = style && style->font_size > 0 ? style->font_size : 14;
    float line_height = style && style->line_height > 0 ? style->line_height : font_size * 1.2f;
    if (!host || host->magic != HOST_MAGIC) return FROND_ERR_INTERNAL;
    layout = gtk_widget_create_pango_layout(host->top, text);
    list = text_attributes(style ? style->font_family : NULL, font_size, style ? style->font_weight : 0, line_height, false,
                           (GdkRGBA){0, 0, 0, 1});
    pango_layout_set_attributes(layout, list);
    pango_attr_list_unref(list);
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD);
    if (width_mode != FROND_MEASURE_MODE_UNDEFINED && isfinite(width)) pango_layout_set_width(layout, (int)(fmaxf(width, 0) * PANGO_SCALE));
    if (style && style->max_lines > 0) {
        pango_layout_set_height(layout, -style->max_lines);
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
    }
    pango_layout_get_extents(layout, NULL, &logical);
    out_size->width = width_mode == FROND_MEASURE_MODE_EXACTLY ? width : (float)logical.width / PANGO_SCALE;
    out_size->height = (float)logical.height / PANGO_SCALE;
    if (height_mode == FROND_MEASURE_MODE_EXACTLY) out_size->height = height;
    else if (height_mode == FROND_MEASURE_MODE_AT_MOST && out_size->height > height) out_size->height = height;
    g_object_unref(layout);
    return FROND_OK;
}

/* ---- the API ------------------------------------------------------------------------------ */

static void root_let_go(void *user_data) {
    frond_gtk_host *host = user_data;
    host->root = NULL;
    host_unref(host);
}

static frond_gtk_host *live(frond_gtk_host *host) {
    return host && host->magic == HOST_MAGIC && !host->freed ? host : NULL;
}

frond_status frond_gtk_host_new(frond_gtk_host **out_host, frond_root *root) {
    frond_gtk_host *host;
    frond_host functions;
    size_t mounted = 0;
    frond_status status;
    if (!out_host) {
        frond_set_last_error("frond_gtk_host_new: out_host is NULL");
        return FROND_ERR_INVALID_ARGUMENT;
    }
    *out_host = NULL;
    status = frond_root_get_child_count(&mounted, root, 0);
    if (status != FROND_OK) return status;
    if (mounted != 0) {
        frond_set_last_error("frond_gtk_host_new: the root has mounted views already (the widgets would never see them)");
        return FROND_ERR_MISUSE;
    }
    host = g_new0(frond_gtk_host, 1);
    host->magic = HOST_MAGIC;
    host->refs = 1;
    host->root = root;
    host->clock_start = g_get_monotonic_time();
    host->width = -1;
    host->views = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_object_unref);
    host->top = GTK_WIDGET(g_object_ref_sink(g_object_new(FROND_TYPE_GTK_VIEW, NULL)));
    FROND_GTK_VIEW(host->top)->host = host;
    FROND_INIT(functions);
    functions.apply_batch = apply_batch;
    host_ref(host); /* the root's */
    status = frond_root_set_host(root, &functions, host, root_let_go);
    if (status == FROND_OK) {
        host_ref(host);
        status = frond_root_set_flush_request(root, flush_request, host, host_unref);
    }
    if (status == FROND_OK) status = frond_root_set_text_measurer(root, measure_text, host, NULL);
    if (status != FROND_OK) {
        frond_gtk_host_free(host);
        return status;
    }
    *out_host = host;
    schedule_flush(host);
    return FROND_OK;
}

GtkWidget *frond_gtk_host_get_widget(frond_gtk_host *host) { return live(host) ? host->top : NULL; }

frond_status frond_gtk_host_get_commit_count(uint64_t *out_count, frond_gtk_host *host) {
    if (!live(host) || !out_count) {
        frond_set_last_error("frond_gtk_host_get_commit_count: not a live frond_gtk_host, or out_count is NULL");
        return FROND_ERR_MISUSE;
    }
    *out_count = host->commits;
    return FROND_OK;
}

frond_status frond_gtk_host_free(frond_gtk_host *host) {
    GHashTableIter iter;
    gpointer key, value;
    if (!host) return FROND_OK;
    if (!live(host)) {
        frond_set_last_error("frond_gtk_host_free: not a live frond_gtk_host (freed, or never made)");
        return FROND_ERR_MISUSE;
    }
    host->freed = true;
    if (host->root) {
        frond_root *root = host->root;
        frond_root_set_text_measurer(root, NULL, NULL, NULL);
        frond_root_set_flush_request(root, NULL, NULL, NULL);
        frond_root_set_host(root, NULL, NULL, NULL); /* root_let_go runs */
    }
    if (host->tick) gtk_widget_remove_tick_callback(host->top, host->tick);
    g_hash_table_iter_init(&iter, host->views);
    while (g_hash_table_iter_next(&iter, &key, &value)) FROND_GTK_VIEW(value)->host = NULL;
    FROND_GTK_VIEW(host->top)->host = NULL;
    g_hash_table_destroy(host->views);
    host->views = NULL;
    g_object_unref(host->top);
    host->top = NULL;
    host_unref(host);
    return FROND_OK;
}
