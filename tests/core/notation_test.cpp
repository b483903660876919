// SAN and UCI: round trips over every legal move of many suite positions, the
// disambiguation, check, mate, promotion and castling forms, and the parse
// errors for garbage, illegal and ambiguous input.
#include <catch2/catch.hpp>

#include <set>

#include "core/movegen.h"
#include "core/notation.h"
#include "perft_suite.h"
#include "support.h"

using namespace augur;
using namespace augur::test;
using Catch::Matchers::Contains;

namespace {

// The SAN of the move given in UCI; throws if the UCI move is illegal.
std::string san_of(TestGame& game, std::string_view uci) {
    Move m = parse_uci_move(game.pos(), uci);
    if (!m) throw std::invalid_argument("illegal UCI move " + std::string(uci));
    return move_to_san(game.pos(), m);
}

// The error text for a SAN string that must not parse.
std::string san_error(const Position& pos, std::string_view san) {
    std::string error;
    Move m = parse_san_move(pos, san, &error);
    return m ? "parsed as " + move_to_uci(pos, m) : error;
}

std::string uci_error(const Position& pos, std::string_view uci) {
    std::string error;
    Move m = parse_uci_move(pos, uci, &error);
    return m ? "parsed as " + move_to_uci(pos, m) : error;
}

}  // namespace

TEST_CASE("SAN and UCI round trip for every legal move of many suite positions", "[notation]") {
    std::vector<PerftCase> cases = load_epd_perft("perft/ethereal_standard.epd");
    for (auto& list : {load_epd_perft("perft/cpw_perft_positions.epd"), every_nth(load_epd_perft("perft/perft-marcel.epd"), 5),
                       load_epd_perft("perft/perft-ferdy-double-checks.epd"), load_epd_perft("perft/perft_misc_whittington.epd"),
                       every_nth(load_epd_perft("perft/ethereal_fischer.epd", true), 4), load_tricky_cases()})
        cases.insert(cases.end(), list.begin(), list.end());
    Failures failures;
    std::size_t moves = 0;
    for (const PerftCase& c : cases) {
        TestGame game(c.fen, c.chess960);
        Position& pos = game.pos();
        const std::string before = pos.fen();
        std::set<std::string> sans, ucis;
        for (Move m : MoveList<>(pos)) {
            ++moves;
            std::string san = move_to_san(pos, m), uci = move_to_uci(pos, m);
            std::string where = c.name + " [" + before + "] " + uci + " / " + san;
            if (parse_san_move(pos, san) != m) failures.add(where + ": SAN does not parse back");
            if (parse_uci_move(pos, uci) != m) failures.add(where + ": UCI does not parse back");
            if (!sans.insert(san).second) failures.add(where + ": SAN shared with another move");
            if (!ucis.insert(uci).second) failures.add(where + ": UCI shared with another move");
            // The suffix must match what making the move shows.
            game.play(m);
            char expected = !pos.in_check() ? 0 : MoveList<>(pos).empty() ? '#' : '+';
            game.undo();
            char suffix = san.back() == '+' || san.back() == '#' ? san.back() : 0;
            if (suffix != expected) failures.add(where + ": wrong check mark");
        }
        if (pos.fen() != before) failures.add(c.name + ": move_to_san changed the position");
    }
    CHECK_NO_FAILURES(failures);
    CHECK(moves > 40000);
}

TEST_CASE("SAN names the origin file when two knights reach the same square", "[notation]") {
    TestGame game;
    game.play_uci_line("d2d4 d7d5 g1f3 g8f6 c2c4");
    CHECK(san_of(game, "b8d7") == "Nbd7");
    CHECK(san_of(game, "f6d7") == "Nfd7");
    CHECK(san_error(game.pos(), "Nd7") == "'Nd7' is ambiguous");
    CHECK(move_to_uci(game.pos(), parse_san_move(game.pos(), "Nbd7")) == "b8d7");
}

TEST_CASE("SAN names the origin rank when two rooks share a file", "[notation]") {
    TestGame game("k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1");
    CHECK(san_of(game, "e1e2") == "R1e2");
    CHECK(san_of(game, "e3e2") == "R3e2");
    CHECK(san_of(game, "e1f1") == "Rf1");  // only one rook reaches f1
    CHECK(move_to_uci(game.pos(), parse_san_move(game.pos(), "R1e2")) == "e1e2");
    CHECK(san_error(game.pos(), "Re2") == "'Re2' is ambiguous");
}

TEST_CASE("SAN names file and rank when neither alone is unique", "[notation]") {
    // Queens on e4, h4 and h1 all reach e1: h4 shares a rank with e4 and a file with h1.
    TestGame game("8/k7/8/8/4Q2Q/8/8/K6Q w - - 0 1");
    CHECK(san_of(game, "h4e1") == "Qh4e1");
    CHECK(san_of(game, "e4e1") == "Qee1");
    CHECK(san_of(game, "h1e1") == "Q1e1");
    CHECK(move_to_uci(game.pos(), parse_san_move(game.pos(), "Qh4e1")) == "h4e1");
    CHECK(parse_san_move(game.pos(), "Qh4xe1") == Move::none());  // e1 is empty: no capture
    CHECK(san_error(game.pos(), "Qhe1") == "'Qhe1' is ambiguous");
    CHECK(san_error(game.pos(), "Q4e1") == "'Q4e1' is ambiguous");
}

TEST_CASE("A pinned piece does not count for disambiguation", "[notation]") {
    // Both knights attack d2, but the one on e4 is pinned by the rook on e8.
    TestGame game("4r1k1/8/8/8/4N3/8/8/1N2K3 w - - 0 1");
    CHECK(san_of(game, "b1d2") == "Nd2");
}

TEST_CASE("SAN marks check with + and mate with #", "[notation]") {
    TestGame scholar;
    scholar.play_uci_line("e2e4 e7e5 f1c4 b8c6 d1h5 g8f6");
    CHECK(san_of(scholar, "h5f7") == "Qxf7#");
    TestGame bishop;
    bishop.play_uci_line("e2e4 d7d6");
    CHECK(san_of(bishop, "f1b5") == "Bb5+");
    CHECK(san_of(bishop, "f1c4") == "Bc4");
    // The castled rook gives the check.
    TestGame castle("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    CHECK(san_of(castle, "e1g1") == "O-O+");
}

TEST_CASE("SAN writes promotions with = and the piece, with captures and checks", "[notation]") {
    TestGame game("3r4/4Pk2/8/8/8/8/8/4K3 w - - 0 1");
    CHECK(san_of(game, "e7d8n") == "exd8=N+");
    CHECK(san_of(game, "e7d8q") == "exd8=Q");
    CHECK(san_of(game, "e7e8q") == "e8=Q+");
    CHECK(san_of(game, "e7e8r") == "e8=R");
    CHECK(san_of(game, "e7e8b") == "e8=B+");  // the bishop sees f7
    CHECK(move_to_uci(game.pos(), parse_san_move(game.pos(), "exd8=N+")) == "e7d8n");
    CHECK(move_to_uci(game.pos(), parse_san_move(game.pos(), "exd8N")) == "e7d8n");
    CHECK(move_to_uci(game.pos(), parse_san_move(game.pos(), "e8=Q")) == "e7e8q");
    CHECK_THAT(san_error(game.pos(), "e8"), Contains("not a legal move"));  // the piece is required
    CHECK_THAT(san_error(game.pos(), "e8=K"), Contains("invalid promotion piece"));
    CHECK_THAT(san_error(game.pos(), "e8=P"), Contains("invalid promotion piece"));
}

TEST_CASE("En passant is written as a pawn capture", "[notation]") {
    TestGame game;
    game.play_uci_line("e2e4 a7a6 e4e5 d7d5");
    CHECK(san_of(game, "e5d6") == "exd6");
    CHECK(parse_san_move(game.pos(), "exd6").kind() == EN_PASSANT);
}

TEST_CASE("Castling is O-O and O-O-O in standard chess", "[notation]") {
    TestGame game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    CHECK(san_of(game, "e1g1") == "O-O");
    CHECK(san_of(game, "e1c1") == "O-O-O");
    Position& pos = game.pos();
    CHECK(parse_san_move(pos, "O-O") == Move(SQ_E1, SQ_H1, CASTLING));
    CHECK(parse_san_move(pos, "0-0") == Move(SQ_E1, SQ_H1, CASTLING));
    CHECK(parse_san_move(pos, "O-O-O") == Move(SQ_E1, SQ_A1, CASTLING));
    CHECK(parse_san_move(pos, "0-0-0") == Move(SQ_E1, SQ_A1, CASTLING));
    // UCI: the king's two-square move, and king-takes-rook is accepted too.
    CHECK(move_to_uci(pos, Move(SQ_E1, SQ_H1, CASTLING)) == "e1g1");
    CHECK(parse_uci_move(pos, "e1g1") == Move(SQ_E1, SQ_H1, CASTLING));
    CHECK(parse_uci_move(pos, "e1h1") == Move(SQ_E1, SQ_H1, CASTLING));
    CHECK(parse_uci_move(pos, "e1c1") == Move(SQ_E1, SQ_A1, CASTLING));
    TestGame no_rights("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1");
    CHECK_THAT(san_error(no_rights.pos(), "O-O"), Contains("not a legal castling move"));
}

TEST_CASE("Castling in Chess960 is O-O or O-O-O and king-takes-rook in UCI", "[notation][chess960]") {
    // Rooks on b1 and g1 (Shredder letters GB); Black keeps standard rights.
    TestGame game("r3k2r/8/8/8/8/8/8/1R2K1R1 w GBkq - 0 1");
    Position& pos = game.pos();
    REQUIRE(pos.is_chess960());
    CHECK(san_of(game, "e1g1") == "O-O");
    CHECK(san_of(game, "e1b1") == "O-O-O");
    CHECK(parse_san_move(pos, "O-O") == Move(SQ_E1, SQ_G1, CASTLING));
    CHECK(parse_san_move(pos, "O-O-O") == Move(SQ_E1, SQ_B1, CASTLING));
    CHECK(move_to_uci(pos, Move(SQ_E1, SQ_B1, CASTLING)) == "e1b1");
    CHECK(uci_error(pos, "e1c1") == "illegal move 'e1c1'");  // the king's destination is not the 960 form
    game.play_san("O-O-O");
    CHECK(pos.fen() == "r3k2r/8/8/8/8/8/8/2KR2R1 b ha - 1 1");

    // The king already on its castled square: O-O moves only the rook.
    TestGame g1("4k3/8/8/8/8/8/8/6KR w H - 0 1");
    CHECK(san_of(g1, "g1h1") == "O-O");
    g1.play_san("O-O");
    CHECK(g1.pos().fen() == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

TEST_CASE("UCI prints promotions with a lower-case piece and parses them back", "[notation]") {
    TestGame game("3r4/4Pk2/8/8/8/8/8/4K3 w - - 0 1");
    Position& pos = game.pos();
    CHECK(move_to_uci(pos, Move(SQ_E7, SQ_D8, PROMOTION, KNIGHT)) == "e7d8n");
    CHECK(parse_uci_move(pos, "e7e8q") == Move(SQ_E7, SQ_E8, PROMOTION, QUEEN));
    CHECK(uci_error(pos, "e7e8") == "illegal move 'e7e8'");  // a promotion needs its piece
    CHECK(uci_error(pos, "e7e8k") == "'e7e8k' is not a move in UCI notation");
    CHECK(uci_error(pos, "e7e8Q") == "'e7e8Q' is not a move in UCI notation");
    CHECK(move_to_uci(pos, Move::none()) == "0000");
}

TEST_CASE("UCI rejects garbage and illegal moves with a message", "[notation]") {
    TestGame game;
    const Position& pos = game.pos();
    CHECK(uci_error(pos, "") == "'' is not a move in UCI notation");
    CHECK(uci_error(pos, "e2") == "'e2' is not a move in UCI notation");
    CHECK(uci_error(pos, "e2e4e") == "'e2e4e' is not a move in UCI notation");
    CHECK(uci_error(pos, "i2i4") == "'i2i4' is not a move in UCI notation");
    CHECK(uci_error(pos, "e2e9") == "'e2e9' is not a move in UCI notation");
    CHECK(uci_error(pos, "e2e5") == "illegal move 'e2e5'");
    CHECK(uci_error(pos, "e7e5") == "illegal move 'e7e5'");  // the other side's move
    CHECK(uci_error(pos, "e1g1") == "illegal move 'e1g1'");
    CHECK(uci_error(pos, "0000") == "'0000' is not a move in UCI notation");
    CHECK(parse_uci_move(pos, "e2e5") == Move::none());
}

TEST_CASE("SAN rejects garbage, illegal and ambiguous moves with a message", "[notation]") {
    TestGame game;
    const Position& pos = game.pos();
    CHECK(san_error(pos, "") == "'' is not a move in SAN");
    CHECK(san_error(pos, "+") == "'+' is not a move in SAN");
    CHECK(san_error(pos, "hello") == "'hello' does not name a destination square");
    CHECK(san_error(pos, "Xe4") == "'Xe4' has an unknown piece letter");
    CHECK(san_error(pos, "Pe4") == "'Pe4' has an unknown piece letter");
    CHECK(san_error(pos, "e5") == "'e5' is not a legal move");
    CHECK(san_error(pos, "Ke2") == "'Ke2' is not a legal move");
    CHECK(san_error(pos, "Nxf3") == "'Nxf3' is not a legal move");  // no capture there
    CHECK(san_error(pos, "Nbd2") == "'Nbd2' is not a legal move");  // d2 is occupied
    CHECK(san_error(pos, "O-O") == "'O-O' is not a legal castling move");
    CHECK(san_error(pos, "e2e4e4") == "'e2e4e4' is not a move in SAN");
    CHECK(parse_san_move(pos, "Nf3!?") == parse_uci_move(pos, "g1f3"));  // annotations are ignored
    CHECK(parse_san_move(pos, "Ng1f3") == parse_uci_move(pos, "g1f3"));  // over-specified is fine
}
