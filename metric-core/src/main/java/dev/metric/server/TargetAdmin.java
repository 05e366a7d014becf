package dev.metric.server;

import dev.metric.client.ClientSettings;
import dev.metric.client.Protocol;
import dev.metric.client.ServerAddress;
import dev.metric.settings.Setting;
import dev.metric.settings.SettingMessage;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What a run reads and does outside its measured traffic, on whatever it targets: one server
 * ({@link ServerAdmin}) or every master of a cluster ({@link ClusterAdmin}). INFO, key counts,
 * the flush and the cleanup the user asked for.
 */
public interface TargetAdmin extends AutoCloseable {

    /**
     * Connects to what {@code settings} target, checking that it answers.
     *
     * @throws ServerUnreachableException with a one-line reason when it does not
     */
    static TargetAdmin connect(ClientSettings settings) {
        if (settings.protocol() == Protocol.MEMCACHED) {
            return MemcachedAdmin.connect(settings);
        }
        if (settings.cluster()) {
            return ClusterAdmin.connect(settings);
        }
        ServerAdmin server = ServerAdmin.connect(settings);
        if ("cluster".equals(server.info().mode())) {
            server.close();
            throw new ServerUnreachableException(SettingMessage.of("the server at " + settings.address()
                    + " is a node of a Redis Cluster, which would answer most keys with MOVED: add ", Setting.CLUSTER),
                    false, null);
        }
        return server;
    }

    /** The target, for messages: an address, or a cluster and its masters. */
    String describe();

    /** The keys a run of {@code database} uses, for messages: {@code db 3 of 127.0.0.1:6379}. */
    default String keyspace(int database) {
        return "db " + database + " of " + describe();
    }

    /** The command {@link #flushDb()} sends, for messages. */
    default String flushCommand() {
        return "FLUSHDB";
    }

    /** Where the target's servers listen: the server, or each master. */
    List<ServerAddress> nodes();

    /** INFO, all sections; a cluster's is its masters' added up ({@link ServerInfo#ofCluster}). */
    ServerInfo info();

    /** Keys in the selected database (of every master). */
    long dbSize();

    /**
     * Keys that {@code counted} accepts, counted in one pass over every key (SCAN, or memcached's
     * dump of its keys): a key that expires meanwhile is not mistaken for one of another kind, as
     * it would be by subtracting one count from DBSIZE. A key listed twice counts twice. Empty when
     * the target cannot list its keys (memcached's LRU crawler off or busy).
     */
    OptionalLong countKeys(Predicate<byte[]> counted);

    /**
     * Removes the keys that start with {@code prefix} and that {@code removed} accepts, a batch at
     * a time; every other key stays.
     *
     * @return keys removed
     */
    long unlinkKeys(String prefix, Predicate<byte[]> removed);

    /** The string {@code key} holds, or null when it holds none (on a cluster, on the master serving it). */
    byte[] read(byte[] key);

    /**
     * Stores {@code value} under {@code key}, with no expiry, unless the key is there already (SET
     * NX, memcached's {@code add}; on a cluster, on the master serving it): never over anything.
     *
     * @return null when it was stored, else why not: {@code there already}, or the error the server
     *         answered ({@code OOM ...})
     */
    String add(byte[] key, byte[] value);

    /** Removes {@code key}, when it is there. */
    void delete(byte[] key);

    /**
     * The names of the commands the server knows, lowercase, from its {@code COMMAND} reply; empty
     * when it does not say (memcached, or a server that refuses {@code COMMAND}).
     */
    Optional<Set<String>> commandNames();

    /**
     * The values {@code keys} hold now (a null element for a key that is not there, or holds no
     * string), to look at what a database holds before a run uses it; empty where one connection
     * cannot read keys of every slot (a cluster).
     */
    Optional<List<byte[]>> peek(List<byte[]> keys);

    /** Deletes every key of the selected database: only ever called when the user asked for it. */
    void flushDb();

    @Override
    void close();

    /** What {@link #add} answers for a key that was there already. */
    String THERE_ALREADY = "there already";

    /** Whether {@code key} starts with the bytes of {@code prefix}. */
    static boolean keyStartsWith(byte[] key, byte[] prefix) {
        return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
    }
}
