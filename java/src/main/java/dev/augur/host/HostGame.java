package dev.augur.host;

import dev.augur.Color;
import dev.augur.GameStatus;
import dev.augur.Move;
import dev.augur.host.book.San;
import dev.augur.reference.Fen;
import dev.augur.reference.MoveGenerator;
import dev.augur.reference.MoveList;
import dev.augur.reference.Piece;
import dev.augur.reference.Position;
import dev.augur.reference.Uci;
import java.util.ArrayList;
import java.util.List;

/**
 * The host's game: a start position (a FEN, or the standard one) and the moves played from it, on
 * the pure-Java board of {@link dev.augur.reference}, so that the host keeps its game without the
 * native library. Legal moves, UCI and SAN both ways, play and undo, the Polyglot key for the book
 * and the game's status (mate, stalemate and the draw rules, in the native order). Moves are
 * {@link Move}s, the binding's 16-bit codes, which the reference board shares; search backends get
 * the start FEN and the moves ({@link #startFen()}, {@link #moves()}).
 *
 * <p>Used by one thread at a time (the session's).
 */
final class HostGame {
    private final String startFen; // null: the standard start position
    private final boolean chess960;
    private final Position board;
    private final List<Integer> moves = new ArrayList<>();

    private HostGame(String startFen, boolean chess960) {
        this.startFen = startFen;
        this.chess960 = chess960;
        this.board = Fen.parse(startFen == null ? Games.START_FEN : startFen, chess960);
    }

    /** The standard start position. */
    static HostGame start() {
        return new HostGame(null, false);
    }

    /**
     * The position of fen (null: the start position), in Chess960 mode or not (a Shredder-FEN
     * switches it on by itself).
     *
     * @throws CommandException naming what is wrong with the FEN
     */
    static HostGame fromFen(String fen, boolean chess960) throws CommandException {
        try {
            return new HostGame(fen, chess960);
        } catch (IllegalArgumentException e) {
            throw new CommandException(String.valueOf(e.getMessage()));
        }
    }

    /** The same game (start and moves) in Chess960 notation or not. */
    HostGame withChess960(boolean on) {
        HostGame game = new HostGame(startFen, on);
        for (int code : moves) game.playCode(code);
        return game;
    }

    /** An independent copy with the same start and moves (so the same repetitions). */
    HostGame copy() {
        return withChess960(chess960);
    }

    /** The FEN the game started from, null for the standard start position. */
    String startFen() {
        return startFen;
    }

    /** The moves played since the start, oldest first. */
    List<Move> moves() {
        List<Move> played = new ArrayList<>(moves.size());
        for (int code : moves) played.add(Move.of(code));
        return played;
    }

    String fen() {
        return board.toFen();
    }

    boolean isChess960() {
        return board.isChess960();
    }

    Color sideToMove() {
        return board.sideToMove() == Piece.WHITE ? Color.WHITE : Color.BLACK;
    }

    boolean inCheck() {
        return board.inCheck();
    }

    /** A copy of the current position, without the game's history (for perft and the diagram). */
    Position boardCopy() {
        return board.copy();
    }

    /** The Polyglot key of the current position. */
    long key() {
        return board.key();
    }

    /** Moves played since the start position. */
    int historyLength() {
        return moves.size();
    }

    int fullmoveNumber() {
        return Math.max(board.fullmoveNumber(), 1);
    }

    List<Move> legalMoves() {
        MoveList list = new MoveList();
        MoveGenerator.generateAll(board, list);
        List<Move> legal = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) legal.add(Move.of(list.get(i)));
        return legal;
    }

    /** As native game_status: mate and stalemate first, then dead material, fifty moves, threefold. */
    GameStatus gameStatus() {
        if (legalMoves().isEmpty()) return board.inCheck() ? GameStatus.CHECKMATE : GameStatus.STALEMATE;
        if (board.isInsufficientMaterial()) return GameStatus.INSUFFICIENT_MATERIAL;
        if (board.isFiftyMoveDraw()) return GameStatus.FIFTY_MOVE_RULE;
        if (board.isThreefoldRepetition()) return GameStatus.THREEFOLD_REPETITION;
        return GameStatus.ONGOING;
    }

    /** The UCI text of a move in this game's notation (king-takes-rook castling in Chess960 only). */
    String toUci(Move move) {
        return MoveText.uci(move, board.isChess960());
    }

    /** The SAN of a legal move, with '+' or '#'; IllegalArgumentException for one that is not legal here. */
    String toSan(Move move) {
        if (!board.isLegal(move.code())) throw new IllegalArgumentException("not legal here: " + move);
        return San.format(board, move.code());
    }

    /**
     * The legal move the UCI text names. As the native parser: castling also as king-takes-rook
     * in standard chess, and lower case only.
     *
     * @throws CommandException when it names no legal move
     */
    Move parseUci(String text) throws CommandException {
        for (Move move : legalMoves()) {
            if (toUci(move).equals(text) || Uci.format(move.code(), true).equals(text)) return move;
        }
        throw new CommandException("illegal move '" + Words.printable(text) + "'");
    }

    /**
     * The legal move the SAN text names.
     *
     * @throws CommandException when it is malformed, illegal or ambiguous
     */
    Move parseSan(String text) throws CommandException {
        try {
            return Move.of(San.parse(board, text));
        } catch (IllegalArgumentException e) {
            throw new CommandException(String.valueOf(e.getMessage()));
        }
    }

    /** Plays a move, which must be legal here (from {@link #legalMoves()} or a parser). */
    void play(Move move) {
        if (!board.isLegal(move.code())) throw new IllegalArgumentException("not legal here: " + move);
        playCode(move.code());
    }

    private void playCode(int code) {
        board.makeMove(code);
        moves.add(code);
    }

    /** Takes the last move back; false if there is none. */
    boolean undo() {
        if (moves.isEmpty()) return false;
        board.unmakeMove(moves.remove(moves.size() - 1));
        return true;
    }
}
