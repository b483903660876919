// The network evaluation (lib/eval/nnue): the file format and its refusals,
// the SIMD paths against the scalar one, the incremental accumulators against
// a from-scratch evaluation on random game sequences and inside real searches,
// all on deterministic pseudo-random networks (random_network.h).
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <random>
#include <set>
#include <span>

#include "core/game.h"
#include "core/movegen.h"
#include "engine/engine.h"
#include "eval/nnue/default_network.h"
#include "eval/nnue/nnue_evaluator.h"
#include "random_network.h"
#include "test_util.h"

using namespace augur;
using namespace augur::nnue;
using augur::test::random_network;

namespace {

const NetworkShape CRELU_SHAPE{128, Activation::ClippedRelu, 255, 64, 400};
const NetworkShape SCRELU_SHAPE{64, Activation::SquaredClippedRelu, 181, 64, 400};
const NetworkShape BUCKETED_SHAPE{64, Activation::SquaredClippedRelu, 181, 64, 400, 8};

std::shared_ptr<const Network> shared(Network network) { return std::make_shared<const Network>(std::move(network)); }

void put_u32(std::vector<std::uint8_t>& bytes, std::size_t offset, std::uint32_t value) {
    for (int i = 0; i < 4; ++i) bytes[offset + std::size_t(i)] = std::uint8_t(value >> (8 * i));
}
// Rewrites the trailing checksum after a deliberate change, so that the check
// after it is the one reached.
void reseal(std::vector<std::uint8_t>& bytes) {
    put_u32(bytes, bytes.size() - 4, crc32(std::span(bytes).first(bytes.size() - 4)));
}

std::string load_error(const std::vector<std::uint8_t>& bytes) {
    NetworkLoad load = read_network(bytes);
    CHECK(!load.network);
    return load.error;
}

std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("augur-nnue-test-" + name)).string();
}

const std::vector<std::string>& sample_fens() {
    static const std::vector<std::string> fens = {
        std::string(Position::START_FEN),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
    };
    return fens;
}

}  // namespace

TEST_CASE("A network survives writing and reading, and the header is as documented", "[nnue][format]") {
    for (const NetworkShape& shape : {CRELU_SHAPE, SCRELU_SHAPE, BUCKETED_SHAPE}) {
        Network network = random_network(7, shape);
        std::vector<std::uint8_t> bytes = write_network(network);
        const bool bucketed = shape.output_buckets > 1;
        REQUIRE(bytes.size() == network_file_size(shape.hidden, shape.output_buckets));
        CHECK(std::string(bytes.begin(), bytes.begin() + 8) == "AUGURNNU");
        auto u32_at = [&](std::size_t offset) {
            return std::uint32_t(bytes[offset]) | std::uint32_t(bytes[offset + 1]) << 8 |
                   std::uint32_t(bytes[offset + 2]) << 16 | std::uint32_t(bytes[offset + 3]) << 24;
        };
        CHECK(u32_at(8) == (bucketed ? FILE_VERSION_BUCKETS : FILE_VERSION));
        CHECK(u32_at(12) == std::uint32_t(shape.hidden));
        CHECK(u32_at(16) == std::uint32_t(shape.activation));
        CHECK(u32_at(20) == std::uint32_t(shape.qa));
        CHECK(u32_at(24) == std::uint32_t(shape.qb));
        CHECK(u32_at(28) == std::uint32_t(shape.scale));
        // Version 2: the bucket count; the first weight (feature 0, neuron 0)
        // follows the header, little-endian.
        const std::size_t header = bucketed ? FILE_HEADER_SIZE_BUCKETS : FILE_HEADER_SIZE;
        if (bucketed) CHECK(u32_at(32) == std::uint32_t(shape.output_buckets));
        CHECK(std::int16_t(bytes[header] | bytes[header + 1] << 8) == network.feature_weights[0]);
        // The last bucket's output bias before the checksum.
        CHECK(std::int32_t(u32_at(bytes.size() - 8)) == network.output_bias.back());
        CHECK(u32_at(bytes.size() - 4) == crc32(std::span(bytes).first(bytes.size() - 4)));

        NetworkLoad load = read_network(bytes);
        REQUIRE(load.network);
        CHECK(load.error.empty());
        CHECK(load.network->shape == shape);
        CHECK(load.network->feature_weights == network.feature_weights);
        CHECK(load.network->feature_bias == network.feature_bias);
        CHECK(load.network->output_weights == network.output_weights);
        CHECK(load.network->output_bias == network.output_bias);
    }
    // The checksum is the common CRC-32 (check value of "123456789").
    std::string check = "123456789";
    CHECK(crc32(std::span(reinterpret_cast<const std::uint8_t*>(check.data()), check.size())) == 0xCBF43926u);
}

TEST_CASE("Files that are not usable networks are refused with the reason", "[nnue][format]") {
    const std::vector<std::uint8_t> good = write_network(random_network(3, CRELU_SHAPE));

    CHECK(load_error({}).find("shorter than the header") != std::string::npos);
    std::vector<std::uint8_t> bytes = good;
    bytes[0] = 'X';
    CHECK(load_error(bytes).find("does not start with AUGURNNU") != std::string::npos);

    bytes = good;
    put_u32(bytes, 8, 3);
    CHECK(load_error(bytes).find("version 3 is not supported (this build reads 1 and 2)") != std::string::npos);

    for (std::uint32_t hidden : {0u, 17u, 4096u, 0xFFFFFFFFu}) {
        bytes = good;
        put_u32(bytes, 12, hidden);
        CHECK(load_error(bytes).find("bad network header: hidden size") != std::string::npos);
    }
    bytes = good;
    put_u32(bytes, 16, 3);
    CHECK(load_error(bytes).find("activation 3 is unknown") != std::string::npos);
    bytes = good;
    put_u32(bytes, 16, std::uint32_t(Activation::SquaredClippedRelu));  // QA 255 is too large squared
    CHECK(load_error(bytes).find("QA 255 is not from 1 to 181") != std::string::npos);
    bytes = good;
    put_u32(bytes, 24, 0);
    CHECK(load_error(bytes).find("QB 0") != std::string::npos);
    bytes = good;
    put_u32(bytes, 28, 0);
    CHECK(load_error(bytes).find("output scale 0") != std::string::npos);

    bytes = good;
    bytes.pop_back();
    CHECK(load_error(bytes).find("truncated") != std::string::npos);
    bytes = good;
    bytes.push_back(0);
    CHECK(load_error(bytes).find("extra bytes") != std::string::npos);
    bytes = good;
    bytes[1000] ^= 0x10;
    CHECK(load_error(bytes).find("CRC-32 does not match") != std::string::npos);

    SECTION("weights that could overflow the integer arithmetic") {
        Network big = random_network(3, CRELU_SHAPE);
        for (int f = 0; f < MAX_ACTIVE_FEATURES; ++f) big.feature_weights[std::size_t(f) * 128 + 5] = 1100;
        CHECK(check_network(big).find("accumulator neuron 5 could leave 16 bits") != std::string::npos);
        bytes = good;  // the same change in a file, with a valid checksum
        for (int f = 0; f < MAX_ACTIVE_FEATURES; ++f) {
            std::size_t offset = FILE_HEADER_SIZE + 2 * (std::size_t(f) * 128 + 5);
            bytes[offset] = std::uint8_t(1100 & 0xFF);
            bytes[offset + 1] = std::uint8_t(1100 >> 8);
        }
        reseal(bytes);
        CHECK(load_error(bytes).find("unusable network: accumulator neuron 5") != std::string::npos);

        // Exactly the 32 largest weights of a neuron count, wherever they stand.
        auto column_bound_ok = [](int count, std::int16_t weight) {
            Network net = Network::zeroed(CRELU_SHAPE);
            for (int f = 0; f < INPUTS; ++f)  // small weights first and between, to be pushed out
                net.feature_weights[std::size_t(f) * 128 + 7] = std::int16_t(f % 2 ? -3 : 2);
            for (int i = 0; i < count; ++i)
                net.feature_weights[std::size_t((i * 23 + 11) % INPUTS) * 128 + 7] = std::int16_t(i % 2 ? -weight : weight);
            return check_network(net).empty();
        };
        CHECK(column_bound_ok(33, 1000));   // 32 x 1000 = 32,000
        CHECK(column_bound_ok(40, 1023));   // 32 x 1023 = 32,736
        CHECK(!column_bound_ok(32, 1024));  // 32 x 1024 = 32,768: the 32nd counts
        CHECK(!column_bound_ok(60, 1024));

        Network loud = random_network(3, SCRELU_SHAPE);
        loud.output_weights.assign(loud.output_weights.size(), 32767);
        CHECK(check_network(loud).find("output sum could leave 32 bits") != std::string::npos);
    }
    SECTION("no file, a folder") {
        NetworkLoad missing = load_network_file(temp_path("does-not-exist.nnue"));
        CHECK(!missing.network);
        CHECK(missing.error.find("cannot open network file") != std::string::npos);
        NetworkLoad folder = load_network_file(std::filesystem::temp_directory_path().string());
        CHECK(!folder.network);
        CHECK(!folder.error.empty());
    }
}

TEST_CASE("Output buckets: chosen by the number of pieces, each its own output layer", "[nnue][format]") {
    // Eight buckets of four piece counts each (2-5, 6-9, ..., 30-32); one bucket takes all.
    CHECK(output_bucket(2, 8) == 0);
    CHECK(output_bucket(5, 8) == 0);
    CHECK(output_bucket(6, 8) == 1);
    CHECK(output_bucket(29, 8) == 6);
    CHECK(output_bucket(30, 8) == 7);
    CHECK(output_bucket(32, 8) == 7);
    for (int buckets = 1; buckets <= MAX_OUTPUT_BUCKETS; ++buckets) {
        CHECK(output_bucket(2, buckets) == 0);
        CHECK(output_bucket(32, buckets) == buckets - 1);
        for (int pieces = 3; pieces <= 32; ++pieces) {
            INFO(pieces << " pieces, " << buckets << " buckets");
            CHECK(output_bucket(pieces, buckets) >= output_bucket(pieces - 1, buckets));
            CHECK(output_bucket(pieces, buckets) <= output_bucket(pieces - 1, buckets) + 1);
        }
    }

    // A position evaluates as the one-bucket network made of its bucket's
    // output layer would (the accumulators are shared by all buckets).
    const Network bucketed = random_network(13, BUCKETED_SHAPE);
    std::set<int> buckets_seen;
    for (const std::string& fen : sample_fens()) {
        test::Board board(fen);
        const int bucket = bucketed.bucket_of(popcount(board.pos.pieces()));
        buckets_seen.insert(bucket);
        NetworkShape single_shape = BUCKETED_SHAPE;
        single_shape.output_buckets = 1;
        Network single = Network::zeroed(single_shape);
        single.feature_weights = bucketed.feature_weights;
        single.feature_bias = bucketed.feature_bias;
        const std::int16_t* weights = bucketed.bucket_output_weights(bucket);
        single.output_weights.assign(weights, weights + 2 * BUCKETED_SHAPE.hidden);
        single.output_bias = {bucketed.output_bias[std::size_t(bucket)]};
        INFO(fen);
        CHECK(evaluate_from_scratch(bucketed, board.pos, false) == evaluate_from_scratch(single, board.pos, false));
    }
    CHECK(buckets_seen.size() >= 3);

    // Refused: a bucket count out of range, version 2 with one bucket, a file cut short.
    const std::vector<std::uint8_t> good = write_network(bucketed);
    for (std::uint32_t count : {0u, 17u}) {
        std::vector<std::uint8_t> bytes = good;
        put_u32(bytes, 32, count);
        CHECK(load_error(bytes).find("output buckets " + std::to_string(count) + " is not from 1 to 16") !=
              std::string::npos);
    }
    std::vector<std::uint8_t> bytes = good;
    put_u32(bytes, 32, 1);
    CHECK(load_error(bytes).find("version 2 with one output bucket") != std::string::npos);
    bytes = good;
    put_u32(bytes, 32, 4);
    CHECK(load_error(bytes).find("4 output buckets) needs") != std::string::npos);
    CHECK(load_error(std::vector<std::uint8_t>(good.begin(), good.begin() + 34)).find("shorter than the header") !=
          std::string::npos);
    Network loud = bucketed;
    std::fill_n(loud.output_weights.begin() + 2 * 64 * 5, 2 * 64, std::int16_t(32767));
    CHECK(check_network(loud).find("in bucket 5") != std::string::npos);
}

TEST_CASE("Damaged network files never crash the loader", "[nnue][format]") {
    const std::vector<std::uint8_t> good = write_network(random_network(11, SCRELU_SHAPE));
    std::mt19937_64 random(12345);
    for (int trial = 0; trial < 2000; ++trial) {
        std::vector<std::uint8_t> bytes = good;
        bytes[random() % bytes.size()] ^= std::uint8_t(1u << (random() % 8));  // CRC-32 catches any one flip
        CHECK(!read_network(bytes).network);
        std::vector<std::uint8_t> cut(good.begin(), good.begin() + std::ptrdiff_t(random() % good.size()));
        CHECK(!read_network(cut).network);
    }
}

TEST_CASE("A network file saved and loaded evaluates as the network it was made from", "[nnue][format]") {
    Network network = random_network(5, SCRELU_SHAPE);
    std::string path = temp_path("saved.nnue");
    REQUIRE(save_network_file(network, path).empty());
    NetworkLoad load = load_network_file(path);
    std::filesystem::remove(path);
    REQUIRE(load.network);
    for (const std::string& fen : sample_fens()) {
        test::Board board(fen);
        CHECK(evaluate_from_scratch(*load.network, board.pos) == evaluate_from_scratch(network, board.pos));
    }
}

TEMPLATE_TEST_CASE_SIG("Every SIMD path gives the scalar integers", "[nnue][simd]", ((SimdPath P), P),
                       (SimdPath::Sse2), (SimdPath::Avx2)) {
    if constexpr (!simd_available(P)) {
        WARN(std::string(simd_name(P)) + " is not compiled into this build");
    } else {
        std::mt19937_64 random(99);
        for (const NetworkShape& shape : {CRELU_SHAPE, SCRELU_SHAPE}) {
            Network network = random_network(21, shape);
            std::size_t hidden = std::size_t(shape.hidden);
            for (int trial = 0; trial < 500; ++trial) {
                // Accumulators anywhere in 16 bits: below zero, inside and above the clamp.
                std::vector<std::int16_t> stm(hidden), other(hidden);
                for (std::size_t i = 0; i < hidden; ++i) {
                    stm[i] = std::int16_t(random());
                    other[i] = std::int16_t(int(random() % 600) - 200);
                }
                CHECK(output_sum<P>(stm.data(), other.data(), network.output_weights.data(), shape) ==
                      output_sum<SimdPath::Scalar>(stm.data(), other.data(), network.output_weights.data(), shape));

                RowChange change;
                change.added_count = int(random() % 3);
                change.removed_count = int(random() % 3);
                for (int i = 0; i < MAX_ROWS_CHANGED; ++i) {
                    change.added[i] = network.feature_row(int(random() % INPUTS));
                    change.removed[i] = network.feature_row(int(random() % INPUTS));
                }
                std::vector<std::int16_t> simd_out(hidden), scalar_out(hidden);
                update_accumulator<P>(stm.data(), simd_out.data(), change, shape.hidden);
                update_accumulator<SimdPath::Scalar>(stm.data(), scalar_out.data(), change, shape.hidden);
                CHECK(simd_out == scalar_out);  // wrapping lanes included
            }
        }
    }
}

TEST_CASE("The network sees both colours alike", "[nnue]") {
    auto network = shared(random_network(8, CRELU_SHAPE));
    for (const std::string& fen : sample_fens()) {
        test::Board board(fen), mirrored(test::mirror_fen(fen));
        INFO(fen);
        CHECK(evaluate_from_scratch(*network, board.pos) == evaluate_from_scratch(*network, mirrored.pos));
    }
}

TEST_CASE("Incremental accumulators equal a from-scratch evaluation on random game sequences", "[nnue]") {
    for (const NetworkShape& shape : {CRELU_SHAPE, SCRELU_SHAPE, BUCKETED_SHAPE}) {
        auto network = shared(random_network(shape.hidden, shape));
        NnueEvaluator evaluator(network);
        std::mt19937_64 random(2024);
        long compared = 0;
        for (int sequence = 0; sequence < 120; ++sequence) {
            const std::string& fen = sample_fens()[std::size_t(sequence) % sample_fens().size()];
            test::Board board(fen);
            Position& pos = board.pos;
            std::vector<std::unique_ptr<StateInfo>> states;
            std::vector<Move> played;  // Move::null() for a null move
            evaluator.on_search_start(pos);
            for (int step = 0; step < 150; ++step) {
                MoveList<> moves(pos);
                std::uint64_t roll = random() % 10;
                if (!played.empty() && (moves.empty() || roll < 3)) {
                    Move m = played.back();
                    played.pop_back();
                    if (m == Move::null()) {
                        pos.undo_null_move();
                        evaluator.on_undo_null_move(pos);
                    } else {
                        pos.undo_move(m);
                        evaluator.on_undo_move(pos, m);
                    }
                    states.pop_back();
                } else if (moves.empty()) {
                    break;
                } else {
                    states.push_back(std::make_unique<StateInfo>());
                    if (roll == 3 && !pos.in_check()) {
                        evaluator.on_null_move(pos);
                        pos.do_null_move(*states.back());
                        played.push_back(Move::null());
                    } else {
                        Move m = moves[random() % moves.size()];
                        evaluator.on_move(pos, m);
                        pos.do_move(m, *states.back());
                        played.push_back(m);
                    }
                }
                // Evaluate only some positions, so that pending entries pile up.
                if (random() % 3 == 0) {
                    INFO(pos.fen());
                    REQUIRE(evaluator.evaluate(pos) == evaluate_from_scratch(*network, pos));
                    ++compared;
                }
            }
        }
        CHECK(compared > 5000);
    }
}

namespace {

// Evaluates with the network incrementally and checks every value against a
// from-scratch evaluation, inside real searches.
class CheckedNnueEvaluator final : public Evaluator {
public:
    explicit CheckedNnueEvaluator(std::shared_ptr<const Network> network, long* mismatches, long* evaluations)
        : incremental_(network), network_(std::move(network)), mismatches_(mismatches), evaluations_(evaluations) {}
    int evaluate(const Position& pos) override {
        int value = incremental_.evaluate(pos);
        *mismatches_ += value != evaluate_from_scratch(*network_, pos);
        ++*evaluations_;
        return value;
    }
    void set_options(const EvalOptions& options) override { incremental_.set_options(options); }
    void clear() override { incremental_.clear(); }
    void on_search_start(const Position& root) override { incremental_.on_search_start(root); }
    void on_move(const Position& before, Move m) override { incremental_.on_move(before, m); }
    void on_undo_move(const Position& after, Move m) override { incremental_.on_undo_move(after, m); }
    void on_null_move(const Position& before) override { incremental_.on_null_move(before); }
    void on_undo_null_move(const Position& after) override { incremental_.on_undo_null_move(after); }

private:
    NnueEvaluator incremental_;
    std::shared_ptr<const Network> network_;
    long* mismatches_;
    long* evaluations_;
};

}  // namespace

TEST_CASE("Inside searches every incremental evaluation equals the from-scratch one", "[nnue][search]") {
    auto network = shared(random_network(77, SCRELU_SHAPE));
    long mismatches = 0, evaluations = 0;
    Engine engine;
    engine.set_evaluator([&] { return std::make_unique<CheckedNnueEvaluator>(network, &mismatches, &evaluations); });
    for (std::size_t i = 0; i < bench_positions().size(); i += 3) {
        auto created = Game::from_fen(bench_positions()[i]);
        REQUIRE(created.game);
        SearchLimits limits;
        limits.depth = 6;
        engine.new_game();
        engine.search(*created.game, limits);
        // Outside the search, any position is right too (the stack is elsewhere).
        for (const std::string& fen : sample_fens()) {
            test::Board board(fen);
            CHECK(engine.evaluate(board.pos) == evaluate_from_scratch(*network, board.pos));
        }
    }
    CHECK(mismatches == 0);
    CHECK(evaluations > 10000);
}

TEST_CASE("The built-in network is lib/eval/nnue/default.nnue, read once per process", "[nnue][builtin]") {
    const char* source = std::getenv("AUGUR_DEFAULT_NETWORK");
    REQUIRE(source);
    std::ifstream in(source, std::ios::binary);
    REQUIRE(in);
    const std::vector<std::uint8_t> file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::span<const std::uint8_t> embedded = default_network_bytes();
    CHECK(std::vector<std::uint8_t>(embedded.begin(), embedded.end()) == file);

    NetworkLoad load = load_network_file(source);
    REQUIRE(load.network);
    const std::shared_ptr<const Network> built_in = default_network();
    CHECK(default_network() == built_in);  // one shared copy
    CHECK(built_in->shape == load.network->shape);
    for (const std::string& fen : sample_fens()) {
        test::Board board(fen);
        CHECK(evaluate_from_scratch(*built_in, board.pos) == evaluate_from_scratch(*load.network, board.pos));
    }
}

TEST_CASE("Options EvalFile and Eval choose the network, and refuse what cannot work", "[nnue][options]") {
    Network first = random_network(31, CRELU_SHAPE), second = random_network(32, SCRELU_SHAPE);
    std::string first_path = temp_path("options-first.nnue"), second_path = temp_path("options-second.nnue");
    std::string corrupt_path = temp_path("options-corrupt.nnue");
    REQUIRE(save_network_file(first, first_path).empty());
    REQUIRE(save_network_file(second, second_path).empty());
    std::vector<std::uint8_t> corrupt = write_network(second);
    corrupt[100] ^= 1;
    std::ofstream(corrupt_path, std::ios::binary).write(reinterpret_cast<const char*>(corrupt.data()),
                                                        std::streamsize(corrupt.size()));
    test::Board board(sample_fens()[1]);
    const Position& pos = board.pos;
    HandCraftedEvaluator hand_crafted;
    const int hce = hand_crafted.evaluate(pos);

    Engine engine;
    CHECK(engine.option_value("Eval") == "hce");
    CHECK(engine.option_value("EvalFile") == "");
    CHECK(!engine.uses_network());

    auto refused = [&](const char* name, const std::string& value, const std::string& reason) {
        std::optional<std::string> error = engine.set_option(name, value);
        REQUIRE(error);
        CHECK(error->find(reason) != std::string::npos);
    };
    const int built_in = evaluate_from_scratch(*default_network(), pos);
    REQUIRE(built_in != hce);
    REQUIRE(!engine.set_option("Eval", "nnue"));  // no file: the built-in network
    CHECK(engine.evaluate(pos) == built_in);
    REQUIRE(!engine.set_option("Eval", "hce"));
    refused("EvalFile", temp_path("missing.nnue"), "cannot open network file");
    refused("EvalFile", corrupt_path, "CRC-32 does not match");
    CHECK(engine.option_value("EvalFile") == "");
    CHECK(engine.evaluate(pos) == hce);

    REQUIRE(!engine.set_option("EvalFile", first_path));
    CHECK(engine.evaluate(pos) == hce);  // loaded, not yet in use
    REQUIRE(!engine.set_option("Eval", "nnue"));
    CHECK(engine.uses_network());
    CHECK(engine.evaluate(pos) == evaluate_from_scratch(first, pos));

    refused("EvalFile", corrupt_path, "CRC-32 does not match");  // the first network stays
    CHECK(engine.option_value("EvalFile") == first_path);
    CHECK(engine.evaluate(pos) == evaluate_from_scratch(first, pos));
    REQUIRE(!engine.set_option("EvalFile", ""));  // back to the built-in network, at once
    CHECK(engine.evaluate(pos) == built_in);

    REQUIRE(!engine.set_option("EvalFile", second_path));  // a new file takes effect at once
    CHECK(engine.evaluate(pos) == evaluate_from_scratch(second, pos));

    SECTION("searches with the network are deterministic, with helpers too") {
        auto search = [&](int threads) {
            REQUIRE(!engine.set_option("Threads", std::to_string(threads)));
            auto created = Game::from_fen(sample_fens()[5]);
            SearchLimits limits;
            limits.depth = 7;
            engine.new_game();
            return engine.search(*created.game, limits);
        };
        SearchResult once = search(1), again = search(1);
        CHECK(once.stats.nodes == again.stats.nodes);
        CHECK(once.best_move == again.best_move);
        CHECK(search(2).best_move);
    }
    SECTION("back to the hand-crafted evaluation") {
        REQUIRE(!engine.set_option("Eval", "hce"));
        CHECK(!engine.uses_network());
        CHECK(engine.evaluate(pos) == hce);
        REQUIRE(!engine.set_option("EvalFile", ""));
    }
    for (const std::string& path : {first_path, second_path, corrupt_path}) std::filesystem::remove(path);
}

TEST_CASE("The network evaluates inside the endgame layer, as the hand-crafted evaluation does", "[nnue][endgame]") {
    auto network = shared(random_network(91, SCRELU_SHAPE));
    NnueEvaluator evaluator(network);
    HandCraftedEvaluator hand_crafted;

    // A dead draw (KNvK) and a known win (KQvK): the layer's value, not the network's.
    for (const char* fen : {"8/8/4k3/8/8/3NK3/8/8 w - - 0 1", "8/8/4k3/8/8/3QK3/8/8 b - - 0 1"}) {
        test::Board board(fen);
        INFO(fen);
        REQUIRE(evaluate_from_scratch(*network, board.pos, false) != hand_crafted.evaluate(board.pos));
        CHECK(evaluator.evaluate(board.pos) == hand_crafted.evaluate(board.pos));
        CHECK(evaluate_from_scratch(*network, board.pos) == hand_crafted.evaluate(board.pos));
    }
    CHECK(evaluator.evaluate(test::Board("8/8/4k3/8/8/3NK3/8/8 w - - 0 1").pos) == 0);

    // Drawish material the layer only scales: the network's value times the scale of the side it favours.
    int scaled = 0;
    for (const char* fen : {"8/8/4k3/8/2b5/8/3RK3/8 w - - 0 1",       // KRvKB
                            "8/8/4k3/8/2n5/8/3RK3/8 b - - 0 1",       // KRvKN
                            "8/5k2/8/8/8/2B5/P7/K7 w - - 0 1",        // a rook pawn and the wrong bishop
                            "8/4kb2/4p3/8/8/4P3/3BK3/8 w - - 0 1"}) { // opposite bishops
        test::Board board(fen);
        INFO(fen);
        const EndgameVerdict verdict = classify_endgame(board.pos);
        const int network_value = evaluate_from_scratch(*network, board.pos, false);
        if (verdict.dead || verdict.known) {
            CHECK(evaluator.evaluate(board.pos) == hand_crafted.evaluate(board.pos));
            continue;
        }
        const Color ahead = network_value > 0 ? board.pos.side_to_move() : ~board.pos.side_to_move();
        scaled += verdict.scale[ahead] != SCALE_NORMAL;
        CHECK(evaluator.evaluate(board.pos) == network_value * verdict.scale[ahead] / SCALE_NORMAL);
    }
    CHECK(scaled > 0);

    // Eval_EndgameScaling off: the network alone.
    EvalOptions off;
    off.endgame_scaling = false;
    evaluator.set_options(off);
    test::Board queen("8/8/4k3/8/8/3QK3/8/8 b - - 0 1");
    CHECK(evaluator.evaluate(queen.pos) == evaluate_from_scratch(*network, queen.pos, false));
}
