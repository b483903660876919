package dev.augur.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Perft counts of the shared suites: every position of each suite, each depth whose count is
 * small enough to keep the whole Java suite within about a minute on two cores.
 */
class PerftSuiteTest {
    private static final String PERFT = "perft/";

    static Stream<DataFiles.PerftCase> etherealStandard() {
        return DataFiles.epdPerft(PERFT + "ethereal_standard.epd", 5_000_000).stream();
    }

    // All 960 positions to depth 3, and every eighth one (120 positions) to depth 4 as well.
    static Stream<DataFiles.PerftCase> etherealFischer() {
        List<DataFiles.PerftCase> all = DataFiles.epdPerft(PERFT + "ethereal_fischer.epd", Long.MAX_VALUE);
        List<String> fens = DataFiles.fens(all);
        List<DataFiles.PerftCase> selected = new ArrayList<>();
        for (DataFiles.PerftCase c : all) {
            if (c.depth() <= 3 || (c.depth() == 4 && fens.indexOf(c.fen()) % 8 == 0)) {
                selected.add(c);
            }
        }
        return selected.stream();
    }

    // 300 positions spread evenly over the file, depths 1-3.
    static Stream<DataFiles.PerftCase> marcelSample() {
        List<DataFiles.PerftCase> all = DataFiles.epdPerft(PERFT + "perft-marcel.epd", Long.MAX_VALUE);
        List<String> fens = DataFiles.fens(all);
        int step = fens.size() / 300;
        List<DataFiles.PerftCase> selected = new ArrayList<>();
        for (DataFiles.PerftCase c : all) {
            int index = fens.indexOf(c.fen());
            if (c.depth() <= 3 && index % step == 0 && index / step < 300) {
                selected.add(c);
            }
        }
        return selected.stream();
    }

    static Stream<DataFiles.PerftCase> doubleChecks() {
        return DataFiles.epdPerft(PERFT + "perft-ferdy-double-checks.epd", Long.MAX_VALUE).stream();
    }

    static Stream<DataFiles.PerftCase> whittington() {
        return DataFiles.epdPerft(PERFT + "perft_misc_whittington.epd", 1_000_000).stream();
    }

    static Stream<DataFiles.PerftCase> tricky() {
        return DataFiles.pythonChessPerft(PERFT + "python-chess_tricky.perft").stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("etherealStandard")
    void etherealStandard(DataFiles.PerftCase c) {
        check(c, false);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("etherealFischer")
    void etherealFischer(DataFiles.PerftCase c) {
        check(c, true);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("marcelSample")
    void marcelSample(DataFiles.PerftCase c) {
        check(c, false);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("doubleChecks")
    void doubleChecks(DataFiles.PerftCase c) {
        check(c, false);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("whittington")
    void whittington(DataFiles.PerftCase c) {
        check(c, false);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tricky")
    void tricky(DataFiles.PerftCase c) {
        check(c, false);
    }

    private static void check(DataFiles.PerftCase c, boolean chess960) {
        Position pos = Fen.parse(c.fen(), chess960);
        String before = pos.toFen();
        assertEquals(c.nodes(), Perft.perft(pos, c.depth()), c.fen());
        assertEquals(before, pos.toFen(), "perft must leave the position as it found it");
    }
}
