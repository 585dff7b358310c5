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

static inline mmask_t qrtui_click_mask(void) { return BUTTON1_PRESSED | BUTTON1_CLICKED; }

/// Writes one cell; `pair` goes through setcchar's extension argument so that pairs above
/// 32767 (256-colour terminals have 65536) work.
static inline int qrtui_put_cell(int row, int column, const wchar_t *text, attr_t attributes, int pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attributes, 0, &pair) != OK) return ERR;
    return mvadd_wch(row, column, &cell);
}

/// Cell size in screen pixels, when the terminal reports it (0 otherwise).
static inline int qrtui_window_pixels(int fd, int *columns, int *rows, int *width, int *height) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *columns = size.ws_col; *rows = size.ws_row; *width = size.ws_xpixel; *height = size.ws_ypixel;
    return 0;
}
#endif
