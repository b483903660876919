// `augur tune` on the command line: a short real run that prints every
// iteration and writes the table lines, and the flags it refuses.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "search/time_params.h"
#include "session_helpers.h"
#include "training/training_file.h"

using namespace augur;
using namespace augur::test;

namespace {

using Run = CommandRun;

Run tune(const std::vector<std::string>& words) { return run_subcommand("tune", words); }

const std::vector<std::string> PARAM = {"-param", "name=lmr_base", "min=100", "max=300", "c=40"};

std::vector<std::string> with(std::vector<std::string> words) {
    words.insert(words.begin(), PARAM.begin(), PARAM.end());
    return words;
}

std::string temp_file(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("augur-tune-test-" + std::to_string(::getpid()) + name)).string();
}

}  // namespace

TEST_CASE("augur tune plays its iterations and writes the tuned values", "[cli][tune]") {
    const std::string output = temp_file(".table");
    Run r = tune({"-param", "name=lmr_base", "min=100", "max=300", "c=40", "r=0.01", "-param", "name=futility_margin",
                  "min=40", "max=140", "c=10", "start=90", "-iterations", "3", "-pairs", "1", "-each", "nodes=300",
                  "option.Hash=1", "-seed", "4", "-output", output});
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    CHECK(r.err.empty());
    const std::regex iteration(R"(iteration [123]/3: plus \d - minus \d \(\d draws\); lmr_base [0-9.]+ futility_margin [0-9.]+)");
    int iterations = 0;
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) iterations += std::regex_match(line, iteration);
    CHECK(iterations == 3);
    CHECK(r.out.find("Tuned in 3 iterations, 6 games") != std::string::npos);

    std::ifstream written(output);
    std::stringstream table;
    table << written.rdbuf();
    std::remove(output.c_str());
    const std::regex entry(R"((lmr_base|futility_margin): int = (\d+)  // SPSA: [0-9.]+ -> [0-9.]+ in 3 iterations, 6 games)");
    std::istringstream entries(table.str());
    std::vector<int> values;
    for (std::string line; std::getline(entries, line);) {
        std::smatch m;
        REQUIRE(std::regex_match(line, m, entry));
        values.push_back(std::stoi(m[2]));
    }
    REQUIRE(values.size() == 2);
    CHECK(values[0] >= 100);
    CHECK(values[0] <= 300);
    CHECK(values[1] >= 40);
    CHECK(values[1] <= 140);
    CHECK(r.out.find(table.str()) != std::string::npos);  // the same lines on the screen
}

TEST_CASE("augur tune tunes a number of the time management on a clock", "[cli][tune]") {
    // A node clock (nodestime) keeps the games quick and the run reproducible;
    // the start is time_params.table's value.
    const std::string output = temp_file("-time.table");
    Run r = tune({"-param", "name=start_iteration_permille", "min=300", "max=700", "c=50", "-iterations", "1",
                  "-pairs", "1", "-each", "tc=0.3+0.003", "nodestime=100", "option.Hash=1", "-seed", "4", "-output",
                  output});
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    CHECK(r.out.find("Tuned in 1 iterations, 2 games") != std::string::npos);
    std::ifstream written(output);
    std::stringstream table;
    table << written.rdbuf();
    std::remove(output.c_str());
    const std::string start = std::to_string(TimeParams{}.start_iteration_permille);
    const std::regex line("start_iteration_permille: int = \\d+  // SPSA: " + start + "(\\.0+)? -> ");
    CHECK(std::regex_search(table.str(), line));
}

TEST_CASE("augur tune -dataout keeps the positions of every game as training data", "[cli][tune]") {
    const std::string data = temp_file(".bin");
    Run r = tune(with({"-iterations", "2", "-pairs", "1", "-each", "nodes=300", "option.Hash=1", "-seed", "5",
                       "-dataout", "file=" + data}));
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    std::smatch m;
    REQUIRE(std::regex_search(r.out, m, std::regex(R"(Training data: (\d+) positions written to (\S+))")));
    const std::uint64_t written = std::stoull(m[1]);
    CHECK(m[2] == data);
    CHECK(written > 20);  // four games of a few dozen moves, a position for most of them

    std::ifstream in(data, std::ios::binary);
    TrainingFileReader reader(in);
    TrainingRecord record;
    while (reader.next(record)) {}
    CHECK(reader.error().empty());
    CHECK(reader.records_read() == written);
    in.close();
    std::remove(data.c_str());
}

TEST_CASE("augur tune refuses what it cannot tune", "[cli][tune]") {
    auto refused = [](const std::vector<std::string>& words, const std::string& reason) {
        Run r = tune(words);
        INFO(r.err);
        CHECK(r.status == 1);
        CHECK(r.out.empty());
        CHECK(r.err.find(reason) != std::string::npos);
    };
    refused({"-param", "name=lmr_base", "min=100", "max=300", "c=40"}, "-iterations N is required");
    refused({"-iterations", "2", "-each", "nodes=100"}, "no parameter to tune");
    refused({"-param", "name=no_such", "min=1", "max=3", "c=1", "-iterations", "2"},
            "unknown search parameter 'no_such'");
    refused({"-param", "name=lmr_base", "min=100", "c=40", "-iterations", "2"}, "needs name=, min=, max= and c=");
    refused({"-param", "name=lmr_base", "min=300", "max=100", "c=40", "-iterations", "2"}, "min must be below max");
    refused({"-param", "name=lmr_base", "min=100", "max=300", "c=x", "-iterations", "2"}, "c=x: expects a number");
    refused({"-param", "name=lmr_base", "min=100", "max=300", "c=4", "speed=2", "-iterations", "2"},
            "unknown setting 'speed'");
    refused(with({"-iterations", "0"}), "-iterations");
    refused(with({"-iterations", "2", "-engine", "name=x"}), "-engine: is augur match's");
    refused(with({"-iterations", "2", "-sprt", "elo0=0", "elo1=5", "alpha=0.05", "beta=0.05"}), "-sprt: is augur match's");
    refused(with({"-iterations", "2", "-each", "nodes=100", "option.NoSuchOption=1"}), "NoSuchOption");
    refused(with({"-iterations", "2", "-each", "nodes=100", "cmd=/bin/false"}),
            "only be set on an Augur engine");
    refused(with({"-iterations", "2", "-each", "nodes=100", "-output", "/nonexistent/dir/x.table"}), "cannot write");
    refused(with({"-iterations", "2", "-each", "nodes=100", "-dataout", "file=/nonexistent/dir/x.bin"}),
            "cannot write the data file /nonexistent/dir/x.bin");
    refused(with({"-iterations", "2", "-each", "nodes=100", "-dataout", "a=b"}), "-dataout: expects file=F");
    refused(with({"-iterations", "2", "-pgnout", "x.pgn"}), "-pgnout: is augur match's");
}

TEST_CASE("augur tune --help lists its flags", "[cli][tune]") {
    Run r = tune({"--help"});
    CHECK(r.status == 0);
    for (const char* flag : {"-param", "-iterations", "-pairs", "-output", "-dataout"}) CHECK(r.out.find(flag) != std::string::npos);
}
