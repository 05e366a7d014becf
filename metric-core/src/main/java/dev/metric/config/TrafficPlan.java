package dev.metric.config;

import static dev.metric.config.RunLimits.require;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.metric.pacing.TargetRate;
import dev.metric.settings.Setting;
import java.time.Duration;
import java.util.Locale;

/**
 * How long a mode's traffic runs and at what pace: its warm-up and measured length, a closed loop
 * or a target rate, released evenly or in ticks, or a search for the highest rate that meets
 * objectives. Its fields are written at the configuration's level of the JSON.
 *
 * @param duration measured traffic, after the warm-up
 * @param warmup   traffic before measuring, left out of the figures
 * @param rate     target rate for all threads together, or a closed loop; with a search, the rate of
 *                 its first step (in results: {@code rateOpsPerSec})
 * @param rateTick zero for an even schedule, each operation due at its own time; else the schedule
 *                 is released in bursts, every operation due at the start of the tick it falls in, as
 *                 memtier_benchmark's {@code --rate-limiting} does with ticks of 20 ms
 * @param search   the capacity search, or null for one measured run
 */
public record TrafficPlan(Duration duration, Duration warmup, @JsonProperty("rateOpsPerSec") TargetRate rate,
                          Duration rateTick, SearchPlan search) {

    /** The longest tick a schedule may be released in. */
    public static final Duration LONGEST_RATE_TICK = Duration.ofSeconds(1);
    /** First step of a search when no rate is given. */
    public static final double DEFAULT_SEARCH_START = 1000;

    public TrafficPlan {
        require(!duration.isNegative() && !duration.isZero(),
                "duration must be positive, got " + duration.toSeconds() + " s");
        require(!warmup.isNegative(), "warm-up must be 0 or more seconds");
        checkRateTick(rateTick, rate.paced() || search != null);
    }

    /**
     * Refuses a tick beyond {@link #LONGEST_RATE_TICK}, or one with no schedule to release.
     *
     * @param scheduled whether the traffic has a schedule: a rate, or a search's rates
     */
    public static void checkRateTick(Duration rateTick, boolean scheduled) {
        require(!rateTick.isNegative() && rateTick.compareTo(LONGEST_RATE_TICK) <= 0,
                Setting.RATE_TICK, " must be from 0 to " + shortForm(LONGEST_RATE_TICK) + ", got "
                        + shortForm(rateTick));
        require(rateTick.isZero() || scheduled, Setting.RATE_TICK, " releases a schedule in bursts: it needs ",
                Setting.RATE, " or ", Setting.SEARCH);
    }

    /** Whether operations are paced at a target rate rather than sent as fast as replies allow. */
    public boolean openLoop() {
        return rate.paced();
    }

    /** The rate of the search's first step. */
    public TargetRate searchStart() {
        return openLoop() ? rate : new TargetRate(DEFAULT_SEARCH_START);
    }

    /** A duration as the command line takes it: {@code 1s}, {@code 0.02s}. */
    private static String shortForm(Duration duration) {
        return duration.toString().substring(2).toLowerCase(Locale.ROOT);
    }
}
