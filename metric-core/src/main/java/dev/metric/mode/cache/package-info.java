/**
 * mode2 ({@link dev.metric.mode.cache.CacheMode}): a cache's traffic, GETs, SETEXs with TTLs and a
 * refill after every miss, every hit verified and under {@code --strict} judged by the write
 * ledger; closed loop, at a target rate, or a capacity search. Its configuration, runner, traffic
 * phase and workload, result, report and CSV columns.
 */
package dev.metric.mode.cache;
