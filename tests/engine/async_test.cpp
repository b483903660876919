// The asynchronous search: start returns at once, stop/ponderhit/wait from
// other threads, stop latency, infinite and ponder searches that wait for the
// GUI, the listener's on_finish, and engines that search side by side.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <random>
#include <thread>

#include "../full_speed.h"
#include "../search/support.h"
#include "core/movegen.h"

using namespace augur;
using namespace augur::test;
using Clock = std::chrono::steady_clock;

namespace {

std::int64_t ms_since(Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

void sleep_ms(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

const std::string KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const std::string BACK_RANK_MATE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";

// Records events in order, from whatever thread reports them.
class EventLog : public SearchListener {
public:
    void on_pv(const PvInfo&) override { add('p'); }
    void on_iteration(const PvInfo& info) override {
        add('i');
        std::lock_guard lock(mutex_);
        last_iteration_ = info;
    }
    // Catch2 v2 is not thread-safe: listeners only record, the test thread checks.
    void on_currmove(Move, int number, int) override { add(number >= 1 ? 'c' : '!'); }
    void on_finish(const SearchResult& result) override {
        add('f');
        std::lock_guard lock(mutex_);
        finished_ = result;
        finish_thread_ = std::this_thread::get_id();
    }
    std::string events() const {
        std::lock_guard lock(mutex_);
        return events_;
    }
    SearchResult finished() const {
        std::lock_guard lock(mutex_);
        return finished_;
    }
    PvInfo last_iteration() const {
        std::lock_guard lock(mutex_);
        return last_iteration_;
    }
    std::thread::id finish_thread() const {
        std::lock_guard lock(mutex_);
        return finish_thread_;
    }

private:
    void add(char c) {
        std::lock_guard lock(mutex_);
        events_ += c;
    }
    mutable std::mutex mutex_;
    std::string events_;
    SearchResult finished_;
    PvInfo last_iteration_;
    std::thread::id finish_thread_;
};

SearchLimits infinite() {
    SearchLimits limits;
    limits.infinite = true;
    return limits;
}

}  // namespace

TEST_CASE("start returns at once and wait gives the result", "[engine][async]") {
    Engine engine;
    auto game = make_game(KIWIPETE);
    EventLog log;
    SearchLimits limits;
    limits.depth = 7;
    auto t0 = Clock::now();
    engine.start(*game, limits, &log);
    if (FULL_SPEED) CHECK(ms_since(t0) < 50);
    game->play(MoveList<>(game->position())[0]);  // the engine searches its own copy
    SearchResult r = engine.wait();
    CHECK_FALSE(engine.searching());
    CHECK(r.depth == 7);
    game->undo();
    REQUIRE(r.best_move);
    CHECK(game->position().is_legal(r.best_move));
    // on_finish comes last, once, on the engine's thread, with the same result.
    std::string events = log.events();
    CHECK(std::count(events.begin(), events.end(), 'f') == 1);
    CHECK(events.back() == 'f');
    CHECK(log.finished().best_move == r.best_move);
    CHECK(log.finished().stats.nodes == r.stats.nodes);
    CHECK(log.finish_thread() != std::this_thread::get_id());
    // wait() without a running search returns the last result at once.
    CHECK(engine.wait().best_move == r.best_move);
}

TEST_CASE("An infinite search runs until stop, even with a mate found", "[engine][async][infinite]") {
    Engine engine;
    auto game = make_game(BACK_RANK_MATE);
    EventLog log;
    engine.start(*game, infinite(), &log);
    sleep_ms(300);
    CHECK(engine.searching());
    CHECK(log.events().find('f') == std::string::npos);
    std::thread stopper([&] { engine.stop(); });  // stop from another thread
    stopper.join();
    SearchResult r = engine.wait();
    CHECK(move_uci(*game, r.best_move) == "a1a8");
    CHECK(r.score == mate_in(1));
    CHECK(log.events().back() == 'f');
}

TEST_CASE("A long search reports the current root move after a second", "[engine][async][currmove]") {
    Engine engine;
    auto game = make_game(KIWIPETE);
    EventLog log;
    engine.start(*game, infinite(), &log);
    // A root move is reported when the search reaches it after the first
    // second; one root move can take longer than that at depth, so wait for
    // the report (up to 15 s) rather than for a fixed time.
    sleep_ms(1000);
    for (int waited = 0; waited < 14'000 && log.events().find('c') == std::string::npos; waited += 50) sleep_ms(50);
    engine.stop();
    engine.wait();
    CHECK(log.events().find('c') != std::string::npos);
    CHECK(log.events().find('!') == std::string::npos);  // root move numbers start at 1
    if (FULL_SPEED) CHECK(log.last_iteration().hashfull > 0);  // slowed, it writes few of the buckets counted
}

TEST_CASE("The node count of a running search can be read from another thread", "[engine][async][progress]") {
    for (const char* threads : {"1", "2"}) {
        Engine engine;
        engine.set_option("Threads", threads);
        auto game = make_game(KIWIPETE);
        engine.start(*game, infinite());
        std::uint64_t first = 0;
        for (int waited = 0; waited < 5'000 && first == 0; waited += 10) {
            sleep_ms(10);
            first = engine.nodes_searched();
        }
        std::uint64_t later = first;
        for (int waited = 0; waited < 5'000 && later == first; waited += 10) {
            sleep_ms(10);
            later = engine.nodes_searched();
        }
        engine.stop();
        SearchResult r = engine.wait();
        INFO("Threads " << threads << ": " << first << " then " << later << " of " << r.stats.nodes);
        CHECK(first > 0);
        CHECK(later > first);
        CHECK(later <= engine.nodes_searched());
        // Once the search is over every thread has published its last count.
        if (std::string(threads) == "1") CHECK(engine.nodes_searched() == r.stats.nodes);
    }
}

TEST_CASE("Stop latency stays far below 50 ms", "[engine][async][latency]") {
    std::mt19937 random(12345);
    std::vector<std::int64_t> latencies;
    const auto& positions = bench_positions();
    for (int trial = 0; trial < 20; ++trial) {
        Engine engine;
        if (trial % 2) engine.set_option("Threads", "2");
        auto game = make_game(std::string(positions[trial % positions.size()]));
        engine.start(*game, infinite());
        sleep_ms(std::uniform_int_distribution<int>(5, 150)(random));
        auto t0 = Clock::now();
        engine.stop();
        SearchResult r = engine.wait();
        latencies.push_back(std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t0).count());
        CHECK(r.best_move);
    }
    std::sort(latencies.begin(), latencies.end());
    INFO("stop latency in microseconds: median " << latencies[latencies.size() / 2] << ", max " << latencies.back());
    if (FULL_SPEED) CHECK(latencies[latencies.size() / 2] < 50'000);
    // The worst case only guards against a hang: on a loaded 2-core machine the
    // scheduler alone can hold a thread for hundreds of ms (seen: 800 ms).
    CHECK(latencies.back() < 2'000'000);
}

TEST_CASE("A ponder search ignores the clock until ponderhit", "[engine][async][ponder]") {
    Engine engine;
    auto game = make_game(KIWIPETE);
    SearchLimits limits;
    limits.ponder = true;
    limits.time.move_time_ms = 200;
    engine.start(*game, limits);
    sleep_ms(400);
    CHECK(engine.searching());  // 400 ms > 200 ms: pondering, the clock does not run
    auto hit = Clock::now();
    engine.ponderhit();
    SearchResult r = engine.wait();
    auto after_hit = ms_since(hit);
    INFO("finished " << after_hit << " ms after ponderhit");
    CHECK(after_hit >= 100);  // the move time counts from ponderhit
    if (FULL_SPEED) CHECK(after_hit < 500);
    CHECK(r.best_move);
}

TEST_CASE("A ponder search that is stopped returns at once", "[engine][async][ponder]") {
    Engine engine;
    auto game = make_game(KIWIPETE);
    SearchLimits limits;
    limits.ponder = true;
    limits.time.time_left_ms = 60'000;
    engine.start(*game, limits);
    sleep_ms(100);
    auto t0 = Clock::now();
    engine.stop();
    engine.wait();
    CHECK(ms_since(t0) < 250);
}

TEST_CASE("Waiting functions stop a running search first", "[engine][async]") {
    Engine engine;
    auto game = make_game(KIWIPETE);
    engine.start(*game, infinite());
    sleep_ms(50);
    CHECK(engine.set_option("Hash", "2") == std::nullopt);
    CHECK_FALSE(engine.searching());
    engine.start(*game, infinite());
    sleep_ms(50);
    engine.new_game();
    CHECK_FALSE(engine.searching());
    engine.start(*game, infinite());
    sleep_ms(50);
    engine.start(*game, infinite());  // a new start stops the old search
    CHECK(engine.searching());
    SearchLimits limits;
    limits.depth = 3;
    SearchResult r = engine.search(*game, limits);  // so does a synchronous search
    CHECK(r.depth == 3);
    CHECK_FALSE(engine.searching());
    {
        Engine doomed;
        doomed.start(*game, infinite());
        sleep_ms(20);
    }  // destroyed while searching: stops and joins
}

TEST_CASE("An exception from a listener ends the search and is rethrown by wait", "[engine][async]") {
    struct Throwing : SearchListener {
        void on_iteration(const PvInfo& info) override {
            if (info.depth == 3) throw std::runtime_error("listener failed");
        }
    } listener;
    Engine engine;
    engine.set_option("Threads", "2");
    auto game = make_game(KIWIPETE);
    engine.start(*game, infinite(), &listener);
    CHECK_THROWS_WITH(engine.wait(), "listener failed");
    CHECK_FALSE(engine.searching());
    SearchLimits limits;
    limits.depth = 2;
    engine.start(*game, limits);
    CHECK(engine.wait().depth == 2);  // the engine still works
}

TEST_CASE("Engines searching side by side give the results they give alone", "[engine][async][independent]") {
    const std::string fens[] = {KIWIPETE, std::string(bench_positions()[5]), std::string(bench_positions()[9])};
    SearchLimits limits;
    limits.depth = 8;
    std::vector<SearchResult> alone;
    for (const std::string& fen : fens) {
        Engine engine;
        alone.push_back(engine.search(*make_game(fen), limits));
    }
    Engine engines[3];
    for (int i = 0; i < 3; ++i) engines[i].start(*make_game(fens[i]), limits);
    for (int i = 0; i < 3; ++i) {
        SearchResult r = engines[i].wait();
        CHECK(r.best_move == alone[i].best_move);
        CHECK(r.score == alone[i].score);
        CHECK(r.pv == alone[i].pv);
        CHECK(r.stats.nodes == alone[i].stats.nodes);
    }
    // And synchronous searches on threads of the host's own.
    std::vector<SearchResult> threaded(3);
    std::vector<std::thread> threads;
    for (int i = 0; i < 3; ++i)
        threads.emplace_back([&, i] {
            Engine engine;
            threaded[i] = engine.search(*make_game(fens[i]), limits);
        });
    for (auto& t : threads) t.join();
    for (int i = 0; i < 3; ++i) CHECK(threaded[i].stats.nodes == alone[i].stats.nodes);
}

TEST_CASE("One thread is deterministic through start and search alike", "[engine][async][determinism]") {
    Engine engine;
    auto game = make_game(std::string(bench_positions()[6]));
    SearchLimits limits;
    limits.depth = 9;
    engine.new_game();
    SearchResult a = engine.search(*game, limits);
    engine.new_game();
    engine.start(*game, limits);
    SearchResult b = engine.wait();
    engine.new_game();
    SearchResult c = engine.search(*game, limits);
    CHECK(a.stats.nodes == b.stats.nodes);
    CHECK(a.stats.nodes == c.stats.nodes);
    CHECK(a.pv == b.pv);
    CHECK(a.score == b.score);
}

// The threaded paths together, for ThreadSanitizer (docs/TESTING.md): two engines of two
// threads each search side by side while other threads ponderhit, stop and read their node
// counts, and the engines are restarted under them. Every search must still end with a legal move.
TEST_CASE("Lazy SMP engines side by side take ponderhit, stop and restarts from other threads",
          "[engine][async][smp][threads]") {
    const std::string fens[] = {KIWIPETE, std::string(bench_positions()[3])};
    Engine engines[2];
    for (Engine& engine : engines) REQUIRE(engine.set_option("Threads", "2") == std::nullopt);
    std::atomic<bool> done{false};
    std::atomic<std::uint64_t> nodes_seen{0};
    std::vector<std::thread> controllers;
    for (int i = 0; i < 2; ++i)
        controllers.emplace_back([&, i] {
            // Short pauses so that the calls land at every stage of the searches.
            for (int round = 0; !done; ++round) {
                if (round % 3 == 0) engines[i].ponderhit();
                if (round % 5 == 0) engines[i].stop();
                nodes_seen += engines[i].nodes_searched();
                sleep_ms(1 + round % 7);
            }
        });
    std::vector<std::thread> hosts;
    std::atomic<int> illegal{0};
    for (int i = 0; i < 2; ++i)
        hosts.emplace_back([&, i] {
            auto game = make_game(fens[i]);
            for (int round = 0; round < 6; ++round) {
                SearchLimits limits;
                if (round % 3 == 0) limits.ponder = true;
                if (round % 3 == 1) limits.infinite = true;
                limits.time.move_time_ms = 30;
                limits.depth = round % 3 == 2 ? 6 : 0;
                engines[i].start(*game, limits);
                sleep_ms(20);
                if (round == 3) engines[i].new_game();  // waits for the search first
                engines[i].stop();
                SearchResult r = engines[i].wait();
                if (!r.best_move || !game->position().is_legal(r.best_move)) ++illegal;
            }
        });
    for (std::thread& t : hosts) t.join();
    done = true;
    for (std::thread& t : controllers) t.join();
    CHECK(illegal == 0);
    CHECK(nodes_seen > 0);
}

TEST_CASE("searches_begun counts the searches of search and start, and nothing else", "[engine][async]") {
    Engine engine;
    auto game = make_game(KIWIPETE);
    SearchLimits limits;
    limits.nodes = 200;
    CHECK(engine.searches_begun() == 0);
    engine.new_game();
    REQUIRE_FALSE(engine.set_option("Hash", "2"));
    (void)engine.evaluate(game->position());
    (void)engine.wait();
    CHECK(engine.searches_begun() == 0);
    engine.search(*game, limits);
    CHECK(engine.searches_begun() == 1);
    engine.start(*game, limits);
    engine.wait();
    CHECK(engine.searches_begun() == 2);
    engine.start(*game, infinite());
    engine.stop();
    engine.wait();
    CHECK(engine.searches_begun() == 3);
}
