// How a search is reported in UCI: `info` lines while it runs, then `bestmove`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/position.h"
#include "engine/engine.h"
#include "protocol/line_writer.h"
#include "search/search.h"

namespace augur {

// "cp 35" or "mate -2" (moves, not plies), then " lowerbound" or " upperbound"
// when the score is only a bound.
std::string uci_score(int score, Bound bound = BOUND_EXACT);

// The moves of a line from root in UCI notation. Each move is printed in the
// position it is played from, because castling prints differently for the two
// colours; the list stops before a move that is not legal there, which a
// correct search never reports.
std::vector<std::string> line_to_uci(const Position& root, const std::vector<Move>& line);

// "info depth ... pv ..." for one reported line; with show_wdl the score is
// followed by "wdl W D L" (permille from the side to move's view, search/wdl.h).
std::string uci_info_line(const Position& root, const PvInfo& info, bool show_wdl = false);

// UciInfoWriter: the listener of one UCI search. Its callbacks run on the
// engine's thread and print through the session's LineWriter: info lines as
// the search reports them, `currmove` lines, and on finishing `bestmove`.
// (The search reports currmove only after its first second, when a GUI can
// show it; earlier there would be hundreds a second.) It keeps its own copy of the root position, so the session's game may be
// replaced while the writer is still needed.
class UciInfoWriter : public SearchListener {
public:
    UciInfoWriter(LineWriter& out, const Position& root, bool show_wdl = false);

    void on_pv(const PvInfo& info) override { write_info(info); }
    void on_iteration(const PvInfo& info) override { write_info(info); }
    void on_currmove(Move m, int number, int depth) override;
    // Writes a last info line with the final counts when the search stopped
    // after its last report (at a node limit or a stop), then "bestmove X [ponder Y]".
    void on_finish(const SearchResult& result) override;

private:
    void write_info(const PvInfo& info);

    LineWriter& out_;
    StateInfo root_state_;
    Position root_;
    std::optional<PvInfo> last_;  // the last multipv 1 line
    bool show_wdl_;
};

// The answer for a position without legal moves, which has nothing to
// search: "info depth 0 score mate 0" (mated) or "score cp 0" (stalemate).
std::string no_legal_moves_info(const Position& pos);

}  // namespace augur
