package dev.metric.result;

import java.util.List;

/**
 * What the server said of itself around a run: its INFO before and after, on a cluster each
 * master's share of the run's operations, and what it evicted. Its fields are written at the top
 * level of the result's JSON.
 *
 * @param serverInfo the server's INFO, every field, before and after the run
 * @param nodes      on a cluster, each master's share of the operations the mode's result names;
 *                   empty for one server
 * @param eviction   the keys the server evicted over the run, and its policy and memory limit
 */
public record ServerView(InfoBeforeAfter serverInfo, List<NodeLoad> nodes, Eviction eviction) {
}
