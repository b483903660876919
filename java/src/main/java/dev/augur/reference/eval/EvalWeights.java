package dev.augur.reference.eval;

import java.util.Arrays;

import dev.augur.reference.Piece;

/**
 * Every number the evaluation multiplies, in one table: the Java twin of the native
 * EvalWeights (lib/eval/weights.h), field for field.
 *
 * <p>Scores are {middlegame, endgame} pairs from the point of view of the side that owns the
 * feature. Square tables are written for White with a1 = 0 and read by Black through a rank
 * flip; "rank" tables use the owner's relative rank (0 = own back rank). {@link #defaults()}
 * builds the built-in weights with the same rules as weights.cpp (not copied numbers), so a
 * change of a rule has to be made on both sides; the cross-check test also compares every
 * table with the native one. A tuner may change the fields and hand a copy to a HandCraftedEvaluator.
 */
public final class EvalWeights {
    /** By piece type (index 0 and the king stay zero). */
    public final Score[] material = zeros(7);
    /** By piece type and square, White's view. */
    public final Score[][] pst = new Score[7][];

    /** By reachable squares not occupied by own pieces and not attacked by enemy pawns. */
    public final Score[] knightMobility = zeros(9);
    public final Score[] bishopMobility = zeros(14);
    public final Score[] rookMobility = zeros(15);
    public final Score[] queenMobility = zeros(28);

    /** By Chebyshev distance from the knight to the enemy king. */
    public final Score[] knightTropism = zeros(8);

    public Score rookOpenFile = Score.ZERO;
    public Score rookHalfOpenFile = Score.ZERO;
    public Score rookOnSeventh = Score.ZERO;
    public Score queenOnSeventh = Score.ZERO;

    /** Passed pawns, by relative rank. */
    public final Score[] passedRank = zeros(8);
    /** Per square of the enemy king's distance to the stop square, by relative rank. */
    public final Score[] passedEnemyKingDistance = zeros(8);
    /** Per square of the own king's distance to the stop square (subtracted), by relative rank. */
    public final Score[] passedOwnKingDistance = zeros(8);
    /** The path to promotion is empty and not attacked, by relative rank. */
    public final Score[] passedFreePath = zeros(8);

    public Score isolatedPawn = Score.ZERO;
    public Score doubledPawn = Score.ZERO;
    public Score backwardPawn = Score.ZERO;
    public final Score[] connectedPawn = zeros(8);
    public final Score[] supportedPawn = zeros(8);

    /** Nearest own pawn in front of the king: one square ahead, two, further or absent. */
    public final Score[] kingShield = zeros(3);
    /** Attack units per attacked king-zone square, by piece type. */
    public final int[] kingAttackWeight = new int[7];
    /** Bonus per unit (in eighths), by the number of attackers (capped at 7). */
    public final Score[] kingAttackScale = zeros(8);

    public Score bishopPair = Score.ZERO;
    public Score knightOutpost = Score.ZERO;
    public Score knightOutpostSupported = Score.ZERO;
    /** [0]: a7 shut in by b6 (h7/g6); [1]: a6 by b5 (h6/g5). */
    public final Score[] trappedBishop = zeros(2);
    public Score tempo = Score.ZERO;

    public EvalWeights() {
        for (int pt = 0; pt < 7; pt++) {
            pst[pt] = zeros(64);
        }
    }

    private static Score[] zeros(int n) {
        Score[] table = new Score[n];
        Arrays.fill(table, Score.ZERO);
        return table;
    }

    /** A deep copy (Scores are immutable, so copying the arrays suffices). */
    public EvalWeights copy() {
        EvalWeights w = new EvalWeights();
        copyInto(material, w.material);
        for (int pt = 0; pt < 7; pt++) {
            copyInto(pst[pt], w.pst[pt]);
        }
        copyInto(knightMobility, w.knightMobility);
        copyInto(bishopMobility, w.bishopMobility);
        copyInto(rookMobility, w.rookMobility);
        copyInto(queenMobility, w.queenMobility);
        copyInto(knightTropism, w.knightTropism);
        w.rookOpenFile = rookOpenFile;
        w.rookHalfOpenFile = rookHalfOpenFile;
        w.rookOnSeventh = rookOnSeventh;
        w.queenOnSeventh = queenOnSeventh;
        copyInto(passedRank, w.passedRank);
        copyInto(passedEnemyKingDistance, w.passedEnemyKingDistance);
        copyInto(passedOwnKingDistance, w.passedOwnKingDistance);
        copyInto(passedFreePath, w.passedFreePath);
        w.isolatedPawn = isolatedPawn;
        w.doubledPawn = doubledPawn;
        w.backwardPawn = backwardPawn;
        copyInto(connectedPawn, w.connectedPawn);
        copyInto(supportedPawn, w.supportedPawn);
        copyInto(kingShield, w.kingShield);
        System.arraycopy(kingAttackWeight, 0, w.kingAttackWeight, 0, kingAttackWeight.length);
        copyInto(kingAttackScale, w.kingAttackScale);
        w.bishopPair = bishopPair;
        w.knightOutpost = knightOutpost;
        w.knightOutpostSupported = knightOutpostSupported;
        copyInto(trappedBishop, w.trappedBishop);
        w.tempo = tempo;
        return w;
    }

    private static void copyInto(Score[] from, Score[] to) {
        System.arraycopy(from, 0, to, 0, from.length);
    }

    // ---- The built-in weights: the rules of lib/eval/weights.cpp ----

    private static final EvalWeights DEFAULTS = makeDefaults();

    /** A fresh copy of the built-in weights. */
    public static EvalWeights defaults() {
        return DEFAULTS.copy();
    }

    // 0 on the a/h file (or 1st/8th rank), 3 on the d/e file (4th/5th rank).
    private static int centrality(int x) {
        return x < 4 ? x : 7 - x;
    }

    // Centralised pieces, advancing pawns that take the centre, rooks on the 7th, and a king
    // that shelters in a corner in the middlegame but walks to the centre in the endgame.
    static Score pstValue(int pieceType, int file, int rank) {
        int fc = centrality(file);
        int centre = fc + centrality(rank);  // 0..6
        switch (pieceType) {
            case Piece.PAWN: {
                if (rank == 0 || rank == 7) {
                    return Score.ZERO;
                }
                int mg = 3 * (rank - 1);
                if (fc == 3 && (rank == 3 || rank == 4)) {
                    mg += 10;  // d4/e4, d5/e5
                }
                if (fc == 2 && (rank == 2 || rank == 3)) {
                    mg += 4;   // c3/f3, c4/f4
                }
                if (fc == 3 && rank == 1) {
                    mg -= 6;   // unmoved centre pawns block the bishops
                }
                return new Score(mg, 5 * (rank - 1));
            }
            case Piece.KNIGHT:
                return new Score(6 * centre - 22 - (rank == 0 ? 6 : 0), 5 * centre - 18);
            case Piece.BISHOP:
                return new Score(3 * centre - 9 - (rank == 0 ? 5 : 0), 3 * centre - 9);
            case Piece.ROOK:
                return new Score((fc >= 2 ? 4 : 0) + (rank == 6 ? 12 : 0), rank == 6 ? 8 : 0);
            case Piece.QUEEN:
                return new Score(2 * centre - 6, 4 * centre - 12);
            case Piece.KING: {
                final int[] fileShelter = {18, 24, 4, -10};  // by file centrality
                return new Score(fileShelter[fc] - 15 * Math.min(rank, 4), 9 * centre - 27);
            }
            default:
                return Score.ZERO;
        }
    }

    // Fewer than `neutral` squares lose 2k per missing square; above it each square gains k,
    // and half that beyond 8 extra squares.
    private static void fillMobility(Score[] table, int neutral, Score k) {
        for (int n = 0; n < table.length; n++) {
            int d = n - neutral;
            int steps = d < 0 ? 2 * d : Math.min(d, 8) + Math.max(0, d - 8) / 2;
            table[n] = k.times(steps);
        }
    }

    private static void fill(Score[] table, int[] mg, int[] eg) {
        for (int i = 0; i < table.length; i++) {
            table[i] = new Score(mg[i], eg[i]);
        }
    }

    private static EvalWeights makeDefaults() {
        EvalWeights w = new EvalWeights();
        w.material[Piece.PAWN] = new Score(85, 100);
        w.material[Piece.KNIGHT] = new Score(325, 290);
        w.material[Piece.BISHOP] = new Score(345, 305);
        w.material[Piece.ROOK] = new Score(470, 520);
        w.material[Piece.QUEEN] = new Score(990, 950);

        for (int pt = Piece.PAWN; pt <= Piece.KING; pt++) {
            for (int s = 0; s < 64; s++) {
                w.pst[pt][s] = pstValue(pt, s & 7, s >>> 3);
            }
        }

        fillMobility(w.knightMobility, 4, new Score(4, 4));
        fillMobility(w.bishopMobility, 6, new Score(4, 4));
        fillMobility(w.rookMobility, 6, new Score(2, 4));
        fillMobility(w.queenMobility, 10, new Score(1, 2));

        for (int d = 0; d < 8; d++) {
            w.knightTropism[d] = new Score(3, 1).times(Math.max(0, 5 - d));
        }

        w.rookOpenFile = new Score(28, 10);
        w.rookHalfOpenFile = new Score(13, 6);
        w.rookOnSeventh = new Score(18, 26);
        w.queenOnSeventh = new Score(6, 18);

        // Relative rank:        0  1  2   3   4   5    6  7
        fill(w.passedRank, new int[] {0, 3, 6, 14, 30, 55, 90, 0}, new int[] {0, 8, 12, 24, 44, 75, 115, 0});
        fill(w.passedEnemyKingDistance, new int[] {0, 0, 0, 0, 0, 0, 0, 0}, new int[] {0, 0, 2, 4, 8, 12, 16, 0});
        fill(w.passedOwnKingDistance, new int[] {0, 0, 0, 0, 0, 0, 0, 0}, new int[] {0, 0, 1, 2, 4, 6, 8, 0});
        fill(w.passedFreePath, new int[] {0, 0, 0, 2, 4, 8, 12, 0}, new int[] {0, 0, 2, 5, 12, 25, 45, 0});

        w.isolatedPawn = new Score(-10, -12);
        w.doubledPawn = new Score(-8, -20);
        w.backwardPawn = new Score(-8, -8);
        fill(w.connectedPawn, new int[] {0, 3, 4, 7, 14, 28, 45, 0}, new int[] {0, 2, 3, 6, 12, 25, 40, 0});
        fill(w.supportedPawn, new int[] {0, 0, 5, 6, 10, 20, 35, 0}, new int[] {0, 0, 3, 5, 8, 15, 25, 0});

        w.kingShield[0] = new Score(14, 0);
        w.kingShield[1] = new Score(6, 0);
        w.kingShield[2] = new Score(-16, 0);
        w.kingAttackWeight[Piece.KNIGHT] = 2;
        w.kingAttackWeight[Piece.BISHOP] = 2;
        w.kingAttackWeight[Piece.ROOK] = 3;
        w.kingAttackWeight[Piece.QUEEN] = 5;
        fill(w.kingAttackScale, new int[] {0, 2, 10, 16, 22, 26, 28, 30}, new int[] {0, 0, 2, 3, 4, 4, 4, 4});

        w.bishopPair = new Score(28, 50);
        w.knightOutpost = new Score(14, 8);
        w.knightOutpostSupported = new Score(24, 14);
        w.trappedBishop[0] = new Score(-90, -80);
        w.trappedBishop[1] = new Score(-40, -30);
        w.tempo = new Score(14, 6);
        return w;
    }
}
