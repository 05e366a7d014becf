package dev.metric.server;

import dev.metric.client.ClientException;
import dev.metric.client.ClientSettings;
import dev.metric.client.ServerAddress;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What a run reads and does outside its measured traffic on a memcached server: {@code stats}
 * in place of INFO, {@code curr_items} in place of DBSIZE, {@code flush_all} in place of FLUSHDB,
 * and the LRU crawler's dump of every key in place of SCAN.
 */
public final class MemcachedAdmin implements TargetAdmin {

    private final ServerAddress address;
    private final Duration connectTimeout;
    private final Duration commandTimeout;
    private MemcachedText connection;

    private MemcachedAdmin(MemcachedText connection, Duration connectTimeout, Duration commandTimeout) {
        this.connection = connection;
        this.address = connection.address();
        this.connectTimeout = connectTimeout;
        this.commandTimeout = commandTimeout;
    }

    /** Connects as {@code settings} say. */
    public static MemcachedAdmin connect(ClientSettings settings) {
        return connect(settings.address(), settings.connectTimeout(), settings.commandTimeout());
    }

    /**
     * Connects and checks that a memcached server answers.
     *
     * @throws ServerUnreachableException with a one-line reason otherwise
     */
    public static MemcachedAdmin connect(ServerAddress address, Duration connectTimeout, Duration commandTimeout) {
        return new MemcachedAdmin(MemcachedText.connect(address, connectTimeout, commandTimeout), connectTimeout,
                commandTimeout);
    }

    @Override
    public String describe() {
        return address.toString();
    }

    /** memcached has one keyspace: the server's. */
    @Override
    public String keyspace(int database) {
        return "memcached at " + address;
    }

    @Override
    public String flushCommand() {
        return "flush_all";
    }

    @Override
    public List<ServerAddress> nodes() {
        return List.of(address);
    }

    /** {@code stats} and, for what it does not repeat, {@code stats settings}: as one reading. */
    @Override
    public ServerInfo info() {
        return call(() -> {
            Map<String, String> fields = new LinkedHashMap<>(connection.stats(""));
            connection.stats("settings").forEach(fields::putIfAbsent);
            return ServerInfo.ofMemcached(fields);
        });
    }

    /**
     * Live items: those the LRU crawler lists, neither expired nor flushed; where it refuses, every
     * item the server holds ({@code curr_items}), which counts flushed and expired ones until
     * memcached reclaims them.
     */
    @Override
    public long dbSize() {
        Long live = countListedKeys(key -> true);
        return live != null ? live
                : Long.parseLong(call(() -> connection.stats("")).getOrDefault("curr_items", "0"));
    }

    /** Empty where the LRU crawler refuses to list the keys. */
    @Override
    public OptionalLong countKeys(Predicate<byte[]> counted) {
        Long count = countListedKeys(counted);
        return count == null ? OptionalLong.empty() : OptionalLong.of(count);
    }

    /** How many of the keys the LRU crawler lists {@code counted} accepts; null when it refuses to list them. */
    private Long countListedKeys(Predicate<byte[]> counted) {
        long[] count = new long[1];
        boolean listed = call(() -> {
            count[0] = 0;
            return connection.eachKey(key -> {
                if (counted.test(key)) {
                    count[0]++;
                }
            });
        });
        return listed ? count[0] : null;
    }

    /** Lists the keys starting with {@code prefix} that {@code removed} accepts, keeping only those; deletes them. */
    @Override
    public long unlinkKeys(String prefix, Predicate<byte[]> removed) {
        byte[] start = prefix.getBytes(StandardCharsets.UTF_8);
        List<byte[]> keys = new ArrayList<>();
        boolean listed = call(() -> {
            keys.clear();
            return connection.eachKey(key -> {
                if (TargetAdmin.keyStartsWith(key, start) && removed.test(key)) {
                    keys.add(key);
                }
            });
        });
        if (!listed) {
            throw new ServerUnreachableException("memcached at " + address + " refused to list its keys"
                    + " (lru_crawler metadump): its LRU crawler is off or busy", false, null);
        }
        long count = 0;
        for (byte[] key : keys) {
            if (call(() -> connection.delete(key))) {
                count++;
            }
        }
        return count;
    }

    @Override
    public byte[] read(byte[] key) {
        return call(() -> connection.get(List.of(key))).get(0);
    }

    @Override
    public String add(byte[] key, byte[] value) {
        String reply = call(() -> connection.add(key, value));
        return reply.equals("STORED") ? null : reply.equals("NOT_STORED") ? THERE_ALREADY : reply;
    }

    /** memcached has no COMMAND: what a trace may send it is YCSB's binding's, which it knows. */
    @Override
    public Optional<Set<String>> commandNames() {
        return Optional.empty();
    }

    @Override
    public void delete(byte[] key) {
        call(() -> connection.delete(key));
    }

    @Override
    public Optional<List<byte[]>> peek(List<byte[]> keys) {
        return Optional.of(call(() -> connection.get(keys)));
    }

    /** {@code flush_all}: memcached has one keyspace, so this removes every item. */
    @Override
    public void flushDb() {
        call(() -> {
            connection.flushAll();
            return null;
        });
    }

    /** A command of this connection's, which may safely run twice: it starts again from nothing. */
    private interface Command<T> {
        T run() throws IOException;
    }

    /**
     * Runs {@code command}; when the connection has broken (the server restarted mid-run, say) it
     * connects again and runs it once more.
     */
    private <T> T call(Command<T> command) {
        try {
            return command.run();
        } catch (IOException broken) {
            connection.close();
            connection = MemcachedText.connect(address, connectTimeout, commandTimeout);
            try {
                return command.run();
            } catch (IOException e) {
                throw new ServerUnreachableException("memcached at " + address + ": "
                        + ClientException.describe(e), false, e);
            }
        }
    }

    @Override
    public void close() {
        connection.close();
    }
}
