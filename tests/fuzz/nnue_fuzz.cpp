// Fuzz target: the network file loader (lib/eval/nnue). Inputs that start
// like a network file ('A') are given to the loader as they are. For the others the target
// builds a file of the right size around them (a header from the next bytes,
// the weights from the rest repeated and shifted right by a chosen amount, a
// correct CRC), because a random file almost never has the size and checksum
// to reach the weight checks. A network the loader accepts must evaluate
// positions within the evaluation's bounds, with no integer overflow (UBSan),
// the incremental accumulators equal to the computation from scratch.
#include <deque>
#include <vector>

#include "core/fuzz_coverage.h"
#include "core/movegen.h"
#include "eval/kpk_bitbase.h"
#include "eval/nnue/nnue_evaluator.h"
#include "fuzz_support.h"

namespace {

using namespace augur;
using augur::fuzz::FuzzInput;

void put_u32(std::vector<std::uint8_t>& out, std::size_t at, std::uint32_t value) {
    for (int i = 0; i < 4; ++i) out[at + std::size_t(i)] = std::uint8_t(value >> (8 * i));
}

// The weights: 16-bit values from the pattern's bytes, repeated, shifted
// right by shift. (AUGUR_BULK_LOOP: a loop over the whole file.)
AUGUR_BULK_LOOP void fill_weights(std::span<std::uint8_t> body, std::string_view pattern, int shift) {
    const std::size_t n = pattern.size();
    for (std::size_t j = 0, i = 0; n > 0 && i + 1 < body.size(); ++j, i += 2) {
        auto low = std::uint8_t(pattern[(2 * j) % n]);
        auto high = std::uint8_t(pattern[(2 * j + 1) % n]);
        auto value = std::int16_t(std::int16_t(std::uint16_t(low | high << 8)) >> shift);
        body[i] = std::uint8_t(value);
        body[i + 1] = std::uint8_t(std::uint16_t(value) >> 8);
    }
}

// A file of the size its header asks for, with a valid CRC.
std::vector<std::uint8_t> built_file(FuzzInput& in) {
    int hidden = nnue::HIDDEN_STEP * (1 + in.byte() % 4);
    int buckets = 1 + in.byte() % 3;  // more than one: version 2, the count in the header
    std::vector<std::uint8_t> file(nnue::network_file_size(hidden, buckets));
    std::copy(nnue::FILE_MAGIC.begin(), nnue::FILE_MAGIC.end(), file.begin());
    put_u32(file, 8, buckets > 1 ? nnue::FILE_VERSION_BUCKETS : nnue::FILE_VERSION);
    put_u32(file, 12, std::uint32_t(hidden));
    put_u32(file, 16, in.byte() % 3);                   // activation (0 is unknown)
    put_u32(file, 20, std::uint32_t(in.in_range(0, 300)));  // QA
    put_u32(file, 24, std::uint32_t(in.in_range(0, 300)));  // QB
    put_u32(file, 28, std::uint32_t(in.in_range(0, 1000))); // output scale
    const std::size_t header = buckets > 1 ? nnue::FILE_HEADER_SIZE_BUCKETS : nnue::FILE_HEADER_SIZE;
    if (buckets > 1) put_u32(file, 32, std::uint32_t(buckets));
    int shift = in.byte() % 16;
    const std::size_t body_end = file.size() - 4;
    fill_weights(std::span(file).subspan(header, body_end - header), in.rest(), shift);
    put_u32(file, body_end, nnue::crc32(std::span(file).first(body_end)));
    return file;
}

// Plays a fixed walk of legal moves from a few positions, evaluating each
// position incrementally and from scratch.
void check_evaluations(const std::shared_ptr<const nnue::Network>& network) {
    static const char* const fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/P1k5/K7/8/8/8/8/8 w - - 0 1",
    };
    nnue::NnueEvaluator evaluator(network);
    for (const char* fen : fens) {
        Position pos;
        std::deque<StateInfo> states(1);
        (void)pos.set_fen(fen, states.back());
        evaluator.on_search_start(pos);
        for (int ply = 0; ply < 12; ++ply) {
            int incremental = evaluator.evaluate(pos);
            int scratch = nnue::evaluate_from_scratch(*network, pos);
            FUZZ_CHECK(incremental == scratch, pos.fen());
            FUZZ_CHECK(scratch >= -nnue::EVAL_LIMIT && scratch <= nnue::EVAL_LIMIT, pos.fen());
            MoveList<> moves(pos);
            if (moves.empty()) break;
            Move m = moves[std::size_t(ply * 7) % moves.size()];
            evaluator.on_move(pos, m);
            states.emplace_back();
            pos.do_move(m, states.back());
        }
    }
}

}  // namespace

// The KPvK bitbase the evaluation's endgame layer reads is computed once, here,
// outside libFuzzer's per-input timeout and the first input's time.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
    kpk_bitbase_prepare();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    nnue::NetworkLoad load;
    if (size > 0 && data[0] == nnue::FILE_MAGIC[0]) {
        load = nnue::read_network(std::span(data, size));
    } else {
        FuzzInput in(data, size);
        load = nnue::read_network(built_file(in));
    }
    FUZZ_CHECK(bool(load.network) != !load.error.empty(), "a network or a reason: " + load.error);
    if (load.network) {
        FUZZ_CHECK(nnue::check_network(*load.network).empty(), "loaded an unusable network");
        check_evaluations(load.network);
    }
    return 0;
}
