// Syzygy tablebases in the search (lib/tablebase, option SyzygyPath): loading
// and its errors, WDL probes, root moves ranked by DTZ, tablebase scores, and
// the move played from known endings, checked against an oracle that asks
// fathom directly (other entry points than the engine's).
#include <catch2/catch.hpp>

#include <cstdlib>

#include <tbprobe.h>

#include "core/movegen.h"
#include "search/score.h"
#include "support.h"
#include "tablebase/syzygy.h"

namespace augur {
namespace {

std::string tables_dir() { return test::shared_data("tablebases/syzygy"); }

std::unique_ptr<Engine> engine_with_tables() {
    auto engine = std::make_unique<Engine>();
    REQUIRE_FALSE(engine->set_option("SyzygyPath", tables_dir()));
    return engine;
}

// The oracle: WDL of pos from fathom's WDL probe with the fifty-move counter
// taken as zero (fathom's WDL tables ignore it), from the side to move's view.
int oracle_wdl(const Position& pos) {
    unsigned result = tb_probe_wdl(pos.pieces(WHITE), pos.pieces(BLACK), pos.pieces(KING), pos.pieces(QUEEN),
                                   pos.pieces(ROOK), pos.pieces(BISHOP), pos.pieces(KNIGHT), pos.pieces(PAWN), 0, 0,
                                   pos.ep_square() == SQ_NONE ? 0 : unsigned(pos.ep_square()),
                                   pos.side_to_move() == WHITE);
    REQUIRE(result != TB_RESULT_FAILED);
    return int(result) - 2;
}

// Plies to the next capture or pawn move of a won or lost pos (fathom's root
// probe), counted from a fifty-move counter of zero.
int oracle_dtz(const Position& pos) {
    unsigned result = tb_probe_root(pos.pieces(WHITE), pos.pieces(BLACK), pos.pieces(KING), pos.pieces(QUEEN),
                                    pos.pieces(ROOK), pos.pieces(BISHOP), pos.pieces(KNIGHT), pos.pieces(PAWN), 0, 0,
                                    pos.ep_square() == SQ_NONE ? 0 : unsigned(pos.ep_square()),
                                    pos.side_to_move() == WHITE, nullptr);
    REQUIRE(result != TB_RESULT_FAILED);
    return int(TB_GET_DTZ(result));
}

SearchResult search(Engine& engine, Game& game, int depth) {
    SearchLimits limits;
    limits.depth = depth;
    return engine.search(game, limits);
}

}  // namespace

TEST_CASE("SyzygyPath loads the tables and refuses paths without them", "[tablebase]") {
    Engine engine;
    CHECK(engine.set_option("SyzygyPath", "/nonexistent/augur-tables")->find("is not a directory") !=
          std::string::npos);
    CHECK(engine.set_option("SyzygyPath", test::shared_data("openings"))->find("no Syzygy tables") !=
          std::string::npos);
    CHECK(engine.set_option("SyzygyPath", test::shared_data("openings") + ":/nonexistent")->find("/nonexistent") !=
          std::string::npos);
    CHECK(engine.option_value("SyzygyPath") == "");
    REQUIRE_FALSE(engine.set_option("SyzygyPath", tables_dir()));
    CHECK(engine.option_value("SyzygyPath") == tables_dir());
    // A failed change keeps the tables that were loaded.
    CHECK(engine.set_option("SyzygyPath", "/nonexistent"));
    CHECK(engine.option_value("SyzygyPath") == tables_dir());
    CHECK(engine.set_option("SyzygyProbeLimit", "8"));
    CHECK(engine.set_option("SyzygyProbeDepth", "0"));
    CHECK_FALSE(engine.set_option("SyzygyPath", ""));
}

// Fathom takes an empty directory of a path ("a:", "a::b") for one and reads past
// the end of the path looking for it (the capi fuzz target's crash,
// tests/fuzz/regressions/capi): load skips empty directories, so that such a
// path names the same tables as the path without them.
TEST_CASE("empty directories in a path are skipped: the same tables stay loaded", "[tablebase]") {
    syzygy::TableHandle plain;
    REQUIRE_FALSE(syzygy::load(tables_dir(), plain));
    auto game = test::make_game("8/8/8/8/8/2k5/8/K6R w - - 0 1");
    for (const std::string& paths : {tables_dir() + ":", ":" + tables_dir(), "::" + tables_dir() + "::"}) {
        INFO(paths);
        syzygy::TableHandle handle;
        REQUIRE_FALSE(syzygy::load(paths, handle));
        CHECK(handle.generation == plain.generation);  // not loaded again
        CHECK(handle.max_pieces == 4);
        CHECK(handle.path == paths);
        CHECK(syzygy::probe_wdl(handle, game->position()) == syzygy::Wdl::Win);
        CHECK(syzygy::probe_wdl(plain, game->position()) == syzygy::Wdl::Win);
    }
    syzygy::TableHandle none;
    CHECK(syzygy::load(":", none)->find("no Syzygy tables") != std::string::npos);
}

TEST_CASE("WDL probes and root ranking agree with fathom's other entry points", "[tablebase]") {
    syzygy::TableHandle handle;
    REQUIRE_FALSE(syzygy::load(tables_dir(), handle));
    CHECK(handle.max_pieces == 4);
    struct Case {
        const char* fen;
        syzygy::Wdl wdl;
    };
    for (const Case& c : {Case{"8/8/8/8/8/2k5/8/K6R w - - 0 1", syzygy::Wdl::Win},
                          Case{"8/8/8/8/8/2k5/8/K6R b - - 0 1", syzygy::Wdl::Loss},
                          Case{"8/8/8/4k3/8/8/8/4K3 w - - 0 1", syzygy::Wdl::Draw},
                          Case{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", syzygy::Wdl::Win},
                          Case{"8/8/8/8/8/8/k3P3/4K3 b - - 0 1", syzygy::Wdl::Loss},
                          Case{"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", syzygy::Wdl::Draw}}) {
        INFO(c.fen);
        auto game = test::make_game(c.fen);
        const Position& pos = game->position();
        std::optional<syzygy::Wdl> wdl = syzygy::probe_wdl(handle, pos);
        REQUIRE(wdl);
        CHECK(*wdl == c.wdl);
        CHECK(int(*wdl) == oracle_wdl(pos));
        // Every legal move is ranked, and the best rank keeps the root's result.
        std::vector<syzygy::RankedMove> ranked = syzygy::rank_root_moves(handle, pos, true);
        CHECK(ranked.size() == MoveList<>(pos).size());
        int best = -2000;
        for (const auto& r : ranked) best = std::max(best, r.rank);
        for (const auto& r : ranked) {
            if (r.rank != best) continue;
            StateInfo st;
            Position after;
            StateInfo copy_state;
            after.copy_from(pos, copy_state);
            after.do_move(r.move, st);
            CHECK(-oracle_wdl(after) == int(c.wdl));
        }
    }
    // Castling rights, more pieces than the tables hold, or a counter above zero: no probe.
    for (const char* fen : {"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "4k3/8/8/8/8/8/8/RR2K1RR w - - 0 1",
                            "8/8/8/8/8/2k5/8/K6R w - - 3 10"}) {
        auto game = test::make_game(fen);
        CHECK_FALSE(syzygy::probe_wdl(handle, game->position()));
    }
    // A handle of tables another load replaced probes nothing.
    syzygy::TableHandle stale = handle;
    stale.generation = 0;
    auto game = test::make_game("8/8/8/8/8/2k5/8/K6R w - - 0 1");
    CHECK_FALSE(syzygy::probe_wdl(stale, game->position()));
    CHECK(syzygy::rank_root_moves(stale, game->position(), true).empty());
}

TEST_CASE("DTZ probes count plies to zeroing, signed for the side to move", "[tablebase]") {
    syzygy::TableHandle handle;
    REQUIRE_FALSE(syzygy::load(tables_dir(), handle));
    auto mate_in_one = test::make_game("k7/8/1K6/8/8/8/7Q/8 w - - 0 1");  // Qh8#
    CHECK(syzygy::probe_dtz(handle, mate_in_one->position()) == 1);
    for (const char* fen : {"8/8/8/8/8/2k5/8/K6R w - - 0 1", "8/8/8/8/8/2k5/8/K6R b - - 0 1",
                            "8/8/8/4k3/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1",
                            "8/8/8/3k4/8/8/2r5/K1Q5 w - - 0 1", "8/8/8/3k4/8/8/2r5/K1Q5 b - - 0 1"}) {
        INFO(fen);
        auto game = test::make_game(fen);
        const Position& pos = game->position();
        std::optional<int> dtz = syzygy::probe_dtz(handle, pos);
        REQUIRE(dtz);
        const int wdl = oracle_wdl(pos);
        CHECK((wdl > 0 ? *dtz > 0 : wdl < 0 ? *dtz < 0 : *dtz == 0));
        CHECK(std::abs(*dtz) == (wdl == 0 ? 0 : oracle_dtz(pos)));
    }
    // Mate and stalemate have no distance, nor does a position the tables cannot take.
    for (const char* fen : {"k6Q/8/1K6/8/8/8/8/8 b - - 0 1", "k7/8/1QK5/8/8/8/8/8 b - - 0 1",
                            "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"}) {
        auto game = test::make_game(fen);
        CHECK_FALSE(syzygy::probe_dtz(handle, game->position()));
    }
}

TEST_CASE("with SyzygyPath the engine plays a move that keeps the tablebase result", "[tablebase]") {
    auto engine = engine_with_tables();
    for (const char* fen : {"8/8/8/8/8/2k5/8/K6R w - - 0 1",          // KRvK
                            "2k5/8/8/8/8/8/5r2/1K2Q3 w - - 0 1",       // KQvKR
                            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",         // KPvK: only king moves win
                            "8/8/8/8/8/2k5/8/K6R b - - 0 1"}) {        // lost: any move
        INFO(fen);
        auto game = test::make_game(fen);
        const int root_wdl = oracle_wdl(game->position());
        SearchResult result = search(*engine, *game, 6);
        REQUIRE(result.best_move);
        CHECK(result.stats.tb_hits > 0);
        CHECK(is_tablebase_score(result.score));
        CHECK((result.score > 0) == (root_wdl > 0));
        game->play(result.best_move);
        CHECK(-oracle_wdl(game->position()) == root_wdl);
    }
}

TEST_CASE("with the fifty-move rule near, only a move that wins in time is played", "[tablebase]") {
    // KRvK far from mate: with the counter at 99 - dtz only the moves that bring
    // the next capture (here the mate) closer keep the win inside the rule.
    const char* start = "8/8/8/3k4/8/8/8/R6K w - - 0 1";
    auto probe_game = test::make_game(start);
    auto engine = engine_with_tables();  // loads the tables the oracle reads
    const int dtz = oracle_dtz(probe_game->position());
    REQUIRE(dtz >= 20);
    const std::string fen = "8/8/8/3k4/8/8/8/R6K w - - " + std::to_string(99 - dtz) + " 80";
    INFO(fen << ", dtz " << dtz);
    for (int depth : {1, 4, 8}) {
        auto game = test::make_game(fen);
        SearchResult result = search(*engine, *game, depth);
        REQUIRE(result.best_move);
        game->play(result.best_move);
        CHECK(oracle_dtz(game->position()) <= dtz - 1);
    }
}

TEST_CASE("positions the tables hold are probed inside the tree", "[tablebase]") {
    // KRPvKR: the rook trade leads into KPvK.
    const char* fen = "8/8/4k3/8/8/3r4/3RP3/4K3 w - - 0 1";
    auto engine = engine_with_tables();
    auto game = test::make_game(fen);
    SearchResult with_tables = search(*engine, *game, 7);
    CHECK(with_tables.stats.tb_hits > 0);
    CHECK(with_tables.stats.tb_probes >= with_tables.stats.tb_hits);
    REQUIRE_FALSE(engine->set_option("SyzygyProbeLimit", "0"));
    SearchResult limited = search(*engine, *game, 7);
    CHECK(limited.stats.tb_probes == 0);
    REQUIRE_FALSE(engine->set_option("SyzygyProbeLimit", "7"));
    REQUIRE_FALSE(engine->set_option("SyzygyProbeDepth", "100"));
    SearchResult too_shallow = search(*engine, *game, 7);
    CHECK(too_shallow.stats.tb_probes == 0);
}

TEST_CASE("a probe the tables cannot answer counts as tried, not as a hit", "[tablebase]") {
    // Syzygy tables hold no position with castling rights: the root's ranking is
    // tried and fails; at depth 1 nothing inside the tree has a zero fifty-move
    // counter (every move is a quiet rook or king move) to probe.
    auto engine = engine_with_tables();
    auto game = test::make_game("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    SearchResult result = search(*engine, *game, 1);
    CHECK(result.stats.tb_probes == 1);
    CHECK(result.stats.tb_hits == 0);
    CHECK_FALSE(is_tablebase_score(result.score));
}

TEST_CASE("a search without SyzygyPath probes nothing and is unchanged", "[tablebase]") {
    const char* fen = "8/8/8/8/8/2k5/8/K6R w - - 0 1";
    Engine plain;
    auto game = test::make_game(fen);
    SearchResult first = search(plain, *game, 8);
    CHECK(first.stats.tb_probes == 0);
    CHECK_FALSE(is_tablebase_score(first.score));
    // Tables loaded by another engine of the process change nothing in a new one without them.
    auto other = engine_with_tables();
    Engine plain_again;
    SearchResult second = search(plain_again, *game, 8);
    CHECK(second.stats.nodes == first.stats.nodes);
    CHECK(second.stats.tb_hits == 0);
}

}  // namespace augur
