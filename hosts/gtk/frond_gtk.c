/* libfrond_gtk: a root's or a list's views as GTK 4 widgets (include/frond_gtk.h).
 *
 * Every view is a FrondGtkView, a widget that places its children at their frames and
 * draws a plain view's box; a view type that shows content (a button, a check button, an
 * entry, a label, a picture, an existing widget wrapped as a component) gets that GTK
 * widget as its first child, filling it. The host applies each commit to these widgets,
 * sends input back as host events, schedules flushes (a list's processing) on GTK's main
 * context and ticks animations from the frame clock. */
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
    frond_list *list;       /* a list's host: NULL once the list let go of it */
    GtkWidget *scroller;    /* a list's GtkScrolledWindow (a reference held) */
    GtkAdjustment *adjustment; /* the scroller's, along the list's axis */
    GtkAdjustment *cross_adjustment; /* the scroller's, across it (its page: the list's cross size) */
    float cross_size;       /* the list's cross size, as last set */
    bool adjusting;         /* the adjustment being set from the list, not by a person */
    bool horizontal;        /* a horizontal list */
    bool viewport_pending;  /* an idle callback will tell the list its viewport */
    GtkWidget *top;         /* view 0 (a reference held) */
    GHashTable *views;      /* id → FrondGtkView (a reference each) */
    gint flush_pending;
    guint tick;
    bool updating;          /* widgets being set from the root, not by a person */
    bool answer_pending;    /* an idle callback will show the answers to entries' typing */
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
    bool foreign;           /* content is a wrapped widget (a reference held) */
    char *value_property;   /* the wrapped widget's property sent as onValueChange */
    gulong notify_handler;
    char *root_text;        /* an entry's "value" as the root last set it (NULL: none) */
    double root_number;     /* a slider's "value" as the root last set it (`min` when none) */
    double slider_min, slider_max, slider_step; /* a slider's range (0, 1) and step (0: none) */
    bool typed;             /* an entry typed in (or a slider moved) whose input the root has not answered yet */
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
        if (child == view->content && (view->foreign || GTK_IS_ENTRY(child))) {
            /* A wrapped widget or an entry is never given less than its minimum (GTK's rule:
             * an entry's text area went negative in a frame not laid out yet). An entry asks
             * for no room for characters, so its frame decides its size. */
            int minimum_width = 0, minimum_height = 0;
            gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum_width, NULL, NULL, NULL);
            gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, MAX(width, minimum_width), &minimum_height, NULL, NULL, NULL);
            gtk_widget_allocate(child, MAX(width, minimum_width), MAX(height, minimum_height), -1, NULL);
        } else if (child == view->content) {
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

static void detach_foreign(FrondGtkView *view);

static void view_dispose(GObject *object) {
    FrondGtkView *view = FROND_GTK_VIEW(object);
    GtkWidget *child;
    detach_foreign(view);
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(view))) != NULL) gtk_widget_unparent(child);
    view->content = NULL;
    G_OBJECT_CLASS(frondgtk_view_parent_class)->dispose(object);
}

static void view_finalize(GObject *object) {
    g_free(FROND_GTK_VIEW(object)->font_family);
    g_free(FROND_GTK_VIEW(object)->value_property);
    g_free(FROND_GTK_VIEW(object)->root_text);
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
static void list_catch_up(frond_gtk_host *host);
static void list_keep_ticking(frond_gtk_host *host);

/* An entry shows the root's text (the program may refuse, cut or change what was typed). */
/* Where the caret at character `at` of `old` goes in `text`: it stays by what the program
 * kept before and after the change (`prefix` and `suffix` characters alike; a refused key,
 * a cut end, an upper-cased first letter hold it in place). */
static int place_caret(int at, int old_length, int length, int prefix, int suffix) {
    if (at <= prefix) return at;
    if (at >= old_length - suffix) return length - (old_length - at);
    return MIN(at, length - suffix);
}

static void show_root_text(FrondGtkView *view) {
    GtkEditable *editable;
    const char *old;
    const char *text = view->root_text;
    int start = 0, end = 0, old_length, length, prefix = 0, suffix = 0;
    const char *a, *b;
    if (GTK_IS_RANGE(view->content) && !view->foreign) {
        /* A slider: the root's number (GTK keeps it within the range). */
        view->host->updating = true;
        gtk_range_set_value(GTK_RANGE(view->content), view->root_number);
        view->host->updating = false;
        return;
    }
    if (!text || !GTK_IS_ENTRY(view->content)) return;
    editable = GTK_EDITABLE(view->content);
    old = gtk_editable_get_text(editable);
    if (strcmp(old, text) == 0) return;
    /* (Positions count characters: the texts are UTF-8.) */
    gtk_editable_get_selection_bounds(editable, &start, &end);
    if (start == end) start = end = gtk_editable_get_position(editable);
    old_length = (int)g_utf8_strlen(old, -1);
    length = (int)g_utf8_strlen(text, -1);
    for (a = old, b = text; *a && *b && g_utf8_get_char(a) == g_utf8_get_char(b); a = g_utf8_next_char(a), b = g_utf8_next_char(b))
        prefix++;
    {
        const char *old_end = old + strlen(old), *text_end = text + strlen(text);
        while (suffix < old_length - prefix && suffix < length - prefix) {
            const char *x = g_utf8_prev_char(old_end), *y = g_utf8_prev_char(text_end);
            if (g_utf8_get_char(x) != g_utf8_get_char(y)) break;
            old_end = x;
            text_end = y;
            suffix++;
        }
    }
    start = place_caret(start, old_length, length, prefix, suffix);
    end = place_caret(end, old_length, length, prefix, suffix);
    view->host->updating = true;
    gtk_editable_set_text(editable, text);
    if (start == end) gtk_editable_set_position(editable, start);
    else gtk_editable_select_region(editable, start, end);
    view->host->updating = false;
}

/* The entries typed in show the root's text once it has answered their typing: a root at
 * once (its flush follows the event), a list when it has nothing left to build (an item's
 * state update is built off this thread, and its commit comes when it is applied). Until
 * then an entry keeps what the person typed, and may be typed on. */
static void answer_typing(frond_gtk_host *host) {
    GHashTableIter iter;
    gpointer value;
    if (host->list) {
        frond_data_source *source = NULL;
        bool pending = false;
        if (frond_list_get_data_source(&source, host->list) != FROND_OK ||
            frond_data_source_has_pending(&pending, source) != FROND_OK || pending)
            return;
    }
    g_hash_table_iter_init(&iter, host->views);
    while (g_hash_table_iter_next(&iter, NULL, &value)) {
        FrondGtkView *view = value;
        if (!view->typed) continue;
        view->typed = false;
        show_root_text(view);
    }
}

static void send_event(FrondGtkView *view, const char *event, const frond_attribute *payload) {
    frond_gtk_host *host = view->host;
    frond_action_outcome outcome;
    if (!host || host->freed) return;
    if (host->list) {
        /* (A state update inside an item is built off this thread: its ready handler follows.) */
        list_catch_up(host);
        frond_list_send_event(&outcome, host->list, view->id, event, payload);
        frond_list_process(NULL, host->list, false);
        list_keep_ticking(host);
        return;
    }
    if (!host->root) return;
    frond_root_send_event(&outcome, host->root, view->id, event, payload);
    flush_now(host);
}

static gboolean answer_typing_idle(gpointer user_data) {
    frond_gtk_host *host = user_data;
    host->answer_pending = false;
    if (!host->freed) answer_typing(host);
    return G_SOURCE_REMOVE;
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
    view->typed = true;
    value = frond_attribute_string("value", gtk_editable_get_text(editable));
    send_event(view, FROND_EVENT_VALUE_CHANGE, &value);
    /* The answer is shown once GTK is done with the key: it places the caret after the
     * character it inserted when this signal returns, over any caret set here. */
    if (!view->host->answer_pending) {
        view->host->answer_pending = true;
        host_ref(view->host);
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, answer_typing_idle, view->host, host_unref);
    }
}

/* A slider moved: its value (on its step, if it has one) goes to the root, which answers as
 * it does typing (see changed). */
static void slid(GtkRange *range, gpointer user_data) {
    FrondGtkView *view = user_data;
    frond_attribute value;
    double number = gtk_range_get_value(range);
    if (!view->host || view->host->updating) return;
    if (view->slider_step > 0) {
        number = view->slider_min + round((number - view->slider_min) / view->slider_step) * view->slider_step;
        number = fmin(fmax(number, view->slider_min), view->slider_max);
    }
    view->typed = true;
    value = frond_attribute_number("value", number);
    send_event(view, FROND_EVENT_VALUE_CHANGE, &value);
    if (!view->host->answer_pending) {
        view->host->answer_pending = true;
        host_ref(view->host);
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, answer_typing_idle, view->host, host_unref);
    }
}

/* A slider's range and step as its attributes say (a `max` below `min` is `min`). */
static void apply_slider_range(FrondGtkView *view) {
    double max = fmax(view->slider_max, view->slider_min);
    double step = view->slider_step > 0 ? view->slider_step : (max - view->slider_min) / 100;
    view->host->updating = true;
    gtk_range_set_range(GTK_RANGE(view->content), view->slider_min, max);
    gtk_range_set_increments(GTK_RANGE(view->content), step, step * 10);
    view->host->updating = false;
    if (!view->typed) show_root_text(view);
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

/* ---- existing widgets as components (frond_gtk_component_new) ----------------------------- */

/* Wrapped widgets by number: a component's view names its widget by this number (its
 * "gtkWidget" attribute), so a host finds only widgets that a live component holds. */
typedef struct wrapped {
    GtkWidget *widget;      /* a reference */
    int uses;               /* components showing it */
} wrapped;

static GMutex wrapped_lock;
static GHashTable *wrapped_widgets; /* number → wrapped */
static uint64_t next_wrapped = 1;
static GQuark wrapped_quark;        /* a widget's number */

/* GTK's thread: the one that made the first host (none before: a wrapped widget is
 * measured only in a root that a host flushes). */
static GThread *gtk_thread;

static bool on_gtk_thread(void) { return gtk_thread && g_thread_self() == gtk_thread; }

/* A new reference on the widget wrapped under `number`, or NULL. */
static GtkWidget *wrapped_widget(uint64_t number) {
    wrapped *entry;
    GtkWidget *widget = NULL;
    g_mutex_lock(&wrapped_lock);
    entry = wrapped_widgets ? g_hash_table_lookup(wrapped_widgets, &number) : NULL;
    if (entry) widget = g_object_ref(entry->widget);
    g_mutex_unlock(&wrapped_lock);
    return widget;
}

static void notified(GObject *object, GParamSpec *property, gpointer user_data) {
    FrondGtkView *view = user_data;
    GValue value = G_VALUE_INIT, number = G_VALUE_INIT;
    frond_attribute payload;
    bool has_payload = true;
    if (!view->host || view->host->updating) return;
    g_value_init(&value, property->value_type);
    g_object_get_property(object, property->name, &value);
    g_value_init(&number, G_TYPE_DOUBLE);
    if (G_VALUE_HOLDS_BOOLEAN(&value)) payload = frond_attribute_bool("value", g_value_get_boolean(&value));
    else if (G_VALUE_HOLDS_STRING(&value)) payload = frond_attribute_string("value", g_value_get_string(&value) ? g_value_get_string(&value) : "");
    else if (!G_VALUE_HOLDS_ENUM(&value) && !G_VALUE_HOLDS_FLAGS(&value) && g_value_type_transformable(property->value_type, G_TYPE_DOUBLE) &&
             g_value_transform(&value, &number) && isfinite(g_value_get_double(&number)))
        payload = frond_attribute_number("value", g_value_get_double(&number));
    else has_payload = false;
    send_event(view, FROND_EVENT_VALUE_CHANGE, has_payload ? &payload : NULL);
    g_value_unset(&value);
    g_value_unset(&number);
}

/* Stops showing the wrapped widget (it stays its component's). */
static void detach_foreign(FrondGtkView *view) {
    GtkWidget *widget = view->content;
    if (!view->foreign || !widget) return;
    if (view->notify_handler) g_signal_handler_disconnect(widget, view->notify_handler);
    view->notify_handler = 0;
    if (gtk_widget_get_parent(widget) == GTK_WIDGET(view)) gtk_widget_unparent(widget);
    view->content = NULL;
    view->foreign = false;
    g_object_unref(widget);
}

/* Shows `widget` (a reference, taken) in `view`, taking it from a view that showed it. */
static void attach_foreign(FrondGtkView *view, GtkWidget *widget) {
    GtkWidget *parent = gtk_widget_get_parent(widget);
    if (view->content == widget) {
        g_object_unref(widget);
        return;
    }
    detach_foreign(view);
    if (view->content || (parent && !(FROND_IS_GTK_VIEW(parent) && FROND_GTK_VIEW(parent)->content == widget))) {
        /* A view of a content type is not ours to replace; a widget the program put in a
         * container of its own since is not ours to take (the container keeps pointing at it). */
        g_object_unref(widget);
        return;
    }
    if (parent) detach_foreign(FROND_GTK_VIEW(parent));
    gtk_widget_insert_after(widget, GTK_WIDGET(view), NULL);
    view->content = widget;
    view->foreign = true;
}

/* After an update: listen to the wrapped widget's value property, if it names one. */
static void listen_to_foreign(FrondGtkView *view) {
    char signal[256];
    if (!view->foreign || view->notify_handler || !view->value_property) return;
    if (!g_object_class_find_property(G_OBJECT_GET_CLASS(view->content), view->value_property)) return;
    snprintf(signal, sizeof signal, "notify::%s", view->value_property);
    view->notify_handler = g_signal_connect(view->content, signal, G_CALLBACK(notified), view);
}

/* A wrapped widget component's user data. */
typedef struct widget_component {
    GtkWidget *widget;      /* a reference */
    uint64_t number;
    char *value_property, *value_action;
} widget_component;

static frond_status widget_view(frond_legacy_view *view, void *user_data) {
    widget_component *component = user_data;
    frond_attribute attributes[3];
    frond_view_spec spec;
    size_t count = 0;
    attributes[count++] = frond_attribute_host_value("gtkWidget", component->number);
    if (component->value_property) {
        attributes[count++] = frond_attribute_string("valueProperty", component->value_property);
        attributes[count++] = frond_attribute_action(FROND_EVENT_VALUE_CHANGE, component->value_action);
    }
    FROND_INIT(spec);
    spec.view_type = "gtk-widget";
    spec.attributes = attributes;
    spec.attribute_count = count;
    return frond_legacy_view_set(view, &spec);
}

/* GTK's measure: the natural size within the constraints, never below the minimum. */
static float within(float natural, float minimum, float available, frond_measure_mode mode) {
    if (mode == FROND_MEASURE_MODE_EXACTLY && isfinite(available)) return available;
    if (mode == FROND_MEASURE_MODE_AT_MOST && isfinite(available)) return fmaxf(minimum, fminf(natural, available));
    return natural;
}

static frond_status widget_measure(float width, frond_measure_mode width_mode, float height, frond_measure_mode height_mode,
                                   frond_size *out_size, void *user_data) {
    widget_component *component = user_data;
    int minimum = 0, natural = 0;
    if (!on_gtk_thread()) {
        frond_set_last_error("a GTK widget component is measured on GTK's thread only (flush its root there)");
        return FROND_ERR_MISUSE;
    }
    gtk_widget_measure(component->widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
    out_size->width = within((float)natural, (float)minimum, width, width_mode);
    gtk_widget_measure(component->widget, GTK_ORIENTATION_VERTICAL, (int)fminf(ceilf(out_size->width), 1e6f), &minimum,
                       &natural, NULL, NULL);
    out_size->height = within((float)natural, (float)minimum, height, height_mode);
    return FROND_OK;
}

static gboolean unref_on_gtk_thread(gpointer widget) {
    g_object_unref(widget);
    return G_SOURCE_REMOVE;
}

/* Lets go of a GTK object on GTK's thread: at once there, else from an idle callback of GTK's
 * main context. */
static void release_on_gtk_thread(gpointer object) {
    if (on_gtk_thread()) g_object_unref(object);
    else g_idle_add(unref_on_gtk_thread, object);
}

static void widget_component_free(void *user_data) {
    widget_component *component = user_data;
    GtkWidget *unwrapped = NULL;
    wrapped *entry;
    g_mutex_lock(&wrapped_lock);
    entry = g_hash_table_lookup(wrapped_widgets, &component->number);
    if (entry && --entry->uses == 0) {
        unwrapped = entry->widget;
        g_object_set_qdata(G_OBJECT(unwrapped), wrapped_quark, NULL);
        g_hash_table_remove(wrapped_widgets, &component->number);
    }
    g_mutex_unlock(&wrapped_lock);
    if (unwrapped) release_on_gtk_thread(unwrapped);
    release_on_gtk_thread(component->widget);
    g_free(component->value_property);
    g_free(component->value_action);
    g_free(component);
}

frond_status frond_gtk_component_new(frond_component **out_component, const frond_gtk_widget_spec *spec,
                                     const frond_size_spec *size, const char *key) {
    static const frond_legacy_vtable vtable = {sizeof(frond_legacy_vtable), "GtkWidget", widget_view, widget_measure,
                                               NULL, NULL, NULL};
    widget_component *component;
    uint64_t *number_key;
    wrapped *entry;
    if (!out_component || !spec || spec->struct_size != sizeof(frond_gtk_widget_spec) || !GTK_IS_WIDGET(spec->widget)) {
        frond_set_last_error("frond_gtk_component_new: out_component and spec are required, spec->struct_size must be "
                             "sizeof(frond_gtk_widget_spec) and spec->widget a GtkWidget");
        return FROND_ERR_INVALID_ARGUMENT;
    }
    if (gtk_widget_get_parent(spec->widget) && !FROND_IS_GTK_VIEW(gtk_widget_get_parent(spec->widget))) {
        frond_set_last_error("frond_gtk_component_new: spec->widget is in a container of the program's (take it out first: "
                             "a component shows its widget in its own view)");
        return FROND_ERR_INVALID_ARGUMENT;
    }
    if (spec->value_property &&
        (!spec->value_action || !*spec->value_action ||
         !g_object_class_find_property(G_OBJECT_GET_CLASS(spec->widget), spec->value_property))) {
        frond_set_last_error("frond_gtk_component_new: value_property must be a property of the widget, with a value_action");
        return FROND_ERR_INVALID_ARGUMENT;
    }
    component = g_new0(widget_component, 1);
    component->widget = g_object_ref_sink(spec->widget);
    component->value_property = g_strdup(spec->value_property);
    component->value_action = g_strdup(spec->value_action);
    g_mutex_lock(&wrapped_lock);
    if (!wrapped_widgets) {
        wrapped_widgets = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_free);
        wrapped_quark = g_quark_from_static_string("frond-gtk-wrapped");
    }
    component->number = (uint64_t)GPOINTER_TO_SIZE(g_object_get_qdata(G_OBJECT(spec->widget), wrapped_quark));
    entry = component->number ? g_hash_table_lookup(wrapped_widgets, &component->number) : NULL;
    if (!entry) {
        component->number = next_wrapped++;
        entry = g_new0(wrapped, 1);
        entry->widget = g_object_ref(spec->widget);
        number_key = g_new(uint64_t, 1);
        *number_key = component->number;
        g_hash_table_insert(wrapped_widgets, number_key, entry);
        g_object_set_qdata(G_OBJECT(spec->widget), wrapped_quark, GSIZE_TO_POINTER((gsize)component->number));
    }
    entry->uses++;
    g_mutex_unlock(&wrapped_lock);
    return frond_component_new_legacy(out_component, &vtable, size, key, component, widget_component_free);
}

/* ---- views from mutations ---------------------------------------------------------------- */

static bool is_type(const char *type, const char *const *names) {
    for (; *names; names++) if (strcmp(type, *names) == 0) return true;
    return false;
}

static const char *const button_types[] = {"button", NULL};
static const char *const toggle_types[] = {"checkbox", "switch", "toggle", NULL};
static const char *const entry_types[] = {"textField", "textfield", "entry", "input", NULL};
static const char *const slider_types[] = {"slider", "range", NULL};

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
        gtk_editable_set_width_chars(GTK_EDITABLE(view->content), 0);
        g_signal_connect(view->content, "changed", G_CALLBACK(changed), view);
    } else if (is_type(type, slider_types)) {
        view->content = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 1, 0.01);
        gtk_scale_set_draw_value(GTK_SCALE(view->content), FALSE);
        view->slider_max = 1;
        g_signal_connect(view->content, "value-changed", G_CALLBACK(slid), view);
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

/* A slider's `min`, `max` or `step` named `name` (NULL: not a slider's, or not one of them). */
static double *slider_setting(FrondGtkView *view, const char *name) {
    if (!GTK_IS_RANGE(view->content) || view->foreign) return NULL;
    if (strcmp(name, "min") == 0) return &view->slider_min;
    if (strcmp(name, "max") == 0) return &view->slider_max;
    if (strcmp(name, "step") == 0) return &view->slider_step;
    return NULL;
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
    else if (strcmp(name, "leaving") == 0 && a->kind == FROND_ATTRIBUTE_BOOL) /* a list item on its way out */
        gtk_widget_set_can_target(GTK_WIDGET(view), !a->boolean);
    else if (strcmp(name, FROND_EVENT_TAP) == 0) view->tappable = a->kind == FROND_ATTRIBUTE_ACTION || a->kind == FROND_ATTRIBUTE_ACTION_BLOCK;
    else if (strcmp(name, "title") == 0 && string && GTK_IS_BUTTON(view->content)) gtk_button_set_label(GTK_BUTTON(view->content), a->string);
    else if (strcmp(name, "title") == 0 && string && GTK_IS_CHECK_BUTTON(view->content)) /* (not a GtkButton in GTK 4) */
        gtk_check_button_set_label(GTK_CHECK_BUTTON(view->content), a->string);
    else if (strcmp(name, "placeholder") == 0 && string && GTK_IS_ENTRY(view->content))
        gtk_entry_set_placeholder_text(GTK_ENTRY(view->content), a->string);
    else if (strcmp(name, "secure") == 0 && a->kind == FROND_ATTRIBUTE_BOOL && GTK_IS_ENTRY(view->content)) {
        gtk_entry_set_visibility(GTK_ENTRY(view->content), !a->boolean);
        gtk_entry_set_input_purpose(GTK_ENTRY(view->content), a->boolean ? GTK_INPUT_PURPOSE_PASSWORD
                                                                         : GTK_INPUT_PURPOSE_FREE_FORM);
    } else if (slider_setting(view, name) && number) {
        *slider_setting(view, name) = a->number;
        apply_slider_range(view);
    } else if (strcmp(name, "value") == 0 && number && GTK_IS_RANGE(view->content) && !view->foreign) {
        view->root_number = a->number;
        if (!view->typed) show_root_text(view);
    }
    else if ((strcmp(name, "checked") == 0 || strcmp(name, "on") == 0 || strcmp(name, "value") == 0) &&
             a->kind == FROND_ATTRIBUTE_BOOL && GTK_IS_CHECK_BUTTON(view->content)) {
        host->updating = true;
        gtk_check_button_set_active(GTK_CHECK_BUTTON(view->content), a->boolean);
        host->updating = false;
    } else if (strcmp(name, "value") == 0 && string && GTK_IS_ENTRY(view->content)) {
        g_free(view->root_text);
        view->root_text = g_strdup(a->string);
        if (!view->typed) show_root_text(view);
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
    else if (strcmp(name, "gtkWidget") == 0 && a->kind == FROND_ATTRIBUTE_HOST_VALUE) {
        GtkWidget *widget = wrapped_widget(a->host_value);
        if (widget) attach_foreign(view, widget);
        else detach_foreign(view);
    } else if (strcmp(name, "valueProperty") == 0 && string) {
        if (view->notify_handler && view->content) g_signal_handler_disconnect(view->content, view->notify_handler);
        view->notify_handler = 0;
        g_free(view->value_property);
        view->value_property = g_strdup(a->string);
    }
}

static void unset_attribute(FrondGtkView *view, const char *name) {
    if (strcmp(name, "backgroundColor") == 0) view->has_background = false;
    else if (strcmp(name, "borderWidth") == 0) view->border_width = 0;
    else if (strcmp(name, "cornerRadius") == 0) view->corner_radius = 0;
    else if (strcmp(name, "opacity") == 0) gtk_widget_set_opacity(GTK_WIDGET(view), 1);
    else if (strcmp(name, "hidden") == 0) gtk_widget_set_visible(GTK_WIDGET(view), TRUE);
    else if (strcmp(name, "leaving") == 0) gtk_widget_set_can_target(GTK_WIDGET(view), TRUE);
    else if (strcmp(name, FROND_EVENT_TAP) == 0) view->tappable = false;
    else if (strcmp(name, "text") == 0 && GTK_IS_LABEL(view->content)) gtk_label_set_text(GTK_LABEL(view->content), "");
    else if (strcmp(name, "color") == 0) view->has_color = false;
    else if (strcmp(name, "maxLines") == 0) view->max_lines = 0;
    else if (strcmp(name, "placeholder") == 0 && GTK_IS_ENTRY(view->content))
        gtk_entry_set_placeholder_text(GTK_ENTRY(view->content), NULL);
    else if (strcmp(name, "secure") == 0 && GTK_IS_ENTRY(view->content)) {
        gtk_entry_set_visibility(GTK_ENTRY(view->content), TRUE);
        gtk_entry_set_input_purpose(GTK_ENTRY(view->content), GTK_INPUT_PURPOSE_FREE_FORM);
    } else if (slider_setting(view, name)) {
        *slider_setting(view, name) = strcmp(name, "max") == 0 ? 1 : 0;
        apply_slider_range(view);
    } else if (strcmp(name, "value") == 0) {
        g_free(view->root_text);
        view->root_text = NULL;
        view->root_number = view->slider_min;
        if (GTK_IS_RANGE(view->content) && !view->foreign && !view->typed) show_root_text(view);
    } else if (strcmp(name, "gtkWidget") == 0) detach_foreign(view);
    else if (strcmp(name, "valueProperty") == 0) {
        if (view->notify_handler && view->content) g_signal_handler_disconnect(view->content, view->notify_handler);
        view->notify_handler = 0;
        g_free(view->value_property);
        view->value_property = NULL;
    }
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
            view = view_new(host, m->view, m->view_type ? m->view_type : "");
            g_hash_table_replace(host->views, key, view);
            break;
        }
        case FROND_MUTATION_UPDATE:
            for (j = 0; j < m->set_count; j++) set_attribute(host, view, &m->set[j]);
            for (j = 0; j < m->unset_count; j++) unset_attribute(view, m->unset[j]);
            update_text_style(view);
            listen_to_foreign(view);
            gtk_widget_queue_draw(GTK_WIDGET(view));
            break;
        case FROND_MUTATION_SET_FRAME:
            view->frame = m->frame;
            /* Its parent places it: GTK allocates again only widgets marked so, and a parent
             * whose own frame stays the same is not (queue_resize on the top marks only the
             * ancestors). */
            if (gtk_widget_get_parent(GTK_WIDGET(view))) gtk_widget_queue_allocate(gtk_widget_get_parent(GTK_WIDGET(view)));
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

/* The host's clock: GLib's monotonic clock in seconds (frond_gtk.h), which a program can read
 * too, to tick a list before it changes the list's data source from its own code. */
static double host_now(frond_gtk_host *host) {
    (void)host;
    return (double)g_get_monotonic_time() / 1e6;
}

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

/* A list's items animate as the list ticks: every frame while one does. */
static gboolean list_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer user_data) {
    frond_gtk_host *host = user_data;
    bool running = false;
    (void)widget;
    (void)clock;
    if (host->freed || !host->list || frond_list_has_running_animations(&running, host->list) != FROND_OK || !running) {
        host->tick = 0;
        return G_SOURCE_REMOVE;
    }
    frond_list_tick(host->list, host_now(host), NULL);
    return G_SOURCE_CONTINUE;
}

/* Before a list call that may commit: the list's clock brought to now (the animations the
 * commit starts, an item's fade in say, begin then). */
static void list_catch_up(frond_gtk_host *host) {
    double last = 0;
    if (frond_list_get_animation_time(&last, host->list) == FROND_OK && host_now(host) > last) {
        frond_list_tick(host->list, host_now(host), NULL);
    }
}

/* After a list call that committed: ticks every frame while an item animates. */
static void list_keep_ticking(frond_gtk_host *host) {
    bool running = false;
    if (!host->tick && frond_list_has_running_animations(&running, host->list) == FROND_OK && running) {
        host_ref(host);
        host->tick = gtk_widget_add_tick_callback(host->top, list_tick, host, host_unref);
    }
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

/* Sets `layout` (the text already in it) as a label would with `style`, and measures it. */
static void measure_layout(PangoLayout *layout, const frond_text_style *style, float width, frond_measure_mode width_mode,
                           float height, frond_measure_mode height_mode, frond_size *out_size) {
    PangoAttrList *list;
    PangoRectangle logical;
    /* (Bounded as the labels bound them, and within what Pango's integer units can hold.) */
    float font_size = style && style->font_size > 0 ? fminf(style->font_size, 10000) : 14;
    float line_height = style && style->line_height > 0 ? fminf(style->line_height, 10000) : font_size * 1.2f;
    list = text_attributes(style ? style->font_family : NULL, font_size, style ? style->font_weight : 0, line_height, false,
                           (GdkRGBA){0, 0, 0, 1});
    pango_layout_set_attributes(layout, list);
    pango_attr_list_unref(list);
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD);
    if (width_mode != FROND_MEASURE_MODE_UNDEFINED && isfinite(width)) {
        pango_layout_set_width(layout, (int)(fminf(fmaxf(width, 0), 1e6f) * PANGO_SCALE));
    }
    if (style && style->max_lines > 0) {
        pango_layout_set_height(layout, -style->max_lines);
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
    }
    pango_layout_get_extents(layout, NULL, &logical);
    out_size->width = width_mode == FROND_MEASURE_MODE_EXACTLY ? width : (float)logical.width / PANGO_SCALE;
    out_size->height = (float)logical.height / PANGO_SCALE;
    if (height_mode == FROND_MEASURE_MODE_EXACTLY) out_size->height = height;
    else if (height_mode == FROND_MEASURE_MODE_AT_MOST && out_size->height > height) out_size->height = height;
}

static frond_status measure_text(const char *text, const frond_text_style *style, float width, frond_measure_mode width_mode,
                                 float height, frond_measure_mode height_mode, frond_size *out_size, void *user_data) {
    frond_gtk_host *host = user_data;
    PangoLayout *layout;
    if (!host || host->magic != HOST_MAGIC) return FROND_ERR_INTERNAL;
    layout = gtk_widget_create_pango_layout(host->top, text);
    measure_layout(layout, style, width, width_mode, height, height_mode, out_size);
    g_object_unref(layout);
    return FROND_OK;
}

/* frond_gtk_measure_text: a Pango context per thread, set as GTK sets its widgets'. */
static GMutex settings_lock;
static cairo_font_options_t *gtk_font_options; /* NULL: GTK 4's defaults */
static double gtk_resolution = 96;
static gboolean gtk_round_positions = FALSE;
static gint settings_generation = 1;
static GPrivate thread_context = G_PRIVATE_INIT(g_object_unref);

/* Takes GTK's font settings from `widget`'s context (on GTK's thread). */
static void capture_font_settings(GtkWidget *widget) {
    PangoContext *context = gtk_widget_get_pango_context(widget);
    const cairo_font_options_t *options = pango_cairo_context_get_font_options(context);
    g_mutex_lock(&settings_lock);
    if (gtk_font_options) cairo_font_options_destroy(gtk_font_options);
    gtk_font_options = options ? cairo_font_options_copy(options) : NULL;
    gtk_resolution = pango_cairo_context_get_resolution(context);
    if (gtk_resolution <= 0) gtk_resolution = 96;
    gtk_round_positions = pango_context_get_round_glyph_positions(context);
    g_atomic_int_inc(&settings_generation);
    g_mutex_unlock(&settings_lock);
}

static PangoContext *measuring_context(void) {
    PangoContext *context = g_private_get(&thread_context);
    gint generation = g_atomic_int_get(&settings_generation);
    if (context && GPOINTER_TO_INT(g_object_get_data(G_OBJECT(context), "frond-generation")) == generation) return context;
    context = pango_font_map_create_context(pango_cairo_font_map_get_default());
    g_mutex_lock(&settings_lock);
    if (gtk_font_options) {
        pango_cairo_context_set_font_options(context, gtk_font_options);
    } else {
        cairo_font_options_t *options = cairo_font_options_create();
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
        pango_cairo_context_set_font_options(context, options);
        cairo_font_options_destroy(options);
    }
    pango_cairo_context_set_resolution(context, gtk_resolution);
    pango_context_set_round_glyph_positions(context, gtk_round_positions);
    g_mutex_unlock(&settings_lock);
    g_object_set_data(G_OBJECT(context), "frond-generation", GINT_TO_POINTER(generation));
    g_private_replace(&thread_context, context);
    return context;
}

frond_status frond_gtk_measure_text(const char *text, const frond_text_style *style, float width,
                                    frond_measure_mode width_mode, float height, frond_measure_mode height_mode,
                                    frond_size *out_size, void *user_data) {
    PangoLayout *layout;
    (void)user_data;
    if (!text || !out_size) {
        frond_set_last_error("frond_gtk_measure_text: text and out_size are required");
        return FROND_ERR_INVALID_ARGUMENT;
    }
    layout = pango_layout_new(measuring_context());
    pango_layout_set_text(layout, text, -1);
    measure_layout(layout, style, width, width_mode, height, height_mode, out_size);
    g_object_unref(layout);
    return FROND_OK;
}

/* ---- lists: a scrolled window whose visible part is the list's viewport -------------------- */

static gboolean viewport_idle(gpointer user_data) {
    frond_gtk_host *host = user_data;
    double page;
    host->viewport_pending = false;
    if (host->freed || !host->list) return G_SOURCE_REMOVE;
    list_catch_up(host);
    /* The list is as wide (tall, when horizontal) as the window shows: a resize lays its
     * items out again at the new size. */
    page = gtk_adjustment_get_page_size(host->cross_adjustment);
    if (page >= 1 && fabs(page - host->cross_size) >= 0.5 && frond_list_set_cross_size(host->list, (float)page) == FROND_OK) {
        FrondGtkView *top = FROND_GTK_VIEW(host->top);
        host->cross_size = (float)page;
        if (host->horizontal) top->frame.height = host->cross_size;
        else top->frame.width = host->cross_size;
        gtk_widget_queue_resize(host->top);
    }
    page = gtk_adjustment_get_page_size(host->adjustment);
    if (page > 0) frond_list_set_viewport(host->list, (float)fmax(gtk_adjustment_get_value(host->adjustment), 0), (float)page);
    list_keep_ticking(host);
    return G_SOURCE_REMOVE;
}

/* The person scrolled, or the window's size changed: the list hears of it from an idle
 * callback (its commit then changes the widgets outside GTK's layout of them). */
static void viewport_changed(GtkAdjustment *adjustment, gpointer user_data) {
    frond_gtk_host *host = user_data;
    (void)adjustment;
    if (host->freed || !host->list || host->adjusting || host->viewport_pending) return;
    host->viewport_pending = true;
    host_ref(host);
    g_idle_add_full(G_PRIORITY_HIGH_IDLE, viewport_idle, host, host_unref);
}

static void content_length_changed(frond_list *list, float length, void *user_data) {
    frond_gtk_host *host = user_data;
    FrondGtkView *top = FROND_GTK_VIEW(host->top);
    (void)list;
    if (host->horizontal) top->frame.width = length;
    else top->frame.height = length;
    gtk_widget_queue_resize(host->top);
}

/* Real sizes above the viewport moved it: the window scrolls there (before its next layout
 * has seen the new length, so the adjustment is told of the length too). */
static void offset_adjusted(frond_list *list, float offset, void *user_data) {
    frond_gtk_host *host = user_data;
    GtkAdjustment *a = host->adjustment;
    FrondGtkView *top = FROND_GTK_VIEW(host->top);
    double length = host->horizontal ? top->frame.width : top->frame.height;
    (void)list;
    host->adjusting = true;
    /* (The list tells the new length first; the page's room is kept in any case.) */
    length = fmax(length, offset + gtk_adjustment_get_page_size(a));
    gtk_adjustment_configure(a, offset, gtk_adjustment_get_lower(a), fmax(gtk_adjustment_get_upper(a), length),
                             gtk_adjustment_get_step_increment(a), gtk_adjustment_get_page_increment(a),
                             gtk_adjustment_get_page_size(a));
    host->adjusting = false;
}

static gboolean process_idle(gpointer user_data) {
    frond_gtk_host *host = user_data;
    g_atomic_int_set(&host->flush_pending, 0);
    if (!host->freed && host->list) {
        list_catch_up(host);
        frond_list_process(NULL, host->list, false);
        list_keep_ticking(host);
        answer_typing(host);
    }
    return G_SOURCE_REMOVE;
}

/* The builder finished a modification (on its thread): mount it from GTK's. */
static void list_ready(frond_data_source *source, void *user_data) {
    frond_gtk_host *host = user_data;
    (void)source;
    if (!g_atomic_int_compare_and_exchange(&host->flush_pending, 0, 1)) return;
    host_ref(host);
    g_idle_add_full(G_PRIORITY_DEFAULT, process_idle, host, host_unref);
}

static void list_let_go(void *user_data) {
    frond_gtk_host *host = user_data;
    host->list = NULL;
    host_unref(host);
}

/* ---- the API ------------------------------------------------------------------------------ */

static void root_let_go(void *user_data) {
    frond_gtk_host *host = user_data;
    host->root = NULL;
    host_unref(host);
}

/* Gives the calling thread's last error message the name of the function the program
 * called (`name`) in place of the libfrond function's it came from. */
static void relabel_last_error(const char *name) {
    const char *message = frond_last_error_message();
    const char *colon = strchr(message, ':');
    char relabelled[1024];
    if (strncmp(message, "frond_", 6) != 0 || colon == NULL || memchr(message, ' ', (size_t)(colon - message))) return;
    snprintf(relabelled, sizeof relabelled, "%s%s", name, colon);
    frond_set_last_error(relabelled);
}

static frond_gtk_host *live(frond_gtk_host *host) {
    return host && host->magic == HOST_MAGIC && !host->freed ? host : NULL;
}

/* A host with its top view, on GTK's thread (whose font settings it takes). */
static frond_gtk_host *host_new(void) {
    frond_gtk_host *host = g_new0(frond_gtk_host, 1);
    host->magic = HOST_MAGIC;
    host->refs = 1;
    host->width = -1;
    host->views = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_object_unref);
    host->top = GTK_WIDGET(g_object_ref_sink(g_object_new(FROND_TYPE_GTK_VIEW, NULL)));
    FROND_GTK_VIEW(host->top)->host = host;
    if (!gtk_thread) {
        gtk_thread = g_thread_self();
        capture_font_settings(host->top);
    }
    return host;
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
    status = frond_root_get_child_count(&mounted, root, 0);
    if (status != FROND_OK) {
        relabel_last_error("frond_gtk_host_new");
        return status;
    }
    if (mounted != 0) {
        frond_set_last_error("frond_gtk_host_new: the root has mounted views already (the widgets would never see them)");
        return FROND_ERR_MISUSE;
    }
    host = host_new();
    host->root = root;
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

frond_status frond_gtk_list_host_new(frond_gtk_host **out_host, frond_list *list) {
    frond_gtk_host *host;
    frond_host functions;
    frond_list_listener listener;
    frond_list_statistics statistics;
    frond_data_source *source = NULL;
    frond_list_axis axis = FROND_LIST_VERTICAL;
    float cross_size = 0;
    frond_status status;
    if (!out_host) {
        frond_set_last_error("frond_gtk_list_host_new: out_host is NULL");
        return FROND_ERR_INVALID_ARGUMENT;
    }
    FROND_INIT(statistics);
    status = frond_list_get_statistics(&statistics, list);
    if (status == FROND_OK) status = frond_list_get_data_source(&source, list);
    if (status == FROND_OK) status = frond_list_get_axis(&axis, &cross_size, list);
    if (status != FROND_OK) {
        relabel_last_error("frond_gtk_list_host_new");
        return status;
    }
    if (statistics.host_views != 0) {
        frond_set_last_error("frond_gtk_list_host_new: the list has mounted items already (the widgets would never see them)");
        return FROND_ERR_MISUSE;
    }
    host = host_new();
    host->list = list;
    host->horizontal = axis == FROND_LIST_HORIZONTAL;
    FROND_GTK_VIEW(host->top)->frame.width = host->horizontal ? statistics.content_length : cross_size;
    FROND_GTK_VIEW(host->top)->frame.height = host->horizontal ? cross_size : statistics.content_length;
    host->scroller = g_object_ref_sink(gtk_scrolled_window_new());
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(host->scroller), host->top);
    host->adjustment = host->horizontal ? gtk_scrolled_window_get_hadjustment(GTK_SCROLLED_WINDOW(host->scroller))
                                        : gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(host->scroller));
    host->cross_adjustment = host->horizontal ? gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(host->scroller))
                                              : gtk_scrolled_window_get_hadjustment(GTK_SCROLLED_WINDOW(host->scroller));
    host->cross_size = cross_size;
    g_signal_connect(host->adjustment, "value-changed", G_CALLBACK(viewport_changed), host);
    g_signal_connect(host->adjustment, "changed", G_CALLBACK(viewport_changed), host);
    g_signal_connect(host->cross_adjustment, "changed", G_CALLBACK(viewport_changed), host);
    FROND_INIT(functions);
    functions.apply_batch = apply_batch;
    host_ref(host); /* the list's */
    status = frond_list_set_host(list, &functions, host, list_let_go);
    if (status == FROND_OK) {
        FROND_INIT(listener);
        listener.did_change_content_length = content_length_changed;
        listener.did_adjust_offset = offset_adjusted;
        status = frond_list_set_listener(list, &listener, host, NULL);
    }
    if (status == FROND_OK) {
        host_ref(host);
        status = frond_data_source_set_ready_handler(source, list_ready, host, host_unref);
    }
    if (status != FROND_OK) {
        frond_gtk_host_free(host);
        return status;
    }
    *out_host = host;
    return FROND_OK;
}

GtkWidget *frond_gtk_host_get_widget(frond_gtk_host *host) {
    if (!live(host)) return NULL;
    return host->scroller ? host->scroller : host->top;
}

frond_status frond_gtk_host_get_commit_count(uint64_t *out_count, frond_gtk_host *host) {
    if (!out_count) {
        frond_set_last_error("frond_gtk_host_get_commit_count: out_count is NULL");
        return FROND_ERR_INVALID_ARGUMENT;
    }
    if (!live(host)) {
        frond_set_last_error("frond_gtk_host_get_commit_count: not a live frond_gtk_host");
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
    if (host->list) {
        frond_list *list = host->list;
        frond_data_source *source = NULL;
        if (frond_list_get_data_source(&source, list) == FROND_OK) frond_data_source_set_ready_handler(source, NULL, NULL, NULL);
        frond_list_set_listener(list, NULL, NULL, NULL);
        frond_list_set_host(list, NULL, NULL, NULL); /* list_let_go runs */
    }
    if (host->adjustment) g_signal_handlers_disconnect_by_data(host->adjustment, host);
    if (host->cross_adjustment) g_signal_handlers_disconnect_by_data(host->cross_adjustment, host);
    if (host->tick) gtk_widget_remove_tick_callback(host->top, host->tick);
    g_hash_table_iter_init(&iter, host->views);
    while (g_hash_table_iter_next(&iter, &key, &value)) FROND_GTK_VIEW(value)->host = NULL;
    FROND_GTK_VIEW(host->top)->host = NULL;
    g_hash_table_destroy(host->views);
    host->views = NULL;
    g_object_unref(host->top);
    host->top = NULL;
    if (host->scroller) g_object_unref(host->scroller);
    host->scroller = NULL;
    host_unref(host);
    return FROND_OK;
}
