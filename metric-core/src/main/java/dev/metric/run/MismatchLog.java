package dev.metric.run;

import dev.metric.result.Mismatch;
import dev.metric.workload.StructureCheck;
import dev.metric.workload.Verdict;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts mismatches from any thread and keeps the first few, one per key, to show the user: a
 * corrupted key read a thousand times is one problem, and should not hide the next one.
 */
public final class MismatchLog {

    public static final int KEPT = 10;

    private final LongAdder[] byVerdict = new LongAdder[Verdict.values().length];
    private final List<Mismatch> first = new ArrayList<>(KEPT);
    private final LongAdder otherMode = new LongAdder();

    public MismatchLog() {
        for (int i = 0; i < byVerdict.length; i++) {
            byVerdict[i] = new LongAdder();
        }
    }

    public void add(byte[] key, Verdict verdict, int expectedBytes, byte[] actual, int firstDifferentByte) {
        add(key, verdict, expectedBytes, actual == null ? -1 : actual.length, firstDifferentByte, null);
    }

    /** A hash, list or sorted set read back that was not intact. */
    public void add(byte[] key, StructureCheck check) {
        add(key, check.verdict(), check.expectedBytes(), check.actualBytes(), check.firstDifference(), check.where());
    }

    /** A value that was not intact, read by the command at {@code where} (a replayed trace's line). */
    public void add(byte[] key, Verdict verdict, byte[] actual, String where) {
        add(key, verdict, -1, actual == null ? -1 : actual.length, -1, where);
    }

    private void add(byte[] key, Verdict verdict, int expectedBytes, int actualBytes, int firstDifferentByte,
                     String where) {
        byVerdict[verdict.ordinal()].increment();
        synchronized (first) {
            String name = new String(key, StandardCharsets.US_ASCII);
            if (first.size() < KEPT && first.stream().noneMatch(kept -> kept.key().equals(name))) {
                first.add(new Mismatch(name, verdict, expectedBytes, actualBytes, firstDifferentByte, where));
            }
        }
    }

    /**
     * One of the mismatches was an intact value of the other mode (mode2's versioned value read
     * by mode1, or mode1's read by mode2): the keys hold the other mode's data.
     */
    public void otherMode() {
        otherMode.increment();
    }

    /** How many mismatches were the other mode's intact values. */
    public long otherModeCount() {
        return otherMode.sum();
    }

    public long count() {
        long count = 0;
        for (LongAdder verdict : byVerdict) {
            count += verdict.sum();
        }
        return count;
    }

    public long count(Verdict verdict) {
        return byVerdict[verdict.ordinal()].sum();
    }

    public List<Mismatch> first() {
        synchronized (first) {
            return List.copyOf(first);
        }
    }
}
