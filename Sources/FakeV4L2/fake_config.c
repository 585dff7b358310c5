// Reads the fake camera's configuration from the environment, once.
#include "fake_internal.h"
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>

static fake_config config;
static pthread_once_t once = PTHREAD_ONCE_INIT;

double fake_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static uint32_t format_named(const char *name) {
    if (strcmp(name, "yuyv") == 0) return V4L2_PIX_FMT_YUYV;
    if (strcmp(name, "grey") == 0) return V4L2_PIX_FMT_GREY;
    if (strcmp(name, "mjpeg") == 0) return V4L2_PIX_FMT_MJPEG;
    if (strcmp(name, "h264") == 0) return V4L2_PIX_FMT_H264;  // nothing qrtui or libv4l2 can decode
    return 0;  // "meta": not a capture device
}

/// A binary PGM (P5, 8 bit), or NULL.
static uint8_t *read_pgm(const char *path, int *width, int *height) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    int maximum = 0;
    uint8_t *pixels = NULL;
    if (fscanf(file, "P5 %d %d %d", width, height, &maximum) == 3 && *width > 0 && *height > 0 && *width <= 8192 &&
        *height <= 8192 && maximum == 255) {
        fgetc(file);
        pixels = malloc((size_t)*width * *height);
        if (pixels && fread(pixels, 1, (size_t)*width * *height, file) != (size_t)*width * *height) {
            free(pixels);
            pixels = NULL;
        }
    }
    fclose(file);
    return pixels;
}

static void load_image(const char *path) {
    config.image = read_pgm(path, &config.image_width, &config.image_height);
}

/// "a.pgm:30,b.pgm:30": each picture shown for so many frames, in turn, in a loop.
static void load_sequence(const char *list) {
    char copy[4096], *saved = NULL;
    snprintf(copy, sizeof copy, "%s", list);
    for (char *entry = strtok_r(copy, ",", &saved); entry && config.picture_count < FAKE_MAX_PICTURES;
         entry = strtok_r(NULL, ",", &saved)) {
        char *colon = strrchr(entry, ':');
        int frames = colon ? atoi(colon + 1) : 30;
        if (colon) *colon = 0;
        int i = config.picture_count, width = 0, height = 0;
        uint8_t *pixels = read_pgm(entry, &width, &height);
        if (!pixels || frames <= 0) { free(pixels); continue; }
        config.pictures[i] = pixels;
        config.picture_width[i] = width;
        config.picture_height[i] = height;
        config.picture_frames[i] = frames;
        config.picture_count++;
    }
}

/// A Y4M clip (any 8-bit colour space): the luma planes of all its frames, at most 600.
static void load_clip(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return;
    char header[256];
    int width = 0, height = 0;
    if (fgets(header, sizeof header, file) && strncmp(header, "YUV4MPEG2 ", 10) == 0) {
        char *w = strstr(header, " W"), *h = strstr(header, " H");
        width = w ? atoi(w + 2) : 0;
        height = h ? atoi(h + 2) : 0;
    }
    size_t luma = (size_t)width * height;
    size_t chroma = strstr(header, "Cmono") ? 0 : strstr(header, "C444") ? 2 * luma : strstr(header, "C422") ? luma : luma / 2;
    char marker[64];
    while (width > 0 && height > 0 && width <= 4096 && height <= 4096 && config.clip_frames < 600 &&
           fgets(marker, sizeof marker, file) && strncmp(marker, "FRAME", 5) == 0) {
        uint8_t *grown = realloc(config.clip, luma * (config.clip_frames + 1));
        if (!grown || fread(grown + luma * config.clip_frames, 1, luma, file) != luma) { config.clip = grown; break; }
        config.clip = grown;
        config.clip_frames++;
        if (chroma) fseek(file, (long)chroma, SEEK_CUR);
    }
    config.clip_width = width;
    config.clip_height = height;
    fclose(file);
}

static void parse_devices(const char *list) {
    char copy[1024];
    snprintf(copy, sizeof copy, "%s", list);
    char *saved = NULL;
    for (char *entry = strtok_r(copy, ",", &saved); entry && config.device_count < FAKE_MAX_DEVICES;
         entry = strtok_r(NULL, ",", &saved)) {
        char *colon = strrchr(entry, ':');
        fake_device *device = &config.devices[config.device_count++];
        if (colon) *colon = 0;
        snprintf(device->path, sizeof device->path, "%s", entry);
        // "mjpeg+yuyv": the formats a camera offers, in the order it lists them.
        char formats[128], *inner = NULL;
        snprintf(formats, sizeof formats, "%s", colon ? colon + 1 : "yuyv");
        for (char *name = strtok_r(formats, "+", &inner); name && device->format_count < FAKE_MAX_FORMATS;
             name = strtok_r(NULL, "+", &inner)) {
            uint32_t format = format_named(name);
            if (format) device->formats[device->format_count++] = format;
        }
        device->pixelformat = device->format_count ? device->formats[0] : 0;
        device->present = 1;
    }
}

static void load(void) {
    const char *value;
    if ((value = getenv("QRTUI_FAKE_DEVICES"))) parse_devices(value);
    if ((value = getenv("QRTUI_FAKE_CONTROLS")))
        for (int i = 0; i < config.device_count; i++) fake_add_controls(&config.devices[i], value);
    if ((value = getenv("QRTUI_FAKE_IMAGE"))) load_image(value);
    if ((value = getenv("QRTUI_FAKE_CLIP"))) load_clip(value);
    if ((value = getenv("QRTUI_FAKE_SEQUENCE"))) load_sequence(value);
    config.noise = (value = getenv("QRTUI_FAKE_NOISE")) ? atoi(value) : 4;
    config.sigma = (value = getenv("QRTUI_FAKE_SIGMA")) ? atof(value) : 0;
    config.hide_real = (value = getenv("QRTUI_FAKE_HIDE_REAL")) ? atoi(value) : 0;
    config.fps = (value = getenv("QRTUI_FAKE_FPS")) ? atoi(value) : 30;
    if ((value = getenv("QRTUI_FAKE_FAIL"))) {
        if (strcmp(value, "open:EACCES") == 0) config.fail_open_errno = EACCES;
        if (strcmp(value, "open:ENOENT") == 0) config.fail_open_errno = ENOENT;
        if (strcmp(value, "busy") == 0) config.busy = 1;
        if (strcmp(value, "querycap") == 0) config.fail_querycap = 1;
    }
    config.unplug_after = (value = getenv("QRTUI_FAKE_UNPLUG")) ? atol(value) : -1;
    config.replug_seconds = (value = getenv("QRTUI_FAKE_REPLUG")) ? atof(value) : -1;
    config.bad_index_at = (value = getenv("QRTUI_FAKE_BAD_INDEX")) ? atol(value) : -1;
    config.corrupt_first = config.corrupt_last = -1;
    if ((value = getenv("QRTUI_FAKE_CORRUPT"))) sscanf(value, "%ld-%ld", &config.corrupt_first, &config.corrupt_last);
    if ((value = getenv("QRTUI_FAKE_LOG"))) snprintf(config.log_path, sizeof config.log_path, "%s", value);
    if ((value = getenv("QRTUI_FAKE_TIMES"))) snprintf(config.times_path, sizeof config.times_path, "%s", value);
    config.marks_frames = (value = getenv("QRTUI_FAKE_MARKS")) ? atoi(value) : 0;
}

const fake_config *fake_settings(void) {
    pthread_once(&once, load);
    return &config;
}

fake_device *fake_find_device(const char *path) {
    if (!path) return NULL;
    fake_settings();
    for (int i = 0; i < config.device_count; i++) {
        fake_device *device = &config.devices[i];
        if (!device->present && device->replug_at > 0 && fake_now() >= device->replug_at) {
            device->present = 1;
            device->replug_at = 0;
            fake_log("replugged %s", device->path);
        }
        if (strcmp(device->path, path) == 0) return device;
    }
    return NULL;
}

void fake_log(const char *format, ...) {
    const fake_config *settings = fake_settings();
    if (!settings->log_path[0]) return;
    char line[512];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(line, sizeof line - 1, format, arguments);
    va_end(arguments);
    strcat(line, "\n");
    int fd = real_open(settings->log_path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) return;
    ssize_t ignored = write(fd, line, strlen(line));
    (void)ignored;
    real_close(fd);
}
