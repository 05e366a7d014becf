package dev.metric.run;

import dev.metric.client.ClientSettings;
import dev.metric.config.FlushPolicy;
import dev.metric.server.TargetAdmin;
import dev.metric.settings.Setting;
import dev.metric.settings.SettingMessage;
import java.util.function.Consumer;

/**
 * The only deletions metric makes, each one asked for: the FLUSHDB of {@code --flush} before a
 * run writes (refused when the database holds keys metric did not write, unless confirmed), and
 * the removal of metric's own keys after it ({@code --cleanup}). Both act on the selected
 * database alone.
 */
public final class DatabaseHousekeeping {

    private DatabaseHousekeeping() {
    }

    /**
     * Before a run writes: counts the keys already in the database, flushes it if the policy
     * allows, and otherwise says that keys are there and which will be overwritten.
     *
     * @param willWrite whether the run is about to write (a verify-only run overwrites nothing)
     * @return keys in the database before the run, before any flush
     * @throws RunRefusedException when the policy forbids flushing the keys found
     */
    public static long prepare(TargetAdmin admin, int database, String keyPrefix, FlushPolicy flush, boolean willWrite,
                               Consumer<String> progress) {
        long keysBefore = admin.dbSize();
        if (flush == FlushPolicy.UNLESS_FOREIGN_KEYS && keysBefore > 0) {
            long foreign = admin.countKeysWithout(keyPrefix);
            if (foreign > 0) {
                throw new RunRefusedException(SettingMessage.of(Setting.FLUSH, String.format(" refused: %s"
                        + " holds %,d keys metric did not write (of %,d; they do not start with '%s'); nothing was"
                        + " deleted. Add ", admin.keyspace(database), foreign, keysBefore, keyPrefix),
                        Setting.CONFIRM_FLUSH, " to delete them too, or choose another ", Setting.DATABASE));
            }
        }
        if (flush.flushes()) {
            progress.accept(String.format("flush: %s on %s, which held %,d keys",
                    admin.flushCommand(), admin.keyspace(database), keysBefore));
            admin.flushDb();
        } else if (keysBefore > 0 && willWrite) {
            progress.accept(String.format("note: %s already holds %,d keys; none is deleted (--flush would), "
                    + "keys starting with '%s' are overwritten", admin.keyspace(database), keysBefore, keyPrefix));
        }
        return keysBefore;
    }

    /**
     * After a run ({@code --cleanup}): removes the keys metric wrote, those starting with
     * {@code keyPrefix}, with SCAN and UNLINK in batches, and leaves every other key.
     *
     * @throws dev.metric.server.ServerUnreachableException when the server cannot be reached
     */
    public static void removeOwnKeys(ClientSettings settings, String keyPrefix, Consumer<String> progress) {
        try (TargetAdmin admin = TargetAdmin.connect(settings)) {
            long removed = admin.unlinkKeysStartingWith(keyPrefix);
            progress.accept(String.format("cleanup: removed %,d keys starting with '%s' from %s",
                    removed, keyPrefix, admin.keyspace(settings.database())));
        }
    }
}
