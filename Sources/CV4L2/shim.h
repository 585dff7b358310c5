// libv4l2 for Swift: non-variadic wrappers and the VIDIOC_* / V4L2_PIX_FMT_* macros
// as constants (Swift imports neither variadic functions nor macros built from casts).
#ifndef QRTUI_CV4L2_SHIM_H
#define QRTUI_CV4L2_SHIM_H
#include <fcntl.h>
#include <stdio.h>
#include <linux/videodev2.h>
#include <libv4l2.h>
#include <libv4lconvert.h>
#include <libv4l-plugin.h>
#include <errno.h>
#include <string.h>

static inline int qrtui_v4l2_open(const char *path, int flags) { return v4l2_open(path, flags); }
static inline int qrtui_v4l2_ioctl(int fd, unsigned long request, void *arg) {
    return v4l2_ioctl(fd, request, arg);
}
/// libv4lconvert without a device (to decode frames held in memory): it asks only what the
/// device can do, and hears "a capture device, nothing more".
static inline int qrtui_detached_ioctl(void *priv, int fd, unsigned long request, void *arg) {
    (void)priv; (void)fd;
    if (request == VIDIOC_QUERYCAP) {
        struct v4l2_capability *cap = arg;
        memset(cap, 0, sizeof *cap);
        strcpy((char *)cap->driver, "qrtui");
        cap->capabilities = V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_DEVICE_CAPS;
        cap->device_caps = V4L2_CAP_VIDEO_CAPTURE;
        return 0;
    }
    errno = EINVAL;
    return -1;
}
static inline struct v4lconvert_data *qrtui_v4lconvert_create_detached(void) {
    static const struct libv4l_dev_ops ops = { .ioctl = qrtui_detached_ioctl };
    return v4lconvert_create_with_dev_ops(-1, NULL, &ops);
}
/// libv4l2 logs to stderr by default, which garbles a full-screen UI.
static inline void qrtui_v4l2_set_log_file(FILE *file) { v4l2_log_file = file; }

enum : unsigned long {
    QRTUI_VIDIOC_QUERYCAP = VIDIOC_QUERYCAP,
    QRTUI_VIDIOC_ENUM_FMT = VIDIOC_ENUM_FMT,
    QRTUI_VIDIOC_G_FMT = VIDIOC_G_FMT,
    QRTUI_VIDIOC_S_FMT = VIDIOC_S_FMT,
    QRTUI_VIDIOC_TRY_FMT = VIDIOC_TRY_FMT,
    QRTUI_VIDIOC_REQBUFS = VIDIOC_REQBUFS,
    QRTUI_VIDIOC_QUERYBUF = VIDIOC_QUERYBUF,
    QRTUI_VIDIOC_QBUF = VIDIOC_QBUF,
    QRTUI_VIDIOC_DQBUF = VIDIOC_DQBUF,
    QRTUI_VIDIOC_STREAMON = VIDIOC_STREAMON,
    QRTUI_VIDIOC_STREAMOFF = VIDIOC_STREAMOFF,
    QRTUI_VIDIOC_ENUM_FRAMESIZES = VIDIOC_ENUM_FRAMESIZES,
    QRTUI_VIDIOC_ENUM_FRAMEINTERVALS = VIDIOC_ENUM_FRAMEINTERVALS,
    QRTUI_VIDIOC_G_PARM = VIDIOC_G_PARM,
    QRTUI_VIDIOC_S_PARM = VIDIOC_S_PARM,
    QRTUI_VIDIOC_QUERYCTRL = VIDIOC_QUERYCTRL,
    QRTUI_VIDIOC_QUERYMENU = VIDIOC_QUERYMENU,
    QRTUI_VIDIOC_G_CTRL = VIDIOC_G_CTRL,
    QRTUI_VIDIOC_S_CTRL = VIDIOC_S_CTRL,
};

/// The controls qrtui offers keys for, and what a control's query says of it.
enum : unsigned int {
    QRTUI_CID_BRIGHTNESS = V4L2_CID_BRIGHTNESS,
    QRTUI_CID_EXPOSURE_AUTO = V4L2_CID_EXPOSURE_AUTO,
    QRTUI_CID_EXPOSURE_ABSOLUTE = V4L2_CID_EXPOSURE_ABSOLUTE,
    QRTUI_CID_FOCUS_AUTO = V4L2_CID_FOCUS_AUTO,
    QRTUI_CID_FOCUS_ABSOLUTE = V4L2_CID_FOCUS_ABSOLUTE,
    QRTUI_CID_ZOOM_ABSOLUTE = V4L2_CID_ZOOM_ABSOLUTE,
    QRTUI_EXPOSURE_MANUAL = V4L2_EXPOSURE_MANUAL,
    QRTUI_CTRL_FLAG_NEXT_CTRL = V4L2_CTRL_FLAG_NEXT_CTRL,
    QRTUI_CTRL_FLAG_DISABLED = V4L2_CTRL_FLAG_DISABLED,
    QRTUI_CTRL_FLAG_READ_ONLY = V4L2_CTRL_FLAG_READ_ONLY,
    QRTUI_CTRL_FLAG_INACTIVE = V4L2_CTRL_FLAG_INACTIVE,
    QRTUI_CTRL_FLAG_WRITE_ONLY = V4L2_CTRL_FLAG_WRITE_ONLY,
    QRTUI_CTRL_TYPE_INTEGER = V4L2_CTRL_TYPE_INTEGER,
    QRTUI_CTRL_TYPE_BOOLEAN = V4L2_CTRL_TYPE_BOOLEAN,
    QRTUI_CTRL_TYPE_MENU = V4L2_CTRL_TYPE_MENU,
    QRTUI_CTRL_TYPE_CTRL_CLASS = V4L2_CTRL_TYPE_CTRL_CLASS,
};

enum : unsigned int {
    QRTUI_PIX_FMT_GREY = V4L2_PIX_FMT_GREY,
    QRTUI_PIX_FMT_YUYV = V4L2_PIX_FMT_YUYV,
    QRTUI_PIX_FMT_UYVY = V4L2_PIX_FMT_UYVY,
    QRTUI_PIX_FMT_YUV420 = V4L2_PIX_FMT_YUV420,
    QRTUI_PIX_FMT_YVU420 = V4L2_PIX_FMT_YVU420,
    QRTUI_PIX_FMT_NV12 = V4L2_PIX_FMT_NV12,
    QRTUI_PIX_FMT_NV21 = V4L2_PIX_FMT_NV21,
    QRTUI_PIX_FMT_MJPEG = V4L2_PIX_FMT_MJPEG,
    QRTUI_PIX_FMT_JPEG = V4L2_PIX_FMT_JPEG,
    QRTUI_PIX_FMT_RGB24 = V4L2_PIX_FMT_RGB24,
    QRTUI_CAP_VIDEO_CAPTURE = V4L2_CAP_VIDEO_CAPTURE,
    QRTUI_CAP_STREAMING = V4L2_CAP_STREAMING,
    QRTUI_CAP_DEVICE_CAPS = V4L2_CAP_DEVICE_CAPS,
    QRTUI_FMT_FLAG_EMULATED = V4L2_FMT_FLAG_EMULATED,
    QRTUI_BUF_FLAG_ERROR = V4L2_BUF_FLAG_ERROR,
};

#endif
