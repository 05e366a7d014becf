package dev.metric.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.Clients;
import dev.metric.client.KeyValueClient;
import dev.metric.pacing.NanoClock;
import dev.metric.record.IntervalLog;
import dev.metric.result.LoadResult;
import dev.metric.server.LocalRedisServer;
import dev.metric.testkit.LocalRedisExtension;
import dev.metric.testkit.RedisServers;
import dev.metric.workload.DataSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

@ExtendWith(LocalRedisExtension.class)
class LoadPhaseIT {

    /**
     * A server that refuses the load's writes (OOM, as a disk-backed one under memory pressure does
     * for a while) and takes them once the load has waited its first backoff. On the run's clock,
     * which moves only when the load waits, the batch is timed once, from its first intended start to
     * the reply of its retry: the wait is in its latency, as a client retrying a refused write waits it.
     */
    @Test
    void aBatchRetriedAfterARefusalIsTimedFromItsFirstIntendedStart(RedisServers servers) throws Exception {
        LocalRedisServer full = servers.start();
        DataSet dataSet = DataSet.standard(1, 16);
        List<String> progress = new ArrayList<>();
        try (Jedis admin = new Jedis(full.address().host(), full.address().port());
             KeyValueClient client = Clients.open(ClientLibrary.JEDIS, settings(full));
             ServerWatch watch = new ServerWatch(settings(full), List.of(full.address()), new RunControl(),
                     progress::add)) {
            admin.configSet("maxmemory-policy", "noeviction");
            admin.configSet("maxmemory", "1");
            ReliefClock clock = new ReliefClock(admin);

            LoadResult load = new LoadPhase(client, dataSet, (request, index) -> request.set(dataSet.key(index),
                    dataSet.value(index)), LoadPhase.Acknowledgements.NONE, 1, 64, clock, Duration.ofSeconds(5),
                    IntervalLog.NONE, watch).run(Duration.ofSeconds(10), progress::add);

            assertTrue(load.failures().errorReplies() > 0, "the first attempt was refused");
            assertEquals(16, load.written().keysWritten());
            assertEquals(1, load.batchLatency().count(), "one batch, however many attempts it took");
            assertEquals(1_000.0, load.batchLatency().maxMicros(), 1.0, "its first backoff, 1 ms, is in its latency");
        }
    }

    private static ClientSettings settings(LocalRedisServer server) {
        return new ClientSettings(server.address(), 0, 1, Duration.ofSeconds(2), Duration.ofSeconds(5));
    }

    /** A clock that moves only when the load waits, and gives the server room at the first wait. */
    private static final class ReliefClock implements NanoClock {

        private final Jedis admin;
        private volatile long now;
        private boolean relieved;

        ReliefClock(Jedis admin) {
            this.admin = admin;
        }

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public synchronized void sleepUntil(long deadlineNanos) {
            now = Math.max(now, deadlineNanos);
            if (!relieved) {
                admin.configSet("maxmemory", "0");
                relieved = true;
            }
        }
    }
}
