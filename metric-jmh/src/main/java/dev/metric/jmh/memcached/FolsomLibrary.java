package dev.metric.jmh.memcached;

import com.spotify.folsom.MemcacheClient;
import com.spotify.folsom.MemcacheClientBuilder;
import dev.metric.client.ServerAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Spotify's folsom: asynchronous, on Netty, requests pipelined on its connection. */
final class FolsomLibrary implements MemcachedLibrary {

    private final MemcacheClient<byte[]> client;

    private FolsomLibrary(MemcacheClient<byte[]> client) {
        this.client = client;
    }

    static FolsomLibrary open(ServerAddress address) {
        MemcacheClient<byte[]> client = MemcacheClientBuilder.newByteArrayClient()
                .withAddress(address.host(), address.port())
                .withConnections(1)
                // Replies completed on Netty's I/O thread, as metric has them, not handed to folsom's default pool.
                .withReplyExecutor(null)
                .connectAscii();
        try {
            client.awaitConnected(5, TimeUnit.SECONDS);
        } catch (InterruptedException | TimeoutException e) {
            client.shutdown();
            throw new IllegalStateException("folsom did not connect to " + address, e);
        }
        return new FolsomLibrary(client);
    }

    @Override
    public byte[] get(String key) throws Exception {
        return client.get(key).toCompletableFuture().get();
    }

    @Override
    public void set(String key, byte[] value) throws Exception {
        client.set(key, value, 0).toCompletableFuture().get();
    }

    @Override
    public long getInFlight(String[] keys) throws Exception {
        List<CompletableFuture<byte[]>> replies = new ArrayList<>(keys.length);
        for (String key : keys) {
            replies.add(client.get(key).toCompletableFuture());
        }
        long bytes = 0;
        for (CompletableFuture<byte[]> reply : replies) {
            bytes += reply.get().length;
        }
        return bytes;
    }

    @Override
    public void close() {
        client.shutdown();
    }
}
