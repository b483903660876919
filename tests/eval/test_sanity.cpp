// Sanity orderings: positions that differ in one feature must be ordered the
// way any chess player expects.
#include <catch2/catch.hpp>

#include "eval/evaluate.h"
#include "test_util.h"

using namespace augur;
using augur::test::Board;

namespace {

int eval_fen(const std::string& fen, const EvalOptions& options = {}) {
    HandCraftedEvaluator ev;
    ev.set_options(options);
    Board b(fen);
    return ev.evaluate(b.pos);
}

Score term_of(const std::string& fen, EvalTerm term, Color c) {
    HandCraftedEvaluator ev;
    Board b(fen);
    EvalBreakdown bd = ev.breakdown(b.pos);
    TermBreakdown t = bd.terms[int(term)];
    return c == WHITE ? t.white : t.black;
}

}  // namespace

TEST_CASE("material orderings", "[eval][sanity]") {
    int start = eval_fen(std::string(Position::START_FEN));
    CHECK(std::abs(start) < 40);
    int up_queen = eval_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    int up_pawn = eval_fen("rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    int up_knight = eval_fen("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    int up_rook = eval_fen("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qq - 0 1");
    CHECK(up_pawn > start + 50);
    CHECK(up_knight > up_pawn + 150);
    CHECK(up_rook > up_knight + 80);
    CHECK(up_queen > up_rook + 300);
    CHECK(up_queen > up_pawn + 700);
    // The same seen by the side that is behind.
    CHECK(eval_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1") < -800);
}

TEST_CASE("passed pawns are worth more the further they are", "[eval][sanity]") {
    int seventh = eval_fen("6k1/1P6/8/8/8/8/6r1/4K2R w - - 0 1");
    int fifth = eval_fen("6k1/8/8/1P6/8/8/6r1/4K2R w - - 0 1");
    int third = eval_fen("6k1/8/8/8/8/1P6/6r1/4K2R w - - 0 1");
    CHECK(seventh > fifth + 50);
    CHECK(fifth > third + 20);
    // A pawn with an enemy pawn in front is not passed.
    CHECK(term_of("6k1/8/8/8/1P6/8/6r1/4K2R w - - 0 1", EvalTerm::PassedPawn, WHITE).eg > 0);
    CHECK(term_of("6k1/8/1p6/8/1P6/8/6r1/4K2R w - - 0 1", EvalTerm::PassedPawn, WHITE) == Score{});
}

TEST_CASE("pawn structure penalties", "[eval][sanity]") {
    // Doubled and isolated pawns against a healthy chain, otherwise equal.
    int healthy = eval_fen("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1");
    int doubled = eval_fen("4k3/8/8/8/8/1P6/PP6/4K3 w - - 0 1");
    int isolated = eval_fen("4k3/8/8/8/8/8/P1P1P3/4K3 w - - 0 1");
    CHECK(healthy > doubled);
    CHECK(healthy > isolated);
    CHECK(term_of("4k3/8/8/8/8/1P6/PP6/4K3 w - - 0 1", EvalTerm::DoubledPawn, WHITE).eg < 0);
    CHECK(term_of("4k3/8/8/8/8/8/P1P1P3/4K3 w - - 0 1", EvalTerm::IsolatedPawn, WHITE).mg < 0);
    // d3 is backward: its neighbours have advanced and ...e5/c5 would take d4.
    CHECK(term_of("4k3/8/8/2p5/2P1P3/3P4/8/4K3 w - - 0 1", EvalTerm::BackwardPawn, WHITE).mg < 0);
    CHECK(term_of("4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1", EvalTerm::ConnectedPawn, WHITE).mg > 0);
    CHECK(term_of("4k3/8/8/8/3P4/4P3/8/4K3 w - - 0 1", EvalTerm::SupportedPawn, WHITE).mg > 0);
}

TEST_CASE("piece placement orderings", "[eval][sanity]") {
    // Centralised knight beats a knight in the corner.
    CHECK(eval_fen("4k3/pppppppp/8/8/3N4/8/PPPPPPPP/4K3 w - - 0 1") > eval_fen("4k3/pppppppp/8/8/8/8/PPPPPPPP/N3K3 w - - 0 1"));
    // Bishop pair against bishop and knight.
    CHECK(term_of("4k3/pppppppp/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1", EvalTerm::BishopPair, WHITE).mg > 0);
    CHECK(term_of("4k3/pppppppp/8/8/8/8/PPPPPPPP/2B1KN2 w - - 0 1", EvalTerm::BishopPair, WHITE).mg == 0);
    // Rook on an open file beats the same rook behind its own pawn.
    CHECK(term_of("4k3/pp3ppp/8/8/8/8/PP3PPP/3RK3 w - - 0 1", EvalTerm::RookFile, WHITE) == HandCraftedEvaluator().weights().rook_open_file);
    CHECK(term_of("4k3/pp1p1ppp/8/8/8/8/PP3PPP/3RK3 w - - 0 1", EvalTerm::RookFile, WHITE) == HandCraftedEvaluator().weights().rook_half_open_file);
    // Rook on the 7th with the king on the 8th.
    CHECK(term_of("4k3/R7/8/8/8/8/8/4K3 w - - 0 1", EvalTerm::MajorOnSeventh, WHITE).eg > 0);
    CHECK(term_of("8/R7/4k3/8/8/8/8/4K3 w - - 0 1", EvalTerm::MajorOnSeventh, WHITE).eg == 0);
    // Knight outpost on d5, supported by e4, no black c/e pawn can chase it.
    CHECK(term_of("4k3/pp3ppp/8/3N4/4P3/8/PP3PPP/4K3 w - - 0 1", EvalTerm::KnightOutpost, WHITE) ==
          HandCraftedEvaluator().weights().knight_outpost_supported);
    CHECK(term_of("4k3/pp2p1pp/8/3N4/4P3/8/PP3PPP/4K3 w - - 0 1", EvalTerm::KnightOutpost, WHITE) == Score{});
    // Bishop trapped on a7 by ...b6.
    CHECK(term_of("4k3/B4ppp/1p6/8/8/8/5PPP/4K3 w - - 0 1", EvalTerm::TrappedBishop, WHITE).mg < 0);
    CHECK(term_of("4k3/5ppp/8/8/8/1P6/b4PPP/4K3 b - - 0 1", EvalTerm::TrappedBishop, BLACK).mg < 0);
    // Knight near the enemy king.
    CHECK(term_of("6k1/8/8/5N2/8/8/8/4K3 w - - 0 1", EvalTerm::KnightTropism, WHITE).mg >
          term_of("6k1/8/8/8/8/8/8/N3K3 w - - 0 1", EvalTerm::KnightTropism, WHITE).mg);
}

TEST_CASE("king safety", "[eval][sanity]") {
    Score intact = term_of("r4rk1/5ppp/8/8/8/8/5PPP/R4RK1 w - - 0 1", EvalTerm::KingShield, WHITE);
    Score pushed = term_of("r4rk1/5ppp/8/8/6PP/5P2/8/R4RK1 w - - 0 1", EvalTerm::KingShield, WHITE);
    Score gone = term_of("r4rk1/5ppp/8/8/8/8/8/R4RK1 w - - 0 1", EvalTerm::KingShield, WHITE);
    CHECK(intact.mg > pushed.mg);
    CHECK(pushed.mg > gone.mg);
    // Queen and knight bearing on the castled king.
    Score attack = term_of("r4rk1/5ppp/7Q/6N1/8/8/5PPP/R5K1 w - - 0 1", EvalTerm::KingAttack, WHITE);
    Score one = term_of("r4rk1/5ppp/7Q/8/8/8/5PPP/R5K1 w - - 0 1", EvalTerm::KingAttack, WHITE);
    CHECK(attack.mg > one.mg);
    CHECK(attack.mg > 0);
}

TEST_CASE("endgame scaling and dead draws", "[eval][sanity][endgame]") {
    CHECK(eval_fen("8/8/3k4/8/8/3NK3/8/8 w - - 0 1") == 0);    // KNvK
    CHECK(eval_fen("8/8/3k4/8/8/3BK3/8/8 b - - 0 1") == 0);    // KBvK
    CHECK(eval_fen("8/8/3k4/8/8/2NNK3/8/8 w - - 0 1") == 0);   // KNNvK, king off the edge
    CHECK(eval_fen("8/8/3k4/3b4/8/3BK3/8/8 w - - 0 1") == 0);  // KBvKB, same colour
    CHECK(eval_fen("k7/8/8/8/8/8/2NNK3/8 w - - 0 1") > 0);     // KNNvK, king on the edge: not dead
    // Mate in 4 with knights only: must not look like a draw.
    int knights = eval_fen("8/8/8/1N6/n7/3N4/k7/2K5 w - - 0 1");
    CHECK(knights > 0);
    // Rook against bishop is scaled toward a draw but keeps its sign.
    EvalOptions no_scaling;
    no_scaling.endgame_scaling = false;
    int krkb = eval_fen("8/2b5/3k4/8/8/R3K3/8/8 w - - 0 1");
    int krkb_unscaled = eval_fen("8/2b5/3k4/8/8/R3K3/8/8 w - - 0 1", no_scaling);
    CHECK(krkb > 0);
    CHECK(krkb < krkb_unscaled / 2);
    // Opposite bishops with an extra pawn: scaled down, still better.
    int ocb = eval_fen("8/4kp2/6p1/2b5/8/3B2P1/5PP1/5K2 w - - 0 1");
    int same = eval_fen("8/4kp2/6p1/3b4/8/3B2P1/5PP1/5K2 w - - 0 1");
    CHECK(ocb > 0);
    CHECK(ocb < same);
    // Won endings are never scaled: KQvK, KRvK, KBNvK, KPvK.
    for (const char* fen : {"8/8/3k4/8/8/4K3/8/7Q w - - 0 1", "8/8/3k4/8/8/4K3/8/7R w - - 0 1",
                            "8/8/3k4/8/8/2BNK3/8/8 w - - 0 1", "8/8/3k4/8/8/4K3/3P4/8 w - - 0 1"}) {
        HandCraftedEvaluator ev;
        Board b(fen);
        INFO(fen);
        CHECK(ev.breakdown(b.pos).scale == SCALE_NORMAL);
        CHECK(ev.evaluate(b.pos) > 100);
    }
}

TEST_CASE("threats: lesser attackers, hanging pieces, pawn pushes", "[eval][sanity]") {
    const HandCraftedEvaluator evaluator;
    const EvalWeights& w = evaluator.weights();
    // e4 attacks the knight on d5, which nothing defends.
    CHECK(term_of("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", EvalTerm::Threats, WHITE) ==
          w.threat_by_pawn[KNIGHT] + w.hanging_piece);
    CHECK(term_of("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", EvalTerm::Threats, BLACK) == Score{});
    // The knight on e5 attacks the rook on d7, which the king defends.
    CHECK(term_of("4k3/3r4/8/4N3/8/8/8/4K3 w - - 0 1", EvalTerm::Threats, WHITE) == w.threat_by_minor[ROOK]);
    // A rook attacks a queen the king defends; the same rook on a file away attacks nothing.
    CHECK(term_of("3qk3/8/8/8/8/8/8/3RK3 w - - 0 1", EvalTerm::Threats, WHITE) == w.threat_by_rook[QUEEN]);
    CHECK(term_of("2q1k3/8/8/8/8/8/8/3RK3 w - - 0 1", EvalTerm::Threats, WHITE) == Score{});
    // d3-d4 would attack the knight on c5, which itself attacks the pawn on d3.
    CHECK(term_of("4k3/8/8/2n5/8/3P4/8/4K3 w - - 0 1", EvalTerm::Threats, WHITE) == w.threat_by_pawn_push);
    CHECK(term_of("4k3/8/8/2n5/8/3P4/8/4K3 w - - 0 1", EvalTerm::Threats, BLACK) == w.threat_by_minor[PAWN]);
    // A pawn defended by a pawn is no target for a minor; a push onto a square an enemy pawn
    // guards is not safe.
    CHECK(term_of("4k3/8/1p6/2n5/8/3P4/2P5/4K3 w - - 0 1", EvalTerm::Threats, BLACK) == Score{});
    CHECK(term_of("4k3/8/8/2n1p3/8/3P4/8/4K3 w - - 0 1", EvalTerm::Threats, WHITE) == Score{});
}

TEST_CASE("king attack counts safe checks by the checking piece", "[eval][sanity]") {
    const HandCraftedEvaluator evaluator;
    const EvalWeights& w = evaluator.weights();
    // The rook on a1 can check from a8, which nothing of Black's attacks; nothing else of
    // White's reaches the king's zone.
    CHECK(term_of("7k/8/8/8/8/8/8/R3K3 w - - 0 1", EvalTerm::KingAttack, WHITE) == w.king_safe_check[ROOK]);
    // A black rook on b8 guards a8: no safe check is left.
    CHECK(term_of("1r5k/8/8/8/8/8/8/R3K3 w - - 0 1", EvalTerm::KingAttack, WHITE) == Score{});
    // The knight on e5 reaches both knight checks, f7 and g6; the pawn on h7 guards g6.
    CHECK(term_of("7k/7p/8/4N3/8/8/8/4K3 w - - 0 1", EvalTerm::KingAttack, WHITE) == w.king_safe_check[KNIGHT]);
}
