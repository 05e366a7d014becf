package dev.metric.jmh.memcached;

import dev.metric.jmh.roundtrip.RoundTripBenchmark;
import dev.metric.jmh.support.Payloads;
import dev.metric.server.LocalMemcachedServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/*
 * Question: which memcached client library costs least per request, for the choice of the one
 * metric drives memcached with?
 *
 * Each library, with one connection, sends blocking GETs and SETs of a 110-byte key and a
 * 1100-byte value to one real memcached of one worker thread (-t 1) started for the trial. The
 * server and the network are the same for all three, so the differences between them are the
 * libraries: their encoding, parsing and hand-over between the caller and their I/O thread. Run
 * with -prof gc to see what each allocates per request. The suite runs this class at 1 and 4
 * threads (-t): at 4, the threads share the library's one connection. getInFlight keeps 16
 * GETs in flight per thread, as metric's lanes do with --inflight 16, where the library can send
 * without waiting for a reply; its time per GET is close to what the library costs per request.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MemcachedClientBenchmark {

    /** The round trips' sizes, so that the summary sets these beside them. */
    private static final int KEY_BYTES = RoundTripBenchmark.KEY_BYTES;
    private static final int VALUE_BYTES = RoundTripBenchmark.VALUE_BYTES;
    /** Requests a thread keeps in flight in {@link #getInFlight}: metric's --inflight 16. */
    private static final int IN_FLIGHT = 16;

    @Param({"folsom", "xmemcached", "spymemcached"})
    public String library;

    private LocalMemcachedServer server;
    private MemcachedLibrary client;
    private String key;
    private byte[] value;

    @Setup(Level.Trial)
    public void start() throws Exception {
        server = LocalMemcachedServer.startOnFreePort(1, List.of());
        client = MemcachedLibrary.open(library, server.address());
        key = new String(Payloads.key(KEY_BYTES), StandardCharsets.US_ASCII);
        value = Payloads.value(VALUE_BYTES);
        client.set(key, value);
    }

    /** The keys of a window of GETs, written once for the trial: only {@link #getInFlight} reads them. */
    @State(Scope.Benchmark)
    public static class Window {
        String[] keys;

        @Setup(Level.Trial)
        public void write(MemcachedClientBenchmark benchmark) throws Exception {
            keys = new String[IN_FLIGHT];
            for (int i = 0; i < IN_FLIGHT; i++) {
                keys[i] = benchmark.key.substring(0, KEY_BYTES - 2) + (char) ('A' + i) + "0";
                benchmark.client.set(keys[i], benchmark.value);
            }
        }
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        try {
            client.close();
        } finally {
            server.close();
        }
    }

    @Benchmark
    public byte[] get() throws Exception {
        byte[] got = client.get(key);
        if (got == null || got.length != VALUE_BYTES) {
            throw new IOException(library + " read back " + (got == null ? "nothing" : got.length + " bytes"));
        }
        return got;
    }

    /** A window of {@value #IN_FLIGHT} GETs: its time over {@value #IN_FLIGHT} is the cost of each when pipelined. */
    @Benchmark
    @OperationsPerInvocation(IN_FLIGHT)
    public long getInFlight(Window window) throws Exception {
        long bytes = client.getInFlight(window.keys);
        if (bytes != (long) IN_FLIGHT * VALUE_BYTES) {
            throw new IOException(library + " read back " + bytes + " bytes of " + IN_FLIGHT + " values");
        }
        return bytes;
    }

    @Benchmark
    public void set() throws Exception {
        client.set(key, value);
    }
}
