package dev.augur.equivalence;

import dev.augur.OptionInfo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The profiles a case can be searched with, made from the native engine's option list at run time
 * so that a switch added to the engine is covered without touching this code:
 *
 * <ul>
 *   <li>{@code default}: every option at its default (every feature on);
 *   <li>{@code no-<switch>}: one switch off, for every check option that is on by default: the
 *       search feature switches ({@code no-NullMove}), the evaluation terms
 *       ({@code no-Eval_Mobility}) and {@code no-Eval_EndgameScaling};
 *   <li>{@code plain}: every search switch off, leaving alpha-beta with quiescence;
 *   <li>{@code hash1}: the smallest table (1 MB), so that entries are replaced all the time;
 *   <li>{@code multipv3}: three root lines;
 *   <li>{@code weak}: play at a limited strength ({@code UCI_LimitStrength}, {@code UCI_Elo} 1600, a
 *       fixed {@code RandomSeed}): a node budget, four lines searched, one reported, the move drawn
 *       from them;
 *   <li>{@code weak2400}: the same at {@code UCI_Elo} 2400, above the point where the setting's scale
 *       is compressed;
 *   <li>{@code singular}: singular extensions on ({@code SingularExtensions}): the same as
 *       {@code default} since they are on by default, kept so that case lists naming it still run;
 *   <li>{@code probcut}: ProbCut on ({@code ProbCut}, off by default, likewise);
 *   <li>{@code razoring}: razoring on ({@code Razoring}, off by default, likewise);
 *   <li>{@code builtin-nnue}: every option at its default but the evaluation, the built-in network
 *       ({@code Eval=nnue}, no {@code EvalFile});
 *   <li>{@code nnue}: only when made with a network file: every option at its default but the
 *       evaluation, the network of that file ({@code EvalFile}, then {@code Eval=nnue}).
 *   <li>{@code syzygy} and {@code syzygy-options}: only once given a tables directory
 *       ({@link #withTables}): the Syzygy tables of that directory ({@code SyzygyPath}), with the
 *       other Syzygy options at their defaults, or probing from depth 3, at most 3 pieces and
 *       without the fifty-move rule. The Java search probes the same tables through the binding.
 * </ul>
 *
 * A case names profiles or these groups: {@code all}, {@code search-off} (each search switch off),
 * {@code eval-off} (each evaluation switch off), {@code core} (default, hash1, multipv3, weak, weak2400) and
 * {@code tables} (the two Syzygy profiles). Plain
 * is in no group but {@code all}: without pruning or a table its tree is a hundred times larger at
 * the same depth, so case lists give it a depth of its own.
 */
public final class Profiles {
    /** The prefix of the evaluation's switches; the other default-on check options switch search features. */
    static final String EVAL_PREFIX = "Eval_";
    static final String DEFAULT = "default";
    static final String PLAIN = "plain";
    static final String HASH1 = "hash1";
    static final String MULTIPV3 = "multipv3";
    static final String WEAK = "weak";
    static final String WEAK_2400 = "weak2400";
    static final String SINGULAR = "singular";
    static final String PROBCUT = "probcut";
    static final String RAZORING = "razoring";
    static final String NNUE = "nnue";
    static final String SYZYGY = "syzygy";
    static final String SYZYGY_OPTIONS = "syzygy-options";
    static final String BUILTIN_NNUE = "builtin-nnue";

    private final Map<String, Profile> byName = new LinkedHashMap<>();
    private final List<Profile> searchOff = new ArrayList<>();
    private final List<Profile> evalOff = new ArrayList<>();

    /** The profiles for an engine with these options (Engine.options()). */
    public static Profiles fromOptions(List<OptionInfo> options) {
        return new Profiles(options);
    }

    /** The profiles for an engine with these options, and {@code nnue} with this network file. */
    public static Profiles fromOptions(List<OptionInfo> options, Path network) {
        Profiles profiles = new Profiles(options);
        Map<String, String> settings = new LinkedHashMap<>();  // the file first: it is loaded before use
        settings.put("EvalFile", network.toString());
        settings.put("Eval", "nnue");
        profiles.add(new Profile(NNUE, settings));
        return profiles;
    }

    private Profiles(List<OptionInfo> options) {
        add(new Profile(DEFAULT, Map.of()));
        Map<String, String> allSearchOff = new LinkedHashMap<>();
        for (OptionInfo option : options) {
            // A check option that is on by default switches a feature; Ponder (off) does not.
            if (option.type() != OptionInfo.Type.CHECK || !option.defaultValue().equals("true")) continue;
            Profile off = new Profile("no-" + option.name(), Map.of(option.name(), "false"));
            add(off);
            if (option.name().startsWith(EVAL_PREFIX)) {
                evalOff.add(off);
            } else {
                searchOff.add(off);
                allSearchOff.put(option.name(), "false");
            }
        }
        add(new Profile(PLAIN, allSearchOff));
        add(new Profile(HASH1, Map.of("Hash", "1")));
        add(new Profile(MULTIPV3, Map.of("MultiPV", "3")));
        Map<String, String> weak = new LinkedHashMap<>();
        weak.put("UCI_LimitStrength", "true");
        weak.put("UCI_Elo", "1600");
        weak.put("RandomSeed", "7");
        add(new Profile(WEAK, weak));
        Map<String, String> weakAboveKnee = new LinkedHashMap<>(weak);
        weakAboveKnee.put("UCI_Elo", "2400");
        add(new Profile(WEAK_2400, weakAboveKnee));
        add(new Profile(SINGULAR, Map.of("SingularExtensions", "true")));
        add(new Profile(PROBCUT, Map.of("ProbCut", "true")));
        add(new Profile(RAZORING, Map.of("Razoring", "true")));
        add(new Profile(BUILTIN_NNUE, Map.of("Eval", "nnue")));
    }

    /**
     * Adds the profiles {@code syzygy} and {@code syzygy-options}, which search with the Syzygy
     * tables of this directory; returns this.
     */
    public Profiles withTables(Path directory) {
        add(new Profile(SYZYGY, Map.of("SyzygyPath", directory.toString())));
        Map<String, String> options = new LinkedHashMap<>();
        options.put("SyzygyPath", directory.toString());
        options.put("SyzygyProbeDepth", "3");
        options.put("SyzygyProbeLimit", "3");
        options.put("Syzygy50MoveRule", "false");
        add(new Profile(SYZYGY_OPTIONS, options));
        return this;
    }

    private void add(Profile profile) {
        byName.put(profile.name(), profile);
    }

    /** Every profile, default first. */
    public List<Profile> all() {
        return List.copyOf(byName.values());
    }

    /** The profiles with one search feature switched off. */
    public List<Profile> searchOff() {
        return List.copyOf(searchOff);
    }

    /** The profiles with one evaluation term (or the endgame scaling) switched off. */
    public List<Profile> evalOff() {
        return List.copyOf(evalOff);
    }

    /** The profile of this name (case-insensitive). */
    public Profile byName(String name) {
        for (Profile profile : byName.values()) {
            if (profile.name().equalsIgnoreCase(name)) return profile;
        }
        throw new IllegalArgumentException("no profile or group named '" + name + "'; profiles: "
                + String.join(" ", byName.keySet()) + "; groups: all search-off eval-off core tables");
    }

    /** The profiles a case names: profile names and groups, in order, each profile once. */
    public List<Profile> expand(List<String> names) {
        Map<String, Profile> chosen = new LinkedHashMap<>();
        for (String name : names) {
            for (Profile profile : group(name)) chosen.putIfAbsent(profile.name(), profile);
        }
        return List.copyOf(chosen.values());
    }

    private List<Profile> group(String name) {
        return switch (name.toLowerCase(java.util.Locale.ROOT)) {
            case "all" -> all();
            case "search-off" -> searchOff();
            case "eval-off" -> evalOff();
            case "core" -> List.of(byName(DEFAULT), byName(HASH1), byName(MULTIPV3), byName(WEAK), byName(WEAK_2400));
            case "tables" -> List.of(byName(SYZYGY), byName(SYZYGY_OPTIONS));
            default -> List.of(byName(name));
        };
    }
}
