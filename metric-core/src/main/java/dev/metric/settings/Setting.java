package dev.metric.settings;

/**
 * A choice the user made, as core code names it in a message: the front end that offered the
 * choice decides the words (the command line says {@code --mget}, a program calling the library
 * sees {@code keysPerRead}), so core code never spells a command-line flag.
 */
public enum Setting {
    /** The wire protocol: RESP or memcached's. */
    PROTOCOL("protocol"),
    /** The client library. */
    CLIENT("library"),
    /** The TTL range of mode2's writes. */
    TTL("ttl"),
    /** Whether to split mean latency into client, network and server. */
    BREAKDOWN("breakdown"),
    /** Whether to empty the database before writing. */
    FLUSH("flush"),
    /** The confirmation that flushing may delete keys metric did not write. */
    CONFIRM_FLUSH("confirmFlush"),
    /** Working on keys an earlier run wrote instead of writing them. */
    SKIP_LOAD("skipLoad"),
    /** The database number. */
    DATABASE("database"),
    /** The capacity search. */
    SEARCH("search"),
    /** The target rate of a schedule. */
    RATE("rateOpsPerSec"),
    /** The ticks a schedule is released in. */
    RATE_TICK("rateTick"),
    /** The search's latency objectives. */
    SLO("slos"),
    /** How long each step of a search lasts. */
    STEP_DURATION("stepDuration"),
    /** Requests per batch, each batch awaited whole. */
    PIPELINE("pipeline"),
    /** Requests each connection keeps outstanding. */
    INFLIGHT("inflight"),
    /** Connections each client thread drives. */
    CONNECTIONS("connections"),
    /** What drives the lanes: event loops or a thread per lane. */
    ENGINE("engine"),
    /** Event loops that poll instead of sleeping. */
    BUSY_POLL("busyPoll"),
    /** The client threads. */
    THREADS("threads"),
    /** The pool the lanes borrow connections from. */
    POOL_SIZE("poolSize"),
    /** Keys each read asks for. */
    KEYS_PER_READ("keysPerRead"),
    /** The prefix of every key. */
    KEY_PREFIX("keyPrefix"),
    /** The lengths of the keys. */
    KEY_SIZE("keySizes"),
    /** The number of the first key, in memtier_benchmark's key names. */
    KEY_MINIMUM("keyMinimum"),
    /** The number of the last key, in memtier_benchmark's key names. */
    KEY_MAXIMUM("keyMaximum"),
    /** The lengths of the values. */
    VALUE_SIZE("valueSizes"),
    /** The type of the values: string, hash, list or sorted set. */
    VALUE_TYPE("type"),
    /** Fields of each hash. */
    FIELDS("fields"),
    /** Elements of each list or sorted set. */
    ELEMENTS("elements"),
    /** The ledger that catches lost and stale values. */
    STRICT("strict"),
    /** A run of the user's own command templates, as a whole. */
    TEMPLATE_RUN("a template run"),
    /** One command template. */
    COMMAND("template"),
    /** The trace a replay sends. */
    TRACE("trace"),
    /** How a trace's lines are read. */
    TRACE_FORMAT("traceFormat"),
    /** The pace of a replay against its trace's own times. */
    SPEED("speed"),
    /** Refusing a trace at its first bad line. */
    STRICT_TRACE("strictTrace"),
    /** The trace's first commands, left out of a replay's figures. */
    WARMUP("warmupCommands"),
    /** The weights of the command templates. */
    WEIGHTS("weights"),
    /** The percentiles of the report. */
    PERCENTILES("percentiles"),
    /** The protocol version. */
    RESP("resp"),
    /** Whether to connect with TLS. */
    TLS("tls"),
    /** The CA certificate that signed the server's. */
    CA_CERT("caCert"),
    /** The client certificate. */
    CERT("cert"),
    /** The client certificate's key. */
    KEY("key"),
    /** The file holding the password of an encrypted key. */
    KEY_PASSWORD_FILE("keyPassword"),
    /** The server name sent in the TLS handshake. */
    SNI("sni"),
    /** The ways to give a password: a file, the environment, the terminal. */
    PASSWORD_SOURCES("a password"),
    /** Whether the server is a Redis Cluster. */
    CLUSTER("cluster"),
    /** That metric must not start a server of its own. */
    NO_EMBEDDED("noEmbedded"),
    /** How often a sweep repeats each cell. */
    REPEAT("repeats"),
    /** A YCSB core workload mode2 runs in place of its cache traffic. */
    WORKLOAD("workload"),
    /** A replica named to be read back. */
    REPLICA("replica"),
    /** Reading no replica, not even those the primary lists. */
    NO_REPLICAS("replicas"),
    /** How long a replica may take to catch up before it is read. */
    REPLICA_WAIT("catchUp"),
    /** The Sentinels that name the primary. */
    SENTINEL("sentinels"),
    /** WAIT after every write: the replicas to reach, and for how long. */
    WAIT("wait"),
    /** How long a reply may take. */
    COMMAND_TIMEOUT("commandTimeout"),
    /** Where the traffic's reads go: the primary, its replicas, or either. */
    READ_FROM("readFrom"),
    /** A run bounded by requests rather than time. */
    REQUESTS("requests"),
    /** One SCAN whose cursor each lane follows, as memtier_benchmark's --scan-incremental-iteration. */
    SCAN_CURSOR("templateOrder"),
    /** The traffic before the measurement, left out of it. */
    WARMUP_TIME("warmup");

    private final String label;

    Setting(String label) {
        this.label = label;
    }

    /** The setting's name where no front end chose one: its name in metric's configurations. */
    public String label() {
        return label;
    }
}
