package dev.metric.engine;

import java.time.Duration;

/**
 * Where a drive's figures switch from its warm-up to its measurement, and where its measurement
 * ends. A drive whose window opens {@linkplain #later() later} warms up and measures in one
 * stretch of traffic: nothing stops or restarts at the switch, so no branch is taken for the first
 * time there and no compiled code is thrown away while measuring (as it was when the warm-up was a
 * drive of its own, whose end the measured drive followed).
 *
 * <p>A request counts on the side of the switch its intended start falls on ({@link #sideOf}):
 * one intended before the window opened is the warm-up's, whenever its reply comes, and every
 * other is the measurement's, so that none is lost or counted twice at the instant.
 */
public final class MeasuredWindow {

    /** The side of a request intended before the window opened. */
    public static final int WARM_UP = 0;
    /** The side of a request intended once the window was open. */
    public static final int MEASURED = 1;
    /** Sides a drive counts its requests in. */
    public static final int SIDES = 2;
    /**
     * The close of a window not yet open, or without an end: so far off that a drain time added to
     * it cannot overflow, so that the lanes compare against it the same way before the opening and
     * after, and the opening takes no branch they never took.
     */
    static final long NEVER = Long.MAX_VALUE / 2;

    /** Null for a window that opens when {@link #open} is called; else its length from the drive's start. */
    private final Duration fromStart;
    private final boolean opensAtStart;
    private volatile long opensAtNanos = Long.MAX_VALUE;
    private volatile long closesAtNanos = NEVER;

    private MeasuredWindow(boolean opensAtStart, Duration fromStart) {
        this.opensAtStart = opensAtStart;
        this.fromStart = fromStart;
    }

    /**
     * A window open from the drive's start: every request is measured.
     *
     * @param length how long operations are due; null when each lane's workload ends by itself
     */
    public static MeasuredWindow fromStart(Duration length) {
        return new MeasuredWindow(true, length);
    }

    /** A window that opens when {@link #open} is called; the drive warms up until then, and runs on. */
    public static MeasuredWindow later() {
        return new MeasuredWindow(false, null);
    }

    /** Called by the engine when the drive's first operations are due. */
    void driveStarts(long startNanos) {
        if (opensAtStart) {
            set(startNanos, fromStart);
        }
    }

    /**
     * Opens the window at {@code atNanos}, on the drive's clock: operations intended from then on
     * are measured, and they are due for {@code length}, after which the drive ends.
     *
     * @throws IllegalStateException when the window is open already
     */
    public void open(long atNanos, Duration length) {
        if (isOpen()) {
            throw new IllegalStateException("the measured window is open already");
        }
        set(atNanos, length);
    }

    private void set(long atNanos, Duration length) {
        closesAtNanos = length == null ? NEVER : atNanos + length.toNanos();
        opensAtNanos = atNanos;
    }

    public boolean isOpen() {
        return opensAtNanos != Long.MAX_VALUE;
    }

    /** When the window opened, {@link Long#MAX_VALUE} before it did. */
    public long opensAtNanos() {
        return opensAtNanos;
    }

    /** When operations stop being due: {@link #NEVER} while the window is not open, or has no end. */
    long closesAtNanos() {
        return closesAtNanos;
    }

    /**
     * {@link #WARM_UP} for a request intended before the window opened, {@link #MEASURED} from
     * then on. Without a branch: the lanes call it for every request, and a branch first taken at
     * the switch would make the JIT recompile the code around it inside the measured window.
     */
    public int sideOf(long intendedNanos) {
        return (int) ((opensAtNanos - 1 - intendedNanos) >>> 63);
    }
}
