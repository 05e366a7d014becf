package dev.metric.bare;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.protocol.ProtocolVersion;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;

/**
 * The reference a mode1 verify phase is measured against: the same client library, the same
 * connections (a JedisPool of one connection per thread, or Lettuce's one shared connection),
 * the same GETs of uniformly random keys of the same data set, and nothing else — no
 * verification, no histogram, keys generated before the clock starts.
 *
 * <p>Usage: {@code java -cp metric.jar:metric-bare.jar dev.metric.bare.BareGetLoop
 * jedis|lettuce <threads> <kkeys> <reads> <warmup> [port] [host]}. The warm-up reads run first,
 * like mode1's, and are left out. Prints one line of {@code key=value} pairs: rps and client
 * CPU microseconds per request.
 */
public final class BareGetLoop {

    private BareGetLoop() {
    }

    /** One thread's loop: {@code reads} GETs of keys from {@code keys}. */
    private interface Loop {
        long run(byte[][] keys, int thread, long reads);
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 5) {
            System.err.println("usage: BareGetLoop jedis|lettuce <threads> <kkeys> <reads> <warmup> [port] [host]");
            System.exit(2);
        }
        String library = args[0];
        int threads = Integer.parseInt(args[1]);
        int kkeys = Integer.parseInt(args[2]);
        long reads = Long.parseLong(args[3]);
        long warmup = Long.parseLong(args[4]);
        int port = args.length > 5 ? Integer.parseInt(args[5]) : 6379;
        String host = args.length > 6 ? args[6] : "127.0.0.1";

        byte[][] keys = BareLoops.sampleKeys(kkeys);

        switch (library) {
            case "jedis" -> runJedis(host, port, threads, keys, warmup, reads);
            case "lettuce" -> runLettuce(host, port, threads, keys, warmup, reads);
            default -> {
                System.err.println("unknown library " + library + ", expected jedis or lettuce");
                System.exit(2);
            }
        }
    }

    private static void runJedis(String host, int port, int threads, byte[][] keys, long warmup, long reads)
            throws Exception {
        try (JedisPool pool = BareLoops.jedisPool(host, port, threads)) {
            Loop loop = (sample, thread, count) -> {
                long bytes = 0;
                int at = thread * 7919;
                for (long r = 0; r < count; r++) {
                    try (Jedis jedis = pool.getResource()) {
                        byte[] value = jedis.get(sample[at++ & (BareLoops.SAMPLED_KEYS - 1)]);
                        bytes += value == null ? 0 : value.length;
                    }
                }
                return bytes;
            };
            measure(threads, keys, warmup, loop);
            report("jedis", threads, reads, measure(threads, keys, reads, loop));
        }
    }

    private static void runLettuce(String host, int port, int threads, byte[][] keys, long warmup, long reads)
            throws Exception {
        RedisClient client = RedisClient.create(RedisURI.create(host, port));
        client.setOptions(ClientOptions.builder().protocolVersion(ProtocolVersion.RESP2).build());
        try (StatefulRedisConnection<byte[], byte[]> connection = client.connect(ByteArrayCodec.INSTANCE)) {
            RedisCommands<byte[], byte[]> commands = connection.sync();
            Loop loop = (sample, thread, count) -> {
                long bytes = 0;
                int at = thread * 7919;
                for (long r = 0; r < count; r++) {
                    byte[] value = commands.get(sample[at++ & (BareLoops.SAMPLED_KEYS - 1)]);
                    bytes += value == null ? 0 : value.length;
                }
                return bytes;
            };
            measure(threads, keys, warmup, loop);
            report("lettuce", threads, reads, measure(threads, keys, reads, loop));
        } finally {
            client.shutdown(0, 2, TimeUnit.SECONDS);
        }
    }

    /** Runs {@code reads} GETs split over {@code threads} threads; returns {elapsed ns, CPU ns}. */
    private static long[] measure(int threads, byte[][] keys, long reads, Loop loop) throws InterruptedException {
        CountDownLatch go = new CountDownLatch(1);
        long[] bytes = new long[threads];
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int thread = t;
            long share = reads / threads + (t < reads % threads ? 1 : 0);
            workers[t] = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                bytes[thread] = loop.run(keys, thread, share);
            });
            workers[t].start();
        }
        long cpuBefore = BareLoops.processCpuNanos();
        long start = System.nanoTime();
        go.countDown();
        for (Thread worker : workers) {
            worker.join();
        }
        long elapsed = System.nanoTime() - start;
        long cpu = BareLoops.processCpuNanos() - cpuBefore;
        long totalBytes = 0;
        for (long b : bytes) {
            totalBytes += b;
        }
        if (reads > 0 && totalBytes == 0) {
            throw new IllegalStateException("every GET missed: load the data set first (metric mode1 with seed 1)");
        }
        return new long[] {elapsed, cpu};
    }

    private static void report(String library, int threads, long reads, long[] elapsedAndCpu) {
        double seconds = elapsedAndCpu[0] / 1e9;
        System.out.println(String.format(Locale.ROOT,
                "library=%s threads=%d reads=%d seconds=%.3f rps=%.0f cpu_us_per_request=%.2f",
                library, threads, reads, seconds, reads / seconds, elapsedAndCpu[1] / 1e3 / reads));
    }
}
