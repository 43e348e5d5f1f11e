/* glibc's allocator statistics (mallinfo2), which Swift's Glibc module does not include:
 * the list benchmark's bytes per item. */
#include <malloc.h>
