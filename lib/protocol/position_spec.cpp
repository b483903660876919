#include "protocol/position_spec.h"

namespace augur {

std::optional<PositionSpec> read_position_spec(Tokens& tokens, std::string* error) {
    PositionSpec spec;
    std::string_view kind = tokens.next();
    if (kind == "fen") {
        std::vector<std::string_view> fields = tokens.take_until("moves");
        if (fields.empty()) {
            *error = "'fen' must be followed by a FEN";
            return std::nullopt;
        }
        spec.fen = join_words(fields);
    } else if (kind != "startpos") {
        *error = kind.empty() ? "expected 'startpos' or 'fen'"
                              : "expected 'startpos' or 'fen', found '" + printable(kind) + "'";
        return std::nullopt;
    }
    if (tokens.empty()) return spec;
    if (std::string_view word = tokens.next(); word != "moves") {
        *error = "expected 'moves', found '" + printable(word) + "'";
        return std::nullopt;
    }
    for (std::string_view move : tokens.take_rest()) spec.moves.emplace_back(move);
    return spec;
}

std::unique_ptr<Game> build_game(const PositionSpec& spec, bool chess960, std::string* error) {
    Game::Created created = Game::from_fen(spec.fen, chess960);
    if (!created.game) {
        *error = std::move(created.error);
        return nullptr;
    }
    for (std::size_t i = 0; i < spec.moves.size(); ++i) {
        if (!created.game->play_uci(spec.moves[i], error)) {
            *error += " (move " + std::to_string(i + 1) + " of the list)";
            return nullptr;
        }
    }
    return std::move(created.game);
}

}  // namespace augur
