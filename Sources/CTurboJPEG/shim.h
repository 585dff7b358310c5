#include <turbojpeg.h>
#include <stdio.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>

/// libjpeg's errors end a decode by a jump back into `qrtui_jpeg_grey` (its default prints
/// and exits); its warnings are kept (a file cut short is one).
typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    int ended_early;
    /// The first output row that came after the data ran out (-1: none did, or no row had been
    /// asked for yet, as a progressive JPEG reads all its scans first).
    long first_made_up_row;
    const struct jpeg_decompress_struct *info;
    int reading_rows;
    char message[JMSG_LENGTH_MAX];
} qrtui_jpeg_errors;

static void qrtui_jpeg_fail(j_common_ptr info) {
    qrtui_jpeg_errors *errors = (qrtui_jpeg_errors *)info->err;
    (*info->err->format_message)(info, errors->message);
    longjmp(errors->jump, 1);
}

static void qrtui_jpeg_warn(j_common_ptr info, int level) {
    qrtui_jpeg_errors *errors = (qrtui_jpeg_errors *)info->err;
    if (level >= 0) return;  // trace messages
    info->err->num_warnings++;
    if (info->err->msg_code == JWRN_JPEG_EOF) {
        if (!errors->ended_early && errors->reading_rows) errors->first_made_up_row = errors->info->output_scanline;
        errors->ended_early = 1;
        (*info->err->format_message)(info, errors->message);
    }
}

/// A JPEG held in memory decoded to 8-bit grey, row by row into `out` (`width` x `height`,
/// which the header must declare), CMYK and YCCK as print software stores them (inverted, as
/// Adobe does) turned into grey with zxing's weights. libjpeg may use at most `max_memory`
/// bytes of its own (a progressive JPEG keeps every coefficient): beyond that it fails with
/// "Backing store not supported". Returns 0; 1 when the data ran out before the picture did,
/// the rows from `*made_up` on (the row group being decoded then, whose blocks past the end
/// are made up) filled with mid grey, what came before as decoded (a progressive JPEG ran out
/// in its later scans: all its rows as they came, `*made_up` its height); or -1 with `message`
/// (JMSG_LENGTH_MAX bytes).
static inline int qrtui_jpeg_grey(const unsigned char *data, unsigned long size, unsigned char *out, unsigned width,
                                  unsigned height, long max_memory, char *message, unsigned long *made_up) {
    struct jpeg_decompress_struct info;
    qrtui_jpeg_errors errors;
    memset(&errors, 0, sizeof errors);
    errors.first_made_up_row = -1;
    errors.info = &info;
    info.err = jpeg_std_error(&errors.manager);
    errors.manager.error_exit = qrtui_jpeg_fail;
    errors.manager.emit_message = qrtui_jpeg_warn;
    if (setjmp(errors.jump)) {
        memcpy(message, errors.message, JMSG_LENGTH_MAX);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    info.mem->max_memory_to_use = max_memory;
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    if (info.image_width != width || info.image_height != height) {
        snprintf(message, JMSG_LENGTH_MAX, "its frame is %ux%u, not the %ux%u its header said", info.image_width,
                 info.image_height, width, height);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_GRAYSCALE;
    jpeg_start_decompress(&info);
    errors.reading_rows = 1;
    JSAMPARRAY row = (*info.mem->alloc_sarray)((j_common_ptr)&info, JPOOL_IMAGE, width * (cmyk ? 4 : 1), 1);
    while (info.output_scanline < info.output_height) {
        unsigned char *line = out + (size_t)info.output_scanline * width;
        if (jpeg_read_scanlines(&info, row, 1) != 1) break;
        if (!cmyk) {
            memcpy(line, row[0], width);
            continue;
        }
        for (unsigned x = 0; x < width; x++) {
            const unsigned char *p = row[0] + 4 * x;
            int k = p[3], r = p[0] * k / 255, g = p[1] * k / 255, b = p[2] * k / 255;
            line[x] = (unsigned char)((306 * r + 601 * g + 117 * b + 512) >> 10);
        }
    }
    if (errors.ended_early) {
        // The row group under way when the data ran out is made up past that point: it goes too.
        unsigned long group = (unsigned long)info.max_v_samp_factor * DCTSIZE;
        unsigned long first = errors.first_made_up_row < 0 ? height : (unsigned long)errors.first_made_up_row;
        first = first / group * group;
        if (first < height) memset(out + first * width, 128, (size_t)(height - first) * width);
        *made_up = first;
        memcpy(message, errors.message, JMSG_LENGTH_MAX);
        jpeg_destroy_decompress(&info);
        return 1;
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return 0;
}
