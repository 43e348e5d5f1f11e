/* The api fuzzer's animations: frond_animation arrays with fuzzed members, struct sizes,
 * groups (nested, self-containing, sharing entries) and destroy tokens, for
 * frond_component_new_animation and for render classes' animations callback. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_fuzzer.h"

/* ---- animations ---------------------------------------------------------------------- */

#define MAX_ANIMATION_TOKENS 64
static struct {
    fz_token *token;
    const frond_animation *entry;   /* in the caller's array */
    int depth;
    bool reachable;                 /* its struct_size and all its groups' are right */
} animation_tokens[MAX_ANIMATION_TOKENS];
static size_t animation_token_count;

static frond_animation_value animation_value(void) {
    frond_animation_value value;
    memset(&value, 0, sizeof value);
    value.current = fz_chance(15);
    value.x = fz_chance(70) ? (double)fz_small_float() : fz_double();
    value.y = fz_chance(70) ? (double)fz_small_float() : fz_double();
    value.color = fz_color();
    return value;
}

static const size_t animation_offsets[] = {
    offsetof(frond_animation, property), offsetof(frond_animation, from), offsetof(frond_animation, to),
    offsetof(frond_animation, duration), offsetof(frond_animation, delay), offsetof(frond_animation, curve),
    offsetof(frond_animation, bezier), offsetof(frond_animation, spring_damping),
    offsetof(frond_animation, spring_initial_velocity), offsetof(frond_animation, target_key),
    offsetof(frond_animation, completion), offsetof(frond_animation, user_data), offsetof(frond_animation, parts),
    offsetof(frond_animation, part_count), offsetof(frond_animation, destroy),
};

static void fill_animation(frond_animation *animation, int depth, bool reachable, frond_animation *self);

static frond_animation *animation_array(size_t count, int depth, bool reachable) {
    frond_animation *array = fz_alloc((count ? count : 1) * sizeof *array);
    size_t i;
    /* After a first entry of another size, Frond reads nothing more of the array (its
     * layout is another header's): those entries are not reachable. */
    for (i = 0; i < count; i++) {
        fill_animation(&array[i], depth, reachable && (i == 0 || array[0].struct_size == sizeof *array), array);
    }
    return array;
}

static void fill_animation(frond_animation *animation, int depth, bool reachable, frond_animation *siblings) {
    memset(animation, 0, sizeof *animation);
    animation->struct_size = fz_struct_size(sizeof *animation, animation_offsets,
                                            sizeof animation_offsets / sizeof animation_offsets[0]);
    if (fz_avoid("animation-shapes")) animation->struct_size = sizeof *animation;
    animation->property = (frond_animation_property)(fz_chance(95) ? 1 + (int)fz_pick(9) : (int)fz_u32());
    animation->from = animation_value();
    animation->to = animation_value();
    animation->duration = fz_chance(80) ? (double)fz_u8() / 64.0 : fz_double();
    animation->delay = fz_chance(80) ? (double)(fz_u8() % 8) / 16.0 : fz_double();
    animation->curve = (frond_timing_curve)(fz_chance(95) ? (int)fz_pick(6) : (int)fz_u32());
    animation->bezier[0] = fz_chance(70) ? (double)fz_u8() / 255.0 : fz_double();
    animation->bezier[1] = fz_double();
    animation->bezier[2] = fz_chance(70) ? (double)fz_u8() / 255.0 : fz_double();
    animation->bezier[3] = fz_double();
    animation->spring_damping = fz_chance(70) ? 1 + (double)fz_u8() : fz_double();
    animation->spring_stiffness = fz_chance(70) ? 1 + (double)fz_u8() : fz_double();
    animation->spring_mass = fz_chance(70) ? 1 + (double)(fz_u8() % 4) : fz_double();
    animation->spring_initial_velocity = fz_chance(70) ? 0 : fz_double();
    animation->target_key = fz_chance(70) ? NULL : fz_string();
    if (fz_chance(85)) {
        fz_token *token = fz_token_new(FZ_TOKEN_USER_DATA, "animation");
        animation->user_data = token;
        animation->completion = fz_chance(80) ? fz_completion : NULL;
        animation->destroy = fz_chance(90) ? fz_destroy_user_data : NULL;
        if (animation->destroy == NULL) {
            fz_token_keep(token);
        } else if (animation_token_count < MAX_ANIMATION_TOKENS) {
            animation_tokens[animation_token_count].token = token;
            animation_tokens[animation_token_count].entry = animation;
            animation_tokens[animation_token_count].depth = depth;
            animation_tokens[animation_token_count].reachable = reachable && animation->struct_size == sizeof *animation;
            animation_token_count++;
        } else {
            fz_token_lenient(token);
        }
    }
    if (getenv("FROND_FUZZ_TRACE") != NULL) {
        fprintf(stderr, "trace: animation entry %p: token #%u, property %d, struct_size %u, depth %d\n", (void *)animation,
                animation->user_data ? ((fz_token *)animation->user_data)->id : 0, (int)animation->property,
                animation->struct_size, depth);
    }
    if ((animation->property == FROND_ANIMATION_PARALLEL || animation->property == FROND_ANIMATION_SEQUENCE) && depth < 2) {
        uint8_t shape = fz_u8();
        bool parts_reachable = reachable && animation->struct_size == sizeof *animation;
        if (shape < 20 && !fz_avoid("animation-shapes")) {   /* a group that contains itself (or its siblings) */
            animation->parts = siblings;
            animation->part_count = 1;
            if (getenv("FROND_FUZZ_TRACE") != NULL) fprintf(stderr, "trace:   its parts: %p (1)\n", (void *)siblings);
        } else {
            bool dropped = fz_chance(5);   /* a count without parts: what was made is never read */
            animation->part_count = shape % 4;
            animation->parts = animation_array(animation->part_count, depth + 1, parts_reachable && !dropped);
            if (getenv("FROND_FUZZ_TRACE") != NULL) fprintf(stderr, "trace:   its parts: %p (%zu)\n", (void *)animation->parts, animation->part_count);
            if (dropped) animation->parts = NULL;
        }
    }
}

frond_animation *fz_animations(size_t *out_count) {
    size_t count = fz_pick(4);
    *out_count = count;
    if (count == 0 && fz_chance(50)) return NULL;
    return animation_array(count, 0, true);
}

void fz_settle_animations(void) {
    size_t i;
    for (i = 0; i < animation_token_count; i++) {
        if (!animation_tokens[i].reachable) {
            /* Entries below a bad struct_size cannot be read, nor their destroys called.
             * (Every other entry is one struct, destroyed once however many places it is
             * reached from: a part, a self-containing group's siblings.) */
            fz_token_keep(animation_tokens[i].token);
        }
    }
    animation_token_count = 0;
}

frond_status fz_class_animations(frond_animation *out_animations, size_t *out_count, frond_animation_moment moment,
                                     void *previous_props, void *props, void *user_data) {
    size_t count, i;
    frond_status status;
    fz_token_check(user_data, FZ_TOKEN_USER_DATA, "animations");
    if (previous_props != NULL) fz_token_check(previous_props, FZ_TOKEN_PROPS, "animations previous props");
    if (props != NULL) fz_token_check(props, FZ_TOKEN_PROPS, "animations props");
    if ((int)moment < 1 || (int)moment > 3) fz_fail("animations asked at the unknown moment %d", (int)moment);
    if (out_animations == NULL || out_count == NULL || *out_count != 0) fz_fail("animations: bad out parameters");
    for (i = 0; i < FROND_MAX_COMPONENT_ANIMATIONS; i++) {
        if (out_animations[i].struct_size != sizeof(frond_animation)) fz_fail("animations: entry %zu has no struct_size", i);
    }
    count = fz_chance(90) ? fz_pick(3) : (fz_bool() ? FROND_MAX_COMPONENT_ANIMATIONS : FROND_MAX_COMPONENT_ANIMATIONS + 1);
    for (i = 0; i < count && i < FROND_MAX_COMPONENT_ANIMATIONS; i++) {
        fill_animation(&out_animations[i], 0, true, &out_animations[i]);
    }
    *out_count = count;
    status = fz_callback_status();
    if (getenv("FROND_FUZZ_TRACE") != NULL) {
        for (i = 0; i < count && i < FROND_MAX_COMPONENT_ANIMATIONS; i++) {
            const frond_animation *a = &out_animations[i];
            fprintf(stderr, "trace: animations[%zu] at %p: property %d curve %d duration %g delay %g from %d/%g to %d/%g parts %p "
                    "(%zu) completion %d destroy %d key %s\n", i, (const void *)a, (int)a->property, (int)a->curve,
                    a->duration, a->delay, a->from.current, a->from.x, a->to.current, a->to.x, (const void *)a->parts,
                    a->part_count, a->completion != NULL, a->destroy != NULL, a->target_key ? a->target_key : "(null)");
        }
        fprintf(stderr, "trace: animations callback returns %d with count %zu\n", (int)status, count);
    }
    for (i = 0; i < animation_token_count; i++) {
        /* What Frond does with written entries of a refused answer (a count above the
         * maximum, a bad struct_size) is not spelled out entry by entry. */
        if (count > FROND_MAX_COMPONENT_ANIMATIONS || !animation_tokens[i].reachable) {
            fz_token_lenient(animation_tokens[i].token);
            animation_tokens[i].token->expected_destroys = 0;
        }
    }
    animation_token_count = 0;
    return status;
}

