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
static inline int qrtui_tiff_grey(TIFF *tiff, unsigned char *out, uint32_t width, uint32_t height,
                                  uint32_t *decoded) {
    char message[1024];
    *decoded = 0;
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
        if (ok) *decoded = row + rows;
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

/// The first page as grey into `out`, a scanline at a time, for the common layout: strips
/// (not tiles) of 8-bit grey or RGB, contiguous, top row first. libtiff decodes even a single
/// compressed strip in order this way, so what is held is the picture's own pixels and one
/// row, where its RGBA reader would take the whole strip. Returns 1 when read, 0 when libtiff
/// fails (`decoded`: the rows read before), -1 for any other layout (the RGBA reader's,
/// `qrtui_tiff_grey`).
static inline int qrtui_tiff_grey_scanlines(TIFF *tiff, unsigned char *out, uint32_t width, uint32_t height,
                                            uint32_t *decoded) {
    *decoded = 0;
    uint16_t bits = 1, samples = 1, photometric = 0, planar = PLANARCONFIG_CONTIG, orientation = ORIENTATION_TOPLEFT;
    if (TIFFIsTiled(tiff) || !TIFFGetField(tiff, TIFFTAG_PHOTOMETRIC, &photometric)) return -1;
    TIFFGetFieldDefaulted(tiff, TIFFTAG_BITSPERSAMPLE, &bits);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_SAMPLESPERPIXEL, &samples);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_PLANARCONFIG, &planar);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_ORIENTATION, &orientation);
    int rgb = photometric == PHOTOMETRIC_RGB && samples == 3;
    int grey = (photometric == PHOTOMETRIC_MINISBLACK || photometric == PHOTOMETRIC_MINISWHITE) && samples == 1;
    if (bits != 8 || planar != PLANARCONFIG_CONTIG || orientation != ORIENTATION_TOPLEFT || !(rgb || grey)) return -1;
    tmsize_t line = TIFFScanlineSize(tiff);
    if (line < (tmsize_t)width * samples) return -1;
    unsigned char *row = malloc((size_t)line);
    if (!row) return 0;
    int ok = 1;
    for (uint32_t y = 0; ok && y < height; y++) {
        ok = TIFFReadScanline(tiff, row, y, 0) == 1;
        if (ok) *decoded = y + 1;
        unsigned char *target = out + (size_t)y * width;
        for (uint32_t x = 0; ok && x < width; x++) {
            if (rgb) {
                const unsigned char *p = row + 3 * (size_t)x;
                target[x] = (unsigned char)((306 * p[0] + 601 * p[1] + 117 * p[2] + 512) >> 10);
            } else {
                target[x] = photometric == PHOTOMETRIC_MINISWHITE ? (unsigned char)(255 - row[x]) : row[x];
            }
        }
    }
    free(row);
    return ok;
}

/// Writes an 8-bit grey or RGB TIFF (tests make their pictures with it): LZW in strips of 16
/// rows, or (`one_strip`) deflate in one strip of every row.
static inline int qrtui_tiff_write_picture(const char *path, const unsigned char *pixels, uint32_t width, uint32_t height,
                                   int channels, int one_strip) {
    TIFF *tiff = TIFFOpen(path, "w");
    if (!tiff) return 0;
    TIFFSetField(tiff, TIFFTAG_IMAGEWIDTH, width);
    TIFFSetField(tiff, TIFFTAG_IMAGELENGTH, height);
    TIFFSetField(tiff, TIFFTAG_BITSPERSAMPLE, 8);
    TIFFSetField(tiff, TIFFTAG_SAMPLESPERPIXEL, channels);
    TIFFSetField(tiff, TIFFTAG_PHOTOMETRIC, channels == 3 ? PHOTOMETRIC_RGB : PHOTOMETRIC_MINISBLACK);
    TIFFSetField(tiff, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
    TIFFSetField(tiff, TIFFTAG_COMPRESSION, one_strip ? COMPRESSION_ADOBE_DEFLATE : COMPRESSION_LZW);
    TIFFSetField(tiff, TIFFTAG_ROWSPERSTRIP, one_strip ? height : 16);
    int ok = 1;
    for (uint32_t row = 0; row < height && ok; row++) {
        ok = TIFFWriteScanline(tiff, (void *)(pixels + (size_t)row * width * channels), row, 0) == 1;
    }
    TIFFClose(tiff);
    return ok;
}
