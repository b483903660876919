// `augur datagen`: training data from self-play (lib/training/datagen.h) on
// the command line, and `augur datagen --stats FILE` to inspect a file.
// `augur datagen --help` prints every flag (DATAGEN_HELP in the .cpp).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "training/datagen.h"

namespace augur {

struct ParsedDatagenCommand {
    DatagenConfig config;
    std::string output;  // the file to write
    std::string error;   // empty when the command is good
};

// Reads the words after `datagen` (not --help or --stats): the flags it shares
// with `augur match` through protocol/play_flags.h, checked the same way; the
// openings and tables loaded, the engine options tried on an engine.
ParsedDatagenCommand parse_datagen_command(const std::vector<std::string>& args);

// args are the words after `datagen`. Returns the exit status: 0 on success,
// 1 with a message on err for bad flags, unreadable files or a failed run.
int run_datagen_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace augur
