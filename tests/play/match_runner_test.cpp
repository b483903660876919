// The match runner: game pairs over openings, colours, the same games at any
// concurrency, the SPRT stop, forfeits counted, and an engine that stops
// starting part way through a match.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <mutex>

#include "play/match_runner.h"

using namespace augur;
using namespace augur::play;

namespace {

class Recorder final : public MatchObserver {
public:
    void on_game_finished(const FinishedGame& game, const MatchState& state) override {
        games.push_back(game);
        games_counted.push_back(state.counts.games());
    }
    std::vector<FinishedGame> games;
    std::vector<int> games_counted;

    std::vector<FinishedGame> by_number() const {
        auto sorted = games;
        std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.number < b.number; });
        return sorted;
    }
};

MatchSettings small_match() {
    MatchSettings settings;
    settings.engines[0] = {"A", {}, {}, "", {}};
    settings.engines[1] = {"B", {{"Hash", "4"}}, {}, "", {}};
    for (EngineSpec& e : settings.engines) e.limits.nodes = 300;
    settings.openings = {{"", {"e2e4", "e7e5"}}, {"", {"d2d4", "d7d5"}}, {"", {"c2c4", "c7c5"}}};
    settings.rounds = 3;
    settings.adjudication.resign = {true, 2, 400};
    settings.adjudication.draw = {true, 20, 3, 30};
    return settings;
}

std::vector<std::string> moves_of(const GameRecord& record) {
    std::vector<std::string> sans;
    for (const MoveRecord& m : record.moves) sans.push_back(m.san);
    return sans;
}

}  // namespace

TEST_CASE("A match plays each opening twice with colours swapped", "[match]") {
    Recorder recorder;
    MatchOutcome outcome = run_match(small_match(), recorder);
    REQUIRE(outcome.error.empty());
    auto games = recorder.by_number();
    REQUIRE(games.size() == 6);
    for (std::size_t i = 0; i < games.size(); ++i) {
        CHECK(games[i].number == int(i) + 1);
        CHECK(games[i].round == int(i) / 2 + 1);
        CHECK(games[i].first_is_white == (i % 2 == 0));
        CHECK(games[i].record.white == (i % 2 == 0 ? "A" : "B"));
        CHECK(games[i].record.moves[0].book);
    }
    CHECK(games[0].record.moves[0].san == "e4");
    CHECK(games[1].record.moves[0].san == "e4");
    CHECK(games[2].record.moves[0].san == "d4");
    CHECK(games[4].record.moves[0].san == "c4");
    const MatchCounts& counts = outcome.state.counts;
    CHECK(counts.games() == 6);
    CHECK(counts.pairs() == 3);
    // The pairs agree with the games, counted from A's side.
    int half_points = 0;
    for (const auto& g : games) half_points += g.first_is_white ? g.record.white_half_points() : 2 - g.record.white_half_points();
    CHECK(counts.points() * 2 == half_points);
    CHECK(recorder.games_counted == std::vector<int>{1, 2, 3, 4, 5, 6});
}

TEST_CASE("A node-limited match is the same games at any concurrency", "[match]") {
    MatchSettings settings = small_match();
    settings.order = OpeningOrder::Random;
    settings.seed = 3;
    Recorder one, three;
    run_match(settings, one);
    settings.concurrency = 3;
    run_match(settings, three);
    auto a = one.by_number(), b = three.by_number();
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) CHECK(moves_of(a[i].record) == moves_of(b[i].record));
}

TEST_CASE("A match on a node clock is the same games at any concurrency and load", "[match][nodestime]") {
    // 0.1 s + 1 ms a move at 1,000 nodes a millisecond: 100,000 nodes of clock.
    // The engines read the same clock (NodesTime), so the games do not depend
    // on how fast the machine is, and a third game at once changes nothing.
    MatchSettings settings = small_match();
    settings.rounds = 2;
    PlayLimits node_clock;
    node_clock.base_ms = 100;
    node_clock.increment_ms = 1;
    node_clock.nodes_time = 1000;
    for (EngineSpec& e : settings.engines) e.limits = node_clock;
    Recorder one, three;
    REQUIRE(run_match(settings, one).error.empty());
    settings.concurrency = 3;
    REQUIRE(run_match(settings, three).error.empty());
    auto a = one.by_number(), b = three.by_number();
    REQUIRE(a.size() == 4);
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        CHECK(moves_of(a[i].record) == moves_of(b[i].record));
        CHECK(a[i].record.termination != Termination::TimeForfeit);
        // Each move is charged its nodes: the time recorded is nodes / 1000.
        for (const MoveRecord& m : a[i].record.moves) CHECK(m.time_ms == std::int64_t(m.nodes / 1000));
    }
}

TEST_CASE("The SPRT stops the match at its decision", "[match][sprt]") {
    MatchSettings settings = small_match();
    settings.engines[1].options.push_back({"Eval_Material", "false"});
    settings.rounds = 200;
    settings.concurrency = 2;
    settings.sprt = SprtSettings{0, 150, 0.1, 0.1};
    Recorder recorder;
    MatchOutcome outcome = run_match(settings, recorder);
    REQUIRE(outcome.error.empty());
    CHECK(outcome.state.decision == Sprt::Decision::AcceptH1);
    CHECK(outcome.state.llr >= outcome.state.sprt->upper_bound());
    CHECK(outcome.state.counts.games() < 400);
    CHECK(int(recorder.games.size()) == outcome.state.counts.games());
}

TEST_CASE("Bad settings are errors before any game", "[match]") {
    Recorder recorder;
    MatchSettings settings = small_match();
    settings.engines[0].options = {{"Nonsense", "1"}};
    CHECK(run_match(settings, recorder).error == "engine A: unknown option 'Nonsense'");
    settings = small_match();
    settings.engines[1].limits = {};
    CHECK(run_match(settings, recorder).error == "engine B has no limit (tc=, st=, nodes= or depth=)");
    settings = small_match();
    settings.engines[1].limits.nodes_time = 100;
    CHECK(run_match(settings, recorder).error == "engine B: nodestime= needs a clock (tc= or st=)");
    settings = small_match();
    settings.sprt = SprtSettings{5, 0, 0.05, 0.05};
    CHECK(run_match(settings, recorder).error == "sprt: elo0 must be less than elo1");
    CHECK(recorder.games.empty());
}

TEST_CASE("An engine that stops starting loses its games and the match goes on", "[match][uci-player]") {
    const char* data = std::getenv("AUGUR_TEST_DATA");
    REQUIRE(data);
    REQUIRE(std::getenv("AUGUR_ENGINE"));
    auto marker = std::filesystem::temp_directory_path() / ("augur-starts-once-" + std::to_string(getpid()));
    std::filesystem::remove(marker);
    setenv("AUGUR_STARTS_ONCE_MARKER", marker.c_str(), 1);
    MatchSettings settings = small_match();
    settings.engines[1].command = std::string(data) + "/engines/starts_once.sh";
    settings.engines[1].options.clear();
    settings.rounds = 1;
    Recorder recorder;
    MatchOutcome outcome = run_match(settings, recorder);  // the check before the games starts it once
    std::filesystem::remove(marker);
    REQUIRE(outcome.error.empty());
    REQUIRE(recorder.games.size() == 2);
    for (const FinishedGame& game : recorder.games) {
        CHECK(game.record.termination == Termination::Disconnected);
        CHECK(game.record.reason.find("could not start the game: engine exited with status 4") != std::string::npos);
    }
    CHECK(outcome.state.counts.wins == 2);
    CHECK(outcome.state.forfeits[1].disconnected == 2);
    CHECK(outcome.state.forfeits[0].total() == 0);
}
