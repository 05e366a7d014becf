package dev.metric.client.folsom;

import com.spotify.folsom.AsciiMemcacheClient;
import dev.metric.client.Lease;
import dev.metric.client.Request;
import java.util.ArrayList;
import java.util.List;

/**
 * One lane's use of folsom's shared connections on threads (the threads engine). {@link #send}
 * queues a request; {@link #flush} hands the queued ones to folsom ({@link FolsomRequests}), and
 * their replies complete the requests on folsom's I/O thread. Send and flush may come from the
 * lane's thread and from folsom's I/O threads; the queue is guarded.
 */
final class FolsomLease implements Lease {

    private final AsciiMemcacheClient<byte[]> client;

    // Guarded by this.
    private List<Request> queued = new ArrayList<>();

    FolsomLease(AsciiMemcacheClient<byte[]> client) {
        this.client = client;
    }

    @Override
    public byte[] get(byte[] key) {
        return FolsomRequests.get(client, key);
    }

    @Override
    public void set(byte[] key, byte[] value) {
        FolsomRequests.set(client, key, value);
    }

    @Override
    public synchronized void send(Request request) {
        queued.add(request);
    }

    @Override
    public void flush() {
        List<Request> requests;
        synchronized (this) {
            if (queued.isEmpty()) {
                return;
            }
            requests = queued;
            queued = new ArrayList<>(requests.size());
        }
        for (Request request : requests) {
            FolsomRequests.dispatch(client, request);
        }
    }

    /** Nothing is borrowed: the connections stay open for the other lanes. */
    @Override
    public void close() {
    }
}
