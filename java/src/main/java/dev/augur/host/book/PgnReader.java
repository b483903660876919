package dev.augur.host.book;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads the games of a PGN file one at a time, so that files of any size stream through.
 *
 * <p>It understands tag pairs, the movetext with move numbers ("12.", "12...", "1.e4"), brace and
 * rest-of-line comments, "%" escape lines, recursive annotation variations (skipped: only the
 * main line is kept), NAGs ("$14") and annotation glyphs ("!?", "+-"), and the termination
 * markers. A game with a syntax fault (a broken tag, unbalanced parentheses, an unterminated
 * comment, a null move, a marker that contradicts the Result tag) is skipped: {@link #next()}
 * goes on with the next game and the fault is counted in {@link #skipped()} and described in
 * {@link #warnings()}. The SAN tokens are checked for shape only; legality needs the board and
 * is the caller's business (see {@link San}).
 *
 * <p>Input is decoded as UTF-8 with malformed bytes replaced, so Latin-1 names in tags cost a
 * replacement character rather than the game.
 */
public final class PgnReader implements Closeable {
    /** Warnings kept in full; beyond this only the count grows, so a bad file cannot fill memory. */
    public static final int MAX_WARNINGS = 100;

    private static final int EOF = -1;

    private static final Pattern MOVE_NUMBER_PREFIX = Pattern.compile("^[0-9]+\\.+");
    private static final Pattern DIGITS = Pattern.compile("[0-9]+");
    private static final Pattern DOTS = Pattern.compile("\\.+");
    private static final Pattern GLYPH = Pattern.compile("[!?+\\-=/]+");
    private static final Pattern SAN_CHARACTERS = Pattern.compile("[A-Za-z0-9:=+#!?\\-]+");
    private static final String NEW_GAME = "[Event ";

    private final Reader in;
    // Our own buffer rather than a PushbackReader: two synchronized calls per character made
    // reading slower than replaying the games, and the comment recovery needs a look ahead.
    private final char[] buffer = new char[1 << 14];
    private int position;
    private int limit;
    private final String source;
    private long line = 1;
    private boolean atLineStart = true;
    private int skipped;
    private int warningCount;
    private final List<String> warnings = new ArrayList<>();

    public PgnReader(Reader reader, String source) {
        this.in = reader;
        this.source = source;
    }

    public static PgnReader open(Path file) throws IOException {
        // InputStreamReader replaces malformed bytes, where Files.newBufferedReader would throw.
        return new PgnReader(new BufferedReader(new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8)),
            file.toString());
    }

    /** The games skipped for syntax faults so far. */
    public int skipped() {
        return skipped;
    }

    /** The first {@link #MAX_WARNINGS} warnings, each naming the game's line and the fault. */
    public List<String> warnings() {
        return List.copyOf(warnings);
    }

    /** All warnings, including those not kept. */
    public int warningCount() {
        return warningCount;
    }

    /** The next well-formed game, or null at the end of the input. */
    public PgnGame next() throws IOException {
        while (true) {
            GameText game = readGame();
            if (game == null) {
                return null;
            }
            if (game.fault == null) {
                return game.toGame(this);
            }
            skipped++;
            warn(game.line, game.fault);
        }
    }

    void warn(long gameLine, String message) {
        warningCount++;
        if (warnings.size() < MAX_WARNINGS) {
            warnings.add(source + ":" + gameLine + ": " + message);
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** What one game's text held; fault is the first syntax fault found, or null. */
    private static final class GameText {
        final Map<String, String> tags = new LinkedHashMap<>();
        final List<String> moves = new ArrayList<>();
        final long line;
        GameResult terminator;
        boolean movetextStarted;
        String fault;

        GameText(long line) {
            this.line = line;
        }

        void fault(String message) {
            if (fault == null) {
                fault = message;
            }
        }

        PgnGame toGame(PgnReader reader) {
            Optional<GameResult> tagged = GameResult.parse(tags.getOrDefault("Result", ""));
            GameResult result = terminator;
            if (result == null) {
                result = tagged.orElse(GameResult.UNKNOWN);
                reader.warn(line, "the movetext has no termination marker; using the Result tag " + result.pgn());
            }
            return new PgnGame(tags, moves, result, line);
        }
    }

    /** Reads up to and including the next game's termination marker; null at the end of input. */
    private GameText readGame() throws IOException {
        skipBlank();
        if (peek() == EOF) {
            return null;
        }
        GameText game = new GameText(line);
        int depth = 0; // variation nesting
        while (true) {
            skipBlank();
            int c = peek();
            if (c == EOF || (c == '[' && (game.movetextStarted || (game.tags.containsKey("Event") && startsNewGame())))) {
                if (depth > 0) {
                    game.fault("unbalanced parentheses: a variation is not closed");
                }
                break; // the game ends without a marker; the next one (if any) begins here
            } else if (c == '[') {
                readTag(game);
            } else if (c == '{') {
                readBraceComment(game);
            } else if (c == ';') {
                skipRestOfLine();
            } else if (c == '(') {
                read();
                game.movetextStarted = true;
                depth++;
            } else if (c == ')') {
                read();
                if (depth == 0) {
                    game.fault("unbalanced parentheses: ')' without '('");
                } else {
                    depth--;
                }
            } else if (c == '$') {
                readNag(game);
            } else if (readSymbol(game, depth)) {
                break;
            }
        }
        return game;
    }

    /** Reads one movetext symbol; true when it was the game's termination marker. */
    private boolean readSymbol(GameText game, int depth) throws IOException {
        String token = readToken();
        game.movetextStarted = true;
        if (token.isEmpty()) {
            game.fault("unexpected character '" + (char) read() + "' in the movetext");
            return false;
        }
        Optional<GameResult> result = GameResult.parse(token);
        if (result.isPresent()) {
            if (depth > 0) {
                return false; // some editors end variations with a result; it ends nothing here
            }
            game.terminator = result.get();
            String tagged = game.tags.get("Result");
            if (tagged != null && !tagged.equals(token)) {
                game.fault("the termination marker " + token + " contradicts the Result tag " + tagged);
            }
            return true;
        }
        String move = MOVE_NUMBER_PREFIX.matcher(token).replaceFirst("");
        if (move.isEmpty() || DIGITS.matcher(move).matches() || depth > 0) {
            return false; // a move number, or a move inside a variation
        }
        if (move.equals("--") || move.equals("Z0") || move.equals("@@@@")) {
            game.fault("null move \"" + move + "\" in the main line");
        } else if (GLYPH.matcher(move).matches() || DOTS.matcher(move).matches() || move.equals("e.p.")) {
            return false; // a glyph on its own ("!?", "+-"), "..." after a spaced move number, "e.p."
        } else if (!SAN_CHARACTERS.matcher(move).matches()) {
            game.fault("malformed move \"" + token + "\"");
        } else {
            game.moves.add(move);
        }
        return false;
    }

    private String readToken() throws IOException {
        StringBuilder token = new StringBuilder();
        int c;
        while ((c = peek()) != EOF && !Character.isWhitespace(c) && "{}()[];$\"".indexOf(c) < 0) {
            token.append((char) read());
        }
        return token.toString();
    }

    private void readTag(GameText game) throws IOException {
        read(); // '['
        skipSpaces();
        StringBuilder name = new StringBuilder();
        while (Character.isLetterOrDigit(peek()) || peek() == '_') {
            name.append((char) read());
        }
        skipSpaces();
        if (name.length() == 0 || peek() != '"') {
            game.fault("malformed tag on line " + line);
            skipRestOfLine();
            return;
        }
        read(); // '"'
        StringBuilder value = new StringBuilder();
        int c;
        while ((c = read()) != '"') {
            if (c == EOF || c == '\n') {
                game.fault("unterminated tag value on line " + (c == '\n' ? line - 1 : line));
                return;
            }
            value.append((char) (c == '\\' && (peek() == '"' || peek() == '\\') ? read() : c));
        }
        skipSpaces();
        if (read() != ']') {
            game.fault("tag " + name + " is not closed by ']' on line " + line);
            skipRestOfLine();
            return;
        }
        game.tags.put(name.toString(), value.toString());
    }

    /**
     * Skips a brace comment. A missing '}' would swallow the rest of the file, so a line that
     * starts a new game ("[Event ") ends the comment as a fault of this game.
     */
    private void readBraceComment(GameText game) throws IOException {
        long start = line;
        read(); // '{'
        while (true) {
            if (atLineStart && startsNewGame()) {
                game.fault("the comment opened on line " + start + " is not closed");
                return;
            }
            int c = read();
            if (c == '}') {
                return;
            }
            if (c == EOF) {
                game.fault("the comment opened on line " + start + " is not closed");
                return;
            }
        }
    }

    private boolean startsNewGame() throws IOException {
        return available(NEW_GAME.length()) && new String(buffer, position, NEW_GAME.length()).equals(NEW_GAME);
    }

    private void readNag(GameText game) throws IOException {
        read(); // '$'
        if (!Character.isDigit(peek())) {
            game.fault("'$' without a number on line " + line);
        }
        while (Character.isDigit(peek())) {
            read();
        }
    }

    /** Skips white space and "%" escape lines. */
    private void skipBlank() throws IOException {
        while (true) {
            int c = peek();
            if (c == '%' && atLineStart) {
                skipRestOfLine();
            } else if (c != EOF && Character.isWhitespace(c)) {
                read();
            } else {
                return;
            }
        }
    }

    private void skipSpaces() throws IOException {
        while (peek() == ' ' || peek() == '\t') {
            read();
        }
    }

    private void skipRestOfLine() throws IOException {
        int c;
        do {
            c = read();
        } while (c != '\n' && c != EOF);
    }

    /** Whether count characters can be looked at from position on (false near the end). */
    private boolean available(int count) throws IOException {
        if (limit - position >= count) {
            return true;
        }
        System.arraycopy(buffer, position, buffer, 0, limit - position);
        limit -= position;
        position = 0;
        int read;
        while (limit < count && (read = in.read(buffer, limit, buffer.length - limit)) != EOF) {
            limit += read;
        }
        return limit >= count;
    }

    private int peek() throws IOException {
        return available(1) ? buffer[position] : EOF;
    }

    private int read() throws IOException {
        int c = peek();
        if (c == EOF) {
            return EOF;
        }
        position++;
        if (c == '\n') {
            line++;
        }
        atLineStart = c == '\n';
        return c;
    }
}
