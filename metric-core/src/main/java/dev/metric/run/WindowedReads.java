package dev.metric.run;

import dev.metric.client.ClientException;
import dev.metric.client.CompletionQueue;
import dev.metric.client.KeyValueClient;
import dev.metric.client.Lease;
import dev.metric.client.Request;
import dev.metric.record.LatencyRecorder;
import dev.metric.workload.DataSet;
import dev.metric.workload.ValueVerifier;
import dev.metric.workload.Verdict;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * mode1's reads with {@code --inflight N}: one thread keeps N GETs outstanding on one
 * connection (a sliding window with Lettuce, batches of N with Jedis) and checks every reply,
 * the way memtier_benchmark and redis-benchmark drive a server. Each read is timed from its send
 * to its reply; the connection is leased while reads are outstanding.
 */
final class WindowedReads {

    private static final Duration REPLY_GRACE = Duration.ofSeconds(5);

    /** A GET and the key index it read. */
    private static final class Read extends Request {
        int index;
        long sentNanos;

        Read(CompletionQueue owner) {
            super(owner);
        }
    }

    private final KeyValueClient client;
    private final DataSet dataSet;
    private final int window;
    private final Duration replyTimeout;
    private final LatencyRecorder latency;
    private final LatencyRecorder connectionWait;
    private final LongAdder errors;
    private final AtomicReference<String> firstError;
    private final MismatchLog mismatches;

    WindowedReads(KeyValueClient client, DataSet dataSet, int window, Duration commandTimeout, LatencyRecorder latency,
                  LatencyRecorder connectionWait, LongAdder errors, AtomicReference<String> firstError,
                  MismatchLog mismatches) {
        this.client = client;
        this.dataSet = dataSet;
        this.window = window;
        this.replyTimeout = commandTimeout.plus(REPLY_GRACE);
        this.latency = latency;
        this.connectionWait = connectionWait;
        this.errors = errors;
        this.firstError = firstError;
        this.mismatches = mismatches;
    }

    /** Reads {@code count} keys chosen by {@code keyChoice}, at most {@code window} at a time. */
    void read(SplittableRandom keyChoice, long count) throws InterruptedException {
        ValueVerifier verifier = new ValueVerifier(dataSet);
        CompletionQueue completions = new CompletionQueue(window);
        ArrayDeque<Read> idle = new ArrayDeque<>(window);
        for (int i = 0; i < window; i++) {
            idle.push(new Read(completions));
        }
        Lease lease = null;
        int outstanding = 0;
        long sent = 0;
        try {
            while (sent < count || outstanding > 0) {
                for (Read done = (Read) completions.poll(); done != null; done = (Read) completions.poll()) {
                    check(done, verifier);
                    idle.push(done);
                    outstanding--;
                }
                if (outstanding == 0 && lease != null) {
                    lease.close();
                    lease = null;
                }
                if (sent < count && outstanding < window && !Thread.currentThread().isInterrupted()) {
                    if (lease == null) {
                        long asked = System.nanoTime();
                        try {
                            lease = client.lease();
                        } catch (ClientException e) {
                            errors.increment();
                            firstError.compareAndSet(null, e.getMessage());
                            sent++;
                            continue;
                        }
                        connectionWait.record(System.nanoTime() - asked);
                    }
                    Read read = idle.pop();
                    read.index = keyChoice.nextInt(dataSet.keyCount());
                    read.get(dataSet.key(read.index));
                    read.sentNanos = System.nanoTime();
                    lease.send(read);
                    outstanding++;
                    sent++;
                    if (outstanding == window) {
                        lease.flush();
                    }
                    continue;
                }
                if (outstanding == 0) {
                    return;
                }
                lease.flush();
                Read done = (Read) completions.poll(replyTimeout);
                if (done == null) {
                    throw new IllegalStateException(outstanding + " reads got neither a reply nor a failure within "
                            + replyTimeout.toSeconds() + " s");
                }
                check(done, verifier);
                idle.push(done);
                outstanding--;
            }
        } finally {
            if (lease != null && outstanding == 0) {
                lease.close();
            }
        }
    }

    private void check(Read read, ValueVerifier verifier) {
        if (read.error() != null) {
            errors.increment();
            firstError.compareAndSet(null, "GET: " + read.error());
            return;
        }
        latency.record(read.completedNanos() - read.sentNanos);
        byte[] value = read.reply();
        Verdict verdict = verifier.check(read.index, value);
        if (verdict != Verdict.MATCH) {
            mismatches.add(read.key(), verdict, dataSet.valueLength(read.index), value, verifier.firstDifference());
        }
    }
}
