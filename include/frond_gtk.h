/*
 * frond_gtk.h — Frond's GTK 4 host: a root's views as real GTK widgets.
 *
 * A small C library beside the engine, libfrond_gtk, built on libfrond's C API (frond.h)
 * and GTK 4. Link with `-lfrond_gtk -lfrond $(pkg-config --libs gtk4)`.
 *
 * frond_gtk_host_new makes a widget that shows `root`: every view becomes a widget placed
 * at its frame by its parent view's widget (a GtkButton for "button", a GtkCheckButton for
 * "checkbox"/"switch"/"toggle", a GtkEntry for "textField"/"entry"/"input", a GtkLabel for
 * "text"/"label" and any view with `text`, a GtkPicture for "image"; a plain view draws its
 * backgroundColor, borderWidth/borderColor and cornerRadius itself; opacity and hidden
 * apply to all). Clicks, toggles and typing go back to the root as host events (onTap,
 * onValueChange); a plain view with onTap is tapped through a click gesture. The widget's
 * width is the root's (FLEXIBLE_HEIGHT), its frame clock ticks the root's animations, and
 * the root's text is measured with the Pango context its labels draw with.
 *
 * Everything happens on GTK's main thread (the default main context): the host schedules
 * the root's flushes there (g_idle_add) when state changes, from any thread.
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

#ifdef __cplusplus
}
#endif

#endif /* FROND_GTK_H */
