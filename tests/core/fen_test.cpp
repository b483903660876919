// FEN parsing and printing: round trips over every suite position, the
// canonical form, Chess960 detection, and one test per class of malformed FEN.
#include <catch2/catch.hpp>

#include "core/position.h"
#include "core/zobrist.h"
#include "perft_suite.h"
#include "support.h"

using namespace augur;
using namespace augur::test;
using Catch::Matchers::Contains;

namespace {

// The FEN as fen() should print it: single spaces, clocks added to 4-field FENs,
// and an en passant square dropped when no pawn of the side to move attacks it
// (the Polyglot rule the position keeps).
std::string expected_fen(const std::string& input, const Position& pos) {
    std::vector<std::string> fields = split_words(input);
    if (fields.size() == 4) fields.insert(fields.end(), {"0", "1"});
    if (fields[3] != "-") {
        Square ep = square(fields[3]);
        Color us = fields[1] == "w" ? WHITE : BLACK;
        bool capturable = false;
        for (int df : {-1, 1}) {
            int f = file_of(ep) + df;
            if (f >= 0 && f < 8 && pos.piece_on(make_square(f, rank_of(ep) - (us == WHITE ? 1 : -1))) ==
                                       make_piece(us, PAWN))
                capturable = true;
        }
        if (!capturable) fields[3] = "-";
    }
    std::string out;
    for (const std::string& f : fields) out += (out.empty() ? "" : " ") + f;
    return out;
}

// X-FEN castling letters (KQkq) on a Chess960 board print as rook files instead.
bool uses_xfen_letters(const std::string& fen, const Position& pos) {
    return pos.is_chess960() && split_words(fen)[2].find_first_of("KQkq") != std::string::npos;
}

// A malformed FEN must be rejected with a message naming the fault and must leave
// the position exactly as it was.
void check_rejected(std::string_view fen, const std::string& message_part) {
    TestGame game("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 3 17");
    game.play_uci("e1g1");
    const Position& pos = game.pos();
    const std::string fen_before = pos.fen();
    const Key key_before = pos.key();
    const StateInfo* state_before = pos.state();

    StateInfo st;
    auto error = game.pos().set_fen(fen, st);
    INFO("FEN: '" << fen << "'");
    REQUIRE(error.has_value());
    CHECK_THAT(*error, Contains(message_part, Catch::CaseSensitive::No));
    CHECK(pos.fen() == fen_before);
    CHECK(pos.key() == key_before);
    CHECK(pos.state() == state_before);
    CHECK(pos.state()->previous != nullptr);  // the game history is still attached
}

}  // namespace

TEST_CASE("Every suite position survives parse, print, parse, print unchanged", "[fen]") {
    Failures failures;
    for (const PerftCase& c : load_all_suite_cases()) {
        TestGame first(c.fen, c.chess960);
        std::string printed = first.pos().fen();
        TestGame second(printed, c.chess960);
        if (second.pos().fen() != printed) failures.add(c.name + ": " + printed + " -> " + second.pos().fen());
        if (second.pos().key() != first.pos().key()) failures.add(c.name + ": key changed after a round trip");
        if (second.pos().is_chess960() != first.pos().is_chess960()) failures.add(c.name + ": lost Chess960");
    }
    CHECK_NO_FAILURES(failures);
}

TEST_CASE("fen() reproduces every canonical suite FEN exactly", "[fen]") {
    Failures failures;
    std::size_t compared = 0;
    for (const PerftCase& c : load_all_suite_cases()) {
        TestGame game(c.fen, c.chess960);
        if (uses_xfen_letters(c.fen, game.pos())) continue;
        ++compared;
        std::string expected = expected_fen(c.fen, game.pos());
        if (game.pos().fen() != expected) failures.add(c.name + ": expected " + expected + ", got " + game.pos().fen());
    }
    CHECK_NO_FAILURES(failures);
    CHECK(compared > 8000);
}

TEST_CASE("An en passant square no pawn can capture is left out of fen() and the key", "[fen]") {
    TestGame after_e4("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    CHECK(after_e4.pos().fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK(after_e4.pos().ep_square() == SQ_NONE);
    CHECK(after_e4.pos().key() == 0x823c9b50fd114196ULL);

    TestGame capturable("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    CHECK(capturable.pos().ep_square() == SQ_F6);
    CHECK(capturable.pos().fen() == "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
}

TEST_CASE("A 4-field FEN gets clocks 0 and 1", "[fen]") {
    TestGame game("4k3/8/8/8/8/8/8/4K2R b K -");
    CHECK(game.pos().fen() == "4k3/8/8/8/8/8/8/4K2R b K - 0 1");
    CHECK(game.pos().rule50() == 0);
    CHECK(game.pos().fullmove_number() == 1);
}

TEST_CASE("The clocks round trip and set the game ply", "[fen]") {
    TestGame game("4k3/8/8/8/8/8/8/4K2R b K - 37 112");
    CHECK(game.pos().rule50() == 37);
    CHECK(game.pos().fullmove_number() == 112);
    CHECK(game.pos().game_ply() == 223);
    CHECK(game.pos().fen() == "4k3/8/8/8/8/8/8/4K2R b K - 37 112");
    game.play_uci("e8d8");
    CHECK(game.pos().fen() == "3k4/8/8/8/8/8/8/4K2R w K - 38 113");
}

TEST_CASE("Chess960 is switched on by Shredder letters and displaced kings or rooks", "[fen][chess960]") {
    CHECK_FALSE(TestGame(Position::START_FEN).pos().is_chess960());
    CHECK(TestGame(Position::START_FEN, true).pos().is_chess960());
    TestGame shredder("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    CHECK(shredder.pos().is_chess960());
    CHECK(shredder.pos().fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    // Without castling rights nothing reveals Chess960.
    CHECK_FALSE(TestGame("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1").pos().is_chess960());
}

TEST_CASE("Every FRC opening with X-FEN rights is read as Chess960 and printed with rook files", "[fen][chess960]") {
    Failures failures;
    std::size_t count = 0;
    for (const std::string& line : read_lines(shared_data("openings/FRC_openings.epd"))) {
        if (line.empty()) continue;
        ++count;
        TestGame game(line);
        const Position& pos = game.pos();
        bool standard_setup = pos.king_square(WHITE) == SQ_E1 && pos.piece_on(SQ_A1) == W_ROOK &&
                              pos.piece_on(SQ_H1) == W_ROOK;
        if (pos.is_chess960() == standard_setup) failures.add(line + ": Chess960 detection wrong");
        // Rook files, outermost first for each side, e.g. "HAha".
        std::string files;
        files += char('A' + file_of(msb(pos.pieces(WHITE, ROOK))));
        files += char('A' + file_of(lsb(pos.pieces(WHITE, ROOK))));
        std::string expected_rights = standard_setup ? "KQkq" : files + char(files[0] + 32) + char(files[1] + 32);
        if (split_words(pos.fen())[2] != expected_rights)
            failures.add(line + ": printed " + pos.fen() + ", expected rights " + expected_rights);
    }
    CHECK_NO_FAILURES(failures);
    CHECK(count == 960);
}

TEST_CASE("X-FEN K and Q name the outermost rook on each side of the king", "[fen][chess960]") {
    // Two white rooks on the king's side: K means the one on h1, not g1.
    TestGame game("4k3/8/8/8/8/8/8/1R2K1RR w KQ - 0 1");
    CHECK(game.pos().is_chess960());
    CHECK(game.pos().castling_rook_square(WHITE_OO) == SQ_H1);
    CHECK(game.pos().castling_rook_square(WHITE_OOO) == SQ_B1);
    CHECK(game.pos().fen() == "4k3/8/8/8/8/8/8/1R2K1RR w HB - 0 1");
    TestGame inner("4k3/8/8/8/8/8/8/1R2K1RR w G - 0 1");
    CHECK(inner.pos().castling_rook_square(WHITE_OO) == SQ_G1);
}

// ---------------------------------------------------------------------------
// Malformed FEN, one class per section

TEST_CASE("A FEN with the wrong number of fields is rejected", "[fen][fen-errors]") {
    check_rejected("", "found 0");
    check_rejected("   ", "found 0");
    check_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "found 3");
    check_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "found 5");
    check_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "found 7");
    check_rejected("garbage", "4 or 6 fields");
}

TEST_CASE("Garbage is rejected as garbage", "[fen][fen-errors]") {
    check_rejected("hello world this is", "invalid piece letter 'h'");
    check_rejected("%%%% $$ ## @@", "invalid piece letter '%'");
}

TEST_CASE("A bad piece letter is rejected and named", "[fen][fen-errors]") {
    check_rejected("rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "invalid piece letter 'X'");
    check_rejected("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "'9'");
    check_rejected("rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "'0'");
}

TEST_CASE("A rank with more than 8 squares is rejected", "[fen][fen-errors]") {
    check_rejected("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has more than 8 squares");
    check_rejected("rnbqkbnr/pppppppp/44p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 has more than 8 squares");
    check_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR1 w KQkq - 0 1", "rank 1 has more than 8 squares");
    check_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R7K w KQkq - 0 1", "rank 1 has more than 8 squares");
}

TEST_CASE("A rank with fewer than 8 squares is rejected", "[fen][fen-errors]") {
    check_rejected("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 does not have 8 squares");
    check_rejected("rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 does not have 8 squares");
    check_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "rank 1 does not have 8 squares");
}

TEST_CASE("A board with more than 8 ranks is rejected", "[fen][fen-errors]") {
    check_rejected("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 ranks");
    check_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1", "more than 8 ranks");
}

TEST_CASE("A board with fewer than 8 ranks is rejected", "[fen][fen-errors]") {
    check_rejected("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "fewer than 8 ranks");
    check_rejected("4k3 w - - 0 1", "fewer than 8 ranks");
}

TEST_CASE("A missing or extra king is rejected", "[fen][fen-errors]") {
    check_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w kq - 0 1", "exactly one white king");
    check_rejected("rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "exactly one black king");
    check_rejected("rnbqkbnr/pppppppp/8/8/8/3K4/PPPPPPPP/RNBQKBNR b KQkq - 0 1", "exactly one white king");
    check_rejected("k7/8/8/8/8/8/8/K6k w - - 0 1", "exactly one black king");
    check_rejected("8/8/8/8/8/8/8/8 w - - 0 1", "king");
}

TEST_CASE("A pawn on the first or last rank is rejected", "[fen][fen-errors]") {
    check_rejected("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on the first or last rank");
    check_rejected("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "pawn on the first or last rank");
}

TEST_CASE("A position where the side not to move is in check is rejected", "[fen][fen-errors]") {
    check_rejected("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "side not to move (black) is in check");
    check_rejected("4k3/8/8/8/8/8/3p4/4K3 b - - 0 1", "side not to move (white) is in check");
}

TEST_CASE("A castling right without its king and rook is rejected", "[fen][fen-errors]") {
    check_rejected("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right 'K' has no matching king and rook");
    check_rejected("4k2r/8/8/8/8/8/8/4K3 w q - 0 1", "castling right 'q'");  // rook on the wrong side
    check_rejected("4k3/8/8/8/8/8/4K3/R6R w Q - 0 1", "castling right 'Q'");    // king off its rank
    check_rejected("r3k2r/8/8/8/8/8/8/R3K2R w KQkB - 0 1", "castling right 'B'");  // no rook on b1
    check_rejected("r3k2r/8/8/8/8/8/8/R3K2R w KQkE - 0 1", "castling right 'E'");  // the king's own file
}

TEST_CASE("An invalid castling letter is rejected", "[fen][fen-errors]") {
    check_rejected("r3k2r/8/8/8/8/8/8/R3K2R w KQkx - 0 1", "invalid letter 'x'");
    check_rejected("r3k2r/8/8/8/8/8/8/R3K2R w KQ1 - 0 1", "invalid letter '1'");
    check_rejected("r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1", "repeats");
}

TEST_CASE("An impossible en passant square is rejected", "[fen][fen-errors]") {
    check_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "en passant square e3 is impossible");
    check_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "en passant square e6 is impossible");
    // The pawn is there but the square it passed is occupied.
    check_rejected("rnbqkbnr/pppp1ppp/4n3/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "e6 is impossible");
    check_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", "en passant field 'z9' is not a square");
    check_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e 0 1", "en passant field 'e'");
}

TEST_CASE("Bad halfmove and fullmove numbers are rejected", "[fen][fen-errors]") {
    const std::string board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ";
    check_rejected(board + "-1 1", "halfmove clock '-1' is invalid");
    check_rejected(board + "x 1", "halfmove clock 'x' is invalid");
    check_rejected(board + "1.5 1", "halfmove clock '1.5' is invalid");
    check_rejected(board + "0 abc", "fullmove number 'abc' is invalid");
    check_rejected(board + "0 -3", "fullmove number '-3' is invalid");
    check_rejected(board + "0 99999999999", "fullmove number '99999999999' is invalid");
}

TEST_CASE("A side to move other than w or b is rejected", "[fen][fen-errors]") {
    check_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move");
    check_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", "side to move");
}

TEST_CASE("Impossible piece counts are rejected", "[fen][fen-errors]") {
    check_rejected("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", "more than 8 white pawns");
    check_rejected("4k3/8/8/8/NNNNNNNN/8/PPPPPPPP/4K3 w - - 0 1", "more than 16 white pieces");
}

TEST_CASE("Unprintable bytes in a bad FEN are escaped in the message", "[fen][fen-errors]") {
    check_rejected("rnbqkbnr/pppppppp/8/8/4\x01\x33/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "invalid piece letter '\\x01'");
    check_rejected("r3k2r/8/8/8/8/8/8/R3K2R w KQk\xC3\xA9 - 0 1", "invalid letter '\\xC3'");
    check_rejected("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - \x7F 1", "halfmove clock '\\x7F' is invalid");
}
