package dev.augur.reference;

/**
 * Decides whether an arbitrary 16-bit code is a legal move in a position, as a search must for
 * moves from the transposition table or killer slots, which may come from another position.
 *
 * <p>It works independently of {@link MoveGenerator}: first the code must describe a move the
 * piece on its origin can make (pseudo-legal, with every unused bit zero), then the board after
 * the move is inspected for attacks on the mover's king. Castling, whose rules are all about
 * attacked squares, shares its test with the generator. The tests check both agree on all
 * 65536 codes.
 */
final class MoveValidator {
    private MoveValidator() {}

    static boolean isLegal(Position pos, int move) {
        if (move <= 0 || move > 0xFFFF || Move.from(move) == Move.to(move)) {
            return false;
        }
        int piece = pos.pieceOn(Move.from(move));
        if (piece == Piece.NONE || Piece.colour(piece) != pos.sideToMove()) {
            return false;
        }
        switch (Move.kind(move)) {
            case Move.CASTLING:
                return isLegalCastling(pos, move, piece);
            case Move.EN_PASSANT:
                return isPseudoLegalEnPassant(pos, move, piece)
                    && MoveGenerator.enPassantKeepsKingSafe(pos, Move.from(move), Move.to(move));
            case Move.PROMOTION:
                return isPseudoLegalPromotion(pos, move, piece) && keepsKingSafe(pos, move, piece);
            default:
                return isPseudoLegalNormal(pos, move, piece) && keepsKingSafe(pos, move, piece);
        }
    }

    private static boolean isLegalCastling(Position pos, int move, int piece) {
        if (Piece.type(piece) != Piece.KING || Move.promotionBits(move) != 0) {
            return false;
        }
        int us = pos.sideToMove();
        int shortIndex = Castling.index(Castling.right(us, true));
        for (int index = shortIndex; index <= shortIndex + 1; index++) {
            if (pos.castlingRookSquare(1 << index) == Move.to(move) && pos.canCastle(index)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isPseudoLegalEnPassant(Position pos, int move, int piece) {
        int to = Move.to(move);
        return Piece.type(piece) == Piece.PAWN && Move.promotionBits(move) == 0 && to == pos.epSquare()
            && (Bitboards.pawnAttacks(pos.sideToMove(), Move.from(move)) & Bitboards.bit(to)) != 0;
    }

    private static boolean isPseudoLegalPromotion(Position pos, int move, int piece) {
        return Piece.type(piece) == Piece.PAWN && Square.relativeRank(pos.sideToMove(), Move.to(move)) == 7
            && isPawnStep(pos, Move.from(move), Move.to(move));
    }

    private static boolean isPseudoLegalNormal(Position pos, int move, int piece) {
        int from = Move.from(move);
        int to = Move.to(move);
        if (Move.promotionBits(move) != 0 || (pos.pieces(pos.sideToMove()) & Bitboards.bit(to)) != 0) {
            return false;
        }
        if (Piece.type(piece) == Piece.PAWN) {
            return Square.relativeRank(pos.sideToMove(), to) != 7 && isPawnStep(pos, from, to);
        }
        return (Bitboards.attacks(Piece.type(piece), from, pos.occupied()) & Bitboards.bit(to)) != 0;
    }

    // A push to an empty square, a double push from the second rank over an empty square, or
    // a diagonal capture of an enemy piece.
    private static boolean isPawnStep(Position pos, int from, int to) {
        int us = pos.sideToMove();
        int forward = us == Piece.WHITE ? 8 : -8;
        if (to == from + forward) {
            return pos.isEmpty(to);
        }
        if (to == from + 2 * forward) {
            return Square.relativeRank(us, from) == 1 && pos.isEmpty(from + forward) && pos.isEmpty(to);
        }
        long enemies = pos.pieces(us ^ 1);
        return (Bitboards.pawnAttacks(us, from) & enemies & Bitboards.bit(to)) != 0;
    }

    // Whether, on the board after the move, no enemy piece (other than one captured) attacks our king.
    private static boolean keepsKingSafe(Position pos, int move, int piece) {
        int us = pos.sideToMove();
        int from = Move.from(move);
        int to = Move.to(move);
        long occupiedAfter = (pos.occupied() ^ Bitboards.bit(from)) | Bitboards.bit(to);
        int king = Piece.type(piece) == Piece.KING ? to : pos.kingSquare(us);
        long enemies = pos.pieces(us ^ 1) & ~Bitboards.bit(to);
        return (pos.attackersTo(king, occupiedAfter) & enemies) == 0;
    }
}
