/* Software prefetch for the engine's tree walks. A pass over a tree larger than the
 * processor's caches misses on every node it reaches; asking for the next nodes' lines a
 * few nodes ahead lets those misses overlap instead of waiting for each in turn.
 * A prefetch never faults and changes nothing but the caches, so a stale or wrong
 * address costs only bandwidth. Static inline: nothing here is exported by libfrond. */
#ifndef FROND_CPREFETCH_H
#define FROND_CPREFETCH_H

#include <stdint.h>

/* Asks for every 64-byte line of [start, start + bytes) to be read into the caches. */
static inline void frond_prefetch_bytes(const void *start, long bytes) {
    uintptr_t line = (uintptr_t)start & ~(uintptr_t)63;
    uintptr_t end = (uintptr_t)start + (uintptr_t)(bytes > 0 ? bytes : 0);
    for (; line < end; line += 64) __builtin_prefetch((const void *)line, 0, 3);
}

#endif
