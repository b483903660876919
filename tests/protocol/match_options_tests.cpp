// The command line of `augur match`: every flag read into the settings, and
// clear errors for bad flags, values, options and files; `augur datagen`
// reading the flags the two share the same way.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <tuple>

#include "protocol/datagen_command.h"
#include "protocol/match_options.h"
#include "tablebase/syzygy.h"

using namespace augur;

namespace {

std::vector<std::string> words(const std::string& line) {
    std::vector<std::string> result;
    std::size_t start = 0;
    while ((start = line.find_first_not_of(' ', start)) != std::string::npos) {
        std::size_t end = line.find(' ', start);
        result.push_back(line.substr(start, end - start));
        start = end;
    }
    return result;
}

ParsedMatchCommand parse(const std::string& line) { return parse_match_command(words(line)); }

std::string data(const std::string& name) {
    const char* dir = std::getenv("AUGUR_TEST_DATA");
    REQUIRE(dir);
    return std::string(dir) + "/" + name;
}

const std::string TWO = "-engine name=A -engine name=B -each nodes=1000 ";

}  // namespace

TEST_CASE("A full match command line", "[match-options]") {
    auto parsed = parse("-engine name=base option.Hash=8 -engine name=nomat option.Eval_Material=false tc=10+0.1"
                        " -each nodes=5000 option.Threads=1 -openings file=" + data("openings/small.pgn") +
                        " format=pgn order=random plies=4 start=2 -rounds 50 -games 2 -repeat -concurrency 2"
                        " -sprt elo0=0 elo1=10 alpha=0.05 beta=0.1 -pgnout file=/tmp/x.pgn -dataout /tmp/x.bin -seed 42"
                        " -resign movecount=3 score=600 -draw movenumber=40 movecount=8 score=10 -timemargin 50"
                        " -ratinginterval 20 -variant standard");
    REQUIRE(parsed.error == "");
    const auto& c = parsed.command;
    const auto& s = c.settings;
    CHECK(s.engines[0].name == "base");
    CHECK(s.engines[0].limits.nodes == 5000);
    CHECK(s.engines[0].limits.base_ms == -1);
    CHECK(s.engines[0].options == std::vector<play::OptionSetting>{{"Threads", "1"}, {"Hash", "8"}});
    CHECK(s.engines[1].limits.base_ms == 10000);  // its own limits replace -each's
    CHECK(s.engines[1].limits.increment_ms == 100);
    CHECK(s.engines[1].limits.nodes == 0);
    CHECK(s.engines[1].options.back() == play::OptionSetting{"Eval_Material", "false"});
    CHECK(s.openings.size() == 4);
    CHECK(s.openings[0].moves.size() == 4);
    CHECK(s.order == play::OpeningOrder::Random);
    CHECK(s.opening_start == 1);
    CHECK(s.rounds == 50);
    CHECK(s.games_per_round == 2);
    CHECK(s.concurrency == 2);
    REQUIRE(s.sprt);
    CHECK(s.sprt->elo1 == 10);
    CHECK(s.sprt->beta == 0.1);
    CHECK(c.pgn_file == "/tmp/x.pgn");
    CHECK(c.data_file == "/tmp/x.bin");
    CHECK(s.seed == 42);
    CHECK(s.adjudication.resign.enabled);
    CHECK(s.adjudication.resign.move_count == 3);
    CHECK(s.adjudication.resign.score_cp == 600);
    CHECK(s.adjudication.draw.enabled);
    CHECK(s.adjudication.draw.move_number == 40);
    CHECK(s.time_margin_ms == 50);
    CHECK(c.rating_interval == 20);
    CHECK_FALSE(s.chess960);
}

TEST_CASE("nodestime= belongs to the clock: with tc= on -each or an engine's own", "[match-options]") {
    auto parsed = parse("-engine name=A -engine name=B tc=2+0.02 -each tc=1+0.01 nodestime=500");
    REQUIRE(parsed.error == "");
    const auto& s = parsed.command.settings;
    CHECK(s.engines[0].limits.base_ms == 1000);
    CHECK(s.engines[0].limits.nodes_time == 500);
    CHECK(s.engines[1].limits.base_ms == 2000);  // its own clock replaces -each's, node clock included
    CHECK(s.engines[1].limits.nodes_time == 0);
}

TEST_CASE("param.NAME=VALUE sets a search number of one engine, -each's first", "[match-options]") {
    auto parsed = parse("-engine name=A param.lmr_base=210 -engine name=B -each nodes=1000 param.rfp_margin=70");
    REQUIRE(parsed.error == "");
    const auto& s = parsed.command.settings;
    CHECK(s.engines[0].search_params == std::vector<play::SearchParamSetting>{{"rfp_margin", 70}, {"lmr_base", 210}});
    CHECK(s.engines[1].search_params == std::vector<play::SearchParamSetting>{{"rfp_margin", 70}});
    // The time management's numbers too (time_params.table).
    auto timed = parse("-engine name=A param.sudden_death_moves=40 -engine name=B -each tc=10+0.1");
    REQUIRE(timed.error == "");
    CHECK(timed.command.settings.engines[0].search_params ==
          std::vector<play::SearchParamSetting>{{"sudden_death_moves", 40}});
}

TEST_CASE("Defaults: one round of two games from the start position", "[match-options]") {
    auto parsed = parse(TWO);
    REQUIRE(parsed.error == "");
    const auto& s = parsed.command.settings;
    CHECK(s.rounds == 1);
    CHECK(s.games_per_round == 2);
    CHECK(s.concurrency == 1);
    CHECK(s.openings.empty());
    CHECK_FALSE(s.sprt);
    CHECK_FALSE(s.adjudication.resign.enabled);
    CHECK(parse("--help").command.help);
    CHECK(parse(TWO + "-help").command.help);
}

TEST_CASE("Bad command lines are clear errors", "[match-options]") {
    struct Case {
        std::string line, error;
    };
    for (const Case& c : {
             Case{"", "needs exactly two -engine flags (got 0)"},
             Case{"name=A", "expected a flag (starting with '-') before 'name=A'"},
             Case{"-engine name=A -each nodes=5", "needs exactly two -engine flags (got 1)"},
             Case{"-engine -engine name=B -each nodes=5", "-engine: every engine needs name="},
             Case{"-engine name=A -engine name=B", "engine A has no limit (tc=, st=, nodes= or depth=)"},
             Case{TWO + "-bogus", "-bogus: unknown flag (see augur match --help)"},
             Case{TWO + "-rounds x", "-rounds: expects one whole number from 1 up"},
             Case{TWO + "-rounds 0", "-rounds: expects one whole number from 1 up"},
             Case{TWO + "-games 3", "-games: expects one whole number from 1 to 2"},
             Case{TWO + "-repeat 2", "-repeat: takes no value"},
             Case{TWO + "-each tc=abc", "-each: tc=abc: the base time must be seconds (e.g. 10, 0.5 or 1:30)"},
             Case{TWO + "-each nodes=-5", "-each: nodes=-5: expects a whole number above 0"},
             Case{TWO + "-each depth=0", "-each: depth=0: expects a whole number from 1 to 127"},
             Case{TWO + "-each st=0", "-each: st=0: expects seconds above 0 (e.g. 0.2)"},
             Case{TWO + "-each nodestime=0", "-each: nodestime=0: expects a whole number from 1 to 1000000"},
             Case{"-engine name=A nodes=5 nodestime=100 -engine name=B nodes=5",
                  "engine A: nodestime= needs a clock (tc= or st=)"},
             Case{TWO + "-each colour=blue", "-each: unknown setting 'colour'"},
             Case{TWO + "-each proto=xboard", "-each: proto=xboard: only uci is supported"},
             Case{TWO + "-each option.NoSuch=1", "engine A: unknown option 'NoSuch'"},
             Case{TWO + "-each param.no_such=1",
                  "-each: unknown search parameter 'no_such' (see lib/search/search_params.table and time_params.table)"},
             Case{TWO + "-each param.lmr_base=x", "-each: param.lmr_base=x: expects a whole number"},
             Case{TWO + "-each param.lmr_base", "-each: expected param.NAME=VALUE, got 'param.lmr_base'"},
             Case{TWO + "-each param.lmr_divisor=0", "engine A: search parameter lmr_divisor must be 1..32767, not 0"},
             Case{"-engine name=A nodes=5 param.lmr_base=5 cmd=/usr/games/stockfish -engine name=B nodes=5",
                  "engine A: param. needs Augur in this process, not cmd="},
             Case{TWO + "-sprt elo0=0 elo1=10 alpha=0.05", "-sprt: needs beta="},
             Case{TWO + "-sprt elo0=10 elo1=0 alpha=0.05 beta=0.05", "-sprt: elo0 must be less than elo1"},
             Case{TWO + "-sprt elo0=0 elo1=x alpha=0.05 beta=0.05", "-sprt: elo1=x: expects a number"},
             Case{TWO + "-resign movecount=0 score=600", "-resign: movecount and score must be whole numbers, movecount at least 1"},
             Case{TWO + "-draw movecount=8 score=10", "-draw: needs movenumber="},
             Case{TWO + "-openings format=epd", "-openings: needs file="},
             Case{TWO + "-openings file=/no/such.epd", "-openings: cannot open /no/such.epd"},
             Case{TWO + "-openings file=x.epd order=shuffled", "-openings: order=shuffled: expects random or sequential"},
             Case{TWO + "-pgnout", "-pgnout: expects file=F"},
             Case{TWO + "-dataout", "-dataout: expects file=F"},
             Case{TWO + "-dataout a b", "-dataout: expects file=F"},
             Case{TWO + "-variant atomic", "-variant: expects standard or fischerandom"},
             Case{TWO + "-seed -3", "-seed: expects one whole number"},
         }) {
        INFO(c.line);
        CHECK(parse(c.line).error == c.error);
    }
}

TEST_CASE("An opening file with a bad position names its line", "[match-options]") {
    auto parsed = parse(TWO + "-openings file=" + data("openings/small.pgn") + " format=epd");
    CHECK(parsed.error.rfind("-openings: " + data("openings/small.pgn") + ": line 1:", 0) == 0);
}

TEST_CASE("Tablebase adjudication flags", "[match-options][tablebase]") {
    if (!syzygy::available()) {
        CHECK(parse(TWO + "-tb " + data("tablebases/syzygy")).error.find("no Syzygy support") != std::string::npos);
        return;
    }
    const std::string tables = data("tablebases/syzygy");
    auto defaults = parse(TWO + "-tb " + tables);
    REQUIRE(defaults.error == "");
    const play::TablebaseRule& rule = defaults.command.settings.adjudication.tablebase;
    CHECK(rule.enabled());
    CHECK(rule.tables.path == tables);
    CHECK(rule.tables.max_pieces == 4);
    CHECK(rule.max_pieces == 0);
    CHECK(rule.results == play::TablebaseResults::Both);
    CHECK_FALSE(rule.ignore_rule50);
    CHECK_FALSE(parse(TWO).command.settings.adjudication.tablebase.enabled());

    // Flags in any order; an engine may probe the same tables.
    auto all = parse("-engine name=A option.SyzygyPath=" + tables + " -engine name=B -each nodes=100 -tbpieces 3"
                " -tbadjudicate WIN_LOSS -tbignore50 -tb " + tables);
    REQUIRE(all.error == "");
    const play::TablebaseRule& set = all.command.settings.adjudication.tablebase;
    CHECK(set.max_pieces == 3);
    CHECK(set.results == play::TablebaseResults::WinLoss);
    CHECK(set.ignore_rule50);
    CHECK(parse(TWO + "-tb " + tables + " -tbadjudicate DRAW").command.settings.adjudication.tablebase.results ==
          play::TablebaseResults::Draw);
}

TEST_CASE("Bad tablebase flags are clear errors", "[match-options][tablebase]") {
    if (!syzygy::available()) return;
    const std::string tables = data("tablebases/syzygy");
    struct Case {
        std::string line, error;
    };
    for (const Case& c : {
             Case{TWO + "-tb", "-tb: expects one list of directories separated by ':'"},
             Case{TWO + "-tb /no/such/dir", "-tb: '/no/such/dir' is not a directory"},
             Case{TWO + "-tb " + data("openings"), "-tb: no Syzygy tables (.rtbw files) in '" + data("openings") + "'"},
             Case{TWO + "-tbpieces 4", "-tbpieces: needs -tb PATHS"},
             Case{TWO + "-tbignore50", "-tbignore50: needs -tb PATHS"},
             Case{TWO + "-tb " + tables + " -tbpieces 2", "-tbpieces: expects a whole number from 3 up, not '2'"},
             Case{TWO + "-tb " + tables + " -tbpieces many", "-tbpieces: expects a whole number from 3 up, not 'many'"},
             Case{TWO + "-tb " + tables + " -tbpieces 5",
                  "-tbpieces: the tables in '" + tables + "' hold at most 4 pieces, not 5"},
             Case{TWO + "-tb " + tables + " -tbadjudicate WIN", "-tbadjudicate: expects WIN_LOSS, DRAW or BOTH, not 'WIN'"},
             Case{TWO + "-tb " + tables + " -tbadjudicate", "-tbadjudicate: expects WIN_LOSS, DRAW or BOTH"},
             Case{TWO + "-tb " + tables + " -tbignore50 yes", "-tbignore50: takes no value"},
             Case{TWO + "-tb " + tables + " -each option.SyzygyPath=/elsewhere",
                  "engine A: SyzygyPath '/elsewhere' differs from the adjudication's tables '" + tables +
                      "'; one process holds one set of Syzygy tables, so give both the same paths"},
         }) {
        INFO(c.line);
        CHECK(parse(c.line).error == c.error);
    }
    // An external engine is a process of its own, with tables of its own.
    CHECK(parse("-engine name=A cmd=/bin/true option.SyzygyPath=/elsewhere -engine name=B -each nodes=10 -tb " + tables)
              .error == "");
}

namespace {

// The start of every datagen line below: the flags datagen requires.
const std::string DATAGEN = "-output /never/written.bin -games 1 ";

ParsedDatagenCommand parse_datagen(const std::string& line) { return parse_datagen_command(words(line)); }

}  // namespace

TEST_CASE("augur match and augur datagen refuse the shared flags alike", "[match-options][datagen]") {
    const std::string bad_epd = data("openings/small.pgn") + " format=epd";  // PGN read as EPD: line 1 is bad
    std::vector<std::string> lines = {
        "-openings format=epd", "-openings file", "-openings file=/no/such.epd", "-openings file=x.epd format=txt",
        "-openings file=x.epd plies=-1", "-openings file=x.epd colour=1", "-openings file=" + bad_epd,
        "-openings file=x.epd start=0", "-openings file=x.epd order=shuffled",
        "-resign movecount=0 score=600", "-resign movecount=3", "-resign moves=3 score=600", "-resign movecount=3 score=x",
        "-draw movecount=8 score=10", "-draw movenumber=40 movecount=8 score=-1", "-draw movenumber=40 movecount=0 score=10",
        "-concurrency 0", "-concurrency 257", "-concurrency two", "-concurrency", "-concurrency 1 2",
        "-seed -3", "-seed x", "-seed", "-variant atomic", "-variant",
        "-tb", "-tb /no/such/dir", "-tbpieces 4", "-tbignore50", "-tbadjudicate BOTH",
    };
    if (syzygy::available()) {
        const std::string tables = "-tb " + data("tablebases/syzygy");
        for (const char* bad : {" -tbpieces 2", " -tbpieces 5", " -tbpieces x", " -tbadjudicate WIN", " -tbadjudicate",
                                " -tbignore50 yes"})
            lines.push_back(tables + bad);
        lines.push_back("-tb " + data("openings"));  // a directory without tables
    }
    for (const std::string& line : lines) {
        INFO(line);
        std::string match_error = parse(TWO + line).error;
        CHECK(match_error.rfind("-", 0) == 0);  // the flag at fault comes first
        CHECK(parse_datagen(DATAGEN + line).error == match_error);
    }
    // Engine options: each command names where the option came from.
    CHECK(parse(TWO + "-each option.Hash").error == "-each: expected option.NAME=VALUE, got 'option.Hash'");
    CHECK(parse_datagen(DATAGEN + "option.Hash").error == "expected option.NAME=VALUE, got 'option.Hash'");
    CHECK(parse(TWO + "-each option.NoSuch=1").error == "engine A: unknown option 'NoSuch'");
    CHECK(parse_datagen(DATAGEN + "option.NoSuch=1").error == "engine option: unknown option 'NoSuch'");
    // The match's schedule of openings means nothing to datagen, which says so.
    CHECK(parse(TWO + "-openings file=" + data("openings/small.epd") + " order=random start=2").error == "");
    CHECK(parse_datagen(DATAGEN + "-openings file=" + data("openings/small.epd") + " order=random").error ==
          "-openings: order= and start= are for augur match: datagen draws a random opening for every game");
}

TEST_CASE("augur match and augur datagen read the shared flags into the same settings", "[match-options][datagen]") {
    std::string shared = "-openings file=" + data("openings/small.pgn") + " format=pgn plies=3"
                         " -resign movecount=4 score=900 -draw movenumber=30 movecount=6 score=15 -concurrency 3"
                         " -seed 77 -variant standard";
    if (syzygy::available()) shared += " -tb " + data("tablebases/syzygy") + " -tbpieces 3 -tbadjudicate DRAW -tbignore50";
    auto match = parse(TWO + "-each option.Hash=2 option.Threads=1 " + shared);
    auto datagen = parse_datagen(DATAGEN + "option.Hash=2 " + shared + " option.Threads=1");
    REQUIRE(match.error == "");
    REQUIRE(datagen.error == "");
    const play::MatchSettings& m = match.command.settings;
    const DatagenConfig& d = datagen.config;
    CHECK(m.engines[0].options == d.engine_options);
    REQUIRE(m.openings.size() == d.openings.size());
    for (std::size_t i = 0; i < m.openings.size(); ++i) {
        CHECK(m.openings[i].fen == d.openings[i].fen);
        CHECK(m.openings[i].moves == d.openings[i].moves);
        CHECK(d.openings[i].moves.size() == 3);
    }
    const play::AdjudicationRules& a = m.adjudication;
    const play::AdjudicationRules& b = d.adjudication;
    CHECK(std::tie(a.resign.enabled, a.resign.move_count, a.resign.score_cp) ==
          std::tie(b.resign.enabled, b.resign.move_count, b.resign.score_cp));
    CHECK(std::tie(a.draw.enabled, a.draw.move_number, a.draw.move_count, a.draw.score_cp) ==
          std::tie(b.draw.enabled, b.draw.move_number, b.draw.move_count, b.draw.score_cp));
    CHECK(b.resign.move_count == 4);
    CHECK(b.draw.score_cp == 15);
    CHECK(std::tie(a.tablebase.tables.path, a.tablebase.max_pieces, a.tablebase.results, a.tablebase.ignore_rule50) ==
          std::tie(b.tablebase.tables.path, b.tablebase.max_pieces, b.tablebase.results, b.tablebase.ignore_rule50));
    CHECK(a.tablebase.enabled() == syzygy::available());
    CHECK(m.concurrency == d.concurrency);
    CHECK(d.concurrency == 3);
    CHECK(m.seed == d.seed);
    CHECK(d.seed == 77);
    CHECK(m.chess960 == d.chess960);
    CHECK(parse_datagen(DATAGEN + "-variant fischerandom").config.chess960);
    CHECK(parse(TWO + "-variant fischerandom").command.settings.chess960);
}

