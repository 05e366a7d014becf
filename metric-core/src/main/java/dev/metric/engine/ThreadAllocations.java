package dev.metric.engine;

import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The heap this JVM's threads have allocated so far, counting the threads that ended: the JVM
 * counts per live thread only, and a drive's lane threads (the threads engine's) end before the
 * phase is read, taking their allocation, nearly all of the phase's, with them. A thread that
 * calls {@link #ending()} as its last act leaves its count here.
 */
public final class ThreadAllocations {

    /** The last count of each thread that said it was ending, by thread id (ids are never reused). */
    private static final Map<Long, Long> ENDED = new ConcurrentHashMap<>();

    private ThreadAllocations() {
    }

    /** Leaves the calling thread's count behind; call it as the thread's last act. */
    public static void ending() {
        com.sun.management.ThreadMXBean threads = counting();
        if (threads != null) {
            ENDED.put(Thread.currentThread().getId(), threads.getCurrentThreadAllocatedBytes());
        }
    }

    /**
     * What every thread alive now, or ended through {@link #ending()}, has allocated so far; -1
     * where the JVM cannot tell.
     */
    public static long total() {
        com.sun.management.ThreadMXBean threads = counting();
        if (threads == null) {
            return -1;
        }
        long[] ids = threads.getAllThreadIds();
        long[] bytes = threads.getThreadAllocatedBytes(ids);
        long total = 0;
        for (int i = 0; i < ids.length; i++) {
            if (!ENDED.containsKey(ids[i])) {
                // A thread that ended between listing and counting answers -1: it adds nothing.
                total += Math.max(0, bytes[i]);
            }
        }
        for (long ended : ENDED.values()) {
            total += ended;
        }
        return total;
    }

    /** The JVM's thread bean when it counts allocation, else null. */
    private static com.sun.management.ThreadMXBean counting() {
        return ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads
                && threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled()
                ? threads : null;
    }
}
