package dev.metric.result;

import dev.metric.workload.Verdict;

/**
 * One read whose value was not the one written.
 *
 * @param key                 the key, printable as all keys metric writes are
 * @param verdict             what was wrong
 * @param expectedBytes       length of the value written, -1 when the value read does not say
 *                            (mode2 values carry their version; a malformed one tells nothing)
 * @param actualBytes         length of the value read, -1 when the key was missing
 * @param firstDifferentByte  offset of the first byte that differs, -1 when not applicable
 * @param where               for a hash, list or sorted set, the part at fault ("element 3"), to
 *                            which the lengths and offset refer; null for a string
 */
public record Mismatch(String key, Verdict verdict, int expectedBytes, int actualBytes, int firstDifferentByte,
                       String where) {

    /** One line for the report. */
    public String describe() {
        if (where != null) {
            return key + ": " + where + ": " + verdict.description() + (expectedBytes < 0 || actualBytes < 0 ? ""
                    : ": expected " + expectedBytes + " bytes, read " + actualBytes + " bytes, first difference at"
                    + " byte " + firstDifferentByte);
        }
        return switch (verdict) {
            case MISSING -> key + ": missing" + (expectedBytes < 0 ? "" : " (expected " + expectedBytes + " bytes)");
            case MALFORMED, OTHER_KEY -> key + ": " + verdict.description() + " (" + actualBytes + " bytes)";
            default -> key + ": " + verdict.description() + ": expected " + expectedBytes + " bytes, read "
                    + actualBytes + " bytes, first difference at byte " + firstDifferentByte;
        };
    }
}
