/**
 * The pure-Java search, a port of the native lib/search for one thread, exact enough that the
 * two visit the same nodes in the same order with the same results: the node traces
 * ({@link dev.augur.reference.search.TraceListener}) are identical for the same position, game
 * history, options, limits and table contents.
 *
 * <p>{@link dev.augur.reference.search.ReferenceEngine} is the entry point, the twin of the native
 * Engine with the same option names. Underneath: {@link dev.augur.reference.search.SearchWorker}
 * (PVS with quiescence, iterative deepening, aspiration windows, MultiPV, the
 * {@link dev.augur.reference.search.RootMove} records) led by
 * {@link dev.augur.reference.search.SearchManager} (clock, stop, reports, result),
 * {@link dev.augur.reference.search.MovePicker} (staged move ordering with a total order),
 * {@link dev.augur.reference.search.TranspositionTable} (native layout and replacement),
 * {@link dev.augur.reference.search.SearchHistory} (killers, butterfly, continuation, counter-move and
 * capture history) and
 * {@link dev.augur.reference.search.SearchParams} / {@link dev.augur.reference.search.SearchFeatures}
 * (every number and switch of lib/search/params.h). Evaluation and SEE come from
 * {@link dev.augur.reference.eval}, the board from {@link dev.augur.reference}.
 */
package dev.augur.reference.search;
