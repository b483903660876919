// Tests of the engine part of the C API (options, positions, search, callbacks,
// trace, stop, evaluation), through the shared library and <augur/augur.h> only.
#include <augur/augur.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "engine_handle.h"

namespace {

using augur_test::Engine;

constexpr const char* KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
constexpr const char* MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8";
// White mates with Qxf7# (the scholar's mate one move early).
constexpr const char* MATE_IN_ONE = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
constexpr const char* MATED = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
constexpr const char* STALEMATE = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";

// Owns an engine for the length of a test.
class Position {
public:
    Position() { REQUIRE(augur_position_create(&pos_) == AUGUR_OK); }
    explicit Position(const char* fen) : Position() { REQUIRE(augur_position_set_fen(pos_, fen) == AUGUR_OK); }
    ~Position() { augur_position_destroy(pos_); }
    Position(const Position&) = delete;
    Position& operator=(const Position&) = delete;
    operator augur_position*() const { return pos_; }

private:
    augur_position* pos_ = nullptr;
};

std::string error_of(const augur_engine* e) { return augur_engine_last_error(e); }

std::string fen_of(const augur_engine* e) {
    char buf[AUGUR_FEN_MAX];
    REQUIRE(augur_engine_fen(e, buf, sizeof buf) == AUGUR_OK);
    return buf;
}

std::string option(const augur_engine* e, const char* name) {
    char buf[64];
    REQUIRE(augur_engine_get_option(e, name, buf, sizeof buf) == AUGUR_OK);
    return buf;
}

augur_search_limits depth_limit(int depth) {
    augur_search_limits limits = AUGUR_SEARCH_LIMITS_INIT;
    limits.depth = depth;
    return limits;
}

augur_search_result search(augur_engine* e, const augur_search_limits& limits,
                           const augur_search_callbacks* callbacks = nullptr) {
    augur_search_result result;
    std::memset(&result, 0, sizeof result);
    result.struct_size = sizeof result;
    int status = augur_engine_search(e, &limits, callbacks, &result);
    INFO(error_of(e));
    REQUIRE(status == AUGUR_OK);
    return result;
}

augur_search_result search_depth(augur_engine* e, int depth) { return search(e, depth_limit(depth)); }

bool is_legal(const augur_position* pos, augur_move move) {
    augur_move moves[AUGUR_MAX_MOVES];
    size_t count = 0;
    REQUIRE(augur_position_legal_moves(pos, moves, AUGUR_MAX_MOVES, &count) == AUGUR_OK);
    for (size_t i = 0; i < count; ++i)
        if (moves[i] == move) return true;
    return false;
}

// Plays line on a copy of pos; false as soon as a move is illegal.
bool legal_in_sequence(const augur_position* pos, const augur_move* line, size_t length) {
    augur_position* copy = nullptr;
    REQUIRE(augur_position_clone(pos, &copy) == AUGUR_OK);
    bool legal = true;
    for (size_t i = 0; i < length && legal; ++i) legal = augur_position_play_move(copy, line[i]) == AUGUR_OK;
    augur_position_destroy(copy);
    return legal;
}

void check_consistent(const augur_position* pos, const augur_search_result& r) {
    CHECK(is_legal(pos, r.best_move));
    REQUIRE(r.pv_length >= 1);
    CHECK(r.pv_length <= AUGUR_MAX_PV);
    CHECK(r.pv[0] == r.best_move);
    if (r.pv_length > 1) {
        CHECK(r.ponder_move == r.pv[1]);
    } else if (r.ponder_move != AUGUR_MOVE_NONE) {  // the table's reply to a line of one move
        const augur_move line[] = {r.best_move, r.ponder_move};
        CHECK(legal_in_sequence(pos, line, 2));
    }
    CHECK(legal_in_sequence(pos, r.pv, r.pv_length));
    CHECK(r.nodes > 0);
    CHECK(r.qnodes <= r.nodes);
    CHECK(r.fail_highs_first <= r.fail_highs);
    CHECK(r.fail_highs <= r.nodes);
    CHECK(r.tt_hits <= r.tt_probes);
    CHECK(r.tt_cutoffs <= r.tt_hits);
    CHECK(r.tt_probes <= r.nodes);
    CHECK(r.seldepth >= r.depth);
    CHECK(r.time_ms >= 0);
    CHECK(r.score_cp > -AUGUR_SCORE_INFINITE);
    CHECK(r.score_cp < AUGUR_SCORE_INFINITE);
}

bool same_search(const augur_search_result& a, const augur_search_result& b) {
    return a.best_move == b.best_move && a.ponder_move == b.ponder_move && a.score_cp == b.score_cp &&
           a.depth == b.depth && a.seldepth == b.seldepth && a.nodes == b.nodes && a.qnodes == b.qnodes &&
           a.fail_highs == b.fail_highs && a.fail_highs_first == b.fail_highs_first && a.tt_probes == b.tt_probes &&
           a.tt_hits == b.tt_hits && a.tt_cutoffs == b.tt_cutoffs && a.pv_length == b.pv_length &&
           std::equal(a.pv, a.pv + a.pv_length, b.pv);
}

// What the callbacks saw.
struct Recorder {
    const augur_position* root = nullptr;
    int pv_calls = 0;
    int pv_lines_illegal = 0;
    std::vector<augur_pv_info> iterations;  // pv pointers are not kept
    std::vector<std::vector<augur_move>> iteration_lines;
    uint64_t enters = 0, leaves = 0;
    int open_nodes = 0, max_open = 0;
    bool unbalanced = false, bad_ply = false, bad_root = false, bad_bound = false;
};

void record_pv(void* user, const augur_pv_info* info) {
    auto* r = static_cast<Recorder*>(user);
    ++r->pv_calls;
    if (info->bound < AUGUR_BOUND_UPPER || info->bound > AUGUR_BOUND_EXACT) r->bad_bound = true;
    if (!legal_in_sequence(r->root, info->pv, info->pv_length)) ++r->pv_lines_illegal;
}

void record_iteration(void* user, const augur_pv_info* info) {
    auto* r = static_cast<Recorder*>(user);
    r->iterations.push_back(*info);
    r->iteration_lines.emplace_back(info->pv, info->pv + info->pv_length);
    if (info->bound != AUGUR_BOUND_EXACT) r->bad_bound = true;
    if (!legal_in_sequence(r->root, info->pv, info->pv_length)) ++r->pv_lines_illegal;
}

void record_enter(void* user, const augur_trace_node* node) {
    auto* r = static_cast<Recorder*>(user);
    if (node->ply != r->open_nodes) r->bad_ply = true;
    if (node->ply == 0 && node->move != AUGUR_MOVE_NONE) r->bad_root = true;
    ++r->enters;
    r->max_open = std::max(r->max_open, ++r->open_nodes);
}

void record_leave(void* user, const augur_trace_result* result) {
    auto* r = static_cast<Recorder*>(user);
    ++r->leaves;
    if (result->bound < AUGUR_BOUND_UPPER || result->bound > AUGUR_BOUND_EXACT) r->bad_bound = true;
    if (--r->open_nodes < 0) r->unbalanced = true;
}

augur_search_callbacks recording(Recorder& r, bool trace) {
    augur_search_callbacks callbacks = AUGUR_SEARCH_CALLBACKS_INIT;
    callbacks.user = &r;
    callbacks.on_pv = record_pv;
    callbacks.on_iteration = record_iteration;
    if (trace) {
        callbacks.on_trace_enter = record_enter;
        callbacks.on_trace_leave = record_leave;
    }
    return callbacks;
}

}  // namespace

TEST_CASE("Engines can be created and destroyed many times", "[capi][engine]") {
    for (int i = 0; i < 20; ++i) {
        augur_engine* e = nullptr;
        REQUIRE(augur_engine_create(&e) == AUGUR_OK);
        REQUIRE(e != nullptr);
        CHECK(error_of(e).empty());
        if (i % 2) CHECK(augur_engine_set_option(e, "Hash", "1") == AUGUR_OK);
        augur_engine_destroy(e);
    }
    augur_engine_destroy(nullptr);
    Engine e;
    CHECK(fen_of(e) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

TEST_CASE("Engine options can be listed, read and set", "[capi][engine][options]") {
    Engine e;
    size_t count = 0;
    REQUIRE(augur_engine_option_count(e, &count) == AUGUR_OK);
    REQUIRE(count > 10);
    std::set<std::string> names;
    bool saw_hash = false;
    for (size_t i = 0; i < count; ++i) {
        augur_option_info info = AUGUR_OPTION_INFO_INIT;
        REQUIRE(augur_engine_option_info(e, i, &info) == AUGUR_OK);
        REQUIRE(info.name != nullptr);
        INFO(info.name);
        CHECK(names.insert(info.name).second);
        switch (info.type) {
        case AUGUR_OPTION_CHECK:
            CHECK(option(e, info.name) == (info.default_value ? "true" : "false"));
            break;
        case AUGUR_OPTION_SPIN:
            CHECK(info.min <= info.default_value);
            CHECK(info.default_value <= info.max);
            CHECK(option(e, info.name) == std::to_string(info.default_value));
            break;
        case AUGUR_OPTION_BUTTON: {
            char buf[16];
            CHECK(augur_engine_get_option(e, info.name, buf, sizeof buf) == AUGUR_E_INVALID_ARGUMENT);
            CHECK(error_of(e).find("button") != std::string::npos);
            CHECK(augur_engine_set_option(e, info.name, "") == AUGUR_OK);
            break;
        }
        case AUGUR_OPTION_COMBO:
            CHECK(info.choice_count >= 2);
            CHECK(option(e, info.name) == info.default_text);
            break;
        case AUGUR_OPTION_STRING:
            CHECK(option(e, info.name) == info.default_text);
            break;
        default: FAIL("unknown option type " << info.type);
        }
        if (std::string(info.name) == "Hash") {
            saw_hash = true;
            CHECK(info.type == AUGUR_OPTION_SPIN);
            CHECK(info.min == 1);
        }
    }
    CHECK(saw_hash);
    augur_option_info info = AUGUR_OPTION_INFO_INIT;
    CHECK(augur_engine_option_info(e, count, &info) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(error_of(e).find("out of range") != std::string::npos);

    SECTION("valid values are taken, names are case-insensitive") {
        CHECK(augur_engine_set_option(e, "Hash", "4") == AUGUR_OK);
        CHECK(error_of(e).empty());
        CHECK(option(e, "hash") == "4");
        CHECK(augur_engine_set_option(e, "nullmove", "FALSE") == AUGUR_OK);
        CHECK(option(e, "NullMove") == "false");
        CHECK(augur_engine_set_option(e, "Eval_mobility", "false") == AUGUR_OK);
        CHECK(option(e, "Eval_mobility") == "false");
    }
    SECTION("invalid values are refused and change nothing") {
        for (const char* value : {"0", "-3", "abc", "", "16MB", "99999999999"}) {
            INFO(value);
            CHECK(augur_engine_set_option(e, "Hash", value) == AUGUR_E_INVALID_ARGUMENT);
            CHECK(error_of(e).find("Hash") != std::string::npos);
        }
        CHECK(option(e, "Hash") == "16");
        CHECK(augur_engine_set_option(e, "NullMove", "maybe") == AUGUR_E_INVALID_ARGUMENT);
        CHECK(error_of(e).find("true or false") != std::string::npos);
        CHECK(option(e, "NullMove") == "true");
    }
    SECTION("unknown options are refused with their name") {
        CHECK(augur_engine_set_option(e, "Ponderosity", "1") == AUGUR_E_INVALID_ARGUMENT);
        CHECK(error_of(e) == "unknown option 'Ponderosity'");
        char buf[16];
        CHECK(augur_engine_get_option(e, "Ponderosity", buf, sizeof buf) == AUGUR_E_INVALID_ARGUMENT);
        CHECK(error_of(e) == "unknown option 'Ponderosity'");
        CHECK(augur_engine_set_option(e, "\xff\xfe", "1") == AUGUR_E_INVALID_ARGUMENT);
        CHECK(error_of(e) == "unknown option '?" "?'");  // split: "??'" is a trigraph
    }
    SECTION("a value that does not fit the buffer is refused") {
        char buf[2];
        CHECK(augur_engine_get_option(e, "Hash", buf, sizeof buf) == AUGUR_E_BUFFER_TOO_SMALL);
        CHECK(buf[0] == '\0');
    }
}

TEST_CASE("Setting the engine's position is all or nothing", "[capi][engine][position]") {
    Engine e;
    const char* const opening[] = {"e2e4", "e7e5", "g1f3"};
    REQUIRE(augur_engine_set_position(e, nullptr, opening, 3) == AUGUR_OK);
    const std::string before = fen_of(e);
    CHECK(before == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");

    SECTION("a bad FEN names the fault") {
        CHECK(augur_engine_set_position(e, "8/8/8/8/8/8/8/k7 w - - 0 1", nullptr, 0) == AUGUR_E_BAD_FEN);
        CHECK(error_of(e) == "FEN must have exactly one white king");
        CHECK(augur_engine_set_position(e, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", nullptr, 0) ==
              AUGUR_E_BAD_FEN);
        CHECK(!error_of(e).empty());
        CHECK(augur_engine_set_position(e, "", nullptr, 0) == AUGUR_E_BAD_FEN);
    }
    SECTION("an illegal move is named with its index") {
        const char* const moves[] = {"e2e4", "e7e5", "e4e5", "g1f3"};
        CHECK(augur_engine_set_position(e, nullptr, moves, 4) == AUGUR_E_ILLEGAL_MOVE);
        CHECK(error_of(e).find("uci_moves[2]") != std::string::npos);
        CHECK(error_of(e).find("e4e5") != std::string::npos);
        const char* const garbled[] = {"e2e4", "hello"};
        CHECK(augur_engine_set_position(e, nullptr, garbled, 2) == AUGUR_E_ILLEGAL_MOVE);
        CHECK(error_of(e).find("uci_moves[1]") != std::string::npos);
    }
    SECTION("NULL moves are refused") {
        const char* const with_null[] = {"e2e4", nullptr};
        CHECK(augur_engine_set_position(e, nullptr, with_null, 2) == AUGUR_E_INVALID_ARGUMENT);
        CHECK(error_of(e) == "uci_moves[1] must not be NULL");
        CHECK(augur_engine_set_position(e, nullptr, nullptr, 1) == AUGUR_E_INVALID_ARGUMENT);
        CHECK(error_of(e) == "uci_moves must not be NULL");
    }
    CHECK(fen_of(e) == before);
}

TEST_CASE("An engine takes a position handle's game with its history", "[capi][engine][position]") {
    const char* const moves[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3"};
    Position pos;
    for (const char* m : moves) REQUIRE(augur_position_play_uci(pos, m) == AUGUR_OK);

    Engine from_handle, from_moves;
    REQUIRE(augur_engine_set_position_from(from_handle, pos) == AUGUR_OK);
    REQUIRE(augur_engine_set_position(from_moves, nullptr, moves, 5) == AUGUR_OK);
    char fen[AUGUR_FEN_MAX];
    REQUIRE(augur_position_fen(pos, fen, sizeof fen) == AUGUR_OK);
    CHECK(fen_of(from_handle) == fen);
    // Same position and same history: the same search, node for node.
    CHECK(same_search(search_depth(from_handle, 5), search_depth(from_moves, 5)));

    // Without the history the repetitions are not seen and the tree differs.
    Engine fen_only(fen);
    CHECK(search_depth(fen_only, 5).nodes != search_depth(from_moves, 5).nodes);

    SECTION("Chess960 positions keep their mode") {
        Position chess960("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
        REQUIRE(augur_engine_set_position_from(from_handle, chess960) == AUGUR_OK);
        CHECK(fen_of(from_handle) == "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
        check_consistent(chess960, search_depth(from_handle, 4));
    }
}

TEST_CASE("A depth-limited search gives a legal move and consistent statistics", "[capi][engine][search]") {
    for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", KIWIPETE, MIDDLEGAME}) {
        INFO(fen);
        Engine e(fen);
        Position pos(fen);
        augur_search_result r = search_depth(e, 6);
        CHECK(r.depth == 6);
        CHECK(r.mate == 0);
        CHECK(r.ebf > 1.0);
        check_consistent(pos, r);
        CHECK(fen_of(e) == fen);  // the search leaves the position as it was

        // Deterministic: a fresh engine, or this one after new_game, repeats it exactly.
        Engine again(fen);
        CHECK(same_search(search_depth(again, 6), r));
        REQUIRE(augur_engine_new_game(e) == AUGUR_OK);
        CHECK(same_search(search_depth(e, 6), r));
        // clear_hash keeps the history, so the tree may differ; it must still be sound.
        REQUIRE(augur_engine_clear_hash(e) == AUGUR_OK);
        check_consistent(pos, search_depth(e, 6));
    }
}

TEST_CASE("A search without limits runs until a callback stops it", "[capi][engine][search]") {
    Engine e;
    augur_search_result result;
    result.struct_size = sizeof result;
    // NULL limits: unlimited, so a callback stops it after depth 3.
    augur_search_callbacks callbacks = AUGUR_SEARCH_CALLBACKS_INIT;
    callbacks.user = static_cast<augur_engine*>(e);
    callbacks.on_iteration = [](void* user, const augur_pv_info* info) {
        if (info->depth == 3) augur_engine_stop(static_cast<augur_engine*>(user));
    };
    REQUIRE(augur_engine_search(e, nullptr, &callbacks, &result) == AUGUR_OK);
    CHECK(result.depth == 3);
    Position pos;
    check_consistent(pos, result);
}

TEST_CASE("Mate scores and positions without legal moves", "[capi][engine][search]") {
    SECTION("mate in one") {
        Engine e(MATE_IN_ONE);
        augur_search_result r = search_depth(e, 3);
        CHECK(r.mate == 1);
        CHECK(r.score_cp == AUGUR_SCORE_MATE - 1);
        CHECK(r.score_cp > AUGUR_SCORE_MATE_BOUND);
        Position pos(MATE_IN_ONE);
        char san[AUGUR_SAN_MAX];
        REQUIRE(augur_position_move_to_san(pos, r.best_move, san, sizeof san) == AUGUR_OK);
        CHECK(std::string(san) == "Qxf7#");
    }
    SECTION("moves that lead to mate") {
        // After 1.f3 e5 2.g4 Black mates with Qh4#.
        const char* const moves[] = {"f2f3", "e7e5", "g2g4"};
        Engine e;
        REQUIRE(augur_engine_set_position(e, nullptr, moves, 3) == AUGUR_OK);
        augur_search_result r = search_depth(e, 3);
        CHECK(r.mate == 1);
        CHECK(r.pv_length == 1);
        const char* const mated[] = {"f2f3", "e7e5", "g2g4", "d8h4"};
        REQUIRE(augur_engine_set_position(e, nullptr, mated, 4) == AUGUR_OK);
        CHECK(fen_of(e) == MATED);
        CHECK(search_depth(e, 3).best_move == AUGUR_MOVE_NONE);
    }
    SECTION("checkmated or stalemated: no move") {
        Engine mated(MATED), stalemated(STALEMATE);
        augur_search_result r = search_depth(mated, 4);
        CHECK(r.best_move == AUGUR_MOVE_NONE);
        CHECK(r.ponder_move == AUGUR_MOVE_NONE);
        CHECK(r.pv_length == 0);
        CHECK(r.score_cp == -AUGUR_SCORE_MATE);
        CHECK(r.mate == 0);
        r = search_depth(stalemated, 4);
        CHECK(r.best_move == AUGUR_MOVE_NONE);
        CHECK(r.score_cp == 0);
    }
}

TEST_CASE("A node-limited search stops at the limit", "[capi][engine][search]") {
    for (uint64_t limit : {1000u, 20000u}) {
        INFO(limit);
        Engine e(KIWIPETE);
        augur_search_limits limits = AUGUR_SEARCH_LIMITS_INIT;
        limits.nodes = limit;
        augur_search_result r = search(e, limits);
        CHECK(r.nodes >= limit);
        CHECK(r.nodes <= limit + AUGUR_MAX_PLY);  // the nodes entered while the search unwinds
        Position pos(KIWIPETE);
        check_consistent(pos, r);
        Engine again(KIWIPETE);
        CHECK(same_search(search(again, limits), r));
    }
}

TEST_CASE("Callbacks see every iteration with legal lines and the user pointer", "[capi][engine][callbacks]") {
    Engine e(MIDDLEGAME);
    Position pos(MIDDLEGAME);
    Recorder rec;
    rec.root = pos;
    augur_search_callbacks callbacks = recording(rec, false);
    augur_search_result r = search(e, depth_limit(7), &callbacks);

    CHECK(rec.pv_lines_illegal == 0);
    CHECK(!rec.bad_bound);
    CHECK(rec.enters == 0);
    REQUIRE(rec.iterations.size() == 7);
    for (size_t i = 0; i < rec.iterations.size(); ++i) {
        const augur_pv_info& info = rec.iterations[i];
        CHECK(info.depth == int(i) + 1);
        CHECK(info.seldepth >= info.depth);
        CHECK(rec.iteration_lines[i].size() >= 1);
        if (i > 0) CHECK(info.nodes > rec.iterations[i - 1].nodes);
    }
    const augur_pv_info& last = rec.iterations.back();
    CHECK(last.score_cp == r.score_cp);
    CHECK(last.nodes <= r.nodes);
    CHECK(rec.iteration_lines.back() == std::vector<augur_move>(r.pv, r.pv + r.pv_length));
    CHECK(r.ebf == Approx(double(last.nodes) / double(rec.iterations[5].nodes)));

    // Callbacks only observe: the same search without them is identical.
    Engine plain(MIDDLEGAME);
    CHECK(same_search(search_depth(plain, 7), r));
}

TEST_CASE("The node trace is balanced and sees every node", "[capi][engine][trace]") {
    for (const char* fen : {KIWIPETE, MIDDLEGAME, MATE_IN_ONE}) {
        INFO(fen);
        Engine e(fen);
        Position pos(fen);
        Recorder rec;
        rec.root = pos;
        augur_search_callbacks callbacks = recording(rec, true);
        augur_search_result r = search(e, depth_limit(5), &callbacks);
        CHECK(rec.enters == r.nodes);
        CHECK(rec.leaves == rec.enters);
        CHECK(rec.open_nodes == 0);
        CHECK(!rec.unbalanced);
        CHECK(!rec.bad_ply);
        CHECK(!rec.bad_root);
        CHECK(!rec.bad_bound);
        CHECK(rec.max_open >= r.seldepth);

        // Tracing changes nothing in the search.
        Engine plain(fen);
        CHECK(same_search(search_depth(plain, 5), r));
    }

    SECTION("one trace callback alone is enough") {
        Engine e(KIWIPETE);
        uint64_t leaves = 0;
        augur_search_callbacks callbacks = AUGUR_SEARCH_CALLBACKS_INIT;
        callbacks.user = &leaves;
        callbacks.on_trace_leave = [](void* user, const augur_trace_result*) { ++*static_cast<uint64_t*>(user); };
        augur_search_result r = search(e, depth_limit(4), &callbacks);
        CHECK(leaves == r.nodes);
    }
}

TEST_CASE("augur_engine_stop from another thread ends an unlimited search", "[capi][engine][threads]") {
    Engine e(MIDDLEGAME);
    std::atomic<bool> started{false};
    augur_search_callbacks callbacks = AUGUR_SEARCH_CALLBACKS_INIT;
    callbacks.user = &started;
    callbacks.on_iteration = [](void* user, const augur_pv_info*) {
        static_cast<std::atomic<bool>*>(user)->store(true);
    };
    augur_search_limits unlimited = AUGUR_SEARCH_LIMITS_INIT;  // depth 0, nodes 0: until stopped

    std::chrono::steady_clock::time_point stop_time;
    std::thread stopper([&] {
        // A stop before the search begins would be forgotten (each search
        // starts unstopped), so wait until it runs.
        while (!started.load()) std::this_thread::yield();
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        stop_time = std::chrono::steady_clock::now();
        CHECK(augur_engine_stop(e) == AUGUR_OK);
    });
    augur_search_result result;
    result.struct_size = sizeof result;
    int status = augur_engine_search(e, &unlimited, &callbacks, &result);
    auto returned = std::chrono::steady_clock::now();
    stopper.join();

    REQUIRE(status == AUGUR_OK);
    CHECK(returned - stop_time < std::chrono::seconds(1));
    CHECK(result.depth >= 1);
    CHECK(result.depth < AUGUR_MAX_PLY - 1);
    Position pos(MIDDLEGAME);
    check_consistent(pos, result);
    // The next search starts unstopped.
    CHECK(search_depth(e, 3).depth == 3);
}

TEST_CASE("Two engines searching at once on two threads find what each finds alone", "[capi][engine][threads]") {
    const char* fens[2] = {KIWIPETE, MIDDLEGAME};
    augur_search_result alone[2], together[2];
    for (int i = 0; i < 2; ++i) {
        Engine e(fens[i]);
        alone[i] = search_depth(e, 7);
    }
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int i = 0; i < 2; ++i)
        threads.emplace_back([&, i] {
            augur_engine* e = nullptr;
            if (augur_engine_create(&e) != AUGUR_OK || augur_engine_set_position(e, fens[i], nullptr, 0) != AUGUR_OK) {
                ++failures;
                return;
            }
            augur_search_limits limits = depth_limit(7);
            together[i].struct_size = sizeof together[i];
            if (augur_engine_search(e, &limits, nullptr, &together[i]) != AUGUR_OK) ++failures;
            augur_engine_destroy(e);
        });
    for (std::thread& t : threads) t.join();
    REQUIRE(failures == 0);
    for (int i = 0; i < 2; ++i) CHECK(same_search(alone[i], together[i]));
}

TEST_CASE("A callback that throws stops the search with an error", "[capi][engine][callbacks][misuse]") {
    Engine e(KIWIPETE);
    augur_search_callbacks callbacks = AUGUR_SEARCH_CALLBACKS_INIT;
    callbacks.on_iteration = [](void*, const augur_pv_info* info) {
        if (info->depth == 2) throw std::runtime_error("host gave up");
    };
    augur_search_result result;
    result.struct_size = sizeof result;
    augur_search_limits limits = depth_limit(8);
    CHECK(augur_engine_search(e, &limits, &callbacks, &result) == AUGUR_E_INTERNAL);
    CHECK(error_of(e).find("host gave up") != std::string::npos);
    CHECK(fen_of(e) == KIWIPETE);

    callbacks.on_iteration = nullptr;
    callbacks.on_trace_enter = [](void*, const augur_trace_node*) { throw 42; };
    CHECK(augur_engine_search(e, &limits, &callbacks, &result) == AUGUR_E_INTERNAL);
    CHECK(fen_of(e) == KIWIPETE);

    // The engine is still fine.
    Position pos(KIWIPETE);
    check_consistent(pos, search_depth(e, 4));
}

TEST_CASE("A callback cannot change the engine under its search", "[capi][engine][callbacks][misuse]") {
    Engine e(MIDDLEGAME);
    struct Attempt {
        augur_engine* engine;
        int status = AUGUR_OK;
        std::string message;
    } attempt{e, AUGUR_OK, {}};
    augur_search_callbacks callbacks = AUGUR_SEARCH_CALLBACKS_INIT;
    callbacks.user = &attempt;
    callbacks.on_iteration = [](void* user, const augur_pv_info*) {
        auto* a = static_cast<Attempt*>(user);
        a->status = augur_engine_set_position(a->engine, nullptr, nullptr, 0);
        a->message = augur_engine_last_error(a->engine);
    };
    augur_search_result r = search(e, depth_limit(4), &callbacks);
    CHECK(attempt.status == AUGUR_E_INVALID_ARGUMENT);
    CHECK(attempt.message.find("searching") != std::string::npos);
    CHECK(r.depth == 4);
    CHECK(fen_of(e) == MIDDLEGAME);
}

TEST_CASE("Search structures must carry their size", "[capi][engine][misuse]") {
    Engine e;
    augur_search_result result;
    result.struct_size = sizeof result;
    augur_search_limits limits = depth_limit(2);
    augur_search_callbacks callbacks = AUGUR_SEARCH_CALLBACKS_INIT;

    limits.struct_size = 0;
    CHECK(augur_engine_search(e, &limits, nullptr, &result) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(error_of(e).find("limits->struct_size") != std::string::npos);
    limits.struct_size = sizeof limits;
    callbacks.struct_size = sizeof callbacks + 8;
    CHECK(augur_engine_search(e, &limits, &callbacks, &result) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(error_of(e).find("callbacks->struct_size") != std::string::npos);
    result.struct_size = 4;
    CHECK(augur_engine_search(e, &limits, nullptr, &result) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(error_of(e).find("result->struct_size") != std::string::npos);
    CHECK(result.struct_size == 4);  // not written on failure

    result.struct_size = sizeof result;
    limits.depth = -1;
    CHECK(augur_engine_search(e, &limits, nullptr, &result) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(error_of(e).find("depth") != std::string::npos);
    limits.depth = 1000;  // beyond the maximum: as deep as the engine goes, here cut by nodes
    limits.nodes = 5000;
    CHECK(augur_engine_search(e, &limits, nullptr, &result) == AUGUR_OK);
}

TEST_CASE("Every engine function refuses NULL", "[capi][engine][misuse]") {
    augur_engine* none = nullptr;
    size_t count = 0;
    augur_option_info info = AUGUR_OPTION_INFO_INIT;
    char buf[AUGUR_FEN_MAX];
    augur_search_result result;
    result.struct_size = sizeof result;
    augur_eval_breakdown eval = AUGUR_EVAL_BREAKDOWN_INIT;
    Position pos;
    constexpr int BAD = AUGUR_E_INVALID_ARGUMENT;

    CHECK(augur_engine_create(nullptr) == BAD);
    CHECK(augur_engine_option_count(none, &count) == BAD);
    CHECK(augur_engine_option_info(none, 0, &info) == BAD);
    CHECK(augur_engine_set_option(none, "Hash", "1") == BAD);
    CHECK(augur_engine_get_option(none, "Hash", buf, sizeof buf) == BAD);
    CHECK(augur_engine_new_game(none) == BAD);
    CHECK(augur_engine_clear_hash(none) == BAD);
    CHECK(augur_engine_set_position(none, nullptr, nullptr, 0) == BAD);
    CHECK(augur_engine_set_position_from(none, pos) == BAD);
    CHECK(augur_engine_fen(none, buf, sizeof buf) == BAD);
    CHECK(augur_engine_search(none, nullptr, nullptr, &result) == BAD);
    CHECK(augur_engine_stop(none) == BAD);
    CHECK(augur_engine_eval(none, &eval) == BAD);
    CHECK(std::string(augur_engine_last_error(none)) == "the engine handle is NULL");

    Engine e;
    auto refused = [&](int status, const char* name) {
        CHECK(status == BAD);
        CHECK(error_of(e) == std::string(name) + " must not be NULL");
    };
    refused(augur_engine_option_count(e, nullptr), "count");
    refused(augur_engine_option_info(e, 0, nullptr), "info");
    refused(augur_engine_set_option(e, nullptr, "1"), "name");
    refused(augur_engine_set_option(e, "Hash", nullptr), "value");
    refused(augur_engine_get_option(e, nullptr, buf, sizeof buf), "name");
    refused(augur_engine_get_option(e, "Hash", nullptr, 8), "buf");
    refused(augur_engine_set_position_from(e, nullptr), "pos");
    refused(augur_engine_fen(e, nullptr, 8), "buf");
    refused(augur_engine_search(e, nullptr, nullptr, nullptr), "result");
    refused(augur_engine_eval(e, nullptr), "out");
    CHECK(augur_engine_fen(e, buf, 0) == AUGUR_E_BUFFER_TOO_SMALL);
    // A successful call clears the message.
    CHECK(augur_engine_clear_hash(e) == AUGUR_OK);
    CHECK(error_of(e).empty());
}

TEST_CASE("The evaluation breakdown adds up, term by term", "[capi][engine][eval]") {
    for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", KIWIPETE, MIDDLEGAME,
                            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "8/8/8/4k3/8/8/3BK3/8 b - - 0 1"}) {
        INFO(fen);
        Engine e(fen);
        augur_eval_breakdown b = AUGUR_EVAL_BREAKDOWN_INIT;
        REQUIRE(augur_engine_eval(e, &b) == AUGUR_OK);
        REQUIRE(b.term_count > 10);
        REQUIRE(b.term_count <= AUGUR_EVAL_TERMS_MAX);
        std::set<std::string> names;
        int sum = 0;
        for (size_t i = 0; i < b.term_count; ++i) {
            const augur_eval_term& t = b.terms[i];
            REQUIRE(t.name != nullptr);
            CHECK(names.insert(t.name).second);
            CHECK(t.mg == t.white_mg - t.black_mg);
            CHECK(t.eg == t.white_eg - t.black_eg);
            sum += t.final;
        }
        CHECK(names.count("material") == 1);
        CHECK(names.count("mobility") == 1);
        CHECK(b.phase >= 0);
        CHECK(b.phase <= 24);
        REQUIRE(b.endgame_rule != nullptr);
        if (b.dead) {
            CHECK(b.total == 0);
            CHECK(b.total_white == 0);
        } else {
            CHECK(sum == b.total_white);
        }
        Position pos(fen);
        int side = 0;
        REQUIRE(augur_position_side_to_move(pos, &side) == AUGUR_OK);
        CHECK(b.total == (side == AUGUR_WHITE ? b.total_white : -b.total_white));
        REQUIRE(b.evaluator != nullptr);
        CHECK(std::string(b.evaluator) == "hce");
        CHECK(b.evaluation == b.total);
    }

    SECTION("a disabled term contributes nothing") {
        Engine e(MIDDLEGAME);
        REQUIRE(augur_engine_set_option(e, "Eval_mobility", "false") == AUGUR_OK);
        augur_eval_breakdown b = AUGUR_EVAL_BREAKDOWN_INIT;
        REQUIRE(augur_engine_eval(e, &b) == AUGUR_OK);
        for (size_t i = 0; i < b.term_count; ++i)
            if (std::string(b.terms[i].name) == "mobility") CHECK(b.terms[i].final == 0);
    }
    SECTION("a bare-kings position is a dead draw") {
        Engine e("8/8/8/4k3/8/8/4K3/8 w - - 0 1");
        augur_eval_breakdown b = AUGUR_EVAL_BREAKDOWN_INIT;
        REQUIRE(augur_engine_eval(e, &b) == AUGUR_OK);
        CHECK(b.dead == 1);
        CHECK(b.total == 0);
        CHECK(std::string(b.endgame_rule) != "none");
    }
}

TEST_CASE("The evaluation shows the network's value with Eval nnue; a 0.2.0 caller gets its fields only",
          "[capi][engine][eval]") {
    Engine e(MIDDLEGAME);
    augur_eval_breakdown hce = AUGUR_EVAL_BREAKDOWN_INIT;
    REQUIRE(augur_engine_eval(e, &hce) == AUGUR_OK);

    SECTION("Eval nnue with the built-in network, then the test network") {
        const char* network = std::getenv("AUGUR_TEST_NETWORK");
        REQUIRE(network != nullptr);
        auto network_value = [&] {
            augur_eval_breakdown b = AUGUR_EVAL_BREAKDOWN_INIT;
            REQUIRE(augur_engine_eval(e, &b) == AUGUR_OK);
            CHECK(std::string(b.evaluator) == "nnue");
            CHECK(b.total == hce.total);  // the breakdown stays the hand-crafted one
            CHECK(b.evaluation > -20000);
            CHECK(b.evaluation < 20000);
            return b.evaluation;
        };
        REQUIRE(augur_engine_set_option(e, "Eval", "nnue") == AUGUR_OK);  // no file: the built-in one
        const int built_in = network_value();
        CHECK(built_in != hce.total);
        CHECK(augur_engine_set_option(e, "EvalFile", "/no/such/network.nnue") == AUGUR_E_INVALID_ARGUMENT);
        CHECK(std::string(augur_engine_last_error(e)).find("cannot open network file") != std::string::npos);
        CHECK(network_value() == built_in);
        REQUIRE(augur_engine_set_option(e, "EvalFile", network) == AUGUR_OK);
        const int test_network = network_value();
        CHECK(test_network != built_in);
        CHECK(test_network != hce.total);
        REQUIRE(augur_engine_set_option(e, "EvalFile", "") == AUGUR_OK);
        CHECK(network_value() == built_in);
    }
    SECTION("the 0.2.0 layout") {
        struct {
            augur_eval_breakdown b;
            unsigned char guard[sizeof(augur_eval_breakdown)];
        } slot;
        std::memset(&slot, 0xA5, sizeof slot);
        const std::size_t old_size = offsetof(augur_eval_breakdown, evaluator);
        slot.b.struct_size = old_size;
        REQUIRE(augur_engine_eval(e, &slot.b) == AUGUR_OK);
        CHECK(slot.b.struct_size == old_size);
        CHECK(slot.b.total == hce.total);
        const unsigned char* bytes = reinterpret_cast<const unsigned char*>(&slot.b);
        bool untouched = true;
        for (std::size_t i = old_size; i < sizeof slot.b; ++i) untouched &= bytes[i] == 0xA5;
        CHECK(untouched);
        slot.b.struct_size = old_size + 1;
        CHECK(augur_engine_eval(e, &slot.b) == AUGUR_E_INVALID_ARGUMENT);
    }
}
