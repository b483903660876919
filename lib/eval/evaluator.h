// Evaluator: the seam between the search and a static evaluation.
//
// The search holds an Evaluator by reference and never knows which one it
// drives. Besides evaluate(), an evaluator hears of every move the search
// makes and takes back, null moves included, in order:
//   on_search_start(root)        before a search's first node;
//   on_move(pos, m)              just before pos.do_move(m): pos still shows the
//                                piece that moves and the piece it takes;
//   on_undo_move(pos, m)         just after pos.undo_move(m): pos is as before m;
//   on_null_move(pos)            just before pos.do_null_move();
//   on_undo_null_move(pos)       just after pos.undo_null_move().
// Between on_search_start and the end of the search these calls nest like the
// moves themselves, so an evaluator can keep one entry per ply, such as a
// network's accumulator updated from the pieces a move changes. evaluate(pos)
// must still be right for any position it is given (outside a search too):
// the hooks only let it get there incrementally.
//
// Why the search calls hooks rather than Position::do_move recording the
// changed pieces in StateInfo for an evaluator to read: the core stays free of
// evaluation concerns and perft, legality checks and game replays pay nothing;
// the accumulators belong to the evaluator of one thread, while StateInfo also
// lives in the game history that several threads share as their root. The
// hand-crafted evaluation ignores the hooks; each costs it one well-predicted
// indirect call per move (within the bench's noise, see docs/ARCHITECTURE.md).
//
// Every evaluator consults the endgame layer (endgame.h) before its own terms,
// as strong engines keep their endgame functions beside a network: in the
// endings it knows, a specialised function makes progress where general
// knowledge shuffles. endgame_layer_value() gives the value when the layer
// decides it; otherwise the evaluator computes its own score and may shrink it
// by the verdict's scale for the side ahead.
//
// One Evaluator per search thread: evaluate() may write to caches of its own.
#pragma once

#include <optional>

#include "core/position.h"
#include "eval/endgame.h"
#include "eval/terms.h"

namespace augur {

class Evaluator {
public:
    virtual ~Evaluator() = default;

    // Centipawns from the side to move's view, |value| < 20000; integer
    // arithmetic only, so that the Java reference reproduces it.
    virtual int evaluate(const Position& pos) = 0;

    // The switches of the hand-crafted terms (options Eval_*); an evaluator
    // without such terms ignores them.
    virtual void set_options(const EvalOptions& options) = 0;
    // Forgets what it cached (a new game); results never depend on it.
    virtual void clear() = 0;

    virtual void on_search_start(const Position& /*root*/) {}
    virtual void on_move(const Position& /*before*/, Move /*m*/) {}
    virtual void on_undo_move(const Position& /*after*/, Move /*m*/) {}
    virtual void on_null_move(const Position& /*before*/) {}
    virtual void on_undo_null_move(const Position& /*after*/) {}
};

// The side to move's value when the endgame layer decides it: 0 for a dead
// draw, the evaluation function's value in a known ending.
inline std::optional<int> endgame_layer_value(const Position& pos, const EndgameVerdict& verdict) {
    if (verdict.dead) return 0;
    if (!verdict.known) return std::nullopt;
    return pos.side_to_move() == WHITE ? verdict.value_white : -verdict.value_white;
}

}  // namespace augur
