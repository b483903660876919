#pragma once

// AUGUR_BULK_LOOP marks a function that runs over bulk data (a checksum, a
// network's weight arrays) whose comparisons depend on no input decision: in
// the fuzz build (docs/TESTING.md) libFuzzer's coverage instrumentation would
// trace every one of them, which costs most of a network input's time and
// tells the mutator nothing. AddressSanitizer and UBSan still check these
// functions. Other compilers and builds: no effect.
#if defined(__clang__)
#define AUGUR_BULK_LOOP __attribute__((no_sanitize("coverage")))
#else
#define AUGUR_BULK_LOOP
#endif
