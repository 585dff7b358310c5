// The symbols the fake replaces. Calls about a fake device are answered here; all others
// go to the real functions.
#include "fake_internal.h"
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

static int open_fake(const char *path, int flags, int *handled) {
    fake_device *device = fake_find_device(path);
    *handled = device != NULL;
    if (!device) return -1;
    return fake_device_open(device, flags);
}

/// The mode argument exists only when a file may be created.
#define OPEN_MODE(flags, mode) \
    mode_t mode = 0; \
    if ((flags) & (O_CREAT | O_TMPFILE)) { \
        va_list arguments; \
        va_start(arguments, flags); \
        mode = va_arg(arguments, mode_t); \
        va_end(arguments); \
    }

int open(const char *path, int flags, ...) {
    OPEN_MODE(flags, mode)
    int handled, fd = open_fake(path, flags, &handled);
    return handled ? fd : real_open(path, flags, mode);
}

int open64(const char *path, int flags, ...) {
    OPEN_MODE(flags, mode)
    int handled, fd = open_fake(path, flags, &handled);
    return handled ? fd : real_open(path, flags, mode);
}

int openat(int directory, const char *path, int flags, ...) {
    OPEN_MODE(flags, mode)
    int handled, fd = open_fake(path, flags, &handled);
    return handled ? fd : (int)real_syscall(SYS_openat, directory, (long)path, flags, mode, 0, 0);
}

int openat64(int directory, const char *path, int flags, ...) {
    OPEN_MODE(flags, mode)
    int handled, fd = open_fake(path, flags, &handled);
    return handled ? fd : (int)real_syscall(SYS_openat, directory, (long)path, flags, mode, 0, 0);
}

int close(int fd) {
    if (fake_handle_for(fd)) return fake_device_close(fd);
    return real_close(fd);
}

int ioctl(int fd, unsigned long request, ...) {
    va_list arguments;
    va_start(arguments, request);
    void *arg = va_arg(arguments, void *);
    va_end(arguments);
    fake_handle *handle = fake_handle_for(fd);
    if (handle) return fake_device_ioctl(handle, request, arg);
    return real_ioctl(fd, request, arg);
}

void *mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset) {
    fake_handle *handle = fake_handle_for(fd);
    if (handle) return fake_device_mmap(handle, addr, length, prot, flags, offset);
    return real_mmap(addr, length, prot, flags, fd, offset);
}

void *mmap64(void *addr, size_t length, int prot, int flags, int fd, off_t offset) {
    return mmap(addr, length, prot, flags, fd, offset);
}

int munmap(void *addr, size_t length) {
    int handled = 0, result = fake_device_munmap(addr, length, &handled);
    return handled ? result : real_munmap(addr, length);
}

/// libv4l2 reaches the kernel only through syscall(): answer those about fake devices.
long syscall(long number, ...) {
    va_list arguments;
    va_start(arguments, number);
    long a = va_arg(arguments, long), b = va_arg(arguments, long), c = va_arg(arguments, long);
    long d = va_arg(arguments, long), e = va_arg(arguments, long), f = va_arg(arguments, long);
    va_end(arguments);
    switch (number) {
    case SYS_openat: {
        int handled, fd = open_fake((const char *)b, (int)c, &handled);
        if (handled) return fd;
        break;
    }
    case SYS_open: {
        int handled, fd = open_fake((const char *)a, (int)b, &handled);
        if (handled) return fd;
        break;
    }
    case SYS_close:
        if (fake_handle_for((int)a)) return fake_device_close((int)a);
        break;
    case SYS_ioctl: {
        fake_handle *handle = fake_handle_for((int)a);
        if (handle) return fake_device_ioctl(handle, (unsigned long)b, (void *)c);
        break;
    }
    case SYS_mmap: {
        fake_handle *handle = fake_handle_for((int)e);
        if (handle) return (long)fake_device_mmap(handle, (void *)a, (size_t)b, (int)c, (int)d, (off_t)f);
        break;
    }
    case SYS_munmap: {
        int handled = 0;
        int result = fake_device_munmap((void *)a, (size_t)b, &handled);
        if (handled) return result;
        break;
    }
    default:
        break;
    }
    return real_syscall(number, a, b, c, d, e, f);
}

/// A glob of /dev/video* also finds the fake devices that are plugged in.
int glob(const char *pattern, int flags, int (*errfunc)(const char *, int), glob_t *result) {
    const fake_config *settings = fake_settings();
    int status = real_glob(pattern, flags, errfunc, result);
    if (settings->hide_real && (status == 0 || status == GLOB_NOMATCH)) {
        if (status == 0) globfree(result);
        status = GLOB_NOMATCH;
    }
    if (settings->device_count == 0 || (status != 0 && status != GLOB_NOMATCH)) return status;
    if (status == GLOB_NOMATCH) {
        result->gl_pathc = 0;
        result->gl_pathv = NULL;
        result->gl_offs = 0;
    }
    for (int i = 0; i < settings->device_count; i++) {
        fake_device *device = fake_find_device(settings->devices[i].path);
        if (!device || !device->present || fnmatch(pattern, device->path, FNM_PATHNAME) != 0) continue;
        char **paths = realloc(result->gl_pathv, (result->gl_offs + result->gl_pathc + 2) * sizeof(char *));
        if (!paths) break;
        result->gl_pathv = paths;
        paths[result->gl_offs + result->gl_pathc++] = strdup(device->path);
        paths[result->gl_offs + result->gl_pathc] = NULL;
    }
    return result->gl_pathc > 0 ? 0 : status;
}
