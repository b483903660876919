// `augur tune`: SPSA over the search's numbers (lib/play/spsa.h) with games
// between two Augur engines in this process, set up with augur match's flags.
// `augur tune --help` prints every flag.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace augur {

// args are the words after `tune`. Returns the exit status: 0 on success, 1
// with a message on err for bad flags or a match that could not run.
int run_tune_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace augur
