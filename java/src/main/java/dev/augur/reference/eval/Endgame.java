package dev.augur.reference.eval;

import java.util.ArrayList;
import java.util.List;

import dev.augur.reference.Bitboards;
import dev.augur.reference.Piece;
import dev.augur.reference.Position;
import dev.augur.reference.Square;

/**
 * The endgame layer of lib/eval/endgame.cpp: one table of every known ending, by material
 * signature or family, each entry a dead draw (the value is 0), a known ending whose evaluation
 * function gives the value instead of the general terms, or a scaling function that shrinks the
 * endgame half for the side ahead. The table, its order, the functions and their constants are
 * the native ones.
 */
public final class Endgame {
    private Endgame() {}

    // Scale factors in 64ths; each names the ending it shrinks.
    static final int SCALE_SINGLE_MINOR = 2;
    static final int SCALE_KNNK_EDGE = 2;
    static final int SCALE_TWO_KNIGHTS = 8;
    static final int SCALE_ROOK_VS_MINOR = 12;
    static final int SCALE_ROOK_VS_TWO_MINORS = 12;
    static final int SCALE_BISHOPS_SAME_COLOUR = 8;
    static final int SCALE_BISHOPS_VS_BISHOP = 16;
    static final int SCALE_EXTRA_MINOR = 16;
    static final int SCALE_OCB_BASE = 16;
    static final int SCALE_OCB_PER_PAWN = 12;
    static final int SCALE_QUEEN_VS_PAWN_FORTRESS = 8;
    static final int SCALE_WRONG_BISHOP_NEAR = 16;
    static final int SCALE_PAWNS_BLOCKED = 24;
    static final int SCALE_ROOK_PAWNS_BLOCKED = 4;
    static final int SCALE_KRPKR_FRONT = 16;
    static final int SCALE_MINOR_PAWN_KING_BLOCK = 8;
    static final int SCALE_KBPKB_BISHOP_BLOCK = 24;
    static final int SCALE_QUEEN_VS_ROOK_FORTRESS = 8;

    // The evaluation functions' units (see endgame.cpp).
    static final int KNOWN_WIN = 10000;
    private static final int[] PIECE_VALUE = {0, 100, 320, 330, 500, 950, 0};
    private static final int EDGE_STEP = 30;
    private static final int CORNER_STEP = 10;
    private static final int KING_CLOSE_STEP = 20;
    private static final int BISHOP_CORNER_STEP = 200;
    private static final int KBNK_EDGE_STEP = 60;
    private static final int KBNK_KING_CLOSE_STEP = 160;
    private static final int PAWN_RANK_STEP = 20;
    private static final int PIECE_AWAY_STEP = 10;
    private static final int ROOK_VS_MINOR_EDGE = 20;
    private static final int ROOM_STEP = 6;
    private static final int PAWN_CLOSE_STEP = 20;
    private static final int RACE_VALUE = 200;
    private static final int RACE_STEP = 8;
    private static final int FAR_KING = 3;
    private static final int WALK_LIMIT = 8;
    private static final int FORTRESS_KING_REACH = 1;
    private static final int FOLLOW_UP_CHECKS = 1;
    private static final int NOT_APPLICABLE = Integer.MIN_VALUE;
    private static final int VALUE_LIMIT = 19999;

    private static final long DARK_SQUARES = 0xAA55AA55AA55AA55L;
    private static final long EDGE = Bitboards.FILE_A | Bitboards.FILE_H | Bitboards.RANK_1 | Bitboards.RANK_8;

    private enum Kind { DEAD, EVALUATION, SCALING }

    /** Piece counts of one side. */
    private record Counts(int pawns, int knights, int bishops, int rooks, int queens) {
        int minors() {
            return knights + bishops;
        }

        int pieces() {
            return knights + bishops + rooks + queens;
        }

        boolean only(int n, int b, int r, int q) {
            return knights == n && bishops == b && rooks == r && queens == q;
        }
    }

    /** The pieces and the side to move, as the native PieceSet. */
    private record Pieces(long[][] by, int toMove) {}

    private interface Family {
        boolean test(Counts us, Counts them);
    }

    private interface Function {
        int apply(Pieces ps, int strong);
    }

    private record Entry(EndgameRule rule, Kind kind, String material, Family family, Function function) {}

    // The native ENDGAME_TABLE, in its order.
    private static final Entry[] TABLE = {
        new Entry(EndgameRule.BARE_KINGS, Kind.DEAD, "KvK", null, (ps, s) -> 1),
        new Entry(EndgameRule.LONE_MINOR, Kind.DEAD, "KNvK KBvK", null, (ps, s) -> 1),
        new Entry(EndgameRule.KNNK_CENTRE, Kind.DEAD, "KNNvK", null,
            (ps, s) -> (ps.by[s ^ 1][Piece.KING] & EDGE) == 0 ? 1 : 0),
        new Entry(EndgameRule.SAME_COLOUR_BISHOPS, Kind.DEAD, null,
            (us, them) -> us.pawns == 0 && them.pawns == 0 && us.only(0, us.bishops, 0, 0)
                && them.only(0, them.bishops, 0, 0),
            (ps, s) -> onOneColour(ps.by[Piece.WHITE][Piece.BISHOP] | ps.by[Piece.BLACK][Piece.BISHOP]) ? 1 : 0),
        new Entry(EndgameRule.WRONG_BISHOP, Kind.DEAD, null, Endgame::bishopsAndPawnsVsBareKing,
            Endgame::defendingKingInWrongCorner),
        new Entry(EndgameRule.KBNK, Kind.EVALUATION, "KBNvK", null, Endgame::evalKbnk),
        new Entry(EndgameRule.KPK, Kind.EVALUATION, "KPvK", null, Endgame::evalKpk),
        new Entry(EndgameRule.KXK, Kind.EVALUATION, null,
            (us, them) -> them.pawns == 0 && them.pieces() == 0 && (us.queens > 0 || us.rooks > 0
                || (us.bishops > 0 && us.knights > 0) || us.bishops >= 2 || us.knights >= 3),
            Endgame::evalKxk),
        new Entry(EndgameRule.KQKR, Kind.EVALUATION, "KQvKR", null, Endgame::evalKqkr),
        new Entry(EndgameRule.KQKN, Kind.EVALUATION, "KQvKN", null, (ps, s) -> queenVsPiece(ps, s, Piece.KNIGHT)),
        new Entry(EndgameRule.KQKP, Kind.EVALUATION, "KQvKP", null, Endgame::evalKqkp),
        new Entry(EndgameRule.KRKB, Kind.EVALUATION, "KRvKB", null, (ps, s) -> rookVsMinor(ps, s, Endgame::krkbEdge)),
        new Entry(EndgameRule.KRKN, Kind.EVALUATION, "KRvKN", null, (ps, s) -> rookVsMinor(ps, s, Endgame::krknEdge)),
        new Entry(EndgameRule.KRKP, Kind.EVALUATION, "KRvKP", null, Endgame::evalKrkp),
        new Entry(EndgameRule.NO_PIECES, Kind.SCALING, null, (us, them) -> us.pawns == 0 && us.pieces() == 0,
            (ps, s) -> 0),
        new Entry(EndgameRule.SINGLE_MINOR, Kind.SCALING, null,
            (us, them) -> us.pawns == 0 && us.pieces() == 1 && us.minors() == 1, (ps, s) -> SCALE_SINGLE_MINOR),
        new Entry(EndgameRule.KNNK_EDGE, Kind.SCALING, "KNNvK", null, (ps, s) -> SCALE_KNNK_EDGE),
        new Entry(EndgameRule.TWO_KNIGHTS, Kind.SCALING, null,
            (us, them) -> us.pawns == 0 && them.pawns == 0 && us.only(2, 0, 0, 0) && them.pieces() > 0,
            (ps, s) -> SCALE_TWO_KNIGHTS),
        new Entry(EndgameRule.ROOK_VS_MINOR, Kind.SCALING, "KRvKN KRvKB", null, (ps, s) -> SCALE_ROOK_VS_MINOR),
        new Entry(EndgameRule.ROOK_VS_TWO_MINORS, Kind.SCALING, "KRvKNN KRvKBN KRvKBB KNNvKR KBNvKR KBBvKR", null,
            (ps, s) -> SCALE_ROOK_VS_TWO_MINORS),
        new Entry(EndgameRule.BISHOPS_VS_BISHOP, Kind.SCALING, "KBBvKB", null,
            (ps, s) -> onOneColour(ps.by[s][Piece.BISHOP]) ? SCALE_BISHOPS_SAME_COLOUR : SCALE_BISHOPS_VS_BISHOP),
        new Entry(EndgameRule.EXTRA_MINOR, Kind.SCALING, null,
            (us, them) -> us.pawns == 0 && them.pawns == 0 && us.rooks == them.rooks && us.queens == them.queens
                && us.rooks + us.queens > 0 && us.minors() == them.minors() + 1,
            (ps, s) -> SCALE_EXTRA_MINOR),
        new Entry(EndgameRule.OPPOSITE_BISHOPS, Kind.SCALING, null,
            (us, them) -> us.pawns > 0 && us.only(0, 1, 0, 0) && them.only(0, 1, 0, 0), Endgame::oppositeBishops),
        new Entry(EndgameRule.KQKP_FORTRESS, Kind.SCALING, "KQvKP", null,
            (ps, s) -> queenVsPawnFortress(ps, s) ? SCALE_QUEEN_VS_PAWN_FORTRESS : NOT_APPLICABLE),
        new Entry(EndgameRule.WRONG_BISHOP_NEAR, Kind.SCALING, null, Endgame::bishopsAndPawnsVsBareKing,
            Endgame::wrongBishopNear),
        new Entry(EndgameRule.PAWNS_BLOCKED, Kind.SCALING, null,
            (us, them) -> us.pawns >= 2 && us.pieces() == 0 && them.pawns == 0 && them.pieces() == 0,
            Endgame::pawnsBlocked),
        new Entry(EndgameRule.KRPKR_FRONT, Kind.SCALING, "KRPvKR", null,
            (ps, s) -> kingInFrontOfPawn(ps, s) ? SCALE_KRPKR_FRONT : NOT_APPLICABLE),
        new Entry(EndgameRule.KBPKB_BLOCK, Kind.SCALING, "KBPvKB", null, Endgame::kbpkbBlock),
        new Entry(EndgameRule.KBPKN_BLOCK, Kind.SCALING, "KBPvKN", null,
            (ps, s) -> minorPawnKingBlock(ps, s) ? SCALE_MINOR_PAWN_KING_BLOCK : NOT_APPLICABLE),
        new Entry(EndgameRule.KQKRP_FORTRESS, Kind.SCALING, null,
            (us, them) -> us.pawns == 0 && us.only(0, 0, 0, 1) && them.pawns > 0 && them.only(0, 0, 1, 0),
            Endgame::kqkrpFortress),
    };

    // The keys of each exact entry's signatures (empty for a family).
    private static final long[][] SIGNATURE_KEYS = signatureKeys();

    private static long[][] signatureKeys() {
        long[][] all = new long[TABLE.length][];
        for (int i = 0; i < TABLE.length; i++) {
            List<Long> keys = new ArrayList<>();
            if (TABLE[i].material != null) {
                for (String name : TABLE[i].material.split(" ")) {
                    keys.add(keyOfSignature(name));
                }
            }
            all[i] = keys.stream().mapToLong(Long::longValue).toArray();
        }
        return all;
    }

    // "KBNvK": the strong side's letters before 'v'; the key as keyOf() with the strong side first.
    private static long keyOfSignature(String name) {
        int[][] count = new int[2][7];
        int c = 0;
        for (char ch : name.toCharArray()) {
            if (ch == 'v') {
                c = 1;
                continue;
            }
            int pt = " PNBRQK".indexOf(ch);
            if (pt >= Piece.PAWN && pt <= Piece.QUEEN) {
                count[c][pt]++;
            }
        }
        return keyOf(count, 0);
    }

    // The material as a number, the strong side's counts first: 4 bits a count.
    private static long keyOf(int[][] count, int strong) {
        long key = 0;
        for (int c : new int[] {strong, strong ^ 1}) {
            for (int pt = Piece.PAWN; pt <= Piece.QUEEN; pt++) {
                key = (key << 4) | Math.min(count[c][pt], 15);
            }
        }
        return key;
    }

    private static boolean onOneColour(long b) {
        return (b & DARK_SQUARES) == 0 || (b & ~DARK_SQUARES) == 0;
    }

    private static int distance(int a, int b) {
        return Math.max(Math.abs(Square.file(a) - Square.file(b)), Math.abs(Square.rank(a) - Square.rank(b)));
    }

    private static int kingOf(Pieces ps, int c) {
        return Long.numberOfTrailingZeros(ps.by[c][Piece.KING]);
    }

    private static boolean attackedBy(Pieces ps, int c, int s, long occupied) {
        long[] p = ps.by[c];
        return (Bitboards.pawnAttacks(c ^ 1, s) & p[Piece.PAWN]) != 0
            || (Bitboards.knightAttacks(s) & p[Piece.KNIGHT]) != 0
            || (Bitboards.bishopAttacks(s, occupied) & (p[Piece.BISHOP] | p[Piece.QUEEN])) != 0
            || (Bitboards.rookAttacks(s, occupied) & (p[Piece.ROOK] | p[Piece.QUEEN])) != 0
            || (Bitboards.kingAttacks(s) & p[Piece.KING]) != 0;
    }

    // The weak side has a bare king, is to move, is not in check and cannot step anywhere: stalemate.
    private static boolean bareKingStalemated(Pieces ps, int weak) {
        if (ps.toMove != weak) {
            return false;
        }
        int k = kingOf(ps, weak);
        long occupied = occupied(ps) & ~Bitboards.bit(k);
        if (attackedBy(ps, weak ^ 1, k, occupied)) {
            return false;
        }
        for (long b = Bitboards.kingAttacks(k); b != 0; b &= b - 1) {
            if (!attackedBy(ps, weak ^ 1, Long.numberOfTrailingZeros(b), occupied)) {
                return false;
            }
        }
        return true;
    }

    // The defending king near the edge, and along the edge near a corner.
    // Lines from s to the nearest edge (0 .. 3) and king steps to the nearest corner (0 .. 6).
    private static int linesToEdge(int s) {
        int f = Square.file(s);
        int r = Square.rank(s);
        return Math.min(Math.min(f, 7 - f), Math.min(r, 7 - r));
    }

    private static int stepsToCorner(int s) {
        int f = Square.file(s);
        int r = Square.rank(s);
        return Math.min(f, 7 - f) + Math.min(r, 7 - r);
    }

    private static int edgePush(int s) {
        return EDGE_STEP * (3 - linesToEdge(s)) + CORNER_STEP * (6 - stepsToCorner(s));
    }

    private static int kingsClose(int a, int b) {
        return kingsClose(a, b, KING_CLOSE_STEP);
    }

    private static int kingsClose(int a, int b, int step) {
        return step * (7 - distance(a, b));
    }

    private static int evalKxk(Pieces ps, int strong) {
        long[] us = ps.by[strong];
        boolean onlyBishops = (us[Piece.KNIGHT] | us[Piece.ROOK] | us[Piece.QUEEN]) == 0;
        if (onlyBishops && onOneColour(us[Piece.BISHOP])) {
            return NOT_APPLICABLE;
        }
        if (bareKingStalemated(ps, strong ^ 1)) {
            return 0;
        }
        int weakKing = kingOf(ps, strong ^ 1);
        return KNOWN_WIN + materialOf(ps, strong) + edgePush(weakKing) + kingsClose(kingOf(ps, strong), weakKing);
    }

    private static int evalKbnk(Pieces ps, int strong) {
        if (bareKingStalemated(ps, strong ^ 1)) {
            return 0;
        }
        int weakKing = kingOf(ps, strong ^ 1);
        int f = Square.file(weakKing);
        int r = Square.rank(weakKing);
        boolean darkBishop = (ps.by[strong][Piece.BISHOP] & DARK_SQUARES) != 0;
        int towardsCorner = darkBishop ? Math.abs(7 - f - r) : Math.abs(f - r);
        return KNOWN_WIN + PIECE_VALUE[Piece.BISHOP] + PIECE_VALUE[Piece.KNIGHT] + BISHOP_CORNER_STEP * towardsCorner
            + KBNK_EDGE_STEP * (3 - linesToEdge(weakKing))
            + kingsClose(kingOf(ps, strong), weakKing, KBNK_KING_CLOSE_STEP);
    }

    private static int evalKpk(Pieces ps, int strong) {
        int pawn = Long.numberOfTrailingZeros(ps.by[strong][Piece.PAWN]);
        if (!KpkBitbase.win(strong, kingOf(ps, strong), kingOf(ps, strong ^ 1), pawn, ps.toMove)) {
            return 0;
        }
        return KNOWN_WIN + PIECE_VALUE[Piece.PAWN] + PAWN_RANK_STEP * Square.relativeRank(strong, pawn);
    }

    private static long occupied(Pieces ps) {
        long occupied = 0;
        for (int c = Piece.WHITE; c <= Piece.BLACK; c++) {
            for (int pt = Piece.PAWN; pt <= Piece.KING; pt++) {
                occupied |= ps.by[c][pt];
            }
        }
        return occupied;
    }

    private static boolean inCheck(Pieces ps) {
        return attackedBy(ps, ps.toMove ^ 1, kingOf(ps, ps.toMove), occupied(ps));
    }

    // A weak piece arriving on s stays there: no strong piece but the king attacks s, the king only where s is guarded.
    private static boolean weakPieceSafeOn(Pieces ps, int strong, int s, long occupied) {
        long[][] withoutKing = {ps.by[0].clone(), ps.by[1].clone()};
        withoutKing[strong][Piece.KING] = 0;
        if (attackedBy(new Pieces(withoutKing, ps.toMove), strong, s, occupied)) {
            return false;
        }
        return (Bitboards.kingAttacks(s) & ps.by[strong][Piece.KING]) == 0 || attackedBy(ps, strong ^ 1, s, occupied);
    }

    // The placement after the piece on from moved to the empty square to, the other side then to move.
    private static Pieces moved(Pieces ps, int from, int to) {
        long[][] by = {ps.by[0].clone(), ps.by[1].clone()};
        for (int c = Piece.WHITE; c <= Piece.BLACK; c++) {
            for (int pt = Piece.PAWN; pt <= Piece.KING; pt++) {
                if ((by[c][pt] & Bitboards.bit(from)) != 0) {
                    by[c][pt] ^= Bitboards.bit(from) | Bitboards.bit(to);
                }
            }
        }
        return new Pieces(by, ps.toMove ^ 1);
    }

    private static long piecesOf(Pieces ps, int c) {
        long b = 0;
        for (int pt = Piece.PAWN; pt <= Piece.KING; pt++) {
            b |= ps.by[c][pt];
        }
        return b;
    }

    // The strong king is in check and a checking piece also hits an unguarded piece: a fork or a skewer.
    private static boolean skewersOrForks(Pieces ps, int strong, long unguarded) {
        int king = kingOf(ps, strong);
        long occupied = occupied(ps);
        for (int pt = Piece.KNIGHT; pt <= Piece.QUEEN; pt++) {
            for (long pieces = ps.by[strong ^ 1][pt]; pieces != 0; pieces &= pieces - 1) {
                int s = Long.numberOfTrailingZeros(pieces);
                if ((Bitboards.attacks(pt, s, occupied) & Bitboards.bit(king)) != 0
                    && (Bitboards.attacks(pt, s, occupied ^ Bitboards.bit(king)) & unguarded) != 0) {
                    return true;
                }
            }
        }
        return false;
    }

    // The strong side in check after a weak move: every king step lets the weak side strike again, or there is none.
    private static boolean everyEscapeLoses(Pieces after, int strong, int depth) {
        int king = kingOf(after, strong);
        long withoutKing = occupied(after) ^ Bitboards.bit(king);
        for (long b = Bitboards.kingAttacks(king) & ~piecesOf(after, strong); b != 0; b &= b - 1) {
            int escape = Long.numberOfTrailingZeros(b);
            if (attackedBy(after, strong ^ 1, escape, withoutKing)) {
                continue;
            }
            if (depth == 0 || !weakSideStrikes(moved(after, king, escape), strong, depth - 1)) {
                return false;
            }
        }
        return true;
    }

    // Where a piece steps without taking anything (a pawn: one square, not to promotion).
    private static long quietMoves(int colour, int pt, int from, long occupied) {
        if (pt != Piece.PAWN) {
            return Bitboards.attacks(pt, from, occupied) & ~occupied;
        }
        int to = from + (colour == Piece.WHITE ? 8 : -8);
        boolean promotes = Square.relativeRank(colour, to) == 7;
        return promotes || (occupied & Bitboards.bit(to)) != 0 ? 0 : Bitboards.bit(to);
    }

    // The squares a weak piece leaving from could give check from; every square when leaving may
    // uncover a check by another weak slider, none for the king otherwise. A filter only: inCheck
    // decides (see possible_check_squares in endgame.cpp).
    private static long possibleCheckSquares(Pieces ps, int strong, int pt, int from, long occupied) {
        int king = kingOf(ps, strong);
        long[] weak = ps.by[strong ^ 1];
        long sliders = (weak[Piece.BISHOP] | weak[Piece.ROOK] | weak[Piece.QUEEN]) & ~Bitboards.bit(from);
        for (long b = sliders; b != 0; b &= b - 1) {
            if ((Bitboards.between(king, Long.numberOfTrailingZeros(b)) & Bitboards.bit(from)) != 0) {
                return ~0L;
            }
        }
        if (pt == Piece.KING) {
            return 0;
        }
        if (pt == Piece.PAWN) {
            return Bitboards.pawnAttacks(strong, king);
        }
        return Bitboards.attacks(pt, king, occupied ^ Bitboards.bit(from));
    }

    // The weak side, to move, wins material or promotes at once (see weak_side_strikes in endgame.cpp).
    private static boolean weakSideStrikes(Pieces ps, int strong, int depth) {
        int weak = strong ^ 1;
        if (ps.toMove != weak) {
            return false;
        }
        long occupied = occupied(ps);
        long targets = piecesOf(ps, strong) & ~ps.by[strong][Piece.KING];
        long unguarded = 0;
        for (long b = targets; b != 0; b &= b - 1) {
            int s = Long.numberOfTrailingZeros(b);
            if (!attackedBy(ps, strong, s, occupied)) {
                unguarded |= Bitboards.bit(s);
            }
        }
        for (long b = unguarded; b != 0; b &= b - 1) {
            if (attackedBy(ps, weak, Long.numberOfTrailingZeros(b), occupied)) {
                return true;
            }
        }
        boolean desperado = bareKingStalemated(ps, weak);
        for (int pt = Piece.PAWN; pt <= Piece.KING; pt++) {
            for (long pieces = ps.by[weak][pt]; pieces != 0; pieces &= pieces - 1) {
                int from = Long.numberOfTrailingZeros(pieces);
                long checking = quietMoves(weak, pt, from, occupied)
                    & possibleCheckSquares(ps, strong, pt, from, occupied);
                for (long to = checking; to != 0; to &= to - 1) {
                    int s = Long.numberOfTrailingZeros(to);
                    Pieces after = moved(ps, from, s);
                    long occupiedAfter = (occupied ^ Bitboards.bit(from)) | Bitboards.bit(s);
                    if (pt == Piece.KING && attackedBy(after, strong, s, occupiedAfter)) {
                        continue;
                    }
                    if (!inCheck(after)) {
                        continue;
                    }
                    if (desperado) {
                        return true;
                    }
                    if (pt != Piece.KING && !weakPieceSafeOn(ps, strong, s, occupiedAfter)) {
                        continue;
                    }
                    if (skewersOrForks(after, strong, unguarded) || everyEscapeLoses(after, strong, depth)) {
                        return true;
                    }
                }
            }
        }
        long seventh = Bitboards.rank(weak == Piece.WHITE ? 6 : 1);
        for (long b = ps.by[weak][Piece.PAWN] & seventh; b != 0; b &= b - 1) {
            int from = Long.numberOfTrailingZeros(b);
            int to = from + (weak == Piece.WHITE ? 8 : -8);
            if ((occupied & Bitboards.bit(to)) == 0 && weakPieceSafeOn(ps, strong, to, occupied ^ Bitboards.bit(from))) {
                return true;
            }
        }
        return false;
    }

    // In check, or the weak side lands a blow at once: the known win's function declines.
    private static boolean unsettled(Pieces ps, int strong) {
        return inCheck(ps) || weakSideStrikes(ps, strong, FOLLOW_UP_CHECKS);
    }

    private static int materialOf(Pieces ps, int c) {
        int material = 0;
        for (int pt = Piece.PAWN; pt <= Piece.QUEEN; pt++) {
            material += PIECE_VALUE[pt] * Long.bitCount(ps.by[c][pt]);
        }
        return material;
    }

    private static int materialLead(Pieces ps, int strong) {
        return materialOf(ps, strong) - materialOf(ps, strong ^ 1);
    }

    private static int queenVsPiece(Pieces ps, int strong, int pieceType) {
        if (unsettled(ps, strong)) {
            return NOT_APPLICABLE;
        }
        int weakKing = kingOf(ps, strong ^ 1);
        int piece = Long.numberOfTrailingZeros(ps.by[strong ^ 1][pieceType]);
        return KNOWN_WIN + materialLead(ps, strong) + edgePush(weakKing) + kingsClose(kingOf(ps, strong), weakKing)
            + PIECE_AWAY_STEP * distance(weakKing, piece);
    }

    // The squares the defending king can walk to through squares the strong queen and king do not attack.
    private static int defendingKingRoom(Pieces ps, int strong) {
        int weakKing = kingOf(ps, strong ^ 1);
        int strongKing = kingOf(ps, strong);
        long occupied = occupied(ps) ^ Bitboards.bit(weakKing);
        long attacked = Bitboards.kingAttacks(strongKing) | Bitboards.bit(strongKing);
        for (long queens = ps.by[strong][Piece.QUEEN]; queens != 0; queens &= queens - 1) {
            attacked |= Bitboards.queenAttacks(Long.numberOfTrailingZeros(queens), occupied);
        }
        long room = Bitboards.bit(weakKing);
        long frontier = room;
        while (frontier != 0) {
            long reached = 0;
            for (long b = frontier; b != 0; b &= b - 1) {
                reached |= Bitboards.kingAttacks(Long.numberOfTrailingZeros(b));
            }
            frontier = reached & ~attacked & ~room;
            room |= frontier;
        }
        return Long.bitCount(room);
    }

    private static int evalKqkr(Pieces ps, int strong) {
        int value = queenVsPiece(ps, strong, Piece.ROOK);
        if (value == NOT_APPLICABLE) {
            return value;
        }
        return value + ROOM_STEP * (64 - defendingKingRoom(ps, strong));
    }

    // The bare king, to move, can take a strong piece its side does not guard.
    private static boolean bareKingTakes(Pieces ps, int weak) {
        long occupied = occupied(ps);
        for (long b = Bitboards.kingAttacks(kingOf(ps, weak)) & piecesOf(ps, weak ^ 1); b != 0; b &= b - 1) {
            if (!attackedBy(ps, weak ^ 1, Long.numberOfTrailingZeros(b), occupied)) {
                return true;
            }
        }
        return false;
    }

    // The strong side, to move, takes the weak side's only piece where its king does not guard it, leaving
    // the bare king neither stalemated nor a piece to take (a king that takes may leave its rook behind).
    private static boolean takesLonePiece(Pieces ps, int strong) {
        int weak = strong ^ 1;
        if (ps.toMove != strong) {
            return false;
        }
        long lone = piecesOf(ps, weak) & ~ps.by[weak][Piece.KING];
        int target = Long.numberOfTrailingZeros(lone);
        if ((Bitboards.kingAttacks(kingOf(ps, weak)) & lone) != 0) {
            return false;
        }
        long occupied = occupied(ps);
        long[][] withoutLone = {ps.by[0].clone(), ps.by[1].clone()};
        for (int victim = Piece.PAWN; victim < Piece.KING; victim++) {
            withoutLone[weak][victim] = 0;
        }
        Pieces bare = new Pieces(withoutLone, ps.toMove);
        for (int pt = Piece.KNIGHT; pt <= Piece.KING; pt++) {
            for (long takers = ps.by[strong][pt] & Bitboards.attacks(pt, target, occupied); takers != 0;
                 takers &= takers - 1) {
                Pieces after = moved(bare, Long.numberOfTrailingZeros(takers), target);
                if (!bareKingStalemated(after, weak) && !bareKingTakes(after, weak)) {
                    return true;
                }
            }
        }
        return false;
    }

    // The squares the lone knight can jump to and stay: not attacked by the strong side (the rook's lines as
    // they are once the knight has left), or guarded by its own king.
    private static int knightSafeSquares(Pieces ps, int strong) {
        int weak = strong ^ 1;
        int knight = Long.numberOfTrailingZeros(ps.by[weak][Piece.KNIGHT]);
        int rook = Long.numberOfTrailingZeros(ps.by[strong][Piece.ROOK]);
        int weakKing = kingOf(ps, weak);
        int strongKing = kingOf(ps, strong);
        long occupied = occupied(ps) ^ Bitboards.bit(knight);
        long strongAttacks = (Bitboards.rookAttacks(rook, occupied) & ~Bitboards.bit(rook))
            | Bitboards.kingAttacks(strongKing);
        long safe = ~strongAttacks | Bitboards.kingAttacks(weakKing);
        return Long.bitCount(Bitboards.knightAttacks(knight) & ~Bitboards.bit(weakKing) & ~Bitboards.bit(strongKing)
            & safe);
    }

    // KRvKB's small edge: the defending king at the edge and in a corner.
    private static int krkbEdge(Pieces ps, int strong) {
        return ROOK_VS_MINOR_EDGE + edgePush(kingOf(ps, strong ^ 1));
    }

    // KRvKN's small edge: the weights of a logistic fit against the tables (endgame.cpp).
    private static final int[] KRKN_KNIGHT_AWAY = {0, 8, 0, 34, 37, 46, 56, 61};
    private static final int[] KRKN_KNIGHT_HEMMED = {63, 35, 25, 17, 13, 11, 6, 5, 0};
    private static final int[] KRKN_KING_ON_KNIGHT = {0, 36, 27, 23, 21, 13, 8, 0};
    private static final int[] KRKN_KINGS_CLOSE = {0, 0, 39, 33, 24, 16, 7, 0};
    private static final int[] KRKN_EDGE = {13, 8, 7, 0};
    private static final int[] KRKN_CORNER = {32, 20, 11, 6, 3, 0, 1};

    private static int krknEdge(Pieces ps, int strong) {
        int weakKing = kingOf(ps, strong ^ 1);
        int strongKing = kingOf(ps, strong);
        int knight = Long.numberOfTrailingZeros(ps.by[strong ^ 1][Piece.KNIGHT]);
        return ROOK_VS_MINOR_EDGE + KRKN_KNIGHT_AWAY[distance(weakKing, knight)]
            + KRKN_KNIGHT_HEMMED[knightSafeSquares(ps, strong)] + KRKN_KING_ON_KNIGHT[distance(strongKing, knight)]
            + KRKN_KINGS_CLOSE[distance(strongKing, weakKing)] + KRKN_EDGE[linesToEdge(weakKing)]
            + KRKN_CORNER[stepsToCorner(weakKing)];
    }

    // Rook against a lone minor: mostly drawn, a small edge (smallEdge); a known win when the minor is taken
    // at once.
    private static int rookVsMinor(Pieces ps, int strong, Function smallEdge) {
        if (unsettled(ps, strong)) {
            return NOT_APPLICABLE;
        }
        if (takesLonePiece(ps, strong)) {
            return KNOWN_WIN + materialLead(ps, strong);
        }
        return smallEdge.apply(ps, strong);
    }

    private static boolean queenVsPawnFortress(Pieces ps, int strong) {
        int pawn = Long.numberOfTrailingZeros(ps.by[strong ^ 1][Piece.PAWN]);
        int f = Square.file(pawn);
        boolean rookOrBishopPawn = f == 0 || f == 2 || f == 5 || f == 7;
        return rookOrBishopPawn && Square.relativeRank(strong ^ 1, pawn) == 6
            && distance(kingOf(ps, strong ^ 1), pawn) == 1 && distance(kingOf(ps, strong), pawn) > FORTRESS_KING_REACH;
    }

    private static int evalKqkp(Pieces ps, int strong) {
        if (unsettled(ps, strong) || queenVsPawnFortress(ps, strong)) {
            return NOT_APPLICABLE;
        }
        return KNOWN_WIN + materialLead(ps, strong) - KING_CLOSE_STEP * distance(kingOf(ps, strong), kingOf(ps, strong ^ 1))
            - pawnThreat(ps, strong);
    }

    // A pawn on its seventh rank, or its sixth with its side to move, whose queening square the rook
    // does not cover yet: left to the search (see pawn_about_to_promote in endgame.cpp).
    private static boolean pawnAboutToPromote(Pieces ps, int strong) {
        int weak = strong ^ 1;
        int pawn = Long.numberOfTrailingZeros(ps.by[weak][Piece.PAWN]);
        if (Square.relativeRank(weak, pawn) + (ps.toMove == weak ? 1 : 0) < 6) {
            return false;
        }
        int queening = Square.of(Square.file(pawn), weak == Piece.WHITE ? 7 : 0);
        return (Bitboards.rookAttacks(queening, occupied(ps)) & ps.by[strong][Piece.ROOK]) == 0;
    }

    // The defending king's steps to beside the square in front of its pawn through squares the rook
    // and the strong king do not attack, at most WALK_LIMIT (see defending_king_walk in endgame.cpp).
    private static int defendingKingWalk(Pieces ps, int strong) {
        int weak = strong ^ 1;
        int weakKing = kingOf(ps, weak);
        int rook = Long.numberOfTrailingZeros(ps.by[strong][Piece.ROOK]);
        int stop = Long.numberOfTrailingZeros(ps.by[weak][Piece.PAWN]) + (weak == Piece.WHITE ? 8 : -8);
        long occupied = occupied(ps) ^ Bitboards.bit(weakKing);
        long barred = Bitboards.rookAttacks(rook, occupied) | Bitboards.kingAttacks(kingOf(ps, strong));
        long goal = Bitboards.kingAttacks(stop) | Bitboards.bit(stop);
        long reached = Bitboards.bit(weakKing);
        long frontier = reached;
        for (int steps = 0; steps < WALK_LIMIT; steps++) {
            if ((reached & goal) != 0) {
                return steps;
            }
            long next = 0;
            for (long b = frontier; b != 0; b &= b - 1) {
                next |= Bitboards.kingAttacks(Long.numberOfTrailingZeros(b));
            }
            frontier = next & ~barred & ~reached;
            reached |= frontier;
        }
        return WALK_LIMIT;
    }

    // Rook against pawn: a known win with the strong king in the pawn's path or the defending king
    // too far from its pawn and the rook; otherwise a race worth about two pawns, the defending
    // king's walk to its pawn counted through the rook's cut-off (see eval_krkp).
    private static int evalKrkp(Pieces ps, int strong) {
        if (unsettled(ps, strong) || pawnAboutToPromote(ps, strong)) {
            return NOT_APPLICABLE;
        }
        int weak = strong ^ 1;
        int pawn = Long.numberOfTrailingZeros(ps.by[weak][Piece.PAWN]);
        int rook = Long.numberOfTrailingZeros(ps.by[strong][Piece.ROOK]);
        int weakKing = kingOf(ps, weak);
        int strongKing = kingOf(ps, strong);
        if (ps.toMove == weak && (Bitboards.kingAttacks(weakKing) & Bitboards.bit(rook)) != 0) {
            return NOT_APPLICABLE;
        }
        int reach = FAR_KING + (ps.toMove == weak ? 1 : 0);
        if ((pawnPath(weak, pawn) & Bitboards.bit(strongKing)) != 0
            || (distance(weakKing, pawn) >= reach && distance(weakKing, rook) >= FAR_KING)) {
            return KNOWN_WIN + materialLead(ps, strong) - pawnThreat(ps, strong);
        }
        int stop = pawn + (weak == Piece.WHITE ? 8 : -8);
        int queening = Square.of(Square.file(pawn), weak == Piece.WHITE ? 7 : 0);
        return RACE_VALUE
            - RACE_STEP * (distance(strongKing, stop) - defendingKingWalk(ps, strong) - distance(pawn, queening));
    }

    // The lone pawn's distance from the strong king and its advance: what a queen against it wants small.
    private static int pawnThreat(Pieces ps, int strong) {
        int pawn = Long.numberOfTrailingZeros(ps.by[strong ^ 1][Piece.PAWN]);
        return PAWN_CLOSE_STEP * distance(kingOf(ps, strong), pawn) + PAWN_RANK_STEP * Square.relativeRank(strong ^ 1, pawn);
    }

    private static int oppositeBishops(Pieces ps, int strong) {
        if (onOneColour(ps.by[Piece.WHITE][Piece.BISHOP] | ps.by[Piece.BLACK][Piece.BISHOP])) {
            return NOT_APPLICABLE;
        }
        int extra = Math.max(0, Long.bitCount(ps.by[strong][Piece.PAWN]) - Long.bitCount(ps.by[strong ^ 1][Piece.PAWN]));
        return Math.min(HandCraftedEvaluator.SCALE_NORMAL, SCALE_OCB_BASE + SCALE_OCB_PER_PAWN * extra);
    }

    private static boolean bishopsAndPawnsVsBareKing(Counts us, Counts them) {
        return us.pawns > 0 && us.bishops > 0 && us.only(0, us.bishops, 0, 0) && them.pawns == 0 && them.pieces() == 0;
    }

    // The squares in front of a pawn of the colour on s, up to its last rank.
    private static long pawnPath(int colour, int s) {
        long path = 0;
        int step = colour == Piece.WHITE ? 1 : -1;
        for (int r = Square.rank(s) + step; r >= 0 && r <= 7; r += step) {
            path |= Bitboards.bit(Square.of(Square.file(s), r));
        }
        return path;
    }

    // The most advanced of the colour's pawns on one file.
    private static int frontPawn(int colour, long pawns) {
        return colour == Piece.WHITE ? 63 - Long.numberOfLeadingZeros(pawns) : Long.numberOfTrailingZeros(pawns);
    }

    private static boolean onOneFile(long b) {
        return (b & ~Bitboards.file(Square.file(Long.numberOfTrailingZeros(b)))) == 0;
    }

    private static final int NO_CORNER = -1;

    // All pawns on one rook file, no bishop on their queening square's colour: that corner, else NO_CORNER.
    private static int wrongBishopCorner(Pieces ps, int strong) {
        long pawns = ps.by[strong][Piece.PAWN];
        int file = Square.file(Long.numberOfTrailingZeros(pawns));
        if ((file != 0 && file != 7) || !onOneFile(pawns)) {
            return NO_CORNER;
        }
        int corner = Square.of(file, strong == Piece.WHITE ? 7 : 0);
        long cornerColour = (Bitboards.bit(corner) & DARK_SQUARES) != 0 ? DARK_SQUARES : ~DARK_SQUARES;
        return (ps.by[strong][Piece.BISHOP] & cornerColour) != 0 ? NO_CORNER : corner;
    }

    private static int defendingKingInWrongCorner(Pieces ps, int strong) {
        int corner = wrongBishopCorner(ps, strong);
        return corner != NO_CORNER && distance(kingOf(ps, strong ^ 1), corner) <= 1 ? 1 : 0;
    }

    private static int wrongBishopNear(Pieces ps, int strong) {
        int corner = wrongBishopCorner(ps, strong);
        if (corner == NO_CORNER) {
            return NOT_APPLICABLE;
        }
        int front = frontPawn(strong, ps.by[strong][Piece.PAWN]);
        int pawnMoves = distance(front, corner) - (Square.relativeRank(strong, front) == 1 ? 1 : 0);
        int kingMoves = distance(kingOf(ps, strong ^ 1), corner) - 1 - (ps.toMove != strong ? 1 : 0);
        return kingMoves < pawnMoves ? SCALE_WRONG_BISHOP_NEAR : NOT_APPLICABLE;
    }

    private static int pawnsBlocked(Pieces ps, int strong) {
        long pawns = ps.by[strong][Piece.PAWN];
        if (!onOneFile(pawns) || (pawnPath(strong, frontPawn(strong, pawns)) & ps.by[strong ^ 1][Piece.KING]) == 0) {
            return NOT_APPLICABLE;
        }
        int file = Square.file(Long.numberOfTrailingZeros(pawns));
        return file == 0 || file == 7 ? SCALE_ROOK_PAWNS_BLOCKED : SCALE_PAWNS_BLOCKED;
    }

    private static boolean kingInFrontOfPawn(Pieces ps, int strong) {
        long path = pawnPath(strong, Long.numberOfTrailingZeros(ps.by[strong][Piece.PAWN]));
        return (path & ps.by[strong ^ 1][Piece.KING]) != 0;
    }

    // The defending king in front of the pawn where the bishop cannot drive it: on the other
    // colour, or before the pawn's last two ranks.
    private static boolean minorPawnKingBlock(Pieces ps, int strong) {
        int king = kingOf(ps, strong ^ 1);
        boolean bishopColour = onOneColour(ps.by[strong][Piece.BISHOP] | Bitboards.bit(king));
        return kingInFrontOfPawn(ps, strong) && (!bishopColour || Square.relativeRank(strong, king) <= 5);
    }

    private static int kbpkbBlock(Pieces ps, int strong) {
        if (!onOneColour(ps.by[Piece.WHITE][Piece.BISHOP] | ps.by[Piece.BLACK][Piece.BISHOP])) {
            return NOT_APPLICABLE;
        }
        if (minorPawnKingBlock(ps, strong)) {
            return SCALE_MINOR_PAWN_KING_BLOCK;
        }
        long path = pawnPath(strong, Long.numberOfTrailingZeros(ps.by[strong][Piece.PAWN]));
        int defender = Long.numberOfTrailingZeros(ps.by[strong ^ 1][Piece.BISHOP]);
        long attacks = Bitboards.bishopAttacks(defender, occupied(ps));
        return (attacks & path) != 0 ? SCALE_KBPKB_BISHOP_BLOCK : NOT_APPLICABLE;
    }

    // The rook on its third rank guarded by a pawn beside its king on its first two ranks, the
    // strong king beyond the rook's rank.
    private static int kqkrpFortress(Pieces ps, int strong) {
        int weak = strong ^ 1;
        int rook = Long.numberOfTrailingZeros(ps.by[weak][Piece.ROOK]);
        int weakKing = kingOf(ps, weak);
        boolean guardedByPawn =
            (ps.by[weak][Piece.PAWN] & Bitboards.kingAttacks(weakKing) & Bitboards.pawnAttacks(strong, rook)) != 0;
        return Square.relativeRank(weak, weakKing) <= 1 && Square.relativeRank(weak, kingOf(ps, strong)) >= 3
            && Square.relativeRank(weak, rook) == 2 && guardedByPawn ? SCALE_QUEEN_VS_ROOK_FORTRESS : NOT_APPLICABLE;
    }

    /** The pieces by colour and type (index 0 unused), as the native PieceSet. */
    public static long[][] pieceSet(Position pos) {
        long[][] by = new long[2][7];
        for (int c = Piece.WHITE; c <= Piece.BLACK; c++) {
            for (int pt = Piece.PAWN; pt <= Piece.KING; pt++) {
                by[c][pt] = pos.pieces(c, pt);
            }
        }
        return by;
    }

    public static EndgameVerdict classify(Position pos) {
        return classify(pieceSet(pos), pos.sideToMove());
    }

    private static Counts counts(int[][] count, int c) {
        int[] n = count[c];
        return new Counts(n[Piece.PAWN], n[Piece.KNIGHT], n[Piece.BISHOP], n[Piece.ROOK], n[Piece.QUEEN]);
    }

    private static boolean matches(int entry, int[][] count, int strong) {
        if (TABLE[entry].family != null) {
            return TABLE[entry].family.test(counts(count, strong), counts(count, strong ^ 1));
        }
        long key = keyOf(count, strong);
        for (long k : SIGNATURE_KEYS[entry]) {
            if (k == key) {
                return true;
            }
        }
        return false;
    }

    /** The verdict for the pieces by colour and type with toMove to move. */
    public static EndgameVerdict classify(long[][] by, int toMove) {
        EndgameVerdict v = new EndgameVerdict();
        // Every entry needs a pawnless side or a board without rooks and queens.
        long majors = by[Piece.WHITE][Piece.ROOK] | by[Piece.WHITE][Piece.QUEEN]
            | by[Piece.BLACK][Piece.ROOK] | by[Piece.BLACK][Piece.QUEEN];
        if (majors != 0 && by[Piece.WHITE][Piece.PAWN] != 0 && by[Piece.BLACK][Piece.PAWN] != 0) {
            return v;
        }
        Pieces ps = new Pieces(by, toMove);
        int[][] count = new int[2][7];
        for (int c = Piece.WHITE; c <= Piece.BLACK; c++) {
            for (int pt = Piece.PAWN; pt <= Piece.QUEEN; pt++) {
                count[c][pt] = Long.bitCount(by[c][pt]);
            }
        }
        if (decide(ps, count, v)) {
            return v;
        }
        for (int c = Piece.WHITE; c <= Piece.BLACK; c++) {
            for (int i = 0; i < TABLE.length; i++) {
                if (TABLE[i].kind != Kind.SCALING || !matches(i, count, c)) {
                    continue;
                }
                int scale = TABLE[i].function.apply(ps, c);
                if (scale == NOT_APPLICABLE) {
                    continue;
                }
                v.rule[c] = TABLE[i].rule;
                v.scale[c] = scale;
                break;
            }
        }
        return v;
    }

    // The first dead or evaluation entry that applies, if any.
    private static boolean decide(Pieces ps, int[][] count, EndgameVerdict v) {
        for (int i = 0; i < TABLE.length && TABLE[i].kind != Kind.SCALING; i++) {
            for (int strong = Piece.WHITE; strong <= Piece.BLACK; strong++) {
                if (!matches(i, count, strong)) {
                    continue;
                }
                int result = TABLE[i].function.apply(ps, strong);
                if (result == NOT_APPLICABLE || (TABLE[i].kind == Kind.DEAD && result == 0)) {
                    continue;
                }
                v.rule[0] = v.rule[1] = TABLE[i].rule;
                if (TABLE[i].kind == Kind.DEAD) {
                    v.dead = true;
                    v.scale[0] = v.scale[1] = 0;
                } else {
                    v.known = true;
                    int value = Math.min(result, VALUE_LIMIT);
                    v.valueWhite = strong == Piece.WHITE ? value : -value;
                }
                return true;
            }
        }
        return false;
    }
}
