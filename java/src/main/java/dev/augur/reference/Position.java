package dev.augur.reference;

import java.util.Arrays;

/**
 * A chess position with its game history: the board, side to move, castling and en-passant
 * state, the clocks, and the incrementally maintained keys, with make and unmake of moves.
 *
 * <p>This is the Java reference twin of the native core's Position and follows its
 * conventions exactly (square and piece numbering, 16-bit moves, Polyglot keys, the
 * en-passant rule), so that a later search written on top of it can be compared node for
 * node with the native search. Positions are created from FEN by {@link Fen#parse}.
 *
 * <p>The en-passant square is recorded only when a pawn of the side to move stands beside
 * the pawn that just advanced two squares (pins ignored): exactly the rule of the Polyglot
 * key, so the key needs no further check and equal positions have equal keys.
 *
 * <p>The per-move state that unmake cannot cheaply recompute lives in a stack of
 * {@link State} objects, one per ply since the FEN; repetition detection walks that stack.
 */
public final class Position {
    public static final String START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /** What make cannot cheaply undo, saved per ply; the entries are reused, never freed. */
    static final class State {
        long key;
        long pawnKey;
        long materialKey;
        int castlingRights;
        int rule50;          // plies since the last capture or pawn move
        int pliesFromNull;   // plies since the last null move or the FEN: bounds the repetition search
        int epSquare;
        int captured;
        long checkers;
        // 0 when this position did not occur before; otherwise the distance in plies to its
        // previous occurrence, negated when that occurrence was itself a repetition.
        int repetition;

        void copyFrom(State other) {
            key = other.key;
            pawnKey = other.pawnKey;
            materialKey = other.materialKey;
            castlingRights = other.castlingRights;
            rule50 = other.rule50;
            pliesFromNull = other.pliesFromNull;
            epSquare = other.epSquare;
            captured = other.captured;
            checkers = other.checkers;
            repetition = other.repetition;
        }
    }

    private final int[] board = new int[64];
    private final long[] byType = new long[7];       // index 0 holds all pieces
    private final long[] byColour = new long[2];
    private final int[] pieceCount = new int[Piece.CODE_COUNT];
    private final int[] castlingRightsMask = new int[64]; // rights lost when a piece leaves or enters the square
    private final int[] castlingRook = new int[4];
    private final long[] castlingPath = new long[4];     // must be empty, king and rook aside
    private final long[] castlingKingPath = new long[4]; // king's origin to destination, both included
    private int sideToMove;
    private int gamePly;
    private boolean chess960;
    private State[] states = new State[64];
    private int stateIndex;
    private State st;

    Position() {
        for (int i = 0; i < states.length; i++) {
            states[i] = new State();
        }
        clear();
    }

    public static Position fromFen(String fen) {
        return Fen.parse(fen);
    }

    public static Position startPosition() {
        return Fen.parse(START_FEN);
    }

    public String toFen() {
        return Fen.write(this);
    }

    @Override
    public String toString() {
        return toFen();
    }

    /** A copy of the current position (not of its history: the copy's history starts here). */
    public Position copy() {
        Position copy = new Position();
        System.arraycopy(board, 0, copy.board, 0, 64);
        System.arraycopy(byType, 0, copy.byType, 0, byType.length);
        System.arraycopy(byColour, 0, copy.byColour, 0, 2);
        System.arraycopy(pieceCount, 0, copy.pieceCount, 0, pieceCount.length);
        System.arraycopy(castlingRightsMask, 0, copy.castlingRightsMask, 0, 64);
        System.arraycopy(castlingRook, 0, copy.castlingRook, 0, 4);
        System.arraycopy(castlingPath, 0, copy.castlingPath, 0, 4);
        System.arraycopy(castlingKingPath, 0, copy.castlingKingPath, 0, 4);
        copy.sideToMove = sideToMove;
        copy.gamePly = gamePly;
        copy.chess960 = chess960;
        copy.st.copyFrom(st);
        copy.st.pliesFromNull = 0;
        copy.st.repetition = 0;
        return copy;
    }

    // ---- Setup, used by Fen ----

    void clear() {
        Arrays.fill(board, Piece.NONE);
        Arrays.fill(byType, 0);
        Arrays.fill(byColour, 0);
        Arrays.fill(pieceCount, 0);
        Arrays.fill(castlingRightsMask, 0);
        Arrays.fill(castlingRook, Square.NONE);
        Arrays.fill(castlingPath, 0);
        Arrays.fill(castlingKingPath, 0);
        sideToMove = Piece.WHITE;
        gamePly = 0;
        chess960 = false;
        stateIndex = 0;
        st = states[0];
        st.copyFrom(new State());
        st.epSquare = Square.NONE;
    }

    void setSideToMove(int colour) {
        sideToMove = colour;
    }

    void setChess960(boolean chess960) {
        this.chess960 = chess960;
    }

    void setClocks(int rule50, int fullmoveNumber) {
        st.rule50 = rule50;
        gamePly = 2 * (fullmoveNumber - 1) + (sideToMove == Piece.BLACK ? 1 : 0);
    }

    void setEpSquare(int square) {
        st.epSquare = square;
    }

    /** Grants the castling right of colour with the rook on rookSquare; the king must be placed. */
    void addCastlingRight(int colour, int rookSquare) {
        int kingSquare = kingSquare(colour);
        boolean shortSide = rookSquare > kingSquare;
        int right = Castling.right(colour, shortSide);
        int index = Castling.index(right);
        int kingTo = Castling.kingDestination(colour, shortSide);
        int rookTo = Castling.rookDestination(colour, shortSide);
        st.castlingRights |= right;
        castlingRook[index] = rookSquare;
        castlingRightsMask[kingSquare] |= Castling.rightsOf(colour);
        castlingRightsMask[rookSquare] |= right;
        long kingAndRook = Bitboards.bit(kingSquare) | Bitboards.bit(rookSquare);
        castlingPath[index] = (Bitboards.rankSpan(kingSquare, kingTo) | Bitboards.rankSpan(rookSquare, rookTo))
            & ~kingAndRook;
        castlingKingPath[index] = Bitboards.rankSpan(kingSquare, kingTo);
    }

    /** Computes keys and checkers from scratch once the board and state fields are set. */
    void finishSetup() {
        st.key = computeKey();
        st.pawnKey = computePawnKey();
        st.materialKey = computeMaterialKey();
        st.checkers = attackersTo(kingSquare(sideToMove), occupied()) & byColour[sideToMove ^ 1];
        st.pliesFromNull = 0;
        st.repetition = 0;
        st.captured = Piece.NONE;
    }

    // ---- Board queries ----

    public int pieceOn(int square) {
        return board[square];
    }

    public boolean isEmpty(int square) {
        return board[square] == Piece.NONE;
    }

    public long occupied() {
        return byType[0];
    }

    public long pieces(int colour) {
        return byColour[colour];
    }

    public long piecesOfType(int type) {
        return byType[type];
    }

    public long pieces(int colour, int type) {
        return byColour[colour] & byType[type];
    }

    public int count(int piece) {
        return pieceCount[piece];
    }

    public int kingSquare(int colour) {
        return Long.numberOfTrailingZeros(byColour[colour] & byType[Piece.KING]);
    }

    public int sideToMove() {
        return sideToMove;
    }

    public boolean isChess960() {
        return chess960;
    }

    /** Plies since the start of the game, as implied by the FEN's fullmove number. */
    public int gamePly() {
        return gamePly;
    }

    public int fullmoveNumber() {
        return 1 + (gamePly - (sideToMove == Piece.BLACK ? 1 : 0)) / 2;
    }

    // ---- State queries ----

    public long key() {
        return st.key;
    }

    public long pawnKey() {
        return st.pawnKey;
    }

    public long materialKey() {
        return st.materialKey;
    }

    public int epSquare() {
        return st.epSquare;
    }

    public int rule50() {
        return st.rule50;
    }

    public int castlingRights() {
        return st.castlingRights;
    }

    /** The rook square of a single castling right, or Square.NONE when it was never granted. */
    public int castlingRookSquare(int right) {
        return castlingRook[Castling.index(right)];
    }

    public long checkers() {
        return st.checkers;
    }

    public boolean inCheck() {
        return st.checkers != 0;
    }

    /** The piece captured by the last move (NONE after a quiet move or at the root). */
    public int capturedPiece() {
        return st.captured;
    }

    /** Plies played since the FEN (the length of the history that repetition can see). */
    public int historyLength() {
        return stateIndex;
    }

    // ---- Attacks ----

    /** Pieces of both colours that attack square s, sliders seen through the given occupancy. */
    public long attackersTo(int s, long occupied) {
        return (Bitboards.pawnAttacks(Piece.WHITE, s) & pieces(Piece.BLACK, Piece.PAWN))
            | (Bitboards.pawnAttacks(Piece.BLACK, s) & pieces(Piece.WHITE, Piece.PAWN))
            | (Bitboards.knightAttacks(s) & byType[Piece.KNIGHT])
            | (Bitboards.kingAttacks(s) & byType[Piece.KING])
            | (Bitboards.bishopAttacks(s, occupied) & (byType[Piece.BISHOP] | byType[Piece.QUEEN]))
            | (Bitboards.rookAttacks(s, occupied) & (byType[Piece.ROOK] | byType[Piece.QUEEN]));
    }

    /** Whether castling with the right of this index (0..3) is legal now. */
    boolean canCastle(int index) {
        if ((st.castlingRights & (1 << index)) == 0 || st.checkers != 0) {
            return false;
        }
        if ((castlingPath[index] & byType[0]) != 0) {
            return false;
        }
        int us = Castling.colourOfIndex(index);
        int kingSquare = kingSquare(us);
        // The rook leaves its square too, so it must not count as a shield for the king.
        long occupiedAfter = byType[0] ^ Bitboards.bit(kingSquare) ^ Bitboards.bit(castlingRook[index]);
        for (long path = castlingKingPath[index]; path != 0; path &= path - 1) {
            if ((attackersTo(Long.numberOfTrailingZeros(path), occupiedAfter) & byColour[us ^ 1]) != 0) {
                return false;
            }
        }
        return true;
    }

    // ---- Moves ----

    /** Whether an arbitrary 16-bit code is a legal move here (for hash and killer moves). */
    public boolean isLegal(int move) {
        return MoveValidator.isLegal(this, move);
    }

    /** Whether a legal move captures (castling never does; en passant always does). */
    public boolean isCapture(int move) {
        int kind = Move.kind(move);
        return kind == Move.EN_PASSANT || (kind != Move.CASTLING && board[Move.to(move)] != Piece.NONE);
    }

    public int movedPiece(int move) {
        return board[Move.from(move)];
    }

    /** Plays a legal move. */
    public void makeMove(int move) {
        State previous = st;
        pushState();
        st.rule50++;
        st.pliesFromNull++;
        st.epSquare = Square.NONE;
        st.captured = Piece.NONE;
        long key = previous.key ^ Zobrist.whiteToMove();
        if (previous.epSquare != Square.NONE) {
            key ^= Zobrist.enPassant(Square.file(previous.epSquare));
        }
        int us = sideToMove;
        int from = Move.from(move);
        int to = Move.to(move);
        if (Move.kind(move) == Move.CASTLING) {
            key ^= castle(us, from, to, false);
        } else {
            key ^= playNonCastling(move, us, from, to);
        }
        int rights = previous.castlingRights & ~(castlingRightsMask[from] | castlingRightsMask[to]);
        key ^= Zobrist.castling(previous.castlingRights) ^ Zobrist.castling(rights);
        st.castlingRights = rights;
        if (st.epSquare != Square.NONE) {
            key ^= Zobrist.enPassant(Square.file(st.epSquare));
        }
        st.key = key;
        sideToMove = us ^ 1;
        gamePly++;
        st.checkers = attackersTo(kingSquare(sideToMove), byType[0]) & byColour[us];
        updateRepetition();
    }

    // Moves, captures and promotes for every kind but castling; returns the key change of
    // the pieces and updates the pawn and material keys, the clock and the ep square.
    private long playNonCastling(int move, int us, int from, int to) {
        long keyChange = 0;
        int piece = board[from];
        int kind = Move.kind(move);
        int captureSquare = kind == Move.EN_PASSANT ? to - pawnPushOffset(us) : to;
        int captured = board[captureSquare];
        if (captured != Piece.NONE) {
            keyChange ^= Zobrist.pieceSquare(captured, captureSquare);
            if (Piece.type(captured) == Piece.PAWN) {
                st.pawnKey ^= Zobrist.pieceSquare(captured, captureSquare);
            }
            st.materialKey ^= Zobrist.material(captured, pieceCount[captured] - 1);
            removePiece(captureSquare);
            st.captured = captured;
            st.rule50 = 0;
        }
        keyChange ^= Zobrist.pieceSquare(piece, from) ^ Zobrist.pieceSquare(piece, to);
        movePiece(from, to);
        if (Piece.type(piece) == Piece.PAWN) {
            st.rule50 = 0;
            st.pawnKey ^= Zobrist.pieceSquare(piece, from);
            if (kind == Move.PROMOTION) {
                keyChange ^= promote(to, piece, Piece.make(us, Move.promotionType(move)));
            } else {
                st.pawnKey ^= Zobrist.pieceSquare(piece, to);
                if ((from ^ to) == 16) {
                    recordEpSquareIfCapturable(us, (from + to) / 2);
                }
            }
        }
        return keyChange;
    }

    // Replaces the pawn that just arrived on square by the promoted piece.
    private long promote(int square, int pawn, int promoted) {
        st.materialKey ^= Zobrist.material(pawn, pieceCount[pawn] - 1);
        removePiece(square);
        st.materialKey ^= Zobrist.material(promoted, pieceCount[promoted]);
        putPiece(promoted, square);
        return Zobrist.pieceSquare(pawn, square) ^ Zobrist.pieceSquare(promoted, square);
    }

    // The Polyglot rule: only when an enemy pawn stands beside the pawn that advanced two squares.
    private void recordEpSquareIfCapturable(int us, int epSquare) {
        if ((Bitboards.pawnAttacks(us, epSquare) & pieces(us ^ 1, Piece.PAWN)) != 0) {
            st.epSquare = epSquare;
        }
    }

    // Moves king and rook for castling (or back when undo); returns the key change.
    private long castle(int us, int kingFrom, int rookFrom, boolean undo) {
        boolean shortSide = rookFrom > kingFrom;
        int kingTo = Castling.kingDestination(us, shortSide);
        int rookTo = Castling.rookDestination(us, shortSide);
        int king = Piece.make(us, Piece.KING);
        int rook = Piece.make(us, Piece.ROOK);
        // Remove both first: in Chess960 a piece may land on the other's origin square.
        removePiece(undo ? kingTo : kingFrom);
        removePiece(undo ? rookTo : rookFrom);
        putPiece(king, undo ? kingFrom : kingTo);
        putPiece(rook, undo ? rookFrom : rookTo);
        return Zobrist.pieceSquare(king, kingFrom) ^ Zobrist.pieceSquare(king, kingTo)
            ^ Zobrist.pieceSquare(rook, rookFrom) ^ Zobrist.pieceSquare(rook, rookTo);
    }

    /** Takes back the last move, which must be the given one. */
    public void unmakeMove(int move) {
        sideToMove ^= 1;
        gamePly--;
        int us = sideToMove;
        int from = Move.from(move);
        int to = Move.to(move);
        int kind = Move.kind(move);
        if (kind == Move.CASTLING) {
            castle(us, from, to, true);
        } else {
            if (kind == Move.PROMOTION) {
                removePiece(to);
                putPiece(Piece.make(us, Piece.PAWN), to);
            }
            movePiece(to, from);
            if (st.captured != Piece.NONE) {
                int captureSquare = kind == Move.EN_PASSANT ? to - pawnPushOffset(us) : to;
                putPiece(st.captured, captureSquare);
            }
        }
        popState();
    }

    /**
     * Passes the move to the opponent (null-move search); not allowed in check. Like the native
     * core it leaves the game ply alone and restarts the repetition window.
     */
    public void makeNullMove() {
        State previous = st;
        pushState();
        long key = previous.key ^ Zobrist.whiteToMove();
        if (previous.epSquare != Square.NONE) {
            key ^= Zobrist.enPassant(Square.file(previous.epSquare));
        }
        st.key = key;
        st.epSquare = Square.NONE;
        st.rule50++;
        st.pliesFromNull = 0;
        st.captured = Piece.NONE;
        st.checkers = 0;
        st.repetition = 0;
        sideToMove ^= 1;
    }

    public void unmakeNullMove() {
        sideToMove ^= 1;
        popState();
    }

    private void pushState() {
        if (stateIndex + 1 == states.length) {
            State[] larger = Arrays.copyOf(states, states.length * 2);
            for (int i = states.length; i < larger.length; i++) {
                larger[i] = new State();
            }
            states = larger;
        }
        State previous = st;
        st = states[++stateIndex];
        st.copyFrom(previous);
    }

    private void popState() {
        st = states[--stateIndex];
    }

    private static int pawnPushOffset(int colour) {
        return colour == Piece.WHITE ? 8 : -8;
    }

    // ---- Board updates (no keys: make computes those, unmake restores them with the state) ----

    void putPiece(int piece, int square) {
        long bit = Bitboards.bit(square);
        board[square] = piece;
        byType[0] |= bit;
        byType[Piece.type(piece)] |= bit;
        byColour[Piece.colour(piece)] |= bit;
        pieceCount[piece]++;
    }

    private void removePiece(int square) {
        int piece = board[square];
        long bit = Bitboards.bit(square);
        board[square] = Piece.NONE;
        byType[0] ^= bit;
        byType[Piece.type(piece)] ^= bit;
        byColour[Piece.colour(piece)] ^= bit;
        pieceCount[piece]--;
    }

    private void movePiece(int from, int to) {
        int piece = board[from];
        long fromTo = Bitboards.bit(from) | Bitboards.bit(to);
        board[from] = Piece.NONE;
        board[to] = piece;
        byType[0] ^= fromTo;
        byType[Piece.type(piece)] ^= fromTo;
        byColour[Piece.colour(piece)] ^= fromTo;
    }

    // ---- Draw rules ----

    // Looks back for the same key, two plies at a time, no further than the last irreversible
    // move or null move; a repetition of a repetition is marked negative.
    private void updateRepetition() {
        st.repetition = 0;
        int end = Math.min(st.rule50, st.pliesFromNull);
        for (int distance = 4; distance <= end; distance += 2) {
            State earlier = states[stateIndex - distance];
            if (earlier.key == st.key) {
                st.repetition = earlier.repetition != 0 ? -distance : distance;
                return;
            }
        }
    }

    /**
     * True when the position repeats one within the last {@code ply} plies (inside the search
     * tree, where one repetition is enough) or repeats a position that had already occurred
     * twice.
     */
    public boolean isRepetition(int ply) {
        return st.repetition != 0 && st.repetition < ply;
    }

    /** True when this position occurs for the third time in the history. */
    public boolean isThreefoldRepetition() {
        return st.repetition < 0;
    }

    public boolean isFiftyMoveDraw() {
        return st.rule50 >= 100;
    }

    /**
     * True when neither side can ever mate: no pawns, rooks or queens, and either at most one
     * minor piece on the board, or only bishops that all stand on squares of one colour.
     */
    public boolean isInsufficientMaterial() {
        if ((byType[Piece.PAWN] | byType[Piece.ROOK] | byType[Piece.QUEEN]) != 0) {
            return false;
        }
        long minors = byType[Piece.KNIGHT] | byType[Piece.BISHOP];
        if (Long.bitCount(minors) <= 1) {
            return true;
        }
        final long darkSquares = 0xAA55AA55AA55AA55L;
        long bishops = byType[Piece.BISHOP];
        return byType[Piece.KNIGHT] == 0 && ((bishops & darkSquares) == 0 || (bishops & ~darkSquares) == 0);
    }

    // ---- Keys from scratch (setup, and tests of the incremental update) ----

    public long computeKey() {
        long key = 0;
        for (long b = byType[0]; b != 0; b &= b - 1) {
            int square = Long.numberOfTrailingZeros(b);
            key ^= Zobrist.pieceSquare(board[square], square);
        }
        key ^= Zobrist.castling(st.castlingRights);
        if (st.epSquare != Square.NONE) {
            key ^= Zobrist.enPassant(Square.file(st.epSquare));
        }
        if (sideToMove == Piece.WHITE) {
            key ^= Zobrist.whiteToMove();
        }
        return key;
    }

    public long computePawnKey() {
        long key = 0;
        for (long b = byType[Piece.PAWN]; b != 0; b &= b - 1) {
            int square = Long.numberOfTrailingZeros(b);
            key ^= Zobrist.pieceSquare(board[square], square);
        }
        return key;
    }

    public long computeMaterialKey() {
        long key = 0;
        for (int piece = 0; piece < Piece.CODE_COUNT; piece++) {
            for (int i = 0; i < pieceCount[piece]; i++) {
                key ^= Zobrist.material(piece, i);
            }
        }
        return key;
    }
}
