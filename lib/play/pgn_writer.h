// PGN output of finished games: the Seven Tag Roster plus the start position
// (FEN, SetUp, Variant for Chess960), the time control, the termination and
// the reason, then the moves in SAN with the opening marked {book} and every
// searched move commented `{score/depth time}` in the mover's view, as
// cutechess-cli and fastchess write it: "+0.31/12 0.154s", "+M5/20 0.010s".
#pragma once

#include <ostream>
#include <string>

#include "play/game_record.h"

namespace augur::play {

struct PgnHeader {
    std::string event = "Augur match";
    std::string site = "?";
    std::string date;         // "YYYY.MM.DD"; empty: "????.??.??"
    int round = 0;            // 0: "?"
    std::string time_control; // as PGN's TimeControl tag ("40/60:10+0.1" or "-"); empty: omitted
};

void write_pgn(std::ostream& out, const GameRecord& game, const PgnHeader& header);

// The comment text of one searched move ("+0.31/12 0.154s"), or "book".
std::string move_comment(const MoveRecord& move);

}  // namespace augur::play
