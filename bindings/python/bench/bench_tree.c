/* The C side of bench_tree.py: builds the benchmark's 10,000-component tree with one
 * frond_component_new / _new_text / _new_flexbox call per node, gives it to a root
 * without a host and flushes it (build + layout), `runs` times. Prints key=value lines:
 * the median time, the C calls one build took, and the describe text's length and FNV-1a
 * hash (to check that the Python paths built the same tree).
 *
 *     bench_tree [runs]        (default 7) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "frond.h"

enum { ROWS = 1111, CELLS = 7 }; /* 1 + 1,111 rows × (1 + 1 text + 7 cells) = 10,000 */

static unsigned long calls;
#define CALL(expression)                                                                   \
    do {                                                                                   \
        calls++;                                                                           \
        if ((expression) != FROND_OK) {                                                    \
            fprintf(stderr, "%s failed: %s\n", #expression, frond_last_error_message());  \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec * 1e-9;
}

static frond_value points(float value) {
    frond_value length = {value, FROND_UNIT_POINT};
    return length;
}

static frond_component *cell(int index) {
    frond_attribute attribute;
    memset(&attribute, 0, sizeof attribute);
    attribute.name = "index";
    attribute.kind = FROND_ATTRIBUTE_NUMBER;
    attribute.number = index;
    frond_view_spec view;
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = "cell";
    view.attributes = &attribute;
    view.attribute_count = 1;
    frond_size_spec size;
    memset(&size, 0, sizeof size);
    size.struct_size = sizeof size;
    size.width = points(20);
    size.height = points(20);
    frond_component *component = NULL;
    CALL(frond_component_new(&component, &view, &size, NULL));
    return component;
}

static frond_component *row(int index) {
    char text[32], key[32];
    snprintf(text, sizeof text, "row %d", index);
    snprintf(key, sizeof key, "r%d", index);
    frond_text_style text_style;
    memset(&text_style, 0, sizeof text_style);
    text_style.struct_size = sizeof text_style;
    frond_flex_child children[1 + CELLS];
    memset(children, 0, sizeof children);
    for (int child = 0; child < 1 + CELLS; child++) children[child].struct_size = sizeof children[child];
    CALL(frond_component_new_text(&children[0].component, text, &text_style, NULL, NULL));
    children[0].flex_grow = 1;
    for (int child = 0; child < CELLS; child++) children[1 + child].component = cell(child);
    frond_flexbox_style style;
    memset(&style, 0, sizeof style);
    style.struct_size = sizeof style;
    style.direction = FROND_FLEX_DIRECTION_ROW;
    style.spacing = 2;
    frond_component *component = NULL;
    CALL(frond_component_new_flexbox(&component, NULL, NULL, key, &style, children, 1 + CELLS));
    for (int child = 0; child < 1 + CELLS; child++) CALL(frond_component_release(children[child].component));
    return component;
}

static frond_component *tree(void) {
    frond_flex_child *children = calloc(ROWS, sizeof *children);
    if (children == NULL) exit(1);
    for (int index = 0; index < ROWS; index++) {
        children[index].struct_size = sizeof children[index];
        children[index].component = row(index);
    }
    frond_flexbox_style style;
    memset(&style, 0, sizeof style);
    style.struct_size = sizeof style;
    style.direction = FROND_FLEX_DIRECTION_COLUMN;
    for (int side = 0; side < 4; side++) style.padding[side] = points(4);
    frond_component *component = NULL;
    CALL(frond_component_new_flexbox(&component, NULL, NULL, NULL, &style, children, ROWS));
    for (int index = 0; index < ROWS; index++) CALL(frond_component_release(children[index].component));
    free(children);
    return component;
}

static int compare(const void *a, const void *b) {
    double left = *(const double *)a, right = *(const double *)b;
    return (left > right) - (left < right);
}

int main(int argc, char **argv) {
    int runs = argc > 1 ? atoi(argv[1]) : 7;
    if (runs < 1 || runs > 1000) return 2;
    double *times = calloc((size_t)runs, sizeof *times);
    if (times == NULL) return 1;
    frond_size_range range;
    memset(&range, 0, sizeof range);
    range.struct_size = sizeof range;
    range.kind = FROND_SIZE_RANGE_FLEXIBLE_HEIGHT;
    range.width = 400;
    size_t length = 0;
    uint64_t hash = 14695981039346656037ULL;
    for (int run = 0; run < runs; run++) {
        calls = 0;
        double start = now();
        frond_root *root = NULL;
        CALL(frond_root_new(&root, &range));
        frond_component *component = tree();
        CALL(frond_root_set_component(root, component));
        CALL(frond_component_release(component));
        CALL(frond_root_flush(root, NULL));
        times[run] = now() - start;
        if (run == 0) {
            CALL(frond_root_describe(&length, root, NULL, 0));
            char *text = malloc(length + 1);
            if (text == NULL) return 1;
            CALL(frond_root_describe(&length, root, text, length + 1));
            for (size_t index = 0; index < length; index++) hash = (hash ^ (unsigned char)text[index]) * 1099511628211ULL;
            free(text);
            calls -= 2;
        }
        CALL(frond_root_free(root));
    }
    qsort(times, (size_t)runs, sizeof *times, compare);
    printf("c_seconds=%.6f\nc_calls=%lu\nc_describe_length=%zu\nc_describe_fnv=%016llx\n", times[runs / 2], calls,
           length, (unsigned long long)hash);
    free(times);
    return 0;
}
