// See CSandbox.h. The filter is a list of what decoding needs; everything else fails with EPERM
// (not a kill, so that a library probing for something optional carries on without it).
#define _GNU_SOURCE
#include "CSandbox.h"
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <seccomp.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

static int write_text(const char *path, const char *text) {
    int descriptor = open(path, O_WRONLY | O_CLOEXEC);
    if (descriptor < 0) return errno;
    ssize_t length = (ssize_t)strlen(text);
    int result = write(descriptor, text, (size_t)length) == length ? 0 : errno;
    close(descriptor);
    return result;
}

int tessera_sandbox_enter_namespaces(void) {
    uid_t uid = getuid();
    gid_t gid = getgid();
    if (unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC) != 0) return errno;
    char map[64];
    int result = write_text("/proc/self/setgroups", "deny");
    if (result != 0 && result != ENOENT) return result;
    snprintf(map, sizeof map, "%u %u 1", (unsigned)uid, (unsigned)uid);
    if ((result = write_text("/proc/self/uid_map", map)) != 0) return result;
    snprintf(map, sizeof map, "%u %u 1", (unsigned)gid, (unsigned)gid);
    return write_text("/proc/self/gid_map", map);
}

int tessera_sandbox_empty_root(void) {
    // Nothing done here reaches the system's mounts: the namespace's mounts are made private first.
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) return errno;
    if (mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=4k,mode=0555") != 0) return errno;
    if (chdir("/tmp") != 0) return errno;
    // The tmpfs becomes the root, and the old root, stacked under it, is let go.
    if (syscall(SYS_pivot_root, ".", ".") != 0) return errno;
    if (umount2(".", MNT_DETACH) != 0) return errno;
    if (chdir("/") != 0) return errno;
    if (mount(NULL, "/", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0) return errno;
    return 0;
}

int tessera_sandbox_limit_cpu_from_now(unsigned int seconds) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return errno;
    struct rlimit limit;
    if (getrlimit(RLIMIT_CPU, &limit) != 0) return errno;
    rlim_t used = (rlim_t)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + 1);
    limit.rlim_cur = used + seconds;
    if (limit.rlim_max != RLIM_INFINITY && limit.rlim_cur > limit.rlim_max) limit.rlim_cur = limit.rlim_max;
    return setrlimit(RLIMIT_CPU, &limit) == 0 ? 0 : errno;
}

/// The system calls a decode makes once its libraries are loaded: memory, threads, time, the
/// descriptors already open, sealed memory files for the pixels, and the signals that end it.
static const int allowed[] = {
    SCMP_SYS(read), SCMP_SYS(readv), SCMP_SYS(pread64), SCMP_SYS(write), SCMP_SYS(writev),
    SCMP_SYS(pwrite64), SCMP_SYS(close), SCMP_SYS(lseek), SCMP_SYS(fcntl), SCMP_SYS(fstat),
    SCMP_SYS(ftruncate), SCMP_SYS(poll), SCMP_SYS(ppoll), SCMP_SYS(recvfrom), SCMP_SYS(recvmsg), SCMP_SYS(sendmsg),
    SCMP_SYS(memfd_create),
    SCMP_SYS(mmap), SCMP_SYS(munmap), SCMP_SYS(mremap), SCMP_SYS(mprotect), SCMP_SYS(madvise),
    SCMP_SYS(brk), SCMP_SYS(membarrier),
    SCMP_SYS(futex), SCMP_SYS(set_robust_list), SCMP_SYS(get_robust_list), SCMP_SYS(rseq),
    SCMP_SYS(sched_yield), SCMP_SYS(sched_getaffinity), SCMP_SYS(set_tid_address),
    SCMP_SYS(getpid), SCMP_SYS(gettid), SCMP_SYS(getuid), SCMP_SYS(geteuid), SCMP_SYS(getgid),
    SCMP_SYS(getegid), SCMP_SYS(uname), SCMP_SYS(sysinfo), SCMP_SYS(getrandom),
    SCMP_SYS(clock_gettime), SCMP_SYS(clock_getres), SCMP_SYS(clock_nanosleep), SCMP_SYS(nanosleep),
    SCMP_SYS(gettimeofday), SCMP_SYS(getrusage), SCMP_SYS(getrlimit), SCMP_SYS(setrlimit),
    SCMP_SYS(prlimit64),
    SCMP_SYS(rt_sigaction), SCMP_SYS(rt_sigprocmask), SCMP_SYS(rt_sigreturn), SCMP_SYS(sigaltstack),
    SCMP_SYS(restart_syscall), SCMP_SYS(exit), SCMP_SYS(exit_group),
};

/// What GStreamer asks besides, once its plugins are loaded: its buses' and tasks' wake-ups
/// (a socket pair or an event counter between its own threads, pipes), thread names and
/// priorities.
static const int allowed_for_media[] = {
    SCMP_SYS(eventfd2), SCMP_SYS(pipe2), SCMP_SYS(prctl), SCMP_SYS(getcpu),
    SCMP_SYS(sched_getparam), SCMP_SYS(sched_getscheduler), SCMP_SYS(sched_setscheduler),
    SCMP_SYS(getpriority), SCMP_SYS(setpriority), SCMP_SYS(dup), SCMP_SYS(dup3),
};

static int confine(unsigned long long address_space, int media) {
    struct rlimit limit = { address_space, address_space };
    if (setrlimit(RLIMIT_AS, &limit) != 0) return errno;
    // No core files: a helper ended by a picture leaves nothing behind.
    struct rlimit none = { 0, 0 };
    setrlimit(RLIMIT_CORE, &none);
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return errno;

    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ERRNO(EPERM));
    if (!filter) return ENOMEM;
    int result = 0;
    for (size_t index = 0; index < sizeof allowed / sizeof allowed[0] && result == 0; index++) {
        result = -seccomp_rule_add(filter, SCMP_ACT_ALLOW, allowed[index], 0);
    }
    for (size_t index = 0; media && index < sizeof allowed_for_media / sizeof allowed_for_media[0] && result == 0; index++) {
        result = -seccomp_rule_add(filter, SCMP_ACT_ALLOW, allowed_for_media[index], 0);
    }
    // A socket pair between its own threads, never a socket that reaches out.
    if (media && result == 0) result = -seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(socketpair), 1,
                                                         SCMP_A0(SCMP_CMP_EQ, AF_UNIX));
    // A thread, never a process: clone only with CLONE_THREAD; clone3's flags sit in memory the
    // filter cannot read, so it is "not implemented" and the C library falls back to clone.
    if (result == 0) result = -seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1,
                                                SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD));
    if (result == 0) result = -seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
    // fstat by descriptor only (the C library asks newfstatat with an empty path), never by name.
    if (result == 0) result = -seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(newfstatat), 1,
                                                SCMP_A3(SCMP_CMP_MASKED_EQ, AT_EMPTY_PATH, AT_EMPTY_PATH));
    // Signals to its own threads only (abort), never to another process.
    if (result == 0) result = -seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1,
                                                SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)getpid()));
    if (result == 0) result = -seccomp_load(filter);
    seccomp_release(filter);
    return result;
}

int tessera_sandbox_confine(unsigned long long address_space) { return confine(address_space, 0); }

int tessera_sandbox_confine_media(unsigned long long address_space) { return confine(address_space, 1); }
