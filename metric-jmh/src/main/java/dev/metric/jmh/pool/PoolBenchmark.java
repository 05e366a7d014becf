package dev.metric.jmh.pool;

import dev.metric.client.ClientLibrary;
import dev.metric.client.Clients;
import dev.metric.client.KeyValueClient;
import dev.metric.client.Lease;
import dev.metric.jmh.support.ClientChoice;
import dev.metric.jmh.support.RedisState;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/*
 * Question: what does taking a connection and handing it back cost, by pool size and by how many
 * threads compete for it — JedisPool and Lettuce's pooled connections (both commons-pool2)
 * against Lettuce's one shared connection, which needs no pool at all?
 *
 * The connections are real, open to a real redis-server, but do no I/O while measured: each
 * operation is one lease and its release, through the same binding a metric run uses. Thread
 * counts are not a JMH parameter; the suite runs this class at 1, 4, 16 and 64 threads (-t).
 * With more threads than connections the figure includes the wait for a free one.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class PoolBenchmark {

    /** A pooled client of each library and pool size. */
    @State(Scope.Benchmark)
    public static class Pooled {
        @Param({"jedis", "lettuce"})
        public String client;

        @Param({"1", "8", "32", "128"})
        public int poolSize;

        KeyValueClient connections;

        @Setup(Level.Trial)
        public void open(RedisState redis) {
            ClientLibrary library = ClientLibrary.valueOf(client.toUpperCase(Locale.ROOT));
            connections = Clients.open(library, new ClientChoice(library, poolSize).settings(redis.server.address()));
        }

        @TearDown(Level.Trial)
        public void close() {
            connections.close();
        }
    }

    /** Lettuce's one thread-safe connection, shared by every thread: the reference with no pool. */
    @State(Scope.Benchmark)
    public static class Shared {
        KeyValueClient connection;

        @Setup(Level.Trial)
        public void open(RedisState redis) {
            connection = Clients.open(ClientLibrary.LETTUCE,
                    new ClientChoice(ClientLibrary.LETTUCE, 0).settings(redis.server.address()));
        }

        @TearDown(Level.Trial)
        public void close() {
            connection.close();
        }
    }

    @Benchmark
    public Lease baselineShared(Shared shared) {
        return borrowAndReturn(shared.connection);
    }

    @Benchmark
    public Lease borrowAndReturn(Pooled pooled) {
        return borrowAndReturn(pooled.connections);
    }

    private static Lease borrowAndReturn(KeyValueClient client) {
        Lease lease = client.lease();
        lease.close();
        return lease;
    }
}

/*
 * Run: java -jar metric-jmh/target/benchmarks.jar PoolBenchmark -t 16
 * Result: see results/jmh/SUMMARY.md, published by scripts/jmh-publish.sh.
 */
