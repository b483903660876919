/**
 * Training data written by {@code augur datagen}: a reader for its binary files, with no
 * dependency on the engine or the native library.
 *
 * <ul>
 *   <li>{@link dev.augur.data.TrainingFileReader} streams the records of a file (a 16-byte header,
 *       then 32-byte records) and refuses damaged files with a {@link dev.augur.data.TrainingDataException}
 *       naming the record and the fault;</li>
 *   <li>{@link dev.augur.data.TrainingRecord} is one position: its FEN, the search's score (side to
 *       move's view) and best move, the game's {@link dev.augur.data.GameResult} (White's view) and
 *       the filter flags.</li>
 * </ul>
 *
 * <p>docs/DATAFORMAT.md describes the format byte by byte; the C++ writer and reader are in
 * lib/training, and the round trip between the two is tested record for record.
 */
package dev.augur.data;
