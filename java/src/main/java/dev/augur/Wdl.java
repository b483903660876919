package dev.augur;

/**
 * Win, draw and loss permille (summing to 1000, the side to move's view) that a search score
 * stands for: the model of UCI_ShowWDL, fitted to Augur's self-play (docs/WDL.md).
 *
 * @param win games won of a thousand
 * @param draw games drawn of a thousand
 * @param loss games lost of a thousand
 */
public record Wdl(int win, int draw, int loss) {}
