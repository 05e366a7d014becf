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
 *
 * <p>A schedule with a tick releases its operations in bursts: every operation whose place in
 * the even stream falls inside a tick is due at the tick's start, as memtier_benchmark's
 * {@code --rate-limiting} releases a connection's requests every 20 ms. A burst costs the client
 * one timer wake-up for many requests, where an even stream costs one each; the requests of a
 * burst that wait for their connection are late by that wait, and their response times show it.
 */
public final class Pacer implements Schedule {

    private final NanoClock clock;
    private final long startNanos;
    private final double nanosPerOperation;
    private final long tickNanos;
    private final int worker;
    private final int workers;
    private long sequence;

    private Pacer(NanoClock clock, long startNanos, double nanosPerOperation, long tickNanos, int worker,
                  int workers) {
        this.clock = clock;
        this.startNanos = startNanos;
        this.nanosPerOperation = nanosPerOperation;
        this.tickNanos = tickNanos;
        this.worker = worker;
        this.workers = workers;
    }

    /** Every operation due as soon as the worker can send it. */
    public static Pacer closedLoop(NanoClock clock) {
        return new Pacer(clock, 0, 0, 0, 0, 1);
    }

    /**
     * Worker {@code worker} of {@code workers} sharing {@code rate} in total from
     * {@code startNanos}.
     */
    public static Pacer fixedRate(NanoClock clock, long startNanos, TargetRate rate, int worker, int workers) {
        return ticked(clock, startNanos, rate, 0, worker, workers);
    }

    /**
     * As {@link #fixedRate}, each operation due at the start of the tick of {@code tickNanos} its
     * place in the even stream falls in; a tick of 0 is the even stream itself.
     */
    public static Pacer ticked(NanoClock clock, long startNanos, TargetRate rate, long tickNanos, int worker,
                               int workers) {
        if (tickNanos < 0) {
            throw new IllegalArgumentException("tick must be 0 or more nanoseconds, got " + tickNanos);
        }
        if (!rate.paced()) {
            throw new IllegalArgumentException("a closed loop has no schedule: use Pacer.closedLoop");
        }
        if (worker < 0 || worker >= workers) {
            throw new IllegalArgumentException("worker " + worker + " outside 0.." + (workers - 1));
        }
        return new Pacer(clock, startNanos, 1e9 / rate.opsPerSec(), tickNanos, worker, workers);
    }

    @Override
    public boolean paced() {
        return nanosPerOperation > 0;
    }

    @Override
    public long due() {
        if (!paced()) {
            return clock.nanoTime();
        }
        return dueOf(sequence);
    }

    private long dueOf(long operation) {
        long offset = (long) ((operation * workers + worker) * nanosPerOperation);
        return startNanos + (tickNanos == 0 ? offset : offset - offset % tickNanos);
    }

    @Override
    public long take() {
        long due = due();
        sequence++;
        return due;
    }

    @Override
    public long skipDueBefore(long deadlineNanos) {
        if (!paced()) {
            return 0;
        }
        // Estimated, then corrected: the due times are rounded, the estimate is within one of the answer.
        // With a tick, what is due before the deadline is what the even stream has before the end of
        // the tick the deadline falls in (its start, when it falls on one).
        long before = deadlineNanos - startNanos;
        if (tickNanos > 0 && before > 0) {
            before = (before + tickNanos - 1) / tickNanos * tickNanos;
        }
        double operationsBefore = before / nanosPerOperation;
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
}
