package dev.metric.jmh.baseline;

import dev.metric.jmh.support.Payloads;
import dev.metric.jmh.support.ValueState;
import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/*
 * Question: what do the same GETs and SETs cost with no client library, no network and no
 * server — a ConcurrentHashMap in the same process, the floor the original write-up compared
 * cache servers against?
 *
 * Keys are 110 bytes, wrapped once so the map hashes their contents; a SET stores a copy of the
 * value, as a server must, and a GET hands back the stored array. The map holds 1024 keys; the
 * suite runs this class at 1 and 4 threads (-t).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class InProcessMapBenchmark {

    private static final int KEYS = 1024;
    private static final int KEY_BYTES = 110;

    /** The map, filled with every key, shared by all threads like a server's keyspace. */
    @State(Scope.Benchmark)
    public static class Keyspace {
        final ConcurrentHashMap<ByteBuffer, byte[]> map = new ConcurrentHashMap<>();
        final ByteBuffer[] keys = new ByteBuffer[KEYS];
        byte[] value;

        @Setup(Level.Trial)
        public void fill(ValueState value) {
            this.value = value.value;
            byte[] key = Payloads.key(KEY_BYTES);
            for (int i = 0; i < KEYS; i++) {
                byte[] distinct = key.clone();
                distinct[distinct.length - 1] = (byte) i;
                distinct[distinct.length - 2] = (byte) (i >> 8);
                keys[i] = ByteBuffer.wrap(distinct);
                map.put(keys[i], value.value.clone());
            }
        }
    }

    /** Which key a thread uses next. */
    @State(Scope.Thread)
    public static class Cursor {
        int next;

        ByteBuffer key(Keyspace keyspace) {
            return keyspace.keys[next++ & (KEYS - 1)];
        }
    }

    @Benchmark
    public byte[] get(Keyspace keyspace, Cursor cursor) {
        return keyspace.map.get(cursor.key(keyspace));
    }

    @Benchmark
    public byte[] set(Keyspace keyspace, Cursor cursor) {
        return keyspace.map.put(cursor.key(keyspace), keyspace.value.clone());
    }
}

/*
 * Run: java -jar metric-jmh/target/benchmarks.jar InProcessMapBenchmark -t 4
 * Result: see results/jmh/SUMMARY.md, published by scripts/jmh-publish.sh.
 */
