#include "core/notation.h"

#include <cctype>

#include "core/movegen.h"

namespace augur {

namespace {

constexpr std::string_view PIECE_CHARS = "  NBRQK";  // SAN letters by piece type

void set_error(std::string* error, std::string message) {
    if (error) *error = std::move(message);
}

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

PieceType piece_type_from_letter(char c) {
    std::size_t i = PIECE_CHARS.find(char(std::toupper(static_cast<unsigned char>(c))));
    return (i == std::string_view::npos || c == ' ') ? NO_PIECE_TYPE : PieceType(i);
}

// The destination a user would name for m: castling goes to the king's square.
Square displayed_to(const Position& pos, Move m) {
    if (m.kind() != CASTLING || pos.is_chess960()) return m.to();
    return castling_king_to(pos.side_to_move(), m.from(), m.to());
}

}  // namespace

std::string square_to_string(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

std::string move_to_uci(const Position& pos, Move m) {
    if (!m) return "0000";
    std::string out = square_to_string(m.from()) + square_to_string(displayed_to(pos, m));
    if (m.kind() == PROMOTION) out += "  nbrq"[m.promotion()];
    return out;
}

Move parse_uci_move(const Position& pos, std::string_view text, std::string* error) {
    bool well_formed = (text.size() == 4 || text.size() == 5) && is_file(text[0]) && is_rank(text[1]) &&
                       is_file(text[2]) && is_rank(text[3]) &&
                       (text.size() == 4 || std::string_view("nbrq").find(text[4]) != std::string_view::npos);
    if (!well_formed) {
        set_error(error, "'" + std::string(text) + "' is not a move in UCI notation");
        return Move::none();
    }
    Square from = make_square(text[0] - 'a', text[1] - '1');
    Square to = make_square(text[2] - 'a', text[3] - '1');
    PieceType promotion = text.size() == 5 ? piece_type_from_letter(text[4]) : NO_PIECE_TYPE;
    for (Move m : MoveList<>(pos)) {
        if (m.from() != from || (m.kind() == PROMOTION ? m.promotion() : NO_PIECE_TYPE) != promotion) continue;
        if (m.to() == to || displayed_to(pos, m) == to) return m;
    }
    set_error(error, "illegal move '" + std::string(text) + "'");
    return Move::none();
}

std::string move_to_san(Position& pos, Move m) {
    std::string san;
    Square from = m.from(), to = m.to();
    PieceType pt = type_of(pos.piece_on(from));

    if (m.kind() == CASTLING) {
        san = to > from ? "O-O" : "O-O-O";
    } else {
        if (pt != PAWN) {
            san += PIECE_CHARS[pt];
            // Disambiguate among other pieces of the same type that can reach `to`.
            bool ambiguous = false, same_file = false, same_rank = false;
            for (Move other : MoveList<>(pos)) {
                if (other.to() != to || other.from() == from || pos.piece_on(other.from()) != pos.piece_on(from))
                    continue;
                ambiguous = true;
                same_file |= file_of(other.from()) == file_of(from);
                same_rank |= rank_of(other.from()) == rank_of(from);
            }
            if (ambiguous) {
                std::string origin = square_to_string(from);
                san += !same_file ? origin.substr(0, 1) : !same_rank ? origin.substr(1, 1) : origin;
            }
        }
        if (pos.is_capture(m)) {
            if (pt == PAWN) san += char('a' + file_of(from));
            san += 'x';
        }
        san += square_to_string(to);
        if (m.kind() == PROMOTION) {
            san += '=';
            san += PIECE_CHARS[m.promotion()];
        }
    }
    if (pos.gives_check(m)) {
        StateInfo st;
        pos.do_move(m, st);
        san += MoveList<>(pos).empty() ? '#' : '+';
        pos.undo_move(m);
    }
    return san;
}

Move parse_san_move(const Position& pos, std::string_view text, std::string* error) {
    std::string_view san = text;
    while (!san.empty() && std::string_view("+#!?").find(san.back()) != std::string_view::npos) san.remove_suffix(1);
    auto fail = [&](const std::string& why) {
        set_error(error, "'" + std::string(text) + "' " + why);
        return Move::none();
    };
    if (san.empty()) return fail("is not a move in SAN");

    // Castling.
    if (san == "O-O" || san == "0-0" || san == "O-O-O" || san == "0-0-0") {
        bool king_side = san.size() == 3;
        for (Move m : MoveList<>(pos))
            if (m.kind() == CASTLING && (m.to() > m.from()) == king_side) return m;
        return fail("is not a legal castling move");
    }

    // [Piece][from file][from rank][x]to[=promotion]
    PieceType piece = PAWN;
    if (std::isupper(static_cast<unsigned char>(san[0]))) {
        piece = piece_type_from_letter(san[0]);
        if (piece == NO_PIECE_TYPE || piece == PAWN) return fail("has an unknown piece letter");
        san.remove_prefix(1);
    }
    PieceType promotion = NO_PIECE_TYPE;
    if (piece == PAWN && !san.empty() && std::isalpha(static_cast<unsigned char>(san.back())) &&
        std::isupper(static_cast<unsigned char>(san.back()))) {
        promotion = piece_type_from_letter(san.back());
        if (promotion == NO_PIECE_TYPE || promotion == PAWN || promotion == KING)
            return fail("has an invalid promotion piece");
        san.remove_suffix(1);
        if (!san.empty() && san.back() == '=') san.remove_suffix(1);
    }
    if (san.size() < 2 || !is_file(san[san.size() - 2]) || !is_rank(san.back()))
        return fail("does not name a destination square");
    Square to = make_square(san[san.size() - 2] - 'a', san.back() - '1');
    san.remove_suffix(2);
    bool capture = !san.empty() && (san.back() == 'x' || san.back() == ':');
    if (capture) san.remove_suffix(1);
    int from_file = -1, from_rank = -1;
    for (char c : san) {
        if (is_file(c) && from_file < 0) from_file = c - 'a';
        else if (is_rank(c) && from_rank < 0) from_rank = c - '1';
        else return fail("is not a move in SAN");
    }

    Move found = Move::none();
    for (Move m : MoveList<>(pos)) {
        if (m.kind() == CASTLING || m.to() != to || type_of(pos.piece_on(m.from())) != piece) continue;
        if ((m.kind() == PROMOTION ? m.promotion() : NO_PIECE_TYPE) != promotion) continue;
        if ((from_file >= 0 && file_of(m.from()) != from_file) || (from_rank >= 0 && rank_of(m.from()) != from_rank))
            continue;
        if (capture && !pos.is_capture(m)) continue;
        if (found) return fail("is ambiguous");
        found = m;
    }
    if (!found) return fail("is not a legal move");
    return found;
}

}  // namespace augur
