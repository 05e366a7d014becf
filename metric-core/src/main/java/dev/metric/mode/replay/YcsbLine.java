package dev.metric.mode.replay;

import dev.metric.client.Protocol;
import dev.metric.ycsb.YcsbRedis;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A line of a YCSB operation trace, as YCSB's {@code basic} binding prints it, made the commands
 * YCSB's Redis binding sends for it, which stores a record as a hash and keeps every record's key
 * in a sorted set, {@code _indices}, scored by the key's Java hash code:
 *
 * <ul>
 *   <li>{@code READ usertable user1 [ <all fields>]}: {@code HGETALL user1};
 *       {@code READ usertable user1 [ field0 field3 ]}: {@code HMGET user1 field0 field3};</li>
 *   <li>{@code UPDATE usertable user1 [ field0=... ]}: {@code HMSET user1 field0 ...};</li>
 *   <li>{@code INSERT usertable user1 [ field0=... field1=... ]}: that HMSET, then
 *       {@code ZADD _indices <hash> user1};</li>
 *   <li>{@code DELETE usertable user1}: {@code DEL user1}, then {@code ZREM _indices user1} (YCSB's
 *       binding sends the ZREM only when the DEL found nothing, which leaves deleted keys in the
 *       index; the replay sends both);</li>
 *   <li>{@code SCAN usertable user1 50 [ <all fields>]}: {@code ZRANGEBYSCORE _indices <hash> +inf
 *       LIMIT 0 50}, then a read as READ's of each key it returns.</li>
 * </ul>
 *
 * <p>A written value runs from after its {@code =} to the space before the next field's name and
 * {@code =}, or before the closing {@code ]}: YCSB's values are drawn from {@code ' '} to
 * {@code '?'}, which hold spaces and {@code =} but no letter, and field names start with one. The
 * rest of what YCSB prints ({@link #printedBeside}: its properties header, its banner, {@code
 * [OVERALL]} and the other summary lines) is no operation and never sent; the table is not sent, as
 * YCSB's Redis binding ignores it. To memcached, the line becomes what YCSB's memcached binding sends
 * instead ({@link Operation#memcached}).
 */
final class YcsbLine {

    /** What YCSB prints on its standard error before the operations; a capture of both streams holds it. */
    private static final String[] BANNER_PREFIXES = {"YCSB Client", "Command line:", "Loading workload",
        "Starting test", "DBWrapper:"};
    private static final byte[] ALL_FIELDS = ascii("<all fields>");
    private static final byte[] HMGET = ascii("HMGET");
    private static final byte[] DEL = ascii("DEL");
    private static final byte[] ZREM = ascii("ZREM");
    private static final byte[] GET = ascii("GET");
    private static final byte[] DELETE = ascii("DELETE");
    private static final byte[] SCAN = ascii("SCAN");
    private static final byte[] REPLACE = ascii("REPLACE");
    private static final byte[] ADD = ascii("ADD");

    private final byte[] line;
    private final int length;
    private int at;

    private YcsbLine(byte[] line, int length) {
        this.line = line;
        this.length = length;
    }

    /**
     * The commands of the operation on {@code line[0..length)} for a server that speaks {@code target}.
     *
     * @throws TraceLineException when the line is no operation
     */
    static TraceFormat.Line parse(byte[] line, int length, Protocol target) {
        YcsbLine parser = new YcsbLine(line, length);
        parser.at = Math.max(0, TraceFormat.firstNonBlank(line, length));
        Operation operation = parser.operation();
        return target == Protocol.MEMCACHED ? operation.memcached() : operation.redis();
    }

    /** Whether {@code line[0..length)} is a YCSB operation: a trace whose first operation is one is YCSB's. */
    static boolean looksLikeOne(byte[] line, int length) {
        try {
            return parse(line, length, Protocol.REDIS) != null;
        } catch (TraceLineException e) {
            return false;
        }
    }

    /**
     * What {@code line[0..length)} is, when it is what YCSB prints beside its operations: {@code
     * properties header} (the {@code ****} lines of {@code BasicDB}'s header and the {@code
     * "name"="value"} lines between them), {@code summary} (the {@code [OVERALL], RunTime(ms), ...}
     * lines after the run), {@code YCSB's banner} (what it prints on its standard error first), or
     * {@code comment}; null for any other line.
     */
    static String printedBeside(byte[] line, int length) {
        int first = TraceFormat.firstNonBlank(line, length);
        if (first < 0) {
            return null;
        }
        if (line[first] == '*' || line[first] == '"' && isProperty(line, first, length)) {
            return "properties header";
        }
        if (line[first] == '[') {
            return "summary";
        }
        if (line[first] == '#') {
            return "comment";
        }
        for (String prefix : BANNER_PREFIXES) {
            if (startsWith(line, first, length, prefix)) {
                return "YCSB's banner";
            }
        }
        return null;
    }

    /** Whether {@code line[from..length)} is {@code "name"="value"}, as YCSB prints a property. */
    private static boolean isProperty(byte[] line, int from, int length) {
        int last = length - 1;
        while (last > from && (line[last] == ' ' || line[last] == '\t')) {
            last--;
        }
        if (last <= from || line[last] != '"') {
            return false;
        }
        for (int i = from + 1; i + 2 < last; i++) {
            if (line[i] == '"' && line[i + 1] == '=' && line[i + 2] == '"') {
                return true;
            }
        }
        return false;
    }

    private Operation operation() {
        String name = word("an operation");
        if (!List.of("READ", "UPDATE", "INSERT", "DELETE", "SCAN").contains(name)) {
            throw new TraceLineException("not a YCSB operation: READ, UPDATE, INSERT, DELETE or SCAN");
        }
        byte[] table = ascii(word("a table"));
        byte[] key = ascii(word("a key"));
        switch (name) {
            case "DELETE" -> {
                end();
                return new Operation(name, table, key, null, null, null);
            }
            case "SCAN" -> {
                String count = word("a record count");
                if (!count.chars().allMatch(Character::isDigit) || count.length() > 9) {
                    throw new TraceLineException("a scan's record count must be a number, got '" + count + "'");
                }
                return new Operation(name, table, key, fieldsToRead(), null, ascii(count));
            }
            case "READ" -> {
                return new Operation(name, table, key, fieldsToRead(), null, null);
            }
            default -> {
                return new Operation(name, table, key, null, fieldsWritten(), null);
            }
        }
    }

    /**
     * One YCSB operation as its line names it.
     *
     * @param read    the fields a READ or SCAN names; null for all of them
     * @param written a write's fields and values, in turn
     * @param count   a SCAN's record count
     */
    private record Operation(String name, byte[] table, byte[] key, List<byte[]> read, List<byte[]> written,
                             byte[] count) {

        /** The commands YCSB's Redis binding sends. */
        TraceFormat.Line redis() {
            switch (name) {
                case "DELETE" -> {
                    return command(TraceCommand.HASH_DELETE, 1, new byte[][] {DEL, key},
                            command(TraceCommand.CHANGES_KEY, 2, new byte[][] {ZREM, YcsbRedis.INDEX_KEY, key}, null));
                }
                case "SCAN" -> {
                    byte[][] range = YcsbRedis.indexRange(YcsbRedis.INDEX_KEY, key, count);
                    return new TraceFormat.Line(TraceFormat.Line.NO_TIME, range, TraceCommand.INDEX_SCAN, 2,
                            new TraceFormat.Scan(key, readOf(null, read)), null);
                }
                case "READ" -> {
                    return command(TraceCommand.HASH_READ, 1, readOf(key, read), null);
                }
                default -> {
                    byte[][] words = new byte[written.size() + 2][];
                    words[0] = YcsbRedis.HMSET;
                    words[1] = key;
                    for (int i = 0; i < written.size(); i++) {
                        words[i + 2] = written.get(i);
                    }
                    if (name.equals("UPDATE")) {
                        return command(TraceCommand.HASH_WRITE, 1, words, null);
                    }
                    return command(TraceCommand.HASH_INSERT, 1, words,
                            command(TraceCommand.CHANGES_KEY, 3, YcsbRedis.indexAdd(key), null));
                }
            }
        }

        /**
         * The commands YCSB's memcached binding sends, which stores a record as one value, the JSON
         * of its fields, under {@code table-key}: a READ is a get of the whole record, an UPDATE a
         * replace and an INSERT an add, each of a value as long as the JSON of the fields it names;
         * a DELETE a delete. It does not scan: a SCAN is not replayed.
         */
        TraceFormat.Line memcached() {
            byte[] qualified = new byte[table.length + 1 + key.length];
            System.arraycopy(table, 0, qualified, 0, table.length);
            qualified[table.length] = '-';
            System.arraycopy(key, 0, qualified, table.length + 1, key.length);
            return switch (name) {
                case "READ" -> command(TraceCommand.READ, 1, new byte[][] {GET, qualified}, null);
                case "DELETE" -> command(TraceCommand.DELETE, 1, new byte[][] {DELETE, qualified}, null);
                case "SCAN" -> command(TraceCommand.SKIPPED, 1, new byte[][] {SCAN, qualified}, null);
                default -> command(TraceCommand.WRITE, 1, new byte[][] {name.equals("UPDATE") ? REPLACE : ADD,
                    qualified, new byte[jsonLength(written)]}, null);
            };
        }

        /** The length of {@code {"f1":"v1","f2":"v2"}}, quotes within values left unescaped. */
        private static int jsonLength(List<byte[]> written) {
            int length = 2 + written.size() / 2 - 1;
            for (byte[] word : written) {
                length += word.length + 2;
            }
            return length + written.size() / 2;
        }
    }

    private static TraceFormat.Line command(TraceCommand kind, int routeAt, byte[][] words, TraceFormat.Line then) {
        return new TraceFormat.Line(TraceFormat.Line.NO_TIME, words, kind, routeAt, null, then);
    }

    /** HGETALL of {@code key}, or HMGET of {@code fields} of it; null fields for all. */
    private static byte[][] readOf(byte[] key, List<byte[]> fields) {
        if (fields == null) {
            return new byte[][] {YcsbRedis.HGETALL, key};
        }
        byte[][] words = new byte[fields.size() + 2][];
        words[0] = HMGET;
        words[1] = key;
        for (int i = 0; i < fields.size(); i++) {
            words[i + 2] = fields.get(i);
        }
        return words;
    }

    /** What a read names within its brackets: null for {@code <all fields>}, else the fields. */
    private List<byte[]> fieldsToRead() {
        int close = bracketed();
        int from = at;
        at = close + 1;
        end();
        if (close - from == ALL_FIELDS.length && regionEquals(from, ALL_FIELDS)) {
            return null;
        }
        List<byte[]> fields = new ArrayList<>();
        int i = from;
        while (i < close) {
            while (i < close && line[i] == ' ') {
                i++;
            }
            int start = i;
            while (i < close && line[i] != ' ') {
                i++;
            }
            if (i > start) {
                fields.add(Arrays.copyOfRange(line, start, i));
            }
        }
        if (fields.isEmpty()) {
            throw new TraceLineException("a read names no field, nor <all fields>");
        }
        return fields;
    }

    /** What a write names within its brackets: each field, then its value. */
    private List<byte[]> fieldsWritten() {
        int close = bracketed();
        int from = at;
        at = close + 1;
        end();
        // YCSB ends each value with a space, the last one too, before the ']'.
        int contentEnd = close > from && line[close - 1] == ' ' ? close - 1 : close;
        List<byte[]> words = new ArrayList<>();
        int name = from;
        while (name < contentEnd) {
            int equals = nameEnd(name, contentEnd);
            if (equals < 0) {
                throw new TraceLineException("a written field must be a name, '=' and its value");
            }
            int valueEnd = equals + 1;
            while (valueEnd < contentEnd && !(line[valueEnd] == ' ' && nameEnd(valueEnd + 1, contentEnd) > 0)) {
                valueEnd++;
            }
            words.add(Arrays.copyOfRange(line, name, equals));
            words.add(Arrays.copyOfRange(line, equals + 1, valueEnd));
            name = valueEnd + 1;
        }
        if (words.isEmpty()) {
            throw new TraceLineException("a write names no field");
        }
        return words;
    }

    /**
     * Where the '=' after a field name starting at {@code from} is: a letter or {@code _}, then
     * letters, digits or {@code _}; -1 when none starts there.
     */
    private int nameEnd(int from, int to) {
        if (from >= to || !(letter(line[from]) || line[from] == '_')) {
            return -1;
        }
        int i = from + 1;
        while (i < to && (letter(line[i]) || line[i] >= '0' && line[i] <= '9' || line[i] == '_')) {
            i++;
        }
        return i < to && line[i] == '=' ? i : -1;
    }

    /** Moves past {@code [ } and returns where the closing {@code ]}, the line's last character, is. */
    private int bracketed() {
        skipSpaces();
        int close = length;
        while (close > at && (line[close - 1] == ' ' || line[close - 1] == '\t')) {
            close--;
        }
        if (at + 1 >= close || line[at] != '[' || line[at + 1] != ' ' || line[close - 1] != ']') {
            throw new TraceLineException("its fields must be within '[ ' and ']'");
        }
        at += 2;
        return close - 1;
    }

    private String word(String what) {
        skipSpaces();
        int start = at;
        while (at < length && line[at] != ' ' && line[at] != '\t') {
            at++;
        }
        if (at == start) {
            throw new TraceLineException("it ends before " + what);
        }
        return new String(line, start, at - start, StandardCharsets.ISO_8859_1);
    }

    private static boolean letter(byte b) {
        return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z';
    }

    private void end() {
        skipSpaces();
        if (at < length) {
            throw new TraceLineException("more than the operation holds at its end");
        }
    }

    private void skipSpaces() {
        while (at < length && (line[at] == ' ' || line[at] == '\t')) {
            at++;
        }
    }

    private boolean regionEquals(int from, byte[] expected) {
        for (int i = 0; i < expected.length; i++) {
            if (line[from + i] != expected[i]) {
                return false;
            }
        }
        return true;
    }

    private static boolean startsWith(byte[] line, int from, int length, String prefix) {
        if (length - from < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (line[from + i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }
}
