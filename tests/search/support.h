// Helpers shared by the search tests: games from FEN and SAN, the test data
// folder, a PV checker, an independent brute-force mate prover and the
// colour-flipped FEN.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "engine/engine.h"
#include "search/search.h"

namespace augur::test {

// A file under $AUGUR_SHARED_DATA; throws if the variable is unset so that a
// run outside Meson fails loudly instead of finding no positions.
std::string shared_data(std::string_view relative);

// A game from FEN (throws on a bad FEN), optionally with SAN moves played.
std::unique_ptr<Game> make_game(std::string_view fen, const std::vector<std::string>& san_moves = {});
// Plays one SAN move; throws if it is not legal.
void play_san(Game& game, std::string_view san);

// UCI text of a move sequence starting at the game's position, e.g. "e2e4 e7e5".
std::string line_to_uci(Game& game, const std::vector<Move>& line);
std::string move_uci(const Game& game, Move m);

// Plays line on the game (every move must be legal) and reports whether the
// final position is checkmate; the game is restored before returning.
// Returns false if a move of the line is illegal.
bool line_ends_in_mate(Game& game, const std::vector<Move>& line);
bool is_checkmate(const Position& pos);
bool is_stalemate(const Position& pos);

// Independent of the search: true if the side to move can force checkmate in
// at most `moves` of its own moves, by plain full-width AND/OR search over the
// legal moves (draw rules ignored). Exponential: for moves <= 3 or so.
bool can_force_mate(Position& pos, int moves);
// True if m, played by the side to move, forces checkmate in at most `moves`
// of its side's moves, m included.
bool move_forces_mate(Position& pos, Move m, int moves);

// The colour-flipped FEN (ranks reversed, colours swapped, side to move,
// castling and en passant mirrored); same evaluation and minimax value.
std::string mirror_fen(std::string_view fen);

// A search with a fresh table and history.
SearchResult search_fresh(Engine& engine, Game& game, int depth, std::uint64_t nodes = 0);
SearchResult search_depth(Engine& engine, Game& game, int depth);

// The options that switch the search features that are on by default (the
// opt-in ones, off until a match shows a gain, are not listed).
const std::vector<std::string>& search_feature_names();

// Records the node trace: every enter and leave event, in order.
class RecordingTracer : public SearchTracer {
public:
    struct Event {
        bool enter;
        TraceNode node;      // valid for enter
        TraceResult result;  // valid for leave
    };
    void on_enter(const TraceNode& n) override { events.push_back({true, n, {}}); }
    void on_leave(const TraceResult& r) override { events.push_back({false, {}, r}); }
    std::vector<Event> events;
};

// Records what the listener reports.
class RecordingListener : public SearchListener {
public:
    void on_pv(const PvInfo& info) override { pvs.push_back(info); }
    void on_iteration(const PvInfo& info) override { iterations.push_back(info); }
    std::vector<PvInfo> pvs, iterations;
};

}  // namespace augur::test
