/* What the C demos share: stopping on a failed call, a host that prints every mutation,
 * and small builders. A demo sets `demo_name` first thing in main. */
#ifndef FROND_DEMO_HOST_H
#define FROND_DEMO_HOST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frond.h"

static const char *demo_name;

/* Stops the demo with the failing call's message. */
static inline void must(frond_status status, const char *what) {
    if (status != FROND_OK) {
        fprintf(stderr, "%s: %s: %s: %s\n", demo_name, what, frond_status_name(status), frond_last_error_message());
        exit(1);
    }
}

/* ---- the host: prints each mutation ------------------------------------------ */

static inline frond_status print_mutation(frond_root *root, const frond_mutation *m, void *user_data) {
    size_t i;
    (void)root; (void)user_data;
    switch (m->kind) {
    case FROND_MUTATION_CREATE: printf("  create  v%llu %s\n", (unsigned long long)m->view, m->view_type); break;
    case FROND_MUTATION_UPDATE:
        printf("  update  v%llu", (unsigned long long)m->view);
        for (i = 0; i < m->set_count; i++) {
            const frond_attribute *a = &m->set[i];
            if (a->kind == FROND_ATTRIBUTE_STRING) printf(" %s=\"%s\"", a->name, a->string);
            else if (a->kind == FROND_ATTRIBUTE_NUMBER) printf(" %s=%g", a->name, a->number);
            else if (a->kind == FROND_ATTRIBUTE_ACTION) printf(" %s=action:%s", a->name, a->string);
            else if (a->kind == FROND_ATTRIBUTE_BOOL) printf(" %s=%s", a->name, a->boolean ? "true" : "false");
            else printf(" %s=…", a->name);
        }
        for (i = 0; i < m->unset_count; i++) printf(" -%s", m->unset[i]);
        printf("\n");
        break;
    case FROND_MUTATION_SET_FRAME:
        printf("  frame   v%llu (%g, %g, %g×%g)\n", (unsigned long long)m->view, m->frame.left, m->frame.top,
               m->frame.width, m->frame.height);
        break;
    case FROND_MUTATION_INSERT:
        printf("  insert  v%llu into v%llu at %zu\n", (unsigned long long)m->view, (unsigned long long)m->parent, m->index);
        break;
    case FROND_MUTATION_MOVE:
        printf("  move    v%llu in v%llu to %zu\n", (unsigned long long)m->view, (unsigned long long)m->parent, m->index);
        break;
    case FROND_MUTATION_REMOVE:
        printf("  remove  v%llu from v%llu\n", (unsigned long long)m->view, (unsigned long long)m->parent);
        break;
    case FROND_MUTATION_DESTROY: printf("  destroy v%llu\n", (unsigned long long)m->view); break;
    }
    return FROND_OK;
}

static inline frond_view_spec view_of(const char *type, const frond_attribute *attributes, size_t count) {
    frond_view_spec view;
    memset(&view, 0, sizeof view);
    view.struct_size = sizeof view;
    view.view_type = type;
    view.attributes = attributes;
    view.attribute_count = count;
    return view;
}

static inline frond_flex_child item(frond_component *component, float grow) {
    frond_flex_child child;
    memset(&child, 0, sizeof child);
    child.struct_size = sizeof child;
    child.component = component;
    child.flex_grow = grow;
    return child;
}

/* Flushes the root, printing `what` and then the commit's mutations and counts. */
static inline void commit(frond_root *root, const char *what) {
    frond_commit_statistics statistics;
    size_t mutations = 0;
    printf("%s\n", what);
    must(frond_root_flush(root, &mutations), "frond_root_flush");
    memset(&statistics, 0, sizeof statistics);
    statistics.struct_size = sizeof statistics;
    must(frond_root_get_statistics(&statistics, root), "frond_root_get_statistics");
    printf("  -- %zu mutations; %zu renders, %zu subtrees reused, %zu nodes laid out\n\n", mutations,
           statistics.renders, statistics.reused_subtrees, statistics.layouts);
}

#endif /* FROND_DEMO_HOST_H */
