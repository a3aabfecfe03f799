// What each heap reading of `mediation bench --heap-stages` holds, by allocation site, on glibc: build it as a
// shared object, preload it, and symbolise its output with scripts/heap-sites.py (docs/performance.md).
//
//   cc -O2 -shared -fPIC scripts/heap-sites.c -o /tmp/heap-sites.so -ldl -lpthread
//   rm -rf /tmp/heap-sites && mkdir /tmp/heap-sites
//   export HEAP_SITES_DIR=/tmp/heap-sites
//   LD_PRELOAD=/tmp/heap-sites.so .build/release/mediation bench --requests 10 --strategy sequential --heap-stages
//   python3 scripts/heap-sites.py /tmp/heap-sites .build/release/mediation
//
// The bench reads the heap with `mallinfo2`. At each such call this shim writes reading-N.txt: every allocation made
// since the call before that is still live, as its requested size, its usable size and the return addresses of its
// call stack. It also writes maps.txt (the process's mappings, to turn addresses into file offsets). Every call
// to the allocator is forwarded to glibc's; nothing in the package links this file. It is slow (a stack walk per
// allocation): use it to see what a stage holds, never to time anything.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glibc-allocator.h"

enum { frameCount = 10, tableSize = 1 << 22 };

// One live allocation. A freed slot keeps `pointer == tombstone` so that probing goes on past it.
typedef struct {
    void *pointer;
    size_t size;
    unsigned reading;
    void *frames[frameCount];
} Site;

static void *const tombstone = (void *)1;
static Site *table;
static unsigned readingNumber;
static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
// Set while the shim itself allocates (the stack walk, writing a file): those allocations are not recorded.
static __thread int insideShim __attribute__((tls_model("initial-exec")));

static size_t slotOf(void *pointer) { return (size_t)(((uintptr_t)pointer >> 4) * 2654435761u) % tableSize; }

static void record(void *pointer, size_t size) {
    if (pointer == NULL || insideShim) return;
    insideShim = 1;
    void *frames[frameCount + 2];
    int depth = backtrace(frames, frameCount + 2);
    pthread_mutex_lock(&mutex);
    if (table == NULL) table = __libc_calloc(tableSize, sizeof(Site));
    if (table != NULL) {
        size_t slot = slotOf(pointer);
        while (table[slot].pointer != NULL && table[slot].pointer != tombstone) slot = (slot + 1) % tableSize;
        Site *site = &table[slot];
        site->pointer = pointer;
        site->size = size;
        site->reading = readingNumber;
        memset(site->frames, 0, sizeof(site->frames));
        // Frames 0 and 1 are this function and the shim's allocator entry.
        for (int frame = 2; frame < depth && frame - 2 < frameCount; frame++) site->frames[frame - 2] = frames[frame];
    }
    pthread_mutex_unlock(&mutex);
    insideShim = 0;
}

static void forget(void *pointer) {
    if (pointer == NULL || insideShim || table == NULL) return;
    pthread_mutex_lock(&mutex);
    size_t slot = slotOf(pointer);
    while (table[slot].pointer != NULL) {
        if (table[slot].pointer == pointer) {
            table[slot].pointer = tombstone;
            break;
        }
        slot = (slot + 1) % tableSize;
    }
    pthread_mutex_unlock(&mutex);
}

void *malloc(size_t size) {
    void *pointer = __libc_malloc(size);
    record(pointer, size);
    return pointer;
}

void *calloc(size_t count, size_t size) {
    void *pointer = __libc_calloc(count, size);
    record(pointer, count * size);
    return pointer;
}

void *realloc(void *old, size_t size) {
    forget(old);
    void *pointer = __libc_realloc(old, size);
    record(pointer, size);
    return pointer;
}

void *memalign(size_t alignment, size_t size) {
    void *pointer = __libc_memalign(alignment, size);
    record(pointer, size);
    return pointer;
}

void *aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    record(pointer, size);
    *result = pointer;
    return 0;
}

void free(void *pointer) {
    forget(pointer);
    __libc_free(pointer);
}

// Writes the allocations of the current reading still live, and the mappings once. Called with the mutex held.
static void writeReading(void) {
    const char *directory = getenv("HEAP_SITES_DIR");
    if (directory == NULL || table == NULL) return;
    char path[4096];
    snprintf(path, sizeof(path), "%s/reading-%u.txt", directory, readingNumber);
    FILE *file = fopen(path, "w");
    if (file == NULL) return;
    for (size_t slot = 0; slot < tableSize; slot++) {
        Site *site = &table[slot];
        if (site->pointer == NULL || site->pointer == tombstone || site->reading != readingNumber) continue;
        fprintf(file, "%zu %zu", site->size, malloc_usable_size(site->pointer));
        for (int frame = 0; frame < frameCount; frame++) fprintf(file, " %lx", (unsigned long)site->frames[frame]);
        fputc('\n', file);
    }
    fclose(file);
    snprintf(path, sizeof(path), "%s/maps.txt", directory);
    if (readingNumber == 0) {
        FILE *maps = fopen("/proc/self/maps", "r");
        FILE *copy = fopen(path, "w");
        char buffer[4096];
        size_t count;
        while (maps != NULL && copy != NULL && (count = fread(buffer, 1, sizeof(buffer), maps)) > 0) {
            fwrite(buffer, 1, count, copy);
        }
        if (maps != NULL) fclose(maps);
        if (copy != NULL) fclose(copy);
    }
}

struct mallinfo2 mallinfo2(void) {
    insideShim = 1;
    pthread_mutex_lock(&mutex);
    writeReading();
    readingNumber++;
    pthread_mutex_unlock(&mutex);
    insideShim = 0;
    struct mallinfo2 (*glibcMallinfo2)(void) = (struct mallinfo2(*)(void))dlsym(RTLD_NEXT, "mallinfo2");
    return glibcMallinfo2();
}
