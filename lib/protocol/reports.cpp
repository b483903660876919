#include "protocol/reports.h"

#include <cstdio>

#include "core/notation.h"
#include "core/perft.h"
#include "protocol/tokens.h"

namespace augur {

namespace {

constexpr std::string_view PIECE_LETTERS = " PNBRQK  pnbrqk";
constexpr std::string_view RANK_SEPARATOR = " +---+---+---+---+---+---+---+---+\n";

std::string key_to_hex(Key key) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llX", static_cast<unsigned long long>(key));
    return text;
}

std::string squares_to_string(Bitboard squares) {
    std::string out;
    while (squares) {
        if (!out.empty()) out += ' ';
        out += square_to_string(pop_lsb(squares));
    }
    return out;
}

void write_rank(std::ostream& out, const Position& pos, int rank) {
    for (int file = 0; file < 8; ++file)
        out << " | " << PIECE_LETTERS[pos.piece_on(make_square(file, rank))];
    out << " | " << rank + 1 << '\n' << RANK_SEPARATOR;
}

}  // namespace

std::optional<int> parse_perft_depth(std::string_view text, std::string* error) {
    auto depth = parse_number(text, "perft depth", 1, MAX_PERFT_DEPTH, error);
    return depth ? std::optional<int>(int(*depth)) : std::nullopt;
}

void write_perft(std::ostream& out, Position& pos, int depth) {
    std::uint64_t total = 0;
    for (auto [move, nodes] : perft_divide(pos, depth)) {
        out << move_to_uci(pos, move) << ": " << nodes << '\n';
        total += nodes;
    }
    out << "\nNodes searched: " << total << '\n';
}

void write_board(std::ostream& out, const Position& pos) {
    out << '\n' << RANK_SEPARATOR;
    for (int rank = 7; rank >= 0; --rank) write_rank(out, pos, rank);
    out << "   a   b   c   d   e   f   g   h\n\n"
        << "Fen: " << pos.fen() << '\n'
        << "Key: " << key_to_hex(pos.key()) << '\n'
        << "Checkers: " << squares_to_string(pos.checkers()) << '\n';
}

}  // namespace augur
