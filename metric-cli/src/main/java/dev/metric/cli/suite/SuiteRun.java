package dev.metric.cli.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.metric.cli.memtier.MemtierLine;
import dev.metric.client.ServerAddress;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * Runs one suite as redis-benchmarks-specification's runner does: the server set up (a fresh one
 * of the suite's topology, or the user's emptied), its configuration set, its preload, init commands
 * and Lua run, its keys counted against {@code keyspacelen}, then its measured memtier command line,
 * shortened to {@code --test-time} when asked, written as memtier's JSON and metric's result. A
 * suite that needs what metric cannot do is skipped with why, before anything is sent; one that
 * names a command the server does not have (in its tested-commands, as the specification's runner
 * skips it, or its command lines), or whose configuration it refuses, before its data is loaded.
 * Its measured run is {@link SuiteClients}'.
 *
 * @param plan    where and how the suites run
 * @param memtier runs a memtier_benchmark command line on metric ({@code metric memtier}), its
 *                output to the writers given; answers its exit code
 */
public record SuiteRun(Plan plan, Memtier memtier) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Where and how suites run.
     *
     * @param topology  the topology the suites must list, and that metric starts for each with {@code embedded};
     *                  null with {@code embedded}: each suite's first topology that metric can start
     * @param embedded  each suite on a redis-server metric starts for it; else on {@code address}
     * @param address   the user's server, emptied before each suite (with the user's consent)
     * @param testTime  seconds that replace a timed suite's {@code --test-time}, null to keep the suite's
     * @param directory where each suite's memtier JSON, metric result and log go
     */
    public record Plan(String topology, boolean embedded, ServerAddress address, String testTime, Path directory) {
    }

    /**
     * Runs {@code metric memtier} with the arguments given, its output to the writers given, its
     * traffic beginning at {@code startAt} (null: at once).
     */
    @FunctionalInterface
    public interface Memtier {
        int run(List<String> arguments, Instant startAt, PrintWriter out, PrintWriter err);
    }

    /**
     * Whether metric can start {@code topology} for a suite: standalone, with io-threads, with one
     * replica, or a cluster of three primaries.
     */
    public static boolean canStart(String topology) {
        return SuiteServer.canStart(topology);
    }

    /** The topology {@code suite} runs on: the plan's, or its first that metric can start; null for none. */
    String topologyOf(Suite suite) {
        if (plan.topology() != null) {
            return suite.topologies().contains(plan.topology()) ? plan.topology() : null;
        }
        return suite.topologies().stream().filter(SuiteServer::canStart).findFirst().orElse(null);
    }

    /** The name of a suite's files: its name, with anything but letters, digits, dots and dashes as {@code _}. */
    static String fileName(Suite suite) {
        return suite.name().replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** Runs {@code suite}, its runs' output into its log; what became of it. */
    public SuiteOutcome run(Suite suite) throws IOException {
        String skip = whySkip(suite);
        if (skip != null) {
            return SuiteOutcome.skipped(suite.name(), skip);
        }
        Path log = plan.directory().resolve(fileName(suite) + ".log");
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(log), true);
             SuiteServer server = plan.embedded() ? SuiteServer.start(topologyOf(suite))
                     : SuiteServer.emptied(plan.address())) {
            SuiteOutcome notReady = prepare(suite, server, out);
            if (notReady != null) {
                return notReady;
            }
            return new SuiteClients(plan, memtier).measure(suite, server, out);
        } catch (JedisConnectionException e) {
            if (!plan.embedded()) {
                throw e;
            }
            return SuiteOutcome.failed(suite.name(), "the server metric started for it stopped answering: "
                    + e.getMessage(), null);
        } catch (JedisDataException e) {
            return SuiteOutcome.failed(suite.name(), "the server answered its setup with an error: " + e.getMessage(),
                    null);
        }
    }

    /**
     * Why metric does not run {@code suite}, from the suite alone, or null when it does: a server
     * may still refuse its configuration when it runs.
     */
    public String whySkip(Suite suite) {
        if (suite.database().dataset() != null) {
            return "it starts from a dataset to download (" + suite.database().dataset() + ")";
        }
        if (suite.clients().isEmpty()) {
            return "it names no client tool (clientconfig)";
        }
        List<String> others = suite.clients().stream().map(Suite.Tool::tool).filter(tool -> !tool.equals(Suite.MEMTIER))
                .distinct().toList();
        if (!others.isEmpty()) {
            return suite.clients().size() == 1 ? "its client is " + others.get(0) + ", not " + Suite.MEMTIER
                    : "its clients include " + String.join(", ", others) + ", not only " + Suite.MEMTIER;
        }
        Suite.Tool preload = suite.database().preload();
        if (preload != null && !preload.tool().equals(Suite.MEMTIER)) {
            return "its preload tool is " + preload.tool() + ", not " + Suite.MEMTIER;
        }
        String topology = topologyOf(suite);
        if (topology == null) {
            return plan.topology() != null ? "it runs on " + String.join(", ", suite.topologies()) + ", not "
                    + plan.topology() + " (--topology)" : "it runs on " + String.join(", ", suite.topologies())
                    + ", none of which metric starts";
        }
        int copies = SuiteServer.copies(topology);
        Long asked = suite.database().memoryBytes();
        if (plan.embedded() && copies > 1 && asked != null && asked * copies > physicalMemory()) {
            return String.format(Locale.ROOT, "its %d servers (%s) each hold its data and ask for %s of memory"
                    + " each, more than this machine's %.1f GiB together", copies, topology,
                    suite.database().memory(), physicalMemory() / (double) (1L << 30));
        }
        List<Suite.Tool> tools = new ArrayList<>(suite.clients());
        if (preload != null) {
            tools.add(0, preload);
        }
        for (Suite.Tool tool : tools) {
            try {
                MemtierLine.parse(tool.words());
            } catch (IllegalArgumentException e) {
                return e.getMessage();
            }
        }
        return null;
    }

    /**
     * Sets the server up as the suite says and checks its keys: null when ready, else the suite's
     * outcome: skipped when the server does not take its configuration, failed otherwise.
     */
    private SuiteOutcome prepare(Suite suite, SuiteServer server, PrintWriter out) {
        Map<String, String> needed = new LinkedHashMap<>();
        suite.commands().forEach(command -> needed.putIfAbsent(command.toLowerCase(Locale.ROOT),
                "its tested-commands"));
        if (suite.database().preload() != null) {
            MemtierLine.commands(suite.database().preload().words()).forEach(command -> needed.putIfAbsent(
                    command.toLowerCase(Locale.ROOT), "its preload's command"));
        }
        suite.clients().forEach(client -> MemtierLine.commands(client.words()).forEach(command ->
                needed.putIfAbsent(command.toLowerCase(Locale.ROOT), "its measured command")));
        List<String> missing = server.missing(List.copyOf(needed.keySet()));
        if (!missing.isEmpty()) {
            return SuiteOutcome.skipped(suite.name(), "the server has no " + String.join(", ", missing.stream()
                    .map(command -> command.toUpperCase(Locale.ROOT) + " (" + needed.get(command) + ")").toList()));
        }
        Suite.Database database = suite.database();
        for (Map.Entry<String, String> parameter : database.configuration().entrySet()) {
            String refused = server.configure(parameter.getKey(), parameter.getValue());
            if (refused != null) {
                return SuiteOutcome.skipped(suite.name(), "the server does not take its configuration: CONFIG SET "
                        + parameter.getKey() + " '" + parameter.getValue() + "': " + refused);
            }
        }
        if (database.preload() != null) {
            int code = memtier.run(server(database.preload().words(), server), null, out, out);
            if (code != 0) {
                return SuiteOutcome.failed(suite.name(), "its preload ended with exit code " + code + ": "
                        + lastLine(plan.directory().resolve(fileName(suite) + ".log")), null);
            }
        }
        for (List<String> command : database.initCommands()) {
            String refused = server.send(command);
            if (refused != null) {
                return SuiteOutcome.failed(suite.name(), "init command " + String.join(" ", command) + ": " + refused,
                        null);
            }
        }
        for (String script : database.initLua()) {
            String refused = server.eval(script);
            if (refused != null) {
                return SuiteOutcome.failed(suite.name(), "init Lua: " + refused, null);
            }
        }
        Long expected = database.keyspaceLength();
        long found = server.keys();
        if (expected != null && expected != found) {
            return SuiteOutcome.failed(suite.name(), String.format("keyspacelen: expected %,d keys after the setup,"
                    + " found %,d", expected, found), null);
        }
        return null;
    }

    /**
     * The suite's memtier arguments aimed at {@code server}: memtier takes the last -s and -p given;
     * on a cluster with --cluster-mode, which the specification's runner adds there too.
     */
    static List<String> server(List<String> arguments, SuiteServer server) {
        List<String> options = new ArrayList<>(List.of("-s", server.address().host(), "-p",
                Integer.toString(server.address().port())));
        if (server.cluster() && !arguments.contains("--cluster-mode")) {
            options.add("--cluster-mode");
        }
        return withOptions(arguments, options);
    }

    /**
     * A memtier command line with {@code options} added where memtier still reads options: at its end,
     * or before a bare {@code --}, after which getopt reads none (and metric's server would be lost).
     */
    static List<String> withOptions(List<String> arguments, List<String> options) {
        List<String> all = new ArrayList<>(arguments);
        int end = all.indexOf("--");
        all.addAll(end < 0 ? all.size() : end, options);
        return all;
    }

    /** This machine's memory, what the servers metric starts for a suite share. */
    private static long physicalMemory() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getTotalMemorySize();
    }

    /**
     * The measured run's figures: memtier's Totals (of its one run, or averaged over its runs), and
     * the server's count from metric's results beside it.
     */
    static SuiteOutcome.Figures figures(Path json) throws IOException {
        JsonNode root = JSON.readTree(json.toFile());
        JsonNode block = root.path("ALL STATS");
        for (var names = root.fieldNames(); block.isMissingNode() && names.hasNext(); ) {
            String name = names.next();
            block = name.startsWith("AGGREGATED AVERAGE RESULTS") ? root.path(name) : block;
        }
        JsonNode totals = block.path("Totals");
        JsonNode percentiles = totals.path("Percentile Latencies");
        long calls = 0;
        double seconds = 0;
        for (JsonNode file : root.path("metric").path("results")) {
            JsonNode metric = JSON.readTree(Path.of(file.asText()).toFile());
            for (JsonNode command : metric.path("commands")) {
                long counted = command.path("serverCalls").asLong(-1);
                calls = calls < 0 || counted < 0 ? -1 : calls + counted;
            }
            seconds += metric.path("durationSec").asDouble();
        }
        return new SuiteOutcome.Figures(totals.path("Ops/sec").asDouble(), calls < 0 || seconds <= 0 ? Double.NaN
                : calls / seconds, percentiles.path("p50.00").asDouble(Double.NaN),
                percentiles.path("p99.00").asDouble(Double.NaN));
    }

    /**
     * Why a run ended as it did, from its log: the last error line ({@code metric ...: }) or summary
     * ({@code summary ...}), else the last line.
     */
    static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            for (int at = lines.size() - 1; at >= 0; at--) {
                String line = lines.get(at).strip();
                if (line.startsWith("metric ") || line.startsWith("summary ")) {
                    return line;
                }
            }
            return lines.isEmpty() ? "(nothing in its log " + log + ")" : lines.get(lines.size() - 1).strip();
        } catch (IOException e) {
            return "(its log " + log + " cannot be read: " + e.getMessage() + ")";
        }
    }
}
