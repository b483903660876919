// The command line of `augur match`, in the shape of fastchess and
// cutechess-cli (see docs/MATCH.md and match_help()): flags that start with '-'
// followed by key=value settings or a value. Parsing checks everything it can
// before a game is played: unknown flags and keys, bad numbers and clocks,
// engine options the engine does not have, opening files that are missing or
// hold a bad position.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "play/match_runner.h"

namespace augur {

// The text of `augur match --help`.
std::string match_help();

struct MatchCommand {
    bool help = false;  // print match_help() and do nothing else
    play::MatchSettings settings;
    std::string openings_file;  // for the summary; empty: the start position
    std::string pgn_file;       // empty: no PGN
    std::string data_file;      // training data of the games (docs/DATAFORMAT.md); empty: none
    int rating_interval = 10;   // summary every this many games; 0: only at the end
};

struct ParsedMatchCommand {
    MatchCommand command;
    std::string error;  // empty when the command is good
};

// args are the words after `match`.
ParsedMatchCommand parse_match_command(const std::vector<std::string>& args);

}  // namespace augur
