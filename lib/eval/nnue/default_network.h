// The network built into the library: lib/eval/nnue/default.nnue, embedded at
// build time (lib/tools/embed_bytes.py), so that Eval nnue needs no file.
// docs/NNUE.md ("The built-in network") and docs/TRAINING.md give its recipe.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "eval/nnue/network.h"

namespace augur::nnue {

// The file's bytes, as they are in the repository.
std::span<const std::uint8_t> default_network_bytes();

// The built-in network, read once per process on first use and then shared,
// read-only, by every engine and thread that evaluates with it.
std::shared_ptr<const Network> default_network();

}  // namespace augur::nnue
