// move_judge: the verdicts move_accuracy counts, on positions whose answers are
// known without the tables (a queen left en prise, mate, stalemate) and on
// positions the tables cannot or need not judge.
#include <catch2/catch.hpp>

#include <deque>
#include <optional>
#include <string>

#include "core/notation.h"
#include "move_judge.h"
#include "test_tables.h"

namespace augur::endgame {
namespace {

using test::tables;

struct Board {
    StateInfo st;
    Position pos;
    explicit Board(const std::string& fen) {
        auto error = pos.set_fen(fen, st);
        INFO(fen << ": " << error.value_or(""));
        REQUIRE_FALSE(error);
    }
    Verdict judge(const std::string& san) {
        Move m = parse_san_move(pos, san);
        REQUIRE(m);
        const std::string fen_before = pos.fen();
        Verdict v = judge_move(tables(), pos, m);
        CHECK(pos.fen() == fen_before);
        return v;
    }
};

TEST_CASE("a queen left to the king loses the win, a check that keeps it does not", "[move_judge]") {
    Board b("8/8/8/6k1/8/8/8/3QK3 w - - 0 1");
    CHECK(b.judge("Qg4+") == Verdict::Lost);  // Kxg4: a bare king against a king
    CHECK(b.judge("Qd5+") == Verdict::Kept);
    CHECK(b.judge("Kf2") == Verdict::Kept);
}

TEST_CASE("mate keeps the win and stalemate loses it", "[move_judge]") {
    Board b("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    CHECK(b.judge("Qf8#") == Verdict::Kept);
    CHECK(b.judge("Qf7") == Verdict::Lost);
}

TEST_CASE("a KRvKN win with one winning move", "[move_judge]") {
    // ENDGAMES.md: in 8/8/8/8/R3K1n1/1k6/8/8 w only Ra1 wins.
    Board b("8/8/8/8/R3K1n1/1k6/8/8 w - - 0 1");
    CHECK(b.judge("Ra1") == Verdict::Kept);
    CHECK(b.judge("Ra8") == Verdict::Lost);
    CHECK(material_class(b.pos) == "KRvKN");
}

// Answers known without the DTZ numbers: mate and a capture zero the counter,
// a quiet move from a mate in one puts the next mate further away.
TEST_CASE("mate and captures bring zeroing nearer, a move that delays mate does not", "[move_judge]") {
    Board mate_in_one("k7/8/1K6/8/8/8/7Q/8 w - - 0 1");
    auto nearer = [&](Board& b, const std::string& san) {
        Move m = parse_san_move(b.pos, san);
        REQUIRE(m);
        const std::string fen_before = b.pos.fen();
        std::optional<bool> answer = brings_zeroing_nearer(tables(), b.pos, m);
        CHECK(b.pos.fen() == fen_before);
        return answer;
    };
    CHECK(nearer(mate_in_one, "Qh8#") == true);
    CHECK(mate_in_one.judge("Qh3") == Verdict::Kept);
    CHECK(nearer(mate_in_one, "Qh3") == false);
    Board rook_hangs("8/8/8/3k4/8/8/2r5/K1Q5 w - - 0 1");
    CHECK(nearer(rook_hangs, "Qxc2") == true);
}

TEST_CASE("positions that are not won or not in the tables are not judged", "[move_judge]") {
    Board drawn("8/8/8/4k3/8/8/8/3NK3 w - - 0 1");
    CHECK(not_judgeable(tables(), drawn.pos) == Verdict::NotAWin);
    CHECK(drawn.judge("Nc3") == Verdict::NotAWin);
    Board losing("8/8/8/6k1/8/8/8/3QK3 b - - 0 1");
    CHECK(not_judgeable(tables(), losing.pos) == Verdict::NotAWin);
    Board start("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    CHECK(not_judgeable(tables(), start.pos) == Verdict::NotInTables);
    CHECK(start.judge("e4") == Verdict::NotInTables);
    Board won("8/8/8/6k1/8/8/8/3QK3 w - - 0 1");
    CHECK_FALSE(not_judgeable(tables(), won.pos));
}

TEST_CASE("the material class names the side to move first", "[move_judge]") {
    CHECK(material_class(Board("8/8/8/6k1/8/8/8/3QK3 w - - 0 1").pos) == "KQvK");
    CHECK(material_class(Board("8/8/8/6k1/8/8/8/3QK3 b - - 0 1").pos) == "KvKQ");
    CHECK(material_class(Board("8/5p2/8/2k5/8/3RBK2/8/8 b - - 0 1").pos) == "KPvKRB");
}

}  // namespace
}  // namespace augur::endgame
