package dev.augur;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * Seeded random arguments for the binding's argument checks, the Java side's stand-in for the
 * capi target of tests/fuzz (docs/TESTING.md): FENs, move texts and codes, option names and
 * values, perft depths, scores and search limits of every kind. Each call must either work or
 * be refused with the documented exception (AugurException with a code that is not INTERNAL,
 * IllegalArgumentException, NullPointerException for null); what is accepted must hold together
 * (a FEN read back reads again to itself, a parsed move is legal), and the objects stay usable.
 *
 * <p>The default suite runs a few hundred cases; the environment variable
 * {@code AUGUR_RANDOM_CASES=N} runs N and {@code AUGUR_RANDOM_SEED=S} another sequence (a
 * failure names its seed).
 */
class RandomArgumentsTest {
    private static final int CASES = Integer.parseInt(System.getenv().getOrDefault("AUGUR_RANDOM_CASES", "300"));
    private static final long SEED = Long.parseLong(System.getenv().getOrDefault("AUGUR_RANDOM_SEED", "20261126"));

    private static final String[] FENS = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1"};
    private static final String FEN_CHARACTERS = "rnbqkpRNBQKP12345678/- wKQkqabcdefgh0\u0000\u00e9";
    private static final String[] TEXTS = {
        "", " ", "e2e4", "e7e5", "a7a8q", "e1g1", "e1h1", "O-O", "O-O-O", "Nf3", "Nxe5", "exd6", "e8=Q", "0000",
        "Hash", "Threads", "MultiPV", "Clear Hash", "Eval", "EvalFile", "UCI_Elo", "SyzygyPath", "Move Overhead",
        "0", "1", "-1", "65536", "65537", "2147483648", "true", "false", "nnue", "hce", "/no/such/file",
        "\u0000", "\u00e9", "\ud83d\ude00", "x".repeat(300)};

    @Test
    void positionsTakeAnyTextAndRefuseWhatIsWrong() throws Exception {
        try (Position pos = new Position()) {
            for (int n = 0; n < CASES; n++) {
                SplittableRandom random = new SplittableRandom(SEED + n);
                String where = "seed " + (SEED + n);
                String fen = mutate(FENS[random.nextInt(FENS.length)], random);
                boolean chess960 = random.nextBoolean();
                refused(() -> pos.setChess960(chess960), where);
                if (refused(() -> pos.setFen(fen), where)) {
                    pos.setStartPosition();
                } else {
                    String written = pos.fen();
                    try (Position again = Position.fromFen(written)) {
                        assertEquals(written, again.fen(), where + ": " + fen);
                    } catch (AugurException e) {
                        if (!pos.isChess960()) fail(where + ": " + fen + " read back as " + written + ": " + e.getMessage());
                    }
                }
                for (int i = 0; i < 4; i++) playSomething(pos, random, where);
                int depth = random.nextInt(-3, 3);
                refused(() -> pos.perft(depth), where);
                refused(() -> pos.wdl(random.nextInt()), where);
                refused(pos::undo, where);
            }
        }
    }

    private static void playSomething(Position pos, SplittableRandom random, String where) throws Exception {
        String text = random.nextBoolean() ? TEXTS[random.nextInt(TEXTS.length)] : mutate(TEXTS[random.nextInt(15)], random);
        int code = random.nextInt(-2, 0x10002);
        List<Move> legal = pos.legalMoves();
        switch (random.nextInt(5)) {
            case 0 -> {
                Move move = parsed(() -> pos.parseUci(text), where);
                if (move != null) assertTrue(legal.contains(move), where + ": " + text);
            }
            case 1 -> {
                Move move = parsed(() -> pos.parseSan(text), where);
                if (move != null) assertTrue(legal.contains(move), where + ": " + text);
            }
            case 2 -> refused(() -> pos.playUci(text), where);
            case 3 -> refused(() -> pos.playSan(text), where);
            default -> refused(() -> {
                Move move = Move.of(code);
                pos.toUci(move);
                pos.toSan(move);
                pos.play(move);
            }, where);
        }
    }

    @Test
    void enginesTakeAnyOptionsPositionsAndLimitsAndSearchOn() throws Exception {
        try (Engine engine = new Engine()) {
            for (int n = 0; n < CASES; n++) {
                SplittableRandom random = new SplittableRandom(SEED + n);
                String where = "seed " + (SEED + n);
                String name = random.nextInt(4) == 0 ? mutate("Hash", random) : TEXTS[random.nextInt(TEXTS.length)];
                String value = TEXTS[random.nextInt(TEXTS.length)];
                // Not Hash: a table of up to 64 GB would be granted, and Clear Hash would touch it all.
                if (!name.equalsIgnoreCase("Hash")) {
                    refused(() -> engine.setOption(name, value), where);
                }
                refused(() -> engine.getOption(name), where);
                String fen = random.nextBoolean() ? FENS[random.nextInt(FENS.length)] : mutate(FENS[0], random);
                List<String> moves = new ArrayList<>();
                for (int i = random.nextInt(4); i > 0; i--) moves.add(TEXTS[random.nextInt(13)]);
                refused(() -> engine.setPosition(fen, moves), where);
                SearchLimits limits = limits(random, where);
                if (limits != null) {
                    try {
                        assertNotNull(engine.search(limits), where);
                    } catch (AugurException e) {
                        assertNotEquals(AugurException.INTERNAL, e.code(), where + ": " + e.getMessage());
                    }
                }
            }
            engine.setOption("Eval", "hce");
            engine.setPosition(FENS[0], List.of("e2e4"));
            assertTrue(engine.search(SearchLimits.depth(3)).bestMove() != null, "the engine still searches");
        }
    }

    /** Limits of any values, the bad ones refused by the builder; a search of at most 2,000 nodes. */
    private static SearchLimits limits(SplittableRandom random, String where) {
        long[] numbers = {-1, 0, 1, 3, 1000, Long.MAX_VALUE, Long.MIN_VALUE, Integer.MAX_VALUE};
        try {
            SearchLimits.Builder builder = SearchLimits.builder()
                    .depth((int) numbers[random.nextInt(numbers.length)])
                    .mate((int) numbers[random.nextInt(numbers.length)])
                    .movesToGo((int) numbers[random.nextInt(numbers.length)])
                    .clock(numbers[random.nextInt(numbers.length)], numbers[random.nextInt(numbers.length)]);
            return builder.nodes(1 + random.nextInt(2000)).build();
        } catch (IllegalArgumentException refused) {
            assertTrue(refused.getMessage() != null && !refused.getMessage().isEmpty(), where);
            return null;
        }
    }

    @FunctionalInterface
    private interface Call {
        void run() throws Exception;
    }

    @FunctionalInterface
    private interface Parse {
        Move run() throws Exception;
    }

    /** Runs call; true when it was refused as the binding documents (never INTERNAL). */
    private static boolean refused(Call call, String where) {
        try {
            call.run();
            return false;
        } catch (AugurException e) {
            assertNotEquals(AugurException.INTERNAL, e.code(), where + ": " + e.getMessage());
            return true;
        } catch (IllegalArgumentException e) {
            return true;
        } catch (Exception e) {
            throw new AssertionError(where + ": unexpected " + e, e);
        }
    }

    private static Move parsed(Parse parse, String where) {
        Move[] move = new Move[1];
        return refused(() -> move[0] = parse.run(), where) ? null : move[0];
    }

    /** One to four characters replaced, inserted or removed. */
    private static String mutate(String text, SplittableRandom random) {
        StringBuilder out = new StringBuilder(text);
        int edits = 1 + random.nextInt(4);
        for (int e = 0; e < edits; e++) {
            char c = FEN_CHARACTERS.charAt(random.nextInt(FEN_CHARACTERS.length()));
            int at = random.nextInt(out.length() + 1);
            switch (random.nextInt(3)) {
                case 0 -> { if (at < out.length()) out.setCharAt(at, c); }
                case 1 -> out.insert(at, c);
                default -> { if (at < out.length()) out.deleteCharAt(at); }
            }
        }
        return out.toString();
    }
}
