package dev.augur;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Creating and closing handles: no native memory is lost over 100,000 cycles, close is idempotent,
 * a closed handle throws instead of crashing, and the Cleaner frees what nobody closed. The memory
 * checks read the resident size from /proc (the test JVM runs with a fixed, pre-touched heap).
 * The engine cycles are tagged "slow" (100,000 cycles take a few seconds: an engine's 16 MB hash
 * table comes zeroed from the OS and is not written until it is used) and run as a test of their
 * own.
 */
class LifecycleTest {
    private static final int CYCLES = 100_000;
    private static final long ALLOWED_GROWTH_KB = 8 * 1024;

    @Test
    @Tag("slow")
    void engineCyclesDoNotGrowMemory() throws AugurException {
        assumeTrue(Files.isReadable(Path.of("/proc/self/status")));
        cycleEngines(CYCLES / 10); // reach the steady state of malloc and the JIT
        long before = residentKb();
        cycleEngines(CYCLES);
        long growth = residentKb() - before;
        assertTrue(growth < ALLOWED_GROWTH_KB, "resident size grew by " + growth + " kB");
    }

    @Test
    void positionCyclesDoNotGrowMemory() throws AugurException {
        assumeTrue(Files.isReadable(Path.of("/proc/self/status")));
        cyclePositions(CYCLES / 10);
        long before = residentKb();
        cyclePositions(CYCLES);
        long growth = residentKb() - before;
        assertTrue(growth < ALLOWED_GROWTH_KB, "resident size grew by " + growth + " kB");
    }

    @Test
    void cleanerFreesUnclosedEngines() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/status")));
        long before = residentKb();
        for (int i = 0; i < 64; i++) {
            new Engine().setOption("Hash", 16); // 16 MB each, never closed
            if (i % 8 == 7) {
                System.gc();
                Thread.sleep(50); // let the Cleaner's thread run
            }
        }
        System.gc();
        Thread.sleep(200);
        long growth = residentKb() - before;
        assertTrue(growth < 512 * 1024, "64 unclosed 16 MB engines kept " + growth + " kB");
    }

    @Test
    void closeIsIdempotent() throws AugurException {
        Engine engine = new Engine();
        engine.close();
        engine.close();
        assertTrue(engine.isClosed());
        Position position = new Position();
        position.close();
        position.close();
        assertTrue(position.isClosed());
    }

    @Test
    void aClosedEngineThrows() throws AugurException {
        Engine engine = new Engine();
        engine.close();
        engine.stop(); // harmless
        engine.ponderhit();
        assertFalse(engine.isSearching());
        for (Executable use : List.<Executable>of(
                () -> engine.search(SearchLimits.depth(1)),
                () -> engine.start(SearchLimits.depth(1)),
                () -> engine.setOption("Hash", 1),
                () -> engine.getOption("Hash"),
                engine::options,
                engine::newGame,
                engine::clearHash,
                () -> engine.setPosition(List.of()),
                engine::fen,
                engine::evaluate)) {
            IllegalStateException e = assertThrows(IllegalStateException.class, use);
            assertEquals("the engine is closed", e.getMessage());
        }
    }

    @Test
    void aClosedPositionThrows() throws AugurException {
        Position position = new Position();
        Move e4 = position.parseUci("e2e4");
        position.close();
        assertTrue(position.isClosed());
        for (Executable use : List.<Executable>of(position::fen, position::legalMoves, position::key,
                position::copy, position::undo, () -> position.play(e4), () -> position.perft(1),
                () -> position.setFen("8/8/8/8/8/8/8/K1k5 w - - 0 1"), () -> position.toSan(e4))) {
            assertThrows(IllegalStateException.class, use);
        }
    }

    private static void cycleEngines(int count) throws AugurException {
        for (int i = 0; i < count; i++) {
            Engine engine = new Engine();
            engine.close();
        }
    }

    private static void cyclePositions(int count) throws AugurException {
        for (int i = 0; i < count; i++) {
            try (Position position = new Position()) {
                position.playUci("e2e4");
            }
        }
    }

    private static long residentKb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("no VmRSS in /proc/self/status");
    }
}
