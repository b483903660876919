// HandCraftedEvaluator behaviour over the position suites: the breakdown adds up, the
// pawn hash only caches, every term switch removes exactly its term, and the
// colour-flipped position evaluates the same.
#include <catch2/catch.hpp>

#include "eval/evaluate.h"
#include "test_util.h"

using namespace augur;
using augur::test::Board;

namespace {

std::vector<std::unique_ptr<Board>> suite_boards() {
    std::vector<std::unique_ptr<Board>> boards;
    for (const auto& [fen, chess960] : test::all_suite_positions()) boards.push_back(std::make_unique<Board>(fen, chess960));
    return boards;
}

const std::vector<std::unique_ptr<Board>>& boards() {
    static const auto b = suite_boards();
    return b;
}

}  // namespace

TEST_CASE("the suites provide thousands of positions", "[eval]") {
    INFO("AUGUR_SHARED_DATA = " << test::shared_data_dir());
    REQUIRE(boards().size() > 10000);
}

TEST_CASE("the breakdown adds up to evaluate()", "[eval]") {
    HandCraftedEvaluator ev;
    for (const auto& b : boards()) {
        EvalBreakdown bd = ev.breakdown(b->pos);
        int sum = 0;
        for (const TermBreakdown& t : bd.terms) sum += t.final_white;
        INFO(b->pos.fen());
        REQUIRE(sum == (bd.known ? 0 : bd.total_white));
        REQUIRE(bd.total == (b->pos.side_to_move() == WHITE ? bd.total_white : -bd.total_white));
        REQUIRE(bd.total == ev.evaluate(b->pos));
        REQUIRE(std::abs(bd.total) < 20000);
        REQUIRE(bd.phase >= 0);
        REQUIRE(bd.phase <= PHASE_MAX);
    }
}

TEST_CASE("colour-flipped positions evaluate the same for the side to move", "[eval][symmetry]") {
    HandCraftedEvaluator ev;
    std::size_t checked = 0;
    for (const auto& [fen, chess960] : test::all_suite_positions()) {
        Board a(fen, chess960), m(test::mirror_fen(fen), chess960);
        INFO(fen << "  mirrored: " << test::mirror_fen(fen));
        REQUIRE(ev.evaluate(a.pos) == ev.evaluate(m.pos));
        EvalBreakdown x = ev.breakdown(a.pos), y = ev.breakdown(m.pos);
        for (int i = 0; i < EVAL_TERM_NB; ++i) {
            INFO(eval_term_name(EvalTerm(i)));
            REQUIRE(x.terms[i].white == y.terms[i].black);
            REQUIRE(x.terms[i].black == y.terms[i].white);
            REQUIRE(x.terms[i].final_white == -y.terms[i].final_white);
        }
        ++checked;
    }
    REQUIRE(checked > 10000);
}

TEST_CASE("the pawn hash gives the same results as no hash", "[eval][pawnhash]") {
    HandCraftedEvaluator none(0), tiny(2), normal;
    for (int pass = 0; pass < 2; ++pass)
        for (const auto& b : boards()) {
            int expected = none.evaluate(b->pos);
            REQUIRE(tiny.evaluate(b->pos) == expected);
            REQUIRE(normal.evaluate(b->pos) == expected);
        }
    normal.clear();
    for (const auto& b : boards()) REQUIRE(normal.evaluate(b->pos) == none.evaluate(b->pos));
}

TEST_CASE("clearing the pawn hash empties every entry written since the last clear", "[eval][pawnhash]") {
    PawnHashTable table(1024);
    const EvalWeights& w = default_weights();
    // One structure, then all of the suites' (every slot written many times).
    const PawnEntry& first = table.probe(boards().front()->pos, w);
    REQUIRE(first.used);
    table.clear();
    CHECK_FALSE(first.used);
    for (int round = 0; round < 2; ++round) {
        std::vector<const PawnEntry*> written;
        for (const auto& b : boards()) written.push_back(&table.probe(b->pos, w));
        table.clear();
        std::size_t still_used = 0;
        for (const PawnEntry* e : written) still_used += e->used;
        CHECK(still_used == 0);
    }
}

TEST_CASE("switching a term off removes exactly that term", "[eval][options]") {
    HandCraftedEvaluator all;
    for (int i = 0; i < EVAL_TERM_NB; ++i) {
        EvalTerm term = EvalTerm(i);
        HandCraftedEvaluator without;
        EvalOptions opt;
        opt.set(term, false);
        without.set_options(opt);
        REQUIRE_FALSE(without.options().enabled(term));
        std::size_t nonzero = 0, changed = 0;
        for (const auto& b : boards()) {
            EvalBreakdown on = all.breakdown(b->pos), off = without.breakdown(b->pos);
            INFO(eval_term_name(term) << " in " << b->pos.fen());
            REQUIRE(off.terms[i].white == Score{});
            REQUIRE(off.terms[i].black == Score{});
            REQUIRE(off.terms[i].final_white == 0);
            for (int j = 0; j < EVAL_TERM_NB; ++j)
                if (j != i) {
                    REQUIRE(off.terms[j].white == on.terms[j].white);
                    REQUIRE(off.terms[j].black == on.terms[j].black);
                }
            nonzero += on.terms[i].white != Score{} || on.terms[i].black != Score{};
            changed += without.evaluate(b->pos) != all.evaluate(b->pos);
        }
        INFO(eval_term_name(term) << ": nonzero in " << nonzero << ", changed " << changed);
        CHECK(nonzero > 0);
        CHECK(changed > 0);
    }
}

TEST_CASE("with every term off only the known endings evaluate", "[eval][options]") {
    HandCraftedEvaluator ev, without_layer;
    EvalOptions opt;
    opt.terms.fill(false);
    ev.set_options(opt);
    opt.endgame_scaling = false;
    without_layer.set_options(opt);
    for (const auto& b : boards()) {
        REQUIRE(without_layer.evaluate(b->pos) == 0);
        if (!classify_endgame(b->pos).known) REQUIRE(ev.evaluate(b->pos) == 0);
    }
}

TEST_CASE("term names round-trip", "[eval]") {
    for (int i = 0; i < EVAL_TERM_NB; ++i) {
        auto t = eval_term_from_name(eval_term_name(EvalTerm(i)));
        REQUIRE(t);
        REQUIRE(*t == EvalTerm(i));
    }
    REQUIRE_FALSE(eval_term_from_name("no_such_term"));
    for (int r = 0; r < ENDGAME_RULE_NB; ++r) REQUIRE(std::string(endgame_rule_name(EndgameRule(r))) != "?");
}

TEST_CASE("new weights take effect and clear the pawn hash", "[eval][weights]") {
    HandCraftedEvaluator ev;
    Board b("4k3/pp4pp/8/3P4/8/8/PP3PPP/4K3 w - - 0 1");
    int before = ev.evaluate(b.pos);
    EvalWeights w = ev.weights();
    w.isolated_pawn = {-60, -60};
    ev.set_weights(w);
    // One isolated pawn (White's d5), no pieces: phase 0, so the endgame half
    // counts in full: -60 instead of the built-in weight's.
    REQUIRE(ev.evaluate(b.pos) == before - 60 - default_weights().isolated_pawn.eg);
    ev.set_weights(default_weights());
    REQUIRE(ev.evaluate(b.pos) == before);
}
