package dev.metric.engine;

import dev.metric.client.EventLoopClient;
import dev.metric.client.KeyValueClient;
import dev.metric.client.Request;
import dev.metric.pacing.NanoClock;
import dev.metric.pacing.Pacer;
import dev.metric.pacing.Schedule;
import java.util.function.IntFunction;

/**
 * Drives a stretch of traffic through a client as a {@link DrivePlan} says, each lane's requests
 * made and judged by its own {@link Workload}, and returns when every lane has finished: nothing
 * left to send, nothing outstanding.
 *
 * <p>A client on event loops ({@link EventLoopClient}) has its lanes driven on those loops
 * ({@link LoopLanes}): each thread of the plan is a loop driving its connections from their
 * completions and its timers. Every other client runs a thread per lane ({@link LaneThread}), as a
 * threaded application does. The first operation of every lane is due a short lead after the
 * call, so that threads have started.
 */
public final class Engine {

    /** Time for lane threads to start before the first operation is due. */
    static final long LEAD_NANOS = 50_000_000;

    private Engine() {
    }

    /**
     * Drives {@code plan} measuring from its start, for the plan's length.
     *
     * @param workloads  the workload of lane {@code i}
     * @param threadName what lane threads are called, {@code threadName-i}
     * @return what was sent, what could not be, the connection waits and how long it all took
     * @throws IllegalStateException when a request gets neither a reply nor a failure within the
     *                               plan's reply timeout
     */
    public static <R extends Request> DriveResult drive(KeyValueClient client, DrivePlan plan, NanoClock clock,
                                                        Watch watch, IntFunction<Workload<R>> workloads,
                                                        String threadName) throws InterruptedException {
        return drive(client, plan, MeasuredWindow.fromStart(plan.length()), clock, watch, workloads, threadName)
                .measured();
    }

    /**
     * Drives {@code plan} until {@code measured} closes, each request counted on the side of the
     * window its intended start falls on. A window that opens {@linkplain MeasuredWindow#later()
     * later} is opened by another thread while the lanes drive, and says how long it lasts; the
     * plan's length is then not used. A drive whose window never opens runs until it is stopped.
     *
     * @param workloads  the workload of lane {@code i}
     * @param threadName what lane threads are called, {@code threadName-i}
     * @return what was sent, what could not be and the connection waits, before the window opened
     *         and from then on
     * @throws IllegalStateException when a request gets neither a reply nor a failure within the
     *                               plan's reply timeout
     */
    public static <R extends Request> DriveSides drive(KeyValueClient client, DrivePlan plan,
                                                       MeasuredWindow measured, NanoClock clock, Watch watch,
                                                       IntFunction<Workload<R>> workloads, String threadName)
            throws InterruptedException {
        LaneTotals totals = new LaneTotals();
        long start;
        if (client instanceof EventLoopClient loops) {
            start = LoopLanes.drive(loops, plan, measured, clock, watch, totals, workloads);
        } else {
            start = clock.nanoTime() + LEAD_NANOS;
            measured.driveStarts(start);
            long drain = plan.drain().toNanos();
            long replyTimeout = plan.replyTimeout().toNanos();
            long first = start;
            ParallelWorkers.run(plan.lanes(), threadName, i -> {
                CompletionQueue completions = new CompletionQueue(clock, plan.window());
                Workload<R> workload = workloads.apply(i);
                Lane<R> lane = new Lane<>(client::lease, workload,
                        workload.schedule(pacer(plan, clock, first, i), first), clock, watch, totals, plan.window(),
                        plan.batches(), measured, drain, workload.keepsConnection(), completions);
                new LaneThread<>(lane, completions, clock, replyTimeout).run(first);
            });
        }
        long end = totals.lastEndNanos.get();
        long opened = Math.min(measured.opensAtNanos(), end);
        return new DriveSides(totals.of(MeasuredWindow.WARM_UP, opened - start),
                totals.of(MeasuredWindow.MEASURED, end - opened));
    }

    /** Whether {@code client}'s lanes run on its event loops rather than on threads of their own. */
    public static boolean onEventLoops(KeyValueClient client) {
        return client instanceof EventLoopClient;
    }

    /** Lane {@code lane}'s share of the plan's schedule from {@code start}, or a closed loop. */
    static Schedule pacer(DrivePlan plan, NanoClock clock, long start, int lane) {
        return plan.paced() ? Pacer.ticked(clock, start, plan.rate(), plan.tick().toNanos(), lane, plan.lanes())
                : Pacer.closedLoop(clock);
    }
}
