/* Snapshots through the C API: a snapshot host attached to a root draws its views into
 * PNG files at 1× and 2×, measures text with Pango, compares with references (recording
 * them with FROND_RECORD_SNAPSHOTS=1), mirrors a C host's mutations, reports missing
 * fonts, and refuses bad input with a status and a message. */
#define _XOPEN_SOURCE 700
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "frond_cairo.h"

static char directory[256];

/* `name` inside the test's temporary directory (a static buffer per call site slot). */
static const char *in_directory(char *buffer, size_t size, const char *name) {
    snprintf(buffer, size, "%s/%s", directory, name);
    return buffer;
}

static bool file_exists(const char *path) {
    struct stat info;
    return stat(path, &info) == 0;
}

/* The width and height a PNG file declares (0 when it is not a PNG). */
static void png_size(const char *path, unsigned *width, unsigned *height) {
    unsigned char header[24];
    FILE *file = fopen(path, "rb");
    *width = *height = 0;
    if (file == NULL) return;
    if (fread(header, 1, sizeof header, file) == sizeof header && memcmp(header + 1, "PNG", 3) == 0) {
        *width = (unsigned)header[16] << 24 | (unsigned)header[17] << 16 | (unsigned)header[18] << 8 | header[19];
        *height = (unsigned)header[20] << 24 | (unsigned)header[21] << 16 | (unsigned)header[22] << 8 | header[23];
    }
    fclose(file);
}

/* A `width` × `height` box of view type "box" with one attribute (`name` NULL: none). */
static frond_component *box_with(const frond_attribute *attribute, float width, float height) {
    frond_view_spec view;
    frond_size_spec size = size_points(width, height);
    frond_component *component = NULL;
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "box";
    view.attributes = attribute;
    view.attribute_count = attribute != NULL ? 1 : 0;
    CHECK_OK(frond_component_new(&component, &view, &size, NULL));
    return component;
}

static frond_component *colored_box(float red, float green, float blue, float width, float height) {
    frond_attribute color;
    memset(&color, 0, sizeof color);
    color.name = "backgroundColor";
    color.kind = FROND_ATTRIBUTE_COLOR;
    color.color.red = red;
    color.color.green = green;
    color.color.blue = blue;
    color.color.alpha = 1;
    return box_with(&color, width, height);
}

/* A static layout `width` × `height` with `child` at (x, y); takes over `child`. */
static frond_component *placed(frond_component *child, float x, float y, float width, float height) {
    frond_static_child entry;
    frond_size_spec size = size_points(width, height);
    frond_component *layout = NULL;
    memset(&entry, 0, sizeof entry);
    entry.struct_size = sizeof entry;
    entry.component = child;
    entry.x = x;
    entry.y = y;
    CHECK_OK(frond_component_new_static(&layout, NULL, &size, NULL, &entry, 1));
    CHECK_OK(frond_component_release(child));
    return layout;
}

static frond_component *text(const char *string, const char *family, float font_size) {
    frond_text_style style;
    frond_component *component = NULL;
    memset(&style, 0, sizeof style);
    style.struct_size = sizeof style;
    style.font_size = font_size;
    style.font_family = family;
    CHECK_OK(frond_component_new_text(&component, string, &style, NULL, NULL));
    return component;
}

/* Gives `root` the component and releases the caller's handle. */
static frond_status show(frond_root *root, frond_component *component) {
    frond_status status = frond_root_set_component(root, component);
    CHECK_OK(frond_component_release(component));
    return status;
}

static frond_root *fixed_root(float width, float height) {
    frond_size_range range = {sizeof(frond_size_range), FROND_SIZE_RANGE_FIXED, width, height};
    frond_root *root = NULL;
    CHECK_OK(frond_root_new(&root, &range));
    return root;
}

static void test_a_root_is_drawn_into_png_files_at_each_scale(void) {
    frond_snapshot_host *host = NULL;
    frond_root *root = fixed_root(60, 40);
    char path[512];
    unsigned width, height;
    CHECK_OK(frond_snapshot_host_new(&host, NULL));
    CHECK_OK(frond_snapshot_host_attach(host, root));
    CHECK_OK(show(root, placed(colored_box(1, 0, 0, 20, 10), 5, 5, 60, 40)));
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK_OK(frond_snapshot_host_write_png(host, in_directory(path, sizeof path, "one.png"), 60, 40, 1));
    png_size(path, &width, &height);
    CHECK(width == 60 && height == 40);
    CHECK_OK(frond_snapshot_host_write_png(host, in_directory(path, sizeof path, "two.png"), 60, 40, 2));
    png_size(path, &width, &height);
    CHECK(width == 120 && height == 80);
    /* Without a size: the extent of the top-level views (the box at 5, 5, 20×10). */
    CHECK_OK(frond_snapshot_host_write_png(host, in_directory(path, sizeof path, "extent.png"), FROND_UNDEFINED,
                                           FROND_UNDEFINED, 1));
    png_size(path, &width, &height);
    CHECK(width == 25 && height == 15);
    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_snapshot_host_free(host));
}

static void test_comparisons_record_match_and_leave_evidence(void) {
    frond_snapshot_host *host = NULL;
    frond_snapshot_comparison comparison;
    frond_component *reference = placed(colored_box(0.2f, 0.4f, 0.8f, 20, 20), 10, 10, 50, 40);
    frond_component *moved = placed(colored_box(0.2f, 0.4f, 0.8f, 20, 20), 11, 10, 50, 40);
    frond_component *recolored = placed(colored_box(0.2f, 0.4f, 0.9f, 20, 20), 10, 10, 50, 40);
    char path[512], actual[512], diff[512];
    CHECK_OK(frond_snapshot_host_new(&host, NULL));
    in_directory(path, sizeof path, "refs/square.png");
    in_directory(actual, sizeof actual, "refs/square.actual.png");
    in_directory(diff, sizeof diff, "refs/square.diff.png");

    /* No reference yet: a failure that writes the image drawn. */
    CHECK_OK(frond_snapshot_host_compare_component(&comparison, host, path, reference, 50, 40, 1,
                                                   FROND_SNAPSHOT_DEFAULT_TOLERANCE));
    CHECK(comparison.outcome == FROND_SNAPSHOT_MISSING_REFERENCE);
    CHECK(comparison.actual_path != NULL && strcmp(comparison.actual_path, actual) == 0 && comparison.diff_path == NULL);
    CHECK(strstr(comparison.message, "FROND_RECORD_SNAPSHOTS=1") != NULL);
    CHECK(file_exists(actual));

    /* Recording: one environment variable. */
    CHECK(setenv("FROND_RECORD_SNAPSHOTS", "1", 1) == 0);
    CHECK_OK(frond_snapshot_host_compare_component(&comparison, host, path, reference, 50, 40, 1,
                                                   FROND_SNAPSHOT_DEFAULT_TOLERANCE));
    CHECK(comparison.outcome == FROND_SNAPSHOT_RECORDED && comparison.actual_path == NULL);
    CHECK(unsetenv("FROND_RECORD_SNAPSHOTS") == 0);
    CHECK(file_exists(path) && !file_exists(actual));

    CHECK_OK(frond_snapshot_host_compare_component(&comparison, host, path, reference, 50, 40, 1,
                                                   FROND_SNAPSHOT_DEFAULT_TOLERANCE));
    CHECK(comparison.outcome == FROND_SNAPSHOT_MATCHED && comparison.differing_pixels == 0);

    /* A frame moved by one pixel fails, with the evidence next to the reference. */
    CHECK_OK(frond_snapshot_host_compare_component(&comparison, host, path, moved, 50, 40, 1,
                                                   FROND_SNAPSHOT_DEFAULT_TOLERANCE));
    CHECK(comparison.outcome == FROND_SNAPSHOT_MISMATCHED);
    CHECK(comparison.differing_pixels == 40 && comparison.largest_difference == 204);
    CHECK(comparison.actual_path != NULL && strcmp(comparison.actual_path, actual) == 0);
    CHECK(comparison.diff_path != NULL && strcmp(comparison.diff_path, diff) == 0);
    CHECK(strstr(comparison.message, actual) != NULL && strstr(comparison.message, diff) != NULL);
    CHECK(file_exists(actual) && file_exists(diff));

    /* So does a color changed by 0.1 (26 levels of blue); with a looser tolerance it matches. */
    CHECK_OK(frond_snapshot_host_compare_component(&comparison, host, path, recolored, 50, 40, 1,
                                                   FROND_SNAPSHOT_DEFAULT_TOLERANCE));
    CHECK(comparison.outcome == FROND_SNAPSHOT_MISMATCHED && comparison.differing_pixels == 400);
    CHECK_OK(frond_snapshot_host_compare_component(&comparison, host, path, recolored, 50, 40, 1, 30));
    CHECK(comparison.outcome == FROND_SNAPSHOT_MATCHED && comparison.actual_path == NULL);
    CHECK(!file_exists(actual) && !file_exists(diff));

    /* A 2× image is not the 1× reference. */
    CHECK_OK(frond_snapshot_host_compare_component(&comparison, host, path, reference, 50, 40, 2,
                                                   FROND_SNAPSHOT_DEFAULT_TOLERANCE));
    CHECK(comparison.outcome == FROND_SNAPSHOT_MISMATCHED && strstr(comparison.message, "100×80") != NULL);

    CHECK_OK(frond_component_release(reference));
    CHECK_OK(frond_component_release(moved));
    CHECK_OK(frond_component_release(recolored));
    CHECK_OK(frond_snapshot_host_free(host));
}

static void test_a_mid_animation_frame_is_drawn_with_the_animated_opacity(void) {
    frond_snapshot_host *host = NULL;
    frond_snapshot_comparison comparison;
    frond_root *root = fixed_root(30, 30);
    frond_animation fade;
    frond_component *animated = NULL, *still;
    frond_attribute half;
    char path[512];
    memset(&fade, 0, sizeof fade);
    fade.struct_size = sizeof fade;
    fade.property = FROND_ANIMATION_OPACITY;
    fade.from.x = 0;
    fade.to.current = true;
    fade.duration = 1;
    fade.curve = FROND_CURVE_LINEAR;
    still = colored_box(0, 0, 0, 20, 20);
    CHECK_OK(frond_component_new_animation(&animated, "fade", still, &fade, 1, NULL, 0));
    CHECK_OK(frond_component_release(still));
    CHECK_OK(frond_snapshot_host_new(&host, NULL));
    CHECK_OK(frond_snapshot_host_attach(host, root));
    CHECK_OK(show(root, placed(animated, 5, 5, 30, 30)));
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK_OK(frond_root_tick(root, 0.5, NULL));

    /* Half-way, the box looks like a still box of opacity 0.5. */
    memset(&half, 0, sizeof half);
    half.name = "opacity";
    half.kind = FROND_ATTRIBUTE_NUMBER;
    half.number = 0.5;
    {
        frond_attribute attributes[2];
        frond_view_spec view;
        frond_size_spec size = size_points(20, 20);
        memset(attributes, 0, sizeof attributes);
        attributes[0].name = "backgroundColor";
        attributes[0].kind = FROND_ATTRIBUTE_STRING;
        attributes[0].string = "#000000";
        attributes[1] = half;
        memset(&view, 0, sizeof view);
        view.struct_size = sizeof view;
        view.view_type = "box";
        view.attributes = attributes;
        view.attribute_count = 2;
        still = NULL;
        CHECK_OK(frond_component_new(&still, &view, &size, NULL));
        still = placed(still, 5, 5, 30, 30);
    }
    in_directory(path, sizeof path, "half.png");
    CHECK(setenv("FROND_RECORD_SNAPSHOTS", "1", 1) == 0);
    CHECK_OK(frond_snapshot_host_compare_component(&comparison, host, path, still, 30, 30, 2,
                                                   FROND_SNAPSHOT_DEFAULT_TOLERANCE));
    CHECK(unsetenv("FROND_RECORD_SNAPSHOTS") == 0);
    CHECK_OK(frond_snapshot_host_compare(&comparison, host, path, 30, 30, 2, 2));
    CHECK(comparison.outcome == FROND_SNAPSHOT_MATCHED);
    /* At the end it is opaque: no longer the half-faded picture. */
    CHECK_OK(frond_root_tick(root, 1, NULL));
    CHECK_OK(frond_snapshot_host_compare(&comparison, host, path, 30, 30, 2, FROND_SNAPSHOT_DEFAULT_TOLERANCE));
    CHECK(comparison.outcome == FROND_SNAPSHOT_MISMATCHED && comparison.differing_pixels == 1600);
    CHECK_OK(frond_component_release(still));
    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_snapshot_host_free(host));
}

static void test_text_is_measured_with_pango(void) {
    frond_snapshot_host *host = NULL;
    frond_size_range range = {sizeof(frond_size_range), FROND_SIZE_RANGE_FIT_CONTENT, FROND_UNDEFINED, FROND_UNDEFINED};
    frond_root *monospace = NULL, *pango = NULL, *measured = NULL;
    frond_rect mono_frame, pango_frame, measured_frame;
    CHECK_OK(frond_root_new(&monospace, &range));
    CHECK_OK(frond_root_new(&pango, &range));
    CHECK_OK(frond_root_new(&measured, &range));
    CHECK_OK(frond_snapshot_host_new(&host, NULL));
    CHECK_OK(frond_snapshot_host_attach(host, pango));
    CHECK_OK(frond_root_set_pango_text_measurer(measured, NULL));
    CHECK_OK(show(monospace, text("illicit mill", NULL, 20)));
    CHECK_OK(show(pango, text("illicit mill", NULL, 20)));
    CHECK_OK(show(measured, text("illicit mill", NULL, 20)));
    CHECK_OK(frond_root_flush(monospace, NULL));
    CHECK_OK(frond_root_flush(pango, NULL));
    CHECK_OK(frond_root_flush(measured, NULL));
    CHECK_OK(frond_root_get_frame(&mono_frame, monospace, 1));
    CHECK_OK(frond_root_get_frame(&pango_frame, pango, 1));
    CHECK_OK(frond_root_get_frame(&measured_frame, measured, 1));
    CHECK_FLOAT(144, mono_frame.width);                 /* 12 characters × 0.6 × 20 */
    CHECK(pango_frame.width < 100);                     /* DejaVu Sans's narrow letters */
    CHECK_FLOAT(pango_frame.width, measured_frame.width);
    CHECK_FLOAT(24, pango_frame.height);                /* one line, 1.2 × 20 */
    CHECK_OK(frond_root_free(monospace));
    CHECK_OK(frond_root_free(pango));
    CHECK_OK(frond_root_free(measured));
    CHECK_OK(frond_snapshot_host_free(host));
}

/* ---- warnings: a missing font falls back and says so ------------------------------ */

static int warnings_heard = 0;
static char last_warning[256];
static int warning_destroys = 0;

static frond_status hear_warning(const char *message, void *user_data) {
    (void)user_data;
    warnings_heard++;
    snprintf(last_warning, sizeof last_warning, "%s", message);
    return FROND_ERR_CALLBACK;                          /* ignored: a warning cannot fail a render */
}

static void count_warning_destroy(void *user_data) {
    (void)user_data;
    warning_destroys++;
}

static void test_a_missing_font_falls_back_and_is_reported(void) {
    frond_snapshot_host *host = NULL;
    frond_root *root = fixed_root(120, 30);
    frond_component *label = text("Fallback", "Frond Missing Family", 14);
    char path[512], warnings[512];
    size_t length = 0;
    CHECK_OK(frond_snapshot_host_new(&host, NULL));
    CHECK_OK(frond_snapshot_host_set_warning_handler(host, hear_warning, NULL, count_warning_destroy));
    CHECK_OK(frond_snapshot_host_attach(host, root));
    CHECK_OK(show(root, label));
    CHECK_OK(frond_root_flush(root, NULL));             /* measured: reported once */
    CHECK_OK(frond_snapshot_host_write_png(host, in_directory(path, sizeof path, "fallback.png"), 120, 30, 1));
    CHECK(warnings_heard == 1);
    CHECK(strcmp(last_warning, "font family \"Frond Missing Family\" is not installed: text is set in \"DejaVu Sans\" "
                               "instead") == 0);
    CHECK_OK(frond_snapshot_host_get_warnings(&length, host, warnings, sizeof warnings));
    CHECK(length == strlen(last_warning) && strcmp(warnings, last_warning) == 0);
    CHECK_OK(frond_snapshot_host_get_warnings(&length, host, NULL, 0));
    CHECK(length == strlen(last_warning));
    CHECK_OK(frond_snapshot_host_get_warnings(&length, host, warnings, 5));
    CHECK(strcmp(warnings, "font") == 0);
    /* Replacing the handler destroys the previous one's user_data; so does the host going. */
    CHECK_OK(frond_snapshot_host_set_warning_handler(host, hear_warning, NULL, count_warning_destroy));
    CHECK(warning_destroys == 1);
    CHECK_OK(frond_snapshot_host_free(host));
    CHECK(warning_destroys == 1);                       /* the root still uses the host */
    CHECK_OK(frond_root_free(root));
    CHECK(warning_destroys == 2);
}

/* ---- a C host mirroring its mutations ------------------------------------------- */

static frond_status mirror(frond_root *root, const frond_mutation *mutation, void *user_data) {
    (void)root;
    return frond_snapshot_host_apply((frond_snapshot_host *)user_data, mutation);
}

static void test_a_c_host_mirrors_its_mutations(void) {
    frond_snapshot_host *host = NULL, *reference_host = NULL;
    frond_host functions = {sizeof(frond_host), NULL, mirror, NULL, NULL};
    frond_root *root = fixed_root(40, 30), *attached = fixed_root(40, 30);
    frond_snapshot_comparison comparison;
    frond_mutation bad;
    char path[512];
    CHECK_OK(frond_snapshot_host_new(&host, NULL));
    CHECK_OK(frond_snapshot_host_new(&reference_host, NULL));
    CHECK_OK(frond_root_set_host(root, &functions, host, NULL));
    CHECK_OK(show(root, placed(colored_box(0, 0.5f, 0, 10, 10), 4, 4, 40, 30)));
    CHECK_OK(frond_root_flush(root, NULL));
    CHECK_OK(frond_snapshot_host_attach(reference_host, attached));
    CHECK_OK(show(attached, placed(colored_box(0, 0.5f, 0, 10, 10), 4, 4, 40, 30)));
    CHECK_OK(frond_root_flush(attached, NULL));
    in_directory(path, sizeof path, "mirror.png");
    CHECK_OK(frond_snapshot_host_write_png(reference_host, path, 40, 30, 1));
    CHECK_OK(frond_snapshot_host_compare(&comparison, host, path, 40, 30, 1, 0));
    CHECK(comparison.outcome == FROND_SNAPSHOT_MATCHED);

    /* Mutations that do not fit are refused. */
    memset(&bad, 0, sizeof bad);
    bad.kind = FROND_MUTATION_UPDATE;
    bad.view = 99;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_apply(host, &bad));
    bad.kind = FROND_MUTATION_INSERT;
    bad.view = 1;
    bad.parent = 1;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_apply(host, &bad));
    bad.kind = (frond_mutation_kind)42;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_apply(host, &bad));
    bad.kind = FROND_MUTATION_SET_FRAME;
    bad.frame.left = NAN;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_apply(host, &bad));
    bad.kind = FROND_MUTATION_CREATE;
    bad.view = 50;
    bad.view_type = NULL;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_apply(host, &bad));

    /* A host attached to a root that still uses it cannot serve another. */
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_snapshot_host_attach(reference_host, root), "attached to another root");
    CHECK_OK(frond_root_set_host(attached, NULL, NULL, NULL));
    /* Once that root lets it go it can, but only a root that has mounted nothing yet: the
     * host would never see views mounted before it came. */
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_snapshot_host_attach(reference_host, root), "already mounted 1 view(s)");
    {
        frond_root *fresh = fixed_root(40, 30);
        CHECK_OK(frond_snapshot_host_attach(reference_host, fresh));
        CHECK_OK(frond_root_free(fresh));
    }
    /* With nothing attached and nothing mounted, there is no extent to draw. */
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT,
                  frond_snapshot_host_write_png(reference_host, path, FROND_UNDEFINED, FROND_UNDEFINED, 1), "no extent");
    /* A libfrond handle where a snapshot host belongs says it may be one. */
    CHECK_FAILURE(FROND_ERR_MISUSE, frond_snapshot_host_write_png((frond_snapshot_host *)(void *)root, path, 1, 1, 1),
                  "or one of libfrond's handles");
    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_root_free(attached));
    CHECK_OK(frond_snapshot_host_free(host));
    CHECK_OK(frond_snapshot_host_free(reference_host));
}

/* ---- one host used from several threads ------------------------------------------ */

typedef struct racer {
    frond_snapshot_host *host;
    frond_component *component;
    frond_root *root;                                   /* NULL: compare `component` */
    int index;
    int iterations;
    int failures;
} racer;

/* Compares `component` again and again, checking that the strings it gets are its own. */
static void *compare_repeatedly(void *argument) {
    racer *self = argument;
    char path[512], actual[512];
    snprintf(path, sizeof path, "%s/race%d.png", directory, self->index);
    snprintf(actual, sizeof actual, "%s/race%d.actual.png", directory, self->index);
    for (int i = 0; i < self->iterations; i++) {
        frond_snapshot_comparison comparison;
        if (frond_snapshot_host_compare_component(&comparison, self->host, path, self->component, 2, 2, 1, 16) != FROND_OK
            || comparison.actual_path == NULL || strcmp(comparison.actual_path, actual) != 0
            || strstr(comparison.message, actual) == NULL) {
            self->failures++;
        }
    }
    return NULL;
}

/* Flushes `root` (whose host is the snapshot host) with a new component each time. */
static void *flush_repeatedly(void *argument) {
    racer *self = argument;
    for (int i = 0; i < self->iterations; i++) {
        frond_component *component = placed(colored_box((float)(i % 2), 0, 0, 1 + (float)(i % 3), 2), 0, 0, 4, 4);
        if (show(self->root, component) != FROND_OK || frond_root_flush(self->root, NULL) != FROND_OK) self->failures++;
    }
    return NULL;
}

/* Draws the snapshot host's views again and again (while another thread flushes its root). */
static void *draw_repeatedly(void *argument) {
    racer *self = argument;
    char path[512];
    snprintf(path, sizeof path, "%s/drawn%d.png", directory, self->index);
    for (int i = 0; i < self->iterations; i++) {
        if (frond_snapshot_host_write_png(self->host, path, 4, 4, 1) != FROND_OK) self->failures++;
    }
    return NULL;
}

static void test_a_host_can_be_used_from_several_threads(void) {
    frond_snapshot_host *host = NULL;
    frond_component *box = colored_box(1, 0, 0, 2, 2);
    frond_root *root = fixed_root(4, 4);
    racer racers[4];
    pthread_t threads[4];
    CHECK_OK(frond_snapshot_host_new(&host, NULL));
    CHECK_OK(frond_snapshot_host_attach(host, root));
    memset(racers, 0, sizeof racers);
    for (int i = 0; i < 4; i++) {
        racers[i].host = host;
        racers[i].index = i;
        racers[i].iterations = 400;
    }
    /* Two threads compare components with the host: each gets its own result strings
     * (they used to share the host's and free each other's). */
    racers[0].component = racers[1].component = box;
    /* One flushes the root the host is attached to while another draws the host's views. */
    racers[2].root = root;
    CHECK(pthread_create(&threads[0], NULL, compare_repeatedly, &racers[0]) == 0);
    CHECK(pthread_create(&threads[1], NULL, compare_repeatedly, &racers[1]) == 0);
    CHECK(pthread_create(&threads[2], NULL, flush_repeatedly, &racers[2]) == 0);
    CHECK(pthread_create(&threads[3], NULL, draw_repeatedly, &racers[3]) == 0);
    for (int i = 0; i < 4; i++) {
        CHECK(pthread_join(threads[i], NULL) == 0);
        CHECK(racers[i].failures == 0);
    }
    CHECK_OK(frond_component_release(box));
    CHECK_OK(frond_root_free(root));
    CHECK_OK(frond_snapshot_host_free(host));
}

/* ---- bad input ----------------------------------------------------------------------- */

static void expect_message(const char *fragment) {
    CHECK(strstr(frond_last_error_message(), fragment) != NULL);
    if (strstr(frond_last_error_message(), fragment) == NULL) {
        fprintf(stderr, "  message: %s\n  expected: %s\n", frond_last_error_message(), fragment);
    }
}

static void test_bad_input_is_refused_with_a_message(void) {
    frond_snapshot_host *host = NULL;
    frond_snapshot_options options;
    frond_snapshot_comparison comparison;
    frond_attribute attribute;
    frond_component *component, *plain = colored_box(1, 0, 0, 10, 10);
    char path[512], text_file[512];
    FILE *file;
    memset(&options, 0, sizeof options);
    options.struct_size = sizeof options;
    options.has_background = true;
    options.background.red = 2;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_new(&host, &options));
    options.struct_size = 4;
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_new(&host, &options));
    memset(&options, 0, sizeof options);
    options.struct_size = sizeof options;
    options.image_directory = directory;
    options.font_family = "DejaVu Serif";
    CHECK_OK(frond_snapshot_host_new(&host, &options));
    in_directory(path, sizeof path, "bad.png");

    /* An invalid color string. */
    memset(&attribute, 0, sizeof attribute);
    attribute.name = "backgroundColor";
    attribute.kind = FROND_ATTRIBUTE_STRING;
    attribute.string = "#12345";
    component = box_with(&attribute, 10, 10);
    frond_clear_last_error();
    CHECK(frond_snapshot_host_write_component_png(host, path, component, 10, 10, 1) == FROND_ERR_INVALID_ARGUMENT);
    expect_message("attribute \"backgroundColor\": \"#12345\" is not a color");
    CHECK(!file_exists(path));
    CHECK_OK(frond_component_release(component));

    /* An unreadable image (relative to the image directory). */
    attribute.name = "source";
    attribute.string = "missing.png";
    component = box_with(&attribute, 10, 10);
    CHECK(frond_snapshot_host_write_component_png(host, path, component, 10, 10, 1) == FROND_ERR_INVALID_ARGUMENT);
    expect_message("the image \"");
    expect_message("missing.png\": no such file");
    CHECK_OK(frond_component_release(component));
    in_directory(text_file, sizeof text_file, "text.png");
    file = fopen(text_file, "w");
    CHECK(file != NULL);
    if (file != NULL) {
        fputs("not a picture", file);
        fclose(file);
    }
    attribute.string = text_file;
    component = box_with(&attribute, 10, 10);
    CHECK(frond_snapshot_host_write_component_png(host, path, component, 10, 10, 1) == FROND_ERR_INVALID_ARGUMENT);
    expect_message("not a PNG image");
    CHECK_OK(frond_component_release(component));

    /* A font size above 10000 points: measured, it fails the flush (the measurer's error);
     * drawn, it is refused. */
    component = text("huge", NULL, 1e6f);
    CHECK(frond_snapshot_host_write_component_png(host, path, component, 100, FROND_UNDEFINED, 1) == FROND_ERR_CALLBACK);
    expect_message("font size 1000000.0 is not a finite number within 0…10000");
    CHECK_OK(frond_component_release(component));
    {
        frond_attribute big[2];
        frond_view_spec view;
        frond_size_spec size = size_points(10, 10);
        memset(big, 0, sizeof big);
        big[0].name = "fontSize";
        big[0].kind = FROND_ATTRIBUTE_NUMBER;
        big[0].number = 1e6;
        big[1].name = "text";
        big[1].kind = FROND_ATTRIBUTE_STRING;
        big[1].string = "x";
        memset(&view, 0, sizeof view);
        view.struct_size = sizeof view;
        view.view_type = "label";
        view.attributes = big;
        view.attribute_count = 2;
        component = NULL;
        CHECK_OK(frond_component_new(&component, &view, &size, NULL));
        CHECK(frond_snapshot_host_write_component_png(host, path, component, 10, 10, 1) == FROND_ERR_INVALID_ARGUMENT);
        expect_message("(label): font size 1000000.0");
        CHECK_OK(frond_component_release(component));
    }

    /* Zero, huge and non-finite sizes and scales. */
    CHECK(frond_snapshot_host_write_component_png(host, path, plain, 0, 10, 1) == FROND_ERR_INVALID_ARGUMENT);
    expect_message("width 0 is not above 0");
    CHECK(frond_snapshot_host_write_component_png(host, path, plain, 20000, 10, 1) == FROND_ERR_LIMIT);
    expect_message("above the limit of 16384 pixels per side");
    CHECK(frond_snapshot_host_write_component_png(host, path, plain, 10000, 10000, 1) == FROND_ERR_LIMIT);
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_write_component_png(host, path, plain, 10, 10, 0));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_write_component_png(host, path, plain, 10, 10, NAN));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_write_component_png(host, path, plain, INFINITY, 10, 1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_write_png(host, path, FROND_UNDEFINED, FROND_UNDEFINED, 1));
    CHECK(!file_exists(path));

    /* Files that cannot be written or read, bad tolerances. */
    CHECK(frond_snapshot_host_write_component_png(host, "/proc/frond/x.png", plain, 10, 10, 1) ==
          FROND_ERR_INVALID_ARGUMENT);
    expect_message("cannot be written");
    /* The system's reason, not Cairo's "error while writing to output stream". */
    CHECK(frond_snapshot_host_write_component_png(host, "/nonexistent-frond-dir/x.png", plain, 10, 10, 1) ==
          FROND_ERR_INVALID_ARGUMENT);
    expect_message("cannot be written (No such file or directory)");
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_write_component_png(host, "", plain, 10, 10, 1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_write_component_png(host, NULL, plain, 10, 10, 1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT,
                 frond_snapshot_host_compare_component(&comparison, host, text_file, plain, 10, 10, 1, 16));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT,
                 frond_snapshot_host_compare_component(&comparison, host, path, plain, 10, 10, 1, 256));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT,
                 frond_snapshot_host_compare_component(&comparison, host, path, plain, 10, 10, 1, -1));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_snapshot_host_apply(host, NULL));
    CHECK_OK(frond_component_release(plain));
    CHECK_OK(frond_snapshot_host_free(host));
}

static int remove_entry(const char *path, const struct stat *info, int flag, struct FTW *walk) {
    (void)info;
    (void)flag;
    (void)walk;
    return remove(path);
}

int main(void) {
    size_t handles_at_start = 0, handles_at_end = 0;
    snprintf(directory, sizeof directory, "%s", "/tmp/frond-snapshot-test-XXXXXX");
    if (mkdtemp(directory) == NULL) {
        perror("mkdtemp");
        return 1;
    }
    CHECK(unsetenv("FROND_RECORD_SNAPSHOTS") == 0);
    CHECK_OK(frond_handle_count(&handles_at_start));
    test_a_root_is_drawn_into_png_files_at_each_scale();
    test_comparisons_record_match_and_leave_evidence();
    test_a_mid_animation_frame_is_drawn_with_the_animated_opacity();
    test_text_is_measured_with_pango();
    test_a_missing_font_falls_back_and_is_reported();
    test_a_c_host_mirrors_its_mutations();
    test_a_host_can_be_used_from_several_threads();
    test_bad_input_is_refused_with_a_message();
    CHECK_OK(frond_handle_count(&handles_at_end));
    CHECK(handles_at_end == handles_at_start);
    // The files are evidence only when a check failed: otherwise the directory goes.
    if (check_failures == 0 && nftw(directory, remove_entry, 16, FTW_DEPTH | FTW_PHYS) != 0) {
        perror("removing the test directory");
    }
    return check_report("snapshot_test");
}
