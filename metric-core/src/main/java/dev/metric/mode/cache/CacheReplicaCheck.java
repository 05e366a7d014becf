package dev.metric.mode.cache;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.metric.result.ReplicaLag;
import java.util.List;

/**
 * A replica read back at the end of mode2: how far behind the primary it was, how long it took to
 * catch up, and what reading every key there once found.
 *
 * @param replica where it listens
 * @param lag     its bytes behind when the traffic ended and its time to catch up
 * @param read    what reading every key found; null when it did not catch up within the wait, or
 *                the run was stopped first
 */
public record CacheReplicaCheck(String replica, @JsonUnwrapped ReplicaLag lag, KeysRead read) {

    /**
     * Every key of the data set read once on a replica, each value checked as the traffic's hits
     * are (an intact value of its own key, of any version) and, with {@code --strict}, judged against
     * the key's last acknowledged write as a read sent when the replica was read.
     *
     * @param keys          keys read, each once
     * @param present       keys that held a value
     * @param damaged       values that were not an intact value of their key
     * @param judged        keys --strict judged against an acknowledged write; 0 without it
     * @param lost          keys missing while their last acknowledged write could not have expired
     * @param stale         keys holding an older version than an acknowledged one
     * @param expired       keys holding their known version after its TTL had run out
     * @param firstFindings the first few keys damaged, lost, stale or expired, a line each
     */
    public record KeysRead(long keys, long present, long damaged, long judged, long lost, long stale, long expired,
                           List<String> firstFindings) {

        public KeysRead {
            firstFindings = List.copyOf(firstFindings);
        }
    }
}
