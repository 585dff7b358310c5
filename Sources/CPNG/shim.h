#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

/// What libpng's progressive reader has made of a PNG so far.
typedef struct {
    unsigned char *out;
    png_uint_32 width, height;
    /// Rows written whole (of a picture that is not interlaced): the highest row + 1.
    png_uint_32 rows;
    int interlaced, failed;
    char message[200];
} qrtui_png_progress;

static void qrtui_png_failed(png_structp png, png_const_charp message) {
    qrtui_png_progress *progress = (qrtui_png_progress *)png_get_progressive_ptr(png);
    snprintf(progress->message, sizeof progress->message, "%s", message);
    png_longjmp(png, 1);
}

static void qrtui_png_warned(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/// The header read: every colour type to 8-bit grey, alpha laid over white.
static void qrtui_png_header(png_structp png, png_infop info) {
    qrtui_png_progress *progress = (qrtui_png_progress *)png_get_progressive_ptr(png);
    png_set_expand(png);
    png_set_strip_16(png);
    png_color_16 white = {0, 255, 255, 255, 255};
    png_set_background(png, &white, PNG_BACKGROUND_GAMMA_SCREEN, 0, 1.0);
    png_set_rgb_to_gray_fixed(png, 1, -1, -1);
    progress->interlaced = png_set_interlace_handling(png) > 1;
    png_read_update_info(png, info);
    if (png_get_image_width(png, info) != progress->width || png_get_image_height(png, info) != progress->height ||
        png_get_rowbytes(png, info) != progress->width)
        png_error(png, "its rows are not what its header said");
}

static void qrtui_png_row(png_structp png, png_bytep row, png_uint_32 number, int pass) {
    (void)pass;
    qrtui_png_progress *progress = (qrtui_png_progress *)png_get_progressive_ptr(png);
    if (!row || number >= progress->height) return;
    png_progressive_combine_row(png, progress->out + (size_t)number * progress->width, row);
    if (number + 1 > progress->rows) progress->rows = number + 1;
}

/// A PNG that libpng's whole-picture reader refused (cut short, or damaged part way), read as
/// far as its bytes go by the progressive reader, which decodes every row its data holds (the
/// whole-picture reader reads 8 kB at a time and gives up on a read the data cannot fill).
/// `out` (`width` x `height`, the header's size) keeps what it has for the rows that never
/// come. Returns the rows written (0: none), `message` saying why it stopped.
static inline png_uint_32 qrtui_png_read_part(const unsigned char *data, size_t size, unsigned char *out,
                                              png_uint_32 width, png_uint_32 height, int *interlaced,
                                              char *message, size_t message_size) {
    qrtui_png_progress progress;
    memset(&progress, 0, sizeof progress);
    progress.out = out;
    progress.width = width;
    progress.height = height;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, qrtui_png_failed, qrtui_png_warned);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_read_struct(&png, &info, NULL);
        return 0;
    }
    png_set_user_limits(png, width, height);
    png_set_progressive_read_fn(png, &progress, qrtui_png_header, qrtui_png_row, NULL);
    if (setjmp(png_jmpbuf(png)) == 0) {
        png_process_data(png, info, (png_bytep)data, size);
        snprintf(progress.message, sizeof progress.message, "the data ends before the picture does");
    }
    png_destroy_read_struct(&png, &info, NULL);
    snprintf(message, message_size, "%s", progress.message);
    *interlaced = progress.interlaced;
    return progress.rows;
}
