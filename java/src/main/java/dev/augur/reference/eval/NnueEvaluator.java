package dev.augur.reference.eval;

import java.util.Arrays;
import java.util.function.IntSupplier;

import dev.augur.reference.Bitboards;
import dev.augur.reference.Castling;
import dev.augur.reference.Move;
import dev.augur.reference.Piece;
import dev.augur.reference.Position;
import dev.augur.reference.Square;

/**
 * The network evaluation, the twin of the native NnueEvaluator (lib/eval/nnue/nnue_evaluator.h):
 * the same accumulators per ply, updated from the rows each move adds and removes and computed
 * only when a position is evaluated, and the same integer arithmetic (docs/NNUE.md), so both give
 * the same value for every position, bit for bit. Accumulator lanes are shorts, which wrap as the
 * native 16-bit lanes do; the loader's bounds keep the output sum inside an int.
 */
public final class NnueEvaluator implements Evaluator {
    private static final int INITIAL_PLIES = 256;
    private static final int STALE = 0, PENDING = 1, COMPUTED = 2;

    private final Network network;
    private final int hidden;
    // Per entry: state, key, and per perspective up to two added and two removed rows (as
    // offsets into the feature weights), with their counts.
    private int[] states = new int[INITIAL_PLIES];
    private long[] keys = new long[INITIAL_PLIES];
    private boolean[] keyed = new boolean[INITIAL_PLIES];
    private int[][] added = new int[INITIAL_PLIES][4];    // [perspective * 2 + i]
    private int[][] removed = new int[INITIAL_PLIES][4];
    private int[] addedCount = new int[INITIAL_PLIES];    // the same for both perspectives
    private int[] removedCount = new int[INITIAL_PLIES];
    private short[][] values = new short[INITIAL_PLIES][];  // 2 x hidden per entry
    private int top;
    private boolean endgameLayer = true;  // option Eval_EndgameScaling

    public NnueEvaluator(Network network) {
        this.network = network;
        this.hidden = network.hidden;
        for (int i = 0; i < INITIAL_PLIES; ++i) values[i] = new short[2 * hidden];
    }

    /** The input feature of piece on square seen from perspective, as the native feature_index. */
    static int featureIndex(int perspective, int piece, int square) {
        int relative = perspective == Piece.WHITE ? square : square ^ 56;
        return (Piece.colour(piece) == perspective ? 0 : 384) + (Piece.type(piece) - 1) * 64 + relative;
    }

    /**
     * The network's evaluation of pos computed from scratch inside the endgame layer: what the
     * incremental path must equal (native evaluate_from_scratch).
     */
    public static int evaluateFromScratch(Network network, Position pos) {
        return evaluateFromScratch(network, pos, true);
    }

    /** The same, without the endgame layer when endgameLayer is false. */
    public static int evaluateFromScratch(Network network, Position pos, boolean endgameLayer) {
        return endgameLayer ? withEndgameLayer(pos, () -> networkFromScratch(network, pos))
            : networkFromScratch(network, pos);
    }

    /**
     * The endgame layer around a network, as native with_endgame_layer: the layer's value where it
     * decides one, else the network's value shrunk by the layer's scale for the side it favours.
     */
    static int withEndgameLayer(Position pos, IntSupplier networkValue) {
        EndgameVerdict verdict = Endgame.classify(pos);
        Integer decided = Evaluator.endgameLayerValue(pos, verdict);
        if (decided != null) {
            return decided;
        }
        int value = networkValue.getAsInt();
        int ahead = value > 0 ? pos.sideToMove() : 1 - pos.sideToMove();
        return value * verdict.scale[ahead] / HandCraftedEvaluator.SCALE_NORMAL;
    }

    private static int networkFromScratch(Network network, Position pos) {
        short[] accumulators = new short[2 * network.hidden];
        for (int perspective = 0; perspective < 2; ++perspective) refresh(network, pos, perspective, accumulators);
        return output(network, accumulators, pos.sideToMove(), Long.bitCount(pos.occupied()));
    }

    /** withEndgameLayer around the network, as native; with Eval_EndgameScaling off the network alone. */
    @Override
    public int evaluate(Position pos) {
        return endgameLayer ? withEndgameLayer(pos, () -> networkValue(pos)) : networkValue(pos);
    }

    private int networkValue(Position pos) {
        if (states[top] == PENDING) compute(top);
        if (states[top] == STALE || (keyed[top] && keys[top] != pos.key())) {
            refreshEntry(top, pos);  // not a position the hooks brought us to
        } else if (!keyed[top]) {
            keys[top] = pos.key();  // the hooks brought us here: this is the position
            keyed[top] = true;
        }
        return output(network, values[top], pos.sideToMove(), Long.bitCount(pos.occupied()));
    }

    @Override
    public void setOptions(EvalOptions options) {
        // Of the switches only Eval_EndgameScaling applies: the network has no terms.
        endgameLayer = options.endgameScaling();
    }

    @Override
    public void clear() {
        // Nothing is cached between searches.
    }

    @Override
    public void onSearchStart(Position root) {
        top = 0;
        refreshEntry(0, root);
    }

    // The rows a move changes, read from the position before it, as native on_move.
    @Override
    public void onMove(Position before, int move) {
        int entry = push();
        int us = before.sideToMove();
        int from = Move.from(move), to = Move.to(move);
        int mover = before.pieceOn(from);
        if (Move.kind(move) == Move.CASTLING) {
            int rook = before.pieceOn(to);
            boolean shortSide = to > from;
            record(entry, false, mover, from);
            record(entry, false, rook, to);
            record(entry, true, mover, Castling.kingDestination(us, shortSide));
            record(entry, true, rook, Castling.rookDestination(us, shortSide));
            return;
        }
        record(entry, false, mover, from);
        if (Move.kind(move) == Move.EN_PASSANT) {
            int victim = Square.of(Square.file(to), Square.rank(from));
            record(entry, false, before.pieceOn(victim), victim);
        } else if (before.pieceOn(to) != Piece.NONE) {
            record(entry, false, before.pieceOn(to), to);
        }
        int arriving = Move.kind(move) == Move.PROMOTION ? Piece.make(us, Move.promotionType(move)) : mover;
        record(entry, true, arriving, to);
    }

    @Override
    public void onUndoMove(Position after, int move) {
        pop();
    }

    @Override
    public void onNullMove(Position before) {
        push();
    }

    @Override
    public void onUndoNullMove(Position after) {
        pop();
    }

    private void pop() {
        if (top > 0) --top;  // never below the root, even if the hooks were unbalanced
    }

    private int push() {
        if (++top == states.length) grow();
        states[top] = PENDING;
        keyed[top] = false;
        addedCount[top] = 0;
        removedCount[top] = 0;
        return top;
    }

    private void grow() {
        int size = 2 * states.length;
        states = Arrays.copyOf(states, size);
        keys = Arrays.copyOf(keys, size);
        keyed = Arrays.copyOf(keyed, size);
        addedCount = Arrays.copyOf(addedCount, size);
        removedCount = Arrays.copyOf(removedCount, size);
        int old = added.length;
        added = Arrays.copyOf(added, size);
        removed = Arrays.copyOf(removed, size);
        values = Arrays.copyOf(values, size);
        for (int i = old; i < size; ++i) {
            added[i] = new int[4];
            removed[i] = new int[4];
            values[i] = new short[2 * hidden];
        }
    }

    private void record(int entry, boolean isAdded, int piece, int square) {
        int[] rows = isAdded ? added[entry] : removed[entry];
        int index = isAdded ? addedCount[entry]++ : removedCount[entry]++;
        for (int perspective = 0; perspective < 2; ++perspective) {
            rows[perspective * 2 + index] = featureIndex(perspective, piece, square) * hidden;
        }
    }

    private void refreshEntry(int entry, Position pos) {
        for (int perspective = 0; perspective < 2; ++perspective) refresh(network, pos, perspective, values[entry]);
        states[entry] = COMPUTED;
        keys[entry] = pos.key();
        keyed[entry] = true;
    }

    // Applies the pending changes from the nearest computed entry below up to this one.
    private void compute(int entry) {
        int base = entry;
        while (states[base] == PENDING) --base;  // the root entry is never pending
        short[] weights = network.featureWeights;
        for (int i = base + 1; i <= entry; ++i) {
            short[] in = values[i - 1], out = values[i];
            for (int perspective = 0; perspective < 2; ++perspective) {
                int offset = perspective * hidden;
                for (int j = 0; j < hidden; ++j) {
                    int v = in[offset + j];
                    for (int a = 0; a < addedCount[i]; ++a) v += weights[added[i][perspective * 2 + a] + j];
                    for (int r = 0; r < removedCount[i]; ++r) v -= weights[removed[i][perspective * 2 + r] + j];
                    out[offset + j] = (short) v;  // modulo 2^16, as the native lanes
                }
            }
            states[i] = COMPUTED;
        }
    }

    private static void refresh(Network network, Position pos, int perspective, short[] out) {
        int hidden = network.hidden, offset = perspective * hidden;
        System.arraycopy(network.featureBias, 0, out, offset, hidden);
        for (long b = pos.occupied(); b != 0; b &= b - 1) {
            int square = Bitboards.lsb(b);
            int row = featureIndex(perspective, pos.pieceOn(square), square) * hidden;
            for (int j = 0; j < hidden; ++j) out[offset + j] = (short) (out[offset + j] + network.featureWeights[row + j]);
        }
    }

    // docs/NNUE.md, "Arithmetic", steps 2 to 5, with the output bucket of a position of this many pieces.
    private static int output(Network network, short[] accumulators, int us, int pieces) {
        int hidden = network.hidden;
        int bucket = Network.outputBucket(pieces, network.outputBuckets);
        int weights = bucket * 2 * hidden;
        boolean squared = network.activation == Network.SQUARED_CLIPPED_RELU;
        int sum = 0;
        for (int half = 0; half < 2; ++half) {
            int offset = (half == 0 ? us : 1 - us) * hidden;
            for (int j = 0; j < hidden; ++j) {
                int v = Math.max(0, Math.min(network.qa, accumulators[offset + j]));
                sum += (squared ? v * v : v) * network.outputWeights[weights + half * hidden + j];
            }
        }
        long value = ((long) sum + network.outputBias[bucket]) * network.scale / network.outputDivisor();
        return (int) Math.max(-Network.EVAL_LIMIT, Math.min(Network.EVAL_LIMIT, value));
    }
}
