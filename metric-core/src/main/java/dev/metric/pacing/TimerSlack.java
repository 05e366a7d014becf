package dev.metric.pacing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How late Linux may fire a sleeping thread's timer, to coalesce wake-ups: its timer slack. Threads
 * inherit the slack of the thread that started them, so the process's is every thread's. A lone
 * timer fires at the end of its slack, so whoever sleeps to a due time sets its timer this much
 * early.
 */
public final class TimerSlack {

    /** Linux's default, assumed where the process's own cannot be read. */
    static final long DEFAULT_NANOS = 50_000;
    /** More than this is not slack but a setting no pacing could keep: not compensated beyond it. */
    static final long MAX_COMPENSATED_NANOS = 1_000_000;

    private TimerSlack() {
    }

    /** The process's timer slack from {@code /proc/self/timerslack_ns}, else {@value #DEFAULT_NANOS}. */
    public static long nanos() {
        return parse(read(Path.of("/proc/self/timerslack_ns")));
    }

    /** The slack a file's text gives, or the default when there is none or it makes no sense. */
    static long parse(String text) {
        if (text == null) {
            return DEFAULT_NANOS;
        }
        try {
            long nanos = Long.parseLong(text.strip());
            return nanos < 0 ? DEFAULT_NANOS : Math.min(nanos, MAX_COMPENSATED_NANOS);
        } catch (NumberFormatException e) {
            return DEFAULT_NANOS;
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.US_ASCII);
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            return null;
        }
    }
}
