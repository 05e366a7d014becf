package dev.metric.run;

import dev.metric.client.ClientException;
import dev.metric.client.Completion;
import dev.metric.client.KeyValueClient;
import dev.metric.client.Lease;
import dev.metric.client.Request;
import dev.metric.engine.CompletionQueue;
import dev.metric.engine.DrivePlan;
import dev.metric.engine.ParallelWorkers;
import dev.metric.pacing.NanoClock;
import dev.metric.record.IntervalLog;
import dev.metric.record.LatencyRecorder;
import dev.metric.record.LatencySummary;
import dev.metric.record.RequestTimer;
import dev.metric.result.LoadResult;
import dev.metric.workload.DataSet;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * Writes every key of a data set: each thread takes a contiguous share of the key indices and
 * sends them in pipelined batches of writes (SET, SETEX, or the script that writes a hash, list or
 * sorted set whole), retrying what the server refuses with bounded backoff. Each batch is timed as
 * one unit at the record site: from when the thread wanted to send it, through its write, to its
 * last reply.
 *
 * <p>Keys and values are allocated per batch, once per write sent: client libraries take exact
 * arrays, and Lettuce keeps them until a command is encoded, so buffers cannot be reused here.
 */
public final class LoadPhase {

    /**
     * Bytes a batch holds at most (beyond its first key): with values of megabytes, a full
     * pipeline of them would not fit a small heap.
     */
    static final long BATCH_BYTES = 8L << 20;
    /** The kinds of failed write: answered with an error, and lost with its connection. */
    private static final int ERROR_REPLY = 0;
    private static final int LOST = 1;

    private final KeyValueClient client;
    private final DataSet dataSet;
    private final KeyWrite writes;
    private final Acknowledgements acknowledgements;
    private final int threads;
    private final int pipeline;
    private final NanoClock clock;
    private final Duration commandTimeout;
    private final IntervalLog log;
    private final ServerWatch watch;

    private final LongAdder keysWritten = new LongAdder();
    private final LongAdder bytesWritten = new LongAdder();
    /** Writes answered with an error ({@link #ERROR_REPLY}) and writes whose connection failed ({@link #LOST}). */
    private final Failures failures = new Failures(2);
    private final LongAdder keysNotWritten = new LongAdder();
    /** Each batch from when it was meant to go to its last reply, for the latency breakdown. */
    private final RequestTimer batches = new RequestTimer();
    private final LatencyRecorder connectionWait = new LatencyRecorder();
    private final LongAdder setsInBatches = new LongAdder();

    /** Makes a request the write of one key of the data set, the same one each time it is asked. */
    @FunctionalInterface
    public interface KeyWrite {
        void prepare(Request request, int index);
    }

    /** Told the outcome of each key's write, for a ledger of what the server holds. */
    public interface Acknowledgements {
        Acknowledgements NONE = new Acknowledgements() {
            @Override
            public void written(int index, long sentNanos, long acknowledgedNanos) {
            }

            @Override
            public void doubtful(int index) {
            }
        };

        /**
         * The write of key {@code index} was acknowledged, and every earlier attempt of it was
         * refused with an error reply (so not applied).
         *
         * @param sentNanos when its first attempt was meant to go, before any of them was sent
         */
        void written(int index, long sentNanos, long acknowledgedNanos);

        /**
         * The write of key {@code index} was retried after an attempt went unanswered, or given
         * up: the server may hold it or not, and may still apply an attempt that timed out.
         */
        void doubtful(int index);
    }

    /** One SET of the load, the key index it writes and whether an attempt of it went unanswered. */
    private static final class Write extends Request {
        int index;
        long firstIntendedNanos;
        boolean inDoubt;

        Write(Completion owner) {
            super(owner);
        }
    }

    /**
     * @param writes           the write of each key index
     * @param acknowledgements told each key's outcome
     * @param log              where batch latencies go interval by interval, tagged {@code set-batch}
     * @param watch            told of every batch's outcome; when it asks to stop, the load ends after the batch
     */
    public LoadPhase(KeyValueClient client, DataSet dataSet, KeyWrite writes, Acknowledgements acknowledgements,
                     int threads, int pipeline, NanoClock clock, Duration commandTimeout,
                     IntervalLog log, ServerWatch watch) {
        this.client = client;
        this.dataSet = dataSet;
        this.writes = writes;
        this.acknowledgements = acknowledgements;
        this.threads = threads;
        this.pipeline = pipeline;
        this.clock = clock;
        this.commandTimeout = commandTimeout;
        this.log = log;
        this.watch = watch;
    }

    public LoadResult run(Duration progressInterval, Consumer<String> progress) throws InterruptedException {
        int total = dataSet.keyCount();
        long startNanos = clock.nanoTime();
        try (LoggedIntervals logged = LoggedIntervals.start(log, Map.of("set-batch", batches.response()),
                Map.of(IntervalLog.ERRORS, failures::total));
             ProgressTicker ticker = ProgressTicker.every(progressInterval,
                     () -> PhaseProgress.update(progress, (double) done() / total,
                             progressLine(total, clock.nanoTime() - startNanos)))) {
            ParallelWorkers.run(threads, "metric-load", this::loadShare);
        }
        double seconds = (clock.nanoTime() - startNanos) / 1e9;
        long keys = keysWritten.sum();
        long bytes = bytesWritten.sum();
        LatencySummary batchLatency = batches.response().summary();
        double setsPerBatch = batchLatency.count() == 0 ? 0 : (double) setsInBatches.sum() / batchLatency.count();
        return new LoadResult(LoadResult.Written.of(keys, bytes, seconds), new LoadResult.Failures(
                failures.count(ERROR_REPLY), failures.count(LOST), keysNotWritten.sum(), failures.first()),
                batchLatency, setsPerBatch, connectionWait.summary());
    }

    private long done() {
        return keysWritten.sum() + keysNotWritten.sum();
    }

    private String progressLine(int total, long elapsedNanos) {
        long done = done();
        double seconds = elapsedNanos / 1e9;
        double rate = done / seconds;
        String eta = rate > 0 ? Math.round((total - done) / rate) + " s" : "unknown";
        return String.format(PhaseProgress.NUMBERS,
                "load: %,d / %,d keys (%.0f%%), %,.0f keys/s, ETA %s, %,d errors retried",
                done, total, 100.0 * done / total, rate, eta, failures.total());
    }

    private void loadShare(int worker) throws InterruptedException {
        int from = (int) ParallelWorkers.shareStart(dataSet.keyCount(), threads, worker);
        int to = from + (int) ParallelWorkers.share(dataSet.keyCount(), threads, worker);
        CompletionQueue completions = new CompletionQueue(clock, pipeline);
        Write[] batch = new Write[pipeline];
        for (int i = 0; i < pipeline; i++) {
            batch[i] = new Write(completions);
        }
        for (int next = from; next < to && !watch.stopRequested(); ) {
            int count = 0;
            long bytes = 0;
            while (count < pipeline && next + count < to && bytes < BATCH_BYTES) {
                int index = next + count;
                Write write = batch[count++];
                writes.prepare(write, index);
                write.index = index;
                write.firstIntendedNanos = -1;
                write.inDoubt = false;
                bytes += write.payloadBytes();
            }
            writeWithRetries(batch, count, completions);
            next += count;
        }
    }

    /**
     * Writes one batch; items the server refused are retried until they succeed or time runs out.
     * The batch is timed once, from when it was first meant to go to its last attempt's last reply:
     * the waits between attempts are in its latency, as a client retrying a refused write waits them.
     */
    private void writeWithRetries(Write[] batch, int count, CompletionQueue completions) throws InterruptedException {
        long intended = clock.nanoTime();
        Backoff backoff = new Backoff(clock);
        BatchTime time = new BatchTime();
        int pending = count;
        try {
            while (pending > 0) {
                send(batch, pending, completions, intended, time);
                pending = keepFailed(batch, pending);
                if (pending > 0) {
                    if (backoff.exhausted() || watch.stopRequested()) {
                        keysNotWritten.add(pending);
                        for (int i = 0; i < pending; i++) {
                            acknowledgements.doubtful(batch[i].index);
                        }
                        return;
                    }
                    backoff.pause();
                    for (int i = 0; i < pending; i++) {
                        writes.prepare(batch[i], batch[i].index);
                    }
                }
            }
        } finally {
            if (time.attempts > 0) {
                batches.record(intended, intended, time.firstOnWire, time.lastCompleted);
                setsInBatches.add(count);
            }
        }
    }

    /** When a batch's first write went out and its last reply came, over all its attempts. */
    private static final class BatchTime {
        long firstOnWire = Long.MAX_VALUE;
        long lastCompleted = Long.MIN_VALUE;
        int attempts;
    }

    /**
     * Sends the first {@code count} writes of the batch on one connection, awaits them all, adds
     * their times to the batch's and tells the watch.
     */
    private void send(Write[] batch, int count, CompletionQueue completions, long intended, BatchTime time)
            throws InterruptedException {
        long leasing = clock.nanoTime();
        watch.sent();
        Lease lease;
        try {
            lease = client.lease();
        } catch (ClientException e) {
            connectionWait.record(clock.nanoTime() - leasing);
            for (int i = 0; i < count; i++) {
                batch[i].intend(intended);
                batch[i].failed(e.getMessage());
            }
            awaitAll(count, completions);
            attempted(batch, count, time);
            return;
        }
        connectionWait.record(clock.nanoTime() - leasing);
        try {
            for (int i = 0; i < count; i++) {
                batch[i].intend(intended);
                if (batch[i].firstIntendedNanos < 0) {
                    batch[i].firstIntendedNanos = intended;
                }
                lease.send(batch[i]);
            }
            lease.flush();
            awaitAll(count, completions);
        } finally {
            lease.close();
        }
        attempted(batch, count, time);
    }

    private void awaitAll(int count, CompletionQueue completions) throws InterruptedException {
        long replyTimeout = commandTimeout.plus(DrivePlan.REPLY_GRACE).toNanos();
        for (int done = 0; done < count; done++) {
            if (completions.poll() == null && completions.poll(replyTimeout) == null) {
                throw new IllegalStateException((count - done) + " writes got neither a reply nor a failure within "
                        + replyTimeout / 1_000_000_000 + " s");
            }
        }
    }

    /** Adds one attempt's first write out and last reply to the batch's, and tells the watch its outcome. */
    private void attempted(Write[] batch, int count, BatchTime time) {
        boolean answered = true;
        for (int i = 0; i < count; i++) {
            time.firstOnWire = Math.min(time.firstOnWire, batch[i].onWireNanos());
            time.lastCompleted = Math.max(time.lastCompleted, batch[i].completedNanos());
            answered &= batch[i].answered();
        }
        time.attempts++;
        if (answered) {
            watch.succeeded();
        } else {
            watch.failed(firstFailure(batch, count));
        }
    }

    private static String firstFailure(Write[] batch, int count) {
        for (int i = 0; i < count; i++) {
            if (!batch[i].answered()) {
                return batch[i].error();
            }
        }
        return null;
    }

    /** Counts the writes that succeeded and moves those that failed to the front; returns how many failed. */
    private int keepFailed(Write[] batch, int count) {
        int failed = 0;
        for (int i = 0; i < count; i++) {
            Write write = batch[i];
            if (write.error() == null) {
                keysWritten.increment();
                bytesWritten.add(write.payloadBytes());
                if (write.inDoubt) {
                    acknowledgements.doubtful(write.index);
                } else {
                    acknowledgements.written(write.index, write.firstIntendedNanos, write.completedNanos());
                }
                continue;
            }
            if (write.answered()) {
                failures.record(ERROR_REPLY, "error reply to " + commandName(write) + ": " + write.error());
            } else {
                failures.record(LOST, write.error());
                write.inDoubt = true;
            }
            batch[i] = batch[failed];
            batch[failed] = write;
            failed++;
        }
        return failed;
    }

    private static String commandName(Request write) {
        return write.arguments() != null ? new String(write.arguments()[0], StandardCharsets.US_ASCII)
                : write.command().name();
    }
}
