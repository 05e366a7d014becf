package dev.metric.report;

import dev.metric.config.TrafficPlan;
import dev.metric.pacing.TargetRate;
import java.time.Duration;
import java.util.Locale;

/** How a report says a paced mode's traffic was paced, the same for every mode with a {@link TrafficPlan}. */
public final class PacingText {

    private PacingText() {
    }

    /**
     * The pacing line: a search, an open loop at a rate ({@code onTop} after it, such as mode2's
     * {@code  (refills on top)}), or a closed loop, and how response and service time are timed.
     */
    public static String of(TrafficPlan plan, String onTop) {
        if (plan.search() != null) {
            return "open loop, target rate set by each search step" + ticks(plan.rateTick()) + "; response time from"
                    + " each operation's intended start (so a stall shows), service time from when it went on the wire";
        }
        return of(plan.rate(), plan.rateTick(), onTop);
    }

    /** The pacing line of traffic at {@code rate}, released in ticks of {@code rateTick}, or in a closed loop. */
    public static String of(TargetRate rate, Duration rateTick, String onTop) {
        if (rate.paced()) {
            return String.format(Locale.ROOT, "open loop at %,.0f ops/s in all%s%s; response time from each"
                    + " operation's intended start, service time from when it went on the wire",
                    rate.opsPerSec(), onTop, ticks(rateTick));
        }
        return "closed loop: each connection sends as soon as its window has room; response time from when it wanted "
                + "to send, service time from when the request went on the wire";
    }

    /** How the schedule is released, when in bursts. */
    private static String ticks(Duration rateTick) {
        return rateTick.isZero() ? "" : String.format(Locale.ROOT, ", released in ticks of %s ms: each"
                + " tick's operations due at its start", ReportText.exactMillis(rateTick));
    }
}
