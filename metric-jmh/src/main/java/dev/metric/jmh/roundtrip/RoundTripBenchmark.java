package dev.metric.jmh.roundtrip;

import dev.metric.client.Clients;
import dev.metric.client.KeyValueClient;
import dev.metric.client.Lease;
import dev.metric.client.ServerAddress;
import dev.metric.jmh.support.ClientChoice;
import dev.metric.jmh.support.Payloads;
import dev.metric.server.LocalRedisServer;
import java.io.IOException;
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
 * Question: of a whole GET or SET over loopback, how much is the server's work and how much the
 * network and kernel?
 *
 * Each client and pool size sends to (a) a real redis-server and (b) a CannedResponder, which
 * answers every command with a canned reply and executes nothing. (b) minus the client's own
 * cost (EncodeBenchmark, DecodeBenchmark, PoolBenchmark) is the network and kernel; (a) minus (b)
 * is the server. Each request takes a connection and hands it back, as a metric run does. The
 * key is 110 bytes and the value 1100, the middle of metric's ranges. The suite runs this class
 * at 1 and 4 threads (-t).
 *
 * Every request is timed (SampleTime), so the summary can compare medians: on a small machine the
 * server process and the benchmark share cores, and a mean of microsecond round trips moves with
 * every scheduling stall, which would make the difference of two of them mostly noise.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class RoundTripBenchmark {

    public static final int KEY_BYTES = 110;
    public static final int VALUE_BYTES = 1100;

    @Param({"redis", "canned"})
    public String server;

    @Param({"jedis:1", "jedis:8", "lettuce:shared", "lettuce:1", "lettuce:8"})
    public String client;

    private LocalRedisServer redis;
    private CannedResponder responder;
    private KeyValueClient connections;
    private byte[] key;
    private byte[] value;

    @Setup(Level.Trial)
    public void start() throws IOException {
        key = Payloads.key(KEY_BYTES);
        value = Payloads.value(VALUE_BYTES);
        ServerAddress address;
        switch (server) {
            case "redis" -> {
                redis = LocalRedisServer.startOnFreePort();
                address = redis.address();
            }
            case "canned" -> {
                responder = CannedResponder.start(value);
                address = responder.address();
            }
            default -> throw new IllegalArgumentException("server must be redis or canned, got " + server);
        }
        ClientChoice choice = ClientChoice.parse(client);
        connections = Clients.open(choice.library(), choice.settings(address));
        try (Lease lease = connections.lease()) {
            lease.set(key, value);
        }
    }

    @TearDown(Level.Trial)
    public void stop() throws IOException {
        connections.close();
        if (redis != null) {
            redis.close();
        }
        if (responder != null) {
            responder.close();
        }
    }

    @Benchmark
    public byte[] get() {
        try (Lease lease = connections.lease()) {
            return lease.get(key);
        }
    }

    @Benchmark
    public Lease set() {
        try (Lease lease = connections.lease()) {
            lease.set(key, value);
            return lease;
        }
    }
}

/*
 * Run: java -jar metric-jmh/target/benchmarks.jar RoundTripBenchmark -t 4
 * Result: see results/jmh/SUMMARY.md, published by scripts/jmh-publish.sh.
 */
