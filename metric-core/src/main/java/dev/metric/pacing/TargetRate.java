package dev.metric.pacing;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The rate operations are sent at, for all lanes together: 0 for a closed loop, each operation as
 * soon as the window allows, else a target of at least one operation per second. It is checked
 * here, once, where an option becomes a rate; the configs, the engine, the pacer and the search
 * take it as it is. In results it is the bare number.
 *
 * @param opsPerSec operations per second, 0 for a closed loop
 */
public record TargetRate(@JsonValue double opsPerSec) {

    /** No schedule: every operation due as soon as it can be sent. */
    public static final TargetRate CLOSED_LOOP = new TargetRate(0);

    /** @throws IllegalArgumentException for a rate that is negative, not finite, or between 0 and 1 */
    public TargetRate {
        if (!(opsPerSec >= 0) || Double.isInfinite(opsPerSec)) {
            throw new IllegalArgumentException("rate must be 0 or more operations per second, got " + opsPerSec);
        }
        if (opsPerSec > 0 && opsPerSec < 1) {
            throw new IllegalArgumentException("rate must be at least 1 operation per second, got " + opsPerSec);
        }
    }

    /** Whether operations are due at times the rate fixes (open loop) rather than at once. */
    public boolean paced() {
        return opsPerSec > 0;
    }
}
