package dev.metric.config;

import static dev.metric.config.RunLimits.require;

import dev.metric.settings.Setting;
import java.time.Duration;
import java.util.List;

/**
 * The capacity search: steps at rising target rates, each judged by the SLOs.
 *
 * @param slos         objectives every passing step meets, on response time of all operations
 * @param maxSteps     the most steps the search runs
 * @param stepDuration traffic per step; null where a step is a replay of a whole trace, as long as
 *                     its commands take at the step's rate
 */
public record SearchPlan(List<Slo> slos, int maxSteps, Duration stepDuration) {

    public SearchPlan {
        require(slos != null && !slos.isEmpty(), Setting.SEARCH, " needs an ", Setting.SLO, ", e.g. ",
                Setting.SLO, " p99=1ms");
        require(maxSteps >= 1 && maxSteps <= 100, "max steps must be 1..100, got " + maxSteps);
        require(stepDuration == null || !stepDuration.isNegative() && !stepDuration.isZero(),
                "step duration must be positive");
        slos = List.copyOf(slos);
    }
}
