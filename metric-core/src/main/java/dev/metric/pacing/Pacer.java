package dev.metric.pacing;

/**
 * When one worker's next operation is due. Closed loop: always now. Open loop: the worker's
 * share of a fixed schedule, {@code start + k / rate} for the k-th operation of all workers
 * together, so that {@code workers} workers interleave into one even stream of {@code rate}
 * operations per second.
 *
 * <p>A worker that falls behind sends late operations at once: their response time, measured
 * from the due time, then includes the delay, which is how coordinated omission is avoided
 * (as wrk2 does, and without HdrHistogram's expected-interval correction on top, which would
 * count the same delay twice).
 */
public final class Pacer {

    private final NanoClock clock;
    private final long startNanos;
    private final double nanosPerOperation;
    private final int worker;
    private final int workers;
    private long sequence;

    private Pacer(NanoClock clock, long startNanos, double nanosPerOperation, int worker, int workers) {
        this.clock = clock;
        this.startNanos = startNanos;
        this.nanosPerOperation = nanosPerOperation;
        this.worker = worker;
        this.workers = workers;
    }

    /** Every operation due as soon as the worker can send it. */
    public static Pacer closedLoop(NanoClock clock) {
        return new Pacer(clock, 0, 0, 0, 1);
    }

    /**
     * Worker {@code worker} of {@code workers} sharing {@code opsPerSecond} in total from
     * {@code startNanos}.
     */
    public static Pacer fixedRate(NanoClock clock, long startNanos, double opsPerSecond, int worker, int workers) {
        if (!(opsPerSecond > 0) || Double.isInfinite(opsPerSecond)) {
            throw new IllegalArgumentException("rate must be a positive number of operations per second, got "
                    + opsPerSecond);
        }
        if (worker < 0 || worker >= workers) {
            throw new IllegalArgumentException("worker " + worker + " outside 0.." + (workers - 1));
        }
        return new Pacer(clock, startNanos, 1e9 / opsPerSecond, worker, workers);
    }

    public boolean paced() {
        return nanosPerOperation > 0;
    }

    /** When the next operation is due: its intended start time. */
    public long due() {
        if (!paced()) {
            return clock.nanoTime();
        }
        return dueOf(sequence);
    }

    private long dueOf(long operation) {
        return startNanos + (long) ((operation * workers + worker) * nanosPerOperation);
    }

    /** Takes the next operation: returns its intended start time and moves on to the one after. */
    public long take() {
        long due = due();
        sequence++;
        return due;
    }

    /**
     * Skips every operation due before {@code deadlineNanos} that was not taken, and returns how
     * many: what a worker that fell behind never sent. Nothing in a closed loop.
     */
    public long skipDueBefore(long deadlineNanos) {
        if (!paced()) {
            return 0;
        }
        // Estimated, then corrected: the due times are rounded, the estimate is within one of the answer.
        double operationsBefore = (deadlineNanos - startNanos) / nanosPerOperation;
        long next = Math.max(sequence, (long) Math.ceil((operationsBefore - worker) / workers) - 2);
        while (next > sequence && dueOf(next - 1) >= deadlineNanos) {
            next--;
        }
        while (dueOf(next) < deadlineNanos) {
            next++;
        }
        long skipped = next - sequence;
        sequence = next;
        return skipped;
    }

    /** Operations taken so far. */
    public long taken() {
        return sequence;
    }
}
