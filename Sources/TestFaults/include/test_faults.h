// Faults for tests of qrtui's fallbacks, loaded with LD_PRELOAD=libTestFaults.so. Each
// replaced call behaves normally unless its variable is set:
//
//   QRTUI_FAULT_SIGNALFD   signalfd(2) fails with EMFILE (as when descriptors run out)
#ifndef QRTUI_TEST_FAULTS_H
#define QRTUI_TEST_FAULTS_H
#endif
