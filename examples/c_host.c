/*
 * A C11 host of the Augur C API: plays a short game, prints the moves in SAN,
 * counts perft, and shows how errors are reported. It uses only the installed
 * header <augur/augur.h>; the tests compare its output with c_host.expected.
 */
#include <augur/augur.h>

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* Prints a failed call's status and message; returns nonzero on failure. */
static int failed(const augur_position* pos, int status, const char* call) {
    if (status == AUGUR_OK) return 0;
    fprintf(stderr, "%s: %s: %s\n", call, augur_status_name(status), augur_position_last_error(pos));
    return 1;
}

#define CHECK(call)                                   \
    do {                                              \
        if (failed(pos, (call), #call)) goto cleanup; \
    } while (0)

/* Plays UCI moves and prints them as a numbered SAN move list. */
static int play_game(augur_position* pos, const char* const* moves, size_t count) {
    for (size_t i = 0; i < count; ++i) {
        augur_move move;
        char san[AUGUR_SAN_MAX];
        if (failed(pos, augur_position_parse_uci(pos, moves[i], &move), moves[i])) return 1;
        if (failed(pos, augur_position_move_to_san(pos, move, san, sizeof san), "move_to_san")) return 1;
        if (failed(pos, augur_position_play_move(pos, move), "play_move")) return 1;
        if (i % 2 == 0) printf("%zu. ", i / 2 + 1);
        printf("%s%s", san, i + 1 < count ? " " : "\n");
    }
    return 0;
}

int main(void) {
    static const char* const scholars_mate[] = {"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"};
    augur_position* pos = NULL;
    int exit_code = 1;
    char fen[AUGUR_FEN_MAX];
    augur_move moves[AUGUR_MAX_MOVES];
    size_t count = 0;
    uint64_t nodes = 0, key = 0;
    int game_status = 0, status = 0;

    if (strcmp(augur_version(), AUGUR_VERSION_STRING) != 0 || augur_version_number() != AUGUR_VERSION_NUMBER) {
        fprintf(stderr, "header %s does not match library %s\n", AUGUR_VERSION_STRING, augur_version());
        return 1;
    }
    if (augur_position_create(&pos) != AUGUR_OK) return 1;

    CHECK(augur_position_legal_moves(pos, moves, AUGUR_MAX_MOVES, &count));
    printf("start position: %zu legal moves\n", count);
    CHECK(augur_position_key(pos, &key));
    printf("polyglot key: %016" PRIx64 "\n", key);
    for (int depth = 1; depth <= 4; ++depth) {
        CHECK(augur_perft(pos, depth, &nodes));
        printf("perft %d: %" PRIu64 "\n", depth, nodes);
    }

    if (play_game(pos, scholars_mate, sizeof scholars_mate / sizeof *scholars_mate)) goto cleanup;
    CHECK(augur_position_fen(pos, fen, sizeof fen));
    CHECK(augur_position_game_status(pos, &game_status));
    printf("%s\n%s\n", fen, augur_game_status_name(game_status));

    /* Errors: a status code plus a message; the position is left as it was. */
    status = augur_position_set_fen(pos, "8/8/8/8/8/8/8/k7 w - - 0 1");
    printf("set_fen: %s: %s\n", augur_status_name(status), augur_position_last_error(pos));
    status = augur_position_play_uci(pos, "a7a6");
    printf("play_uci a7a6: %s: %s\n", augur_status_name(status), augur_position_last_error(pos));
    status = augur_position_fen(pos, fen, 10);
    printf("fen into 10 bytes: %s: %s\n", augur_status_name(status), augur_position_last_error(pos));

    CHECK(augur_position_undo(pos));
    CHECK(augur_position_game_status(pos, &game_status));
    CHECK(augur_position_legal_moves(pos, moves, AUGUR_MAX_MOVES, &count));
    printf("after undo: %s, %zu legal moves\n", augur_game_status_name(game_status), count);
    CHECK(augur_position_set_startpos(pos));
    status = augur_position_undo(pos);
    printf("undo at the start: %s: %s\n", augur_status_name(status), augur_position_last_error(pos));
    exit_code = 0;

cleanup:
    augur_position_destroy(pos);
    return exit_code;
}
