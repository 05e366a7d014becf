package dev.metric.client.folsom;

import com.spotify.folsom.AsciiMemcacheClient;
import com.spotify.folsom.MemcacheClientBuilder;
import dev.metric.client.ClientDescription;
import dev.metric.client.ClientSettings;
import dev.metric.client.ConnectionFailedException;
import dev.metric.client.KeyValueClient;
import dev.metric.client.Lease;
import dev.metric.client.LibraryVersion;
import dev.metric.client.ReplyTiming;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * folsom with {@code poolSize} connections (one for Lettuce-style sharing, pool size 0), opened
 * before the first request and shared by every lane: folsom sends each request on the next
 * connection in turn and pipelines the requests on each. Replies complete on folsom's Netty I/O
 * threads, not on the executor folsom would otherwise hand them to, so that a reply is stamped
 * as it is read, as Lettuce's are.
 */
public final class FolsomKeyValueClient implements KeyValueClient {

    /** Requests folsom lets wait for their replies before it refuses more: beyond any window metric keeps. */
    private static final int MAX_OUTSTANDING = 1 << 20;

    private final AsciiMemcacheClient<byte[]> client;
    private final ClientDescription description;

    private FolsomKeyValueClient(AsciiMemcacheClient<byte[]> client, int connections) {
        this.client = client;
        this.description = new ClientDescription("folsom", LibraryVersion.of("com.spotify", "folsom"),
                "memcached text", connections, connections + (connections == 1 ? " connection" : " connections")
                + " shared by every thread, requests sent on each in turn", ReplyTiming.EACH_REPLY, true);
    }

    /**
     * Connects to the memcached server {@code settings} name.
     *
     * @throws ConnectionFailedException when no connection is up within the connect timeout
     */
    public static FolsomKeyValueClient open(ClientSettings settings) {
        int connections = Math.max(1, settings.poolSize());
        return new FolsomKeyValueClient(connect(builder(settings, connections), settings), connections);
    }

    /**
     * folsom set up as metric drives it: {@code connections} to the server {@code settings} name,
     * replies completed on folsom's Netty I/O threads rather than handed to its executor, keys as
     * bytes, the run's reply timeout, no limit of its own on requests in flight or value sizes, and
     * no retries.
     */
    static MemcacheClientBuilder<byte[]> builder(ClientSettings settings, int connections) {
        return MemcacheClientBuilder.newByteArrayClient()
                .withAddress(settings.address().host(), settings.address().port())
                .withConnections(connections)
                .withReplyExecutor(null)
                .withKeyCharset(FolsomRequests.KEY_CHARSET)
                // folsom's one timeout: a connection whose oldest request has had no reply this long is
                // closed, failing every request on it, and opened again.
                .withConnectionTimeoutMillis(settings.commandTimeout().toMillis())
                .withMaxOutstandingRequests(MAX_OUTSTANDING)
                // The server's own item size limit applies: metric checks values against it before the load.
                .withMaxSetLength(Integer.MAX_VALUE)
                // A request lost with its connection is counted as failed, not sent again behind the run's back.
                .withRetry(false);
    }

    /**
     * Connects {@code builder}'s client and waits until every connection is up.
     *
     * @throws ConnectionFailedException when they are not within the connect timeout
     */
    static AsciiMemcacheClient<byte[]> connect(MemcacheClientBuilder<byte[]> builder, ClientSettings settings) {
        AsciiMemcacheClient<byte[]> client = builder.connectAscii();
        try {
            client.awaitFullyConnected(settings.connectTimeout().toMillis(), TimeUnit.MILLISECONDS);
            return client;
        } catch (TimeoutException | InterruptedException e) {
            client.shutdown();
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new ConnectionFailedException("cannot connect to memcached at " + settings.address() + " within "
                    + settings.connectTimeout().toMillis() + " ms", e);
        }
    }

    @Override
    public ClientDescription describe() {
        return description;
    }

    /** Requests complete on folsom's Netty I/O threads, after {@link Lease#flush()} has handed them over. */
    @Override
    public boolean asynchronous() {
        return true;
    }

    /** A lease of the shared connections: nothing is borrowed, so it never waits. */
    @Override
    public Lease lease() {
        return new FolsomLease(client);
    }

    @Override
    public void close() {
        shutdown(client);
    }

    /** Closes {@code client}'s connections, waiting a few seconds at most for them to close. */
    static void shutdown(AsciiMemcacheClient<byte[]> client) {
        client.shutdown();
        try {
            client.awaitFullyDisconnected(5, TimeUnit.SECONDS);
        } catch (TimeoutException | InterruptedException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
