// How a search is reported in UCI: `info` lines while it runs, then `bestmove`.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/position.h"
#include "engine/engine.h"
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

// UciInfoWriter: the listener that turns the search's root reports into
// "info depth ... pv ..." lines as they happen, and its result into the
// closing lines. root must stay at the searched position while the search
// runs (the search reports only from the root, where it is).
class UciInfoWriter : public SearchListener {
public:
    UciInfoWriter(std::ostream& out, const Position& root, const Engine& engine);

    void on_pv(const PvInfo& info) override { write_info(info); }
    void on_iteration(const PvInfo& info) override { write_info(info); }

    // Writes a last info line with the final counts when the search stopped
    // after its last report (at a node limit), then "bestmove X [ponder Y]".
    void finish(const SearchResult& result);

private:
    void write_info(const PvInfo& info);
    void write_counts(std::uint64_t nodes, std::int64_t time_ms);

    std::ostream& out_;
    const Position& root_;
    const Engine& engine_;
    std::optional<PvInfo> last_;
};

// The answer for a position without legal moves, which has nothing to search:
// "info depth 0 score mate 0" (mated) or "score cp 0" (stalemate), then
// "bestmove 0000", the UCI null move.
void write_no_legal_moves(std::ostream& out, const Position& pos);

}  // namespace augur
