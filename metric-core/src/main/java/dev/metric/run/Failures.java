package dev.metric.run;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * Requests that failed in one stretch of a run, counted by kind from every thread at once, with
 * the message of the first: the bookkeeping every phase keeps (load, reads, traffic, templates),
 * so that each report can say how often requests failed and what went wrong first, and says it the
 * same way.
 *
 * <p>A kind is a small index the phase chooses: an operation's plan, a template's position, an
 * error reply as against a lost connection. Recording allocates nothing.
 */
public final class Failures {

    private final LongAdder[] counts;
    private final AtomicReference<String> first = new AtomicReference<>();

    /** Failures of {@code kinds} kinds, numbered from 0. */
    public Failures(int kinds) {
        counts = new LongAdder[kinds];
        for (int kind = 0; kind < kinds; kind++) {
            counts[kind] = new LongAdder();
        }
    }

    /** Failures of one kind only. */
    public static Failures ofOneKind() {
        return new Failures(1);
    }

    /** Counts a failure of {@code kind}; {@code message} is kept if it is the first of any kind. */
    public void record(int kind, String message) {
        counts[kind].increment();
        first.compareAndSet(null, message);
    }

    /** Counts a failure of the only kind. */
    public void record(String message) {
        record(0, message);
    }

    public long count(int kind) {
        return counts[kind].sum();
    }

    /** Failures of every kind. */
    public long total() {
        long total = 0;
        for (LongAdder count : counts) {
            total += count.sum();
        }
        return total;
    }

    /** The first failure's message, or null when nothing failed. */
    public String first() {
        return first.get();
    }

    /** The first failure of the earliest of {@code stretches} that had one, or null. */
    public static String firstOf(Failures... stretches) {
        for (Failures stretch : stretches) {
            if (stretch.first() != null) {
                return stretch.first();
            }
        }
        return null;
    }
}
