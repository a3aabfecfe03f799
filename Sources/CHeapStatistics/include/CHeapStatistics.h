#ifndef C_HEAP_STATISTICS_H
#define C_HEAP_STATISTICS_H

#include <stddef.h>

/// Bytes the process's malloc heap has handed out and not yet freed (glibc's mallinfo2: arena and mmapped
/// chunks in use; the default zone's size in use on Apple platforms); 0 where the platform does not say.
size_t mediation_heap_bytes_in_use(void);

/// Allocations made so far, when scripts/allocation-counter.c is preloaded (LD_PRELOAD); -1 otherwise.
long long mediation_allocation_count(void);

/// Bytes requested from malloc so far, when scripts/allocation-counter.c is preloaded; -1 otherwise.
long long mediation_allocation_bytes(void);

#endif
