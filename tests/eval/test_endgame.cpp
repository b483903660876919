// The endgame layer against the Syzygy tables.
//
// For every material signature an entry can fire on within four pieces, every
// legal placement is enumerated with both sides to move and probed (WDL):
//   - a dead verdict must be a tablebase draw (a cursed win counts as a win);
//   - when the tablebase says colour c wins, the scale for c must not be 0;
//   - a known ending's value must be above 0 for the side the tablebase says
//     wins, and the weak side must never be the winner (0 wrong);
//   - KPvK: the bitbase's value is above 0 exactly when the tablebase says the
//     pawn's side wins, on every position;
//   - the colour-flipped placement must get the mirrored verdict.
// Pawnless placements are reduced by the board's 8 symmetries (White's king in
// the a1-d1-d4 triangle) and pawn placements by the left-right mirror; the
// entries look at material, square colours, distances, edges and attacks, all
// of which the symmetries preserve. The test tagged [.exhaustive] enumerates
// every placement without reduction, and more endings. Counts are printed per rule. The signatures are listed so
// that every table a capture leads to is probed (and mapped) before the table
// it comes from.
#include <catch2/catch.hpp>

#ifdef AUGUR_HAVE_FATHOM
#include <tbprobe.h>
#endif

#include <algorithm>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "eval/endgame.h"
#include "test_util.h"

using namespace augur;

namespace {

EndgameVerdict verdict_of(const char* fen) {
    test::Board board(fen);
    return classify_endgame(board.pos);
}

}  // namespace

TEST_CASE("known endings value progress", "[endgame]") {
    SECTION("KBNvK: the bishop's corner is worth more than the other one") {
        // Light bishop: h1 is its corner, a1 is not.
        EndgameVerdict right = verdict_of("8/8/8/8/4B3/5NK1/8/7k w - - 0 1");
        EndgameVerdict wrong = verdict_of("8/8/8/8/4B3/1KN5/8/k7 w - - 0 1");
        REQUIRE(right.known);
        REQUIRE(right.rule[WHITE] == EndgameRule::Kbnk);
        REQUIRE(right.value_white > wrong.value_white);
        REQUIRE(wrong.value_white > 0);
    }
    SECTION("KBNvK: on the same diagonal, the defending king at the edge is worth more") {
        // Dark bishop: a4 and b3 are both four diagonals from the wrong corners' diagonal,
        // two squares from the attacking king; a4 is on the edge, b3 one line in.
        EndgameVerdict edge = verdict_of("7B/8/8/2K5/k7/8/8/6N1 w - - 0 1");
        EndgameVerdict inside = verdict_of("7B/8/8/2K5/8/1k6/8/6N1 w - - 0 1");
        REQUIRE(edge.rule[WHITE] == EndgameRule::Kbnk);
        REQUIRE(edge.value_white > inside.value_white);
    }
    SECTION("mating material: the king on the edge and the kings close are progress") {
        EndgameVerdict edge = verdict_of("3k4/8/3K4/8/8/8/8/7R w - - 0 1");
        EndgameVerdict centre = verdict_of("8/8/8/3k4/8/3K4/8/7R w - - 0 1");
        EndgameVerdict far = verdict_of("8/8/8/3k4/8/8/8/K6R w - - 0 1");
        REQUIRE(edge.rule[WHITE] == EndgameRule::Kxk);
        REQUIRE(edge.value_white > centre.value_white);
        REQUIRE(centre.value_white > far.value_white);
    }
    SECTION("a stalemated bare king is a draw") {
        EndgameVerdict v = verdict_of("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
        REQUIRE(v.known);
        REQUIRE(v.value_white == 0);
        REQUIRE(verdict_of("k7/2Q5/1K6/8/8/8/8/8 w - - 0 1").value_white > 0);
    }
    SECTION("KRRvK for Black: the values are Black's") {
        EndgameVerdict edge = verdict_of("3K4/8/3k4/8/8/8/8/rr6 b - - 0 1");
        EndgameVerdict centre = verdict_of("8/8/8/3K4/8/3k4/8/rr6 b - - 0 1");
        REQUIRE(edge.rule[BLACK] == EndgameRule::Kxk);
        REQUIRE(edge.value_white < centre.value_white);
        REQUIRE(centre.value_white < 0);
    }
    SECTION("KQvKR: the king on the edge, the kings close and a stray rook are progress") {
        EndgameVerdict edge = verdict_of("3k4/2r5/3K4/8/8/8/8/7Q w - - 0 1");
        EndgameVerdict centre = verdict_of("8/8/3r4/3k4/8/3K4/7Q/8 w - - 0 1");
        EndgameVerdict stray = verdict_of("r7/8/8/3k4/8/3K4/7Q/8 w - - 0 1");
        REQUIRE(edge.known);
        REQUIRE(edge.rule[WHITE] == EndgameRule::Kqkr);
        REQUIRE(edge.value_white > centre.value_white);
        REQUIRE(stray.value_white > centre.value_white);
        REQUIRE(centre.value_white > 10000);
    }
    SECTION("KQvKR: a tighter box around the defending king is progress") {
        // The same kings and rook: the queen on h5 shuts the king into the last
        // three ranks, from a1 it takes away only what the king already covers.
        EndgameVerdict boxed = verdict_of("8/3r4/3k4/7Q/3K4/8/8/8 w - - 0 1");
        EndgameVerdict open = verdict_of("8/3r4/3k4/8/3K4/8/8/Q7 w - - 0 1");
        REQUIRE(boxed.rule[WHITE] == EndgameRule::Kqkr);
        REQUIRE(open.rule[WHITE] == EndgameRule::Kqkr);
        REQUIRE(boxed.value_white > open.value_white);
        // Without the rook (the kings where they were) the value is higher still:
        // taking the rook stays progress, however tight the box was.
        REQUIRE(verdict_of("8/8/3k4/7Q/3K4/8/8/8 b - - 0 1").value_white > boxed.value_white);
    }
    SECTION("KRvKB and KRvKN: a small edge that grows at the edge and with a stray knight") {
        EndgameVerdict centre = verdict_of("8/8/8/3k4/8/8/2K5/R5b1 b - - 0 1");
        EndgameVerdict edge = verdict_of("3k4/8/8/8/8/8/2K5/R5b1 b - - 0 1");
        REQUIRE(centre.known);
        REQUIRE(centre.rule[WHITE] == EndgameRule::Krkb);
        REQUIRE(centre.value_white > 0);
        REQUIRE(edge.value_white > centre.value_white);
        REQUIRE(edge.value_white < 1000);  // far below a known win: mostly drawn
        // Taking the bishop is a known win.
        REQUIRE(verdict_of("3k4/8/8/8/8/8/2K5/6R1 b - - 0 1").value_white > 10000);
        EndgameVerdict near = verdict_of("8/8/4kn2/8/8/3K4/8/R7 w - - 0 1");
        EndgameVerdict stray = verdict_of("n7/8/4k3/8/8/3K4/8/R7 w - - 0 1");
        REQUIRE(near.rule[WHITE] == EndgameRule::Krkn);
        REQUIRE(stray.value_white > near.value_white);
        // KRvKN also gains with the strong king nearer the knight (the kings as
        // far apart, the knight as free) and with the knight hemmed in: the rook
        // on the g-file takes g6 from the knight on h8, on the b-file nothing.
        EndgameVerdict king_near_knight = verdict_of("R7/8/8/3k1K2/8/8/8/7n w - - 0 1");
        EndgameVerdict king_far_from_knight = verdict_of("R7/8/8/1K1k4/8/8/8/7n w - - 0 1");
        REQUIRE(king_near_knight.rule[WHITE] == EndgameRule::Krkn);
        REQUIRE(king_near_knight.value_white > king_far_from_knight.value_white);
        EndgameVerdict hemmed = verdict_of("7n/8/8/3k4/8/8/6R1/4K3 w - - 0 1");
        EndgameVerdict free_knight = verdict_of("7n/8/8/3k4/8/8/1R6/4K3 w - - 0 1");
        REQUIRE(hemmed.rule[WHITE] == EndgameRule::Krkn);
        REQUIRE(hemmed.value_white > free_knight.value_white);
        REQUIRE(hemmed.value_white < 300);  // still the small edge of a mostly drawn ending
        // The rook side to move takes the minor its king does not guard: a known win
        // (below the KRvK it becomes), unless taking it stalemates the bare king.
        EndgameVerdict takes = verdict_of("8/8/4k3/8/8/3K4/8/R5b1 w - - 0 1");
        REQUIRE(takes.rule[WHITE] == EndgameRule::Krkb);
        REQUIRE(takes.value_white > 10000);
        REQUIRE(takes.value_white < verdict_of("8/8/4k3/8/8/3K4/8/6R1 b - - 0 1").value_white);
        REQUIRE(verdict_of("8/8/4k3/8/8/3K4/8/R5b1 b - - 0 1").value_white < 1000);  // the bishop's move
        REQUIRE(verdict_of("8/8/8/8/8/3K4/5k2/R5b1 w - - 0 1").value_white < 1000);  // guarded by its king
        REQUIRE(verdict_of("k1n5/3K4/7R/8/8/8/8/8 w - - 0 1").value_white > 10000);  // Kxc8
        REQUIRE(verdict_of("k1n5/3K3R/8/8/8/8/8/8 w - - 0 1").value_white < 1000);   // Kxc8 stalemates
        // Nc2+ forks the king and rook: left to the search, with the rook's scale.
        EndgameVerdict fork = verdict_of("8/8/4k3/8/3n4/8/8/R3K3 b - - 0 1");
        REQUIRE_FALSE(fork.known);
        REQUIRE(fork.rule[WHITE] == EndgameRule::RookVsMinor);
    }
    SECTION("KQvKR and KQvKN: a blow the defender lands at once is left to the search") {
        REQUIRE_FALSE(verdict_of("r7/8/8/8/8/8/8/Q1k1K3 b - - 0 1").known);  // in check: the rook takes the queen
        REQUIRE_FALSE(verdict_of("5k2/8/8/8/8/8/r7/3K3Q b - - 0 1").known);  // Ra1+ skewers
        REQUIRE(verdict_of("5k2/8/8/8/8/8/r7/3K3Q w - - 0 1").known);
        REQUIRE_FALSE(verdict_of("7k/8/8/8/3n4/8/8/Q3K3 b - - 0 1").known);  // Nc2+ forks
        REQUIRE(verdict_of("7k/8/8/8/3n4/8/8/Q3K3 w - - 0 1").rule[WHITE] == EndgameRule::Kqkn);
        REQUIRE_FALSE(verdict_of("8/8/4k3/8/8/8/4r3/3QK3 w - - 0 1").known);  // in check
        // A king move uncovers Ra2+, which skewers the queen on g2.
        REQUIRE_FALSE(verdict_of("8/8/8/8/8/8/rk1K2Q1/8 b - - 0 1").known);
        // b2+ leaves the king on a1 no square: the pawn's check is a blow too.
        REQUIRE_FALSE(verdict_of("8/8/8/8/Q7/1p6/8/K1k5 b - - 0 1").known);
    }
    SECTION("KQvKN: the knight away from its king is progress") {
        EndgameVerdict near = verdict_of("8/8/4kn2/8/8/3K4/8/Q7 w - - 0 1");
        EndgameVerdict far = verdict_of("n7/8/4k3/8/8/3K4/8/Q7 w - - 0 1");
        REQUIRE(near.known);
        REQUIRE(far.value_white > near.value_white);
    }
    SECTION("KQvKP: a won race is known, the rook or bishop pawn on the seventh a fortress") {
        EndgameVerdict won = verdict_of("8/8/8/6KQ/8/8/2kp4/8 w - - 0 1");
        REQUIRE(won.known);
        REQUIRE(won.rule[WHITE] == EndgameRule::Kqkp);
        REQUIRE(won.value_white > 10000);
        EndgameVerdict fortress = verdict_of("8/8/6K1/7Q/8/8/pk6/8 w - - 0 1");
        REQUIRE_FALSE(fortress.known);
        REQUIRE(fortress.rule[WHITE] == EndgameRule::KqkpFortress);
        REQUIRE(fortress.scale[WHITE] > 0);
        REQUIRE(fortress.scale[WHITE] < SCALE_NORMAL);
        REQUIRE(verdict_of("8/8/6K1/7Q/8/8/3kp3/8 w - - 0 1").known);  // a centre pawn does not hold
    }
    SECTION("KRvKP: the strong king in the pawn's path or the defending king far is a known win, else a race") {
        EndgameVerdict path = verdict_of("8/8/8/4k3/4p3/8/4K3/7R w - - 0 1");
        EndgameVerdict far = verdict_of("k7/8/8/8/4p3/8/2K5/7R w - - 0 1");
        REQUIRE(path.known);
        REQUIRE(path.rule[WHITE] == EndgameRule::Krkp);
        REQUIRE(path.value_white > 10000);
        REQUIRE(far.value_white > 10000);
        // Taking the pawn is still progress: a KRvK win is worth more.
        REQUIRE(verdict_of("k7/8/8/8/8/8/2K5/7R b - - 0 1").value_white > far.value_white);
        // The king beside its pawn: a race, worth a few pawns, more the nearer the strong king.
        EndgameVerdict race = verdict_of("8/8/8/8/8/4pk2/8/K6R w - - 0 1");
        EndgameVerdict nearer = verdict_of("8/8/8/8/8/4pk2/8/2K4R w - - 0 1");
        REQUIRE(race.known);
        REQUIRE(race.value_white > 0);
        REQUIRE(race.value_white < 1000);
        REQUIRE(nearer.value_white > race.value_white);
        // The rook on the f-file cuts the defending king off from its pawn: its walk is longer.
        EndgameVerdict cut = verdict_of("5R2/8/8/6k1/8/4p3/8/K7 w - - 0 1");
        EndgameVerdict open = verdict_of("R7/8/8/6k1/8/4p3/8/K7 w - - 0 1");
        REQUIRE(cut.rule[WHITE] == EndgameRule::Krkp);
        REQUIRE(open.rule[WHITE] == EndgameRule::Krkp);
        REQUIRE(cut.value_white > open.value_white);
        REQUIRE(open.value_white < 1000);
        // Black's rook: the values are Black's.
        REQUIRE(verdict_of("7r/4k3/8/4P3/4K3/8/8/8 b - - 0 1").value_white == -path.value_white);
        // The pawn on its seventh, its queening square not covered by the rook: left to the search.
        REQUIRE_FALSE(verdict_of("8/8/8/8/8/7R/3pk3/K7 w - - 0 1").known);
        REQUIRE(verdict_of("8/8/8/8/8/8/3pk3/K6R b - - 0 1").known);  // Rxd1 answers the promotion
        // The defending king, to move, attacks the rook guarded only by its king: left to the search.
        REQUIRE_FALSE(verdict_of("8/8/8/8/8/8/p1k5/KR6 b - - 0 1").known);
    }
    SECTION("KPvK: the opposition decides") {
        REQUIRE(verdict_of("8/4k3/8/4K3/4P3/8/8/8 w - - 0 1").value_white == 0);
        REQUIRE(verdict_of("8/4k3/8/4K3/4P3/8/8/8 b - - 0 1").value_white > 0);
        REQUIRE(verdict_of("8/8/8/8/8/4k3/1p6/5K2 b - - 0 1").value_white < 0);
    }
}

TEST_CASE("drawish endings with pawns are scaled", "[endgame]") {
    SECTION("the wrong bishop's corner: dead with the king in it, scaled while it gets there first") {
        // A light bishop, h-pawns, the dark corner h8.
        EndgameVerdict corner = verdict_of("7k/8/8/8/8/8/7P/3BK3 w - - 0 1");
        REQUIRE(corner.dead);
        REQUIRE(corner.rule[WHITE] == EndgameRule::WrongBishop);
        REQUIRE(verdict_of("6k1/8/8/8/7P/7P/8/3BK3 b - - 0 1").dead);  // two pawns, the king beside the corner
        REQUIRE_FALSE(verdict_of("7k/8/8/8/8/8/7P/2B1K3 w - - 0 1").dead);  // the dark bishop takes h8
        REQUIRE_FALSE(verdict_of("7k/8/8/8/8/8/6PP/3BK3 w - - 0 1").dead);  // a g-pawn too
        EndgameVerdict near = verdict_of("8/8/4k3/8/8/8/7P/3BK3 b - - 0 1");
        REQUIRE_FALSE(near.dead);
        REQUIRE(near.rule[WHITE] == EndgameRule::WrongBishopNear);
        REQUIRE(near.scale[WHITE] > 0);
        REQUIRE(near.scale[WHITE] < SCALE_NORMAL);
        REQUIRE(verdict_of("8/8/8/8/8/8/7P/k2BK3 w - - 0 1").rule[WHITE] == EndgameRule::None);  // too far
        // Black: a light bishop, a-pawns, the dark corner a1.
        EndgameVerdict black = verdict_of("4k3/8/8/8/8/p7/2b5/K7 w - - 0 1");
        REQUIRE(black.dead);
        REQUIRE(black.rule[BLACK] == EndgameRule::WrongBishop);
    }
    SECTION("pawns on one file with the king in front") {
        EndgameVerdict centre = verdict_of("8/8/8/4k3/8/4P3/4P3/4K3 w - - 0 1");
        EndgameVerdict rook = verdict_of("8/8/8/7k/8/7P/7P/4K3 w - - 0 1");
        REQUIRE(centre.rule[WHITE] == EndgameRule::PawnsBlocked);
        REQUIRE(rook.rule[WHITE] == EndgameRule::PawnsBlocked);
        REQUIRE(rook.scale[WHITE] > 0);
        REQUIRE(rook.scale[WHITE] < centre.scale[WHITE]);
        REQUIRE(centre.scale[WHITE] < SCALE_NORMAL);
        REQUIRE(verdict_of("8/8/8/5k2/8/4P3/4P3/4K3 w - - 0 1").rule[WHITE] == EndgameRule::None);  // beside them
        REQUIRE(verdict_of("8/8/8/4k3/8/3P4/4P3/4K3 w - - 0 1").rule[WHITE] == EndgameRule::None);  // two files
    }
    SECTION("KRPvKR: the Philidor defence is scaled, the Lucena position is not") {
        EndgameVerdict philidor = verdict_of("4k3/8/r7/4P3/4K3/8/8/7R w - - 0 1");
        REQUIRE(philidor.rule[WHITE] == EndgameRule::KrpkrFront);
        REQUIRE(philidor.scale[WHITE] < SCALE_NORMAL);
        REQUIRE(verdict_of("1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1").rule[WHITE] == EndgameRule::None);
        // The defending king cut off from the pawn's file by two files (the rook on the d-file,
        // the king on the b-file): the Lucena-type win, not scaled; nor is a cut-off by one file.
        REQUIRE(verdict_of("8/1k6/8/8/4P3/4K3/8/3R3r w - - 0 1").rule[WHITE] == EndgameRule::None);
        REQUIRE(verdict_of("8/2k5/8/8/4P3/4K3/8/3R3r w - - 0 1").scale[WHITE] == SCALE_NORMAL);
    }
    SECTION("KBPvKN and KBPvKB: the king in front where the bishop cannot drive it, or the bishop on the path") {
        REQUIRE(verdict_of("8/8/4k3/8/4P3/3B4/8/4K2n w - - 0 1").rule[WHITE] == EndgameRule::KbpknBlock);
        // On the bishop's colour on the seventh: the bishop drives it away.
        REQUIRE(verdict_of("8/3k4/8/3P4/8/3B4/8/4K2n w - - 0 1").rule[WHITE] == EndgameRule::None);
        EndgameVerdict king = verdict_of("8/8/4k3/8/4P3/3B3b/8/4K3 w - - 0 1");
        EndgameVerdict bishop = verdict_of("k7/8/8/7b/4P3/3B4/8/4K3 w - - 0 1");
        REQUIRE(king.rule[WHITE] == EndgameRule::KbpkbBlock);
        REQUIRE(bishop.rule[WHITE] == EndgameRule::KbpkbBlock);
        REQUIRE(king.scale[WHITE] < bishop.scale[WHITE]);
        REQUIRE(bishop.scale[WHITE] < SCALE_NORMAL);
        REQUIRE(verdict_of("k7/8/8/8/4P3/3B4/8/4K1b1 w - - 0 1").rule[WHITE] == EndgameRule::OppositeBishops);
    }
    SECTION("KQvKRP: the rook guarded on its third rank, the king behind it") {
        EndgameVerdict fortress = verdict_of("8/5pk1/6r1/8/8/2K5/8/3Q4 w - - 0 1");
        REQUIRE(fortress.rule[WHITE] == EndgameRule::KqkrpFortress);
        REQUIRE(fortress.scale[WHITE] > 0);
        REQUIRE(fortress.scale[WHITE] < SCALE_NORMAL);
        REQUIRE(verdict_of("4K3/5pk1/6r1/8/8/8/8/3Q4 w - - 0 1").rule[WHITE] == EndgameRule::None);  // the king is in
        REQUIRE(verdict_of("8/5pk1/8/6r1/8/2K5/8/3Q4 w - - 0 1").rule[WHITE] == EndgameRule::None);  // unguarded rook
    }
}

TEST_CASE("the table lists every entry once, in kind order", "[endgame]") {
    auto entries = endgame_entries();
    REQUIRE(entries.size() == std::size_t(ENDGAME_RULE_NB - 1));
    for (std::size_t i = 0; i < entries.size(); ++i) {
        INFO(endgame_rule_name(entries[i].rule));
        REQUIRE(int(entries[i].rule) == int(i) + 1);
        if (i > 0) REQUIRE(int(entries[i].kind) >= int(entries[i - 1].kind));
    }
    REQUIRE(Material::of(PieceSet::of(test::Board("8/8/4k1r1/8/8/3K4/8/1N1B4 w - - 0 1").pos)).name() == "KBNvKR");
}

#ifdef AUGUR_HAVE_FATHOM

namespace {

struct Piece1 {
    Color color;
    PieceType type;
};

// A material signature: the pieces besides the two kings.
struct Signature {
    std::string name;
    std::vector<Piece1> pieces;
};

Signature parse_signature(const std::string& name) {
    // "KRvKB": White's letters before 'v', Black's after, kings dropped.
    Signature sig{name, {}};
    Color c = WHITE;
    for (char ch : name) {
        if (ch == 'v') { c = BLACK; continue; }
        const std::string letters = " PNBRQK";
        PieceType pt = PieceType(letters.find(ch));
        if (pt != KING) sig.pieces.push_back({c, pt});
    }
    return sig;
}

struct RuleCount {
    long fired = 0, draws = 0, wins = 0, losses = 0;  // outcomes for the side the rule is about
    long clear_wins = 0;                              // known endings: values of a known win (KNOWN_WIN or more)
};

// A known win's value starts here (endgame.cpp's KNOWN_WIN).
constexpr int KNOWN_WIN = 10000;
// KRvKB, KRvKN: mostly drawn. A value below a known win must stay in this band
// (a small edge for the rook that steers the search), and a known win's value
// must be a tablebase win. The band's top is what krkb and krkn can reach
// (240) with room to spare; a general evaluation calls 300 "slightly better".
constexpr int ROOK_VS_MINOR_BAND = 300;

struct Tally {
    long placements = 0, probes = 0;
    long optimistic = 0;       // a tablebase draw a known ending values above 0 for a side
    RuleCount rules[ENDGAME_RULE_NB];
    long failure_count = 0;
    std::vector<std::string> failures;  // the first few, described

    void fail(const std::string& what) {
        ++failure_count;
        if (failures.size() < 20) failures.push_back(what);
    }
};

bool attacked_by(const PieceSet& ps, Color c, Square s, Bitboard occ) {
    return (pawn_attacks(~c, s) & ps.by[c][PAWN]) || (knight_attacks(s) & ps.by[c][KNIGHT]) ||
           (bishop_attacks(s, occ) & (ps.by[c][BISHOP] | ps.by[c][QUEEN])) ||
           (rook_attacks(s, occ) & (ps.by[c][ROOK] | ps.by[c][QUEEN])) || (king_attacks(s) & ps.by[c][KING]);
}

PieceSet flip_colours(const PieceSet& ps) {
    PieceSet out;
    out.to_move = ~ps.to_move;
    for (Color c : {WHITE, BLACK})
        for (int pt = PAWN; pt <= KING; ++pt)
            for (Bitboard b = ps.by[c][pt]; b;) out.by[~c][pt] |= square_bb(flip_rank(pop_lsb(b)));
    return out;
}

std::string describe(const PieceSet& ps, Color stm) {
    std::string board;
    for (int r = 7; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < 8; ++f) {
            Square s = make_square(f, r);
            char ch = 0;
            for (Color c : {WHITE, BLACK})
                for (int pt = PAWN; pt <= KING; ++pt)
                    if (ps.by[c][pt] & square_bb(s)) ch = " PNBRQK"[pt] + (c == BLACK ? 32 : 0);
            if (!ch) { ++empty; continue; }
            if (empty) board += char('0' + empty), empty = 0;
            board += ch;
        }
        if (empty) board += char('0' + empty);
        if (r) board += '/';
    }
    return board + (stm == WHITE ? " w - - 0 1" : " b - - 0 1");
}

// The side with more material (by 1, 3, 3, 5, 9): the one a rule is about.
Color stronger(const PieceSet& ps) {
    auto worth = [&](Color c) {
        return popcount(ps.by[c][PAWN]) + 3 * popcount(ps.by[c][KNIGHT] | ps.by[c][BISHOP]) +
               5 * popcount(ps.by[c][ROOK]) + 9 * popcount(ps.by[c][QUEEN]);
    };
    return worth(WHITE) >= worth(BLACK) ? WHITE : BLACK;
}

bool mirrored(const EndgameVerdict& v, const EndgameVerdict& m) {
    return m.dead == v.dead && m.known == v.known && m.value_white == -v.value_white &&
           m.rule[WHITE] == v.rule[BLACK] && m.rule[BLACK] == v.rule[WHITE] && m.scale[WHITE] == v.scale[BLACK] &&
           m.scale[BLACK] == v.scale[WHITE];
}

// The checks of a known ending's value against the tablebase.
void check_known(const PieceSet& ps, const EndgameVerdict& v, bool draw, Color winner, Tally& t) {
    Color strong = stronger(ps);
    int for_strong = strong == WHITE ? v.value_white : -v.value_white;
    if (v.rule[WHITE] == EndgameRule::Kpk && (for_strong > 0) == draw)
        t.fail("KPvK bitbase differs from the tablebase: " + describe(ps, ps.to_move));
    const bool rook_vs_minor = v.rule[WHITE] == EndgameRule::Krkb || v.rule[WHITE] == EndgameRule::Krkn;
    if (rook_vs_minor && for_strong < KNOWN_WIN && (for_strong <= 0 || for_strong > ROOK_VS_MINOR_BAND))
        t.fail(std::string(endgame_rule_name(v.rule[WHITE])) + " leaves the drawn band: " + describe(ps, ps.to_move));
    if (draw) {
        t.optimistic += v.value_white != 0;
        if (rook_vs_minor && for_strong >= KNOWN_WIN)
            t.fail(std::string(endgame_rule_name(v.rule[WHITE])) + " scores a draw as a known win: " +
                   describe(ps, ps.to_move));
        return;
    }
    if (winner == strong && for_strong <= 0)
        t.fail(std::string(endgame_rule_name(v.rule[WHITE])) + " scores a win as a draw or loss: " +
               describe(ps, ps.to_move));
    if (winner != strong)
        t.fail(std::string(endgame_rule_name(v.rule[WHITE])) + " loses for the strong side: " +
               describe(ps, ps.to_move));
}

// Checks one legal placement of all pieces.
void check_placement(PieceSet ps, Tally& t) {
    ++t.placements;
    Bitboard occ = 0, white = 0, black = 0;
    for (int pt = PAWN; pt <= KING; ++pt) white |= ps.by[WHITE][pt], black |= ps.by[BLACK][pt];
    occ = white | black;
    auto both = [&](PieceType pt) { return ps.by[WHITE][pt] | ps.by[BLACK][pt]; };
    for (Color stm : {WHITE, BLACK}) {
        if (attacked_by(ps, stm, lsb(ps.by[~stm][KING]), occ)) continue;  // the side not to move is in check
        ps.to_move = stm;
        EndgameVerdict v = classify_endgame(ps);
        if (!mirrored(v, classify_endgame(flip_colours(ps))))
            t.fail("colour-flip asymmetry: " + describe(ps, stm));
        unsigned wdl = tb_probe_wdl(white, black, both(KING), both(QUEEN), both(ROOK), both(BISHOP), both(KNIGHT),
                                    both(PAWN), 0, 0, 0, stm == WHITE);
        ++t.probes;
        if (wdl == TB_RESULT_FAILED) {
            t.fail("probe failed: " + describe(ps, stm));
            continue;
        }
        bool draw = wdl == TB_DRAW;
        bool stm_wins = wdl == TB_WIN || wdl == TB_CURSED_WIN;
        Color winner = stm_wins ? stm : ~stm;
        if (v.dead && !draw) t.fail("dead but decisive: " + describe(ps, stm));
        if (!draw && !v.known && v.scale[winner] == 0) t.fail("winner scaled to 0: " + describe(ps, stm));
        if (v.known) {
            check_known(ps, v, draw, winner, t);
            Color strong = stronger(ps);
            RuleCount& rc = t.rules[int(v.rule[WHITE])];
            ++rc.fired, rc.draws += draw, rc.wins += !draw && winner == strong, rc.losses += !draw && winner != strong;
            rc.clear_wins += !draw && winner == strong && (strong == WHITE ? v.value_white : -v.value_white) >= KNOWN_WIN;
            continue;
        }
        if (v.dead) {
            RuleCount& rc = t.rules[int(v.rule[WHITE])];
            ++rc.fired, rc.draws += draw, rc.wins += !draw;
            continue;
        }
        for (Color c : {WHITE, BLACK}) {
            if (v.rule[c] == EndgameRule::None) continue;
            RuleCount& rc = t.rules[int(v.rule[c])];
            ++rc.fired;
            if (draw) ++rc.draws;
            else if (winner == c) ++rc.wins;
            else ++rc.losses;
        }
    }
}

void place(const Signature& sig, std::size_t i, PieceSet& ps, Bitboard occ, Tally& t) {
    if (i == sig.pieces.size()) return check_placement(ps, t);
    Piece1 p = sig.pieces[i];
    int first = 0;
    // Identical pieces are placed in increasing square order to skip duplicates.
    if (i > 0 && sig.pieces[i - 1].color == p.color && sig.pieces[i - 1].type == p.type)
        first = msb(ps.by[p.color][p.type]) + 1;
    for (int s = first; s < 64; ++s) {
        if ((occ & square_bb(Square(s))) || (p.type == PAWN && (s < 8 || s >= 56))) continue;
        ps.by[p.color][p.type] |= square_bb(Square(s));
        place(sig, i + 1, ps, occ | square_bb(Square(s)), t);
        ps.by[p.color][p.type] &= ~square_bb(Square(s));
    }
}

void merge(Tally& into, const Tally& from) {
    into.placements += from.placements;
    into.probes += from.probes;
    into.optimistic += from.optimistic;
    into.failure_count += from.failure_count;
    for (int r = 0; r < ENDGAME_RULE_NB; ++r) {
        into.rules[r].fired += from.rules[r].fired;
        into.rules[r].draws += from.rules[r].draws;
        into.rules[r].wins += from.rules[r].wins;
        into.rules[r].losses += from.rules[r].losses;
        into.rules[r].clear_wins += from.rules[r].clear_wins;
    }
    for (const std::string& f : from.failures)
        if (into.failures.size() < 20) into.failures.push_back(f);
}

// All placements with White's king on one square.
void enumerate_king(const Signature& sig, Square wk, Tally& t) {
    for (int bk = 0; bk < 64; ++bk) {
        if (distance(wk, Square(bk)) <= 1) continue;
        PieceSet ps;
        ps.by[WHITE][KING] = square_bb(wk);
        ps.by[BLACK][KING] = square_bb(Square(bk));
        place(sig, 0, ps, square_bb(wk) | square_bb(Square(bk)), t);
    }
}

// All placements of sig, White's king restricted by symmetry unless full.
// Debian's libfathom is built without locks and maps a table on its first
// probe, so the first king square runs alone: it maps this table (the smaller
// tables that captures lead to were mapped by the signatures before it), and
// only then do worker threads share the tables.
Tally enumerate(const Signature& sig, bool full) {
    bool pawns = std::any_of(sig.pieces.begin(), sig.pieces.end(), [](Piece1 p) { return p.type == PAWN; });
    std::vector<Square> white_kings;
    for (int s = 0; s < 64; ++s) {
        int f = s & 7, r = s >> 3;
        if (full || (pawns ? f < 4 : (f < 4 && r <= f))) white_kings.push_back(Square(s));
    }
    Tally total;
    enumerate_king(sig, white_kings[0], total);
    std::mutex lock;
    unsigned workers = std::max(1u, std::min(4u, std::thread::hardware_concurrency()));
    std::vector<std::thread> threads;
    for (unsigned w = 0; w < workers; ++w)
        threads.emplace_back([&, w] {
            Tally t;
            for (std::size_t i = 1 + w; i < white_kings.size(); i += workers) enumerate_king(sig, white_kings[i], t);
            std::lock_guard<std::mutex> guard(lock);
            merge(total, t);
        });
    for (std::thread& th : threads) th.join();
    return total;
}

bool init_tables() {
    static const bool ok = [] {
        std::string path = test::shared_data_dir() + "/tablebases/syzygy";
        return tb_init(path.c_str()) && TB_LARGEST >= 4;
    }();
    return ok;
}

void verify(const std::vector<std::string>& signatures, bool full) {
    if (!init_tables()) {
        WARN("Syzygy tables not found under $AUGUR_SHARED_DATA/tablebases/syzygy: skipped");
        return;
    }
    Tally all;
    for (const std::string& name : signatures) {
        Tally t = enumerate(parse_signature(name), full);
        std::printf("%-7s %9ld placements %9ld probes\n", name.c_str(), t.placements, t.probes);
        INFO(name);
        for (const std::string& f : t.failures) FAIL_CHECK(f);
        INFO(t.failure_count << " failures in all");
        REQUIRE(t.failure_count == 0);
        merge(all, t);
    }
    std::printf("%-20s %10s %10s %10s %10s %10s   (positions: placement x side to move%s)\n", "rule", "fired",
                "tb_draw", "tb_win", "tb_loss", "win_value", full ? "" : ", up to symmetry");
    for (int r = 1; r < ENDGAME_RULE_NB; ++r) {
        const RuleCount& rc = all.rules[r];
        if (rc.fired)
            std::printf("%-20s %10ld %10ld %10ld %10ld %10ld\n", endgame_rule_name(EndgameRule(r)), rc.fired,
                        rc.draws, rc.wins, rc.losses, rc.clear_wins);
    }
    std::printf("known endings: %ld tablebase draws valued as wins\n", all.optimistic);
    std::fflush(stdout);
}

}  // namespace

TEST_CASE("endgame layer agrees with Syzygy (up to symmetry)", "[endgame][syzygy]") {
    verify({"KNvK", "KBvK", "KRvK", "KQvK", "KPvK", "KNNvK", "KBBvK", "KBvKB", "KBvKN", "KNvKN", "KRvKB", "KRvKN",
            "KBNvK", "KQvKR", "KQvKN", "KQvKP", "KRvKP", "KBPvK", "KPPvK"},
           false);
}

TEST_CASE("endgame layer agrees with Syzygy (every placement)", "[.exhaustive][endgame][syzygy]") {
    verify({"KNvK", "KBvK", "KRvK", "KQvK", "KPvK", "KNNvK", "KBBvK", "KBvKB", "KBvKN", "KNvKN", "KRvKB", "KRvKN",
            "KNvKP", "KBvKP", "KBNvK", "KRvKR", "KQvKR", "KQvKN", "KQvKP", "KQQvK", "KQRvK", "KQBvK", "KQNvK",
            "KRRvK", "KRBvK", "KRNvK", "KQPvK", "KRPvK", "KBPvK", "KPPvK", "KRvKP"},
           true);
}

// krkb and krkn alone, every placement (the rook on either colour through the
// colour-flip check): about a minute of CPU, opt-in as the test above.
TEST_CASE("KRvKB and KRvKN agree with Syzygy (every placement)", "[.exhaustive][rook_vs_minor][endgame][syzygy]") {
    verify({"KNvK", "KBvK", "KRvK", "KRvKB", "KRvKN"}, true);
}

#else

TEST_CASE("endgame recognisers agree with Syzygy", "[endgame][syzygy]") {
    WARN("built without libfathom: Syzygy verification skipped");
}

#endif
