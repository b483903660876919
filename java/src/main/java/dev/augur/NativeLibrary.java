package dev.augur;

import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.Cleaner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Loads libaugur_jni once per class loader and checks that its version matches the jar's. The
 * library comes from, in this order: the file named by the system property {@value #PATH_PROPERTY};
 * {@code java.library.path}; the copy packed in the jar (resource {@value #RESOURCE_DIR} plus the
 * platform's file name), extracted to a temporary file. Also owns the {@link Cleaner} that
 * releases native handles nobody closed.
 */
final class NativeLibrary {
    /** System property naming the library file to load. */
    static final String PATH_PROPERTY = "augur.jni.library";
    static final String RESOURCE_DIR = "/dev/augur/native/";
    private static final String NAME = "augur_jni";

    /** Releases the handles of engines and positions that became unreachable unclosed. */
    static final Cleaner CLEANER = Cleaner.create();

    private static String source;

    private NativeLibrary() {}

    /** Loads the library unless it is loaded; throws UnsatisfiedLinkError if it cannot. */
    static synchronized void load() {
        if (source != null) return;
        String loadedFrom = loadFromSomewhere();
        String nativeVersion = nVersion();
        if (!AugurVersion.VERSION.equals(nativeVersion)) {
            throw new UnsatisfiedLinkError("the native Augur library (" + loadedFrom + ") is version "
                    + nativeVersion + " but the jar is version " + AugurVersion.VERSION);
        }
        source = loadedFrom;
    }

    /** Where the library was loaded from: "property", "library path" or "jar"; null before load(). */
    static synchronized String source() {
        return source;
    }

    /** The library's augur_version(). */
    static String nativeVersion() {
        load();
        return nVersion();
    }

    private static String loadFromSomewhere() {
        String path = System.getProperty(PATH_PROPERTY);
        if (path != null && !path.isEmpty()) {
            System.load(Path.of(path).toAbsolutePath().toString());
            return "property";
        }
        try {
            System.loadLibrary(NAME);
            return "library path";
        } catch (UnsatisfiedLinkError notOnPath) {
            loadFromJar(notOnPath);
            return "jar";
        }
    }

    private static void loadFromJar(UnsatisfiedLinkError notOnPath) {
        String file = System.mapLibraryName(NAME);
        try (InputStream in = NativeLibrary.class.getResourceAsStream(RESOURCE_DIR + file)) {
            if (in == null) {
                throw notFound("neither -D" + PATH_PROPERTY + ", java.library.path nor the jar ("
                        + RESOURCE_DIR + file + ") provides it", notOnPath);
            }
            Path copy = Files.createTempFile("augur_jni", "-" + file);
            copy.toFile().deleteOnExit();
            Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
            System.load(copy.toAbsolutePath().toString());
            deleteLoaded(copy);
        } catch (IOException e) {
            throw notFound("extracting it from the jar failed: " + e, notOnPath);
        }
    }

    /** A loaded library's file may go at once on Unix; elsewhere deleteOnExit does it. */
    private static void deleteLoaded(Path copy) {
        try {
            Files.deleteIfExists(copy);
        } catch (IOException stillMapped) {
            // left for deleteOnExit
        }
    }

    private static UnsatisfiedLinkError notFound(String why, Throwable cause) {
        UnsatisfiedLinkError error = new UnsatisfiedLinkError("cannot load the Augur JNI library: " + why);
        error.initCause(cause);
        return error;
    }

    private static native String nVersion();
}
