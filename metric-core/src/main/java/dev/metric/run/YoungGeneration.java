package dev.metric.run;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Optional;

/**
 * Readies the serial collector's young generation, before a measurement, to take the window's
 * allocation without a collection and without a page fault.
 *
 * <p>The measuring JVM (metric-cli's {@code MeasuringJvm}) gives the serial collector a fixed
 * young generation large enough for a window at a set rate; but memory the process has never
 * touched is faulted in, page by page, on first use: inside the window, the lanes would stall on
 * it (a 3 GB young generation left untouched took a run's stall maximum to 43 ms). So before the
 * window, where no request is due (mode2: after its closed-loop warm-up), eden is filled up to what
 * the window will allocate, with garbage; the collection at the switch then empties it and keeps
 * its pages. Touching the whole of a large eden
 * instead, as {@code -XX:+AlwaysPreTouch} would at start, takes seconds here. Other collectors
 * size their young generation as they go: there is nothing to ready and this does nothing.
 */
public final class YoungGeneration {

    /** The serial collector's eden: a fixed range, filled from the bottom up. */
    private static final String SERIAL_EDEN = "Eden Space";
    private static final int CHUNK = 1 << 20;

    private static volatile byte[] sink;
    /** The most of eden readied so far: its pages stay the process's, through every collection. */
    private static long readied;

    private YoungGeneration() {
    }

    /**
     * Fills the serial collector's eden with garbage until {@code bytes} of it (at most all of it)
     * have been handed out since its last collection, unless as much was readied before.
     *
     * @return the bytes of eden touched so far, 0 under another collector
     */
    public static synchronized long ready(long bytes) {
        if (bytes <= readied) {
            return readied;
        }
        Optional<MemoryPoolMXBean> eden = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(pool -> pool.getType() == MemoryType.HEAP && pool.getName().equals(SERIAL_EDEN))
                .findFirst();
        if (eden.isEmpty()) {
            return 0;
        }
        long target = Math.min(bytes, eden.get().getUsage().getCommitted() - CHUNK);
        // A collection on the way (lanes allocate meanwhile) starts eden again from the bottom:
        // filling goes on, within a bound, until the target is reached in one go.
        long chunks = 4 * (Math.max(0, target) / CHUNK + 1);
        for (long i = 0; i < chunks && eden.get().getUsage().getUsed() < target; i++) {
            sink = new byte[CHUNK];
        }
        sink = null;
        readied = Math.max(readied, Math.min(target, eden.get().getUsage().getUsed()));
        return readied;
    }
}
