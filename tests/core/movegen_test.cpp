// Legal move generation against independent definitions: the Noisy/Quiet
// split, a slow reference generator (pseudo-legal moves that do not leave the
// king attacked), is_legal() over all 65536 move codes, and gives_check()
// against making the move.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bitset>
#include <memory>

#include "core/movegen.h"
#include "core/notation.h"
#include "perft_suite.h"
#include "support.h"

using namespace augur;
using namespace augur::test;

namespace {

template <GenType T>
std::vector<std::uint16_t> sorted_codes(const Position& pos) {
    std::vector<std::uint16_t> codes;
    for (Move m : MoveList<T>(pos)) codes.push_back(m.raw());
    std::sort(codes.begin(), codes.end());
    return codes;
}

std::string uci_list(const Position& pos, const std::vector<std::uint16_t>& codes) {
    std::string out;
    for (std::uint16_t c : codes) out += (out.empty() ? "" : " ") + move_to_uci(pos, Move(c));
    return out.empty() ? "(none)" : out;
}

// Captures (en passant included) and promotions, judged from the board alone.
bool is_noisy(const Position& pos, Move m) {
    return m.kind() == PROMOTION || m.kind() == EN_PASSANT || (m.kind() == NORMAL && !pos.empty(m.to()));
}

// The slow reference: every pseudo-legal non-castling move, built from the
// attack tables and the rules, kept when the mover's king is not attacked
// after making it. Castling is left out; perft covers it.
std::vector<std::uint16_t> reference_moves(Position& pos) {
    const Color us = pos.side_to_move();
    const Bitboard own = pos.pieces(us), enemy = pos.pieces(~us);
    std::vector<Move> candidates;
    auto add_pawn_move = [&](Square from, Square to, MoveKind kind) {
        if (rank_of(to) == relative_rank(us, 7))
            for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) candidates.emplace_back(from, to, PROMOTION, pt);
        else
            candidates.emplace_back(from, to, kind);
    };
    for (Bitboard b = own; b;) {
        Square from = pop_lsb(b);
        PieceType pt = type_of(pos.piece_on(from));
        if (pt != PAWN) {
            for (Bitboard t = attacks(pt, from, pos.pieces()) & ~own; t;) candidates.emplace_back(from, pop_lsb(t));
            continue;
        }
        Square one = from + pawn_push(us);
        if (pos.empty(one)) {
            add_pawn_move(from, one, NORMAL);
            Square two = one + pawn_push(us);
            if (rank_of(from) == relative_rank(us, 1) && pos.empty(two)) add_pawn_move(from, two, NORMAL);
        }
        for (Bitboard t = pawn_attacks(us, from) & enemy; t;) add_pawn_move(from, pop_lsb(t), NORMAL);
        if (pos.ep_square() != SQ_NONE && (pawn_attacks(us, from) & square_bb(pos.ep_square())))
            candidates.emplace_back(from, pos.ep_square(), EN_PASSANT);
    }
    std::vector<std::uint16_t> legal;
    StateInfo st;
    for (Move m : candidates) {
        pos.do_move(m, st);
        bool king_safe = !(pos.attackers_to(pos.king_square(us)) & pos.pieces(~us));
        pos.undo_move(m);
        if (king_safe) legal.push_back(m.raw());
    }
    std::sort(legal.begin(), legal.end());
    return legal;
}

std::vector<std::uint16_t> without_castling(std::vector<std::uint16_t> codes) {
    std::erase_if(codes, [](std::uint16_t c) { return Move(c).kind() == CASTLING; });
    return codes;
}

// Calls visit(name, position) for every suite position and, when with_children
// is set, for every position one legal move further.
template <class Visit>
void for_suite_positions(const std::vector<PerftCase>& cases, bool with_children, Visit visit) {
    for (const PerftCase& c : cases) {
        TestGame game(c.fen, c.chess960);
        visit(c.name, game.pos());
        if (!with_children) continue;
        for (Move m : MoveList<>(game.pos())) {
            std::string uci = move_to_uci(game.pos(), m);
            game.play(m);
            visit(c.name + " after " + uci, game.pos());
            game.undo();
        }
    }
}

}  // namespace

TEST_CASE("Noisy and Quiet partition All on every suite position", "[movegen]") {
    Failures failures;
    for_suite_positions(load_all_suite_cases(), false, [&](const std::string& name, Position& pos) {
        auto all = sorted_codes<GenType::All>(pos);
        auto noisy = sorted_codes<GenType::Noisy>(pos);
        auto quiet = sorted_codes<GenType::Quiet>(pos);
        std::vector<std::uint16_t> both;
        std::merge(noisy.begin(), noisy.end(), quiet.begin(), quiet.end(), std::back_inserter(both));
        if (both != all) failures.add(name + ": noisy + quiet != all");
        if (std::adjacent_find(all.begin(), all.end()) != all.end()) failures.add(name + ": duplicate move");
        for (std::uint16_t c : noisy)
            if (!is_noisy(pos, Move(c))) failures.add(name + ": quiet move " + move_to_uci(pos, Move(c)) + " in Noisy");
        for (std::uint16_t c : quiet)
            if (is_noisy(pos, Move(c))) failures.add(name + ": noisy move " + move_to_uci(pos, Move(c)) + " in Quiet");
        if (count_legal_moves(pos) != all.size()) failures.add(name + ": count_legal_moves differs from the list");
    });
    CHECK_NO_FAILURES(failures);
}

TEST_CASE("Every generated move passes is_legal, legal and is_pseudo_legal", "[movegen]") {
    Failures failures;
    for_suite_positions(load_all_suite_cases(), false, [&](const std::string& name, Position& pos) {
        for (Move m : MoveList<>(pos))
            if (!pos.is_legal(m) || !pos.is_pseudo_legal(m) || !pos.legal(m))
                failures.add(name + ": generated " + move_to_uci(pos, m) + " fails the legality test");
    });
    CHECK_NO_FAILURES(failures);
}

TEST_CASE("Generated moves equal the reference generator on suite positions and their children", "[movegen]") {
    std::vector<PerftCase> cases = load_epd_perft("perft/ethereal_standard.epd");
    for (auto& list : {every_nth(load_epd_perft("perft/perft-marcel.epd"), 7),
                       load_epd_perft("perft/perft-ferdy-double-checks.epd"),
                       load_epd_perft("perft/perft_misc_whittington.epd"),
                       every_nth(load_epd_perft("perft/ethereal_fischer.epd", true), 8), load_tricky_cases()})
        cases.insert(cases.end(), list.begin(), list.end());
    Failures failures;
    std::size_t positions = 0;
    for_suite_positions(cases, true, [&](const std::string& name, Position& pos) {
        ++positions;
        // A generated move that left the king attacked shows up here; the
        // reference must not go on to "capture" that king.
        if (pos.attackers_to(pos.king_square(~pos.side_to_move())) & pos.pieces(pos.side_to_move()))
            return failures.add(name + " [" + pos.fen() + "]: reached with the side not to move in check");
        auto generated = without_castling(sorted_codes<GenType::All>(pos));
        auto reference = reference_moves(pos);
        if (generated != reference)
            failures.add(name + " [" + pos.fen() + "]: generated " + uci_list(pos, generated) + "; reference " +
                         uci_list(pos, reference));
    });
    CHECK_NO_FAILURES(failures);
    CHECK(positions > 30000);
}

TEST_CASE("In check, the generated moves are exactly the evasions", "[movegen]") {
    // Positions in check come from the double-check suite and from the children
    // of the other suites; the reference keeps exactly the moves after which the
    // king is not attacked, and castling out of check must never appear.
    std::vector<PerftCase> cases = load_epd_perft("perft/perft-ferdy-double-checks.epd");
    for (auto& list : {load_epd_perft("perft/ethereal_standard.epd"), load_epd_perft("perft/perft_misc_whittington.epd"),
                       every_nth(load_epd_perft("perft/perft-marcel.epd"), 3), load_tricky_cases()})
        cases.insert(cases.end(), list.begin(), list.end());
    Failures failures;
    std::size_t in_check = 0, double_check = 0;
    for_suite_positions(cases, true, [&](const std::string& name, Position& pos) {
        if (pos.attackers_to(pos.king_square(~pos.side_to_move())) & pos.pieces(pos.side_to_move()))
            return failures.add(name + " [" + pos.fen() + "]: reached with the side not to move in check");
        if (!pos.in_check()) return;
        ++in_check;
        if (more_than_one(pos.checkers())) ++double_check;
        auto generated = sorted_codes<GenType::All>(pos);
        auto reference = reference_moves(pos);
        if (generated != reference)
            failures.add(name + " [" + pos.fen() + "]: generated " + uci_list(pos, generated) + "; evasions " +
                         uci_list(pos, reference));
        if (more_than_one(pos.checkers()))
            for (std::uint16_t c : generated)
                if (Move(c).from() != pos.king_square(pos.side_to_move()))
                    failures.add(name + ": non-king move " + move_to_uci(pos, Move(c)) + " in double check");
    });
    CHECK_NO_FAILURES(failures);
    CHECK(in_check > 4000);
    CHECK(double_check >= 184);
}

TEST_CASE("is_legal agrees with the legal move list for all 65536 move codes", "[movegen]") {
    // This is how a search validates a hash or killer move, so garbage codes
    // count as much as real moves: stray promotion bits, castling codes onto
    // non-rooks, en passant codes off the en passant square.
    std::vector<PerftCase> cases = every_nth(load_all_suite_cases(), 25);
    for (const PerftCase& c : load_tricky_cases()) cases.push_back(c);
    REQUIRE(cases.size() >= 300);
    Failures failures;
    for_suite_positions(cases, false, [&](const std::string& name, Position& pos) {
        std::bitset<65536> legal;
        for (Move m : MoveList<>(pos)) legal.set(m.raw());
        for (unsigned code = 0; code < 65536; ++code) {
            Move m(static_cast<std::uint16_t>(code));
            if (pos.is_legal(m) == legal.test(code)) continue;
            failures.add(name + " [" + pos.fen() + "]: code " + std::to_string(code) + " (" + move_to_uci(pos, m) +
                         ", kind " + std::to_string(m.kind()) + ", promotion bits " + std::to_string((code >> 12) & 3) +
                         "): is_legal " + (legal.test(code) ? "false" : "true") + ", in the legal list " +
                         (legal.test(code) ? "yes" : "no"));
        }
    });
    CHECK_NO_FAILURES(failures);
}

// Regression: is_pseudo_legal() once ignored bits 12-13 outside promotions, so
// code 4176 (b1a3 with promotion bits 1) passed is_legal() in the start position.
TEST_CASE("is_legal rejects non-promotion codes with promotion bits set", "[movegen]") {
    TestGame game("r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 0 1");
    const Position& pos = game.pos();
    auto with_bits = [](Move m, int bits) { return Move(std::uint16_t(m.raw() | (bits << 12))); };
    CHECK(pos.is_legal(Move(SQ_E8, SQ_E7)));
    CHECK(pos.is_legal(Move(SQ_D4, SQ_E3, EN_PASSANT)));
    CHECK(pos.is_legal(Move(SQ_E8, SQ_H8, CASTLING)));
    CHECK(pos.is_legal(Move(SQ_D4, SQ_D3)));
    for (int bits = 1; bits <= 3; ++bits) {
        CHECK_FALSE(pos.is_legal(with_bits(Move(SQ_E8, SQ_E7), bits)));
        CHECK_FALSE(pos.is_legal(with_bits(Move(SQ_D4, SQ_E3, EN_PASSANT), bits)));
        CHECK_FALSE(pos.is_legal(with_bits(Move(SQ_E8, SQ_H8, CASTLING), bits)));
        CHECK_FALSE(pos.is_legal(with_bits(Move(SQ_D4, SQ_D3), bits)));
    }
}

TEST_CASE("is_legal rejects the none and null moves everywhere", "[movegen]") {
    Failures failures;
    for_suite_positions(every_nth(load_all_suite_cases(), 10), false, [&](const std::string& name, Position& pos) {
        if (pos.is_legal(Move::none()) || pos.is_legal(Move::null())) failures.add(name);
    });
    CHECK_NO_FAILURES(failures);
}

TEST_CASE("gives_check agrees with making the move on every legal move", "[movegen]") {
    std::vector<PerftCase> cases = load_epd_perft("perft/ethereal_standard.epd");
    for (auto& list : {every_nth(load_epd_perft("perft/perft-marcel.epd"), 5),
                       load_epd_perft("perft/perft-ferdy-double-checks.epd"),
                       load_epd_perft("perft/perft_misc_whittington.epd"),
                       every_nth(load_epd_perft("perft/ethereal_fischer.epd", true), 4), load_tricky_cases()})
        cases.insert(cases.end(), list.begin(), list.end());
    Failures failures;
    std::size_t checks = 0;
    for_suite_positions(cases, true, [&](const std::string& name, Position& pos) {
        StateInfo st;
        for (Move m : MoveList<>(pos)) {
            bool predicted = pos.gives_check(m);
            pos.do_move(m, st);
            bool actual = pos.in_check();
            pos.undo_move(m);
            checks += actual;
            if (predicted != actual)
                failures.add(name + " [" + pos.fen() + "] " + move_to_uci(pos, m) + ": gives_check " +
                             (predicted ? "true" : "false") + ", in check after the move " + (actual ? "yes" : "no"));
        }
    });
    CHECK_NO_FAILURES(failures);
    CHECK(checks > 10000);
}

TEST_CASE("Castling is generated only through empty, unattacked squares", "[movegen]") {
    auto castles = [](std::string_view fen) {
        TestGame game(fen);
        std::vector<std::string> moves;
        for (Move m : MoveList<>(game.pos()))
            if (m.kind() == CASTLING) moves.push_back(move_to_uci(game.pos(), m));
        std::sort(moves.begin(), moves.end());
        return moves;
    };
    using Moves = std::vector<std::string>;
    CHECK(castles("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1") == Moves{"e1c1", "e1g1"});
    CHECK(castles("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1") == Moves{"e1g1"});       // right lost
    CHECK(castles("r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1") == Moves{});           // blocked
    CHECK(castles("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1") == Moves{"e8c8", "e8g8"});
    CHECK(castles("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1") == Moves{"e1c1"});          // f1 attacked
    CHECK(castles("r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1") == Moves{"e1c1"});          // g1 attacked
    CHECK(castles("r3k2r/8/8/8/8/8/3r4/R3K2R w KQkq - 0 1") == Moves{"e1g1"});          // d1 attacked
    CHECK(castles("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1") == Moves{});                // in check
    // Only the king's path matters: an attacked b1 or rook square does not stop castling.
    CHECK(castles("r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1") == Moves{"e1c1", "e1g1"});
    CHECK(castles("r3k2r/8/8/8/8/8/7r/R3K2R w KQkq - 0 1") == Moves{"e1c1", "e1g1"});
}
TEST_CASE("Chess960 castling follows the rook's and king's paths", "[movegen][chess960]") {
    // King b1, rook a1: O-O-O moves the king to c1 and the rook over it to d1.
    TestGame a("5rkr/8/8/8/8/8/8/RK5R w HAhf - 0 1", true);
    Move ooo(SQ_B1, SQ_A1, CASTLING);
    REQUIRE(MoveList<>(a.pos()).contains(ooo));
    a.play(ooo);
    CHECK(a.pos().piece_on(SQ_C1) == W_KING);
    CHECK(a.pos().piece_on(SQ_D1) == W_ROOK);
    CHECK(a.pos().empty(SQ_A1));
    CHECK(a.pos().empty(SQ_B1));
    a.undo();
    CHECK(a.pos().fen() == "5rkr/8/8/8/8/8/8/RK5R w HAhf - 0 1");

    // The castling rook itself shields the king from a rook behind it: after
    // castling the king would stand in check on its own square.
    TestGame shield("4k3/8/8/8/8/8/8/r1RK4 w C - 0 1", true);
    CHECK_FALSE(MoveList<>(shield.pos()).contains(Move(SQ_D1, SQ_C1, CASTLING)));

    // King already on g1: O-O only moves the rook, and needs f1 empty.
    TestGame g1("4k3/8/8/8/8/8/8/6KR w H - 0 1", true);
    CHECK(MoveList<>(g1.pos()).contains(Move(SQ_G1, SQ_H1, CASTLING)));
    TestGame g1_blocked("4k3/8/8/8/8/8/8/5BKR w H - 0 1", true);
    CHECK_FALSE(MoveList<>(g1_blocked.pos()).contains(Move(SQ_G1, SQ_H1, CASTLING)));
}

TEST_CASE("Checkers, blockers and pinners agree with a scan of the sliders", "[movegen]") {
    // A blocker is the only piece between a king and an enemy slider on its
    // line. When the king is in check the front slider is the checker and
    // blockers behind it do not matter, so those kings are not compared. Pinners
    // may also include a slider standing behind another one on the same line
    // (an x-ray pin, as in Stockfish's slider_blockers), so they are bounded
    // from both sides rather than compared exactly.
    Failures failures;
    for_suite_positions(load_all_suite_cases(), false, [&](const std::string& name, Position& pos) {
        const Color us = pos.side_to_move();
        if (pos.checkers() != (pos.attackers_to(pos.king_square(us)) & pos.pieces(~us)))
            failures.add(name + ": checkers " + describe(pos.checkers()));
        for (Color c : {WHITE, BLACK}) {
            if (c == us && pos.in_check()) continue;
            Square ksq = pos.king_square(c);
            Bitboard blockers = 0, pinners = 0;
            Bitboard sliders = (pos.pieces(~c, ROOK, QUEEN) & rook_attacks(ksq, 0)) |
                               (pos.pieces(~c, BISHOP, QUEEN) & bishop_attacks(ksq, 0));
            for (Bitboard b = sliders; b;) {
                Square s = pop_lsb(b);
                Bitboard between = between_bb(ksq, s) & ~square_bb(s) & pos.pieces();
                if (popcount(between) != 1) continue;
                blockers |= between;
                if (between & pos.pieces(c)) pinners |= square_bb(s);
            }
            std::string side = c == WHITE ? " white" : " black";
            if (pos.blockers_for_king(c) != blockers)
                failures.add(name + ": blockers for" + side + " " + describe(pos.blockers_for_king(c)) + ", expected " +
                             describe(blockers));
            if ((pos.pinners(~c) & pinners) != pinners || (pos.pinners(~c) & ~sliders))
                failures.add(name + ": pinners of" + side + " " + describe(pos.pinners(~c)) + ", expected " +
                             describe(pinners) + " plus x-ray sliders");
        }
    });
    CHECK_NO_FAILURES(failures);
}

TEST_CASE("do_move records the captured piece and undo_move puts it back", "[movegen]") {
    TestGame game("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    Position& pos = game.pos();
    const std::string start = pos.fen();
    CHECK(pos.is_capture(Move(SQ_E5, SQ_F7)));
    CHECK_FALSE(pos.is_capture(Move(SQ_E1, SQ_H1, CASTLING)));  // "king takes own rook" is no capture
    CHECK(pos.moved_piece(Move(SQ_E5, SQ_F7)) == W_KNIGHT);
    game.play_uci("e5f7");
    CHECK(pos.captured_piece() == B_PAWN);
    game.play_uci("e8g8");
    CHECK(pos.captured_piece() == NO_PIECE);
    CHECK(pos.piece_on(SQ_G8) == B_KING);
    CHECK(pos.piece_on(SQ_F8) == B_ROOK);
    game.play_uci("f3f6");
    CHECK(pos.captured_piece() == B_KNIGHT);
    game.undo();
    game.undo();
    game.undo();
    CHECK(pos.fen() == start);
}

TEST_CASE("Capturing a rook on its corner removes that castling right", "[movegen]") {
    TestGame game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    game.play_uci("a1a8");
    CHECK(game.pos().captured_piece() == B_ROOK);
    CHECK(game.pos().castling_rights() == (WHITE_OO | BLACK_OO));
    CHECK(game.pos().fen() == "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
    game.undo();
    CHECK(game.pos().castling_rights() == ALL_CASTLING);
    CHECK(game.pos().piece_on(SQ_A8) == B_ROOK);
}
