#include <tiffio.h>
#include <stdlib.h>
#include <string.h>

/// A TIFF held in memory, read through libtiff's client callbacks; libtiff's own messages
/// (it prints warnings on stderr by default) are silenced: qrtui says what went wrong.
typedef struct {
    const unsigned char *data;
    toff_t size;
    toff_t offset;
} qrtui_tiff_source;

static tmsize_t qrtui_tiff_read(thandle_t handle, void *buffer, tmsize_t length) {
    qrtui_tiff_source *source = (qrtui_tiff_source *)handle;
    toff_t left = source->offset < source->size ? source->size - source->offset : 0;
    tmsize_t count = length < 0 ? 0 : ((toff_t)length < left ? length : (tmsize_t)left);
    memcpy(buffer, source->data + source->offset, (size_t)count);
    source->offset += (toff_t)count;
    return count;
}

static tmsize_t qrtui_tiff_write(thandle_t handle, void *buffer, tmsize_t length) {
    (void)handle; (void)buffer; (void)length;
    return 0;
}

static toff_t qrtui_tiff_seek(thandle_t handle, toff_t offset, int whence) {
    qrtui_tiff_source *source = (qrtui_tiff_source *)handle;
    toff_t base = whence == SEEK_CUR ? source->offset : whence == SEEK_END ? source->size : 0;
    source->offset = base + offset;
    return source->offset;
}

static int qrtui_tiff_close(thandle_t handle) { (void)handle; return 0; }
static toff_t qrtui_tiff_size(thandle_t handle) { return ((qrtui_tiff_source *)handle)->size; }
static int qrtui_tiff_map(thandle_t handle, void **base, toff_t *size) { (void)handle; (void)base; (void)size; return 0; }
static void qrtui_tiff_unmap(thandle_t handle, void *base, toff_t size) { (void)handle; (void)base; (void)size; }

/// Opens the TIFF with no single allocation of libtiff's larger than `most_bytes`: a header
/// may declare strips or tiles of gigabytes in a file of a few hundred bytes.
static inline TIFF *qrtui_tiff_open(qrtui_tiff_source *source, tmsize_t most_bytes) {
    TIFFSetErrorHandler(NULL);
    TIFFSetWarningHandler(NULL);
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) return NULL;
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, most_bytes);
    TIFF *tiff = TIFFClientOpenExt("memory", "rm", (thandle_t)source, qrtui_tiff_read, qrtui_tiff_write,
                                   qrtui_tiff_seek, qrtui_tiff_close, qrtui_tiff_size, qrtui_tiff_map,
                                   qrtui_tiff_unmap, options);
    TIFFOpenOptionsFree(options);
    return tiff;
}

/// TIFFGetField is variadic (Swift cannot call it): the picture's size.
static inline int qrtui_tiff_dimensions(TIFF *tiff, uint32_t *width, uint32_t *height) {
    return TIFFGetField(tiff, TIFFTAG_IMAGEWIDTH, width) == 1 && TIFFGetField(tiff, TIFFTAG_IMAGELENGTH, height) == 1;
}

/// The first page as grey into `out` (`width` x `height`, top row first), in bands of rows
/// through libtiff's RGBA reader (any layout, compression and orientation it reads), alpha
/// laid over white: the picture's own pixels and one band of RGBA, not the whole of it in
/// RGBA. Returns 1, or 0 when libtiff cannot read it.
static inline int qrtui_tiff_grey(TIFF *tiff, unsigned char *out, uint32_t width, uint32_t height) {
    char message[1024];
    TIFFRGBAImage image;
    if (!TIFFRGBAImageOK(tiff, message) || !TIFFRGBAImageBegin(&image, tiff, 0, message)) return 0;
    image.req_orientation = ORIENTATION_TOPLEFT;
    const uint32_t band = 256;
    uint32_t *raster = malloc((size_t)width * band * sizeof(uint32_t));
    int ok = raster != NULL;
    for (uint32_t row = 0; ok && row < height; row += band) {
        uint32_t rows = height - row < band ? height - row : band;
        image.row_offset = (int)row;
        image.col_offset = 0;
        ok = TIFFRGBAImageGet(&image, raster, width, rows);
        for (uint32_t i = 0; ok && i < width * rows; i++) {
            uint32_t p = raster[i];
            int grey = (306 * (int)TIFFGetR(p) + 601 * (int)TIFFGetG(p) + 117 * (int)TIFFGetB(p) + 512) >> 10;
            int alpha = (int)TIFFGetA(p);
            out[(size_t)row * width + i] = (unsigned char)((grey * alpha + 255 * (255 - alpha) + 127) / 255);
        }
    }
    free(raster);
    TIFFRGBAImageEnd(&image);
    return ok;
}

/// Writes an 8-bit grey or RGB TIFF (tests make their pictures with it).
static inline int qrtui_tiff_write_picture(const char *path, const unsigned char *pixels, uint32_t width, uint32_t height,
                                   int channels) {
    TIFF *tiff = TIFFOpen(path, "w");
    if (!tiff) return 0;
    TIFFSetField(tiff, TIFFTAG_IMAGEWIDTH, width);
    TIFFSetField(tiff, TIFFTAG_IMAGELENGTH, height);
    TIFFSetField(tiff, TIFFTAG_BITSPERSAMPLE, 8);
    TIFFSetField(tiff, TIFFTAG_SAMPLESPERPIXEL, channels);
    TIFFSetField(tiff, TIFFTAG_PHOTOMETRIC, channels == 3 ? PHOTOMETRIC_RGB : PHOTOMETRIC_MINISBLACK);
    TIFFSetField(tiff, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
    TIFFSetField(tiff, TIFFTAG_COMPRESSION, COMPRESSION_LZW);
    TIFFSetField(tiff, TIFFTAG_ROWSPERSTRIP, 16);
    int ok = 1;
    for (uint32_t row = 0; row < height && ok; row++) {
        ok = TIFFWriteScanline(tiff, (void *)(pixels + (size_t)row * width * channels), row, 0) == 1;
    }
    TIFFClose(tiff);
    return ok;
}
