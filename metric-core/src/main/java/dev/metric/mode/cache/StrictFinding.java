package dev.metric.mode.cache;

import dev.metric.workload.Verdict;

/**
 * One read that mode2 --strict found wrong for what it knew of the key: lost, stale, or returned
 * after its TTL.
 *
 * @param key     the key
 * @param verdict {@link Verdict#LOST}, {@link Verdict#STALE} or {@link Verdict#EXPIRED}
 * @param detail  the versions and times that prove it
 */
public record StrictFinding(String key, Verdict verdict, String detail) {

    /** One line for the report. */
    public String describe() {
        return key + ": " + verdict.description() + " (" + detail + ")";
    }
}
