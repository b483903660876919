package dev.augur;

/** The side to move. */
public enum Color {
    WHITE,
    BLACK
}
