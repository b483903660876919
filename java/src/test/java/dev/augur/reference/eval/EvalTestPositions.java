package dev.augur.reference.eval;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Positions for the evaluation unit tests: a built-in set covering every term and endgame rule,
 * plus the FENs of the native reference file when the build provides it (augur.evalref), and
 * the colour-flipping mirror of a FEN.
 */
final class EvalTestPositions {
    private EvalTestPositions() {}

    static final List<String> BUILT_IN = List.of(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        "r1b2rk1/B1p2ppp/1p6/8/8/8/PPP2PPP/R3K2R b KQ - 0 1",          // trapped bishop on a7
        "4k3/1R4p1/8/3N4/2P5/8/5PPP/6K1 w - - 0 1",                   // rook on the 7th, outpost
        "6k1/5ppp/8/1P6/P7/8/5PPP/6K1 w - - 0 1",                     // passed and connected pawns
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",                              // bare kings
        "8/8/4k3/8/8/2NKN3/8/8 w - - 0 1",                            // KNNvK, king in the centre
        "4k3/8/8/8/8/2NKN3/8/8 w - - 0 1",                            // KNNvK, king on the edge
        "8/8/4k1n1/8/8/3K4/8/R7 w - - 0 1",                           // KRvKN
        "8/8/4k1r1/8/8/3K4/8/R1B5 w - - 0 1",                         // KRBvKR
        "6b1/pp2k3/8/8/8/3K4/PPP5/2B5 w - - 0 1",                     // opposite bishops
        "8/8/4k1b1/8/8/3K4/8/2B2B2 w - - 0 1",                        // KBBvKB
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");

    /** The built-in positions and, when available, every position of the native reference. */
    static List<String> all() {
        List<String> fens = new ArrayList<>(BUILT_IN);
        String property = System.getProperty("augur.evalref");
        if (property != null && Files.isRegularFile(Path.of(property))) {
            try {
                for (String line : Files.readAllLines(Path.of(property), StandardCharsets.UTF_8)) {
                    int bar = line.indexOf(" | ");
                    if (bar > 0) {
                        fens.add(line.substring(0, bar));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return fens;
    }

    /** The same position with the colours swapped: ranks flipped, letters' case swapped. */
    static String mirror(String fen) {
        String[] f = fen.trim().split("\\s+");
        String[] rows = f[0].split("/");
        StringBuilder board = new StringBuilder();
        for (int i = rows.length - 1; i >= 0; i--) {
            board.append(swapCase(rows[i]));
            if (i > 0) {
                board.append('/');
            }
        }
        String side = f[1].equals("w") ? "b" : "w";
        String castling = "-";
        if (!f[2].equals("-")) {
            String swapped = swapCase(f[2]);
            StringBuilder upper = new StringBuilder();
            StringBuilder lower = new StringBuilder();
            for (char ch : swapped.toCharArray()) {
                (Character.isUpperCase(ch) ? upper : lower).append(ch);
            }
            castling = upper.toString() + lower;
        }
        String ep = f[3].equals("-") ? "-" : "" + f[3].charAt(0) + (char) ('1' + '8' - f[3].charAt(1));
        String clocks = f.length >= 6 ? f[4] + " " + f[5] : "0 1";
        return board + " " + side + " " + castling + " " + ep + " " + clocks;
    }

    private static String swapCase(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char ch : text.toCharArray()) {
            out.append(Character.isUpperCase(ch) ? Character.toLowerCase(ch) : Character.toUpperCase(ch));
        }
        return out.toString();
    }
}
