package dev.metric.bare;

import dev.metric.pacing.NanoClock;
import dev.metric.pacing.Pacer;
import dev.metric.pacing.TargetRate;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * The floor of pacing on this machine: one thread that only sleeps to each due time of a fixed-rate
 * schedule, as metric's pacer does ({@link NanoClock#SYSTEM}), and records how late it woke. No I/O,
 * no client: whatever lateness a paced run of metric shows beyond this one's, measured in the same
 * round, is metric's own. ({@link BarePacedLoop} is no floor: it does blocking I/O in the pacing
 * thread, so a slow reply makes its next send late.)
 *
 * <p>Usage: {@code java -cp metric.jar:metric-bare.jar dev.metric.bare.PaceFloor <ticks/s> <seconds>
 * <warm-up seconds>}. Prints one line of {@code key=value} pairs: the rate kept, lateness (from the
 * due time to waking) p50, p99 and max in microseconds, how many times it woke over a millisecond
 * late, and CPU microseconds per tick over the measured seconds.
 */
public final class PaceFloor {

    private static final long STALL_NANOS = 1_000_000;

    private PaceFloor() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 3) {
            System.err.println("usage: PaceFloor <ticks/s> <seconds> <warm-up seconds>");
            System.exit(2);
        }
        double rate = Double.parseDouble(args[0]);
        double seconds = Double.parseDouble(args[1]);
        double warmupSeconds = Double.parseDouble(args[2]);
        keep(rate, warmupSeconds, new Histogram(3));
        Histogram lateness = new Histogram(3);
        long cpuBefore = BareLoops.processCpuNanos();
        long ticks = keep(rate, seconds, lateness);
        long cpu = BareLoops.processCpuNanos() - cpuBefore;
        System.out.println(String.format(Locale.ROOT, "target=%.0f kept_per_sec=%.0f late_p50_us=%.1f late_p99_us=%.1f"
                        + " late_max_us=%.1f stalls_over_1ms=%d cpu_us_per_tick=%.2f", rate, ticks / seconds,
                lateness.getValueAtPercentile(50) / 1e3, lateness.getValueAtPercentile(99) / 1e3,
                lateness.getMaxValue() / 1e3, stalls(lateness), cpu / 1e3 / ticks));
    }

    /** How many times the thread woke more than a millisecond late: what a paced client cannot help. */
    private static long stalls(Histogram lateness) {
        return lateness.getMaxValue() < STALL_NANOS ? 0
                : lateness.getCountBetweenValues(STALL_NANOS, lateness.getMaxValue());
    }

    /** Wakes at each due time of {@code seconds} at {@code rate}, recording how late; returns how many times. */
    private static long keep(double rate, double seconds, Histogram lateness) throws InterruptedException {
        long start = System.nanoTime() + 10_000_000;
        long end = start + (long) (seconds * 1e9);
        Pacer pacer = Pacer.fixedRate(NanoClock.SYSTEM, start, new TargetRate(rate), 0, 1);
        long ticks = 0;
        for (long due = pacer.take(); due < end; due = pacer.take()) {
            NanoClock.SYSTEM.sleepUntil(due);
            lateness.recordValue(Math.max(0, System.nanoTime() - due));
            ticks++;
        }
        return ticks;
    }
}
