/*
 * frond_cairo.h — Frond's snapshot renderer: a host that draws a root's views with Cairo and
 * Pango into PNG files, compares them with reference images, and measures text with Pango.
 *
 * It lives in a library of its own, libfrond_cairo, built on libfrond's C API (frond.h):
 * a program that only lays out and mounts links libfrond alone and never loads Cairo or
 * Pango. Link with `-lfrond_cairo -lfrond` (pkg-config: `frond-cairo`).
 *
 * Its functions follow frond.h's conventions: they return a frond_status, and on failure
 * frond_last_error_message() describes it. Snapshot hosts are handles of this library:
 * frond_cairo_handle_count() counts them (frond_handle_count counts libfrond's).
 *
 * A snapshot host keeps the views a root mounts and draws them into PNG files at a scale
 * (1 for 1×, 2 for 2×), and compares them with reference PNGs. Attached to a root it also
 * measures the root's text with Pango, so that what is laid out is what is drawn.
 */
#ifndef FROND_CAIRO_H
#define FROND_CAIRO_H

#include "frond.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The version of this header; the library's frond_cairo_version_numbers() gives the
 *  same numbers, which are libfrond's (the two libraries are released together). */
#define FROND_CAIRO_VERSION_MAJOR FROND_VERSION_MAJOR
#define FROND_CAIRO_VERSION_MINOR FROND_VERSION_MINOR
#define FROND_CAIRO_VERSION_PATCH FROND_VERSION_PATCH

/** Writes libfrond_cairo's version numbers (each pointer may be NULL). */
void frond_cairo_version_numbers(int *out_major, int *out_minor, int *out_patch);

/** Writes the number of live snapshot host handles (for leak checks). */
frond_status frond_cairo_handle_count(size_t *out_count);


/* ATTRIBUTES THE RENDERER DRAWS (others, such as actions, are ignored)                 */
/*                                                                                     */
/*   backgroundColor   color, or a string "#rgb", "#rgba", "#rrggbb", "#rrggbbaa"       */
/*   borderWidth       number ≥ 0: a border inside the frame, over content and children */
/*   borderColor       color (or color string); default black                           */
/*   cornerRadius      number ≥ 0: rounds background, border, clip and image           */
/*   opacity           number 0…1: the view with its children, as one group            */
/*   clipsToBounds     bool: clips content and children to the (rounded) frame          */
/*   hidden            bool: draws neither the view nor its children                   */
/*   translationX, translationY, scale   numbers: move the view, scale it about its     */
/*                     center (the animation properties' names, so mid-animation values */
/*                     are drawn as the host receives them)                            */
/*   text              string: text set in the frame's width from its top, with        */
/*                     fontFamily (a Pango font description, "DejaVu Sans Bold"),        */
/*                     fontSize (14), lineHeight (1.2 × fontSize), fontWeight (100…1000  */
/*                     or "bold", "light", …), textAlign ("left", "center", "right",    */
/*                     "justify"), color (black) and maxLines (whole, ≥ 1: the last     */
/*                     line ends with "…"). A text component's view has exactly the     */
/*                     attributes its measurer was given.                              */
/*   source            string: a PNG file (relative to the image directory), drawn     */
/*                     with contentMode "scaleToFill" (default), "aspectFit",           */
/*                     "aspectFill" or "center", clipped to the (rounded) frame          */
/*                                                                                     */
/* A known attribute of the wrong kind or out of its domain (font sizes and line       */
/* heights are at most 10000 points; a text's default line height is 1.2 × its font   */
/* size, so without a line height of its own its font size is at most 8333), an       */
/* invalid color string and an image that cannot be read fail the call with           */
/* FROND_ERR_INVALID_ARGUMENT and a message naming the view                            */
/* and attribute. A font family that is not installed is replaced by fontconfig's     */
/* closest match and reported as a warning (see frond_snapshot_host_set_warning_handler),*/
/* once per family. Text drawn above 32768 pixels per em (the font size × the image's   */
/* and its views' scales) fails with FROND_ERR_LIMIT, and so do translucent views      */
/* nested so deep that their intermediate images (each as large as its clip) would     */
/* hold more than 4 × FROND_SNAPSHOT_MAX_PIXELS pixels at once. A PNG file (a `source`  */
/* image or a reference) above the image limits below is FROND_ERR_LIMIT too, judged    */
/* by its header before it is decoded.                                                 */

/** The largest image side, in pixels (points × scale, rounded up). */
#define FROND_SNAPSHOT_MAX_PIXELS_PER_SIDE 16384
/** The most pixels an image may have in all (8192 × 8192). */
#define FROND_SNAPSHOT_MAX_PIXELS 67108864
/** The default per-channel tolerance of comparisons (0…255). */
#define FROND_SNAPSHOT_DEFAULT_TOLERANCE 16

/** Keeps a root's views and draws them (a handle; see the functions below). A host may
 *  be used from several threads at once: its views change on its root's thread (or in a
 *  mirroring C host's apply) and may be drawn and compared from others meanwhile. */
typedef struct frond_snapshot_host frond_snapshot_host;

/** How a snapshot host draws. A zero-filled struct (with its struct_size) means: text
 *  without a family in "DejaVu Sans" (Debian's fonts-dejavu-core), relative image paths
 *  from the current directory, an opaque white background. */
typedef struct frond_snapshot_options {
    uint32_t struct_size;               /**< sizeof(frond_snapshot_options) */
    const char *font_family;            /**< default family (copied); NULL: "DejaVu Sans" */
    const char *image_directory;        /**< where relative `source` paths start (copied); NULL: "." */
    bool has_background;                /**< false: opaque white */
    frond_color background;             /**< painted under the views when has_background */
} frond_snapshot_options;

/** Creates a snapshot host with no views; `options` NULL means the defaults. The caller
 *  owns the handle. */
frond_status frond_snapshot_host_new(frond_snapshot_host **out_host, const frond_snapshot_options *options);

/** Releases the caller's handle. A root the host is attached to keeps using it (until
 *  the root is freed or gets another host). NULL is a no-op. */
frond_status frond_snapshot_host_free(frond_snapshot_host *host);

/** Receives a warning (a replaced font: `font family "X" is not installed: text is set
 *  in "DejaVu Sans" instead`). `message` is valid during the call. Called on the thread
 *  that measured or drew, once per distinct message; its status is ignored (a warning
 *  cannot fail a render). */
typedef frond_status (*frond_snapshot_warning_func)(const char *message, void *user_data);

/** Sets the host's warning handler (NULL removes it) with its user_data and destroy
 *  function, which is called exactly once: when the handler is replaced, when the host
 *  is gone (its handle freed and no root using it), or, when this call fails, before it
 *  returns. */
frond_status frond_snapshot_host_set_warning_handler(frond_snapshot_host *host, frond_snapshot_warning_func handler,
                                                     void *user_data, frond_destroy_func destroy);

/** Writes every warning so far, one per line, with the buffer conventions of
 *  frond_root_describe (NUL-terminated, cut short to `capacity` - 1 bytes; `buffer` may be
 *  NULL when `capacity` is 0; `*out_length` receives the full length). */
frond_status frond_snapshot_host_get_warnings(size_t *out_length, frond_snapshot_host *host, char *buffer,
                                              size_t capacity);

/** Makes the host `root`'s host (replacing the root's host, whose user_data is destroyed)
 *  and the root's text measurer a Pango measurer that sets text as the host draws it. The
 *  host's views start empty: attach before the root's first flush (a root that has mounted
 *  views already is FROND_ERR_MISUSE: the host would never see them). The root keeps the
 *  host alive. A host attached to another root that still uses it is FROND_ERR_MISUSE. */
frond_status frond_snapshot_host_attach(frond_snapshot_host *host, frond_root *root);

/** Gives `root` a Pango text measurer with `host`'s default family and warnings (`host`
 *  NULL: the default family, warnings dropped), for a C host that draws text with Pango
 *  itself, or that mirrors its mutations into a snapshot host. */
frond_status frond_root_set_pango_text_measurer(frond_root *root, frond_snapshot_host *host);

/** Applies one mutation to the host's views, for a C host that mirrors the mutations it
 *  receives (call it from the host's apply function). Attributes of kind ACTION_BLOCK are
 *  skipped. A mutation that does not fit the views (an unknown view, an index out of
 *  range, a cycle, a frame that is not finite) is FROND_ERR_INVALID_ARGUMENT and changes
 *  nothing. */
frond_status frond_snapshot_host_apply(frond_snapshot_host *host, const frond_mutation *mutation);

/** Draws the host's views into the PNG file at `path` (replaced): a `width` × `height`
 *  point area (FROND_UNDEFINED for either: the extent of the top-level views' frames from
 *  the origin, which leaves out the right and bottom padding of a top component without a
 *  view: give frond_root_get_size's for the root's whole box; an empty extent, as with no
 *  views, is FROND_ERR_INVALID_ARGUMENT) at `scale` (finite,
 *  > 0). Sizes that are not finite and above 0, or above the limits
 *  (FROND_SNAPSHOT_MAX_PIXELS_PER_SIDE, FROND_SNAPSHOT_MAX_PIXELS: FROND_ERR_LIMIT), a bad
 *  attribute or image, and a file that cannot be written are errors; nothing is written
 *  then. */
frond_status frond_snapshot_host_write_png(frond_snapshot_host *host, const char *path, float width, float height,
                                           float scale);

/** Mounts `component` in a root of its own (`width` wide, `height` high or, with
 *  FROND_UNDEFINED, as high as its content) with the host's settings and Pango measurer,
 *  and draws it into the PNG file at `path`. The host's own views are not touched. A
 *  component the engine refuses keeps the engine's status. The caller keeps its handle. */
frond_status frond_snapshot_host_write_component_png(frond_snapshot_host *host, const char *path,
                                                     frond_component *component, float width, float height,
                                                     float scale);

/** What a comparison with a reference image found. */
typedef enum frond_snapshot_outcome {
    FROND_SNAPSHOT_MATCHED = 0,           /**< every pixel within the tolerance */
    FROND_SNAPSHOT_RECORDED = 1,          /**< FROND_RECORD_SNAPSHOTS=1: the image became the reference */
    FROND_SNAPSHOT_MISMATCHED = 2,        /**< differs: actual and diff images written */
    FROND_SNAPSHOT_MISSING_REFERENCE = 3  /**< no reference file: the actual image written */
} frond_snapshot_outcome;

/** The result of a comparison (filled by Frond). Strings belong to the host and stay
 *  valid until its next comparison on the same thread or until its handle is freed. */
typedef struct frond_snapshot_comparison {
    frond_snapshot_outcome outcome;
    size_t differing_pixels;           /**< pixels beyond the tolerance */
    int largest_difference;            /**< the largest channel difference (0…255) */
    const char *actual_path;           /**< MISMATCHED, MISSING_REFERENCE: `<name>.actual.png`; else NULL */
    const char *diff_path;             /**< MISMATCHED: `<name>.diff.png` (differences in red); else NULL */
    const char *message;               /**< one sentence with the paths; never NULL */
} frond_snapshot_comparison;

/** Draws the host's views as frond_snapshot_host_write_png does and compares the image
 *  with the reference PNG at `reference_path` (`<name>.png`): within `tolerance` (0…255,
 *  usually FROND_SNAPSHOT_DEFAULT_TOLERANCE) in every channel of every pixel it matches
 *  (and an earlier failure's `.actual.png` and `.diff.png` are removed); otherwise
 *  `<name>.actual.png` and `<name>.diff.png` are written next to the reference. With the
 *  environment variable FROND_RECORD_SNAPSHOTS set (not empty, not "0"), the image is
 *  written as the reference instead (directories made as needed). A mismatch is a result
 *  (FROND_OK), not an error; a reference that is not a PNG, a file that cannot be written
 *  and a bad size or tolerance are errors. */
frond_status frond_snapshot_host_compare(frond_snapshot_comparison *out_comparison, frond_snapshot_host *host,
                                         const char *reference_path, float width, float height, float scale,
                                         int tolerance);

/** Like frond_snapshot_host_compare for `component` drawn as
 *  frond_snapshot_host_write_component_png draws it. */
frond_status frond_snapshot_host_compare_component(frond_snapshot_comparison *out_comparison,
                                                   frond_snapshot_host *host, const char *reference_path,
                                                   frond_component *component, float width, float height,
                                                   float scale, int tolerance);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* FROND_CAIRO_H */
