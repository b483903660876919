package dev.augur.reference.search;

/** The counters of one search, as native SearchStats (lib/search/search.h). */
final class SearchStats {
    long nodes;           // every node, quiescence included
    long qnodes;          // quiescence nodes
    long failHighs;       // beta cutoffs in the main search
    long failHighsFirst;  // ... of which on the first move searched
    long ttProbes;
    long ttHits;
    long ttCutoffs;
    long tbProbes;        // tablebase probes tried, root ranking included
    long tbHits;          // ... that found a value
    int seldepth;
}
