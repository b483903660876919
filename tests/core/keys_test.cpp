// Hash keys: the position key is the Polyglot key (pinned by the examples of
// the Polyglot specification), and every incrementally updated key equals the
// key computed from scratch after every move, null move and undo of many
// seeded random games.
#include <catch2/catch.hpp>

#include <random>

#include "core/movegen.h"
#include "core/notation.h"
#include "core/zobrist.h"
#include "perft_suite.h"
#include "support.h"

using namespace augur;
using namespace augur::test;

namespace {

struct Keys {
    Key key, pawn, material;
    std::string fen;
    bool operator==(const Keys&) const = default;
};

Keys incremental_keys(const Position& pos) { return {pos.key(), pos.pawn_key(), pos.material_key(), pos.fen()}; }
Keys computed_keys(const Position& pos) {
    return {pos.compute_key(), pos.compute_pawn_key(), pos.compute_material_key(), pos.fen()};
}

std::string hex(Key k) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(k));
    return buf;
}

std::string describe(const Keys& keys) {
    return hex(keys.key) + " pawn " + hex(keys.pawn) + " material " + hex(keys.material) + " in " + keys.fen;
}

// Picks a random legal move, favouring castling and promotions so that the rare
// key updates occur often; returns Move::none() when there is none.
Move random_move(const Position& pos, std::mt19937_64& rng) {
    MoveList<> moves(pos);
    if (moves.empty()) return Move::none();
    std::vector<Move> special;
    for (Move m : moves)
        if (m.kind() != NORMAL) special.push_back(m);
    if (!special.empty() && rng() % 2 == 0) return special[rng() % special.size()];
    return moves[rng() % moves.size()];
}

// Plays up to max_plies random moves (and some null moves) from fen, checking
// the incremental keys against fresh computation after every move, then takes
// everything back checking that each earlier state comes back exactly.
void play_random_game(const std::string& name, const std::string& fen, bool chess960, std::mt19937_64& rng,
                      int max_plies, Failures& failures) {
    TestGame game(fen, chess960);
    Position& pos = game.pos();
    std::vector<Keys> history{incremental_keys(pos)};
    for (int ply = 0; ply < max_plies; ++ply) {
        bool null_move = !pos.in_check() && rng() % 10 == 0;
        std::string what;
        if (null_move) {
            game.play_null();
            what = "null move";
        } else {
            Move m = random_move(pos, rng);
            if (!m) break;
            what = move_to_uci(pos, m);
            game.play(m);
        }
        if (incremental_keys(pos) != computed_keys(pos))
            failures.add(name + " ply " + std::to_string(ply + 1) + " after " + what + ": incremental key " +
                         describe(incremental_keys(pos)) + ", computed " + describe(computed_keys(pos)));
        history.push_back(incremental_keys(pos));
    }
    while (game.plies_played() > 0) {
        game.undo();
        history.pop_back();
        if (incremental_keys(pos) != history.back() || computed_keys(pos) != history.back())
            failures.add(name + " undo back to ply " + std::to_string(game.plies_played()) + ": got " + pos.fen() +
                         " key " + hex(pos.key()) + ", expected " + history.back().fen + " key " +
                         hex(history.back().key));
    }
}

}  // namespace

TEST_CASE("The start position has the Polyglot key 463b96181691fc9c", "[keys]") {
    TestGame game;
    CHECK(hex(game.pos().key()) == "463b96181691fc9c");
    CHECK(game.pos().compute_key() == 0x463b96181691fc9cULL);
}

TEST_CASE("Keys match the examples of the Polyglot specification", "[keys]") {
    // tests/data/polyglot_keys.txt: "KEY MOVES..." per line, shared with the Java tests.
    int examples = 0;
    for (const std::string& line : read_lines(test_data("polyglot_keys.txt"))) {
        std::vector<std::string> words = split_words(line);
        if (words.empty() || words[0][0] == '#') continue;
        std::string moves;
        for (std::size_t i = 1; i < words.size(); ++i) moves += (i > 1 ? " " : "") + words[i];
        TestGame game;
        game.play_uci_line(moves);
        INFO("moves: " << moves);
        CHECK(hex(game.pos().key()) == words[0]);
        CHECK(hex(game.pos().compute_key()) == words[0]);
        ++examples;
    }
    CHECK(examples == 9);
}

TEST_CASE("The Polyglot examples also hold when set from FEN", "[keys]") {
    // The specification lists these FENs with their keys; the en passant square
    // of the second one counts because a white pawn stands next to f5.
    CHECK(hex(TestGame("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2").pos().key()) == "662fafb965db29d4");
    CHECK(hex(TestGame("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3").pos().key()) == "22a48b5a8e47ff78");
    CHECK(hex(TestGame("rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4").pos().key()) == "00fdd303c946bdd9");
    CHECK(hex(TestGame("rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3").pos().key()) == "3c8123ea7b067637");
}

TEST_CASE("A null move flips the side-to-move number and drops the en passant file", "[keys]") {
    TestGame game;
    game.play_uci_line("e2e4 d7d5 e4e5 f7f5");
    Key before = game.pos().key();
    game.play_null();
    CHECK(game.pos().key() == (before ^ zobrist::white_to_move() ^ zobrist::en_passant(5)));
    CHECK(game.pos().ep_square() == SQ_NONE);
    CHECK(game.pos().key() == game.pos().compute_key());
    game.undo();
    CHECK(game.pos().key() == before);
    CHECK(game.pos().ep_square() == SQ_F6);
}

TEST_CASE("The pawn key depends only on pawns and the material key only on piece counts", "[keys]") {
    TestGame a("r3k2r/pp3ppp/8/8/8/8/PP3PPP/R3K2R w KQkq - 0 1");
    TestGame b("1r2k1r1/pp3ppp/8/8/8/8/PP3PPP/1R1K3R b - - 0 1");
    CHECK(a.pos().pawn_key() == b.pos().pawn_key());
    CHECK(a.pos().material_key() == b.pos().material_key());
    CHECK(a.pos().key() != b.pos().key());
    TestGame c("r3k2r/pp3ppp/8/8/8/P7/1P3PPP/R3K2R w KQkq - 0 1");  // one pawn moved
    CHECK(c.pos().pawn_key() != a.pos().pawn_key());
    CHECK(c.pos().material_key() == a.pos().material_key());
    TestGame d("r3k2r/pp3ppp/8/8/8/8/PP3PPP/R3K1NR w kq - 0 1");  // a knight more
    CHECK(d.pos().material_key() != a.pos().material_key());
    CHECK(d.pos().pawn_key() == a.pos().pawn_key());
}

TEST_CASE("Incremental keys equal computed keys through random games from the start position", "[keys]") {
    std::mt19937_64 rng(1);
    Failures failures;
    for (int game = 0; game < 100; ++game)
        play_random_game("start game " + std::to_string(game), std::string(Position::START_FEN), false, rng, 300,
                         failures);
    CHECK_NO_FAILURES(failures);
}

TEST_CASE("Incremental keys equal computed keys through random Chess960 games", "[keys][chess960]") {
    std::mt19937_64 rng(960);
    Failures failures;
    std::vector<std::string> openings = read_lines(shared_data("openings/FRC_openings.epd"));
    REQUIRE(openings.size() >= 960);
    for (std::size_t i = 0; i < openings.size(); i += 4)
        play_random_game("FRC line " + std::to_string(i + 1), openings[i], true, rng, 200, failures);
    CHECK_NO_FAILURES(failures);
}

TEST_CASE("Incremental keys equal computed keys through random games from perft-marcel positions", "[keys]") {
    std::mt19937_64 rng(7);
    Failures failures;
    std::vector<PerftCase> cases = every_nth(load_epd_perft("perft/perft-marcel.epd"), 17);
    for (const PerftCase& c : cases) play_random_game(c.name, c.fen, false, rng, 120, failures);
    CHECK(cases.size() > 400);
    CHECK_NO_FAILURES(failures);
}

TEST_CASE("Incremental keys equal computed keys through random games from special-move positions", "[keys]") {
    // Whittington's and the tricky positions are dense in castling, en passant and promotion.
    std::mt19937_64 rng(174);
    Failures failures;
    for (const PerftCase& c : load_epd_perft("perft/perft_misc_whittington.epd"))
        play_random_game(c.name, c.fen, false, rng, 60, failures);
    for (const PerftCase& c : load_tricky_cases()) play_random_game(c.name, c.fen, c.chess960, rng, 60, failures);
    CHECK_NO_FAILURES(failures);
}
