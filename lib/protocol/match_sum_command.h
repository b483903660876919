// `augur match-sum`: several runs of one test added up. Each log's last
// summary (augur match's or fastchess's "Games:" and "Ptnml(0-2):" lines) gives
// its game counts and pentanomial pairs; their sums give the Elo, its error and,
// with -sprt, the log-likelihood ratio and verdict that one run of all those
// games would have printed. This is how runs on several cores or machines, or
// a test continued with new seeds, are judged together.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace augur {

// args are the words after `match-sum`. Returns the exit status: 0 after the
// summary, 1 with a message on err for bad flags or a log without a summary.
int run_match_sum_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace augur
