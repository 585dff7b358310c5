// Faults for tests of qrtui's fallbacks, loaded with LD_PRELOAD=libTestFaults.so. Each
// replaced call behaves normally unless its variable is set:
//
//   QRTUI_FAULT_SIGNALFD   signalfd(2) fails with EMFILE (as when descriptors run out)
//   QRTUI_FAULT_CRASH_POLLS=N  the Nth poll(2) crashes the process (SIGSEGV), as a bug would
//   QRTUI_FAULT_STUCK_READ=S   every zbar_scan_image sleeps S seconds first (a read stuck); with
//                              QRTUI_FAULT_STUCK_AFTER=N, every one after the first N
#ifndef QRTUI_TEST_FAULTS_H
#define QRTUI_TEST_FAULTS_H
#endif
