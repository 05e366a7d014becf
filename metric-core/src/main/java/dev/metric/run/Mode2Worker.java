package dev.metric.run;

import dev.metric.client.ClientException;
import dev.metric.client.CompletionQueue;
import dev.metric.client.KeyValueClient;
import dev.metric.client.Lease;
import dev.metric.pacing.NanoClock;
import dev.metric.pacing.Pacer;
import dev.metric.workload.DataSet;
import dev.metric.workload.KeyChooser;
import dev.metric.workload.TtlRange;
import dev.metric.workload.Verdict;
import dev.metric.workload.VersionedValues;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.SplittableRandom;

/**
 * One thread of mode2 traffic: GETs and SETEXs on keys its chooser picks, a refill SETEX after
 * every miss, up to {@code window} requests outstanding on one connection, due when its
 * {@link Pacer} says.
 *
 * <p>Two ways to keep several requests outstanding: a sliding window ({@code --inflight}), where
 * a new request goes out as soon as one completes, and batches ({@code --pipeline}), where a
 * batch is written whole and every reply awaited before the next. A binding that reads replies
 * only after a whole batch (Jedis) turns a sliding window into batches of its size: it is
 * flushed whenever the window is full or the worker is about to wait.
 *
 * <p>The connection is leased when the first request goes out and handed back whenever nothing
 * is outstanding, so with one request at a time a pooled client is borrowed per request, as an
 * application does, and the wait for it is recorded.
 */
final class Mode2Worker {

    /** How long past the command timeout a reply may still come before the worker gives up on it. */
    private static final Duration REPLY_GRACE = Duration.ofSeconds(5);

    private final KeyValueClient client;
    private final TrafficStats stats;
    private final DataSet dataSet;
    private final VersionedValues values;
    private final TtlRange ttl;
    private final double writeRatio;
    private final KeyChooser keys;
    private final SplittableRandom random;
    private final Pacer pacer;
    private final NanoClock clock;
    private final int window;
    private final boolean batches;
    private final Duration replyTimeout;

    private final CompletionQueue completions;
    private final ArrayDeque<Operation> idle;
    private final ArrayDeque<Integer> refills;
    private Lease lease;
    private int outstanding;
    private int batchRoom;

    Mode2Worker(KeyValueClient client, TrafficStats stats, Mode2Config config, VersionedValues values,
                KeyChooser keys, SplittableRandom random, Pacer pacer, NanoClock clock) {
        this.client = client;
        this.stats = stats;
        this.dataSet = values.dataSet();
        this.values = values;
        this.ttl = config.ttl();
        this.writeRatio = config.writeRatio();
        this.keys = keys;
        this.random = random;
        this.pacer = pacer;
        this.clock = clock;
        this.window = config.window();
        this.batches = config.pipeline() > 1;
        this.replyTimeout = config.client().commandTimeout().plus(REPLY_GRACE);
        this.completions = new CompletionQueue(window);
        this.idle = new ArrayDeque<>(window);
        this.refills = new ArrayDeque<>(window);
        for (int i = 0; i < window; i++) {
            idle.push(new Operation(completions));
        }
        this.batchRoom = window;
    }

    /**
     * Sends scheduled operations from {@code startNanos} until {@code deadlineNanos}, then waits
     * for what is outstanding and the refills it calls for. Returns with nothing in flight.
     */
    void run(long startNanos, long deadlineNanos) throws InterruptedException {
        clock.sleepUntil(startNanos);
        try {
            loop(deadlineNanos);
        } finally {
            releaseLease();
        }
    }

    private void loop(long deadlineNanos) throws InterruptedException {
        while (true) {
            for (Operation done = (Operation) completions.poll(); done != null; done = (Operation) completions.poll()) {
                finish(done);
            }
            boolean stopping = clock.nanoTime() >= deadlineNanos || Thread.currentThread().isInterrupted();
            if (stopping && refills.isEmpty() && outstanding == 0) {
                return;
            }
            if (room() > 0) {
                if (!refills.isEmpty()) {
                    sendRefill(refills.poll());
                    continue;
                }
                if (!stopping) {
                    long due = pacer.due();
                    long now = clock.nanoTime();
                    if (due <= now) {
                        sendScheduled(pacer.take());
                        continue;
                    }
                    waitUntil(Math.min(due, deadlineNanos));
                    continue;
                }
            }
            awaitCompletion();
        }
    }

    /** Requests that may go out now without breaking the window or the batch. */
    private int room() {
        return batches ? batchRoom : window - outstanding;
    }

    /** Nothing to send before {@code wakeNanos}: flush, then take a reply or sleep. */
    private void waitUntil(long wakeNanos) throws InterruptedException {
        if (outstanding == 0) {
            releaseLease();
            clock.sleepUntil(wakeNanos);
            return;
        }
        flush();
        batchRoom = 0;
        long left = wakeNanos - clock.nanoTime();
        if (left > 0) {
            Operation done = (Operation) completions.poll(Duration.ofNanos(left));
            if (done != null) {
                finish(done);
            }
        }
    }

    private void awaitCompletion() throws InterruptedException {
        flush();
        if (outstanding == 0) {
            return;
        }
        Operation done = (Operation) completions.poll(replyTimeout);
        if (done == null) {
            throw new IllegalStateException(outstanding + " requests got neither a reply nor a failure within "
                    + replyTimeout.toSeconds() + " s");
        }
        finish(done);
    }

    private void flush() {
        if (lease != null) {
            lease.flush();
        }
    }

    private void sendScheduled(long dueNanos) {
        int index = keys.next();
        Operation op = idle.pop();
        op.keyIndex = index;
        op.dueNanos = dueNanos;
        if (writeRatio > 0 && random.nextDouble() < writeRatio) {
            op.plan = Operation.Plan.SETEX;
            op.setex(dataSet.key(index), ttl.draw(random), values.value(index, nextVersion()));
        } else {
            op.plan = Operation.Plan.GET;
            op.get(dataSet.key(index));
        }
        send(op);
    }

    private void sendRefill(int index) {
        Operation op = idle.pop();
        op.keyIndex = index;
        op.plan = Operation.Plan.REFILL;
        op.setex(dataSet.key(index), ttl.draw(random), values.value(index, nextVersion()));
        op.dueNanos = clock.nanoTime();
        send(op);
    }

    /**
     * A version for a new write. Verification accepts any intact value of the key, so versions
     * need not be unique; random ones make two writes of a key differ in length and bytes.
     */
    private long nextVersion() {
        return random.nextLong() & Long.MAX_VALUE;
    }

    private void send(Operation op) {
        if (lease == null) {
            long asked = clock.nanoTime();
            try {
                lease = client.lease();
            } catch (ClientException e) {
                stats.error(op.plan, e.getMessage());
                idle.push(op);
                return;
            }
            stats.connectionWait.record(clock.nanoTime() - asked);
        }
        outstanding++;
        if (batches) {
            batchRoom--;
        }
        op.sentNanos = clock.nanoTime();
        if (op.scheduled()) {
            stats.sendLateness.record(op.sentNanos - op.dueNanos);
        }
        lease.send(op);
        if (room() == 0) {
            flush();
        }
    }

    /** Judges, times and counts a completed request, and queues the refill a miss calls for. */
    private void finish(Operation op) {
        outstanding--;
        if (op.error() != null) {
            stats.error(op.plan, op.error());
        } else {
            OpKind kind = switch (op.plan) {
                case SETEX -> OpKind.SETEX;
                case REFILL -> OpKind.REFILL;
                case GET -> op.reply() == null ? OpKind.GET_MISS : OpKind.GET_HIT;
            };
            stats.timers.get(kind).record(op.dueNanos, op.sentNanos, op.completedNanos());
            stats.progress.record(op.completedNanos() - op.dueNanos);
            if (kind == OpKind.GET_MISS) {
                stats.progressMisses.increment();
                refills.add(op.keyIndex);
            } else if (kind == OpKind.GET_HIT) {
                stats.progressHits.increment();
                verify(op);
            }
        }
        if (op.scheduled()) {
            stats.scheduledCompleted.increment();
        }
        idle.push(op);
        if (outstanding == 0) {
            batchRoom = window;
            releaseLease();
        }
    }

    private void verify(Operation op) {
        byte[] reply = op.reply();
        Verdict verdict = values.check(op.keyIndex, reply);
        if (verdict != Verdict.MATCH) {
            stats.mismatches.add(op.key(), verdict, values.expectedLength(op.keyIndex, reply), reply,
                    values.firstDifference(op.keyIndex, reply));
        }
    }

    private void releaseLease() {
        if (lease != null && outstanding == 0) {
            Lease released = lease;
            lease = null;
            released.close();
        }
    }
}
