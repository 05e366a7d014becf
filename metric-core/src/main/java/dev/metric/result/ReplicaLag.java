package dev.metric.result;

/**
 * How far behind its primary a replica was, and how long it took to catch up before a run read
 * its keys: what an engineer choosing a topology asks of each replica before what it holds.
 *
 * @param bytesBehind   bytes of the primary's replication stream the replica had not applied when
 *                      the primary had acknowledged every write of the run's load; -1 when unknown
 * @param catchUpMillis from the start of the wait (when the run had read the primary) until the
 *                      replica had applied everything the primary had written; NaN when it had not
 *                      within the wait
 * @param measuredBy    {@code marker}: a new value of the run's marker key, written to the primary,
 *                      was read there; {@code offset}: its replication offset reached the primary's
 *                      (where the marker could not be written)
 */
public record ReplicaLag(long bytesBehind, double catchUpMillis, String measuredBy) {

    /** Whether the replica applied the primary's writes within the wait. */
    public boolean caughtUp() {
        return !Double.isNaN(catchUpMillis);
    }
}
