package dev.metric.run;

import dev.metric.client.ClientException;
import dev.metric.client.KeyValueClient;
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
 * <p>Its connection and requests in flight are a {@link RequestWindow}.
 */
final class Mode2Worker {

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
    private final ServerWatch watch;

    private final RequestWindow<Operation> inFlight;
    private final ArrayDeque<Integer> refills;
    private int batchRoom;

    Mode2Worker(KeyValueClient client, TrafficStats stats, Mode2Config config, VersionedValues values,
                KeyChooser keys, SplittableRandom random, Pacer pacer, NanoClock clock, ServerWatch watch) {
        this.watch = watch;
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
        this.inFlight = new RequestWindow<>(client, stats.connectionWait, config.client().commandTimeout(), window,
                Operation::new);
        this.refills = new ArrayDeque<>(window);
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
            inFlight.releaseIfIdle();
        }
    }

    private void loop(long deadlineNanos) throws InterruptedException {
        while (true) {
            for (Operation done = inFlight.poll(); done != null; done = inFlight.poll()) {
                finish(done);
            }
            boolean halted = watch.stopRequested();
            if (halted) {
                refills.clear();
            }
            boolean stopping = halted || clock.nanoTime() >= deadlineNanos;
            if (stopping && refills.isEmpty() && inFlight.outstanding() == 0) {
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
            finish(inFlight.await());
        }
    }

    /** Requests that may go out now without breaking the window or the batch. */
    private int room() {
        return batches ? batchRoom : window - inFlight.outstanding();
    }

    /** Nothing to send before {@code wakeNanos}: flush, then take a reply or sleep. */
    private void waitUntil(long wakeNanos) throws InterruptedException {
        if (inFlight.outstanding() == 0) {
            inFlight.releaseIfIdle();
            clock.sleepUntil(wakeNanos);
            return;
        }
        batchRoom = 0;
        long left = wakeNanos - clock.nanoTime();
        if (left > 0) {
            Operation done = inFlight.poll(Duration.ofNanos(left));
            if (done != null) {
                finish(done);
            }
        } else {
            inFlight.flush();
        }
    }

    private void sendScheduled(long dueNanos) {
        int index = keys.next();
        Operation op = inFlight.take();
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
        Operation op = inFlight.take();
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
        watch.sent();
        try {
            inFlight.send(op);
        } catch (ClientException e) {
            watch.failed(e.getMessage());
            stats.error(op.plan, e.getMessage());
            return;
        }
        if (batches) {
            batchRoom--;
        }
        if (op.scheduled()) {
            stats.sendLateness.record(op.sentNanos() - op.dueNanos);
        }
        if (room() == 0) {
            inFlight.flush();
        }
    }

    /** Judges, times and counts a completed request, and queues the refill a miss calls for. */
    private void finish(Operation op) {
        if (op.answered()) {
            watch.succeeded();
        } else {
            watch.failed(op.error());
        }
        if (op.error() != null) {
            stats.error(op.plan, op.error());
        } else {
            OpKind kind = switch (op.plan) {
                case SETEX -> OpKind.SETEX;
                case REFILL -> OpKind.REFILL;
                case GET -> op.reply() == null ? OpKind.GET_MISS : OpKind.GET_HIT;
            };
            stats.timers.get(kind).record(op.dueNanos, op.sentNanos(), op.completedNanos());
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
        inFlight.recycle(op);
        if (inFlight.outstanding() == 0) {
            batchRoom = window;
            inFlight.releaseIfIdle();
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
}
