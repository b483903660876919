#include "binary_runner.h"

#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace augur::test {

std::string engine_path() {
    const char* path = std::getenv("AUGUR_ENGINE");
    if (!path || !*path) FAIL("AUGUR_ENGINE must name the augur binary (meson test sets it)");
    return path;
}

std::string shell_quote(const std::string& text) {
    std::string quoted = "'";
    for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

ScratchDir::ScratchDir() : path_(fs::temp_directory_path() / ("augur-protocol-tests-" + std::to_string(getpid()))) {
    fs::create_directories(path_);
}

ScratchDir::~ScratchDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
}

Run run_engine(const std::string& args, const std::string& input) {
    static ScratchDir scratch;
    fs::path in = scratch.path() / "stdin", out = scratch.path() / "stdout", err = scratch.path() / "stderr";
    std::ofstream(in, std::ios::binary) << input;
    std::string command = shell_quote(engine_path()) + " " + args + " <" + shell_quote(in.string()) + " >" +
                          shell_quote(out.string()) + " 2>" + shell_quote(err.string());
    int raw = std::system(command.c_str());
    int status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return {status, read_file(out), read_file(err)};
}

}  // namespace augur::test
