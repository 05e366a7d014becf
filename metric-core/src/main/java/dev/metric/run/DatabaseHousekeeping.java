package dev.metric.run;

import dev.metric.client.ClientSettings;
import dev.metric.config.FlushPolicy;
import dev.metric.server.TargetAdmin;
import dev.metric.settings.Setting;
import dev.metric.settings.SettingMessage;
import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * The only deletions metric makes, each one asked for: the FLUSHDB of {@code --flush} before a
 * run writes (refused, unless confirmed, when the database holds a key that is not provably
 * metric's, {@link OwnKeys}), and the removal of metric's own keys after it ({@code --cleanup}).
 * Both act on the selected database alone (on memcached, the whole server). Before a run writes,
 * it also writes the marker that makes its keys provably metric's, never over a key that is there:
 * once, and a server that refuses it (full, read-only) is told of on a line and never stops a run,
 * whose keys then stay unproven.
 */
public final class DatabaseHousekeeping {

    private DatabaseHousekeeping() {
    }

    /**
     * Before a run: counts the keys already in the database, flushes it if the policy allows, and
     * otherwise says that keys are there and which will be overwritten; then, when the run is
     * about to write, writes {@code own}'s marker.
     *
     * @param willWrite whether the run is about to write (a verify-only run overwrites nothing)
     * @return keys in the database before the run, before any flush
     * @throws RunRefusedException when the policy forbids flushing the keys found
     */
    public static long prepare(TargetAdmin admin, int database, OwnKeys own, FlushPolicy flush, boolean willWrite,
                               Consumer<String> progress) {
        long keysBefore = admin.dbSize();
        if (flush == FlushPolicy.UNLESS_FOREIGN_KEYS && keysBefore > 0) {
            refuseUnlessAllOurs(admin, admin.keyspace(database), own, keysBefore);
        }
        if (flush.flushes()) {
            progress.accept(String.format("flush: %s on %s, which held %,d keys",
                    admin.flushCommand(), admin.keyspace(database), keysBefore));
            admin.flushDb();
        } else if (keysBefore > 0 && willWrite && own.marks()) {
            progress.accept(String.format("note: %s already holds %,d keys; none is deleted (--flush would), "
                    + "keys starting with '%s' are overwritten", admin.keyspace(database), keysBefore, own.prefix()));
        }
        if (willWrite && own.marks() && !own.isMarkerValue(admin.read(own.marker()))) {
            String refused = admin.add(own.marker(), own.markerValue());
            if (refused != null) {
                progress.accept(String.format("note: %s refused metric's marker %s (%s): the keys this run writes"
                        + " are not provably metric's, so --flush and --cleanup will not take them",
                        admin.keyspace(database), own.markerName(), refused));
            }
        }
        return keysBefore;
    }

    /** Throws, deleting nothing, unless every key there is provably metric's: of its shape, beside its marker. */
    private static void refuseUnlessAllOurs(TargetAdmin admin, String keyspace, OwnKeys own, long keysBefore) {
        OptionalLong foreign = admin.countKeys(key -> !own.hasOwnShape(key));
        String what;
        if (foreign.isEmpty()) {
            what = String.format("holds %,d items and cannot list them (its LRU crawler is off or busy), so none is"
                    + " provably metric's", keysBefore);
        } else if (foreign.getAsLong() > 0) {
            what = String.format("holds %,d keys metric did not write (of %,d; not of the shape metric writes under"
                    + " '%s')", foreign.getAsLong(), keysBefore, own.prefix());
        } else if (!own.isMarkerValue(admin.read(own.marker()))) {
            what = String.format("holds %,d keys of the shape metric writes under '%s', but not the marker %s that"
                    + " a metric run writes before them, so none is provably metric's", keysBefore, own.prefix(),
                    own.markerName());
        } else {
            return;
        }
        throw new RunRefusedException(SettingMessage.of(Setting.FLUSH, " refused: " + keyspace + " " + what
                + "; nothing was deleted. Add ", Setting.CONFIRM_FLUSH, " to delete them too, or choose another ",
                Setting.DATABASE));
    }

    /**
     * After a run ({@code --cleanup}): removes the keys that are provably metric's, those of
     * {@code own}'s shape in a database holding its marker, with SCAN and UNLINK in batches, and
     * leaves every other key; the marker goes last, and only when no key starting with the prefix
     * is left, so that keys it proves metric's are never left without it.
     *
     * @throws dev.metric.server.ServerUnreachableException when the server cannot be reached
     */
    public static void removeOwnKeys(ClientSettings settings, OwnKeys own, Consumer<String> progress) {
        try (TargetAdmin admin = TargetAdmin.connect(settings)) {
            String keyspace = admin.keyspace(settings.database());
            String marker = own.markerName();
            if (!own.isMarkerValue(admin.read(own.marker()))) {
                progress.accept(String.format("cleanup: not done: %s holds no marker %s that a metric run wrote keys"
                        + " under '%s', so none of them is provably metric's; nothing was deleted", keyspace, marker,
                        own.prefix()));
                return;
            }
            long removed = admin.unlinkKeys(own.prefix(), key -> own.hasOwnShape(key) && !own.isMarker(key));
            byte[] prefix = own.prefix().getBytes(StandardCharsets.UTF_8);
            OptionalLong left = admin.countKeys(key -> TargetAdmin.keyStartsWith(key, prefix) && !own.isMarker(key));
            boolean none = left.isPresent() && left.getAsLong() == 0;
            if (none) {
                admin.delete(own.marker());
            }
            String markerFate = none ? "then its marker " + marker : left.isEmpty()
                    ? "the keys left could not be listed, so the marker " + marker + " stays"
                    : String.format("%,d other keys with that start stay, and so does the marker %s", left.getAsLong(),
                    marker);
            progress.accept(String.format("cleanup: removed %,d keys of metric's shape starting with '%s' from %s;"
                    + " %s", removed, own.prefix(), keyspace, markerFate));
        }
    }
}
