/*
 * Augur C API: the stable interface to the Augur chess engine.
 *
 * Conventions
 *   - Every name starts with augur_ or AUGUR_.
 *   - Objects are opaque handles made by a *_create function and released by the
 *     matching *_destroy function.
 *   - Functions return an int status: AUGUR_OK (0) or a negative AUGUR_E_* code.
 *     Results come back through out-parameters, which are written only on
 *     success unless a function says otherwise. After a failed call,
 *     augur_position_last_error() names the fault in a sentence.
 *   - No C++ exception, abort or signal crosses this interface: NULL pointers,
 *     malformed FEN and illegal or garbled move text are reported as errors.
 *   - Strings are NUL-terminated UTF-8. Text written into caller buffers is
 *     always NUL-terminated when the buffer size is at least 1.
 *
 * Thread safety
 *   The library has no mutable global state. Distinct handles may be used from
 *   different threads at the same time. One handle must not be used from two
 *   threads at once, not even through functions that take a const handle: every
 *   call records its outcome in the handle's last-error message.
 *
 * Moves
 *   A move (augur_move) is a 16-bit code, identical to the engine's internal
 *   encoding and to the Java reference implementation's:
 *       bits  0-5   destination square    (a1 = 0, b1 = 1, ..., h8 = 63)
 *       bits  6-11  origin square
 *       bits 12-13  promotion piece       (AUGUR_PROMOTE_*; 0 unless a promotion)
 *       bits 14-15  kind                  (AUGUR_MOVE_KIND_*)
 *   Castling is coded as "king takes own rook" (destination = the rook's
 *   square) in standard chess and in Chess960 alike. 0 (AUGUR_MOVE_NONE) is no
 *   move. Any 16-bit value may be passed in; illegal codes are refused.
 *
 * See docs/API.md for every function in detail and a worked example.
 */
#ifndef AUGUR_AUGUR_H
#define AUGUR_AUGUR_H

#include <stddef.h>
#include <stdint.h>

#include "augur/version.h"

/* Symbols are hidden by default when the library is built; AUGUR_API marks the
 * exported ones. Hosts never define AUGUR_BUILDING. */
#if defined(AUGUR_BUILDING) && (defined(__GNUC__) || defined(__clang__))
#define AUGUR_API __attribute__((visibility("default")))
#else
#define AUGUR_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Status codes                                                              */

enum {
    AUGUR_OK = 0,
    AUGUR_E_INVALID_ARGUMENT = -1,  /* NULL pointer, value out of range, mode conflict */
    AUGUR_E_BAD_FEN = -2,           /* the FEN text is malformed or describes an impossible position */
    AUGUR_E_ILLEGAL_MOVE = -3,      /* the move is not legal here, or the text is not a move */
    AUGUR_E_BUFFER_TOO_SMALL = -4,  /* the caller's buffer cannot hold the result */
    AUGUR_E_NO_MOVE_TO_UNDO = -5,   /* undo with no move played since the position was set */
    AUGUR_E_OUT_OF_MEMORY = -6,
    AUGUR_E_INTERNAL = -7           /* a bug in Augur; the message says more */
};

/* A short English description of a status code ("bad FEN"); never NULL. The
 * string is static. Unknown codes give "unknown status". */
AUGUR_API const char* augur_status_name(int status);

/* ------------------------------------------------------------------------ */
/* Version                                                                   */

/* The library's version string, e.g. "0.1.0" (compare with AUGUR_VERSION_STRING
 * to detect a header/library mismatch). Static, never NULL. */
AUGUR_API const char* augur_version(void);
/* The library's AUGUR_VERSION_NUMBER: MAJOR * 10000 + MINOR * 100 + PATCH. */
AUGUR_API int augur_version_number(void);

/* ------------------------------------------------------------------------ */
/* Constants                                                                 */

typedef uint16_t augur_move;

#define AUGUR_MOVE_NONE ((augur_move)0)

#define AUGUR_MOVE_KIND_NORMAL 0
#define AUGUR_MOVE_KIND_PROMOTION 1
#define AUGUR_MOVE_KIND_EN_PASSANT 2
#define AUGUR_MOVE_KIND_CASTLING 3

#define AUGUR_PROMOTE_KNIGHT 0
#define AUGUR_PROMOTE_BISHOP 1
#define AUGUR_PROMOTE_ROOK 2
#define AUGUR_PROMOTE_QUEEN 3

#define AUGUR_MOVE_TO(m) ((int)((m) & 63))
#define AUGUR_MOVE_FROM(m) ((int)(((m) >> 6) & 63))
#define AUGUR_MOVE_PROMOTION(m) ((int)(((m) >> 12) & 3))
#define AUGUR_MOVE_KIND(m) ((int)(((m) >> 14) & 3))

#define AUGUR_WHITE 0
#define AUGUR_BLACK 1

/* Buffer sizes, NUL included, that always suffice. */
#define AUGUR_FEN_MAX 128 /* augur_position_fen */
#define AUGUR_UCI_MAX 6   /* augur_position_move_to_uci: "e7e8q" */
#define AUGUR_SAN_MAX 8   /* augur_position_move_to_san: "exd8=Q#" */
/* More than the legal moves of any chess position (the record is 218). */
#define AUGUR_MAX_MOVES 256
/* The deepest perft accepted; anything deeper is a mistake, not a request. */
#define AUGUR_PERFT_MAX_DEPTH 32

/* Game states reported by augur_position_game_status(). Mate and stalemate
 * take precedence over the draw rules. */
enum {
    AUGUR_GAME_ONGOING = 0,
    AUGUR_GAME_CHECKMATE = 1,             /* the side to move is mated */
    AUGUR_GAME_STALEMATE = 2,
    AUGUR_GAME_THREEFOLD_REPETITION = 3,  /* the position occurs for the third time */
    AUGUR_GAME_FIFTY_MOVE_RULE = 4,       /* 100 plies without a capture or pawn move */
    AUGUR_GAME_INSUFFICIENT_MATERIAL = 5  /* no sequence of legal moves can end in mate */
};

/* A short English name for a game state ("checkmate"); static, never NULL. */
AUGUR_API const char* augur_game_status_name(int game_status);

/* ------------------------------------------------------------------------ */
/* Positions                                                                 */

/* A chess position together with the moves played from the FEN it was set
 * from. The moves make undo possible and let repetitions be detected. */
typedef struct augur_position augur_position;

/* Creates a position set to the standard start position; *out receives the
 * handle (or NULL on failure). Release it with augur_position_destroy(). */
AUGUR_API int augur_position_create(augur_position** out);
/* Creates an independent copy of src, with its moves and Chess960 mode. */
AUGUR_API int augur_position_clone(const augur_position* src, augur_position** out);
/* Releases a position. NULL is allowed and does nothing. */
AUGUR_API void augur_position_destroy(augur_position* pos);

/* The message for the most recent call on pos: "" if it succeeded. The string
 * belongs to pos and stays valid until the next call on pos. A NULL pos gives a
 * static message saying so. */
AUGUR_API const char* augur_position_last_error(const augur_position* pos);

/* Sets the standard start position and forgets the moves played. */
AUGUR_API int augur_position_set_startpos(augur_position* pos);
/* Sets the position from FEN (4 or 6 fields), X-FEN or Shredder-FEN and forgets
 * the moves played. On failure (AUGUR_E_BAD_FEN) pos is unchanged. */
AUGUR_API int augur_position_set_fen(augur_position* pos, const char* fen);
/* Writes the FEN of the current position. AUGUR_FEN_MAX bytes always suffice. */
AUGUR_API int augur_position_fen(const augur_position* pos, char* buf, size_t size);

/* Chess960 mode: castling is read and written as king-takes-rook ("e1h1") and
 * FEN castling rights as rook files ("HAha"). The mode stays with the handle
 * for later positions, and applies at once to the current one. A FEN whose
 * kings or rooks stand off their standard squares is Chess960 whatever the
 * mode; turning the mode off then fails with AUGUR_E_INVALID_ARGUMENT. */
AUGUR_API int augur_position_set_chess960(augur_position* pos, int enabled);
/* *enabled = 1 if the current position is played as Chess960, else 0. */
AUGUR_API int augur_position_is_chess960(const augur_position* pos, int* enabled);

/* *side = AUGUR_WHITE or AUGUR_BLACK. */
AUGUR_API int augur_position_side_to_move(const augur_position* pos, int* side);
/* *in_check = 1 if the side to move is in check, else 0. */
AUGUR_API int augur_position_in_check(const augur_position* pos, int* in_check);
/* *game_status = one of AUGUR_GAME_*; repetitions count the whole game played
 * through this handle since the position was set. */
AUGUR_API int augur_position_game_status(const augur_position* pos, int* game_status);
/* *key = the Polyglot hash key of the position. */
AUGUR_API int augur_position_key(const augur_position* pos, uint64_t* key);
/* *plies = the number of moves played (and undoable) since the position was set. */
AUGUR_API int augur_position_history_length(const augur_position* pos, size_t* plies);

/* Writes the legal moves, in ascending order of move code, to out[0 .. *count).
 * If capacity is too small, writes no move, sets *count to the number needed
 * and returns AUGUR_E_BUFFER_TOO_SMALL; out may be NULL when capacity is 0.
 * AUGUR_MAX_MOVES entries always suffice. */
AUGUR_API int augur_position_legal_moves(const augur_position* pos, augur_move* out, size_t capacity,
                                         size_t* count);

/* Writes a legal move in UCI notation ("e2e4", "e7e8q"; castling "e1g1", or
 * "e1h1" in Chess960). AUGUR_E_ILLEGAL_MOVE if move is not legal here. */
AUGUR_API int augur_position_move_to_uci(const augur_position* pos, augur_move move, char* buf, size_t size);
/* Writes a legal move in SAN ("Nf3", "exd6", "O-O", "e8=Q+"). */
AUGUR_API int augur_position_move_to_san(const augur_position* pos, augur_move move, char* buf, size_t size);

/* Reads a move in UCI notation; *move receives its code. Standard chess also
 * accepts castling as king-takes-rook. AUGUR_E_ILLEGAL_MOVE if the text is not
 * a legal move here. */
AUGUR_API int augur_position_parse_uci(const augur_position* pos, const char* text, augur_move* move);
/* Reads a move in SAN; check marks, "!?" annotations, "0-0" and promotions
 * without '=' are accepted. */
AUGUR_API int augur_position_parse_san(const augur_position* pos, const char* text, augur_move* move);

/* Play a legal move; on failure pos is unchanged. */
AUGUR_API int augur_position_play_move(augur_position* pos, augur_move move);
AUGUR_API int augur_position_play_uci(augur_position* pos, const char* text);
AUGUR_API int augur_position_play_san(augur_position* pos, const char* text);
/* Takes back the last move played; AUGUR_E_NO_MOVE_TO_UNDO if none was played
 * since the position was set. */
AUGUR_API int augur_position_undo(augur_position* pos);

/* ------------------------------------------------------------------------ */
/* Perft                                                                     */

/* *nodes = the number of leaf nodes of the legal move tree of the given depth
 * (0 <= depth <= AUGUR_PERFT_MAX_DEPTH; depth 0 counts 1). */
AUGUR_API int augur_perft(const augur_position* pos, int depth, uint64_t* nodes);

/* Called by augur_perft_divide once per legal move, in ascending order of move
 * code, as soon as the count below that move is known. uci is valid only during
 * the call. A callback must not throw or longjmp out. */
typedef void (*augur_divide_fn)(void* user, augur_move move, const char* uci, uint64_t nodes);

/* Perft split by root move (1 <= depth <= AUGUR_PERFT_MAX_DEPTH). If total is
 * not NULL it receives the sum of the counts. */
AUGUR_API int augur_perft_divide(const augur_position* pos, int depth, augur_divide_fn callback, void* user,
                                 uint64_t* total);

#ifdef __cplusplus
}
#endif

#endif /* AUGUR_AUGUR_H */
