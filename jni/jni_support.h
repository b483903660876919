// Shared pieces of the JNI glue: the class and method IDs cached when the
// library loads, the one function that turns a status code into a Java
// exception, string conversion, and attaching native threads to the JVM.
#ifndef AUGUR_JNI_SUPPORT_H
#define AUGUR_JNI_SUPPORT_H

#include <jni.h>

#include <string>

namespace augur_jni {

// Global references and IDs looked up once in JNI_OnLoad. Looking them up
// there (rather than on first use) matters for native threads, whose
// FindClass would search the system class loader instead of the jar's.
struct JavaIds {
    jclass augur_exception;       // dev.augur.AugurException
    jmethodID augur_exception_new;  // (int code, String status, String message)
    jclass listener_exception;    // dev.augur.ListenerException
    jmethodID listener_exception_new;  // (Throwable cause)
    jclass null_pointer_exception;
    jclass out_of_memory_error;
    jclass pv_info;
    jmethodID pv_info_new;
    jclass move;                  // dev.augur.Move
    jmethodID move_of;            // static Move.of(int code)
    jclass search_result;
    jmethodID search_result_new;
    jclass option_info;
    jmethodID option_info_new;
    jclass eval_term;
    jmethodID eval_term_new;
    jclass evaluation;
    jmethodID evaluation_new;
    jclass string;
    jmethodID pv_listener_on_pv;            // PvListener.onPv(PvInfo)
    jmethodID iteration_listener_on_iteration;  // IterationListener.onIteration(PvInfo)
    jmethodID currmove_listener_on_currmove;    // CurrmoveListener.onCurrmove(Move, int, int)
    jmethodID trace_listener_enter;         // TraceListener.enter(int, int, int, int, long, int)
    jmethodID trace_listener_leave;         // TraceListener.leave(int, int, int)
    jmethodID limits_depth, limits_nodes, limits_mate, limits_move_time, limits_infinite, limits_ponder,
        limits_time_left, limits_increment, limits_moves_to_go, limits_search_moves;  // SearchLimits accessors
    jmethodID listeners_pv, listeners_iteration, listeners_currmove, listeners_trace;  // SearchListeners accessors
    jclass search_future;                   // dev.augur.SearchFuture
    jmethodID search_future_finished;       // nativeFinished(SearchResult)
    jmethodID search_future_failed;         // nativeFailed(Throwable)
};

// Valid between JNI_OnLoad and JNI_OnUnload.
const JavaIds& ids();

// Throws the AugurException for a failed C API call: status is the AUGUR_E_*
// code, message the handle's last-error text. Always returns false, so that
// callers can write `return fail(...)`.
bool throw_status(JNIEnv* env, int status, const char* message);
// Throws NullPointerException naming the argument that was null.
void throw_null(JNIEnv* env, const char* what);

// A Java string as modified UTF-8 (identical to UTF-8 for the ASCII text of
// FEN and moves), released on destruction. ok() is false when the string was
// null (a NullPointerException is then pending) or could not be copied.
class Utf8 {
public:
    Utf8(JNIEnv* env, jstring text, const char* what);
    ~Utf8();
    Utf8(const Utf8&) = delete;
    Utf8& operator=(const Utf8&) = delete;
    bool ok() const { return chars_ != nullptr; }
    const char* c_str() const { return chars_; }

private:
    JNIEnv* env_;
    jstring text_;
    const char* chars_ = nullptr;
};

// A local reference deleted at the end of its scope, for natives that make
// several objects and may fail halfway.
class LocalRef {
public:
    LocalRef(JNIEnv* env, jobject ref) : env_(env), ref_(ref) {}
    ~LocalRef() {
        if (ref_) env_->DeleteLocalRef(ref_);
    }
    LocalRef(const LocalRef&) = delete;
    LocalRef& operator=(const LocalRef&) = delete;
    jobject get() const { return ref_; }
    explicit operator bool() const { return ref_ != nullptr; }

private:
    JNIEnv* env_;
    jobject ref_;
};

// A new Java string from UTF-8 text, or null with an exception pending.
jstring to_java(JNIEnv* env, const char* text);

// The JNIEnv of the calling thread. A thread the JVM does not know yet (a
// native search thread) is attached once, as a daemon, and detached
// automatically when it ends (a pthread key destructor). Returns nullptr if
// attaching fails.
JNIEnv* attached_env();

}  // namespace augur_jni

#endif  // AUGUR_JNI_SUPPORT_H
