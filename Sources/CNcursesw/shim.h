#ifndef QRTUI_CNCURSESW_SHIM_H
#define QRTUI_CNCURSESW_SHIM_H
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncursesw/curses.h>
#endif
