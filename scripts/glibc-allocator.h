// glibc's own allocator entry points, which the preloaded shims in this directory (allocation-counter.c,
// heap-sites.c) forward every call to after counting or recording it.
#ifndef MEDIATIONKIT_GLIBC_ALLOCATOR_H
#define MEDIATIONKIT_GLIBC_ALLOCATOR_H

#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

#endif
