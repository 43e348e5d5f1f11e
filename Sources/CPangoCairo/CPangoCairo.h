/* Pango through Cairo (text layout and drawing, fonts through fontconfig) for FrondCairo.
 * Found through pkg-config (`pangocairo`; Debian: libpango1.0-dev). The inline helpers
 * hand Swift values that the importer cannot: macros with casts, and GObject's unref
 * under a name Swift sees as a plain function. Nothing here is exported by libfrond. */
#ifndef FROND_CPANGOCAIRO_H
#define FROND_CPANGOCAIRO_H

#include <pango/pangocairo.h>

/** Pango units per point (PANGO_SCALE). */
static inline int cpango_scale(void) { return PANGO_SCALE; }

/** Releases a reference to a GObject (a font map, context, layout or font). */
static inline void cpango_object_unref(void *object) { g_object_unref(object); }

#endif
