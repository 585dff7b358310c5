// ncursesw for Swift. Every module that needs curses includes it through this header only,
// with the same defines (SwiftPM drops the -D flags from ncursesw.pc).
#ifndef QRTUI_CNCURSESW_SHIM_H
#define QRTUI_CNCURSESW_SHIM_H
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <langinfo.h>
#include <stdio.h>
#include <wchar.h>
#include <sys/ioctl.h>
#include <signal.h>
#include <termios.h>
#include <unistd.h>
#include <string.h>
#include <errno.h>
#include <poll.h>
#include <time.h>
#include <sys/syscall.h>
#include <ncursesw/curses.h>

// Attribute macros are built from other macros: Swift cannot import them.
static const attr_t QRTUI_A_NORMAL = A_NORMAL;
static const attr_t QRTUI_A_BOLD = A_BOLD;
static const attr_t QRTUI_A_DIM = A_DIM;
static const attr_t QRTUI_A_REVERSE = A_REVERSE;
static const attr_t QRTUI_A_UNDERLINE = A_UNDERLINE;

// C globals are not concurrency-safe in Swift 6: read them through functions.
static inline int qrtui_columns(void) { return COLS; }
static inline int qrtui_lines(void) { return LINES; }
static inline int qrtui_colors(void) { return COLORS; }
static inline int qrtui_color_pairs(void) { return COLOR_PAIRS; }
static inline WINDOW *qrtui_stdscr(void) { return stdscr; }

/// A parameterised capability (cup, setaf, setab) filled in: tiparm is variadic, which
/// Swift cannot call. The result lives in ncurses' own buffer until the next call.
static inline const char *qrtui_tiparm1(const char *capability, int a) { return tiparm(capability, a); }
static inline const char *qrtui_tiparm2(const char *capability, int a, int b) { return tiparm(capability, a, b); }
static inline int qrtui_has_flag(const char *name) { return tigetflag(name) > 0; }
/// Tells curses the physical screen is unknown: its next refresh clears it whole.
static inline void qrtui_forget_screen(void) { clearok(curscr, TRUE); }

/// Cell size in screen pixels, when the terminal reports it (0 otherwise).
static inline int qrtui_window_pixels(int fd, int *columns, int *rows, int *width, int *height) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *columns = size.ws_col; *rows = size.ws_row; *width = size.ws_xpixel; *height = size.ws_ypixel;
    return 0;
}
/// A crash while the screen is up (a fatal error, a bad access) would leave the terminal in
/// the alternate screen, raw and without a cursor, and the backtrace lost or drawn into the
/// screen. The handler writes the terminal's own reset, restores its modes and stderr, then
/// lets the previous handler (Swift's backtracer, or death) take the signal.
struct qrtui_crash_state {
    char reset[512];
    int reset_length;
    char removed[4][256];  /* files to remove (kitty's pictures left in shared memory or /tmp) */
    int removed_count;
    int crashed;      /* the terminal's writer thread writes nothing more */
    int writer_busy;  /* the writer's thread id while it is in write(2): the reset waits for it */
    int fd, stderr_saved, have_modes;
    struct termios modes;
    struct sigaction previous[NSIG];
};

/// One state for the process. A static inside this inline function would be one a Swift file
/// (each object file that uses it gets its own copy): the handler would never see the writer's
/// thread busy, nor the writer the crash. A weak definition is one the linker keeps once.
__attribute__((weak)) struct qrtui_crash_state qrtui_crash_shared = {.fd = -1, .stderr_saved = -1};

static inline struct qrtui_crash_state *qrtui_crash(void) { return &qrtui_crash_shared; }

static const int qrtui_crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT};

static inline void qrtui_crash_handler(int number, siginfo_t *info, void *context) {
    (void)context;
    struct qrtui_crash_state *state = qrtui_crash();
    int saved_errno = errno;
    __atomic_store_n(&state->crashed, 1, __ATOMIC_SEQ_CST);
    // A write of the writer thread under way ends first, so no picture's bytes come after the
    // reset. A writer descheduled on a busy machine may take a while; one that crashed itself
    // never ends (nor does a write that hangs: 2 s at most).
    int self = (int)syscall(SYS_gettid);
    for (int waits = 0; waits < 2000; waits++) {
        int writer = __atomic_load_n(&state->writer_busy, __ATOMIC_SEQ_CST);
        if (writer == 0 || writer == self) break;
        struct timespec pause = {0, 1000000};
        nanosleep(&pause, NULL);
    }
    if (state->fd >= 0) {
        // qrtui's own opening of the terminal is written without blocking, and a picture may
        // fill its buffer: the reset waits for room, three seconds at most.
        int done = 0;
        for (int waits = 0; done < state->reset_length && waits < 150;) {
            ssize_t count = write(state->fd, state->reset + done, (size_t)(state->reset_length - done));
            if (count > 0) {
                done += (int)count;
            } else if (count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
                struct pollfd room = {.fd = state->fd, .events = POLLOUT};
                poll(&room, 1, 20);
                waits++;
            } else {
                break;
            }
        }
        tcsetattr(state->fd, TCSANOW, &state->modes);
        if (state->stderr_saved >= 0) dup2(state->stderr_saved, 2);
        for (int i = 0; i < state->removed_count; i++) unlink(state->removed[i]);
        state->fd = -1;
    }
    errno = saved_errno;
    sigaction(number, &state->previous[number], NULL);
    // A fault comes back when the instruction runs again; a sent signal must be sent again.
    if (info == NULL || info->si_code <= 0) raise(number);
}

/// Keeps the terminal's modes as the shell left them (before ncurses changes them).
static inline void qrtui_keep_shell_modes(int fd) {
    struct qrtui_crash_state *state = qrtui_crash();
    state->have_modes = tcgetattr(fd, &state->modes) == 0;
}

/// Arms the handler: `reset` is written to `fd` (the terminal, whose shell modes were kept
/// to restore), and `stderr_saved` (when not -1) becomes stderr again.
static inline void qrtui_arm_crash_reset(int fd, const char *reset, int length, int stderr_saved) {
    struct qrtui_crash_state *state = qrtui_crash();
    if (length > (int)sizeof state->reset) length = (int)sizeof state->reset;
    memcpy(state->reset, reset, (size_t)length);
    state->reset_length = length;
    state->stderr_saved = stderr_saved;
    if (!state->have_modes) return;
    state->fd = fd;
    for (unsigned i = 0; i < sizeof qrtui_crash_signals / sizeof qrtui_crash_signals[0]; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = qrtui_crash_handler;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
        sigemptyset(&action.sa_mask);
        sigaction(qrtui_crash_signals[i], &action, &state->previous[qrtui_crash_signals[i]]);
    }
}

/// The terminal's writer is about to write: 0 when a crash is being handled (it writes nothing
/// after the reset), else it writes and then calls `qrtui_writer_done`.
static inline int qrtui_writer_may_write(void) {
    struct qrtui_crash_state *state = qrtui_crash();
    static __thread int writer;  // asked once: this runs before every write(2) of a picture
    if (writer == 0) writer = (int)syscall(SYS_gettid);
    __atomic_store_n(&state->writer_busy, writer, __ATOMIC_SEQ_CST);
    if (!__atomic_load_n(&state->crashed, __ATOMIC_SEQ_CST)) return 1;
    __atomic_store_n(&state->writer_busy, 0, __ATOMIC_SEQ_CST);
    return 0;
}

static inline void qrtui_writer_done(void) {
    __atomic_store_n(&qrtui_crash()->writer_busy, 0, __ATOMIC_SEQ_CST);
}

/// A file the crash handler removes too (at most four; a path too long is not kept).
static inline void qrtui_crash_removes(const char *path) {
    struct qrtui_crash_state *state = qrtui_crash();
    size_t length = strlen(path);
    if (state->removed_count >= 4 || length >= sizeof state->removed[0]) return;
    memcpy(state->removed[state->removed_count++], path, length + 1);
}

/// The screen ended normally: the previous handlers come back.
static inline void qrtui_disarm_crash_reset(void) {
    struct qrtui_crash_state *state = qrtui_crash();
    if (state->fd < 0) return;
    state->fd = -1;
    for (unsigned i = 0; i < sizeof qrtui_crash_signals / sizeof qrtui_crash_signals[0]; i++) {
        sigaction(qrtui_crash_signals[i], &state->previous[qrtui_crash_signals[i]], NULL);
    }
}
#endif
