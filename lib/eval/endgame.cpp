#include "eval/endgame.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <vector>

#include "eval/endgame_terms.h"
#include "eval/kpk_bitbase.h"

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
constexpr int SCALE_QUEEN_VS_PAWN_FORTRESS = 8;  // KQvKP, rook or bishop pawn on the seventh: a draw
constexpr int SCALE_WRONG_BISHOP_NEAR = 16;  // the bare king reaches the corner the bishops cannot take
constexpr int SCALE_PAWNS_BLOCKED = 24;     // pawns on one file, the bare king in front: tempo moves may still win
constexpr int SCALE_ROOK_PAWNS_BLOCKED = 4; // the same on a rook file: the king need only reach the corner
constexpr int SCALE_KRPKR_FRONT = 16;       // KRPvKR, the king in front of the pawn: the Philidor draw
constexpr int SCALE_MINOR_PAWN_KING_BLOCK = 8;  // KBPvKB, KBPvKN: the king in front, the bishop cannot drive it
constexpr int SCALE_KBPKB_BISHOP_BLOCK = 24;    // KBPvKB: the defending bishop covers the pawn's path
constexpr int SCALE_QUEEN_VS_ROOK_FORTRESS = 8;  // KQvKRP: the rook guarded by its pawn, the king behind

// The evaluation functions' units. A known win starts at KNOWN_WIN, far above
// any general evaluation, so the search prefers reaching one to anything else,
// and adds the strong side's material (a capture or promotion is progress) and
// the progress terms below. Piece values are the layer's own: the known values
// must not move when the general weights are tuned.
constexpr int KNOWN_WIN = 10000;
constexpr int PIECE_VALUE[PIECE_TYPE_NB] = {0, 100, 320, 330, 500, 950, 0};
constexpr int EDGE_STEP = 30;        // per rank or file nearer the edge (defending king)
constexpr int CORNER_STEP = 10;      // per step nearer a corner along the edge
constexpr int KING_CLOSE_STEP = 20;  // per square the kings are nearer
constexpr int BISHOP_CORNER_STEP = 200;  // KBNvK: per diagonal nearer the bishop's corners
constexpr int KBNK_EDGE_STEP = 60;         // KBNvK: per line the defending king is nearer the edge
constexpr int KBNK_KING_CLOSE_STEP = 160;  // KBNvK: per square the kings are nearer
constexpr int PAWN_RANK_STEP = 20;   // KPvK: per rank the pawn has advanced
constexpr int PIECE_AWAY_STEP = 10;  // KQvKN, KQvKR: per square the lone piece stands from its king
constexpr int ROOK_VS_MINOR_EDGE = 20;  // KRvKB, KRvKN: a drawn ending's small edge for the rook
constexpr int ROOM_STEP = 6;         // KQvKR: per square the defending king can no longer reach
constexpr int PAWN_CLOSE_STEP = 20;  // KQvKP: per square between the strong king and the pawn
constexpr int RACE_VALUE = 200;      // KRvKP: a race the rook may still lose to the king and pawn
constexpr int RACE_STEP = 8;         // KRvKP: per square the race tips towards the rook
constexpr int FAR_KING = 3;          // KRvKP: the defending king this far from its pawn and the rook cannot help
constexpr int WALK_LIMIT = 8;        // KRvKP: the defending king's walk counted up to this many steps
constexpr int FORTRESS_KING_REACH = 1;  // KQvKP: the strong king further from the pawn cannot break the fortress
constexpr int FOLLOW_UP_CHECKS = 1;  // checks after the first that a defender's blow is looked for
// What an evaluation or scaling function returns when its entry does not apply
// to this placement after all (it then falls through to the next entries).
constexpr int NOT_APPLICABLE = INT_MIN;
constexpr int VALUE_LIMIT = 19999;  // the evaluation's |v| < 20000, even with ten queens

// An evaluation or scaling function of the table: the strong side's value or scale.
using Function = int (*)(const PieceSet&, Color strong);

constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;
constexpr Bitboard EDGE = FILE_A_BB | file_bb(7) | rank_bb(0) | rank_bb(7);

bool on_one_colour(Bitboard b) { return !(b & DARK_SQUARES) || !(b & ~DARK_SQUARES); }

Bitboard pieces_of(const PieceSet& ps, Color c) {
    Bitboard b = 0;
    for (int pt = PAWN; pt <= KING; ++pt) b |= ps.by[c][pt];
    return b;
}

Square king_of(const PieceSet& ps, Color c) { return lsb(ps.by[c][KING]); }

bool attacked_by(const PieceSet& ps, Color c, Square s, Bitboard occupied) {
    return (pawn_attacks(~c, s) & ps.by[c][PAWN]) || (knight_attacks(s) & ps.by[c][KNIGHT]) ||
           (bishop_attacks(s, occupied) & (ps.by[c][BISHOP] | ps.by[c][QUEEN])) ||
           (rook_attacks(s, occupied) & (ps.by[c][ROOK] | ps.by[c][QUEEN])) || (king_attacks(s) & ps.by[c][KING]);
}

// The weak side has a bare king, is to move, is not in check and every square
// its king could step to is attacked: stalemate, a draw whatever the material.
bool bare_king_stalemated(const PieceSet& ps, Color weak) {
    if (ps.to_move != weak) return false;
    Square k = king_of(ps, weak);
    Bitboard occupied = (pieces_of(ps, WHITE) | pieces_of(ps, BLACK)) & ~square_bb(k);
    if (attacked_by(ps, ~weak, k, occupied)) return false;
    for (Bitboard b = king_attacks(k); b;)
        if (!attacked_by(ps, ~weak, pop_lsb(b), occupied)) return false;
    return true;
}

// The squares in front of a pawn of colour c on s, up to its last rank.
Bitboard pawn_path(Color c, Square s) {
    Bitboard path = 0;
    for (int r = rank_of(s) + (c == WHITE ? 1 : -1); r >= 0 && r <= 7; r += c == WHITE ? 1 : -1)
        path |= square_bb(make_square(file_of(s), r));
    return path;
}

Square queening_square(Color c, Square pawn) { return make_square(file_of(pawn), relative_rank(c, 7)); }

// The most advanced of colour c's pawns on one file.
Square front_pawn(Color c, Bitboard pawns) { return c == WHITE ? msb(pawns) : lsb(pawns); }

bool on_one_file(Bitboard b) { return !(b & ~file_bb(file_of(lsb(b)))); }

bool in_check(const PieceSet& ps) {
    Bitboard occupied = pieces_of(ps, WHITE) | pieces_of(ps, BLACK);
    return attacked_by(ps, ~ps.to_move, king_of(ps, ps.to_move), occupied);
}

// Whether a weak piece arriving on s (the board then occupied) would stay there:
// no strong piece but the king attacks s, and the king only where s is guarded.
bool weak_piece_safe_on(const PieceSet& ps, Color strong, Square s, Bitboard occupied) {
    PieceSet without_king = ps;
    without_king.by[strong][KING] = 0;
    if (attacked_by(without_king, strong, s, occupied)) return false;
    return !(king_attacks(s) & ps.by[strong][KING]) || attacked_by(ps, ~strong, s, occupied);
}

// The placement after the piece on `from` moved to the empty square `to`, the
// other side then to move.
PieceSet moved(const PieceSet& ps, Square from, Square to) {
    PieceSet after = ps;
    for (Color c : {WHITE, BLACK})
        for (int pt = PAWN; pt <= KING; ++pt)
            if (after.by[c][pt] & square_bb(from)) after.by[c][pt] ^= square_bb(from) | square_bb(to);
    after.to_move = ~ps.to_move;
    return after;
}

bool weak_side_strikes(const PieceSet& ps, Color strong, int depth);

// The strong king is in check, and a checking piece also hits one of the
// `unguarded` pieces: beside the king (a fork) or behind it (a skewer).
bool skewers_or_forks(const PieceSet& ps, Color strong, Bitboard unguarded) {
    const Square king = king_of(ps, strong);
    const Bitboard occupied = pieces_of(ps, WHITE) | pieces_of(ps, BLACK);
    for (int pt = KNIGHT; pt <= QUEEN; ++pt)
        for (Bitboard pieces = ps.by[~strong][pt]; pieces;) {
            Square s = pop_lsb(pieces);
            if ((attacks(PieceType(pt), s, occupied) & square_bb(king)) &&
                (attacks(PieceType(pt), s, occupied ^ square_bb(king)) & unguarded))
                return true;
        }
    return false;
}

// The strong side in check after a weak move (`after`, strong to move): every
// square its king can step to lets the weak side strike again (`depth` more
// checks deep), or there is none (only another piece can answer, and it may be
// lost, or the check mates).
bool every_escape_loses(const PieceSet& after, Color strong, int depth) {
    const Square king = king_of(after, strong);
    const Bitboard without_king = (pieces_of(after, WHITE) | pieces_of(after, BLACK)) ^ square_bb(king);
    for (Bitboard b = king_attacks(king) & ~pieces_of(after, strong); b;) {
        Square escape = pop_lsb(b);
        if (attacked_by(after, ~strong, escape, without_king)) continue;
        if (depth == 0 || !weak_side_strikes(moved(after, king, escape), strong, depth - 1)) return false;
    }
    return true;
}

// Where a piece of colour c on `from` can step without taking anything (a pawn:
// one square, not to promotion).
Bitboard quiet_moves(Color c, PieceType pt, Square from, Bitboard occupied) {
    if (pt != PAWN) return attacks(pt, from, occupied) & ~occupied;
    Square to = from + pawn_push(c);
    bool promotes = relative_rank(c, rank_of(to)) == 7;
    return promotes || (occupied & square_bb(to)) ? 0 : square_bb(to);
}

// The squares a weak piece of type pt leaving `from` could give check from: those
// it would attack the strong king from, none for the king (it checks only by
// uncovering), and every square when leaving `from` may uncover a check by
// another weak slider. A filter only, so that the moves that cannot check are
// not tried one by one (in_check decides on the rest): this test runs at every
// evaluation of these endings, and its cost is search depth lost.
Bitboard possible_check_squares(const PieceSet& ps, Color strong, PieceType pt, Square from, Bitboard occupied) {
    const Square king = king_of(ps, strong);
    const Color weak = ~strong;
    const Bitboard sliders = (ps.by[weak][BISHOP] | ps.by[weak][ROOK] | ps.by[weak][QUEEN]) & ~square_bb(from);
    for (Bitboard b = sliders; b;)
        if (between_bb(king, pop_lsb(b)) & square_bb(from)) return ~Bitboard(0);
    if (pt == KING) return 0;
    if (pt == PAWN) return pawn_attacks(strong, king);
    return attacks(pt, king, occupied ^ square_bb(from));
}

// The weak side, to move, wins material or promotes at once: it takes a strong
// piece nothing guards; it checks (a piece or pawn from a square where it
// stays, or its king uncovering a check) while hitting an unguarded piece (a
// fork, or a skewer through the king), or so that every king move allows
// another such blow (`depth` checks deep) or there is none; it checks at all
// while its own king cannot move (taking the checker stalemates, and it may go
// on checking); or it pushes a pawn to promotion on a square no strong piece
// but the king covers.
bool weak_side_strikes(const PieceSet& ps, Color strong, int depth) {
    const Color weak = ~strong;
    if (ps.to_move != weak) return false;
    const Bitboard occupied = pieces_of(ps, WHITE) | pieces_of(ps, BLACK);
    const Bitboard targets = pieces_of(ps, strong) & ~ps.by[strong][KING];
    Bitboard unguarded = 0;
    for (Bitboard b = targets; b;) {
        Square s = pop_lsb(b);
        if (!attacked_by(ps, strong, s, occupied)) unguarded |= square_bb(s);
    }
    for (Bitboard b = unguarded; b;)
        if (attacked_by(ps, weak, pop_lsb(b), occupied)) return true;
    const bool desperado = bare_king_stalemated(ps, weak);
    for (int pt = PAWN; pt <= KING; ++pt)
        for (Bitboard pieces = ps.by[weak][pt]; pieces;) {
            Square from = pop_lsb(pieces);
            Bitboard to = quiet_moves(weak, PieceType(pt), from, occupied) &
                          possible_check_squares(ps, strong, PieceType(pt), from, occupied);
            while (to) {
                Square s = pop_lsb(to);
                const PieceSet after = moved(ps, from, s);
                const Bitboard occupied_after = (occupied ^ square_bb(from)) | square_bb(s);
                if (pt == KING && attacked_by(after, strong, s, occupied_after)) continue;
                if (!in_check(after)) continue;
                if (desperado) return true;
                // A piece that checks where it can be taken wins nothing (a king
                // move's discovered check is judged by the slider behind it).
                if (pt != KING && !weak_piece_safe_on(ps, strong, s, occupied_after)) continue;
                if (skewers_or_forks(after, strong, unguarded) || every_escape_loses(after, strong, depth)) return true;
            }
        }
    const Bitboard seventh = rank_bb(relative_rank(weak, 6));
    for (Bitboard b = ps.by[weak][PAWN] & seventh; b;) {
        Square from = pop_lsb(b), to = from + pawn_push(weak);
        if (!(occupied & square_bb(to)) && weak_piece_safe_on(ps, strong, to, occupied ^ square_bb(from)))
            return true;
    }
    return false;
}

// A known win against a lone piece or pawn is valued only where the position is
// quiet: not in check (the search never evaluates those) and without a blow the
// weak side lands at once (the search finds it); elsewhere the function declines.
bool unsettled(const PieceSet& ps, Color strong) {
    return in_check(ps) || weak_side_strikes(ps, strong, FOLLOW_UP_CHECKS);
}

}  // namespace

// The measures of endgame_terms.h, defined here beside the helpers they use.
namespace endgame_terms {

int lines_to_edge(Square s) {
    const int f = file_of(s), r = rank_of(s);
    return std::min(std::min(f, 7 - f), std::min(r, 7 - r));
}

int steps_to_corner(Square s) {
    const int f = file_of(s), r = rank_of(s);
    return std::min(f, 7 - f) + std::min(r, 7 - r);
}

// The squares the lone knight can jump to and stay: not attacked by the strong
// side (the rook's lines as they are once the knight has left), or guarded by
// its own king. A knight with none is lost, with one or two it is nearly caught.
int knight_safe_squares(const PieceSet& ps, Color strong) {
    const Color weak = ~strong;
    const Square knight = lsb(ps.by[weak][KNIGHT]), rook = lsb(ps.by[strong][ROOK]);
    const Square weak_king = king_of(ps, weak), strong_king = king_of(ps, strong);
    const Bitboard occupied = (pieces_of(ps, WHITE) | pieces_of(ps, BLACK)) ^ square_bb(knight);
    const Bitboard strong_attacks = (rook_attacks(rook, occupied) & ~square_bb(rook)) | king_attacks(strong_king);
    const Bitboard safe = ~strong_attacks | king_attacks(weak_king);
    return popcount(knight_attacks(knight) & ~square_bb(weak_king) & ~square_bb(strong_king) & safe);
}

// The squares the defending king could walk to, one step at a time, through
// squares the strong queen and king do not attack (the queen's lines pass
// through the defending king, and the rook blocks them where it stands). The
// fewer, the tighter the box the queen and king have built around it.
int defending_king_room(const PieceSet& ps, Color strong) {
    const Square weak_king = king_of(ps, ~strong), strong_king = king_of(ps, strong);
    const Bitboard occupied = (pieces_of(ps, WHITE) | pieces_of(ps, BLACK)) ^ square_bb(weak_king);
    Bitboard attacked = king_attacks(strong_king) | square_bb(strong_king);
    for (Bitboard queens = ps.by[strong][QUEEN]; queens;) attacked |= queen_attacks(pop_lsb(queens), occupied);
    Bitboard room = square_bb(weak_king), frontier = room;
    while (frontier) {
        Bitboard reached = 0;
        for (Bitboard b = frontier; b;) reached |= king_attacks(pop_lsb(b));
        frontier = reached & ~attacked & ~room;
        room |= frontier;
    }
    return popcount(room);
}

}  // namespace endgame_terms

namespace {

using endgame_terms::defending_king_room;
using endgame_terms::knight_safe_squares;
using endgame_terms::lines_to_edge;
using endgame_terms::steps_to_corner;

// Progress terms, larger for the strong side the better.
// The defending king near the edge, and along the edge near a corner.
int edge_push(Square s) { return EDGE_STEP * (3 - lines_to_edge(s)) + CORNER_STEP * (6 - steps_to_corner(s)); }

int kings_close(Square a, Square b, int step = KING_CLOSE_STEP) { return step * (7 - distance(a, b)); }

int material_of(const Material& m, Color c) {
    int total = 0;
    for (int pt = PAWN; pt <= QUEEN; ++pt) total += PIECE_VALUE[pt] * m.count[c][pt];
    return total;
}

// Dead draws: 1 when the placement is dead.
int always(const PieceSet&, Color) { return 1; }

int defending_king_off_edge(const PieceSet& ps, Color strong) { return !(ps.by[~strong][KING] & EDGE); }

// Bishops and pawns against a bare king, the pawns all on one rook file and no
// bishop on the colour of their queening square: the corner where the king
// cannot be checked (no bishop reaches it, the pawns attack only the next
// file), nor ever be taken from it, since a king beside it can always step in.
// The corner, or NO_CORNER.
constexpr int NO_CORNER = -1;
int wrong_bishop_corner(const PieceSet& ps, Color strong) {
    const Bitboard pawns = ps.by[strong][PAWN];
    const int file = file_of(lsb(pawns));
    if ((file != 0 && file != 7) || !on_one_file(pawns)) return NO_CORNER;
    const Square corner = make_square(file, strong == WHITE ? 7 : 0);
    const Bitboard corner_colour = (square_bb(corner) & DARK_SQUARES) ? DARK_SQUARES : ~DARK_SQUARES;
    return ps.by[strong][BISHOP] & corner_colour ? NO_CORNER : int(corner);
}

// The bare king in or beside that corner: no mate exists, however many pawns.
int defending_king_in_wrong_corner(const PieceSet& ps, Color strong) {
    const int corner = wrong_bishop_corner(ps, strong);
    return corner != NO_CORNER && distance(king_of(ps, ~strong), Square(corner)) <= 1;
}

int bishops_on_one_colour(const PieceSet& ps, Color) {
    return on_one_colour(ps.by[WHITE][BISHOP] | ps.by[BLACK][BISHOP]);
}

// Evaluation functions: the value for the strong side.

// Mating material against a bare king: the king goes to the edge, where the
// pieces mate it, and the attacking king comes close to help.
int eval_kxk(const PieceSet& ps, Color strong) {
    const Bitboard bishops = ps.by[strong][BISHOP];
    bool only_bishops = !(ps.by[strong][KNIGHT] | ps.by[strong][ROOK] | ps.by[strong][QUEEN]);
    if (only_bishops && on_one_colour(bishops)) return NOT_APPLICABLE;  // bishops of one colour cannot mate
    if (bare_king_stalemated(ps, ~strong)) return 0;
    Square weak_king = king_of(ps, ~strong), strong_king = king_of(ps, strong);
    return KNOWN_WIN + material_of(Material::of(ps), strong) + edge_push(weak_king) +
           kings_close(strong_king, weak_king);
}

// Bishop and knight: mate is forced only in a corner of the bishop's square
// colour. Progress is the number of diagonals between the defending king and
// the other (wrong) corners' diagonal (7 in a right corner, 0 on the long
// diagonal through the wrong corners), then the defending king at the edge and
// the attacking king close: the king does most of the driving, and with the
// kings' nearness worth little (the general 20 a square) the search wandered
// along the diagonals and ran into the fifty-move rule (docs/ENDGAMES.md).
int eval_kbnk(const PieceSet& ps, Color strong) {
    if (bare_king_stalemated(ps, ~strong)) return 0;
    Square weak_king = king_of(ps, ~strong), strong_king = king_of(ps, strong);
    int f = file_of(weak_king), r = rank_of(weak_king);
    bool dark_bishop = ps.by[strong][BISHOP] & DARK_SQUARES;
    int towards_corner = dark_bishop ? std::abs(7 - f - r) : std::abs(f - r);
    return KNOWN_WIN + PIECE_VALUE[BISHOP] + PIECE_VALUE[KNIGHT] + BISHOP_CORNER_STEP * towards_corner +
           KBNK_EDGE_STEP * (3 - lines_to_edge(weak_king)) +
           kings_close(strong_king, weak_king, KBNK_KING_CLOSE_STEP);
}

// King and pawn against king: exact. A win is worth more the further the pawn is.
int eval_kpk(const PieceSet& ps, Color strong) {
    Square pawn = lsb(ps.by[strong][PAWN]);
    if (!kpk_win(strong, king_of(ps, strong), king_of(ps, ~strong), pawn, ps.to_move)) return 0;
    return KNOWN_WIN + PIECE_VALUE[PAWN] + PAWN_RANK_STEP * relative_rank(strong, rank_of(pawn));
}

// The strong side's material less the weak side's, in the layer's values.
int material_lead(const PieceSet& ps, Color strong) {
    Material m = Material::of(ps);
    return material_of(m, strong) - material_of(m, ~strong);
}

// How far the lone pawn of the weak side is from the strong king, and how far
// it has advanced: what a queen against a pawn wants small.
int pawn_threat(const PieceSet& ps, Color strong) {
    Square pawn = lsb(ps.by[~strong][PAWN]);
    return PAWN_CLOSE_STEP * distance(king_of(ps, strong), pawn) + PAWN_RANK_STEP * relative_rank(~strong, rank_of(pawn));
}

// Queen against a lone rook or knight: the defending king goes to the edge, the
// attacking king comes close, and the piece is worth less the further it strays
// from its king (a stray piece is forked or cut off).
int queen_vs_piece(const PieceSet& ps, Color strong, PieceType piece_type) {
    if (unsettled(ps, strong)) return NOT_APPLICABLE;
    Square weak_king = king_of(ps, ~strong), strong_king = king_of(ps, strong);
    Square piece = lsb(ps.by[~strong][piece_type]);
    return KNOWN_WIN + material_lead(ps, strong) + edge_push(weak_king) + kings_close(strong_king, weak_king) +
           PIECE_AWAY_STEP * distance(weak_king, piece);
}

// Queen against rook: as against a knight, and the box the defending king is
// held in shrinks. The kings' nearness alone stops growing at two squares, so
// without the box the attacking king has no reason to step up and take
// squares away while the queen checks.
int eval_kqkr(const PieceSet& ps, Color strong) {
    int value = queen_vs_piece(ps, strong, ROOK);
    if (value == NOT_APPLICABLE) return value;
    return value + ROOM_STEP * (64 - defending_king_room(ps, strong));
}
int eval_kqkn(const PieceSet& ps, Color strong) { return queen_vs_piece(ps, strong, KNIGHT); }

// The bare king, to move, can take a strong piece its side does not guard.
bool bare_king_takes(const PieceSet& ps, Color weak) {
    const Bitboard occupied = pieces_of(ps, WHITE) | pieces_of(ps, BLACK);
    for (Bitboard b = king_attacks(king_of(ps, weak)) & pieces_of(ps, ~weak); b;)
        if (!attacked_by(ps, ~weak, pop_lsb(b), occupied)) return true;
    return false;
}

// The strong side, to move, takes the weak side's only piece where its king
// does not guard it, leaving the bare king neither stalemated nor a piece to
// take (a king that takes may leave its rook behind): a won ending against a
// bare king. Checked against every KRvKB and KRvKN placement in the tables.
bool takes_lone_piece(const PieceSet& ps, Color strong) {
    const Color weak = ~strong;
    if (ps.to_move != strong) return false;
    const Square weak_king = king_of(ps, weak);
    const Bitboard lone = pieces_of(ps, weak) & ~ps.by[weak][KING];
    const Square target = lsb(lone);
    if (king_attacks(weak_king) & lone) return false;
    const Bitboard occupied = pieces_of(ps, WHITE) | pieces_of(ps, BLACK);
    for (int pt = KNIGHT; pt <= KING; ++pt)
        for (Bitboard takers = ps.by[strong][pt] & attacks(PieceType(pt), target, occupied); takers;) {
            PieceSet after = ps;
            for (int victim = PAWN; victim < KING; ++victim) after.by[weak][victim] = 0;
            after = moved(after, pop_lsb(takers), target);
            if (!bare_king_stalemated(after, weak) && !bare_king_takes(after, weak)) return true;
        }
    return false;
}

// KRvKB's small edge: the defending king at the edge and in a corner.
int krkb_edge(const PieceSet& ps, Color strong) { return ROOK_VS_MINOR_EDGE + edge_push(king_of(ps, ~strong)); }

// KRvKN's small edge, made of the features that tell the tablebase's wins from
// its draws. Each table is one feature's weight in a logistic fit of win
// against draw over 1,000,000 random placements that `krkn` values in the
// small band (both sides to move), at 12 points to a unit of log-odds, the
// feature's worst value at 0: the knight far from its king and hemmed in, the
// strong king near it and near the defending king, the defending king at the
// edge and in a corner. The sum stays in (0, 300). Printed by
// `build/tests/endgame/fit_edge krkn` (docs/ENDGAMES.md, "Fitting tables to the
// tablebases"); the Java reference holds the same numbers.
constexpr int KRKN_KNIGHT_AWAY[8] = {0, 8, 0, 34, 37, 46, 56, 61};      // by the knight's distance from its king
constexpr int KRKN_KNIGHT_HEMMED[9] = {63, 35, 25, 17, 13, 11, 6, 5, 0};  // by its safe squares
constexpr int KRKN_KING_ON_KNIGHT[8] = {0, 36, 27, 23, 21, 13, 8, 0};   // by the strong king's distance to it
constexpr int KRKN_KINGS_CLOSE[8] = {0, 0, 39, 33, 24, 16, 7, 0};       // by the kings' distance
constexpr int KRKN_EDGE[4] = {13, 8, 7, 0};                              // by the defending king's lines to the edge
constexpr int KRKN_CORNER[7] = {32, 20, 11, 6, 3, 0, 1};                // by its steps to the nearest corner

int krkn_edge(const PieceSet& ps, Color strong) {
    const Square weak_king = king_of(ps, ~strong), strong_king = king_of(ps, strong);
    const Square knight = lsb(ps.by[~strong][KNIGHT]);
    return ROOK_VS_MINOR_EDGE + KRKN_KNIGHT_AWAY[distance(weak_king, knight)] +
           KRKN_KNIGHT_HEMMED[knight_safe_squares(ps, strong)] + KRKN_KING_ON_KNIGHT[distance(strong_king, knight)] +
           KRKN_KINGS_CLOSE[distance(strong_king, weak_king)] + KRKN_EDGE[lines_to_edge(weak_king)] +
           KRKN_CORNER[steps_to_corner(weak_king)];
}

// Rook against a lone bishop or knight: mostly drawn, won when the defending
// king is caught at the edge or (against a knight) the knight strays from its
// king and is lost. A small edge for the rook (`small_edge`) that grows with
// those, far below a known win, so the search keeps looking for the win and
// is happy to take the piece (a `kxk` win). Where the rook side, to move,
// takes the piece at once, the ending is already won: a known win, below the
// KRvK win it becomes.
int rook_vs_minor(const PieceSet& ps, Color strong, Function small_edge) {
    if (unsettled(ps, strong)) return NOT_APPLICABLE;
    if (takes_lone_piece(ps, strong)) return KNOWN_WIN + material_lead(ps, strong);
    return small_edge(ps, strong);
}

int eval_krkb(const PieceSet& ps, Color strong) { return rook_vs_minor(ps, strong, krkb_edge); }
int eval_krkn(const PieceSet& ps, Color strong) { return rook_vs_minor(ps, strong, krkn_edge); }

// Queen against a rook or bishop pawn one step from promotion, its king beside
// it: a draw unless the strong king is near, since taking the pawn or shutting
// the king in front of it stalemates.
bool queen_vs_pawn_fortress(const PieceSet& ps, Color strong) {
    Square pawn = lsb(ps.by[~strong][PAWN]);
    int f = file_of(pawn);
    bool rook_or_bishop_pawn = f == 0 || f == 2 || f == 5 || f == 7;
    return rook_or_bishop_pawn && relative_rank(~strong, rank_of(pawn)) == 6 &&
           distance(king_of(ps, ~strong), pawn) == 1 && distance(king_of(ps, strong), pawn) > FORTRESS_KING_REACH;
}

// Queen against pawn: won but for the fortress above. The strong king comes
// close to the defending king and the pawn, and a pawn held further back is
// better. These are penalties, so that taking the pawn (a KQvK win worth at
// least the queen) is always progress.
int eval_kqkp(const PieceSet& ps, Color strong) {
    if (unsettled(ps, strong) || queen_vs_pawn_fortress(ps, strong)) return NOT_APPLICABLE;
    Square weak_king = king_of(ps, ~strong), strong_king = king_of(ps, strong);
    return KNOWN_WIN + material_lead(ps, strong) - KING_CLOSE_STEP * distance(strong_king, weak_king) -
           pawn_threat(ps, strong);
}

// Rook against a pawn on its seventh rank, or on its sixth with its side to
// move, whose queening square the rook does not cover yet: whether the rook
// gets there in time (or the pawn takes it on the way, or promotes with check)
// is for the search.
bool pawn_about_to_promote(const PieceSet& ps, Color strong) {
    const Square pawn = lsb(ps.by[~strong][PAWN]);
    if (relative_rank(~strong, rank_of(pawn)) + (ps.to_move == ~strong) < 6) return false;
    const Bitboard occupied = pieces_of(ps, WHITE) | pieces_of(ps, BLACK);
    return !(rook_attacks(queening_square(~strong, pawn), occupied) & ps.by[strong][ROOK]);
}

// The king steps the defending king needs to stand beside the square in front
// of its pawn, through squares the rook and the strong king do not attack
// (WALK_LIMIT when it cannot get there so soon): a rook that cuts it off from
// the pawn lengthens its way as much as the distance does.
int defending_king_walk(const PieceSet& ps, Color strong) {
    const Color weak = ~strong;
    const Square weak_king = king_of(ps, weak), rook = lsb(ps.by[strong][ROOK]);
    const Square stop = lsb(ps.by[weak][PAWN]) + pawn_push(weak);
    const Bitboard occupied = (pieces_of(ps, WHITE) | pieces_of(ps, BLACK)) ^ square_bb(weak_king);
    const Bitboard barred = rook_attacks(rook, occupied) | king_attacks(king_of(ps, strong));
    const Bitboard goal = king_attacks(stop) | square_bb(stop);
    Bitboard reached = square_bb(weak_king), frontier = reached;
    for (int steps = 0; steps < WALK_LIMIT; ++steps) {
        if (reached & goal) return steps;
        Bitboard next = 0;
        for (Bitboard b = frontier; b;) next |= king_attacks(pop_lsb(b));
        frontier = next & ~barred & ~reached;
        reached |= frontier;
    }
    return WALK_LIMIT;
}

// Rook against pawn: won when the strong king stands in the pawn's path, or
// when the defending king is too far from its pawn and from the rook to help
// (one square more when it is to move): then a known win, the strong king
// close to the pawn and the pawn held back. Otherwise a race, worth about two
// pawns: more the nearer the strong king is to the square in front of the
// pawn, the longer the defending king's walk to it (the rook cutting it off)
// and the further the pawn has to go. Declined
// besides an unsettled placement: a pawn about to promote, and the defending
// king to move beside the rook (often guarded only by its king in a corner,
// which the rook cannot leave without letting the pawn run).
int eval_krkp(const PieceSet& ps, Color strong) {
    if (unsettled(ps, strong) || pawn_about_to_promote(ps, strong)) return NOT_APPLICABLE;
    const Color weak = ~strong;
    const Square pawn = lsb(ps.by[weak][PAWN]), rook = lsb(ps.by[strong][ROOK]);
    const Square weak_king = king_of(ps, weak), strong_king = king_of(ps, strong);
    if (ps.to_move == weak && (king_attacks(weak_king) & square_bb(rook))) return NOT_APPLICABLE;
    const int reach = FAR_KING + (ps.to_move == weak);
    if ((pawn_path(weak, pawn) & square_bb(strong_king)) ||
        (distance(weak_king, pawn) >= reach && distance(weak_king, rook) >= FAR_KING))
        return KNOWN_WIN + material_lead(ps, strong) - pawn_threat(ps, strong);
    const Square stop = pawn + pawn_push(weak);
    return RACE_VALUE - RACE_STEP * (distance(strong_king, stop) - defending_king_walk(ps, strong) -
                                     distance(pawn, queening_square(weak, pawn)));
}

// Scaling functions: the strong side's scale.
template <int Scale>
int fixed_scale(const PieceSet&, Color) { return Scale; }

int bishops_vs_bishop(const PieceSet& ps, Color strong) {
    return on_one_colour(ps.by[strong][BISHOP]) ? SCALE_BISHOPS_SAME_COLOUR : SCALE_BISHOPS_VS_BISHOP;
}

int queen_vs_pawn_fortress_scale(const PieceSet& ps, Color strong) {
    return queen_vs_pawn_fortress(ps, strong) ? SCALE_QUEEN_VS_PAWN_FORTRESS : NOT_APPLICABLE;
}

// The wrong bishop's corner not reached yet, but the bare king gets beside it
// before the front pawn promotes (counting the move to come): mostly drawn.
int wrong_bishop_near(const PieceSet& ps, Color strong) {
    const int corner = wrong_bishop_corner(ps, strong);
    if (corner == NO_CORNER) return NOT_APPLICABLE;
    const Square front = front_pawn(strong, ps.by[strong][PAWN]);
    const int pawn_moves = distance(front, Square(corner)) - (relative_rank(strong, rank_of(front)) == 1);
    const int king_moves = distance(king_of(ps, ~strong), Square(corner)) - 1 - (ps.to_move != strong);
    return king_moves < pawn_moves ? SCALE_WRONG_BISHOP_NEAR : NOT_APPLICABLE;
}

// Pawns on one file against a bare king standing in front of them. One pawn
// is the exact `kpk`; with more, spare pawn moves win some of these, fewer on
// a rook file, where the king only has to keep to the corner.
int pawns_blocked(const PieceSet& ps, Color strong) {
    const Bitboard pawns = ps.by[strong][PAWN];
    if (!on_one_file(pawns) || !(pawn_path(strong, front_pawn(strong, pawns)) & ps.by[~strong][KING]))
        return NOT_APPLICABLE;
    const int file = file_of(lsb(pawns));
    return file == 0 || file == 7 ? SCALE_ROOK_PAWNS_BLOCKED : SCALE_PAWNS_BLOCKED;
}

bool king_in_front_of_pawn(const PieceSet& ps, Color strong) {
    return pawn_path(strong, lsb(ps.by[strong][PAWN])) & ps.by[~strong][KING];
}

// Rook and pawn against rook, the defending king in front of the pawn: the
// Philidor position and its like, drawn with correct defence.
int krpkr_front(const PieceSet& ps, Color strong) {
    return king_in_front_of_pawn(ps, strong) ? SCALE_KRPKR_FRONT : NOT_APPLICABLE;
}

// Bishop and pawn against a minor, the defending king in front of the pawn
// where the bishop cannot drive it away: on the other colour, or before the
// pawn's last two ranks.
bool minor_pawn_king_block(const PieceSet& ps, Color strong) {
    const Square king = king_of(ps, ~strong);
    const bool bishop_colour = on_one_colour(ps.by[strong][BISHOP] | square_bb(king));
    return king_in_front_of_pawn(ps, strong) && (!bishop_colour || relative_rank(strong, rank_of(king)) <= 5);
}

int kbpkn_block(const PieceSet& ps, Color strong) {
    return minor_pawn_king_block(ps, strong) ? SCALE_MINOR_PAWN_KING_BLOCK : NOT_APPLICABLE;
}

// Bishops of one colour: besides the king's block, the defending bishop
// covering a square in front of the pawn, which it can give itself for.
int kbpkb_block(const PieceSet& ps, Color strong) {
    if (!on_one_colour(ps.by[WHITE][BISHOP] | ps.by[BLACK][BISHOP])) return NOT_APPLICABLE;
    if (minor_pawn_king_block(ps, strong)) return SCALE_MINOR_PAWN_KING_BLOCK;
    const Bitboard occupied = pieces_of(ps, WHITE) | pieces_of(ps, BLACK);
    const Bitboard path = pawn_path(strong, lsb(ps.by[strong][PAWN]));
    return bishop_attacks(lsb(ps.by[~strong][BISHOP]), occupied) & path ? SCALE_KBPKB_BISHOP_BLOCK : NOT_APPLICABLE;
}

// Queen against rook and pawns: the rook on its third rank guarded by a pawn
// beside its king, which stays on its first two ranks, the strong king shut
// out beyond the rook's rank. The queen cannot break the fortress.
int kqkrp_fortress(const PieceSet& ps, Color strong) {
    const Color weak = ~strong;
    const Square rook = lsb(ps.by[weak][ROOK]), weak_king = king_of(ps, weak);
    const bool guarded_by_pawn = ps.by[weak][PAWN] & king_attacks(weak_king) & pawn_attacks(strong, rook);
    return relative_rank(weak, rank_of(weak_king)) <= 1 && relative_rank(weak, rank_of(king_of(ps, strong))) >= 3 &&
                   relative_rank(weak, rank_of(rook)) == 2 && guarded_by_pawn
               ? SCALE_QUEEN_VS_ROOK_FORTRESS
               : NOT_APPLICABLE;
}

// Opposite-coloured bishops: a pawn or two up is often drawn.
int opposite_bishops(const PieceSet& ps, Color strong) {
    if (on_one_colour(ps.by[WHITE][BISHOP] | ps.by[BLACK][BISHOP])) return NOT_APPLICABLE;
    int extra = std::max(0, popcount(ps.by[strong][PAWN]) - popcount(ps.by[~strong][PAWN]));
    return std::min(SCALE_NORMAL, SCALE_OCB_BASE + SCALE_OCB_PER_PAWN * extra);
}

// Family tests on the material, the strong side first.
struct Counts {
    int pawns, knights, bishops, rooks, queens;
    int minors() const { return knights + bishops; }
    int pieces() const { return knights + bishops + rooks + queens; }
    bool only(int n, int b, int r, int q) const { return knights == n && bishops == b && rooks == r && queens == q; }
};

Counts counts(const Material& m, Color c) {
    const auto& n = m.count[c];
    return {n[PAWN], n[KNIGHT], n[BISHOP], n[ROOK], n[QUEEN]};
}

bool bishops_and_pawns_vs_bare_king(const Material& m, Color strong) {
    Counts us = counts(m, strong), them = counts(m, ~strong);
    return us.pawns && us.bishops && us.only(0, us.bishops, 0, 0) && !them.pawns && !them.pieces();
}

bool pawns_vs_bare_king(const Material& m, Color strong) {
    Counts us = counts(m, strong), them = counts(m, ~strong);
    return us.pawns >= 2 && !us.pieces() && !them.pawns && !them.pieces();
}

bool queen_vs_rook_and_pawns(const Material& m, Color strong) {
    Counts us = counts(m, strong), them = counts(m, ~strong);
    return !us.pawns && us.only(0, 0, 0, 1) && them.pawns && them.only(0, 0, 1, 0);
}

bool only_bishops_family(const Material& m, Color strong) {
    Counts us = counts(m, strong), them = counts(m, ~strong);
    return !us.pawns && !them.pawns && us.only(0, us.bishops, 0, 0) && them.only(0, them.bishops, 0, 0);
}

bool mating_material_vs_bare_king(const Material& m, Color strong) {
    Counts us = counts(m, strong), them = counts(m, ~strong);
    if (them.pawns || them.pieces()) return false;
    return us.queens || us.rooks || (us.bishops && us.knights) || us.bishops >= 2 || us.knights >= 3;
}

bool bare_king_family(const Material& m, Color strong) {
    Counts us = counts(m, strong);
    return !us.pawns && !us.pieces();
}

bool single_minor_family(const Material& m, Color strong) {
    Counts us = counts(m, strong);
    return !us.pawns && us.pieces() == 1 && us.minors() == 1;
}

bool two_knights_family(const Material& m, Color strong) {
    Counts us = counts(m, strong), them = counts(m, ~strong);
    return !us.pawns && !them.pawns && us.only(2, 0, 0, 0) && them.pieces() > 0;
}

bool extra_minor_family(const Material& m, Color strong) {
    Counts us = counts(m, strong), them = counts(m, ~strong);
    return !us.pawns && !them.pawns && us.rooks == them.rooks && us.queens == them.queens &&
           us.rooks + us.queens > 0 && us.minors() == them.minors() + 1;
}

bool opposite_bishops_family(const Material& m, Color strong) {
    Counts us = counts(m, strong), them = counts(m, ~strong);
    return us.pawns && us.only(0, 1, 0, 0) && them.only(0, 1, 0, 0);
}

using Family = bool (*)(const Material&, Color strong);

struct Entry {
    EndgameEntryInfo info;
    Family family;   // null: info.material lists the signatures
    Function apply;  // dead: 1 if dead; evaluation: the value; scaling: the scale (or NOT_APPLICABLE)
};

using K = EndgameKind;
using R = EndgameRule;

// Every known ending. Dead and evaluation entries first (the first that
// applies decides), then the scaling entries (the first that applies to the
// side ahead scales it). Exact signatures come before the families that would
// also hold them.
constexpr Entry ENDGAME_TABLE[] = {
    {{R::BareKings, K::Dead, "KvK"}, nullptr, always},
    {{R::LoneMinor, K::Dead, "KNvK KBvK"}, nullptr, always},
    {{R::KnnkCentre, K::Dead, "KNNvK"}, nullptr, defending_king_off_edge},
    {{R::SameColourBishops, K::Dead, "bishops only, all on one square colour"}, only_bishops_family,
     bishops_on_one_colour},
    {{R::WrongBishop, K::Dead, "bishops and pawns on one rook file vs bare king"}, bishops_and_pawns_vs_bare_king,
     defending_king_in_wrong_corner},
    {{R::Kbnk, K::Evaluation, "KBNvK"}, nullptr, eval_kbnk},
    {{R::Kpk, K::Evaluation, "KPvK"}, nullptr, eval_kpk},
    {{R::Kxk, K::Evaluation, "queen, rook, bishop and knight, two bishops or three knights (and any pawns) vs bare king"},
     mating_material_vs_bare_king, eval_kxk},
    {{R::Kqkr, K::Evaluation, "KQvKR"}, nullptr, eval_kqkr},
    {{R::Kqkn, K::Evaluation, "KQvKN"}, nullptr, eval_kqkn},
    {{R::Kqkp, K::Evaluation, "KQvKP"}, nullptr, eval_kqkp},
    {{R::Krkb, K::Evaluation, "KRvKB"}, nullptr, eval_krkb},
    {{R::Krkn, K::Evaluation, "KRvKN"}, nullptr, eval_krkn},
    {{R::Krkp, K::Evaluation, "KRvKP"}, nullptr, eval_krkp},
    {{R::NoPieces, K::Scaling, "the side ahead has a bare king"}, bare_king_family, fixed_scale<0>},
    {{R::SingleMinor, K::Scaling, "the side ahead has one minor, no pawns"}, single_minor_family,
     fixed_scale<SCALE_SINGLE_MINOR>},
    {{R::KnnkEdge, K::Scaling, "KNNvK"}, nullptr, fixed_scale<SCALE_KNNK_EDGE>},
    {{R::TwoKnights, K::Scaling, "two knights vs pawnless pieces"}, two_knights_family, fixed_scale<SCALE_TWO_KNIGHTS>},
    {{R::RookVsMinor, K::Scaling, "KRvKN KRvKB"}, nullptr, fixed_scale<SCALE_ROOK_VS_MINOR>},
    {{R::RookVsTwoMinors, K::Scaling, "KRvKNN KRvKBN KRvKBB KNNvKR KBNvKR KBBvKR"}, nullptr,
     fixed_scale<SCALE_ROOK_VS_TWO_MINORS>},
    {{R::BishopsVsBishop, K::Scaling, "KBBvKB"}, nullptr, bishops_vs_bishop},
    {{R::ExtraMinor, K::Scaling, "pawnless, equal rooks and queens, one minor more"}, extra_minor_family,
     fixed_scale<SCALE_EXTRA_MINOR>},
    {{R::OppositeBishops, K::Scaling, "one bishop each on opposite colours, the side ahead has pawns"},
     opposite_bishops_family, opposite_bishops},
    {{R::KqkpFortress, K::Scaling, "KQvKP"}, nullptr, queen_vs_pawn_fortress_scale},
    {{R::WrongBishopNear, K::Scaling, "bishops and pawns on one rook file vs bare king"},
     bishops_and_pawns_vs_bare_king, wrong_bishop_near},
    {{R::PawnsBlocked, K::Scaling, "two or more pawns vs bare king"}, pawns_vs_bare_king, pawns_blocked},
    {{R::KrpkrFront, K::Scaling, "KRPvKR"}, nullptr, krpkr_front},
    {{R::KbpkbBlock, K::Scaling, "KBPvKB"}, nullptr, kbpkb_block},
    {{R::KbpknBlock, K::Scaling, "KBPvKN"}, nullptr, kbpkn_block},
    {{R::KqkrpFortress, K::Scaling, "queen vs rook and pawns"}, queen_vs_rook_and_pawns, kqkrp_fortress},
};
constexpr int ENTRY_NB = int(std::size(ENDGAME_TABLE));

// The material as a number, the strong side's counts first: 4 bits a count.
std::uint64_t key_of(const Material& m, Color strong) {
    std::uint64_t key = 0;
    for (Color c : {strong, ~strong})
        for (int pt = PAWN; pt <= QUEEN; ++pt) key = (key << 4) | std::uint64_t(std::min(m.count[c][pt], 15));
    return key;
}

Material parse_signature(const char* name, const char* end) {
    Material m;
    Color c = WHITE;
    for (const char* p = name; p != end; ++p) {
        if (*p == 'v') { c = BLACK; continue; }
        static constexpr char LETTERS[] = " PNBRQK";
        int pt = int(std::find(LETTERS, LETTERS + 7, *p) - LETTERS);
        if (pt >= PAWN && pt <= QUEEN) ++m.count[c][pt];
    }
    return m;
}

// The keys of each exact entry's signatures (empty for a family).
const std::vector<std::vector<std::uint64_t>>& signature_keys() {
    static const auto keys = [] {
        std::vector<std::vector<std::uint64_t>> all(ENTRY_NB);
        for (int i = 0; i < ENTRY_NB; ++i) {
            if (ENDGAME_TABLE[i].family) continue;
            const char* s = ENDGAME_TABLE[i].info.material;
            while (*s) {
                const char* end = s;
                while (*end && *end != ' ') ++end;
                all[i].push_back(key_of(parse_signature(s, end), WHITE));
                s = *end ? end + 1 : end;
            }
        }
        return all;
    }();
    return keys;
}

// The material and its key for either colour as the strong side, computed once
// per lookup (the table is walked for every evaluation of these endings).
struct Lookup {
    Material material;
    std::uint64_t key[COLOR_NB];

    explicit Lookup(const Material& m) : material(m), key{key_of(m, WHITE), key_of(m, BLACK)} {}
};

bool matches(int entry, const Lookup& l, Color strong) {
    if (ENDGAME_TABLE[entry].family) return ENDGAME_TABLE[entry].family(l.material, strong);
    const auto& keys = signature_keys()[entry];
    return std::find(keys.begin(), keys.end(), l.key[strong]) != keys.end();
}

// The first dead or evaluation entry that applies, if any.
bool decide(const PieceSet& ps, const Lookup& l, EndgameVerdict& v) {
    for (int i = 0; i < ENTRY_NB && ENDGAME_TABLE[i].info.kind != K::Scaling; ++i)
        for (Color strong : {WHITE, BLACK}) {
            if (!matches(i, l, strong)) continue;
            int result = ENDGAME_TABLE[i].apply(ps, strong);
            if (result == NOT_APPLICABLE || (ENDGAME_TABLE[i].info.kind == K::Dead && !result)) continue;
            R rule = ENDGAME_TABLE[i].info.rule;
            v.rule = {rule, rule};
            if (ENDGAME_TABLE[i].info.kind == K::Dead) {
                v.dead = true;
                v.scale = {0, 0};
            } else {
                v.known = true;
                int value = std::min(result, VALUE_LIMIT);
                v.value_white = strong == WHITE ? value : -value;
            }
            return true;
        }
    return false;
}

}  // namespace

const char* endgame_rule_name(EndgameRule rule) {
    switch (rule) {
    case EndgameRule::None: return "none";
    case EndgameRule::BareKings: return "bare_kings";
    case EndgameRule::LoneMinor: return "lone_minor";
    case EndgameRule::KnnkCentre: return "knnk_centre";
    case EndgameRule::SameColourBishops: return "same_colour_bishops";
    case EndgameRule::WrongBishop: return "wrong_bishop";
    case EndgameRule::Kbnk: return "kbnk";
    case EndgameRule::Kpk: return "kpk";
    case EndgameRule::Kxk: return "kxk";
    case EndgameRule::Kqkr: return "kqkr";
    case EndgameRule::Kqkn: return "kqkn";
    case EndgameRule::Kqkp: return "kqkp";
    case EndgameRule::Krkb: return "krkb";
    case EndgameRule::Krkn: return "krkn";
    case EndgameRule::Krkp: return "krkp";
    case EndgameRule::NoPieces: return "no_pieces";
    case EndgameRule::SingleMinor: return "single_minor";
    case EndgameRule::KnnkEdge: return "knnk_edge";
    case EndgameRule::TwoKnights: return "two_knights";
    case EndgameRule::RookVsMinor: return "rook_vs_minor";
    case EndgameRule::RookVsTwoMinors: return "rook_vs_two_minors";
    case EndgameRule::BishopsVsBishop: return "bishops_vs_bishop";
    case EndgameRule::ExtraMinor: return "extra_minor";
    case EndgameRule::OppositeBishops: return "opposite_bishops";
    case EndgameRule::KqkpFortress: return "kqkp_fortress";
    case EndgameRule::WrongBishopNear: return "wrong_bishop_near";
    case EndgameRule::PawnsBlocked: return "pawns_blocked";
    case EndgameRule::KrpkrFront: return "krpkr_front";
    case EndgameRule::KbpkbBlock: return "kbpkb_block";
    case EndgameRule::KbpknBlock: return "kbpkn_block";
    case EndgameRule::KqkrpFortress: return "kqkrp_fortress";
    case EndgameRule::Count: break;
    }
    return "?";
}

PieceSet PieceSet::of(const Position& pos) {
    PieceSet ps;
    for (Color c : {WHITE, BLACK})
        for (int pt = PAWN; pt <= KING; ++pt) ps.by[c][pt] = pos.pieces(c, PieceType(pt));
    ps.to_move = pos.side_to_move();
    return ps;
}

Material Material::of(const PieceSet& ps) {
    Material m;
    for (Color c : {WHITE, BLACK})
        for (int pt = PAWN; pt <= QUEEN; ++pt) m.count[c][pt] = popcount(ps.by[c][pt]);
    return m;
}

std::string Material::name() const {
    std::string s;
    for (Color c : {WHITE, BLACK}) {
        s += c == WHITE ? "K" : "vK";
        for (int pt = QUEEN; pt >= PAWN; --pt) s.append(count[c][pt], " PNBRQK"[pt]);
    }
    return s;
}

std::span<const EndgameEntryInfo> endgame_entries() {
    static const auto infos = [] {
        std::array<EndgameEntryInfo, ENTRY_NB> all{};
        for (int i = 0; i < ENTRY_NB; ++i) all[i] = ENDGAME_TABLE[i].info;
        return all;
    }();
    return infos;
}

EndgameVerdict classify_endgame(const PieceSet& ps) {
    EndgameVerdict v;
    // Fast exit for the common middlegame: every entry needs a pawnless side or
    // a board without rooks and queens.
    Bitboard majors = ps.by[WHITE][ROOK] | ps.by[WHITE][QUEEN] | ps.by[BLACK][ROOK] | ps.by[BLACK][QUEEN];
    if (majors && ps.by[WHITE][PAWN] && ps.by[BLACK][PAWN]) return v;
    const Lookup lookup(Material::of(ps));
    if (decide(ps, lookup, v)) return v;
    for (Color c : {WHITE, BLACK})
        for (int i = 0; i < ENTRY_NB; ++i) {
            if (ENDGAME_TABLE[i].info.kind != K::Scaling || !matches(i, lookup, c)) continue;
            int scale = ENDGAME_TABLE[i].apply(ps, c);
            if (scale == NOT_APPLICABLE) continue;
            v.rule[c] = ENDGAME_TABLE[i].info.rule;
            v.scale[c] = scale;
            break;
        }
    return v;
}

}  // namespace augur
