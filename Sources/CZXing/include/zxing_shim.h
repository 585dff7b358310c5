// qrtui's C face of zxing-cpp. Debian 12's zxing-cpp 1.4 is C++ only; zxing-cpp 2.3
// (Debian 13) has a C API of its own: then only zxing_shim.cpp needs to change.
#ifndef QRTUI_ZXING_SHIM_H
#define QRTUI_ZXING_SHIM_H

#ifdef __cplusplus
extern "C" {
#endif

/// The formats, as zxing-cpp's BarcodeFormat bits (stable across 1.4 and 2.x).
enum {
    QZX_AZTEC = 1 << 0,
    QZX_CODE_39 = 1 << 2,
    QZX_CODE_128 = 1 << 4,
    QZX_DATA_MATRIX = 1 << 7,
    QZX_EAN_8 = 1 << 8,
    QZX_EAN_13 = 1 << 9,
    QZX_ITF = 1 << 10,
    QZX_MAXICODE = 1 << 11,
    QZX_PDF417 = 1 << 12,
    QZX_QR_CODE = 1 << 13,
    QZX_UPC_A = 1 << 14,
    QZX_UPC_E = 1 << 15,
    QZX_MICRO_QR_CODE = 1 << 16,
};

/// One symbol read. Its pointers stay valid until the results are freed.
typedef struct qzx_symbol {
    int format;
    /// The content as encoded (no character set applied), and as UTF-8 text after ECI or
    /// the format's default character set (either may hold NUL bytes).
    const unsigned char *bytes;
    int byte_count;
    const char *text;
    int text_length;
    /// "]d2" for GS1 Data Matrix, "]z0" for Aztec...
    const char *symbology_identifier;
    /// Top-left, top-right, bottom-right, bottom-left, x then y.
    int corners[8];
    /// Degrees, and whether the symbol was read mirrored.
    int orientation;
    int mirrored;
    int has_eci;
    /// The content in the ECI protocol: the symbology identifier ("]Q2"), then the bytes with
    /// each ECI designator written as a backslash and six digits, and a backslash doubled.
    const unsigned char *eci_content;
    int eci_content_count;
    /// The data bits the symbol carried after error correction (0 when the library does not
    /// say): a content that needs more was read past the symbol's end.
    int data_bits;
    /// Structured append: size -1 when the symbol is not part of a sequence.
    int sequence_size;
    int sequence_index;
    const char *sequence_id;
} qzx_symbol;

typedef struct qzx_results qzx_results;

/// Every valid symbol of `formats` in a grey picture (`stride` bytes a row). `try_harder`
/// spends more time; `try_rotate` also reads symbols turned 90 degrees. NULL when out of
/// memory or on any exception.
qzx_results *qzx_read(const unsigned char *luma, int width, int height, int stride, int formats, int try_harder,
                      int try_rotate, int max_symbols);
int qzx_count(const qzx_results *results);
/// Reads on this thread that zxing-cpp's own assertions ended (as reads of nothing).
unsigned long qzx_assertions(void);
/// Fills `symbol` with the `index`th result; 0 when there is none.
int qzx_symbol_at(const qzx_results *results, int index, qzx_symbol *symbol);
void qzx_free(qzx_results *results);
/// The library's version, "1.4.0".
const char *qzx_version(void);

#ifdef __cplusplus
}
#endif

#endif
