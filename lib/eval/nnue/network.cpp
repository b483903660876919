#include "eval/nnue/network.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <fstream>
#include <limits>

#include "core/fuzz_coverage.h"

namespace augur::nnue {

namespace {

// A squared activation must fit a signed 16-bit lane (181^2 = 32761), where
// the SIMD paths multiply it with the output weights.
constexpr int MAX_QA_SQUARED = 181;
constexpr int MAX_QUANTISATION = 32767;
constexpr int MAX_SCALE = 100000;
constexpr std::uint32_t CHECKSUM_SIZE = 4;

// The 16-bit weights of a network: the accumulator's and every bucket's output weights.
std::size_t weight_count(int hidden, int buckets) {
    std::size_t h = std::size_t(hidden);
    return std::size_t(INPUTS) * h + h + 2 * h * std::size_t(buckets);
}

std::size_t header_size(int buckets) { return buckets == 1 ? FILE_HEADER_SIZE : FILE_HEADER_SIZE_BUCKETS; }

// Little-endian reading over a byte span whose size was checked beforehand.
class Reader {
public:
    explicit Reader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
    std::uint32_t u32() {
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i) v |= std::uint32_t(bytes_[pos_ + std::size_t(i)]) << (8 * i);
        pos_ += 4;
        return v;
    }
    std::int16_t i16() {
        auto v = std::uint16_t(bytes_[pos_] | (bytes_[pos_ + 1] << 8));
        pos_ += 2;
        return std::int16_t(v);  // modular since C++20
    }
    AUGUR_BULK_LOOP void i16s(std::vector<std::int16_t>& out, std::size_t count) {
        out.resize(count);
        for (std::int16_t& v : out) v = i16();
    }

private:
    std::span<const std::uint8_t> bytes_;
    std::size_t pos_ = 0;
};

class Writer {
public:
    void u32(std::uint32_t v) {
        for (int i = 0; i < 4; ++i) bytes.push_back(std::uint8_t(v >> (8 * i)));
    }
    void i16s(const std::vector<std::int16_t>& values) {
        for (std::int16_t v : values) {
            bytes.push_back(std::uint8_t(std::uint16_t(v)));
            bytes.push_back(std::uint8_t(std::uint16_t(v) >> 8));
        }
    }
    std::vector<std::uint8_t> bytes;
};

// A header field as an int for check_shape (values beyond int say so as INT_MAX).
int header_int(std::uint32_t value) {
    return int(std::min<std::uint32_t>(value, std::uint32_t(std::numeric_limits<int>::max())));
}

NetworkLoad failure(std::string message) { return {nullptr, std::move(message)}; }

// The largest sum an accumulator neuron can reach: its bias and the
// MAX_ACTIVE_FEATURES largest weights into it, all in absolute value.
// (A loop of its own rather than std::nth_element, whose comparisons the
// fuzz build would trace: AUGUR_BULK_LOOP.)
AUGUR_BULK_LOOP std::int64_t accumulator_bound(const Network& network, int neuron) {
    std::size_t hidden = std::size_t(network.shape.hidden);
    std::array<int, MAX_ACTIVE_FEATURES> largest{};  // the largest so far, smallest first
    for (int f = 0; f < INPUTS; ++f) {
        int weight = std::abs(int(network.feature_weights[std::size_t(f) * hidden + std::size_t(neuron)]));
        if (weight <= largest[0]) continue;
        std::size_t i = 0;
        for (; i + 1 < largest.size() && largest[i + 1] < weight; ++i) largest[i] = largest[i + 1];
        largest[i] = weight;
    }
    std::int64_t bound = std::abs(int(network.feature_bias[std::size_t(neuron)]));
    for (int weight : largest) bound += weight;
    return bound;
}

}  // namespace

const char* activation_name(Activation activation) {
    switch (activation) {
    case Activation::ClippedRelu: return "clipped ReLU";
    case Activation::SquaredClippedRelu: return "squared clipped ReLU";
    }
    return "unknown";
}

std::int64_t NetworkShape::max_activation() const {
    return activation == Activation::SquaredClippedRelu ? std::int64_t(qa) * qa : qa;
}

Network Network::zeroed(const NetworkShape& shape) {
    Network network;
    network.shape = shape;
    std::size_t hidden = std::size_t(shape.hidden);
    network.feature_weights.assign(std::size_t(INPUTS) * hidden, 0);
    network.feature_bias.assign(hidden, 0);
    network.output_weights.assign(2 * hidden * std::size_t(shape.output_buckets), 0);
    network.output_bias.assign(std::size_t(shape.output_buckets), 0);
    return network;
}

std::size_t network_file_size(int hidden, int buckets) {
    return header_size(buckets) + 2 * weight_count(hidden, buckets) + 4 * std::size_t(buckets) /* output biases */ +
           CHECKSUM_SIZE;
}

std::string check_shape(const NetworkShape& s) {
    if (s.hidden < HIDDEN_STEP || s.hidden > MAX_HIDDEN || s.hidden % HIDDEN_STEP != 0)
        return "hidden size " + std::to_string(s.hidden) + " is not a multiple of " + std::to_string(HIDDEN_STEP) +
               " from " + std::to_string(HIDDEN_STEP) + " to " + std::to_string(MAX_HIDDEN);
    if (s.activation != Activation::ClippedRelu && s.activation != Activation::SquaredClippedRelu)
        return "activation " + std::to_string(std::uint32_t(s.activation)) +
               " is unknown (1: clipped ReLU, 2: squared clipped ReLU)";
    int max_qa = s.activation == Activation::SquaredClippedRelu ? MAX_QA_SQUARED : MAX_QUANTISATION;
    if (s.qa < 1 || s.qa > max_qa)
        return "QA " + std::to_string(s.qa) + " is not from 1 to " + std::to_string(max_qa) + " (" +
               activation_name(s.activation) + ")";
    if (s.qb < 1 || s.qb > MAX_QUANTISATION)
        return "QB " + std::to_string(s.qb) + " is not from 1 to " + std::to_string(MAX_QUANTISATION);
    if (s.scale < 1 || s.scale > MAX_SCALE)
        return "output scale " + std::to_string(s.scale) + " is not from 1 to " + std::to_string(MAX_SCALE);
    if (s.output_buckets < 1 || s.output_buckets > MAX_OUTPUT_BUCKETS)
        return "output buckets " + std::to_string(s.output_buckets) + " is not from 1 to " +
               std::to_string(MAX_OUTPUT_BUCKETS);
    return {};
}

std::string check_network(const Network& network) {
    if (std::string error = check_shape(network.shape); !error.empty()) return error;
    std::size_t hidden = std::size_t(network.shape.hidden);
    std::size_t buckets = std::size_t(network.shape.output_buckets);
    if (network.feature_weights.size() != std::size_t(INPUTS) * hidden || network.feature_bias.size() != hidden ||
        network.output_weights.size() != 2 * hidden * buckets || network.output_bias.size() != buckets)
        return "the weight arrays do not match the hidden size " + std::to_string(hidden) + " and " +
               std::to_string(buckets) + " output buckets";
    for (int neuron = 0; neuron < network.shape.hidden; ++neuron) {
        if (accumulator_bound(network, neuron) > std::numeric_limits<std::int16_t>::max())
            return "accumulator neuron " + std::to_string(neuron) + " could leave 16 bits (its bias and " +
                   std::to_string(MAX_ACTIVE_FEATURES) + " largest weights exceed 32767 in absolute value)";
    }
    for (int bucket = 0; bucket < network.shape.output_buckets; ++bucket) {
        std::int64_t output_bound = std::abs(std::int64_t(network.output_bias[std::size_t(bucket)]));
        const std::int16_t* weights = network.bucket_output_weights(bucket);
        for (std::size_t i = 0; i < 2 * hidden; ++i)
            output_bound += network.shape.max_activation() * std::abs(int(weights[i]));
        if (output_bound > std::numeric_limits<std::int32_t>::max())
            return "the output sum could leave 32 bits (output bias plus the largest activation times the output "
                   "weights' absolute values exceeds 2147483647" +
                   (network.shape.output_buckets > 1 ? " in bucket " + std::to_string(bucket) : std::string()) + ")";
    }
    return {};
}

NetworkLoad read_network(std::span<const std::uint8_t> bytes) {
    if (bytes.size() < FILE_HEADER_SIZE)
        return failure("not a network file: " + std::to_string(bytes.size()) + " bytes, shorter than the header");
    if (!std::equal(FILE_MAGIC.begin(), FILE_MAGIC.end(), bytes.begin()))
        return failure("not a network file: it does not start with " + std::string(FILE_MAGIC));
    Reader header(bytes.subspan(FILE_MAGIC.size()));
    std::uint32_t version = header.u32();
    if (version != FILE_VERSION && version != FILE_VERSION_BUCKETS)
        return failure("network file version " + std::to_string(version) + " is not supported (this build reads " +
                       std::to_string(FILE_VERSION) + " and " + std::to_string(FILE_VERSION_BUCKETS) + ")");
    if (version == FILE_VERSION_BUCKETS && bytes.size() < FILE_HEADER_SIZE_BUCKETS)
        return failure("not a network file: " + std::to_string(bytes.size()) + " bytes, shorter than the header");
    NetworkShape shape;
    shape.hidden = header_int(header.u32());
    shape.activation = Activation(header.u32());
    shape.qa = header_int(header.u32());
    shape.qb = header_int(header.u32());
    shape.scale = header_int(header.u32());
    shape.output_buckets = version == FILE_VERSION_BUCKETS ? header_int(header.u32()) : 1;
    if (std::string error = check_shape(shape); !error.empty()) return failure("bad network header: " + error);
    // Version 2 is for more than one bucket: a network of one is written as version 1.
    if (version == FILE_VERSION_BUCKETS && shape.output_buckets == 1)
        return failure("bad network header: version 2 with one output bucket (written as version 1)");

    std::size_t expected = network_file_size(shape.hidden, shape.output_buckets);
    if (bytes.size() != expected)
        return failure("network file is " + std::to_string(bytes.size()) + " bytes, but its header (hidden size " +
                       std::to_string(shape.hidden) +
                       (shape.output_buckets > 1 ? ", " + std::to_string(shape.output_buckets) + " output buckets"
                                                 : std::string()) +
                       ") needs " + std::to_string(expected) +
                       (bytes.size() < expected ? ": truncated" : ": extra bytes at the end"));
    std::uint32_t stored = Reader(bytes.subspan(expected - CHECKSUM_SIZE)).u32();
    std::uint32_t computed = crc32(bytes.first(expected - CHECKSUM_SIZE));
    if (stored != computed) return failure("network file is corrupt: its CRC-32 does not match its contents");

    Network network;
    network.shape = shape;
    Reader body(bytes.subspan(header_size(shape.output_buckets)));
    std::size_t h = std::size_t(shape.hidden);
    std::size_t buckets = std::size_t(shape.output_buckets);
    body.i16s(network.feature_weights, std::size_t(INPUTS) * h);
    body.i16s(network.feature_bias, h);
    body.i16s(network.output_weights, 2 * h * buckets);
    network.output_bias.resize(buckets);
    for (std::int32_t& bias : network.output_bias) bias = std::int32_t(body.u32());
    if (std::string error = check_network(network); !error.empty()) return failure("unusable network: " + error);
    return {std::make_shared<const Network>(std::move(network)), {}};
}

NetworkLoad load_network_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) return failure("cannot open network file '" + path + "'");
    std::streamoff size = in.tellg();
    if (size < 0) return failure("cannot read network file '" + path + "'");
    if (std::uint64_t(size) > network_file_size(MAX_HIDDEN, MAX_OUTPUT_BUCKETS))
        return failure("'" + path + "' is not a network file: " + std::to_string(size) +
                       " bytes, more than the largest network");
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
    in.seekg(0);
    if (!in.read(reinterpret_cast<char*>(bytes.data()), size)) return failure("cannot read network file '" + path + "'");
    NetworkLoad load = read_network(bytes);
    if (!load.network) load.error = "'" + path + "': " + load.error;
    return load;
}

std::vector<std::uint8_t> write_network(const Network& network) {
    Writer out;
    const bool bucketed = network.shape.output_buckets > 1;
    out.bytes.assign(FILE_MAGIC.begin(), FILE_MAGIC.end());
    out.u32(bucketed ? FILE_VERSION_BUCKETS : FILE_VERSION);
    out.u32(std::uint32_t(network.shape.hidden));
    out.u32(std::uint32_t(network.shape.activation));
    out.u32(std::uint32_t(network.shape.qa));
    out.u32(std::uint32_t(network.shape.qb));
    out.u32(std::uint32_t(network.shape.scale));
    if (bucketed) out.u32(std::uint32_t(network.shape.output_buckets));
    out.i16s(network.feature_weights);
    out.i16s(network.feature_bias);
    out.i16s(network.output_weights);
    for (std::int32_t bias : network.output_bias) out.u32(std::uint32_t(bias));
    out.u32(crc32(out.bytes));
    return std::move(out.bytes);
}

std::string save_network_file(const Network& network, const std::string& path) {
    std::vector<std::uint8_t> bytes = write_network(network);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out || !out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size())))
        return "cannot write network file '" + path + "'";
    return {};
}

AUGUR_BULK_LOOP std::uint32_t crc32(std::span<const std::uint8_t> bytes) {
    static constexpr std::array<std::uint32_t, 256> table = [] {
        std::array<std::uint32_t, 256> t{};
        for (std::uint32_t i = 0; i < 256; ++i) {
            std::uint32_t c = i;
            for (int bit = 0; bit < 8; ++bit) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            t[i] = c;
        }
        return t;
    }();
    std::uint32_t crc = 0xFFFFFFFFu;
    for (std::uint8_t b : bytes) crc = table[(crc ^ b) & 0xFF] ^ (crc >> 8);
    return crc ^ 0xFFFFFFFFu;
}

}  // namespace augur::nnue
