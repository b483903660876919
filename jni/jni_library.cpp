// Natives of dev.augur.NativeLibrary: what the loader asks the library.
#include <augur/augur.h>

#include "jni_support.h"

extern "C" {

JNIEXPORT jstring JNICALL Java_dev_augur_NativeLibrary_nVersion(JNIEnv* env, jclass) {
    return augur_jni::to_java(env, augur_version());
}

}  // extern "C"
