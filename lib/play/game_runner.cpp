#include "play/game_runner.h"

#include <chrono>
#include <memory>

#include "core/notation.h"
#include "core/rules.h"

namespace augur::play {

namespace {

const char* color_name(Color c) { return c == WHITE ? "White" : "Black"; }

GameResult loss_of(Color c) { return c == WHITE ? GameResult::BlackWins : GameResult::WhiteWins; }

// Plays the opening moves into game, recording them as book moves.
std::string play_opening(Game& game, const std::vector<std::string>& moves, GameRecord& record) {
    for (const std::string& text : moves) {
        std::string error;
        Move m = parse_uci_move(game.position(), text, &error);
        if (!m) return "opening move " + text + ": " + error;
        MoveRecord entry;
        entry.move = m;
        entry.san = move_to_san(game.position(), m);
        entry.book = true;
        game.play(m);
        record.moves.push_back(entry);
    }
    return {};
}

// The end by the rules of chess, if the position is one.
bool rules_end_game(const Position& pos, GameRecord& record) {
    Color us = pos.side_to_move();
    switch (game_status(pos)) {
    case GameStatus::Ongoing: return false;
    case GameStatus::Checkmate:
        record.result = loss_of(us);
        record.termination = Termination::Checkmate;
        record.reason = std::string(color_name(~us)) + " mates";
        return true;
    case GameStatus::Stalemate:
        record.termination = Termination::Stalemate;
        record.reason = "Draw by stalemate";
        break;
    case GameStatus::ThreefoldRepetition:
        record.termination = Termination::ThreefoldRepetition;
        record.reason = "Draw by threefold repetition";
        break;
    case GameStatus::FiftyMoveRule:
        record.termination = Termination::FiftyMoveRule;
        record.reason = "Draw by the fifty-move rule";
        break;
    case GameStatus::InsufficientMaterial:
        record.termination = Termination::InsufficientMaterial;
        record.reason = "Draw by insufficient material";
        break;
    }
    record.result = GameResult::Draw;
    return true;
}

void forfeit(GameRecord& record, Color loser, Termination why, const std::string& detail) {
    record.result = loss_of(loser);
    record.termination = why;
    record.reason = std::string(color_name(loser)) + " " + detail;
}

Termination termination_of(PlayerFailure failure) {
    switch (failure) {
    case PlayerFailure::Disconnected: return Termination::Disconnected;
    case PlayerFailure::Stalled: return Termination::Stalled;
    case PlayerFailure::IllegalMove:
    case PlayerFailure::None: break;
    }
    return Termination::IllegalMove;
}

class GameLoop {
public:
    GameLoop(Player& white, Player& black, const GameSetup& setup, Game& game, GameRecord& record)
        : players_{&white, &black}, setup_(setup), game_(game), record_(record),
          clock_(setup.limits[WHITE], setup.limits[BLACK], setup.time_margin_ms), adjudicator_(setup.adjudication) {}

    // Plays the game out; false if it was aborted.
    bool run() {
        for (Color c : {WHITE, BLACK}) {
            if (auto error = players_[c]->new_game(record_.chess960)) {
                forfeit(record_, c, Termination::Disconnected, "could not start the game: " + *error);
                return true;
            }
        }
        while (!rules_end_game(game_.position(), record_)) {
            if (setup_.abort && setup_.abort->load()) return false;
            if (!play_one_move()) break;
        }
        return true;
    }

private:
    MoveRequest request_for(Color us) {
        MoveRequest request{game_, setup_.limits[us]};
        for (Color c : {WHITE, BLACK}) {
            request.time_left_ms[c] = clock_.time_left(c);
            request.increment_ms[c] = setup_.limits[c].increment_ms;
        }
        request.moves_to_go = clock_.moves_to_go(us);
        request.deadline_ms = clock_.deadline_ms(us);
        // On a node clock the charge decides a loss on time; the real clock only
        // tells a hung engine from a slow one.
        if (request.deadline_ms < 0 || setup_.limits[us].nodes_time > 0) request.deadline_ms = setup_.stall_timeout_ms;
        return request;
    }

    // Asks the side to move for its move and plays it; false when the game ended.
    bool play_one_move() {
        Position& pos = game_.position();
        Color us = pos.side_to_move();
        MoveRequest request = request_for(us);
        auto started = std::chrono::steady_clock::now();
        MoveReply reply = players_[us]->play(request);
        std::int64_t elapsed =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
        if (setup_.limits[us].nodes_time > 0) elapsed = std::int64_t(reply.nodes / setup_.limits[us].nodes_time);

        if (reply.failure != PlayerFailure::None) {
            forfeit(record_, us, termination_of(reply.failure), reply.error);
            return false;
        }
        if (!reply.move || !pos.is_legal(reply.move)) {
            forfeit(record_, us, Termination::IllegalMove, "plays an illegal move: " + reply.move_text);
            return false;
        }
        std::int64_t time_left = clock_.time_left(us);
        if (!clock_.charge(us, elapsed)) {
            std::string detail = "loses on time: took " + std::to_string(elapsed) + " ms";
            if (time_left >= 0) detail += " with " + std::to_string(time_left) + " ms left";
            forfeit(record_, us, Termination::TimeForfeit, detail);
            return false;
        }

        bool irreversible = pos.is_capture(reply.move) || type_of(pos.moved_piece(reply.move)) == PAWN;
        MoveRecord entry;
        entry.move = reply.move;
        entry.san = move_to_san(pos, reply.move);
        entry.has_score = reply.has_score;
        entry.score = reply.score;
        entry.depth = reply.depth;
        entry.time_ms = elapsed;
        entry.nodes = reply.nodes;
        record_.moves.push_back(entry);
        game_.play(reply.move);
        adjudicator_.record(us, reply.has_score, reply.score, irreversible);
        return !rules_end_game(game_.position(), record_) && !adjudicated(us);
    }

    bool adjudicated(Color mover) {
        // The tables first: their result is the truth where a score is a guess.
        if (std::optional<GameResult> result = adjudicator_.tablebase_result(game_.position())) {
            record_.result = *result;
            record_.termination = Termination::TablebaseAdjudication;
            record_.reason = *result == GameResult::Draw ? std::string("Draw")
                             : std::string(color_name(*result == GameResult::WhiteWins ? WHITE : BLACK)) + " wins";
            record_.reason += " by adjudication: tablebase";
            return true;
        }
        if (adjudicator_.resigns(mover)) {
            forfeit(record_, mover, Termination::ResignAdjudication, "resigns (adjudicated on its score)");
            return true;
        }
        if (adjudicator_.draw_agreed(game_.position().fullmove_number())) {
            record_.result = GameResult::Draw;
            record_.termination = Termination::DrawAdjudication;
            record_.reason = "Draw by adjudication (both scores near zero)";
            return true;
        }
        return false;
    }

    Player* players_[2];
    const GameSetup& setup_;
    Game& game_;
    GameRecord& record_;
    GameClock clock_;
    Adjudicator adjudicator_;
};

}  // namespace

PlayedGame play_game(Player& white, Player& black, const GameSetup& setup) {
    PlayedGame played;
    std::string fen = setup.fen.empty() ? std::string(Position::START_FEN) : setup.fen;
    auto created = Game::from_fen(fen, setup.chess960);
    if (!created.game) {
        played.error = "bad start position: " + created.error;
        return played;
    }
    Game& game = *created.game;
    GameRecord& record = played.record;
    record.white = white.name();
    record.black = black.name();
    record.start_fen = game.position().fen();
    record.chess960 = game.position().is_chess960();
    if (std::string error = play_opening(game, setup.opening_moves, record); !error.empty()) {
        played.error = error;
        return played;
    }
    played.aborted = !GameLoop(white, black, setup, game, record).run();
    record.final_fen = game.position().fen();
    played.ok = true;
    return played;
}

}  // namespace augur::play
