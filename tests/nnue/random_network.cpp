#include "random_network.h"

#include <stdexcept>

#include "play/openings.h"

namespace augur::test {

namespace {

// Uniform in [-bound, bound].
std::int16_t symmetric(play::SplitMix64& random, int bound) {
    return std::int16_t(int(random.below(std::uint64_t(2 * bound + 1))) - bound);
}

// Feature weights and biases: 32 of the largest plus a bias stay far below 2^15.
constexpr int FEATURE_WEIGHT_BOUND = 96;
constexpr int FEATURE_BIAS_BOUND = 64;
constexpr int OUTPUT_WEIGHT_BOUND = 16;
constexpr int OUTPUT_BIAS_BOUND = 100000;

}  // namespace

nnue::Network random_network(std::uint64_t seed, const nnue::NetworkShape& shape) {
    if (std::string error = nnue::check_shape(shape); !error.empty()) throw std::invalid_argument(error);
    nnue::Network network = nnue::Network::zeroed(shape);
    play::SplitMix64 random(seed);
    for (std::int16_t& w : network.feature_weights) w = symmetric(random, FEATURE_WEIGHT_BOUND);
    for (std::int16_t& b : network.feature_bias) b = symmetric(random, FEATURE_BIAS_BOUND);
    for (std::int16_t& w : network.output_weights) w = symmetric(random, OUTPUT_WEIGHT_BOUND);
    for (std::int32_t& bias : network.output_bias)
        bias = std::int32_t(random.below(2 * OUTPUT_BIAS_BOUND + 1)) - OUTPUT_BIAS_BOUND;
    if (std::string error = nnue::check_network(network); !error.empty()) throw std::logic_error(error);
    return network;
}

}  // namespace augur::test
