#ifndef C_HEAP_STATISTICS_H
#define C_HEAP_STATISTICS_H

#include <stddef.h>

/// Bytes the process's malloc heap has handed out and not yet freed (glibc's mallinfo2: arena and mmapped
/// chunks in use; the default zone's size in use on Apple platforms); 0 where the platform does not say.
size_t mediation_heap_bytes_in_use(void);

#endif
