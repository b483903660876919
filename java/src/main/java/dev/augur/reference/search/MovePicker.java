package dev.augur.reference.search;

import dev.augur.reference.Move;
import dev.augur.reference.MoveGenerator;
import dev.augur.reference.MoveList;
import dev.augur.reference.Piece;
import dev.augur.reference.Position;
import dev.augur.reference.eval.See;

/**
 * Hands out the legal moves of a node one at a time, best first: the port of
 * lib/search/movepick.{h,cpp}, stage for stage, so that every node tries its moves in the native
 * order.
 *
 * <p>Stages: the hash move; captures and promotions that do not lose material (SEE >= 0) by
 * MVV-LVA (plus their capture history when the node has one); the two killers; the counter-move;
 * quiet moves by history (butterfly plus the node's continuation rows); the losing captures (in
 * the order they were set aside). Within a stage the move of highest score comes next, ties going to the lower
 * 16-bit move code (the sort key is {@code score << 16 | (0xFFFF - code)}), so the order never
 * depends on generation order, which differs between the two implementations. In quiescence
 * (quiet moves off, not in check) only the noisy stages run.
 *
 * <p>One picker per ply, reused: {@link #reset} starts it on a node.
 */
public final class MovePicker {
    private static final int TT_MOVE = 0, GENERATE_NOISY = 1, GOOD_NOISY = 2, KILLER_1 = 3, KILLER_2 = 4,
        COUNTER_MOVE = 5, GENERATE_QUIET = 6, QUIET = 7, LOSING_NOISY = 8, DONE = 9;

    private final MoveList generated = new MoveList();
    private final int[] moves = new int[MoveList.CAPACITY];
    private final long[] keys = new long[MoveList.CAPACITY];
    private final int[] losing = new int[MoveList.CAPACITY];
    private Position pos;
    private int ttMove;
    private int killer1;
    private int killer2;
    private SearchHistory history;
    private NodeHistory node;
    private int counterMove;
    private boolean quietMoves;
    private boolean skipLosingNoisy;
    private int stage;
    private int cur;
    private int end;
    private int losingCount;
    private int losingCur;

    /**
     * Starts on a node. killerPly is the ply whose killers to use, or -1 for none; history may be
     * null (quiet moves then all score 0). In check every evasion is returned whatever
     * quietMoves says, and losing captures are never skipped.
     */
    public void reset(Position pos, int ttMove, SearchHistory killers, int killerPly, SearchHistory history,
                      boolean quietMoves, boolean skipLosingNoisy) {
        reset(pos, ttMove, killers, killerPly, history, quietMoves, skipLosingNoisy, null);
    }

    /** As above, with what the node knows of the moves before it (null: nothing). */
    public void reset(Position pos, int ttMove, SearchHistory killers, int killerPly, SearchHistory history,
                      boolean quietMoves, boolean skipLosingNoisy, NodeHistory node) {
        this.pos = pos;
        this.node = node;
        this.history = history;
        this.quietMoves = quietMoves || pos.inCheck();
        this.skipLosingNoisy = skipLosingNoisy && !pos.inCheck();
        this.stage = TT_MOVE;
        this.killer1 = killers != null && killerPly >= 0 ? killers.killer(killerPly, 0) : Move.NONE;
        this.killer2 = killers != null && killerPly >= 0 ? killers.killer(killerPly, 1) : Move.NONE;
        this.cur = 0;
        this.end = 0;
        this.losingCount = 0;
        this.losingCur = 0;
        // A hash move must be legal here (keys can collide) and, in quiescence, noisy.
        boolean usable = ttMove != Move.NONE && pos.isLegal(ttMove)
            && (this.quietMoves || pos.isCapture(ttMove) || Move.kind(ttMove) == Move.PROMOTION);
        this.ttMove = usable ? ttMove : Move.NONE;
        int counter = node != null ? node.counterMove : Move.NONE;
        this.counterMove = counter != killer1 && counter != killer2 ? counter : Move.NONE;
    }

    /** The next move, or {@link Move#NONE} when all are done. */
    public int next() {
        for (;;) {
            switch (stage) {
                case TT_MOVE:
                    stage = GENERATE_NOISY;
                    if (ttMove != Move.NONE) {
                        return ttMove;
                    }
                    break;
                case GENERATE_NOISY:
                    MoveGenerator.generateNoisy(pos, generated);
                    scoreNoisy();
                    stage = GOOD_NOISY;
                    break;
                case GOOD_NOISY: {
                    int m = nextGoodNoisy();
                    if (m != Move.NONE) {
                        return m;
                    }
                    stage = quietMoves ? KILLER_1 : LOSING_NOISY;
                    break;
                }
                case KILLER_1:
                    stage = KILLER_2;
                    if (isUsableKiller(killer1)) {
                        return killer1;
                    }
                    break;
                case KILLER_2:
                    stage = COUNTER_MOVE;
                    if (killer2 != killer1 && isUsableKiller(killer2)) {
                        return killer2;
                    }
                    break;
                case COUNTER_MOVE:
                    stage = GENERATE_QUIET;
                    if (isUsableKiller(counterMove)) {
                        return counterMove;
                    }
                    break;
                case GENERATE_QUIET:
                    MoveGenerator.generateQuiet(pos, generated);
                    scoreQuiet();
                    stage = QUIET;
                    break;
                case QUIET: {
                    int m = nextQuiet();
                    if (m != Move.NONE) {
                        return m;
                    }
                    stage = LOSING_NOISY;
                    break;
                }
                case LOSING_NOISY:
                    if (!skipLosingNoisy && losingCur < losingCount) {
                        return losing[losingCur++];
                    }
                    stage = DONE;
                    break;
                default:
                    return Move.NONE;
            }
        }
    }

    // Good captures by MVV-LVA; those that lose material wait for the last stage.
    private int nextGoodNoisy() {
        while (cur < end) {
            int m = pickBest();
            if (m == ttMove) {
                continue;
            }
            if (!See.seeGe(pos, m, 0)) {
                losing[losingCount++] = m;
                continue;
            }
            return m;
        }
        return Move.NONE;
    }

    private int nextQuiet() {
        while (cur < end) {
            int m = pickBest();
            if (m == ttMove || m == killer1 || m == killer2 || m == counterMove) {
                continue;
            }
            return m;
        }
        return Move.NONE;
    }

    private static long sortKey(int score, int move) {
        return ((long) score << 16) | (0xFFFF - move);
    }

    // MVV-LVA: the victim's exchange value (a promotion adds the gain of the new piece), times
    // eight, less the attacker's type.
    private void scoreNoisy() {
        end = 0;
        for (int i = 0; i < generated.size(); i++) {
            int m = generated.get(i);
            int victim = Move.kind(m) == Move.EN_PASSANT ? Piece.PAWN : Piece.type(pos.pieceOn(Move.to(m)));
            int value = See.value(victim);
            if (Move.kind(m) == Move.PROMOTION) {
                value += See.value(Move.promotionType(m)) - See.value(Piece.PAWN);
            }
            int score = value * 8 - Piece.type(pos.movedPiece(m));
            if (node != null && node.captures != null) {
                score += node.captures.captureScore(pos, m) / node.captureDivisor;
            }
            add(m, score);
        }
        cur = 0;
    }

    private void scoreQuiet() {
        end = 0;
        int side = pos.sideToMove();
        for (int i = 0; i < generated.size(); i++) {
            int m = generated.get(i);
            int score = history != null ? history.quietScore(side, m) : 0;
            if (node != null) {
                score += node.continuationScore(pos, m);
            }
            add(m, score);
        }
        cur = 0;
    }

    private void add(int move, int score) {
        moves[end] = move;
        keys[end] = sortKey(score, move);
        end++;
    }

    // Selection step: swaps the best remaining move to the front and returns it.
    private int pickBest() {
        int best = cur;
        for (int i = cur + 1; i < end; i++) {
            if (keys[i] > keys[best]) {
                best = i;
            }
        }
        int move = moves[best];
        long key = keys[best];
        moves[best] = moves[cur];
        keys[best] = keys[cur];
        moves[cur] = move;
        keys[cur] = key;
        cur++;
        return move;
    }

    private boolean isUsableKiller(int m) {
        return m != Move.NONE && m != ttMove && !pos.isCapture(m) && Move.kind(m) != Move.PROMOTION && pos.isLegal(m);
    }
}
