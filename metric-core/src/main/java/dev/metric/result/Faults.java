package dev.metric.result;

import java.util.List;

/**
 * What happened to a run besides its requests' own errors: whether it was stopped before its
 * end, and the outages it went through.
 *
 * @param stoppedEarly why the run stopped before its end (Ctrl-C, SIGTERM, the server gone), or
 *                     null when it ran to the end
 * @param outages      stretches in which requests failed and none succeeded, in order
 */
public record Faults(String stoppedEarly, List<Outage> outages) {

    /** A run that ran to its end without an outage. */
    public static final Faults NONE = new Faults(null, List.of());

    public boolean ranToTheEnd() {
        return stoppedEarly == null;
    }
}
