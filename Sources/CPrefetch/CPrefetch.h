/* Software prefetch for the engine's tree walks. A pass over a tree larger than the
 * processor's caches misses on every node it reaches; asking for the next nodes' lines a
 * few nodes ahead lets those misses overlap instead of waiting for each in turn.
 * A prefetch never faults and changes nothing but the caches, so a stale or wrong
 * address costs only bandwidth. Static inline: nothing here is exported by libfrond. */
#ifndef FROND_CPREFETCH_H
#define FROND_CPREFETCH_H

#include <stdint.h>

/* Asks for every 64-byte line of [start, start + bytes) to be read into the caches: an
 * address every 64 bytes from the start (each in the line after the one before), and the
 * last byte, whose line the others miss when the span does not start on a line. With a
 * constant `bytes` (as the engine's callers pass) the compiler unrolls the loop into that
 * many prefetch instructions and nothing else. */
static inline void frond_prefetch_bytes(const void *start, long bytes) {
    const char *first = (const char *)start;
    if (bytes <= 0) return;
    for (long offset = 0; offset < bytes; offset += 64) __builtin_prefetch(first + offset, 0, 3);
    __builtin_prefetch(first + (bytes - 1), 0, 3);
}

#endif
