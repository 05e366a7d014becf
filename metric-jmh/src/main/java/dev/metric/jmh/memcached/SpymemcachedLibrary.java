package dev.metric.jmh.memcached;

import dev.metric.client.ServerAddress;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import net.spy.memcached.MemcachedClient;
import net.spy.memcached.internal.GetFuture;

/** spymemcached: one I/O thread, futures completed from it. */
final class SpymemcachedLibrary implements MemcachedLibrary {

    private final MemcachedClient client;

    private SpymemcachedLibrary(MemcachedClient client) {
        this.client = client;
    }

    static SpymemcachedLibrary open(ServerAddress address) throws IOException {
        return new SpymemcachedLibrary(new MemcachedClient(new InetSocketAddress(address.host(), address.port())));
    }

    @Override
    public byte[] get(String key) {
        return (byte[]) client.get(key);
    }

    @Override
    public void set(String key, byte[] value) throws Exception {
        client.set(key, 0, value).get();
    }

    @Override
    public long getInFlight(String[] keys) throws Exception {
        List<GetFuture<Object>> replies = new ArrayList<>(keys.length);
        for (String key : keys) {
            replies.add(client.asyncGet(key));
        }
        long bytes = 0;
        for (GetFuture<Object> reply : replies) {
            bytes += ((byte[]) reply.get()).length;
        }
        return bytes;
    }

    @Override
    public void close() {
        client.shutdown();
    }
}
