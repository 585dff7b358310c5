// A fake V4L2 camera for tests, loaded with LD_PRELOAD. It has no API of its own: it
// intercepts open, ioctl, mmap, close, glob and syscall (libv4l2 makes its kernel calls
// through syscall). Configuration comes from the environment:
//
//   QRTUI_FAKE_DEVICES   "/dev/video0:yuyv,/dev/video1:mjpeg,/dev/video2:grey,/dev/video3:meta"
//                        (h264: a format nothing here can decode; "mjpeg+yuyv": a camera
//                        offering both, in that order; YUYV is 10 fps at 1280x720, 5 above)
//   QRTUI_FAKE_CONTROLS  the controls every device has: "webcam" (brightness, contrast,
//                        exposure_auto, exposure_absolute, focus_auto, focus_absolute,
//                        zoom_absolute) or a comma-separated list of those names, each
//                        with ":ro" for a read-only one; none when unset
//   QRTUI_FAKE_TIMES     append "SEQUENCE SECONDS" (CLOCK_MONOTONIC) for each frame dequeued
//   QRTUI_FAKE_MARKS     1: qrtui's screen marks each draw on the terminal (fake_probe.c)
//   QRTUI_FAKE_IMAGE     a binary PGM shown by every device (scaled to the chosen size)
//   QRTUI_FAKE_CLIP      a Y4M clip played in a loop instead (its luma, scaled likewise)
//   QRTUI_FAKE_SEQUENCE  "a.pgm:30,b.pgm:60": pictures shown in turn for so many frames, in a
//                        loop (frame N of a stream shows the picture at N modulo the total)
//   QRTUI_FAKE_NOISE     sensor noise amplitude in grey levels (default 4), the same few
//                        noisy variants of a picture served in turn
//   QRTUI_FAKE_SIGMA     sensor noise as a camera has it instead: normal, of this standard
//                        deviation, and fresh in every frame (a picture gets five seconds of
//                        frames, each with noise of its own; a sequence or a clip a frame of
//                        its own for every frame of its loop)
//   QRTUI_FAKE_FPS       frames per second (default 30; 0 = as fast as frames are taken)
//   QRTUI_FAKE_FAIL      open:EACCES | open:ENOENT | busy (S_FMT, REQBUFS, STREAMON: EBUSY)
//   QRTUI_FAKE_UNPLUG    unplug after this many frames (POLLHUP, ENODEV, node gone), counted
//                        from each open: with QRTUI_FAKE_REPLUG it unplugs again and again
//   QRTUI_FAKE_REPLUG    seconds until an unplugged device comes back (default: never)
//   QRTUI_FAKE_CORRUPT   "FIRST-LAST": frames in that range are corrupt (MJPEG garbage,
//                        raw formats flagged V4L2_BUF_FLAG_ERROR)
//   QRTUI_FAKE_BAD_INDEX N: frame N of each opening comes back with a buffer index never
//                        handed out (a driver's fault; that buffer is lost to the stream)
//   QRTUI_FAKE_LOG       append one line per open, stream on/off, mapping, control set and
//                        close (with the controls' values then)
#ifndef QRTUI_FAKE_V4L2_H
#define QRTUI_FAKE_V4L2_H
#endif
