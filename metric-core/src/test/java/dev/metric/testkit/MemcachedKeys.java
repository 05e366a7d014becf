package dev.metric.testkit;

import com.spotify.folsom.MemcacheClient;
import com.spotify.folsom.MemcacheClientBuilder;
import com.spotify.folsom.MemcacheStatus;
import dev.metric.client.ServerAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A memcached client of the test's own, to change, delete and read keys behind the tool's back:
 * folsom's blocking calls on a connection metric does not use.
 */
public final class MemcachedKeys implements AutoCloseable {

    private final MemcacheClient<byte[]> client;

    private MemcachedKeys(MemcacheClient<byte[]> client) {
        this.client = client;
    }

    /** Connects to the memcached at {@code address}. */
    public static MemcachedKeys at(ServerAddress address) throws InterruptedException, TimeoutException {
        MemcacheClient<byte[]> client = MemcacheClientBuilder.newByteArrayClient()
                .withAddress(address.host(), address.port())
                .withKeyCharset(StandardCharsets.ISO_8859_1)
                .connectAscii();
        client.awaitConnected(5, TimeUnit.SECONDS);
        return new MemcachedKeys(client);
    }

    /** Sets {@code key} to {@code value}, expiring after {@code ttlSeconds} (0: never). */
    public void set(byte[] key, byte[] value, int ttlSeconds) throws ExecutionException, InterruptedException {
        MemcacheStatus status = client.set(text(key), value, ttlSeconds).toCompletableFuture().get();
        if (status != MemcacheStatus.OK) {
            throw new IllegalStateException("set answered " + status);
        }
    }

    /** Deletes {@code key}; whether it was there. */
    public boolean delete(byte[] key) throws ExecutionException, InterruptedException {
        return client.delete(text(key)).toCompletableFuture().get() == MemcacheStatus.OK;
    }

    /** Gives {@code key} a new expiry, {@code ttlSeconds} from now (0: never); whether it was there. */
    public boolean touch(byte[] key, int ttlSeconds) throws ExecutionException, InterruptedException {
        return client.touch(text(key), ttlSeconds).toCompletableFuture().get() == MemcacheStatus.OK;
    }

    /** The value of {@code key}, null when there is none. */
    public byte[] get(byte[] key) throws ExecutionException, InterruptedException {
        return client.get(text(key)).toCompletableFuture().get();
    }

    private static String text(byte[] key) {
        return new String(key, StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() {
        client.shutdown();
    }
}
