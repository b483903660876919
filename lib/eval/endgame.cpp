#include "eval/endgame.h"

#include <algorithm>

namespace augur {

namespace {

// Scale factors in 64ths. They are knowledge rather than tuned weights, so they
// live here: each rule names the ending it shrinks and why.
constexpr int SCALE_SINGLE_MINOR = 2;       // a lone minor wins only if the defender blocks his own king
constexpr int SCALE_KNNK_EDGE = 2;          // no forced mate; only the defender's blunder mates
constexpr int SCALE_TWO_KNIGHTS = 8;        // KNNvKN and the like: a few wins, mostly draws
constexpr int SCALE_ROOK_VS_MINOR = 12;     // draws unless the defender is badly placed
constexpr int SCALE_ROOK_VS_TWO_MINORS = 12;
constexpr int SCALE_BISHOPS_SAME_COLOUR = 8;  // two bishops on one colour act like one
constexpr int SCALE_BISHOPS_VS_BISHOP = 16;
constexpr int SCALE_EXTRA_MINOR = 16;       // KRBvKR, KQNvKQ: usually drawn
constexpr int SCALE_OCB_BASE = 16;          // opposite bishops, equal pawns
constexpr int SCALE_OCB_PER_PAWN = 12;      // each extra pawn makes the win likelier

constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;
constexpr Bitboard EDGE = FILE_A_BB | file_bb(7) | rank_bb(0) | rank_bb(7);

// Piece counts of one side.
struct Side {
    int pawns, knights, bishops, rooks, queens;
    int minors() const { return knights + bishops; }
    int pieces() const { return knights + bishops + rooks + queens; }
    bool only(int n, int b, int r, int q) const {
        return knights == n && bishops == b && rooks == r && queens == q;
    }
};

Side count_side(const PieceSet& ps, Color c) {
    return {popcount(ps.by[c][PAWN]), popcount(ps.by[c][KNIGHT]), popcount(ps.by[c][BISHOP]),
            popcount(ps.by[c][ROOK]), popcount(ps.by[c][QUEEN])};
}

bool on_one_colour(Bitboard b) { return !(b & DARK_SQUARES) || !(b & ~DARK_SQUARES); }

bool set_dead(EndgameVerdict& v, EndgameRule rule) {
    v.dead = true;
    v.rule = {rule, rule};
    v.scale = {0, 0};
    return true;
}

// Positions in which no sequence of moves (or, for KNNvK, no forced line and no
// one-move blunder) can mate.
bool find_dead(const PieceSet& ps, const Side (&s)[COLOR_NB], EndgameVerdict& out) {
    if (s[WHITE].pawns || s[BLACK].pawns || s[WHITE].rooks || s[BLACK].rooks ||
        s[WHITE].queens || s[BLACK].queens)
        return false;
    int minors = s[WHITE].minors() + s[BLACK].minors();
    if (minors == 0) return set_dead(out, EndgameRule::BareKings);
    if (minors == 1) return set_dead(out, EndgameRule::LoneMinor);
    if (!s[WHITE].knights && !s[BLACK].knights && on_one_colour(ps.by[WHITE][BISHOP] | ps.by[BLACK][BISHOP]))
        return set_dead(out, EndgameRule::SameColourBishops);
    for (Color c : {WHITE, BLACK}) {
        // Two knights cannot force mate, and a mate (or a position where every
        // defending move walks into one) needs the defending king on the edge.
        // The Syzygy check confirms: no KNNvK win has that king off the edge.
        if (s[c].only(2, 0, 0, 0) && s[~c].pieces() == 0 && !(ps.by[~c][KING] & EDGE))
            return set_dead(out, EndgameRule::KnnkCentre);
    }
    return false;
}

// The rule for colour c being the side ahead, if any; leaves rule/scale alone otherwise.
void side_rule(const PieceSet& ps, Color c, const Side& us, const Side& them, EndgameRule& rule, int& scale) {
    auto set = [&](EndgameRule r, int sc) { rule = r; scale = sc; };
    if (!us.pawns) {
        if (us.pieces() == 0) return set(EndgameRule::NoPieces, 0);
        if (us.pieces() == 1 && us.minors() == 1) return set(EndgameRule::SingleMinor, SCALE_SINGLE_MINOR);
        if (them.pawns) return;
        if (us.only(2, 0, 0, 0))
            return them.pieces() == 0 ? set(EndgameRule::KnnkEdge, SCALE_KNNK_EDGE)
                                      : set(EndgameRule::TwoKnights, SCALE_TWO_KNIGHTS);
        bool us_rook = us.only(0, 0, 1, 0), them_rook = them.only(0, 0, 1, 0);
        bool us_two_minors = us.pieces() == 2 && us.minors() == 2;
        bool them_two_minors = them.pieces() == 2 && them.minors() == 2;
        if (us_rook && them.pieces() == 1 && them.minors() == 1)
            return set(EndgameRule::RookVsMinor, SCALE_ROOK_VS_MINOR);
        if ((us_rook && them_two_minors) || (us_two_minors && them_rook))
            return set(EndgameRule::RookVsTwoMinors, SCALE_ROOK_VS_TWO_MINORS);
        if (us.only(0, 2, 0, 0) && them.only(0, 1, 0, 0))
            return set(EndgameRule::BishopsVsBishop, on_one_colour(ps.by[c][BISHOP]) ? SCALE_BISHOPS_SAME_COLOUR
                                                                                   : SCALE_BISHOPS_VS_BISHOP);
        if (us.rooks == them.rooks && us.queens == them.queens && us.rooks + us.queens > 0 &&
            us.minors() == them.minors() + 1)
            return set(EndgameRule::ExtraMinor, SCALE_EXTRA_MINOR);
        return;
    }
    // Opposite-coloured bishops and pawns only: a pawn or two up is often drawn.
    if (us.only(0, 1, 0, 0) && them.only(0, 1, 0, 0) &&
        !on_one_colour(ps.by[WHITE][BISHOP] | ps.by[BLACK][BISHOP])) {
        int extra = std::max(0, us.pawns - them.pawns);
        set(EndgameRule::OppositeBishops, std::min(SCALE_NORMAL, SCALE_OCB_BASE + SCALE_OCB_PER_PAWN * extra));
    }
}

}  // namespace

const char* endgame_rule_name(EndgameRule rule) {
    switch (rule) {
    case EndgameRule::None: return "none";
    case EndgameRule::BareKings: return "bare_kings";
    case EndgameRule::LoneMinor: return "lone_minor";
    case EndgameRule::KnnkCentre: return "knnk_centre";
    case EndgameRule::SameColourBishops: return "same_colour_bishops";
    case EndgameRule::NoPieces: return "no_pieces";
    case EndgameRule::SingleMinor: return "single_minor";
    case EndgameRule::KnnkEdge: return "knnk_edge";
    case EndgameRule::TwoKnights: return "two_knights";
    case EndgameRule::RookVsMinor: return "rook_vs_minor";
    case EndgameRule::RookVsTwoMinors: return "rook_vs_two_minors";
    case EndgameRule::BishopsVsBishop: return "bishops_vs_bishop";
    case EndgameRule::ExtraMinor: return "extra_minor";
    case EndgameRule::OppositeBishops: return "opposite_bishops";
    case EndgameRule::Count: break;
    }
    return "?";
}

PieceSet PieceSet::of(const Position& pos) {
    PieceSet ps;
    for (Color c : {WHITE, BLACK})
        for (int pt = PAWN; pt <= KING; ++pt) ps.by[c][pt] = pos.pieces(c, PieceType(pt));
    return ps;
}

EndgameVerdict classify_endgame(const PieceSet& ps) {
    EndgameVerdict v;
    // Fast exit for the common middlegame: every rule needs a pawnless side or
    // a board without rooks and queens.
    Bitboard majors = ps.by[WHITE][ROOK] | ps.by[WHITE][QUEEN] | ps.by[BLACK][ROOK] | ps.by[BLACK][QUEEN];
    if (majors && ps.by[WHITE][PAWN] && ps.by[BLACK][PAWN]) return v;
    const Side s[COLOR_NB] = {count_side(ps, WHITE), count_side(ps, BLACK)};
    if (find_dead(ps, s, v)) return v;
    for (Color c : {WHITE, BLACK}) side_rule(ps, c, s[c], s[~c], v.rule[c], v.scale[c]);
    return v;
}

}  // namespace augur
