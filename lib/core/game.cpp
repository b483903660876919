#include "core/game.h"

#include "core/notation.h"

namespace augur {

Game::Created Game::from_fen(std::string_view fen, bool chess960) {
    std::unique_ptr<Game> game(new Game());
    game->fen_ = fen;
    StateInfo& root = game->states_.emplace_back();
    if (auto error = game->pos_.set_fen(fen, root, chess960)) return {nullptr, std::move(*error)};
    return {std::move(game), {}};
}

std::unique_ptr<Game> Game::start_position() { return from_fen(Position::START_FEN).game; }

Game::Created Game::replay(bool chess960) const {
    Created result = from_fen(fen_, chess960);
    if (!result.game) return result;  // cannot happen: fen_ was accepted before
    for (Move m : moves_) {
        // Move codes do not depend on the Chess960 mode, so every move stays legal.
        if (!result.game->pos_.is_legal(m)) return {nullptr, "internal error: a move of the game became illegal"};
        result.game->play(m);
    }
    return result;
}

void Game::play(Move m) {
    // Grow both containers before touching the position, so that an allocation
    // failure leaves the game as it was.
    moves_.push_back(m);
    try {
        states_.emplace_back();
    } catch (...) {
        moves_.pop_back();
        throw;
    }
    pos_.do_move(m, states_.back());
}

bool Game::play_uci(std::string_view uci_move, std::string* error) {
    Move m = parse_uci_move(pos_, uci_move, error);
    if (!m) return false;
    play(m);
    return true;
}

bool Game::undo() {
    if (moves_.empty()) return false;
    pos_.undo_move(moves_.back());
    moves_.pop_back();
    states_.pop_back();
    return true;
}

}  // namespace augur
