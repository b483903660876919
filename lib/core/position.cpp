#include "core/position.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <vector>

#include "core/notation.h"
#include "core/text.h"
#include "core/zobrist.h"

namespace augur {

namespace {

constexpr std::string_view PIECE_LETTERS = " PNBRQK  pnbrqk";

int castling_index(CastlingRight cr) { return std::countr_zero(unsigned(cr)); }

std::vector<std::string_view> split_fields(std::string_view text) {
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        std::size_t start = i;
        while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
        if (i > start) fields.push_back(text.substr(start, i - start));
    }
    return fields;
}

std::optional<int> parse_number(std::string_view text) {
    int value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
    return value;
}

std::string printable_letter(char c) { return printable(std::string_view(&c, 1)); }

}  // namespace

// ---------------------------------------------------------------------------
// Board editing

void Position::clear() {
    std::memset(board_, 0, sizeof board_);
    std::memset(by_type_, 0, sizeof by_type_);
    std::memset(by_color_, 0, sizeof by_color_);
    std::memset(piece_count_, 0, sizeof piece_count_);
    std::memset(castling_rights_mask_, 0, sizeof castling_rights_mask_);
    std::fill(std::begin(castling_rook_), std::end(castling_rook_), SQ_NONE);
    std::memset(castling_path_, 0, sizeof castling_path_);
    std::memset(castling_king_path_, 0, sizeof castling_king_path_);
    side_ = WHITE;
    game_ply_ = 0;
    chess960_ = false;
}

inline void Position::put_piece(Piece p, Square s) {
    Bitboard b = square_bb(s);
    board_[s] = p;
    by_type_[0] |= b;
    by_type_[type_of(p)] |= b;
    by_color_[color_of(p)] |= b;
    ++piece_count_[p];
}

inline void Position::remove_piece(Square s) {
    Piece p = board_[s];
    Bitboard b = square_bb(s);
    by_type_[0] ^= b;
    by_type_[type_of(p)] ^= b;
    by_color_[color_of(p)] ^= b;
    board_[s] = NO_PIECE;
    --piece_count_[p];
}

inline void Position::move_piece(Square from, Square to) {
    Piece p = board_[from];
    Bitboard b = square_bb(from) | square_bb(to);
    by_type_[0] ^= b;
    by_type_[type_of(p)] ^= b;
    by_color_[color_of(p)] ^= b;
    board_[from] = NO_PIECE;
    board_[to] = p;
}

// ---------------------------------------------------------------------------
// FEN

std::optional<std::string> Position::set_fen(std::string_view fen, StateInfo& st, bool chess960) {
    // Parse into a scratch position so that *this is untouched on failure.
    Position p;
    StateInfo scratch;
    p.clear();
    p.st_ = &scratch;

    std::vector<std::string_view> fields = split_fields(fen);
    if (fields.size() != 4 && fields.size() != 6)
        return "FEN must have 4 or 6 fields, found " + std::to_string(fields.size());

    // 1. Piece placement, from rank 8 down to rank 1.
    int rank = 7, file = 0;
    for (char c : fields[0]) {
        if (c == '/') {
            if (file != 8) return "FEN rank " + std::to_string(rank + 1) + " does not have 8 squares";
            if (--rank < 0) return "FEN board has more than 8 ranks";
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8) return "FEN rank " + std::to_string(rank + 1) + " has more than 8 squares";
        } else {
            std::size_t idx = PIECE_LETTERS.find(c);
            if (idx == std::string_view::npos || c == ' ')
                return "FEN has an invalid piece letter '" + printable_letter(c) + "'";
            if (file >= 8) return "FEN rank " + std::to_string(rank + 1) + " has more than 8 squares";
            p.put_piece(Piece(idx), make_square(file++, rank));
        }
    }
    if (rank != 0 || file != 8)
        return rank > 0 ? std::string("FEN board has fewer than 8 ranks")
                        : "FEN rank 1 does not have 8 squares";

    // 2. Side to move.
    if (fields[1] != "w" && fields[1] != "b") return "FEN side to move must be 'w' or 'b'";
    p.side_ = fields[1] == "w" ? WHITE : BLACK;

    // Kings must be known before castling rights can be interpreted.
    for (Color c : {WHITE, BLACK})
        if (popcount(p.pieces(c, KING)) != 1)
            return std::string("FEN must have exactly one ") + (c == WHITE ? "white" : "black") + " king";

    // 3. Castling rights: KQkq (X-FEN: outermost rook), or rook files (Shredder/X-FEN).
    p.chess960_ = chess960;
    if (fields[2] != "-") {
        for (char c : fields[2]) {
            Color color = (c >= 'a' && c <= 'z') ? BLACK : WHITE;
            char upper = char(color == BLACK ? c - 32 : c);
            Square ksq = p.king_square(color);
            Bitboard back_rooks = p.pieces(color, ROOK) & rank_bb(relative_rank(color, 0));
            Square rook_sq;
            if (upper == 'K' || upper == 'Q') {
                Bitboard side = upper == 'K' ? back_rooks & ~(square_bb(ksq) * 2 - 1)
                                             : back_rooks & (square_bb(ksq) - 1);
                if (!side || rank_of(ksq) != relative_rank(color, 0))
                    return "FEN castling right '" + printable_letter(c) + "' has no matching king and rook";
                rook_sq = upper == 'K' ? msb(side) : lsb(side);
            } else if (upper >= 'A' && upper <= 'H') {
                rook_sq = make_square(upper - 'A', relative_rank(color, 0));
                if (p.piece_on(rook_sq) != make_piece(color, ROOK) || rank_of(ksq) != relative_rank(color, 0) ||
                    rook_sq == ksq)
                    return "FEN castling right '" + printable_letter(c) + "' has no matching king and rook";
                p.chess960_ = true;
            } else {
                return "FEN castling field has an invalid letter '" + printable_letter(c) + "'";
            }
            CastlingRight cr = castling_right(color, rook_sq > ksq);
            if (p.st_->castling_rights & cr)
                return "FEN castling field repeats a right ('" + printable_letter(c) + "')";
            p.add_castling_right(color, rook_sq);
        }
        // A king or rook off its standard square means Chess960.
        for (int i = 0; i < 4; ++i) {
            if (p.castling_rook_[i] == SQ_NONE) continue;
            Color color = Color(i / 2);
            if (p.king_square(color) != relative_square(color, SQ_E1) ||
                p.castling_rook_[i] != relative_square(color, i % 2 == 0 ? SQ_H1 : SQ_A1))
                p.chess960_ = true;
        }
    }

    // 4. En passant square.
    Square ep = SQ_NONE;
    if (fields[3] != "-") {
        std::string_view f = fields[3];
        if (f.size() != 2 || f[0] < 'a' || f[0] > 'h' || f[1] < '1' || f[1] > '8')
            return "FEN en passant field '" + printable(f, 40) + "' is not a square";
        ep = make_square(f[0] - 'a', f[1] - '1');
        Color us = p.side_;
        Square pawn_sq = ep - pawn_push(us);  // the pawn that advanced two squares
        if (rank_of(ep) != relative_rank(us, 5) || p.piece_on(pawn_sq) != make_piece(~us, PAWN) ||
            !p.empty(ep) || !p.empty(ep + pawn_push(us)))
            return "FEN en passant square " + std::string(f) + " is impossible in this position";
    }

    // 5-6. Clocks.
    int rule50 = 0, fullmove = 1;
    if (fields.size() == 6) {
        auto halfmove_clock = parse_number(fields[4]);
        auto fullmove_number = parse_number(fields[5]);
        if (!halfmove_clock || *halfmove_clock > 10000) return "FEN halfmove clock '" + printable(fields[4], 40) + "' is invalid";
        if (!fullmove_number || *fullmove_number > 100000) return "FEN fullmove number '" + printable(fields[5], 40) + "' is invalid";
        rule50 = *halfmove_clock;
        fullmove = std::max(1, *fullmove_number);
    }
    p.st_->rule50 = rule50;
    p.game_ply_ = 2 * (fullmove - 1) + (p.side_ == BLACK);

    if (auto error = p.validate()) return error;

    p.set_ep_square_if_capturable(ep);
    p.st_->key = p.compute_key();
    p.st_->pawn_key = p.compute_pawn_key();
    p.st_->material_key = p.compute_material_key();
    p.update_check_info();

    copy_from(p, st);
    return std::nullopt;
}

// Checks that need the whole board: rules no legal game can break.
std::optional<std::string> Position::validate() const {
    if (pieces(PAWN) & (rank_bb(0) | rank_bb(7))) return std::string("FEN has a pawn on the first or last rank");
    for (Color c : {WHITE, BLACK}) {
        if (popcount(pieces(c)) > 16)
            return std::string("FEN has more than 16 ") + (c == WHITE ? "white" : "black") + " pieces";
        if (popcount(pieces(c, PAWN)) > 8)
            return std::string("FEN has more than 8 ") + (c == WHITE ? "white" : "black") + " pawns";
    }
    Color them = ~side_;
    if (attackers_to(king_square(them)) & pieces(side_))
        return std::string("FEN side not to move (") + (them == WHITE ? "white" : "black") + ") is in check";
    return std::nullopt;
}

void Position::add_castling_right(Color c, Square rook_sq) {
    Square ksq = king_square(c);
    CastlingRight cr = castling_right(c, rook_sq > ksq);
    int i = castling_index(cr);
    st_->castling_rights |= cr;
    castling_rights_mask_[ksq] |= cr;
    castling_rights_mask_[rook_sq] |= cr;
    castling_rook_[i] = rook_sq;

    Square king_to = castling_king_to(c, ksq, rook_sq);
    Square rook_to = castling_rook_to(c, ksq, rook_sq);
    castling_king_path_[i] = between_bb(ksq, king_to) | square_bb(king_to);
    castling_path_[i] = (between_bb(rook_sq, rook_to) | between_bb(ksq, king_to) | square_bb(king_to) |
                         square_bb(rook_to)) & ~(square_bb(ksq) | square_bb(rook_sq));
}

void Position::set_ep_square_if_capturable(Square ep) {
    st_->ep_square = SQ_NONE;
    if (ep != SQ_NONE && (pawn_attacks(~side_, ep) & pieces(side_, PAWN))) st_->ep_square = ep;
}

void Position::copy_from(const Position& other, StateInfo& st) {
    std::memcpy(board_, other.board_, sizeof board_);
    std::memcpy(by_type_, other.by_type_, sizeof by_type_);
    std::memcpy(by_color_, other.by_color_, sizeof by_color_);
    std::memcpy(piece_count_, other.piece_count_, sizeof piece_count_);
    std::memcpy(castling_rights_mask_, other.castling_rights_mask_, sizeof castling_rights_mask_);
    std::memcpy(castling_rook_, other.castling_rook_, sizeof castling_rook_);
    std::memcpy(castling_path_, other.castling_path_, sizeof castling_path_);
    std::memcpy(castling_king_path_, other.castling_king_path_, sizeof castling_king_path_);
    side_ = other.side_;
    game_ply_ = other.game_ply_;
    chess960_ = other.chess960_;
    st = *other.st_;
    st.previous = nullptr;
    st.repetition = 0;
    st_ = &st;
}

std::string Position::fen() const {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        int empty_run = 0;
        for (int file = 0; file < 8; ++file) {
            Piece p = board_[make_square(file, rank)];
            if (p == NO_PIECE) {
                ++empty_run;
                continue;
            }
            if (empty_run) out += char('0' + empty_run);
            empty_run = 0;
            out += PIECE_LETTERS[p];
        }
        if (empty_run) out += char('0' + empty_run);
        if (rank) out += '/';
    }
    out += side_ == WHITE ? " w " : " b ";

    // Standard positions print KQkq; Chess960 prints Shredder-style rook files.
    std::string rights;
    for (int i = 0; i < 4; ++i) {
        if (!(st_->castling_rights & (1 << i))) continue;
        Color c = Color(i / 2);
        char letter = chess960_ ? char('A' + file_of(castling_rook_[i])) : (i % 2 == 0 ? 'K' : 'Q');
        rights += c == WHITE ? letter : char(letter + 32);
    }
    out += rights.empty() ? "-" : rights;
    out += ' ';
    out += st_->ep_square == SQ_NONE ? "-" : square_to_string(st_->ep_square);
    out += ' ' + std::to_string(st_->rule50) + ' ' + std::to_string(fullmove_number());
    return out;
}

// ---------------------------------------------------------------------------
// Keys

Key Position::compute_key() const {
    Key k = 0;
    for (Bitboard b = pieces(); b;) {
        Square s = pop_lsb(b);
        k ^= zobrist::piece_square(board_[s], s);
    }
    k ^= zobrist::castling(st_->castling_rights);
    if (st_->ep_square != SQ_NONE) k ^= zobrist::en_passant(file_of(st_->ep_square));
    if (side_ == WHITE) k ^= zobrist::white_to_move();
    return k;
}

Key Position::compute_pawn_key() const {
    Key k = 0;
    for (Bitboard b = pieces(PAWN); b;) {
        Square s = pop_lsb(b);
        k ^= zobrist::piece_square(board_[s], s);
    }
    return k;
}

Key Position::compute_material_key() const {
    Key k = 0;
    for (int p = 0; p < PIECE_NB; ++p)
        for (int i = 0; i < piece_count_[p]; ++i) k ^= zobrist::material(Piece(p), i);
    return k;
}

// ---------------------------------------------------------------------------
// Attacks and check information

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
    return (pawn_attacks(BLACK, s) & pieces(WHITE, PAWN)) | (pawn_attacks(WHITE, s) & pieces(BLACK, PAWN)) |
           (knight_attacks(s) & pieces(KNIGHT)) | (rook_attacks(s, occupied) & pieces(ROOK, QUEEN)) |
           (bishop_attacks(s, occupied) & pieces(BISHOP, QUEEN)) | (king_attacks(s) & pieces(KING));
}

void Position::update_check_info() {
    for (Color c : {WHITE, BLACK}) {
        Square ksq = king_square(c);
        Bitboard snipers = ((rook_attacks(ksq, 0) & pieces(ROOK, QUEEN)) |
                            (bishop_attacks(ksq, 0) & pieces(BISHOP, QUEEN))) & pieces(~c);
        Bitboard occupancy = pieces() ^ snipers;
        st_->blockers_for_king[c] = 0;
        st_->pinners[~c] = 0;
        while (snipers) {
            Square sniper = pop_lsb(snipers);
            Bitboard b = between_bb(ksq, sniper) & occupancy;
            if (b && !more_than_one(b)) {
                st_->blockers_for_king[c] |= b;
                if (b & pieces(c)) st_->pinners[~c] |= square_bb(sniper);
            }
        }
    }
    Square their_king = king_square(~side_);
    st_->checkers = attackers_to(king_square(side_)) & pieces(~side_);
    st_->check_squares[PAWN] = pawn_attacks(~side_, their_king);
    st_->check_squares[KNIGHT] = knight_attacks(their_king);
    st_->check_squares[BISHOP] = bishop_attacks(their_king, pieces());
    st_->check_squares[ROOK] = rook_attacks(their_king, pieces());
    st_->check_squares[QUEEN] = st_->check_squares[BISHOP] | st_->check_squares[ROOK];
    st_->check_squares[KING] = 0;
}

// ---------------------------------------------------------------------------
// Move legality

bool Position::is_capture(Move m) const {
    return (!empty(m.to()) && m.kind() != CASTLING) || m.kind() == EN_PASSANT;
}

bool Position::is_pseudo_legal(Move m) const {
    if (!m.is_ok()) return false;
    Color us = side_;
    Square from = m.from(), to = m.to();
    Piece pc = board_[from];
    if (pc == NO_PIECE || color_of(pc) != us) return false;
    PieceType pt = type_of(pc);

    if (m.kind() == CASTLING) {
        if (pt != KING || m.promotion() != KNIGHT || in_check() || board_[to] != make_piece(us, ROOK)) return false;
        CastlingRight cr = castling_right(us, to > from);
        int i = castling_index(cr);
        return can_castle(cr) && castling_rook_[i] == to && !(castling_path_[i] & pieces());
    }
    if (pt == PAWN) {
        int push = pawn_push(us);
        bool last_rank = rank_of(to) == relative_rank(us, 7);
        if (m.kind() == EN_PASSANT)
            return m.promotion() == KNIGHT && to == st_->ep_square && (pawn_attacks(us, from) & square_bb(to));
        if (m.kind() == NORMAL && m.promotion() != KNIGHT) return false;  // stray promotion bits
        if ((m.kind() == PROMOTION) != last_rank) return false;
        if (pawn_attacks(us, from) & pieces(~us) & square_bb(to)) return true;
        if (to == from + push) return empty(to);
        return to == from + 2 * push && rank_of(from) == relative_rank(us, 1) && empty(from + push) && empty(to);
    }
    if (m.raw() != Move(from, to).raw()) return false;  // stray kind or promotion bits
    if (pieces(us) & square_bb(to)) return false;
    return attacks(pt, from, pieces()) & square_bb(to);
}

bool Position::legal(Move m) const {
    Color us = side_;
    Square from = m.from(), to = m.to();
    Square ksq = king_square(us);

    if (m.kind() == EN_PASSANT) {
        Square captured = to - pawn_push(us);
        Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(to);
        return !(rook_attacks(ksq, occupied) & pieces(~us, ROOK, QUEEN)) &&
               !(bishop_attacks(ksq, occupied) & pieces(~us, BISHOP, QUEEN)) &&
               !(attackers_to(ksq, occupied) & pieces(~us) & ~square_bb(captured) & pieces(KNIGHT, PAWN));
    }
    if (m.kind() == CASTLING) {
        int i = castling_index(castling_right(us, to > from));
        Bitboard occupied = pieces() ^ square_bb(from) ^ square_bb(to);
        for (Bitboard path = castling_king_path_[i]; path;)
            if (attackers_to(pop_lsb(path), occupied) & pieces(~us)) return false;
        return true;
    }
    if (from == ksq) return !(attackers_to(to, pieces() ^ square_bb(from)) & pieces(~us) & ~square_bb(to));

    // Any other move: the checkers must be dealt with and a pinned piece must stay on its line.
    Bitboard checkers = st_->checkers;
    if (checkers) {
        if (more_than_one(checkers)) return false;
        if (!(between_bb(ksq, lsb(checkers)) & square_bb(to))) return false;
    }
    return !(blockers_for_king(us) & square_bb(from)) || aligned(from, to, ksq);
}

bool Position::gives_check(Move m) const {
    Square from = m.from(), to = m.to();
    Color us = side_;
    Square their_king = king_square(~us);

    if (m.kind() == CASTLING) {
        // Check by the moved rook or, in Chess960, by a slider the king uncovered.
        Square rook_to = castling_rook_to(us, from, to);
        Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(to)) | square_bb(rook_to) |
                            square_bb(castling_king_to(us, from, to));
        Bitboard rooks = (pieces(us, ROOK, QUEEN) ^ square_bb(to)) | square_bb(rook_to);
        return (rook_attacks(their_king, occupied) & rooks) ||
               (bishop_attacks(their_king, occupied) & pieces(us, BISHOP, QUEEN));
    }
    if (check_squares(type_of(board_[from])) & square_bb(to)) return true;
    // Discovered check: a blocker of their king leaving the line.
    if ((blockers_for_king(~us) & square_bb(from)) && !aligned(from, to, their_king)) return true;

    switch (m.kind()) {
    case NORMAL:
    case CASTLING: return false;
    case PROMOTION: return attacks(m.promotion(), to, pieces() ^ square_bb(from)) & square_bb(their_king);
    case EN_PASSANT: {
        Square captured = make_square(file_of(to), rank_of(from));
        Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(to);
        return (rook_attacks(their_king, occupied) & pieces(us, ROOK, QUEEN)) |
               (bishop_attacks(their_king, occupied) & pieces(us, BISHOP, QUEEN));
    }
    }
    return false;
}

// ---------------------------------------------------------------------------
// Make and unmake

void Position::do_move(Move m, StateInfo& new_st) {
    // Copy the fields that carry over; the rest is recomputed below.
    new_st.pawn_key = st_->pawn_key;
    new_st.material_key = st_->material_key;
    new_st.castling_rights = st_->castling_rights;
    new_st.rule50 = st_->rule50 + 1;
    new_st.plies_from_null = st_->plies_from_null + 1;
    new_st.previous = st_;
    Key key = st_->key ^ zobrist::white_to_move();
    if (st_->ep_square != SQ_NONE) key ^= zobrist::en_passant(file_of(st_->ep_square));
    st_ = &new_st;
    ++game_ply_;

    Color us = side_, them = ~us;
    Square from = m.from(), to = m.to();
    Piece pc = board_[from];
    Piece captured = m.kind() == EN_PASSANT ? make_piece(them, PAWN) : board_[to];
    Square ep_candidate = SQ_NONE;

    if (m.kind() == CASTLING) {
        Square king_to = castling_king_to(us, from, to), rook_to = castling_rook_to(us, from, to);
        Piece rook = board_[to];
        key ^= zobrist::piece_square(pc, from) ^ zobrist::piece_square(pc, king_to) ^
               zobrist::piece_square(rook, to) ^ zobrist::piece_square(rook, rook_to);
        do_castling(us, from, to, false);
        captured = NO_PIECE;
    } else {
        if (captured != NO_PIECE) {
            Square capsq = m.kind() == EN_PASSANT ? to - pawn_push(us) : to;
            if (type_of(captured) == PAWN) new_st.pawn_key ^= zobrist::piece_square(captured, capsq);
            key ^= zobrist::piece_square(captured, capsq);
            new_st.material_key ^= zobrist::material(captured, piece_count_[captured] - 1);
            remove_piece(capsq);
            new_st.rule50 = 0;
        }
        key ^= zobrist::piece_square(pc, from) ^ zobrist::piece_square(pc, to);
        move_piece(from, to);

        if (type_of(pc) == PAWN) {
            new_st.rule50 = 0;
            new_st.pawn_key ^= zobrist::piece_square(pc, from) ^ zobrist::piece_square(pc, to);
            if ((int(to) ^ int(from)) == 16) ep_candidate = to - pawn_push(us);
            if (m.kind() == PROMOTION) {
                Piece promoted = make_piece(us, m.promotion());
                remove_piece(to);
                put_piece(promoted, to);
                key ^= zobrist::piece_square(pc, to) ^ zobrist::piece_square(promoted, to);
                new_st.pawn_key ^= zobrist::piece_square(pc, to);
                new_st.material_key ^= zobrist::material(pc, piece_count_[pc]) ^
                                       zobrist::material(promoted, piece_count_[promoted] - 1);
            }
        }
    }

    if (int lost = new_st.castling_rights & (castling_rights_mask_[from] | castling_rights_mask_[to])) {
        key ^= zobrist::castling(new_st.castling_rights) ^ zobrist::castling(new_st.castling_rights & ~lost);
        new_st.castling_rights &= ~lost;
    }

    new_st.captured = captured;
    side_ = them;
    new_st.ep_square = SQ_NONE;
    if (ep_candidate != SQ_NONE && (pawn_attacks(us, ep_candidate) & pieces(them, PAWN))) {
        new_st.ep_square = ep_candidate;
        key ^= zobrist::en_passant(file_of(ep_candidate));
    }
    new_st.key = key;
    update_check_info();
    update_repetition();
}

void Position::undo_move(Move m) {
    side_ = ~side_;
    Color us = side_;
    Square from = m.from(), to = m.to();

    if (m.kind() == CASTLING) {
        do_castling(us, from, to, true);
    } else {
        if (m.kind() == PROMOTION) {
            remove_piece(to);
            put_piece(make_piece(us, PAWN), to);
        }
        move_piece(to, from);
        if (Piece captured = st_->captured) {
            Square capsq = m.kind() == EN_PASSANT ? to - pawn_push(us) : to;
            put_piece(captured, capsq);
        }
    }
    st_ = st_->previous;
    --game_ply_;
}

// Moves king and rook for castling (or back); in Chess960 they may swap squares,
// so both leave the board before either is placed.
void Position::do_castling(Color us, Square king_from, Square rook_from, bool undo) {
    Square king_to = castling_king_to(us, king_from, rook_from);
    Square rook_to = castling_rook_to(us, king_from, rook_from);
    Piece king = make_piece(us, KING), rook = make_piece(us, ROOK);
    remove_piece(undo ? king_to : king_from);
    remove_piece(undo ? rook_to : rook_from);
    put_piece(king, undo ? king_from : king_to);
    put_piece(rook, undo ? rook_from : rook_to);
}

void Position::do_null_move(StateInfo& new_st) {
    std::memcpy(&new_st, st_, sizeof(StateInfo));
    new_st.previous = st_;
    st_ = &new_st;
    if (new_st.ep_square != SQ_NONE) {
        new_st.key ^= zobrist::en_passant(file_of(new_st.ep_square));
        new_st.ep_square = SQ_NONE;
    }
    new_st.key ^= zobrist::white_to_move();
    ++new_st.rule50;
    new_st.plies_from_null = 0;
    new_st.captured = NO_PIECE;
    side_ = ~side_;
    ++game_ply_;
    update_check_info();
    new_st.repetition = 0;
}

void Position::undo_null_move() {
    st_ = st_->previous;
    side_ = ~side_;
    --game_ply_;
}

// ---------------------------------------------------------------------------
// Draw rules

// Looks back through positions with the same side to move that the last
// irreversible move and the last null move allow to repeat.
void Position::update_repetition() {
    st_->repetition = 0;
    int end = std::min(st_->rule50, st_->plies_from_null);
    const StateInfo* stp = st_;
    for (int i = 2; i <= end; i += 2) {
        if (!stp->previous || !stp->previous->previous) return;
        stp = stp->previous->previous;
        if (i >= 4 && stp->key == st_->key) {
            st_->repetition = stp->repetition ? -i : i;
            return;
        }
    }
}

bool Position::is_repetition(int ply) const {
    return st_->repetition && st_->repetition < ply;
}

bool Position::is_threefold_repetition() const {
    // A negative distance means the earlier occurrence was itself a repetition.
    return st_->repetition < 0;
}

bool Position::is_insufficient_material() const {
    if (pieces(PAWN, ROOK) || pieces(QUEEN)) return false;
    int minors = popcount(pieces(KNIGHT, BISHOP));
    if (minors <= 1) return true;  // K vs K, K+minor vs K
    // Only bishops, all on squares of one colour: no mate is possible.
    constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;
    Bitboard bishops = pieces(BISHOP);
    return !pieces(KNIGHT) && (!(bishops & DARK_SQUARES) || !(bishops & ~DARK_SQUARES));
}

}  // namespace augur
