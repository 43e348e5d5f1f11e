/* Shared support of the libFuzzer harnesses (api_fuzzer, json_fuzzer): the input read
 * as a stream of choices, values that stress the C API's checks (NaN, infinities,
 * numbers beyond float range, denormals, strings with odd bytes, struct_size values that
 * cut members), the oracles (a failure aborts with "FROND-FUZZ ORACLE: …" so that libFuzzer
 * keeps the input), and the tokens every registered user_data is, which prove that each
 * destroy function is called exactly once and that no callback comes after it. */
#ifndef FROND_FUZZ_SUPPORT_H
#define FROND_FUZZ_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frond.h"

/* ---- the input stream ------------------------------------------------------------ */

/* Starts reading `data`; every reader returns zeros once the input is used up. */
void fz_input_begin(const uint8_t *data, size_t size);
bool fz_exhausted(void);
uint8_t fz_u8(void);
uint16_t fz_u16(void);
uint32_t fz_u32(void);
uint64_t fz_u64(void);
bool fz_bool(void);
/* A choice among `count` (> 0) options. */
size_t fz_pick(size_t count);
/* True with probability about `percent` / 100 (false once the input is used up). */
bool fz_chance(unsigned percent);

/* Numbers: mostly ordinary values, often the edges (0, negative, NaN, ±inf, FLT_MAX,
 * 1e39 beyond float range, denormals, 1e300, raw bit patterns). */
float fz_float(void);
double fz_double(void);
/* A small non-negative float (0…255, sometimes fractional), for values that should pass. */
float fz_small_float(void);
bool fz_float_is_finite(float value);

/* ---- memory that lives until the end of the current top-level operation ----------- */

void *fz_alloc(size_t size);          /* zero-filled; never NULL */
void fz_arena_reset(void);

/* A string for a name, key, text or view type: NULL, "", a word from a fixed vocabulary
 * (attribute names the engine knows, view types, keys), or bytes from the input (control
 * bytes, invalid UTF-8, overlong sequences, surrogates). Lives in the arena. */
const char *fz_string(void);
/* Like fz_string but never NULL, usually a plain word. */
const char *fz_word(void);
bool fz_is_utf8(const char *text);

/* ---- caller-filled structs ----------------------------------------------------------- */

/* A struct_size for a struct of `exact` bytes whose member boundaries are `offsets`
 * (offsetof of each member after struct_size): usually exact, else 0, 1…3, 4 (only the
 * size), a boundary, a boundary + 4 (cutting a member, e.g. half a pointer), exact - 1,
 * exact + 4, exact + 64, 0xFFFFFFFF. */
uint32_t fz_struct_size(size_t exact, const size_t *offsets, size_t offset_count);
/* A copy of the `exact`-byte struct at `full` in memory that holds exactly what its
 * struct_size promises (struct_size bytes, at least 4, at most exact + 64), with the
 * struct_size written, so that ASan sees a read past what the caller said it has. */
void *fz_struct_copy(const void *full, size_t exact, uint32_t struct_size);

/* ---- oracles ------------------------------------------------------------------------- */

/* Reports a broken oracle and aborts (libFuzzer saves the input). */
void fz_fail(const char *format, ...) __attribute__((noreturn, format(printf, 1, 2)));
/* Checks a status from `call`: a known code, and a non-empty message when it failed. */
frond_status fz_status(frond_status status, const char *call);
#define FZ(call) fz_status((call), #call)
void fz_check_finite(double value, const char *what);

/* ---- tokens: every user_data, props, state and controller value ---------------------- */

typedef enum fz_token_kind {
    FZ_TOKEN_USER_DATA = 1,
    FZ_TOKEN_PROPS = 2,
    FZ_TOKEN_STATE = 3,
    FZ_TOKEN_CONTROLLER = 4,
    FZ_TOKEN_STATE_UPDATE = 5
} fz_token_kind;

#define FZ_TOKEN_MAGIC 0x46524f4eu
#define FZ_MAX_MOUNTED 16

typedef struct fz_token {
    uint32_t magic;
    fz_token_kind kind;
    unsigned id;
    const char *role;       /* what registered it, for messages */
    int expected_destroys;  /* 1, or 0 when the value stays the harness's */
    bool lenient;           /* where the header leaves it open: 0 or 1 destroys */
    int destroys;
    int mounted_count;      /* legacy components: views between did_mount and did_unmount */
    uint64_t mounted[FZ_MAX_MOUNTED];
    void *extra;            /* role-specific data the token owns (freed with it) */
    void *ref;              /* role-specific data the token does not own (a root record) */
    int int_value;          /* role-specific */
    struct fz_token *next;
} fz_token;

/* A new token (owned by the harness until the end of the input). */
fz_token *fz_token_new(fz_token_kind kind, const char *role);
/* The token `pointer` must be: a live (not destroyed) token of `kind` (0: any). */
fz_token *fz_token_check(void *pointer, fz_token_kind kind, const char *callback);
/* The value a registration failed to take over stays the harness's: expect no destroy. */
void fz_token_keep(fz_token *token);
/* The header does not say whether this value is destroyed: 0 or 1 destroys. */
void fz_token_lenient(fz_token *token);
/* The destroy functions handed to Frond, one per role; each checks the kind it gets. */
void fz_destroy_user_data(void *user_data);
void fz_destroy_props(void *props);
void fz_destroy_state(void *state);
void fz_destroy_controller(void *controller);
void fz_destroy_update(void *user_data);
/* Called by a destroy function (not during teardown): the api fuzzer may re-enter there. */
extern void (*fz_destroy_hook)(void);
/* Every token destroyed as often as expected; then frees them all. */
void fz_tokens_finish(void);
unsigned fz_token_total(void);

/* True while the harness frees what an input made: callbacks then do nothing but their
 * duty (no re-entry, no reading of the input). */
extern bool fz_tearing_down;

#endif
