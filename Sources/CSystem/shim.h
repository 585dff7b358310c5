// Linux system calls that Glibc's Swift module does not export.
#ifndef QRTUI_CSYSTEM_SHIM_H
#define QRTUI_CSYSTEM_SHIM_H
#include <sys/signalfd.h>
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <errno.h>
#include <stdint.h>
#include <signal.h>
#include <unistd.h>
#include <string.h>

// Declared only under _GNU_SOURCE, which the module cannot set for everyone.
extern int pipe2(int pipefd[2], int flags);
extern pid_t gettid(void);
extern int pthread_setname_np(pthread_t thread, const char *name);

#include <spawn.h>
#include <sys/ioctl.h>
#include <termios.h>
enum { QRTUI_POSIX_SPAWN_SETSID = 0x80 };  // POSIX_SPAWN_SETSID, declared under _GNU_SOURCE only
// glibc 2.34's, declared under _GNU_SOURCE only: a child closes every descriptor from `from` on.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
/// A pseudoterminal's master, `columns` x `rows`, its slave's path in `path`; -1 on failure.
extern int posix_openpt(int flags);
extern int grantpt(int fd);
extern int unlockpt(int fd);
extern int ptsname_r(int fd, char *buf, size_t buflen);
static inline int qrtui_open_pseudoterminal(int columns, int rows, char *path, size_t length) {
    int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master < 0) return -1;
    struct winsize size = {(unsigned short)rows, (unsigned short)columns, 0, 0};
    if (grantpt(master) != 0 || unlockpt(master) != 0 || ptsname_r(master, path, length) != 0 ||
        ioctl(master, TIOCSWINSZ, &size) != 0) {
        int saved = errno;
        close(master);
        errno = saved;
        return -1;
    }
    return master;
}

#include <linux/stat.h>
#include <sys/syscall.h>
/// When `name` in `directory` (no link followed) was made, in `made`: 1 where the file system
/// keeps a birth time, else 0 (statx(2), declared under _GNU_SOURCE only).
static inline int qrtui_birth_time(int directory, const char *name, struct timespec *made) {
    struct statx info;
    if (syscall(SYS_statx, directory, name, AT_SYMLINK_NOFOLLOW, STATX_BTIME, &info) != 0 ||
        !(info.stx_mask & STATX_BTIME))
        return 0;
    made->tv_sec = info.stx_btime.tv_sec;
    made->tv_nsec = info.stx_btime.tv_nsec;
    return 1;
}

#include <sys/prctl.h>
/// This process adopts what its descendants leave orphaned (PR_SET_CHILD_SUBREAPER), and gets
/// `signal` when the thread that started it ends (PR_SET_PDEATHSIG): prctl is variadic.
static inline int qrtui_become_subreaper(int signal) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0 && prctl(PR_SET_PDEATHSIG, signal, 0, 0, 0) == 0 ? 0 : -1;
}

static inline int qrtui_signalfd(int fd, const sigset_t *mask, int flags) { return signalfd(fd, mask, flags); }
static inline pid_t qrtui_gettid(void) { return gettid(); }
static inline int qrtui_pipe2(int *ends, int flags) { return pipe2(ends, flags); }
static inline int qrtui_limit_malloc_arenas(int count) { return mallopt(M_ARENA_MAX, count); }
static inline int qrtui_fix_malloc_thresholds(int map, int trim) {
    return mallopt(M_MMAP_THRESHOLD, map) == 1 && mallopt(M_TRIM_THRESHOLD, trim) == 1;
}
static inline int qrtui_release_free_heap(void) { return malloc_trim(0); }
/// Bytes malloc has handed out and not had back (its arenas' and the blocks mapped apart).
static inline size_t qrtui_malloc_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
// fopencookie's functions, as glibc lays them out (its declaration needs _GNU_SOURCE too).
typedef ssize_t (*qrtui_cookie_write)(void *cookie, const char *bytes, size_t count);
typedef struct {
    void *read;
    qrtui_cookie_write write;
    void *seek;
    void *close;
} qrtui_cookie_functions;
extern FILE *qrtui_fopencookie(void *cookie, const char *mode, qrtui_cookie_functions functions) __asm__("fopencookie");

/// Makes `with` the C library's stderr stream (what fprintf(stderr) writes to), returning the one before.
static inline FILE *qrtui_swap_stderr(FILE *with) {
    FILE *before = stderr;
    stderr = with;
    return before;
}

/// An allocation that failed leaves errno at ENOMEM when Swift's runtime aborts: that ends the
/// process with exit 1 and a line saying why (after the runtime's own), not a crash report.
/// Any other abort goes on to the handler there was (Swift's backtracer).
static inline struct sigaction *qrtui_abort_previous(void) {
    static struct sigaction previous;
    return &previous;
}

/// The status memory running out ends with: 1, or the one the run has already decided (a code
/// read and printed with --once ends 0, whatever a thread still at work fails to allocate).
static inline int *qrtui_memory_exit_status(void) {
    static int status = 1;
    return &status;
}

static inline void qrtui_set_memory_exit_status(int status) {
    __atomic_store_n(qrtui_memory_exit_status(), status, __ATOMIC_SEQ_CST);
}

/// Memory ran out: the line saying so, and the run's status.
static inline void qrtui_exit_out_of_memory(void) {
    static const char message[] = "qrtui: out of memory: an allocation failed (too little memory allowed? see ulimit -v)\n";
    ssize_t ignored = write(2, message, sizeof message - 1);
    (void)ignored;
    _exit(__atomic_load_n(qrtui_memory_exit_status(), __ATOMIC_SEQ_CST));
}

static inline void qrtui_abort_handler(int number) {
    if (errno == ENOMEM) qrtui_exit_out_of_memory();
    sigaction(number, qrtui_abort_previous(), NULL);
    raise(number);
}

/// zbar does not check every allocation: one that failed is dereferenced as NULL. A bad access
/// near address 0 on a thread whose last failure was ENOMEM is memory running out too, and
/// ends the same way; any other goes on to the handler there was.
static inline struct sigaction *qrtui_segv_previous(void) {
    static struct sigaction previous;
    return &previous;
}

static inline void qrtui_segv_handler(int number, siginfo_t *info, void *context) {
    (void)context;
    if (errno == ENOMEM && info != NULL && (uintptr_t)info->si_addr < 65536) qrtui_exit_out_of_memory();
    sigaction(number, qrtui_segv_previous(), NULL);
    // The fault comes back when the instruction runs again; a sent signal must be sent again.
    if (info == NULL || info->si_code <= 0) raise(number);
}

static inline void qrtui_exit_when_memory_runs_out(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = qrtui_abort_handler;
    action.sa_flags = SA_NODEFER;
    sigemptyset(&action.sa_mask);
    sigaction(SIGABRT, &action, qrtui_abort_previous());
    struct sigaction fault;
    memset(&fault, 0, sizeof fault);
    fault.sa_sigaction = qrtui_segv_handler;
    fault.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&fault.sa_mask);
    sigaction(SIGSEGV, &fault, qrtui_segv_previous());
}

static inline int qrtui_name_thread(const char *name) { return pthread_setname_np(pthread_self(), name); }
#endif
