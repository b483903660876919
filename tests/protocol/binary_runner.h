// Running the real `augur` binary (its path comes in AUGUR_ENGINE) from
// tests: a command line, standard input from a string, output and status back.
#pragma once

#include <filesystem>
#include <string>

namespace augur::test {

struct Run {
    int status;
    std::string out;
    std::string err;
};

std::string engine_path();
std::string shell_quote(const std::string& text);
std::string read_file(const std::filesystem::path& path);

// A scratch folder per test process, removed when the process ends.
class ScratchDir {
public:
    ScratchDir();
    ~ScratchDir();
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

// Runs the engine with args (already shell-quoted) and the given standard input.
Run run_engine(const std::string& args, const std::string& input);

}  // namespace augur::test
