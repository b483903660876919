package dev.augur.host;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * Seeded random command lines for the host's UCI and XBoard sessions, the Java side's stand-in
 * for the uci and xboard targets of tests/fuzz (docs/TESTING.md). Lines are drawn from each
 * protocol's commands with arguments of every kind (numbers out of range, broken FENs and moves,
 * stray words, control characters); after each one the test asks {@code isready} (UCI) or
 * {@code ? } and {@code ping N} (XBoard) and must get its answer: no line may hang the session, end
 * it, or raise an exception the session reports as an internal error. Even cases search natively,
 * odd ones with the Java reference.
 *
 * <p>Searches stay short: time and depth arguments are drawn small, and the next line stops a
 * search anyway. The default suite plays ten scripts per protocol; the environment variable
 * {@code AUGUR_RANDOM_CASES=N} plays N and {@code AUGUR_RANDOM_SEED=S} another sequence (a
 * failure names its seed).
 */
class RandomSessionTest {
    private static final int CASES = Integer.parseInt(System.getenv().getOrDefault("AUGUR_RANDOM_CASES", "10"));
    private static final long SEED = Long.parseLong(System.getenv().getOrDefault("AUGUR_RANDOM_SEED", "20261126"));
    private static final int LINES_PER_SCRIPT = 25;

    private static final String[] FENS = {
        "startpos", "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "fen 8/8/8/8/8/8/8/8 w - - 0 1", "fen 4k3/8/8/8/8/8/8/4K3 b - - 99 80",
        "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "fen", "fen x y z", "start"};
    private static final String[] MOVES = {
        "e2e4", "e7e5", "g1f3", "b8c6", "e1g1", "e1h1", "a7a8q", "e7e8n", "0000", "e2e5", "a1a1", "Nf3", "O-O", "h9h9",
        "e2e4e5", "", "\u00e9\u00e9", "moves"};
    private static final String[] WORDS = {
        "", "0", "1", "-1", "2", "5", "99999999999999999999", "2147483648", "-2147483649", "0.5", "1e9", "nan", "x",
        "name", "value", "Hash", "Threads", "MultiPV", "Ponder", "UCI_Chess960", "Clear Hash", "EvalFile", "Eval",
        "OwnBook", "BookFile", "BookPolicy", "UCI_Elo", "UCI_LimitStrength", "SyzygyPath", "true", "false", "nnue",
        "/no/such/file", "\t", "\u0001", "\u00ff", "\ufffd", "moves", "startpos", "fen", "searchmoves", "infinite"};

    @Test
    void garbledUciLinesAreAnsweredAndTheSessionGoesOn() throws Exception {
        for (int n = 0; n < CASES; n++) {
            SplittableRandom random = new SplittableRandom(SEED + n);
            List<String> script = new ArrayList<>();
            try (ProtocolDriver gui = ProtocolDriver.uci(new UciSession[1], backend(n))) {
                gui.send("setoption name Hash value 1");
                for (int i = 0; i < LINES_PER_SCRIPT; i++) {
                    String line = uciLine(random);
                    script.add(line);
                    gui.send(line, "isready");
                    List<String> answer = gui.until("readyok");
                    assertFalse(answer.stream().anyMatch(a -> a.contains("internal error")),
                            "seed " + (SEED + n) + ", script " + script + ":\n" + String.join("\n", answer));
                }
            }
        }
    }

    @Test
    void garbledXBoardLinesAreAnsweredAndTheSessionGoesOn() throws Exception {
        for (int n = 0; n < CASES; n++) {
            SplittableRandom random = new SplittableRandom(SEED + n);
            List<String> script = new ArrayList<>();
            try (ProtocolDriver gui = ProtocolDriver.xboard(new XBoardSession[1], backend(n))) {
                gui.send("xboard", "protover 2", "memory 1");
                for (int i = 0; i < LINES_PER_SCRIPT; i++) {
                    String line = xboardLine(random);
                    script.add(line);
                    gui.send(line, "?", "ping " + i);
                    List<String> answer = gui.until("pong " + i);
                    assertFalse(answer.stream().anyMatch(a -> a.contains("internal error")),
                            "seed " + (SEED + n) + ", script " + script + ":\n" + String.join("\n", answer));
                }
            }
        }
    }

    /** The native search for even cases, the Java reference for odd ones. */
    private static Backends.BackendFactory backend(int n) {
        return n % 2 == 0 ? NativeBackend::new : ReferenceBackend::new;
    }

    private static String uciLine(SplittableRandom random) {
        return switch (random.nextInt(12)) {
            case 0 -> "position " + pick(FENS, random) + (random.nextBoolean() ? "" : " moves" + moves(random));
            case 1 -> "go" + goArguments(random);
            case 2 -> "setoption name " + pick(WORDS, random) + " value " + pick(WORDS, random);
            case 3 -> "setoption " + words(random);
            case 4 -> pick(new String[] {"stop", "ponderhit", "ucinewgame", "uci", "d", "eval", "debug on", "register"},
                    random);
            case 5 -> "go perft " + random.nextInt(-2, 4);
            case 6 -> "position" + words(random);
            case 7 -> "go ponder" + goArguments(random);
            default -> mutate(pick(new String[] {"go depth 2", "position startpos moves e2e4", "setoption name Hash value 2",
                "go movetime 20", "stop", "ponderhit", "go wtime 100 btime 100"}, random), random);
        };
    }

    private static String xboardLine(SplittableRandom random) {
        return switch (random.nextInt(12)) {
            case 0 -> "setboard " + pick(FENS, random).replaceFirst("^fen ", "");
            case 1 -> pick(new String[] {"new", "force", "go", "playother", "post", "nopost", "hard", "easy", "analyze",
                "exit", ".", "undo", "remove", "draw", "hint", "random", "computer", "bk"}, random);
            case 2 -> pick(new String[] {"st", "sd", "time", "otim", "memory", "cores", "level"}, random) + " "
                    + smallNumber(random) + (random.nextBoolean() ? "" : " " + pick(WORDS, random));
            case 3 -> "level " + random.nextInt(-1, 41) + " " + random.nextInt(0, 3) + ":" + random.nextInt(-1, 61) + " "
                    + random.nextInt(-1, 3);
            case 4 -> (random.nextBoolean() ? "usermove " : "") + pick(MOVES, random);
            case 5 -> "variant " + pick(new String[] {"normal", "fischerandom", "crazyhouse", "", "x"}, random);
            case 6 -> "option " + pick(WORDS, random) + "=" + pick(WORDS, random);
            case 7 -> "result " + pick(new String[] {"1-0", "0-1", "1/2-1/2", "*", "2-0", ""}, random) + " {x}";
            default -> mutate(pick(new String[] {"e2e4", "go", "sd 2", "st 0.05", "setboard 4k3/8/8/8/8/8/8/4K3 w - - 0 1",
                "usermove e7e5", "analyze", "exit", "undo"}, random), random);
        };
    }

    /** Small limits, or none (then the next line stops the search). */
    private static String goArguments(SplittableRandom random) {
        StringBuilder args = new StringBuilder();
        int count = random.nextInt(4);
        String[] names = {"depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo", "mate",
            "infinite", "searchmoves", "x"};
        for (int i = 0; i < count; i++) {
            String name = pick(names, random);
            args.append(' ').append(name);
            if (name.equals("searchmoves")) {
                args.append(moves(random));
            } else if (!name.equals("infinite")) {
                args.append(' ').append(smallNumber(random));
            }
        }
        return args.toString();
    }

    private static String smallNumber(SplittableRandom random) {
        return pick(new String[] {"0", "1", "2", "3", "-1", "-5", "50", "0.01", "abc", "", "99999999999999999999"},
                random);
    }

    private static String moves(SplittableRandom random) {
        StringBuilder moves = new StringBuilder();
        int count = random.nextInt(5);
        for (int i = 0; i < count; i++) moves.append(' ').append(pick(MOVES, random));
        return moves.toString();
    }

    private static String words(SplittableRandom random) {
        StringBuilder words = new StringBuilder();
        int count = random.nextInt(6);
        for (int i = 0; i < count; i++) words.append(' ').append(pick(WORDS, random));
        return words.toString();
    }

    /** A line with a few characters replaced, inserted or removed. */
    private static String mutate(String line, SplittableRandom random) {
        StringBuilder out = new StringBuilder(line);
        int edits = 1 + random.nextInt(3);
        for (int e = 0; e < edits && out.length() > 0; e++) {
            int at = random.nextInt(out.length());
            char c = (char) random.nextInt(0x20, 0x7f);
            switch (random.nextInt(3)) {
                case 0 -> out.setCharAt(at, c);
                case 1 -> out.insert(at, c);
                default -> out.deleteCharAt(at);
            }
        }
        return out.toString();
    }

    private static String pick(String[] choices, SplittableRandom random) {
        return choices[random.nextInt(choices.length)];
    }
}
