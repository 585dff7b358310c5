// See include/test_faults.h. The real function is looked up lazily, on first use.
#define _GNU_SOURCE
#include "test_faults.h"
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <sys/signalfd.h>

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
