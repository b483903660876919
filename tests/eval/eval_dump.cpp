// eval_dump: the native half of the Java evaluation cross-check.
//
//   eval_dump [--every N] FILE [[--every N] FILE]...
//
// Reads the FENs of each EPD-like file (the first four fields of a line; with
// --every N only every N-th line of the next file) and prints the reference
// that dev.augur.reference.eval.NativeEvalReferenceTest compares with the Java
// port, number by number. The output is plain text, one line per position:
//
//   FEN | eval V | phase P scale S rule NAME dead D white W total T
//       | terms (WMG WEG BMG BEG FINAL) x EVAL_TERM_NB
//       | off V_0 .. V_19 noscale V
//       | see (UCI EXACT GE-100 GE0 GE100) per noisy move
//
// "eval" is evaluate() with everything on and "terms"/"phase".. the breakdown;
// "off" holds evaluate() with term i switched off, for each i in EvalTerm
// order, then with endgame scaling off. "see" lists every legal capture and
// promotion in move-code order: its exact exchange value (the largest t with
// see_ge(t), found by the binary search of exact_see() below, which the Java
// test repeats) and see_ge at -100, 0 and 100 as 0/1. A header gives the term
// and rule names, every weight ("weight NAME NUMBERS", Scores as MG EG), every
// search parameter ("param NAME VALUE") and the bench positions ("bench FEN"):
// both languages' tables are generated from lib/*/*.table, and the Java tests
// check that they still hold the same numbers once compiled.
//
// Each position is also evaluated without a pawn hash; any difference is a bug
// in the hash and stops the dump with exit status 1.
#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"
#include "engine/bench_positions.h"
#include "eval/evaluate.h"
#include "search/params.h"
#include "search/see.h"
#include "test_util.h"

using namespace augur;

namespace {

// Bounds of the exact SEE search: beyond any material balance an exchange can reach.
constexpr int SEE_SEARCH_BOUND = 32768;

// The largest t with see_ge(t), by bisection between bounds where see_ge is
// true (low) and false (high); a bound itself when see_ge is not so there.
int exact_see(const Position& pos, Move m) {
    int lo = -SEE_SEARCH_BOUND, hi = SEE_SEARCH_BOUND;
    if (!see_ge(pos, m, lo)) return lo;
    if (see_ge(pos, m, hi)) return hi;
    while (hi - lo > 1) {
        int mid = lo + (hi - lo) / 2;
        if (see_ge(pos, m, mid)) lo = mid;
        else hi = mid;
    }
    return lo;
}

// The numbers of one field of a table (a Score, an int or an array of them), flat.
void print_numbers(int value) { std::printf(" %d", value); }
void print_numbers(Score score) { std::printf(" %d %d", score.mg, score.eg); }
template <class T, std::size_t N>
void print_numbers(const T (&values)[N]) {
    for (const T& value : values) print_numbers(value);
}

// One line per field: "KIND NAME NUMBERS...".
auto field_printer(const char* kind) {
    return [kind](const char* name, const auto& value) {
        std::printf("%s %s", kind, name);
        print_numbers(value);
        std::printf("\n");
    };
}

void print_header() {
    std::printf("# augur evaluation reference, format 2 (see tests/eval/eval_dump.cpp)\n");
    std::printf("terms");
    for (int i = 0; i < EVAL_TERM_NB; ++i) std::printf(" %s", eval_term_name(EvalTerm(i)));
    std::printf("\nrules");
    for (int i = 0; i < ENDGAME_RULE_NB; ++i) std::printf(" %s", endgame_rule_name(EndgameRule(i)));
    std::printf("\n");

    default_weights().for_each(field_printer("weight"));
    SearchParams{}.for_each(field_printer("param"));
    for (std::string_view fen : BENCH_POSITIONS) std::printf("bench %.*s\n", int(fen.size()), fen.data());
    std::printf("see_values");
    for (int v : SEE_VALUE) std::printf(" %d", v);
    std::printf("\n");
}

// One evaluator per profile, so that every profile's pawn hash sees the same
// sequence of positions as in a search.
struct Evaluators {
    HandCraftedEvaluator all{std::size_t(1) << 8};  // small, so that entries get replaced
    HandCraftedEvaluator unhashed{0};
    std::vector<HandCraftedEvaluator> term_off;
    HandCraftedEvaluator no_scaling{std::size_t(1) << 8};

    Evaluators() {
        for (int i = 0; i < EVAL_TERM_NB; ++i) {
            EvalOptions options;
            options.set(EvalTerm(i), false);
            term_off.emplace_back(std::size_t(1) << 8);
            term_off.back().set_options(options);
        }
        EvalOptions options;
        options.endgame_scaling = false;
        no_scaling.set_options(options);
    }
};

bool dump_position(const std::string& fen, Evaluators& ev) {
    test::Board board(fen);
    const Position& pos = board.pos;

    int value = ev.all.evaluate(pos);
    EvalBreakdown bd = ev.all.breakdown(pos);
    if (ev.unhashed.evaluate(pos) != value || ev.unhashed.breakdown(pos).total != bd.total) {
        std::fprintf(stderr, "eval_dump: the pawn hash changes the evaluation of %s\n", fen.c_str());
        return false;
    }
    std::printf("%s | eval %d | phase %d scale %d rule %s dead %d white %d total %d | terms", fen.c_str(), value,
                bd.phase, bd.scale, endgame_rule_name(bd.rule), bd.dead ? 1 : 0, bd.total_white, bd.total);
    for (const TermBreakdown& t : bd.terms)
        std::printf(" %d %d %d %d %d", t.white.mg, t.white.eg, t.black.mg, t.black.eg, t.final_white);
    std::printf(" | off");
    for (HandCraftedEvaluator& e : ev.term_off) std::printf(" %d", e.evaluate(pos));
    std::printf(" noscale %d | see", ev.no_scaling.evaluate(pos));

    MoveList<GenType::Noisy> noisy(pos);
    std::vector<Move> moves(noisy.begin(), noisy.end());
    std::sort(moves.begin(), moves.end(), [](Move a, Move b) { return a.raw() < b.raw(); });
    for (Move m : moves)
        std::printf(" %s %d %d %d %d", move_to_uci(pos, m).c_str(), exact_see(pos, m), see_ge(pos, m, -100) ? 1 : 0,
                    see_ge(pos, m, 0) ? 1 : 0, see_ge(pos, m, 100) ? 1 : 0);
    std::printf("\n");
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: eval_dump [--every N] FILE [[--every N] FILE]...\n");
        return 2;
    }
    print_header();
    Evaluators ev;
    return test::for_each_sampled_fen(argc, argv, "eval_dump",
                                      [&ev](const std::string& fen) { return dump_position(fen, ev); });
}
