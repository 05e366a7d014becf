package dev.metric.record;

import dev.metric.client.KeyValueClient;
import dev.metric.client.Lease;

/**
 * Times requests made through a {@link KeyValueClient}: the whole request, as the application
 * sees it (taking a connection, the command, handing the connection back), and, separately, the
 * wait for a connection, so that a pool that is too small shows up as its own figure.
 *
 * <p>Failed requests are not recorded: they are counted by the caller, and a timeout would
 * otherwise pass for a slow success.
 */
public final class TimedClient {

    private final KeyValueClient client;
    private final LatencyRecorder requests;
    private final LatencyRecorder connectionWaits;

    public TimedClient(KeyValueClient client, LatencyRecorder requests, LatencyRecorder connectionWaits) {
        this.client = client;
        this.requests = requests;
        this.connectionWaits = connectionWaits;
    }

    /** GET {@code key}, timed; null when the key does not exist. */
    public byte[] get(byte[] key) {
        long start = System.nanoTime();
        Lease lease = client.lease();
        long leased = System.nanoTime();
        byte[] value;
        try {
            value = lease.get(key);
        } finally {
            lease.close();
        }
        long end = System.nanoTime();
        connectionWaits.record(leased - start);
        requests.record(end - start);
        return value;
    }
}
