#include "protocol/engine_reports.h"

#include <array>
#include <iomanip>

#include "core/game.h"
#include "core/notation.h"
#include "protocol/search_limits_spec.h"

namespace augur {

namespace {

constexpr int NAME_WIDTH = 22;
constexpr int CELL_WIDTH = 9;

void write_row(std::ostream& out, std::string_view name, const std::array<std::string, 5>& cells) {
    out << std::left << std::setw(NAME_WIDTH) << name << std::right;
    for (const std::string& cell : cells) out << ' ' << std::setw(CELL_WIDTH) << cell;
    out << '\n';
}

void write_term(std::ostream& out, EvalTerm term, const TermBreakdown& t) {
    auto n = [](int value) { return std::to_string(value); };
    write_row(out, eval_term_name(term), {n(t.white.mg), n(t.white.eg), n(t.black.mg), n(t.black.eg), n(t.final_white)});
}

}  // namespace

void write_eval(std::ostream& out, const Position& pos, const EvalBreakdown& breakdown,
                std::optional<int> network_value) {
    write_row(out, "term", {"white mg", "white eg", "black mg", "black eg", "final cp"});
    for (int i = 0; i < EVAL_TERM_NB; ++i) write_term(out, EvalTerm(i), breakdown.terms[i]);
    out << "\nphase " << breakdown.phase << "/" << PHASE_MAX << " (" << PHASE_MAX << " = all pieces on)\n"
        << "endgame scale " << breakdown.scale << "/" << SCALE_NORMAL << ", rule "
        << endgame_rule_name(breakdown.rule) << (breakdown.dead ? ", dead draw" : "") << '\n'
        << "total " << breakdown.total_white << " cp (White's view)\n"
        << "total " << breakdown.total << " cp (side to move's view, "
        << (pos.side_to_move() == WHITE ? "White" : "Black") << " to move)\n";
    if (network_value)
        out << "network " << *network_value << " cp (side to move's view): the evaluation in use (Eval nnue)\n";
}

std::optional<int> parse_bench_depth(std::string_view text, std::string* error) {
    if (text.empty()) return DEFAULT_BENCH_DEPTH;
    return parse_search_depth(text, error);
}

void write_bench(std::ostream& out, Engine& engine, int depth) {
    std::size_t count = bench_positions().size();
    auto progress = [&](std::size_t index, std::string_view fen, const SearchResult& result) {
        // The bench FENs are fixed and valid; the game is only needed to print the move.
        auto created = Game::from_fen(fen);
        out << "position " << index + 1 << '/' << count << ": " << fen << "  nodes " << result.stats.nodes
            << "  bestmove " << move_to_uci(created.game->position(), result.best_move) << '\n';
        out.flush();  // the bench takes a while; show it moving
    };
    BenchResult total = run_bench(engine, depth, progress);
    out << "bench depth " << depth << ": " << count << " positions in " << total.time_ms << " ms\n"
        << total.nodes << " nodes " << total.nps() << " nps\n";
}

}  // namespace augur
