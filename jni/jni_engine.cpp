// Natives of dev.augur.Engine other than the search: options, positions and
// the evaluation breakdown. Every failure becomes an AugurException carrying
// the engine's message.
#include <augur/augur.h>

#include <vector>

#include "jni_support.h"

using augur_jni::ids;
using augur_jni::throw_status;
using augur_jni::Utf8;

namespace {

augur_engine* engine(jlong handle) { return reinterpret_cast<augur_engine*>(handle); }

bool check(JNIEnv* env, jlong handle, int status) {
    if (status == AUGUR_OK) return true;
    return throw_status(env, status, augur_engine_last_error(engine(handle)));
}

// The choices of the combo option at index (empty for other types).
jobjectArray option_choices(JNIEnv* env, jlong handle, size_t index, size_t count) {
    jobjectArray choices = env->NewObjectArray(jsize(count), ids().string, nullptr);
    for (size_t c = 0; choices && c < count; ++c) {
        const char* text = nullptr;
        if (!check(env, handle, augur_engine_option_choice(engine(handle), index, c, &text))) return nullptr;
        jstring choice = augur_jni::to_java(env, text);
        if (!choice) return nullptr;
        env->SetObjectArrayElement(choices, jsize(c), choice);
        env->DeleteLocalRef(choice);
    }
    return choices;
}

jobject option_info(JNIEnv* env, jlong handle, size_t index) {
    augur_option_info info = AUGUR_OPTION_INFO_INIT;
    if (!check(env, handle, augur_engine_option_info(engine(handle), index, &info))) return nullptr;
    augur_jni::LocalRef name(env, augur_jni::to_java(env, info.name));
    augur_jni::LocalRef default_text(env, name ? augur_jni::to_java(env, info.default_text) : nullptr);
    augur_jni::LocalRef choices(env, default_text ? option_choices(env, handle, index, info.choice_count) : nullptr);
    augur_jni::LocalRef description(env, choices ? augur_jni::to_java(env, info.description) : nullptr);
    if (!description) return nullptr;
    return env->NewObject(ids().option_info, ids().option_info_new, name.get(), jint(info.type), default_text.get(),
                          jint(info.min), jint(info.max), choices.get(), description.get());
}

jobject eval_term(JNIEnv* env, const augur_eval_term& t) {
    jstring name = augur_jni::to_java(env, t.name);
    if (!name) return nullptr;
    jobject term = env->NewObject(ids().eval_term, ids().eval_term_new, name, jint(t.white_mg), jint(t.white_eg),
                                  jint(t.black_mg), jint(t.black_eg), jint(t.mg), jint(t.eg), jint(t.final));
    env->DeleteLocalRef(name);
    return term;
}

jobjectArray eval_terms(JNIEnv* env, const augur_eval_breakdown& b) {
    jobjectArray terms = env->NewObjectArray(jsize(b.term_count), ids().eval_term, nullptr);
    for (size_t i = 0; terms && i < b.term_count; ++i) {
        jobject term = eval_term(env, b.terms[i]);
        if (!term) return nullptr;
        env->SetObjectArrayElement(terms, jsize(i), term);
        env->DeleteLocalRef(term);
    }
    return terms;
}

// The UCI moves of a Java String[] as C strings; ok() is false with an
// exception pending if an element is null.
class MoveTexts {
public:
    MoveTexts(JNIEnv* env, jobjectArray moves) : env_(env) {
        jsize count = moves ? env->GetArrayLength(moves) : 0;
        for (jsize i = 0; i < count && ok_; ++i) {
            auto text = static_cast<jstring>(env->GetObjectArrayElement(moves, i));
            const char* chars = text ? env->GetStringUTFChars(text, nullptr) : nullptr;
            if (!chars) {
                if (!text) augur_jni::throw_null(env, "a move of the list");
                ok_ = false;
            }
            texts_.push_back(text);
            chars_.push_back(chars);
        }
    }
    ~MoveTexts() {
        for (size_t i = 0; i < texts_.size(); ++i) {
            if (chars_[i]) env_->ReleaseStringUTFChars(texts_[i], chars_[i]);
            env_->DeleteLocalRef(texts_[i]);
        }
    }
    MoveTexts(const MoveTexts&) = delete;
    MoveTexts& operator=(const MoveTexts&) = delete;
    bool ok() const { return ok_; }
    const char* const* data() const { return chars_.data(); }
    size_t size() const { return chars_.size(); }

private:
    JNIEnv* env_;
    std::vector<jstring> texts_;
    std::vector<const char*> chars_;
    bool ok_ = true;
};

}  // namespace

extern "C" {

JNIEXPORT jlong JNICALL Java_dev_augur_Engine_nCreate(JNIEnv* env, jclass) {
    augur_engine* created = nullptr;
    int status = augur_engine_create(&created);
    if (status != AUGUR_OK) throw_status(env, status, "cannot create an engine");
    return reinterpret_cast<jlong>(created);
}

JNIEXPORT void JNICALL Java_dev_augur_Engine_nDestroy(JNIEnv*, jclass, jlong handle) {
    augur_engine_destroy(engine(handle));
}

JNIEXPORT void JNICALL Java_dev_augur_Engine_nStop(JNIEnv*, jclass, jlong handle) {
    augur_engine_stop(engine(handle));
}

JNIEXPORT void JNICALL Java_dev_augur_Engine_nPonderhit(JNIEnv*, jclass, jlong handle) {
    augur_engine_ponderhit(engine(handle));
}

JNIEXPORT jboolean JNICALL Java_dev_augur_Engine_nIsSearching(JNIEnv*, jclass, jlong handle) {
    int searching = 0;
    augur_engine_is_searching(engine(handle), &searching);
    return searching ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT jlong JNICALL Java_dev_augur_Engine_nNodesSearched(JNIEnv*, jclass, jlong handle) {
    uint64_t nodes = 0;
    augur_engine_nodes_searched(engine(handle), &nodes);
    return jlong(nodes);
}

JNIEXPORT jobjectArray JNICALL Java_dev_augur_Engine_nOptions(JNIEnv* env, jclass, jlong handle) {
    size_t count = 0;
    if (!check(env, handle, augur_engine_option_count(engine(handle), &count))) return nullptr;
    jobjectArray options = env->NewObjectArray(jsize(count), ids().option_info, nullptr);
    for (size_t i = 0; options && i < count; ++i) {
        jobject option = option_info(env, handle, i);
        if (!option) return nullptr;
        env->SetObjectArrayElement(options, jsize(i), option);
        env->DeleteLocalRef(option);
    }
    return options;
}

JNIEXPORT void JNICALL Java_dev_augur_Engine_nSetOption(JNIEnv* env, jclass, jlong handle, jstring name,
                                                        jstring value) {
    Utf8 name_utf8(env, name, "option name");
    Utf8 value_utf8(env, value, "option value");
    if (!name_utf8.ok() || !value_utf8.ok()) return;
    check(env, handle, augur_engine_set_option(engine(handle), name_utf8.c_str(), value_utf8.c_str()));
}

JNIEXPORT jstring JNICALL Java_dev_augur_Engine_nGetOption(JNIEnv* env, jclass, jlong handle, jstring name) {
    Utf8 name_utf8(env, name, "option name");
    char buf[256];
    if (!name_utf8.ok() || !check(env, handle, augur_engine_get_option(engine(handle), name_utf8.c_str(), buf,
                                                                       sizeof buf)))
        return nullptr;
    return augur_jni::to_java(env, buf);
}

JNIEXPORT void JNICALL Java_dev_augur_Engine_nNewGame(JNIEnv* env, jclass, jlong handle) {
    check(env, handle, augur_engine_new_game(engine(handle)));
}

JNIEXPORT void JNICALL Java_dev_augur_Engine_nClearHash(JNIEnv* env, jclass, jlong handle) {
    check(env, handle, augur_engine_clear_hash(engine(handle)));
}

JNIEXPORT void JNICALL Java_dev_augur_Engine_nSetPosition(JNIEnv* env, jclass, jlong handle, jstring fen,
                                                          jobjectArray moves) {
    MoveTexts texts(env, moves);
    if (!texts.ok()) return;
    if (!fen) {
        check(env, handle, augur_engine_set_position(engine(handle), nullptr, texts.data(), texts.size()));
        return;
    }
    Utf8 fen_utf8(env, fen, "fen");
    if (fen_utf8.ok())
        check(env, handle, augur_engine_set_position(engine(handle), fen_utf8.c_str(), texts.data(), texts.size()));
}

JNIEXPORT void JNICALL Java_dev_augur_Engine_nSetPositionFrom(JNIEnv* env, jclass, jlong handle, jlong pos) {
    check(env, handle,
          augur_engine_set_position_from(engine(handle), reinterpret_cast<const augur_position*>(pos)));
}

JNIEXPORT jstring JNICALL Java_dev_augur_Engine_nFen(JNIEnv* env, jclass, jlong handle) {
    char buf[AUGUR_FEN_MAX];
    if (!check(env, handle, augur_engine_fen(engine(handle), buf, sizeof buf))) return nullptr;
    return augur_jni::to_java(env, buf);
}

JNIEXPORT jobject JNICALL Java_dev_augur_Engine_nEvaluate(JNIEnv* env, jclass, jlong handle) {
    augur_eval_breakdown b = AUGUR_EVAL_BREAKDOWN_INIT;
    if (!check(env, handle, augur_engine_eval(engine(handle), &b))) return nullptr;
    jobjectArray terms = eval_terms(env, b);
    jstring rule = terms ? augur_jni::to_java(env, b.endgame_rule) : nullptr;
    if (!rule) return nullptr;
    return env->NewObject(ids().evaluation, ids().evaluation_new, jint(b.total), jint(b.total_white),
                          jint(b.phase), jint(b.scale), rule, jboolean(b.dead != 0), terms);
}

}  // extern "C"
