package dev.metric.run;

import dev.metric.result.ClientStalls;
import dev.metric.result.JvmActivity;
import dev.metric.result.WarmupEnding;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The JVM's running totals of JIT compile time, garbage collections and heap allocation at one
 * moment, or the difference between two such moments, so that a phase can report what the JVM did
 * while it was measured ({@link JvmActivity}).
 *
 * @param compileMillis  total compile time so far (or between the moments), -1 where the JVM does not report it
 * @param gcCount        collections so far, every collector together
 * @param gcMillis       their time so far
 * @param allocatedBytes heap the live threads have allocated so far, -1 where the JVM does not report it;
 *                       between two moments, what the threads alive at both allocated in between
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
        return new JvmCounters(totalCompileMillis(), count, millis, totalAllocatedBytes());
    }

    /**
     * The heap every live thread has allocated so far, -1 where the JVM cannot tell. A thread that
     * ended takes its count with it: the lanes and the I/O threads live through a phase, so a
     * difference over one is theirs.
     */
    static long totalAllocatedBytes() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        if (!(threads instanceof com.sun.management.ThreadMXBean counting)
                || !counting.isThreadAllocatedMemorySupported() || !counting.isThreadAllocatedMemoryEnabled()) {
            return -1;
        }
        long total = 0;
        for (long bytes : counting.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            // A thread that ended between listing and counting answers -1: it adds nothing.
            total += Math.max(0, bytes);
        }
        return total;
    }

    /** The JIT's total compile time so far, -1 where the JVM does not report it. */
    static long totalCompileMillis() {
        CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
        return compiler != null && compiler.isCompilationTimeMonitoringSupported()
                ? compiler.getTotalCompilationTime() : -1;
    }

    /**
     * What happened from {@code before} to these totals: the differences, compile time and allocation
     * -1 when either lacks them. Allocation is never negative: a thread that ended in between takes
     * its count out of the total.
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
