// Confinement of the picture decoder and the video poster reader (tessera-decoder,
// tessera-poster), in two steps: namespaces while the process is still single-threaded, then,
// once every library it needs is loaded, an empty root, no new privileges, resource limits and
// a system-call filter (libseccomp).
#ifndef TESSERA_CSANDBOX_H
#define TESSERA_CSANDBOX_H

#include <stddef.h>

/// New user, network, mount and IPC namespaces (the helper's own, with the same user inside).
/// Returns 0, or the errno that refused them (user namespaces turned off, or a container's
/// filter): the helper then runs with the system-call filter alone.
int tessera_sandbox_enter_namespaces(void);

/// Makes an empty, read-only tmpfs the helper's whole file system (after
/// tessera_sandbox_enter_namespaces succeeded). Returns 0 or an errno.
int tessera_sandbox_empty_root(void);

/// No new privileges, the address-space limit (bytes), and the filter: afterwards the process can
/// read and write the descriptors it has, map memory, make threads and sealed memory files, and
/// nothing that opens a file, a socket or a process. Returns 0 or an errno.
int tessera_sandbox_confine(unsigned long long address_space);

/// The same for the video poster reader once GStreamer and its plugins are loaded: besides,
/// what GStreamer's threads ask of each other (event counters, pipes, a Unix socket pair), thread
/// names and priorities. Returns 0 or an errno.
int tessera_sandbox_confine_media(unsigned long long address_space);

/// Sets the CPU-time limit to `seconds` beyond what the process has used so far (SIGXCPU, which
/// ends it, once passed). Returns 0 or an errno.
int tessera_sandbox_limit_cpu_from_now(unsigned int seconds);

#endif
