// `augur train`: Texel tuning of the hand-crafted evaluation's weight table
// from training data (lib/training/hce_tuner.h) on the command line.
// `augur train --help` prints every flag (TRAIN_HELP in the .cpp).
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace augur {

// args are the words after `train`. Returns the exit status: 0 on success,
// 1 with a message on err for bad flags, unreadable or damaged files.
int run_train_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace augur
