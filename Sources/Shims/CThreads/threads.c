#define _GNU_SOURCE
#include <pthread.h>
#include <string.h>

#include "CThreads.h"

int tessera_name_thread(pthread_t thread, const char *name) {
    char kept[16];
    strncpy(kept, name, sizeof kept - 1);
    kept[sizeof kept - 1] = '\0';
    return pthread_setname_np(thread, kept);
}
