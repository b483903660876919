// C entry points for positions: FEN, queries, moves, make and unmake.
#include <memory>
#include <string>
#include <string_view>

#include "capi/handle.h"
#include "capi/moves.h"
#include "core/notation.h"
#include "core/rules.h"
#include "search/wdl.h"

using augur::Game;
using augur::GameStatus;
using augur::Move;
using augur::Position;
using augur::capi::create_handle;
using augur::capi::fail;
using augur::capi::guarded;
using augur::capi::null_argument;
using augur::capi::write_text;

static_assert(int(GameStatus::Ongoing) == AUGUR_GAME_ONGOING);
static_assert(int(GameStatus::Checkmate) == AUGUR_GAME_CHECKMATE);
static_assert(int(GameStatus::Stalemate) == AUGUR_GAME_STALEMATE);
static_assert(int(GameStatus::ThreefoldRepetition) == AUGUR_GAME_THREEFOLD_REPETITION);
static_assert(int(GameStatus::FiftyMoveRule) == AUGUR_GAME_FIFTY_MOVE_RULE);
static_assert(int(GameStatus::InsufficientMaterial) == AUGUR_GAME_INSUFFICIENT_MATERIAL);
static_assert(sizeof(augur_move) == sizeof(Move));

namespace {

const Position& position_of(const augur_position& pos) { return pos.game->position(); }

// Replaces the handle's game with a new one, or keeps the old one and reports
// why the new one could not be made.
int install(augur_position& pos, Game::Created result, int error_status) {
    if (!result.game) return fail(pos, error_status, result.error);
    pos.game = std::move(result.game);
    return AUGUR_OK;
}

int set_fen(augur_position& pos, std::string_view fen) {
    return install(pos, Game::from_fen(fen, pos.chess960_mode), AUGUR_E_BAD_FEN);
}

// Rejects a move code that is not legal in the handle's position. Every legal
// move has exactly one code (Position::is_legal refuses stray promotion bits),
// the one augur_position_legal_moves lists.
int check_legal(const augur_position& pos, augur_move move) {
    if (position_of(pos).is_legal(Move(move))) return AUGUR_OK;
    return fail(pos, AUGUR_E_ILLEGAL_MOVE, "move code " + std::to_string(move), " is not a legal move here");
}

using Parser = Move (*)(const Position&, std::string_view, std::string*);

int parse(const augur_position& pos, const char* text, augur_move* move, Parser parser) {
    if (!text) return null_argument(pos, "text");
    if (!move) return null_argument(pos, "move");
    std::string error;
    Move m = parser(position_of(pos), text, &error);
    if (!m) return fail(pos, AUGUR_E_ILLEGAL_MOVE, error);
    *move = m.raw();
    return AUGUR_OK;
}

int play_text(augur_position& pos, const char* text, Parser parser) {
    augur_move move = AUGUR_MOVE_NONE;
    if (int status = parse(pos, text, &move, parser)) return status;
    pos.game->play(Move(move));
    return AUGUR_OK;
}

// An entry point that answers with one int read off the position.
template <class Query>
int query(const augur_position* pos, int* out, const char* out_name, Query get) {
    return guarded(pos, [&](const augur_position& p) -> int {
        if (!out) return null_argument(p, out_name);
        *out = get(position_of(p));
        return AUGUR_OK;
    });
}

}  // namespace

extern "C" {

int augur_position_create(augur_position** out) {
    return create_handle(out, [](augur_position& pos) {
        pos.game = Game::start_position();
        return pos.game ? AUGUR_OK : AUGUR_E_INTERNAL;
    });
}

int augur_position_clone(const augur_position* src, augur_position** out) {
    return guarded(src, [&](const augur_position& p) -> int {
        if (!out) return null_argument(p, "out");
        *out = nullptr;
        auto copy = std::make_unique<augur_position>();
        copy->chess960_mode = p.chess960_mode;
        Game::Created replayed = p.game->replay(position_of(p).is_chess960());
        if (!replayed.game) return fail(p, AUGUR_E_INTERNAL, "internal error: ", replayed.error);
        copy->game = std::move(replayed.game);
        *out = copy.release();
        return AUGUR_OK;
    });
}

void augur_position_destroy(augur_position* pos) { delete pos; }

const char* augur_position_last_error(const augur_position* pos) {
    return pos ? pos->error : "the position handle is NULL";
}

int augur_position_set_startpos(augur_position* pos) {
    return guarded(pos, [&](augur_position& p) -> int { return set_fen(p, Position::START_FEN); });
}

int augur_position_set_fen(augur_position* pos, const char* fen) {
    return guarded(pos, [&](augur_position& p) -> int { return fen ? set_fen(p, fen) : null_argument(p, "fen"); });
}

int augur_position_fen(const augur_position* pos, char* buf, size_t size) {
    return guarded(pos, [&](const augur_position& p) -> int { return write_text(p, position_of(p).fen(), buf, size); });
}

int augur_position_set_chess960(augur_position* pos, int enabled) {
    return guarded(pos, [&](augur_position& p) -> int {
        Game::Created replayed = p.game->replay(enabled != 0);
        if (!enabled && replayed.game && replayed.game->position().is_chess960())
            return fail(p, AUGUR_E_INVALID_ARGUMENT,
                        "this position needs Chess960: its castling rights name rook files, or a king or castling "
                        "rook stands off its standard square");
        if (int status = install(p, std::move(replayed), AUGUR_E_INTERNAL)) return status;
        p.chess960_mode = enabled != 0;
        return AUGUR_OK;
    });
}

int augur_position_is_chess960(const augur_position* pos, int* enabled) {
    return query(pos, enabled, "enabled", [](const Position& p) { return int(p.is_chess960()); });
}

int augur_position_side_to_move(const augur_position* pos, int* side) {
    return query(pos, side, "side", [](const Position& p) { return int(p.side_to_move()); });
}

int augur_position_in_check(const augur_position* pos, int* in_check) {
    return query(pos, in_check, "in_check", [](const Position& p) { return int(p.in_check()); });
}

int augur_position_wdl(const augur_position* pos, int score_cp, int* win, int* draw, int* loss) {
    return guarded(pos, [&](const augur_position& p) -> int {
        augur::WdlPermille wdl = augur::wdl_permille(score_cp, position_of(p));
        if (win) *win = wdl.win;
        if (draw) *draw = wdl.draw;
        if (loss) *loss = wdl.loss;
        return AUGUR_OK;
    });
}

int augur_position_game_status(const augur_position* pos, int* game_status) {
    return query(pos, game_status, "game_status", [](const Position& p) { return int(augur::game_status(p)); });
}

int augur_position_key(const augur_position* pos, uint64_t* key) {
    return guarded(pos, [&](const augur_position& p) -> int {
        if (!key) return null_argument(p, "key");
        *key = position_of(p).key();
        return AUGUR_OK;
    });
}

int augur_position_history_length(const augur_position* pos, size_t* plies) {
    return guarded(pos, [&](const augur_position& p) -> int {
        if (!plies) return null_argument(p, "plies");
        *plies = p.game->moves().size();
        return AUGUR_OK;
    });
}

int augur_position_legal_moves(const augur_position* pos, augur_move* out, size_t capacity, size_t* count) {
    return guarded(pos, [&](const augur_position& p) -> int {
        if (!count) return null_argument(p, "count");
        if (!out && capacity > 0) return null_argument(p, "out");
        augur::capi::SortedMoves moves(position_of(p));
        *count = moves.size();
        if (moves.size() > capacity)
            return fail(p, AUGUR_E_BUFFER_TOO_SMALL,
                        "room for " + std::to_string(capacity) + " moves; " + std::to_string(moves.size()),
                        " are needed");
        for (std::size_t i = 0; i < moves.size(); ++i) out[i] = moves[i].raw();
        return AUGUR_OK;
    });
}

int augur_position_move_to_uci(const augur_position* pos, augur_move move, char* buf, size_t size) {
    return guarded(pos, [&](const augur_position& p) -> int {
        if (int status = check_legal(p, move)) return status;
        return write_text(p, augur::move_to_uci(position_of(p), Move(move)), buf, size);
    });
}

int augur_position_move_to_san(const augur_position* pos, augur_move move, char* buf, size_t size) {
    return guarded(pos, [&](const augur_position& p) -> int {
        if (int status = check_legal(p, move)) return status;
        // move_to_san plays the move to look for mate; it does so on a copy so
        // that the handle stays untouched.
        augur::capi::ScratchPosition scratch(position_of(p));
        return write_text(p, augur::move_to_san(scratch.pos, Move(move)), buf, size);
    });
}

int augur_position_parse_uci(const augur_position* pos, const char* text, augur_move* move) {
    return guarded(pos, [&](const augur_position& p) -> int { return parse(p, text, move, augur::parse_uci_move); });
}

int augur_position_parse_san(const augur_position* pos, const char* text, augur_move* move) {
    return guarded(pos, [&](const augur_position& p) -> int { return parse(p, text, move, augur::parse_san_move); });
}

int augur_position_play_move(augur_position* pos, augur_move move) {
    return guarded(pos, [&](augur_position& p) -> int {
        if (int status = check_legal(p, move)) return status;
        p.game->play(Move(move));
        return AUGUR_OK;
    });
}

int augur_position_play_uci(augur_position* pos, const char* text) {
    return guarded(pos, [&](augur_position& p) -> int { return play_text(p, text, augur::parse_uci_move); });
}

int augur_position_play_san(augur_position* pos, const char* text) {
    return guarded(pos, [&](augur_position& p) -> int { return play_text(p, text, augur::parse_san_move); });
}

int augur_position_undo(augur_position* pos) {
    return guarded(pos, [&](augur_position& p) -> int {
        if (p.game->undo()) return AUGUR_OK;
        return fail(p, AUGUR_E_NO_MOVE_TO_UNDO, "nothing to undo: no move was played since the position was set");
    });
}

}  // extern "C"
