package dev.augur.data;

/**
 * One training position as {@code augur datagen} recorded it: the position (as a FEN, exactly as
 * the engine prints it), the search's score from the side to move's view, its best move, the
 * game's result from White's view, and the flags a trainer filters on.
 *
 * <p>{@link #decode} reads the 32 bytes of docs/DATAFORMAT.md and refuses anything a writer
 * cannot have produced; it checks the record's structure (kings, pawns, castling rooks, the
 * en-passant pawn, the move against the board, the flags against the move and score), not the
 * rules of chess beyond that.
 */
public final class TrainingRecord {
    /** Bytes per record. */
    public static final int SIZE = 32;

    /** The highest score (a mate on the board); scores from MATE - 128 up announce a mate. */
    public static final int MATE = 32000;
    private static final int MATE_IN_MAX_PLY = MATE - 128;

    // Byte offsets and flag bits, as in lib/training/training_record.cpp.
    private static final int PIECE_CODES = 8;
    private static final int HALFMOVE_CLOCK = 24;
    private static final int FLAGS = 25;
    private static final int FULLMOVE_NUMBER = 26;
    private static final int SCORE = 28;
    private static final int BEST_MOVE = 30;
    private static final int IN_CHECK = 1 << 4;
    private static final int CAPTURE = 1 << 5;
    private static final int PROMOTION = 1 << 6;
    private static final int MATE_SCORE = 1 << 7;

    // Piece codes: bit 3 the colour, bits 0-2 pawn 1 ... king 6, and the two state codes.
    private static final int EN_PASSANT_PAWN = 0;
    private static final int PAWN = 1;
    private static final int ROOK = 4;
    private static final int KING = 6;
    private static final int CASTLING_ROOK = 7;
    private static final String PIECE_LETTERS = " PNBRQK  pnbrqk";

    // Move kinds in bits 14-15 of the move code.
    private static final int KIND_PROMOTION = 1;
    private static final int KIND_EN_PASSANT = 2;
    private static final int KIND_CASTLING = 3;

    private final String fen;
    private final int score;
    private final GameResult result;
    private final int bestMove;
    private final String bestMoveUci;
    private final int flags;

    private TrainingRecord(String fen, int score, GameResult result, int bestMove, String bestMoveUci, int flags) {
        this.fen = fen;
        this.score = score;
        this.result = result;
        this.bestMove = bestMove;
        this.bestMoveUci = bestMoveUci;
        this.flags = flags;
    }

    /** The position, as the engine's FEN (Shredder-FEN castling files in Chess960, KQkq otherwise). */
    public String fen() {
        return fen;
    }

    /** The search's score in centipawns from the side to move's view; mates near +/-{@link #MATE}. */
    public int score() {
        return score;
    }

    public GameResult result() {
        return result;
    }

    /** The best move as the engine's 16-bit code (castling as king takes own rook). */
    public int bestMove() {
        return bestMove;
    }

    /** The best move in UCI notation (in Chess960, castling is king takes rook). */
    public String bestMoveUci() {
        return bestMoveUci;
    }

    public boolean whiteToMove() {
        return (flags & 1) == 0;
    }

    public boolean chess960() {
        return (flags & 2) != 0;
    }

    /** The side to move is in check. */
    public boolean inCheck() {
        return (flags & IN_CHECK) != 0;
    }

    /** The best move captures (en passant included). */
    public boolean bestMoveIsCapture() {
        return (flags & CAPTURE) != 0;
    }

    public boolean bestMoveIsPromotion() {
        return (flags & PROMOTION) != 0;
    }

    /** The score announces a mate. */
    public boolean mateScore() {
        return (flags & MATE_SCORE) != 0;
    }

    /**
     * Reads one record from {@code bytes} at {@code offset}.
     *
     * @throws TrainingDataException when the bytes are not a record a writer can produce
     */
    public static TrainingRecord decode(byte[] bytes, int offset) throws TrainingDataException {
        return new Decoder(bytes, offset).decode();
    }

    /** The state of one decoding: the record's bytes and its board, one code per square. */
    private static final class Decoder {
        private final byte[] bytes;
        private final int offset;
        private final int[] board = new int[64];
        private final int[] king = {-1, -1};
        private int enPassantPawn = -1;
        private int flags;
        private int us;

        Decoder(byte[] bytes, int offset) {
            this.bytes = bytes;
            this.offset = offset;
        }

        TrainingRecord decode() throws TrainingDataException {
            flags = unsigned8(FLAGS);
            us = flags & 1;
            int resultCode = (flags >> 2) & 3;
            if (resultCode == 3) {
                throw new TrainingDataException("record has an invalid game result (3)");
            }
            int fullmove = unsigned16(FULLMOVE_NUMBER);
            if (fullmove == 0) {
                throw new TrainingDataException("record has fullmove number 0");
            }
            int score = (short) unsigned16(SCORE);
            if (score < -MATE || score > MATE) {
                throw new TrainingDataException("record has an out-of-range score " + score);
            }
            boolean mate = score >= MATE_IN_MAX_PLY || score <= -MATE_IN_MAX_PLY;
            if (mate != ((flags & MATE_SCORE) != 0)) {
                throw new TrainingDataException("record's mate flag does not match its score");
            }
            decodeBoard();
            checkEnPassantPawn();
            checkCastlingRooks();
            int move = unsigned16(BEST_MOVE);
            checkBestMove(move);
            String fen = placement() + (us == 0 ? " w " : " b ") + castling() + " " + enPassant() + " "
                + unsigned8(HALFMOVE_CLOCK) + " " + fullmove;
            return new TrainingRecord(fen, score, GameResult.values()[resultCode], move, uci(move), flags);
        }

        private int unsigned8(int at) {
            return bytes[offset + at] & 0xFF;
        }

        private int unsigned16(int at) {
            return unsigned8(at) | unsigned8(at + 1) << 8;
        }

        private boolean chess960() {
            return (flags & 2) != 0;
        }

        private void decodeBoard() throws TrainingDataException {
            long occupancy = 0;
            for (int i = 0; i < 8; i++) {
                occupancy |= (long) unsigned8(i) << (8 * i);
            }
            int count = Long.bitCount(occupancy);
            if (count > 32) {
                throw new TrainingDataException("record has " + count + " occupied squares (at most 32)");
            }
            for (int index = count; index < 32; index++) {
                if (code(index) != 0) {
                    throw new TrainingDataException("record has piece codes beyond its occupied squares");
                }
            }
            java.util.Arrays.fill(board, -1);
            int index = 0;
            for (int square = 0; square < 64; square++) {
                if ((occupancy >>> square & 1) == 0) {
                    continue;
                }
                int code = code(index++);
                board[square] = code;
                int type = code & 7;
                if (type == KING) {
                    if (king[code >> 3] >= 0) {
                        throw new TrainingDataException("record has two kings of one colour");
                    }
                    king[code >> 3] = square;
                }
                if (type == EN_PASSANT_PAWN) {
                    if (enPassantPawn >= 0) {
                        throw new TrainingDataException("record has two en-passant pawns");
                    }
                    enPassantPawn = square;
                }
                if ((type == PAWN || type == EN_PASSANT_PAWN) && (square < 8 || square >= 56)) {
                    throw new TrainingDataException("record has a pawn on " + squareName(square));
                }
            }
            if (king[0] < 0 || king[1] < 0) {
                throw new TrainingDataException("record lacks a king");
            }
        }

        private int code(int index) {
            return unsigned8(PIECE_CODES + index / 2) >> (4 * (index % 2)) & 15;
        }

        private void checkEnPassantPawn() throws TrainingDataException {
            int s = enPassantPawn;
            if (s < 0) {
                return;
            }
            int them = board[s] >> 3;
            int push = them == 0 ? 8 : -8;
            int file = s & 7;
            boolean takeable = (file > 0 && board[s - 1] == (us << 3 | PAWN))
                || (file < 7 && board[s + 1] == (us << 3 | PAWN));
            int relativeRank = them == 0 ? s >> 3 : 7 - (s >> 3);
            if (them == us || relativeRank != 3 || board[s - push] != -1 || board[s - 2 * push] != -1 || !takeable) {
                throw new TrainingDataException("record's en-passant pawn on " + squareName(s)
                    + " cannot be taken en passant");
            }
        }

        private void checkCastlingRooks() throws TrainingDataException {
            boolean[] seen = new boolean[4];
            for (int s = 0; s < 64; s++) {
                if (board[s] < 0 || (board[s] & 7) != CASTLING_ROOK) {
                    continue;
                }
                int color = board[s] >> 3;
                int backRank = color == 0 ? 0 : 7;
                boolean kingSide = s > king[color];
                int right = 2 * color + (kingSide ? 0 : 1);
                boolean standard = king[color] == 8 * backRank + 4 && (s & 7) == (kingSide ? 7 : 0);
                if (s >> 3 != backRank || king[color] >> 3 != backRank || seen[right] || (!chess960() && !standard)) {
                    throw new TrainingDataException("record's castling rook on " + squareName(s)
                        + " cannot have a castling right");
                }
                seen[right] = true;
            }
        }

        private void checkBestMove(int move) throws TrainingDataException {
            int to = move & 63;
            int from = move >> 6 & 63;
            int kind = move >> 14;
            int mover = board[from];
            if (from == to || mover < 0 || mover >> 3 != us) {
                throw new TrainingDataException("record's best move (code " + move
                    + ") does not move a piece of the side to move");
            }
            int target = board[to];
            if (kind == KIND_CASTLING
                && ((mover & 7) != KING || target != (us << 3 | CASTLING_ROOK))) {
                throw new TrainingDataException("record's best move castles without a castling rook");
            }
            if (kind == KIND_EN_PASSANT && (enPassantPawn < 0 || to != enPassantPawn + (us == 0 ? 8 : -8))) {
                throw new TrainingDataException("record's best move takes en passant without an en-passant pawn");
            }
            if (kind == KIND_PROMOTION && (mover & 7) != PAWN && (mover & 7) != EN_PASSANT_PAWN) {
                throw new TrainingDataException("record's best move promotes a piece that is not a pawn");
            }
            boolean capture = kind == KIND_EN_PASSANT || (target >= 0 && kind != KIND_CASTLING);
            if (capture != ((flags & CAPTURE) != 0) || (kind == KIND_PROMOTION) != ((flags & PROMOTION) != 0)) {
                throw new TrainingDataException("record's capture or promotion flag does not match its best move");
            }
        }

        private String placement() {
            StringBuilder out = new StringBuilder();
            for (int rank = 7; rank >= 0; rank--) {
                int emptyRun = 0;
                for (int file = 0; file < 8; file++) {
                    int code = board[8 * rank + file];
                    if (code < 0) {
                        emptyRun++;
                        continue;
                    }
                    if (emptyRun > 0) {
                        out.append(emptyRun);
                    }
                    emptyRun = 0;
                    out.append(PIECE_LETTERS.charAt(piece(code)));
                }
                if (emptyRun > 0) {
                    out.append(emptyRun);
                }
                if (rank > 0) {
                    out.append('/');
                }
            }
            return out.toString();
        }

        /** The piece of a code, its extra state dropped: the index into PIECE_LETTERS. */
        private static int piece(int code) {
            int type = code & 7;
            if (type == EN_PASSANT_PAWN) {
                type = PAWN;
            } else if (type == CASTLING_ROOK) {
                type = ROOK;
            }
            return (code & 8) | type;
        }

        /** White's king side, queen side, then Black's: the engine's order. */
        private String castling() {
            StringBuilder rights = new StringBuilder();
            for (int color = 0; color < 2; color++) {
                for (boolean kingSide : new boolean[] {true, false}) {
                    for (int file = 0; file < 8; file++) {
                        int s = (color == 0 ? 0 : 56) + file;
                        if (board[s] != (color << 3 | CASTLING_ROOK) || (s > king[color]) != kingSide) {
                            continue;
                        }
                        char letter = chess960() ? (char) ('A' + file) : kingSide ? 'K' : 'Q';
                        rights.append(color == 0 ? letter : Character.toLowerCase(letter));
                    }
                }
            }
            return rights.length() == 0 ? "-" : rights.toString();
        }

        private String enPassant() {
            if (enPassantPawn < 0) {
                return "-";
            }
            int them = board[enPassantPawn] >> 3;
            return squareName(enPassantPawn - (them == 0 ? 8 : -8));
        }

        /** Castling prints as the king's two-square move, or king takes rook in Chess960. */
        private String uci(int move) {
            int to = move & 63;
            int from = move >> 6 & 63;
            int kind = move >> 14;
            if (kind == KIND_CASTLING && !chess960()) {
                to = (from & 56) + (to > from ? 6 : 2);
            }
            String text = squareName(from) + squareName(to);
            return kind == KIND_PROMOTION ? text + "nbrq".charAt(move >> 12 & 3) : text;
        }
    }

    private static String squareName(int square) {
        return "" + (char) ('a' + (square & 7)) + (char) ('1' + (square >> 3));
    }
}
