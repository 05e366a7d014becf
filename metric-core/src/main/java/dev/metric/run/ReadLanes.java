package dev.metric.run;

import dev.metric.client.KeyValueClient;
import dev.metric.engine.DrivePlan;
import dev.metric.engine.DriveResult;
import dev.metric.engine.Engine;
import dev.metric.engine.ParallelWorkers;
import dev.metric.pacing.NanoClock;
import dev.metric.workload.DataSet;
import java.time.Duration;
import java.util.function.IntFunction;
import java.util.function.IntSupplier;

/**
 * The lanes mode1 reads on, closed loop, each read checked byte for byte: the random reads and
 * the check of every key differ only in the order each lane takes its keys in, so both drive
 * their reads through here. With one read in flight per lane, each lane is a thread that borrows
 * a connection per read, as an application does; with several, reads are kept in flight on one
 * connection.
 *
 * @param inflight reads each lane keeps outstanding
 * @param watch    told of every read's outcome; when it asks to stop, the reads end
 */
record ReadLanes(KeyValueClient client, DataSet dataSet, int threads, int inflight, Duration commandTimeout,
                 NanoClock clock, ServerWatch watch) {

    /**
     * Reads {@code reads} keys in all, shared out over the lanes, into {@code stats}.
     *
     * @param keyOrders each lane's key order, by lane number
     */
    DriveResult drive(ReadStats stats, IntFunction<IntSupplier> keyOrders, long reads, String name)
            throws InterruptedException {
        DrivePlan plan = new DrivePlan(threads, inflight, false, 0, null, commandTimeout);
        return Engine.drive(client, plan, clock, watch, lane -> new ReadWorkload(dataSet, keyOrders.apply(lane),
                ParallelWorkers.share(reads, threads, lane), stats), name);
    }
}
