// Game: a Position together with the moves played from the FEN it was set
// from, and the StateInfo of every ply, so that repetition detection sees the
// whole game. Protocol front ends, the C ABI and the engine all hold one.
//
// The states live in a deque because Position keeps pointers into them (each
// state points to the previous one) and a deque never moves its elements when
// it grows or shrinks at the end. A Game is never moved or copied; it is held
// by unique_ptr, built complete and then swapped in, which is how callers
// leave their current game unchanged when a new FEN or move list is bad.
#pragma once

#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"

namespace augur {

class Game {
public:
    // The game, or the message naming what is wrong with the FEN (game is null).
    struct Created {
        std::unique_ptr<Game> game;
        std::string error;
    };
    static Created from_fen(std::string_view fen, bool chess960 = false);
    static std::unique_ptr<Game> start_position();

    // The same moves played from the same FEN, with Chess960 forced on or left to
    // the FEN (which may still turn it on).
    Created replay(bool chess960) const;

    const Position& position() const { return pos_; }
    // Mutable for searches, which must leave it as they found it.
    Position& position() { return pos_; }
    const std::string& fen() const { return fen_; }
    const std::vector<Move>& moves() const { return moves_; }

    // m must be legal (Position::is_legal).
    void play(Move m);
    // Plays a move in UCI notation; false, with the reason in *error, if it is not legal.
    bool play_uci(std::string_view uci_move, std::string* error = nullptr);
    // Returns false when no move is left to take back.
    bool undo();

private:
    Game() = default;

    std::string fen_;  // as given: re-read when the Chess960 mode changes
    Position pos_;
    std::deque<StateInfo> states_;  // states_[0] belongs to the FEN, then one per move
    std::vector<Move> moves_;
};

}  // namespace augur
