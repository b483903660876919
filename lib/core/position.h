// Position: the board, side to move, castling and en-passant state, with make
// and unmake of moves and incrementally maintained keys.
//
// The caller owns the per-move state: do_move() takes a StateInfo that must stay
// alive until the matching undo_move(). The states form a chain back to the
// position set from FEN, which is what repetition detection walks, so a game
// history is simply the moves played from the FEN with their states kept alive.
//
// The en-passant square is recorded only when a pawn of the side to move stands
// next to the pawn that just advanced two squares: exactly the rule of the
// Polyglot key, so the key needs no further check.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/bitboard.h"
#include "core/types.h"

namespace augur {

// The part of a position that make/unmake cannot cheaply restore.
struct StateInfo {
    // Copied from the previous state by do_move, then updated.
    Key pawn_key = 0;
    Key material_key = 0;
    int castling_rights = NO_CASTLING;
    int rule50 = 0;           // plies since the last capture or pawn move
    int plies_from_null = 0;  // plies since the last null move (bounds repetition search)
    Square ep_square = SQ_NONE;

    // Recomputed by do_move.
    Key key = 0;
    Bitboard checkers = 0;
    Bitboard blockers_for_king[COLOR_NB] = {};  // pieces of either colour shielding that king
    Bitboard pinners[COLOR_NB] = {};            // sliders of that colour pinning an enemy piece
    Bitboard check_squares[PIECE_TYPE_NB] = {}; // squares from which a piece type would give check
    Piece captured = NO_PIECE;
    // 0 if this position did not occur before; otherwise the distance in plies to
    // its previous occurrence, negated when that occurrence was itself a repetition.
    int repetition = 0;
    StateInfo* previous = nullptr;
};

class Position {
public:
    static constexpr std::string_view START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    Position() = default;
    Position(const Position&) = delete;
    Position& operator=(const Position&) = delete;

    // Sets the position from FEN (4 or 6 fields), X-FEN or Shredder-FEN. On
    // failure returns a message naming the fault and leaves *this unchanged.
    // Castling letters that only make sense in Chess960, or a king or rook off its
    // standard square, switch Chess960 on; chess960 = true forces it.
    [[nodiscard]] std::optional<std::string> set_fen(std::string_view fen, StateInfo& st, bool chess960 = false);
    std::string fen() const;
    // Copies other's board and current state into *this, with st as the new root
    // state (the history of other is not shared).
    void copy_from(const Position& other, StateInfo& st);

    // Board queries.
    Piece piece_on(Square s) const { return board_[s]; }
    bool empty(Square s) const { return board_[s] == NO_PIECE; }
    Bitboard pieces() const { return by_type_[0]; }
    Bitboard pieces(Color c) const { return by_color_[c]; }
    Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
    Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
    Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
    Bitboard pieces(Color c, PieceType a, PieceType b) const { return by_color_[c] & (by_type_[a] | by_type_[b]); }
    int count(Piece p) const { return piece_count_[p]; }
    Square king_square(Color c) const { return lsb(pieces(c, KING)); }
    Color side_to_move() const { return side_; }
    bool is_chess960() const { return chess960_; }
    int game_ply() const { return game_ply_; }
    int fullmove_number() const { return 1 + (game_ply_ - (side_ == BLACK)) / 2; }

    // State queries.
    Key key() const { return st_->key; }
    Key pawn_key() const { return st_->pawn_key; }
    Key material_key() const { return st_->material_key; }
    Square ep_square() const { return st_->ep_square; }
    int rule50() const { return st_->rule50; }
    int castling_rights() const { return st_->castling_rights; }
    bool can_castle(CastlingRight cr) const { return st_->castling_rights & cr; }
    Square castling_rook_square(CastlingRight cr) const { return castling_rook_[std::countr_zero(unsigned(cr))]; }
    // Squares that must be empty (other than the king and rook themselves) to castle.
    Bitboard castling_path(CastlingRight cr) const { return castling_path_[std::countr_zero(unsigned(cr))]; }
    Bitboard checkers() const { return st_->checkers; }
    bool in_check() const { return st_->checkers != 0; }
    Bitboard blockers_for_king(Color c) const { return st_->blockers_for_king[c]; }
    Bitboard pinners(Color c) const { return st_->pinners[c]; }
    Bitboard check_squares(PieceType pt) const { return st_->check_squares[pt]; }
    Piece captured_piece() const { return st_->captured; }
    const StateInfo* state() const { return st_; }

    // Attacks.
    Bitboard attackers_to(Square s, Bitboard occupied) const;
    Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
    bool attacked_by(Color c, Square s, Bitboard occupied) const { return attackers_to(s, occupied) & pieces(c); }

    // Moves. is_legal() accepts any 16-bit code and tells whether it is a legal
    // move here (for hash and killer moves); legal() assumes a generated,
    // pseudo-legal move.
    bool is_pseudo_legal(Move m) const;
    bool legal(Move m) const;
    bool is_legal(Move m) const { return is_pseudo_legal(m) && legal(m); }
    bool is_capture(Move m) const;
    bool gives_check(Move m) const;
    Piece moved_piece(Move m) const { return board_[m.from()]; }

    void do_move(Move m, StateInfo& new_st);
    void undo_move(Move m);
    void do_null_move(StateInfo& new_st);
    void undo_null_move();

    // Draw rules. is_repetition(ply) is true when the position repeats one inside
    // the last `ply` plies (the search tree) or repeats twice in the game history.
    bool is_repetition(int ply) const;
    bool is_threefold_repetition() const;
    bool is_fifty_move_draw() const { return st_->rule50 >= 100; }
    bool is_insufficient_material() const;

    // Recomputes every key from scratch (for tests of the incremental update).
    Key compute_key() const;
    Key compute_pawn_key() const;
    Key compute_material_key() const;

private:
    void clear();
    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    void do_castling(Color us, Square king_from, Square rook_from, bool undo);
    void add_castling_right(Color c, Square rook_square);
    void update_check_info();
    void update_repetition();
    void set_ep_square_if_capturable(Square ep);
    std::optional<std::string> validate() const;

    Piece board_[SQUARE_NB] = {};
    Bitboard by_type_[PIECE_TYPE_NB] = {};  // index 0 holds all pieces
    Bitboard by_color_[COLOR_NB] = {};
    int piece_count_[PIECE_NB] = {};
    int castling_rights_mask_[SQUARE_NB] = {};  // rights lost when a piece leaves or enters the square
    Square castling_rook_[4] = {SQ_NONE, SQ_NONE, SQ_NONE, SQ_NONE};
    Bitboard castling_path_[4] = {};
    Bitboard castling_king_path_[4] = {};  // squares the king crosses, destination included
    Color side_ = WHITE;
    int game_ply_ = 0;
    bool chess960_ = false;
    StateInfo* st_ = nullptr;
};

// The king's destination when castling with the rook on rook_square.
constexpr Square castling_king_to(Color c, Square king_from, Square rook_square) {
    return relative_square(c, rook_square > king_from ? SQ_G1 : SQ_C1);
}
constexpr Square castling_rook_to(Color c, Square king_from, Square rook_square) {
    return relative_square(c, rook_square > king_from ? SQ_F1 : SQ_D1);
}

}  // namespace augur
