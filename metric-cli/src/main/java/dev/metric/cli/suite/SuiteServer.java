package dev.metric.cli.suite;

import dev.metric.client.ServerAddress;
import dev.metric.server.LocalRedisCluster;
import dev.metric.server.LocalRedisServer;
import dev.metric.server.ServerInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.commands.ProtocolCommand;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The server one suite runs against, set up as the suite says: servers metric starts for the suite
 * alone ({@code --embedded}, of the suite's topology: a standalone server, with io-threads, with a
 * replica, or a cluster of three primaries), or the user's, emptied first and its configuration put
 * back after. Sends the suite's own commands (CONFIG SET to every server, the init commands and its
 * Lua to the first primary) and counts its keys over the primaries.
 */
final class SuiteServer implements AutoCloseable {

    /** A suite's FLUSHALL, init commands and Lua may take long on big data: a minute each. */
    private static final int COMMAND_TIMEOUT_MILLIS = 60_000;

    private static final Pattern IO_THREADS = Pattern.compile("oss-standalone-(\\d+)-io-threads");
    private static final String WITH_REPLICA = "oss-standalone-01-replicas";
    private static final String CLUSTER = "oss-cluster-3-primaries";
    private static final int CLUSTER_PRIMARIES = 3;

    private final ServerAddress address;
    private final boolean cluster;
    /** Stops the servers metric started for the suite, the primary last; none for the user's server. */
    private final List<Runnable> stops;
    /** The primaries, whose keys the suite counts; the first takes the suite's own commands. */
    private final List<Jedis> primaries = new ArrayList<>();
    /** Every server, primaries first, each of which takes the suite's configuration. */
    private final List<Jedis> servers = new ArrayList<>();
    /** The user's configuration before the suite changed it, put back at the end; empty for metric's own server. */
    private final Map<String, String> before = new LinkedHashMap<>();

    private SuiteServer(ServerAddress address, boolean cluster, List<Runnable> stops,
                        List<ServerAddress> primaries, List<ServerAddress> replicas) {
        this.address = address;
        this.cluster = cluster;
        this.stops = stops;
        for (ServerAddress primary : primaries) {
            Jedis jedis = jedis(primary);
            this.primaries.add(jedis);
            this.servers.add(jedis);
        }
        replicas.forEach(replica -> this.servers.add(jedis(replica)));
    }

    private static Jedis jedis(ServerAddress address) {
        return new Jedis(address.host(), address.port(), COMMAND_TIMEOUT_MILLIS);
    }

    /**
     * Whether metric can start {@code topology} itself: standalone, with io-threads, with one
     * replica, or a cluster of three primaries.
     */
    static boolean canStart(String topology) {
        return topology.equals("oss-standalone") || IO_THREADS.matcher(topology).matches()
                || topology.equals(WITH_REPLICA) || topology.equals(CLUSTER);
    }

    /** How many servers metric starts for {@code topology} that each hold all of a suite's data: 2 with a replica. */
    static int copies(String topology) {
        return topology.equals(WITH_REPLICA) ? 2 : 1;
    }

    /** Servers of {@code topology} on free loopback ports, for one suite. */
    static SuiteServer start(String topology) throws IOException {
        if (topology.equals(CLUSTER)) {
            LocalRedisCluster started = LocalRedisCluster.start(CLUSTER_PRIMARIES, 0, Duration.ofSeconds(5));
            return new SuiteServer(started.address(), true, List.of(started::close),
                    started.masters().stream().map(LocalRedisServer::address).toList(), List.of());
        }
        List<String> arguments = new ArrayList<>();
        Matcher threads = IO_THREADS.matcher(topology);
        if (threads.matches()) {
            arguments.addAll(List.of("--io-threads", Integer.toString(Integer.parseInt(threads.group(1))),
                    "--io-threads-do-reads", "yes"));
        }
        LocalRedisServer primary = LocalRedisServer.startOnFreePort(arguments);
        if (!topology.equals(WITH_REPLICA)) {
            return new SuiteServer(primary.address(), false, List.of(primary::close), List.of(primary.address()),
                    List.of());
        }
        LocalRedisServer replica;
        try {
            replica = LocalRedisServer.startOnFreePort(List.of("--replicaof", primary.address().host(),
                    Integer.toString(primary.address().port())));
        } catch (IOException | RuntimeException e) {
            primary.close();
            throw e;
        }
        return new SuiteServer(primary.address(), false, List.of(replica::close, primary::close),
                List.of(primary.address()), List.of(replica.address()));
    }

    /** The user's server at {@code address}, emptied (FLUSHALL) for the suite: only ever with --yes. */
    static SuiteServer emptied(ServerAddress address) {
        SuiteServer server = new SuiteServer(address, false, List.of(), List.of(address), List.of());
        try {
            server.primaries.get(0).flushAll();
        } catch (JedisException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** Where memtier's command lines go: the server, or a node of the cluster. */
    ServerAddress address() {
        return address;
    }

    /** Whether the suite runs on a cluster, which memtier's command lines must be told (--cluster-mode). */
    boolean cluster() {
        return cluster;
    }

    /**
     * Sets {@code parameter} to {@code value} on every server, keeping the user's value to put back;
     * the first server's refusal, or null.
     */
    String configure(String parameter, String value) {
        try {
            if (stops.isEmpty() && !before.containsKey(parameter)) {
                List<String> current = servers.get(0).configGet(parameter).values().stream().toList();
                before.put(parameter, current.isEmpty() ? null : current.get(0));
            }
            for (Jedis server : servers) {
                server.configSet(parameter, value);
            }
            return null;
        } catch (JedisException e) {
            return e.getMessage();
        }
    }

    /** Sends one command of the suite's to the first primary, its words as given; the server's error, or null. */
    String send(List<String> words) {
        ProtocolCommand name = () -> words.get(0).getBytes(StandardCharsets.UTF_8);
        byte[][] arguments = words.subList(1, words.size()).stream().map(word -> word.getBytes(StandardCharsets.UTF_8))
                .toArray(byte[][]::new);
        try {
            primaries.get(0).sendCommand(name, arguments);
            return null;
        } catch (JedisException e) {
            return e.getMessage();
        }
    }

    /**
     * Of {@code commands} (lower-case names, {@code container|subcommand} for a subcommand), those
     * the server does not have: COMMAND INFO answers nothing for them.
     */
    List<String> missing(List<String> commands) {
        if (commands.isEmpty()) {
            return List.of();
        }
        List<?> answers = (List<?>) primaries.get(0).sendCommand(Protocol.Command.COMMAND,
                Stream.concat(Stream.of("INFO"), commands.stream()).toArray(String[]::new));
        List<String> missing = new ArrayList<>();
        for (int at = 0; at < commands.size(); at++) {
            if (at >= answers.size() || answers.get(at) == null) {
                missing.add(commands.get(at));
            }
        }
        return missing;
    }

    /** Runs {@code script} with EVAL and no keys; the server's error, or null. */
    String eval(String script) {
        return send(List.of("EVAL", script, "0"));
    }

    /** The keys of every database of every primary: what the suite's keyspacelen counts. */
    long keys() {
        long keys = 0;
        for (Jedis primary : primaries) {
            keys += ServerInfo.parse(primary.info("keyspace")).fields().entrySet().stream()
                    .filter(field -> field.getKey().matches("db\\d+"))
                    .mapToLong(field -> Long.parseLong(ServerInfo.parts(field.getValue()).getOrDefault("keys", "0")))
                    .sum();
        }
        return keys;
    }

    /** Stops metric's own servers; on the user's, puts back the configuration the suite changed. */
    @Override
    public void close() {
        try {
            before.forEach((parameter, value) -> {
                if (value != null) {
                    configure(parameter, value);
                }
            });
        } finally {
            servers.forEach(Jedis::close);
            stops.forEach(Runnable::run);
        }
    }
}
