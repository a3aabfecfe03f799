// A malloc counter for `mediation bench --overhead` on glibc: build it as a shared object and preload it, and the
// bench reports allocations and bytes requested per load beside its timings (docs/performance.md).
//
//   cc -O2 -shared -fPIC scripts/allocation-counter.c -o /tmp/allocation-counter.so
//   LD_PRELOAD=/tmp/allocation-counter.so .build/release/mediation bench --requests 20 --strategy sequential --overhead
//
// It forwards every call to glibc's own allocator and counts with relaxed atomics; nothing in the package links it.
#define _GNU_SOURCE
#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

#include "glibc-allocator.h"

static _Atomic unsigned long long allocations;
static _Atomic unsigned long long bytes;

static void count(size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&bytes, size, memory_order_relaxed);
}

void *malloc(size_t size) {
    count(size);
    return __libc_malloc(size);
}

void *calloc(size_t number, size_t size) {
    count(number * size);
    return __libc_calloc(number, size);
}

void *realloc(void *pointer, size_t size) {
    count(size);
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    count(size);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void free(void *pointer) { __libc_free(pointer); }

/// Allocations counted so far (read by the bench through dlsym).
unsigned long long mediation_preload_allocation_count(void) {
    return atomic_load_explicit(&allocations, memory_order_relaxed);
}

/// Bytes requested so far.
unsigned long long mediation_preload_allocation_bytes(void) {
    return atomic_load_explicit(&bytes, memory_order_relaxed);
}
