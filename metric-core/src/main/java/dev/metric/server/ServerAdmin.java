package dev.metric.server;

import static dev.metric.client.ClientException.oneLine;

import dev.metric.client.ClientException;
import dev.metric.client.ClientSettings;
import dev.metric.client.Sentinels;
import dev.metric.client.ServerAccess;
import dev.metric.client.ServerAddress;
import dev.metric.client.jedis.JedisAccess;
import dev.metric.client.jedis.SentinelLookup;
import dev.metric.settings.Setting;
import dev.metric.settings.SettingMessage;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Predicate;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import redis.clients.jedis.ClientSetInfoConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.RedisProtocol;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisMovedDataException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.params.SetParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * One connection for everything that is not measured: the reachability check, INFO, DBSIZE and
 * the FLUSHDB the user asked for. Kept apart from the measured clients so that none of this
 * shows up in their pools or histograms.
 */
public final class ServerAdmin implements TargetAdmin {

    /** Keys SCAN is asked for per call: few round trips, and no long stall of the server. */
    private static final int SCAN_BATCH = 1000;

    private final ServerAccess access;
    private final int database;
    private final Duration connectTimeout;
    private final Duration commandTimeout;
    private ServerAddress address;
    private Jedis jedis;
    /** The Sentinels that name the primary, asked again when the connection breaks; null for a plain server. */
    private Sentinels sentinels;
    /** The servers a run's watch probes: the server, or the primary and replicas the Sentinels listed. */
    private List<ServerAddress> nodes;

    private ServerAdmin(Jedis jedis, ServerAddress address, ServerAccess access, int database, Duration connectTimeout,
                        Duration commandTimeout) {
        this.jedis = jedis;
        this.address = address;
        this.access = access;
        this.database = database;
        this.connectTimeout = connectTimeout;
        this.commandTimeout = commandTimeout;
        this.nodes = List.of(address);
    }

    /**
     * Connects as {@code settings} say, to their database. With Sentinels, to the primary they name
     * now, and after a broken connection to the one they name then.
     */
    public static ServerAdmin connect(ClientSettings settings) {
        Sentinels sentinels = settings.sentinels();
        if (sentinels == null) {
            return connect(settings.address(), settings.access(), settings.database(), settings.connectTimeout(),
                    settings.commandTimeout());
        }
        List<ServerAddress> servers = askSentinels(() -> SentinelLookup.servers(sentinels, settings.connectTimeout()));
        ServerAdmin admin = connect(servers.get(0), settings.access(), settings.database(), settings.connectTimeout(),
                settings.commandTimeout());
        admin.sentinels = sentinels;
        admin.nodes = servers;
        return admin;
    }

    /** What the Sentinels answer, or why they could not: a run that cannot find its primary cannot go on. */
    private static <T> T askSentinels(java.util.function.Supplier<T> question) {
        try {
            return question.get();
        } catch (RuntimeException e) {
            throw new ServerUnreachableException("cannot ask the Sentinels where the primary is: " + e.getMessage(),
                    false, e);
        }
    }

    /** Connects with no authentication and no TLS. */
    public static ServerAdmin connect(ServerAddress address, int database, Duration connectTimeout,
                                      Duration commandTimeout) {
        return connect(address, ServerAccess.PLAIN, database, connectTimeout, commandTimeout);
    }

    /**
     * Connects and checks that a Redis-protocol server answers PING. The connection and the PING
     * each get {@code connectTimeout}, so that a port where nothing answers fails fast; later
     * commands get {@code commandTimeout}.
     *
     * @throws ServerUnreachableException with a one-line reason otherwise
     */
    public static ServerAdmin connect(ServerAddress address, ServerAccess access, int database,
                                      Duration connectTimeout, Duration commandTimeout) {
        DefaultJedisClientConfig config = JedisAccess.apply(DefaultJedisClientConfig.builder()
                .protocol(RedisProtocol.RESP2)
                .connectionTimeoutMillis(Math.toIntExact(connectTimeout.toMillis()))
                .socketTimeoutMillis(Math.toIntExact(connectTimeout.toMillis()))
                .clientSetInfoConfig(ClientSetInfoConfig.DISABLED)
                .clientName("metric-admin"), access)
                .build();
        Jedis jedis = null;
        try {
            jedis = new Jedis(new HostAndPort(address.host(), address.port()), config);
            jedis.ping();
            jedis.getConnection().setSoTimeout(Math.toIntExact(commandTimeout.toMillis()));
            if (database != 0) {
                jedis.select(database);
            }
            return new ServerAdmin(jedis, address, access, database, connectTimeout, commandTimeout);
        } catch (JedisException | IllegalArgumentException e) {
            if (jedis != null) {
                jedis.close();
            }
            throw unreachable(address, access, e);
        }
    }

    private static ServerUnreachableException unreachable(ServerAddress address, ServerAccess access,
                                                          RuntimeException e) {
        Throwable root = ClientException.rootCause(e);
        String where = "cannot talk to a Redis server at " + address + ": ";
        if (ClientException.find(e, ConnectException.class) != null) {
            return new ServerUnreachableException(where + "connection refused (nothing listens there)", true, e);
        }
        if (ClientException.find(e, UnknownHostException.class) != null) {
            return new ServerUnreachableException(where + "unknown host " + address.host(), false, e);
        }
        SSLException tls = ClientException.find(e, SSLException.class);
        if (tls != null) {
            return new ServerUnreachableException(where + "TLS failed: " + oneLine(tls.getMessage())
                    + (tls instanceof SSLHandshakeException ? "" : " (is it a TLS port?)"), false, e);
        }
        if (ClientException.find(e, SocketTimeoutException.class) != null) {
            return new ServerUnreachableException(access.tls() == null ? SettingMessage.of(where + "timed out")
                    : SettingMessage.of(where + "timed out (with ", Setting.TLS, ": is it a TLS port?)"), false, e);
        }
        if (e instanceof JedisDataException && String.valueOf(e.getMessage()).startsWith("NOAUTH")) {
            return new ServerUnreachableException(SettingMessage.of(where + "it requires a password; give it with ",
                    Setting.PASSWORD_SOURCES), false, e);
        }
        if (e instanceof JedisAccessControlException) {
            return new ServerUnreachableException(where + "authentication failed: " + oneLine(e.getMessage()),
                    false, e);
        }
        if (e instanceof JedisDataException) {
            return new ServerUnreachableException(where + "the server answered " + oneLine(e.getMessage()), false, e);
        }
        if (e instanceof JedisConnectionException) {
            return new ServerUnreachableException(SettingMessage.of(where + "it does not answer as a Redis-protocol"
                    + " server (" + oneLine(ClientException.describe(root)) + "); if it expects TLS, add ",
                    Setting.TLS), false, e);
        }
        return new ServerUnreachableException(where + oneLine(ClientException.describe(root)), false, e);
    }


    public ServerAddress address() {
        return address;
    }

    @Override
    public String describe() {
        return address.toString();
    }

    @Override
    public List<ServerAddress> nodes() {
        return nodes;
    }

    /** The server's INFO, all sections. */
    @Override
    public ServerInfo info() {
        return ServerInfo.parse(call(() -> jedis.info("everything")));
    }

    /** The server's {@code CLUSTER NODES} reply: how it sees the cluster it belongs to. */
    public String clusterNodes() {
        return call(() -> jedis.clusterNodes());
    }

    /** Keys in the selected database. */
    @Override
    public long dbSize() {
        return call(() -> jedis.dbSize());
    }

    /** One MGET: a key holding another type reads as null, as MGET answers it. */
    @Override
    public Optional<List<byte[]>> peek(List<byte[]> keys) {
        return Optional.of(call(() -> jedis.mget(keys.toArray(new byte[0][]))));
    }

    /** Keys of the selected database that {@code counted} accepts, counted with SCAN. */
    @Override
    public OptionalLong countKeys(Predicate<byte[]> counted) {
        long[] count = {0};
        scan("*", keys -> count[0] += keys.stream().filter(counted).count());
        return OptionalLong.of(count[0]);
    }

    /**
     * UNLINKs the keys of the selected database that start with {@code prefix} and that {@code
     * removed} accepts, one SCAN batch at a time, so that neither side holds the whole key set and
     * the server frees memory in the background. Each key gets an UNLINK of its own, pipelined: a
     * cluster node refuses one UNLINK of keys in different slots.
     *
     * @return keys removed
     */
    @Override
    public long unlinkKeys(String prefix, Predicate<byte[]> removed) {
        long[] count = {0};
        scan(globEscaped(prefix) + "*", keys -> {
            List<byte[]> chosen = keys.stream().filter(removed).toList();
            if (!chosen.isEmpty()) {
                count[0] += call(() -> unlinkEach(chosen));
            }
        });
        return count[0];
    }

    /** GET; null also when another master of a cluster serves the key ({@code MOVED}). */
    @Override
    public byte[] read(byte[] key) {
        return call(() -> {
            try {
                return jedis.get(key);
            } catch (JedisMovedDataException elsewhere) {
                return null;
            } catch (JedisDataException notAString) {
                if (String.valueOf(notAString.getMessage()).startsWith("WRONGTYPE")) {
                    return null;
                }
                throw notAString;
            }
        });
    }

    @Override
    public String add(byte[] key, byte[] value) {
        Added added = addHere(key, value);
        if (!added.servedHere()) {
            throw new ServerUnreachableException("cannot write " + new String(key, StandardCharsets.UTF_8) + " at "
                    + address + ": the server sent it to another node of a cluster", false, null);
        }
        return added.refusal();
    }

    /**
     * What a SET NX of a key found: whether this server serves it, and, when it does, why it did not
     * store it ({@link #THERE_ALREADY}, or the error it answered), or null when it did.
     */
    record Added(boolean servedHere, String refusal) {
    }

    /** SET NX, on this server only: another master of a cluster answers {@code MOVED}. */
    Added addHere(byte[] key, byte[] value) {
        return call(() -> {
            try {
                return new Added(true, jedis.set(key, value, SetParams.setParams().nx()) == null ? THERE_ALREADY
                        : null);
            } catch (JedisMovedDataException elsewhere) {
                return new Added(false, null);
            } catch (JedisDataException refused) {
                return new Added(true, String.valueOf(refused.getMessage()));
            }
        });
    }

    /**
     * SET XX: writes {@code value} at {@code key} only where a value is there already, as a run
     * rewrites its own marker; whether it was written (not when the server refused it: out of
     * memory, read only).
     */
    public boolean overwrite(byte[] key, byte[] value) {
        return call(() -> {
            try {
                return "OK".equals(jedis.set(key, value, SetParams.setParams().xx()));
            } catch (JedisDataException refused) {
                return false;
            }
        });
    }

    /** The {@code replication} section of INFO alone: what a wait for a replica asks over and over. */
    public Replication replication() {
        return Replication.of(ServerInfo.parse(call(() -> jedis.info("replication"))));
    }

    /** The first word of each entry of {@code COMMAND}'s reply, which every Redis version since 2.8 gives. */
    @Override
    public Optional<Set<String>> commandNames() {
        return commands(flags -> true);
    }

    /**
     * The names of the commands the server flags {@code readonly} in {@code COMMAND}'s reply,
     * lowercase: those a replica serves as its primary would. Empty when the server does not say.
     */
    public Optional<Set<String>> readOnlyCommands() {
        return commands(flags -> flags.contains("readonly"));
    }

    /** The names of the entries of {@code COMMAND}'s reply whose flags {@code kept} accepts. */
    private Optional<Set<String>> commands(Predicate<Set<String>> kept) {
        return call(() -> {
            try {
                Set<String> names = new HashSet<>();
                for (Object entry : (List<?>) jedis.sendCommand(Protocol.Command.COMMAND)) {
                    List<?> fields = (List<?>) entry;
                    Set<String> flags = new HashSet<>();
                    for (Object flag : (List<?>) fields.get(2)) {
                        flags.add(new String((byte[]) flag, StandardCharsets.UTF_8));
                    }
                    if (kept.test(flags)) {
                        names.add(new String((byte[]) fields.get(0), StandardCharsets.UTF_8).toLowerCase(Locale.ROOT));
                    }
                }
                return Optional.of(names);
            } catch (JedisDataException refused) {
                return Optional.empty();
            }
        });
    }

    /** DEL; nothing when another master of a cluster serves the key ({@code MOVED}). */
    @Override
    public void delete(byte[] key) {
        call(() -> {
            try {
                return jedis.del(key);
            } catch (JedisMovedDataException elsewhere) {
                return 0L;
            }
        });
    }

    /** {@code text} as a SCAN pattern matching itself only: the pattern's special characters escaped. */
    static String globEscaped(String text) {
        StringBuilder pattern = new StringBuilder(text.length() + 4);
        for (char c : text.toCharArray()) {
            if ("*?[]\\".indexOf(c) >= 0) {
                pattern.append('\\');
            }
            pattern.append(c);
        }
        return pattern.toString();
    }

    private long unlinkEach(List<byte[]> keys) {
        Pipeline pipeline = jedis.pipelined();
        List<Response<Long>> replies = new ArrayList<>(keys.size());
        for (byte[] key : keys) {
            replies.add(pipeline.unlink(key));
        }
        pipeline.sync();
        return replies.stream().mapToLong(Response::get).sum();
    }

    private void scan(String pattern, java.util.function.Consumer<List<byte[]>> batch) {
        ScanParams params = new ScanParams().match(pattern.getBytes(StandardCharsets.UTF_8)).count(SCAN_BATCH);
        byte[] cursor = ScanParams.SCAN_POINTER_START_BINARY;
        do {
            byte[] from = cursor;
            ScanResult<byte[]> page = call(() -> jedis.scan(from, params));
            if (!page.getResult().isEmpty()) {
                batch.accept(page.getResult());
            }
            cursor = page.getCursorAsBytes();
        } while (!Arrays.equals(cursor, ScanParams.SCAN_POINTER_START_BINARY));
    }

    /** Deletes every key of the selected database: only ever called when the user asked for it. */
    @Override
    public void flushDb() {
        call(() -> jedis.flushDB());
    }

    /**
     * Runs {@code command}; when the connection has broken (the server restarted mid-run, say)
     * it connects again and runs it once more. Every command here may safely run twice.
     */
    private <T> T call(java.util.function.Supplier<T> command) {
        try {
            return command.get();
        } catch (JedisConnectionException broken) {
            jedis.close();
            if (sentinels != null) {
                address = askSentinels(() -> SentinelLookup.primary(sentinels, connectTimeout));
            }
            jedis = connect(address, access, database, connectTimeout, commandTimeout).jedis;
            try {
                return command.get();
            } catch (JedisException e) {
                throw unreachable(address, access, e);
            }
        } catch (JedisException e) {
            throw unreachable(address, access, e);
        }
    }

    @Override
    public void close() {
        jedis.close();
    }
}
