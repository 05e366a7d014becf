package dev.metric.mode.replay;

import dev.metric.workload.TraceValues;
import dev.metric.workload.Verdict;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * What a read of a YCSB record found, judged field by field and counted once for the record: intact
 * when every field it could judge was as the replay left it, not judged when it could judge none,
 * else the first field that was not, with why.
 *
 * @param judged   whether any field was judged
 * @param key      the record's key
 * @param verdict  the first mismatched field's verdict; null when none was
 * @param value    that field's value as read
 * @param where    the trace's line and the field
 */
record RecordCheck(boolean judged, byte[] key, Verdict verdict, byte[] value, String where) {

    private static final RecordCheck NOT_JUDGED = new RecordCheck(false, null, null, null, null);
    private static final RecordCheck INTACT = new RecordCheck(true, null, null, null, null);

    /** Whether a field was found not as the replay left it. */
    boolean mismatched() {
        return verdict != null;
    }

    /**
     * A read whose every field's expectation the reader set ({@link TraceFeeder}): an HMGET's
     * fields in the order of its reply, an HGETALL's by the field names its reply pairs them with;
     * an HGETALL's field that the trace's records do not have, or that it does not return though
     * it should hold it, is a mismatch.
     */
    static RecordCheck expected(TraceOp read, List<byte[]> reply, KeyIdSet inDoubt) {
        byte[] key = read.words[1];
        int fields = read.checkIds.length;
        boolean judged = false;
        if (read.checkFields == null) {
            for (int i = 0; i < fields; i++) {
                RecordCheck field = field(read, i, i < reply.size() ? reply.get(i) : null, inDoubt);
                if (field != null && field.mismatched()) {
                    return field;
                }
                judged |= field != null;
            }
            return judged ? INTACT : NOT_JUDGED;
        }
        boolean[] returned = new boolean[fields];
        for (int pair = 0; pair + 1 < reply.size(); pair += 2) {
            int i = indexOf(read.checkFields, reply.get(pair));
            if (i < 0) {
                return new RecordCheck(true, key, Verdict.MALFORMED, reply.get(pair + 1), "line " + read.line
                        + ": field " + text(reply.get(pair)) + ", which the trace's records do not have");
            }
            returned[i] = true;
            RecordCheck field = field(read, i, reply.get(pair + 1), inDoubt);
            if (field != null && field.mismatched()) {
                return field;
            }
            judged |= field != null;
        }
        for (int i = 0; i < fields; i++) {
            if (!returned[i]) {
                RecordCheck field = field(read, i, null, inDoubt);
                if (field != null && field.mismatched()) {
                    return field;
                }
                judged |= field != null;
            }
        }
        return judged ? INTACT : NOT_JUDGED;
    }

    /**
     * A read of a key a scan listed, whose versions no one on this lane can know: each field it
     * returns must be one of the replay's values of that field of that key, whole, of any version.
     */
    static RecordCheck listed(TraceOp read, List<byte[]> reply) {
        byte[] key = read.words[1];
        long id = TraceValues.keyId(key);
        boolean all = read.words.length == 2;
        boolean judged = false;
        for (int i = 0; i < reply.size(); i += all ? 2 : 1) {
            byte[] field = all ? reply.get(i) : read.words[i + 2];
            byte[] value = all && i + 1 < reply.size() ? reply.get(i + 1) : all ? null : reply.get(i);
            if (value == null) {
                continue;
            }
            Verdict verdict = TraceValues.checkAnyVersion(TraceValues.fieldId(id, field), value);
            if (verdict != Verdict.MATCH) {
                return new RecordCheck(true, key, verdict, value, "line " + read.line + ": field " + text(field)
                        + " of a key the scan listed");
            }
            judged = true;
        }
        return judged ? INTACT : NOT_JUDGED;
    }

    /** Field {@code i} of {@code read} found as {@code value} (null: not there); null when it is not judged. */
    private static RecordCheck field(TraceOp read, int i, byte[] value, KeyIdSet inDoubt) {
        long id = read.checkIds[i];
        long expected = read.expected[i];
        if (expected == TraceOp.NOT_JUDGED || inDoubt.contains(id)) {
            return null;
        }
        if (expected == TraceOp.ABSENT) {
            return value == null ? INTACT
                    : new RecordCheck(true, read.words[1], Verdict.STALE, value,
                            where(read, i) + ": deleted, yet read");
        }
        Verdict verdict = TraceValues.check(id, expected, value);
        return verdict == Verdict.MATCH ? INTACT : new RecordCheck(true, read.words[1], verdict, value, where(read, i));
    }

    /** The trace's line and field {@code i} of {@code read}, for a mismatch: made only then, as reads are many. */
    private static String where(TraceOp read, int i) {
        return "line " + read.line + ": field " + text(read.checkFields != null ? read.checkFields[i]
                : read.words[i + 2]);
    }

    private static int indexOf(byte[][] names, byte[] name) {
        for (int i = 0; i < names.length; i++) {
            if (Arrays.equals(names[i], name)) {
                return i;
            }
        }
        return -1;
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }
}
