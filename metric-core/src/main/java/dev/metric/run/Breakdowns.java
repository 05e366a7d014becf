package dev.metric.run;

import dev.metric.breakdown.ClientCost;
import dev.metric.breakdown.CommandStats;
import dev.metric.breakdown.LatencyBreakdown;
import dev.metric.record.LatencySummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Puts each phase's own timing into the shape a {@link LatencyBreakdown} splits: a mean per
 * request that includes the wait for a connection, and how many requests shared each connection
 * lease. Phases time differently: one read at a time is timed from asking for a connection, a
 * window of requests from each send, a pipelined load per batch.
 */
final class Breakdowns {

    private Breakdowns() {
    }

    /** mode1's measured GETs. */
    static LatencyBreakdown reads(VerifyResult verify, int inflight, ClientCost cost, CommandStats before,
                                  CommandStats after) {
        long reads = verify.reads();
        double leasesPerRead = perRequest(verify.connectionWait().count(), reads);
        double endToEnd = inflight == 1
                ? verify.latency().meanMicros()
                : verify.latency().meanMicros() + verify.connectionWait().meanMicros() * leasesPerRead;
        String basis = inflight == 1 ? "per read" : "per read, " + inflight + " in flight per thread";
        return LatencyBreakdown.split("GET", basis, reads, endToEnd, cost.encodeGetNanos(), cost.decodeBulkNanos(),
                cost.leaseNanos(), leasesPerRead, after.microsPerCallSince(before, "get"));
    }

    /** The load phase's writes: a batch's time shared among its SETs. */
    static LatencyBreakdown loadWrites(LoadResult load, ClientCost cost, CommandStats before, CommandStats after) {
        double setsPerBatch = load.setsPerBatch();
        LatencySummary batches = load.batchLatency();
        String basis = String.format(Locale.ROOT, "per write, in pipelined batches of %.0f: a batch's time / its writes",
                setsPerBatch);
        return LatencyBreakdown.split(cost.setCommand(), basis, Math.round(batches.count() * setsPerBatch),
                batches.meanMicros() / setsPerBatch, cost.encodeSetNanos(), cost.decodeStatusNanos(), cost.leaseNanos(),
                1 / setsPerBatch, after.microsPerCallSince(before, cost.setCommand()));
    }

    /**
     * mode2's GETs (hits and misses) and SETEXs (scheduled writes and refills) over one traffic
     * phase. A miss's reply is a null bulk string, parsed at the cost of {@code +OK}.
     */
    static List<LatencyBreakdown> traffic(PhaseResult phase, String basis, ClientCost cost, CommandStats before,
                                          CommandStats after) {
        double leasesPerOp = perRequest(phase.connectionWait().count(), phase.all().count());
        double waitPerOp = phase.connectionWait().meanMicros() * leasesPerOp;
        List<LatencyBreakdown> commands = new ArrayList<>();
        OpFigures hits = phase.figures(OpKind.GET_HIT);
        OpFigures misses = phase.figures(OpKind.GET_MISS);
        long gets = hits.count() + misses.count();
        if (gets > 0) {
            double decode = (cost.decodeBulkNanos() * hits.count() + cost.decodeStatusNanos() * misses.count()) / gets;
            commands.add(LatencyBreakdown.split("GET", basis, gets, meanService(hits, misses) + waitPerOp,
                    cost.encodeGetNanos(), decode, cost.leaseNanos(), leasesPerOp, after.microsPerCallSince(before, "get")));
        }
        OpFigures writes = phase.figures(OpKind.SETEX);
        OpFigures refills = phase.figures(OpKind.REFILL);
        long setexes = writes.count() + refills.count();
        if (setexes > 0) {
            commands.add(LatencyBreakdown.split(cost.setCommand(), basis, setexes, meanService(writes, refills) + waitPerOp,
                    cost.encodeSetNanos(), cost.decodeStatusNanos(), cost.leaseNanos(), leasesPerOp,
                    after.microsPerCallSince(before, cost.setCommand())));
        }
        return commands;
    }

    private static double meanService(OpFigures a, OpFigures b) {
        return (a.service().meanMicros() * a.count() + b.service().meanMicros() * b.count()) / (a.count() + b.count());
    }

    private static double perRequest(long leases, long requests) {
        return requests == 0 ? 0 : (double) leases / requests;
    }
}
