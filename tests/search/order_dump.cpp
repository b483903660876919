// order_dump: the native half of the Java move-ordering cross-check.
//
//   order_dump [--every N] FILE [[--every N] FILE]...
//
// Reads the FENs of each EPD-like file (with --every N only every N-th line of
// the next file) and prints, per position, the complete order in which the
// MovePicker hands out the moves under six settings, as decimal 16-bit move
// codes. dev.augur.reference.search.NativeOrderReferenceTest builds the same
// settings by the same recipe and compares the Java MovePicker with it:
//
//   FEN | plain C.. | hash C.. | full C.. | killers C.. | qsearch C.. | qskip C..
//
//   plain    main search: no hash move, no killers, no history (every quiet scores 0)
//   hash     main search: the hash move H only
//   full     main search: H, killers (K0, first noisy move or else e2e4), history
//   killers  main search: no hash move, killers (e2e4, last quiet), history
//   qsearch  quiescence (quiet moves off), hash move H, losing captures kept
//   qskip    quiescence, hash move H, losing captures skipped
//
// With the legal moves sorted by code: H is the middle one (index size / 2), K0
// the quiet at index quiets / 3. The history recipe gives (side, from, to) the
// value (from * 37 + to * 101 + side * 53) % 4001 - 2000 for both sides. The
// e2e4 code (12 << 6 | 28) is legal in some positions and not in others, which
// exercises the killers' legality check.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "search/movepick.h"
// The suites' FEN loader and Board, shared with the evaluation cross-check.
#include "../eval/test_util.h"

using namespace augur;

namespace {

const Move E2E4 = Move(SQ_E2, SQ_E4);

struct Recipe {
    Move hash;
    Move killer0;
    Move first_noisy_or_e2e4;
    Move last_quiet;
    SearchHistory history;
};

bool is_noisy(const Position& pos, Move m) { return pos.is_capture(m) || m.kind() == PROMOTION; }

void build_recipe(const Position& pos, Recipe& r) {
    std::vector<Move> legal, quiets, noisy;
    for (Move m : MoveList<>(pos)) legal.push_back(m);
    std::sort(legal.begin(), legal.end(), [](Move a, Move b) { return a.raw() < b.raw(); });
    for (Move m : legal) (is_noisy(pos, m) ? noisy : quiets).push_back(m);
    r.hash = legal.empty() ? Move::none() : legal[legal.size() / 2];
    r.killer0 = quiets.empty() ? Move::none() : quiets[quiets.size() / 3];
    r.first_noisy_or_e2e4 = noisy.empty() ? E2E4 : noisy.front();
    r.last_quiet = quiets.empty() ? Move::none() : quiets.back();
    for (int side = 0; side < COLOR_NB; ++side)
        for (int from = 0; from < SQUARE_NB; ++from)
            for (int to = 0; to < SQUARE_NB; ++to)
                r.history.butterfly[side][from][to] = (from * 37 + to * 101 + side * 53) % 4001 - 2000;
}

void print_order(const char* name, MovePicker&& picker) {
    std::printf(" | %s", name);
    for (Move m = picker.next(); m; m = picker.next()) std::printf(" %u", unsigned(m.raw()));
}

void dump_position(const std::string& fen) {
    test::Board board(fen);
    const Position& pos = board.pos;
    static Recipe r;  // large (the history); static so that it does not live on the stack
    build_recipe(pos, r);
    const Move full_killers[2] = {r.killer0, r.first_noisy_or_e2e4};
    const Move other_killers[2] = {E2E4, r.last_quiet};

    std::printf("%s", fen.c_str());
    print_order("plain", MovePicker(pos, Move::none(), nullptr, nullptr, true, false));
    print_order("hash", MovePicker(pos, r.hash, nullptr, nullptr, true, false));
    print_order("full", MovePicker(pos, r.hash, full_killers, &r.history, true, false));
    print_order("killers", MovePicker(pos, Move::none(), other_killers, &r.history, true, false));
    print_order("qsearch", MovePicker(pos, r.hash, nullptr, nullptr, false, false));
    print_order("qskip", MovePicker(pos, r.hash, nullptr, nullptr, false, true));
    std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: order_dump [--every N] FILE [[--every N] FILE]...\n");
        return 2;
    }
    std::printf("# augur move-order reference, format 1 (see tests/search/order_dump.cpp)\n");
    return test::for_each_sampled_fen(argc, argv, "order_dump", [](const std::string& fen) {
        dump_position(fen);
        return true;
    });
}
