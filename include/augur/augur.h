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
 *     augur_position_last_error() or augur_engine_last_error() names the
 *     fault in a sentence.
 *   - No C++ exception, abort or signal crosses this interface: NULL pointers,
 *     malformed FEN and illegal or garbled move text are reported as errors.
 *   - Strings are NUL-terminated UTF-8. Text written into caller buffers is
 *     always NUL-terminated when the buffer size is at least 1.
 *
 * Thread safety
 *   The library has no mutable global state, and no handle is tied to the
 *   thread that made it. Distinct handles may be used from different threads at
 *   the same time. One handle must not be used from two threads at once, not
 *   even through functions that take a const handle: every call records its
 *   outcome in the handle's last-error message. The exceptions are the engine's
 *   search controls, augur_engine_stop(), augur_engine_ponderhit(),
 *   augur_engine_is_searching(), augur_engine_nodes_searched() and
 *   augur_engine_wait(): they may be called from
 *   any thread at any time, also while another thread makes other calls on that
 *   engine, and record no message (augur_engine_wait only when it fails).
 *
 *   While a search started by augur_engine_start() runs on the engine's own
 *   thread, the calls that change what the search uses (augur_engine_search,
 *   _start, _set_option, _new_game, _clear_hash, _eval) first stop it and wait
 *   for it to end (its on_finish has then returned); the others (the position,
 *   the option list and values, the FEN) leave it running: it searches a copy of
 *   the position taken when it started. Destroying an engine stops and joins
 *   its search.
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
/* Win, draw and loss permille (summing to 1000, side to move's view) that a
 * search score in this position stands for: the model of UCI_ShowWDL, fitted
 * to Augur's self-play (docs/WDL.md). score_cp is a search score as reported
 * (augur_pv_info.score_cp: a mate or tablebase score is a certain result).
 * Any of win, draw, loss may be NULL. (Added in 0.3.0.) */
AUGUR_API int augur_position_wdl(const augur_position* pos, int score_cp, int* win, int* draw, int* loss);

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

/* ------------------------------------------------------------------------ */
/* Engines                                                                   */

/* An engine instance: its options, transposition table, move-ordering history
 * and pawn hash, plus the game it searches (a position and the moves that led
 * to it, so that repetitions are seen). Engines share nothing: many may live,
 * and search, in one process at once. */
typedef struct augur_engine augur_engine;

/* Search scores are centipawns from the side to move's view. A mate score is
 * AUGUR_SCORE_MATE - n (mate in n plies from the root) or its negation; any
 * score beyond +-AUGUR_SCORE_MATE_BOUND is one. With Syzygy tables (option
 * SyzygyPath), AUGUR_SCORE_TB_WIN - n is a tablebase win reached n plies from
 * the root (no distance to mate known) and its negation a loss: the scores
 * from AUGUR_SCORE_TB_WIN_BOUND up to AUGUR_SCORE_MATE_BOUND (exclusive).
 * AUGUR_SCORE_INFINITE is the widest window bound a trace can show. */
#define AUGUR_SCORE_MATE 32000
#define AUGUR_SCORE_INFINITE 32001
#define AUGUR_MAX_PLY 128
#define AUGUR_SCORE_MATE_BOUND (AUGUR_SCORE_MATE - AUGUR_MAX_PLY)
#define AUGUR_SCORE_TB_WIN (AUGUR_SCORE_MATE_BOUND - 1)
#define AUGUR_SCORE_TB_WIN_BOUND (AUGUR_SCORE_TB_WIN - AUGUR_MAX_PLY)
/* The longest principal variation reported. */
#define AUGUR_MAX_PV AUGUR_MAX_PLY
/* The "move" leading to a node reached by a null move, in a node trace. */
#define AUGUR_MOVE_NULL ((augur_move)65)

/* How a score relates to the true value of the position. */
enum {
    AUGUR_BOUND_UPPER = 1,  /* fail low: the true score is at most this */
    AUGUR_BOUND_LOWER = 2,  /* fail high: the true score is at least this */
    AUGUR_BOUND_EXACT = 3
};

/* Creates an engine with every option at its default and the standard start
 * position; *out receives the handle, or NULL on failure. Release it with
 * augur_engine_destroy(). */
AUGUR_API int augur_engine_create(augur_engine** out);
/* Releases an engine. NULL is allowed. A search started by augur_engine_start
 * is stopped and waited for first (its on_finish runs before this returns).
 * Never destroy an engine while another thread runs augur_engine_search or a
 * search control (stop, ponderhit, is_searching, wait) on it, nor from one of
 * its own callbacks (such a call is ignored). */
AUGUR_API void augur_engine_destroy(augur_engine* engine);
/* The message for the most recent call on engine, as augur_position_last_error.
 * augur_engine_stop() leaves it alone. */
AUGUR_API const char* augur_engine_last_error(const augur_engine* engine);

/* Option types. A check option takes "true" or "false", a spin option a whole
 * number from min to max, a combo option one of its choices, a string option
 * any text, a button option any value (it acts when set). COMBO and STRING
 * were added in 0.2.0. */
enum {
    AUGUR_OPTION_CHECK = 0,
    AUGUR_OPTION_SPIN = 1,
    AUGUR_OPTION_BUTTON = 2,
    AUGUR_OPTION_COMBO = 3,
    AUGUR_OPTION_STRING = 4
};

/* An option as lib/engine/options.table declares it. Every string is static:
 * valid as long as the library is loaded. Set struct_size before the call
 * (AUGUR_OPTION_INFO_INIT does). struct_size is new in 0.2.0; a host built
 * against the 0.1.0 header, whose structure began with name, keeps working
 * through the symbol version AUGUR_0 (see docs/API.md). */
typedef struct augur_option_info {
    size_t struct_size;
    const char* name;
    int type;                  /* AUGUR_OPTION_* */
    int default_value;         /* check: 0 or 1; spin: the default; otherwise 0 */
    int min, max;              /* spin only; 0 otherwise */
    const char* default_text;  /* the default as augur_engine_set_option takes it ("true", "16",
                                * a choice, any text); "" for a button */
    size_t choice_count;       /* combo: its choices (augur_engine_option_choice); 0 otherwise */
    const char* description;   /* one line */
} augur_option_info;
#define AUGUR_OPTION_INFO_INIT {sizeof(augur_option_info), NULL, 0, 0, 0, 0, NULL, 0, NULL}

/* *count = the number of options; the list is the same for every engine. */
AUGUR_API int augur_engine_option_count(const augur_engine* engine, size_t* count);
/* *info = the description of option index (0 <= index < count). */
AUGUR_API int augur_engine_option_info(const augur_engine* engine, size_t index, augur_option_info* info);
/* *choice = choice number choice_index (0 <= choice_index < choice_count) of
 * the combo option index; static. Added in 0.2.0. */
AUGUR_API int augur_engine_option_choice(const augur_engine* engine, size_t index, size_t choice_index,
                                         const char** choice);
/* Sets an option by name (case-insensitive) from its text: "true"/"false", a
 * number, a choice (any capitalisation), any text for a string option ("" or
 * "<empty>" for none). AUGUR_E_INVALID_ARGUMENT for an unknown name or a bad
 * value, with nothing changed. "Hash" (MB) reallocates and empties the table;
 * a new value of an evaluation switch empties the table too (its scores were
 * computed with the old evaluation). */
AUGUR_API int augur_engine_set_option(augur_engine* engine, const char* name, const char* value);
/* Writes an option's current value as text ("true", "16", a choice, a
 * string's text). Buttons have none. */
AUGUR_API int augur_engine_get_option(const augur_engine* engine, const char* name, char* buf, size_t size);

/* Forgets what earlier searches learned (table, history, pawn hash), for a new
 * game. The position is kept. */
AUGUR_API int augur_engine_new_game(augur_engine* engine);
/* Empties the transposition table only. */
AUGUR_API int augur_engine_clear_hash(augur_engine* engine);

/* Sets the position to search: fen (NULL for the standard start position)
 * followed by count moves in UCI notation. All or nothing: on failure the
 * engine keeps its previous position, and the message names the fault in the
 * FEN or the index and text of the first illegal move. uci_moves may be NULL
 * when count is 0. */
AUGUR_API int augur_engine_set_position(augur_engine* engine, const char* fen, const char* const* uci_moves,
                                        size_t count);
/* Sets the position to a copy of pos's game: its FEN, the moves played since
 * (so repetitions count) and its Chess960 mode. pos is not changed. */
AUGUR_API int augur_engine_set_position_from(augur_engine* engine, const augur_position* pos);
/* Writes the FEN of the engine's current position (AUGUR_FEN_MAX suffices). */
AUGUR_API int augur_engine_fen(const augur_engine* engine, char* buf, size_t size);

/* Structures the caller fills, or the library fills in the caller's memory,
 * begin with struct_size, which the caller sets to sizeof the structure (the
 * *_INIT macros do), so that later versions can add fields at the end and
 * still accept the sizes of earlier layouts (docs/API.md, Compatibility). */

/* Limits of a search; zero means "no limit" (but time_left_ms uses -1).
 * Initialise with AUGUR_SEARCH_LIMITS_INIT, not by zeroing, because of that -1.
 * A search with no depth, node, mate or time limit runs until
 * augur_engine_stop() is called (or to depth AUGUR_MAX_PLY - 1). The fields from
 * mate on were added in 0.2.0; a struct_size of the 0.1.0 layout (ending at
 * nodes) is still accepted, and the missing fields then take their defaults. */
typedef struct augur_search_limits {
    size_t struct_size;
    int depth;       /* iterations to complete; 0: none; above AUGUR_MAX_PLY - 1 means that */
    uint64_t nodes;  /* stop on reaching this many nodes, all threads; 0: none. The
                      * result may count a few more (one thread) or up to about a
                      * thousand more per thread (several threads) */
    int mate;        /* stop once a mate in at most this many moves is found; 0: none */
    int infinite;    /* nonzero: run until stopped, whatever else is found (no early return) */
    int ponder;      /* nonzero: pondering; the clock starts at augur_engine_ponderhit() */
    int moves_to_go; /* moves to the next time control; 0: sudden death */
    int64_t movetime_ms;   /* search exactly this long; 0: none */
    int64_t time_left_ms;  /* the side to move's clock; -1: no clock */
    int64_t increment_ms;  /* added to the clock per move */
    const augur_move* search_moves; /* search only these root moves (all legal); NULL: all */
    size_t search_moves_count;      /* entries of search_moves; 0: all moves */
} augur_search_limits;
#define AUGUR_SEARCH_LIMITS_INIT {sizeof(augur_search_limits), 0, 0, 0, 0, 0, 0, 0, -1, 0, NULL, 0}

/* A principal variation at the root. pv points to pv_length moves, legal in
 * sequence from the root; it is valid only during the callback. */
typedef struct augur_pv_info {
    int depth;           /* the iteration */
    int seldepth;        /* the deepest ply reached so far */
    int score_cp;        /* see AUGUR_SCORE_MATE */
    int mate;            /* moves to mate: > 0 the side to move mates, < 0 it is mated, 0 not a mate score */
    int bound;           /* AUGUR_BOUND_*: EXACT, or LOWER/UPPER for an aspiration fail high/low */
    uint64_t nodes;      /* nodes so far in this search */
    int64_t time_ms;     /* milliseconds since the search started */
    const augur_move* pv;
    size_t pv_length;
    int multipv;         /* 1-based line (option MultiPV); lines are reported best first (added in 0.2.0) */
    int hashfull;        /* permille of the table written by this search (added in 0.2.0) */
    uint64_t tbhits;     /* tablebase probes that found a value, all threads (added in 0.3.0) */
    /* Permille for the side to move that score_cp stands for, summing to 1000:
     * augur_position_wdl's model for the searched position (added in 0.3.0). */
    int wdl_win, wdl_draw, wdl_loss;
} augur_pv_info;

/* A node of the search tree as it is entered. */
typedef struct augur_trace_node {
    int ply;         /* 0 at the root */
    int depth;       /* remaining depth; 0 and below: quiescence search */
    int alpha, beta; /* the window */
    uint64_t key;    /* Polyglot key of the position */
    augur_move move; /* the move that led here; AUGUR_MOVE_NONE at the root, AUGUR_MOVE_NULL after a null move */
} augur_trace_node;

/* The outcome of the node most recently entered and not yet left. */
typedef struct augur_trace_result {
    int score;
    int bound;              /* AUGUR_BOUND_* of score against the node's window */
    augur_move best_move;   /* AUGUR_MOVE_NONE if no move raised alpha */
} augur_trace_result;

struct augur_search_result;

typedef void (*augur_pv_fn)(void* user, const augur_pv_info* info);
typedef void (*augur_trace_enter_fn)(void* user, const augur_trace_node* node);
typedef void (*augur_trace_leave_fn)(void* user, const augur_trace_result* result);
typedef void (*augur_finish_fn)(void* user, const struct augur_search_result* result);
/* The search starts on root move number (1-based) of iteration depth. */
typedef void (*augur_currmove_fn)(void* user, augur_move move, int number, int depth);

/* Callbacks of a search, all optional (NULL), called on the searching thread
 * (the caller's for augur_engine_search, the engine's own for
 * augur_engine_start) with user. A callback may call augur_engine_stop(),
 * augur_engine_ponderhit(), augur_engine_is_searching(),
 * augur_engine_nodes_searched() and functions on other
 * handles, but no other function on this engine (refused with
 * AUGUR_E_INVALID_ARGUMENT). It must not throw or longjmp; an exception that
 * escapes anyway stops the search, no callback but on_finish is made any more,
 * and the search fails with AUGUR_E_INTERNAL. Tracing costs nothing unless a
 * trace callback is set; augur_engine_start does not trace. on_finish and
 * on_currmove were added in 0.2.0; the struct_size of the 0.1.0 layout
 * (ending at on_trace_leave) and of the layout ending at on_finish are still
 * accepted, the missing callbacks then being NULL. */
typedef struct augur_search_callbacks {
    size_t struct_size;
    void* user;
    augur_pv_fn on_pv;                   /* the root's best line changed, or an aspiration bound */
    augur_pv_fn on_iteration;            /* an iteration completed with this line (bound EXACT) */
    augur_trace_enter_fn on_trace_enter; /* every node, before it is searched */
    augur_trace_leave_fn on_trace_leave; /* every node, as it returns; pairs with the last enter */
    /* The last callback of every search, called exactly once: with its result
     * (valid during the call), or NULL if the search failed (out of memory). */
    augur_finish_fn on_finish;
    /* The main search thread starts on a root move. Reported only once the
     * search has run for a second, so short searches make no such call. */
    augur_currmove_fn on_currmove;
} augur_search_callbacks;
#define AUGUR_SEARCH_CALLBACKS_INIT {sizeof(augur_search_callbacks), NULL, NULL, NULL, NULL, NULL, NULL, NULL}

/* What a search found and what it cost. Set struct_size before the call: the
 * library writes only that many bytes, so a host built against an earlier
 * header (whose structure ends at pv) still gets the fields it knows, and
 * struct_size keeps the caller's value. The structure on_finish receives is
 * the library's own, of the current size. */
typedef struct augur_search_result {
    size_t struct_size;
    augur_move best_move;    /* AUGUR_MOVE_NONE only if there is no legal move */
    augur_move ponder_move;  /* the expected reply, or AUGUR_MOVE_NONE */
    int score_cp;            /* see AUGUR_SCORE_MATE; -AUGUR_SCORE_MATE if mated already, 0 if stalemate */
    int mate;                /* as in augur_pv_info */
    int depth;               /* the last completed iteration (0 if none completed) */
    int seldepth;
    uint64_t nodes;          /* all nodes, quiescence included */
    uint64_t qnodes;         /* quiescence nodes */
    uint64_t fail_highs;     /* beta cutoffs in the main search */
    uint64_t fail_highs_first; /* ... of which by the first move searched */
    uint64_t tt_probes;
    uint64_t tt_hits;
    uint64_t tt_cutoffs;
    int64_t time_ms;
    /* Effective branching factor: the nodes at the end of the last completed
     * iteration divided by those at the end of the one before; 0 if fewer than
     * two iterations completed. */
    double ebf;
    size_t pv_length;
    augur_move pv[AUGUR_MAX_PV];
    uint64_t tbhits;         /* tablebase probes that found a value, all threads (added in 0.3.0) */
    uint64_t tbprobes;       /* tablebase probes tried, all threads: tbhits of them found a value (added in 0.3.0) */
} augur_search_result;

/* Searches the engine's position on the calling thread and returns when a
 * limit is reached or the search is stopped. limits and callbacks may be NULL
 * (no limits, no callbacks). The engine's position is unchanged afterwards.
 * A stopped search still gives the best move found so far (stopped before any
 * root move was searched to the end: the first root move it searched, the first
 * of the root move ordering, with score 0). A search limited only by ponder or
 * infinite returns only when stopped, so stop it from another thread or a
 * callback. */
AUGUR_API int augur_engine_search(augur_engine* engine, const augur_search_limits* limits,
                                  const augur_search_callbacks* callbacks, augur_search_result* result);
/* Starts searching (a copy of) the engine's position on the engine's own
 * thread and returns at once. The callbacks (NULL: none; no trace callbacks)
 * are called on that thread and must stay valid until on_finish has been
 * called. Any search still running is stopped and waited for first. limits may
 * be NULL (no limits: until stopped). Fails, starting nothing, for a bad
 * structure size, a negative limit, or a search move that is not legal
 * (AUGUR_E_ILLEGAL_MOVE). */
AUGUR_API int augur_engine_start(augur_engine* engine, const augur_search_limits* limits,
                                 const augur_search_callbacks* callbacks);
/* Waits until the search started by augur_engine_start has ended and writes its
 * result (result may be NULL: just wait). Without a running search it answers
 * at once with the last one's result. Any thread may call it, several at once.
 * AUGUR_E_INTERNAL if a callback of that search threw (reported by one call
 * only) or the search failed; AUGUR_E_INVALID_ARGUMENT if no search was ever
 * started, or when called from a callback of this engine. Records a message
 * only when it fails. */
AUGUR_API int augur_engine_wait(augur_engine* engine, augur_search_result* result);
/* Asks the search running on engine to return soon, from any thread (or a
 * callback); records no message. Without a running search it does nothing:
 * every search starts unstopped. AUGUR_E_INVALID_ARGUMENT only for a NULL
 * engine. */
AUGUR_API int augur_engine_stop(augur_engine* engine);
/* The ponder move was played: a search started with limits->ponder now runs on
 * its clock, counted from this call. From any thread; records no message;
 * without a pondering search it does nothing. */
AUGUR_API int augur_engine_ponderhit(augur_engine* engine);
/* *searching = 1 from augur_engine_start until that search has ended (after its
 * on_finish returned), else 0. From any thread; records no message. */
AUGUR_API int augur_engine_is_searching(const augur_engine* engine, int* searching);
/* *nodes = the nodes of the running search so far, all threads, or of the last
 * one once it has ended (0 before the first). Each thread publishes its count
 * every thousand nodes or so, so a running count lags that much; the final
 * count equals the result's nodes. From any thread, also from a callback;
 * records no message. Added in 0.2.0. */
AUGUR_API int augur_engine_nodes_searched(const augur_engine* engine, uint64_t* nodes);

/* ------------------------------------------------------------------------ */
/* Evaluation breakdown                                                      */

/* Room for the terms of augur_eval_breakdown; term_count says how many are used. */
#define AUGUR_EVAL_TERMS_MAX 32

/* One evaluation term, all from White's view (positive favours White). */
typedef struct augur_eval_term {
    const char* name;        /* static; "material", "mobility", ... (the option is "Eval_" + name) */
    int white_mg, white_eg;  /* White's middlegame and endgame score */
    int black_mg, black_eg;  /* Black's */
    int mg, eg;              /* White's minus Black's */
    int final;               /* the term's share of total_white after tapering and scaling */
} augur_eval_term;

/* Set struct_size before the call (AUGUR_EVAL_BREAKDOWN_INIT does). struct_size
 * is new in 0.2.0; a host built against the 0.1.0 header, whose structure began
 * with term_count, keeps working through the symbol version AUGUR_0. */
typedef struct augur_eval_breakdown {
    size_t struct_size;
    size_t term_count;
    augur_eval_term terms[AUGUR_EVAL_TERMS_MAX];
    int phase;                /* 0 (no pieces) .. 24 (all pieces) */
    int scale;                /* endgame scale in 64ths (64: none) */
    const char* endgame_rule; /* static name of the endgame entry that set scale, dead or the value ("none") */
    int dead;                 /* 1 for a dead draw: everything adds up to 0 */
    int total_white;          /* the sum of the terms' final values; in a known ending ("kbnk", "kxk"...) the
                                 terms' finals are 0 and this is the value of the entry's evaluation function */
    int total;                /* side to move's view: the hand-crafted evaluation */
    /* Added in 0.3.0; a caller passing the 0.2.0 struct_size gets the fields above. */
    const char* evaluator;    /* static: "hce" or "nnue", what the search evaluates with (option Eval) */
    int evaluation;           /* side to move's view: the static evaluation the search uses (total with
                                 hce, the network's value with nnue) */
} augur_eval_breakdown;
#define AUGUR_EVAL_BREAKDOWN_INIT {sizeof(augur_eval_breakdown), 0, {{NULL, 0, 0, 0, 0, 0, 0, 0}}, 0, 0, NULL, 0, 0, 0, NULL, 0}

/* The static evaluation of the engine's position, term by term, with the
 * engine's current evaluation options (a disabled term shows 0), and the
 * evaluation the search uses (the network's with Eval nnue). */
AUGUR_API int augur_engine_eval(augur_engine* engine, augur_eval_breakdown* out);

/* ------------------------------------------------------------------------ */
/* Syzygy tablebases (added in 0.3.0)                                       */

/* The tables the engine's search probes (option SyzygyPath), for a host that
 * wants the same answers outside a search: the Java reference search takes its
 * probes from here. Syzygy support needs Debian's libfathom at build time;
 * without it loading fails with a message and nothing is ever probed.
 *
 * The tables live once per process: loading other directories (here or
 * through an engine's SyzygyPath) replaces them for every handle and engine,
 * and a handle whose tables were replaced answers every probe with "not in
 * the tables" (found = 0) until it is loaded again. Loading the directories
 * loaded already keeps them (and their probes) for everyone. The probes are
 * serialised inside the library: handles may be used from several threads. */
typedef struct augur_tablebase augur_tablebase;

/* Win/draw/loss of the side to move. A cursed win is a win the fifty-move rule
 * turns into a draw, a blessed loss the loss it saves. */
enum {
    AUGUR_TB_LOSS = -2,
    AUGUR_TB_BLESSED_LOSS = -1,
    AUGUR_TB_DRAW = 0,
    AUGUR_TB_CURSED_WIN = 1,
    AUGUR_TB_WIN = 2
};

/* A root move ranked by the tables: higher ranks are better for the side to
 * move, and the moves of the best rank keep the root's result. With the
 * fifty-move rule a sure win ranks 1000 and a win the rule may draw 1 .. 999
 * (losses the same, negated); without it every win is 1000. */
typedef struct augur_tablebase_move {
    augur_move move;
    int rank;
    int wdl;  /* AUGUR_TB_* */
} augur_tablebase_move;

/* Creates a handle with no tables; *out receives it (or NULL on failure).
 * Release it with augur_tablebase_destroy(). */
AUGUR_API int augur_tablebase_create(augur_tablebase** out);
/* Releases a handle; the tables stay loaded for the engines using them. NULL
 * is allowed and does nothing. */
AUGUR_API void augur_tablebase_destroy(augur_tablebase* tables);
/* The message for the most recent call on tables: "" if it succeeded (same
 * rules as augur_position_last_error). */
AUGUR_API const char* augur_tablebase_last_error(const augur_tablebase* tables);

/* Loads the tables in paths (directories separated by ':', as option
 * SyzygyPath takes them); "" empties the handle. AUGUR_E_INVALID_ARGUMENT,
 * leaving the handle as it was, for a missing directory, directories without
 * tables, or a build without Syzygy support; the message says which. */
AUGUR_API int augur_tablebase_load(augur_tablebase* tables, const char* paths);
/* *pieces = the most pieces (kings included) of the tables the handle loaded:
 * 0 when it is empty. (The search takes this, capped by SyzygyProbeLimit, as
 * the most pieces it probes; it stays when another load replaces the tables.) */
AUGUR_API int augur_tablebase_max_pieces(const augur_tablebase* tables, int* pieces);

/* The WDL value of pos's position, as the search probes it inside its tree:
 * *found = 1 and *wdl = AUGUR_TB_*, or *found = 0 (wdl untouched) when it
 * cannot be probed: a fifty-move counter above zero (the tables count from
 * zero), castling rights, more pieces than the tables hold, a missing table,
 * or a handle that is not current. wdl may be NULL when found is not. */
AUGUR_API int augur_tablebase_probe_wdl(const augur_tablebase* tables, const augur_position* pos, int* found,
                                        int* wdl);
/* Ranks every legal move of pos's position by the DTZ tables (or by WDL where
 * they are missing), as the search ranks its root: rule50 (0 or 1) as option
 * Syzygy50MoveRule; the moves played through pos count, since a root that
 * repeated a position since the last capture or pawn move ranks its wins by
 * distance only. Writes the moves, in the tables' order, to out[0 .. *count);
 * *count = 0 when the root cannot be probed (as for augur_tablebase_probe_wdl,
 * but a fifty-move counter above zero is allowed). If capacity is too small,
 * writes nothing, sets *count to the number needed and returns
 * AUGUR_E_BUFFER_TOO_SMALL; AUGUR_MAX_MOVES entries always suffice. */
AUGUR_API int augur_tablebase_rank_root_moves(const augur_tablebase* tables, const augur_position* pos, int rule50,
                                              augur_tablebase_move* out, size_t capacity, size_t* count);

#ifdef __cplusplus
}
#endif

#endif /* AUGUR_AUGUR_H */
