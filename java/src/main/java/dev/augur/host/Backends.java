package dev.augur.host;

/**
 * Chooses the search at start-up: the native engine when its library loads, otherwise (or with
 * {@code --java-search}) the pure-Java reference engine. The choice is made once, by trying to
 * create a native engine; the sessions then make every engine they need the same way.
 *
 * @param factory makes the chosen backend
 * @param notice what to tell the user about the choice: null for the native engine, otherwise a
 *     sentence naming the Java search and why it was chosen
 */
record Backends(BackendFactory factory, String notice) {
    static final String JAVA_SEARCH = "searching with the pure-Java reference engine, about 3x slower";

    /** Makes a backend; a native one may fail as the library's loading can. */
    @FunctionalInterface
    interface BackendFactory {
        SearchBackend create() throws CommandException;
    }

    /** The Java search, as --java-search asks. */
    static Backends javaSearch() {
        return new Backends(ReferenceBackend::new, "--java-search: " + JAVA_SEARCH);
    }

    /** The native search only; a failure to load the library is an error (for tests and callers that need native). */
    static Backends nativeOnly() {
        return new Backends(NativeBackend::new, null);
    }

    /**
     * The native search if its library loads, else the Java search with a notice naming the
     * reason. The probe's native engine is closed again: creating one is cheap (about 25 µs).
     */
    static Backends choose(boolean forceJava) {
        if (forceJava) return javaSearch();
        try {
            new NativeBackend().close();
            return nativeOnly();
        } catch (LinkageError | CommandException e) {
            // UnsatisfiedLinkError the first time, NoClassDefFoundError on later tries: both say
            // that dev.augur.Engine cannot work in this JVM.
            return fallback(reason(e));
        }
    }

    /** The Java search because the native engine could not start for this reason. */
    static Backends fallback(String reason) {
        return new Backends(ReferenceBackend::new,
                "native library not available (" + Words.printable(reason, 300) + "): " + JAVA_SEARCH);
    }

    private static String reason(Throwable e) {
        String message = e.getMessage();
        return message == null || message.isEmpty() ? e.getClass().getSimpleName() : message;
    }

    SearchBackend create() throws CommandException {
        return factory.create();
    }
}
