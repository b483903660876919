// The network's two inner loops, once per instruction set: updating an
// accumulator by feature rows, and the output layer's sum. Which one the
// evaluator uses is chosen at build time from what the compiler targets
// (-Dnative builds with -march=native: AVX2 where the machine has it; SSE2 is
// part of every x86-64 target; elsewhere the scalar loops). The test `eval`
// runs every path compiled in against the scalar one.
//
// All paths give the same integers: accumulator lanes add and subtract modulo
// 2^16 (as Java's short does), and the output sum cannot overflow 32 bits
// for any network the loader accepts (network.h), so its order does not matter.
#pragma once

#include <cstdint>
#include <span>

#include "eval/nnue/network.h"

#if defined(__AVX2__) || defined(__SSE2__)
#include <immintrin.h>
#endif

namespace augur::nnue {

enum class SimdPath { Scalar, Sse2, Avx2 };

#if defined(__AVX2__)
constexpr SimdPath BUILD_SIMD = SimdPath::Avx2;
#elif defined(__SSE2__)
constexpr SimdPath BUILD_SIMD = SimdPath::Sse2;
#else
constexpr SimdPath BUILD_SIMD = SimdPath::Scalar;
#endif

// The paths compiled into this build, scalar first.
constexpr bool simd_available(SimdPath path) {
    return path == SimdPath::Scalar || (path == SimdPath::Sse2 && BUILD_SIMD != SimdPath::Scalar) ||
           (path == SimdPath::Avx2 && BUILD_SIMD == SimdPath::Avx2);
}
const char* simd_name(SimdPath path);

// At most this many rows are added or removed by one move (castling with a
// capture cannot happen; a capturing promotion removes two and adds one).
constexpr int MAX_ROWS_CHANGED = 2;

// The rows one move adds to and removes from an accumulator.
struct RowChange {
    const std::int16_t* added[MAX_ROWS_CHANGED] = {};
    const std::int16_t* removed[MAX_ROWS_CHANGED] = {};
    int added_count = 0;
    int removed_count = 0;
};

// out = in + added rows - removed rows, lane by lane modulo 2^16; hidden is a
// multiple of HIDDEN_STEP. in and out may be the same.
template <SimdPath Path>
void update_accumulator(const std::int16_t* in, std::int16_t* out, const RowChange& change, int hidden);

// The output layer's sum without its bias: activation(stm) . weights[0, hidden)
// + activation(other) . weights[hidden, 2 hidden), in 32 bits.
template <SimdPath Path>
std::int32_t output_sum(const std::int16_t* stm, const std::int16_t* other, const std::int16_t* weights,
                        const NetworkShape& shape);

// ---------------------------------------------------------------------------
// Scalar

template <>
inline void update_accumulator<SimdPath::Scalar>(const std::int16_t* in, std::int16_t* out, const RowChange& change,
                                                 int hidden) {
    for (int i = 0; i < hidden; ++i) {
        int v = in[i];
        for (int a = 0; a < change.added_count; ++a) v += change.added[a][i];
        for (int r = 0; r < change.removed_count; ++r) v -= change.removed[r][i];
        out[i] = std::int16_t(v);  // modulo 2^16, as the SIMD lanes
    }
}

template <>
inline std::int32_t output_sum<SimdPath::Scalar>(const std::int16_t* stm, const std::int16_t* other,
                                                 const std::int16_t* weights, const NetworkShape& shape) {
    bool squared = shape.activation == Activation::SquaredClippedRelu;
    std::int32_t sum = 0;
    auto add_half = [&](const std::int16_t* accumulator, const std::int16_t* w) {
        for (int i = 0; i < shape.hidden; ++i) {
            std::int32_t v = accumulator[i] < 0 ? 0 : accumulator[i] > shape.qa ? shape.qa : accumulator[i];
            sum += (squared ? v * v : v) * w[i];
        }
    };
    add_half(stm, weights);
    add_half(other, weights + shape.hidden);
    return sum;
}

// ---------------------------------------------------------------------------
// SSE2: 8 lanes of 16 bits

#if defined(__SSE2__)
template <>
inline void update_accumulator<SimdPath::Sse2>(const std::int16_t* in, std::int16_t* out, const RowChange& change,
                                               int hidden) {
    for (int i = 0; i < hidden; i += 8) {
        __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i));
        for (int a = 0; a < change.added_count; ++a)
            v = _mm_add_epi16(v, _mm_loadu_si128(reinterpret_cast<const __m128i*>(change.added[a] + i)));
        for (int r = 0; r < change.removed_count; ++r)
            v = _mm_sub_epi16(v, _mm_loadu_si128(reinterpret_cast<const __m128i*>(change.removed[r] + i)));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), v);
    }
}

template <>
inline std::int32_t output_sum<SimdPath::Sse2>(const std::int16_t* stm, const std::int16_t* other,
                                               const std::int16_t* weights, const NetworkShape& shape) {
    bool squared = shape.activation == Activation::SquaredClippedRelu;
    const __m128i zero = _mm_setzero_si128();
    const __m128i qa = _mm_set1_epi16(std::int16_t(shape.qa));
    __m128i sum = _mm_setzero_si128();
    auto add_half = [&](const std::int16_t* accumulator, const std::int16_t* w) {
        for (int i = 0; i < shape.hidden; i += 8) {
            __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(accumulator + i));
            v = _mm_min_epi16(_mm_max_epi16(v, zero), qa);
            if (squared) v = _mm_mullo_epi16(v, v);  // qa <= 181: the square fits the lane
            sum = _mm_add_epi32(sum, _mm_madd_epi16(v, _mm_loadu_si128(reinterpret_cast<const __m128i*>(w + i))));
        }
    };
    add_half(stm, weights);
    add_half(other, weights + shape.hidden);
    sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0x4E));
    sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0xB1));
    return _mm_cvtsi128_si32(sum);
}
#endif

// ---------------------------------------------------------------------------
// AVX2: 16 lanes of 16 bits

#if defined(__AVX2__)
template <>
inline void update_accumulator<SimdPath::Avx2>(const std::int16_t* in, std::int16_t* out, const RowChange& change,
                                               int hidden) {
    for (int i = 0; i < hidden; i += 16) {
        __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i));
        for (int a = 0; a < change.added_count; ++a)
            v = _mm256_add_epi16(v, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(change.added[a] + i)));
        for (int r = 0; r < change.removed_count; ++r)
            v = _mm256_sub_epi16(v, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(change.removed[r] + i)));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i), v);
    }
}

template <>
inline std::int32_t output_sum<SimdPath::Avx2>(const std::int16_t* stm, const std::int16_t* other,
                                               const std::int16_t* weights, const NetworkShape& shape) {
    bool squared = shape.activation == Activation::SquaredClippedRelu;
    const __m256i zero = _mm256_setzero_si256();
    const __m256i qa = _mm256_set1_epi16(std::int16_t(shape.qa));
    __m256i sum = _mm256_setzero_si256();
    auto add_half = [&](const std::int16_t* accumulator, const std::int16_t* w) {
        for (int i = 0; i < shape.hidden; i += 16) {
            __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(accumulator + i));
            v = _mm256_min_epi16(_mm256_max_epi16(v, zero), qa);
            if (squared) v = _mm256_mullo_epi16(v, v);  // qa <= 181: the square fits the lane
            sum = _mm256_add_epi32(sum,
                                   _mm256_madd_epi16(v, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + i))));
        }
    };
    add_half(stm, weights);
    add_half(other, weights + shape.hidden);
    __m128i half = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    half = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0x4E));
    half = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0xB1));
    return _mm_cvtsi128_si32(half);
}
#endif

}  // namespace augur::nnue
