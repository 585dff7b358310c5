// The fake camera itself: a V4L2 capture device answering ioctls, with mmap buffers kept in
// a memfd and a pipe as its descriptor (readable when a frame is due, hung up when unplugged;
// poll, select and epoll work on it without interception).
#include "fake_internal.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static fake_handle *handles[FAKE_MAX_FD];
pthread_mutex_t fake_lock = PTHREAD_MUTEX_INITIALIZER;



fake_handle *fake_handle_for(int fd) {
    if (fd < 0 || fd >= FAKE_MAX_FD) return NULL;
    return __atomic_load_n(&handles[fd], __ATOMIC_ACQUIRE);
}




/// Paces frames: one byte into the pipe per frame period while buffers wait for frames. The
/// periods are kept on an absolute schedule, as a sensor's clock keeps them.
static void *tick(void *argument) {
    fake_handle *handle = argument;
    struct timespec due;
    clock_gettime(CLOCK_MONOTONIC, &due);
    while (__atomic_load_n(&handle->ticker_running, __ATOMIC_ACQUIRE)) {
        due.tv_nsec += 1000000000L / (handle->fps ? handle->fps : 30);
        if (due.tv_nsec >= 1000000000L) { due.tv_sec++; due.tv_nsec -= 1000000000L; }
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &due, NULL) == EINTR) {}
        if (__atomic_load_n(&handle->ticker_running, __ATOMIC_ACQUIRE) && __atomic_load_n(&handle->queued, __ATOMIC_ACQUIRE) > 0) {
            char byte = 1;
            ssize_t ignored = write(handle->tick, &byte, 1);
            (void)ignored;
        }
    }
    return NULL;
}

int fake_device_open(fake_device *device, int flags) {
    const fake_config *settings = fake_settings();
    if (settings->fail_open_errno) { errno = settings->fail_open_errno; return -1; }
    if (!device->present) { errno = ENOENT; return -1; }
    int ends[2];
    if (pipe2(ends, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    if (!(flags & O_NONBLOCK)) fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) & ~O_NONBLOCK);
    if (ends[0] >= FAKE_MAX_FD) { real_close(ends[0]); real_close(ends[1]); errno = EMFILE; return -1; }
    fake_handle *handle = calloc(1, sizeof *handle);
    handle->fd = ends[0];
    handle->tick = ends[1];
    handle->nonblocking = (flags & O_NONBLOCK) != 0;
    handle->device = device;
    handle->pixelformat = device->pixelformat;
    handle->memfd = -1;
    handle->fps = settings->fps > 0 ? (uint32_t)settings->fps : 30;
    fake_apply_size(handle, 640, 480);
    __atomic_store_n(&handles[handle->fd], handle, __ATOMIC_RELEASE);
    fake_log("open %s fd=%d", device->path, handle->fd);
    return handle->fd;
}

static void stop_streaming(fake_handle *handle) {
    if (handle->ticker_running) {
        __atomic_store_n(&handle->ticker_running, 0, __ATOMIC_RELEASE);
        pthread_join(handle->ticker, NULL);
    }
    if (handle->streaming) fake_log("streamoff fd=%d", handle->fd);
    handle->streaming = 0;
    __atomic_store_n(&handle->queued, 0, __ATOMIC_RELEASE);
    char drain[256];
    int flags = fcntl(handle->fd, F_GETFL);
    fcntl(handle->fd, F_SETFL, flags | O_NONBLOCK);
    while (read(handle->fd, drain, sizeof drain) > 0) {}
    fcntl(handle->fd, F_SETFL, flags);
}

static void release_buffers(fake_handle *handle) {
    if (handle->filling) real_munmap(handle->filling, handle->buffer_stride * handle->buffers);
    handle->filling = NULL;
    if (handle->memfd >= 0) real_close(handle->memfd);
    handle->memfd = -1;
    handle->buffers = 0;
    fake_free_frames(handle);
}

int fake_device_close(int fd) {
    pthread_mutex_lock(&fake_lock);
    fake_handle *handle = handles[fd];
    __atomic_store_n(&handles[fd], NULL, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&fake_lock);
    if (!handle) return real_close(fd);
    stop_streaming(handle);
    fake_log_controls(handle->device, fd);
    fake_log("close fd=%d mappings=%d", fd, handle->mappings);
    release_buffers(handle);
    if (handle->tick >= 0) real_close(handle->tick);
    int result = real_close(fd);
    if (handle->mappings == 0) free(handle);  // else the mappings still name it
    return result;
}

/// The camera goes away: readers see POLLHUP, every ioctl fails with ENODEV, the node is gone.
static void unplug(fake_handle *handle) {
    handle->unplugged = 1;
    handle->device->present = 0;
    double replug = fake_settings()->replug_seconds;
    handle->device->replug_at = replug >= 0 ? fake_now() + replug : 0;
    __atomic_store_n(&handle->ticker_running, 0, __ATOMIC_RELEASE);
    if (handle->ticker) pthread_join(handle->ticker, NULL);
    handle->ticker = 0;
    real_close(handle->tick);
    handle->tick = -1;
    fake_log("unplug %s after %u frames", handle->device->path, handle->sequence);
}

static int fail(int code) {
    errno = code;
    return -1;
}

/// "SEQUENCE SECONDS" for a frame dequeued (QRTUI_FAKE_TIMES), for latency measurements.
static void record_time(uint32_t sequence, struct timespec when) {
    static int fd = -1;
    const char *path = fake_settings()->times_path;
    if (!path[0]) return;
    if (fd < 0) fd = real_open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    char line[64];
    int length = snprintf(line, sizeof line, "%u %ld.%09ld\n", sequence, (long)when.tv_sec, when.tv_nsec);
    if (fd >= 0 && length > 0) {
        ssize_t ignored = write(fd, line, (size_t)length);
        (void)ignored;
    }
}

static int dequeue(fake_handle *handle, struct v4l2_buffer *buffer) {
    const fake_config *settings = fake_settings();
    if (!handle->streaming) return fail(EINVAL);
    if (handle->queued == 0) return fail(handle->nonblocking ? EAGAIN : EINVAL);
    if (settings->unplug_after >= 0 && handle->sequence >= (uint32_t)settings->unplug_after) {
        unplug(handle);
        return fail(ENODEV);
    }
    char byte;
    ssize_t got = read(handle->fd, &byte, 1);
    if (got <= 0) return fail(got == 0 ? ENODEV : errno);
    int index = handle->queue[0];
    memmove(handle->queue, handle->queue + 1, sizeof(int) * (handle->queued - 1));
    __atomic_fetch_sub(&handle->queued, 1, __ATOMIC_RELEASE);
    if (!handle->filling) {
        void *all = real_mmap(NULL, handle->buffer_stride * handle->buffers, PROT_READ | PROT_WRITE, MAP_SHARED,
                              handle->memfd, 0);
        if (all == MAP_FAILED) return fail(EIO);
        handle->filling = all;
    }
    uint8_t *memory = handle->filling + (size_t)index * handle->buffer_stride;
    int corrupt = settings->corrupt_first >= 0 && (long)handle->sequence >= settings->corrupt_first &&
                  (long)handle->sequence <= settings->corrupt_last;
    uint32_t used = fake_fill_frame(handle, memory, corrupt);
    memset(buffer, 0, sizeof *buffer);
    buffer->type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    buffer->memory = V4L2_MEMORY_MMAP;
    buffer->index = (uint32_t)index;
    // A driver's fault: an index it never handed out (the buffer itself is lost to the stream).
    if (settings->bad_index_at >= 0 && (long)handle->sequence == settings->bad_index_at)
        buffer->index = (uint32_t)(handle->buffers + 7);
    buffer->bytesused = used;
    buffer->length = handle->sizeimage;
    buffer->m.offset = (uint32_t)(index * handle->buffer_stride);
    buffer->field = V4L2_FIELD_NONE;
    buffer->sequence = handle->sequence++;
    buffer->flags = V4L2_BUF_FLAG_MAPPED | V4L2_BUF_FLAG_DONE | V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC;
    if (corrupt && handle->pixelformat != V4L2_PIX_FMT_MJPEG) buffer->flags |= V4L2_BUF_FLAG_ERROR;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    buffer->timestamp.tv_sec = now.tv_sec;
    buffer->timestamp.tv_usec = now.tv_nsec / 1000;
    record_time(buffer->sequence, now);
    return 0;
}

static int enqueue(fake_handle *handle, struct v4l2_buffer *buffer) {
    if (buffer->index >= handle->buffers || handle->queued >= FAKE_MAX_BUFFERS) return fail(EINVAL);
    handle->queue[handle->queued] = (int)buffer->index;
    __atomic_fetch_add(&handle->queued, 1, __ATOMIC_RELEASE);
    buffer->flags = V4L2_BUF_FLAG_MAPPED | V4L2_BUF_FLAG_QUEUED;
    if (handle->streaming && fake_settings()->fps == 0) {
        char byte = 1;
        ssize_t ignored = write(handle->tick, &byte, 1);  // unpaced: a frame is due at once
        (void)ignored;
    }
    return 0;
}

static int request_buffers(fake_handle *handle, struct v4l2_requestbuffers *request) {
    if (fake_settings()->busy) return fail(EBUSY);
    if (request->memory != V4L2_MEMORY_MMAP) return fail(EINVAL);
    if (handle->streaming) return fail(EBUSY);
    if (request->count == 0) {
        if (handle->mappings > 0) return fail(EBUSY);
        release_buffers(handle);
        return 0;
    }
    release_buffers(handle);
    uint32_t count = request->count > FAKE_MAX_BUFFERS ? FAKE_MAX_BUFFERS : request->count;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    handle->buffer_stride = (handle->sizeimage + page - 1) / page * page;
    handle->memfd = memfd_create("qrtui-fake-v4l2", MFD_CLOEXEC);
    if (handle->memfd < 0 || ftruncate(handle->memfd, (off_t)(handle->buffer_stride * count)) != 0) return fail(ENOMEM);
    handle->buffers = count;
    request->count = count;
    request->capabilities = V4L2_BUF_CAP_SUPPORTS_MMAP;
    return 0;
}




int fake_device_ioctl(fake_handle *handle, unsigned long request, void *arg) {
    if (handle->unplugged) return fail(ENODEV);
    switch (request) {
    case VIDIOC_QUERYCAP:
    case VIDIOC_ENUM_FMT:
    case VIDIOC_ENUM_FRAMESIZES:
    case VIDIOC_ENUM_FRAMEINTERVALS:
    case VIDIOC_G_FMT:
    case VIDIOC_TRY_FMT:
    case VIDIOC_S_FMT:
    case VIDIOC_G_PARM:
    case VIDIOC_S_PARM:
        return fake_format_ioctl(handle, request, arg);
    case VIDIOC_REQBUFS: return request_buffers(handle, arg);
    case VIDIOC_QUERYBUF: {
        struct v4l2_buffer *buffer = arg;
        if (buffer->index >= handle->buffers) return fail(EINVAL);
        buffer->length = handle->sizeimage;
        buffer->m.offset = (uint32_t)(buffer->index * handle->buffer_stride);
        buffer->flags = V4L2_BUF_FLAG_MAPPED;
        buffer->memory = V4L2_MEMORY_MMAP;
        return 0;
    }
    case VIDIOC_QBUF: return enqueue(handle, arg);
    case VIDIOC_DQBUF: return dequeue(handle, arg);
    case VIDIOC_STREAMON: {
        if (fake_settings()->busy) return fail(EBUSY);
        if (handle->buffers == 0) return fail(EINVAL);
        if (handle->streaming) return 0;
        fake_prepare_frames(handle);
        handle->streaming = 1;
        fake_log("streamon fd=%d %.4s %u fps %ux%u", handle->fd, (const char *)&handle->pixelformat, handle->fps,
                 handle->width, handle->height);
        if (fake_settings()->fps == 0) {
            for (uint32_t i = 0; i < handle->queued; i++) {
                char byte = 1;
                ssize_t ignored = write(handle->tick, &byte, 1);
                (void)ignored;
            }
        } else {
            __atomic_store_n(&handle->ticker_running, 1, __ATOMIC_RELEASE);
            pthread_create(&handle->ticker, NULL, tick, handle);
        }
        return 0;
    }
    case VIDIOC_STREAMOFF:
        stop_streaming(handle);
        return 0;
    case VIDIOC_QUERYCTRL:
    case VIDIOC_QUERYMENU:
    case VIDIOC_G_CTRL:
    case VIDIOC_S_CTRL:
        return fake_control_ioctl(handle, request, arg);
    case VIDIOC_QUERY_EXT_CTRL:
    case VIDIOC_ENUMINPUT:
    case VIDIOC_ENUMSTD:
        return fail(EINVAL);
    default:
        return fail(ENOTTY);
    }
}
