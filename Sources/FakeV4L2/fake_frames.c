// What the fake camera sees: the configured picture, scaled to the chosen size, with sensor
// noise, in the device's pixel format. Four noisy variants are made at stream start and
// used in turn, so serving a frame costs a copy (the capture benchmark measures qrtui).
#include "fake_internal.h"
#include <stdlib.h>
#include <string.h>
#include <turbojpeg.h>

static void base_picture(fake_handle *handle, uint8_t *out) {
    const fake_config *settings = fake_settings();
    uint32_t width = handle->width, height = handle->height;
    if (!settings->image) {  // no picture: a soft gradient
        for (uint32_t y = 0; y < height; y++)
            for (uint32_t x = 0; x < width; x++) out[y * width + x] = (uint8_t)(60 + 120 * x / width);
        return;
    }
    // Fit the picture in the frame, centred on mid grey, nearest-neighbour.
    double scale_x = (double)width / settings->image_width, scale_y = (double)height / settings->image_height;
    double scale = scale_x < scale_y ? scale_x : scale_y;
    double left = (width - settings->image_width * scale) / 2, top = (height - settings->image_height * scale) / 2;
    for (uint32_t y = 0; y < height; y++) {
        for (uint32_t x = 0; x < width; x++) {
            long source_x = (long)((x + 0.5 - left) / scale), source_y = (long)((y + 0.5 - top) / scale);
            int inside = source_x >= 0 && source_y >= 0 && source_x < settings->image_width && source_y < settings->image_height;
            out[y * width + x] = inside ? settings->image[source_y * settings->image_width + source_x] : 128;
        }
    }
}

static void add_noise(uint8_t *pixels, size_t count, int amplitude, uint32_t seed) {
    if (amplitude <= 0) return;
    for (size_t i = 0; i < count; i++) {
        seed = seed * 1664525u + 1013904223u;
        int value = pixels[i] + (int)((seed >> 24) % (uint32_t)(2 * amplitude + 1)) - amplitude;
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

void fake_prepare_frames(fake_handle *handle) {
    fake_free_frames(handle);
    size_t pixels = (size_t)handle->width * handle->height;
    uint8_t *base = malloc(pixels), *noisy = malloc(pixels);
    base_picture(handle, base);
    for (int v = 0; v < 4; v++) {
        memcpy(noisy, base, pixels);
        add_noise(noisy, pixels, fake_settings()->noise, 12345u + (uint32_t)v * 7919u);
        uint8_t *frame = malloc(handle->sizeimage);
        uint32_t used = handle->sizeimage;
        if (handle->pixelformat == V4L2_PIX_FMT_GREY) {
            memcpy(frame, noisy, pixels);
        } else if (handle->pixelformat == V4L2_PIX_FMT_YUYV) {
            for (size_t i = 0; i < pixels; i++) {
                frame[2 * i] = noisy[i];
                frame[2 * i + 1] = 128;  // U and V alternate; grey has neither
            }
        } else {
            used = encode_jpeg(noisy, handle->width, handle->height, frame, handle->sizeimage);
        }
        handle->variants[v] = frame;
        handle->variant_size[v] = used;
    }
    free(base);
    free(noisy);
}

void fake_free_frames(fake_handle *handle) {
    for (int v = 0; v < 4; v++) {
        free(handle->variants[v]);
        handle->variants[v] = NULL;
    }
}

uint32_t fake_fill_frame(fake_handle *handle, uint8_t *buffer, int corrupt) {
    int v = (int)(handle->sequence % 4);
    if (!handle->variants[v]) return 0;
    uint32_t used = handle->variant_size[v];
    memcpy(buffer, handle->variants[v], used);
    if (corrupt && handle->pixelformat == V4L2_PIX_FMT_MJPEG) {
        // Keep the start of the headers, then garbage: no decoder makes a picture of it.
        uint32_t keep = used > 200 ? 200 : used;
        for (uint32_t i = keep; i < 4096 && i < used; i++) buffer[i] = (uint8_t)(i * 37);
        return keep + 64 < used ? keep + 64 : used;
    }
    return used;
}
