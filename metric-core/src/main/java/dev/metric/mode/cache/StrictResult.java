package dev.metric.mode.cache;

import java.util.List;

/**
 * What mode2 --strict found over the whole run (preload, warm-up, measured traffic or search
 * steps): keys lost, stale reads and values returned after their TTL, each counted once per key
 * and once per read.
 *
 * @param keysTracked      keys the ledger kept state for
 * @param stateBytes       heap the per-key state took
 * @param marginMillis     fixed part of the margin a TTL is given before a finding counts
 * @param marginPerMille   the part of the margin that grows with the TTL, in thousandths of it
 * @param judgedReads      reads sent after their key's known write was acknowledged, so judged
 *                         against it; the others were checked only as intact values of their key
 * @param lostKeys         keys that were missing while their last acknowledged write had not expired
 * @param lostReads        the misses that found them so
 * @param staleKeys        keys read back at a version older than an acknowledged one
 * @param staleReads       the reads that did
 * @param expiredKeys      keys whose value was returned after its TTL had run out
 * @param expiredReads     the reads that got it
 * @param unsureKeys       keys no longer checked at the end: a write of theirs failed or timed out,
 *                         and the server may still apply it at any time
 * @param firstFindings    the first few findings, one per key and kind
 */
public record StrictResult(long keysTracked, long stateBytes, long marginMillis, long marginPerMille,
                           long judgedReads, long lostKeys, long lostReads, long staleKeys, long staleReads,
                           long expiredKeys, long expiredReads, long unsureKeys, List<StrictFinding> firstFindings) {

    /** Whether no key was lost, read stale or returned after its TTL. */
    public boolean clean() {
        return lostReads == 0 && staleReads == 0 && expiredReads == 0;
    }
}
