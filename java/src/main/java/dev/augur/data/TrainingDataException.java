package dev.augur.data;

import java.io.IOException;

/** A training data file that is not one, or is damaged: the message says what and where. */
public final class TrainingDataException extends IOException {
    private static final long serialVersionUID = 1L;

    public TrainingDataException(String message) {
        super(message);
    }
}
