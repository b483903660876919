// What the trainer tests share: temporary file names of this test process and
// running an `augur` subcommand on a word list with its output captured.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

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

}  // namespace augur_test
