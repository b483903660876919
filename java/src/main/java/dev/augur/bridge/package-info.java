/**
 * Where the pure-Java reference search meets the native library: {@link
 * dev.augur.bridge.NativeTablebaseProbes} answers the reference search's Syzygy probes
 * ({@link dev.augur.reference.search.TablebaseProbes}) with the native tables
 * ({@link dev.augur.Tablebase}). A module of its own ({@code augur-bridge.jar}), so that neither the
 * binding nor the reference depends on the other: the reference still searches, without tables,
 * where the native library is missing, and both the equivalence tool and the host engine hand its
 * {@code open} to {@link dev.augur.reference.search.ReferenceEngine#setTablebaseLoader}.
 */
package dev.augur.bridge;
