// The command-line form of the engine binary: `augur <command> [arguments]`
// runs one command, prints its result on out and returns the process exit
// status: 0 on success, 1 with a message on err for any error.
//
//   augur perft <depth> [<position>]   perft divide, as `go perft` prints it
//   augur d [<position>]               board diagram, FEN, key, checkers
//   augur eval [<position>]            evaluation breakdown, as `eval` prints it
//   augur bench [<depth>]              the bench; the last line is "N nodes N nps"
//   augur match -engine ... -engine ...  a match between two engines (match_command.h)
//   augur datagen ...                  training data from self-play (datagen_command.h)
//   augur train ...                    the evaluation's weights or a network (train_command.h)
//   augur help | version
//
// <position> is `startpos` (the default), or a FEN with or without a leading
// `fen`, either as one quoted argument or as separate words; `moves <m>...`
// may follow either.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace augur {

int run_command_line(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace augur
