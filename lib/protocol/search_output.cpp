#include "protocol/search_output.h"

#include <algorithm>
#include <deque>

#include "core/notation.h"
#include "search/score.h"
#include "search/wdl.h"

namespace augur {

namespace {

std::string counts(std::uint64_t nodes, std::int64_t time_ms, int hashfull, std::uint64_t tb_hits) {
    std::uint64_t nps = nodes * 1000 / std::uint64_t(std::max<std::int64_t>(time_ms, 1));
    return " nodes " + std::to_string(nodes) + " nps " + std::to_string(nps) + " hashfull " +
           std::to_string(hashfull) + " tbhits " + std::to_string(tb_hits) + " time " + std::to_string(time_ms);
}

}  // namespace

std::string uci_score(int score, Bound bound) {
    std::string text = is_mate_score(score) ? "mate " + std::to_string(mate_in_moves(score))
                                            : "cp " + std::to_string(displayed_centipawns(score));
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

namespace {

std::string uci_wdl(int score, const Position& root) {
    WdlPermille wdl = wdl_permille(score, root);
    return " wdl " + std::to_string(wdl.win) + ' ' + std::to_string(wdl.draw) + ' ' + std::to_string(wdl.loss);
}

}  // namespace

std::string uci_info_line(const Position& root, const PvInfo& info, bool show_wdl) {
    std::string text = "info depth " + std::to_string(info.depth) + " seldepth " + std::to_string(info.seldepth) +
                       " multipv " + std::to_string(std::max(info.multipv, 1)) + " score " +
                       uci_score(info.score, info.bound) + (show_wdl ? uci_wdl(info.score, root) : "") +
                       counts(info.nodes, info.time_ms, info.hashfull, info.tb_hits);
    std::vector<std::string> pv = line_to_uci(root, info.pv);
    if (!pv.empty()) text += " pv";
    for (const std::string& move : pv) text += ' ' + move;
    return text;
}

UciInfoWriter::UciInfoWriter(LineWriter& out, const Position& root, bool show_wdl) : out_(out), show_wdl_(show_wdl) {
    root_.copy_from(root, root_state_);
}

void UciInfoWriter::write_info(const PvInfo& info) {
    out_.line(uci_info_line(root_, info, show_wdl_));
    if (info.multipv <= 1) last_ = info;
}

void UciInfoWriter::on_currmove(Move m, int number, int depth) {
    std::vector<std::string> move = line_to_uci(root_, {m});
    if (move.empty()) return;
    out_.line("info depth " + std::to_string(depth) + " currmove " + move[0] + " currmovenumber " +
              std::to_string(number));
}

void UciInfoWriter::on_finish(const SearchResult& result) {
    if (!last_) {
        // Stopped before any root move was searched: counts only, no score to show.
        out_.line("info" + counts(result.stats.nodes, result.time_ms, 0, result.stats.tb_hits));
    } else if (last_->nodes != result.stats.nodes) {
        PvInfo final_info = *last_;
        final_info.nodes = result.stats.nodes;
        final_info.tb_hits = result.stats.tb_hits;
        final_info.time_ms = result.time_ms;
        final_info.seldepth = std::max(final_info.seldepth, result.stats.seldepth);
        write_info(final_info);
    }
    std::vector<Move> answer = {result.best_move};
    if (result.ponder_move) answer.push_back(result.ponder_move);
    std::vector<std::string> moves = line_to_uci(root_, answer);
    std::string text = "bestmove " + (moves.empty() ? std::string("0000") : moves[0]);
    if (moves.size() > 1) text += " ponder " + moves[1];
    out_.line(text);
}

std::string no_legal_moves_info(const Position& pos) {
    return std::string("info depth 0 score ") + (pos.in_check() ? "mate 0" : "cp 0");
}

}  // namespace augur
