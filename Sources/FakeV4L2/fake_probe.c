// The probe point qrtui's screen looks up at start (`PreloadedDrawProbe`): supplied here, for
// the latency benchmark and its tests, so that nothing in qrtui reads a setting for them.
#include "fake_internal.h"
#include <stdio.h>

/// With QRTUI_FAKE_MARKS=1, the bytes qrtui writes after each picture it draws: a private
/// string the terminal ignores (APC) saying which frame it shows, how many codes were
/// announced, how many frames the screen got and how many newer ones replaced before it took
/// them, so that a harness on the pty sees when each reached the screen. Their length (0: none).
long qrtui_probe_drawn(long long frame, long long codes, long long got, long long dropped, char *out,
                       long capacity) {
    if (!fake_settings()->marks_frames || !out || capacity <= 0) return 0;
    int length = snprintf(out, (size_t)capacity, "\033_qrtui;frame=%lld;codes=%lld;got=%lld;dropped=%lld\033\\",
                          frame, codes, got, dropped);
    return length > 0 && length < capacity ? length : 0;
}
