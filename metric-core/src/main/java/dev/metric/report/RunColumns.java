package dev.metric.report;

import dev.metric.breakdown.Breakdown;
import dev.metric.breakdown.LatencyBreakdown;
import dev.metric.client.ClientDescription;
import dev.metric.result.RunHeader;
import dev.metric.result.ServerDescription;
import dev.metric.workload.DataSpec;
import java.util.ArrayList;
import java.util.List;

/** The CSV columns every mode starts with (what ran where, and when) and the breakdown's columns. */
public final class RunColumns {

    public static final List<String> SETTING = List.of("started_at", "metric_version", "server", "server_version",
            "address", "database", "client", "client_version", "protocol", "connections");

    private RunColumns() {
    }

    public static List<String> setting(RunHeader header, int database) {
        ServerDescription server = header.server();
        ClientDescription client = header.client();
        return List.of(header.startedAt().toString(), header.environment().metricVersion(), server.name(),
                server.version(), header.address().toString(), Integer.toString(database), client.library(),
                client.version(), client.protocol(), Integer.toString(client.connections()));
    }

    /** The columns describing the data beyond its key count and seed. */
    public static final List<String> DATA = List.of("key_prefix", "key_size", "value_size", "value_type", "elements");

    /** The {@link #DATA} columns of a run. */
    public static List<String> data(DataSpec data) {
        return List.of(data.keyPrefix(), data.keySizes().toString(), data.valueSizes().toString(),
                data.type().option(), Integer.toString(data.elements()));
    }

    /** The kkeys column: the key count in units of 1024, as the original tool, empty when not a whole number. */
    public static String kkeys(int keys) {
        return keys % DataSpec.KEYS_PER_KKEY == 0 ? Integer.toString(keys / DataSpec.KEYS_PER_KKEY) : "";
    }

    /** {@code <command>_client_us}, {@code _server_us}, {@code _network_us} for each command, in order. */
    public static List<String> breakdownHeader(String... commands) {
        List<String> header = new ArrayList<>();
        for (String command : commands) {
            header.add(command + "_client_us");
            header.add(command + "_server_us");
            header.add(command + "_network_us");
        }
        return header;
    }

    /** The breakdown's cells for {@code commands}; empty for a command the run did not split. */
    public static List<String> breakdown(Breakdown breakdown, String... commands) {
        List<String> cells = new ArrayList<>();
        for (String command : commands) {
            LatencyBreakdown split = breakdown == null ? null : breakdown.commands().stream()
                    .filter(c -> c.command().equalsIgnoreCase(command)).findFirst().orElse(null);
            cells.add(split == null ? "" : CsvTable.number(split.clientMicros(), 3));
            cells.add(split == null ? "" : CsvTable.number(split.serverMicros(), 3));
            cells.add(split == null ? "" : CsvTable.number(split.networkMicros(), 3));
        }
        return cells;
    }
}
