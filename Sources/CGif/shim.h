#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

/// A GIF held in memory, read through giflib's input callback.
typedef struct {
    const unsigned char *data;
    size_t size;
    size_t offset;
} qrtui_gif_source;

static int qrtui_gif_read(GifFileType *gif, GifByteType *buffer, int length) {
    qrtui_gif_source *source = (qrtui_gif_source *)gif->UserData;
    size_t left = source->size - source->offset;
    size_t count = length < 0 ? 0 : ((size_t)length < left ? (size_t)length : left);
    memcpy(buffer, source->data + source->offset, count);
    source->offset += count;
    return (int)count;
}

static inline GifFileType *qrtui_gif_open(qrtui_gif_source *source, int *error) {
    return DGifOpen(source, qrtui_gif_read, error);
}

/// A GIF being written to memory (tests make their pictures with it).
typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
} qrtui_gif_sink;

static int qrtui_gif_write(GifFileType *gif, const GifByteType *buffer, int length) {
    qrtui_gif_sink *sink = (qrtui_gif_sink *)gif->UserData;
    if (length <= 0) return 0;
    if (sink->size + (size_t)length > sink->capacity) {
        size_t capacity = (sink->capacity + (size_t)length) * 2;
        unsigned char *grown = realloc(sink->data, capacity);
        if (!grown) return 0;
        sink->data = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->data + sink->size, buffer, (size_t)length);
    sink->size += (size_t)length;
    return length;
}

static inline GifFileType *qrtui_gif_create(qrtui_gif_sink *sink, int *error) {
    return EGifOpen(sink, qrtui_gif_write, error);
}
