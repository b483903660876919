// Fuzz target: FEN, X-FEN and Shredder-FEN. Any text is read once as given
// and once with Chess960 forced; whatever is accepted must print a FEN that
// reads back to the same position (same text, same keys), and its incremental
// keys must equal keys computed from scratch.
#include <string>

#include "core/movegen.h"
#include "core/position.h"
#include "fuzz_support.h"

namespace {

using augur::Position;
using augur::StateInfo;

void check_round_trip(std::string_view text, bool chess960) {
    Position pos;
    StateInfo st;
    if (pos.set_fen(text, st, chess960)) return;  // refused with a message: fine

    std::string printed = pos.fen();
    FUZZ_CHECK(pos.key() == pos.compute_key(), printed);
    FUZZ_CHECK(pos.pawn_key() == pos.compute_pawn_key(), printed);
    FUZZ_CHECK(pos.material_key() == pos.compute_material_key(), printed);

    Position again;
    StateInfo again_st;
    auto error = again.set_fen(printed, again_st, pos.is_chess960());
    FUZZ_CHECK(!error, "printed FEN refused: " + printed + ": " + error.value_or(""));
    FUZZ_CHECK(again.fen() == printed, printed + " reads back as " + again.fen());
    FUZZ_CHECK(again.key() == pos.key(), printed);
    FUZZ_CHECK(again.is_chess960() == pos.is_chess960(), printed);
    FUZZ_CHECK(augur::MoveList<>(again).size() == augur::MoveList<>(pos).size(), printed);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    check_round_trip(text, false);
    check_round_trip(text, true);
    return 0;
}
