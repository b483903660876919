// Tests of the asynchronous search of the C API (augur_engine_start, _wait,
// _stop, _ponderhit, _is_searching), of the limits added after 0.1.0 (mate, move
// time, clocks, infinite, ponder, search moves), of on_finish, MultiPV and of
// the thread-safety contract; through the shared library and <augur/augur.h> only.
#include <augur/augur.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "engine_handle.h"

namespace {

using augur_test::Engine;

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr const char* KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
constexpr const char* MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8";
// White mates with Qxf7#.
constexpr const char* MATE_IN_ONE = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
// White mates in two (1. Qg8+ Rxg8 2. Nf7#, the smothered mate).
constexpr const char* MATE_IN_TWO = "5r1k/6pp/7N/3Q4/8/8/8/7K w - - 0 1";

std::string error_of(const augur_engine* e) { return augur_engine_last_error(e); }

augur_move uci_move(const char* fen, const char* uci) {
    augur_position* pos = nullptr;
    REQUIRE(augur_position_create(&pos) == AUGUR_OK);
    REQUIRE(augur_position_set_fen(pos, fen) == AUGUR_OK);
    augur_move move = AUGUR_MOVE_NONE;
    REQUIRE(augur_position_parse_uci(pos, uci, &move) == AUGUR_OK);
    augur_position_destroy(pos);
    return move;
}

augur_search_limits depth_limit(int depth) {
    augur_search_limits limits = AUGUR_SEARCH_LIMITS_INIT;
    limits.depth = depth;
    return limits;
}

augur_search_result empty_result() {
    augur_search_result result;
    std::memset(&result, 0, sizeof result);
    result.struct_size = sizeof result;
    return result;
}

augur_search_result sync_search(augur_engine* e, const augur_search_limits& limits) {
    augur_search_result result = empty_result();
    int status = augur_engine_search(e, &limits, nullptr, &result);
    INFO(error_of(e));
    REQUIRE(status == AUGUR_OK);
    return result;
}

augur_search_result wait_for(augur_engine* e) {
    augur_search_result result = empty_result();
    int status = augur_engine_wait(e, &result);
    INFO(error_of(e));
    REQUIRE(status == AUGUR_OK);
    return result;
}

bool is_searching(const augur_engine* e) {
    int searching = -1;
    REQUIRE(augur_engine_is_searching(e, &searching) == AUGUR_OK);
    REQUIRE((searching == 0 || searching == 1));
    return searching == 1;
}

// True once predicate holds, false if it does not within the time.
template <class Predicate>
bool eventually(Predicate predicate, milliseconds within = milliseconds(10000)) {
    auto deadline = Clock::now() + within;
    while (!predicate()) {
        if (Clock::now() > deadline) return false;
        std::this_thread::sleep_for(milliseconds(1));
    }
    return true;
}

std::vector<augur_move> legal_moves_of(const char* fen) {
    augur_position* pos = nullptr;
    REQUIRE(augur_position_create(&pos) == AUGUR_OK);
    REQUIRE(augur_position_set_fen(pos, fen) == AUGUR_OK);
    augur_move moves[AUGUR_MAX_MOVES];
    size_t count = 0;
    REQUIRE(augur_position_legal_moves(pos, moves, AUGUR_MAX_MOVES, &count) == AUGUR_OK);
    augur_position_destroy(pos);
    return std::vector<augur_move>(moves, moves + count);
}

bool legal_in(const char* fen, augur_move move) {
    std::vector<augur_move> moves = legal_moves_of(fen);
    return std::find(moves.begin(), moves.end(), move) != moves.end();
}

bool same_search(const augur_search_result& a, const augur_search_result& b) {
    return a.best_move == b.best_move && a.ponder_move == b.ponder_move && a.score_cp == b.score_cp &&
           a.depth == b.depth && a.seldepth == b.seldepth && a.nodes == b.nodes && a.qnodes == b.qnodes &&
           a.tt_probes == b.tt_probes && a.tt_hits == b.tt_hits && a.pv_length == b.pv_length &&
           std::equal(a.pv, a.pv + a.pv_length, b.pv);
}

// What the callbacks of one search saw, and on which threads; safe to read
// from the test's thread while the engine's thread writes.
struct Observer {
    std::mutex mutex;
    std::vector<std::thread::id> threads;  // of every callback
    std::vector<augur_pv_info> iterations;  // pv pointers are not kept
    std::atomic<int> pv_calls{0};
    std::atomic<int> iteration_calls{0};
    std::atomic<int> finishes{0};
    std::atomic<int> null_finishes{0};
    augur_search_result finished{};
    std::atomic<bool> finish_saw_searching{false};
    augur_engine* engine = nullptr;

    void saw(std::thread::id id) {
        std::lock_guard lock(mutex);
        threads.push_back(id);
    }
};

augur_search_callbacks observing(Observer& o) {
    augur_search_callbacks callbacks = AUGUR_SEARCH_CALLBACKS_INIT;
    callbacks.user = &o;
    callbacks.on_pv = [](void* user, const augur_pv_info*) {
        auto* o = static_cast<Observer*>(user);
        o->saw(std::this_thread::get_id());
        ++o->pv_calls;
    };
    callbacks.on_iteration = [](void* user, const augur_pv_info* info) {
        auto* o = static_cast<Observer*>(user);
        o->saw(std::this_thread::get_id());
        {
            std::lock_guard lock(o->mutex);
            o->iterations.push_back(*info);
        }
        ++o->iteration_calls;
    };
    callbacks.on_finish = [](void* user, const augur_search_result* result) {
        auto* o = static_cast<Observer*>(user);
        o->saw(std::this_thread::get_id());
        if (result) {
            std::lock_guard lock(o->mutex);
            o->finished = *result;
        } else {
            ++o->null_finishes;
        }
        if (o->engine) {
            int searching = 0;
            augur_engine_is_searching(o->engine, &searching);
            o->finish_saw_searching = searching == 1;
        }
        ++o->finishes;
    };
    return callbacks;
}

}  // namespace

TEST_CASE("An asynchronous search returns at once and finds what a synchronous one finds", "[capi][async]") {
    augur_search_result expected;
    {
        Engine sync(KIWIPETE);
        expected = sync_search(sync, depth_limit(7));
    }
    Engine e(KIWIPETE);
    Observer o;
    o.engine = e;
    augur_search_callbacks callbacks = observing(o);
    augur_search_limits limits = depth_limit(7);
    auto before = Clock::now();
    REQUIRE(augur_engine_start(e, &limits, &callbacks) == AUGUR_OK);
    CHECK(Clock::now() - before < milliseconds(expected.time_ms / 2 + 50));
    augur_search_result result = wait_for(e);
    CHECK_FALSE(is_searching(e));
    CHECK(same_search(result, expected));
    CHECK(result.depth == 7);

    // on_finish came once, last, with the same result, on the engine's thread
    // (not this one), and the search still counted as running during it.
    CHECK(o.finishes == 1);
    CHECK(o.null_finishes == 0);
    CHECK(same_search(o.finished, result));
    CHECK(o.finish_saw_searching);
    CHECK(o.iteration_calls == 7);
    {
        std::lock_guard lock(o.mutex);
        REQUIRE(!o.threads.empty());
        std::thread::id engine_thread = o.threads.front();
        CHECK(engine_thread != std::this_thread::get_id());
        CHECK(std::all_of(o.threads.begin(), o.threads.end(), [&](auto id) { return id == engine_thread; }));
        for (const augur_pv_info& info : o.iterations) CHECK(info.multipv == 1);
    }

    // Waiting again answers at once with the same result.
    CHECK(same_search(wait_for(e), result));
    // The engine's position is untouched; the next search starts fresh on the same thread.
    Observer again;
    augur_search_callbacks callbacks2 = observing(again);
    REQUIRE(augur_engine_start(e, &limits, &callbacks2) == AUGUR_OK);
    REQUIRE(augur_engine_wait(e, nullptr) == AUGUR_OK);
    CHECK(again.finishes == 1);
    std::lock_guard lock(o.mutex);
    CHECK(again.threads.front() == o.threads.front());
}

TEST_CASE("augur_engine_wait without any asynchronous search is refused", "[capi][async][misuse]") {
    Engine e;
    augur_search_result result = empty_result();
    CHECK(augur_engine_wait(e, &result) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(error_of(e).find("augur_engine_start") != std::string::npos);
    CHECK_FALSE(is_searching(e));
    sync_search(e, depth_limit(2));  // a synchronous search is not what wait reports
    CHECK(augur_engine_wait(e, &result) == AUGUR_E_INVALID_ARGUMENT);
}

TEST_CASE("An infinite search runs until it is stopped from another thread", "[capi][async][threads]") {
    Engine e(MATE_IN_ONE);
    Observer o;
    augur_search_callbacks callbacks = observing(o);
    augur_search_limits limits = AUGUR_SEARCH_LIMITS_INIT;
    limits.infinite = 1;
    limits.depth = 3;  // infinite: not even the depth limit or the mate found ends it
    REQUIRE(augur_engine_start(e, &limits, &callbacks) == AUGUR_OK);
    REQUIRE(eventually([&] { return o.iteration_calls >= 3; }));
    std::this_thread::sleep_for(milliseconds(150));
    CHECK(is_searching(e));
    CHECK(o.finishes == 0);

    Clock::time_point stopped;
    std::thread stopper([&] {
        stopped = Clock::now();
        CHECK(augur_engine_stop(e) == AUGUR_OK);
    });
    stopper.join();
    augur_search_result result = wait_for(e);
    CHECK(Clock::now() - stopped < milliseconds(500));
    CHECK(result.best_move == uci_move(MATE_IN_ONE, "h5f7"));
    CHECK(result.mate == 1);
    CHECK(result.depth == 3);
    CHECK(o.finishes == 1);
}

TEST_CASE("A ponder search waits for ponderhit, then keeps to its clock", "[capi][async][ponder]") {
    Engine e(MIDDLEGAME);
    Observer o;
    augur_search_callbacks callbacks = observing(o);
    augur_search_limits limits = AUGUR_SEARCH_LIMITS_INIT;
    limits.ponder = 1;
    limits.movetime_ms = 100;
    REQUIRE(augur_engine_start(e, &limits, &callbacks) == AUGUR_OK);
    std::this_thread::sleep_for(milliseconds(400));  // far beyond the move time: pondering ignores it
    CHECK(is_searching(e));

    auto hit = Clock::now();
    std::thread([&] { CHECK(augur_engine_ponderhit(e) == AUGUR_OK); }).join();
    augur_search_result result = wait_for(e);
    auto took = Clock::now() - hit;
    CHECK(took >= milliseconds(90));   // the move time counts from ponderhit
    CHECK(took < milliseconds(1500));
    CHECK(result.best_move != AUGUR_MOVE_NONE);
    CHECK(result.time_ms >= 400);      // the search's own time includes the pondering
    CHECK(o.finishes == 1);

    SECTION("stop ends a ponder search without ponderhit") {
        REQUIRE(augur_engine_start(e, &limits, &callbacks) == AUGUR_OK);
        std::this_thread::sleep_for(milliseconds(50));
        REQUIRE(augur_engine_stop(e) == AUGUR_OK);
        CHECK(wait_for(e).best_move != AUGUR_MOVE_NONE);
    }
    SECTION("ponderhit without a pondering search does nothing") {
        CHECK(augur_engine_ponderhit(e) == AUGUR_OK);
        CHECK(sync_search(e, depth_limit(3)).depth == 3);
    }
}

TEST_CASE("A fixed move time is used, and kept", "[capi][async][time]") {
    Engine e(MIDDLEGAME);
    augur_search_limits limits = AUGUR_SEARCH_LIMITS_INIT;
    limits.movetime_ms = 150;
    auto begin = Clock::now();
    REQUIRE(augur_engine_start(e, &limits, nullptr) == AUGUR_OK);
    augur_search_result result = wait_for(e);
    auto took = Clock::now() - begin;
    CHECK(took >= milliseconds(100));
    CHECK(took < milliseconds(1000));
    CHECK(result.depth >= 1);

    SECTION("also synchronously") {
        auto sync_begin = Clock::now();
        CHECK(sync_search(e, limits).depth >= 1);
        CHECK(Clock::now() - sync_begin < milliseconds(1000));
    }
}

TEST_CASE("A clock gives a budget within the time left", "[capi][async][time]") {
    Engine e(MIDDLEGAME);
    augur_search_limits limits = AUGUR_SEARCH_LIMITS_INIT;
    SECTION("sudden death") {
        limits.time_left_ms = 2000;
    }
    SECTION("Fischer") {
        limits.time_left_ms = 1000;
        limits.increment_ms = 100;
    }
    SECTION("one move to the control") {
        limits.time_left_ms = 300;
        limits.moves_to_go = 1;
    }
    REQUIRE(augur_engine_set_option(e, "Move Overhead", "10") == AUGUR_OK);
    auto begin = Clock::now();
    REQUIRE(augur_engine_start(e, &limits, nullptr) == AUGUR_OK);
    augur_search_result result = wait_for(e);
    auto took = std::chrono::duration_cast<milliseconds>(Clock::now() - begin).count();
    // The budget never exceeds the clock less the overhead (unit-tested in
    // tests/engine); the margin covers scheduling delays on a loaded machine.
    CHECK(took < limits.time_left_ms + 250);
    CHECK(result.depth >= 1);
    CHECK(result.best_move != AUGUR_MOVE_NONE);
}

TEST_CASE("search_moves restricts the root moves", "[capi][async][limits]") {
    const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    Engine e(start);
    augur_move only[2] = {uci_move(start, "a2a3"), uci_move(start, "h2h3")};
    augur_search_limits limits = depth_limit(5);
    limits.search_moves = only;
    limits.search_moves_count = 1;
    REQUIRE(augur_engine_start(e, &limits, nullptr) == AUGUR_OK);
    CHECK(wait_for(e).best_move == only[0]);

    limits.search_moves_count = 2;
    augur_search_result both = sync_search(e, limits);  // synchronously too
    CHECK((both.best_move == only[0] || both.best_move == only[1]));

    SECTION("an illegal search move is refused and starts nothing") {
        augur_move bad[2] = {only[0], uci_move(KIWIPETE, "e2a6")};
        limits.search_moves = bad;
        CHECK(augur_engine_start(e, &limits, nullptr) == AUGUR_E_ILLEGAL_MOVE);
        CHECK(error_of(e).find("search_moves[1]") != std::string::npos);
        CHECK_FALSE(is_searching(e));
        augur_search_result r = empty_result();
        CHECK(augur_engine_search(e, &limits, nullptr, &r) == AUGUR_E_ILLEGAL_MOVE);
    }
    SECTION("a count without moves is refused") {
        limits.search_moves = nullptr;
        CHECK(augur_engine_start(e, &limits, nullptr) == AUGUR_E_INVALID_ARGUMENT);
        CHECK(error_of(e) == "limits->search_moves must not be NULL");
    }
}

TEST_CASE("A mate limit ends the search once a short enough mate is found", "[capi][async][limits]") {
    Engine e(MATE_IN_TWO);
    augur_search_limits limits = AUGUR_SEARCH_LIMITS_INIT;
    limits.mate = 2;
    REQUIRE(augur_engine_start(e, &limits, nullptr) == AUGUR_OK);
    augur_search_result result = wait_for(e);
    CHECK(result.mate == 2);
    CHECK(result.best_move == uci_move(MATE_IN_TWO, "d5g8"));
    CHECK(result.depth < 20);

    limits.mate = 1;
    limits.depth = 6;  // no mate in one here: the depth limit ends it
    result = sync_search(e, limits);
    CHECK(result.depth == 6);
    CHECK(result.mate == 2);
}

TEST_CASE("Limit values out of range are refused", "[capi][async][misuse]") {
    Engine e;
    auto refused = [&](augur_search_limits limits, const char* field) {
        CHECK(augur_engine_start(e, &limits, nullptr) == AUGUR_E_INVALID_ARGUMENT);
        CHECK(error_of(e).find(field) != std::string::npos);
        CHECK_FALSE(is_searching(e));
    };
    augur_search_limits limits = AUGUR_SEARCH_LIMITS_INIT;
    limits.mate = -1;
    refused(limits, "limits->mate");
    limits = AUGUR_SEARCH_LIMITS_INIT;
    limits.movetime_ms = -5;
    refused(limits, "limits->movetime_ms");
    limits = AUGUR_SEARCH_LIMITS_INIT;
    limits.time_left_ms = -2;
    refused(limits, "limits->time_left_ms");
    limits = AUGUR_SEARCH_LIMITS_INIT;
    limits.increment_ms = -1;
    refused(limits, "limits->increment_ms");
    limits = AUGUR_SEARCH_LIMITS_INIT;
    limits.moves_to_go = -1;
    refused(limits, "limits->moves_to_go");
    limits = AUGUR_SEARCH_LIMITS_INIT;
    limits.depth = -1;
    refused(limits, "limits->depth");
    limits = AUGUR_SEARCH_LIMITS_INIT;
    limits.struct_size = 12;
    refused(limits, "limits->struct_size");

    augur_search_callbacks traced = AUGUR_SEARCH_CALLBACKS_INIT;
    traced.on_trace_enter = [](void*, const augur_trace_node*) {};
    limits = depth_limit(2);
    CHECK(augur_engine_start(e, &limits, &traced) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(error_of(e).find("trace") != std::string::npos);
}

TEST_CASE("Structures of the 0.1.0 layout are still accepted", "[capi][async][abi]") {
    // The 0.1.0 header's structures, as a host built against it passes them.
    struct LimitsV1 {
        size_t struct_size;
        int depth;
        uint64_t nodes;
    } old_limits{sizeof(LimitsV1), 4, 0};
    struct CallbacksV1 {
        size_t struct_size;
        void* user;
        augur_pv_fn on_pv, on_iteration;
        augur_trace_enter_fn on_trace_enter;
        augur_trace_leave_fn on_trace_leave;
    } old_callbacks{sizeof(CallbacksV1), nullptr, nullptr, nullptr, nullptr, nullptr};
    int iterations = 0;
    old_callbacks.user = &iterations;
    old_callbacks.on_iteration = [](void* user, const augur_pv_info*) { ++*static_cast<int*>(user); };

    Engine e(KIWIPETE);
    augur_search_result result = empty_result();
    REQUIRE(augur_engine_search(e, reinterpret_cast<const augur_search_limits*>(&old_limits),
                                reinterpret_cast<const augur_search_callbacks*>(&old_callbacks), &result) == AUGUR_OK);
    CHECK(result.depth == 4);
    CHECK(iterations == 4);
    // The fields after the old ones took their defaults: no clock, no ponder, no infinite.
    REQUIRE(augur_engine_start(e, reinterpret_cast<const augur_search_limits*>(&old_limits),
                               reinterpret_cast<const augur_search_callbacks*>(&old_callbacks)) == AUGUR_OK);
    CHECK(wait_for(e).depth == 4);
    CHECK(iterations == 8);
}

TEST_CASE("A result of the layout before tbhits is written within its size", "[capi][async][abi]") {
    // A host built against the header before tbhits: its structure ends at pv,
    // and the memory after it is its own.
    constexpr std::size_t OLD_SIZE = offsetof(augur_search_result, tbhits);
    constexpr unsigned char GUARD = 0x5a;
    alignas(augur_search_result) unsigned char memory[sizeof(augur_search_result)];
    auto* old_result = reinterpret_cast<augur_search_result*>(memory);
    auto prepare = [&] {
        std::memset(memory, GUARD, sizeof memory);
        old_result->struct_size = OLD_SIZE;
    };
    auto untouched_after_old_layout = [&] {
        return std::all_of(memory + OLD_SIZE, memory + sizeof memory, [](unsigned char b) { return b == GUARD; });
    };

    Engine e(KIWIPETE);
    augur_search_limits limits = depth_limit(4);
    prepare();
    REQUIRE(augur_engine_search(e, &limits, nullptr, old_result) == AUGUR_OK);
    CHECK(old_result->struct_size == OLD_SIZE);
    CHECK(old_result->depth == 4);
    CHECK(old_result->pv_length > 0);
    CHECK(untouched_after_old_layout());

    prepare();
    REQUIRE(augur_engine_start(e, &limits, nullptr) == AUGUR_OK);
    REQUIRE(augur_engine_wait(e, old_result) == AUGUR_OK);
    CHECK(old_result->struct_size == OLD_SIZE);
    CHECK(old_result->depth == 4);
    CHECK(untouched_after_old_layout());

    old_result->struct_size = OLD_SIZE - 1;
    CHECK(augur_engine_search(e, &limits, nullptr, old_result) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(error_of(e).find("result->struct_size") != std::string::npos);
}

TEST_CASE("The result and the PV reports count tablebase hits", "[capi][search][tablebase]") {
    const char* data = std::getenv("AUGUR_TEST_DATA");
    REQUIRE(data);
    const std::string tables = std::string(data) + "/tablebases/syzygy";
    // White to move wins with the rook (KRvK); the root is in the tables.
    Engine e("8/8/8/8/8/2k5/8/K6R w - - 0 1");
    augur_search_limits limits = depth_limit(3);
    augur_search_result without = sync_search(e, limits);
    CHECK(without.tbhits == 0);
    CHECK(without.tbprobes == 0);

    if (augur_engine_set_option(e, "SyzygyPath", tables.c_str()) != AUGUR_OK) {
        // Only a build without libfathom may refuse the tables.
        REQUIRE(error_of(e).find("no Syzygy support") != std::string::npos);
        return;
    }
    Observer o;
    augur_search_callbacks callbacks = observing(o);
    augur_search_result with = empty_result();
    REQUIRE(augur_engine_search(e, &limits, &callbacks, &with) == AUGUR_OK);
    CHECK(with.tbhits >= 1);  // the root's ranking at least
    CHECK(with.tbprobes >= with.tbhits);
    std::lock_guard lock(o.mutex);
    REQUIRE_FALSE(o.iterations.empty());
    CHECK(o.iterations.back().tbhits >= 1);
    CHECK(o.iterations.back().tbhits <= with.tbhits);
    CHECK(o.finished.tbhits == with.tbhits);

    REQUIRE(augur_engine_start(e, &limits, nullptr) == AUGUR_OK);
    CHECK(wait_for(e).tbhits == with.tbhits);
}

TEST_CASE("on_finish comes exactly once, also after a callback threw", "[capi][async][callbacks]") {
    Engine e(KIWIPETE);
    Observer o;
    augur_search_callbacks callbacks = observing(o);
    callbacks.on_iteration = [](void* user, const augur_pv_info* info) {
        ++static_cast<Observer*>(user)->iteration_calls;
        if (info->depth == 2) throw std::runtime_error("host gave up");
    };
    augur_search_limits limits = depth_limit(30);
    REQUIRE(augur_engine_start(e, &limits, &callbacks) == AUGUR_OK);
    augur_search_result result = empty_result();
    CHECK(augur_engine_wait(e, &result) == AUGUR_E_INTERNAL);
    CHECK(error_of(e).find("host gave up") != std::string::npos);
    CHECK(o.finishes == 1);
    CHECK(o.null_finishes == 0);
    CHECK(o.iteration_calls == 2);  // none after the throw
    CHECK(o.finished.depth == 2);   // stopped at once
    // Reported once: the next wait gives the (stopped) result.
    CHECK(augur_engine_wait(e, &result) == AUGUR_OK);
    CHECK(result.depth == 2);

    SECTION("a throwing on_finish is reported too") {
        augur_search_callbacks throwing = AUGUR_SEARCH_CALLBACKS_INIT;
        throwing.on_finish = [](void*, const augur_search_result*) { throw 7; };
        limits = depth_limit(2);
        REQUIRE(augur_engine_start(e, &limits, &throwing) == AUGUR_OK);
        CHECK(augur_engine_wait(e, nullptr) == AUGUR_E_INTERNAL);
        CHECK(augur_engine_search(e, &limits, &throwing, &result) == AUGUR_E_INTERNAL);
        CHECK(sync_search(e, limits).depth == 2);  // the engine is fine
    }
    SECTION("a synchronous search calls on_finish too") {
        Observer sync;
        augur_search_callbacks c = observing(sync);
        augur_search_limits three = depth_limit(3);
        result = empty_result();
        REQUIRE(augur_engine_search(e, &three, &c, &result) == AUGUR_OK);
        CHECK(sync.finishes == 1);
        CHECK(same_search(sync.finished, result));
        std::lock_guard lock(sync.mutex);
        CHECK(sync.threads.back() == std::this_thread::get_id());
    }
}

TEST_CASE("A callback of an asynchronous search may only drive the search", "[capi][async][callbacks][misuse]") {
    Engine e(MIDDLEGAME);
    struct Attempts {
        augur_engine* engine;
        std::atomic<int> set_position{1}, wait{1}, stop{1}, is_searching{1}, searching{0}, ponderhit{1};
    } attempts{e};
    augur_search_callbacks callbacks = AUGUR_SEARCH_CALLBACKS_INIT;
    callbacks.user = &attempts;
    callbacks.on_iteration = [](void* user, const augur_pv_info* info) {
        auto* a = static_cast<Attempts*>(user);
        if (info->depth != 2) return;
        a->set_position = augur_engine_set_position(a->engine, nullptr, nullptr, 0);
        a->wait = augur_engine_wait(a->engine, nullptr);
        a->ponderhit = augur_engine_ponderhit(a->engine);
        int searching = 0;
        a->is_searching = augur_engine_is_searching(a->engine, &searching);
        a->searching = searching;
        a->stop = augur_engine_stop(a->engine);
    };
    callbacks.on_finish = [](void* user, const augur_search_result*) {
        auto* a = static_cast<Attempts*>(user);
        augur_engine_destroy(a->engine);  // ignored: it would have to wait for itself
    };
    augur_search_limits limits = depth_limit(30);
    REQUIRE(augur_engine_start(e, &limits, &callbacks) == AUGUR_OK);
    augur_search_result result = wait_for(e);
    CHECK(attempts.set_position == AUGUR_E_INVALID_ARGUMENT);
    CHECK(attempts.wait == AUGUR_E_INVALID_ARGUMENT);
    CHECK(attempts.ponderhit == AUGUR_OK);
    CHECK(attempts.is_searching == AUGUR_OK);
    CHECK(attempts.searching == 1);
    CHECK(attempts.stop == AUGUR_OK);
    CHECK(result.depth == 2);  // the callback stopped it
    char fen[AUGUR_FEN_MAX];
    REQUIRE(augur_engine_fen(e, fen, sizeof fen) == AUGUR_OK);  // the engine survived
    CHECK(std::string(fen) == MIDDLEGAME);
}

TEST_CASE("Other calls during an asynchronous search stop it or leave it alone", "[capi][async][threads]") {
    Engine e(MIDDLEGAME);
    Observer o;
    augur_search_callbacks callbacks = observing(o);
    augur_search_limits limits = AUGUR_SEARCH_LIMITS_INIT;
    limits.infinite = 1;
    REQUIRE(augur_engine_start(e, &limits, &callbacks) == AUGUR_OK);
    REQUIRE(eventually([&] { return o.iteration_calls >= 1; }));

    // Reading and replacing the position, and reading options, leave it running.
    char buf[AUGUR_FEN_MAX];
    CHECK(augur_engine_fen(e, buf, sizeof buf) == AUGUR_OK);
    CHECK(augur_engine_set_position(e, KIWIPETE, nullptr, 0) == AUGUR_OK);
    CHECK(augur_engine_get_option(e, "Hash", buf, sizeof buf) == AUGUR_OK);
    size_t count = 0;
    CHECK(augur_engine_option_count(e, &count) == AUGUR_OK);
    CHECK(is_searching(e));
    CHECK(o.finishes == 0);

    // Anything that changes what the search uses stops it first.
    const char* what = "";
    SECTION("set_option") {
        what = "set_option";
        CHECK(augur_engine_set_option(e, "MultiPV", "2") == AUGUR_OK);
    }
    SECTION("new_game") {
        what = "new_game";
        CHECK(augur_engine_new_game(e) == AUGUR_OK);
    }
    SECTION("eval") {
        what = "eval";
        augur_eval_breakdown b = AUGUR_EVAL_BREAKDOWN_INIT;
        CHECK(augur_engine_eval(e, &b) == AUGUR_OK);
    }
    SECTION("a synchronous search") {
        what = "search";
        CHECK(sync_search(e, depth_limit(2)).depth == 2);
    }
    SECTION("another start") {
        what = "start";
        augur_search_limits two = depth_limit(2);
        REQUIRE(augur_engine_start(e, &two, nullptr) == AUGUR_OK);
        REQUIRE(augur_engine_wait(e, nullptr) == AUGUR_OK);
    }
    INFO(what);
    CHECK(o.finishes == 1);
    CHECK_FALSE(is_searching(e));
    // The stopped search searched the position it started with.
    std::lock_guard lock(o.mutex);
    CHECK(legal_in(MIDDLEGAME, o.finished.best_move));
}

TEST_CASE("Destroying an engine during its search stops and joins it", "[capi][async][threads]") {
    for (int round = 0; round < 20; ++round) {
        Engine e(MIDDLEGAME);
        Observer o;
        augur_search_callbacks callbacks = observing(o);
        augur_search_limits limits = AUGUR_SEARCH_LIMITS_INIT;
        limits.infinite = round % 2;  // also a plain unlimited search
        REQUIRE(augur_engine_start(e, &limits, &callbacks) == AUGUR_OK);
        if (round % 4 == 0) REQUIRE(eventually([&] { return o.iteration_calls >= 1; }));
        auto begin = Clock::now();
        augur_engine_destroy(e.release());
        CHECK(Clock::now() - begin < milliseconds(1000));
        CHECK(o.finishes == 1);  // the callbacks ended before destroy returned
        CHECK(o.null_finishes == 0);
    }
}

TEST_CASE("Two engines search asynchronously at once and find what each finds alone", "[capi][async][threads]") {
    const char* fens[2] = {KIWIPETE, MIDDLEGAME};
    augur_search_result alone[2];
    for (int i = 0; i < 2; ++i) {
        Engine e(fens[i]);
        alone[i] = sync_search(e, depth_limit(7));
    }
    Engine a(fens[0]), b(fens[1]);
    augur_search_limits limits = depth_limit(7);
    REQUIRE(augur_engine_start(a, &limits, nullptr) == AUGUR_OK);
    REQUIRE(augur_engine_start(b, &limits, nullptr) == AUGUR_OK);
    // Waiting from other threads, several at once.
    augur_search_result results[2][2];
    std::vector<std::thread> waiters;
    std::atomic<int> failures{0};
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j)
            waiters.emplace_back([&, i, j] {
                results[i][j] = empty_result();
                if (augur_engine_wait(i == 0 ? a : b, &results[i][j]) != AUGUR_OK) ++failures;
            });
    for (std::thread& t : waiters) t.join();
    REQUIRE(failures == 0);
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) CHECK(same_search(results[i][j], alone[i]));
}

TEST_CASE("Stop, ponderhit, is_searching and wait race safely with each other", "[capi][async][threads]") {
    Engine e(MIDDLEGAME);
    std::atomic<bool> done{false};
    std::vector<std::thread> controllers;
    for (int t = 0; t < 3; ++t)
        controllers.emplace_back([&, t] {
            while (!done) {
                int searching = 0;
                if (t == 0) augur_engine_stop(e);
                if (t == 1) augur_engine_ponderhit(e);
                if (t == 2) augur_engine_is_searching(e, &searching);
                std::this_thread::yield();
            }
        });
    augur_search_limits limits = depth_limit(4);
    for (int round = 0; round < 200; ++round) {
        REQUIRE(augur_engine_start(e, &limits, nullptr) == AUGUR_OK);
        augur_search_result result = wait_for(e);
        CHECK(result.best_move != AUGUR_MOVE_NONE);
        CHECK(result.depth <= 4);
    }
    done = true;
    for (std::thread& t : controllers) t.join();
}

TEST_CASE("MultiPV lines are numbered from 1, best first", "[capi][async][multipv]") {
    Engine e(MIDDLEGAME);
    REQUIRE(augur_engine_set_option(e, "MultiPV", "3") == AUGUR_OK);
    Observer o;
    augur_search_callbacks callbacks = observing(o);
    augur_search_limits limits = depth_limit(5);
    REQUIRE(augur_engine_start(e, &limits, &callbacks) == AUGUR_OK);
    augur_search_result result = wait_for(e);
    std::lock_guard lock(o.mutex);
    REQUIRE(o.iterations.size() == 15);  // 5 iterations, 3 lines each
    for (std::size_t i = 0; i < o.iterations.size(); ++i) {
        const augur_pv_info& info = o.iterations[i];
        CHECK(info.multipv == int(i % 3) + 1);
        CHECK(info.depth == int(i / 3) + 1);
        if (i % 3 > 0) CHECK(info.score_cp <= o.iterations[i - 1].score_cp);
    }
    CHECK(result.ebf > 0.0);  // iterations counted once, not once per line
    CHECK(result.depth == 5);
}

TEST_CASE("The search controls refuse NULL", "[capi][async][misuse]") {
    int searching = 0;
    CHECK(augur_engine_start(nullptr, nullptr, nullptr) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(augur_engine_wait(nullptr, nullptr) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(augur_engine_ponderhit(nullptr) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(augur_engine_is_searching(nullptr, &searching) == AUGUR_E_INVALID_ARGUMENT);
    Engine e;
    CHECK(augur_engine_is_searching(e, nullptr) == AUGUR_E_INVALID_ARGUMENT);
    augur_search_result result = empty_result();
    result.struct_size = 3;
    augur_search_limits limits = depth_limit(1);
    REQUIRE(augur_engine_start(e, &limits, nullptr) == AUGUR_OK);
    CHECK(augur_engine_wait(e, &result) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(error_of(e).find("result->struct_size") != std::string::npos);
    CHECK(augur_engine_wait(e, nullptr) == AUGUR_OK);
}

TEST_CASE("PV reports carry the share of the table this search wrote", "[capi][search][hashfull]") {
    Engine e(MIDDLEGAME);
    REQUIRE(augur_engine_set_option(e, "Hash", "1") == AUGUR_OK);  // a small table fills within a few plies
    Observer o;
    augur_search_callbacks callbacks = observing(o);
    augur_search_result result = empty_result();
    augur_search_limits limits = depth_limit(8);
    REQUIRE(augur_engine_search(e, &limits, &callbacks, &result) == AUGUR_OK);
    std::lock_guard lock(o.mutex);
    REQUIRE(o.iterations.size() == 8);
    for (const augur_pv_info& info : o.iterations) {
        CHECK(info.hashfull >= 0);
        CHECK(info.hashfull <= 1000);
    }
    CHECK(o.iterations.back().hashfull > 0);
    // The share grows as the search fills the table; the first iteration writes next to nothing.
    CHECK(o.iterations.front().hashfull < o.iterations.back().hashfull);
}

TEST_CASE("PV reports carry the win/draw/loss of their score, as augur_position_wdl gives it", "[capi][search][wdl]") {
    Engine e(MIDDLEGAME);
    Observer o;
    augur_search_callbacks callbacks = observing(o);
    augur_search_result result = empty_result();
    augur_search_limits limits = depth_limit(7);
    REQUIRE(augur_engine_search(e, &limits, &callbacks, &result) == AUGUR_OK);
    augur_position* pos = nullptr;
    REQUIRE(augur_position_create(&pos) == AUGUR_OK);
    REQUIRE(augur_position_set_fen(pos, MIDDLEGAME) == AUGUR_OK);
    std::lock_guard lock(o.mutex);
    REQUIRE(o.iterations.size() == 7);
    for (const augur_pv_info& info : o.iterations) {
        INFO("score " << info.score_cp);
        int win = -1, draw = -1, loss = -1;
        REQUIRE(augur_position_wdl(pos, info.score_cp, &win, &draw, &loss) == AUGUR_OK);
        CHECK(info.wdl_win == win);
        CHECK(info.wdl_draw == draw);
        CHECK(info.wdl_loss == loss);
        CHECK(info.wdl_win + info.wdl_draw + info.wdl_loss == 1000);
    }
    augur_position_destroy(pos);
}

namespace {

// What the on_currmove callbacks of one search saw.
struct CurrmoveObserver {
    std::atomic<int> calls{0};
    std::atomic<int> first_number{0};
    std::atomic<int> first_depth{0};
    std::atomic<augur_move> first_move{AUGUR_MOVE_NONE};
    std::atomic<int64_t> first_after_ms{-1};  // since the search was started
    Clock::time_point started = Clock::now();
};

augur_search_callbacks observing_currmoves(CurrmoveObserver& o) {
    augur_search_callbacks callbacks = AUGUR_SEARCH_CALLBACKS_INIT;
    callbacks.user = &o;
    callbacks.on_currmove = [](void* user, augur_move move, int number, int depth) {
        auto* o = static_cast<CurrmoveObserver*>(user);
        if (o->calls == 0) {
            o->first_move = move;
            o->first_number = number;
            o->first_depth = depth;
            o->first_after_ms = std::chrono::duration_cast<milliseconds>(Clock::now() - o->started).count();
        }
        ++o->calls;
    };
    return callbacks;
}

}  // namespace

TEST_CASE("on_currmove reports the root move being searched once the search has run a second",
          "[capi][async][callbacks][currmove]") {
    SECTION("a long search reports root moves") {
        Engine e(MIDDLEGAME);
        CurrmoveObserver o;
        augur_search_callbacks callbacks = observing_currmoves(o);
        augur_search_limits limits = AUGUR_SEARCH_LIMITS_INIT;
        limits.infinite = 1;
        o.started = Clock::now();
        REQUIRE(augur_engine_start(e, &limits, &callbacks) == AUGUR_OK);
        bool reported = eventually([&] { return o.calls >= 1; });
        augur_engine_stop(e);
        wait_for(e);
        REQUIRE(reported);
        CHECK(o.first_after_ms >= 1000);
        CHECK(o.first_number >= 1);
        CHECK(size_t(o.first_number) <= legal_moves_of(MIDDLEGAME).size());
        CHECK(o.first_depth >= 1);
        CHECK(legal_in(MIDDLEGAME, o.first_move));
    }
    SECTION("a short search makes no such call") {
        Engine e(MIDDLEGAME);
        CurrmoveObserver o;
        augur_search_callbacks callbacks = observing_currmoves(o);
        augur_search_result result = empty_result();
        augur_search_limits limits = depth_limit(4);
        REQUIRE(augur_engine_search(e, &limits, &callbacks, &result) == AUGUR_OK);
        CHECK(o.calls == 0);
    }
    SECTION("a throwing on_currmove stops the search") {
        Engine e(MIDDLEGAME);
        augur_search_callbacks callbacks = AUGUR_SEARCH_CALLBACKS_INIT;
        callbacks.on_currmove = [](void*, augur_move, int, int) { throw std::runtime_error("no more moves"); };
        augur_search_limits limits = AUGUR_SEARCH_LIMITS_INIT;
        limits.infinite = 1;
        REQUIRE(augur_engine_start(e, &limits, &callbacks) == AUGUR_OK);
        // Only the throw can end an infinite search: the wait returns by itself.
        CHECK(augur_engine_wait(e, nullptr) == AUGUR_E_INTERNAL);
        CHECK(error_of(e).find("no more moves") != std::string::npos);
    }
}

TEST_CASE("Callbacks of the layout before on_currmove are still accepted", "[capi][async][abi]") {
    // The header as on_finish had been added but not on_currmove.
    struct CallbacksV2 {
        size_t struct_size;
        void* user;
        augur_pv_fn on_pv, on_iteration;
        augur_trace_enter_fn on_trace_enter;
        augur_trace_leave_fn on_trace_leave;
        augur_finish_fn on_finish;
    } older{sizeof(CallbacksV2), nullptr, nullptr, nullptr, nullptr, nullptr, nullptr};
    static_assert(sizeof(CallbacksV2) < sizeof(augur_search_callbacks));
    int finishes = 0;
    older.user = &finishes;
    older.on_finish = [](void* user, const augur_search_result*) { ++*static_cast<int*>(user); };
    const auto* as_current = reinterpret_cast<const augur_search_callbacks*>(&older);

    Engine e(KIWIPETE);
    augur_search_result result = empty_result();
    augur_search_limits limits = depth_limit(3);
    REQUIRE(augur_engine_search(e, &limits, as_current, &result) == AUGUR_OK);
    CHECK(result.depth == 3);
    REQUIRE(augur_engine_start(e, &limits, as_current) == AUGUR_OK);
    CHECK(wait_for(e).depth == 3);
    CHECK(finishes == 2);

    // A size between the layouts is refused, and the message names every accepted size.
    older.struct_size = sizeof(CallbacksV2) + 1;
    CHECK(augur_engine_search(e, &limits, as_current, &result) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(error_of(e).find(std::to_string(sizeof(augur_search_callbacks))) != std::string::npos);
    CHECK(error_of(e).find(std::to_string(sizeof(CallbacksV2))) != std::string::npos);
}

TEST_CASE("augur_engine_nodes_searched reads the live node count from any thread", "[capi][async][threads][nodes]") {
    Engine e(MIDDLEGAME);
    uint64_t nodes = 99;
    REQUIRE(augur_engine_nodes_searched(e, &nodes) == AUGUR_OK);
    CHECK(nodes == 0);  // no search yet
    CHECK(augur_engine_nodes_searched(nullptr, &nodes) == AUGUR_E_INVALID_ARGUMENT);
    CHECK(augur_engine_nodes_searched(e, nullptr) == AUGUR_E_INVALID_ARGUMENT);

    SECTION("it grows while an asynchronous search runs and ends at the result's count") {
        augur_search_limits limits = AUGUR_SEARCH_LIMITS_INIT;
        limits.infinite = 1;
        REQUIRE(augur_engine_start(e, &limits, nullptr) == AUGUR_OK);
        auto read = [&] {
            uint64_t n = 0;
            REQUIRE(augur_engine_nodes_searched(e, &n) == AUGUR_OK);
            return n;
        };
        uint64_t first = 0;
        CHECK(eventually([&] { return (first = read()) > 0; }));
        CHECK(eventually([&] { return read() > first; }));
        REQUIRE(augur_engine_stop(e) == AUGUR_OK);
        augur_search_result result = wait_for(e);
        CHECK(read() == result.nodes);  // one thread: its final count is published as it ends
    }
    SECTION("a synchronous search leaves its count, and a callback may read it") {
        struct Reads {
            augur_engine* engine;
            int status = 1;
            bool behind_report = true;  // the published count never runs ahead of the search's own
        } reads{e};
        augur_search_callbacks callbacks = AUGUR_SEARCH_CALLBACKS_INIT;
        callbacks.user = &reads;
        callbacks.on_iteration = [](void* user, const augur_pv_info* info) {
            auto* r = static_cast<Reads*>(user);
            uint64_t n = 0;
            r->status = augur_engine_nodes_searched(r->engine, &n);
            if (n > info->nodes) r->behind_report = false;
        };
        augur_search_result result = empty_result();
        augur_search_limits limits = depth_limit(6);
        REQUIRE(augur_engine_set_option(e, "Hash", "bad") == AUGUR_E_INVALID_ARGUMENT);
        std::string message = error_of(e);
        REQUIRE(augur_engine_nodes_searched(e, &nodes) == AUGUR_OK);
        CHECK(error_of(e) == message);  // a search control records no message
        REQUIRE(augur_engine_search(e, &limits, &callbacks, &result) == AUGUR_OK);
        CHECK(reads.status == AUGUR_OK);
        CHECK(reads.behind_report);
        REQUIRE(augur_engine_nodes_searched(e, &nodes) == AUGUR_OK);
        CHECK(nodes == result.nodes);
    }
}
