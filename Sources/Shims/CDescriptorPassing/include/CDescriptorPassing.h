// A descriptor handed across a Unix socket (SCM_RIGHTS), and sealed memory files: how the picture
// decoder helper gives the app its pixels without copying them through the socket.
#ifndef TESSERA_CDESCRIPTORPASSING_H
#define TESSERA_CDESCRIPTORPASSING_H

#include <stddef.h>

/// Sends one byte carrying `descriptor`. Returns 0 or an errno.
int tessera_send_descriptor(int socket, int descriptor);

/// Receives one byte and the descriptor it carries (close-on-exec), waiting at most `timeout_ms`.
/// Returns the descriptor, or -1 with errno set (ETIMEDOUT, EPIPE when the socket ended, EBADMSG
/// when the byte came without a descriptor).
int tessera_receive_descriptor(int socket, int timeout_ms);

/// A new memory file of `size` bytes that can be sealed. Returns it or -1 with errno set.
int tessera_sealable_memory(size_t size);

/// Seals `descriptor` against writing, growing and shrinking, and against further seals.
int tessera_seal(int descriptor);

/// 1 when `descriptor` is a memory file sealed against writing and shrinking, of at least
/// `size` bytes; 0 otherwise.
int tessera_is_sealed(int descriptor, size_t size);

/// Seals `descriptor`'s size (against growing and shrinking, and further seals), leaving it
/// writable: a ring of video frames the helper keeps writing. Returns 0 or an errno.
int tessera_seal_size(int descriptor);

/// 1 when `descriptor` is a memory file sealed against shrinking, of at least `size` bytes (a
/// mapping of it then never faults for want of pages); 0 otherwise.
int tessera_is_size_sealed(int descriptor, size_t size);

#endif
