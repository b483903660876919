// Network: the weights of an efficiently updatable neural network (NNUE) and
// its file format (docs/NNUE.md), read-only once loaded.
//
// The network is a perspective network: each side sees the board through 768
// inputs (colour relative to that side x 6 piece types x 64 squares, flipped
// vertically for Black), which feed `hidden` neurons through one weight
// matrix shared by both perspectives (the accumulator). The side to move's
// activated accumulator and the other side's, concatenated, feed one output,
// whose weights and bias may depend on the number of pieces on the board
// (output buckets). The shape (hidden size, activation, quantisation factors,
// output scale, output buckets) is part of the file, so later networks can
// change it without a new format.
//
// Everything is integer: the arithmetic is specified in docs/NNUE.md step by
// step, and the loader refuses weights for which an accumulator could leave
// 16 bits or the output sum 32 bits, so every summation order (scalar, SSE2,
// AVX2, the Java reference) gives the same integers.
//
// One loaded network is shared, read-only, by every evaluator that uses it
// (std::shared_ptr<const Network>), across the threads and engines of a process.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace augur::nnue {

// Inputs per perspective: 2 colours x 6 piece types x 64 squares.
constexpr int INPUTS = 768;
// Hidden sizes are multiples of 16 (one AVX2 register of 16-bit lanes).
constexpr int HIDDEN_STEP = 16;
constexpr int MAX_HIDDEN = 2048;
// No position has more pieces, so no accumulator sums more feature weights.
constexpr int MAX_ACTIVE_FEATURES = 32;
// evaluate() results are clamped to this, as the hand-crafted evaluation's.
constexpr int EVAL_LIMIT = 19999;
// At most this many output buckets (sets of output weights and bias).
constexpr int MAX_OUTPUT_BUCKETS = 16;

// The output bucket of a position with `pieces` pieces (kings included, 2 to
// 32) for a network of `buckets` buckets: the piece counts split into
// `buckets` bands of about equal width, from 2 (bucket 0) to 32 (the last).
constexpr int output_bucket(int pieces, int buckets) {
    const int bucket = (pieces - 2) * buckets / (MAX_ACTIVE_FEATURES - 1);
    return bucket < 0 ? 0 : bucket >= buckets ? buckets - 1 : bucket;
}

enum class Activation : std::uint32_t {
    ClippedRelu = 1,         // clamp(x, 0, QA)
    SquaredClippedRelu = 2,  // clamp(x, 0, QA)^2
};
const char* activation_name(Activation activation);

struct NetworkShape {
    int hidden = 256;
    Activation activation = Activation::SquaredClippedRelu;
    int qa = 181;     // the accumulator's quantisation: 1.0 in float is qa
    int qb = 64;      // the output weights' quantisation
    int scale = 400;  // centipawns per unit of the float output
    int output_buckets = 1;  // sets of output weights, chosen by the number of pieces (output_bucket)
    bool operator==(const NetworkShape&) const = default;

    // The largest activation value: qa, or qa^2 when squared.
    std::int64_t max_activation() const;
    // What the output sum is divided by (after multiplying by scale).
    std::int64_t output_divisor() const { return max_activation() * qb; }
};

struct Network {
    NetworkShape shape;
    std::vector<std::int16_t> feature_weights;  // INPUTS rows of `hidden`, row = feature
    std::vector<std::int16_t> feature_bias;     // hidden
    std::vector<std::int16_t> output_weights;   // per bucket 2 x hidden: side to move's half first
    std::vector<std::int32_t> output_bias;      // per bucket, at the output sum's scale

    // A network of this shape with every weight zero.
    static Network zeroed(const NetworkShape& shape);
    const std::int16_t* feature_row(int feature) const {
        return feature_weights.data() + std::size_t(feature) * std::size_t(shape.hidden);
    }
    // The output weights of a bucket: 2 x hidden, the side to move's half first.
    const std::int16_t* bucket_output_weights(int bucket) const {
        return output_weights.data() + std::size_t(bucket) * 2 * std::size_t(shape.hidden);
    }
    // The bucket of a position with this many pieces.
    int bucket_of(int pieces) const { return output_bucket(pieces, shape.output_buckets); }
};

// The file format's constants (docs/NNUE.md). Version 1 holds one output
// bucket; version 2 adds the bucket count to the header. A network is written
// in the first version that can hold it, and both are read.
constexpr std::string_view FILE_MAGIC = "AUGURNNU";
constexpr std::uint32_t FILE_VERSION = 1;
constexpr std::uint32_t FILE_VERSION_BUCKETS = 2;
constexpr std::size_t FILE_HEADER_SIZE = 32;
constexpr std::size_t FILE_HEADER_SIZE_BUCKETS = 36;
// The size of a file holding a network with `hidden` neurons and `buckets` output buckets.
std::size_t network_file_size(int hidden, int buckets = 1);

// The reason a shape cannot be used, or empty.
std::string check_shape(const NetworkShape& shape);
// The reason a network's weights could overflow the integer arithmetic (or its
// arrays do not match its shape), or empty.
std::string check_network(const Network& network);

struct NetworkLoad {
    std::shared_ptr<const Network> network;  // null on failure
    std::string error;                       // why it failed
};
// Reads a network from the bytes of a file; never throws for bad input.
NetworkLoad read_network(std::span<const std::uint8_t> bytes);
// Reads the file at path (refusing files larger than the largest network).
NetworkLoad load_network_file(const std::string& path);

// The file bytes of a network (checksum included). The network must pass check_network.
std::vector<std::uint8_t> write_network(const Network& network);
// Writes the file; the reason on failure, empty on success.
std::string save_network_file(const Network& network, const std::string& path);

// CRC-32 (the polynomial of zlib, PNG and java.util.zip.CRC32).
std::uint32_t crc32(std::span<const std::uint8_t> bytes);

}  // namespace augur::nnue
