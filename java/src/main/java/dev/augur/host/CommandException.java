package dev.augur.host;

/**
 * A command that cannot be carried out as given: a bad number, a missing word, an illegal move in
 * a position command. The message says what was wrong; the protocol front end turns it into its
 * error line and goes on with the next command.
 */
public final class CommandException extends Exception {
    private static final long serialVersionUID = 1L;

    public CommandException(String message) {
        super(message);
    }
}
