/*
 * frond_gtk.h — Frond's GTK 4 host: a root's views as real GTK widgets.
 *
 * A small C library beside the engine, libfrond_gtk, built on libfrond's C API (frond.h)
 * and GTK 4. Link with `-lfrond_gtk -lfrond $(pkg-config --libs gtk4)`.
 *
 * frond_gtk_host_new makes a widget that shows `root`: every view becomes a widget placed
 * at its frame by its parent view's widget (a GtkButton for "button", a GtkCheckButton for
 * "checkbox"/"switch"/"toggle", a GtkEntry for "textField"/"entry"/"input", a GtkScale for
 * "slider"/"range", a GtkLabel for "text"/"label" and any view with `text`, a GtkPicture
 * for "image"; a plain view draws its
 * backgroundColor, borderWidth/borderColor and cornerRadius itself; opacity and hidden
 * apply to all). The attributes each honours: a button's `title` (or `text`); a check
 * button's `title` and `checked` (or `on`, or a bool `value`); an entry's string `value`,
 * `placeholder` and `secure` (true: the text is hidden, as a password's); a scale's number
 * `value`, `min` (0), `max` (1) and `step` (none: continuous); a label's `text`, `fontSize`, `lineHeight`, `fontFamily`,
 * `fontWeight`, `maxLines` and `color`; a picture's `source` (a file's path). Others are
 * kept by Frond but not shown. Clicks, toggles, typing and moves of a scale go back to the
 * root as host events (onTap; onValueChange with the bool, string or number `value`, a
 * scale's on its step); a plain view with onTap is tapped through a click gesture. Inputs
 * show what the root decided: a check button its attribute, an entry (or a scale) the
 * root's `value` once the root has answered its typing (a root at once, a list when it has
 * built the item's state update), so a program may refuse, cut or change what is typed;
 * the caret stays by the text around it. The widget's
 * width is the root's (FLEXIBLE_HEIGHT), its frame clock ticks the root's animations, and
 * the root's text is measured with the Pango context its labels draw with.
 *
 * A list (frond_list) is shown in a GtkScrolledWindow by frond_gtk_list_host_new, only
 * what is near its visible part mounted; frond_gtk_measure_text measures its text, off
 * GTK's thread, as the labels draw it. An existing GTK widget (a GtkSpinButton, a
 * GtkCalendar, one of the program's own) joins a root's tree as a component measured by
 * GTK through frond_gtk_component_new (frond.h's legacy components).
 *
 * Everything happens on GTK's main thread (the default main context): the host schedules
 * the root's flushes there (g_idle_add) when state changes, from any thread.
 *
 * The host's clock, which it ticks roots and lists with, is GLib's monotonic clock in
 * seconds (g_get_monotonic_time() / 1e6). The host ticks before its own flushes, events
 * and list processing; a program that changes a list's data source synchronously from its
 * own code (a timer, say) ticks the list to that time first, so that the animations the
 * change starts (an inserted row's fade in, a removed row's fade out) begin now rather than
 * at the last tick: frond_list_tick(list, g_get_monotonic_time() / 1e6, NULL). (An
 * asynchronous change needs nothing: the host ticks before it mounts it.) A list item on its
 * way out (attribute `leaving`) takes no clicks: the item that took its place is under it.
 *
 *   examples/c/gtk_feed.c (make demo-gtk) uses all of it.
 */
#ifndef FROND_GTK_H
#define FROND_GTK_H

#include <gtk/gtk.h>

#include "frond.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A root shown in GTK widgets. */
typedef struct frond_gtk_host frond_gtk_host;

/** Makes `root`'s host (replacing its host, text measurer and flush request) and the
 *  widget that shows it. `root` must not have mounted views yet (FROND_ERR_MISUSE: the
 *  widgets would never see them). The caller owns the host; the root keeps using it until
 *  frond_gtk_host_free or the root is freed. */
frond_status frond_gtk_host_new(frond_gtk_host **out_host, frond_root *root);

/** The widget that shows the root (owned by the host: add it to a window; the host keeps
 *  a reference, so the widget outlives a window that is destroyed). NULL for NULL. */
GtkWidget *frond_gtk_host_get_widget(frond_gtk_host *host);

/** Lets go of the root (it gets no host: its views stay as they were, unseen) and of the
 *  widget. NULL is a no-op. A root freed first leaves the widget showing its last views,
 *  deaf to input; the host is freed here all the same. */
frond_status frond_gtk_host_free(frond_gtk_host *host);

/** The number of commits the host has shown (for tests and tools). */
frond_status frond_gtk_host_get_commit_count(uint64_t *out_count, frond_gtk_host *host);

/* ---- Lists ------------------------------------------------------------------------------- */

/** Makes `list`'s host (replacing its host, listener and its data source's ready handler) and
 *  a GtkScrolledWindow that shows it: the list's content scrolls along its axis, the
 *  scrolled window's visible part is the list's viewport (frond_list_set_viewport as the
 *  person scrolls or the window resizes), what the builder finishes off GTK's thread is
 *  mounted from an idle callback (frond_list_process), an offset the list adjusts scrolls
 *  the window there, and input goes back through frond_list_send_event. The content is as
 *  wide (tall, for a horizontal list) as the scrolled window shows: when that changes, the
 *  list takes it as its cross size (frond_list_set_cross_size: its items are laid out
 *  again, the first visible one kept in place). Give the list
 *  frond_gtk_measure_text as its text measurer (frond_list_config.text_measure) so that its
 *  text is measured as the labels draw it. The list must not have mounted items yet
 *  (FROND_ERR_MISUSE). The other functions above take the host as they take a root's
 *  (frond_gtk_host_get_widget gives the scrolled window); frond_gtk_host_free lets go of
 *  the list. A list freed first leaves the scrolled window showing its last views, deaf
 *  to input; the host is freed as usual. */
frond_status frond_gtk_list_host_new(frond_gtk_host **out_host, frond_list *list);

/** A frond_text_measure_func (user_data unused) that measures as the host's labels draw
 *  (Pango with GTK's font settings, captured from GTK's thread when the first host is made,
 *  or GTK 4's defaults before that), usable on any thread at once: each thread measures with
 *  a Pango context of its own. For lists, whose items are built off GTK's thread; a root's
 *  host measures with its widgets' own context already. */
frond_status frond_gtk_measure_text(const char *text, const frond_text_style *style, float width,
                                    frond_measure_mode width_mode, float height, frond_measure_mode height_mode,
                                    frond_size *out_size, void *user_data);

/* ---- Existing GTK widgets as components (legacy wrapping) -------------------------------- */

/** An existing GTK widget as a Frond leaf (a legacy component: frond.h's vtable). */
typedef struct frond_gtk_widget_spec {
    uint32_t struct_size;               /**< sizeof(frond_gtk_widget_spec) */
    /** Required: the widget (a floating reference is sunk; the component holds one). It is
     *  measured by GTK (gtk_widget_measure: its natural size within the constraints, never
     *  below its minimum) and shown inside its view, filling it. A widget shows in one place
     *  at a time: a second view showing it takes it from the first. */
    GtkWidget *widget;
    /** Optional: a property of the widget (for instance "value" of a GtkSpinButton, "day" of a
     *  GtkCalendar) whose changes (a person's, or the program's) are sent to the root, while
     *  the widget shows, as FROND_EVENT_VALUE_CHANGE host events with its value as the
     *  payload (a NUMBER for numeric properties, BOOL, STRING; other types send none). */
    const char *value_property;
    /** The action those events send (required with value_property; the component is the
     *  sender, so its parents' handle_action hears it). */
    const char *value_action;
} frond_gtk_widget_spec;

/** A legacy component (vtable name "GtkWidget", view type "gtk-widget") showing
 *  `spec->widget`, sized by `size` (NULL: GTK's measure) and keyed by `key` (NULL: none).
 *  Rendering it again with the same widget changes nothing on screen. The widget is
 *  measured and shown on GTK's thread (the one that made the first frond_gtk host): put it
 *  in roots that a frond_gtk_host flushes (a flush on another thread fails with
 *  FROND_ERR_CALLBACK), not in lists, whose items are built on other threads. A NULL or
 *  non-widget `widget`, one in a container of the program's (a component shows its widget
 *  in its own view), a value_property the widget lacks, or value_property without
 *  value_action is FROND_ERR_INVALID_ARGUMENT; a widget the program puts in a container of
 *  its own later is left there (its view shows nothing). The reference is let go on GTK's
 *  thread when the component is gone (from another thread: from an idle callback of GTK's
 *  main context). */
frond_status frond_gtk_component_new(frond_component **out_component, const frond_gtk_widget_spec *spec,
                                     const frond_size_spec *size, const char *key);

#ifdef __cplusplus
}
#endif

#endif /* FROND_GTK_H */
