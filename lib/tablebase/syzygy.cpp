#include "tablebase/syzygy.h"

#include <algorithm>
#include <filesystem>
#include <mutex>
#include <vector>

#include "core/movegen.h"

#ifdef AUGUR_HAS_FATHOM
#include <tbprobe.h>
#endif

namespace augur::syzygy {

namespace {

// Guards fathom (global state, no locks of its own) and what it has loaded.
std::mutex fathom_mutex;
std::string loaded_path;
std::uint64_t loaded_generation = 0;  // 0: nothing loaded
std::uint64_t next_generation = 1;

// The directories of a ':'-separated path, without the empty ones ("a::b",
// "a:", ":a"): fathom counts an empty one as a directory and then reads past
// the end of its copy of the string looking for it (found by the capi fuzz target).
std::vector<std::string> directories_of(std::string_view paths) {
    std::vector<std::string> directories;
    std::size_t start = 0;
    while (start <= paths.size()) {
        std::size_t end = std::min(paths.find(':', start), paths.size());
        if (end > start) directories.emplace_back(paths.substr(start, end - start));
        start = end + 1;
    }
    return directories;
}

// Every directory of paths exists and one of them holds a WDL table, checked
// before fathom lets go of the tables it has (it skips missing directories
// silently, which would hide a typo from the user).
std::optional<std::string> check_directories(std::string_view paths) {
    bool any_table = false;
    for (const std::string& directory : directories_of(paths)) {
        std::error_code ec;
        if (!std::filesystem::is_directory(directory, ec)) return "'" + directory + "' is not a directory";
        for (const auto& entry : std::filesystem::directory_iterator(directory, ec))
            any_table = any_table || entry.path().extension() == ".rtbw";
    }
    if (!any_table) return "no Syzygy tables (.rtbw files) in '" + std::string(paths) + "'";
    return std::nullopt;
}

// paths as fathom is given it: its directories without the empty ones.
std::string without_empty_directories(std::string_view paths) {
    std::string kept;
    for (const std::string& directory : directories_of(paths)) {
        if (!kept.empty()) kept += ':';
        kept += directory;
    }
    return kept;
}

// Since the last capture or pawn move, did any position occur twice? The
// tables' distances assume it did not, so a root that repeated ranks its wins
// by distance only.
bool repeated_since_zeroing(const Position& pos) {
    const StateInfo* st = pos.state();
    for (int plies = pos.rule50(); st && plies >= 0; --plies, st = st->previous)
        if (st->repetition) return true;
    return false;
}

#ifdef AUGUR_HAS_FATHOM

struct FathomPosition {
    std::uint64_t white, black, kings, queens, rooks, bishops, knights, pawns;
    unsigned rule50, ep;
    bool white_to_move;
};

FathomPosition to_fathom(const Position& pos) {
    return FathomPosition{pos.pieces(WHITE), pos.pieces(BLACK), pos.pieces(KING), pos.pieces(QUEEN),
                          pos.pieces(ROOK), pos.pieces(BISHOP), pos.pieces(KNIGHT), pos.pieces(PAWN),
                          unsigned(pos.rule50()), pos.ep_square() == SQ_NONE ? 0u : unsigned(pos.ep_square()),
                          pos.side_to_move() == WHITE};
}

// The legal move of pos that fathom's move stands for.
Move from_fathom(const Position& pos, TbMove tb_move) {
    static constexpr PieceType PROMOTIONS[] = {NO_PIECE_TYPE, QUEEN, ROOK, BISHOP, KNIGHT};
    const Square from = Square(TB_MOVE_FROM(tb_move)), to = Square(TB_MOVE_TO(tb_move));
    const unsigned code = TB_MOVE_PROMOTES(tb_move);
    const PieceType promotion = code < 5 ? PROMOTIONS[code] : NO_PIECE_TYPE;
    for (Move m : MoveList<>(pos))
        if (m.from() == from && m.to() == to && (m.kind() != PROMOTION || m.promotion() == promotion)) return m;
    return Move::none();
}

bool probeable(const TableHandle& handle, const Position& pos) {
    return handle.generation == loaded_generation && handle.generation != 0 && !pos.castling_rights() &&
           popcount(pos.pieces()) <= handle.max_pieces;
}

// The WDL value of pos as if its fifty-move counter were zero; the lock is held.
std::optional<Wdl> probe_wdl_locked(const FathomPosition& p) {
    unsigned result = tb_probe_wdl(p.white, p.black, p.kings, p.queens, p.rooks, p.bishops, p.knights, p.pawns,
                                   0, 0, p.ep, p.white_to_move);
    if (result == TB_RESULT_FAILED) return std::nullopt;
    return Wdl(int(result) - 2);
}

// fathom's root probe at the given fifty-move counter (it weighs the root's
// distance to zeroing against the counter), or nothing when the tables have no
// answer or the position is mate or stalemate, which are the rules' to call, not
// the tables'; the lock is held.
std::optional<unsigned> probe_root_locked(const FathomPosition& p, unsigned rule50) {
    unsigned result = tb_probe_root(p.white, p.black, p.kings, p.queens, p.rooks, p.bishops, p.knights, p.pawns,
                                    rule50, 0, p.ep, p.white_to_move, nullptr);
    if (result == TB_RESULT_FAILED || result == TB_RESULT_CHECKMATE || result == TB_RESULT_STALEMATE)
        return std::nullopt;
    return result;
}

// The result under the fifty-move rule at p's counter, from the DTZ tables; the
// lock is held.
std::optional<Wdl> probe_dtz_outcome_locked(const FathomPosition& p) {
    const std::optional<unsigned> result = probe_root_locked(p, p.rule50);
    if (!result) return std::nullopt;
    return Wdl(int(TB_GET_WDL(*result)) - 2);
}

Wdl wdl_from_rank(int rank) {
    // fathom's ranks: 1000 a sure win, 1..999 a win the fifty-move rule may draw,
    // 0 a draw, the same below for losses.
    return rank >= 1000 ? Wdl::Win : rank > 0 ? Wdl::CursedWin : rank == 0 ? Wdl::Draw
         : rank > -1000 ? Wdl::BlessedLoss : Wdl::Loss;
}

#endif  // AUGUR_HAS_FATHOM

}  // namespace

bool available() {
#ifdef AUGUR_HAS_FATHOM
    return true;
#else
    return false;
#endif
}

std::optional<std::string> load(std::string_view paths, TableHandle& handle) {
    if (paths.empty()) {
        handle = TableHandle{};
        return std::nullopt;
    }
#ifdef AUGUR_HAS_FATHOM
    if (auto error = check_directories(paths)) return error;
    std::lock_guard<std::mutex> lock(fathom_mutex);
    const std::string path = without_empty_directories(paths);
    if (loaded_generation == 0 || path != loaded_path) {
        // Another set (if any) goes: the engines holding it stop probing.
        loaded_generation = 0;
        if (!tb_init(path.c_str()) || TB_LARGEST == 0) {
            handle = TableHandle{};
            return "the tables in '" + path + "' could not be loaded";
        }
        loaded_path = path;
        loaded_generation = next_generation++;
    }
    handle = TableHandle{std::string(paths), loaded_generation, int(TB_LARGEST)};
    return std::nullopt;
#else
    (void)check_directories, (void)without_empty_directories;
    return "this build has no Syzygy support (build with Debian's libfathom-dev installed)";
#endif
}

std::optional<Wdl> probe_wdl(const TableHandle& handle, const Position& pos) {
#ifdef AUGUR_HAS_FATHOM
    if (pos.rule50() != 0) return std::nullopt;
    std::lock_guard<std::mutex> lock(fathom_mutex);
    if (!probeable(handle, pos)) return std::nullopt;
    return probe_wdl_locked(to_fathom(pos));
#else
    (void)handle, (void)pos;
    return std::nullopt;
#endif
}

std::optional<Wdl> probe_outcome(const TableHandle& handle, const Position& pos, bool rule50) {
#ifdef AUGUR_HAS_FATHOM
    std::lock_guard<std::mutex> lock(fathom_mutex);
    if (!probeable(handle, pos)) return std::nullopt;
    const FathomPosition p = to_fathom(pos);
    if (!rule50 || p.rule50 == 0) return probe_wdl_locked(p);
    return probe_dtz_outcome_locked(p);
#else
    (void)handle, (void)pos, (void)rule50;
    return std::nullopt;
#endif
}

std::optional<int> probe_dtz(const TableHandle& handle, const Position& pos) {
#ifdef AUGUR_HAS_FATHOM
    std::lock_guard<std::mutex> lock(fathom_mutex);
    if (!probeable(handle, pos)) return std::nullopt;
    const FathomPosition p = to_fathom(pos);
    const std::optional<unsigned> result = probe_root_locked(p, 0);
    if (!result) return std::nullopt;
    const int dtz = int(TB_GET_DTZ(*result)), wdl = int(TB_GET_WDL(*result));
    return wdl > TB_DRAW ? dtz : wdl < TB_DRAW ? -dtz : 0;
#else
    (void)handle, (void)pos;
    return std::nullopt;
#endif
}

std::vector<RankedMove> rank_root_moves(const TableHandle& handle, const Position& pos, bool rule50) {
    std::vector<RankedMove> ranked;
#ifdef AUGUR_HAS_FATHOM
    const bool repeated = repeated_since_zeroing(pos);
    std::lock_guard<std::mutex> lock(fathom_mutex);
    if (!probeable(handle, pos)) return ranked;
    const FathomPosition p = to_fathom(pos);
    // Large (TB_MAX_MOVES predicted lines): kept off the stack of a search thread.
    auto moves = std::make_unique<TbRootMoves>();
    bool ok = tb_probe_root_dtz(p.white, p.black, p.kings, p.queens, p.rooks, p.bishops, p.knights, p.pawns,
                                p.rule50, 0, p.ep, p.white_to_move, repeated, rule50, moves.get());
    if (!ok)
        ok = tb_probe_root_wdl(p.white, p.black, p.kings, p.queens, p.rooks, p.bishops, p.knights, p.pawns,
                               p.rule50, 0, p.ep, p.white_to_move, rule50, moves.get());
    if (!ok) return ranked;
    for (unsigned i = 0; i < moves->size; ++i) {
        const TbRootMove& tb = moves->moves[i];
        Move m = from_fathom(pos, tb.move);
        if (!m) return {};  // a move we do not know: trust nothing
        int rank = tb.tbRank;
        if (!rule50) rank = rank > 0 ? 1000 : rank < 0 ? -1000 : 0;
        ranked.push_back(RankedMove{m, rank, wdl_from_rank(rank)});
    }
#else
    (void)handle, (void)pos, (void)rule50, (void)repeated_since_zeroing;
#endif
    return ranked;
}

}  // namespace augur::syzygy
