#include "protocol/search_output.h"

#include <algorithm>
#include <deque>

#include "core/notation.h"
#include "search/score.h"

namespace augur {

std::string uci_score(int score, Bound bound) {
    std::string text = is_mate_score(score) ? "mate " + std::to_string(mate_in_moves(score))
                                            : "cp " + std::to_string(score);
    if (bound == BOUND_LOWER) text += " lowerbound";
    if (bound == BOUND_UPPER) text += " upperbound";
    return text;
}

std::vector<std::string> line_to_uci(const Position& root, const std::vector<Move>& line) {
    Position pos;
    std::deque<StateInfo> states(1);  // a deque keeps each state where the position points to it
    pos.copy_from(root, states.front());
    std::vector<std::string> moves;
    for (Move m : line) {
        if (!pos.is_legal(m)) break;
        moves.push_back(move_to_uci(pos, m));
        pos.do_move(m, states.emplace_back());
    }
    return moves;
}

UciInfoWriter::UciInfoWriter(std::ostream& out, const Position& root, const Engine& engine)
    : out_(out), root_(root), engine_(engine) {}

void UciInfoWriter::write_info(const PvInfo& info) {
    // Multiple PVs are not implemented; "multipv 1" is printed anyway because
    // some GUIs and analysis scripts key their PV display on it.
    out_ << "info depth " << info.depth << " seldepth " << info.seldepth << " multipv 1 score "
         << uci_score(info.score, info.bound);
    write_counts(info.nodes, info.time_ms);
    std::vector<std::string> pv = line_to_uci(root_, info.pv);
    if (!pv.empty()) out_ << " pv";
    for (const std::string& move : pv) out_ << ' ' << move;
    out_ << '\n';
    out_.flush();  // the GUI shows progress while the search runs
    last_ = info;
}

void UciInfoWriter::write_counts(std::uint64_t nodes, std::int64_t time_ms) {
    std::uint64_t nps = nodes * 1000 / std::uint64_t(std::max<std::int64_t>(time_ms, 1));
    out_ << " nodes " << nodes << " nps " << nps << " hashfull " << engine_.hashfull() << " time " << time_ms;
}

void UciInfoWriter::finish(const SearchResult& result) {
    if (!last_) {
        // Stopped before any root move was searched: counts only, no score to show.
        out_ << "info";
        write_counts(result.stats.nodes, result.time_ms);
        out_ << '\n';
    } else if (last_->nodes != result.stats.nodes) {
        PvInfo final_info = *last_;
        final_info.nodes = result.stats.nodes;
        final_info.time_ms = result.time_ms;
        final_info.seldepth = std::max(final_info.seldepth, result.stats.seldepth);
        write_info(final_info);
    }
    std::vector<Move> answer = {result.best_move};
    if (result.ponder_move) answer.push_back(result.ponder_move);
    std::vector<std::string> moves = line_to_uci(root_, answer);
    out_ << "bestmove " << (moves.empty() ? "0000" : moves[0]);
    if (moves.size() > 1) out_ << " ponder " << moves[1];
    out_ << '\n';
}

void write_no_legal_moves(std::ostream& out, const Position& pos) {
    out << "info depth 0 score " << (pos.in_check() ? "mate 0" : "cp 0") << '\n' << "bestmove 0000\n";
}

}  // namespace augur
