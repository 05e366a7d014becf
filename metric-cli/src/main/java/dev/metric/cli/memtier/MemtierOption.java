package dev.metric.cli.memtier;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Every option of memtier_benchmark 2.x's command line, as its {@code getopt_long} table names them:
 * its long name, its letter (0 for none), whether it takes a value, and what {@code metric memtier}
 * does with it: {@link Use#RUN} becomes an option of {@code metric run} ({@link MemtierLine}),
 * {@link Use#SATISFIED} is what metric does anyway, {@link Use#REFUSED} is refused by name with the
 * reason, never ignored.
 */
enum MemtierOption {
    SERVER("server", 's', true, Use.RUN, null),
    HOST("host", 'h', true, Use.RUN, null),
    PORT("port", 'p', true, Use.RUN, null),
    UNIX_SOCKET("unix-socket", 'S', true, Use.REFUSED, "metric connects over TCP only"),
    IPV4("ipv4", '4', false, Use.REFUSED, "metric connects to the address the host name resolves to first"),
    IPV6("ipv6", '6', false, Use.REFUSED, "metric connects to the address the host name resolves to first"),
    PROTOCOL("protocol", 'P', true, Use.RUN, null),
    TLS("tls", 0, false, Use.RUN, null),
    CERT("cert", 0, true, Use.RUN, null),
    KEY("key", 0, true, Use.RUN, null),
    CACERT("cacert", 0, true, Use.RUN, null),
    TLS_SKIP_VERIFY("tls-skip-verify", 0, false, Use.RUN, null),
    SNI("sni", 0, true, Use.RUN, null),
    TLS_PROTOCOLS("tls-protocols", 0, true, Use.REFUSED, "metric takes the TLS versions Java's defaults allow"),
    OUT_FILE("out-file", 'o', true, Use.REFUSED, "metric prints its report on stdout: redirect it"),
    HDR_FILE_PREFIX("hdr-file-prefix", 0, true, Use.RUN, null),
    CLIENT_STATS("client-stats", 0, true, Use.REFUSED, "metric does not write a file per client"),
    RUN_COUNT("run-count", 'x', true, Use.RUN, null),
    DEBUG("debug", 'D', false, Use.REFUSED, "metric has no debug output"),
    SHOW_CONFIG("show-config", 0, false, Use.SATISFIED, "metric prints the run's configuration with its result"),
    HIDE_HISTOGRAM("hide-histogram", 0, false, Use.SATISFIED, "metric prints percentiles, not the histogram"),
    PRINT_PERCENTILES("print-percentiles", 0, true, Use.RUN, null),
    PRINT_ALL_RUNS("print-all-runs", 0, false, Use.RUN, null),
    DISTINCT_CLIENT_SEED("distinct-client-seed", 0, false, Use.SATISFIED,
            "every lane of metric draws from a seed of its own"),
    RANDOMIZE("randomize", 0, false, Use.RUN, null),
    REQUESTS("requests", 'n', true, Use.RUN, null),
    CLIENTS("clients", 'c', true, Use.RUN, null),
    THREADS("threads", 't', true, Use.RUN, null),
    TEST_TIME("test-time", 0, true, Use.RUN, null),
    RATIO("ratio", 0, true, Use.RUN, null),
    PIPELINE("pipeline", 0, true, Use.RUN, null),
    DATA_SIZE("data-size", 'd', true, Use.RUN, null),
    DATA_OFFSET("data-offset", 0, true, Use.REFUSED, "metric writes whole values"),
    RANDOM_DATA("random-data", 'R', false, Use.SATISFIED, "metric's values are always random filler"),
    DATA_SIZE_RANGE("data-size-range", 0, true, Use.RUN, null),
    DATA_SIZE_LIST("data-size-list", 0, true, Use.RUN, null),
    DATA_SIZE_PATTERN("data-size-pattern", 0, true, Use.RUN, null),
    EXPIRY_RANGE("expiry-range", 0, true, Use.REFUSED, "a template sets its own TTL: write EX in --command"),
    DATA_IMPORT("data-import", 0, true, Use.REFUSED, "metric does not import memtier's data files"),
    DATA_VERIFY("data-verify", 0, false, Use.REFUSED, "metric memtier does not verify values yet"),
    VERIFY_ONLY("verify-only", 0, false, Use.REFUSED, "metric memtier does not verify values yet"),
    GENERATE_KEYS("generate-keys", 0, false, Use.REFUSED, "it goes with --data-import"),
    KEY_PREFIX("key-prefix", 0, true, Use.RUN, null),
    KEY_MINIMUM("key-minimum", 0, true, Use.RUN, null),
    KEY_MAXIMUM("key-maximum", 0, true, Use.RUN, null),
    KEY_PATTERN("key-pattern", 0, true, Use.RUN, null),
    KEY_STDDEV("key-stddev", 0, true, Use.RUN, null),
    KEY_MEDIAN("key-median", 0, true, Use.RUN, null),
    KEY_ZIPF_EXP("key-zipf-exp", 0, true, Use.RUN, null),
    RECONNECT_INTERVAL("reconnect-interval", 0, true, Use.REFUSED, "metric keeps its connections for the run"),
    RECONNECT_ON_ERROR("reconnect-on-error", 0, false, Use.REFUSED, "metric keeps its connections for the run"),
    MAX_RECONNECT_ATTEMPTS("max-reconnect-attempts", 0, true, Use.REFUSED,
            "metric keeps its connections for the run"),
    RECONNECT_BACKOFF_FACTOR("reconnect-backoff-factor", 0, true, Use.REFUSED,
            "metric keeps its connections for the run"),
    CONNECTION_TIMEOUT("connection-timeout", 0, true, Use.RUN, null),
    THREAD_CONN_START_MIN_JITTER("thread-conn-start-min-jitter-micros", 0, true, Use.SATISFIED,
            "metric opens every connection before its traffic starts, so no burst of connects lands in it"),
    THREAD_CONN_START_MAX_JITTER("thread-conn-start-max-jitter-micros", 0, true, Use.SATISFIED,
            "metric opens every connection before its traffic starts, so no burst of connects lands in it"),
    MULTI_KEY_GET("multi-key-get", 0, true, Use.REFUSED, "write MGET in --command"),
    AUTHENTICATE("authenticate", 'a', true, Use.RUN, null),
    SELECT_DB("select-db", 0, true, Use.RUN, null),
    NO_EXPIRY("no-expiry", 0, false, Use.REFUSED, "it goes with --data-import"),
    WAIT_RATIO("wait-ratio", 0, true, Use.REFUSED, "WAIT after writes is mode2's --wait"),
    NUM_SLAVES("num-slaves", 0, true, Use.REFUSED, "WAIT after writes is mode2's --wait"),
    WAIT_TIMEOUT("wait-timeout", 0, true, Use.REFUSED, "WAIT after writes is mode2's --wait"),
    JSON_OUT_FILE("json-out-file", 0, true, Use.RUN, null),
    CLUSTER_MODE("cluster-mode", 0, false, Use.RUN, null),
    HELP("help", 0, false, Use.RUN, null),
    VERSION("version", 'v', false, Use.RUN, null),
    COMMAND("command", 0, true, Use.RUN, null),
    COMMAND_KEY_PATTERN("command-key-pattern", 0, true, Use.RUN, null),
    COMMAND_RATIO("command-ratio", 0, true, Use.RUN, null),
    MONITOR_INPUT("monitor-input", 0, true, Use.REFUSED, "replaying a MONITOR capture is metric replay's"),
    MONITOR_PATTERN("monitor-pattern", 0, true, Use.REFUSED, "replaying a MONITOR capture is metric replay's"),
    COMMAND_STATS_BREAKDOWN("command-stats-breakdown", 0, true, Use.REFUSED,
            "metric reports each template and each command"),
    RATE_LIMITING("rate-limiting", 0, true, Use.RUN, null),
    URI("uri", 'u', true, Use.RUN, null),
    STATSD_HOST("statsd-host", 0, true, Use.REFUSED, "metric serves Prometheus' format (--metrics-port of run)"),
    STATSD_PORT("statsd-port", 0, true, Use.REFUSED, "metric serves Prometheus' format (--metrics-port of run)"),
    STATSD_PREFIX("statsd-prefix", 0, true, Use.REFUSED, "metric serves Prometheus' format (--metrics-port of run)"),
    STATSD_RUN_LABEL("statsd-run-label", 0, true, Use.REFUSED,
            "metric serves Prometheus' format (--metrics-port of run)"),
    GRAPHITE_PORT("graphite-port", 0, true, Use.REFUSED, "metric serves Prometheus' format (--metrics-port of run)"),
    SCAN_INCREMENTAL_ITERATION("scan-incremental-iteration", 0, false, Use.RUN, null),
    SCAN_INCREMENTAL_MAX_ITERATIONS("scan-incremental-max-iterations", 0, true, Use.REFUSED,
            "metric follows SCAN's cursor until it returns 0"),
    CLIENTS_START("clients-start", 0, true, Use.REFUSED, "a search over the load is run's --find-max"),
    CLIENTS_STEP("clients-step", 0, true, Use.REFUSED, "a search over the load is run's --find-max"),
    STEP_DURATION("step-duration", 0, true, Use.REFUSED, "a search over the load is run's --find-max");

    /** What metric does with an option. */
    enum Use {
        /** It becomes an option of metric's run, or shapes the runs and their files. */
        RUN,
        /** metric does what it asks without it. */
        SATISFIED,
        /** metric cannot do what it asks. */
        REFUSED
    }

    final String longName;
    final char letter;
    final boolean takesValue;
    final Use use;
    /** Why it is satisfied or refused; null for an option run takes. */
    final String reason;

    MemtierOption(String longName, int letter, boolean takesValue, Use use, String reason) {
        this.longName = longName;
        this.letter = (char) letter;
        this.takesValue = takesValue;
        this.use = use;
        this.reason = reason;
    }

    /** The option of letter {@code letter}. */
    static Optional<MemtierOption> ofLetter(char letter) {
        return Arrays.stream(values()).filter(option -> option.letter != 0 && option.letter == letter).findFirst();
    }

    /**
     * The options {@code name} names: the one of that long name, or as getopt_long takes them, those
     * whose long name starts with it; more than one is an ambiguous abbreviation.
     */
    static List<MemtierOption> named(String name) {
        List<MemtierOption> exact = Arrays.stream(values()).filter(option -> option.longName.equals(name)).toList();
        return exact.isEmpty() ? Arrays.stream(values()).filter(option -> option.longName.startsWith(name)).toList()
                : exact;
    }

    /** As memtier's help writes it: {@code -c, --clients}. */
    String spelled() {
        return (letter == 0 ? "" : "-" + letter + ", ") + "--" + longName;
    }
}
