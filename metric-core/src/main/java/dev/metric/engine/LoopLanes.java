package dev.metric.engine;

import dev.metric.client.EventLoopClient;
import dev.metric.client.LoopLease;
import dev.metric.client.Request;
import dev.metric.pacing.NanoClock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;

/**
 * Drives the lanes of an {@link EventLoopClient} on the event loops their connections live on, as
 * memtier_benchmark and wrk2 drive theirs: each of the plan's threads is a loop that keeps the
 * schedule of its connections with timers of its own ({@link LoopDriver}) and sends from there
 * and from each reply's completion ({@link LoopLane}), so that no request is handed from one thread
 * to another. The calling thread only starts the loops and waits for them, looking in now and then
 * for a stop and for requests the library lost.
 */
final class LoopLanes {

    /**
     * How often the calling thread looks in while the loops drive: often enough that a stop is
     * passed on within a tenth of a second, seldom enough to cost nothing beside the loops (every
     * 10 ms, its wake-ups were 4% of the client's CPU at 5,000 requests/s).
     */
    static final long LOOK_IN_NANOS = 100_000_000;

    private final List<LoopDriver> drivers;
    private final NanoClock clock;
    private final LaneTotals totals;
    private final Watch watch;
    private final long replyTimeoutNanos;
    private final CountDownLatch unfinished;
    private final AtomicReference<Throwable> failure;

    private LoopLanes(List<LoopDriver> drivers, NanoClock clock, LaneTotals totals, Watch watch,
                      long replyTimeoutNanos, CountDownLatch unfinished, AtomicReference<Throwable> failure) {
        this.drivers = drivers;
        this.clock = clock;
        this.totals = totals;
        this.watch = watch;
        this.replyTimeoutNanos = replyTimeoutNanos;
        this.unfinished = unfinished;
        this.failure = failure;
    }

    /**
     * Drives {@code plan}: lane {@code t * connections + c} is connection {@code c} of loop
     * {@code t}, with workload number {@code t * connections + c}. Every connection is taken before
     * the clock starts, the first operations due {@link Engine#LEAD_NANOS} after.
     *
     * @return when the first operations were due
     * @throws IllegalStateException when requests are outstanding and none completes within the
     *                               reply timeout (the library lost them), or a lane failed
     */
    static <R extends Request> long drive(EventLoopClient client, DrivePlan plan, MeasuredWindow measured,
                                          NanoClock clock, Watch watch, LaneTotals totals,
                                          IntFunction<Workload<R>> workloads)
            throws InterruptedException {
        if (plan.threads() > client.loops()) {
            throw new IllegalArgumentException(plan.threads() + " threads on a client of " + client.loops()
                    + " event loops");
        }
        List<List<LoopLease>> leases = new ArrayList<>();
        for (int thread = 0; thread < plan.threads(); thread++) {
            List<LoopLease> ofThread = new ArrayList<>();
            for (int connection = 0; connection < plan.connections(); connection++) {
                ofThread.add(client.lease(thread, connection));
            }
            leases.add(ofThread);
        }
        long start = clock.nanoTime() + Engine.LEAD_NANOS;
        measured.driveStarts(start);
        CountDownLatch unfinished = new CountDownLatch(plan.threads());
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<LoopDriver> drivers = new ArrayList<>();
        for (int thread = 0; thread < plan.threads(); thread++) {
            LoopDriver driver = new LoopDriver(leases.get(thread).get(0).loop(), clock, () -> unfinished.countDown(),
                    failed -> fail(failure, unfinished, failed));
            for (int connection = 0; connection < plan.connections(); connection++) {
                int number = thread * plan.connections() + connection;
                LoopLease lease = leases.get(thread).get(connection);
                LoopLane<R> lane = new LoopLane<>(driver, clock);
                Workload<R> workload = workloads.apply(number);
                lane.drive(new Lane<>(() -> lease, workload,
                        workload.schedule(Engine.pacer(plan, clock, start, number), start), clock, watch, totals,
                        plan.window(), plan.batches(), measured, plan.drain().toNanos(), true, lane));
                driver.add(lane);
            }
            drivers.add(driver);
        }
        new LoopLanes(drivers, clock, totals, watch, plan.replyTimeout().toNanos(), unfinished, failure).run(start);
        return start;
    }

    /** A lane failed on its loop: the drive ends, with that failure. */
    private static void fail(AtomicReference<Throwable> failure, CountDownLatch unfinished, Throwable failed) {
        failure.compareAndSet(null, failed);
        while (unfinished.getCount() > 0) {
            unfinished.countDown();
        }
    }

    private void run(long startNanos) throws InterruptedException {
        for (LoopDriver driver : drivers) {
            driver.start(startNanos);
        }
        long lastCompleted = -1;
        long lastProgressNanos = clock.nanoTime();
        boolean stopPassedOn = false;
        while (!unfinished.await(LOOK_IN_NANOS, TimeUnit.NANOSECONDS)) {
            long now = clock.nanoTime();
            long completed = totals.completed.sum();
            if (completed != lastCompleted) {
                lastCompleted = completed;
                lastProgressNanos = now;
            } else if (now - lastProgressNanos > replyTimeoutNanos && outstanding() > 0) {
                throw new IllegalStateException(outstanding() + " requests got neither a reply nor a failure within "
                        + replyTimeoutNanos / 1_000_000_000 + " s");
            }
            if (!stopPassedOn && watch.stopRequested()) {
                // A lane waiting for its next due time would only see the stop then.
                stopPassedOn = true;
                drivers.forEach(LoopDriver::turnNow);
            }
        }
        if (failure.get() != null) {
            throw new IllegalStateException("a lane failed on its event loop: " + failure.get(), failure.get());
        }
    }

    private long outstanding() {
        return totals.sent() - totals.completed.sum();
    }
}
