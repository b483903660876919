// Natives of dev.augur.Tablebase: one thin function per augur_tablebase_* call.
// Every failure becomes an AugurException carrying the handle's message.
#include <augur/augur.h>

#include <vector>

#include "jni_support.h"

using augur_jni::throw_status;
using augur_jni::Utf8;

namespace {

augur_tablebase* tables(jlong handle) { return reinterpret_cast<augur_tablebase*>(handle); }
const augur_position* position(jlong handle) { return reinterpret_cast<const augur_position*>(handle); }

bool check(JNIEnv* env, jlong handle, int status) {
    if (status == AUGUR_OK) return true;
    return throw_status(env, status, augur_tablebase_last_error(tables(handle)));
}

// What nProbeWdl answers for a position the tables cannot value (Tablebase.NOT_FOUND).
constexpr jint NOT_FOUND = -3;

}  // namespace

extern "C" {

JNIEXPORT jlong JNICALL Java_dev_augur_Tablebase_nCreate(JNIEnv* env, jclass) {
    augur_tablebase* created = nullptr;
    int status = augur_tablebase_create(&created);
    if (status != AUGUR_OK) throw_status(env, status, "cannot create a tablebase handle");
    return reinterpret_cast<jlong>(created);
}

JNIEXPORT void JNICALL Java_dev_augur_Tablebase_nDestroy(JNIEnv*, jclass, jlong handle) {
    augur_tablebase_destroy(tables(handle));
}

JNIEXPORT void JNICALL Java_dev_augur_Tablebase_nLoad(JNIEnv* env, jclass, jlong handle, jstring paths) {
    Utf8 utf8(env, paths, "paths");
    if (utf8.ok()) check(env, handle, augur_tablebase_load(tables(handle), utf8.c_str()));
}

JNIEXPORT jint JNICALL Java_dev_augur_Tablebase_nMaxPieces(JNIEnv* env, jclass, jlong handle) {
    int pieces = 0;
    check(env, handle, augur_tablebase_max_pieces(tables(handle), &pieces));
    return pieces;
}

JNIEXPORT jint JNICALL Java_dev_augur_Tablebase_nProbeWdl(JNIEnv* env, jclass, jlong handle, jlong pos) {
    int found = 0, wdl = 0;
    if (!check(env, handle, augur_tablebase_probe_wdl(tables(handle), position(pos), &found, &wdl))) return 0;
    return found ? wdl : NOT_FOUND;
}

// The ranked moves as (move, rank, wdl) triples.
JNIEXPORT jintArray JNICALL Java_dev_augur_Tablebase_nRankRootMoves(JNIEnv* env, jclass, jlong handle, jlong pos,
                                                                     jboolean rule50) {
    augur_tablebase_move moves[AUGUR_MAX_MOVES];
    size_t count = 0;
    if (!check(env, handle, augur_tablebase_rank_root_moves(tables(handle), position(pos), rule50 ? 1 : 0, moves,
                                                            AUGUR_MAX_MOVES, &count)))
        return nullptr;
    std::vector<jint> triples;
    triples.reserve(count * 3);
    for (size_t i = 0; i < count; ++i) triples.insert(triples.end(), {jint(moves[i].move), moves[i].rank, moves[i].wdl});
    jintArray array = env->NewIntArray(jsize(triples.size()));
    if (array) env->SetIntArrayRegion(array, 0, jsize(triples.size()), triples.data());
    return array;
}

}  // extern "C"
