// Linux system calls that Glibc's Swift module does not export.
#ifndef QRTUI_CSYSTEM_SHIM_H
#define QRTUI_CSYSTEM_SHIM_H
#include <sys/signalfd.h>
#include <fcntl.h>
#include <malloc.h>

// Declared only under _GNU_SOURCE, which the module cannot set for everyone.
extern int pipe2(int pipefd[2], int flags);
extern pid_t gettid(void);

static inline int qrtui_signalfd(int fd, const sigset_t *mask, int flags) { return signalfd(fd, mask, flags); }
static inline pid_t qrtui_gettid(void) { return gettid(); }
static inline int qrtui_pipe2(int *ends, int flags) { return pipe2(ends, flags); }
static inline int qrtui_limit_malloc_arenas(int count) { return mallopt(M_ARENA_MAX, count); }
static inline int qrtui_fix_malloc_thresholds(int map, int trim) {
    return mallopt(M_MMAP_THRESHOLD, map) == 1 && mallopt(M_TRIM_THRESHOLD, trim) == 1;
}
static inline int qrtui_release_free_heap(void) { return malloc_trim(0); }
#endif
