package dev.metric.result;

/** Rates over a measured stretch, zero for a stretch that took no time rather than infinite. */
public final class Rates {

    private Rates() {
    }

    /** {@code count} per second of {@code seconds}. */
    public static double perSecond(double count, double seconds) {
        return seconds > 0 ? count / seconds : 0;
    }

    /** {@code bytes} per second of {@code seconds}, in MB (10^6 bytes). */
    public static double megabytesPerSecond(long bytes, double seconds) {
        return perSecond(bytes / 1e6, seconds);
    }
}
