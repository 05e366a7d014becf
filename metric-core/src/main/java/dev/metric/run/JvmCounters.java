package dev.metric.run;

import dev.metric.engine.ThreadAllocations;
import dev.metric.result.ClientStalls;
import dev.metric.result.JvmActivity;
import dev.metric.result.WarmupEnding;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * The JVM's running totals of JIT compile time, garbage collections and heap allocation at one
 * moment, or the difference between two such moments, so that a phase can report what the JVM did
 * while it was measured ({@link JvmActivity}).
 *
 * @param compileMillis  total compile time so far (or between the moments), -1 where the JVM does not report it
 * @param gcCount        collections so far, every collector together
 * @param gcMillis       their time so far
 * @param allocatedBytes heap the threads have allocated so far ({@link ThreadAllocations}), -1 where the
 *                       JVM does not report it
 */
public record JvmCounters(long compileMillis, long gcCount, long gcMillis, long allocatedBytes) {

    /** The totals now. */
    public static JvmCounters now() {
        long count = 0;
        long millis = 0;
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            // A collector that cannot tell answers -1: it adds nothing.
            count += Math.max(0, collector.getCollectionCount());
            millis += Math.max(0, collector.getCollectionTime());
        }
        return new JvmCounters(totalCompileMillis(), count, millis, ThreadAllocations.total());
    }

    /** The JIT's total compile time so far, -1 where the JVM does not report it. */
    static long totalCompileMillis() {
        CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
        return compiler != null && compiler.isCompilationTimeMonitoringSupported()
                ? compiler.getTotalCompilationTime() : -1;
    }

    /**
     * What happened from {@code before} to these totals: the differences, compile time and allocation
     * -1 when either lacks them. Allocation is never negative: a thread that ended in between
     * without leaving its count takes it out of the total.
     */
    public JvmCounters since(JvmCounters before) {
        long compile = compileMillis < 0 || before.compileMillis < 0 ? -1 : compileMillis - before.compileMillis;
        long allocated = allocatedBytes < 0 || before.allocatedBytes < 0 ? -1
                : Math.max(0, allocatedBytes - before.allocatedBytes);
        return new JvmCounters(compile, gcCount - before.gcCount, gcMillis - before.gcMillis, allocated);
    }

    /** These differences as a phase's activity, with what else the client did and the judgement of it. */
    public JvmActivity activity(ClientStalls stalls, double coreShare, String clientBound, WarmupEnding ending) {
        return new JvmActivity(compileMillis, gcCount, gcMillis, allocatedBytes, stalls, coreShare, clientBound,
                ending);
    }
}
