// What the fake camera sees: the configured picture (or each frame of a clip), scaled to the
// chosen size, with sensor noise, in the device's pixel format. The frames are made at the
// first stream start for a size and format (four noisy variants of a picture, or the clip's
// frames; with QRTUI_FAKE_SIGMA every frame of the loop has noise of its own), kept for the
// process and served in turn, so serving a frame costs a copy and a replug costs nothing (the
// capture, cost and soak benchmarks measure qrtui).
#include "fake_internal.h"
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <turbojpeg.h>

/// `image` (grey, `image_width` x `image_height`) fitted in the frame, centred on mid grey,
/// nearest-neighbour; no image: a soft gradient.
static void base_picture(fake_handle *handle, const uint8_t *image, int image_width, int image_height, uint8_t *out) {
    uint32_t width = handle->width, height = handle->height;
    if (!image) {
        for (uint32_t y = 0; y < height; y++)
            for (uint32_t x = 0; x < width; x++) out[y * width + x] = (uint8_t)(60 + 120 * x / width);
        return;
    }
    double scale_x = (double)width / image_width, scale_y = (double)height / image_height;
    double scale = scale_x < scale_y ? scale_x : scale_y;
    double left = (width - image_width * scale) / 2, top = (height - image_height * scale) / 2;
    for (uint32_t y = 0; y < height; y++) {
        for (uint32_t x = 0; x < width; x++) {
            long source_x = (long)((x + 0.5 - left) / scale), source_y = (long)((y + 0.5 - top) / scale);
            int inside = source_x >= 0 && source_y >= 0 && source_x < image_width && source_y < image_height;
            out[y * width + x] = inside ? image[source_y * image_width + source_x] : 128;
        }
    }
}

/// Normal draws of standard deviation `sigma`, rounded: a table picked from at random.
static int16_t *normal_table(double sigma) {
    enum { SIZE = 1 << 16 };
    static int16_t *table;
    static double made_for = -1;
    if (table && made_for == sigma) return table;
    free(table);
    table = malloc(SIZE * sizeof *table);
    uint32_t seed = 2463534242u;
    for (int i = 0; i < SIZE; i += 2) {  // Box and Muller's pairs
        seed ^= seed << 13, seed ^= seed >> 17, seed ^= seed << 5;
        double u = ((double)seed + 1) / 4294967297.0;
        seed ^= seed << 13, seed ^= seed >> 17, seed ^= seed << 5;
        double v = (double)seed / 4294967296.0, radius = sqrt(-2 * log(u)) * sigma;
        table[i] = (int16_t)lround(radius * cos(2 * M_PI * v));
        table[i + 1] = (int16_t)lround(radius * sin(2 * M_PI * v));
    }
    made_for = sigma;
    return table;
}

/// Sensor noise: uniform in +/-QRTUI_FAKE_NOISE, or normal of QRTUI_FAKE_SIGMA.
static void add_noise(uint8_t *pixels, size_t count, const fake_config *settings, uint32_t seed) {
    const int16_t *normal = settings->sigma > 0 ? normal_table(settings->sigma) : NULL;
    int amplitude = settings->noise;
    if (!normal && amplitude <= 0) return;
    for (size_t i = 0; i < count; i++) {
        seed = seed * 1664525u + 1013904223u;
        int delta = normal ? normal[seed >> 16] : (int)((seed >> 24) % (uint32_t)(2 * amplitude + 1)) - amplitude;
        int value = pixels[i] + delta;
        pixels[i] = (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value);
    }
}

/// A colour (3-component, 4:2:2) JPEG: libv4l2 cannot convert 1-component JPEGs.
static uint32_t encode_jpeg(const uint8_t *luma, uint32_t width, uint32_t height, uint8_t *out, uint32_t capacity) {
    tjhandle encoder = tjInitCompress();
    if (!encoder) return 0;
    uint32_t chroma_width = (width + 1) / 2;
    uint8_t *chroma = malloc((size_t)chroma_width * height);
    memset(chroma, 128, (size_t)chroma_width * height);
    const unsigned char *planes[3] = {luma, chroma, chroma};
    unsigned char *jpeg = NULL;
    unsigned long size = 0;
    int status = tjCompressFromYUVPlanes(encoder, planes, (int)width, NULL, (int)height, TJSAMP_422, &jpeg, &size, 85, 0);
    uint32_t used = 0;
    if (status == 0 && size <= capacity) {
        memcpy(out, jpeg, size);
        used = (uint32_t)size;
    }
    tjFree(jpeg);
    free(chroma);
    tjDestroy(encoder);
    return used;
}

/// One frame in the device's format from a grey picture; returns the bytes used.
static uint32_t convert(fake_handle *handle, const uint8_t *grey, uint8_t *frame) {
    size_t pixels = (size_t)handle->width * handle->height;
    if (handle->pixelformat == V4L2_PIX_FMT_GREY) {
        memcpy(frame, grey, pixels);
        return (uint32_t)pixels;
    }
    if (handle->pixelformat == V4L2_PIX_FMT_YUYV) {
        for (size_t i = 0; i < pixels; i++) {
            frame[2 * i] = grey[i];
            frame[2 * i + 1] = 128;  // U and V alternate; grey has neither
        }
        return handle->sizeimage;
    }
    return encode_jpeg(grey, handle->width, handle->height, frame, handle->sizeimage);
}

/// Prepared frames are made once per size and format and kept for the process: a camera
/// that is unplugged and replugged a hundred times must not make (and the allocator churn)
/// 55 MB of frames each time, or a soak measures the fake instead of qrtui.
typedef struct {
    uint32_t width, height, pixelformat, sizeimage;
    uint8_t **frames;
    uint32_t *frame_size;
    int frame_count;
} prepared_set;

static prepared_set prepared[8];
static int prepared_count;
static pthread_mutex_t prepared_lock = PTHREAD_MUTEX_INITIALIZER;

/// A sequence of pictures: two noisy variants of each, each entry of the loop pointing at one
/// (the frames of a picture alternate between them), or with fresh noise a frame of its own
/// for every entry. Kept for the process, as every set is.
static void make_sequence(fake_handle *handle, const fake_config *settings) {
    size_t pixels = (size_t)handle->width * handle->height;
    int count = 0;
    for (int p = 0; p < settings->picture_count; p++) count += settings->picture_frames[p];
    uint8_t *noisy = malloc(pixels);
    handle->frames = calloc((size_t)count, sizeof *handle->frames);
    handle->frame_size = calloc((size_t)count, sizeof *handle->frame_size);
    handle->frame_count = count;
    int position = 0;
    uint8_t *base = malloc(pixels);
    for (int p = 0; p < settings->picture_count; p++) {
        base_picture(handle, settings->pictures[p], settings->picture_width[p], settings->picture_height[p], base);
        int count = settings->sigma > 0 ? settings->picture_frames[p] : 2;
        uint8_t *variants[count];
        uint32_t sizes[count];
        for (int v = 0; v < count; v++) {
            memcpy(noisy, base, pixels);
            add_noise(noisy, pixels, settings, 12345u + (uint32_t)(position + v) * 7919u + (uint32_t)p * 104729u);
            variants[v] = malloc(handle->sizeimage);
            sizes[v] = convert(handle, noisy, variants[v]);
        }
        for (int f = 0; f < settings->picture_frames[p]; f++, position++) {
            handle->frames[position] = variants[f % count];
            handle->frame_size[position] = sizes[f % count];
        }
    }
    free(base);
    free(noisy);
}

static void make_frames(fake_handle *handle) {
    const fake_config *settings = fake_settings();
    if (settings->picture_count > 0) {
        make_sequence(handle, settings);
        return;
    }
    size_t pixels = (size_t)handle->width * handle->height;
    int clip = settings->clip_frames > 0;
    // Fresh noise: five seconds of frames, each with noise of its own.
    int count = clip ? settings->clip_frames : settings->sigma > 0 ? 150 : 4;
    uint8_t *noisy = malloc(pixels);
    handle->frames = calloc((size_t)count, sizeof *handle->frames);
    handle->frame_size = calloc((size_t)count, sizeof *handle->frame_size);
    handle->frame_count = count;
    for (int v = 0; v < count; v++) {
        if (clip) {
            size_t clip_pixels = (size_t)settings->clip_width * settings->clip_height;
            base_picture(handle, settings->clip + clip_pixels * v, settings->clip_width, settings->clip_height, noisy);
        } else {
            base_picture(handle, settings->image, settings->image_width, settings->image_height, noisy);
        }
        add_noise(noisy, pixels, settings, 12345u + (uint32_t)v * 7919u);
        handle->frames[v] = malloc(handle->sizeimage);
        handle->frame_size[v] = convert(handle, noisy, handle->frames[v]);
    }
    free(noisy);
}

void fake_prepare_frames(fake_handle *handle) {
    fake_free_frames(handle);
    pthread_mutex_lock(&prepared_lock);
    for (int i = 0; i < prepared_count; i++) {
        prepared_set *set = &prepared[i];
        if (set->width == handle->width && set->height == handle->height && set->pixelformat == handle->pixelformat &&
            set->sizeimage == handle->sizeimage) {
            handle->frames = set->frames;
            handle->frame_size = set->frame_size;
            handle->frame_count = set->frame_count;
            handle->frames_shared = 1;
            pthread_mutex_unlock(&prepared_lock);
            return;
        }
    }
    make_frames(handle);
    // A sequence's entries share their pictures: it is never freed entry by entry.
    if (fake_settings()->picture_count > 0 || prepared_count < (int)(sizeof prepared / sizeof prepared[0])) {
        if (prepared_count < (int)(sizeof prepared / sizeof prepared[0]))
            prepared[prepared_count++] = (prepared_set){handle->width,  handle->height,     handle->pixelformat,
                                                        handle->sizeimage, handle->frames, handle->frame_size,
                                                        handle->frame_count};
        handle->frames_shared = 1;
    }
    pthread_mutex_unlock(&prepared_lock);
}

void fake_free_frames(fake_handle *handle) {
    if (!handle->frames_shared) {
        for (int v = 0; v < handle->frame_count; v++) free(handle->frames[v]);
        free(handle->frames);
        free(handle->frame_size);
    }
    handle->frames = NULL;
    handle->frame_size = NULL;
    handle->frame_count = 0;
    handle->frames_shared = 0;
}

uint32_t fake_fill_frame(fake_handle *handle, uint8_t *buffer, int corrupt) {
    if (handle->frame_count == 0) return 0;
    int v = (int)(handle->sequence % (uint32_t)handle->frame_count);
    uint32_t used = handle->frame_size[v];
    memcpy(buffer, handle->frames[v], used);
    if (corrupt && handle->pixelformat == V4L2_PIX_FMT_MJPEG) {
        // Keep the start of the headers, then garbage: no decoder makes a picture of it.
        uint32_t keep = used > 200 ? 200 : used;
        for (uint32_t i = keep; i < 4096 && i < used; i++) buffer[i] = (uint8_t)(i * 37);
        return keep + 64 < used ? keep + 64 : used;
    }
    return used;
}
