// See CDescriptorPassing.h. In C because the control-message macros have no Swift form.
#define _GNU_SOURCE
#include "CDescriptorPassing.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

int tessera_send_descriptor(int socket, int descriptor) {
    char byte = 0;
    struct iovec vector = { &byte, 1 };
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int))]; } control;
    memset(&control, 0, sizeof control);
    struct msghdr message = { 0 };
    message.msg_iov = &vector;
    message.msg_iovlen = 1;
    message.msg_control = control.space;
    message.msg_controllen = sizeof control.space;
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(header), &descriptor, sizeof(int));
    ssize_t sent;
    do { sent = sendmsg(socket, &message, MSG_NOSIGNAL); } while (sent < 0 && errno == EINTR);
    return sent == 1 ? 0 : errno;
}

int tessera_receive_descriptor(int socket, int timeout_ms) {
    struct pollfd ready = { socket, POLLIN, 0 };
    int polled;
    do { polled = poll(&ready, 1, timeout_ms); } while (polled < 0 && errno == EINTR);
    if (polled < 0) return -1;
    if (polled == 0) { errno = ETIMEDOUT; return -1; }
    char byte;
    struct iovec vector = { &byte, 1 };
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int))]; } control;
    struct msghdr message = { 0 };
    message.msg_iov = &vector;
    message.msg_iovlen = 1;
    message.msg_control = control.space;
    message.msg_controllen = sizeof control.space;
    ssize_t received;
    do { received = recvmsg(socket, &message, MSG_CMSG_CLOEXEC); } while (received < 0 && errno == EINTR);
    if (received < 0) return -1;
    if (received == 0) { errno = EPIPE; return -1; }
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    if (!header || header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS
        || header->cmsg_len != CMSG_LEN(sizeof(int)) || (message.msg_flags & MSG_CTRUNC)) {
        errno = EBADMSG;
        return -1;
    }
    int descriptor;
    memcpy(&descriptor, CMSG_DATA(header), sizeof(int));
    return descriptor;
}

int tessera_sealable_memory(size_t size) {
    int descriptor = memfd_create("tessera-pixels", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (descriptor < 0) return -1;
    if (ftruncate(descriptor, (off_t)size) != 0) {
        int saved = errno;
        close(descriptor);
        errno = saved;
        return -1;
    }
    return descriptor;
}

int tessera_seal(int descriptor) {
    return fcntl(descriptor, F_ADD_SEALS, F_SEAL_WRITE | F_SEAL_GROW | F_SEAL_SHRINK | F_SEAL_SEAL) == 0 ? 0 : errno;
}

int tessera_is_sealed(int descriptor, size_t size) {
    int seals = fcntl(descriptor, F_GET_SEALS);
    if (seals < 0 || (seals & (F_SEAL_WRITE | F_SEAL_SHRINK)) != (F_SEAL_WRITE | F_SEAL_SHRINK)) return 0;
    struct stat status;
    return fstat(descriptor, &status) == 0 && (size_t)status.st_size >= size;
}

int tessera_seal_size(int descriptor) {
    return fcntl(descriptor, F_ADD_SEALS, F_SEAL_GROW | F_SEAL_SHRINK | F_SEAL_SEAL) == 0 ? 0 : errno;
}

int tessera_is_size_sealed(int descriptor, size_t size) {
    int seals = fcntl(descriptor, F_GET_SEALS);
    if (seals < 0 || !(seals & F_SEAL_SHRINK)) return 0;
    struct stat status;
    return fstat(descriptor, &status) == 0 && (size_t)status.st_size >= size;
}
