package dev.augur.reference;

/**
 * Legal move generation.
 *
 * <p>Moves are generated legal, not pseudo-legal: pinned pieces move only along their pin
 * line, in check only the king or moves that capture the single checker or block it are
 * produced, and the king avoids every square the opponent attacks (computed with the king
 * itself lifted off the board, so it cannot step back along a checking ray). Only en passant,
 * which removes two pieces from one rank, is tested by looking at the board after the capture.
 *
 * <p>Three selections: ALL; NOISY = captures, every promotion (capturing or not, under- too)
 * and en passant; QUIET = everything else, including castling. NOISY and QUIET partition ALL.
 *
 * <p>Order is deterministic but, as in the native core, not part of the contract: move
 * ordering breaks ties by move code, so the two implementations need not generate alike.
 * Here it is pawns, knights, bishops, rooks, queens, king, then castling short before long;
 * within a piece type by origin square, then destination; a pawn's pushes before its
 * captures before en passant, promotions as queen, rook, bishop, knight.
 */
public final class MoveGenerator {
    private MoveGenerator() {}

    public static final int NOISY = 1;
    public static final int QUIET = 2;
    public static final int ALL = NOISY | QUIET;

    private static final int[] PROMOTION_ORDER = {Piece.QUEEN, Piece.ROOK, Piece.BISHOP, Piece.KNIGHT};

    public static void generateAll(Position pos, MoveList list) {
        generate(pos, list, ALL);
    }

    public static void generateNoisy(Position pos, MoveList list) {
        generate(pos, list, NOISY);
    }

    public static void generateQuiet(Position pos, MoveList list) {
        generate(pos, list, QUIET);
    }

    /** Clears list and fills it with the legal moves of the given selection. */
    public static void generate(Position pos, MoveList list, int selection) {
        list.clear();
        int us = pos.sideToMove();
        int them = us ^ 1;
        int king = pos.kingSquare(us);
        long checkers = pos.checkers();
        // Squares of the selection: enemy pieces for noisy moves, empty squares for quiet ones.
        long selected = ((selection & NOISY) != 0 ? pos.pieces(them) : 0)
            | ((selection & QUIET) != 0 ? ~pos.occupied() : 0);
        if (!Bitboards.moreThanOne(checkers)) {
            // Outside check anything goes; in single check only capturing or blocking the checker.
            long evasionTargets = checkers == 0 ? Bitboards.ALL
                : checkers | Bitboards.between(king, Long.numberOfTrailingZeros(checkers));
            long pinned = pinnedPieces(pos, us, king);
            generatePawnMoves(pos, list, selection, evasionTargets, pinned);
            for (int type = Piece.KNIGHT; type <= Piece.QUEEN; type++) {
                generatePieceMoves(pos, list, type, selected & evasionTargets, pinned);
            }
        }
        generateKingMoves(pos, list, selected, king);
        if ((selection & QUIET) != 0 && checkers == 0) {
            generateCastling(pos, list, us, king);
        }
    }

    /** Pieces of colour us that alone shield their king from an enemy slider. */
    static long pinnedPieces(Position pos, int us, int king) {
        int them = us ^ 1;
        long queens = pos.pieces(them, Piece.QUEEN);
        long snipers = (Bitboards.rookAttacks(king, 0) & (pos.pieces(them, Piece.ROOK) | queens))
            | (Bitboards.bishopAttacks(king, 0) & (pos.pieces(them, Piece.BISHOP) | queens));
        long pinned = 0;
        for (; snipers != 0; snipers &= snipers - 1) {
            long blockers = Bitboards.between(king, Long.numberOfTrailingZeros(snipers)) & pos.occupied();
            if (blockers != 0 && !Bitboards.moreThanOne(blockers)) {
                pinned |= blockers & pos.pieces(us);
            }
        }
        return pinned;
    }

    private static void generatePieceMoves(Position pos, MoveList list, int type, long targets, long pinned) {
        int us = pos.sideToMove();
        int king = pos.kingSquare(us);
        long occupied = pos.occupied();
        for (long pieces = pos.pieces(us, type); pieces != 0; pieces &= pieces - 1) {
            int from = Long.numberOfTrailingZeros(pieces);
            long destinations = Bitboards.attacks(type, from, occupied) & targets;
            if ((pinned & Bitboards.bit(from)) != 0) {
                destinations &= Bitboards.line(king, from);
            }
            addMoves(list, from, destinations);
        }
    }

    private static void addMoves(MoveList list, int from, long destinations) {
        for (; destinations != 0; destinations &= destinations - 1) {
            list.add(Move.make(from, Long.numberOfTrailingZeros(destinations)));
        }
    }

    private static void generatePawnMoves(Position pos, MoveList list, int selection, long evasionTargets,
                                          long pinned) {
        int us = pos.sideToMove();
        int king = pos.kingSquare(us);
        long empty = ~pos.occupied();
        long enemies = pos.pieces(us ^ 1);
        for (long pawns = pos.pieces(us, Piece.PAWN); pawns != 0; pawns &= pawns - 1) {
            int from = Long.numberOfTrailingZeros(pawns);
            long allowed = evasionTargets;
            if ((pinned & Bitboards.bit(from)) != 0) {
                allowed &= Bitboards.line(king, from);
            }
            boolean promotes = Square.relativeRank(us, from) == 6;
            long single = Bitboards.pawnPush(us, Bitboards.bit(from)) & empty;
            long pushes = single;
            if (Square.relativeRank(us, from) == 1) {
                pushes |= Bitboards.pawnPush(us, single) & empty;
            }
            long captures = Bitboards.pawnAttacks(us, from) & enemies;
            if (promotes) {
                if ((selection & NOISY) != 0) {
                    addPromotions(list, from, (pushes | captures) & allowed);
                }
                continue;
            }
            if ((selection & QUIET) != 0) {
                addMoves(list, from, pushes & allowed);
            }
            if ((selection & NOISY) != 0) {
                addMoves(list, from, captures & allowed);
                addEnPassant(pos, list, from);
            }
        }
    }

    // Destinations ascending, each with queen, rook, bishop, knight.
    private static void addPromotions(MoveList list, int from, long destinations) {
        for (; destinations != 0; destinations &= destinations - 1) {
            int to = Long.numberOfTrailingZeros(destinations);
            for (int type : PROMOTION_ORDER) {
                list.add(Move.promotion(from, to, type));
            }
        }
    }

    private static void addEnPassant(Position pos, MoveList list, int from) {
        int ep = pos.epSquare();
        if (ep != Square.NONE && (Bitboards.pawnAttacks(pos.sideToMove(), from) & Bitboards.bit(ep)) != 0
                && enPassantKeepsKingSafe(pos, from, ep)) {
            list.add(Move.make(from, ep, Move.EN_PASSANT));
        }
    }

    /** Looks at the board after the capture: no enemy piece other than the taken pawn may attack the king. */
    static boolean enPassantKeepsKingSafe(Position pos, int from, int ep) {
        int us = pos.sideToMove();
        int capturedSquare = ep + (us == Piece.WHITE ? -8 : 8);
        long occupiedAfter = pos.occupied() ^ Bitboards.bit(from) ^ Bitboards.bit(capturedSquare) ^ Bitboards.bit(ep);
        long attackers = pos.attackersTo(pos.kingSquare(us), occupiedAfter)
            & pos.pieces(us ^ 1) & ~Bitboards.bit(capturedSquare);
        return attackers == 0;
    }

    private static void generateKingMoves(Position pos, MoveList list, long selected, int king) {
        long destinations = Bitboards.kingAttacks(king) & selected & ~attackedSquares(pos, pos.sideToMove() ^ 1);
        addMoves(list, king, destinations);
    }

    /** Squares the given colour attacks, seen through the enemy king (it may not retreat along a ray). */
    static long attackedSquares(Position pos, int colour) {
        long occupied = pos.occupied() ^ pos.pieces(colour ^ 1, Piece.KING);
        long attacked = Bitboards.pawnAttacks(colour, pos.pieces(colour, Piece.PAWN));
        for (long b = pos.pieces(colour, Piece.KNIGHT); b != 0; b &= b - 1) {
            attacked |= Bitboards.knightAttacks(Long.numberOfTrailingZeros(b));
        }
        long diagonal = pos.pieces(colour, Piece.BISHOP) | pos.pieces(colour, Piece.QUEEN);
        for (long b = diagonal; b != 0; b &= b - 1) {
            attacked |= Bitboards.bishopAttacks(Long.numberOfTrailingZeros(b), occupied);
        }
        long straight = pos.pieces(colour, Piece.ROOK) | pos.pieces(colour, Piece.QUEEN);
        for (long b = straight; b != 0; b &= b - 1) {
            attacked |= Bitboards.rookAttacks(Long.numberOfTrailingZeros(b), occupied);
        }
        return attacked | Bitboards.kingAttacks(pos.kingSquare(colour));
    }

    private static void generateCastling(Position pos, MoveList list, int us, int king) {
        int shortIndex = Castling.index(Castling.right(us, true));
        for (int index = shortIndex; index <= shortIndex + 1; index++) {
            if (pos.canCastle(index)) {
                list.add(Move.make(king, pos.castlingRookSquare(1 << index), Move.CASTLING));
            }
        }
    }
}
