package dev.augur.host.book;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.augur.reference.Move;
import dev.augur.reference.Position;
import dev.augur.reference.Square;
import dev.augur.reference.Uci;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Book entries turned into moves of the reference board, and moves into entry codes. */
class BookMovesTest {
    @ParameterizedTest(name = "[{index}] {1} in {0}")
    @CsvSource(delimiter = '|', value = {
        // position                                    | book move | UCI     | SAN     | kind
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | e2e4  | e2e4  | e4      | 0",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1                     | e1h1  | e1g1  | O-O     | 3",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1                     | e1a1  | e1c1  | O-O-O   | 3",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1                     | e8h8  | e8g8  | O-O     | 3",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1                     | e8a8  | e8c8  | O-O-O   | 3",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1                     | e1g1  | e1g1  | O-O     | 3",
        "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1                         | a7b8q | a7b8q | axb8=Q+ | 1",
        "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1                         | a7a8n | a7a8n | a8=N    | 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2                        | e5d6  | e5d6  | exd6    | 2",
    })
    void legalEntriesBecomeTheBoardsMoves(String fen, String bookMove, String uci, String san, int kind) {
        Position pos = Position.fromFen(fen);
        BookEntry entry = entry(pos.key(), bookMove);
        int move = BookMoves.toMove(pos, entry);
        assertEquals(Uci.parse(pos, uci), move);
        assertEquals(kind, Move.kind(move));
        assertEquals(uci, BookMoves.uci(pos, entry));
        assertEquals(san, BookMoves.san(pos, entry));
        if (!bookMove.equals("e1g1")) { // the specification writes castling as e1h1
            assertEquals(entry.move(), BookMoves.polyglotMove(move));
        }
    }

    @ParameterizedTest(name = "[{index}] {1} in {0}")
    @CsvSource(delimiter = '|', value = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | e2e5",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | e7e5",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | e2e4q",
        "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1                        | e1h1",
        "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1                        | e1g1",
        "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1                         | a7a8",
    })
    void illegalEntriesGiveNoMove(String fen, String bookMove) {
        Position pos = Position.fromFen(fen);
        BookEntry entry = entry(pos.key(), bookMove);
        assertEquals(Move.NONE, BookMoves.toMove(pos, entry));
        assertNull(BookMoves.uci(pos, entry));
        assertNull(BookMoves.san(pos, entry));
    }

    private static BookEntry entry(long key, String text) {
        char promotion = text.length() == 5 ? text.charAt(4) : 0;
        return new BookEntry(key, BookEntry.encodeMove(Square.parse(text.substring(0, 2)),
            Square.parse(text.substring(2, 4)), promotion), 1, 0);
    }
}
