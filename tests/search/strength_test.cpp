// Play at a chosen strength (search/strength.h; options UCI_LimitStrength,
// UCI_Elo, RandomSeed): the node budget and temperature by Elo, the draw of a
// line, and the engine searching, reporting and playing within them.
#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include "core/movegen.h"
#include "search/strength.h"
#include "support.h"

using namespace augur;
using namespace augur::test;

namespace {

using P = StrengthParams;

std::unique_ptr<Engine> weak_engine(int elo, int seed) {
    auto engine = std::make_unique<Engine>();
    REQUIRE_FALSE(engine->set_option("UCI_LimitStrength", "true"));
    REQUIRE_FALSE(engine->set_option("UCI_Elo", std::to_string(elo)));
    REQUIRE_FALSE(engine->set_option("RandomSeed", std::to_string(seed)));
    return engine;
}

std::size_t distinct(const std::vector<Move>& moves) {
    std::set<std::uint16_t> raw;
    for (Move m : moves) raw.insert(m.raw());
    return raw.size();
}

// The moves a weak engine plays from the same position in `searches` searches
// (its table cleared before each, so only the random draw differs).
std::vector<Move> moves_played(Engine& engine, Game& game, int searches) {
    std::vector<Move> moves;
    for (int i = 0; i < searches; ++i) moves.push_back(search_fresh(engine, game, 0).best_move);
    return moves;
}

}  // namespace

TEST_CASE("The node budget doubles every elo_per_doubling points", "[strength]") {
    CHECK(strength_node_budget(P::base_elo) == std::uint64_t(P::base_nodes));
    CHECK(strength_node_budget(P::base_elo + P::elo_per_doubling) == 2 * std::uint64_t(P::base_nodes));
    const int half = P::elo_per_doubling / 2;
    CHECK(strength_node_budget(P::base_elo + half) == std::uint64_t(P::base_nodes + P::base_nodes * half / P::elo_per_doubling));
    CHECK(strength_node_budget(P::base_elo - 500) == std::uint64_t(P::base_nodes));
    for (int elo = 1000; elo < 2500; ++elo) {
        INFO("Elo " << elo);
        CHECK(strength_node_budget(elo) <= strength_node_budget(elo + 1));
        CHECK(strength_node_budget(elo) < strength_node_budget(elo + P::elo_per_doubling / 4));
    }
}

TEST_CASE("Above compress_from_elo a UCI_Elo point counts compress_permille / 1000", "[strength]") {
    for (int elo : {1000, 1500, P::compress_from_elo}) CHECK(strength_search_elo(elo) == elo);
    CHECK(strength_search_elo(P::compress_from_elo + 1000) == P::compress_from_elo + P::compress_permille);
    CHECK(strength_search_elo(2500) < 2500);
    for (int elo = 1000; elo < 3500; ++elo) {
        INFO("Elo " << elo);
        CHECK(strength_search_elo(elo) <= strength_search_elo(elo + 1));
        CHECK(strength_search_elo(elo) < strength_search_elo(elo + 1000 / P::compress_permille + 1));
    }
    // Above the knee the budget still grows, by fewer doublings per point.
    const int above = P::compress_from_elo + P::elo_per_doubling * 1000 / P::compress_permille;
    const double ratio = double(strength_node_budget(above)) / double(strength_node_budget(P::compress_from_elo));
    CHECK(ratio > 1.95);  // one doubling, give or take the integer steps
    CHECK(ratio < 2.05);
}

TEST_CASE("The temperature falls with the Elo to zero at exact_elo on the search's scale", "[strength]") {
    int exact = P::compress_from_elo;  // the lowest UCI_Elo whose search Elo reaches exact_elo
    while (strength_search_elo(exact) < P::exact_elo) ++exact;
    CHECK(strength_temperature(exact) == 0);
    CHECK(strength_temperature(exact + 300) == 0);
    CHECK(strength_temperature(1500) == (P::exact_elo - 1500) * P::temperature_per_100_elo / 100);
    for (int elo = 1000; elo < exact; ++elo) {
        INFO("Elo " << elo);
        CHECK(strength_temperature(elo) >= strength_temperature(elo + 1));
        if (strength_search_elo(elo) <= P::exact_elo - 100) CHECK(strength_temperature(elo) > 0);
    }
}

TEST_CASE("The random sequence is SplitMix64's and repeats from a seed", "[strength]") {
    // SplitMix64 from seed 0 starts with these (the published reference values).
    StrengthRandom random(0);
    CHECK(random.next() == 0xE220A8397B1DCDAFULL);
    CHECK(random.next() == 0x6E789E6AA1B965F4ULL);
    StrengthRandom a(42), b(42), c(43);
    for (int i = 0; i < 100; ++i) CHECK(a.next() == b.next());
    CHECK(a.next() != c.next());
}

TEST_CASE("A line is drawn in proportion to exp(-(best - score) / temperature)", "[strength]") {
    const std::vector<int> scores{40, 50, -300, 30, -2000};
    const int temperature = 100;
    StrengthRandom random(7);
    std::vector<int> drawn(scores.size());
    const int draws = 40000;
    for (int i = 0; i < draws; ++i) ++drawn[choose_line(scores, temperature, random)];
    double total = 0;
    for (int s : scores) total += std::exp((s - 50) / double(temperature));
    for (std::size_t i = 0; i < scores.size(); ++i) {
        const double expected = std::exp((scores[i] - 50) / double(temperature)) / total;
        INFO("line " << i << " score " << scores[i] << " drawn " << drawn[i]);
        CHECK(std::abs(drawn[i] / double(draws) - expected) < 0.01);
    }
    CHECK(drawn[4] == 0);  // 20 temperatures behind: weight 0
    CHECK(drawn[1] > drawn[0]);
    CHECK(drawn[0] > drawn[3]);
}

TEST_CASE("Without a temperature, or with one line, the best line is played", "[strength]") {
    StrengthRandom random(1);
    const std::vector<int> scores{10, 90, 80};
    for (int i = 0; i < 100; ++i) CHECK(choose_line(scores, 0, random) == 1);
    const std::vector<int> one{-50};
    CHECK(choose_line(one, 200, random) == 0);
    CHECK(strength_weight(0, 100) == P::weight_scale);
}

TEST_CASE("A weaker setting loses more on average", "[strength]") {
    // The mean distance from the best line of the line drawn, over a fixed set of
    // lines: it grows as the Elo falls.
    const std::vector<int> scores{20, 5, -10, -60, -150, -400};
    double previous_loss = -1;
    for (int elo = 2500; elo >= 1000; elo -= 250) {
        StrengthRandom random(3);
        double loss = 0;
        for (int i = 0; i < 5000; ++i) loss += 20 - scores[choose_line(scores, strength_temperature(elo), random)];
        INFO("Elo " << elo << " mean loss " << loss / 5000);
        CHECK(loss / 5000 > previous_loss);
        previous_loss = loss / 5000;
    }
}

TEST_CASE("A limited strength caps the search at its node budget", "[strength][limits]") {
    auto game = make_game("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    for (int elo : {1000, 1400, 1800}) {
        auto engine = weak_engine(elo, 5);
        SearchResult r = search_fresh(*engine, *game, 0);
        INFO("Elo " << elo << " nodes " << r.stats.nodes);
        CHECK(r.stats.nodes <= strength_node_budget(elo) + 8);
        CHECK(r.stats.nodes >= strength_node_budget(elo) / 2);
        REQUIRE(r.best_move);
        CHECK(game->position().is_legal(r.best_move));
        // A smaller node limit of the caller's still counts.
        SearchResult small = search_fresh(*engine, *game, 0, 20);
        CHECK(small.stats.nodes <= 28);
    }
    Engine full;
    REQUIRE_FALSE(full.set_option("UCI_Elo", "1000"));  // without UCI_LimitStrength: no effect
    CHECK(search_fresh(full, *game, 6).stats.nodes > strength_node_budget(1000) + 8);
}

TEST_CASE("A limited strength reports only the MultiPV lines it was asked for", "[strength]") {
    auto game = make_game("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    for (int multipv : {1, 2}) {
        auto engine = weak_engine(1800, 5);
        REQUIRE_FALSE(engine->set_option("MultiPV", std::to_string(multipv)));
        RecordingListener listener;
        engine->new_game();
        engine->search(*game, SearchLimits{}, &listener);
        REQUIRE_FALSE(listener.iterations.empty());
        std::set<int> lines;
        for (const PvInfo& info : listener.iterations) lines.insert(info.multipv);
        for (const PvInfo& info : listener.pvs) lines.insert(info.multipv);
        INFO("MultiPV " << multipv);
        CHECK(*lines.rbegin() == multipv);
    }
}

TEST_CASE("The same seed plays the same moves, and a weak setting varies its moves", "[strength]") {
    auto game = make_game("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    auto first = weak_engine(1000, 11);
    auto second = weak_engine(1000, 11);
    const std::vector<Move> moves = moves_played(*first, *game, 30);
    CHECK(moves == moves_played(*second, *game, 30));
    CHECK(distinct(moves) >= 2);
    for (Move m : moves) CHECK(game->position().is_legal(m));
    // Setting the seed again starts the sequence again.
    REQUIRE_FALSE(first->set_option("RandomSeed", "11"));
    CHECK(moves_played(*first, *game, 30) == moves);
}

TEST_CASE("Even the top of the range draws a worse line now and then", "[strength]") {
    // exact_elo lies above the option's range (the calibration put it there), so
    // every setting keeps a temperature; the function itself is tested above.
    REQUIRE(strength_temperature(2500) > 0);
    auto game = make_game("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    auto engine = weak_engine(2500, 5);
    CHECK(distinct(moves_played(*engine, *game, 12)) > 1);
}

TEST_CASE("A limited strength still takes the only move and sees mate in one", "[strength]") {
    auto engine = weak_engine(1000, 9);
    auto only = make_game("7k/8/8/8/8/8/r7/K6r w - - 0 1");
    CHECK(search_fresh(*engine, *only, 0).best_move == MoveList<>(only->position())[0]);
    // Back-rank mate: every other line is a mate score behind, weight 0.
    auto mate = make_game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    for (int i = 0; i < 10; ++i) CHECK(move_uci(*mate, search_fresh(*engine, *mate, 0).best_move) == "a1a8");
}

TEST_CASE("UCI_Elo outside its range is refused", "[strength]") {
    Engine engine;
    CHECK(engine.set_option("UCI_Elo", "999"));
    CHECK(engine.set_option("UCI_Elo", "2501"));
    CHECK(engine.set_option("UCI_Elo", "strong"));
    CHECK(engine.set_option("RandomSeed", "-1"));
    CHECK_FALSE(engine.set_option("UCI_Elo", "2500"));
}
