package dev.metric.client.folsom;

import com.spotify.folsom.AsciiMemcacheClient;
import dev.metric.client.IoLoop;
import dev.metric.client.LoopLease;
import dev.metric.client.Request;
import java.util.ArrayList;
import java.util.List;

/**
 * One connection of a loop lane: a folsom client of one connection on the lane's event loop.
 * {@link #send} keeps the request; {@link #flush} hands the kept ones to folsom on the loop's
 * thread, which writes them at once or together once the loop has run what it is running (as
 * {@link FolsomLoopClient} sets the client up), and their replies complete them on that same thread. Only the
 * loop's thread uses it, so it holds no lock.
 *
 * <p>A request with no reply for the client's connection timeout closes the connection, which
 * fails every request on it, on the loop (folsom's own check, run on the loop every few
 * milliseconds); folsom then connects again.
 */
final class FolsomLoopLease implements LoopLease {

    private final AsciiMemcacheClient<byte[]> client;
    private final IoLoop loop;
    private List<Request> unwritten = new ArrayList<>();
    private List<Request> spare = new ArrayList<>();
    private boolean flushing;

    FolsomLoopLease(AsciiMemcacheClient<byte[]> client, IoLoop loop) {
        this.client = client;
        this.loop = loop;
    }

    @Override
    public IoLoop loop() {
        return loop;
    }

    /** A blocking get, for callers off the loop. */
    @Override
    public byte[] get(byte[] key) {
        return FolsomRequests.get(client, key);
    }

    @Override
    public void set(byte[] key, byte[] value) {
        FolsomRequests.set(client, key, value);
    }

    @Override
    public void send(Request request) {
        unwritten.add(request);
    }

    /**
     * Hands folsom what was sent. A request that fails at once (its connection is closed) completes
     * inside this call, and its lane may send and flush again: that flush returns at once, and what
     * it would have written is written by this one.
     */
    @Override
    public void flush() {
        if (flushing) {
            return;
        }
        flushing = true;
        try {
            while (!unwritten.isEmpty()) {
                List<Request> writing = unwritten;
                unwritten = spare;
                spare = writing;
                for (int i = 0; i < writing.size(); i++) {
                    FolsomRequests.dispatch(client, writing.get(i));
                }
                writing.clear();
            }
        } finally {
            flushing = false;
        }
    }

    /** Nothing to hand back: the connection stays open, the client's until it closes. */
    @Override
    public void close() {
    }
}
