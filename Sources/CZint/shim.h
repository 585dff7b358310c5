// libzint (Debian's libzint-dev) for Swift: its encoded modules are a fixed C array of bits.
#ifndef QRTUI_CZINT_SHIM_H
#define QRTUI_CZINT_SHIM_H
#include <zint.h>

/// 1 when the module at (row, column) of an encoded symbol is dark.
static inline int qrtui_zint_module(const struct zint_symbol *symbol, int row, int column) {
    return (symbol->encoded_data[row][column >> 3] >> (column & 7)) & 1;
}
#endif
