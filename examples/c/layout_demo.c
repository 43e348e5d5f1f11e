/* layout_demo: builds a small screen through Frond's C API — a header row, a wrapping
 * grid of cards and a footer — lays it out at two widths and draws every frame as an
 * ASCII box (one column = 4 points, one line = 6 points).
 *
 *   cc -std=c99 -Iinclude examples/c/layout_demo.c -Lbuild/debug/lib -lfrond -lm -o layout_demo
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frond.h"

#define MAX_BOXES 32
#define POINTS_PER_COLUMN 4.0f
#define POINTS_PER_LINE 6.0f
#define CANVAS_COLUMNS 132
#define CANVAS_LINES 96

typedef struct box {
    frond_node *node;
    const char *label;
} box;

static box boxes[MAX_BOXES];
static int box_count = 0;

/* Stops the demo with the failing call's message. */
static void must(frond_status status, const char *what) {
    if (status != FROND_OK) {
        fprintf(stderr, "layout_demo: %s: %s: %s\n", what, frond_status_name(status), frond_last_error_message());
        exit(1);
    }
}

static frond_node *add_node(frond_node *parent, const char *label) {
    frond_node *node = NULL;
    must(frond_node_new(&node, NULL), "frond_node_new");
    if (parent != NULL) {
        must(frond_node_append_child(parent, node), "frond_node_append_child");
    }
    if (label != NULL && box_count < MAX_BOXES) {
        boxes[box_count].node = node;
        boxes[box_count].label = label;
        box_count++;
    }
    return node;
}

/* A title measured like monospace text: 8 points per character, 16 per line. */
static frond_status measure_title(frond_node *node, float width, frond_measure_mode width_mode, float height,
                                  frond_measure_mode height_mode, frond_size *out_size, void *user_data) {
    const char *text = (const char *)user_data;
    float natural = 8.0f * (float)strlen(text);
    float line_width = natural;
    (void)node;
    (void)height;
    (void)height_mode;
    if (width_mode == FROND_MEASURE_MODE_EXACTLY || (width_mode == FROND_MEASURE_MODE_AT_MOST && width < natural)) {
        line_width = width;
    }
    out_size->width = line_width;
    out_size->height = 16.0f * (line_width > 0 ? ceilf(natural / line_width) : 1.0f);
    return FROND_OK;
}

static frond_node *build_screen(void) {
    frond_node *screen = add_node(NULL, NULL);
    frond_node *header;
    frond_node *title;
    frond_node *grid;
    frond_node *footer;
    static const char *const card_labels[] = {"card 1", "card 2", "card 3", "card 4", "card 5"};
    size_t card;

    must(frond_node_style_set_padding(screen, FROND_EDGE_ALL, 8, FROND_UNIT_POINT), "screen padding");
    must(frond_node_style_set_gap(screen, FROND_GUTTER_ROW, 8, FROND_UNIT_POINT), "screen gap");

    header = add_node(screen, "header");
    must(frond_node_style_set_flex_direction(header, FROND_FLEX_DIRECTION_ROW), "header direction");
    must(frond_node_style_set_align_items(header, FROND_ALIGN_CENTER), "header alignment");
    must(frond_node_style_set_padding(header, FROND_EDGE_ALL, 8, FROND_UNIT_POINT), "header padding");
    must(frond_node_style_set_gap(header, FROND_GUTTER_COLUMN, 8, FROND_UNIT_POINT), "header gap");
    {
        frond_node *logo = add_node(header, "logo");
        must(frond_node_style_set_width(logo, 32, FROND_UNIT_POINT), "logo width");
        must(frond_node_style_set_height(logo, 32, FROND_UNIT_POINT), "logo height");
    }
    title = add_node(header, "title");
    must(frond_node_style_set_flex_grow(title, 1), "title grow");
    must(frond_node_style_set_flex_shrink(title, 1), "title shrink");
    must(frond_node_set_measure_func(title, measure_title, (void *)"Frond weekly: what is new", NULL), "title measure");
    {
        frond_node *button = add_node(header, "menu");
        must(frond_node_style_set_width(button, 40, FROND_UNIT_POINT), "menu width");
        must(frond_node_style_set_height(button, 24, FROND_UNIT_POINT), "menu height");
    }

    grid = add_node(screen, NULL);
    must(frond_node_style_set_flex_direction(grid, FROND_FLEX_DIRECTION_ROW), "grid direction");
    must(frond_node_style_set_flex_wrap(grid, FROND_WRAP_WRAP), "grid wrap");
    must(frond_node_style_set_gap(grid, FROND_GUTTER_ALL, 8, FROND_UNIT_POINT), "grid gap");
    for (card = 0; card < sizeof card_labels / sizeof card_labels[0]; card++) {
        frond_node *node = add_node(grid, card_labels[card]);
        must(frond_node_style_set_flex_grow(node, 1), "card grow");
        must(frond_node_style_set_flex_basis(node, 136, FROND_UNIT_POINT), "card basis");
        must(frond_node_style_set_height(node, 64, FROND_UNIT_POINT), "card height");
    }

    footer = add_node(screen, "footer");
    must(frond_node_style_set_height(footer, 32, FROND_UNIT_POINT), "footer height");
    return screen;
}

/* The absolute frame of a node: its frame plus its ancestors' offsets. */
static frond_rect absolute_frame(frond_node *node) {
    frond_rect frame;
    frond_node *parent = NULL;
    must(frond_node_layout_get_frame(&frame, node), "frond_node_layout_get_frame");
    must(frond_node_get_parent(&parent, node), "frond_node_get_parent");
    while (parent != NULL) {
        frond_rect offset;
        must(frond_node_layout_get_frame(&offset, parent), "frond_node_layout_get_frame");
        frame.left += offset.left;
        frame.top += offset.top;
        must(frond_node_get_parent(&parent, parent), "frond_node_get_parent");
    }
    return frame;
}

static void draw(frond_node *screen, float width) {
    static char canvas[CANVAS_LINES][CANVAS_COLUMNS + 1];
    static int label_at[MAX_BOXES][3]; /* row, column, room for a label */
    frond_rect frame;
    int columns, lines, line, index;

    must(frond_node_calculate_layout(screen, width, FROND_UNDEFINED, FROND_DIRECTION_LTR), "calculate layout");
    must(frond_node_layout_get_frame(&frame, screen), "screen frame");
    columns = (int)(frame.width / POINTS_PER_COLUMN) + 1;
    lines = (int)(frame.height / POINTS_PER_LINE) + 1;
    if (columns > CANVAS_COLUMNS) columns = CANVAS_COLUMNS;
    if (lines > CANVAS_LINES) lines = CANVAS_LINES;
    for (line = 0; line < lines; line++) {
        memset(canvas[line], ' ', (size_t)columns);
        canvas[line][columns] = '\0';
    }

    printf("\nscreen %.0f x %.0f points\n", (double)frame.width, (double)frame.height);
    for (index = 0; index < box_count; index++) {
        frond_rect box_frame = absolute_frame(boxes[index].node);
        int left = (int)lroundf(box_frame.left / POINTS_PER_COLUMN);
        int top = (int)lroundf(box_frame.top / POINTS_PER_LINE);
        int right = (int)lroundf((box_frame.left + box_frame.width) / POINTS_PER_COLUMN) - 1;
        int bottom = (int)lroundf((box_frame.top + box_frame.height) / POINTS_PER_LINE) - 1;
        int x, y;
        printf("  %-8s %6.1f %6.1f %6.1f x %5.1f\n", boxes[index].label, (double)box_frame.left,
               (double)box_frame.top, (double)box_frame.width, (double)box_frame.height);
        label_at[index][0] = -1;
        if (right >= columns) right = columns - 1;
        if (bottom >= lines) bottom = lines - 1;
        if (right <= left || bottom <= top) continue;
        for (x = left; x <= right; x++) {
            canvas[top][x] = (x == left || x == right) ? '+' : '-';
            canvas[bottom][x] = (x == left || x == right) ? '+' : '-';
        }
        for (y = top + 1; y < bottom; y++) {
            canvas[y][left] = '|';
            canvas[y][right] = '|';
        }
        label_at[index][0] = top + 1;
        label_at[index][1] = left + 2;
        label_at[index][2] = bottom - top >= 2 ? right - left - 3 : 0;
    }
    /* Labels go where they fit without covering a border. */
    for (index = 0; index < box_count; index++) {
        size_t length = strlen(boxes[index].label);
        int row = label_at[index][0], column = label_at[index][1];
        size_t offset;
        int free_cells = 1;
        if (row < 0 || label_at[index][2] < (int)length) continue;
        for (offset = 0; offset < length; offset++) {
            if (canvas[row][column + (int)offset] != ' ') free_cells = 0;
        }
        if (free_cells) memcpy(&canvas[row][column], boxes[index].label, length);
    }
    for (line = 0; line < lines; line++) {
        int end = columns;
        while (end > 0 && canvas[line][end - 1] == ' ') end--;
        printf("%.*s\n", end, canvas[line]);
    }
}

int main(void) {
    frond_node *screen = build_screen();
    size_t handles = 0;
    printf("Frond %s layout demo\n", frond_version());
    draw(screen, 320);
    draw(screen, 480);
    must(frond_node_free_recursive(screen), "frond_node_free_recursive");
    must(frond_handle_count(&handles), "frond_handle_count");
    printf("\nlive handles after freeing the screen: %zu\n", handles);
    return handles == 0 ? 0 : 1;
}
