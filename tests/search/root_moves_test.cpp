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
