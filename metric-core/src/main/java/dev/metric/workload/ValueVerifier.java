package dev.metric.workload;

import java.util.Arrays;

/**
 * Checks a value read back against the one the data set defines for that key, byte for byte,
 * comparing it with the expected bytes as they are regenerated: nothing is kept, and nothing is
 * allocated for a value that matches.
 * A wrong value that is another key's intact value (its header names that key) is told apart
 * from damaged bytes.
 *
 * <p>Remembers where the last difference was, so it is not thread-safe: one per thread.
 */
public final class ValueVerifier {

    private final DataSet dataSet;
    private int firstDifference = -1;

    public ValueVerifier(DataSet dataSet) {
        this.dataSet = dataSet;
    }

    /** Compares {@code actual} (null when the key was missing) with the value at {@code index}. */
    public Verdict check(int index, byte[] actual) {
        return check(index, actual, actual == null ? -1 : actual.length);
    }

    /**
     * As {@link #check(int, byte[])}, for a value that is the first {@code length} bytes of
     * {@code actual} (a buffer a binding read it into).
     */
    public Verdict check(int index, byte[] actual, int length) {
        firstDifference = -1;
        if (actual == null) {
            return Verdict.MISSING;
        }
        int expected = dataSet.valueLength(index);
        int compared = Math.min(expected, length);
        int mismatch = dataSet.valueMismatch(index, actual, compared);
        if (mismatch < 0 && length == expected) {
            return Verdict.MATCH;
        }
        // Equal up to the shorter length: the values part where one of them ends.
        firstDifference = mismatch < 0 ? compared : mismatch;
        if (isIntactValueOfAnotherKey(index, actual.length == length ? actual : Arrays.copyOf(actual, length))) {
            return Verdict.OTHER_KEY;
        }
        return length != expected ? Verdict.WRONG_LENGTH : Verdict.WRONG_BYTES;
    }

    private boolean isIntactValueOfAnotherKey(int index, byte[] actual) {
        int owner = dataSet.valueOwner(actual);
        return owner >= 0 && owner != index && actual.length == dataSet.valueLength(owner)
                && dataSet.valueMismatch(owner, actual, actual.length) < 0;
    }

    /** Offset of the first differing byte found by the last {@link #check}, or -1. */
    public int firstDifference() {
        return firstDifference;
    }
}
