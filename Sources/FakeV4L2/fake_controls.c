// The fake camera's controls, as a UVC webcam lists them: QUERYCTRL (with NEXT_CTRL),
// QUERYMENU, G_CTRL and S_CTRL. A read-only control refuses S_CTRL (EACCES), a value out
// of range is ERANGE, and the manual focus and exposure are inactive (EBUSY) while their
// automatic counterpart is on. Values stay with the device for the process, as a camera
// keeps them until it loses power: a test reads them back from the log.
#include "fake_internal.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>

static const fake_control known[] = {
    {V4L2_CID_BRIGHTNESS, V4L2_CTRL_TYPE_INTEGER, "Brightness", 0, 255, 1, 128, 0, 0},
    {V4L2_CID_CONTRAST, V4L2_CTRL_TYPE_INTEGER, "Contrast", 0, 255, 1, 32, 0, 0},
    {V4L2_CID_EXPOSURE_AUTO, V4L2_CTRL_TYPE_MENU, "Auto Exposure", 0, 3, 1, 3, 0, 0},
    {V4L2_CID_EXPOSURE_ABSOLUTE, V4L2_CTRL_TYPE_INTEGER, "Exposure Time, Absolute", 3, 2047, 1, 250, 0, 0},
    {V4L2_CID_FOCUS_AUTO, V4L2_CTRL_TYPE_BOOLEAN, "Focus, Automatic Continuous", 0, 1, 1, 1, 0, 0},
    {V4L2_CID_FOCUS_ABSOLUTE, V4L2_CTRL_TYPE_INTEGER, "Focus, Absolute", 0, 250, 5, 0, 0, 0},
    {V4L2_CID_ZOOM_ABSOLUTE, V4L2_CTRL_TYPE_INTEGER, "Zoom, Absolute", 100, 500, 1, 100, 0, 0},
};
static const char *short_names[] = {
    "brightness", "contrast", "exposure_auto", "exposure_absolute", "focus_auto", "focus_absolute", "zoom_absolute",
};
enum { KNOWN = sizeof known / sizeof known[0] };
/// UVC's exposure menu: 1 manual, 3 aperture priority (0 and 2 are not offered).
static const char *exposure_menu[] = {NULL, "Manual Mode", NULL, "Aperture Priority Mode"};

static void add(fake_device *device, const char *name, int read_only) {
    for (int i = 0; i < KNOWN && device->control_count < FAKE_MAX_CONTROLS; i++) {
        if (strcmp(short_names[i], name) != 0) continue;
        fake_control control = known[i];
        control.value = control.default_value;
        if (read_only) control.flags |= V4L2_CTRL_FLAG_READ_ONLY;
        device->controls[device->control_count++] = control;
    }
}

void fake_add_controls(fake_device *device, const char *list) {
    if (!device->pixelformat) return;  // a metadata node has none
    if (strcmp(list, "webcam") == 0) {
        for (int i = 0; i < KNOWN; i++) add(device, short_names[i], 0);
        return;
    }
    char copy[512], *saved = NULL;
    snprintf(copy, sizeof copy, "%s", list);
    for (char *entry = strtok_r(copy, ",", &saved); entry; entry = strtok_r(NULL, ",", &saved)) {
        char *suffix = strstr(entry, ":ro");
        if (suffix) *suffix = 0;
        add(device, entry, suffix != NULL);
    }
}

static fake_control *find(fake_device *device, uint32_t id) {
    for (int i = 0; i < device->control_count; i++)
        if (device->controls[i].id == id) return &device->controls[i];
    return NULL;
}

/// Manual focus and exposure do nothing while the camera chooses them itself.
static int inactive(fake_device *device, const fake_control *control) {
    const fake_control *automatic = NULL;
    if (control->id == V4L2_CID_FOCUS_ABSOLUTE) {
        automatic = find(device, V4L2_CID_FOCUS_AUTO);
        return automatic && automatic->value != 0;
    }
    if (control->id == V4L2_CID_EXPOSURE_ABSOLUTE) {
        automatic = find(device, V4L2_CID_EXPOSURE_AUTO);
        return automatic && automatic->value != 1;
    }
    return 0;
}

static int fail(int code) {
    errno = code;
    return -1;
}

static int query(fake_device *device, struct v4l2_queryctrl *query) {
    fake_control *control = NULL;
    if (query->id & V4L2_CTRL_FLAG_NEXT_CTRL) {
        uint32_t after = query->id & ~(V4L2_CTRL_FLAG_NEXT_CTRL | V4L2_CTRL_FLAG_NEXT_COMPOUND);
        for (int i = 0; i < device->control_count; i++) {
            fake_control *candidate = &device->controls[i];
            if (candidate->id > after && (!control || candidate->id < control->id)) control = candidate;
        }
    } else {
        control = find(device, query->id);
    }
    if (!control) return fail(EINVAL);
    memset(query, 0, sizeof *query);
    query->id = control->id;
    query->type = control->type;
    snprintf((char *)query->name, sizeof query->name, "%s", control->name);
    query->minimum = control->minimum;
    query->maximum = control->maximum;
    query->step = control->step;
    query->default_value = control->default_value;
    query->flags = control->flags | (inactive(device, control) ? V4L2_CTRL_FLAG_INACTIVE : 0);
    return 0;
}

static int query_menu(fake_device *device, struct v4l2_querymenu *item) {
    fake_control *control = find(device, item->id);
    if (!control || control->type != V4L2_CTRL_TYPE_MENU || item->index > 3 || !exposure_menu[item->index])
        return fail(EINVAL);
    uint32_t id = item->id, index = item->index;
    memset(item, 0, sizeof *item);
    item->id = id;
    item->index = index;
    snprintf((char *)item->name, sizeof item->name, "%s", exposure_menu[index]);
    return 0;
}

static int set(fake_handle *handle, struct v4l2_control *value) {
    fake_control *control = find(handle->device, value->id);
    if (!control) return fail(EINVAL);
    if (control->flags & V4L2_CTRL_FLAG_READ_ONLY) return fail(EACCES);
    if (value->value < control->minimum || value->value > control->maximum) return fail(ERANGE);
    if (control->type == V4L2_CTRL_TYPE_MENU && !exposure_menu[value->value]) return fail(EINVAL);
    if (inactive(handle->device, control)) return fail(EBUSY);
    control->value = value->value;
    fake_log("set fd=%d %s=%d", handle->fd, control->name, control->value);
    return 0;
}

int fake_control_ioctl(fake_handle *handle, unsigned long request, void *arg) {
    fake_device *device = handle->device;
    switch (request) {
    case VIDIOC_QUERYCTRL: return query(device, arg);
    case VIDIOC_QUERYMENU: return query_menu(device, arg);
    case VIDIOC_G_CTRL: {
        struct v4l2_control *value = arg;
        fake_control *control = find(device, value->id);
        if (!control) return fail(EINVAL);
        value->value = control->value;
        return 0;
    }
    case VIDIOC_S_CTRL: return set(handle, arg);
    default: return fail(ENOTTY);
    }
}

/// "controls fd=N Brightness=128 ...": what the camera is left with.
void fake_log_controls(const fake_device *device, int fd) {
    if (device->control_count == 0) return;
    char line[400];
    int used = snprintf(line, sizeof line, "controls fd=%d", fd);
    for (int i = 0; i < device->control_count && used < (int)sizeof line; i++)
        used += snprintf(line + used, sizeof line - (size_t)used, " %s=%d", device->controls[i].name,
                         device->controls[i].value);
    fake_log("%s", line);
}
