/*
 * A C11 host of the Augur engine API: sets options and a position, runs a
 * depth-limited search that prints each completed iteration's line in SAN,
 * prints the result and the evaluation term by term, and shows how errors are
 * reported. With one thread and a depth limit the search is deterministic, so
 * the tests compare the output (no times are printed) with c_search.expected.
 */
#include <augur/augur.h>

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* Writes line (legal in sequence from pos) in SAN into out. */
static int line_to_san(const augur_position* pos, const augur_move* line, size_t length, char* out, size_t size) {
    augur_position* scratch = NULL;
    size_t used = 0;
    out[0] = '\0';
    if (augur_position_clone(pos, &scratch) != AUGUR_OK) return 1;
    for (size_t i = 0; i < length; ++i) {
        char san[AUGUR_SAN_MAX];
        if (augur_position_move_to_san(scratch, line[i], san, sizeof san) != AUGUR_OK ||
            augur_position_play_move(scratch, line[i]) != AUGUR_OK || used + strlen(san) + 2 > size)
            break;
        used += (size_t)sprintf(out + used, "%s%s", i ? " " : "", san);
    }
    augur_position_destroy(scratch);
    return 0;
}

static void print_score(int score_cp, int mate) {
    if (mate) printf("mate %d", mate);
    else printf("cp %d", score_cp);
}

/* on_iteration: user is the position handle that mirrors the engine's position. */
static void on_iteration(void* user, const augur_pv_info* info) {
    char line[512];
    line_to_san((const augur_position*)user, info->pv, info->pv_length, line, sizeof line);
    printf("depth %2d seldepth %2d ", info->depth, info->seldepth);
    print_score(info->score_cp, info->mate);
    printf(" nodes %6" PRIu64 " pv %s\n", info->nodes, line);
}

/* Searches to depth 6, printing every iteration, then the result. */
static int search(augur_engine* engine, augur_position* pos) {
    augur_search_limits limits = AUGUR_SEARCH_LIMITS_INIT;
    augur_search_callbacks callbacks = AUGUR_SEARCH_CALLBACKS_INIT;
    augur_search_result result;
    char line[512];

    limits.depth = 6;
    callbacks.user = pos;
    callbacks.on_iteration = on_iteration;
    result.struct_size = sizeof result;
    if (augur_engine_search(engine, &limits, &callbacks, &result) != AUGUR_OK) return 1;

    /* The PV starts with the best move and, when there is one, the ponder move. */
    line_to_san(pos, result.pv, result.pv_length, line, sizeof line);
    printf("result: depth %d score ", result.depth);
    print_score(result.score_cp, result.mate);
    printf(" pv %s\n", line);
    line_to_san(pos, &result.best_move, 1, line, sizeof line);
    printf("bestmove %s%s\n", line, result.ponder_move != AUGUR_MOVE_NONE ? " (with a ponder move)" : "");
    printf("nodes %" PRIu64 " (quiescence %" PRIu64 "), fail highs %" PRIu64 " (%.1f%% on the first move)\n",
           result.nodes, result.qnodes, result.fail_highs,
           result.fail_highs ? 100.0 * (double)result.fail_highs_first / (double)result.fail_highs : 0.0);
    printf("tt probes %" PRIu64 " hits %" PRIu64 " cutoffs %" PRIu64 ", ebf %.2f\n", result.tt_probes,
           result.tt_hits, result.tt_cutoffs, result.ebf);
    return 0;
}

/* The static evaluation, term by term (White's view). */
static int print_eval(augur_engine* engine) {
    augur_eval_breakdown eval = AUGUR_EVAL_BREAKDOWN_INIT;
    if (augur_engine_eval(engine, &eval) != AUGUR_OK) return 1;
    printf("%-22s %6s %6s %6s\n", "term", "mg", "eg", "final");
    for (size_t i = 0; i < eval.term_count; ++i) {
        const augur_eval_term* t = &eval.terms[i];
        if (t->mg || t->eg || t->final) printf("%-22s %6d %6d %6d\n", t->name, t->mg, t->eg, t->final);
    }
    printf("phase %d, total %d for White, %d for the side to move\n", eval.phase, eval.total_white, eval.total);
    return 0;
}

int main(void) {
    static const char* const opening[] = {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"};
    static const char* const bad_line[] = {"e2e4", "e7e5", "e1e3"};
    augur_engine* engine = NULL;
    augur_position* pos = NULL;
    int exit_code = 1, status;
    char fen[AUGUR_FEN_MAX];

    if (augur_engine_create(&engine) != AUGUR_OK || augur_position_create(&pos) != AUGUR_OK) goto cleanup;

    /* Options by name; a bad one is refused with a message. */
    if (augur_engine_set_option(engine, "Hash", "8") != AUGUR_OK) goto fail;
    status = augur_engine_set_option(engine, "Hash", "lots");
    printf("set Hash=lots: %s: %s\n", augur_status_name(status), augur_engine_last_error(engine));
    status = augur_engine_set_option(engine, "Contempt", "20");
    printf("set Contempt=20: %s: %s\n", augur_status_name(status), augur_engine_last_error(engine));

    /* The position: FEN plus moves, all or nothing; or a position handle's game. */
    status = augur_engine_set_position(engine, NULL, bad_line, 3);
    printf("set_position: %s: %s\n", augur_status_name(status), augur_engine_last_error(engine));
    for (size_t i = 0; i < sizeof opening / sizeof *opening; ++i)
        if (augur_position_play_uci(pos, opening[i]) != AUGUR_OK) goto cleanup;
    if (augur_engine_set_position_from(engine, pos) != AUGUR_OK) goto fail;
    if (augur_engine_fen(engine, fen, sizeof fen) != AUGUR_OK) goto fail;
    printf("position: %s\n", fen);

    if (search(engine, pos) || print_eval(engine)) goto fail;
    exit_code = 0;
    goto cleanup;

fail:
    fprintf(stderr, "engine: %s\n", augur_engine_last_error(engine));
cleanup:
    augur_position_destroy(pos);
    augur_engine_destroy(engine);
    return exit_code;
}
