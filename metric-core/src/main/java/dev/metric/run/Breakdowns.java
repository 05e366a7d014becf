package dev.metric.run;

import dev.metric.breakdown.ClientCost;
import dev.metric.breakdown.ClientCostProbe;
import dev.metric.breakdown.CommandStats;
import dev.metric.breakdown.LatencyBreakdown;
import dev.metric.client.ClientLibrary;
import dev.metric.record.LatencySummary;
import dev.metric.result.LoadResult;
import dev.metric.result.OpFigures;
import dev.metric.result.OpKind;
import dev.metric.result.PhaseResult;
import dev.metric.workload.DataSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * Puts each phase's own figures into the shape a {@link LatencyBreakdown} splits: a mean response
 * time per request, which includes the wait for a connection, and that wait as the phase measured
 * it, spread over the requests each connection carried (one read, a window of them, a batch).
 */
public final class Breakdowns {

    private Breakdowns() {
    }

    /**
     * The client library's own cost of encoding and decoding the run's requests, measured on a
     * sample of its keys and values before the run; null when the breakdown was not asked for, or
     * for keys holding structures, whose requests the probe (GET and SET) does not time.
     *
     * @param valueOf    the value the probe sends for a key
     * @param ttlSeconds the TTL of the probe's SETs; 0 for plain SETs
     */
    public static ClientCost clientCost(boolean asked, ClientLibrary library, DataSet dataSet,
                                        IntFunction<byte[]> valueOf, long ttlSeconds, Consumer<String> progress) {
        if (!asked) {
            return null;
        }
        if (dataSet.spec().structured()) {
            progress.accept("breakdown: not measured for " + dataSet.spec().type().plural()
                    + ": its probe times the client's GET and SET");
            return null;
        }
        ClientCost cost = ClientCostProbe.measure(library, dataSet, valueOf, ttlSeconds);
        progress.accept(String.format("breakdown: client costs measured in %d ms", cost.measureMillis()));
        return cost;
    }

    /**
     * mode1's measured GETs.
     *
     * @param latency        their response time
     * @param connectionWait the time spent waiting for a connection from the pool, per lease
     */
    public static LatencyBreakdown reads(long reads, LatencySummary latency, LatencySummary connectionWait,
                                         int inflight, ClientCost cost, CommandStats before, CommandStats after) {
        String basis = inflight == 1 ? "per read" : "per read, " + inflight + " in flight per thread";
        return LatencyBreakdown.split("GET", basis, reads, latency.meanMicros(), cost.encodeGetNanos(),
                cost.decodeBulkNanos(), waitPerRequest(connectionWait, reads),
                after.microsPerCallSince(before, "get"));
    }

    /** The load phase's writes: a batch's time shared among its SETs. */
    public static LatencyBreakdown loadWrites(LoadResult load, ClientCost cost, CommandStats before,
                                              CommandStats after) {
        double setsPerBatch = load.setsPerBatch();
        LatencySummary batches = load.batchLatency();
        String basis = String.format(Locale.ROOT,
                "per write, in pipelined batches of %.0f: a batch's time / its writes",
                setsPerBatch);
        long writes = Math.round(batches.count() * setsPerBatch);
        return LatencyBreakdown.split(cost.setCommand(), basis, writes, batches.meanMicros() / setsPerBatch,
                cost.encodeSetNanos(), cost.decodeStatusNanos(), waitPerRequest(load.connectionWait(), writes),
                after.microsPerCallSince(before, cost.setCommand()));
    }

    /**
     * mode2's GETs (hits and misses) and SETEXs (scheduled writes and refills) over one traffic
     * phase. A miss's reply is a null bulk string, parsed at the cost of {@code +OK}. Failed
     * requests are left out: their time is the time they were given up, not a command's.
     */
    public static List<LatencyBreakdown> traffic(PhaseResult phase, String basis, ClientCost cost, CommandStats before,
                                                 CommandStats after) {
        long answered = phase.all().count() - phase.figures(OpKind.FAILED).count();
        double poolPerOp = waitPerRequest(phase.waits().connectionWait(), answered);
        List<LatencyBreakdown> commands = new ArrayList<>();
        OpFigures hits = phase.figures(OpKind.GET_HIT);
        OpFigures misses = phase.figures(OpKind.GET_MISS);
        long gets = hits.count() + misses.count();
        if (gets > 0) {
            double decode = (cost.decodeBulkNanos() * hits.count() + cost.decodeStatusNanos() * misses.count()) / gets;
            commands.add(LatencyBreakdown.split("GET", basis, gets, meanResponse(hits, misses), cost.encodeGetNanos(),
                    decode, poolPerOp, after.microsPerCallSince(before, "get")));
        }
        OpFigures writes = phase.figures(OpKind.SETEX);
        OpFigures refills = phase.figures(OpKind.REFILL);
        long setexes = writes.count() + refills.count();
        if (setexes > 0) {
            commands.add(LatencyBreakdown.split(cost.setCommand(), basis, setexes, meanResponse(writes, refills),
                    cost.encodeSetNanos(), cost.decodeStatusNanos(), poolPerOp,
                    after.microsPerCallSince(before, cost.setCommand())));
        }
        return commands;
    }

    private static double meanResponse(OpFigures a, OpFigures b) {
        return (a.response().meanMicros() * a.count() + b.response().meanMicros() * b.count())
                / (a.count() + b.count());
    }

    /** Every wait for a connection over the requests: the pool's share of each request, in microseconds. */
    private static double waitPerRequest(LatencySummary waits, long requests) {
        return requests == 0 ? 0 : waits.meanMicros() * waits.count() / requests;
    }
}
