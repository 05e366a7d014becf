package dev.metric.run;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/** Counts mismatches from any thread and keeps the first few to show the user. */
final class MismatchLog {

    static final int KEPT = 10;

    private final LongAdder count = new LongAdder();
    private final List<Mismatch> first = new ArrayList<>(KEPT);

    void add(byte[] key, int expectedBytes, byte[] actual, int firstDifferentByte) {
        count.increment();
        synchronized (first) {
            if (first.size() < KEPT) {
                first.add(new Mismatch(new String(key, StandardCharsets.US_ASCII), expectedBytes,
                        actual == null ? -1 : actual.length, firstDifferentByte));
            }
        }
    }

    long count() {
        return count.sum();
    }

    List<Mismatch> first() {
        synchronized (first) {
            return List.copyOf(first);
        }
    }
}
