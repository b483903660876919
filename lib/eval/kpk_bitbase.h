// KPvK bitbase: for every placement of the two kings and one pawn, with either
// side to move, whether the pawn's side wins. Computed once by retrograde
// analysis (kpk_bitbase.cpp), when the first evaluator is made, so that no
// timed search pays for it; tests/eval checks it against the Syzygy KPvK table
// position by position.
//
// Positions are stored with the pawn White's and on files a-d (the other files
// are their mirror images): 24 pawn squares x 64 x 64 king squares x 2 sides to
// move, one bit each (24 KiB).
#pragma once

#include "core/types.h"

namespace augur {

// Whether the side with the pawn (strong) wins with best play. Squares are the
// real board's; to_move is the side to move. The placement must be legal (kings
// apart, pawn on ranks 2-7, the side not to move not in check).
bool kpk_win(Color strong, Square strong_king, Square weak_king, Square pawn, Color to_move);

// Computes the bitbase now if it was not yet (thread-safe; later calls return at once).
void kpk_bitbase_prepare();

}  // namespace augur
