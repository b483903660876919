// Static exchange evaluation: the material outcome of the capture sequence on
// one square, each side capturing with its least valuable piece and free to
// stop. Pinned pieces do not take part while their pinner stands.
#pragma once

#include "core/position.h"

namespace augur {

// Exchange values of the piece types (king: it can only take last).
constexpr int SEE_VALUE[PIECE_TYPE_NB] = {0, 100, 325, 325, 500, 1000, 20000};

// True if the exchange started by m gains at least threshold for the mover.
// Castling scores 0; a promotion or en passant is valued as a plain capture of
// the piece on the target square (nothing, or a pawn for en passant).
bool see_ge(const Position& pos, Move m, int threshold);

}  // namespace augur
