package dev.metric.jmh.memcached;

import dev.metric.client.ServerAddress;
import java.io.IOException;

/**
 * One memcached client library's blocking GET and SET, each as its documentation shows it, so
 * that the benchmark times the libraries and not an adapter of ours.
 */
interface MemcachedLibrary extends AutoCloseable {

    byte[] get(String key) throws Exception;

    void set(String key, byte[] value) throws Exception;

    /**
     * GETs every key of {@code keys} with all of them in flight at once where the library can
     * send without waiting for a reply, and returns the bytes read.
     */
    long getInFlight(String[] keys) throws Exception;

    @Override
    void close() throws Exception;

    /** Connects {@code name}'s client, with one connection, to {@code address}. */
    static MemcachedLibrary open(String name, ServerAddress address) throws IOException {
        return switch (name) {
            case "folsom" -> FolsomLibrary.open(address);
            case "xmemcached" -> XmemcachedLibrary.open(address);
            case "spymemcached" -> SpymemcachedLibrary.open(address);
            default -> throw new IllegalArgumentException("no memcached library named " + name);
        };
    }
}
