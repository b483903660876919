// Basic chess types shared by every module: colours, pieces, squares, moves.
//
// Squares are numbered a1 = 0 ... h8 = 63 (little-endian rank-file mapping).
// A Move packs into 16 bits so that transposition-table entries stay small and
// the Java reference implementation can reproduce the encoding bit for bit:
//
//   bits  0-5   destination square
//   bits  6-11  origin square
//   bits 12-13  promotion piece: 0 knight, 1 bishop, 2 rook, 3 queen
//   bits 14-15  kind: 0 normal, 1 promotion, 2 en passant, 3 castling
//
// Castling is encoded as "king takes own rook" (origin = king square,
// destination = castling rook square), which covers Chess960 without special
// cases; the UCI printer translates it back to the king's destination.
#pragma once

#include <cstdint>

namespace augur {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : int { WHITE = 0, BLACK = 1 };
constexpr int COLOR_NB = 2;
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : int { NO_PIECE_TYPE = 0, PAWN = 1, KNIGHT, BISHOP, ROOK, QUEEN, KING };
constexpr int PIECE_TYPE_NB = 7;

// Pieces: white pieces 1..6, black pieces 9..14, so that type = piece & 7 and
// colour = piece >> 3.
enum Piece : int {
    NO_PIECE = 0,
    W_PAWN = 1, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
    B_PAWN = 9, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING,
};
constexpr int PIECE_NB = 16;

constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

enum Square : int {
    SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
    SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
    SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
    SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
    SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
    SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
    SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
    SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
    SQ_NONE = 64,
};
constexpr int SQUARE_NB = 64;

constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr bool is_ok(Square s) { return s >= SQ_A1 && s <= SQ_H8; }
// The same square seen from the other side of the board (a1 <-> a8).
constexpr Square flip_rank(Square s) { return Square(s ^ 56); }
// The rank as seen by colour c (White's rank 2 is Black's rank 7).
constexpr int relative_rank(Color c, int rank) { return c == WHITE ? rank : 7 - rank; }
constexpr Square relative_square(Color c, Square s) { return c == WHITE ? s : flip_rank(s); }
constexpr int pawn_push(Color c) { return c == WHITE ? 8 : -8; }

inline Square& operator++(Square& s) { return s = Square(int(s) + 1); }
constexpr Square operator+(Square s, int d) { return Square(int(s) + d); }
constexpr Square operator-(Square s, int d) { return Square(int(s) - d); }

// Castling rights as four bits; the rook squares they refer to live in the Position
// (Chess960 rooks may stand on any file).
enum CastlingRight : int {
    NO_CASTLING = 0,
    WHITE_OO = 1, WHITE_OOO = 2, BLACK_OO = 4, BLACK_OOO = 8,
    ALL_CASTLING = 15,
};
constexpr int CASTLING_RIGHT_NB = 16;
constexpr CastlingRight castling_right(Color c, bool king_side) {
    return CastlingRight((king_side ? WHITE_OO : WHITE_OOO) << (2 * c));
}

enum MoveKind : int { NORMAL = 0, PROMOTION = 1, EN_PASSANT = 2, CASTLING = 3 };

// A 16-bit move; see the file comment for the layout. Move() is "no move".
class Move {
public:
    constexpr Move() = default;
    constexpr explicit Move(std::uint16_t raw) : raw_(raw) {}
    constexpr Move(Square from, Square to) : raw_(std::uint16_t((from << 6) | to)) {}
    constexpr Move(Square from, Square to, MoveKind kind, PieceType promotion = KNIGHT)
        : raw_(std::uint16_t((kind << 14) | ((promotion - KNIGHT) << 12) | (from << 6) | to)) {}

    static constexpr Move none() { return Move(); }
    // A move no legal position can contain (b1-b1), used for null-move search.
    static constexpr Move null() { return Move(std::uint16_t(65)); }

    constexpr Square from() const { return Square((raw_ >> 6) & 63); }
    constexpr Square to() const { return Square(raw_ & 63); }
    constexpr MoveKind kind() const { return MoveKind(raw_ >> 14); }
    constexpr PieceType promotion() const { return PieceType(((raw_ >> 12) & 3) + KNIGHT); }
    constexpr std::uint16_t raw() const { return raw_; }
    constexpr bool is_ok() const { return from() != to(); }
    constexpr explicit operator bool() const { return raw_ != 0; }
    constexpr bool operator==(const Move&) const = default;

private:
    std::uint16_t raw_ = 0;
};

}  // namespace augur
