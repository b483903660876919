package dev.augur.equivalence;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Runs case lists through the native and the Java search and prints, per comparison, the trace
 * length and digest, both sides' times and the verdict, the report of every mismatch, and a
 * summary with the two implementations' speed on the same searches. Exit status 0 when everything
 * matched, 1 otherwise, 2 for bad arguments.
 *
 * <pre>
 * java -Daugur.jni.library=build/jni/libaugur_jni.so \
 *      -cp build/java/augur-classes.jar:build/java/augur-reference.jar:build/java/augur-bridge.jar:build/java/augur-equivalence.jar \
 *      dev.augur.equivalence.EquivalenceTool [options] CASE_FILE...
 *
 *   --against native|java  the side checked against the native search (default java);
 *                          native compares the native search with itself
 *   --profiles NAMES       search every case with these profiles or groups (comma-separated)
 *                          instead of the ones its line names
 *   --no-speed             skip the untraced searches that measure speed
 *   --tables DIR           add the profiles syzygy and syzygy-options (group tables), which
 *                          search with the Syzygy tables in DIR (e.g. tests/data/tablebases/syzygy)
 *   --list-profiles        print the profiles and exit
 * </pre>
 */
public final class EquivalenceTool {
    private final PrintStream out;
    private String against = "java";
    private List<String> profileOverride;
    private boolean speed = true;
    private boolean listProfiles;
    private Path tables;
    private final List<Path> files = new ArrayList<>();

    private EquivalenceTool(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        EquivalenceTool tool = new EquivalenceTool(System.out);
        int status;
        try {
            tool.parseArguments(args);
            status = tool.run();
        } catch (IllegalArgumentException e) {
            System.err.println("EquivalenceTool: " + e.getMessage());
            status = 2;
        } catch (IOException e) {
            System.err.println("EquivalenceTool: cannot read " + e.getMessage());
            status = 2;
        }
        System.exit(status);
    }

    private void parseArguments(String[] args) {
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--against" -> against = value(args, ++i, "--against");
                case "--profiles" -> profileOverride = Arrays.asList(value(args, ++i, "--profiles").split(","));
                case "--no-speed" -> speed = false;
                case "--list-profiles" -> listProfiles = true;
                case "--tables" -> tables = Path.of(value(args, ++i, "--tables"));
                default -> {
                    if (args[i].startsWith("--")) throw new IllegalArgumentException("unknown option " + args[i]);
                    files.add(Path.of(args[i]));
                }
            }
        }
        if (files.isEmpty() && !listProfiles) throw new IllegalArgumentException("no case file given");
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) throw new IllegalArgumentException(option + " needs a value");
        return args[i];
    }

    private int run() throws Exception {
        Profiles profiles = Profiles.fromOptions(NativeSide.options());
        if (tables != null) profiles.withTables(tables);
        if (listProfiles) {
            for (Profile profile : profiles.all()) out.println(profile.describe());
            return 0;
        }
        List<EquivalenceCase> cases = new ArrayList<>();
        for (Path file : files) cases.addAll(CaseFile.read(file));
        SearchSide checked = switch (against) {
            case "java" -> new ReferenceSide();
            case "native" -> new NativeSide("native2", Map.of());
            default -> throw new IllegalArgumentException("--against takes native or java, not " + against);
        };
        EquivalenceChecker checker = new EquivalenceChecker(new NativeSide(), checked, speed);
        RunSummary summary = new RunSummary();
        out.println(header(checked.name()));
        for (EquivalenceCase testCase : cases) {
            List<String> names = profileOverride != null ? profileOverride : testCase.profiles();
            for (Profile profile : profiles.expand(names)) {
                CaseResult result = checker.check(testCase, profile);
                summary.add(result);
                out.println(row(result));
                if (!result.matches()) out.println(result.report());
                out.flush();
            }
        }
        out.println(summary.format("native", checked.name()));
        return summary.allMatched() ? 0 : 1;
    }

    private String header(String checkedName) {
        String columns = String.format("%-22s %-28s %-12s %10s %-16s %10s %10s", "case", "profile", "limit", "events",
                "digest", "native ms", checkedName + " ms");
        if (speed) columns += String.format(" %12s %12s %7s", "native knps", checkedName + " knps", "ratio");
        return columns + "  result";
    }

    private String row(CaseResult result) {
        String source = result.testCase().source();
        String columns;
        if (result.error() != null) {
            columns = String.format("%-22s %-28s %-12s", source, result.profile().name(), result.testCase().limit());
            return columns + "  " + result.verdict();
        }
        columns = String.format("%-22s %-28s %-12s %10d %-16s %10.1f %10.1f", source, result.profile().name(),
                result.testCase().limit(), result.expectedEvents(), TraceDigest.hex(result.expectedDigest()),
                millis(result.expected().nanos()), millis(result.actual().nanos()));
        if (speed) {
            double nativeKnps = knps(result.expectedSpeed());
            double checkedKnps = knps(result.actualSpeed());
            columns += String.format(" %12.0f %12.0f %7.2f", nativeKnps, checkedKnps, checkedKnps / nativeKnps);
        }
        return columns + "  " + result.verdict();
    }

    static double millis(long nanos) {
        return nanos / 1e6;
    }

    static double knps(SearchOutcome outcome) {
        return outcome.nodes() / Math.max(1e-9, outcome.nanos() / 1e9) / 1000;
    }
}
