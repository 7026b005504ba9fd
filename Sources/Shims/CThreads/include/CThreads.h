// Naming a thread: glibc declares pthread_setname_np only under _GNU_SOURCE, which Swift's
// Glibc module is not built with.
#ifndef TESSERA_CTHREADS_H
#define TESSERA_CTHREADS_H

#include <pthread.h>

/// Names `thread` `name` (Linux keeps 15 bytes; a longer name is cut). Returns 0 or an errno.
int tessera_name_thread(pthread_t thread, const char *name);

#endif
