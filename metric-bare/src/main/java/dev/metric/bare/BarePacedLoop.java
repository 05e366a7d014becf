package dev.metric.bare;

import dev.metric.pacing.NanoClock;
import dev.metric.pacing.Pacer;
import dev.metric.pacing.TargetRate;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;

/**
 * What schedule a minimal open-loop client keeps on this machine: the floor a mode2 run under
 * {@code --rate} is measured against. Jedis GETs of the data set's keys from a JedisPool of one
 * connection per thread, borrowed per request; each thread takes its share of one schedule and
 * sleeps until each operation is due as metric does ({@link NanoClock#SYSTEM}). Nothing else: no
 * verification, no histogram but the lateness it reports.
 *
 * <p>Usage: {@code java -cp metric.jar:metric-bare.jar dev.metric.bare.BarePacedLoop <threads> <kkeys>
 * <ops/s> <seconds> <warm-up seconds> [port] [host]}. Prints one line of {@code key=value} pairs:
 * the rate kept, send lateness (from the due time to just before the GET, its connection taken)
 * p50, p99 and max in microseconds, and client CPU microseconds per request over the measured
 * seconds.
 */
public final class BarePacedLoop {

    private BarePacedLoop() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 5) {
            System.err.println("usage: BarePacedLoop <threads> <kkeys> <ops/s> <seconds> <warm-up seconds> [port]"
                    + " [host]");
            System.exit(2);
        }
        int threads = Integer.parseInt(args[0]);
        int kkeys = Integer.parseInt(args[1]);
        double rate = Double.parseDouble(args[2]);
        double seconds = Double.parseDouble(args[3]);
        double warmupSeconds = Double.parseDouble(args[4]);
        int port = args.length > 5 ? Integer.parseInt(args[5]) : 6379;
        String host = args.length > 6 ? args[6] : "127.0.0.1";

        byte[][] keys = BareLoops.sampleKeys(kkeys);
        try (JedisPool pool = BareLoops.jedisPool(host, port, threads)) {
            run(pool, keys, threads, rate, warmupSeconds, new Recorder(3));
            Recorder lateness = new Recorder(3);
            long cpuBefore = BareLoops.processCpuNanos();
            long sent = run(pool, keys, threads, rate, seconds, lateness);
            long cpu = BareLoops.processCpuNanos() - cpuBefore;
            Histogram late = lateness.getIntervalHistogram();
            System.out.println(String.format(Locale.ROOT, "threads=%d target=%.0f sent_per_sec=%.0f late_p50_us=%.1f "
                            + "late_p99_us=%.1f late_max_us=%.1f cpu_us_per_request=%.2f", threads, rate,
                    sent / seconds, late.getValueAtPercentile(50) / 1e3, late.getValueAtPercentile(99) / 1e3,
                    late.getMaxValue() / 1e3, cpu / 1e3 / sent));
        }
    }

    /** Sends what falls due in {@code seconds} at {@code rate}, recording how late each went out; returns how many. */
    private static long run(JedisPool pool, byte[][] keys, int threads, double rate, double seconds, Recorder lateness)
            throws InterruptedException {
        CountDownLatch done = new CountDownLatch(threads);
        long[] sent = new long[threads];
        long start = System.nanoTime() + 50_000_000;
        long end = start + (long) (seconds * 1e9);
        for (int t = 0; t < threads; t++) {
            int thread = t;
            Thread worker = new Thread(() -> {
                Pacer pacer = Pacer.fixedRate(NanoClock.SYSTEM, start, new TargetRate(rate), thread, threads);
                int at = thread * 7919;
                try {
                    for (long due = pacer.take(); due < end; due = pacer.take()) {
                        NanoClock.SYSTEM.sleepUntil(due);
                        try (Jedis jedis = pool.getResource()) {
                            // metric's lateness ends on the wire, after the write; jedis.get gives no
                            // moment between write and read, so this one ends just before it.
                            lateness.recordValue(Math.max(0, System.nanoTime() - due));
                            jedis.get(keys[at++ & (BareLoops.SAMPLED_KEYS - 1)]);
                        }
                        sent[thread]++;
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    done.countDown();
                }
            });
            worker.start();
        }
        done.await();
        long total = 0;
        for (long s : sent) {
            total += s;
        }
        return total;
    }
}
