package dev.augur.host;

import dev.augur.Color;
import dev.augur.Move;
import dev.augur.SearchLimits;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A UCI {@code go} command read into search limits for the side to move: its clock, increment and
 * moves to go go to the search's time manager, which decides how long to think.
 *
 * @param limits what the search gets
 * @param openEnded the search ends only by {@code stop} (or, pondering, by {@code ponderhit} and
 *     its clock): {@code go infinite}, {@code go ponder}, or a {@code go} without any limit
 */
record UciGo(SearchLimits limits, boolean openEnded) {
    /** Iterations the native search can complete (its table of plies holds 128). */
    static final int MAX_DEPTH = 127;
    static final int MAX_MATE_MOVES = MAX_DEPTH / 2;
    /** Clocks beyond a year are typos or garbage; capping them keeps the time arithmetic far from overflow. */
    static final long MAX_MILLISECONDS = 365L * 24 * 3600 * 1000;

    private static final Set<String> KEYWORDS = Set.of("searchmoves", "ponder", "wtime", "btime", "winc", "binc",
            "movestogo", "depth", "nodes", "mate", "movetime", "infinite");

    /** What one go line asked for, before it is turned into limits for the side to move. */
    private static final class GoWords {
        final SearchLimits.Builder limits = SearchLimits.builder();
        final Set<String> seen = new HashSet<>();
        final List<Move> searchMoves = new ArrayList<>();
        long whiteTime = -1;
        long blackTime = -1;
        long whiteIncrement;
        long blackIncrement;
        boolean anyLimit;
        boolean infinite;
        boolean ponder;
    }

    /** Reads the words after {@code go}; pos is the position to search. */
    static UciGo parse(Words words, HostGame pos) throws CommandException {
        GoWords go = new GoWords();
        while (!words.isEmpty()) readParameter(words.next(), words, pos, go);
        boolean white = pos.sideToMove() == Color.WHITE;
        long time = white ? go.whiteTime : go.blackTime;
        long increment = white ? go.whiteIncrement : go.blackIncrement;
        if (time >= 0) go.limits.clock(time, increment);
        go.limits.searchMoves(go.searchMoves).ponder(go.ponder);
        // Without anything that ends it (`go`, `go ponder`, `go searchmoves e2e4`) the search runs
        // until `stop`, so it must not end by itself.
        boolean infinite = go.infinite || !go.anyLimit;
        go.limits.infinite(infinite);
        return new UciGo(go.limits.build(), infinite || go.ponder);
    }

    private static void readParameter(String word, Words words, HostGame pos, GoWords go) throws CommandException {
        if (!KEYWORDS.contains(word)) throw new CommandException("unknown parameter '" + Words.printable(word) + "'");
        if (!go.seen.add(word)) throw new CommandException(word + " given twice");
        switch (word) {
            case "searchmoves" -> readSearchMoves(words, pos, go.searchMoves);
            case "ponder" -> go.ponder = true;
            case "infinite" -> {
                go.infinite = true;
                go.anyLimit = true;
            }
            default -> readNumber(word, words.next(), go);
        }
    }

    private static void readSearchMoves(Words words, HostGame pos, List<Move> moves) throws CommandException {
        while (!words.isEmpty() && !KEYWORDS.contains(words.peek())) {
            String text = words.next();
            Move move;
            try {
                move = pos.parseUci(text);
            } catch (CommandException e) {
                throw new CommandException("searchmoves: '" + Words.printable(text) + "' is not a legal move here");
            }
            if (!moves.contains(move)) moves.add(move);
        }
        if (moves.isEmpty()) throw new CommandException("searchmoves needs at least one move");
    }

    private static void readNumber(String word, String text, GoWords go) throws CommandException {
        switch (word) {
            case "depth" -> go.limits.depth((int) Words.number(text, "depth", 1, MAX_DEPTH));
            // 0 would mean "no limit" to the search.
            case "nodes" -> go.limits.nodes(Words.number(text, "node limit", 1, Long.MAX_VALUE));
            case "mate" -> go.limits.mate((int) Words.number(text, "mate", 1, MAX_MATE_MOVES));
            case "movetime" -> go.limits.moveTime(Words.number(text, "movetime", 1, MAX_MILLISECONDS));
            case "movestogo" -> {
                go.limits.movesToGo((int) Words.number(text, "movestogo", 1, 10000));
                return; // not a limit by itself: it only shapes a clock
            }
            case "wtime" -> go.whiteTime = milliseconds(text, word);
            case "btime" -> go.blackTime = milliseconds(text, word);
            case "winc" -> {
                go.whiteIncrement = milliseconds(text, word);
                return;
            }
            case "binc" -> {
                go.blackIncrement = milliseconds(text, word);
                return;
            }
            default -> throw new IllegalStateException("not a number parameter: " + word);
        }
        go.anyLimit = true;
    }

    /**
     * A clock in milliseconds. GUIs report a clock that has run out as negative: that is 0 left,
     * not an error. Values beyond a year are capped.
     */
    static long milliseconds(String text, String what) throws CommandException {
        boolean negative = text.startsWith("-");
        long ms = Words.number(negative ? text.substring(1) : text, what, 0, Long.MAX_VALUE);
        return negative ? 0 : Math.min(ms, MAX_MILLISECONDS);
    }

    /** How the limits were read, for {@code debug on}. */
    String describe() {
        return "depth " + limits.depth() + " nodes " + limits.nodes() + " mate " + limits.mate() + " time "
                + limits.timeLeftMillis() + " inc " + limits.incrementMillis() + " movestogo " + limits.movesToGo()
                + " movetime " + limits.moveTimeMillis() + " searchmoves " + limits.searchMoves().size()
                + (limits.infinite() ? " infinite" : "") + (limits.ponder() ? " ponder" : "");
    }
}
