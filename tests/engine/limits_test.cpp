// Search limits and options of the engine: move time and clocks, mate-in-N,
// root move restriction, MultiPV and Lazy SMP with several threads.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <set>

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

const std::string KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const std::string WAC_001 = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1";  // mate in 2

Move uci_move(const Game& game, std::string_view text) {
    for (Move m : MoveList<>(game.position()))
        if (move_uci(game, m) == text) return m;
    FAIL("no legal move " << text);
    return Move::none();
}

struct IterationLog : SearchListener {
    void on_iteration(const PvInfo& info) override { iterations.push_back(info); }
    void on_pv(const PvInfo& info) override { pvs.push_back(info); }
    std::vector<PvInfo> iterations, pvs;
};

}  // namespace

TEST_CASE("A fixed move time is used, less the move overhead", "[engine][limits][time]") {
    Engine engine;
    auto game = make_game(KIWIPETE);
    SearchLimits limits;
    limits.time.move_time_ms = 200;
    auto t0 = Clock::now();
    SearchResult r = engine.search(*game, limits);
    auto elapsed = ms_since(t0);
    INFO("movetime 200 took " << elapsed << " ms, depth " << r.depth);
    CHECK(elapsed >= 150);
    CHECK(elapsed <= 400);
    CHECK(r.best_move);
}

TEST_CASE("NodesTime: the clock counts nodes, so a timed search stops at the same node", "[engine][limits][time]") {
    // movetime 50 less the 10 ms overhead at 100 nodes a millisecond: the
    // search may use 4,000 nodes, and stops at the first poll beyond them.
    Engine engine;
    REQUIRE_FALSE(engine.set_option("Move Overhead", "10"));
    REQUIRE_FALSE(engine.set_option("NodesTime", "100"));
    auto game = make_game(KIWIPETE);
    SearchLimits limits;
    limits.time.move_time_ms = 50;
    engine.new_game();
    const SearchResult first = engine.search(*game, limits);
    CHECK(first.stats.nodes >= 4000);
    CHECK(first.stats.nodes < 4000 + SearchWorker::POLL_INTERVAL_NODES);
    engine.new_game();
    CHECK(engine.search(*game, limits).stats.nodes == first.stats.nodes);
    // A clock: the budget is planned in milliseconds as usual, spent in nodes.
    SearchLimits clock;
    clock.time.time_left_ms = 1000;
    engine.new_game();
    const SearchResult on_clock = engine.search(*game, clock);
    CHECK(on_clock.stats.nodes <= std::uint64_t(allocate_time(clock.time, 10, 0).maximum_ms * 100) + SearchWorker::POLL_INTERVAL_NODES);
    engine.new_game();
    CHECK(engine.search(*game, clock).stats.nodes == on_clock.stats.nodes);
    // 0: the real clock again.
    REQUIRE_FALSE(engine.set_option("NodesTime", "0"));
    CHECK(engine.option_value("NodesTime") == "0");
}

TEST_CASE("The time management's numbers are set by name and plan the clock", "[engine][limits][time]") {
    // On a node clock the nodes a timed search takes follow from its plan: a
    // plan over 10 moves instead of the table's 50 gives this move more of
    // the same clock.
    Engine engine;
    REQUIRE_FALSE(engine.set_option("Move Overhead", "10"));
    REQUIRE_FALSE(engine.set_option("NodesTime", "100"));
    REQUIRE(engine.search_param("sudden_death_moves") == TimeParams{}.sudden_death_moves);
    auto game = make_game(KIWIPETE);
    SearchLimits clock;
    clock.time.time_left_ms = 1000;
    engine.new_game();
    const SearchResult table_plan = engine.search(*game, clock);

    REQUIRE_FALSE(engine.set_search_param("sudden_death_moves", 10));
    REQUIRE_FALSE(engine.set_search_param("sudden_death_min_moves", 5));
    CHECK(engine.search_param("sudden_death_moves") == 10);
    TimeParams ten_moves;
    ten_moves.sudden_death_moves = 10;
    ten_moves.sudden_death_min_moves = 5;
    engine.new_game();
    const SearchResult short_plan = engine.search(*game, clock);
    CHECK(short_plan.stats.nodes > table_plan.stats.nodes);
    const TimeBudget planned = allocate_time(clock.time, 10, 0, ten_moves);
    CHECK(short_plan.stats.nodes <= std::uint64_t(planned.maximum_ms * 100) + SearchWorker::POLL_INTERVAL_NODES);

    // Values the plan cannot divide by are refused and change nothing.
    CHECK(engine.set_search_param("sudden_death_plies_per_move", 0)->find("must be 1..") != std::string::npos);
    CHECK(engine.set_search_param("sudden_death_moves", 0)->find("must be 1..") != std::string::npos);
    CHECK(engine.search_param("sudden_death_moves") == 10);

    REQUIRE_FALSE(engine.set_search_param("sudden_death_moves", TimeParams{}.sudden_death_moves));
    REQUIRE_FALSE(engine.set_search_param("sudden_death_min_moves", TimeParams{}.sudden_death_min_moves));
    engine.new_game();
    CHECK(engine.search(*game, clock).stats.nodes == table_plan.stats.nodes);
}

TEST_CASE("A clock search stays within its budget", "[engine][limits][time]") {
    Engine engine;
    auto game = make_game(KIWIPETE);
    SearchLimits limits;
    limits.time.time_left_ms = 2000;  // sudden death: about 2000 / 50 per move
    auto t0 = Clock::now();
    SearchResult r = engine.search(*game, limits);
    auto elapsed = ms_since(t0);
    INFO("2 s sudden death took " << elapsed << " ms");
    CHECK(elapsed <= allocate_time(limits.time, 30, 0).maximum_ms + 100);
    CHECK(r.best_move);

    // A clock of 10 ms (less than the overhead) still gives a legal move, quickly.
    limits.time.time_left_ms = 10;
    t0 = Clock::now();
    r = engine.search(*game, limits);
    if (FULL_SPEED) CHECK(ms_since(t0) < 60);
    REQUIRE(r.best_move);
    CHECK(game->position().is_legal(r.best_move));
}

TEST_CASE("A timed search with one legal move answers at once", "[engine][limits][time]") {
    Engine engine;
    auto game = make_game("7k/8/8/8/8/8/6q1/K7 w - - 0 1");  // Ka1 in check: Kb1 only... or none
    REQUIRE(MoveList<>(game->position()).size() == 1);
    SearchLimits limits;
    limits.time.time_left_ms = 60'000;
    auto t0 = Clock::now();
    SearchResult r = engine.search(*game, limits);
    CHECK(ms_since(t0) < 100);
    CHECK(r.best_move);
}

TEST_CASE("A mate limit stops once the mate is found", "[engine][limits][mate]") {
    Engine engine;
    auto game = make_game(WAC_001);
    SearchLimits limits;
    limits.mate = 2;
    SearchResult r = engine.search(*game, limits);
    CHECK(r.score == mate_in(3));
    CHECK(r.depth < 20);  // the tree needs depth 14 to see this mate; unlimited would run to 127
    CHECK(line_ends_in_mate(*game, r.pv));
    // A longer mate limit also stops at the shorter mate.
    limits.mate = 5;
    CHECK(engine.search(*game, limits).score == mate_in(3));
}

TEST_CASE("searchmoves restricts the root moves", "[engine][limits][searchmoves]") {
    Engine engine;
    auto game = make_game(KIWIPETE);
    SearchLimits limits;
    limits.depth = 6;
    limits.search_moves = {uci_move(*game, "a2a3"), uci_move(*game, "h1f1")};
    IterationLog log;
    SearchResult r = engine.search(*game, limits, &log);
    std::string best = move_uci(*game, r.best_move);
    CHECK((best == "a2a3" || best == "h1f1"));
    for (const PvInfo& info : log.pvs) CHECK(std::ranges::find(limits.search_moves, info.pv[0]) != limits.search_moves.end());

    // Only an illegal move given: the restriction is ignored.
    auto other = make_game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    limits.search_moves = {Move(SQ_E2, SQ_E4)};
    CHECK(move_uci(*other, engine.search(*other, limits).best_move) == "a1a8");
}

TEST_CASE("MultiPV reports distinct lines sorted by score", "[engine][limits][multipv]") {
    Engine engine;
    REQUIRE(engine.set_option("MultiPV", "3") == std::nullopt);
    auto game = make_game(KIWIPETE);
    SearchLimits limits;
    limits.depth = 7;
    IterationLog log;
    SearchResult r = engine.search(*game, limits, &log);
    REQUIRE(log.iterations.size() == 3 * 7);
    std::vector<PvInfo> last(log.iterations.end() - 3, log.iterations.end());
    std::set<std::uint16_t> firsts;
    for (int i = 0; i < 3; ++i) {
        CHECK(last[i].multipv == i + 1);
        CHECK(last[i].depth == 7);
        REQUIRE_FALSE(last[i].pv.empty());
        firsts.insert(last[i].pv[0].raw());
        if (i > 0) CHECK(last[i - 1].score >= last[i].score);
    }
    CHECK(firsts.size() == 3);
    CHECK(r.best_move == last[0].pv[0]);
    CHECK(r.score == last[0].score);

    // More lines than legal moves: one line per move.
    auto mate = make_game("7k/8/8/8/8/8/6q1/K7 w - - 0 1");
    IterationLog few;
    limits.depth = 2;
    engine.search(*mate, limits, &few);
    CHECK(few.iterations.size() == 2);
}

TEST_CASE("MultiPV 1 leaves the search unchanged", "[engine][limits][multipv]") {
    Engine a, b;
    b.set_option("MultiPV", "2");
    b.set_option("MultiPV", "1");
    auto game = make_game(KIWIPETE);
    SearchLimits limits;
    limits.depth = 8;
    CHECK(a.search(*game, limits).stats.nodes == b.search(*game, limits).stats.nodes);
}

TEST_CASE("Two threads find legal moves and mates", "[engine][limits][smp]") {
    Engine engine;
    REQUIRE(engine.set_option("Threads", "2") == std::nullopt);
    auto game = make_game(WAC_001);
    SearchLimits limits;
    limits.mate = 2;
    SearchResult r = engine.search(*game, limits);
    CHECK(r.score == mate_in(3));
    CHECK(line_ends_in_mate(*game, r.pv));

    for (std::string_view fen : bench_positions()) {
        auto g = make_game(fen);
        limits.mate = 0;
        limits.nodes = 50'000;
        SearchResult s = engine.search(*g, limits);
        INFO(fen);
        REQUIRE(s.best_move);
        CHECK(g->position().is_legal(s.best_move));
        CHECK((s.stats.nodes >= 50'000 || s.depth == MAX_PLY - 1));  // some endgames end at the last depth
        CHECK(s.stats.nodes < 50'000 + 10'000);  // the helpers' nodes count toward the limit
    }
}

TEST_CASE("Engine options match names in any capitalisation, also when read back", "[engine][options]") {
    Engine engine;
    CHECK(engine.set_option("eval_MOBILITY", "false") == std::nullopt);
    CHECK(engine.option_value("Eval_mobility") == "false");
    CHECK(engine.option_value("EVAL_mobility") == "false");
    CHECK(engine.option_value("eval_endgamescaling") == "true");
    CHECK(engine.option_value("nullmove") == "true");
    CHECK(engine.option_value("Eval_") == std::nullopt);
    CHECK(engine.option_value("Eval_no_such_term") == std::nullopt);
    CHECK(engine.set_option("Eval_no_such_term", "true"));
}

TEST_CASE("Engine options for the runtime", "[engine][options]") {
    Engine engine;
    CHECK(engine.option_value("Threads") == "1");
    CHECK(engine.option_value("MultiPV") == "1");
    CHECK(engine.option_value("Move Overhead") == "10");
    CHECK(engine.option_value("Ponder") == "false");
    CHECK(engine.set_option("threads", "4") == std::nullopt);
    CHECK(engine.option_value("Threads") == "4");
    CHECK(engine.set_option("Threads", "0"));
    CHECK(engine.set_option("Threads", "257"));
    CHECK(engine.set_option("MultiPV", "x"));
    CHECK(engine.set_option("Move Overhead", "5001"));
    CHECK(engine.set_option("move overhead", "100") == std::nullopt);
    CHECK(engine.option_value("Move Overhead") == "100");
    CHECK(engine.set_option("Ponder", "true") == std::nullopt);
    CHECK(engine.option_value("Ponder") == "true");
    CHECK(engine.set_option("Threads", "1") == std::nullopt);
    for (const char* name : {"Threads", "MultiPV", "Move Overhead", "Ponder"}) {
        auto it = std::ranges::find_if(Engine::option_list(), [&](const OptionSpec& o) { return o.name == name; });
        CHECK(it != Engine::option_list().end());
    }
}
