// `augur match-sum` on the command line: the summaries of several logs added
// up, checked against figures computed independently (the SPRT of two and of
// four runs of SEARCH.md's test 26), and the input it refuses.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "session_helpers.h"

using namespace augur;
using namespace augur::test;

namespace {

using Run = CommandRun;

Run match_sum(const std::vector<std::string>& words) { return run_subcommand("match-sum", words); }

// A log file removed when the test ends.
class Log {
public:
    Log(const std::string& name, const std::string& text)
        : path_((std::filesystem::temp_directory_path() /
                 ("augur-match-sum-" + std::to_string(::getpid()) + "-" + name + ".log"))
                    .string()) {
        std::ofstream(path_) << text;
    }
    ~Log() { std::remove(path_.c_str()); }
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

// The summary lines augur match prints, with what comes before and after them in a log.
std::string summary(int wins, int losses, int draws, const std::string& pentanomial) {
    return "Finished game 1 (a vs b): 1-0 {White mates}\n"
           "--------------------------------------------------\n"
           "Results of a vs b (nodes=30000, openings.epd):\n"
           "Elo: 0.00 +/- 0.00, nElo: 0.00 +/- 0.00\n"
           "LOS: 50.00 %, DrawRatio: 0.00 %\n"
           "Games: " +
           std::to_string(wins + losses + draws) + ", Wins: " + std::to_string(wins) +
           ", Losses: " + std::to_string(losses) + ", Draws: " + std::to_string(draws) +
           ", Points: 0.0 (0.00 %)\n"
           "Ptnml(0-2): " +
           pentanomial +
           "\n"
           "LLR: 0.00 (-2.94, 2.94) [0.00, 10.00]\n"
           "--------------------------------------------------\n";
}

const std::vector<std::string> SPRT = {"-sprt", "elo0=0", "elo1=10", "alpha=0.05", "beta=0.05"};

bool has_line(const std::string& text, const std::string& line) {
    return ("\n" + text).find("\n" + line + "\n") != std::string::npos;
}

}  // namespace

TEST_CASE("augur match-sum adds the last summary of each log", "[cli][match-sum]") {
    // A log holds a summary at every rating interval: only its last one counts.
    Log first("261", summary(1, 1, 0, "[1, 0, 0, 0, 0]") + summary(406, 371, 463, "[49, 126, 230, 171, 44]") +
                         "Finished game 1241 (a vs b): 1/2-1/2 {Draw by threefold repetition}\n");
    Log second("262", summary(415, 378, 467, "[51, 127, 233, 172, 47]"));
    std::vector<std::string> words = SPRT;
    words.push_back(first.path());
    words.push_back(second.path());
    Run r = match_sum(words);
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    CHECK(r.err.empty());
    CHECK(has_line(r.out, first.path() +
                              ": Games: 1240, Wins: 406, Losses: 371, Draws: 463, Ptnml(0-2): [49, 126, 230, 171, 44]"));
    CHECK(has_line(r.out, "Results of 2 logs added:"));
    CHECK(has_line(r.out, "Games: 2500, Wins: 821, Losses: 749, Draws: 930, Points: 1286.0 (51.44 %)"));
    CHECK(has_line(r.out, "Ptnml(0-2): [100, 253, 463, 343, 91]"));
    // +10.0 +- 10.0 Elo and LLR 1.77, as an independent implementation of the same
    // model computed these counts (SEARCH.md test 26): no verdict yet.
    CHECK(r.out.find("Elo: 10.0") != std::string::npos);
    CHECK(has_line(r.out, "LLR: 1.77 (-2.94, 2.94) [0.00, 10.00]"));
    CHECK(r.out.find("accepted") == std::string::npos);
}

TEST_CASE("augur match-sum gives the SPRT's verdict on the sums", "[cli][match-sum]") {
    Log a("a", summary(406, 371, 463, "[49, 126, 230, 171, 44]"));
    Log b("b", summary(415, 378, 467, "[51, 127, 233, 172, 47]"));
    Log c("c", summary(221, 199, 260, "[26, 68, 127, 96, 23]"));
    Log d("d", summary(220, 192, 268, "[27, 66, 124, 98, 25]"));
    std::vector<std::string> words = {a.path(), b.path(), c.path(), d.path()};
    words.insert(words.end(), SPRT.begin(), SPRT.end());
    Run r = match_sum(words);
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    CHECK(has_line(r.out, "Ptnml(0-2): [153, 387, 714, 537, 139]"));
    CHECK(has_line(r.out, "LLR: 3.16 (-2.94, 2.94) [0.00, 10.00]"));
    CHECK(has_line(r.out, "H1 accepted"));

    // Without -sprt: the same sums, no LLR and no verdict.
    Run plain = match_sum({a.path(), b.path(), c.path(), d.path()});
    REQUIRE(plain.status == 0);
    CHECK(has_line(plain.out, "Ptnml(0-2): [153, 387, 714, 537, 139]"));
    CHECK(plain.out.find("LLR") == std::string::npos);
    CHECK(plain.out.find("accepted") == std::string::npos);
}

TEST_CASE("augur match-sum refuses what it cannot add", "[cli][match-sum]") {
    Log good("good", summary(3, 1, 2, "[0, 1, 1, 1, 0]"));
    Log empty("empty", "Finished game 1 (a vs b): 1-0 {White mates}\n");
    Log too_many_pairs("pairs", summary(1, 1, 0, "[0, 1, 1, 1, 0]"));
    const std::string missing = good.path() + ".missing";
    auto refused = [](const std::vector<std::string>& words, const std::string& reason) {
        Run r = match_sum(words);
        INFO(r.out << r.err);
        CHECK(r.status == 1);
        CHECK(r.err.find(reason) != std::string::npos);
    };
    refused({}, "names no log");
    refused({missing}, "cannot read " + missing);
    refused({empty.path()}, "no summary");
    refused({too_many_pairs.path()}, "pairs (3) hold more games than it played (2)");
    refused({good.path(), "-games", "2"}, "unknown flag '-games'");
    refused({good.path(), "-sprt", "elo0=0", "elo1=10", "alpha=0.05"}, "-sprt: needs beta=");
    refused({good.path(), "-sprt", "elo0=10", "elo1=0", "alpha=0.05", "beta=0.05"}, "-sprt:");
    refused({good.path(), "-sprt", "elo0=x", "elo1=10", "alpha=0.05", "beta=0.05"}, "-sprt: elo0=x: expects a number");
    refused({good.path(), "-sprt", "gamma=1"}, "-sprt: unknown setting 'gamma'");

    Run help = match_sum({"--help"});
    CHECK(help.status == 0);
    CHECK(help.out.find("usage: augur match-sum LOG...") == 0);
}
