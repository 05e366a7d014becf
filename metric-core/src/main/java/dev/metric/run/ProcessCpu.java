package dev.metric.run;

import java.lang.management.ManagementFactory;

/**
 * CPU time used by this process (every thread, the client library's I/O threads included): the
 * cost of the client side per request, the figure that shows whether the harness is the bottleneck.
 */
public final class ProcessCpu {

    private ProcessCpu() {
    }

    /** CPU nanoseconds used so far, or -1 where the JVM cannot tell. */
    public static long nanos() {
        if (ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }
}
