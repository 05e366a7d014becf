package dev.metric.mode.verify;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.result.ReplicaLag;

/**
 * A replica's part of mode1's check of every key: where it listens, how far behind the primary it
 * was and how long it took to catch up, and what reading each key of the data set there found,
 * with the same counts as the primary's check (intact, missing, damaged, another key's value).
 *
 * @param replica  where it listens
 * @param lag      its bytes behind when the load ended and its time to catch up before it was read
 * @param everyKey every key read once on it; null when it did not catch up within the wait, or the
 *                 run was stopped before it was read
 */
public record ReplicaCheck(String replica, @JsonUnwrapped ReplicaLag lag, EveryKeyResult everyKey) {
}
