package dev.metric.cli.suite;

import dev.metric.client.ServerAddress;
import dev.metric.server.LocalRedisServer;
import dev.metric.server.ServerInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
 * The server one suite runs against, set up as the suite says: a redis-server metric starts for
 * the suite alone ({@code --embedded}, in the suite's topology), or the user's, emptied first and
 * its configuration put back after. Sends the suite's own commands (CONFIG SET, the init commands,
 * its Lua) and counts its keys.
 */
final class SuiteServer implements AutoCloseable {

    /** A suite's FLUSHALL, init commands and Lua may take long on big data: a minute each. */
    private static final int COMMAND_TIMEOUT_MILLIS = 60_000;

    private static final Pattern IO_THREADS = Pattern.compile("oss-standalone-(\\d+)-io-threads");

    private final ServerAddress address;
    private final LocalRedisServer started;
    private final Jedis jedis;
    /** The user's configuration before the suite changed it, put back at the end; empty for metric's own server. */
    private final Map<String, String> before = new LinkedHashMap<>();

    private SuiteServer(ServerAddress address, LocalRedisServer started) {
        this.address = address;
        this.started = started;
        this.jedis = new Jedis(address.host(), address.port(), COMMAND_TIMEOUT_MILLIS);
    }

    /** Whether metric can start {@code topology} itself: standalone, with or without io-threads. */
    static boolean canStart(String topology) {
        return topology.equals("oss-standalone") || IO_THREADS.matcher(topology).matches();
    }

    /** A redis-server of {@code topology} on a free loopback port, for one suite. */
    static SuiteServer start(String topology) throws IOException {
        List<String> arguments = new ArrayList<>();
        Matcher threads = IO_THREADS.matcher(topology);
        if (threads.matches()) {
            arguments.addAll(List.of("--io-threads", Integer.toString(Integer.parseInt(threads.group(1))),
                    "--io-threads-do-reads", "yes"));
        }
        LocalRedisServer server = LocalRedisServer.startOnFreePort(arguments);
        return new SuiteServer(server.address(), server);
    }

    /** The user's server at {@code address}, emptied (FLUSHALL) for the suite: only ever with --yes. */
    static SuiteServer emptied(ServerAddress address) {
        SuiteServer server = new SuiteServer(address, null);
        try {
            server.jedis.flushAll();
        } catch (JedisException e) {
            server.close();
            throw e;
        }
        return server;
    }

    ServerAddress address() {
        return address;
    }

    /** Sets {@code parameter} to {@code value}, keeping the user's value to put back; the server's refusal, or null. */
    String configure(String parameter, String value) {
        try {
            if (started == null && !before.containsKey(parameter)) {
                List<String> current = jedis.configGet(parameter).values().stream().toList();
                before.put(parameter, current.isEmpty() ? null : current.get(0));
            }
            jedis.configSet(parameter, value);
            return null;
        } catch (JedisException e) {
            return e.getMessage();
        }
    }

    /** Sends one command of the suite's, its words as given; the server's error, or null. */
    String send(List<String> words) {
        ProtocolCommand name = () -> words.get(0).getBytes(StandardCharsets.UTF_8);
        byte[][] arguments = words.subList(1, words.size()).stream().map(word -> word.getBytes(StandardCharsets.UTF_8))
                .toArray(byte[][]::new);
        try {
            jedis.sendCommand(name, arguments);
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
        List<?> answers = (List<?>) jedis.sendCommand(Protocol.Command.COMMAND, Stream.concat(Stream.of("INFO"),
                commands.stream()).toArray(String[]::new));
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

    /** The keys of every database: what the suite's keyspacelen counts. */
    long keys() {
        return ServerInfo.parse(jedis.info("keyspace")).fields().entrySet().stream()
                .filter(field -> field.getKey().matches("db\\d+"))
                .mapToLong(field -> Long.parseLong(ServerInfo.parts(field.getValue()).getOrDefault("keys", "0")))
                .sum();
    }

    /** Stops metric's own server; on the user's, puts back the configuration the suite changed. */
    @Override
    public void close() {
        try {
            before.forEach((parameter, value) -> {
                if (value != null) {
                    configure(parameter, value);
                }
            });
        } finally {
            jedis.close();
            if (started != null) {
                started.close();
            }
        }
    }
}
