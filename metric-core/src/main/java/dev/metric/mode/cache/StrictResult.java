package dev.metric.mode.cache;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * What mode2 --strict found over the whole run (preload, warm-up, measured traffic or search
 * steps): keys lost, stale reads and values returned after their TTL, each counted once per key
 * and once per read. Its parts' fields are written at its own level of the JSON.
 *
 * @param ledger        what the ledger kept and how it judged
 * @param judgedReads   reads sent after their key's known write was acknowledged, so judged
 *                      against it; the others were checked only as intact values of their key
 * @param findings      the keys lost, read stale or returned after their TTL, and the reads that found them so
 * @param unsureKeys    keys no longer checked at the end: a write of theirs failed or timed out,
 *                      and the server may still apply it at any time
 * @param firstFindings the first few findings, one per key and kind
 * @param replicaReads  the traffic's reads from replicas ({@code --read-from}), judged apart
 */
public record StrictResult(@JsonUnwrapped Ledger ledger, long judgedReads, @JsonUnwrapped Findings findings,
                           long unsureKeys, List<StrictFinding> firstFindings, ReplicaReads replicaReads) {

    /**
     * Reads sent to replicas: judged as the primary's are, except that a replica that had not
     * applied a write acknowledged before the read (it missed the key, or returned an older
     * version) is behind, not a finding. Values returned after their TTL are findings still.
     *
     * @param judged reads from replicas judged against an acknowledged write; not in the run's
     *               {@code judgedReads}, which are the primary's
     * @param behind of them, those that found the replica without the write
     */
    public record ReplicaReads(long judged, long behind) {
    }

    /**
     * @param keysTracked    keys the ledger kept state for
     * @param stateBytes     heap the per-key state took
     * @param marginMillis   fixed part of the margin a TTL is given before a finding counts
     * @param marginPerMille the part of the margin that grows with the TTL, in thousandths of it
     */
    public record Ledger(long keysTracked, long stateBytes, long marginMillis, long marginPerMille) {
    }

    /**
     * @param lostKeys     keys that were missing while their last acknowledged write had not expired
     * @param lostReads    the misses that found them so
     * @param staleKeys    keys read back at a version older than an acknowledged one
     * @param staleReads   the reads that did
     * @param expiredKeys  keys whose value was returned after its TTL had run out
     * @param expiredReads the reads that got it
     */
    public record Findings(long lostKeys, long lostReads, long staleKeys, long staleReads, long expiredKeys,
                           long expiredReads) {

        /** Keys found lost, stale or expired, each once per kind. */
        public long keys() {
            return lostKeys + staleKeys + expiredKeys;
        }

        /** Reads that found a key lost, stale or expired. */
        public long reads() {
            return lostReads + staleReads + expiredReads;
        }
    }
}
