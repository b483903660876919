package dev.augur.host.book;

import dev.augur.reference.Move;
import dev.augur.reference.MoveGenerator;
import dev.augur.reference.MoveList;
import dev.augur.reference.Piece;
import dev.augur.reference.Position;
import dev.augur.reference.Square;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Standard algebraic notation on the reference board, as PGN files write it.
 *
 * <p>Parsing accepts what real game scores contain: piece moves with disambiguation by file,
 * rank or square ("Nbd7", "R1e2", "Qh4e1"), captures with 'x' or ':', promotions with or without
 * '=' ("e8=Q", "e8Q"), castling with letter O or digit zero ("O-O-O", "0-0"), and trailing
 * check, mate and annotation marks ("Nf3+", "Qxf7#", "e4!?"), which are ignored. A missing
 * capture sign is tolerated, since hand-typed scores often omit it, but a capture sign on a move
 * that captures nothing is an error: it describes some other position. Every move is matched
 * against the legal moves, so an illegal or ambiguous SAN is rejected with a message naming the
 * move and the position.
 */
public final class San {
    private San() {}

    // piece, origin file, origin rank, capture, destination, promotion
    private static final Pattern PIECE_OR_PAWN_MOVE =
        Pattern.compile("([PNBRQK])?([a-h])?([1-8])?([x:])?([a-h][1-8])(?:=?([NBRQnbrq]))?");
    private static final Pattern CASTLING = Pattern.compile("[O0o]-[O0o](-[O0o])?");
    private static final String PIECE_LETTERS = " PNBRQK";

    /**
     * The legal move of pos that san names.
     *
     * @throws SanException when san is malformed, names no legal move or more than one
     */
    public static int parse(Position pos, String san) {
        String core = stripSuffixes(san);
        if (core.isEmpty()) {
            throw new SanException("empty SAN move \"" + san + "\"");
        }
        List<Integer> matches = isCastling(core) ? castlingMatches(pos, core) : pieceMatches(pos, core, san);
        if (matches.isEmpty()) {
            throw new SanException("illegal move \"" + san + "\" in " + pos.toFen());
        }
        if (matches.size() > 1) {
            List<String> candidates = new ArrayList<>();
            for (int move : matches) {
                candidates.add(Square.name(Move.from(move)) + Square.name(Move.to(move)));
            }
            throw new SanException("ambiguous move \"" + san + "\" in " + pos.toFen() + ": it could be any of " + candidates);
        }
        return matches.get(0);
    }

    /** The SAN of a legal move of pos, with '+' or '#' when it checks or mates. */
    public static String format(Position pos, int move) {
        String text = Move.kind(move) == Move.CASTLING ? castlingText(move) : pieceMoveText(pos, move);
        pos.makeMove(move);
        try {
            if (pos.inCheck()) {
                MoveList replies = new MoveList();
                MoveGenerator.generateAll(pos, replies);
                text += replies.size() == 0 ? "#" : "+";
            }
        } finally {
            pos.unmakeMove(move);
        }
        return text;
    }

    /** Drops check and mate signs, annotations ("!", "?!") and an "e.p." mark. */
    private static String stripSuffixes(String san) {
        String text = san.trim();
        if (text.endsWith("e.p.")) {
            text = text.substring(0, text.length() - 4);
        }
        int end = text.length();
        while (end > 0 && "+#!?".indexOf(text.charAt(end - 1)) >= 0) {
            end--;
        }
        return text.substring(0, end);
    }

    private static boolean isCastling(String core) {
        return CASTLING.matcher(core).matches();
    }

    private static List<Integer> castlingMatches(Position pos, String core) {
        boolean shortSide = core.length() == 3;
        List<Integer> matches = new ArrayList<>();
        MoveList moves = legalMoves(pos);
        for (int i = 0; i < moves.size(); i++) {
            int move = moves.get(i);
            // king takes own rook: the rook stands beyond the king on the short (h-file) side
            if (Move.kind(move) == Move.CASTLING && (Move.to(move) > Move.from(move)) == shortSide) {
                matches.add(move);
            }
        }
        return matches;
    }

    private static List<Integer> pieceMatches(Position pos, String core, String san) {
        Matcher m = PIECE_OR_PAWN_MOVE.matcher(core);
        if (!m.matches()) {
            throw new SanException("malformed SAN move \"" + san + "\"");
        }
        int type = m.group(1) == null ? Piece.PAWN : PIECE_LETTERS.indexOf(m.group(1).charAt(0));
        int fromFile = m.group(2) == null ? -1 : m.group(2).charAt(0) - 'a';
        int fromRank = m.group(3) == null ? -1 : m.group(3).charAt(0) - '1';
        boolean captureSign = m.group(4) != null;
        int to = Square.parse(m.group(5));
        int promotion = m.group(6) == null ? Piece.NO_TYPE
            : PIECE_LETTERS.indexOf(Character.toUpperCase(m.group(6).charAt(0)));
        if (promotion != Piece.NO_TYPE && type != Piece.PAWN) {
            throw new SanException("only a pawn can promote: \"" + san + "\"");
        }

        List<Integer> matches = new ArrayList<>();
        MoveList moves = legalMoves(pos);
        for (int i = 0; i < moves.size(); i++) {
            int move = moves.get(i);
            int from = Move.from(move);
            if (Move.kind(move) == Move.CASTLING || Move.to(move) != to
                    || Piece.type(pos.movedPiece(move)) != type
                    || (fromFile >= 0 && Square.file(from) != fromFile)
                    || (fromRank >= 0 && Square.rank(from) != fromRank)) {
                continue;
            }
            int movePromotion = Move.kind(move) == Move.PROMOTION ? Move.promotionType(move) : Piece.NO_TYPE;
            if (movePromotion == Piece.NO_TYPE && promotion != Piece.NO_TYPE) {
                throw new SanException("\"" + san + "\" promotes a pawn that does not reach the last rank in " + pos.toFen());
            }
            if (movePromotion != Piece.NO_TYPE && promotion == Piece.NO_TYPE) {
                throw new SanException("\"" + san + "\" lacks the promotion piece in " + pos.toFen());
            }
            if (movePromotion == promotion) {
                matches.add(move);
            }
        }
        if (captureSign && matches.size() == 1 && !pos.isCapture(matches.get(0))) {
            throw new SanException("\"" + san + "\" is written as a capture but captures nothing in " + pos.toFen());
        }
        return matches;
    }

    private static String castlingText(int move) {
        return Move.to(move) > Move.from(move) ? "O-O" : "O-O-O";
    }

    private static String pieceMoveText(Position pos, int move) {
        int from = Move.from(move);
        int type = Piece.type(pos.movedPiece(move));
        boolean capture = pos.isCapture(move);
        StringBuilder text = new StringBuilder();
        if (type == Piece.PAWN) {
            if (capture) {
                text.append((char) ('a' + Square.file(from)));
            }
        } else {
            text.append(PIECE_LETTERS.charAt(type)).append(disambiguation(pos, move, type));
        }
        if (capture) {
            text.append('x');
        }
        text.append(Square.name(Move.to(move)));
        if (Move.kind(move) == Move.PROMOTION) {
            text.append('=').append(PIECE_LETTERS.charAt(Move.promotionType(move)));
        }
        return text.toString();
    }

    /** The shortest origin hint that tells move apart from same-piece moves to the same square. */
    private static String disambiguation(Position pos, int move, int type) {
        int from = Move.from(move);
        boolean rivals = false;
        boolean sameFile = false;
        boolean sameRank = false;
        MoveList moves = legalMoves(pos);
        for (int i = 0; i < moves.size(); i++) {
            int other = moves.get(i);
            int otherFrom = Move.from(other);
            if (other == move || Move.to(other) != Move.to(move) || otherFrom == from
                    || Move.kind(other) == Move.CASTLING || Piece.type(pos.movedPiece(other)) != type) {
                continue;
            }
            rivals = true;
            sameFile |= Square.file(otherFrom) == Square.file(from);
            sameRank |= Square.rank(otherFrom) == Square.rank(from);
        }
        if (!rivals) {
            return "";
        }
        if (!sameFile) {
            return String.valueOf((char) ('a' + Square.file(from)));
        }
        if (!sameRank) {
            return String.valueOf((char) ('1' + Square.rank(from)));
        }
        return Square.name(from);
    }

    private static MoveList legalMoves(Position pos) {
        MoveList moves = new MoveList();
        MoveGenerator.generateAll(pos, moves);
        return moves;
    }
}
