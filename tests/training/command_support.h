// What the trainer tests share: temporary file names of this test process,
// running an `augur` subcommand on a word list with its output captured, and a
// small self-play data file.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "training/datagen.h"
#include "training/training_file.h"

namespace augur_test {

inline std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("augur-trainer-test-" + std::to_string(::getpid()) + "-" + name))
        .string();
}

using Subcommand = int (*)(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// The subcommand's exit status; its standard output and error in out and err.
inline int run_subcommand(Subcommand command, const std::vector<std::string>& args, std::string& out, std::string& err) {
    std::ostringstream out_stream, err_stream;
    int status = command(args, out_stream, err_stream);
    out = out_stream.str();
    err = err_stream.str();
    return status;
}

// Self-play at a few hundred nodes a move: small, but real games (made once per test process).
inline const std::string& small_data_file() {
    static const std::string path = [] {
        std::string file = temp_path("data.bin");
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        augur::TrainingFileWriter writer(out);
        augur::DatagenConfig config;
        config.soft_nodes = 300;
        config.games = 10;
        config.seed = 3;
        augur::DatagenOutcome outcome = augur::run_datagen(config, writer);
        REQUIRE(outcome.ok);
        return file;
    }();
    return path;
}

}  // namespace augur_test
