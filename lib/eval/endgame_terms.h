// The measures some endgame evaluation functions are built from (endgame.cpp),
// public so that the fitting tool (tests/endgame/fit_edge, docs/ENDGAMES.md
// "Fitting tables to the tablebases") measures a placement exactly as the
// functions do. Nothing else needs them: the layer's interface is endgame.h.
#pragma once

#include "eval/endgame.h"

namespace augur::endgame_terms {

// Lines from s to the nearest edge (0 .. 3) and king steps to the nearest corner (0 .. 6).
int lines_to_edge(Square s);
int steps_to_corner(Square s);

// KRvKN: the squares the weak side's lone knight can jump to and stay (0 .. 8):
// not attacked by the strong side, or guarded by its own king.
int knight_safe_squares(const PieceSet& ps, Color strong);

// KQvKR: the squares the defending king can walk to, one step at a time,
// through squares the strong queen and king do not attack (1 .. 64).
int defending_king_room(const PieceSet& ps, Color strong);

}  // namespace augur::endgame_terms
