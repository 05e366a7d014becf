package dev.metric.run;

/**
 * One read whose value was not the one written.
 *
 * @param key                 the key, printable as all keys metric writes are
 * @param expectedBytes       length of the value written
 * @param actualBytes         length of the value read, -1 when the key was missing
 * @param firstDifferentByte  offset of the first byte that differs, -1 when the key was missing
 */
public record Mismatch(String key, int expectedBytes, int actualBytes, int firstDifferentByte) {

    /** One line for the report. */
    public String describe() {
        if (actualBytes < 0) {
            return key + ": missing (expected " + expectedBytes + " bytes)";
        }
        return key + ": expected " + expectedBytes + " bytes, read " + actualBytes
                + " bytes, first difference at byte " + firstDifferentByte;
    }
}
