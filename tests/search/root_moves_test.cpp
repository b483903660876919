// The search split: a SearchWorker led by the SearchManager fills one record
// per root move, and a HelperManager spreads Lazy SMP helpers over depths.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "core/movegen.h"
#include "eval/evaluate.h"
#include "search/manager.h"
#include "search/worker.h"
#include "support.h"

using namespace augur;
using namespace augur::test;

namespace {

// A worker and its manager, as an engine's main thread has them.
struct MainThread {
    TranspositionTable tt{16};
    HandCraftedEvaluator evaluator;
    SearchWorker worker{tt, evaluator};
    SearchManager manager{tt};

    SearchResult search(Game& game, int depth, SearchListener* listener = nullptr) {
        manager.set_listener(listener);
        tt.new_search();
        SearchLimits limits;
        limits.depth = depth;
        return manager.search(worker, game.position(), limits);
    }
};

// The main thread of two, after its helper offered a line of that depth.
struct MainAfterHelper : MainThread {
    SearchShared shared;

    MainAfterHelper(int depth, int score, const std::vector<Move>& line) {
        shared.reset(2);
        worker.set_shared(&shared, 0);
        shared.offer_helper_line(depth, score, line);
    }
};

// A Lazy SMP helper alone, as the second of two threads, stopped by nodes.
struct HelperThread {
    TranspositionTable tt{16};
    HandCraftedEvaluator evaluator;
    SearchWorker worker{tt, evaluator};
    SearchShared shared;
    HelperManager manager{shared};

    void search(Game& game, int depth, std::uint64_t nodes) {
        shared.reset(2);
        worker.set_shared(&shared, 1);
        tt.new_search();
        SearchLimits limits;
        limits.depth = depth;
        limits.nodes = nodes;
        worker.search(game.position(), limits, manager);
    }
};

}  // namespace

TEST_CASE("Root moves: the lines lead, best first, with their scores and lines", "[search][split]") {
    for (std::size_t i = 0; i < bench_positions().size(); i += 3) {
        std::string fen(bench_positions()[i]);
        INFO(fen);
        auto game = make_game(fen);
        MainThread main;
        main.manager.settings().multipv = 3;
        RecordingListener listener;
        const int depth = 6;
        SearchResult result = main.search(*game, depth, &listener);

        const std::vector<RootMove>& root_moves = main.worker.root_moves();
        MoveList<> legal(game->position());
        REQUIRE(root_moves.size() == legal.size());
        for (const RootMove& rm : root_moves) CHECK(legal.contains(rm.move));
        const std::size_t lines = std::min<std::size_t>(3, root_moves.size());

        // The last iteration's reports are the first records, in order.
        REQUIRE(listener.iterations.size() == lines * depth);
        std::map<std::uint16_t, int> scores_one_iteration_earlier;  // by move code
        for (std::size_t line = 0; line < lines; ++line) {
            const PvInfo& earlier = listener.iterations[(depth - 2) * lines + line];
            scores_one_iteration_earlier[earlier.pv[0].raw()] = earlier.score;
            const PvInfo& reported = listener.iterations[(depth - 1) * lines + line];
            const RootMove& rm = root_moves[line];
            CHECK(rm.pv == reported.pv);
            CHECK(rm.pv[0] == rm.move);
            CHECK(rm.score == reported.score);
            CHECK(rm.seldepth >= depth);
            CHECK(rm.seldepth <= result.stats.seldepth);
            CHECK(rm.tb_rank == 0);
            if (line > 0) CHECK(rm.score <= root_moves[line - 1].score);
        }
        // The previous score is the move's score in the iteration before, if it led a line then.
        for (std::size_t line = 0; line < lines; ++line) {
            const RootMove& rm = root_moves[line];
            auto earlier = scores_one_iteration_earlier.find(rm.move.raw());
            CHECK(rm.previous_score ==
                  (earlier == scores_one_iteration_earlier.end() ? RootMove::NO_SCORE : earlier->second));
        }
        // The other moves lead nothing.
        for (std::size_t k = lines; k < root_moves.size(); ++k) {
            CHECK(root_moves[k].score == RootMove::NO_SCORE);
            CHECK(root_moves[k].pv.empty());
        }
        // The result is the first record.
        CHECK(result.best_move == root_moves[0].move);
        CHECK(result.score == root_moves[0].score);
        CHECK(result.pv == root_moves[0].pv);
        CHECK(result.depth == depth);
    }
}

TEST_CASE("Root moves: a worker alone gives what the engine gives", "[search][split]") {
    std::string fen(bench_positions()[1]);
    auto game = make_game(fen);
    MainThread main;
    SearchResult alone = main.search(*game, 8);
    Engine engine;
    SearchResult engine_result = search_fresh(engine, *game, 8);
    CHECK(alone.stats.nodes == engine_result.stats.nodes);
    CHECK(alone.pv == engine_result.pv);
    CHECK(main.worker.root_moves()[0].pv == engine_result.pv);
}

TEST_CASE("A helper's manager spreads the helpers over two depths", "[search][split][smp]") {
    SearchShared shared;
    shared.reset(4);
    HelperManager helper(shared);
    CHECK(helper.line_count(30) == 1);
    SearchLimits limits;
    limits.depth = 5;
    CHECK(helper.max_depth(limits) == MAX_PLY - 1);  // helpers go on until the main thread is done
    CHECK(helper.next_depth(7, 20) == 7);
    shared.searching_depth[7].store(1);
    CHECK(helper.next_depth(7, 20) == 7);  // one of four threads: not yet half
    shared.searching_depth[7].store(2);
    CHECK(helper.next_depth(7, 20) == 8);  // half of them: one deeper
    CHECK(helper.next_depth(7, 7) == 7);   // never past the maximum
    CHECK_FALSE(helper.poll());
}

TEST_CASE("The threads keep the deepest iteration a helper completed", "[search][split][smp]") {
    auto game = make_game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    MainThread alone;
    const std::vector<Move> line = alone.search(*game, 4).pv;
    const std::vector<Move> shorter(line.begin(), line.begin() + 1);

    SearchShared shared;
    shared.reset(2);
    CHECK(shared.helper_depth.load() == 0);
    shared.offer_helper_line(5, 10, line);
    shared.offer_helper_line(4, 20, shorter);  // shallower: ignored
    shared.offer_helper_line(5, 30, shorter);  // not deeper: ignored
    shared.offer_helper_line(6, 40, {});       // no line: ignored
    CHECK(shared.helper_depth.load() == 5);
    SearchShared::HelperLine kept = shared.deepest_helper_line();
    CHECK(kept.depth == 5);
    CHECK(kept.score == 10);
    CHECK(kept.pv == line);
    shared.offer_helper_line(7, -15, shorter);
    CHECK(shared.deepest_helper_line().pv == shorter);
    CHECK(shared.helper_depth.load() == 7);
    shared.reset(2);  // a new search forgets it
    CHECK(shared.helper_depth.load() == 0);
    CHECK(shared.deepest_helper_line().pv.empty());
    shared.offer_helper_line(3, 5, line);
    shared.release_helper_line();  // and so does an engine once its search is over
    CHECK(shared.helper_depth.load() == 0);
    CHECK(shared.deepest_helper_line().pv.empty());
}

TEST_CASE("A helper's completed iteration is offered to the main thread", "[search][split][smp]") {
    auto game = make_game("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    HelperThread helper;
    helper.search(*game, 0, 200000);
    REQUIRE(helper.worker.completed_depth() > 0);
    CHECK(helper.shared.helper_depth.load() == helper.worker.completed_depth());
    CHECK(helper.shared.deepest_helper_line().pv == helper.worker.root_moves()[0].pv);
    CHECK(helper.shared.deepest_helper_line().score == helper.worker.root_moves()[0].score);
}

TEST_CASE("The main thread plays a deeper helper line and stops once a helper reaches the depth limit",
          "[search][split][smp]") {
    struct Iterations : SearchListener {
        std::vector<PvInfo> reports;
        void on_iteration(const PvInfo& info) override { reports.push_back(info); }
    } iterations;
    auto game = make_game("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    MainThread alone;
    const std::vector<Move> helper_line = alone.search(*game, 3).pv;

    MainAfterHelper main(12, 33, helper_line);  // as if a helper had completed depth 12
    SearchResult result = main.search(*game, 10, &iterations);
    // Stopped at its first poll, long before depth 10: the helper's line is the result.
    CHECK(result.stats.nodes <= 2 * SearchWorker::POLL_INTERVAL_NODES);
    CHECK(main.worker.completed_depth() < 10);
    CHECK(result.depth == 12);
    CHECK(result.score == 33);
    CHECK(result.pv == helper_line);
    CHECK(result.best_move == helper_line[0]);
    REQUIRE(!iterations.reports.empty());
    CHECK(iterations.reports.back().depth == 12);
    CHECK(iterations.reports.back().pv == helper_line);

    // A helper line no deeper than the main thread's own is not played.
    MainAfterHelper main2(1, 777, helper_line);
    SearchResult own = main2.search(*game, 5);
    CHECK(own.depth == 5);
    CHECK(own.score != 777);
    CHECK(own.pv == main2.worker.root_moves()[0].pv);
}

TEST_CASE("With several lines the main thread neither stops for nor plays a helper's line", "[search][split][smp]") {
    auto game = make_game("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    MainThread alone;
    const std::vector<Move> helper_line = alone.search(*game, 3).pv;
    MainAfterHelper main(12, 33, helper_line);
    main.manager.settings().multipv = 3;
    SearchResult result = main.search(*game, 5);
    CHECK(result.depth == 5);
    CHECK(main.worker.completed_depth() == 5);
    CHECK(result.pv == main.worker.root_moves()[0].pv);
}

TEST_CASE("A helper offers no iteration beyond the depth limit", "[search][split][smp]") {
    auto game = make_game("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    HelperThread helper;
    helper.search(*game, 3, 100000);
    REQUIRE(helper.worker.completed_depth() > 3);  // it went on, filling the table
    CHECK(helper.shared.helper_depth.load() == 3);
}
