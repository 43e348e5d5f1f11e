/* Input stream, edge values, arena, oracles and destroy tokens (see fuzz_support.h). */
#include "fuzz_support.h"

#include <sanitizer/common_interface_defs.h>

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- input ----------------------------------------------------------------------------- */

static const uint8_t *input_data;
static size_t input_size;
static size_t input_position;

void fz_input_begin(const uint8_t *data, size_t size) {
    input_data = data;
    input_size = size;
    input_position = 0;
}

bool fz_exhausted(void) { return input_position >= input_size; }

uint8_t fz_u8(void) { return input_position < input_size ? input_data[input_position++] : 0; }

uint16_t fz_u16(void) { return (uint16_t)(fz_u8() | (uint16_t)fz_u8() << 8); }

uint32_t fz_u32(void) { return (uint32_t)fz_u16() | (uint32_t)fz_u16() << 16; }

uint64_t fz_u64(void) { return (uint64_t)fz_u32() | (uint64_t)fz_u32() << 32; }

bool fz_bool(void) { return (fz_u8() & 1) != 0; }

size_t fz_pick(size_t count) { return count == 0 ? 0 : fz_u8() % count; }

bool fz_chance(unsigned percent) { return !fz_exhausted() && (unsigned)(fz_u8() % 100) < percent; }

float fz_small_float(void) {
    uint8_t byte = fz_u8();
    return (byte & 0x80) ? (float)(byte & 0x7f) + 0.5f : (float)byte;
}

float fz_float(void) {
    uint8_t choice = fz_u8();
    if (choice < 160) return (float)fz_u8();
    switch (choice % 16) {
    case 0: return 0.0f;
    case 1: return -(float)fz_u8();
    case 2: return NAN;
    case 3: return INFINITY;
    case 4: return -INFINITY;
    case 5: return FLT_MAX;
    case 6: return -FLT_MAX;
    case 7: return FLT_TRUE_MIN;
    case 8: return -0.0f;
    case 9: return 1e30f;
    case 10: return (float)fz_u8() / 256.0f;
    case 11: return FLT_MIN / 2.0f;       /* denormal */
    case 12: return 16777217.0f;           /* beyond float's exact integers */
    case 13: return 1.0f;
    default: {
        uint32_t bits = fz_u32();
        float value;
        memcpy(&value, &bits, sizeof value);
        return value;
    }
    }
}

double fz_double(void) {
    uint8_t choice = fz_u8();
    if (choice < 150) return (double)fz_u8() / ((choice & 1) ? 1.0 : 4.0);
    switch (choice % 20) {
    case 0: return 0.0;
    case 1: return -(double)fz_u8();
    case 2: return NAN;
    case 3: return INFINITY;
    case 4: return -INFINITY;
    case 5: return 1e300;
    case 6: return -1e300;
    case 7: return 1e308;
    case 8: return -1e308;
    case 9: return 1e39;                   /* finite, beyond float range */
    case 10: return DBL_TRUE_MIN;          /* denormal */
    case 11: return DBL_MIN / 2.0;
    case 12: return (double)FLT_MAX * 2.0;
    case 13: return 9007199254740993.0;    /* 2^53 + 1 */
    case 14: return 1e9 + 1;
    case 15: return 1e6 + 1;
    case 16: return -0.0;
    case 17: return (double)fz_u8() / 255.0;
    default: {
        uint64_t bits = fz_u64();
        double value;
        memcpy(&value, &bits, sizeof value);
        return value;
    }
    }
}

bool fz_float_is_finite(float value) { return isfinite(value); }

/* ---- arena ----------------------------------------------------------------------------- */

typedef struct arena_block {
    struct arena_block *next;
    max_align_t payload[];
} arena_block;

static arena_block *arena_blocks;

void *fz_alloc(size_t size) {
    arena_block *block = calloc(1, sizeof *block + size + 1);
    if (block == NULL) abort();
    block->next = arena_blocks;
    arena_blocks = block;
    return block->payload;
}

void fz_arena_reset(void) {
    while (arena_blocks != NULL) {
        arena_block *next = arena_blocks->next;
        free(arena_blocks);
        arena_blocks = next;
    }
}

/* ---- strings --------------------------------------------------------------------------- */

static const char *const vocabulary[] = {
    "label", "text", "button", "a", "b", "c", "row", "opacity", "backgroundColor", "onTap",
    "onLongPress", "onValueChange", "hidden", "interactive", "translationX", "translationY", "scale",
    "fontSize", "color", "title", "key", "accessibilityLabel", "accessibilityHint",
    "accessibilityTraits", "borderWidth", "cornerRadius", "source", "x", "view", "Counter",
};

static const char *const odd_strings[] = {
    "\xff", "\xc0\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe2\x82", ("a\x01" "b"), "\t\n\r",
    "\xef\xbb\xbf", "\xe2\x80\xae", "caf\xc3\xa9", "%s%n", "\x7f", "\xf0\x9f\x98\x80",
};

const char *fz_word(void) {
    return vocabulary[fz_pick(sizeof vocabulary / sizeof vocabulary[0])];
}

const char *fz_string(void) {
    uint8_t choice = fz_u8();
    if (choice < 170) return fz_word();
    switch (choice % 8) {
    case 0: return NULL;
    case 1: return "";
    case 2:
    case 3: return odd_strings[fz_pick(sizeof odd_strings / sizeof odd_strings[0])];
    case 4: {                              /* a long name */
        size_t length = 1 + (size_t)fz_u8() * 4;
        char *text = fz_alloc(length + 1);
        memset(text, 'x', length);
        return text;
    }
    default: {                             /* raw bytes from the input (NUL ends them) */
        size_t length = fz_u8() % 24;
        char *text = fz_alloc(length + 1);
        size_t i;
        for (i = 0; i < length; i++) text[i] = (char)fz_u8();
        return text;
    }
    }
}

bool fz_is_utf8(const char *text) {
    const unsigned char *p = (const unsigned char *)text;
    while (*p) {
        uint32_t code;
        int extra;
        if (*p < 0x80) { p++; continue; }
        if ((*p & 0xe0) == 0xc0) { code = *p & 0x1f; extra = 1; }
        else if ((*p & 0xf0) == 0xe0) { code = *p & 0x0f; extra = 2; }
        else if ((*p & 0xf8) == 0xf0) { code = *p & 0x07; extra = 3; }
        else return false;
        p++;
        for (int i = 0; i < extra; i++, p++) {
            if ((*p & 0xc0) != 0x80) return false;
            code = code << 6 | (*p & 0x3f);
        }
        if ((extra == 1 && code < 0x80) || (extra == 2 && code < 0x800) || (extra == 3 && code < 0x10000)) return false;
        if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return false;
    }
    return true;
}

/* ---- structs --------------------------------------------------------------------------- */

uint32_t fz_struct_size(size_t exact, const size_t *offsets, size_t offset_count) {
    uint8_t choice = fz_u8();
    if (choice < 200 || fz_exhausted()) return (uint32_t)exact;
    switch (choice % 10) {
    case 0: return 0;
    case 1: return 1 + fz_u8() % 3;
    case 2: return 4;
    case 3: return offset_count ? (uint32_t)offsets[fz_pick(offset_count)] : 4;
    case 4: return offset_count ? (uint32_t)offsets[fz_pick(offset_count)] + 4 : 6;
    case 5: return (uint32_t)exact - 1;
    case 6: return (uint32_t)exact + 4;
    case 7: return (uint32_t)exact + 64;
    case 8: return 0xFFFFFFFFu;
    default: return (uint32_t)(4 + fz_pick(exact));
    }
}

void *fz_struct_copy(const void *full, size_t exact, uint32_t struct_size) {
    size_t bytes = struct_size < 4 ? 4 : struct_size;
    if (bytes > exact + 64) bytes = exact + 64;
    unsigned char *copy = fz_alloc(bytes);
    memcpy(copy, full, bytes < exact ? bytes : exact);
    if (bytes > exact) memset(copy + exact, 0xA5, bytes - exact);
    memcpy(copy, &struct_size, sizeof struct_size);
    return copy;
}

/* ---- oracles --------------------------------------------------------------------------- */

void fz_fail(const char *format, ...) {
    va_list arguments;
    fputs("FROND-FUZZ ORACLE: ", stderr);
    va_start(arguments, format);
    vfprintf(stderr, format, arguments);
    va_end(arguments);
    fputc('\n', stderr);
    fflush(stderr);
    abort();
}

frond_status fz_status(frond_status status, const char *call) {
    static int trace = -1;
    if (trace < 0) trace = getenv("FROND_FUZZ_TRACE") != NULL;
    if (trace) fprintf(stderr, "trace: %s -> %s %s\n", call, frond_status_name(status), status ? frond_last_error_message() : "");
    if ((int)status > 0 || (int)status < -7) fz_fail("%s returned the unknown status %d", call, (int)status);
    if (status != FROND_OK) {
        const char *message = frond_last_error_message();
        if (message == NULL || message[0] == '\0') fz_fail("%s returned %s without a message", call, frond_status_name(status));
        frond_clear_last_error();
    }
    return status;
}

void fz_check_finite(double value, const char *what) {
    if (!isfinite(value)) fz_fail("%s is not finite (%g)", what, value);
}

/* ---- tokens ---------------------------------------------------------------------------- */

static fz_token *tokens;
static unsigned token_count;
bool fz_tearing_down;
void (*fz_destroy_hook)(void);

fz_token *fz_token_new(fz_token_kind kind, const char *role) {
    fz_token *token = calloc(1, sizeof *token);
    if (token == NULL) abort();
    token->magic = FZ_TOKEN_MAGIC;
    token->kind = kind;
    token->id = ++token_count;
    token->role = role;
    token->expected_destroys = 1;
    token->next = tokens;
    tokens = token;
    if (getenv("FROND_FUZZ_TRACE") != NULL) fprintf(stderr, "trace: new token #%u %s\n", token->id, role);
    return token;
}

unsigned fz_token_total(void) { return token_count; }

static fz_token *find_token(void *pointer) {
    fz_token *token;
    for (token = tokens; token != NULL; token = token->next) {
        if (token == pointer) return token;
    }
    return NULL;
}

fz_token *fz_token_check(void *pointer, fz_token_kind kind, const char *callback) {
    fz_token *token = find_token(pointer);
    if (token == NULL) fz_fail("%s got %p, which is no value the harness gave Frond", callback, pointer);
    if (kind != 0 && token->kind != kind) {
        fz_fail("%s got token #%u (%s, kind %d), expected kind %d", callback, token->id, token->role, (int)token->kind,
                (int)kind);
    }
    if (token->destroys > 0) fz_fail("%s got token #%u (%s) after its destroy", callback, token->id, token->role);
    return token;
}

void fz_token_keep(fz_token *token) {
    if (token != NULL) token->expected_destroys = 0;
}

void fz_token_lenient(fz_token *token) {
    if (token != NULL) token->lenient = true;
}

static void destroy_token(void *pointer, fz_token_kind kind, const char *function) {
    fz_token *token;
    if (pointer == NULL) return;   /* NULL props, state or user_data: nothing to release */
    token = find_token(pointer);
    if (token == NULL) fz_fail("%s called with %p, which is no value the harness gave Frond", function, pointer);
    if (token->kind != kind) {
        fz_fail("%s called with token #%u (%s, kind %d), expected kind %d", function, token->id, token->role,
                (int)token->kind, (int)kind);
    }
    token->destroys++;
    if (getenv("FROND_FUZZ_TRACE") != NULL) {
        fprintf(stderr, "trace: %s(token #%u %s)\n", function, token->id, token->role);
        if (getenv("FROND_FUZZ_TRACE_STACKS") != NULL) __sanitizer_print_stack_trace();
    }
    if (token->mounted_count > 0) fz_fail("%s called for token #%u (%s) while it is mounted in %d views", function, token->id, token->role, token->mounted_count);
    if (token->destroys > 1) fz_fail("%s called %d times for token #%u (%s)", function, token->destroys, token->id, token->role);
    if (token->expected_destroys == 0 && !token->lenient) {
        fz_fail("%s called for token #%u (%s), which Frond did not take over", function, token->id, token->role);
    }
    if (!fz_tearing_down && fz_destroy_hook != NULL) fz_destroy_hook();
}

void fz_destroy_user_data(void *user_data) { destroy_token(user_data, FZ_TOKEN_USER_DATA, "destroy(user_data)"); }
void fz_destroy_props(void *props) { destroy_token(props, FZ_TOKEN_PROPS, "destroy_props"); }
void fz_destroy_state(void *state) { destroy_token(state, FZ_TOKEN_STATE, "destroy_state"); }
void fz_destroy_controller(void *controller) { destroy_token(controller, FZ_TOKEN_CONTROLLER, "controller destroy"); }
void fz_destroy_update(void *user_data) { destroy_token(user_data, FZ_TOKEN_STATE_UPDATE, "state update destroy"); }

void fz_tokens_finish(void) {
    fz_token *token;
    for (token = tokens; token != NULL; token = token->next) {
        if (token->mounted_count > 0) {
            fz_fail("legacy token #%u: %d did_mount calls without their did_unmount after every root was freed", token->id,
                    token->mounted_count);
        }
        if (token->destroys != token->expected_destroys && !(token->lenient && token->destroys <= 1)) {
            fz_fail("token #%u (%s) was destroyed %d times, expected %d", token->id, token->role, token->destroys,
                    token->expected_destroys);
        }
    }
    while (tokens != NULL) {
        fz_token *next = tokens->next;
        free(tokens->extra);
        free(tokens);
        tokens = next;
    }
    token_count = 0;
}
