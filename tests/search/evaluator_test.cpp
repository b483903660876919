// The evaluator seam: an evaluator chosen per engine hears of every move the
// search makes and takes back, in order, and the search does not depend on
// which evaluator it drives.
#include <catch2/catch.hpp>

#include <deque>
#include <memory>
#include <vector>

#include "eval/evaluate.h"
#include "support.h"

using namespace augur;
using namespace augur::test;

namespace {

// Follows the search on a position of its own, playing each move it hears of,
// and counts every hook call and every evaluation that saw a position other
// than its own: a missed, doubled or misordered hook shows up as a mismatch.
// It evaluates with the hand-crafted evaluation, so that the search it drives
// is the usual one.
class FollowingEvaluator final : public Evaluator {
public:
    struct Counts {
        long searches = 0, moves = 0, undos = 0, null_moves = 0, null_undos = 0, evaluations = 0;
        long mismatches = 0;
        std::size_t deepest = 0;  // most moves followed at once
    };

    int evaluate(const Position& pos) override {
        ++counts.evaluations;
        check(pos);
        return hand_crafted_.evaluate(pos);
    }
    void set_options(const EvalOptions& options) override { hand_crafted_.set_options(options); }
    void clear() override { hand_crafted_.clear(); }

    void on_search_start(const Position& root) override {
        ++counts.searches;
        counts.mismatches += !states_.empty();  // the last search left moves unmade
        states_.clear();
        own_.copy_from(root, root_state_);
    }
    void on_move(const Position& before, Move m) override {
        ++counts.moves;
        check(before);
        own_.do_move(m, push_state());
    }
    void on_undo_move(const Position& after, Move m) override {
        ++counts.undos;
        if (states_.empty()) return void(++counts.mismatches);
        own_.undo_move(m);
        states_.pop_back();
        check(after);
    }
    void on_null_move(const Position& before) override {
        ++counts.null_moves;
        check(before);
        own_.do_null_move(push_state());
    }
    void on_undo_null_move(const Position& after) override {
        ++counts.null_undos;
        if (states_.empty()) return void(++counts.mismatches);
        own_.undo_null_move();
        states_.pop_back();
        check(after);
    }

    Counts counts;

private:
    void check(const Position& pos) {
        if (counts.searches == 0 || pos.key() != own_.key() || pos.side_to_move() != own_.side_to_move())
            ++counts.mismatches;
    }
    StateInfo& push_state() {
        states_.emplace_back();
        counts.deepest = std::max(counts.deepest, states_.size());
        return states_.back();
    }

    HandCraftedEvaluator hand_crafted_;
    Position own_;
    StateInfo root_state_;
    std::deque<StateInfo> states_;  // a deque keeps the states in place as it grows
};

// Gives an engine FollowingEvaluators and keeps a pointer to each one it makes.
struct FollowingEvaluators {
    std::vector<FollowingEvaluator*> made;
    void install(Engine& engine) {
        engine.set_evaluator([this] {
            auto evaluator = std::make_unique<FollowingEvaluator>();
            made.push_back(evaluator.get());
            return evaluator;
        });
    }
};

void check_balanced(const FollowingEvaluator::Counts& c) {
    CHECK(c.mismatches == 0);
    CHECK(c.moves == c.undos);
    CHECK(c.null_moves == c.null_undos);
}

}  // namespace

TEST_CASE("The evaluator hears of every make, unmake and null move, in order", "[search][evaluator]") {
    Engine following_engine, usual_engine;
    FollowingEvaluators evaluators;
    evaluators.install(following_engine);
    REQUIRE(evaluators.made.size() == 1);
    for (std::size_t i = 0; i < bench_positions().size(); i += 4) {
        std::string fen(bench_positions()[i]);
        INFO(fen);
        auto game = make_game(fen);
        FollowingEvaluator::Counts before = evaluators.made[0]->counts;
        SearchResult followed = search_fresh(following_engine, *game, 8);
        const FollowingEvaluator::Counts& after = evaluators.made[0]->counts;
        check_balanced(after);
        CHECK(after.searches == before.searches + 1);
        CHECK(after.moves > before.moves);
        CHECK(after.evaluations > before.evaluations);
        CHECK(after.deepest > 8);  // quiescence goes below the nominal depth

        // The seam changes nothing: the same search as with the engine's own evaluator.
        SearchResult usual = search_fresh(usual_engine, *game, 8);
        CHECK(followed.stats.nodes == usual.stats.nodes);
        CHECK(followed.best_move == usual.best_move);
        CHECK(followed.score == usual.score);
    }
    CHECK(evaluators.made[0]->counts.null_moves > 0);
}

TEST_CASE("A stopped search leaves the evaluator with every move taken back", "[search][evaluator]") {
    Engine engine;
    FollowingEvaluators evaluators;
    evaluators.install(engine);
    auto game = make_game(std::string(bench_positions()[1]));
    for (std::uint64_t nodes : {1ULL, 777ULL, 54321ULL}) {
        search_fresh(engine, *game, 0, nodes);
        check_balanced(evaluators.made[0]->counts);
    }
}

TEST_CASE("Each search thread has its own evaluator from the engine's factory", "[search][evaluator][smp]") {
    Engine engine;
    FollowingEvaluators evaluators;
    evaluators.install(engine);
    REQUIRE_FALSE(engine.set_option("Threads", "3"));
    auto game = make_game(std::string(bench_positions()[5]));
    search_fresh(engine, *game, 9);
    REQUIRE(evaluators.made.size() == 3);
    for (FollowingEvaluator* evaluator : evaluators.made) {
        check_balanced(evaluator->counts);
        CHECK(evaluator->counts.searches == 1);
        CHECK(evaluator->counts.moves > 0);
    }
}

TEST_CASE("The evaluator is chosen per engine and takes the engine's Eval_ switches", "[search][evaluator]") {
    Engine engine, other;
    REQUIRE_FALSE(engine.set_option("Eval_mobility", "false"));
    FollowingEvaluators evaluators;
    evaluators.install(engine);
    auto game = make_game(std::string(bench_positions()[1]));

    search_fresh(other, *game, 6);
    CHECK(evaluators.made[0]->counts.evaluations == 0);  // another engine's search is not heard

    HandCraftedEvaluator without_mobility;
    EvalOptions options;
    options.set(EvalTerm::Mobility, false);
    without_mobility.set_options(options);
    CHECK(engine.evaluate(game->position()) == without_mobility.evaluate(game->position()));
    CHECK(engine.evaluate(game->position()) != other.evaluate(game->position()));
    CHECK(engine.eval_breakdown(game->position()).total == without_mobility.evaluate(game->position()));
}
