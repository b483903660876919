package dev.augur.reference;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Perft: counts the leaf nodes of the legal move tree to a fixed depth, the standard test of
 * a move generator. The last ply is counted, not played ("bulk counting"), since the
 * generator produces legal moves only. Divide lists the count below each root move, to find
 * where two generators disagree.
 *
 * <p>Command line: {@code java -jar augur-reference.jar <fen> <depth>} (or {@code java -cp
 * augur-reference.jar dev.augur.reference.Perft <fen> <depth>}; the fen may span several
 * arguments, or be "startpos") prints the divide, the total and the speed.
 */
public final class Perft {
    private final Position pos;
    private final MoveList[] lists;

    public Perft(Position pos, int maxDepth) {
        this.pos = pos;
        this.lists = new MoveList[Math.max(maxDepth, 1)];
        for (int i = 0; i < lists.length; i++) {
            lists[i] = new MoveList();
        }
    }

    /** The number of leaf nodes of pos at the given depth (1 for depth 0). */
    public static long perft(Position pos, int depth) {
        return new Perft(pos, depth).count(depth);
    }

    public long count(int depth) {
        if (depth == 0) {
            return 1;
        }
        MoveList moves = lists[depth - 1];
        MoveGenerator.generateAll(pos, moves);
        if (depth == 1) {
            return moves.size();
        }
        long nodes = 0;
        for (int i = 0; i < moves.size(); i++) {
            int move = moves.get(i);
            pos.makeMove(move);
            nodes += count(depth - 1);
            pos.unmakeMove(move);
        }
        return nodes;
    }

    /** Leaf counts per root move in generation order, keyed by UCI text; depth >= 1. */
    public Map<String, Long> divide(int depth) {
        Map<String, Long> result = new LinkedHashMap<>();
        MoveList moves = new MoveList();
        MoveGenerator.generateAll(pos, moves);
        for (int i = 0; i < moves.size(); i++) {
            int move = moves.get(i);
            pos.makeMove(move);
            result.put(Uci.format(move, pos.isChess960()), count(depth - 1));
            pos.unmakeMove(move);
        }
        return result;
    }

    public static void main(String[] args) {
        if (args.length < 2) {
            usageError("usage: Perft <fen|startpos> <depth>");
        }
        String fen = String.join(" ", Arrays.copyOf(args, args.length - 1));
        Position pos;
        int depth;
        try {
            pos = Fen.parse(fen.equals("startpos") ? Position.START_FEN : fen);
            depth = Integer.parseInt(args[args.length - 1]);
        } catch (IllegalArgumentException e) {
            usageError(e.getMessage());
            return;
        }
        if (depth < 1) {
            usageError("depth must be at least 1");
        }
        long start = System.nanoTime();
        Map<String, Long> divide = new Perft(pos, depth).divide(depth);
        long elapsed = System.nanoTime() - start;
        long total = 0;
        for (Map.Entry<String, Long> entry : divide.entrySet()) {
            System.out.println(entry.getKey() + ": " + entry.getValue());
            total += entry.getValue();
        }
        System.out.println();
        System.out.println("Nodes: " + total);
        System.out.printf("Time: %.3f s, %.1f Mnps%n", elapsed / 1e9, total / 1e3 / Math.max(elapsed / 1e6, 1e-3));
    }

    private static void usageError(String message) {
        System.err.println(message);
        System.exit(2);
    }
}
