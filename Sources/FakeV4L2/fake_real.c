// The real functions behind the fake, found lazily with dlsym(RTLD_NEXT) on first use:
// resolving them in a constructor crashes Swift programs at start.
#include "fake_internal.h"
#include <dlfcn.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

typedef int (*open_function)(const char *, int, ...);
typedef int (*close_function)(int);
typedef int (*ioctl_function)(int, unsigned long, ...);
typedef void *(*mmap_function)(void *, size_t, int, int, int, off_t);
typedef int (*munmap_function)(void *, size_t);
typedef long (*syscall_function)(long, ...);
typedef int (*glob_function)(const char *, int, int (*)(const char *, int), glob_t *);

#define REAL(type, name) \
    static type pointer; \
    if (!pointer) pointer = (type)dlsym(RTLD_NEXT, name);

int real_open(const char *path, int flags, mode_t mode) {
    REAL(open_function, "open")
    return pointer(path, flags, mode);
}

int real_close(int fd) {
    REAL(close_function, "close")
    return pointer(fd);
}

int real_ioctl(int fd, unsigned long request, void *arg) {
    REAL(ioctl_function, "ioctl")
    return pointer(fd, request, arg);
}

void *real_mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset) {
    REAL(mmap_function, "mmap")
    return pointer(addr, length, prot, flags, fd, offset);
}

int real_munmap(void *addr, size_t length) {
    REAL(munmap_function, "munmap")
    return pointer(addr, length);
}

long real_syscall(long number, long a, long b, long c, long d, long e, long f) {
    REAL(syscall_function, "syscall")
    return pointer(number, a, b, c, d, e, f);
}

int real_glob(const char *pattern, int flags, int (*errfunc)(const char *, int), glob_t *result) {
    REAL(glob_function, "glob")
    return pointer(pattern, flags, errfunc, result);
}
