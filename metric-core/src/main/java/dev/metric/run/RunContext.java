package dev.metric.run;

import dev.metric.client.KeyValueClient;
import dev.metric.client.ServerAddress;
import dev.metric.record.IntervalLog;
import dev.metric.result.RunEnvironment;
import dev.metric.result.RunHeader;
import dev.metric.result.ServerDescription;
import dev.metric.server.ServerInfo;
import java.time.Instant;
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

    /**
     * The header of a result of a run that started at {@code startedAt} against the server that
     * answered {@code info} at {@code address}, through {@code client}, on this JVM.
     */
    public RunHeader header(Instant startedAt, ServerAddress address, ServerInfo info, KeyValueClient client,
                            long keysBefore) {
        return new RunHeader(startedAt, address, ServerDescription.of(info, embeddedServer), client.describe(),
                RunEnvironment.current(), keysBefore);
    }
}
