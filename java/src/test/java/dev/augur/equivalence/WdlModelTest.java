package dev.augur.equivalence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.augur.Position;
import dev.augur.SearchResult;
import dev.augur.Wdl;
import dev.augur.reference.search.Scores;
import dev.augur.reference.search.WdlModel;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The win/draw/loss model of UCI_ShowWDL is one model in both languages: the Java reference's
 * WdlModel gives, for every score and material, the permille that the native library gives
 * through the binding (augur_position_wdl).
 */
@Tag("native")
class WdlModelTest {
    private static final List<String> POSITIONS = List.of(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1",
            "8/8/8/8/8/2k5/8/K1B5 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "1q2k1q1/8/8/8/8/8/8/QQ2K1QQ w - - 0 1");

    @Test
    void theJavaModelGivesTheNativePermilleForEveryScore() throws Exception {
        int compared = 0;
        for (String fen : POSITIONS) {
            try (Position position = Position.fromFen(fen)) {
                int material = WdlModel.material(dev.augur.reference.Position.fromFen(fen));
                for (int score = -5000; score <= 5000; score += 3) {
                    assertSame(position.wdl(score), WdlModel.permille(score, material), fen + " score " + score);
                    compared++;
                }
                for (int score : new int[] {Scores.mateIn(1), Scores.matedIn(6), SearchResult.TB_WIN - 20,
                        -SearchResult.TB_WIN + 9, Scores.TB_WIN_IN_MAX_PLY - 1}) {
                    assertSame(position.wdl(score), WdlModel.permille(score, material), fen + " score " + score);
                    compared++;
                }
            }
        }
        assertEquals(POSITIONS.size() * (3334 + 5), compared);
    }

    private static void assertSame(Wdl expected, WdlModel.Permille actual, String where) {
        assertEquals(List.of(expected.win(), expected.draw(), expected.loss()),
                List.of(actual.win(), actual.draw(), actual.loss()), where);
    }
}
