#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>

/// One pixel of libwebp's YUV (ITU-R BT.601, limited range) as grey with zxing's weights,
/// laid over white by its alpha.
static inline unsigned char qrtui_webp_pixel(int y, int u, int v, int alpha) {
    int c = 298 * (y - 16), d = u - 128, e = v - 128;
    int r = (c + 409 * e + 128) >> 8, g = (c - 100 * d - 208 * e + 128) >> 8, b = (c + 516 * d + 128) >> 8;
    r = r < 0 ? 0 : r > 255 ? 255 : r;
    g = g < 0 ? 0 : g > 255 ? 255 : g;
    b = b < 0 ? 0 : b > 255 ? 255 : b;
    int grey = (306 * r + 601 * g + 117 * b + 512) >> 10;
    return (unsigned char)((grey * alpha + 255 * (255 - alpha) + 127) / 255);
}

/// Whether a still WebP is lossless: it is then decoded to RGB, which its pixels survive
/// exactly (luma and chroma planes would round them).
/// 3 for a lossless WebP without alpha, 4 with alpha, 0 for any other.
static inline int qrtui_webp_lossless(const uint8_t *data, size_t size) {
    WebPBitstreamFeatures features;
    if (WebPGetFeatures(data, size, &features) != VP8_STATUS_OK || features.format != 2 || features.has_animation) return 0;
    return features.has_alpha ? 4 : 3;
}

/// An incremental decoder of a lossless WebP into `out` (`height` rows of `stride` bytes, RGB
/// or RGBA as `channels` says), or NULL: rows can be taken as they are decoded.
static inline WebPIDecoder *qrtui_webp_rows_start(uint8_t *out, int height, int stride, int channels) {
    return WebPINewRGB(channels == 4 ? MODE_RGBA : MODE_RGB, out, (size_t)stride * height, stride);
}

/// The decoder given the first `size` bytes (the same buffer each time, longer or as long):
/// 0 when the picture is whole, 5 (VP8_STATUS_SUSPENDED) when it needs more, else libwebp's
/// error; `rows` says how many rows of `out` are decoded.
static inline int qrtui_webp_rows_update(WebPIDecoder *decoder, const uint8_t *data, size_t size, int *rows) {
    int status = (int)WebPIUpdate(decoder, data, size), last = 0;
    if (WebPIDecGetRGB(decoder, &last, NULL, NULL, NULL) == NULL) last = 0;
    *rows = last;
    return status;
}

/// A WebP held in memory decoded to grey into `out` (`width` x `height`, the canvas, white
/// where no frame lies): the first frame of an animation, at its place. libwebp writes into
/// planes of ours (grey in the luma plane, then its chroma at a quarter each, alpha when there
/// is some): about 2.5 bytes a pixel at most. Returns 0; 1 when the data ends before the frame
/// does, its rows from `*decoded` on mid grey; or libwebp's status (or -1).
static inline int qrtui_webp_grey(const uint8_t *data, size_t size, uint8_t *out, int width, int height,
                                  int *decoded) {
    WebPData whole = {data, size};
    WebPDemuxer *demux = WebPDemux(&whole);
    WebPIterator frame;
    int have_frame = demux && WebPDemuxGetFrame(demux, 1, &frame);
    const uint8_t *bits = have_frame ? frame.fragment.bytes : data;
    size_t length = have_frame ? frame.fragment.size : size;
    int left = have_frame ? frame.x_offset : 0, top = have_frame ? frame.y_offset : 0;
    WebPDecoderConfig config;
    int status = WebPInitDecoderConfig(&config) ? (int)WebPGetFeatures(bits, length, &config.input) : -1;
    int w = config.input.width, h = config.input.height;
    if (status == 0 && (left < 0 || top < 0 || w <= 0 || h <= 0 || left + w > width || top + h > height)) status = -1;
    uint8_t *y = NULL, *u = NULL, *v = NULL, *a = NULL;
    int last = h;  // the rows decoded
    int whole_canvas = left == 0 && top == 0 && w == width && h == height, cw = (w + 1) / 2, ch = (h + 1) / 2;
    if (status == 0) {
        y = whole_canvas ? out : malloc((size_t)w * h);
        u = malloc((size_t)cw * ch);
        v = malloc((size_t)cw * ch);
        a = config.input.has_alpha ? malloc((size_t)w * h) : NULL;
        if (!y || !u || !v || (config.input.has_alpha && !a)) status = -1;
    }
    if (status == 0) {
        config.output.colorspace = a ? MODE_YUVA : MODE_YUV;
        config.output.is_external_memory = 1;
        config.output.u.YUVA = (WebPYUVABuffer){y, u, v, a, w, cw, cw, a ? w : 0, (size_t)w * h, (size_t)cw * ch,
                                                 (size_t)cw * ch, a ? (size_t)w * h : 0};
        // Incremental: a frame cut short gives the rows that came.
        WebPIDecoder *decoder = WebPINewDecoder(&config.output);
        status = decoder ? (int)WebPIUpdate(decoder, bits, length) : -1;
        if (status == VP8_STATUS_SUSPENDED) {
            last = 0;
            if (WebPIDecGetYUVA(decoder, &last, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL) == NULL) last = 0;
            status = last > 0 ? 1 : -1;
        }
        if (decoder) WebPIDelete(decoder);
        if (status == 1 && last % 2) last--;  // its chroma row may be half made
        *decoded = top + last;
    }
    if (status == 0 || status == 1) {
        // Top down: a row of grey is written at or before where its luma was read.
        for (int row = 0; row < h; row++) {
            for (int x = 0; x < w; x++) {
                size_t i = (size_t)row * w + x, c = (size_t)(row / 2) * cw + x / 2;
                out[(size_t)(top + row) * width + left + x] =
                    row < last ? qrtui_webp_pixel(y[i], u[c], v[c], a ? a[i] : 255) : 128;
            }
        }
    }
    if (y && y != out) free(y);
    free(u);
    free(v);
    free(a);
    if (have_frame) WebPDemuxReleaseIterator(&frame);
    WebPDemuxDelete(demux);
    return status;
}
