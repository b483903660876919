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

TEST_CASE("augur tune stopped with -until and resumed from its -state ends as one whole run", "[cli][tune]") {
    const std::string whole = temp_file("-whole.state"), split = temp_file("-split.state");
    const std::vector<std::string> run = {"-param", "name=lmr_base", "min=100", "max=300", "c=40", "r=0.01",
                                          "-param", "name=futility_margin", "min=40", "max=140", "c=10",
                                          "-iterations", "4", "-pairs", "1", "-each", "nodes=300", "option.Hash=1",
                                          "-seed", "9"};
    auto with_flags = [&run](std::vector<std::string> flags) {
        flags.insert(flags.begin(), run.begin(), run.end());
        return flags;
    };
    auto read = [](const std::string& path) {
        std::ifstream in(path);
        std::stringstream text;
        text << in.rdbuf();
        return text.str();
    };
    Run one = tune(with_flags({"-state", whole}));
    INFO(one.out << one.err);
    REQUIRE(one.status == 0);
    CHECK(read(whole).find("done 4\ngames 8\n") != std::string::npos);

    Run first = tune(with_flags({"-state", split, "-until", "2"}));
    INFO(first.out << first.err);
    REQUIRE(first.status == 0);
    CHECK(first.out.find("Tuned in 2 iterations, 4 games") != std::string::npos);
    CHECK(first.out.find("Stopped after iteration 2 of 4: go on with -resume " + split) != std::string::npos);
    CHECK(read(split).find("done 2\ngames 4\n") != std::string::npos);

    Run second = tune(with_flags({"-resume", split, "-state", split}));
    INFO(second.out << second.err);
    REQUIRE(second.status == 0);
    CHECK(second.out.find("iteration 1/4") == std::string::npos);
    CHECK(second.out.find("iteration 3/4") != std::string::npos);
    CHECK(second.out.find("Tuned in 4 iterations, 8 games") != std::string::npos);
    CHECK(read(split) == read(whole));  // the same games, signs and steps: the same estimate, bit for bit
    // The table lines of the two runs agree as well.
    auto table = [](const std::string& out) { return out.substr(out.find("Tuned in")); };
    CHECK(table(second.out).substr(table(second.out).find('\n')) == table(one.out).substr(table(one.out).find('\n')));

    // A finished tuning has nothing left; another tuning's state is refused.
    Run done = tune(with_flags({"-resume", split}));
    CHECK(done.status == 1);
    CHECK(done.err.find("nothing left to run") != std::string::npos);
    std::vector<std::string> other = with_flags({"-resume", split});
    other[std::size_t(std::ranges::find(other, "-seed") - other.begin()) + 1] = "10";
    Run foreign = tune(other);
    CHECK(foreign.status == 1);
    CHECK(foreign.err.find("belongs to another tuning") != std::string::npos);
    std::remove(whole.c_str());
    std::remove(split.c_str());
}

TEST_CASE("augur tune refuses a damaged or missing state", "[cli][tune]") {
    const std::string state = temp_file("-bad.state");
    const std::vector<std::string> run = with({"-iterations", "3", "-pairs", "1", "-each", "nodes=100", "option.Hash=1",
                                               "-seed", "2", "-until", "1", "-state", state});
    REQUIRE(tune(run).status == 0);
    std::ifstream in(state);
    std::stringstream text;
    text << in.rdbuf();
    in.close();
    auto resumed_from = [&](const std::string& content) {
        std::ofstream(state, std::ios::trunc) << content;
        std::vector<std::string> words = with({"-iterations", "3", "-pairs", "1", "-each", "nodes=100",
                                               "option.Hash=1", "-seed", "2", "-resume", state});
        return tune(words);
    };
    const std::string good = text.str();
    CHECK(resumed_from(good).status == 0);
    Run cut = resumed_from(good.substr(0, good.find("values")));
    CHECK(cut.status == 1);
    CHECK(cut.err.find("the state is damaged") != std::string::npos);
    Run wild = resumed_from(good.substr(0, good.find("values")) + "values 1e9\n");
    CHECK(wild.status == 1);
    CHECK(wild.err.find("lmr_base: the checkpoint's value lies outside min..max") != std::string::npos);
    std::string negative = good;
    negative.replace(negative.find("games "), 6, "games -");
    Run minus = resumed_from(negative);
    CHECK(minus.status == 1);
    CHECK(minus.err.find("count of games is negative") != std::string::npos);
    Run other = resumed_from("something else\n");
    CHECK(other.status == 1);
    CHECK(other.err.find("is not a state file of augur tune") != std::string::npos);
    std::remove(state.c_str());
    Run missing = tune(with({"-iterations", "3", "-each", "nodes=100", "-resume", state}));
    CHECK(missing.status == 1);
    CHECK(missing.err.find("-resume: cannot read " + state) != std::string::npos);
    Run unwritable = tune(with({"-iterations", "3", "-each", "nodes=100", "-state", "/nonexistent/dir/x.state"}));
    CHECK(unwritable.status == 1);
    CHECK(unwritable.err.find("-state: cannot write") != std::string::npos);
    CHECK(tune(with({"-iterations", "3", "-each", "nodes=100", "-until", "4"})).err.find("the iteration to stop after") !=
          std::string::npos);
}
