package dev.metric.mode.replay;

/**
 * The warm phase of a replay: a SET of every key the trace reads before writing it, left out of
 * the figures.
 *
 * @param keys       keys written
 * @param seconds    how long it took
 * @param errors     writes that failed
 * @param firstError the first failure, or null
 */
public record WarmPhase(long keys, double seconds, long errors, String firstError) {
}
