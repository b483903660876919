// The engine's options against the option table: defaults, parsing of every
// type, and what a change of value empties. The stale-table case: the
// transposition table holds scores of the evaluation they were computed with,
// so switching an evaluation term must empty it, or the next search returns
// scores of the old evaluation.
#include <catch2/catch.hpp>

#include <array>
#include <string_view>

#include "core/game.h"
#include "engine/engine.h"
#include "engine/option_table.h"

using namespace augur;

namespace {

constexpr std::string_view MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8";

// A small table, so that hashfull (a sample of its first entries) sees a search.
void use_small_table(Engine& engine) { REQUIRE_FALSE(engine.set_option("Hash", "1")); }

SearchResult search_to(Engine& engine, int depth) {
    auto created = Game::from_fen(MIDDLEGAME);
    SearchLimits limits;
    limits.depth = depth;
    return engine.search(*created.game, limits);
}

}  // namespace

TEST_CASE("A new engine's options hold the table's defaults", "[options]") {
    Engine engine;
    for (const OptionSpec& spec : Engine::option_list()) {
        INFO(spec.name);
        if (spec.type == OptionType::Button)
            CHECK_FALSE(engine.option_value(spec.name));
        else
            CHECK(engine.option_value(spec.name) == std::string(spec.default_value));
    }
}

TEST_CASE("option_values holds every option's value in the list's order, as set", "[options]") {
    Engine engine;
    REQUIRE_FALSE(engine.set_option("Hash", "2"));
    REQUIRE_FALSE(engine.set_option("eval_mobility", "FALSE"));
    std::span<const OptionSpec> specs = Engine::option_list();
    std::span<const std::string> values = engine.option_values();
    REQUIRE(values.size() == specs.size());
    for (std::size_t i = 0; i < specs.size(); ++i) {
        INFO(specs[i].name);
        if (specs[i].type == OptionType::Button)
            CHECK(values[i] == std::string(specs[i].default_value));
        else
            CHECK(engine.option_value(specs[i].name) == values[i]);
    }
    const auto hash = std::size_t(find_option(specs, "Hash") - specs.data());
    CHECK(values[hash] == "2");
    CHECK(values[std::size_t(find_option(specs, "Eval_Mobility") - specs.data())] == "false");
    REQUIRE(engine.set_option("Hash", "0"));  // refused: the value stays
    CHECK(engine.option_values()[hash] == "2");
    // A button keeps its empty value when pressed, so a configuration compared
    // before and after (the fuzz targets' restore) never differs by a button.
    const auto clear_hash = std::size_t(find_option(specs, "Clear Hash") - specs.data());
    REQUIRE_FALSE(engine.set_option("Clear Hash", ""));
    CHECK(engine.option_values()[clear_hash] == std::string(specs[clear_hash].default_value));
}

TEST_CASE("Option values are checked against their spec, whatever the type", "[options]") {
    constexpr std::array<std::string_view, 3> STYLES = {"solid", "normal", "risky"};
    const OptionSpec combo{"Style", OptionType::Combo, "normal", 0, 0, STYLES, OptionClears::Nothing,
                           OptionTarget::Session, nullptr, EvalTerm::Count, "a combo"};
    CHECK(parse_option_value(combo, "RISKY").text == "risky");  // the choice as declared
    CHECK(parse_option_value(combo, "reckless").error == "option Style takes solid, normal or risky");
    const OptionSpec path{"SomePath", OptionType::String, "", 0, 0, {}, OptionClears::Nothing,
                          OptionTarget::Session, nullptr, EvalTerm::Count, "a string"};
    CHECK(parse_option_value(path, "/tmp/a b").text == "/tmp/a b");
    CHECK(parse_option_value(path, "<empty>").text.empty());
    CHECK(parse_option_value(path, "<empty>").error.empty());
    const OptionSpec& hash = *find_option(Engine::option_list(), "hASH");
    CHECK(parse_option_value(hash, "64").number == 64);
    CHECK(parse_option_value(hash, "65537").error == "Hash must be a whole number from 1 to 65536");
    CHECK(parse_option_value(hash, "+5").error.size() > 0);
    CHECK(uci_option_line(combo) == "option name Style type combo default normal var solid var normal var risky");
    CHECK(xboard_option_feature(combo) == "feature option=\"Style -combo solid /// *normal /// risky\"");
    CHECK(uci_option_line(path) == "option name SomePath type string default <empty>");
    CHECK(xboard_option_feature(path) == "feature option=\"SomePath -string \"");
}

TEST_CASE("Switching an evaluation term empties the transposition table", "[options]") {
    Engine stale_risk;
    use_small_table(stale_risk);
    search_to(stale_risk, 7);
    REQUIRE(stale_risk.hashfull() > 0);
    CHECK_FALSE(stale_risk.set_option("Eval_material", "true"));  // no change: the table stays
    CHECK(stale_risk.hashfull() > 0);
    CHECK_FALSE(stale_risk.set_option("Eval_material", "false"));
    CHECK(stale_risk.hashfull() == 0);
    SearchResult after_switch = search_to(stale_risk, 7);

    // The same history, with the table emptied by hand: what the switch must give.
    Engine control;
    use_small_table(control);
    search_to(control, 7);
    CHECK_FALSE(control.set_option("Eval_material", "false"));
    control.clear_hash();
    SearchResult expected = search_to(control, 7);
    CHECK(after_switch.score == expected.score);
    CHECK(after_switch.best_move == expected.best_move);
    CHECK(after_switch.stats.nodes == expected.stats.nodes);
}

TEST_CASE("Search switches leave the table; Clear Hash empties it", "[options]") {
    Engine engine;
    use_small_table(engine);
    search_to(engine, 6);
    CHECK_FALSE(engine.set_option("NullMove", "false"));  // the scores stay true
    CHECK(engine.hashfull() > 0);
    CHECK_FALSE(engine.set_option("clear hash", ""));
    CHECK(engine.hashfull() == 0);
}

TEST_CASE("Search parameters are set by the table's names, within safe values", "[options][params]") {
    Engine engine;
    use_small_table(engine);
    REQUIRE(engine.search_param("lmr_base") == 192);
    const SearchResult table_values = search_to(engine, 8);

    REQUIRE_FALSE(engine.set_search_param("lmr_base", 400));
    CHECK(engine.search_param("lmr_base") == 400);
    engine.new_game();
    const SearchResult changed = search_to(engine, 8);
    CHECK(changed.stats.nodes != table_values.stats.nodes);  // reductions of a ply and more: another tree

    // Refusals change nothing.
    CHECK(engine.set_search_param("no_such_param", 1)->find("unknown search parameter") != std::string::npos);
    CHECK_FALSE(engine.search_param("no_such_param"));
    CHECK(engine.set_search_param("lmr_divisor", 0)->find("must be 1..32767") != std::string::npos);
    CHECK(engine.set_search_param("correction_grain", -5)->find("must be 1..") != std::string::npos);
    CHECK(engine.set_search_param("aspiration_delta", 1)->find("must be 2..") != std::string::npos);
    CHECK(engine.set_search_param("se_min_depth", 2)->find("must be 3..") != std::string::npos);
    CHECK(engine.set_search_param("futility_margin", 40000)->find("must be 0..32767") != std::string::npos);
    CHECK(engine.search_param("lmr_divisor") == 1024);
    CHECK(engine.search_param("lmr_base") == 400);

    REQUIRE_FALSE(engine.set_search_param("lmr_base", 192));
    engine.new_game();
    CHECK(search_to(engine, 8).stats.nodes == table_values.stats.nodes);
}

TEST_CASE("lmr_cutoff_count changes the tree only when set", "[options][params]") {
    Engine engine;
    use_small_table(engine);
    REQUIRE(engine.search_param("lmr_cutoff_count") == 0);
    const SearchResult off = search_to(engine, 9);
    REQUIRE_FALSE(engine.set_search_param("lmr_cutoff_count", 3));
    engine.new_game();
    CHECK(search_to(engine, 9).stats.nodes != off.stats.nodes);  // the fail-high counts now reduce
}
