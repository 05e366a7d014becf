package dev.metric.mode.verify;

import dev.metric.client.KeyValueClient;
import dev.metric.engine.DrivePlan;
import dev.metric.engine.DriveResult;
import dev.metric.engine.Engine;
import dev.metric.pacing.NanoClock;
import dev.metric.pacing.TargetRate;
import dev.metric.run.ServerWatch;
import dev.metric.workload.DataSet;
import java.time.Duration;
import java.util.function.IntFunction;
import java.util.function.IntSupplier;
import java.util.function.IntToLongFunction;

/**
 * The lanes mode1 reads on, closed loop, each read checked byte for byte: the random reads and
 * the check of every key differ only in the order each lane takes its keys in, so both drive
 * their reads through here. On a client of threads, with one read in flight per lane, each lane is
 * a thread that borrows a connection per read, as an application does; with several, reads are kept
 * in flight on one connection. On event loops each lane keeps its own connection.
 *
 * @param threads     client threads: event loops, or threads of lanes of their own
 * @param connections lanes per thread
 * @param inflight    reads each lane keeps outstanding
 * @param keysPerRead keys of each read: 1 for a GET, more for an MGET
 * @param watch    told of every read's outcome; when it asks to stop, the reads end
 */
record ReadLanes(KeyValueClient client, DataSet dataSet, int threads, int connections, int inflight, int keysPerRead,
                 Duration commandTimeout, NanoClock clock, ServerWatch watch) {

    /** Lanes in all, each with its own share of the reads. */
    int lanes() {
        return threads * connections;
    }

    /**
     * Reads keys into {@code stats}, each lane as many as {@code keysOfLane} gives it.
     *
     * @param keyOrders each lane's key order, by lane number
     */
    DriveResult drive(ReadStats stats, IntFunction<IntSupplier> keyOrders, IntToLongFunction keysOfLane, String name)
            throws InterruptedException {
        DrivePlan plan = new DrivePlan(threads, connections, inflight, false, TargetRate.CLOSED_LOOP, null,
                commandTimeout);
        return Engine.drive(client, plan, clock, watch, lane -> new ReadWorkload(dataSet, keyOrders.apply(lane),
                keysOfLane.applyAsLong(lane), keysPerRead, stats), name);
    }
}
