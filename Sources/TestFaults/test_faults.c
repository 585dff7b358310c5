// See include/test_faults.h. The real function is looked up lazily, on first use.
#define _GNU_SOURCE
#include "test_faults.h"
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <poll.h>
#include <sys/signalfd.h>
#include <time.h>
#include <zbar.h>

int signalfd(int fd, const sigset_t *mask, int flags) {
    const char *fault = getenv("QRTUI_FAULT_SIGNALFD");
    if (fault && *fault) {
        errno = EMFILE;
        return -1;
    }
    static int (*real)(int, const sigset_t *, int);
    if (!real) real = (int (*)(int, const sigset_t *, int))dlsym(RTLD_NEXT, "signalfd");
    return real(fd, mask, flags);
}

/// QRTUI_FAULT_CRASH_POLLS=N: the Nth poll(2) of the process crashes it (a bad access), as a
/// bug would, for tests of what a crash leaves on the terminal.
int poll(struct pollfd *fds, nfds_t count, int timeout) {
    static int (*real)(struct pollfd *, nfds_t, int);
    static int calls;
    const char *fault = getenv("QRTUI_FAULT_CRASH_POLLS");
    if (fault && *fault && __atomic_add_fetch(&calls, 1, __ATOMIC_RELAXED) == atoi(fault)) {
        // QRTUI_FAULT_CRASH_AS_NO_MEMORY: as zbar does when an allocation failed (NULL used).
        if (getenv("QRTUI_FAULT_CRASH_AS_NO_MEMORY")) errno = ENOMEM;
        volatile int *nowhere = NULL;
        *nowhere = 1;
    }
    if (!real) real = (int (*)(struct pollfd *, nfds_t, int))dlsym(RTLD_NEXT, "poll");
    return real(fds, count, timeout);
}

/// QRTUI_FAULT_STUCK_READ=S: every zbar_scan_image(3) sleeps S seconds first, as a read stuck
/// on a picture that costs minutes would (the screen must still end at once on a key); with
/// QRTUI_FAULT_STUCK_AFTER=N, every one after the first N.
int zbar_scan_image(zbar_image_scanner_t *scanner, zbar_image_t *image) {
    static int (*real)(zbar_image_scanner_t *, zbar_image_t *);
    static int calls;
    const char *fault = getenv("QRTUI_FAULT_STUCK_READ");
    const char *after = getenv("QRTUI_FAULT_STUCK_AFTER");
    int call = __atomic_add_fetch(&calls, 1, __ATOMIC_RELAXED);
    if (fault && *fault && (!after || call > atoi(after))) {
        struct timespec stuck = {atoi(fault), 0};
        while (nanosleep(&stuck, &stuck) != 0 && errno == EINTR) {}
    }
    if (!real) real = (int (*)(zbar_image_scanner_t *, zbar_image_t *))dlsym(RTLD_NEXT, "zbar_scan_image");
    return real(scanner, image);
}
