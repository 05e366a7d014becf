package dev.metric.result;

import dev.metric.record.LatencySummary;

/**
 * Where requests waited in the client before they went on the wire. Its fields are written at the
 * level of the record that holds it.
 *
 * @param connectionWait time spent waiting for a connection from the pool, per lease
 * @param sendLateness   from each operation's intended start to when it went on the wire: response
 *                       time less service time
 * @param ownDelay       from when each operation was due and its connection had room for it to when
 *                       it went on the wire: the part of the lateness that is the client's own,
 *                       without the waits for replies to free the window
 */
public record ClientWaits(LatencySummary connectionWait, LatencySummary sendLateness, LatencySummary ownDelay) {
}
