package dev.augur;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The loader: the library came from where the test run says (system property "augur.test.
 * expectedLoader": "property" by default, "jar" in the run without property and library path),
 * and its version is the jar's.
 */
class LoaderTest {
    @Test
    void loadsFromTheExpectedPlaceWithTheJarsVersion() throws AugurException {
        try (Position position = new Position()) {
            assertEquals(20, position.legalMoves().size());
        }
        assertEquals(System.getProperty("augur.test.expectedLoader", "property"), NativeLibrary.source());
        assertEquals(AugurVersion.VERSION, Engine.version());
    }
}
