package dev.metric.result;

import dev.metric.record.LatencySummary;
import java.util.Locale;

/**
 * What the client's JVM and process did beside the traffic while a phase was measured: JIT
 * compiling, garbage collection, stalls and the share of its cores it kept busy. Each takes the
 * client's cores from the threads that send and read, so on a small client any of them makes
 * requests late; a figure measured while the JIT was still compiling is partly a measure of the
 * warm-up. Reported so that a reader can tell a slow server from a client that was busy with
 * itself, and judged into {@link #clientBound}: why the phase's latency is the client's own.
 *
 * @param compileMillis  time the JIT compilers spent compiling, -1 where the JVM does not report it
 * @param gcCount        garbage collections, as the JVM's collectors count them
 * @param gcMillis       time those collections took, as the collectors report it (their pauses for
 *                       the serial, parallel and G1 collectors)
 * @param allocatedBytes heap the client's threads allocated, the traffic's and the rest's: what
 *                       fills the young generation and so paces the collections; -1 where the JVM
 *                       does not report it
 * @param stalls         how late the client's stall meter woke
 * @param coreShare      the process's CPU time over the phase's time and the cores it may use:
 *                       1 when it kept them all busy; NaN where the CPU time is not known
 * @param clientBound    why the phase's latency is the client's own rather than the server's, in a
 *                       sentence; empty when it is not
 * @param warmupEnding   how the warm-up that flowed into the phase ended; null when none did
 */
public record JvmActivity(long compileMillis, long gcCount, long gcMillis, long allocatedBytes, ClientStalls stalls,
                          double coreShare, String clientBound, WarmupEnding warmupEnding) {

    /** Not measured: a search stopped before the end of its first step. */
    public static final JvmActivity UNKNOWN = new JvmActivity(-1, 0, 0, -1, ClientStalls.NONE, Double.NaN, "", null);

    /** A process this busy is saturated: its own sends and reads queue behind each other. */
    static final double SATURATED = 0.9;
    /** Response time above service time by less than this is the pacing floor's, never a bound. */
    static final double SIGNIFICANT_MICROS = 100;

    /** Whether the phase's latency is the client's own. */
    public boolean bound() {
        return !clientBound.isEmpty();
    }

    /**
     * Judges whether the client explains a phase's latency. It does when its process kept its cores
     * busy, or when the response time's p99 stands above the service time's by more than the
     * service time itself (and {@link #SIGNIFICANT_MICROS}), and the client's own delay or its
     * stalls account for at least half that difference: the requests were late because the client
     * was, not because they waited for the server.
     *
     * @param ownDelay the requests' own delay, from when each was due and had room to when it went out
     */
    public static String clientBound(LatencySummary response, LatencySummary service, LatencySummary ownDelay,
                                     ClientStalls stalls, double coreShare, int cores) {
        if (coreShare >= SATURATED) {
            return String.format(Locale.ROOT, "client-bound: the client's process kept its %d core%s %.0f%% busy",
                    cores, cores == 1 ? "" : "s", 100 * coreShare);
        }
        double excess = response.p99Micros() - service.p99Micros();
        double own = Math.max(ownDelay.p99Micros(), stalls.p99Micros());
        if (excess < Math.max(SIGNIFICANT_MICROS, service.p99Micros()) || own < excess / 2) {
            return "";
        }
        return String.format(Locale.ROOT, "client-bound: response time's p99 is %.3f ms above service time's, and "
                        + "the client's own delay (p99 %.3f ms) and stalls (p99 %.3f ms, max %.3f ms, %,d of 1 ms "
                        + "or more) account for %.3f ms of it", excess / 1e3, ownDelay.p99Micros() / 1e3,
                stalls.p99Micros() / 1e3, stalls.maxMicros() / 1e3, stalls.stalls(), Math.min(own, excess) / 1e3);
    }
}
