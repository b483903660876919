/* A host as it was built against the 0.1.0 header, whose augur_option_info
 * and augur_eval_breakdown began without struct_size: their definitions and
 * the declarations it used are copied here from that header, and its calls
 * bind to the symbol version AUGUR_0, as a program linked against libaugur.so
 * 0.1.0 records them. It must still read every option and a whole evaluation
 * breakdown from today's library. Exits 0 on success, 1 naming the fault. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct augur_engine augur_engine;

typedef struct augur_option_info {
    const char* name;
    int type;
    int default_value;
    int min, max;
} augur_option_info;

typedef struct augur_eval_term {
    const char* name;
    int white_mg, white_eg;
    int black_mg, black_eg;
    int mg, eg;
    int final;
} augur_eval_term;

typedef struct augur_eval_breakdown {
    size_t term_count;
    augur_eval_term terms[32];
    int phase;
    int scale;
    const char* endgame_rule;
    int dead;
    int total_white;
    int total;
} augur_eval_breakdown;

int augur_engine_create(augur_engine** out);
void augur_engine_destroy(augur_engine* engine);
int augur_engine_option_count(const augur_engine* engine, size_t* count);
int augur_engine_get_option(const augur_engine* engine, const char* name, char* buf, size_t size);
int augur_engine_set_position(augur_engine* engine, const char* fen, const char* const* uci_moves, size_t count);
int option_info_0_1(const augur_engine* engine, size_t index, augur_option_info* info);
int eval_0_1(augur_engine* engine, augur_eval_breakdown* out);
__asm__(".symver option_info_0_1, augur_engine_option_info@AUGUR_0");
__asm__(".symver eval_0_1, augur_engine_eval@AUGUR_0");

/* Memory past the old structure, which the library must leave alone. */
#define GUARD 0x5a

static int fault(const char* what) {
    fprintf(stderr, "compat 0.1.0: %s\n", what);
    return 1;
}

static int check_options(augur_engine* engine) {
    size_t count = 0;
    if (augur_engine_option_count(engine, &count) != 0 || count < 10) return fault("option count");
    for (size_t i = 0; i < count; ++i) {
        struct {
            augur_option_info info;
            unsigned char after[64];
        } slot;
        memset(&slot, GUARD, sizeof slot);
        if (option_info_0_1(engine, i, &slot.info) != 0) return fault("option_info failed");
        for (size_t b = 0; b < sizeof slot.after; ++b)
            if (slot.after[b] != GUARD) return fault("option_info wrote past the 0.1.0 structure");
        char value[32];
        if (strcmp(slot.info.name, "Hash") == 0) {
            if (slot.info.type != 1 || slot.info.default_value != 16 || slot.info.min != 1 || slot.info.max != 65536)
                return fault("Hash is not the spin 16 from 1 to 65536");
            if (augur_engine_get_option(engine, "Hash", value, sizeof value) != 0 || strcmp(value, "16") != 0)
                return fault("Hash's value");
        }
        if (strcmp(slot.info.name, "NullMove") == 0 && (slot.info.type != 0 || slot.info.default_value != 1))
            return fault("NullMove is not the check true");
    }
    return 0;
}

static int check_eval(augur_engine* engine) {
    const char* fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    if (augur_engine_set_position(engine, fen, NULL, 0) != 0) return fault("set_position");
    struct {
        augur_eval_breakdown b;
        unsigned char after[64];
    } slot;
    memset(&slot, GUARD, sizeof slot);
    if (eval_0_1(engine, &slot.b) != 0) return fault("eval failed");
    for (size_t i = 0; i < sizeof slot.after; ++i)
        if (slot.after[i] != GUARD) return fault("eval wrote past the 0.1.0 structure");
    // Later versions add terms (0.1.0 had 20); the 0.1.0 structure has room for 32.
    if (slot.b.term_count < 20 || slot.b.term_count > 32 || strcmp(slot.b.terms[0].name, "material") != 0) return fault("the terms");
    int sum = 0;
    for (size_t i = 0; i < slot.b.term_count; ++i) sum += slot.b.terms[i].final;
    if (sum != slot.b.total_white || slot.b.total != slot.b.total_white) return fault("the terms' sum");
    if (slot.b.phase != 24 || slot.b.scale != 64 || slot.b.dead != 0) return fault("phase, scale or dead");
    return 0;
}

int main(void) {
    augur_engine* engine = NULL;
    if (augur_engine_create(&engine) != 0) return fault("create");
    int status = check_options(engine) || check_eval(engine);
    augur_engine_destroy(engine);
    if (status == 0) printf("a 0.1.0 host reads options and the evaluation breakdown\n");
    return status;
}
