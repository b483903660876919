// `augur datagen`: training data from self-play (lib/training/datagen.h) on
// the command line, and `augur datagen --stats FILE` to inspect a file.
// `augur datagen --help` prints every flag (DATAGEN_HELP in the .cpp).
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace augur {

// args are the words after `datagen`. Returns the exit status: 0 on success,
// 1 with a message on err for bad flags, unreadable files or a failed run.
int run_datagen_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace augur
