// Move notation: UCI long algebraic ("e2e4", "e7e8q") and SAN ("Nbd7", "exd6",
// "O-O", "e8=Q+"), printing and parsing. Parsers accept only legal moves and
// return Move::none() for anything else, with the reason in *error if given.
#pragma once

#include <string>
#include <string_view>

#include "core/position.h"

namespace augur {

std::string square_to_string(Square s);

// Castling prints as the king's two-square move in standard chess and as
// "king takes rook" in Chess960 (the UCI_Chess960 convention).
std::string move_to_uci(const Position& pos, Move m);
// Accepts both castling forms in standard chess and king-takes-rook in Chess960.
Move parse_uci_move(const Position& pos, std::string_view text, std::string* error = nullptr);

// m must be legal in pos. pos is used to test for check and mate and is
// restored before returning.
std::string move_to_san(Position& pos, Move m);
// Accepts standard SAN with optional check, mate and annotation marks ("+#!?"),
// "0-0" for "O-O", and promotions with or without '='.
Move parse_san_move(const Position& pos, std::string_view text, std::string* error = nullptr);

}  // namespace augur
