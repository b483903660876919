#include "random_network.h"

#include <stdexcept>

namespace augur::test {

namespace {

class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    // Uniform in [-bound, bound].
    std::int16_t symmetric(int bound) { return std::int16_t(int(next() % std::uint64_t(2 * bound + 1)) - bound); }

private:
    std::uint64_t state_;
};

// Feature weights and biases: 32 of the largest plus a bias stay far below 2^15.
constexpr int FEATURE_WEIGHT_BOUND = 96;
constexpr int FEATURE_BIAS_BOUND = 64;
constexpr int OUTPUT_WEIGHT_BOUND = 16;
constexpr int OUTPUT_BIAS_BOUND = 100000;

}  // namespace

nnue::Network random_network(std::uint64_t seed, const nnue::NetworkShape& shape) {
    if (std::string error = nnue::check_shape(shape); !error.empty()) throw std::invalid_argument(error);
    nnue::Network network = nnue::Network::zeroed(shape);
    SplitMix64 random(seed);
    for (std::int16_t& w : network.feature_weights) w = random.symmetric(FEATURE_WEIGHT_BOUND);
    for (std::int16_t& b : network.feature_bias) b = random.symmetric(FEATURE_BIAS_BOUND);
    for (std::int16_t& w : network.output_weights) w = random.symmetric(OUTPUT_WEIGHT_BOUND);
    network.output_bias = std::int32_t(random.next() % (2 * OUTPUT_BIAS_BOUND + 1)) - OUTPUT_BIAS_BOUND;
    if (std::string error = nnue::check_network(network); !error.empty()) throw std::logic_error(error);
    return network;
}

}  // namespace augur::test
