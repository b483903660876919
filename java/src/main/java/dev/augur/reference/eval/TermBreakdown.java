package dev.augur.reference.eval;

/**
 * One term of a breakdown: what each side scores (zero when the term is off) and the net
 * effect on the final value, in White's view after tapering and scaling.
 */
public record TermBreakdown(Score white, Score black, int finalWhite) {}
