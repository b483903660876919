#include "eval/nnue/default_network.h"

#include <stdexcept>
#include <string>

namespace augur::nnue {

namespace embedded {
// Defined in the build's default_network_bytes.cpp.
extern const std::uint8_t default_nnue[];
extern const std::size_t default_nnue_size;
}  // namespace embedded

std::span<const std::uint8_t> default_network_bytes() {
    return {embedded::default_nnue, embedded::default_nnue_size};
}

namespace {

std::shared_ptr<const Network> read_default_network() {
    NetworkLoad load = read_network(default_network_bytes());
    // The build embeds a file the tests load; a failure here is a broken build, not bad input.
    if (!load.network) throw std::logic_error("the built-in network does not load: " + load.error);
    return load.network;
}

}  // namespace

std::shared_ptr<const Network> default_network() {
    static const std::shared_ptr<const Network> network = read_default_network();
    return network;
}

}  // namespace augur::nnue
