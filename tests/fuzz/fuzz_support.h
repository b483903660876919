// What the fuzz targets of tests/fuzz share: the check that turns a broken
// property into a crash libFuzzer records, and FuzzInput, which decodes
// numbers, choices and strings from the fuzzer's bytes.
//
// The targets are plain functions (LLVMFuzzerTestOneInput). The fuzz build
// links them with libFuzzer; every build also links them with replay_main.cpp,
// which runs the seed corpus and the regression inputs through them, so the
// suite of a build without clang still checks every input that ever failed.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

// A property of the code under test failed: report it and abort, which
// libFuzzer (and the replay program) count as a crash with this input.
#define FUZZ_CHECK(condition, what)                                                        \
    do {                                                                                   \
        if (!(condition)) augur::fuzz::check_failed(__FILE__, __LINE__, #condition, what); \
    } while (0)

namespace augur::fuzz {

[[noreturn]] inline void check_failed(const char* file, int line, const char* condition, std::string_view what) {
    std::fprintf(stderr, "%s:%d: check failed: %s\n  %.*s\n", file, line, condition, int(what.size()), what.data());
    std::abort();
}

// The fuzzer's bytes, read front to back. Once they run out every read gives
// zero or empty, so a decoder never needs to check.
class FuzzInput {
public:
    FuzzInput(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

    bool empty() const { return pos_ >= size_; }
    std::size_t remaining() const { return size_ - pos_; }

    std::uint8_t byte() { return empty() ? 0 : data_[pos_++]; }
    std::uint32_t u32() {
        std::uint32_t value = 0;
        for (int i = 0; i < 4; ++i) value = value << 8 | byte();
        return value;
    }
    // A number in [low, high].
    std::int64_t in_range(std::int64_t low, std::int64_t high) {
        std::uint64_t span = std::uint64_t(high - low) + 1;
        std::uint64_t raw = std::uint64_t(u32()) << 32 | u32();
        return low + std::int64_t(span == 0 ? raw : raw % span);
    }
    bool flag() { return byte() & 1; }
    template <class T, std::size_t N>
    const T& pick(const T (&choices)[N]) {
        return choices[byte() % N];
    }
    // A length byte, then that many bytes (fewer at the end of the input).
    std::string text(std::size_t max_length = 255) {
        std::size_t length = std::min<std::size_t>({byte(), max_length, remaining()});
        std::string out(reinterpret_cast<const char*>(data_ + pos_), length);
        pos_ += length;
        return out;
    }
    // Everything that is left.
    std::string_view rest() {
        std::string_view out(reinterpret_cast<const char*>(data_ + pos_), remaining());
        pos_ = size_;
        return out;
    }

private:
    const std::uint8_t* data_;
    std::size_t size_;
    std::size_t pos_ = 0;
};

}  // namespace augur::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
// Optional: run once before the first input, outside libFuzzer's per-input
// timeout (the targets that make engines compute the engine's one-time
// tables here, which take seconds under the sanitizers).
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);
