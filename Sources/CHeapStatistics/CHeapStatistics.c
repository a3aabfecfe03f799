#include "CHeapStatistics.h"

#if defined(__APPLE__)
#include <malloc/malloc.h>
#elif defined(__linux__)
// Defines __GLIBC__ on glibc systems (and declares mallinfo2 from glibc 2.33).
#include <malloc.h>
#endif

size_t mediation_heap_bytes_in_use(void) {
#if defined(__APPLE__)
    malloc_statistics_t statistics;
    malloc_zone_statistics(NULL, &statistics);
    return statistics.size_in_use;
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
#else
    return 0;
#endif
}
