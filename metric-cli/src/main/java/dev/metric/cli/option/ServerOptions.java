package dev.metric.cli.option;

import dev.metric.cli.convert.AddressConverter;
import dev.metric.cli.convert.EnumNames;
import dev.metric.cli.convert.SettingNames;
import dev.metric.cli.convert.TimeoutConverter;
import dev.metric.client.ClientSettings;
import dev.metric.client.Protocol;
import dev.metric.client.RespVersion;
import dev.metric.client.Sentinels;
import dev.metric.client.ServerAccess;
import dev.metric.client.ServerAddress;
import dev.metric.client.Topology;
import dev.metric.server.LocalMemcachedServer;
import dev.metric.server.ServerTarget;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * Where the server is, how long to wait for it, and whether metric may start one: shared by every
 * command that runs load. Who to connect as and over TLS is {@link CredentialOptions}' part.
 */
public final class ServerOptions {

    /** Where memcached listens unless told otherwise. */
    static final int MEMCACHED_DEFAULT_PORT = 11211;

    /** The most masters --embedded-cluster starts: each is a process on this machine. */
    static final int MAX_EMBEDDED_MASTERS = 16;

    /** The most worker threads --memcached-threads starts memcached with. */
    static final int MAX_MEMCACHED_THREADS = 64;

    @Option(names = "--protocol", paramLabel = "redis|memcached", defaultValue = "redis",
            converter = ProtocolConverter.class,
            description = "What the server speaks: redis (RESP, through jedis or lettuce) or memcached (its text"
                    + " protocol, through folsom; default port " + MEMCACHED_DEFAULT_PORT + ")"
                    + " (default: ${DEFAULT-VALUE}).")
    public Protocol protocol;

    @Option(names = "--memcached-threads", paramLabel = "N",
            description = "Worker threads (memcached -t) of the memcached metric starts when none answers (default: "
                    + LocalMemcachedServer.DEFAULT_THREADS + ", memcached's own).")
    Integer memcachedThreads;

    @Option(names = {"--host", "-s", "--server"}, paramLabel = "HOST",
            description = "Server host. Without it metric uses 127.0.0.1; when no host, port or URI is given and"
                    + " nothing answers there, it starts a local redis-server (or memcached) for the run (see"
                    + " --no-embedded). A server named that does not answer is exit code 3. -s/--server are"
                    + " memtier_benchmark's names for it; -h is help, as in memtier_benchmark.")
    String host;

    @Option(names = "--db", paramLabel = "N",
            description = "Logical database to use (default: 0). Other databases are never touched.")
    Integer database;

    @Option(names = "--uri", paramLabel = "URI",
            description = "The server as redis://[user[:password]@]host[:port][/db], or rediss://... for TLS:"
                    + " instead of --host, --db and the port argument.")
    String uri;

    @Option(names = "--cluster",
            description = "The server is a node of a Redis Cluster: run through the libraries' cluster clients"
                    + " (JedisCluster, Lettuce's RedisClusterClient), with the pool size per node."
                    + " A redis+cluster:// or rediss+cluster:// --uri implies it.")
    boolean cluster;

    @Option(names = "--sentinel", paramLabel = "HOST:PORT", converter = AddressConverter.class,
            description = "A Redis Sentinel that watches the primary named by --master (repeatable; asked in order)."
                    + " The run goes to the primary the Sentinels name, and every connection opened after a failover"
                    + " (Jedis's and Lettuce's alike) asks them again, so that the run follows a promotion. Sentinels"
                    + " are reached without a password or TLS. A Sentinel that does not know the name is exit code 2;"
                    + " none answering, exit code 3.")
    List<ServerAddress> sentinels;

    @Option(names = "--master", paramLabel = "NAME",
            description = "The name the Sentinels (--sentinel) monitor the primary under.")
    String master;

    @Option(names = "--embedded-cluster", paramLabel = "N",
            description = "Start a local cluster of N masters (real redis-server processes, 7.0 or later) for the"
                    + " run, and stop it on exit. Implies --cluster.")
    Integer embeddedCluster;

    @Option(names = "--no-embedded",
            description = "Fail with exit code 3 instead of starting a local redis-server when no host, port or URI"
                    + " is given and none answers on the default address.")
    public boolean noEmbedded;

    @Option(names = "--embedded",
            description = "Start a local redis-server (or memcached) on a free port for the run, and stop it on"
                    + " exit, whatever answers on the default address.")
    boolean embedded;

    @Option(names = "--connect-timeout", paramLabel = "T", defaultValue = "2s", converter = TimeoutConverter.class,
            description = "Limit for opening a connection and for the server's first reply, e.g. 500ms or 5s"
                    + " (default: ${DEFAULT-VALUE}). An unreachable server fails the run with exit code 3 within it.")
    public Duration connectTimeout;

    @Option(names = "--timeout", paramLabel = "T", defaultValue = "2s", converter = TimeoutConverter.class,
            description = "Limit for one reply (default: ${DEFAULT-VALUE}). A request past it counts as an error;"
                    + " a server that accepts no connection for longer ends the run with what it measured.")
    Duration commandTimeout;

    @Option(names = "--resp", paramLabel = "2|3", defaultValue = "2",
            description = "Protocol version every connection of the run negotiates: 2 (RESP2) or 3 (RESP3, through"
                    + " HELLO; Redis 6 and later) (default: ${DEFAULT-VALUE}).")
    int resp;

    @Mixin
    CredentialOptions credentials = new CredentialOptions();

    private Endpoint endpoint;

    /**
     * Where the run goes and how it connects.
     *
     * @param host             the host, or null for the default address (where a local server may be
     *                         started)
     * @param database         the logical database
     * @param access           credentials and TLS
     * @param cluster          whether the host is a node of a cluster
     * @param embeddedCluster  masters of the local cluster to start, 0 for none
     * @param protocol         what the server speaks
     * @param embedded         whether to start a local server whatever answers on the default address
     *                         ({@code --embedded})
     * @param sentinels        the Sentinels that name the primary, or null: then host and port are not
     *                         used, the primary being where they say when the run starts
     */
    public record Endpoint(String host, int port, int database, ServerAccess access, boolean cluster,
                           int embeddedCluster, Protocol protocol, boolean embedded, Sentinels sentinels) {

        /** The address to connect to: the host, or the default address. */
        public ServerAddress address() {
            return new ServerAddress(host == null ? ServerTarget.DEFAULT_HOST : host, port);
        }

        /** The same endpoint in database {@code other}: a replay's with --index-env. */
        public Endpoint withDatabase(int other) {
            return new Endpoint(host, port, other, access, cluster, embeddedCluster, protocol, embedded, sentinels);
        }
    }

    /**
     * Works out the endpoint once, from --uri or --host, --db and {@code port}, reading the
     * password and checking the TLS files; later calls return the same.
     *
     * @param port     the port argument, null when not given
     * @param warnings where a warning about a password on the command line goes
     * @throws IllegalArgumentException on conflicting or bad options
     */
    public Endpoint endpoint(Integer port, Consumer<String> warnings) {
        if (endpoint == null) {
            Endpoint resolved = resolve(port, warnings);
            resolved.address(); // checks the port
            endpoint = resolved;
        }
        return endpoint;
    }

    /**
     * {@link #endpoint(Integer, Consumer)} for {@code spec}'s command: warnings go to its stderr,
     * bad options are usage errors.
     */
    public Endpoint endpoint(Integer port, CommandSpec spec) {
        try {
            return endpoint(port, spec.commandLine().getErr()::println);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), SettingNames.message(e), e);
        }
    }

    private Endpoint resolve(Integer port, Consumer<String> warnings) {
        if (embedded) {
            checkEmbedded(port);
        }
        if (protocol == Protocol.MEMCACHED) {
            return memcached(port, warnings);
        }
        if (memcachedThreads != null) {
            throw new IllegalArgumentException("--memcached-threads starts memcached: it needs --protocol memcached");
        }
        if (sentinels != null || master != null) {
            return watched(port, warnings);
        }
        Endpoint resolved = named(port, warnings);
        if (resolved.embedded() && !resolved.access().plain()) {
            throw new IllegalArgumentException("--embedded starts a server without credentials or TLS: leave out"
                    + " --user, the password (and METRIC_PASSWORD) and --tls");
        }
        if (resolved.cluster() && resolved.database() != 0) {
            throw new IllegalArgumentException("a Redis Cluster has db 0 only: leave out --db (or the URI's /"
                    + resolved.database() + ")");
        }
        if (embeddedCluster == null) {
            return resolved;
        }
        if (embeddedCluster < 1 || embeddedCluster > MAX_EMBEDDED_MASTERS) {
            throw new IllegalArgumentException("--embedded-cluster must be 1.." + MAX_EMBEDDED_MASTERS + ", got "
                    + embeddedCluster);
        }
        if (serverNamed(port)) {
            throw new IllegalArgumentException("--embedded-cluster starts its own cluster: give it without --host,"
                    + " --uri or the port argument");
        }
        if (!resolved.access().plain()) {
            throw new IllegalArgumentException("--embedded-cluster starts servers without credentials or TLS:"
                    + " leave out --user, the password and --tls");
        }
        return new Endpoint(null, resolved.port(), 0, resolved.access(), true, embeddedCluster, Protocol.REDIS,
                false, null);
    }

    /** --embedded starts a server of its own: it names none, and is not asked not to. */
    private void checkEmbedded(Integer port) {
        String refused = serverNamed(port) ? "give it without --host, --uri or the port argument"
                : noEmbedded ? "give it without --no-embedded"
                : cluster || embeddedCluster != null ? "for a local cluster, give --embedded-cluster alone"
                : null;
        if (refused != null) {
            throw new IllegalArgumentException("--embedded starts a local server of its own: " + refused);
        }
    }

    /** Whether a host, a URI or the port argument names the server: then metric starts none in its place. */
    private boolean serverNamed(Integer port) {
        return host != null || uri != null || port != null;
    }

    /**
     * The host a server is named by: the one given, else the default address when the port was given
     * (a server named by its port alone is named all the same: metric starts nothing in its place),
     * else null, for the default address, where a local server may be started.
     */
    private String namedHost(Integer port) {
        return host != null ? host : port != null ? ServerTarget.DEFAULT_HOST : null;
    }

    private Endpoint named(Integer port, Consumer<String> warnings) {
        if (uri == null) {
            return new Endpoint(namedHost(port), port == null ? RedisUri.DEFAULT_PORT : port,
                    database == null ? 0 : database, credentials.access(warnings), cluster, 0, Protocol.REDIS,
                    embedded, null);
        }
        if (host != null || database != null || port != null) {
            throw new IllegalArgumentException("--uri names the host, port and database: give it without --host,"
                    + " --db or the port argument");
        }
        RedisUri parsed = RedisUri.parse(uri);
        if (parsed.password() != null) {
            if (credentials.passwordGiven()) {
                throw new IllegalArgumentException("the password is given twice: in --uri and in another option");
            }
            warnings.accept(CredentialOptions.visibleWarning("--uri"));
        }
        if (parsed.user() != null && credentials.user != null) {
            throw new IllegalArgumentException("the user is given twice: in --uri and with --user");
        }
        return new Endpoint(parsed.host(), parsed.port(), parsed.database(),
                credentials.access(parsed.user() != null ? parsed.user() : credentials.user,
                        parsed.tls() || credentials.tls, parsed.password(), warnings),
                parsed.cluster() || cluster, 0, Protocol.REDIS, false, null);
    }

    /**
     * A primary that Sentinels name: both --sentinel and --master, and nothing else that says where
     * the server is or starts one.
     */
    private Endpoint watched(Integer port, Consumer<String> warnings) {
        String refused = sentinels == null ? "--master names the primary the Sentinels watch: give them with"
                + " --sentinel HOST:PORT"
                : master == null ? "--sentinel needs --master NAME, the name the Sentinels know the primary by"
                : serverNamed(port) ? "the Sentinels say where the primary is: leave out --host, --uri and the port"
                        + " argument"
                : cluster || embeddedCluster != null ? "a Redis Cluster fails over by itself: leave out --sentinel"
                        + " and --master"
                : embedded ? "--embedded starts a server of its own, which no Sentinel watches"
                : null;
        if (refused != null) {
            throw new IllegalArgumentException(refused);
        }
        return new Endpoint(null, RedisUri.DEFAULT_PORT, database == null ? 0 : database,
                credentials.access(warnings), false, 0, Protocol.REDIS, false, new Sentinels(master, sentinels));
    }

    /**
     * A memcached server: at --host (or the default address) and the port argument (or memcached's
     * port), refusing what memcached has no counterpart of.
     */
    private Endpoint memcached(Integer port, Consumer<String> warnings) {
        String refused = uri != null ? "--uri names a Redis server; give memcached's with --host and the port argument"
                : database != null ? "--db: memcached has no databases"
                : cluster || embeddedCluster != null ? "memcached has no cluster: leave out --cluster and"
                        + " --embedded-cluster"
                : sentinels != null || master != null ? "memcached has no Sentinels: leave out --sentinel and --master"
                : resp != 2 ? "--resp " + resp + ": memcached speaks its own protocol, not RESP"
                : credentials.user != null ? "--user: memcached's text protocol has no ACL users"
                : null;
        if (refused != null) {
            throw new IllegalArgumentException(refused + " (--protocol memcached)");
        }
        ServerAccess access = credentials.access(warnings);
        if (!access.plain()) {
            throw new IllegalArgumentException("metric reaches memcached without a password or TLS: leave out the"
                    + " password (and METRIC_PASSWORD) and --tls (--protocol memcached)");
        }
        if (memcachedThreads != null && (memcachedThreads < 1 || memcachedThreads > MAX_MEMCACHED_THREADS)) {
            throw new IllegalArgumentException("--memcached-threads must be 1.." + MAX_MEMCACHED_THREADS + ", got "
                    + memcachedThreads);
        }
        return new Endpoint(namedHost(port), port == null ? MEMCACHED_DEFAULT_PORT : port, 0, access, false, 0,
                Protocol.MEMCACHED, embedded, null);
    }

    /** Worker threads of a memcached metric starts. */
    public int memcachedThreads() {
        return memcachedThreads == null ? LocalMemcachedServer.DEFAULT_THREADS : memcachedThreads;
    }

    /** Reads a protocol by its name. */
    static final class ProtocolConverter extends EnumNames<Protocol> {
        ProtocolConverter() {
            super(Protocol.class, "protocol");
        }
    }

    /** The connection settings for a pool of {@code poolSize} connections to {@code address}. */
    public ClientSettings settings(ServerAddress address, int poolSize, boolean poolPerThread) {
        if (endpoint == null) {
            throw new IllegalStateException("endpoint() is resolved first");
        }
        return new ClientSettings(address, endpoint.database(), endpoint.access(), poolSize, poolPerThread,
                new ClientSettings.Timeouts(connectTimeout, commandTimeout),
                endpoint.sentinels() != null ? Topology.of(endpoint.sentinels()) : Topology.of(endpoint.cluster()),
                RespVersion.of(resp),
                endpoint.protocol(), false);
    }
}
