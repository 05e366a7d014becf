package dev.metric.ycsb;

import dev.metric.workload.TraceValues;
import dev.metric.workload.Verdict;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The records of a YCSB workload that mode2 runs itself ({@code --workload ycsb-a..f}), and how a
 * read of one is judged. Record {@code n} is named as in {@link YcsbTrace}'s traces ({@code user}
 * and a hash of {@code n}), after the run's key prefix, and has YCSB's ten fields, {@code field0} to {@code field9}, of
 * {@value YcsbWorkload#FIELD_LENGTH} bytes. A field's value names its record's field and a version
 * ({@link TraceValues}, the field written as a key of its own, as a replay writes it), so that a
 * read is checked byte for byte with nothing kept: intact when it returns every field and each is
 * a whole value of that field of that record. Any version passes: other connections update the
 * same records meanwhile, and no version order is kept.
 */
public final class YcsbRecords {

    /** What a record's key starts with after the prefix, as YCSB names records. */
    private static final String RECORD = "user";
    /** The index's key after the prefix, as YCSB's Redis binding names it. */
    private static final String INDEX = "_indices";
    /** A record's number as {@link #key} writes it: decimal, no leading zero, at most 19 digits. */
    private static final Pattern RECORD_NUMBER = Pattern.compile("0|[1-9][0-9]{0,18}");
    private static final byte[][] FIELDS = new byte[YcsbWorkload.FIELD_COUNT][];
    private static final long[] FIELD_NAME_IDS = new long[YcsbWorkload.FIELD_COUNT];

    static {
        for (int field = 0; field < FIELDS.length; field++) {
            FIELDS[field] = ("field" + field).getBytes(StandardCharsets.US_ASCII);
            FIELD_NAME_IDS[field] = TraceValues.fieldNameId(FIELDS[field]);
        }
    }

    private YcsbRecords() {
    }

    /** The key of record {@code record}, as YCSB names it. */
    public static byte[] key(long record) {
        return key("", record);
    }

    /** The key of record {@code record}, after {@code prefix}: a run's key prefix, which tells its keys from others. */
    public static byte[] key(String prefix, long record) {
        return (prefix + RECORD + YcsbTrace.keyNumber(record)).getBytes(StandardCharsets.UTF_8);
    }

    /** The key of the index of records, after {@code prefix}. */
    public static byte[] indexKey(String prefix) {
        return (prefix + INDEX).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Whether {@code key} names a record ({@code user} and the decimal digits of a 63-bit number, no
     * leading zero) or the index, after {@code prefix}, as {@link #key} and {@link #indexKey} do.
     */
    public static boolean isRecordOrIndexKey(byte[] prefix, byte[] key) {
        if (key.length <= prefix.length || !Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length)) {
            return false;
        }
        String rest = new String(key, prefix.length, key.length - prefix.length, StandardCharsets.ISO_8859_1);
        if (rest.equals(INDEX)) {
            return true;
        }
        if (!rest.startsWith(RECORD) || !RECORD_NUMBER.matcher(rest.substring(RECORD.length())).matches()) {
            return false;
        }
        try {
            Long.parseLong(rest.substring(RECORD.length()));
            return true;
        } catch (NumberFormatException tooLong) {
            return false;
        }
    }

    /** The name of field {@code field}, 0 to 9. */
    public static byte[] field(int field) {
        return FIELDS[field];
    }

    /** A new value of field {@code field} of the record whose key has id {@code keyId}, of version {@code version}. */
    private static byte[] value(long keyId, int field, long version) {
        return TraceValues.value(TraceValues.fieldId(keyId, FIELD_NAME_IDS[field]), version, YcsbWorkload.FIELD_LENGTH);
    }

    /**
     * An HMSET of the record named {@code key}: every field when {@code field} is negative (an
     * insert), else that field alone (an update), each of version {@code version}.
     */
    public static byte[][] write(byte[] key, int field, long version) {
        int first = field < 0 ? 0 : field;
        int fields = field < 0 ? YcsbWorkload.FIELD_COUNT : 1;
        byte[][] words = new byte[2 + 2 * fields][];
        words[0] = YcsbRedis.HMSET;
        words[1] = key;
        long keyId = TraceValues.keyId(key);
        for (int i = 0; i < fields; i++) {
            words[2 + 2 * i] = FIELDS[first + i];
            words[3 + 2 * i] = value(keyId, first + i, version);
        }
        return words;
    }

    /**
     * Judges an HGETALL's reply from the record named {@code key}: its field names and values in
     * turn, empty when the record is not there.
     */
    public static Judged check(byte[] key, List<byte[]> reply) {
        if (reply == null || reply.isEmpty()) {
            return new Judged(Verdict.MISSING, null, null);
        }
        long keyId = TraceValues.keyId(key);
        boolean[] returned = new boolean[FIELDS.length];
        for (int pair = 0; pair + 1 < reply.size(); pair += 2) {
            int field = fieldNumber(reply.get(pair));
            if (field < 0) {
                return new Judged(Verdict.MALFORMED, reply.get(pair), reply.get(pair + 1));
            }
            returned[field] = true;
            byte[] value = reply.get(pair + 1);
            Verdict verdict = TraceValues.checkAnyVersion(TraceValues.fieldId(keyId, FIELD_NAME_IDS[field]), value);
            if (verdict != Verdict.MATCH) {
                return new Judged(verdict, FIELDS[field], value);
            }
        }
        for (int field = 0; field < returned.length; field++) {
            if (!returned[field]) {
                return new Judged(Verdict.MISSING, FIELDS[field], null);
            }
        }
        return reply.size() % 2 == 0 ? Judged.INTACT : new Judged(Verdict.MALFORMED, null, null);
    }

    /** Which of field0 to field9 {@code name} is; -1 for any other name. */
    private static int fieldNumber(byte[] name) {
        int digit = name.length == 6 ? name[5] - '0' : -1;
        return digit >= 0 && digit < FIELDS.length && Arrays.equals(name, FIELDS[digit]) ? digit : -1;
    }

    /**
     * What a read of a record found.
     *
     * @param verdict {@link Verdict#MATCH} when intact; else the first field found wrong's verdict,
     *                {@link Verdict#MISSING} for a record or field not there, {@link Verdict#MALFORMED} for
     *                a field the records do not have
     * @param field   the field found wrong, null when the whole record is
     * @param value   what that field held as read, null when it was not there
     */
    public record Judged(Verdict verdict, byte[] field, byte[] value) {

        static final Judged INTACT = new Judged(Verdict.MATCH, null, null);

        public boolean intact() {
            return verdict == Verdict.MATCH;
        }

        /** The field, for a report: "field field3", or "the record". */
        public String where() {
            return field == null ? "the record" : "field " + new String(field, StandardCharsets.ISO_8859_1);
        }
    }
}
