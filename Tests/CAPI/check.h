/* A minimal checking harness for the C API tests: failures are counted and printed
 * with their place; main returns check_report(). */
#ifndef FROND_TEST_CHECK_H
#define FROND_TEST_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "frond.h"

static int check_failures = 0;
static int check_count = 0;

/* Counts one check (from any thread: tests check from the threads they start too). */
#define CHECK_COUNT_(counter) ((void)__atomic_fetch_add(&(counter), 1, __ATOMIC_RELAXED))

#define CHECK(condition)                                                                   \
    do {                                                                                   \
        int check_passed_ = (condition) ? 1 : 0;                                           \
        CHECK_COUNT_(check_count);                                                         \
        if (!check_passed_) {                                                              \
            CHECK_COUNT_(check_failures);                                                  \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #condition); \
        }                                                                                  \
    } while (0)

/* Checks that `call` returns `expected`, printing the status and message otherwise. A
 * failing status must come with a non-empty message. */
#define CHECK_STATUS(expected, call)                                                        \
    do {                                                                                    \
        frond_status check_status_ = (call);                                                \
        CHECK_COUNT_(check_count);                                                          \
        if (check_status_ != (expected)) {                                                  \
            CHECK_COUNT_(check_failures);                                                   \
            fprintf(stderr, "%s:%d: %s returned %s, expected %s (%s)\n", __FILE__, __LINE__, \
                    #call, frond_status_name(check_status_), frond_status_name(expected),  \
                    frond_last_error_message());                                            \
        } else if (check_status_ != FROND_OK && frond_last_error_message()[0] == '\0') {    \
            CHECK_COUNT_(check_failures);                                                   \
            fprintf(stderr, "%s:%d: %s failed without a message\n", __FILE__, __LINE__, #call); \
        }                                                                                   \
        frond_clear_last_error();                                                           \
    } while (0)

#define CHECK_OK(call) CHECK_STATUS(FROND_OK, call)

/* A call that fails with `expected` and a last error message containing `text`. */
#define CHECK_FAILURE(expected, call, text)                                                 \
    do {                                                                                    \
        frond_status check_status_ = (call);                                                \
        CHECK_COUNT_(check_count);                                                          \
        if (check_status_ != (expected) || strstr(frond_last_error_message(), (text)) == NULL) { \
            CHECK_COUNT_(check_failures);                                                   \
            fprintf(stderr, "%s:%d: %s returned %s (%s), expected %s with \"%s\"\n", __FILE__, __LINE__, \
                    #call, frond_status_name(check_status_), frond_last_error_message(),     \
                    frond_status_name(expected), (text));                                   \
        }                                                                                   \
        frond_clear_last_error();                                                           \
    } while (0)

#define CHECK_FLOAT(expected, actual)                                                       \
    do {                                                                                    \
        float check_actual_ = (actual);                                                     \
        float check_expected_ = (expected);                                                 \
        CHECK_COUNT_(check_count);                                                          \
        if (!(fabsf(check_actual_ - check_expected_) < 0.001f)) {                           \
            CHECK_COUNT_(check_failures);                                                   \
            fprintf(stderr, "%s:%d: %s is %g, expected %g\n", __FILE__, __LINE__, #actual,  \
                    (double)check_actual_, (double)check_expected_);                        \
        }                                                                                   \
    } while (0)

/* The number of live handles (tests compare it before and after). (Inline: a test that
 * does not use a helper gets no unused-function warning.) */
static inline size_t live_handles(void) {
    size_t count = 0;
    CHECK_OK(frond_handle_count(&count));
    return count;
}

/* A size of `width` × `height` points. */
static inline frond_size_spec size_points(float width, float height) {
    frond_size_spec size;
    memset(&size, 0, sizeof size);
    size.struct_size = sizeof size;
    size.width.unit = FROND_UNIT_POINT;
    size.width.value = width;
    size.height.unit = FROND_UNIT_POINT;
    size.height.value = height;
    return size;
}

static int check_report(const char *name) {
    if (check_failures > 0) {
        fprintf(stderr, "%s: %d of %d checks failed\n", name, check_failures, check_count);
        return 1;
    }
    printf("%s: %d checks passed\n", name, check_count);
    return 0;
}

#endif
