#include "CHeapStatistics.h"

#if defined(__linux__) || defined(__APPLE__)
#include <dlfcn.h>
#endif

typedef unsigned long long (*mediation_counter_function)(void);

static mediation_counter_function lookup(const char *name) {
#if defined(__linux__) || defined(__APPLE__)
    return (mediation_counter_function)dlsym(RTLD_DEFAULT, name);
#else
    (void)name;
    return NULL;
#endif
}

long long mediation_allocation_count(void) {
    static mediation_counter_function function;
    if (function == NULL) function = lookup("mediation_preload_allocation_count");
    return function == NULL ? -1 : (long long)function();
}

long long mediation_allocation_bytes(void) {
    static mediation_counter_function function;
    if (function == NULL) function = lookup("mediation_preload_allocation_bytes");
    return function == NULL ? -1 : (long long)function();
}
