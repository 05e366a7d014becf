package dev.metric.mode.replay;

import dev.metric.mode.Mode;

/** {@code replay}: the commands of a trace, each key's in order on one connection, timed and checked. */
public final class ReplayMode {

    /** The mode's name. */
    public static final String NAME = "replay";

    /** The mode: a row per command name in the CSV. */
    public static final Mode<ReplayConfig, ReplayResult> MODE = new Mode<>(NAME,
            "metric replay: latencies in nanoseconds, tag cN for the N-th command name of the trace",
            (config, context) -> new ReplayRunner(config, context).run(), ReplayReport::render, ReplayCsv::table,
            ReplayCsv::rows, null);

    private ReplayMode() {
    }
}
