/**
 * Polyglot opening books for the Java host engine, on the pure-Java reference board.
 *
 * <ul>
 *   <li>{@link dev.augur.host.book.PolyglotBook} reads a {@code .bin} book (16-byte big-endian
 *       records sorted by key) and finds a position's entries by its Polyglot key, which is
 *       {@code dev.augur.reference.Position#key()};</li>
 *   <li>{@link dev.augur.host.book.BookChooser} picks the move to play, weighted at random or the
 *       heaviest; {@link dev.augur.host.book.BookMoves} turns an entry into a legal move;</li>
 *   <li>{@link dev.augur.host.book.PgnReader}, {@link dev.augur.host.book.San},
 *       {@link dev.augur.host.book.BookBuilder} and {@link dev.augur.host.book.BookWriter} make a
 *       book from PGN games by statistics;</li>
 *   <li>{@link dev.augur.host.book.BookTool} is the command line ({@code make-book},
 *       {@code probe}, {@code dump}) that the host's {@code book} subcommand delegates to.</li>
 * </ul>
 *
 * <p>Books written here are read by Debian's polyglot 2.0.4 ({@code polyglot dump-book},
 * {@code info-book}), and with the same options its {@code make-book} gives the same weights for
 * the moves both books contain (see BookBuilderTest).
 */
package dev.augur.host.book;
