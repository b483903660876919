// Tablebase adjudication: a game whose position after a move is in the
// Syzygy tables (tests/data: 3-4 pieces) ends with their result, as the
// rule's settings say (pieces, which results, the fifty-move rule), and an
// in-process engine may not load other tables beside the rule's.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "play/game_runner.h"
#include "scripted_player.h"
#include "tablebase/syzygy.h"

using namespace augur;
using namespace augur::play;
using augur::play::test::moves_of;
using augur::play::test::ScriptedPlayer;

namespace {

std::string table_path() {
    const char* dir = std::getenv("AUGUR_TEST_DATA");
    REQUIRE(dir);
    return std::string(dir) + "/tablebases/syzygy";
}

// A setup from fen with the test tables loaded for the rule (false without
// Syzygy support in this build).
bool setup_with_tables(const std::string& fen, GameSetup& setup) {
    if (!syzygy::available()) {
        WARN("built without libfathom: tablebase adjudication is not tested");
        return false;
    }
    setup.fen = fen;
    REQUIRE_FALSE(syzygy::load(table_path(), setup.adjudication.tablebase.tables).has_value());
    return true;
}

GameRecord play_scripted(const GameSetup& setup, std::initializer_list<const char*> white,
                         std::initializer_list<const char*> black) {
    ScriptedPlayer w("W", moves_of(white)), b("B", moves_of(black));
    PlayedGame played = play_game(w, b, setup);
    REQUIRE(played.ok);
    return played.record;
}

// White's rook against the bare king, White to move; after any quiet move a
// win for White within the fifty-move rule from a counter of zero.
const char* const KRVK_WHITE = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1";
// Black holds the rook, White moves first.
const char* const KRVK_BLACK = "r3k3/8/8/8/8/8/8/4K3 w - - 0 1";
// A rook pawn with the defending king in its corner: drawn.
const char* const KVKP_DRAW = "6k1/7p/8/8/8/8/8/7K w - - 0 1";

}  // namespace

TEST_CASE("A game in the tables ends on the first move with their result", "[game][tablebase]") {
    GameSetup setup;
    if (!setup_with_tables(KRVK_WHITE, setup)) return;
    auto white_wins = play_scripted(setup, {"a1a2"}, {});
    CHECK(white_wins.result == GameResult::WhiteWins);
    CHECK(white_wins.termination == Termination::TablebaseAdjudication);
    CHECK(white_wins.reason == "White wins by adjudication: tablebase");
    CHECK(white_wins.moves.size() == 1);

    setup.fen = KRVK_BLACK;
    auto black_wins = play_scripted(setup, {"e1d1"}, {});
    CHECK(black_wins.result == GameResult::BlackWins);
    CHECK(black_wins.reason == "Black wins by adjudication: tablebase");
    CHECK(black_wins.moves.size() == 1);

    // A capture into the tables: the counter is zero, the WDL tables decide.
    setup.fen = "8/8/8/4k3/8/8/4n3/R3K3 w - - 12 40";
    auto captured = play_scripted(setup, {"e1e2"}, {});
    CHECK(captured.result == GameResult::WhiteWins);
    CHECK(captured.termination == Termination::TablebaseAdjudication);

    setup.fen = KVKP_DRAW;
    auto drawn = play_scripted(setup, {"h1g1"}, {});
    CHECK(drawn.result == GameResult::Draw);
    CHECK(drawn.termination == Termination::TablebaseAdjudication);
    CHECK(drawn.reason == "Draw by adjudication: tablebase");
}

TEST_CASE("The tablebase rule ends games only with the results it is given", "[game][tablebase]") {
    GameSetup setup;
    if (!setup_with_tables(KRVK_WHITE, setup)) return;
    SECTION("draws only: the win plays on") {
        setup.adjudication.tablebase.results = TablebaseResults::Draw;
        auto record = play_scripted(setup, {"a1a2"}, {"e5d5"});
        CHECK(record.termination == Termination::Stalled);  // White's script ended: no adjudication came
        CHECK(record.moves.size() == 2);
        setup.fen = KVKP_DRAW;
        CHECK(play_scripted(setup, {"h1g1"}, {}).termination == Termination::TablebaseAdjudication);
    }
    SECTION("wins and losses only: the draw plays on") {
        setup.adjudication.tablebase.results = TablebaseResults::WinLoss;
        CHECK(play_scripted(setup, {"a1a2"}, {}).result == GameResult::WhiteWins);
        setup.fen = KVKP_DRAW;
        auto record = play_scripted(setup, {"h1g1"}, {"g8f7"});
        CHECK(record.termination == Termination::Stalled);
        CHECK(record.moves.size() == 2);
    }
}

TEST_CASE("Positions with more pieces than the rule allows play on", "[game][tablebase]") {
    GameSetup setup;
    // Rook against pawn, four pieces.
    if (!setup_with_tables("8/8/8/4k3/8/8/7p/R3K3 w - - 0 1", setup)) return;
    setup.adjudication.tablebase.max_pieces = 3;
    auto record = play_scripted(setup, {"e1f2"}, {"e5d4"});
    CHECK(record.termination == Termination::Stalled);
    setup.adjudication.tablebase.max_pieces = 4;
    CHECK(play_scripted(setup, {"e1f2"}, {}).termination == Termination::TablebaseAdjudication);
}

TEST_CASE("A win the fifty-move counter no longer allows is a draw, unless the rule ignores it", "[game][tablebase]") {
    GameSetup setup;
    // 80 plies without a capture or pawn move: the mate is more than ten moves away.
    if (!setup_with_tables("8/8/8/4k3/8/8/8/R3K3 w - - 80 80", setup)) return;
    auto cursed = play_scripted(setup, {"a1a2"}, {});
    CHECK(cursed.result == GameResult::Draw);
    CHECK(cursed.termination == Termination::TablebaseAdjudication);

    setup.adjudication.tablebase.ignore_rule50 = true;
    auto won = play_scripted(setup, {"a1a2"}, {});
    CHECK(won.result == GameResult::WhiteWins);
    CHECK(won.termination == Termination::TablebaseAdjudication);

    // The same counter with a mate in reach is still a win under the rule.
    setup.adjudication.tablebase.ignore_rule50 = false;
    setup.fen = "4k3/8/4K3/8/8/8/8/R7 w - - 80 80";
    auto near_mate = play_scripted(setup, {"a1a2"}, {});
    CHECK(near_mate.result == GameResult::WhiteWins);
}

TEST_CASE("In-process engines may share the rule's tables but not load others", "[tablebase]") {
    TablebaseRule rule;
    CHECK(check_tablebase_sharing(rule, "A", {{"SyzygyPath", "/elsewhere"}}).empty());  // no rule, no conflict
    if (!syzygy::available()) return;
    REQUIRE_FALSE(syzygy::load(table_path(), rule.tables).has_value());
    CHECK(check_tablebase_sharing(rule, "A", {}).empty());
    CHECK(check_tablebase_sharing(rule, "A", {{"SyzygyPath", table_path()}}).empty());
    CHECK(check_tablebase_sharing(rule, "A", {{"SyzygyPath", "/elsewhere"}, {"syzygypath", ""}}).empty());
    std::string error = check_tablebase_sharing(rule, "A", {{"syzygypath", "/elsewhere"}});
    CHECK(error.rfind("engine A: SyzygyPath '/elsewhere' differs from the adjudication's tables", 0) == 0);
}
