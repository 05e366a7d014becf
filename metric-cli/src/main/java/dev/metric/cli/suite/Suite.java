package dev.metric.cli.suite;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One benchmark suite of redis-benchmarks-specification, as its YAML file says it: what the server
 * must be set to, what is loaded first and checked, and the memtier_benchmark command line that is
 * measured. Only what metric acts on is read; the rest (the images, the resources asked of the
 * cluster, the exporter) belongs to the specification's own runner.
 *
 * @param name       the suite's name
 * @param file       where it was read from
 * @param topologies the server setups it runs on ({@code oss-standalone}, {@code oss-cluster-3-primaries}, ...)
 * @param commands   the commands it measures (its {@code tested-commands}), which the server must have
 * @param database   what the server is set to and holds before the measured run (its {@code dbconfig})
 * @param clients    the measured tools and their arguments: its {@code clientconfig}, or the tools
 *                   of its {@code clientconfigs}, run at once, the last one's figures reported
 */
public record Suite(String name, Path file, List<String> topologies, List<String> commands, Database database,
                    List<Tool> clients) {

    /** The tool the specification runs its suites with. */
    public static final String MEMTIER = "memtier_benchmark";

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    /**
     * A suite's {@code dbconfig}: the server's configuration, then the data, in the order the
     * specification's runner applies them: a dataset or the preload, the init commands, the Lua
     * scripts, then the check of the keys.
     *
     * @param configuration  CONFIG SET parameters, in the file's order
     * @param dataset        a dataset (an RDB file to download) the suite starts from, null for none
     * @param preload        the tool and arguments that load the data first, null for none
     * @param initCommands   commands sent after the load, each as its words
     * @param initLua        Lua scripts run after them with EVAL, no keys
     * @param keyspaceLength the keys the database holds before the measured run, null when not checked
     * @param memory         the memory it asks for its server ({@code resources.requests.memory}, such
     *                       as {@code 25g} or {@code 512mb}), null when it asks for none
     */
    public record Database(Map<String, String> configuration, String dataset, Tool preload,
                           List<List<String>> initCommands, List<String> initLua, Long keyspaceLength,
                           String memory) {

        private static final Pattern MEMORY = Pattern.compile("(\\d+)\\s*([kmgt]?)i?b?", Pattern.CASE_INSENSITIVE);

        /** {@link #memory} in bytes (k, m, g and t as powers of 1024), null when none or not of that form. */
        public Long memoryBytes() {
            Matcher size = memory == null ? null : MEMORY.matcher(memory.strip());
            if (size == null || !size.matches()) {
                return null;
            }
            String unit = size.group(2).toLowerCase(Locale.ROOT);
            int power = unit.isEmpty() ? 0 : "kmgt".indexOf(unit) + 1;
            return Long.parseLong(size.group(1)) << (10 * power);
        }
    }

    /**
     * A tool of the suite and its command line, as one string of shell words.
     *
     * @param tool      its name: {@code memtier_benchmark}, or another tool's
     * @param arguments its arguments
     */
    public record Tool(String tool, String arguments) {

        /** Its arguments as words. */
        public List<String> words() {
            return ShellWords.split(arguments);
        }

        static Tool of(JsonNode node) {
            return node == null || node.isNull() ? null : new Tool(node.path("tool").asText(""),
                    node.path("arguments").asText(""));
        }
    }

    /**
     * Reads a suite.
     *
     * @throws IOException              when it cannot be read
     * @throws IllegalArgumentException when it is not YAML, or has no name or no database setup
     */
    public static Suite read(Path file) throws IOException {
        JsonNode root;
        try {
            root = YAML.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": not YAML: " + e.getOriginalMessage());
        }
        if (root == null || !root.path("name").isTextual() || !root.path("dbconfig").isObject()) {
            throw new IllegalArgumentException(file + ": not a benchmark suite of redis-benchmarks-specification (no"
                    + " name or no dbconfig)");
        }
        JsonNode db = root.path("dbconfig");
        Map<String, String> configuration = new LinkedHashMap<>();
        db.path("configuration-parameters").fields().forEachRemaining(parameter -> configuration.put(
                parameter.getKey(), unquoted(parameter.getValue().asText())));
        JsonNode keyspace = db.path("check").path("keyspacelen");
        Database database = new Database(configuration, db.hasNonNull("dataset") ? db.get("dataset").asText() : null,
                Tool.of(db.get("preload_tool")), commands(db.path("init_commands")), texts(db.path("init_lua")),
                keyspace.isNumber() ? keyspace.asLong() : null,
                db.path("resources").path("requests").hasNonNull("memory")
                        ? db.path("resources").path("requests").path("memory").asText() : null);
        return new Suite(root.path("name").asText(), file, texts(root.path("redis-topologies")),
                texts(root.path("tested-commands")), database, tools(root));
    }

    /** The suite's {@code clientconfigs}, or its one {@code clientconfig}. */
    private static List<Tool> tools(JsonNode root) {
        List<Tool> tools = new ArrayList<>();
        if (root.path("clientconfigs").isArray()) {
            root.path("clientconfigs").forEach(node -> tools.add(Tool.of(node)));
        } else if (root.hasNonNull("clientconfig")) {
            tools.add(Tool.of(root.get("clientconfig")));
        }
        return List.copyOf(tools);
    }

    /** A configuration value as CONFIG SET takes it: YAML's {@code '""'} is the empty string. */
    private static String unquoted(String value) {
        return value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")
                ? value.substring(1, value.length() - 1) : value;
    }

    /** A string or a list of strings, as a list. */
    private static List<String> texts(JsonNode node) {
        List<String> texts = new ArrayList<>();
        if (node.isTextual()) {
            texts.add(node.asText());
        } else if (node.isArray()) {
            node.forEach(item -> texts.add(item.asText()));
        }
        return List.copyOf(texts);
    }

    /**
     * The init commands, each as its words: one command as a string, or a list of them, each a
     * string of shell words or a list of words already.
     */
    private static List<List<String>> commands(JsonNode node) {
        List<List<String>> commands = new ArrayList<>();
        if (node.isTextual()) {
            commands.add(ShellWords.split(node.asText()));
        } else if (node.isArray()) {
            for (JsonNode command : node) {
                commands.add(command.isArray() ? texts(command) : ShellWords.split(command.asText()));
            }
        }
        return List.copyOf(commands);
    }
}
