// Linux system calls that Glibc's Swift module does not export.
#ifndef QRTUI_CSYSTEM_SHIM_H
#define QRTUI_CSYSTEM_SHIM_H
#include <sys/signalfd.h>
#endif
