package dev.metric.server;

import dev.metric.client.ClientSettings;
import dev.metric.client.Protocol;
import dev.metric.client.ServerAddress;
import dev.metric.settings.Setting;
import dev.metric.settings.SettingMessage;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

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
     * Keys that do not start with {@code prefix}, counted with one SCAN of every key: a key with
     * the prefix that expires meanwhile is not mistaken for one without it, as it would be by
     * subtracting a count of the prefix's keys from DBSIZE. A key SCAN returns twice counts twice.
     */
    long countKeysWithout(String prefix);

    /**
     * Removes the keys that start with {@code prefix}, a batch at a time.
     *
     * @return keys removed
     */
    long unlinkKeysStartingWith(String prefix);

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

    /** Whether {@code key} starts with the bytes of {@code prefix}. */
    static boolean keyStartsWith(byte[] key, byte[] prefix) {
        return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
    }
}
