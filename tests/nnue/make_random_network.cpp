// make_random_network: writes a deterministic pseudo-random network file for
// tests and measurements (there is no trained network yet; see docs/NNUE.md).
//   make_random_network OUTPUT [--seed N] [--hidden N] [--activation crelu|screlu] [--buckets N]
#include <charconv>
#include <cstdio>
#include <string>
#include <string_view>

#include "random_network.h"

namespace {

bool parse_number(std::string_view text, std::uint64_t& value) {
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && end == text.data() + text.size();
}

int usage(const char* message) {
    std::fprintf(stderr, "make_random_network: %s\n"
                         "usage: make_random_network OUTPUT [--seed N] [--hidden N] [--activation crelu|screlu]\n"
                         "                           [--buckets N]\n",
                 message);
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace augur;
    if (argc < 2) return usage("no output file");
    std::string output = argv[1];
    std::uint64_t seed = 1;
    nnue::NetworkShape shape;
    for (int i = 2; i < argc; i += 2) {
        std::string_view flag = argv[i];
        if (i + 1 >= argc) return usage("a flag without its value");
        std::string_view value = argv[i + 1];
        std::uint64_t number = 0;
        if (flag == "--seed" && parse_number(value, number)) {
            seed = number;
        } else if (flag == "--hidden" && parse_number(value, number) && number <= nnue::MAX_HIDDEN) {
            shape.hidden = int(number);
        } else if (flag == "--buckets" && parse_number(value, number) && number <= nnue::MAX_OUTPUT_BUCKETS) {
            shape.output_buckets = int(number);
        } else if (flag == "--activation" && (value == "crelu" || value == "screlu")) {
            shape.activation = value == "crelu" ? nnue::Activation::ClippedRelu : nnue::Activation::SquaredClippedRelu;
            shape.qa = value == "crelu" ? 255 : 181;
        } else {
            return usage(("bad flag or value: " + std::string(flag) + " " + std::string(value)).c_str());
        }
    }
    if (std::string error = nnue::check_shape(shape); !error.empty()) return usage(error.c_str());
    if (std::string error = nnue::save_network_file(test::random_network(seed, shape), output); !error.empty()) {
        std::fprintf(stderr, "make_random_network: %s\n", error.c_str());
        return 1;
    }
    return 0;
}
