package dev.metric.run;

import dev.metric.server.ServerAdmin;
import dev.metric.workload.DataSet;
import java.util.function.Consumer;

/**
 * Before a run writes: counts the keys already in the database and flushes it only when the
 * user asked, saying so; otherwise says that keys are there and which of them will be overwritten.
 */
final class DatabasePreparation {

    private DatabasePreparation() {
    }

    /**
     * @param willWrite whether the run is about to write (a verify-only run overwrites nothing)
     * @return keys in the database before the run, before any flush
     */
    static long prepare(ServerAdmin admin, int database, boolean flush, boolean willWrite, Consumer<String> progress) {
        long keysBefore = admin.dbSize();
        if (flush) {
            progress.accept(String.format("flush: FLUSHDB on db %d of %s, which held %,d keys",
                    database, admin.address(), keysBefore));
            admin.flushDb();
        } else if (keysBefore > 0 && willWrite) {
            progress.accept(String.format("note: db %d already holds %,d keys; none is deleted (--flush would), "
                    + "keys starting with '%s' are overwritten", database, keysBefore, DataSet.KEY_PREFIX));
        }
        return keysBefore;
    }
}
