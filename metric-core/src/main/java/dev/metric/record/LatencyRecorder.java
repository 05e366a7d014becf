package dev.metric.record;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Latencies in nanoseconds, recorded wait-free from any number of threads, read in intervals
 * (for progress lines and interval logs) and in total (for the report).
 *
 * <p>Values go to one of a fixed set of multi-writer {@link Recorder}s, one per processor,
 * chosen by thread id: a single recorder's shared counters contend when fifty threads record at
 * once on many cores, while one recorder per thread would hold two histograms for every thread
 * ever started (about 240 KB each, 481 MB for 1000 threads over two phases). Readers merge the
 * stripes. Histograms keep 3 significant digits over an auto-resizing range: nanosecond
 * resolution with 0.1% error at any magnitude.
 */
public final class LatencyRecorder {

    /** Significant decimal digits kept by every histogram. */
    public static final int SIGNIFICANT_DIGITS = 3;

    /**
     * Significant digits of a recorder read every second for progress only: a hundredth of the
     * histogram to walk, so reading it takes a fraction of the time the load threads need.
     */
    public static final int PROGRESS_DIGITS = 2;

    private final Recorder[] stripes = new Recorder[Runtime.getRuntime().availableProcessors()];
    private final int significantDigits;
    private final Histogram total;
    private final Histogram stripeInterval;
    /** What each interval reader has not read yet; the first is {@link #takeInterval()}'s own. */
    private final List<Histogram> unread = new ArrayList<>();
    private final Histogram interval;

    /** A recorder for figures that are reported: {@value #SIGNIFICANT_DIGITS} significant digits. */
    public LatencyRecorder() {
        this(SIGNIFICANT_DIGITS);
    }

    public LatencyRecorder(int significantDigits) {
        this.significantDigits = significantDigits;
        for (int i = 0; i < stripes.length; i++) {
            stripes[i] = new Recorder(significantDigits);
        }
        total = new Histogram(significantDigits);
        stripeInterval = new Histogram(significantDigits);
        interval = new Histogram(significantDigits);
        unread.add(new Histogram(significantDigits));
    }

    /** Records one latency; safe to call from any thread. */
    public void record(long nanos) {
        stripes[(int) (Thread.currentThread().getId() % stripes.length)].recordValue(Math.max(0, nanos));
    }

    /** Moves what the stripes hold into the total and into what every reader has yet to read. */
    private void drain() {
        for (Recorder stripe : stripes) {
            stripe.getIntervalHistogramInto(stripeInterval);
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

    /** A copy of everything recorded since creation or the last {@link #reset()}. */
    public synchronized Histogram total() {
        drain();
        return total.copy();
    }

    /** Forgets everything recorded so far: how warm-up is left out of the figures. */
    public synchronized void reset() {
        for (Recorder stripe : stripes) {
            stripe.reset();
        }
        total.reset();
        for (Histogram pending : unread) {
            pending.reset();
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
