// Shared between the parts of the fake camera (see include/fake_v4l2.h).
#ifndef QRTUI_FAKE_INTERNAL_H
#define QRTUI_FAKE_INTERNAL_H
#define _GNU_SOURCE
#include <glob.h>
#include <linux/videodev2.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define FAKE_MAX_DEVICES 8
#define FAKE_MAX_BUFFERS 8
#define FAKE_MAX_FD 4096
#define FAKE_MAX_PICTURES 32

#define FAKE_MAX_FORMATS 4
#define FAKE_MAX_CONTROLS 12

/// A control the camera has (QUERYCTRL, G_CTRL, S_CTRL), with its value now.
typedef struct {
    uint32_t id;
    uint32_t type;  // V4L2_CTRL_TYPE_INTEGER, _BOOLEAN or _MENU
    const char *name;
    int32_t minimum, maximum, step, default_value;
    uint32_t flags;  // V4L2_CTRL_FLAG_READ_ONLY for one the camera only reports
    int32_t value;
} fake_control;

typedef struct {
    char path[64];
    uint32_t pixelformat;  // the first of `formats`; 0 for a metadata (non-capture) node
    uint32_t formats[FAKE_MAX_FORMATS];
    int format_count;
    int present;           // the node exists (unplugging removes it)
    double replug_at;      // monotonic time it comes back, 0 = never
    fake_control controls[FAKE_MAX_CONTROLS];  // kept while the process lives, as a camera keeps them
    int control_count;
} fake_device;

typedef struct {
    int fd;            // read end of a pipe: one byte per frame that is due
    int tick;          // write end
    int nonblocking;
    fake_device *device;
    uint32_t pixelformat;
    uint32_t width, height, bytesperline, sizeimage;
    uint32_t fps;
    int memfd;
    size_t buffer_stride;  // page-aligned size of one buffer in the memfd
    uint8_t *filling;      // the device's own view of every buffer (mapped once: a driver
                           // fills by DMA, so no per-frame mapping may count against qrtui)
    uint32_t buffers;
    int queue[FAKE_MAX_BUFFERS];
    uint32_t queued;
    int streaming;
    uint32_t sequence;
    int unplugged;
    int mappings;
    pthread_t ticker;
    int ticker_running;
    uint8_t **frames;        // prepared frames (noise differs; a clip's frames in order)
    uint32_t *frame_size;
    int frame_count;
    int frames_shared;       // the frames belong to the process-wide set (not freed with the handle)
} fake_handle;

typedef struct {
    fake_device devices[FAKE_MAX_DEVICES];
    int device_count;
    uint8_t *image;  // the picture, grey
    int image_width, image_height;
    uint8_t *clip;   // or a clip's frames, grey, one after the other
    int clip_width, clip_height, clip_frames;
    // or QRTUI_FAKE_SEQUENCE: pictures, each shown for so many frames, in a loop
    uint8_t *pictures[FAKE_MAX_PICTURES];
    int picture_width[FAKE_MAX_PICTURES], picture_height[FAKE_MAX_PICTURES], picture_frames[FAKE_MAX_PICTURES];
    int picture_count;
    int noise;
    double sigma;  // QRTUI_FAKE_SIGMA: normal noise, fresh in every frame of the loop
    int fps;
    int fail_open_errno;
    int busy;
    int fail_querycap;  // QRTUI_FAKE_FAIL=querycap: VIDIOC_QUERYCAP fails (libv4l2's plugin then complains on stderr)
    int hide_real;  // QRTUI_FAKE_HIDE_REAL=1: a glob finds the fake devices only (a machine's own cameras hidden)
    long unplug_after;
    double replug_seconds;
    long corrupt_first, corrupt_last;
    long bad_index_at;  // QRTUI_FAKE_BAD_INDEX=N: frame N comes back with a buffer index never handed out
    char log_path[256];
    char times_path[256];  // QRTUI_FAKE_TIMES: a line per frame dequeued, "SEQUENCE SECONDS"
    int marks_frames;      // QRTUI_FAKE_MARKS: qrtui's draws marked on the terminal (fake_probe.c)
} fake_config;

// fake_config.c
const fake_config *fake_settings(void);
fake_device *fake_find_device(const char *path);
double fake_now(void);
void fake_log(const char *format, ...);

// fake_real.c: the functions the fake stands in front of
int real_open(const char *path, int flags, mode_t mode);
int real_close(int fd);
int real_ioctl(int fd, unsigned long request, void *arg);
void *real_mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset);
int real_munmap(void *addr, size_t length);
long real_syscall(long number, long a, long b, long c, long d, long e, long f);
int real_glob(const char *pattern, int flags, int (*errfunc)(const char *, int), glob_t *result);

// fake_device.c
extern pthread_mutex_t fake_lock;  // guards the handle table and the mappings
fake_handle *fake_handle_for(int fd);
int fake_device_open(fake_device *device, int flags);
int fake_device_close(int fd);
int fake_device_ioctl(fake_handle *handle, unsigned long request, void *arg);

// fake_mappings.c
void *fake_device_mmap(fake_handle *handle, void *addr, size_t length, int prot, int flags, off_t offset);
int fake_device_munmap(void *addr, size_t length, int *handled);

// fake_formats.c
void fake_apply_size(fake_handle *handle, uint32_t width, uint32_t height);
int fake_format_ioctl(fake_handle *handle, unsigned long request, void *arg);

// fake_controls.c
void fake_add_controls(fake_device *device, const char *list);
int fake_control_ioctl(fake_handle *handle, unsigned long request, void *arg);
void fake_log_controls(const fake_device *device, int fd);

// fake_frames.c
void fake_prepare_frames(fake_handle *handle);
void fake_free_frames(fake_handle *handle);
uint32_t fake_fill_frame(fake_handle *handle, uint8_t *buffer, int corrupt);
#endif
