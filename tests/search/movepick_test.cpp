// The move picker: every legal move exactly once, the hash move first when it
// is legal, never an illegal hash or killer move, stages in the documented
// order (the counter-move after the killers), quiet moves by history and
// continuation history with the move code as tie-break, captures by MVV-LVA
// and capture history, and the quiescence selections.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>

#include "core/movegen.h"
#include "core/notation.h"
#include "search/movepick.h"
#include "search/see.h"
#include "support.h"

using namespace augur;
using namespace augur::test;

namespace {

std::vector<std::string> picker_fens() {
    std::vector<std::string> fens;
    for (const auto& f : bench_positions()) fens.emplace_back(f);
    // Checks, promotions, en passant, castling.
    fens.push_back("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    fens.push_back("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    fens.push_back("4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1");
    fens.push_back("4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1");  // check
    fens.push_back("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");    // check by a queen next to the king
    fens.push_back("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 1");
    return fens;
}

std::vector<Move> drain(MovePicker& picker) {
    std::vector<Move> out;
    while (Move m = picker.next()) {
        out.push_back(m);
        if (out.size() > 2 * MAX_MOVES) break;  // guard against a picker that never ends
    }
    return out;
}

std::multiset<std::uint16_t> codes(const std::vector<Move>& moves) {
    std::multiset<std::uint16_t> s;
    for (Move m : moves) s.insert(m.raw());
    return s;
}

template <GenType T>
std::multiset<std::uint16_t> legal_codes(const Position& pos) {
    std::multiset<std::uint16_t> s;
    for (Move m : MoveList<T>(pos)) s.insert(m.raw());
    return s;
}

bool is_noisy(const Position& pos, Move m) { return pos.is_capture(m) || m.kind() == PROMOTION; }

}  // namespace

TEST_CASE("Move picker returns every legal move exactly once", "[search][movepick]") {
    std::mt19937 rng(20240611);
    SearchHistory history;
    // A history with random values, so that quiet moves are reordered.
    for (auto& side : history.butterfly)
        for (auto& from : side)
            for (int& v : from) v = int(rng() % 4001) - 2000;

    for (const std::string& fen : picker_fens()) {
        auto game = make_game(fen);
        const Position& pos = game->position();
        MoveList<> legal(pos);
        auto expected = legal_codes<GenType::All>(pos);
        INFO(fen);

        // Candidate hash moves: none, every legal move, random codes.
        std::vector<Move> tt_moves = {Move::none()};
        for (Move m : legal) tt_moves.push_back(m);
        for (int i = 0; i < 64; ++i) tt_moves.push_back(Move(std::uint16_t(rng())));

        for (Move tt : tt_moves) {
            // Killers: random codes, legal quiet moves, captures, the hash move.
            Move killers[2] = {Move(std::uint16_t(rng())), Move(std::uint16_t(rng()))};
            if (!legal.empty() && rng() % 2) killers[0] = legal[rng() % legal.size()];
            if (!legal.empty() && rng() % 2) killers[1] = legal[rng() % legal.size()];
            if (rng() % 8 == 0) killers[1] = tt;
            if (rng() % 8 == 0) killers[1] = killers[0];
            for (bool with_history : {false, true}) {
                MovePicker picker(pos, tt, killers, with_history ? &history : nullptr, true, false);
                std::vector<Move> got = drain(picker);
                INFO("tt " << tt.raw() << " killers " << killers[0].raw() << " " << killers[1].raw());
                CHECK(codes(got) == expected);
                bool tt_legal = tt && pos.is_legal(tt);
                if (tt_legal) {
                    REQUIRE_FALSE(got.empty());
                    CHECK(got.front() == tt);
                }
                // After the picker is done it stays done.
                CHECK_FALSE(picker.next());
            }
        }
    }
}

TEST_CASE("Move picker stages come in the documented order", "[search][movepick]") {
    std::mt19937 rng(7);
    SearchHistory history;
    for (auto& side : history.butterfly)
        for (auto& from : side)
            for (int& v : from) v = int(rng() % 7) * 100;  // many ties, to exercise the tie-break

    for (const std::string& fen : picker_fens()) {
        auto game = make_game(fen);
        const Position& pos = game->position();
        if (pos.in_check()) continue;  // evasions are one mixed list
        INFO(fen);
        MoveList<> legal(pos);
        // A legal quiet move as killer, if any.
        Move killer = Move::none();
        for (Move m : legal)
            if (!is_noisy(pos, m)) killer = m;
        Move killers[2] = {killer, Move::none()};
        MovePicker picker(pos, Move::none(), killers, &history, true, false);
        std::vector<Move> got = drain(picker);

        // Classify each move into its stage: 0 good noisy, 1 killer, 2 quiet, 3 losing noisy.
        std::vector<int> stage;
        for (Move m : got) {
            if (is_noisy(pos, m)) stage.push_back(see_ge(pos, m, 0) ? 0 : 3);
            else stage.push_back(m == killer ? 1 : 2);
        }
        CHECK(std::is_sorted(stage.begin(), stage.end()));

        // Quiet stage: history descending, ties to the lower move code.
        for (std::size_t i = 1; i < got.size(); ++i) {
            if (stage[i] != 2 || stage[i - 1] != 2) continue;
            int h0 = history.quiet_score(pos.side_to_move(), got[i - 1]);
            int h1 = history.quiet_score(pos.side_to_move(), got[i]);
            INFO(move_to_uci(pos, got[i - 1]) << " (" << h0 << ") before " << move_to_uci(pos, got[i]) << " (" << h1
                                               << ")");
            CHECK(h0 >= h1);
            if (h0 == h1) CHECK(got[i - 1].raw() < got[i].raw());
        }
        // Good captures: the most valuable victim first.
        for (std::size_t i = 1; i < got.size(); ++i) {
            if (stage[i] != 0 || stage[i - 1] != 0) continue;
            if (got[i].kind() == PROMOTION || got[i - 1].kind() == PROMOTION) continue;
            if (got[i].kind() == EN_PASSANT || got[i - 1].kind() == EN_PASSANT) continue;
            CHECK(SEE_VALUE[type_of(pos.piece_on(got[i - 1].to()))] >= SEE_VALUE[type_of(pos.piece_on(got[i].to()))]);
        }
    }
}

TEST_CASE("Quiescence selections of the move picker", "[search][movepick]") {
    std::mt19937 rng(99);
    for (const std::string& fen : picker_fens()) {
        auto game = make_game(fen);
        const Position& pos = game->position();
        INFO(fen);
        MoveList<> legal(pos);
        std::vector<Move> tt_moves = {Move::none()};
        for (Move m : legal) tt_moves.push_back(m);
        for (int i = 0; i < 16; ++i) tt_moves.push_back(Move(std::uint16_t(rng())));

        for (Move tt : tt_moves) {
            INFO("tt " << tt.raw());
            // All noisy moves (or every evasion when in check).
            MovePicker all(pos, tt, nullptr, nullptr, false, false);
            std::vector<Move> got = drain(all);
            if (pos.in_check()) CHECK(codes(got) == legal_codes<GenType::All>(pos));
            else CHECK(codes(got) == legal_codes<GenType::Noisy>(pos));
            bool tt_first = tt && pos.is_legal(tt) && (pos.in_check() || is_noisy(pos, tt));
            if (tt_first) CHECK(got.front() == tt);
            for (Move m : got) CHECK(pos.is_legal(m));

            // Losing captures skipped: exactly the noisy moves with SEE >= 0,
            // plus the hash move wherever it stands.
            MovePicker good(pos, tt, nullptr, nullptr, false, true);
            std::vector<Move> kept = drain(good);
            if (pos.in_check()) {
                CHECK(codes(kept) == legal_codes<GenType::All>(pos));
            } else {
                std::multiset<std::uint16_t> expected;
                for (Move m : MoveList<GenType::Noisy>(pos))
                    if (see_ge(pos, m, 0) || (tt_first && m == tt)) expected.insert(m.raw());
                CHECK(codes(kept) == expected);
            }
        }
    }
}

TEST_CASE("Random hash moves are returned only when legal", "[search][movepick]") {
    std::mt19937 rng(12345);
    for (const std::string& fen : picker_fens()) {
        auto game = make_game(fen);
        const Position& pos = game->position();
        MoveList<> legal(pos);
        int illegal_seen = 0;
        for (int i = 0; i < 3000; ++i) {
            Move tt{std::uint16_t(rng())};
            MovePicker picker(pos, tt, nullptr, nullptr, true, false);
            Move first = picker.next();
            if (legal.contains(tt)) {
                CHECK(first == tt);
            } else {
                ++illegal_seen;
                // The first move is a real legal move, never the bogus code.
                CHECK(first != tt);
                if (first) CHECK(legal.contains(first));
            }
        }
        CHECK(illegal_seen > 0);
    }
}

TEST_CASE("The counter-move follows the killers; continuation and capture history order their stages",
          "[search][movepick]") {
    std::mt19937 rng(11);
    SearchHistory history;
    for (PieceToHistory& row : history.continuation.all_rows())
        for (auto& piece : row)
            for (int& v : piece) v = int(rng() % 9) * 100 - 400;  // many ties, to exercise the tie-break
    for (auto& piece : history.captures)
        for (auto& to : piece)
            for (int& v : to) v = int(rng() % 4001) - 2000;
    NodeHistory node;
    node.continuation[0] = &history.continuation.all_rows()[5];
    node.continuation[1] = &history.continuation.all_rows()[700];
    node.captures = &history;
    node.capture_divisor = 32;

    for (const std::string& fen : picker_fens()) {
        auto game = make_game(fen);
        const Position& pos = game->position();
        if (pos.in_check()) continue;
        INFO(fen);
        std::vector<Move> quiets;
        for (Move m : MoveList<>(pos))
            if (!is_noisy(pos, m)) quiets.push_back(m);
        if (quiets.size() < 2) continue;
        const Move killers[2] = {quiets.front(), Move::none()};
        node.counter_move = quiets.back();
        MovePicker picker(pos, Move::none(), killers, nullptr, true, false, &node);
        std::vector<Move> got = drain(picker);
        CHECK(codes(got) == legal_codes<GenType::All>(pos));

        // Stages: 0 good noisy, 1 killer, 2 counter-move, 3 other quiets, 4 losing noisy.
        std::vector<int> stage;
        for (Move m : got) {
            if (is_noisy(pos, m)) stage.push_back(see_ge(pos, m, 0) ? 0 : 4);
            else stage.push_back(m == killers[0] ? 1 : m == node.counter_move ? 2 : 3);
        }
        CHECK(std::is_sorted(stage.begin(), stage.end()));
        CHECK(std::ranges::count(stage, 2) == 1);

        for (std::size_t i = 1; i < got.size(); ++i) {
            if (stage[i] == 3 && stage[i - 1] == 3) {  // quiets: continuation score, then move code
                int h0 = node.continuation_score(pos, got[i - 1]), h1 = node.continuation_score(pos, got[i]);
                CHECK(h0 >= h1);
                if (h0 == h1) CHECK(got[i - 1].raw() < got[i].raw());
            }
            if (stage[i] == 0 && stage[i - 1] == 0 && got[i].kind() == NORMAL && got[i - 1].kind() == NORMAL) {
                auto score = [&](Move m) {
                    return SEE_VALUE[type_of(pos.piece_on(m.to()))] * 8 - type_of(pos.moved_piece(m)) +
                           history.capture_score(pos, m) / node.capture_divisor;
                };
                CHECK(score(got[i - 1]) >= score(got[i]));
            }
        }
    }
}

TEST_CASE("Clearing the history empties the continuation rows written, however they were written",
          "[search][history]") {
    SearchHistory history;
    history.continuation_row_to_update(W_KNIGHT, SQ_F3)[W_PAWN][SQ_E4] = 120;
    history.continuation_row_to_update(B_QUEEN, SQ_D8)[B_KING][SQ_E7] = -75;
    CHECK(history.continuation_row(W_KNIGHT, SQ_F3)[W_PAWN][SQ_E4] == 120);
    history.clear();
    CHECK(history.continuation_row(W_KNIGHT, SQ_F3)[W_PAWN][SQ_E4] == 0);
    CHECK(history.continuation_row(B_QUEEN, SQ_D8)[B_KING][SQ_E7] == 0);

    // Filled by hand (as the ordering test does): every row is emptied.
    for (PieceToHistory& row : history.continuation.all_rows()) row[W_ROOK][SQ_A1] = 9;
    history.clear();
    for (PieceToHistory& row : history.continuation.all_rows()) REQUIRE(row[W_ROOK][SQ_A1] == 0);

    // Written again after a clear: emptied again.
    history.continuation_row_to_update(W_PAWN, SQ_E4)[B_PAWN][SQ_E5] = 33;
    history.clear();
    CHECK(history.continuation_row(W_PAWN, SQ_E4)[B_PAWN][SQ_E5] == 0);
}
