package dev.augur.reference;

/**
 * Reading and writing FEN, X-FEN and Shredder-FEN.
 *
 * <p>Parsing accepts 4 fields (clocks default to 0 and 1) or 6 and rejects, with an
 * {@link InvalidFenException} naming the fault, anything malformed or impossible enough to
 * break the engine: wrong field count, bad piece letters, ranks of the wrong length, a king
 * count other than one per side, more than 16 pieces or 8 pawns of a colour, pawns on the
 * first or last rank, the side not to move in check, castling rights without the king and rook they need,
 * impossible en-passant squares and bad clocks (the halfmove clock must be 0..10000, the
 * fullmove number 0..100000, where 0 is read as 1). An en-passant square that is possible but
 * that no pawn of the side to move could capture towards is dropped, as the Polyglot key and
 * the native core do.
 *
 * <p>Castling letters: KQkq name the outermost rook on that side of the king (X-FEN), A-H and
 * a-h name the rook's file (Shredder-FEN). Chess960 is switched on by a file letter, by a
 * right that needs a king off the e-file or a rook off the a/h-file, or by the caller. Writing
 * follows the native core: KQkq in standard chess, rook file letters (Shredder-FEN) in
 * Chess960, so that both round-trip.
 */
public final class Fen {
    private Fen() {}

    public static Position parse(String fen) {
        return parse(fen, false);
    }

    /** Parses fen; chess960 = true forces Chess960 castling semantics and UCI notation. */
    public static Position parse(String fen, boolean chess960) {
        return new Parser(fen).parse(chess960);
    }

    public static String write(Position pos) {
        StringBuilder out = new StringBuilder();
        writePlacement(pos, out);
        out.append(pos.sideToMove() == Piece.WHITE ? " w " : " b ");
        writeCastling(pos, out);
        out.append(' ').append(Square.name(pos.epSquare()));
        out.append(' ').append(pos.rule50()).append(' ').append(pos.fullmoveNumber());
        return out.toString();
    }

    private static void writePlacement(Position pos, StringBuilder out) {
        for (int rank = 7; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < 8; file++) {
                int piece = pos.pieceOn(Square.of(file, rank));
                if (piece == Piece.NONE) {
                    empty++;
                    continue;
                }
                if (empty > 0) {
                    out.append(empty);
                    empty = 0;
                }
                out.append(Piece.fenLetter(piece));
            }
            if (empty > 0) {
                out.append(empty);
            }
            if (rank > 0) {
                out.append('/');
            }
        }
    }

    // In the order white short, white long, black short, black long.
    private static void writeCastling(Position pos, StringBuilder out) {
        int start = out.length();
        for (int index = 0; index < 4; index++) {
            int right = 1 << index;
            if ((pos.castlingRights() & right) == 0) {
                continue;
            }
            char letter;
            if (pos.isChess960()) {
                letter = (char) ('a' + Square.file(pos.castlingRookSquare(right)));
            } else {
                letter = Castling.isShortIndex(index) ? 'k' : 'q';
            }
            out.append(Castling.colourOfIndex(index) == Piece.WHITE ? Character.toUpperCase(letter) : letter);
        }
        if (out.length() == start) {
            out.append('-');
        }
    }

    // The rook of colour on its back rank furthest from the king on the given side, or NONE.
    private static int outermostRook(Position pos, int colour, boolean shortSide) {
        int king = pos.kingSquare(colour);
        int backRank = Square.relative(colour, Square.A1);
        if (Square.rank(king) != Square.rank(backRank)) {
            return Square.NONE;
        }
        int rook = Piece.make(colour, Piece.ROOK);
        int step = shortSide ? -1 : 1;
        for (int file = shortSide ? 7 : 0; file != Square.file(king); file += step) {
            if (pos.pieceOn(backRank + file) == rook) {
                return backRank + file;
            }
        }
        return Square.NONE;
    }

    /** One parse: holds the text for error messages and the position being built. */
    private static final class Parser {
        private final String fen;
        private final Position pos = new Position();

        Parser(String fen) {
            this.fen = fen;
        }

        private InvalidFenException fault(String message) {
            return new InvalidFenException(fen, message);
        }

        Position parse(boolean forceChess960) {
            String[] fields = fen.trim().split("\\s+");
            if (fields.length != 4 && fields.length != 6) {
                throw fault("expected 4 or 6 fields, found " + (fen.isBlank() ? 0 : fields.length));
            }
            parsePlacement(fields[0]);
            parseSideToMove(fields[1]);
            validatePieces();
            int[] rookSquares = parseCastling(fields[2]);
            boolean chess960 = forceChess960 || usesChess960Castling(fields[2], rookSquares);
            pos.setChess960(chess960);
            for (int index = 0; index < 4; index++) {
                if (rookSquares[index] != Square.NONE) {
                    pos.addCastlingRight(Castling.colourOfIndex(index), rookSquares[index]);
                }
            }
            parseEnPassant(fields[3]);
            parseClocks(fields.length == 6 ? fields[4] : "0", fields.length == 6 ? fields[5] : "1");
            pos.finishSetup();
            return pos;
        }

        private void parsePlacement(String placement) {
            String[] ranks = placement.split("/", -1);
            if (ranks.length != 8) {
                throw fault("piece placement has " + ranks.length + " ranks, expected 8");
            }
            for (int i = 0; i < 8; i++) {
                parseRank(ranks[i], 7 - i);
            }
        }

        private void parseRank(String text, int rank) {
            int file = 0;
            for (char c : text.toCharArray()) {
                if (c >= '1' && c <= '8') {
                    file += c - '0';
                } else {
                    int piece = Piece.fromFenLetter(c);
                    if (piece == Piece.NONE) {
                        throw fault("bad piece letter '" + c + "' in rank " + (rank + 1));
                    }
                    if (file < 8) {
                        pos.putPiece(piece, Square.of(file, rank));
                    }
                    file++;
                }
                if (file > 8) {
                    break;
                }
            }
            if (file != 8) {
                throw fault("rank " + (rank + 1) + " (\"" + text + "\") does not have 8 squares");
            }
        }

        private void parseSideToMove(String side) {
            if (side.equals("w")) {
                pos.setSideToMove(Piece.WHITE);
            } else if (side.equals("b")) {
                pos.setSideToMove(Piece.BLACK);
            } else {
                throw fault("side to move must be 'w' or 'b', found \"" + side + "\"");
            }
        }

        private void validatePieces() {
            for (int colour = Piece.WHITE; colour <= Piece.BLACK; colour++) {
                String name = colour == Piece.WHITE ? "White" : "Black";
                int kings = pos.count(Piece.make(colour, Piece.KING));
                if (kings != 1) {
                    throw fault(name + " has " + kings + " kings, expected exactly 1");
                }
                // The material key has room for 16 pieces of one kind; a colour never needs more.
                if (Long.bitCount(pos.pieces(colour)) > 16) {
                    throw fault(name + " has more than 16 pieces");
                }
                if (Long.bitCount(pos.pieces(colour, Piece.PAWN)) > 8) {
                    throw fault(name + " has more than 8 pawns");
                }
            }
            if ((pos.piecesOfType(Piece.PAWN) & (Bitboards.RANK_1 | Bitboards.RANK_8)) != 0) {
                throw fault("pawns on the first or last rank");
            }
            int them = pos.sideToMove() ^ 1;
            if ((pos.attackersTo(pos.kingSquare(them), pos.occupied()) & pos.pieces(pos.sideToMove())) != 0) {
                throw fault("the side not to move is in check");
            }
        }

        // Returns the rook square of each right (index 0..3), Square.NONE where not granted.
        private int[] parseCastling(String text) {
            int[] rookSquares = {Square.NONE, Square.NONE, Square.NONE, Square.NONE};
            if (text.equals("-")) {
                return rookSquares;
            }
            for (char c : text.toCharArray()) {
                int colour = Character.isUpperCase(c) ? Piece.WHITE : Piece.BLACK;
                int rook = castlingRook(c, colour);
                boolean shortSide = rook > pos.kingSquare(colour);
                int index = Castling.index(Castling.right(colour, shortSide));
                if (rookSquares[index] != Square.NONE) {
                    throw fault("castling field \"" + text + "\" grants the same right twice");
                }
                rookSquares[index] = rook;
            }
            return rookSquares;
        }

        // The rook square a castling letter names, after checking king and rook are in place.
        private int castlingRook(char letter, int colour) {
            char lower = Character.toLowerCase(letter);
            String side = colour == Piece.WHITE ? "White" : "Black";
            int backRank = Square.relative(colour, Square.A1);
            int king = pos.kingSquare(colour);
            if (lower != 'k' && lower != 'q' && (lower < 'a' || lower > 'h')) {
                throw fault("bad castling letter '" + letter + "'");
            }
            if (Square.rank(king) != Square.rank(backRank)) {
                throw fault("castling right '" + letter + "' but " + side + "'s king is not on its first rank");
            }
            int rook;
            if (lower == 'k' || lower == 'q') {
                rook = outermostRook(pos, colour, lower == 'k');
            } else {
                rook = backRank + (lower - 'a');
                if (pos.pieceOn(rook) != Piece.make(colour, Piece.ROOK)) {
                    rook = Square.NONE;
                }
            }
            if (rook == Square.NONE) {
                throw fault("castling right '" + letter + "' but no " + side + " rook for it");
            }
            return rook;
        }

        private boolean usesChess960Castling(String field, int[] rookSquares) {
            // Rook file letters exist only in the Chess960 notations.
            if (field.matches(".*[A-Ha-h].*")) {
                return true;
            }
            for (int index = 0; index < 4; index++) {
                int rook = rookSquares[index];
                if (rook == Square.NONE) {
                    continue;
                }
                int king = pos.kingSquare(Castling.colourOfIndex(index));
                int standardRookFile = Castling.isShortIndex(index) ? 7 : 0;
                if (Square.file(king) != 4 || Square.file(rook) != standardRookFile) {
                    return true;
                }
            }
            return false;
        }

        private void parseEnPassant(String text) {
            if (text.equals("-")) {
                return;
            }
            int us = pos.sideToMove();
            int square = Square.parse(text);
            if (square == Square.NONE) {
                throw fault("bad en-passant square \"" + text + "\"");
            }
            int push = us == Piece.WHITE ? 8 : -8;
            boolean plausible = Square.relativeRank(us, square) == 5
                && pos.isEmpty(square)
                && pos.isEmpty(square + push)
                && pos.pieceOn(square - push) == Piece.make(us ^ 1, Piece.PAWN);
            if (!plausible) {
                throw fault("impossible en-passant square " + text);
            }
            if ((Bitboards.pawnAttacks(us ^ 1, square) & pos.pieces(us, Piece.PAWN)) != 0) {
                pos.setEpSquare(square);
            }
        }

        // The bounds are the native core's; fullmove 0, written by some tools, means 1.
        private void parseClocks(String halfmove, String fullmove) {
            int rule50 = parseClock(halfmove, "halfmove clock", 10_000);
            int fullmoveNumber = parseClock(fullmove, "fullmove number", 100_000);
            pos.setClocks(rule50, Math.max(1, fullmoveNumber));
        }

        private int parseClock(String text, String name, int max) {
            if (!text.matches("[0-9]{1,9}") || Integer.parseInt(text) > max) {
                throw fault("bad " + name + " \"" + text + "\" (expected 0.." + max + ")");
            }
            return Integer.parseInt(text);
        }
    }
}
