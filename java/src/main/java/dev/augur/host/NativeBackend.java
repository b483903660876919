package dev.augur.host;

import dev.augur.AugurException;
import dev.augur.Engine;
import dev.augur.Evaluation;
import dev.augur.Move;
import dev.augur.OptionInfo;
import dev.augur.Position;
import dev.augur.SearchLimits;
import dev.augur.SearchListeners;
import dev.augur.SearchResult;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The native search through the JNI binding: a {@link dev.augur.Engine}. Creating one loads the
 * native library, so a failure to load surfaces here as a {@link LinkageError}.
 */
final class NativeBackend implements SearchBackend {
    private final Engine engine;
    private final List<OptionInfo> options;

    /**
     * @throws CommandException if the engine cannot be made (out of memory)
     * @throws LinkageError if the native library cannot be loaded
     */
    NativeBackend() throws CommandException {
        try {
            engine = new Engine();
            options = engine.options();
        } catch (AugurException e) {
            throw new CommandException("cannot create the native engine: " + e.nativeMessage());
        }
    }

    @Override
    public String version() {
        return Engine.version();
    }

    @Override
    public List<OptionInfo> options() {
        return options;
    }

    @Override
    public void setOption(String name, String value) throws CommandException {
        try {
            engine.setOption(name, value);
        } catch (AugurException e) {
            throw new CommandException(e.nativeMessage());
        }
    }

    @Override
    public void newGame() throws CommandException {
        try {
            engine.newGame();
        } catch (AugurException e) {
            throw new CommandException(e.nativeMessage());
        }
    }

    @Override
    public void setPosition(String startFen, boolean chess960, List<Move> moves) throws CommandException {
        // The game goes over as a native position with its moves, as the host always handed it.
        try (Position game = new Position()) {
            game.setChess960(chess960);
            if (startFen != null) game.setFen(startFen);
            for (Move move : moves) game.play(move);
            engine.setPosition(game);
        } catch (AugurException e) {
            throw new CommandException(e.nativeMessage());
        }
    }

    @Override
    public Evaluation evaluate() throws CommandException {
        try {
            return engine.evaluate();
        } catch (AugurException e) {
            throw new CommandException(e.nativeMessage());
        }
    }

    @Override
    public CompletableFuture<SearchResult> start(SearchLimits limits, SearchListeners listeners)
            throws CommandException {
        try {
            return engine.start(limits, listeners);
        } catch (AugurException e) {
            throw new CommandException(e.nativeMessage());
        }
    }

    @Override
    public void stop() {
        engine.stop();
    }

    @Override
    public void ponderhit() {
        engine.ponderhit();
    }

    @Override
    public long nodesSearched() {
        return engine.isClosed() ? 0 : engine.nodesSearched();
    }

    @Override
    public void close() {
        engine.close();
    }
}
