// The fake camera's picture formats: the sizes and rates it offers, as a USB camera does,
// and the ioctls that list, get and set them.
#include "fake_internal.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const uint32_t sizes[][2] = {{640, 480}, {1280, 720}, {1920, 1080}};
enum { SIZE_COUNT = 3 };

static int fail(int code) {
    errno = code;
    return -1;
}
/// Frames per second a format offers at a size, as a USB camera does: raw YUYV is slow at
/// high resolutions, MJPEG and GREY are not.
static uint32_t max_fps(uint32_t pixelformat, uint32_t width) {
    if (pixelformat != V4L2_PIX_FMT_YUYV) return 30;
    return width <= 640 ? 30 : width <= 1280 ? 10 : 5;
}

void fake_apply_size(fake_handle *handle, uint32_t width, uint32_t height) {
    int best = 0;
    long best_distance = -1;
    for (int i = 0; i < SIZE_COUNT; i++) {
        long distance = labs((long)sizes[i][0] - (long)width) + labs((long)sizes[i][1] - (long)height);
        if (best_distance < 0 || distance < best_distance) { best = i; best_distance = distance; }
    }
    handle->width = sizes[best][0];
    handle->height = sizes[best][1];
    uint32_t format = handle->pixelformat;
    handle->bytesperline = format == V4L2_PIX_FMT_YUYV ? handle->width * 2 : format == V4L2_PIX_FMT_GREY ? handle->width : 0;
    handle->sizeimage = format == V4L2_PIX_FMT_YUYV ? handle->width * handle->height * 2 : handle->width * handle->height;
    if (handle->fps > max_fps(format, handle->width)) handle->fps = max_fps(format, handle->width);
}

static void fill_format(fake_handle *handle, struct v4l2_format *format) {
    memset(&format->fmt.pix, 0, sizeof format->fmt.pix);
    format->fmt.pix.width = handle->width;
    format->fmt.pix.height = handle->height;
    format->fmt.pix.pixelformat = handle->pixelformat;
    format->fmt.pix.field = V4L2_FIELD_NONE;
    format->fmt.pix.bytesperline = handle->bytesperline;
    format->fmt.pix.sizeimage = handle->sizeimage;
    format->fmt.pix.colorspace = V4L2_COLORSPACE_SRGB;
}

/// Whether the device offers `format`.
static int offers(const fake_handle *handle, uint32_t format) {
    for (int i = 0; i < handle->device->format_count; i++)
        if (handle->device->formats[i] == format) return 1;
    return 0;
}

static int enum_format(fake_handle *handle, struct v4l2_fmtdesc *description) {
    if (description->type != V4L2_BUF_TYPE_VIDEO_CAPTURE || description->index >= (uint32_t)handle->device->format_count)
        return fail(EINVAL);
    uint32_t index = description->index, type = description->type, format = handle->device->formats[index];
    memset(description, 0, sizeof *description);
    description->index = index;
    description->type = type;
    description->pixelformat = format;
    const char *name = format == V4L2_PIX_FMT_YUYV ? "YUYV 4:2:2"
                     : format == V4L2_PIX_FMT_GREY ? "8-bit Greyscale"
                     : format == V4L2_PIX_FMT_H264 ? "H.264" : "Motion-JPEG";
    strncpy((char *)description->description, name, sizeof description->description - 1);
    if (format == V4L2_PIX_FMT_MJPEG || format == V4L2_PIX_FMT_H264) description->flags = V4L2_FMT_FLAG_COMPRESSED;
    return 0;
}

static int enum_sizes(fake_handle *handle, struct v4l2_frmsizeenum *size) {
    if (!offers(handle, size->pixel_format) || size->index >= SIZE_COUNT) return fail(EINVAL);
    size->type = V4L2_FRMSIZE_TYPE_DISCRETE;
    size->discrete.width = sizes[size->index][0];
    size->discrete.height = sizes[size->index][1];
    return 0;
}

static int enum_intervals(fake_handle *handle, struct v4l2_frmivalenum *interval) {
    int known = 0;
    for (int i = 0; i < SIZE_COUNT; i++) known |= sizes[i][0] == interval->width && sizes[i][1] == interval->height;
    if (!offers(handle, interval->pixel_format) || !known || interval->index > 0) return fail(EINVAL);
    interval->type = V4L2_FRMIVAL_TYPE_DISCRETE;
    interval->discrete.numerator = 1;
    interval->discrete.denominator = max_fps(interval->pixel_format, interval->width);
    return 0;
}

int fake_format_ioctl(fake_handle *handle, unsigned long request, void *arg) {
    int capture = handle->pixelformat != 0;
    switch (request) {
    case VIDIOC_QUERYCAP: {
        if (fake_settings()->fail_querycap) { errno = ENOTTY; return -1; }
        struct v4l2_capability *capability = arg;
        memset(capability, 0, sizeof *capability);
        strcpy((char *)capability->driver, "fake_v4l2");
        strcpy((char *)capability->card, capture ? "qrtui fake camera" : "qrtui fake metadata");
        strcpy((char *)capability->bus_info, "platform:qrtui-fake");
        capability->version = (6 << 16) | (1 << 8);
        capability->device_caps = (capture ? V4L2_CAP_VIDEO_CAPTURE : V4L2_CAP_META_CAPTURE) | V4L2_CAP_STREAMING;
        capability->capabilities = capability->device_caps | V4L2_CAP_DEVICE_CAPS;
        return 0;
    }
    case VIDIOC_ENUM_FMT: return enum_format(handle, arg);
    case VIDIOC_ENUM_FRAMESIZES: return enum_sizes(handle, arg);
    case VIDIOC_ENUM_FRAMEINTERVALS: return enum_intervals(handle, arg);
    case VIDIOC_G_FMT: {
        struct v4l2_format *format = arg;
        if (!capture || format->type != V4L2_BUF_TYPE_VIDEO_CAPTURE) return fail(EINVAL);
        fill_format(handle, format);
        return 0;
    }
    case VIDIOC_TRY_FMT:
    case VIDIOC_S_FMT: {
        struct v4l2_format *format = arg;
        if (!capture || format->type != V4L2_BUF_TYPE_VIDEO_CAPTURE) return fail(EINVAL);
        if (request == VIDIOC_S_FMT && (fake_settings()->busy || handle->streaming || handle->buffers)) return fail(EBUSY);
        // A format the camera does not offer leaves the one it has, as drivers do.
        fake_handle trial = *handle;
        if (offers(handle, format->fmt.pix.pixelformat)) trial.pixelformat = format->fmt.pix.pixelformat;
        fake_apply_size(&trial, format->fmt.pix.width, format->fmt.pix.height);
        if (request == VIDIOC_S_FMT) {
            handle->pixelformat = trial.pixelformat;
            handle->fps = fake_settings()->fps > 0 ? (uint32_t)fake_settings()->fps : 30;
            fake_apply_size(handle, format->fmt.pix.width, format->fmt.pix.height);
        }
        fill_format(&trial, format);
        return 0;
    }
    case VIDIOC_G_PARM:
    case VIDIOC_S_PARM: {
        struct v4l2_streamparm *parameters = arg;
        if (!capture || parameters->type != V4L2_BUF_TYPE_VIDEO_CAPTURE) return fail(EINVAL);
        struct v4l2_fract wanted = parameters->parm.capture.timeperframe;
        if (request == VIDIOC_S_PARM && wanted.numerator > 0 && wanted.denominator > 0) {
            uint32_t fps = wanted.denominator / wanted.numerator;
            uint32_t limit = max_fps(handle->pixelformat, handle->width);
            handle->fps = fps < 1 ? 1 : fps > limit ? limit : fps;
        }
        memset(&parameters->parm, 0, sizeof parameters->parm);
        parameters->parm.capture.capability = V4L2_CAP_TIMEPERFRAME;
        parameters->parm.capture.timeperframe.numerator = 1;
        parameters->parm.capture.timeperframe.denominator = handle->fps;
        return 0;
    }
    default:
        return fail(ENOTTY);
    }
}
