// Reading the position a protocol command names ("startpos" or a FEN, then
// the moves played from it) and building the game it describes.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "protocol/tokens.h"

namespace augur {

// PositionSpec: a position as the protocols name it (a FEN and the moves played
// from it), parsed from words but not yet checked against the rules of chess.
struct PositionSpec {
    std::string fen = std::string(Position::START_FEN);
    std::vector<std::string> moves;
};

// Reads "startpos | fen <fields...>", optionally followed by "moves <m>...",
// consuming every remaining word. Returns nullopt, with the reason in *error,
// when the words do not have that shape.
std::optional<PositionSpec> read_position_spec(Tokens& tokens, std::string* error);

// Sets up the FEN (in Chess960 mode if chess960, else as the FEN implies) and
// plays the moves. Returns nullptr, with a message naming
// the bad FEN field or the first illegal move in *error, on failure; the caller
// keeps its current game until it has a complete new one.
std::unique_ptr<Game> build_game(const PositionSpec& spec, bool chess960, std::string* error);

}  // namespace augur
