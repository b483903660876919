// Syzygy endgame tablebases, probed through Debian's libfathom.
//
// Fathom keeps its tables in process-wide state and Debian builds it without
// locks (a table is mapped on its first probe), so every call into it goes
// through one mutex here, and one set of tables is loaded per process: an
// engine probes only while the tables loaded are the ones its SyzygyPath
// names (the handle's generation tells when another engine loaded others).
// Built without libfathom, loading a path fails with a message and nothing
// is ever probed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"

namespace augur::syzygy {

// Win/draw/loss for the side to move. Cursed wins and blessed losses are won
// or lost but drawn by the fifty-move rule.
enum class Wdl { Loss = -2, BlessedLoss = -1, Draw = 0, CursedWin = 1, Win = 2 };

// A legal root move ranked by the tables: higher ranks are better for the side
// to move; moves of the best rank keep the root's result.
struct RankedMove {
    Move move;
    int rank = 0;
    Wdl wdl = Wdl::Draw;
};

// What an engine holds to probe: the path it loaded and the load it belongs to.
struct TableHandle {
    std::string path;           // as the engine's SyzygyPath gave it (empty: no tables)
    std::uint64_t generation = 0;
    int max_pieces = 0;         // the largest tables found: 0 when none
};

// Sets handle to the tables in paths (directories separated by ':'), loading
// them unless they are the ones loaded already; an empty path empties handle.
// Returns a message, leaving handle as it was, when there is nothing to load
// (a missing directory, no tables, no libfathom); when fathom fails on tables
// it found, handle is emptied.
std::optional<std::string> load(std::string_view paths, TableHandle& handle);

// The WDL value of pos, or nothing when it cannot be probed: more pieces than
// the tables hold, castling rights, a fifty-move counter above zero (the
// tables assume zero), a missing table, or handle not current.
std::optional<Wdl> probe_wdl(const TableHandle& handle, const Position& pos);

// Plies to the next zeroing move (a capture, a pawn move or mate) with best
// play, from the DTZ tables, counted as at a fifty-move counter of zero:
// positive when the side to move wins (a cursed win included), negative when
// it loses, 0 for a draw. For tools that study the tables (fit_edge), not for
// the search. Nothing when pos cannot be probed (as probe_outcome) or has no
// legal move (mate and stalemate are the rules' to call).
std::optional<int> probe_dtz(const TableHandle& handle, const Position& pos);

// The result of pos with best play, for adjudicating a game (not for the
// search: it may read the DTZ tables). With rule50 it is the result under the
// fifty-move rule from pos's own counter on: at a counter above zero a win is
// a Win only if the DTZ tables show it reaches a capture, pawn move or mate
// before the counter runs out, and a CursedWin otherwise (nothing without the
// DTZ table). Without rule50 the counter is ignored: the WDL value as at a
// counter of zero. Nothing when pos cannot be probed (too many pieces,
// castling rights, a missing table, handle not current).
std::optional<Wdl> probe_outcome(const TableHandle& handle, const Position& pos, bool rule50);

// Ranks every legal move of pos by DTZ (or by WDL where DTZ tables are
// missing); with rule50 a win that the fifty-move rule would draw ranks below
// a sure one. Empty when the root cannot be probed.
std::vector<RankedMove> rank_root_moves(const TableHandle& handle, const Position& pos, bool rule50);

// True when fathom is built in (Syzygy support available).
bool available();

}  // namespace augur::syzygy
