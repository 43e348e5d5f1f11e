/* The API fuzzer's list operations (frond.h's Lists section): changesets made of fuzzed
 * changes (any kind, index, struct_size) read back and verified against fuzzed section
 * counts, and diffs of fuzzed identity lists (duplicates likely: the identities come from a
 * small alphabet), whose changeset, when one is found, must turn the old list into the new
 * one by the batch rules (an oracle). */
#include "api_fuzzer.h"

#include <stdlib.h>
#include <string.h>

static const size_t change_offsets[] = {offsetof(frond_change, kind), offsetof(frond_change, path),
                                        offsetof(frond_change, to)};

static size_t fuzzed_index(void) {
    switch (fz_pick(8)) {
    case 0: return SIZE_MAX;
    case 1: return (size_t)fz_u64();
    default: return fz_pick(6);
    }
}

static void op_changeset(void) {
    frond_changeset *changeset = NULL;
    size_t changes = fz_pick(12), capacity = fz_pick(16), count = 0, section_count = fz_pick(4), after = 0, i;
    size_t counts[4], *out_counts;
    frond_change *buffer;
    if (FZ(frond_changeset_new(fz_chance(3) ? NULL : &changeset)) != FROND_OK) return;
    for (i = 0; i < changes; i++) {
        frond_change change;
        memset(&change, 0, sizeof change);
        change.kind = fz_chance(5) ? (frond_change_kind)fz_u32() : (frond_change_kind)fz_pick(6);
        change.path.section = fuzzed_index();
        change.path.item = fuzzed_index();
        change.to.section = fuzzed_index();
        change.to.item = fuzzed_index();
        uint32_t size = fz_struct_size(sizeof change, change_offsets, 3);
        FZ(frond_changeset_add(fz_chance(3) ? fz_bad_handle() : changeset,
                               fz_chance(3) ? NULL : fz_struct_copy(&change, sizeof change, size)));
    }
    /* A buffer of exactly `capacity` changes: ASan sees a write past it. */
    buffer = capacity == 0 ? NULL : fz_alloc(capacity * sizeof *buffer);
    if (FZ(frond_changeset_get_changes(&count, changeset, buffer, capacity)) == FROND_OK) {
        for (i = 0; i < count && i < capacity; i++) {
            if ((unsigned)buffer[i].kind > FROND_CHANGE_INSERT_ITEM) fz_fail("get_changes wrote kind %u", buffer[i].kind);
        }
    }
    for (i = 0; i < section_count; i++) {
        static const size_t huge[] = {SIZE_MAX, (size_t)INT64_MAX, (size_t)INT64_MAX - 1};
        counts[i] = fz_chance(15) ? huge[fz_pick(3)] : fz_pick(6);
    }
    capacity = fz_pick(6);
    out_counts = capacity == 0 ? NULL : fz_alloc(capacity * sizeof *out_counts);
    if (FZ(frond_changeset_verify(&after, changeset, section_count == 0 ? NULL : counts, section_count, out_counts,
                                  capacity)) == FROND_OK) {
        size_t total_before = 0, total_after = 0;
        if (after > section_count + changes) fz_fail("verify: %zu sections after from %zu and %zu changes", after,
                                                     section_count, changes);
        bool huge = false;
        for (i = 0; i < section_count; i++) {
            huge = huge || counts[i] > SIZE_MAX / 8;
            total_before += counts[i];
        }
        for (i = 0; i < after && i < capacity; i++) total_after += out_counts[i];
        if (!huge && capacity >= after && total_after > total_before + changes)
            fz_fail("verify: %zu items after from %zu and %zu changes", total_after, total_before, changes);
    }
    FZ(frond_changeset_free(changeset));
}

/* Applies a single-section changeset by the batch rules; false when a change does not fit
 * (a diff's changeset always fits). */
static bool apply(const frond_change *changes, size_t count, const uint64_t *old_ids, size_t old_count,
                  const uint64_t *new_ids, size_t new_count, uint64_t *out) {
    bool *gone = fz_alloc(old_count + 1), *placed = fz_alloc(new_count + 1);
    size_t i, j;
    for (i = 0; i < count; i++) {
        frond_change c = changes[i];
        if (c.path.section != 0) return false;
        switch (c.kind) {
        case FROND_CHANGE_UPDATE_ITEM:
            if (c.path.item >= old_count) return false;
            break;
        case FROND_CHANGE_REMOVE_ITEM:
            if (c.path.item >= old_count || gone[c.path.item]) return false;
            gone[c.path.item] = true;
            break;
        case FROND_CHANGE_MOVE_ITEM:
            if (c.path.item >= old_count || gone[c.path.item] || c.to.item >= new_count || placed[c.to.item]) return false;
            gone[c.path.item] = placed[c.to.item] = true;
            out[c.to.item] = old_ids[c.path.item];
            break;
        case FROND_CHANGE_INSERT_ITEM:
            if (c.path.item >= new_count || placed[c.path.item]) return false;
            placed[c.path.item] = true;
            out[c.path.item] = new_ids[c.path.item];
            break;
        default: return false;
        }
    }
    for (i = 0, j = 0; i < old_count; i++) {
        if (gone[i]) continue;
        while (j < new_count && placed[j]) j++;
        if (j == new_count) return false;
        out[j++] = old_ids[i];
    }
    while (j < new_count && placed[j]) j++;
    return j == new_count;
}

static void op_diff(void) {
    enum { MAX = 24 };
    static const char *const alphabet[] = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"};
    uint64_t old_ids[MAX], new_ids[MAX], old_versions[MAX], new_versions[MAX], applied[MAX];
    const char *old_keys[MAX], *new_keys[MAX];
    size_t old_count = fz_pick(MAX + 1), new_count = fz_pick(MAX + 1), count = 0, i;
    bool versions = fz_bool(), keys = fz_bool();
    frond_changeset *changeset = NULL;
    frond_change *changes;
    for (i = 0; i < old_count; i++) {
        old_ids[i] = fz_pick(12);
        old_versions[i] = fz_pick(2);
        old_keys[i] = fz_chance(2) ? NULL : alphabet[old_ids[i]];
    }
    for (i = 0; i < new_count; i++) {
        new_ids[i] = fz_pick(12);
        new_versions[i] = fz_pick(2);
        new_keys[i] = fz_chance(2) ? NULL : alphabet[new_ids[i]];
    }
    if (keys) {
        if (FZ(frond_list_diff_keys(&changeset, old_keys, versions ? old_versions : NULL, old_count, new_keys,
                                    versions ? new_versions : NULL, new_count)) != FROND_OK) return;
    } else if (FZ(frond_list_diff(&changeset, old_ids, versions ? old_versions : NULL, old_count, new_ids,
                                  versions ? new_versions : NULL, new_count)) != FROND_OK) {
        return;
    }
    if (FZ(frond_changeset_get_changes(&count, changeset, NULL, 0)) == FROND_OK) {
        changes = fz_alloc((count + 1) * sizeof *changes);
        if (FZ(frond_changeset_get_changes(&count, changeset, changes, count)) == FROND_OK) {
            if (!apply(changes, count, old_ids, old_count, new_ids, new_count, applied) ||
                (new_count > 0 && memcmp(applied, new_ids, new_count * sizeof applied[0]) != 0)) {
                fz_fail("a diff's changeset (%zu changes) does not turn the old list (%zu) into the new one (%zu)", count,
                        old_count, new_count);
            }
        }
    }
    FZ(frond_changeset_free(changeset));
}

const fz_operation fz_list_operations[] = {op_changeset, op_diff};
const size_t fz_list_operation_count = sizeof fz_list_operations / sizeof fz_list_operations[0];
