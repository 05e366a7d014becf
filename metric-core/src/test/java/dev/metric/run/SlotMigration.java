package dev.metric.run;

import dev.metric.server.LocalRedisServer;
import java.util.List;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.MigrateParams;

/** Moves hash slots and their keys from one master to another, as redis-cli --cluster reshard does. */
final class SlotMigration {

    private static final int KEYS_PER_MIGRATE = 100;
    private static final int MIGRATE_TIMEOUT_MILLIS = 5000;

    private SlotMigration() {
    }

    /** Moves slots {@code first} to {@code first + count - 1}, each key in it, and tells both masters. */
    static void move(LocalRedisServer from, LocalRedisServer to, int first, int count) {
        try (Jedis source = new Jedis(from.address().host(), from.address().port());
             Jedis target = new Jedis(to.address().host(), to.address().port())) {
            String sourceId = source.clusterMyId();
            String targetId = target.clusterMyId();
            for (int slot = first; slot < first + count; slot++) {
                target.clusterSetSlotImporting(slot, sourceId);
                source.clusterSetSlotMigrating(slot, targetId);
                List<byte[]> keys;
                while (!(keys = source.clusterGetKeysInSlotBinary(slot, KEYS_PER_MIGRATE)).isEmpty()) {
                    source.migrate(to.address().host(), to.address().port(), MIGRATE_TIMEOUT_MILLIS,
                            new MigrateParams().replace(), keys.toArray(new byte[0][]));
                }
                target.clusterSetSlotNode(slot, targetId);
                source.clusterSetSlotNode(slot, targetId);
            }
        }
    }
}
