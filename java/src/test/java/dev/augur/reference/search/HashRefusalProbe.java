package dev.augur.reference.search;

/**
 * Run in a child JVM with a small heap by {@link ReferenceEngineTest#aHashTheHeapCannotHoldIsRefusedAndTheEngineSearchesOn}:
 * asks for a table far beyond the heap and prints, one per line, what became of the engine. The
 * test reads the lines; the probe itself checks nothing, so that every outcome is reported.
 */
public final class HashRefusalProbe {
    private HashRefusalProbe() {}

    public static void main(String[] args) {
        String size = args[0];
        ReferenceEngine engine = new ReferenceEngine();
        try {
            engine.setOption("Hash", size);
            System.out.println("accepted");
        } catch (IllegalArgumentException refused) {
            System.out.println("refused: " + refused.getMessage());
        }
        System.out.println("Hash " + engine.getOption("Hash"));
        System.out.println("move " + (engine.search(ReferenceLimits.depth(5), null, null).bestMove() != 0));
        engine.setOption("Hash", "8");
        System.out.println("then Hash " + engine.getOption("Hash"));
        System.out.println("move " + (engine.search(ReferenceLimits.depth(5), null, null).bestMove() != 0));
    }
}
