// The trainers on the command line: `augur train`, Texel tuning of the
// hand-crafted evaluation's weight table from training data
// (lib/training/hce_tuner.h) or, with -model nnue, a network for the NNUE
// evaluation (lib/training/nnue_trainer.h), and `augur fit-wdl`, the
// win/draw/loss model.
// `--help` prints every flag (TRAIN_HELP and FIT_WDL_HELP in the .cpp).
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace augur {

// args are the words after `train`. Returns the exit status: 0 on success,
// 1 with a message on err for bad flags, unreadable or damaged files.
int run_train_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// `augur fit-wdl`: fits the win/draw/loss model of UCI_ShowWDL
// (lib/training/wdl_fit.h) to training data and writes its table. Same exit
// statuses; `augur fit-wdl --help` prints every flag.
int run_fit_wdl_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace augur
