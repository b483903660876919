package dev.augur;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Run in a child JVM by {@link AsyncSearchTest#theJvmExitsWhileASearchRuns}: starts an endless
 * search whose listener has attached the engine's native thread, then leaves main with the search
 * still running ("running" and "unclosed": the engine is never closed) or after closing the engine
 * ("closed"). The JVM must exit with status 0 in every case: the attached thread is a daemon.
 */
public final class ExitProbe {
    private ExitProbe() {}

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "running";
        Engine engine = new Engine();
        CountDownLatch attached = new CountDownLatch(1);
        engine.start(SearchLimits.infiniteSearch(), SearchListeners.NONE.withIteration(info -> attached.countDown()));
        if (!attached.await(30, TimeUnit.SECONDS)) System.exit(2);
        switch (mode) {
            case "closed" -> engine.close();
            case "unclosed" -> engine.stop(); // stopped, ended, but never closed
            default -> { } // still searching as main returns
        }
        System.out.println("main returns (" + mode + ")");
    }
}
