// Judging a move against the Syzygy tables: does it keep a won position won?
// The core of move_accuracy (a benchmark of endgame technique, docs/ENDGAMES.md),
// kept apart so that endgame_tests can check it on positions with known answers.
#pragma once

#include <optional>
#include <string>

#include "core/position.h"
#include "tablebase/syzygy.h"

namespace augur::endgame {

enum class Verdict {
    Kept,         // the position after the move is still lost for the defender (or mate)
    Lost,         // the move draws or loses a won position (stalemate included)
    NotAWin,      // the position before the move is not a tablebase win for the side to move
    NotInTables,  // the tables loaded cannot answer (too many pieces, castling rights, a missing table)
};

const char* verdict_name(Verdict verdict);

// Why pos cannot be judged (NotInTables or NotAWin), or nothing when it can:
// checked before a search, so that no time goes to positions that will be skipped.
std::optional<Verdict> not_judgeable(const syzygy::TableHandle& tables, const Position& pos);

// Judges move, legal in pos, by the WDL tables with the fifty-move counter taken
// as zero, so a move only has to keep the win, not make progress towards it: a
// cursed win (drawn by the fifty-move rule) counts as not a win, before or after
// the move. pos is returned as it was given.
Verdict judge_move(const syzygy::TableHandle& tables, Position& pos, Move move);

// Whether move, legal in the won position pos and keeping the win, also brings
// the next zeroing move nearer: it mates, captures or moves a pawn, or the
// defender's distance to zeroing after it (DTZ tables) is below the side to
// move's before it. A move that keeps the win without this is a step the
// fifty-move rule counts against the winner. Nothing when the DTZ tables
// cannot answer. pos is returned as it was given.
std::optional<bool> brings_zeroing_nearer(const syzygy::TableHandle& tables, Position& pos, Move move);

// The tables the endgame tools read unless told otherwise:
// $AUGUR_SHARED_DATA/tablebases/syzygy, or tests/data's when it is unset.
std::string default_tables_dir();

// The material class of pos with the side to move's pieces first, in the
// tables' order, e.g. "KRvKN" when the rook's side is to move.
std::string material_class(const Position& pos);

}  // namespace augur::endgame
