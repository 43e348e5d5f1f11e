/* The checking host of the harnesses: it mirrors the views a root's mutations describe
 * and fails (fz_fail) on a mutation that does not fit them (a view created twice, an
 * unknown view, an index out of range, a cycle, a destroyed view with children), on a
 * value that is not finite (frames, numbers, colors; colors beyond 0…1; negative sizes),
 * on an attribute name that is NULL, empty, not UTF-8 or repeated within one UPDATE, and
 * on a mirror that disagrees with what frond_root_get_child reads back. */
#ifndef FROND_FUZZ_HOST_H
#define FROND_FUZZ_HOST_H

#include "fuzz_support.h"

typedef struct fz_view {
    uint64_t id;
    bool alive;
    bool has_parent;
    uint64_t parent;
    uint64_t *children;
    size_t count;
    size_t capacity;
} fz_view;

typedef struct fz_mirror {
    fz_view *views;         /* views[0] is the root container (view 0) */
    size_t count;
    size_t capacity;
    /* False once mutations may have been lost (the root flushed without a C host of the
     * harness, or a snapshot host took over): nothing is checked against it then. */
    bool synced;
} fz_mirror;

/* What the harness knows of one root (kept until the end of the input). */
typedef struct fz_root_record {
    frond_root *root;
    fz_mirror mirror;
    int busy;               /* inside frond_root_flush/prepare/commit/tick on it */
    bool freed;
    bool has_host;          /* a harness host is set */
    bool in_use;
} fz_root_record;

void fz_mirror_init(fz_mirror *mirror);
void fz_mirror_free(fz_mirror *mirror);
/* Checks one mutation's values, then applies it to the mirror (when synced). */
void fz_mirror_apply(fz_mirror *mirror, const frond_mutation *mutation);
/* Compares the mirror with frond_root_get_child_count/get_child (when synced). */
void fz_mirror_compare(fz_mirror *mirror, frond_root *root);
/* The value checks alone. */
void fz_check_mutation(const frond_mutation *mutation);
void fz_check_attribute(const frond_attribute *attribute, const char *where);

/* Host callbacks. user_data is a FZ_TOKEN_USER_DATA token whose `ref` is the root record.
 * Each returns what fz_host_hook says (FROND_OK when it is NULL). */
frond_status fz_host_begin(frond_root *root, void *user_data);
frond_status fz_host_apply(frond_root *root, const frond_mutation *mutation, void *user_data);
frond_status fz_host_apply_batch(frond_root *root, const frond_mutation *mutations, size_t count, void *user_data);
frond_status fz_host_end(frond_root *root, void *user_data);
/* The api fuzzer's re-entry point for host callbacks (`where`: 0 begin, 1 apply, 2 end). */
extern frond_status (*fz_host_hook)(fz_root_record *record, int where);

#endif
