/* Changesets and data diffing through the C API: changes kept in their groups, a changeset
 * checked against a list before anything is applied (each broken rule named), and the
 * changeset a diff finds turning the old identities into the new ones, applied here by the
 * test's own reading of the batch rules, with the fewest moves. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static frond_change change(frond_change_kind kind, size_t section, size_t item) {
    frond_change result;
    FROND_INIT(result);
    result.kind = kind;
    result.path.section = section;
    result.path.item = item;
    return result;
}

static frond_change move(size_t from_section, size_t from_item, size_t to_section, size_t to_item) {
    frond_change result = change(FROND_CHANGE_MOVE_ITEM, from_section, from_item);
    result.to.section = to_section;
    result.to.item = to_item;
    return result;
}

static frond_changeset *changeset_of(const frond_change *changes, size_t count) {
    frond_changeset *changeset = NULL;
    size_t i;
    CHECK_OK(frond_changeset_new(&changeset));
    for (i = 0; i < count; i++) CHECK_OK(frond_changeset_add(changeset, &changes[i]));
    return changeset;
}

static void test_changes_come_back_grouped_by_kind(void) {
    frond_change changes[] = {change(FROND_CHANGE_INSERT_ITEM, 0, 0), move(0, 3, 1, 0),
                              change(FROND_CHANGE_UPDATE_ITEM, 0, 0), change(FROND_CHANGE_INSERT_SECTION, 1, 0),
                              change(FROND_CHANGE_REMOVE_ITEM, 0, 1), change(FROND_CHANGE_INSERT_ITEM, 1, 1)};
    frond_changeset *changeset = changeset_of(changes, 6);
    frond_change out[8];
    size_t count = 0, sections = 0, counts[4] = {0};
    const size_t before[] = {4, 2};
    CHECK_OK(frond_changeset_get_changes(&count, changeset, out, 8));
    CHECK(count == 6);
    CHECK(out[0].kind == FROND_CHANGE_UPDATE_ITEM && out[1].kind == FROND_CHANGE_REMOVE_ITEM);
    CHECK(out[2].kind == FROND_CHANGE_MOVE_ITEM && out[2].path.item == 3 && out[2].to.section == 1);
    CHECK(out[3].kind == FROND_CHANGE_INSERT_SECTION && out[3].path.section == 1);
    CHECK(out[4].kind == FROND_CHANGE_INSERT_ITEM && out[4].path.item == 0);
    CHECK(out[5].kind == FROND_CHANGE_INSERT_ITEM && out[5].path.section == 1 && out[5].path.item == 1);
    CHECK(out[0].struct_size == sizeof(frond_change));
    /* The count alone, and a buffer too small for all of them. */
    CHECK_OK(frond_changeset_get_changes(&count, changeset, NULL, 0));
    CHECK(count == 6);
    memset(out, 0xff, sizeof out);
    CHECK_OK(frond_changeset_get_changes(&count, changeset, out, 2));
    CHECK(count == 6 && out[1].kind == FROND_CHANGE_REMOVE_ITEM && out[2].kind == (frond_change_kind)-1);
    /* {a b c d} {x y} → {new a c} {d new} {x y} */
    CHECK_OK(frond_changeset_verify(&sections, changeset, before, 2, counts, 4));
    CHECK(sections == 3 && counts[0] == 3 && counts[1] == 2 && counts[2] == 2);
    CHECK_OK(frond_changeset_verify(&sections, changeset, before, 2, NULL, 0));
    CHECK(sections == 3);
    CHECK_OK(frond_changeset_free(changeset));
}

static void expect_refused(const frond_change *changes, size_t count, const char *message) {
    frond_changeset *changeset = changeset_of(changes, count);
    const size_t before[] = {3, 1};
    size_t sections = 99;
    char expected[256];
    snprintf(expected, sizeof expected, "frond_changeset_verify: %s", message);
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_changeset_verify(&sections, changeset, before, 2, NULL, 0),
                  expected);
    CHECK(sections == 99);
    CHECK_OK(frond_changeset_free(changeset));
}

static void test_a_changeset_that_does_not_fit_is_refused_naming_the_change(void) {
    frond_change update_out_of_range[] = {change(FROND_CHANGE_UPDATE_ITEM, 0, 3)};
    frond_change removed_twice[] = {change(FROND_CHANGE_UPDATE_ITEM, 0, 1), change(FROND_CHANGE_REMOVE_ITEM, 0, 1)};
    frond_change in_removed_section[] = {change(FROND_CHANGE_REMOVE_SECTION, 1, 0), change(FROND_CHANGE_REMOVE_ITEM, 1, 0)};
    frond_change two_in_one_place[] = {move(1, 0, 0, 1), change(FROND_CHANGE_INSERT_ITEM, 0, 1)};
    frond_change insert_beyond[] = {change(FROND_CHANGE_INSERT_ITEM, 0, 4)};
    frond_change missing_section[] = {change(FROND_CHANGE_INSERT_ITEM, 2, 0)};
    expect_refused(update_out_of_range, 1, "updatedItems: [0, 3] is out of range (section 0 has 3 item(s))");
    expect_refused(removed_twice, 2, "removedItems: [0, 1] is also in updatedItems (two operations on one item)");
    expect_refused(in_removed_section, 2, "removedItems: [1, 0] is in section 1, which removedSections removes");
    expect_refused(two_in_one_place, 2, "movedItems (to): [0, 1] is also filled by insertedItems (two items for one place)");
    expect_refused(insert_beyond, 1, "insertedItems: [0, 4] is out of range (section 0 has 4 item(s) after the changeset)");
    expect_refused(missing_section, 1,
                   "insertedItems: [2, 0] is in section 2, which the list does not have after the changeset");
}

static void test_bad_arguments_are_refused(void) {
    frond_changeset *changeset = NULL;
    frond_change bad = change(FROND_CHANGE_INSERT_ITEM, 0, 0);
    size_t count = 0;
    const size_t huge[] = {SIZE_MAX};
    const uint64_t ids[] = {1, 2};
    CHECK_OK(frond_changeset_new(&changeset));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_changeset_new(NULL));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_changeset_add(changeset, NULL));
    bad.struct_size = 4;
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_changeset_add(changeset, &bad), "change.struct_size is 4");
    bad = change((frond_change_kind)9, 0, 0);
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_changeset_add(changeset, &bad), "9 is not a frond_change_kind");
    bad = change(FROND_CHANGE_REMOVE_ITEM, 0, SIZE_MAX);
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_changeset_add(changeset, &bad), "is above INT64_MAX");
    CHECK_OK(frond_changeset_get_changes(&count, changeset, NULL, 0));
    CHECK(count == 0);  /* nothing refused was added */
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_changeset_get_changes(&count, changeset, NULL, 3));
    CHECK_STATUS(FROND_ERR_INVALID_ARGUMENT, frond_changeset_verify(&count, changeset, NULL, 2, NULL, 0));
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_changeset_verify(&count, changeset, huge, 1, NULL, 0),
                  "section_counts[0]");
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_changeset_verify(&count, changeset, NULL, 0, &count, SIZE_MAX),
                  "capacity 18446744073709551615 is above INT64_MAX");
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_list_diff(&changeset, ids, ids, 2, ids, NULL, 2),
                  "give both old_versions and new_versions, or neither");
    CHECK_STATUS(FROND_ERR_MISUSE, frond_changeset_add((frond_changeset *)(uintptr_t)0x1234, &bad));
    CHECK_OK(frond_changeset_free(changeset));
    CHECK_STATUS(FROND_ERR_MISUSE, frond_changeset_free(changeset));
    CHECK_OK(frond_changeset_free(NULL));
}

static void test_duplicate_identities_are_named(void) {
    frond_changeset *changeset = NULL;
    const uint64_t old_ids[] = {5, 6, 7, 6}, new_ids[] = {5};
    const char *old_keys[] = {"a", "b"}, *new_keys[] = {"c", "a", "c"}, *null_key[] = {"a", NULL};
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_list_diff(&changeset, old_ids, NULL, 4, new_ids, NULL, 1),
                  "old items 1 and 3 have the same identity");
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_list_diff_keys(&changeset, old_keys, NULL, 2, new_keys, NULL, 3),
                  "new items 0 and 2 have the same identity");
    CHECK_FAILURE(FROND_ERR_INVALID_ARGUMENT, frond_list_diff_keys(&changeset, null_key, NULL, 2, new_keys, NULL, 1),
                  "old_keys[1] is NULL");
    CHECK(changeset == NULL);
}

static void test_string_keys_are_compared_byte_for_byte(void) {
    /* "é" precomposed and with a combining accent: two keys. */
    const char *old_keys[] = {"\xc3\xa9"}, *new_keys[] = {"e\xcc\x81"};
    frond_changeset *changeset = NULL;
    size_t count = 0;
    CHECK_OK(frond_list_diff_keys(&changeset, old_keys, NULL, 1, new_keys, NULL, 1));
    CHECK_OK(frond_changeset_get_changes(&count, changeset, NULL, 0));
    CHECK(count == 2);  /* one removed, one inserted */
    CHECK_OK(frond_changeset_free(changeset));
}

static void test_a_changeset_is_shared_by_threads(void);

static void test_a_diff_names_each_kind_of_change(void) {
    /* b removed, e inserted, d moved to the front, c's content changed. */
    const char *old_keys[] = {"a", "b", "c", "d"}, *new_keys[] = {"d", "a", "c", "e"};
    const uint64_t old_versions[] = {1, 1, 1, 1}, new_versions[] = {1, 1, 2, 1};
    frond_changeset *changeset = NULL;
    frond_change out[8];
    size_t count = 0;
    CHECK_OK(frond_list_diff_keys(&changeset, old_keys, old_versions, 4, new_keys, new_versions, 4));
    CHECK_OK(frond_changeset_get_changes(&count, changeset, out, 8));
    CHECK(count == 4);
    CHECK(out[0].kind == FROND_CHANGE_UPDATE_ITEM && out[0].path.item == 2);
    CHECK(out[1].kind == FROND_CHANGE_REMOVE_ITEM && out[1].path.item == 1);
    CHECK(out[2].kind == FROND_CHANGE_MOVE_ITEM && out[2].path.item == 3 && out[2].to.item == 0);
    CHECK(out[3].kind == FROND_CHANGE_INSERT_ITEM && out[3].path.item == 3);
    CHECK_OK(frond_changeset_free(changeset));
}

/* ---- random diffs, applied by the batch rules ------------------------------------ */

static uint64_t state = 88172645463325252ull;
static uint64_t next_random(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static size_t longest_increasing_run(const size_t *values, size_t count) {
    size_t *best = calloc(count + 1, sizeof *best), result = 0, i, j;
    for (i = 0; i < count; i++) {
        best[i] = 1;
        for (j = 0; j < i; j++)
            if (values[j] < values[i] && best[j] + 1 > best[i]) best[i] = best[j] + 1;
        if (best[i] > result) result = best[i];
    }
    free(best);
    return result;
}

static void test_random_diffs_turn_the_old_list_into_the_new_one(void) {
    enum { MAX = 160 };
    int round;
    for (round = 0; round < 60; round++) {
        uint64_t old_ids[MAX], new_ids[MAX * 2], old_versions[MAX], new_versions[MAX * 2], applied[MAX * 2];
        int gone[MAX] = {0}, placed[MAX * 2] = {0};
        size_t old_count = next_random() % MAX, new_count = 0, count = 0, i, j, kept[MAX], kept_count = 0;
        size_t moves = 0, updates = 0, expected_updates = 0;
        frond_changeset *changeset = NULL;
        frond_change *changes;
        for (i = 0; i < old_count; i++) {
            old_ids[i] = i;
            old_versions[i] = 1;
        }
        /* The new list: most old items in a shuffled order, some with new content, and new ones. */
        for (i = 0; i < old_count; i++)
            if (next_random() % 5) new_ids[new_count++] = old_ids[i];
        for (i = new_count; i > 1; i--) {
            if (round % 2 || next_random() % 8 == 0) {
                size_t other = next_random() % i;
                uint64_t swap = new_ids[i - 1];
                new_ids[i - 1] = new_ids[other];
                new_ids[other] = swap;
            }
        }
        for (i = 0, j = next_random() % 20; i < j; i++) {
            size_t at = next_random() % (new_count + 1);
            memmove(&new_ids[at + 1], &new_ids[at], (new_count - at) * sizeof new_ids[0]);
            new_ids[at] = 10000 + round * 100 + i;
            new_count++;
        }
        for (i = 0; i < new_count; i++) {
            new_versions[i] = next_random() % 10 == 0 ? 2 : 1;
            if (new_ids[i] < 10000 && new_versions[i] == 2) expected_updates++;
        }
        CHECK_OK(frond_list_diff(&changeset, old_ids, old_versions, old_count, new_ids, new_versions, new_count));
        CHECK_OK(frond_changeset_get_changes(&count, changeset, NULL, 0));
        changes = calloc(count + 1, sizeof *changes);
        CHECK_OK(frond_changeset_get_changes(&count, changeset, changes, count));
        /* Apply: removals and move sources leave, insertions and move destinations take
         * their new places, the rest fill the other places in their old order. */
        for (i = 0; i < count; i++) {
            frond_change c = changes[i];
            if (c.kind == FROND_CHANGE_UPDATE_ITEM) updates++;
            if (c.kind == FROND_CHANGE_REMOVE_ITEM) gone[c.path.item] = 1;
            if (c.kind == FROND_CHANGE_MOVE_ITEM) {
                gone[c.path.item] = 1;
                placed[c.to.item] = 1;
                applied[c.to.item] = old_ids[c.path.item];
                moves++;
            }
            if (c.kind == FROND_CHANGE_INSERT_ITEM) {
                placed[c.path.item] = 1;
                applied[c.path.item] = new_ids[c.path.item];
            }
        }
        for (i = 0, j = 0; i < old_count; i++) {
            if (gone[i]) continue;
            while (j < new_count && placed[j]) j++;
            CHECK(j < new_count);  /* a place for every item that stays */
            if (j < new_count) applied[j++] = old_ids[i];
        }
        CHECK(memcmp(applied, new_ids, new_count * sizeof new_ids[0]) == 0);
        CHECK(updates == expected_updates);
        for (i = 0; i < new_count; i++)
            if (new_ids[i] < 10000) kept[kept_count++] = (size_t)new_ids[i];
        CHECK(moves == kept_count - longest_increasing_run(kept, kept_count));
        free(changes);
        CHECK_OK(frond_changeset_free(changeset));
    }
}

static void *add_many(void *changeset) {
    frond_change insert = change(FROND_CHANGE_INSERT_ITEM, 0, 0);
    int i;
    for (i = 0; i < 20000; i++) {
        if (frond_changeset_add(changeset, &insert) != FROND_OK) return changeset;
    }
    return NULL;
}

/* Two threads adding to one changeset: every change is kept. */
static void test_a_changeset_is_shared_by_threads(void) {
    frond_changeset *changeset = NULL;
    pthread_t threads[2];
    void *results[2];
    size_t count = 0;
    int i;
    CHECK_OK(frond_changeset_new(&changeset));
    for (i = 0; i < 2; i++) CHECK(pthread_create(&threads[i], NULL, add_many, changeset) == 0);
    for (i = 0; i < 2; i++) CHECK(pthread_join(threads[i], &results[i]) == 0 && results[i] == NULL);
    CHECK_OK(frond_changeset_get_changes(&count, changeset, NULL, 0));
    CHECK(count == 40000);
    CHECK_OK(frond_changeset_free(changeset));
}

int main(void) {
    size_t handles_at_start = 0, handles_at_end = 0;
    CHECK_OK(frond_handle_count(&handles_at_start));
    test_changes_come_back_grouped_by_kind();
    test_a_changeset_that_does_not_fit_is_refused_naming_the_change();
    test_bad_arguments_are_refused();
    test_duplicate_identities_are_named();
    test_a_diff_names_each_kind_of_change();
    test_string_keys_are_compared_byte_for_byte();
    test_a_changeset_is_shared_by_threads();
    test_random_diffs_turn_the_old_list_into_the_new_one();
    CHECK_OK(frond_handle_count(&handles_at_end));
    CHECK(handles_at_end == handles_at_start);
    return check_report("list_test");
}
