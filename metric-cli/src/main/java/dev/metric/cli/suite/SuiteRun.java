package dev.metric.cli.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.metric.cli.memtier.MemtierLine;
import dev.metric.client.ServerAddress;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * suite that needs what metric cannot do is skipped with why, before anything is sent; one whose
 * tested commands the server does not have, or whose configuration it refuses, before its data is
 * loaded (the specification's runner skips the first too).
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
     * @param topology  the topology the suites must list, and that metric starts for each with {@code embedded}
     * @param embedded  each suite on a redis-server metric starts for it; else on {@code address}
     * @param address   the user's server, emptied before each suite (with the user's consent)
     * @param testTime  seconds that replace a timed suite's {@code --test-time}, null to keep the suite's
     * @param directory where each suite's memtier JSON, metric result and log go
     */
    public record Plan(String topology, boolean embedded, ServerAddress address, String testTime, Path directory) {
    }

    /** Runs {@code metric memtier} with the arguments given, its output to the writers given. */
    @FunctionalInterface
    public interface Memtier {
        int run(List<String> arguments, PrintWriter out, PrintWriter err);
    }

    /** Whether metric can start {@code topology} for a suite: standalone, with or without io-threads. */
    public static boolean canStart(String topology) {
        return SuiteServer.canStart(topology);
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
             SuiteServer server = plan.embedded() ? SuiteServer.start(plan.topology())
                     : SuiteServer.emptied(plan.address())) {
            SuiteOutcome notReady = prepare(suite, server, out);
            if (notReady != null) {
                return notReady;
            }
            Path json = plan.directory().resolve(fileName(suite) + ".json");
            List<String> arguments = new ArrayList<>(suite.client().words());
            if (plan.testTime() != null && arguments.stream().anyMatch(word -> word.startsWith("--test-time"))) {
                arguments.addAll(List.of("--test-time", plan.testTime()));
            }
            arguments.addAll(List.of("--json-out-file", json.toString()));
            int code = memtier.run(server(arguments, server), out, out);
            SuiteOutcome.Figures figures = Files.exists(json) ? figures(json) : null;
            return code == 0 ? new SuiteOutcome(suite.name(), SuiteOutcome.Verdict.PASSED, "", figures)
                    : SuiteOutcome.failed(suite.name(), "its measured run ended with exit code " + code + ": "
                    + lastLine(log), figures);
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
        if (suite.client() == null) {
            return "it runs " + suite.clients() + " client tools at once (clientconfigs)";
        }
        if (!suite.client().tool().equals(Suite.MEMTIER)) {
            return "its client is " + suite.client().tool() + ", not " + Suite.MEMTIER;
        }
        Suite.Tool preload = suite.database().preload();
        if (preload != null && !preload.tool().equals(Suite.MEMTIER)) {
            return "its preload tool is " + preload.tool() + ", not " + Suite.MEMTIER;
        }
        if (!suite.topologies().contains(plan.topology())) {
            return "it runs on " + String.join(", ", suite.topologies()) + ", not " + plan.topology() + " (--topology)";
        }
        for (Suite.Tool tool : preload == null ? List.of(suite.client()) : List.of(preload, suite.client())) {
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
        List<String> missing = server.missing(suite.commands());
        if (!missing.isEmpty()) {
            return SuiteOutcome.skipped(suite.name(), "the server has no " + String.join(", ", missing.stream()
                    .map(command -> command.toUpperCase(Locale.ROOT)).toList()) + " (its tested-commands)");
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
            int code = memtier.run(server(database.preload().words(), server), out, out);
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

    /** The suite's memtier arguments aimed at {@code server}: memtier takes the last -s and -p given. */
    private static List<String> server(List<String> arguments, SuiteServer server) {
        List<String> aimed = new ArrayList<>(arguments);
        aimed.addAll(List.of("-s", server.address().host(), "-p", Integer.toString(server.address().port())));
        return aimed;
    }

    /**
     * The measured run's figures: memtier's Totals (of its one run, or averaged over its runs), and
     * the server's count from metric's results beside it.
     */
    private static SuiteOutcome.Figures figures(Path json) throws IOException {
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
    private static String lastLine(Path log) {
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
