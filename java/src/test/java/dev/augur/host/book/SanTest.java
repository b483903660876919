package dev.augur.host.book;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.augur.reference.MoveGenerator;
import dev.augur.reference.MoveList;
import dev.augur.reference.Position;
import dev.augur.reference.Uci;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** SAN in and out on the reference board. */
class SanTest {
    // Positions that need every disambiguation form: two knights (b1, f3) reach d2; rooks on a1
    // and a5 share the a-file; queens on h4, e1 and h1 all reach e4, two by file, two by rank.
    private static final String KNIGHTS = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    private static final String ROOKS = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
    private static final String QUEENS = "8/8/1k6/8/7Q/8/8/4Q1KQ w - - 0 1";
    private static final String PROMOTION = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    private static final String CASTLING = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    private static final String EN_PASSANT = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    private static final String MATE_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";

    @ParameterizedTest(name = "[{index}] {1} in {0}")
    @CsvSource(delimiter = '|', value = {
        "START      | e4      | e2e4",
        "START      | Nf3     | g1f3",
        "START      | Nf3!?   | g1f3",
        "START      | e4!!    | e2e4",
        "KNIGHTS    | Nbd2    | b1d2",
        "KNIGHTS    | Nfd2    | f3d2",
        "KNIGHTS    | Nf3d2   | f3d2",
        "KNIGHTS    | Ng5     | f3g5",
        "ROOKS      | R1a3    | a1a3",
        "ROOKS      | R5a3    | a5a3",
        "ROOKS      | Rb5     | a5b5",
        "QUEENS     | Qh4e4   | h4e4",
        "QUEENS     | Qe1e4   | e1e4",
        "QUEENS     | Qh1e4   | h1e4",
        "QUEENS     | Q4e4    | h4e4",
        "PROMOTION  | a8=Q+   | a7a8q",
        "PROMOTION  | a8Q     | a7a8q",
        "PROMOTION  | a8=N    | a7a8n",
        "PROMOTION  | axb8=R  | a7b8r",
        "PROMOTION  | axb8Q+  | a7b8q",
        "PROMOTION  | a7b8=B  | a7b8b",
        "CASTLING   | O-O     | e1g1",
        "CASTLING   | O-O-O   | e1c1",
        "CASTLING   | 0-0     | e1g1",
        "CASTLING   | 0-0-0   | e1c1",
        "CASTLING   | O-O+    | e1g1",
        "CASTLING   | Rxa8+   | a1a8",
        "EN_PASSANT | exd6    | e5d6",
        "EN_PASSANT | exd6e.p.| e5d6",
        "MATE_IN_ONE| Ra8#    | a1a8",
        "MATE_IN_ONE| Ra8+    | a1a8",
    })
    void parses(String fenName, String san, String uci) {
        Position pos = position(fenName);
        assertEquals(uci, Uci.format(pos, San.parse(pos, san)));
    }

    @ParameterizedTest(name = "[{index}] {1} in {0}")
    @CsvSource(delimiter = '|', value = {
        "START      | e2e4   | e4",
        "START      | g1f3   | Nf3",
        "KNIGHTS    | b1d2   | Nbd2",
        "KNIGHTS    | f3g5   | Ng5",
        "ROOKS      | a1a3   | R1a3",
        "QUEENS     | h4e4   | Q4e4",
        "QUEENS     | e1e4   | Qee4",
        "QUEENS     | h1e4   | Qh1e4",
        "PROMOTION  | a7a8q  | a8=Q",
        "PROMOTION  | a7b8q  | axb8=Q+",
        "PROMOTION  | a7b8n  | axb8=N",
        "CASTLING   | e1g1   | O-O",
        "CASTLING   | e1c1   | O-O-O",
        "CASTLING   | a1a8   | Rxa8+",
        "EN_PASSANT | e5d6   | exd6",
        "MATE_IN_ONE| a1a8   | Ra8#",
    })
    void formats(String fenName, String uci, String san) {
        Position pos = position(fenName);
        assertEquals(san, San.format(pos, Uci.parse(pos, uci)));
        assertEquals(position(fenName).toFen(), pos.toFen(), "format must leave the position as it was");
    }

    @ParameterizedTest(name = "[{index}] {1} in {0}: {2}")
    @CsvSource(delimiter = '|', value = {
        "START      | e5      | illegal move",
        "START      | Ke2     | illegal move",
        "START      | Nxf3    | written as a capture",
        "START      | Zf3     | malformed",
        "START      | e4=Q    | does not reach the last rank",
        "START      | Nf3=Q   | only a pawn can promote",
        "START      | O-O     | illegal move",
        "START      | ''      | empty",
        "START      | +       | empty",
        "KNIGHTS    | Nd2     | ambiguous",
        "ROOKS      | Ra3     | ambiguous",
        "QUEENS     | Qe4     | ambiguous",
        "QUEENS     | Qhe4    | ambiguous",
        "QUEENS     | Q1e4    | ambiguous",
        "PROMOTION  | a8      | lacks the promotion piece",
        "PROMOTION  | a8=K    | malformed",
        "CASTLING   | O-O-O-O | malformed",
    })
    void rejects(String fenName, String san, String reason) {
        SanException e = assertThrows(SanException.class, () -> San.parse(position(fenName), san));
        assertTrue(e.getMessage().contains(reason), e.getMessage());
    }

    /** Every legal move along random games formats to a SAN that parses back to it. */
    @Test
    void formatAndParseAreInverseAlongRandomGames() {
        SplittableRandom random = new SplittableRandom(99);
        int checked = 0;
        for (int game = 0; game < 40; game++) {
            Position pos = Position.startPosition();
            for (int ply = 0; ply < 120; ply++) {
                MoveList moves = new MoveList();
                MoveGenerator.generateAll(pos, moves);
                if (moves.size() == 0) {
                    break;
                }
                for (int i = 0; i < moves.size(); i++) {
                    String san = San.format(pos, moves.get(i));
                    assertEquals(moves.get(i), San.parse(pos, san), san + " in " + pos.toFen());
                    checked++;
                }
                pos.makeMove(moves.get(random.nextInt(moves.size())));
            }
        }
        assertTrue(checked > 50_000, "checked " + checked);
    }

    private static Position position(String name) {
        return Position.fromFen(switch (name) {
            case "START" -> Position.START_FEN;
            case "KNIGHTS" -> KNIGHTS;
            case "ROOKS" -> ROOKS;
            case "QUEENS" -> QUEENS;
            case "PROMOTION" -> PROMOTION;
            case "CASTLING" -> CASTLING;
            case "EN_PASSANT" -> EN_PASSANT;
            case "MATE_IN_ONE" -> MATE_IN_ONE;
            default -> throw new IllegalArgumentException(name);
        });
    }
}
