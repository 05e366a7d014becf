package dev.metric.run;

import dev.metric.client.ClientException;
import dev.metric.client.CompletionQueue;
import dev.metric.client.KeyValueClient;
import dev.metric.client.Request;
import dev.metric.record.LatencyRecorder;
import dev.metric.workload.DataSet;
import dev.metric.workload.ValueVerifier;
import dev.metric.workload.Verdict;
import java.time.Duration;
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

    /** A GET and the key index it read. */
    private static final class Read extends Request {
        int index;

        Read(CompletionQueue owner) {
            super(owner);
        }
    }

    private final KeyValueClient client;
    private final DataSet dataSet;
    private final int window;
    private final Duration commandTimeout;
    private final LatencyRecorder latency;
    private final LatencyRecorder connectionWait;
    private final LongAdder errors;
    private final AtomicReference<String> firstError;
    private final MismatchLog mismatches;
    private final ServerWatch watch;

    WindowedReads(KeyValueClient client, DataSet dataSet, int window, Duration commandTimeout, LatencyRecorder latency,
                  LatencyRecorder connectionWait, LongAdder errors, AtomicReference<String> firstError,
                  MismatchLog mismatches, ServerWatch watch) {
        this.watch = watch;
        this.client = client;
        this.dataSet = dataSet;
        this.window = window;
        this.commandTimeout = commandTimeout;
        this.latency = latency;
        this.connectionWait = connectionWait;
        this.errors = errors;
        this.firstError = firstError;
        this.mismatches = mismatches;
    }

    /** Reads {@code count} keys chosen by {@code keyChoice}, at most {@code window} at a time. */
    void read(SplittableRandom keyChoice, long count) throws InterruptedException {
        ValueVerifier verifier = new ValueVerifier(dataSet);
        RequestWindow<Read> reads = new RequestWindow<>(client, connectionWait, commandTimeout, window, Read::new);
        long sent = 0;
        try {
            while (sent < count || reads.outstanding() > 0) {
                for (Read done = reads.poll(); done != null; done = reads.poll()) {
                    finish(done, reads, verifier);
                }
                reads.releaseIfIdle();
                if (sent < count && reads.outstanding() < window && !watch.stopRequested()) {
                    Read read = reads.take();
                    read.index = keyChoice.nextInt(dataSet.keyCount());
                    read.get(dataSet.key(read.index));
                    sent++;
                    watch.sent();
                    try {
                        reads.send(read);
                    } catch (ClientException e) {
                        watch.failed(e.getMessage());
                        errors.increment();
                        firstError.compareAndSet(null, e.getMessage());
                        continue;
                    }
                    if (reads.outstanding() == window) {
                        reads.flush();
                    }
                    continue;
                }
                if (reads.outstanding() == 0) {
                    return;
                }
                finish(reads.await(), reads, verifier);
            }
        } finally {
            reads.releaseIfIdle();
        }
    }

    private void finish(Read read, RequestWindow<Read> reads, ValueVerifier verifier) {
        check(read, verifier);
        reads.recycle(read);
    }

    private void check(Read read, ValueVerifier verifier) {
        if (read.answered()) {
            watch.succeeded();
        } else {
            watch.failed(read.error());
        }
        if (read.error() != null) {
            errors.increment();
            firstError.compareAndSet(null, "GET: " + read.error());
            return;
        }
        latency.record(read.completedNanos() - read.sentNanos());
        byte[] value = read.reply();
        Verdict verdict = verifier.check(read.index, value);
        if (verdict != Verdict.MATCH) {
            mismatches.add(read.key(), verdict, dataSet.valueLength(read.index), value, verifier.firstDifference());
        }
    }
}
