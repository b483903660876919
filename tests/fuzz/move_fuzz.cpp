// Fuzz target: UCI and SAN move parsing. The first line is a FEN (the start
// position if it is refused); every further line is read as a UCI move and as
// a SAN move there. A parsed move must be one of the legal moves, print in
// both notations as text that parses back to it, and is then played, so that
// later lines meet the positions a game reaches.
#include <deque>
#include <string>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/position.h"
#include "fuzz_support.h"

namespace {

using namespace augur;

void check_parsed(Position& pos, Move m, std::string_view text) {
    std::string where = pos.fen() + " '" + std::string(text) + "'";
    FUZZ_CHECK(MoveList<>(pos).contains(m), "parsed a move that is not legal: " + where);
    FUZZ_CHECK(pos.is_legal(m), where);
    std::string uci = move_to_uci(pos, m);
    FUZZ_CHECK(parse_uci_move(pos, uci) == m, where + " prints as UCI " + uci);
    std::string san = move_to_san(pos, m);
    FUZZ_CHECK(parse_san_move(pos, san) == m, where + " prints as SAN " + san);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view input(reinterpret_cast<const char*>(data), size);
    std::size_t line_end = input.find('\n');
    std::string_view fen = input.substr(0, line_end);
    input = line_end == std::string_view::npos ? std::string_view() : input.substr(line_end + 1);

    Position pos;
    std::deque<StateInfo> states(1);
    if (pos.set_fen(fen, states.back())) (void)pos.set_fen(Position::START_FEN, states.back());

    while (!input.empty()) {
        line_end = input.find('\n');
        std::string_view line = input.substr(0, line_end);
        input = line_end == std::string_view::npos ? std::string_view() : input.substr(line_end + 1);

        std::string error;
        Move uci = parse_uci_move(pos, line, &error);
        FUZZ_CHECK(uci || !error.empty(), "refused without a reason: " + std::string(line));
        if (uci) check_parsed(pos, uci, line);
        Move san = parse_san_move(pos, line);
        if (san) check_parsed(pos, san, line);

        Move played = uci ? uci : san;
        if (played) {
            states.emplace_back();
            pos.do_move(played, states.back());
        }
    }
    return 0;
}
