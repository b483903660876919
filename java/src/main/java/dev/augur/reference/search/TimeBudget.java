package dev.augur.reference.search;

/**
 * How long one move may take (native TimeBudget): the search aims at the optimum and never passes
 * the maximum.
 *
 * @param fixed a fixed time per move: all of it is used, no early stop
 */
public record TimeBudget(long optimumMillis, long maximumMillis, boolean fixed) {}
