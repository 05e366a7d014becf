package dev.metric.run;

import dev.metric.record.IntervalLog;
import java.util.function.Consumer;

/**
 * What a run is given besides its configuration, the same for every mode.
 *
 * @param embeddedServer whether the server was started by metric for this run, for the report
 * @param progress       where progress lines go (stderr for the command line)
 * @param log            where the measured requests' latencies go interval by interval
 * @param control        stops the run early; it then ends with what it measured until then
 */
public record RunContext(boolean embeddedServer, Consumer<String> progress, IntervalLog log,
                         RunControl control) {
}
