/* The checking host (see fuzz_host.h). */
#include "fuzz_host.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

frond_status (*fz_host_hook)(fz_root_record *record, int where);

void fz_mirror_init(fz_mirror *mirror) {
    memset(mirror, 0, sizeof *mirror);
    mirror->capacity = 8;
    mirror->views = calloc(mirror->capacity, sizeof *mirror->views);
    if (mirror->views == NULL) abort();
    mirror->views[0].alive = true;
    mirror->count = 1;
    mirror->synced = true;
}

void fz_mirror_free(fz_mirror *mirror) {
    size_t i;
    for (i = 0; i < mirror->count; i++) free(mirror->views[i].children);
    free(mirror->views);
    memset(mirror, 0, sizeof *mirror);
}

static fz_view *find_view(fz_mirror *mirror, uint64_t id) {
    size_t i;
    for (i = 0; i < mirror->count; i++) {
        if (mirror->views[i].id == id && mirror->views[i].alive) return &mirror->views[i];
    }
    return NULL;
}

static void insert_child(fz_view *parent, uint64_t child, size_t index) {
    if (parent->count == parent->capacity) {
        parent->capacity = parent->capacity ? parent->capacity * 2 : 4;
        parent->children = realloc(parent->children, parent->capacity * sizeof *parent->children);
        if (parent->children == NULL) abort();
    }
    memmove(parent->children + index + 1, parent->children + index, (parent->count - index) * sizeof *parent->children);
    parent->children[index] = child;
    parent->count++;
}

static size_t remove_child(fz_view *parent, uint64_t child) {
    size_t i;
    for (i = 0; i < parent->count; i++) {
        if (parent->children[i] == child) {
            memmove(parent->children + i, parent->children + i + 1, (parent->count - i - 1) * sizeof *parent->children);
            parent->count--;
            return i;
        }
    }
    fz_fail("mirror: view %llu is not among its parent's children", (unsigned long long)child);
}

static bool is_ancestor(fz_mirror *mirror, uint64_t ancestor, uint64_t view) {
    int steps = 0;
    fz_view *current = find_view(mirror, view);
    while (current != NULL && steps++ < 100000) {
        if (current->id == ancestor) return true;
        if (!current->has_parent) return false;
        current = find_view(mirror, current->parent);
    }
    return false;
}

static bool same_text(const char *a, const char *b) { return strcmp(a, b) == 0; }

void fz_check_attribute(const frond_attribute *attribute, const char *where) {
    if (attribute->name == NULL) fz_fail("%s: an attribute without a name", where);
    if (attribute->name[0] == '\0') fz_fail("%s: an attribute with an empty name", where);
    if (!fz_is_utf8(attribute->name)) fz_fail("%s: attribute name is not UTF-8", where);
    switch (attribute->kind) {
    case FROND_ATTRIBUTE_NUMBER:
        if (!isfinite(attribute->number)) fz_fail("%s: attribute %s is the number %g", where, attribute->name, attribute->number);
        break;
    case FROND_ATTRIBUTE_BOOL:
    case FROND_ATTRIBUTE_HOST_VALUE:
        break;
    case FROND_ATTRIBUTE_STRING:
    case FROND_ATTRIBUTE_ACTION:
        if (attribute->string == NULL) fz_fail("%s: string attribute %s is NULL", where, attribute->name);
        if (!fz_is_utf8(attribute->string)) fz_fail("%s: string attribute %s is not UTF-8", where, attribute->name);
        break;
    case FROND_ATTRIBUTE_COLOR: {
        const float parts[4] = {attribute->color.red, attribute->color.green, attribute->color.blue, attribute->color.alpha};
        int i;
        for (i = 0; i < 4; i++) {
            if (!(parts[i] >= 0.0f && parts[i] <= 1.0f)) {
                fz_fail("%s: color attribute %s has the component %g", where, attribute->name, (double)parts[i]);
            }
        }
        break;
    }
    case FROND_ATTRIBUTE_ACTION_BLOCK:
        if (attribute->action_block != NULL) fz_fail("%s: attribute %s hands out an action block handle", where, attribute->name);
        break;
    default:
        fz_fail("%s: attribute %s has the unknown kind %d", where, attribute->name, (int)attribute->kind);
    }
}

void fz_check_mutation(const frond_mutation *mutation) {
    size_t i, j;
    switch (mutation->kind) {
    case FROND_MUTATION_CREATE:
        if (mutation->view_type == NULL) fz_fail("CREATE of view %llu without a view type", (unsigned long long)mutation->view);
        if (mutation->view_type[0] == '\0') fz_fail("CREATE of view %llu with an empty view type", (unsigned long long)mutation->view);
        if (!fz_is_utf8(mutation->view_type)) fz_fail("CREATE with a view type that is not UTF-8");
        break;
    case FROND_MUTATION_UPDATE:
        if (mutation->set_count > 0 && mutation->set == NULL) fz_fail("UPDATE with set_count %zu and no set", mutation->set_count);
        if (mutation->unset_count > 0 && mutation->unset == NULL) fz_fail("UPDATE with unset_count %zu and no unset", mutation->unset_count);
        for (i = 0; i < mutation->set_count; i++) {
            fz_check_attribute(&mutation->set[i], "UPDATE");
            for (j = 0; j < i; j++) {
                if (same_text(mutation->set[i].name, mutation->set[j].name)) {
                    fz_fail("UPDATE of view %llu sets the attribute \"%s\" twice", (unsigned long long)mutation->view,
                            mutation->set[i].name);
                }
            }
        }
        for (i = 0; i < mutation->unset_count; i++) {
            if (mutation->unset[i] == NULL || mutation->unset[i][0] == '\0') fz_fail("UPDATE unsets a NULL or empty name");
            for (j = 0; j < i; j++) {
                if (same_text(mutation->unset[i], mutation->unset[j])) fz_fail("UPDATE unsets \"%s\" twice", mutation->unset[i]);
            }
            for (j = 0; j < mutation->set_count; j++) {
                if (same_text(mutation->unset[i], mutation->set[j].name)) fz_fail("UPDATE sets and unsets \"%s\"", mutation->unset[i]);
            }
        }
        break;
    case FROND_MUTATION_SET_FRAME:
        fz_check_finite(mutation->frame.left, "SET_FRAME left");
        fz_check_finite(mutation->frame.top, "SET_FRAME top");
        fz_check_finite(mutation->frame.width, "SET_FRAME width");
        fz_check_finite(mutation->frame.height, "SET_FRAME height");
        if (mutation->frame.width < 0 || mutation->frame.height < 0) {
            fz_fail("SET_FRAME with a negative size %g x %g", (double)mutation->frame.width, (double)mutation->frame.height);
        }
        break;
    case FROND_MUTATION_INSERT:
    case FROND_MUTATION_MOVE:
    case FROND_MUTATION_REMOVE:
    case FROND_MUTATION_DESTROY:
        break;
    default:
        fz_fail("a mutation of unknown kind %d", (int)mutation->kind);
    }
}

void fz_mirror_apply(fz_mirror *mirror, const frond_mutation *mutation) {
    fz_view *view, *parent;
    unsigned long long id = (unsigned long long)mutation->view;
    fz_check_mutation(mutation);
    if (!mirror->synced) return;
    if (mutation->view == 0) fz_fail("mutation %d addresses view 0 (the root container)", (int)mutation->kind);
    view = find_view(mirror, mutation->view);
    switch (mutation->kind) {
    case FROND_MUTATION_CREATE:
        if (view != NULL) fz_fail("CREATE of view %llu, which exists", id);
        if (mirror->count == mirror->capacity) {
            mirror->capacity *= 2;
            mirror->views = realloc(mirror->views, mirror->capacity * sizeof *mirror->views);
            if (mirror->views == NULL) abort();
        }
        memset(&mirror->views[mirror->count], 0, sizeof mirror->views[0]);
        mirror->views[mirror->count].id = mutation->view;
        mirror->views[mirror->count].alive = true;
        mirror->count++;
        break;
    case FROND_MUTATION_UPDATE:
    case FROND_MUTATION_SET_FRAME:
        if (view == NULL) fz_fail("mutation %d of view %llu, which does not exist", (int)mutation->kind, id);
        break;
    case FROND_MUTATION_INSERT:
        if (view == NULL) fz_fail("INSERT of view %llu, which does not exist", id);
        if (view->has_parent) fz_fail("INSERT of view %llu, which is in view %llu", id, (unsigned long long)view->parent);
        parent = find_view(mirror, mutation->parent);
        if (parent == NULL) fz_fail("INSERT of view %llu into view %llu, which does not exist", id, (unsigned long long)mutation->parent);
        if (mutation->index > parent->count) fz_fail("INSERT of view %llu at %zu of %zu", id, mutation->index, parent->count);
        if (is_ancestor(mirror, mutation->view, mutation->parent)) fz_fail("INSERT of view %llu into its own subtree", id);
        view->has_parent = true;
        view->parent = mutation->parent;
        insert_child(parent, mutation->view, mutation->index);
        break;
    case FROND_MUTATION_MOVE:
        if (view == NULL) fz_fail("MOVE of view %llu, which does not exist", id);
        if (!view->has_parent || view->parent != mutation->parent) fz_fail("MOVE of view %llu, which is not in view %llu", id, (unsigned long long)mutation->parent);
        parent = find_view(mirror, mutation->parent);
        if (parent == NULL) fz_fail("MOVE within view %llu, which does not exist", (unsigned long long)mutation->parent);
        remove_child(parent, mutation->view);
        if (mutation->index > parent->count) fz_fail("MOVE of view %llu to %zu of %zu", id, mutation->index, parent->count + 1);
        insert_child(parent, mutation->view, mutation->index);
        break;
    case FROND_MUTATION_REMOVE:
        if (view == NULL) fz_fail("REMOVE of view %llu, which does not exist", id);
        if (!view->has_parent || view->parent != mutation->parent) fz_fail("REMOVE of view %llu, which is not in view %llu", id, (unsigned long long)mutation->parent);
        parent = find_view(mirror, mutation->parent);
        if (parent == NULL) fz_fail("REMOVE from view %llu, which does not exist", (unsigned long long)mutation->parent);
        remove_child(parent, mutation->view);
        view = find_view(mirror, mutation->view);
        view->has_parent = false;
        break;
    case FROND_MUTATION_DESTROY:
        if (view == NULL) fz_fail("DESTROY of view %llu, which does not exist", id);
        if (view->count > 0) fz_fail("DESTROY of view %llu, which still has %zu children", id, view->count);
        if (view->has_parent) {
            /* Allowed: a view may be destroyed inside its parent; it leaves it. */
            parent = find_view(mirror, view->parent);
            if (parent != NULL) remove_child(parent, mutation->view);
            view = find_view(mirror, mutation->view);
        }
        free(view->children);
        memset(view, 0, sizeof *view);
        break;
    default:
        break;
    }
}

void fz_mirror_compare(fz_mirror *mirror, frond_root *root) {
    size_t i, j;
    if (!mirror->synced) return;
    for (i = 0; i < mirror->count; i++) {
        fz_view *view = &mirror->views[i];
        size_t count = 0;
        if (!view->alive) continue;
        if (i != 0 && !view->has_parent) continue;  /* detached views are not readable */
        if (frond_root_get_child_count(&count, root, view->id) != FROND_OK) {
            fz_fail("frond_root_get_child_count of mounted view %llu failed: %s", (unsigned long long)view->id,
                    frond_last_error_message());
        }
        if (count != view->count) {
            fz_fail("view %llu has %zu children, the host was told %zu", (unsigned long long)view->id, count, view->count);
        }
        for (j = 0; j < count; j++) {
            uint64_t child = 0;
            if (frond_root_get_child(&child, root, view->id, j) != FROND_OK) fz_fail("frond_root_get_child failed");
            if (child != view->children[j]) {
                fz_fail("view %llu's child %zu is %llu, the host was told %llu", (unsigned long long)view->id, j,
                        (unsigned long long)child, (unsigned long long)view->children[j]);
            }
        }
    }
}

/* ---- host callbacks ------------------------------------------------------------------ */

static fz_root_record *host_record(frond_root *root, void *user_data, const char *callback) {
    fz_token *token = fz_token_check(user_data, FZ_TOKEN_USER_DATA, callback);
    fz_root_record *record = token->ref;
    if (record == NULL) fz_fail("%s: the host token has no root", callback);
    if (record->root != root) fz_fail("%s got root %p, the host was set on %p", callback, (void *)root, (void *)record->root);
    return record;
}

static frond_status hook(fz_root_record *record, int where) {
    return fz_host_hook != NULL && !fz_tearing_down ? fz_host_hook(record, where) : FROND_OK;
}

frond_status fz_host_begin(frond_root *root, void *user_data) {
    return hook(host_record(root, user_data, "host begin_commit"), 0);
}

frond_status fz_host_apply(frond_root *root, const frond_mutation *mutation, void *user_data) {
    fz_root_record *record = host_record(root, user_data, "host apply");
    if (mutation == NULL) fz_fail("host apply got no mutation");
    fz_mirror_apply(&record->mirror, mutation);
    return hook(record, 1);
}

frond_status fz_host_apply_batch(frond_root *root, const frond_mutation *mutations, size_t count, void *user_data) {
    fz_root_record *record = host_record(root, user_data, "host apply_batch");
    size_t i;
    if (count > 0 && mutations == NULL) fz_fail("host apply_batch got %zu mutations and no array", count);
    for (i = 0; i < count; i++) fz_mirror_apply(&record->mirror, &mutations[i]);
    return hook(record, 1);
}

frond_status fz_host_end(frond_root *root, void *user_data) {
    return hook(host_record(root, user_data, "host end_commit"), 2);
}
