// Natives of dev.augur.Position: one thin function per augur_position_* call.
// Every failure becomes an AugurException carrying the handle's message.
#include <augur/augur.h>

#include <cstdint>

#include "jni_support.h"

using augur_jni::throw_status;
using augur_jni::Utf8;

namespace {

augur_position* position(jlong handle) { return reinterpret_cast<augur_position*>(handle); }

bool check(JNIEnv* env, jlong handle, int status) {
    if (status == AUGUR_OK) return true;
    return throw_status(env, status, augur_position_last_error(position(handle)));
}

using TextFn = int (*)(augur_position*, const char*);
using MoveTextFn = int (*)(const augur_position*, augur_move, char*, size_t);
using ParseFn = int (*)(const augur_position*, const char*, augur_move*);
using FlagFn = int (*)(const augur_position*, int*);

void apply_text(JNIEnv* env, jlong handle, jstring text, TextFn fn, const char* what) {
    Utf8 utf8(env, text, what);
    if (utf8.ok()) check(env, handle, fn(position(handle), utf8.c_str()));
}

jstring move_text(JNIEnv* env, jlong handle, jint move, MoveTextFn fn) {
    char buf[16];
    if (!check(env, handle, fn(position(handle), augur_move(move), buf, sizeof buf))) return nullptr;
    return augur_jni::to_java(env, buf);
}

jint parse(JNIEnv* env, jlong handle, jstring text, ParseFn fn) {
    Utf8 utf8(env, text, "move text");
    augur_move move = AUGUR_MOVE_NONE;
    if (utf8.ok()) check(env, handle, fn(position(handle), utf8.c_str(), &move));
    return move;
}

jint flag(JNIEnv* env, jlong handle, FlagFn fn) {
    int value = 0;
    check(env, handle, fn(position(handle), &value));
    return value;
}

jlong create_position(JNIEnv* env) {
    augur_position* pos = nullptr;
    int status = augur_position_create(&pos);
    if (status != AUGUR_OK) throw_status(env, status, "cannot create a position");
    return reinterpret_cast<jlong>(pos);
}

}  // namespace

extern "C" {

JNIEXPORT jlong JNICALL Java_dev_augur_Position_nCreate(JNIEnv* env, jclass) { return create_position(env); }

JNIEXPORT jlong JNICALL Java_dev_augur_Position_nClone(JNIEnv* env, jclass, jlong handle) {
    augur_position* copy = nullptr;
    if (!check(env, handle, augur_position_clone(position(handle), &copy))) return 0;
    return reinterpret_cast<jlong>(copy);
}

JNIEXPORT void JNICALL Java_dev_augur_Position_nDestroy(JNIEnv*, jclass, jlong handle) {
    augur_position_destroy(position(handle));
}

JNIEXPORT void JNICALL Java_dev_augur_Position_nSetStartpos(JNIEnv* env, jclass, jlong handle) {
    check(env, handle, augur_position_set_startpos(position(handle)));
}

JNIEXPORT void JNICALL Java_dev_augur_Position_nSetFen(JNIEnv* env, jclass, jlong handle, jstring fen) {
    apply_text(env, handle, fen, augur_position_set_fen, "fen");
}

JNIEXPORT jstring JNICALL Java_dev_augur_Position_nFen(JNIEnv* env, jclass, jlong handle) {
    char buf[AUGUR_FEN_MAX];
    if (!check(env, handle, augur_position_fen(position(handle), buf, sizeof buf))) return nullptr;
    return augur_jni::to_java(env, buf);
}

JNIEXPORT void JNICALL Java_dev_augur_Position_nSetChess960(JNIEnv* env, jclass, jlong handle, jboolean on) {
    check(env, handle, augur_position_set_chess960(position(handle), on ? 1 : 0));
}

JNIEXPORT jboolean JNICALL Java_dev_augur_Position_nIsChess960(JNIEnv* env, jclass, jlong handle) {
    return flag(env, handle, augur_position_is_chess960) != 0;
}

JNIEXPORT jint JNICALL Java_dev_augur_Position_nSideToMove(JNIEnv* env, jclass, jlong handle) {
    return flag(env, handle, augur_position_side_to_move);
}

JNIEXPORT jboolean JNICALL Java_dev_augur_Position_nInCheck(JNIEnv* env, jclass, jlong handle) {
    return flag(env, handle, augur_position_in_check) != 0;
}

JNIEXPORT jint JNICALL Java_dev_augur_Position_nGameStatus(JNIEnv* env, jclass, jlong handle) {
    return flag(env, handle, augur_position_game_status);
}

JNIEXPORT jlong JNICALL Java_dev_augur_Position_nKey(JNIEnv* env, jclass, jlong handle) {
    uint64_t key = 0;
    check(env, handle, augur_position_key(position(handle), &key));
    return jlong(key);
}

JNIEXPORT jintArray JNICALL Java_dev_augur_Position_nWdl(JNIEnv* env, jclass, jlong handle, jint score) {
    jint permille[3] = {0, 0, 0};
    if (!check(env, handle, augur_position_wdl(position(handle), score, &permille[0], &permille[1], &permille[2])))
        return nullptr;
    jintArray array = env->NewIntArray(3);
    if (array) env->SetIntArrayRegion(array, 0, 3, permille);
    return array;
}

JNIEXPORT jint JNICALL Java_dev_augur_Position_nHistoryLength(JNIEnv* env, jclass, jlong handle) {
    size_t plies = 0;
    check(env, handle, augur_position_history_length(position(handle), &plies));
    return jint(plies);
}

JNIEXPORT jshortArray JNICALL Java_dev_augur_Position_nLegalMoves(JNIEnv* env, jclass, jlong handle) {
    augur_move moves[AUGUR_MAX_MOVES];
    size_t count = 0;
    if (!check(env, handle, augur_position_legal_moves(position(handle), moves, AUGUR_MAX_MOVES, &count)))
        return nullptr;
    jshortArray array = env->NewShortArray(jsize(count));
    if (array) env->SetShortArrayRegion(array, 0, jsize(count), reinterpret_cast<const jshort*>(moves));
    return array;
}

JNIEXPORT jstring JNICALL Java_dev_augur_Position_nMoveToUci(JNIEnv* env, jclass, jlong handle, jint move) {
    return move_text(env, handle, move, augur_position_move_to_uci);
}

JNIEXPORT jstring JNICALL Java_dev_augur_Position_nMoveToSan(JNIEnv* env, jclass, jlong handle, jint move) {
    return move_text(env, handle, move, augur_position_move_to_san);
}

JNIEXPORT jint JNICALL Java_dev_augur_Position_nParseUci(JNIEnv* env, jclass, jlong handle, jstring text) {
    return parse(env, handle, text, augur_position_parse_uci);
}

JNIEXPORT jint JNICALL Java_dev_augur_Position_nParseSan(JNIEnv* env, jclass, jlong handle, jstring text) {
    return parse(env, handle, text, augur_position_parse_san);
}

JNIEXPORT void JNICALL Java_dev_augur_Position_nPlayMove(JNIEnv* env, jclass, jlong handle, jint move) {
    check(env, handle, augur_position_play_move(position(handle), augur_move(move)));
}

JNIEXPORT void JNICALL Java_dev_augur_Position_nPlayUci(JNIEnv* env, jclass, jlong handle, jstring text) {
    apply_text(env, handle, text, augur_position_play_uci, "move text");
}

JNIEXPORT void JNICALL Java_dev_augur_Position_nPlaySan(JNIEnv* env, jclass, jlong handle, jstring text) {
    apply_text(env, handle, text, augur_position_play_san, "move text");
}

JNIEXPORT void JNICALL Java_dev_augur_Position_nUndo(JNIEnv* env, jclass, jlong handle) {
    check(env, handle, augur_position_undo(position(handle)));
}

JNIEXPORT jlong JNICALL Java_dev_augur_Position_nPerft(JNIEnv* env, jclass, jlong handle, jint depth) {
    uint64_t nodes = 0;
    check(env, handle, augur_perft(position(handle), depth, &nodes));
    return jlong(nodes);
}

}  // extern "C"
