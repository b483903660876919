// The search through JNI: dev.augur.Engine.nSearch (on the caller's thread)
// and nStart (on the engine's native thread), the glue that turns the C
// callbacks into calls of the Java listeners, and dev.augur.CallbackProbe,
// which drives the same glue without a search (tests and the benchmark).
//
// A listener's exception must not unwind through the C++ search. The glue
// checks for one after every call, stops the search, ignores all further
// callbacks and, once the search has ended, throws a ListenerException
// carrying it (nSearch) or completes the search's future with it (nStart).
#include <augur/augur.h>
#include <pthread.h>

#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include "jni_support.h"

using augur_jni::ids;

namespace {

// The callbacks' state for one search. The listener references are global so
// that the glue works unchanged when callbacks come from a native search
// thread: such a thread is attached on its first callback.
//
// For nStart the glue lives on the heap from the start of the search to its
// on_finish, the last callback, which completes the SearchFuture and deletes
// the glue on the engine's thread.
class SearchGlue {
public:
    SearchGlue(JNIEnv* env, augur_engine* engine, jobject pv, jobject iteration, jobject currmove, jobject trace,
               jobject future = nullptr)
        : owner_env_(env), owner_(pthread_self()), engine_(engine), pv_(global(env, pv)),
          iteration_(global(env, iteration)), currmove_(global(env, currmove)), trace_(global(env, trace)),
          future_(global(env, future)) {}
    ~SearchGlue() {
        JNIEnv* env = env_here();
        if (!env) return;  // attaching failed: the references stay (nothing better is possible)
        for (jobject ref : {pv_, iteration_, currmove_, trace_, future_, static_cast<jobject>(failure_)})
            if (ref) env->DeleteGlobalRef(ref);
    }
    SearchGlue(const SearchGlue&) = delete;
    SearchGlue& operator=(const SearchGlue&) = delete;

    augur_search_callbacks callbacks() {
        augur_search_callbacks c = AUGUR_SEARCH_CALLBACKS_INIT;
        c.user = this;
        if (pv_) c.on_pv = on_pv;
        if (iteration_) c.on_iteration = on_iteration;
        if (currmove_) c.on_currmove = on_currmove;
        if (trace_) {
            c.on_trace_enter = on_enter;
            c.on_trace_leave = on_leave;
        }
        if (future_) c.on_finish = on_finish;
        return c;
    }

    // Throws the ListenerException for a listener that failed; false if none did.
    bool rethrow(JNIEnv* env) const {
        if (!failure_) return false;
        auto wrapped = static_cast<jthrowable>(
            env->NewObject(ids().listener_exception, ids().listener_exception_new, failure_));
        if (wrapped) env->Throw(wrapped);
        return true;
    }

    static void on_pv(void* user, const augur_pv_info* info) {
        auto& glue = *static_cast<SearchGlue*>(user);
        glue.report_pv(glue.pv_, ids().pv_listener_on_pv, *info);
    }
    static void on_iteration(void* user, const augur_pv_info* info) {
        auto& glue = *static_cast<SearchGlue*>(user);
        glue.report_pv(glue.iteration_, ids().iteration_listener_on_iteration, *info);
    }
    static void on_currmove(void* user, augur_move move, int number, int depth) {
        auto& glue = *static_cast<SearchGlue*>(user);
        JNIEnv* env = glue.callback_env();
        if (!env) return;
        jobject value = env->CallStaticObjectMethod(ids().move, ids().move_of, jint(move));
        if (value) env->CallVoidMethod(glue.currmove_, ids().currmove_listener_on_currmove, value, jint(number),
                                       jint(depth));
        env->DeleteLocalRef(value);  // a native thread has no frame to free it
        glue.check_listener(env);
    }
    static void on_enter(void* user, const augur_trace_node* n) {
        auto& glue = *static_cast<SearchGlue*>(user);
        JNIEnv* env = glue.callback_env();
        if (!env) return;
        env->CallVoidMethod(glue.trace_, ids().trace_listener_enter, jint(n->ply), jint(n->depth), jint(n->alpha),
                            jint(n->beta), jlong(n->key), jint(n->move));
        glue.check_listener(env);
    }
    static void on_leave(void* user, const augur_trace_result* r) {
        auto& glue = *static_cast<SearchGlue*>(user);
        JNIEnv* env = glue.callback_env();
        if (!env) return;
        env->CallVoidMethod(glue.trace_, ids().trace_listener_leave, jint(r->score), jint(r->bound),
                            jint(r->best_move));
        glue.check_listener(env);
    }

    // The last callback of an asynchronous search: completes its future and
    // deletes the glue. Nothing may be left pending for the C side.
    static void on_finish(void* user, const augur_search_result* result) {
        auto* glue = static_cast<SearchGlue*>(user);
        if (JNIEnv* env = glue->env_here()) {
            glue->complete(env, result);
            if (env->ExceptionCheck()) env->ExceptionClear();
        }
        delete glue;
    }

private:
    static jobject global(JNIEnv* env, jobject local) { return local ? env->NewGlobalRef(local) : nullptr; }

    // The calling thread's JNIEnv: the owner's, or that of a native thread,
    // attached on its first call.
    JNIEnv* env_here() const {
        return pthread_equal(pthread_self(), owner_) ? owner_env_ : augur_jni::attached_env();
    }

    // The calling thread's JNIEnv, or nullptr once a listener failed (the
    // search is then stopping and its remaining callbacks are ignored).
    JNIEnv* callback_env() const {
        if (failure_) return nullptr;
        return env_here();
    }

    void complete(JNIEnv* env, const augur_search_result* result);

    void report_pv(jobject listener, jmethodID method, const augur_pv_info& info) {
        JNIEnv* env = callback_env();
        if (!env) return;
        jshortArray pv = env->NewShortArray(jsize(info.pv_length));
        if (pv) env->SetShortArrayRegion(pv, 0, jsize(info.pv_length), reinterpret_cast<const jshort*>(info.pv));
        jobject value = pv ? env->NewObject(ids().pv_info, ids().pv_info_new, jint(info.depth), jint(info.seldepth),
                                            jint(info.score_cp), jint(info.mate), jint(info.bound),
                                            jlong(info.nodes), jlong(info.time_ms), pv, jint(info.multipv),
                                            jint(info.hashfull), jlong(info.tbhits))
                           : nullptr;
        if (value) env->CallVoidMethod(listener, method, value);
        env->DeleteLocalRef(value);  // a native thread has no frame to free them
        env->DeleteLocalRef(pv);
        check_listener(env);
    }

    void check_listener(JNIEnv* env) {
        if (!env->ExceptionCheck()) return;
        jthrowable thrown = env->ExceptionOccurred();
        env->ExceptionClear();
        failure_ = static_cast<jthrowable>(env->NewGlobalRef(thrown));
        env->DeleteLocalRef(thrown);
        if (engine_) augur_engine_stop(engine_);
    }

    JNIEnv* owner_env_;
    pthread_t owner_;
    augur_engine* engine_;
    jobject pv_;
    jobject iteration_;
    jobject currmove_;
    jobject trace_;
    jobject future_;
    jthrowable failure_ = nullptr;
};

jobject search_result(JNIEnv* env, const augur_search_result& r) {
    jshortArray pv = env->NewShortArray(jsize(r.pv_length));
    if (!pv) return nullptr;
    env->SetShortArrayRegion(pv, 0, jsize(r.pv_length), reinterpret_cast<const jshort*>(r.pv));
    return env->NewObject(ids().search_result, ids().search_result_new, jint(r.best_move), jint(r.ponder_move),
                          jint(r.score_cp), jint(r.mate), jint(r.depth), jint(r.seldepth), jlong(r.nodes),
                          jlong(r.qnodes), jlong(r.fail_highs), jlong(r.fail_highs_first), jlong(r.tt_probes),
                          jlong(r.tt_hits), jlong(r.tt_cutoffs), jlong(r.tbhits), jlong(r.tbprobes), jlong(r.time_ms), jdouble(r.ebf),
                          pv);
}

void SearchGlue::complete(JNIEnv* env, const augur_search_result* result) {
    jobject outcome = nullptr;
    jmethodID method = ids().search_future_failed;
    if (failure_) {
        outcome = env->NewObject(ids().listener_exception, ids().listener_exception_new, failure_);
    } else if (!result) {
        jstring name = env->NewStringUTF(augur_status_name(AUGUR_E_INTERNAL));
        jstring text = name ? env->NewStringUTF("the search failed (out of memory or an internal error)") : nullptr;
        if (text)
            outcome = env->NewObject(ids().augur_exception, ids().augur_exception_new, jint(AUGUR_E_INTERNAL), name,
                                     text);
        env->DeleteLocalRef(text);
        env->DeleteLocalRef(name);
    } else {
        outcome = search_result(env, *result);
        method = ids().search_future_finished;
    }
    if (!outcome) {  // making it failed (OutOfMemoryError): complete with that
        jthrowable error = env->ExceptionOccurred();
        env->ExceptionClear();
        outcome = error;
        method = ids().search_future_failed;
    }
    if (outcome) env->CallVoidMethod(future_, method, outcome);
    env->DeleteLocalRef(outcome);
}

// The limits of a search as the Java natives pass them.
// The C limits of a dev.augur.SearchLimits (checked by its constructor; the
// library checks them again). ok() is false with an exception pending if
// reading them failed.
class Limits {
public:
    Limits(JNIEnv* env, jobject limits) {
        const auto& j = ids();
        c_.depth = env->CallIntMethod(limits, j.limits_depth);
        c_.nodes = uint64_t(env->CallLongMethod(limits, j.limits_nodes));
        c_.mate = env->CallIntMethod(limits, j.limits_mate);
        c_.movetime_ms = env->CallLongMethod(limits, j.limits_move_time);
        c_.infinite = env->CallBooleanMethod(limits, j.limits_infinite) ? 1 : 0;
        c_.ponder = env->CallBooleanMethod(limits, j.limits_ponder) ? 1 : 0;
        c_.time_left_ms = env->CallLongMethod(limits, j.limits_time_left);
        c_.increment_ms = env->CallLongMethod(limits, j.limits_increment);
        c_.moves_to_go = env->CallIntMethod(limits, j.limits_moves_to_go);
        augur_jni::LocalRef codes(env, env->CallObjectMethod(limits, j.limits_search_moves));
        if (env->ExceptionCheck()) return;
        auto search_moves = static_cast<jshortArray>(codes.get());
        jsize count = search_moves ? env->GetArrayLength(search_moves) : 0;
        moves_.resize(std::size_t(count));
        if (count > 0) {
            env->GetShortArrayRegion(search_moves, 0, count, reinterpret_cast<jshort*>(moves_.data()));
            c_.search_moves = moves_.data();
            c_.search_moves_count = moves_.size();
        }
        ok_ = true;
    }
    bool ok() const { return ok_; }
    const augur_search_limits* get() const { return &c_; }

private:
    augur_search_limits c_ = AUGUR_SEARCH_LIMITS_INIT;
    std::vector<augur_move> moves_;
    bool ok_ = false;
};

// The listeners of a dev.augur.SearchListeners, each null if not set; local
// references of the calling native.
struct Listeners {
    Listeners(JNIEnv* env, jobject listeners)
        : pv(env->CallObjectMethod(listeners, ids().listeners_pv)),
          iteration(env->CallObjectMethod(listeners, ids().listeners_iteration)),
          currmove(env->CallObjectMethod(listeners, ids().listeners_currmove)),
          trace(env->CallObjectMethod(listeners, ids().listeners_trace)) {}
    jobject pv, iteration, currmove, trace;
};

// Runs calls() on this thread, or on a new native thread that ends (and so is
// detached) before this returns; the nanoseconds it took.
template <typename Calls>
jlong timed(bool native_thread, Calls calls) {
    auto run = [&] {
        auto start = std::chrono::steady_clock::now();
        calls();
        return jlong(std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start)
                         .count());
    };
    if (!native_thread) return run();
    jlong elapsed = 0;
    std::thread thread([&] { elapsed = run(); });
    thread.join();
    return elapsed;
}

}  // namespace

extern "C" {

JNIEXPORT jobject JNICALL Java_dev_augur_Engine_nSearch(JNIEnv* env, jclass, jlong handle, jobject limits_object,
                                                        jobject listeners_object) {
    auto* engine = reinterpret_cast<augur_engine*>(handle);
    Limits limits(env, limits_object);
    Listeners listeners(env, listeners_object);
    if (!limits.ok() || env->ExceptionCheck()) return nullptr;
    SearchGlue glue(env, engine, listeners.pv, listeners.iteration, listeners.currmove, listeners.trace);
    augur_search_callbacks callbacks = glue.callbacks();
    augur_search_result result{};
    result.struct_size = sizeof result;
    int status = augur_engine_search(engine, limits.get(), &callbacks, &result);
    if (glue.rethrow(env)) return nullptr;
    if (status != AUGUR_OK) {
        augur_jni::throw_status(env, status, augur_engine_last_error(engine));
        return nullptr;
    }
    return search_result(env, result);
}

JNIEXPORT void JNICALL Java_dev_augur_Engine_nStart(JNIEnv* env, jclass, jlong handle, jobject limits_object,
                                                    jobject listeners_object, jobject future) {
    auto* engine = reinterpret_cast<augur_engine*>(handle);
    Limits limits(env, limits_object);
    Listeners listeners(env, listeners_object);
    if (!limits.ok() || env->ExceptionCheck()) return;
    // Owned by the search from a successful start on: its on_finish deletes it.
    auto glue =
        std::make_unique<SearchGlue>(env, engine, listeners.pv, listeners.iteration, listeners.currmove, nullptr, future);
    augur_search_callbacks callbacks = glue->callbacks();
    int status = augur_engine_start(engine, limits.get(), &callbacks);
    if (status != AUGUR_OK) {
        augur_jni::throw_status(env, status, augur_engine_last_error(engine));
        return;
    }
    glue.release();
}

JNIEXPORT jlong JNICALL Java_dev_augur_CallbackProbe_nPvLoop(JNIEnv* env, jclass, jobject listener, jint count,
                                                             jboolean native_thread) {
    SearchGlue glue(env, nullptr, listener, nullptr, nullptr, nullptr);
    const augur_move pv[] = {0x031c, 0x0d24, 0x0195, 0x0e6a};  // e2e4 e7e5 g1f3 b8c6
    augur_pv_info info{7, 12, 25, 0, AUGUR_BOUND_EXACT, 123456, 42, pv, 4, 1, 250, 0, 300, 400, 300};
    jlong elapsed = timed(native_thread, [&] {
        for (jint i = 0; i < count; ++i) SearchGlue::on_pv(&glue, &info);
    });
    glue.rethrow(env);
    return elapsed;
}

JNIEXPORT jlong JNICALL Java_dev_augur_CallbackProbe_nTraceLoop(JNIEnv* env, jclass, jobject listener, jint count,
                                                                jboolean native_thread) {
    SearchGlue glue(env, nullptr, nullptr, nullptr, nullptr, listener);
    augur_trace_node node{3, 5, -40, 60, 0x463b96181691fc9cULL, 0x031c};
    augur_trace_result result{17, AUGUR_BOUND_EXACT, 0x0d24};
    jlong elapsed = timed(native_thread, [&] {
        for (jint i = 0; i < count; ++i) {
            node.ply = i & 63;
            SearchGlue::on_enter(&glue, &node);
            SearchGlue::on_leave(&glue, &result);
        }
    });
    glue.rethrow(env);
    return elapsed;
}

}  // extern "C"
