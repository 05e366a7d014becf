package dev.metric.record;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Latencies in nanoseconds, recorded without waiting from any number of threads, read in intervals
 * (for progress lines and interval logs) and in total (for the report).
 *
 * <p>Values go to one of a fixed set of stripes, one per processor, chosen by thread id: a single
 * recorder's shared counters contend when fifty threads record at once on many cores, while one
 * recorder per thread would hold two histograms for every thread ever started (about 240 KB each,
 * 481 MB for 1000 threads over two phases). A stripe is a plain histogram behind a try-lock, and a
 * multi-writer {@link Recorder} for whoever finds the lock taken: the common case, one thread on
 * its stripe (an event loop's lanes), costs one compare-and-set per value where a multi-writer
 * recorder alone costs six atomic updates, and a writer never waits for another writer or for a
 * reader. Readers merge the stripes. Histograms keep 3 significant digits over an auto-resizing
 * range: nanosecond resolution with 0.1% error at any magnitude.
 *
 * <p>A histogram holds no value below 0. A duration below 0 (a request stamped as sent before it
 * was due, or a clock that went back: a fault of the measurement, never of the server) goes into
 * the histogram as 0 and is counted apart ({@link #belowZero}), so that a report can say so instead
 * of showing a latency of 0 as if it had been measured.
 */
public final class LatencyRecorder {

    /** Significant decimal digits kept by every histogram. */
    public static final int SIGNIFICANT_DIGITS = 3;

    /**
     * Significant digits of a recorder read every second for progress only: a hundredth of the
     * histogram to walk, so reading it takes a fraction of the time the load threads need.
     */
    public static final int PROGRESS_DIGITS = 2;

    private final Stripe[] stripes = new Stripe[Runtime.getRuntime().availableProcessors()];
    private final int significantDigits;
    private final Histogram total;
    private final Histogram stripeInterval;
    /** What each interval reader has not read yet; the first is {@link #takeInterval()}'s own. */
    private final List<Histogram> unread = new ArrayList<>();
    private final Histogram interval;
    private final LongAdder belowZero = new LongAdder();

    /** A recorder for figures that are reported: {@value #SIGNIFICANT_DIGITS} significant digits. */
    public LatencyRecorder() {
        this(SIGNIFICANT_DIGITS);
    }

    public LatencyRecorder(int significantDigits) {
        this.significantDigits = significantDigits;
        for (int i = 0; i < stripes.length; i++) {
            stripes[i] = new Stripe(significantDigits);
        }
        total = new Histogram(significantDigits);
        stripeInterval = new Histogram(significantDigits);
        interval = new Histogram(significantDigits);
        unread.add(new Histogram(significantDigits));
    }

    /** Records one latency, one below 0 as 0 and counted apart; safe to call from any thread, and never waits. */
    public void record(long nanos) {
        if (nanos < 0) {
            belowZero.increment();
        }
        stripes[(int) (Thread.currentThread().getId() % stripes.length)].record(Math.max(0, nanos));
    }

    /** How many of the values recorded were below 0, and are in the histograms as 0. */
    public long belowZero() {
        return belowZero.sum();
    }

    /** The percentiles of everything recorded, and how many values were below 0. */
    public LatencySummary summary() {
        return LatencySummary.of(total(), belowZero());
    }

    /** Moves what the stripes hold into the total and into what every reader has yet to read. */
    private void drain() {
        for (Stripe stripe : stripes) {
            stripe.moveInto(stripeInterval);
            total.add(stripeInterval);
            for (Histogram pending : unread) {
                pending.add(stripeInterval);
            }
        }
    }

    /**
     * What was recorded since the previous call, for progress lines. The returned histogram is
     * reused by the next call: read it before calling again.
     */
    public synchronized Histogram takeInterval() {
        drain();
        Histogram pending = unread.get(0);
        interval.reset();
        interval.add(pending);
        pending.reset();
        return interval;
    }

    /**
     * A reader of its own intervals, independent of {@link #takeInterval()} and of other readers:
     * an interval log can follow a recorder whose intervals also feed progress lines.
     */
    public synchronized IntervalReader intervalReader() {
        drain();
        Histogram pending = new Histogram(significantDigits);
        unread.add(pending);
        return new IntervalReader(pending);
    }

    /** A copy of everything recorded since creation. */
    public synchronized Histogram total() {
        drain();
        return total.copy();
    }

    /**
     * One stripe: a histogram that whoever holds the lock records into, and a multi-writer recorder
     * for a writer that finds it held (by another writer of the stripe, or by a reader swapping the
     * histogram out).
     */
    private static final class Stripe {

        private static final VarHandle LOCK;

        static {
            try {
                LOCK = MethodHandles.lookup().findVarHandle(Stripe.class, "lock", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        @SuppressWarnings("unused") // through LOCK
        private volatile int lock;
        /** Written only under the lock. */
        private Histogram active;
        /** What a reader swaps in for {@link #active}; touched only by readers, who hold the recorder's monitor. */
        private Histogram spare;
        private final Recorder contended;
        private final Histogram contendedInterval;

        Stripe(int significantDigits) {
            active = new Histogram(significantDigits);
            spare = new Histogram(significantDigits);
            contended = new Recorder(significantDigits);
            contendedInterval = new Histogram(significantDigits);
        }

        void record(long nanos) {
            if (LOCK.compareAndSet(this, 0, 1)) {
                try {
                    active.recordValue(nanos);
                } finally {
                    LOCK.setRelease(this, 0);
                }
            } else {
                contended.recordValue(nanos);
            }
        }

        /** Replaces {@code into}'s counts with what was recorded since the previous call, and forgets it here. */
        void moveInto(Histogram into) {
            Histogram taken = swap();
            into.reset();
            into.add(taken);
            taken.reset();
            contended.getIntervalHistogramInto(contendedInterval);
            into.add(contendedInterval);
        }

        /**
         * Puts the spare histogram in place of the active one and returns what was active. A writer
         * holds the lock for one histogram update; one that lost the processor while holding it is
         * waited for by yielding, which only readers ever do.
         */
        private Histogram swap() {
            while (!LOCK.compareAndSet(this, 0, 1)) {
                Thread.yield();
            }
            Histogram taken = active;
            try {
                active = spare;
            } finally {
                LOCK.setRelease(this, 0);
            }
            spare = taken;
            return taken;
        }
    }

    /** Reads one {@link LatencyRecorder}'s values in intervals of the reader's own choosing. */
    public final class IntervalReader {

        private final Histogram pending;

        private IntervalReader(Histogram pending) {
            this.pending = pending;
        }

        /** A new histogram of what was recorded since this reader's previous call (or its creation). */
        public Histogram next() {
            synchronized (LatencyRecorder.this) {
                drain();
                Histogram interval = pending.copy();
                pending.reset();
                return interval;
            }
        }
    }
}
