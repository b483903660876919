// JNI_OnLoad/JNI_OnUnload, the cached IDs, exceptions, strings and thread
// attachment declared in jni_support.h.
#include "jni_support.h"

#include <pthread.h>

#include <augur/augur.h>

namespace augur_jni {
namespace {

constexpr jint JNI_VERSION = JNI_VERSION_10;

JavaVM* java_vm = nullptr;
JavaIds java_ids{};
// Its destructor detaches the threads attached_env() attached.
pthread_key_t detach_key;
bool detach_key_made = false;

// Looks up a class and keeps a global reference, or returns nullptr with a
// NoClassDefFoundError pending.
jclass global_class(JNIEnv* env, const char* name) {
    jclass local = env->FindClass(name);
    if (!local) return nullptr;
    auto global = static_cast<jclass>(env->NewGlobalRef(local));
    env->DeleteLocalRef(local);
    return global;
}

bool find_exceptions(JNIEnv* env, JavaIds& j) {
    j.augur_exception = global_class(env, "dev/augur/AugurException");
    if (!j.augur_exception) return false;
    j.augur_exception_new =
        env->GetMethodID(j.augur_exception, "<init>", "(ILjava/lang/String;Ljava/lang/String;)V");
    j.listener_exception = global_class(env, "dev/augur/ListenerException");
    if (!j.augur_exception_new || !j.listener_exception) return false;
    j.listener_exception_new = env->GetMethodID(j.listener_exception, "<init>", "(Ljava/lang/Throwable;)V");
    j.null_pointer_exception = global_class(env, "java/lang/NullPointerException");
    j.out_of_memory_error = global_class(env, "java/lang/OutOfMemoryError");
    return j.listener_exception_new && j.null_pointer_exception && j.out_of_memory_error;
}

bool find_values(JNIEnv* env, JavaIds& j) {
    j.pv_info = global_class(env, "dev/augur/PvInfo");
    if (!j.pv_info) return false;
    j.pv_info_new = env->GetMethodID(j.pv_info, "<init>", "(IIIIIJJ[SIIJ)V");
    j.move = global_class(env, "dev/augur/Move");
    if (!j.pv_info_new || !j.move) return false;
    j.move_of = env->GetStaticMethodID(j.move, "of", "(I)Ldev/augur/Move;");
    j.search_result = global_class(env, "dev/augur/SearchResult");
    if (!j.move_of || !j.search_result) return false;
    j.search_result_new = env->GetMethodID(j.search_result, "<init>", "(IIIIIIJJJJJJJJJJD[S)V");
    j.option_info = global_class(env, "dev/augur/OptionInfo");
    if (!j.search_result_new || !j.option_info) return false;
    j.option_info_new = env->GetMethodID(j.option_info, "<init>", "(Ljava/lang/String;ILjava/lang/String;II[Ljava/lang/String;Ljava/lang/String;)V");
    j.eval_term = global_class(env, "dev/augur/EvalTerm");
    if (!j.option_info_new || !j.eval_term) return false;
    j.eval_term_new = env->GetMethodID(j.eval_term, "<init>", "(Ljava/lang/String;IIIIIII)V");
    j.evaluation = global_class(env, "dev/augur/Evaluation");
    if (!j.eval_term_new || !j.evaluation) return false;
    j.evaluation_new =
        env->GetMethodID(j.evaluation, "<init>", "(IIIILjava/lang/String;Z[Ldev/augur/EvalTerm;)V");
    j.string = global_class(env, "java/lang/String");
    if (!j.evaluation_new || !j.string) return false;
    j.search_future = global_class(env, "dev/augur/SearchFuture");
    if (!j.search_future) return false;
    j.search_future_finished = env->GetMethodID(j.search_future, "nativeFinished", "(Ldev/augur/SearchResult;)V");
    j.search_future_failed = env->GetMethodID(j.search_future, "nativeFailed", "(Ljava/lang/Throwable;)V");
    return j.search_future_finished && j.search_future_failed;
}

jmethodID method_of(JNIEnv* env, const char* class_name, const char* name, const char* signature) {
    jclass type = env->FindClass(class_name);
    if (!type) return nullptr;
    jmethodID method = env->GetMethodID(type, name, signature);
    env->DeleteLocalRef(type);  // method IDs stay valid while the class is loaded
    return method;
}

// The accessors of dev.augur.SearchLimits and dev.augur.SearchListeners, which
// the search natives read their arguments from.
bool find_search_arguments(JNIEnv* env, JavaIds& j) {
    struct Accessor {
        jmethodID* id;
        const char* class_name;
        const char* name;
        const char* signature;
    };
    const Accessor accessors[] = {
        {&j.limits_depth, "dev/augur/SearchLimits", "depth", "()I"},
        {&j.limits_nodes, "dev/augur/SearchLimits", "nodes", "()J"},
        {&j.limits_mate, "dev/augur/SearchLimits", "mate", "()I"},
        {&j.limits_move_time, "dev/augur/SearchLimits", "moveTimeMillis", "()J"},
        {&j.limits_infinite, "dev/augur/SearchLimits", "infinite", "()Z"},
        {&j.limits_ponder, "dev/augur/SearchLimits", "ponder", "()Z"},
        {&j.limits_time_left, "dev/augur/SearchLimits", "timeLeftMillis", "()J"},
        {&j.limits_increment, "dev/augur/SearchLimits", "incrementMillis", "()J"},
        {&j.limits_moves_to_go, "dev/augur/SearchLimits", "movesToGo", "()I"},
        {&j.limits_search_moves, "dev/augur/SearchLimits", "searchMoveCodes", "()[S"},
        {&j.listeners_pv, "dev/augur/SearchListeners", "pv", "()Ldev/augur/PvListener;"},
        {&j.listeners_iteration, "dev/augur/SearchListeners", "iteration", "()Ldev/augur/IterationListener;"},
        {&j.listeners_currmove, "dev/augur/SearchListeners", "currmove", "()Ldev/augur/CurrmoveListener;"},
        {&j.listeners_trace, "dev/augur/SearchListeners", "trace", "()Ldev/augur/TraceListener;"},
    };
    for (const Accessor& a : accessors) {
        *a.id = method_of(env, a.class_name, a.name, a.signature);
        if (!*a.id) return false;
    }
    return true;
}

bool find_listeners(JNIEnv* env, JavaIds& j) {
    j.pv_listener_on_pv = method_of(env, "dev/augur/PvListener", "onPv", "(Ldev/augur/PvInfo;)V");
    if (!j.pv_listener_on_pv) return false;
    j.iteration_listener_on_iteration =
        method_of(env, "dev/augur/IterationListener", "onIteration", "(Ldev/augur/PvInfo;)V");
    if (!j.iteration_listener_on_iteration) return false;
    j.currmove_listener_on_currmove =
        method_of(env, "dev/augur/CurrmoveListener", "onCurrmove", "(Ldev/augur/Move;II)V");
    if (!j.currmove_listener_on_currmove) return false;
    j.trace_listener_enter = method_of(env, "dev/augur/TraceListener", "enter", "(IIIIJI)V");
    if (!j.trace_listener_enter) return false;
    j.trace_listener_leave = method_of(env, "dev/augur/TraceListener", "leave", "(III)V");
    return j.trace_listener_leave != nullptr;
}

void release_ids(JNIEnv* env, JavaIds& j) {
    for (jclass c : {j.augur_exception, j.listener_exception, j.null_pointer_exception, j.out_of_memory_error,
                     j.pv_info, j.move, j.search_result, j.option_info, j.eval_term, j.evaluation, j.string,
                     j.search_future}) {
        if (c) env->DeleteGlobalRef(c);
    }
    j = JavaIds{};
}

void detach_thread(void* vm) { static_cast<JavaVM*>(vm)->DetachCurrentThread(); }

}  // namespace

const JavaIds& ids() { return java_ids; }

bool throw_status(JNIEnv* env, int status, const char* message) {
    if (env->ExceptionCheck()) return false;  // keep the first exception
    jstring name = env->NewStringUTF(augur_status_name(status));
    jstring text = name ? env->NewStringUTF(message ? message : "") : nullptr;
    if (!text) return false;  // OutOfMemoryError pending
    auto error = static_cast<jthrowable>(
        env->NewObject(java_ids.augur_exception, java_ids.augur_exception_new, jint(status), name, text));
    if (error) env->Throw(error);
    env->DeleteLocalRef(error);
    env->DeleteLocalRef(text);
    env->DeleteLocalRef(name);
    return false;
}

void throw_null(JNIEnv* env, const char* what) {
    if (!env->ExceptionCheck()) env->ThrowNew(java_ids.null_pointer_exception, what);
}

Utf8::Utf8(JNIEnv* env, jstring text, const char* what) : env_(env), text_(text) {
    if (!text) {
        throw_null(env, what);
        return;
    }
    chars_ = env->GetStringUTFChars(text, nullptr);  // nullptr: OutOfMemoryError pending
}

Utf8::~Utf8() {
    if (chars_) env_->ReleaseStringUTFChars(text_, chars_);
}

jstring to_java(JNIEnv* env, const char* text) { return env->NewStringUTF(text ? text : ""); }

JNIEnv* attached_env() {
    JNIEnv* env = nullptr;
    jint found = java_vm->GetEnv(reinterpret_cast<void**>(&env), JNI_VERSION);
    if (found == JNI_OK) return env;
    if (found != JNI_EDETACHED || !detach_key_made) return nullptr;
    JavaVMAttachArgs args{JNI_VERSION, const_cast<char*>("augur-native"), nullptr};
    // A daemon, so that a native thread never keeps the JVM from exiting.
    if (java_vm->AttachCurrentThreadAsDaemon(reinterpret_cast<void**>(&env), &args) != JNI_OK) return nullptr;
    if (pthread_setspecific(detach_key, java_vm) != 0) {
        java_vm->DetachCurrentThread();
        return nullptr;
    }
    return env;
}

}  // namespace augur_jni

using namespace augur_jni;

extern "C" JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM* vm, void*) {
    JNIEnv* env = nullptr;
    if (vm->GetEnv(reinterpret_cast<void**>(&env), JNI_VERSION) != JNI_OK) return JNI_ERR;
    java_vm = vm;
    JavaIds found{};
    if (!find_exceptions(env, found) || !find_values(env, found) || !find_listeners(env, found) ||
        !find_search_arguments(env, found)) {
        release_ids(env, found);
        return JNI_ERR;  // the pending NoClassDefFoundError/NoSuchMethodError says which
    }
    java_ids = found;
    detach_key_made = pthread_key_create(&detach_key, detach_thread) == 0;
    return JNI_VERSION;
}

extern "C" JNIEXPORT void JNICALL JNI_OnUnload(JavaVM* vm, void*) {
    JNIEnv* env = nullptr;
    if (vm->GetEnv(reinterpret_cast<void**>(&env), JNI_VERSION) == JNI_OK) release_ids(env, java_ids);
    if (detach_key_made) pthread_key_delete(detach_key);
    detach_key_made = false;
}
