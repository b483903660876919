// Deterministic pseudo-random networks for the tests: there is no trained
// network yet, and a random one exercises the file format, the loader, the
// accumulators, the SIMD paths and the Java reference just as well. The
// weights are drawn from SplitMix64 (lib/play) within ranges that keep every accumulator
// and the output sum inside the loader's bounds.
#pragma once

#include <cstdint>

#include "eval/nnue/network.h"

namespace augur::test {

nnue::Network random_network(std::uint64_t seed, const nnue::NetworkShape& shape = {});

}  // namespace augur::test
