package dev.augur;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Measures what the JNI binding costs: the speed of a fixed-depth search through Java against the
 * native {@code augur bench} on the same positions (run alternately; the median of the rounds'
 * ratios), and the cost of one PV callback and one node-trace callback crossing JNI. A benchmark,
 * not a test.
 *
 * <pre>java -cp augur.jar dev.augur.JniBenchmark AUGUR_BINARY [DEPTH [ROUNDS]]</pre>
 */
public final class JniBenchmark {
    private static final Pattern POSITION = Pattern.compile("^position \\d+/\\d+: (.*?)  nodes (\\d+)");
    private static final Pattern TOTAL = Pattern.compile("^(\\d+) nodes (\\d+) nps");
    private static final int CALLS = 2_000_000;

    /**
     * One bench run: its node count and milliseconds, wall-clock for Java, and as the engine times
     * its searches (whole milliseconds per position, as the native bench reports them).
     */
    private record Run(long nodes, double millis, long engineMillis, List<String> fens, List<Long> positionNodes) {
        double nps() {
            return nodes * 1000.0 / millis;
        }

        double engineNps() {
            return nodes * 1000.0 / engineMillis;
        }
    }

    private JniBenchmark() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: JniBenchmark AUGUR_BINARY [DEPTH [ROUNDS]]");
            System.exit(2);
        }
        String binary = args[0];
        int depth = args.length > 1 ? Integer.parseInt(args[1]) : 12;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 9;
        compareSearchSpeed(binary, depth, rounds);
        measureCallbacks();
        measureTraceInSearch(depth);
    }

    private static void compareSearchSpeed(String binary, int depth, int rounds) throws Exception {
        Run warmUp = runNative(binary, depth);
        try (Engine engine = new Engine()) {
            runJava(engine, warmUp.fens(), depth); // JIT and page warm-up
            double[] nativeNps = new double[rounds];
            double[] javaNps = new double[rounds];
            double[] ratios = new double[rounds];
            double[] engineRatios = new double[rounds];
            for (int i = 0; i < rounds; i++) {
                Run nativeRun = runNative(binary, depth);
                Run javaRun = runJava(engine, warmUp.fens(), depth);
                checkSameTree(nativeRun, javaRun);
                nativeNps[i] = nativeRun.nps();
                javaNps[i] = javaRun.nps();
                ratios[i] = javaNps[i] / nativeNps[i];
                engineRatios[i] = javaRun.engineNps() / nativeNps[i];
                System.out.printf("round %d: native %.0f nps, Java %.0f nps (wall clock), ratio %.3f;"
                        + " by the engine's own timing %.3f%n", i + 1, nativeNps[i], javaNps[i], ratios[i],
                        engineRatios[i]);
            }
            Arrays.sort(nativeNps);
            Arrays.sort(javaNps);
            Arrays.sort(ratios);
            Arrays.sort(engineRatios);
            System.out.printf("bench depth %d, %d positions, %d nodes: median ratio of the rounds %.3f"
                    + " (engine-timed %.3f); best native %.0f nps, best Java %.0f nps, ratio of the bests %.3f%n",
                    depth, warmUp.fens().size(), warmUp.nodes(), ratios[rounds / 2], engineRatios[rounds / 2],
                    nativeNps[rounds - 1], javaNps[rounds - 1], javaNps[rounds - 1] / nativeNps[rounds - 1]);
        }
    }

    /** The native bench's own count and time (search time, as the binary measures it). */
    private static Run runNative(String binary, int depth) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(binary, "bench", Integer.toString(depth))
                .redirectErrorStream(true).start();
        List<String> fens = new ArrayList<>();
        List<Long> positionNodes = new ArrayList<>();
        long nodes = -1;
        long nps = 0;
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                Matcher position = POSITION.matcher(line);
                Matcher total = TOTAL.matcher(line);
                if (position.find()) {
                    fens.add(position.group(1));
                    positionNodes.add(Long.parseLong(position.group(2)));
                } else if (total.find()) {
                    nodes = Long.parseLong(total.group(1));
                    nps = Long.parseLong(total.group(2));
                }
            }
        }
        if (process.waitFor() != 0 || nodes < 0) throw new IOException(binary + " bench failed");
        double millis = nodes * 1000.0 / nps;
        return new Run(nodes, millis, Math.round(millis), fens, positionNodes);
    }

    /** The same searches through Java: wall time around each Engine.search call. */
    private static Run runJava(Engine engine, List<String> fens, int depth) throws AugurException {
        long nodes = 0;
        long nanos = 0;
        long engineMillis = 0;
        List<Long> positionNodes = new ArrayList<>();
        for (String fen : fens) {
            engine.newGame();
            engine.setPosition(fen, List.of());
            long start = System.nanoTime();
            SearchResult result = engine.search(SearchLimits.depth(depth));
            nanos += System.nanoTime() - start;
            nodes += result.nodes();
            engineMillis += result.timeMillis();
            positionNodes.add(result.nodes());
        }
        return new Run(nodes, nanos / 1e6, engineMillis, fens, positionNodes);
    }

    private static void checkSameTree(Run nativeRun, Run javaRun) {
        if (!nativeRun.positionNodes().equals(javaRun.positionNodes())) {
            System.out.println("warning: node counts differ: native " + nativeRun.positionNodes() + ", Java "
                    + javaRun.positionNodes());
        }
    }

    private static void measureCallbacks() throws AugurException {
        long[] seen = new long[1];
        PvListener pv = info -> seen[0] += info.nodes();
        TraceListener trace = new CountingTrace();
        for (int warm = 0; warm < 3; warm++) {
            CallbackProbe.pvCalls(pv, CALLS / 4, false);
            CallbackProbe.traceCalls(trace, CALLS, false);
        }
        double pvNanos = Double.MAX_VALUE;
        double traceNanos = Double.MAX_VALUE;
        double pvNative = Double.MAX_VALUE;
        double traceNative = Double.MAX_VALUE;
        for (int repeat = 0; repeat < 5; repeat++) { // the least of five: the machine is shared
            pvNanos = Math.min(pvNanos, (double) CallbackProbe.pvCalls(pv, CALLS, false) / CALLS);
            traceNanos = Math.min(traceNanos, CallbackProbe.traceCalls(trace, CALLS, false) / (2.0 * CALLS));
            pvNative = Math.min(pvNative, (double) CallbackProbe.pvCalls(pv, CALLS, true) / CALLS);
            traceNative = Math.min(traceNative, CallbackProbe.traceCalls(trace, CALLS, true) / (2.0 * CALLS));
        }
        System.out.printf("PV callback (PvInfo + 4-move line built per call): %.1f ns per call"
                + " (%.1f ns on a native thread)%n", pvNanos, pvNative);
        System.out.printf("node-trace callback (primitives only): %.1f ns per call (%.1f ns on a native thread)%n",
                traceNanos, traceNative);
    }

    /** The trace's cost inside a real search: the time added per traced node (an enter and a leave). */
    private static void measureTraceInSearch(int depth) throws AugurException {
        String fen = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
        CountingTrace trace = new CountingTrace();
        try (Engine engine = new Engine()) {
            engine.setPosition(fen, List.of());
            double best = Double.MAX_VALUE;
            double bestTraced = Double.MAX_VALUE;
            long nodes = 0;
            for (int round = 0; round < 4; round++) {
                engine.newGame();
                long start = System.nanoTime();
                nodes = engine.search(SearchLimits.depth(depth)).nodes();
                best = Math.min(best, System.nanoTime() - start);
                engine.newGame();
                start = System.nanoTime();
                engine.search(SearchLimits.depth(depth), SearchListeners.NONE.withTrace(trace));
                bestTraced = Math.min(bestTraced, System.nanoTime() - start);
            }
            System.out.printf("search with a trace listener: %d nodes, %.1f ms vs %.1f ms untraced:"
                    + " %.1f ns per callback%n", nodes, bestTraced / 1e6, best / 1e6,
                    (bestTraced - best) / (2.0 * nodes));
        }
    }

    /** A trace listener that does the least work that cannot be optimized away. */
    private static final class CountingTrace implements TraceListener {
        long sum;

        @Override
        public void enter(int ply, int depth, int alpha, int beta, long key, int move) {
            sum += key ^ ply;
        }

        @Override
        public void leave(int score, int bound, int bestMove) {
            sum += score;
        }
    }
}
