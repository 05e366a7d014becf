package dev.metric.cli.memtier;

import dev.metric.cli.option.KeyNumberOptions;
import dev.metric.record.Percentiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

/**
 * A memtier_benchmark command line read as memtier reads it, with memtier's defaults, and what
 * {@code metric memtier} runs for it: the arguments of {@code metric run} that mean the same, how
 * many runs (memtier's {@code --run-count}) and where memtier's JSON goes.
 *
 * <p>Read as getopt_long reads it: {@code --name=value}, {@code --name value}, an abbreviation of
 * one long name, {@code -x value}, {@code -xvalue}, and letters of options without a value
 * together. Single options keep their last value; each {@code --command-key-pattern} and
 * {@code --command-ratio} belongs to the {@code --command} before it (memtier's defaults: R and 1).
 * memtier's defaults that differ from run's are written out: 4 threads of 50 connections, one
 * request in flight on each, a reply waited for up to a minute (memtier waits for every one, run
 * for 2 s), 10,000 requests on each without {@code --test-time} ({@code -n allkeys}
 * as memtier counts it), keys
 * {@code memtier-0} to {@code memtier-10000000}, values of 32 bytes, SET and GET at 1:10, port 6379.
 *
 * @param runArguments the arguments of {@code metric run}, {@code run} not included
 * @param runs         how many times to run it: memtier's {@code --run-count}
 * @param printAllRuns whether memtier's JSON has every run's block too ({@code --print-all-runs})
 * @param jsonOutFile  where memtier's JSON goes ({@code --json-out-file}), null for nowhere
 * @param percentiles  the percentiles of memtier's JSON ({@code --print-percentiles}, default 50,99,99.9)
 * @param help         {@code --help} was given
 * @param version      {@code -v/--version} was given
 * @param ignored      the words that are not options, which memtier reads past: getopt_long moves
 *                     them to the end and memtier reads nothing after its options (a suite's quoting
 *                     slip leaves such words); to be said, as memtier does not
 */
public record MemtierLine(List<String> runArguments, int runs, boolean printAllRuns, Path jsonOutFile,
                          Percentiles percentiles, boolean help, boolean version, List<String> ignored) {

    /** memtier_benchmark's requests on each connection when neither -n nor --test-time gives them. */
    static final long MEMTIER_REQUESTS = 10_000;

    /**
     * How long metric memtier waits for a reply: memtier waits for every one, however long; metric
     * gives up after this, so that a server that stopped answering still ends the run.
     */
    static final String REPLY_TIMEOUT = "60s";

    /** memtier_benchmark's own percentiles: 50, 99 and 99.9. */
    static final String MEMTIER_PERCENTILES = "50,99,99.9";

    /** A memtier option as given, with its value (null for one without) and how the user spelled it. */
    private record Given(MemtierOption option, String value, String spelled) {
    }

    /** One {@code --command} and what follows it. */
    private static final class Command {
        final String text;
        String keyPattern = "R";
        String ratio = "1";

        Command(String text) {
            this.text = text;
        }
    }

    /**
     * Reads {@code arguments}.
     *
     * @throws IllegalArgumentException with a one-line reason: an option memtier does not have, one
     *                                  metric does not do (named, with why), a value missing, or a
     *                                  combination memtier or metric refuses
     */
    public static MemtierLine parse(List<String> arguments) {
        List<String> ignored = new ArrayList<>();
        return new Reading(scan(arguments, ignored)).line(ignored);
    }

    /**
     * The seconds of a memtier command line's {@code --test-time}, as memtier reads it (the last one
     * given), or null for a line bounded by requests.
     *
     * @throws IllegalArgumentException as {@link #parse} does, or for a test time that is no number
     */
    public static Long testTime(List<String> arguments) {
        List<String> run = parse(arguments).runArguments();
        int at = run.lastIndexOf("--test-time");
        return at < 0 ? null : Long.parseLong(run.get(at + 1));
    }

    /**
     * The names of the commands a memtier command line sends: the first word of each
     * {@code --command}, or memtier's SET and GET.
     *
     * @throws IllegalArgumentException as {@link #parse} does
     */
    public static List<String> commands(List<String> arguments) {
        List<String> run = parse(arguments).runArguments();
        List<String> names = new ArrayList<>();
        for (int at = 0; at + 1 < run.size(); at++) {
            if (run.get(at).equals("--command")) {
                String name = run.get(at + 1).strip().split("\\s+", 2)[0];
                if (!name.isEmpty() && !names.contains(name)) {
                    names.add(name);
                }
            }
        }
        return names.isEmpty() ? List.of("SET", "GET") : List.copyOf(names);
    }

    /**
     * The options of {@code arguments} in their order, as getopt_long reads them; the words that are
     * not options, and all after {@code --}, into {@code ignored}.
     */
    private static List<Given> scan(List<String> arguments, List<String> ignored) {
        List<Given> given = new ArrayList<>();
        for (int at = 0; at < arguments.size(); at++) {
            String argument = arguments.get(at);
            if (argument.equals("--")) {
                ignored.addAll(arguments.subList(at + 1, arguments.size()));
                break;
            } else if (argument.startsWith("--")) {
                int equals = argument.indexOf('=');
                String name = argument.substring(2, equals < 0 ? argument.length() : equals);
                MemtierOption option = longOption(name, argument);
                String value = equals >= 0 ? argument.substring(equals + 1) : null;
                if (option.takesValue && value == null) {
                    value = valueAfter(arguments, ++at, argument);
                } else if (!option.takesValue && value != null) {
                    throw new IllegalArgumentException("memtier_benchmark's --" + option.longName + " takes no value,"
                            + " got '" + argument + "'");
                }
                given.add(new Given(option, value, "--" + option.longName));
            } else if (argument.startsWith("-") && argument.length() > 1) {
                for (int letter = 1; letter < argument.length(); letter++) {
                    char c = argument.charAt(letter);
                    MemtierOption option = MemtierOption.ofLetter(c).orElseThrow(() -> new IllegalArgumentException(
                            "memtier_benchmark has no option -" + c + " (in '" + argument + "')"));
                    if (option.takesValue) {
                        String value = letter + 1 < argument.length() ? argument.substring(letter + 1)
                                : valueAfter(arguments, ++at, "-" + c);
                        given.add(new Given(option, value, "-" + c));
                        break;
                    }
                    given.add(new Given(option, null, "-" + c));
                }
            } else {
                ignored.add(argument);
            }
        }
        return given;
    }

    private static MemtierOption longOption(String name, String argument) {
        List<MemtierOption> named = MemtierOption.named(name);
        if (named.isEmpty()) {
            throw new IllegalArgumentException("memtier_benchmark has no option --" + name + " (in '" + argument
                    + "')");
        }
        if (named.size() > 1) {
            throw new IllegalArgumentException("--" + name + " is ambiguous among memtier_benchmark's options: "
                    + String.join(", ", named.stream().map(option -> "--" + option.longName).toList()));
        }
        return named.get(0);
    }

    private static String valueAfter(List<String> arguments, int at, String option) {
        if (at >= arguments.size()) {
            throw new IllegalArgumentException("memtier_benchmark's " + option + " needs a value");
        }
        return arguments.get(at);
    }

    /** The options read into run's arguments, memtier's defaults filled in where run's differ. */
    private static final class Reading {
        /** run's arguments, the server first: those of the options that become run's as they are go last. */
        private final List<String> run = new ArrayList<>();
        /** Options of run's that mean what memtier's do, by name, a flag's value null: the last one given counts. */
        private final Map<String, String> asTheyAre = new LinkedHashMap<>();
        private final List<Command> commands = new ArrayList<>();
        private String host;
        private String port;
        private String uri;
        private String protocol = "redis";
        private String threads = "4";
        private String clients = "50";
        private String requests;
        private String testTime;
        private String ratio;
        private String keyPattern;
        private String dataSize = "32";
        private String keyPrefix = "memtier-";
        private String keyMinimum = "0";
        private String keyMaximum = Long.toString(KeyNumberOptions.MEMTIER_KEY_MAXIMUM);
        private String zipfExponent;
        private String rateLimiting;
        private String percentiles = MEMTIER_PERCENTILES;
        private String jsonOutFile;
        private int runs = 1;
        private boolean printAllRuns;
        private boolean help;
        private boolean version;

        Reading(List<Given> given) {
            for (Given option : given) {
                if (option.option().use == MemtierOption.Use.REFUSED) {
                    throw new IllegalArgumentException("memtier_benchmark's " + option.spelled() + " is not run by"
                            + " metric memtier: " + option.option().reason);
                }
                read(option);
            }
        }

        /** Takes one option in; where it becomes run's option as it is, adds it now. */
        private void read(Given given) {
            String value = given.value();
            switch (given.option()) {
                case SERVER, HOST -> host = value;
                case PORT -> port = value;
                case URI -> uri = value;
                case PROTOCOL -> protocol = value;
                case TLS -> keep("--tls", null);
                case SCAN_INCREMENTAL_ITERATION -> keep("--scan-incremental-iteration", null);
                case CERT -> keep("--cert", value);
                case KEY -> keep("--key", value);
                case CACERT -> keep("--cacert", value);
                case TLS_SKIP_VERIFY -> keep("--insecure", null);
                case SNI -> keep("--sni", value);
                case HDR_FILE_PREFIX -> keep("--hdr-file-prefix", value);
                case RUN_COUNT -> runs = wholeNumber(given, 1);
                case PRINT_PERCENTILES -> percentiles = value;
                case PRINT_ALL_RUNS -> printAllRuns = true;
                case RANDOMIZE -> keep("--seed", Long.toString(ThreadLocalRandom.current().nextLong(1,
                        Long.MAX_VALUE)));
                case REQUESTS -> requests = value;
                case CLIENTS -> clients = value;
                case THREADS -> threads = value;
                case TEST_TIME -> testTime = value;
                case RATIO -> ratio = value;
                case PIPELINE -> keep("--inflight", value);
                case DATA_SIZE, DATA_SIZE_LIST -> dataSize = value;
                case DATA_SIZE_RANGE -> dataSize = value;
                case DATA_SIZE_PATTERN -> refuseUnless(given, "R", "metric draws each key's length at random (R)");
                case KEY_PREFIX -> keyPrefix = value;
                case KEY_MINIMUM -> keyMinimum = value;
                case KEY_MAXIMUM -> keyMaximum = value;
                case KEY_PATTERN -> keyPattern = value;
                case KEY_STDDEV -> keep("--key-stddev", value);
                case KEY_MEDIAN -> keep("--key-median", value);
                case KEY_ZIPF_EXP -> zipfExponent = value;
                case CONNECTION_TIMEOUT -> keep("--connect-timeout", value + "s");
                case AUTHENTICATE -> authenticate(value);
                case SELECT_DB -> keep("--db", value);
                case JSON_OUT_FILE -> jsonOutFile = value;
                case CLUSTER_MODE -> keep("--cluster", null);
                case HELP -> help = true;
                case VERSION -> version = true;
                case COMMAND -> commands.add(new Command(value));
                case COMMAND_KEY_PATTERN -> lastCommand(given).keyPattern = value;
                case COMMAND_RATIO -> lastCommand(given).ratio = value;
                case RATE_LIMITING -> rateLimiting = value;
                default -> {
                    // satisfied without a word of run's: said in the option's reason
                }
            }
        }

        private void add(String option, String value) {
            run.add(option);
            run.add(value);
        }

        /**
         * An option of run's, {@code value} null for a flag, that comes after those of the server, the
         * lanes, the traffic and the data; given again, it takes the later value, as getopt's options do.
         */
        private void keep(String option, String value) {
            asTheyAre.remove(option);
            asTheyAre.put(option, value);
        }

        private void authenticate(String value) {
            int colon = value.indexOf(':');
            if (colon >= 0) {
                keep("--user", value.substring(0, colon));
                keep("--password", value.substring(colon + 1));
            } else {
                keep("--password", value);
            }
        }

        private Command lastCommand(Given given) {
            if (commands.isEmpty()) {
                throw new IllegalArgumentException("memtier_benchmark's " + given.spelled() + " belongs to the"
                        + " --command before it, and none came before");
            }
            return commands.get(commands.size() - 1);
        }

        private static void refuseUnless(Given given, String accepted, String why) {
            if (!accepted.equalsIgnoreCase(given.value())) {
                throw new IllegalArgumentException("memtier_benchmark's " + given.spelled() + " " + given.value()
                        + " is not run by metric memtier: " + why);
            }
        }

        private static int wholeNumber(Given given, int least) {
            try {
                int number = Integer.parseInt(given.value().strip());
                if (number >= least) {
                    return number;
                }
            } catch (NumberFormatException e) {
                // said below
            }
            throw new IllegalArgumentException("memtier_benchmark's " + given.spelled() + ": expected a whole number"
                    + " of at least " + least + ", got '" + given.value() + "'");
        }

        MemtierLine line(List<String> ignored) {
            server();
            add("--timeout", REPLY_TIMEOUT);
            add("-t", threads);
            add("-c", clients);
            traffic();
            add("-d", dataSize);
            add("--key-prefix", keyPrefix);
            add("--key-minimum", keyMinimum);
            add("--key-maximum", keyMaximum);
            if (requests != null && testTime != null) {
                throw new IllegalArgumentException("memtier_benchmark's --test-time and --requests are mutually"
                        + " exclusive");
            }
            if (testTime != null) {
                add("--test-time", testTime);
            } else {
                add("-n", requests == null ? Long.toString(MEMTIER_REQUESTS) : "allkeys".equals(requests) ? allKeys()
                        : requests);
            }
            if (rateLimiting != null) {
                pace();
            }
            Percentiles chosen;
            try {
                chosen = Percentiles.parse(percentiles);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("memtier_benchmark's --print-percentiles " + percentiles + ": metric"
                        + " reports percentiles of " + Percentiles.MENU.stream().map(Percentiles::format)
                        .collect(Collectors.joining(",")) + ", ascending");
            }
            add("--percentiles", percentiles);
            asTheyAre.forEach((option, value) -> {
                run.add(option);
                if (value != null) {
                    run.add(value);
                }
            });
            Path json = jsonOutFile == null ? null : Path.of(jsonOutFile);
            return new MemtierLine(List.copyOf(run), runs, printAllRuns, json, chosen, help, version,
                    List.copyOf(ignored));
        }

        /**
         * Where the server is and what it speaks, and the client: metric's own RESP client on event loops,
         * which writes and reads RESP as memtier's loops do, or Lettuce for a cluster, which it follows.
         */
        private void server() {
            String client = asTheyAre.containsKey("--cluster") ? "lettuce" : "resp";
            if (uri != null) {
                add("--uri", uri);
            } else {
                add("--host", host == null ? "localhost" : host);
                add("-p", port == null ? "6379" : port);
            }
            switch (protocol.toLowerCase(Locale.ROOT)) {
                case "redis", "resp2" -> add("--client", client);
                case "resp3" -> {
                    add("--client", client);
                    add("--resp", "3");
                }
                case "memcache_text" -> add("--protocol", "memcached");
                default -> throw new IllegalArgumentException("memtier_benchmark's --protocol " + protocol + " is not"
                        + " run by metric memtier: it speaks redis, resp2, resp3 and memcache_text");
            }
        }

        /** The commands, each with its key pattern and ratio; or memtier's SET and GET by --ratio and --key-pattern. */
        private void traffic() {
            if (commands.isEmpty()) {
                add("--ratio", ratio == null ? "1:10" : ratio);
                add("--key-pattern", keyPattern == null ? "R:R" : keyPattern);
                zipf(keyPattern != null && keyPattern.contains("Z"));
                return;
            }
            if (ratio != null) {
                throw new IllegalArgumentException("memtier_benchmark's --ratio goes with its SET and GET; with"
                        + " --command, each command's share is its --command-ratio");
            }
            if (keyPattern != null) {
                throw new IllegalArgumentException("memtier_benchmark's --key-pattern goes with its SET and GET;"
                        + " with --command, each command's is its --command-key-pattern");
            }
            boolean zipfian = false;
            for (Command command : commands) {
                add("--command", command.text);
                add("--command-key-pattern", command.keyPattern);
                add("--command-ratio", command.ratio);
                zipfian |= command.keyPattern.equalsIgnoreCase("Z");
            }
            zipf(zipfian);
        }

        /**
         * memtier's {@code -n allkeys} as the requests memtier sends on each connection: the key
         * maximum less the minimum, or with {@code --key-pattern P:P} that over every connection, and
         * one more. One connection walking the keys in order (S, or P) so leaves the last key out, as
         * the specification's suites expect of memtier; run's own allkeys would send it. A count of 0 (one
         * key) becomes memtier's default, as memtier makes it.
         */
        private String allKeys() {
            long span;
            long connections;
            try {
                span = Long.parseLong(keyMaximum.strip()) - Long.parseLong(keyMinimum.strip());
                connections = Long.parseLong(threads.strip()) * Long.parseLong(clients.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("memtier_benchmark's -n allkeys counts the keys of --key-minimum and"
                        + " --key-maximum on -t times -c connections, all whole numbers: got " + keyMinimum + ", "
                        + keyMaximum + ", " + threads + " and " + clients);
            }
            if (span < 0 || connections < 1) {
                throw new IllegalArgumentException("memtier_benchmark's -n allkeys needs --key-maximum at least"
                        + " --key-minimum and at least one connection");
            }
            long requests = "P:P".equals(keyPattern) ? span / connections + 1 : span;
            return Long.toString(requests == 0 ? MEMTIER_REQUESTS : requests);
        }

        /** memtier's zipfian exponent as run's --zipf: its --key-zipf-exp, 1.0 unless given. */
        private void zipf(boolean zipfian) {
            if (zipfian) {
                add("--zipf", zipfExponent == null ? "1.0" : zipfExponent);
            }
        }

        /** memtier's --rate-limiting, per connection, as run's rate of all connections, released in 20 ms ticks. */
        private void pace() {
            long perConnection;
            long lanes;
            try {
                perConnection = Long.parseLong(rateLimiting.strip());
                lanes = Long.parseLong(threads.strip()) * Long.parseLong(clients.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("memtier_benchmark's --rate-limiting, -t and -c take whole numbers,"
                        + " got " + rateLimiting + ", " + threads + " and " + clients);
            }
            if (perConnection < 1) {
                throw new IllegalArgumentException("memtier_benchmark's --rate-limiting must be at least 1, got "
                        + perConnection);
            }
            add("--rate", Long.toString(perConnection * lanes));
            add("--rate-tick", "20ms");
        }
    }
}
