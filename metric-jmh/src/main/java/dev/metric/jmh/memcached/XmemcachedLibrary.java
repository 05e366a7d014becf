package dev.metric.jmh.memcached;

import dev.metric.client.ServerAddress;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import net.rubyeye.xmemcached.MemcachedClient;
import net.rubyeye.xmemcached.XMemcachedClientBuilder;

/** xmemcached: its own NIO loop, blocking calls that wait for the loop's reply. */
final class XmemcachedLibrary implements MemcachedLibrary {

    private final MemcachedClient client;

    private XmemcachedLibrary(MemcachedClient client) {
        this.client = client;
    }

    static XmemcachedLibrary open(ServerAddress address) throws IOException {
        XMemcachedClientBuilder builder = new XMemcachedClientBuilder(
                List.of(new InetSocketAddress(address.host(), address.port())));
        builder.setConnectionPoolSize(1);
        MemcachedClient client = builder.build();
        // Its default merges GETs of different threads into one multi-get: each request is timed alone here.
        client.setOptimizeGet(false);
        return new XmemcachedLibrary(client);
    }

    @Override
    public byte[] get(String key) throws Exception {
        return client.get(key);
    }

    @Override
    public void set(String key, byte[] value) throws Exception {
        client.set(key, 0, value);
    }

    /** xmemcached has no call that returns before its reply: the GETs go one after another. */
    @Override
    public long getInFlight(String[] keys) throws Exception {
        long bytes = 0;
        for (String key : keys) {
            bytes += ((byte[]) client.get(key)).length;
        }
        return bytes;
    }

    @Override
    public void close() throws IOException {
        client.shutdown();
    }
}
